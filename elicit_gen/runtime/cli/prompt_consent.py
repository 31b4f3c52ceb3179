# --- elicit-gen URL consent prompt (standard library only) ------------------
# The URL-mode consent screen of the ``cli`` target: who asks, the message, the destination's domain
# and full address, the warnings, then a question answered on stdin (a terminal or a pipe). Nothing
# opens before the user types o (or open). Without a browser (SSH, a container) the address is
# shown to copy. In a 2026-07-28 session the prompt then waits for the user's "finished" (no
# server will say when the step is done). Copied verbatim into the generated url_consent_cli.py
# after the safe-text helpers (runtime/core/safetext.py) and the URL check
# (runtime/core/urlcheck.py); the imports above the marker are merged with the module's own, the
# ones from this package only name what those copied parts define.
from __future__ import annotations

import io
import json
import os
import sys
import webbrowser
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..core.consent_args import DEFAULT_SERVER as DEFAULT_SERVER  # the module's API
from ..core.consent_args import _place, bounded_request, consent_arguments
from ..core.consent_flow import ConsentFlow
from ..core.i18n import _t
from ..core.safetext import clip, display_width, pad, safe_lines, safe_text
from ..core.urlcheck import check_url
from .terminal import _columns, _discard_typeahead, _folded, _isatty, _words, _wrap

# --- end of runtime imports ---

# --- the consent prompt -----------------------------------------------------

#: Who asks when the host does not say (in the module's language).

#: The full URL is shown in pieces of this many characters, one a line.
_URL_WIDTH = 64

_OPEN = ("o", "open")
_DECLINE = ("d", "decline")
_CANCEL = ("c", "cancel", "q", "quit")
_OPENED = ("o", "opened")
_FINISHED = ("f", "finished", "done")
_ESCAPE = "\x1b"  # Escape, then Enter, on a terminal


class _ConsentTerminal:
    """Writes to ``err`` and reads one answer a line from ``inp``."""

    def __init__(self, inp: TextIO, err: TextIO) -> None:
        self.inp = inp
        self.err = err
        # Nothing echoes piped answers: write them after the question so
        # that the transcript on stderr reads like a terminal session.
        self.echo = not _isatty(inp)

    def say(self, text: str = "") -> None:
        """Writes a line, wrapped to the terminal's width as the form's prompt wraps it (a URL
        shown whole: it has no space to break at)."""
        columns = _columns(self.err)
        lines = [_wrap(line, columns) for line in text.split("\n")]
        self.err.write("\n".join(lines) + "\n")
        self.err.flush()

    def ask(self, question: str) -> str:
        """The answer to ``question``, stripped (Escape kept as ``\\x1b``);
        raises EOFError at the end of input."""
        self.err.write(question + " ")
        self.err.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError
        answer = line.rstrip("\n").rstrip("\r")
        if self.echo:
            self.say(safe_text(answer))
        return answer.strip(" \t")


def _url_lines(url: str) -> list[str]:
    """The whole URL, in pieces of :data:`_URL_WIDTH` characters (never cut
    short), each shown literally."""
    if not url:
        # TRANSLATORS: no URL at all, where the full URL would be shown
        return [_t("(none)")]
    pieces = range(0, len(url), _URL_WIDTH)
    return [safe_text(url[start : start + _URL_WIDTH]) for start in pieces]


