def _isatty(stream: TextIO | None) -> bool:
    if stream is None:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _discard_typeahead(stream: TextIO | None) -> None:
    """Throws away what was typed on the terminal ``stream`` and not read yet.

    Called right after a question is drawn and before its prompt: a key the
    user pressed before the question was on the screen (a second Enter meant
    for the previous form, keys typed while a server prepared the next
    request) never answers it. Only a terminal is flushed
    (``termios.tcflush(fd, TCIFLUSH)``); piped stdin is scripted input, every
    line of it meant as an answer, and is left alone. Where there is no
    termios (Windows), or the terminal refuses, nothing is discarded.
    """
    if stream is None or not _isatty(stream):
        return
    try:
        import termios  # POSIX only: imported here, so that the module runs elsewhere too
    except ImportError:
        return
    try:
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (termios.error, OSError, ValueError):
        return


def _interruptible() -> None:
    """Run as a script on a terminal: Ctrl-C cancels, even when the parent
    left SIGINT ignored (``nohup``, ``cmd &`` in a script), in which case
    Python installs no KeyboardInterrupt handler at start-up. Never called
    by ``elicit()`` or ``elicit_url()``: a host program's signal handling is
    its own.
    """
    if _isatty(sys.stdin):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _folded(text: str) -> str:
    """A typed command or number as it is compared: compatibility forms folded
    (the full-width letters and digits of a Chinese or Japanese input method
    read as ``s``, ``1``), then case folded."""
    return _unicodedata.normalize("NFKC", text).strip().casefold()


def _words(english: tuple[str, ...], localised: str) -> tuple[str, ...]:
    """The answers that mean one thing: the English ones, accepted in every language, and the
    words of ``localised``, a translated list of words separated by ``|`` (its English
    source names English words already in ``english``)."""
    extra = tuple(_folded(word) for word in localised.split("|") if word.strip())
    return english + extra
