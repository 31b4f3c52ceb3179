"""The ``cli`` target's URL-mode consent prompt (url_consent_cli.py, CONSENT.md): generated,
written to disk and driven for real: ``elicit_url()`` in-process with a recording opener, the
file run as a script with piped stdin and under a pseudo-terminal, with the ``BROWSER`` variable
(which :mod:`webbrowser` honours) naming a recorder script, so that the tests see exactly what a
browser would be asked to open, and when; and with no browser at all (an empty ``PATH`` and no
display, as over SSH or in a container). Both revisions' flows: 2025-11-25 (accept at Open, the
server says when the step is done) and 2026-07-28 (no such notification: the prompt waits for the
user's "finished")."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.cli import prompt_consent
from elicit_gen.targets.common.runtime import runtime_file, runtime_part

from ...conftest import GOLDEN
from ...support.cli import UNSAFE, PtySession, Script
from ...support.consent import (
    HOSTILE_MESSAGE,
    HOSTILE_SERVER,
    REFUSED,
    URL,
    Recorder,
    generated_text,
    import_generated,
    write_generated,
)
from ...support.formatters import Formatters
from ...support.fresh import fresh_consent_outputs
from ...support.golden import golden_text
from ...support.lint import assert_lint_clean
from ...support.pysource import python310, top_level_names
from ...support.run import CliRun

GOLDEN_PATH = GOLDEN / "expected" / "url_consent" / "url_consent_cli.py"


@pytest.fixture(scope="module")
def consent_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_generated("cli", tmp_path_factory.mktemp("url_consent"))


@pytest.fixture(scope="module")
def consent(consent_path: Path) -> ModuleType:
    """The generated module, imported from its file."""
    return import_generated(consent_path)


def ask(
    consent: ModuleType,
    lines: list[str],
    url: str = URL,
    *,
    message: str = "Sign in to connect your calendar.",
    interrupt: bool = False,
    opener: Recorder | None = None,
    **kwargs: Any,
) -> tuple[dict[str, Any], str, Recorder]:
    """``elicit_url`` in-process on ``lines``: (result, everything on stderr, the opener)."""
    recorder = opener if opener is not None else Recorder()
    err = io.StringIO()
    result: dict[str, Any] = consent.elicit_url(
        message,
        url,
        stdin=Script(lines, interrupt=interrupt),
        stderr=err,
        opener=recorder,
        **kwargs,
    )
    return result, err.getvalue(), recorder


# --- what the screen shows, before anything happens ------------------------------------------


def test_domain_and_full_url_are_shown_before_the_question(consent: ModuleType) -> None:
    result, err, opener = ask(consent, ["c"], server="Acme Calendar")
    assert result == {"action": "cancel"}
    assert opener.calls == []
    before, _, _ = err.partition("Open example.com in your browser? [o]pen, [d]ecline, [c]ancel:")
    assert before.startswith("Acme Calendar asks you to open a web page\n")
    assert "  Sign in to connect your calendar.\n" in before
    assert "  Web site:  example.com\n             ===========\n" in before
    assert f"  Full URL:  {URL[:64]}\n             {URL[64:]}\n" in before
    assert before.index("Sign in") < before.index("Web site:") < before.index("Full URL:")


def test_a_long_url_is_shown_whole(consent: ModuleType) -> None:
    url = "https://example.org/" + "/".join(f"segment{i}" for i in range(120)) + "?q=" + "z" * 300
    _, err, _ = ask(consent, ["d"], url)
    lines = err.split("  Full URL:  ", 1)[1].split("\n")
    pieces = [lines[0]]
    for line in lines[1:]:
        if not line.startswith("             "):
            break
        pieces.append(line.strip())
    assert "".join(pieces) == url
    assert max(len(piece) for piece in pieces) == 64


class _Terminal(io.StringIO):
    """A stderr that is a terminal (its width: $COLUMNS)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("columns", [40, 60, 100])