def _show(
    term: _ConsentTerminal,
    flow: ConsentFlow,
    message: str,
    server: str,
    elicitation_id: str | None,
) -> None:
    """The screen, in the contract's order: who, why, where, warnings (for a
    look-alike name: who, why, the warnings, then where, the name in its xn--
    form first)."""
    term.say(_t("{server} asks you to open a web page", server=safe_text(server)))
    if message.strip():
        for line in safe_lines(message):
            term.say(f"  {line}")
    term.say()
    # The labels in one column, the values after them in the next, aligned by
    # terminal columns (a Chinese character takes two).
    site = _t("Web site:")
    full = _t("Full URL:")
    request = _t("Request:")
    width = max(display_width(site), display_width(full), display_width(request)) + 2
    warnings: list[str] = []
    for warning in flow.warnings:
        warnings.append("  " + _t("Warning: {warning}", warning=safe_text(warning)))
    if flow.warnings_first:
        # A name that imitates another: the warnings before the name, and the name
        # as it really is (xn--), the look-alike letters only after it.
        for line in warnings:
            term.say(line)
        term.say()
    if flow.headline:
        domain = safe_text(flow.headline)
        term.say(f"  {pad(site, width)}{domain}")
        # Underlined: the name to check before anything else.
        term.say("  " + " " * width + "=" * display_width(domain))
    if flow.readable:
        written = safe_text(flow.readable)
        readable = _t("Written in the link as: {domain}", domain=written)
        term.say("  " + " " * width + readable)
    pieces = _url_lines(flow.address)
    term.say(f"  {pad(full, width)}{pieces[0]}")
    for piece in pieces[1:]:
        term.say("  " + " " * width + piece)
    if elicitation_id:
        term.say(f"  {pad(request, width)}{safe_text(elicitation_id)}")
    if not flow.warnings_first:
        for line in warnings:
            term.say(line)
    if flow.refusal is not None:
        reason = safe_text(flow.refusal)
        term.say("  " + _t("Cannot open this link: {reason}", reason=reason))
    term.say()


def _cancels() -> tuple[str, ...]:
    # TRANSLATORS: the words (separated by |) a user may type to cancel, besides c, cancel, q
    # and quit (always accepted)
    return _words(_CANCEL, _t("cancel|quit"))


def _ask_until(
    term: _ConsentTerminal,
    question: str,
    again: str,
    choices: dict[str, tuple[str, ...]],
) -> str:
    """Asks ``question`` until the answer is one of the words of ``choices`` and
    returns its key, or "cancel" (a cancel word, or Escape). Enter alone, or anything
    unknown, says ``again`` and asks again: nothing is the default answer."""
    cancels = _cancels()
    while True:
        answer = term.ask(question)
        if answer == _ESCAPE:
            return "cancel"
        word = _folded(answer)
        for choice, words in choices.items():
            if word in words:
                return choice
        if word in cancels:
            return "cancel"
        term.say(f"  {again}")


def _choose(term: _ConsentTerminal, flow: ConsentFlow) -> str:
    """Asks until the answer is one of the flow's actions ("open", "decline" or
    "cancel") and returns it. Enter alone, or anything unknown, asks again: nothing
    opens by default."""
    # TRANSLATORS: the words (separated by |) a user may type to decline opening the
    # link, besides d and decline (always accepted)
    declines = _words(_DECLINE, _t("decline"))
    if "open" not in flow.actions():
        question = _t("This link cannot be opened. [d]ecline, [c]ancel:")
        again = _t("This link cannot be opened: type d to decline or c to cancel.")
        return _ask_until(term, question, again, {"decline": declines})
    question = _t(
        "Open {place} in your browser? [o]pen, [d]ecline, [c]ancel:",
        place=flow.place,
    )
    again = _t("Type o to open it in your browser, d to decline or c to cancel.")
    # TRANSLATORS: the words (separated by |) a user may type to open the link, besides
    # o and open (always accepted)
    opens = _words(_OPEN, _t("open"))
    return _ask_until(term, question, again, {"open": opens, "decline": declines})


def _finished(term: _ConsentTerminal) -> bool:
    """2026-07-28: no server will say when the step in the browser is done; asks
    until the user says they have finished (True) or cancels (False)."""
    _discard_typeahead(term.inp)  # nothing typed before the question answers it
    question = _t("Finished in your browser? [f]inished, [c]ancel:")
    again = _t("Type f when you have finished in your browser, or c to cancel.")
    # TRANSLATORS: the words (separated by |) a user may type to say they have
    # finished the step in the browser, besides f, finished and done (always accepted)
    finished = _words(_FINISHED, _t("finished|done"))
    return _ask_until(term, question, again, {"finished": finished}) == "finished"


