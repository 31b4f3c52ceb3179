# --- elicit-gen terminal helpers (standard library only) --------------------
# What the cli target's two prompts (the form's, the URL consent's) share about
# the terminal they run on and what a user types there: how wide it is and how
# a line is wrapped to it. Copied verbatim into both, after the safe-text
# helpers (runtime/core/safetext.py) and before their own runtime; the imports
# above the marker are merged with the module's.
from __future__ import annotations

import os
import re as _re
import signal
import sys
import unicodedata as _unicodedata
from typing import TextIO

from ..core.safetext import display_width

# --- end of runtime imports ---


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


# --- lines as wide as the terminal ------------------------------------------
# A line longer than the terminal is broken by the terminal at its last column, in the middle
# of a word ("cance" / "l"), and a Chinese sentence may leave its "\u3002" alone on a line.
# What the prompts write is wrapped before that, by terminal columns (a Chinese character
# takes two): at spaces, or between two characters one of which is wide (Chinese and Japanese
# put no spaces between words); never inside a word, and never so that a line starts with
# closing punctuation or ends with an opening bracket (kinsoku: the character before goes down
# with it). Continuation lines keep the line's indentation. Only a terminal is wrapped: stderr
# piped to a file or a program gets each line whole, for whatever shows it to break as it can.
# The text wrapped is already safe (safetext.py): wrapping adds line breaks and nothing else.

#: Punctuation that ends a clause, which no line starts with, besides closing brackets and
#: quotes (the categories Pe and Pf): the ideographic comma and full stop, the full-width
#: comma, full stop, colon, semicolon, exclamation and question marks, the katakana middle dot,
#: the ellipses, the prolonged sound and iteration marks and the small kana of Japanese, and
#: their ASCII counterparts.
_CLAUSE_ENDS = frozenset(
    "\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\u30fb\u2026\u2025\u301c\u30fc"
    "\u3005\u309d\u309e\u30fd\u30fe\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085"
    "\u3087\u308e\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5"
    "\u30f6,.;:!?%"
)

#: A piece of a line: the spaces before it (dropped where the line breaks), then a word, or one
#: wide character with what kinsoku keeps on it (see _pieces).
_WORD_RE = _re.compile(r"( *)([^ ]+)")

#: The start of a list item: indentation, a number and ")" or ".", or a dash, then spaces.
_LIST_ITEM_RE = _re.compile(r" *(?:[0-9]{1,6}[.)]|-) +(?=[^ ])")


def _no_line_start(char: str) -> bool:
    return char in _CLAUSE_ENDS or _unicodedata.category(char) in ("Pe", "Pf")


def _may_break(before: str, after: str) -> bool:
    """Whether a line may break between two characters with no space between them: next to a
    wide character only, never before a closing or a combining mark nor after an opening
    bracket or a zero-width joiner."""
    if display_width(before) < 2 and display_width(after) < 2:
        return False  # inside a word
    if _no_line_start(after) or _unicodedata.category(before) in ("Ps", "Pi"):
        return False
    return display_width(after) > 0 and before != "\u200d"


def _pieces(text: str) -> list[tuple[str, str]]:
    """``text`` cut where a line may break: (the spaces before, the piece) each."""
    pieces = []
    for m in _WORD_RE.finditer(text):
        spaces, word = m[1], m[2]
        start = 0
        for i in range(1, len(word)):
            if _may_break(word[i - 1], word[i]):
                pieces.append((spaces, word[start:i]))
                spaces, start = "", i
        pieces.append((spaces, word[start:]))
    return pieces


def _joined(pieces: list[tuple[str, str]]) -> str:
    """The pieces of one line as it is shown (the spaces before its first piece dropped)."""
    return "".join(spaces + word for spaces, word in pieces).lstrip(" ")


def _cut(prefix: str, line: list[tuple[str, str]], columns: int) -> int:
    """Where the next line starts in ``line``, which is wider than ``columns`` by its last
    piece: after the last " | " when that leaves the line at least half full (a list of
    commands breaks between commands, not inside one), else before the last piece, or the one
    before it when the last is a "|" (no line starts with the separator)."""
    last = len(line) - 1
    for k in range(last, 0, -1):
        if line[k - 1][1] == "|" and line[k][0]:
            if display_width(prefix + _joined(line[:k])) * 2 >= columns:
                return k
            break
    if line[last][1] == "|" and line[last][0] and last > 1:
        return last - 1
    return last


def _wrap(text: str, columns: int | None, hang: int | None = None) -> str:
    """``text``, one line, as lines no wider than ``columns`` (None: as it is). Continuation
    lines are indented by ``hang`` columns (the review's answers), or as the text after the
    number or dash of a list item ("  2) Economy"), or as the first line; by the first
    line's indentation when that would leave them less than half the width. A word wider
    than a line gets one to itself, whole."""
    if columns is None or display_width(text) <= columns:
        return text
    body = text.lstrip(" ")
    prefix = text[: len(text) - len(body)]
    if hang is None:
        item = _LIST_ITEM_RE.match(text)
        hang = len(prefix) if item is None else len(item[0])
    indent = len(prefix) if hang * 2 > columns else hang
    lines = []
    line: list[tuple[str, str]] = []
    for piece in _pieces(body):
        line.append(piece)
        while len(line) > 1 and display_width(prefix + _joined(line)) > columns:
            k = _cut(prefix, line, columns)
            lines.append(prefix + _joined(line[:k]))
            prefix = " " * indent
            line = line[k:]
    lines.append(prefix + _joined(line))
    return "\n".join(lines)


def _columns(stream: TextIO | None) -> int | None:
    """How many columns wide the terminal ``stream`` writes to is, asked each time (it may
    have been resized): ``$COLUMNS`` when set, as ``shutil.get_terminal_size`` reads it, else
    the terminal's own size. None when ``stream`` is no terminal, or its size is unknown (a
    pseudo-terminal nobody gave a size): nothing is wrapped then."""
    if stream is None or not _isatty(stream):
        return None
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            return None
    return columns if columns > 0 else None