def test_a_terminal_gets_whole_words_within_its_width_and_the_url_whole(
    consent: ModuleType, columns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal, every line but the address fits its width and no word is cut (as the
    form's prompt: runtime/cli/terminal.py); piped, nothing is wrapped."""
    monkeypatch.setenv("COLUMNS", str(columns))
    message = " ".join(["Sign in to connect your calendar, then come back here."] * 4)
    for stream, wrapped in ((_Terminal(), True), (io.StringIO(), False)):
        consent.elicit_url(
            message, URL, stdin=Script(["c"]), stderr=stream, opener=Recorder(), server="Acme"
        )
        shown = stream.getvalue()
        assert shown.split() == ask(consent, ["c"], message=message, server="Acme")[1].split()
        body = shown.split("  Web site:")[0]
        if wrapped:
            assert max(len(line) for line in body.splitlines()) <= columns
        else:
            assert f"  {message}\n" in body
    assert URL[:64] in shown  # the address is not broken at the width: it has no space


def test_default_server_and_the_request_id(consent: ModuleType) -> None:
    assert consent.DEFAULT_SERVER == ir.DEFAULT_SERVER == prompt_consent.DEFAULT_SERVER
    _, err, _ = ask(consent, ["c"], server="  ", elicitation_id="req-\x1b[1m7")
    assert err.startswith(f"{ir.DEFAULT_SERVER} asks you to open a web page\n")
    assert "  Request:   req-\\x1b[1m7\n" in err


# --- consent: only o opens --------------------------------------------------------------------


@pytest.mark.parametrize("word", ["o", "open", "O", " Open "])
def test_open_calls_the_opener_once_with_the_exact_url(consent: ModuleType, word: str) -> None:
    result, err, opener = ask(consent, [word], server="Acme Calendar")
    assert result == {"action": "accept"}  # no content: the user agreed to open it, nothing more
    assert opener.calls == [URL]
    assert err.endswith(
        "Opening example.com in your browser...\n"
        "Continue in your browser. Acme Calendar will say when this step is complete.\n"
    )


def test_enter_and_unknown_answers_ask_again_and_never_open(consent: ModuleType) -> None:
    again = "  Type o to open it in your browser, d to decline or c to cancel."
    lines = ["", "", "y", "yes", "ok", "1", "\x1b[A", "o o"]
    result, err, opener = ask(consent, lines)
    assert result == {"action": "cancel"}  # end of input after them all
    assert opener.calls == []
    assert err.count(again) == len(lines)
    assert err.count("[o]pen, [d]ecline, [c]ancel:") == len(lines) + 1  # the last met EOF
    assert "\\x1b[A" in err and "\x1b" not in err  # the echoed arrow key, escaped
    result, _, opener = ask(consent, ["", "d"])
    assert result == {"action": "decline"}
    assert opener.calls == []


@pytest.mark.parametrize(
    ("lines", "action"),
    [
        (["d"], "decline"),
        (["decline"], "decline"),
        (["c"], "cancel"),
        (["Cancel"], "cancel"),
        (["q"], "cancel"),
        (["\x1b"], "cancel"),  # Escape, then Enter
        ([], "cancel"),  # end of input
    ],
)
def test_decline_cancel_escape_and_eof(consent: ModuleType, lines: list[str], action: str) -> None:
    result, _, opener = ask(consent, lines)
    assert result == {"action": action}
    assert opener.calls == []


def test_ctrl_c_cancels(consent: ModuleType) -> None:
    result, err, opener = ask(consent, [""], interrupt=True)
    assert result == {"action": "cancel"}
    assert opener.calls == []
    assert err.endswith("\nCancelled.\n")


# --- 2026-07-28: no completion notification, the user says when the step is done ------------

NEW = "2026-07-28"
FINISHED = "Finished in your browser? [f]inished, [c]ancel:"
PROMISE = "will say when this step is complete"


@pytest.mark.parametrize("revision", [None, "2025-11-25", "2025-06-18"])
def test_2025_accepts_at_open_and_promises_the_notification(
    consent: ModuleType, revision: str | None
) -> None:
    """2025-11-25 (the default, and 2025-06-18): today's flow exactly."""
    result, err, opener = ask(consent, ["o"], server="Acme", revision=revision)
    assert result == {"action": "accept"} and opener.calls == [URL]
    assert err.endswith(
        "Opening example.com in your browser...\n"
        "Continue in your browser. Acme will say when this step is complete.\n"
    )
    assert FINISHED not in err


@pytest.mark.parametrize("revision", [NEW, "2027-01-01"])  # and any later revision
def test_2026_waits_after_open_for_finished(consent: ModuleType, revision: str) -> None:
    lines = ["o", "", "o", "yes", "f"]  # Enter, o and "yes" at the second question do nothing
    result, err, opener = ask(consent, lines, server="Acme", revision=revision)
    assert result == {"action": "accept"}
    assert opener.calls == [URL]  # once: the second "o" opened nothing
    before, _, after = err.partition("Opening example.com in your browser...\n")
    assert "[o]pen, [d]ecline, [c]ancel:" in before
    assert after == (
        "Continue in your browser, then come back here.\n"
        + f"{FINISHED} \n"
        + "  Type f when you have finished in your browser, or c to cancel.\n"
        + f"{FINISHED} o\n"
        + "  Type f when you have finished in your browser, or c to cancel.\n"
        + f"{FINISHED} yes\n"
        + "  Type f when you have finished in your browser, or c to cancel.\n"
        + f"{FINISHED} f\n"
        + "Acme will now check that the step is done.\n"
    )
    assert PROMISE not in err  # no promise of a notification that will not come


@pytest.mark.parametrize("word", ["f", "finished", "Done", " F "])
def test_2026_finished_words(consent: ModuleType, word: str) -> None:
    result, _, _ = ask(consent, ["o", word], revision=NEW)
    assert result == {"action": "accept"}


@pytest.mark.parametrize(
    ("lines", "interrupt"),
    [
        (["o", "c"], False),
        (["o", "q"], False),
        (["o", "\x1b"], False),
        (["o"], False),
        (["o"], True),
    ],
)
def test_2026_cancel_escape_eof_and_ctrl_c_after_open_cancel(
    consent: ModuleType, lines: list[str], interrupt: bool
) -> None:
    result, err, opener = ask(consent, lines, revision=NEW, interrupt=interrupt)
    assert result == {"action": "cancel"} and opener.calls == [URL]
    assert err.endswith("Cancelled.\n") and PROMISE not in err


@pytest.mark.parametrize(("lines", "action"), [(["d"], "decline"), (["c"], "cancel")])
def test_2026_decline_and_cancel_before_open_are_as_before(
    consent: ModuleType, lines: list[str], action: str
) -> None:
    result, err, opener = ask(consent, lines, revision=NEW)
    assert result == {"action": action} and opener.calls == []
    assert FINISHED not in err


def test_2026_a_refused_url_offers_no_open_either(consent: ModuleType) -> None:
    result, err, opener = ask(consent, ["o", "f", "d"], "javascript:alert(1)", revision=NEW)
    assert result == {"action": "decline"} and opener.calls == []
    assert FINISHED not in err


# --- no browser on this machine (SSH, a container) -------------------------------------------

COPY = "Open this address in a browser yourself, on this or another device:"
OPENED = "Opened it in a browser? [o]pened, [c]ancel:"


def test_without_a_browser_the_address_is_shown_to_copy_and_opened_elsewhere(
    consent: ModuleType,
) -> None:
    """2025-11-25: the opener fails; the whole address on a line of its own (safe text), where
    it goes, then "opened" accepts and the notification is promised as after Open."""
    failing = Recorder(OSError("no display \x1b[2J"))
    lines = ["o", "", "f", "o"]
    result, err, opener = ask(consent, lines, opener=failing, server="Acme")
    assert opener.calls == [URL]
    assert result == {"action": "accept"}
    _, _, after = err.partition("Opening example.com in your browser...\n")
    again = "  Type o once you have opened the address in a browser, or c to cancel.\n"
    assert after == (
        "Could not open the browser: no display \\x1b[2J\n"
        + f"{COPY}\n\n{URL}\n\n"
        + "  Check that it goes to example.com.\n\n"
        + f"{OPENED} \n{again}{OPENED} f\n{again}{OPENED} o\n"
        + "Continue in your browser. Acme will say when this step is complete.\n"
    )


def test_without_a_browser_2026_waits_for_finished(consent: ModuleType) -> None:
    failing = Recorder(OSError("no web browser could be started"))
    result, err, opener = ask(consent, ["o", "o", "f"], opener=failing, revision=NEW)
    assert result == {"action": "accept"} and opener.calls == [URL]
    _, _, after = err.partition("  Check that it goes to example.com.\n\n")
    assert after == (
        f"{FINISHED} o\n"
        "  Type f when you have finished in your browser, or c to cancel.\n"
        f"{FINISHED} f\n"
        "An MCP server will now check that the step is done.\n"
    )
    assert PROMISE not in err and OPENED not in err


@pytest.mark.parametrize("revision", [None, NEW])
@pytest.mark.parametrize("lines", [["o", "c"], ["o", "\x1b"], ["o"]])
def test_without_a_browser_cancel_and_eof_cancel(
    consent: ModuleType, revision: str | None, lines: list[str]
) -> None:
    failing = Recorder(RuntimeError("boom"))
    result, err, opener = ask(consent, lines, opener=failing, revision=revision)
    assert result == {"action": "cancel"} and opener.calls == [URL]
    assert COPY in err and err.endswith("Cancelled.\n") and PROMISE not in err


def test_without_a_browser_a_look_alike_is_shown_with_its_warnings_again(
    consent: ModuleType,
) -> None:
    """The address to copy is the one the check judged (its xn-- form), and the warnings come
    again right under it, where the user copies it."""
    check = consent.check_url(LOOK_ALIKE)
    failing = Recorder(OSError("none"))
    _, err, opener = ask(consent, ["o", "c"], LOOK_ALIKE, opener=failing)
    assert opener.calls == [check.href]
    _, _, after = err.partition(COPY)
    assert after.startswith(f"\n\n{check.href}\n\n  Check that it goes to xn--gthub-n2e.com.\n")
    for warning in check.warnings:
        assert f"  Warning: {warning}\n" in after
    assert "g\u0456thub" not in after


def test_without_a_browser_hostile_text_stays_escaped(consent: ModuleType) -> None:
    failing = Recorder(OSError("\x1b]0;pwned\x07 \u202e"))
    _, err, _ = ask(consent, ["o", "f"], opener=failing, server=HOSTILE_SERVER, revision=NEW)
    assert not UNSAFE.search(err)
    assert "Could not open the browser: \\x1b]0;pwned\\x07 \\u202e\n" in err


class BrokenStream(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


def test_a_broken_terminal_cancels(consent: ModuleType) -> None:
    opener = Recorder()
    result = consent.elicit_url("m", URL, stdin=Script(["o"]), stderr=BrokenStream(), opener=opener)
    assert result == {"action": "cancel"}
    assert opener.calls == []


# --- refused URLs and warnings ----------------------------------------------------------------


@pytest.mark.parametrize("url", REFUSED)
def test_refused_urls_offer_no_open(consent: ModuleType, url: str) -> None:
    check = consent.check_url(url)
    assert check.refusal is not None
    result, err, opener = ask(consent, ["o", "open", "", "d"], url)
    assert result == {"action": "decline"}
    assert opener.calls == []
    assert f"  Cannot open this link: {check.refusal}\n" in err
    assert "[o]pen" not in err and "in your browser?" not in err
    assert err.count("This link cannot be opened. [d]ecline, [c]ancel:") == 4
    assert err.count("  This link cannot be opened: type d to decline or c to cancel.") == 3
    assert f"  Full URL:  {url}\n" in err
    result, _, opener = ask(consent, ["c"], url)
    assert result == {"action": "cancel"}
    assert opener.calls == []


@pytest.mark.parametrize(
    ("url", "domain", "expected"),
    [
        ("https://xn--80ak6aa92e.com/", "аррӏе.com", ["it is xn--80ak6aa92e.com underneath"]),
        (
            "https://\u0430pple.com/",
            "\u0430pple.com",
            ["it is xn--pple-43d.com underneath", "mixes Cyrillic and Latin letters"],
        ),
    ],
)
def test_look_alike_domains_are_warned_about(
    consent: ModuleType, url: str, domain: str, expected: list[str]
) -> None:
    check = consent.check_url(url)
    assert check.openable and check.domain == domain
    result, err, opener = ask(consent, ["o"], url)
    before = err.split("[o]pen")[0]
    for warning in check.warnings:
        assert f"  Warning: {warning}\n" in before
    for part in expected:
        assert part in before
    headline = check.ascii_domain if check.lookalike else domain  # see test_look_alike_is_...
    assert f"  Web site:  {headline}\n" in before
    assert f"Open {headline} in your browser?" in before
    assert result == {"action": "accept"} and opener.calls == [check.href]


LOOK_ALIKE = "https://login.g\u0456thub.com/settings"  # a Cyrillic і in "github"


def test_look_alike_is_named_as_what_it_is_after_the_warnings(consent: ModuleType) -> None:
    """Issue 24, defect 9: for "login.gіthub.com" the warnings come first, the site line and
    the question name its xn-- form (the readable form after it), and Enter is no answer."""
    check = consent.check_url(LOOK_ALIKE)
    assert check.lookalike and check.ascii_domain == "xn--gthub-n2e.com"
    result, err, opener = ask(consent, ["", "c"], LOOK_ALIKE)
    assert result == {"action": "cancel"} and opener.calls == []  # Enter opened nothing
    screen, _, after = err.partition("[o]pen, [d]ecline, [c]ancel:")
    assert "Type o to open it" in after  # Enter alone asked again
    site = "  Web site:  xn--gthub-n2e.com\n             =================\n"
    readable = "             Written in the link as: g\u0456thub.com\n"
    assert site + readable in screen
    warnings = [screen.index(f"  Warning: {warning}\n") for warning in check.warnings]
    assert warnings and max(warnings) < screen.index("Web site:") < screen.index("Full URL:")
    assert screen.endswith("Open xn--gthub-n2e.com in your browser? ")
    assert "g\u0456thub" not in screen.replace(readable, "")  # the look-alike letters: once
    result, _, opener = ask(consent, ["o"], LOOK_ALIKE)
    assert result == {"action": "accept"} and opener.calls == [check.href]


def test_a_name_that_is_no_look_alike_keeps_its_readable_headline(consent: ModuleType) -> None:
    url = "https://m\u00fcnchen.de/"
    assert not consent.check_url(url).lookalike
    _, err, _ = ask(consent, ["c"], url)
    assert "  Web site:  m\u00fcnchen.de\n" in err and "Written in the link" not in err
    assert err.index("Web site:") < err.index("Warning:")


#: A megabyte: what a hostile server may send as its name, the id or the message.
MEGABYTE = 1_000_000


@pytest.mark.parametrize("slot", ["server", "elicitation_id", "message"])
def test_a_megabyte_of_server_text_is_clipped_before_any_line(
    consent: ModuleType, slot: str
) -> None:
    """Issue 24, defect 5: a megabyte of server name, elicitation id or message is clipped
    (the message to the forms' 10,000 characters) before anything is written."""
    texts: dict[str, Any] = {"server": "Acme", "elicitation_id": "e-1", "message": "Sign in."}
    texts[slot] = "W" * (MEGABYTE - 1) + "\u202e"
    started = time.monotonic()
    result, err, opener = ask(consent, ["o"], **texts)
    elapsed = time.monotonic() - started
    assert elapsed < 5, f"{elapsed:.1f} s"
    assert result == {"action": "accept"} and opener.calls == [URL]
    limit = consent.MAX_MESSAGE_LENGTH if slot == "message" else consent.MAX_NAME_LENGTH
    assert "W" * (limit - 1) + "\u2026" in err and "W" * limit not in err
    assert len(err) < limit + 2_000 and "\\u202e" not in err


def test_a_megabyte_url_is_refused_and_shown_cut(consent: ModuleType) -> None:
    """A refused URL is shown as sent, but no longer than the longest URL a screen shows
    (a megabyte was 15,000 lines on the terminal)."""
    url = "https://example.com/" + "a" * MEGABYTE
    result, err, opener = ask(consent, ["o", "d"], url)
    assert result == {"action": "decline"} and opener.calls == []
    assert "The URL is too long to show (1,000,020 characters)." in err
    pieces = err.split("  Full URL:  ", 1)[1].split("\n")
    shown = [pieces[0]] + [line.strip() for line in pieces[1:] if line.startswith(" " * 13)]
    assert "".join(shown) == url[: consent.MAX_URL_LENGTH] + "\u2026"
    assert len(err) < 20_000


def test_the_command_line_clips_a_long_server_name_and_id(
    consent: ModuleType, consent_path: Path, browser: tuple[dict[str, str], Path]
) -> None:
    env, _ = browser
    long = "N" * 100_000  # a command-line argument may not be much longer (128 KiB)
    proc = _script(consent_path, "c\n", "--server", long, "--id", long, URL, env=env)
    assert proc.returncode == 0 and proc.stdout == '{"action": "cancel"}\n', proc.stderr
    clipped = "N" * (consent.MAX_NAME_LENGTH - 1) + "\u2026"
    assert f"{clipped} asks you to open a web page" in proc.stderr
    assert f"Request:   {clipped}" in proc.stderr
    assert len(proc.stderr) < 2_000


# --- hostile text -----------------------------------------------------------------------------


def test_hostile_message_and_server_are_shown_escaped(consent: ModuleType) -> None:
    result, err, _ = ask(consent, ["o"], message=HOSTILE_MESSAGE, server=HOSTILE_SERVER)
    assert result == {"action": "accept"}
    assert not UNSAFE.search(err)
    assert "Acme\\x1b]0;pwned\\x07 \\u202eevil [red]x[/red] <i>y</i> asks you to open" in err
    assert (
        "  Sign in\\x1b[2J\\x1b[31m now\\r\\u202egnp.exe <b>bold</b> [bold]x[/bold]\\x07\n" in err
    )
    assert "Continue in your browser. Acme\\x1b]0;pwned\\x07" in err


def test_a_hostile_refused_url_is_shown_escaped(consent: ModuleType) -> None:
    url = "https://example.com/\x1b[2J\u202e/evil"
    result, err, opener = ask(consent, ["d"], url)
    assert result == {"action": "decline"} and opener.calls == []
    assert not UNSAFE.search(err)
    assert "https://example.com/\\x1b[2J\\u202e/evil" in err
    assert "contains spaces, control or invisible characters" in err


# --- complete_notice --------------------------------------------------------------------------


def test_complete_notice(consent: ModuleType) -> None:
    err = io.StringIO()
    consent.complete_notice(URL, stderr=err)
    assert err.getvalue() == "Completed in your browser (example.com).\n"
    err = io.StringIO()
    consent.complete_notice("https://xn--80ak6aa92e.com/", server="Acme\x1b[2J", stderr=err)
    assert err.getvalue() == "Acme\\x1b[2J: Completed in your browser (xn--80ak6aa92e.com).\n"
    err = io.StringIO()
    consent.complete_notice("javascript:\x1b[2J", stderr=err)
    assert err.getvalue() == "Completed in your browser (javascript:\\x1b[2J).\n"
    consent.complete_notice(URL, stderr=BrokenStream())  # a broken terminal: nothing raised


# --- the generated file and the runtime -------------------------------------------------------


def test_the_module_is_the_same_on_every_run() -> None:
    """The same module in fresh interpreters (other hash seeds, nothing cached) as here."""
    text = generated_text("cli")
    assert fresh_consent_outputs("cli") == [[text], [text]]


def test_load_url_consent_gives_the_same_module() -> None:
    live = elicit_gen.load_url_consent("cli")
    for name in ("DEFAULT_SERVER", "check_url", "elicit_url", "complete_notice", "main"):
        assert callable(getattr(live, name)) or name == "DEFAULT_SERVER"
    opener = Recorder()
    err = io.StringIO()
    result = live.elicit_url("m", URL, stdin=Script(["", "o"]), stderr=err, opener=opener)
    assert result == {"action": "accept"} and opener.calls == [URL]


def test_the_module_holds_the_runtime_verbatim_and_only_the_stdlib() -> None:
    text = generated_text("cli")
    assert text.startswith("# Generated by elicit-gen: the URL consent prompt of the cli target.")
    for part in ("safetext.py", "urlparts.py", "urlcheck.py", "prompt_consent.py"):
        assert runtime_part(part).body in text, part
    for part in ("formcore.py", "prompt_questions.py", "prompt.py"):
        assert runtime_part(part).body.splitlines()[0] not in text, part
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    modules = {line.split()[1].split(".")[0] for line in imports}
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}
    assert "elicit_gen" not in modules
    names = top_level_names(text)
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
    assert runtime_file("prompt_consent.py").exists()


def test_the_runtime_imported_asks_like_the_generated_module(consent: ModuleType) -> None:
    for lines in (["", "o"], ["d"], ["x", "c"]):
        expected = ask(consent, lines)
        opener = Recorder()
        err = io.StringIO()
        result = prompt_consent.elicit_url(
            "Sign in to connect your calendar.",
            URL,
            stdin=Script(lines),
            stderr=err,
            opener=opener,
        )
        assert (result, err.getvalue(), opener.calls) == (*expected[:2], expected[2].calls)


def test_generated_module_passes_ruff_and_mypy_strict(consent_path: Path) -> None:
    assert_lint_clean([consent_path])


def test_golden_is_what_black_gives_for_the_whole_file() -> None:
    from elicit_gen.targets.common.pyformat import black_format

    text = golden_text(GOLDEN_PATH)  # the golden put together
    assert black_format(text) == text


def test_black_and_ruff_leave_the_whole_module_unchanged(formatters: Formatters) -> None:
    formatters.assert_stable(generated_text("cli"))


def test_elicit_gen_url_consent_writes_the_module(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "forms"
    proc = run_cli("--url-consent", "--target", "cli", "-o", f"{out}/")
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in out.iterdir()] == ["url_consent_cli.py"]
    assert (out / "url_consent_cli.py").read_text(encoding="utf-8") == generated_text("cli")


# --- the file run as a script, with a recording browser -------------------------------------

RECORDER = """\
#!{python}
import os, sys
with open(os.environ["URL_RECORD"], "a", encoding="utf-8") as log:
    log.write(repr(sys.argv[1:]) + "\\n")
print("a browser that chatters on stdout")
"""


@pytest.fixture
def browser(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """An environment whose BROWSER is a recorder script, and the file it writes to."""
    script = tmp_path / "record_browser"
    script.write_text(RECORDER.format(python=sys.executable), encoding="utf-8")
    script.chmod(0o755)
    record = tmp_path / "opened.txt"
    env = {
        "PATH": "/usr/bin:/bin",
        "BROWSER": str(script),
        "URL_RECORD": str(record),
        "LANG": "C.UTF-8",
        "TERM": "xterm",
    }
    return env, record


def _opened(record: Path) -> list[str]:
    if not record.exists():
        return []
    return [line for line in record.read_text(encoding="utf-8").splitlines()]


def _script(
    path: Path, stdin: str, *args: str, env: dict[str, str], python: str = sys.executable
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, str(path), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_piped_open_accepts_and_opens_exactly_the_url(
    consent_path: Path, browser: tuple[dict[str, str], Path]
) -> None:
    env, record = browser
    args = ("--server", "Acme", "--message", "Sign in", "--id", "r1", URL)
    proc = _script(consent_path, "\nnope\no\n", *args, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == '{"action": "accept"}\n'  # the chattering browser got /dev/null
    assert _opened(record) == [repr([URL])]
    assert "Acme asks you to open a web page\n  Sign in\n" in proc.stderr
    assert "in your browser? [o]pen, [d]ecline, [c]ancel: nope\n" in proc.stderr  # echoed
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("stdin", "url", "action"),
    [
        ("", URL, "cancel"),
        ("\n\n", URL, "cancel"),
        ("d\n", URL, "decline"),
        ("c\n", URL, "cancel"),
        ("o\nopen\nd\n", "javascript:alert(1)", "decline"),
        ("o\nc\n", "http://example.com/", "cancel"),
        ("o\n", "", "cancel"),
    ],
)
def test_piped_decline_cancel_and_refusals_open_nothing(
    consent_path: Path, browser: tuple[dict[str, str], Path], stdin: str, url: str, action: str
) -> None:
    env, record = browser
    proc = _script(consent_path, stdin, url, env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": action}
    assert _opened(record) == []
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("stdin", "action", "opened"),
    [
        ("o\nf\n", "accept", True),
        ("o\n\nc\n", "cancel", True),
        ("o\n", "cancel", True),  # end of input at the "finished" question
        ("d\n", "decline", False),
    ],
)
def test_piped_2026_revision_waits_for_finished(
    consent_path: Path,
    browser: tuple[dict[str, str], Path],
    stdin: str,
    action: str,
    opened: bool,
) -> None:
    env, record = browser
    proc = _script(consent_path, stdin, "--server", "Acme", "--revision", NEW, URL, env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": action}
    assert _opened(record) == ([repr([URL])] if opened else [])
    assert (FINISHED in proc.stderr) == opened
    assert PROMISE not in proc.stderr and "Traceback" not in proc.stderr


@pytest.fixture
def no_browser(tmp_path: Path) -> dict[str, str]:
    """An environment with no browser for :mod:`webbrowser` to find: no BROWSER, no DISPLAY,
    and a PATH with no program on it (so no console browser either), as over SSH."""
    empty = tmp_path / "empty"
    empty.mkdir()
    return {"PATH": str(empty), "LANG": "C.UTF-8", "TERM": "xterm"}


def test_no_browser_env_has_no_browser(no_browser: dict[str, str]) -> None:
    """The control for the tests below: there, webbrowser.open finds nothing to start."""
    code = "import sys, webbrowser; print(webbrowser.open(sys.argv[1]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, URL],
        capture_output=True,
        text=True,
        timeout=60,
        env=no_browser,
    )
    assert proc.stdout == "False\n", proc.stderr


@pytest.mark.parametrize(
    ("revision", "stdin", "action"),
    [
        (None, "o\no\n", "accept"),
        (None, "o\nc\n", "cancel"),
        (NEW, "o\nf\n", "accept"),
        (NEW, "o\n", "cancel"),
    ],
)
def test_piped_without_a_browser_shows_the_address_to_copy(
    consent_path: Path, no_browser: dict[str, str], revision: str | None, stdin: str, action: str
) -> None:
    args = ["--server", "Acme", URL] + (["--revision", revision] if revision else [])
    proc = _script(consent_path, stdin, *args, env=no_browser)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": action}
    err = proc.stderr
    assert "Could not open the browser: no web browser could be started\n" in err
    assert f"{COPY}\n\n{URL}\n\n  Check that it goes to example.com.\n" in err
    assert (OPENED in err) == (revision is None) and (FINISHED in err) == (revision == NEW)
    assert (PROMISE in err) == (revision is None and action == "accept")
    assert "Traceback" not in err


def test_usage_errors_and_help(consent_path: Path, browser: tuple[dict[str, str], Path]) -> None:
    env, record = browser
    proc = _script(consent_path, "", "--help", env=env)
    assert proc.returncode == 0 and "--server" in proc.stdout and "--id" in proc.stdout
    assert "--revision" in proc.stdout and "2026-07-28" in proc.stdout
    proc = _script(consent_path, "o\n", env=env)  # no URL
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert _opened(record) == []


def test_runs_on_python_3_10(consent_path: Path, browser: tuple[dict[str, str], Path]) -> None:
    python = python310()
    if python is None:
        pytest.skip("no Python 3.10 interpreter on this machine")
    env, record = browser
    proc = _script(consent_path, "o\n", URL, env=env, python=python)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": "accept"}
    assert _opened(record) == [repr([URL])]


# --- under a real pseudo-terminal -----------------------------------------------------------

pty_only = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


@pytest.fixture
def session(
    consent_path: Path, browser: tuple[dict[str, str], Path]
) -> Iterator[tuple[PtySession, Path]]:
    env, record = browser
    s = PtySession(consent_path, "--server", "Acme Calendar", "--message", "Sign in", URL, env=env)
    yield s, record
    s.kill()


QUESTION = "Open example.com in your browser? [o]pen, [d]ecline, [c]ancel: "


@pty_only
def test_terminal_nothing_opens_before_o(session: tuple[PtySession, Path]) -> None:
    term, record = session
    shown = term.expect(QUESTION)
    assert "Acme Calendar asks you to open a web page\n  Sign in\n" in shown
    assert "  Web site:  example.com\n" in shown
    assert f"  Full URL:  {URL[:64]}\n             {URL[64:]}\n" in shown
    term.send("\r")  # Enter right away: asks again
    term.expect("Type o to open it in your browser, d to decline or c to cancel.")
    term.expect(QUESTION)
    term.send("yes\r")
    term.expect(QUESTION)
    assert _opened(record) == []  # the question is up again: the answers were read
    term.send("o\r")
    out, code = term.finish()
    assert code == 0
    assert json.loads(out) == {"action": "accept"}
    assert _opened(record) == [repr([URL])]
    assert "Continue in your browser. Acme Calendar will say when this step is complete." in (
        term.screen
    )
    assert "Traceback" not in term.screen
    assert not UNSAFE.search(term.screen.replace("\r", ""))
    assert term.screen.count("yes") == 1  # the tty echoed it; the module did not


@pty_only
@pytest.mark.parametrize(("keys", "action"), [("\x1b\r", "cancel"), ("o\x03", "cancel")])
def test_terminal_escape_and_ctrl_c_cancel(
    session: tuple[PtySession, Path], keys: str, action: str
) -> None:
    term, record = session
    term.expect(QUESTION)
    term.send(keys)  # Escape then Enter; or o typed, then Ctrl-C before Enter
    out, code = term.finish()
    assert code == 0
    assert json.loads(out) == {"action": action}
    assert _opened(record) == []
    assert "Traceback" not in term.screen
    if keys.endswith("\x03"):
        assert "Cancelled." in term.screen


@pty_only
def test_terminal_2026_waits_for_finished(
    consent_path: Path, browser: tuple[dict[str, str], Path]
) -> None:
    env, record = browser
    term = PtySession(consent_path, "--server", "Acme", "--revision", NEW, URL, env=env)
    try:
        term.expect(QUESTION)
        term.send("o\r")
        term.expect("Continue in your browser, then come back here.")
        term.expect(FINISHED + " ")
        assert _opened(record) == [repr([URL])]  # opened, and the prompt still waits
        term.send("\r")  # Enter alone: asked again
        term.expect("Type f when you have finished in your browser, or c to cancel.")
        term.expect(FINISHED + " ")
        term.send("f\r")
        out, code = term.finish()
    finally:
        term.kill()
    assert code == 0 and json.loads(out) == {"action": "accept"}
    assert "Acme will now check that the step is done." in term.screen
    assert PROMISE not in term.screen and "Traceback" not in term.screen
    assert _opened(record) == [repr([URL])]


@pty_only
@pytest.mark.parametrize("revision", [None, NEW])
def test_terminal_without_a_browser(
    consent_path: Path, no_browser: dict[str, str], revision: str | None
) -> None:
    args = ["--server", "Acme", URL] + (["--revision", revision] if revision else [])
    term = PtySession(consent_path, *args, env=no_browser)
    try:
        term.expect(QUESTION)
        term.send("o\r")
        shown = term.expect(OPENED + " " if revision is None else FINISHED + " ")
        assert f"{COPY}\r\n\r\n{URL}\r\n" in shown or f"{COPY}\n\n{URL}\n" in shown
        term.send(("o" if revision is None else "f") + "\r")
        out, code = term.finish()
    finally:
        term.kill()
    assert code == 0 and json.loads(out) == {"action": "accept"}
    assert (PROMISE in term.screen) == (revision is None)
    assert "Traceback" not in term.screen
    assert not UNSAFE.search(term.screen.replace("\r", ""))


def test_recorder_env_is_what_webbrowser_uses(browser: tuple[dict[str, str], Path]) -> None:
    """The control for the tests above: with that environment, webbrowser.open runs the
    recorder (and no real browser)."""
    env, record = browser
    code = "import sys, webbrowser; print(webbrowser.open(sys.argv[1]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, URL], capture_output=True, text=True, timeout=60, env=env
    )
    assert proc.stdout.endswith("True\n"), proc.stderr
    assert _opened(record) == [repr([URL])]


def test_no_stdin_cancels(consent_path: Path, browser: tuple[dict[str, str], Path]) -> None:
    env, record = browser
    proc = subprocess.run(
        [sys.executable, str(consent_path), URL],
        capture_output=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env=env,
        preexec_fn=lambda: os.close(0),
    )
    assert json.loads(proc.stdout) == {"action": "cancel"}
    assert b"Traceback" not in proc.stderr
    assert _opened(record) == []