def _opened_elsewhere(term: _ConsentTerminal) -> bool:
    """No browser here (2025-11-25): asks until the user says they opened the address
    elsewhere (True) or cancels (False)."""
    question = _t("Opened it in a browser? [o]pened, [c]ancel:")
    again = _t("Type o once you have opened the address in a browser, or c to cancel.")
    # TRANSLATORS: the words (separated by |) a user may type to say they opened the
    # address in a browser themselves, besides o and opened (always accepted)
    opened = _words(_OPENED, _t("opened"))
    return _ask_until(term, question, again, {"opened": opened}) == "opened"


def _show_to_copy(term: _ConsentTerminal, flow: ConsentFlow) -> None:
    """No browser could be started here: the full address on a line of its own,
    whole (to be copied into a browser on this or another device), and where it
    goes, with the warnings again."""
    term.say(_t("Open this address in a browser yourself, on this or another device:"))
    term.say()
    term.say(safe_text(flow.href))  # the address the check judged: ASCII, one line
    term.say()
    term.say("  " + _t("Check that it goes to {place}.", place=flow.place))
    for warning in flow.warnings:
        term.say("  " + _t("Warning: {warning}", warning=safe_text(warning)))
    term.say()


def _open_in_browser(url: str) -> object:
    """The default opener: the platform's web browser. Raises OSError when
    no browser could be started (the user did not get the page)."""
    if not webbrowser.open(url):
        raise OSError(_t("no web browser could be started"))
    return True


def _elicit_url(
    term: _ConsentTerminal,
    message: str,
    flow: ConsentFlow,
    server: str | None,
    elicitation_id: str | None,
    opener: Callable[[str], object],
) -> dict[str, Any]:
    """Draws ``flow`` on the terminal and maps the answers to its transitions."""
    # Bounded before any line is built from them: a megabyte would flood the terminal.
    message, server, elicitation_id = bounded_request(message, server, elicitation_id)
    _show(term, flow, message, server, elicitation_id)
    # Keys pressed before this screen was shown answer nothing.
    _discard_typeahead(term.inp)
    choice = _choose(term, flow)
    if choice == "decline":
        flow.decline()
    elif choice == "cancel":
        flow.cancel()
    if flow.answered:
        return _ended(flow)
    term.say(_t("Opening {place} in your browser...", place=flow.place))
    who = safe_text(server)
    if not flow.open(opener):
        problem = safe_text(flow.problem)
        term.say(_t("Could not open the browser: {problem}", problem=problem))
        _show_to_copy(term, flow)
        if not flow.by_user:
            if not _opened_elsewhere(term):
                flow.cancel()
                term.say(_t("Cancelled."))
                return _ended(flow)
            flow.done()
    elif flow.by_user:
        term.say(_t("Continue in your browser, then come back here."))
    if flow.by_user:
        if not _finished(term):
            flow.cancel()
            term.say(_t("Cancelled."))
            return _ended(flow)
        flow.done()
        term.say(_t("{server} will now check that the step is done.", server=who))
        return _ended(flow)
    term.say(
        _t(
            "Continue in your browser. {server} will say when this step is complete.",
            server=who,
        ),
    )
    return _ended(flow)


def _ended(flow: ConsentFlow) -> dict[str, Any]:
    """The flow's ElicitResult (cancel should it have none)."""
    result: dict[str, Any] = flow.result() or {"action": "cancel"}
    return result


def elicit_url(
    message: str,
    url: str,
    *,
    server: str | None = None,
    elicitation_id: str | None = None,
    revision: str | None = None,
    opener: Callable[[str], object] | None = None,
    stdin: TextIO | None = None,
    stderr: TextIO | None = None,
) -> dict[str, Any]:
    """Asks whether to open ``url`` (a URL-mode elicitation) and returns the
    ElicitResult.

    Shows who asks (``server``), the ``message``, the destination's domain,
    the full URL and any warning on ``stderr`` (default sys.stderr), then
    reads the answer from ``stdin`` (default sys.stdin). Only o (or open)
    opens (nothing is the default answer): ``opener`` (default
    :func:`webbrowser.open`) is called once with the full URL shown, the
    check's ``href`` (serialised from the parts the check judged, never the
    URL as sent).

    What follows depends on the session's protocol ``revision``. For
    2025-11-25 (the default, ``None``), whose server says when the step is
    done, the result is ``{"action": "accept"}`` at once (the user agreed to
    open it, not that the step in the browser is done). For 2026-07-28,
    which has no completion notification, the prompt waits: f (finished)
    gives ``{"action": "accept"}`` (the client then retries the original
    request), c cancels.

    When the opener fails (no browser on this machine: SSH, a container) the
    full address is shown on a line of its own to be copied, with where it
    goes and the warnings; the user then says they opened it elsewhere (o,
    2025-11-25: accept) or have finished (f, 2026-07-28), or cancels.
    A URL :func:`check_url` refuses offers only decline and cancel. End of
    input, Ctrl-C, Escape or a broken terminal return ``{"action": "cancel"}``.
    """
    inp = stdin if stdin is not None else sys.stdin
    err = stderr if stderr is not None else sys.stderr
    if inp is None:  # started without any stdin: nobody can answer
        return {"action": "cancel"}
    if err is None:  # no stderr: ask anyway, the answer may come from a pipe
        err = io.StringIO()
    term = _ConsentTerminal(inp, err)
    do_open = opener if opener is not None else _open_in_browser
    try:
        flow = ConsentFlow(url, revision)
        return _elicit_url(term, message, flow, server, elicitation_id, do_open)
    except (EOFError, KeyboardInterrupt, OSError):
        try:
            term.say()
            term.say(_t("Cancelled."))
        except (KeyboardInterrupt, OSError, ValueError):
            pass
        return {"action": "cancel"}


def complete_notice(
    url: str,
    *,
    server: str | None = None,
    stderr: TextIO | None = None,
) -> None:
    """Says on ``stderr`` (default sys.stderr) that the step in the browser
    is done: "Completed in your browser (<domain>)." (after the server's
    name when ``server`` is given). Call it when the server reports
    completion (``notifications/elicitation/complete``)."""
    err = stderr if stderr is not None else sys.stderr
    if err is None:
        return
    place = _place(check_url(url))
    text = _t("Completed in your browser ({place}).", place=place)
    if server is not None and server.strip():
        who = safe_text(clip(server))
        text = _t("{server}: {notice}", server=who, notice=text)
    try:
        err.write(text + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


def _open_keeping_stdout(url: str) -> object:
    """The default opener of the command line: a browser started from here
    inherits /dev/null as its stdout, so that nothing it prints can mix with
    the JSON result."""
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (AttributeError, OSError, ValueError):
        return _open_in_browser(url)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        return _open_in_browser(url)
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(null)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: asks whether to open URL and prints the ElicitResult
    as JSON on stdout.

    Returns 0 whatever the user chose (the action is in the JSON), 1 when the
    result could not be written; argparse exits with 2 on a usage error.
    """
    # The command line's help (argparse's own words) stays English: it is the
    # integrator's; what the prompt says to its user is localised.
    parser = consent_arguments(
        "Asks on the terminal (stderr) whether to open the URL of an MCP"
        " URL-mode elicitation in the browser, and prints the ElicitResult"
        " as JSON on stdout. Nothing opens unless you type o."
        " Ctrl-D or Ctrl-C cancels."
    )
    args = parser.parse_args(argv)
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Undecodable bytes in an answer must not end with a traceback.
        sys.stdin.reconfigure(errors="replace")
    try:
        result = elicit_url(
            args.message,
            args.url,
            server=args.server,
            elicitation_id=args.elicitation_id,
            revision=args.revision,
            opener=_open_keeping_stdout,
        )
    except KeyboardInterrupt:
        result = {"action": "cancel"}
    try:
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Whoever wanted the result has gone; keep the interpreter's final
        # flush quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
