"""The ``textual`` target's URL-mode consent screen (url_consent_textual.py, CONSENT.md):
generated, written to disk, imported and driven for real through Textual's pilot (headless), at
80x24 and 50x20, with a recording opener (and one that cannot start a browser, as over SSH);
then inside a real MCP SDK session where :class:`elicit_gen.mcp.TextualRunner` pushes it and the
server reports completion (2025-11-25), or the user's "I've finished" lets the SDK retry the
original request (2026-07-28, in each client mode)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, Static

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.textual import textual_consent
from elicit_gen.targets.common.runtime import runtime_file, runtime_part

from ...conftest import GOLDEN
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
from ...support.mcp_url import MODES
from ...support.pysource import top_level_names
from ...support.run import CliRun
from ...support.textual import Host, ready, screen_text

GOLDEN_PATH = GOLDEN / "expected" / "url_consent" / "url_consent_textual.py"
SIZES = [(80, 24), (50, 20)]
MESSAGE = "Sign in to connect your calendar."
#: Raw characters a terminal would act on: none may reach the screen.
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def consent_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_generated("textual", tmp_path_factory.mktemp("url_consent"))


@pytest.fixture(scope="module")
def consent(consent_path: Path) -> ModuleType:
    """The generated module, imported from its file."""
    return import_generated(consent_path)


# --- reading the terminal -----------------------------------------------------------------


def dialog_lines(app: App[Any]) -> list[str]:
    """The text inside the dialog's border, one entry a screen row."""
    lines = []
    for line in screen_text(app).splitlines():
        if "│" in line:
            inner = line.split("│")[1:-1]
            lines.append("│".join(inner).strip() if inner else "")
    return lines


def flat(app: App[Any]) -> str:
    """The dialog's words, the rows joined by one space (undoes word wrapping)."""
    return " ".join(line for line in dialog_lines(app) if line)


def folded(app: App[Any]) -> str:
    """The dialog's rows joined with nothing between them (undoes folding of long words)."""
    return "".join(dialog_lines(app))


def words(text: str) -> str:
    return " ".join(text.split())


Script = Callable[[Pilot[None], list[dict[str, Any] | None], Recorder], Awaitable[None]]


def drive(
    consent: ModuleType,
    script: Script,
    url: str = URL,
    *,
    size: tuple[int, int] = (80, 24),
    message: str = MESSAGE,
    server: str | None = "Acme Calendar",
    opener: Recorder | None = None,
    **kwargs: Any,
) -> tuple[list[dict[str, Any] | None], Recorder, App[None]]:
    """Pushes the consent screen on a host app at ``size``, lets ``script`` drive it; returns
    the results it was dismissed with, the opener and the app."""
    recorder = opener if opener is not None else Recorder()
    app = Host()
    results: list[dict[str, Any] | None] = []

    async def main() -> None:
        with anyio.fail_after(60):
            async with app.run_test(size=size, notifications=True) as pilot:
                screen = consent.UrlConsentScreen(
                    message, url, server=server, opener=recorder, **kwargs
                )
                app.push_screen(screen, callback=results.append)
                await shown(pilot, consent)
                await script(pilot, results, recorder)
                await pilot.pause()

    asyncio.run(main())
    return results, recorder, app


async def shown(pilot: Pilot[Any], consent: ModuleType) -> None:
    """Waits until the consent screen is on top, drawn and has its first focus."""
    await ready(pilot, lambda screen: isinstance(screen, consent.UrlConsentScreen))


async def answered(pilot: Pilot[Any], results: list[dict[str, Any] | None]) -> None:
    for _ in range(200):
        if results:
            return
        await pilot.pause(0.01)
    raise AssertionError("the consent screen was not dismissed")


def notices(app: App[Any]) -> list[str]:
    return [n.message for n in app._notifications]


def toast_text(app: App[Any]) -> str:
    """The words of the screen with the toasts' left edges taken out (undoes wrapping)."""
    return words(screen_text(app).replace("▌", " "))


def check_notices_are_plain(app: App[Any]) -> None:
    assert all(n.markup is False for n in app._notifications)


# --- what the screen shows, before anything happens ------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_domain_and_full_url_are_shown_before_any_action(
    consent: ModuleType, size: tuple[int, int]
) -> None:
    seen: list[tuple[list[str], str, str, list[str]]] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        app = pilot.app
        seen.append((dialog_lines(app), flat(app), folded(app), list(opener.calls)))
        await pilot.press("escape")
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, size=size, elicitation_id="req-7")
    lines, text, joined, calls_then = seen[0]
    assert calls_then == [] and opener.calls == []
    assert results == [{"action": "cancel"}]
    assert text.startswith("Acme Calendar asks you to open a web page " + MESSAGE)
    assert "Web site:" in lines and "example.com" in lines  # the domain on a row of its own
    assert "Full URL:" in lines
    assert URL in joined  # whole, folded over rows, never cut short
    assert "Request: req-7" in text
    order = [text.index(part) for part in ("asks you", "Sign in", "Web site:", "Full URL:")]
    assert order == sorted(order)
    assert "Open in browser" in text and "Decline" in text and "Cancel" in text


def test_default_server(consent: ModuleType) -> None:
    assert consent.DEFAULT_SERVER == ir.DEFAULT_SERVER == textual_consent.DEFAULT_SERVER
    seen: list[str] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        seen.append(flat(pilot.app))
        await pilot.press("escape")

    drive(consent, script, server="  ")
    assert seen[0].startswith(f"{ir.DEFAULT_SERVER} asks you to open a web page")


def test_the_domain_stays_in_view_under_a_long_message(consent: ModuleType) -> None:
    message = "\n".join(f"Line {i} of a long explanation." for i in range(60))
    seen: list[list[str]] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        seen.append(dialog_lines(pilot.app))
        await pilot.press("escape")

    drive(consent, script, size=(50, 20), message=message)
    assert "example.com" in seen[0]
    assert any(line.startswith("Line 0 of a long explanation.") for line in seen[0])
    assert "Line 59 of a long explanation." not in seen[0]  # the message scrolls, the rest not


# --- consent: only Open opens ----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_clicking_open_calls_the_opener_once_with_the_exact_url(
    consent: ModuleType, size: tuple[int, int]
) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        assert opener.calls == []
        await pilot.click("#open")
        await answered(pilot, results)

    results, opener, app = drive(consent, script, size=size)
    assert results == [{"action": "accept"}]  # no content: the user agreed to open it
    assert opener.calls == [URL]
    assert notices(app) == [
        "Continue in your browser. Acme Calendar will say when this step is complete."
    ]
    check_notices_are_plain(app)


def test_enter_right_after_the_screen_opens_does_not_open(consent: ModuleType) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        assert not isinstance(pilot.app.focused, Button)
        await pilot.press("enter", "enter", "space")
        await pilot.pause()
        assert results == [] and opener.calls == []
        assert isinstance(pilot.app.screen, consent.UrlConsentScreen)
        await pilot.press("tab")  # Open, reached on purpose
        focused = pilot.app.focused
        assert isinstance(focused, Button) and focused.id == "open"
        assert opener.calls == []
        await pilot.press("enter")
        await answered(pilot, results)

    results, opener, _ = drive(consent, script)
    assert results == [{"action": "accept"}]
    assert opener.calls == [URL]


def test_enter_as_the_screen_is_pushed_does_not_open(consent: ModuleType) -> None:
    """Keys typed for the host app while the request arrives go nowhere near Open."""
    recorder = Recorder()
    results: list[dict[str, Any] | None] = []

    async def main() -> None:
        with anyio.fail_after(60):
            app = Host()
            async with app.run_test(size=(80, 24)) as pilot:
                app.push_screen(
                    consent.UrlConsentScreen(MESSAGE, URL, opener=recorder),
                    callback=results.append,
                )
                await pilot.press("enter", "enter")
                await shown(pilot, consent)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, consent.UrlConsentScreen)

    asyncio.run(main())
    assert results == [] and recorder.calls == []


@pytest.mark.parametrize(
    ("keys", "action"),
    [
        (["escape"], "cancel"),
        (["ctrl+c"], "cancel"),
        (["tab", "tab", "enter"], "decline"),
        (["tab", "tab", "tab", "enter"], "cancel"),
    ],
)
def test_escape_ctrl_c_decline_and_cancel_open_nothing(
    consent: ModuleType, keys: list[str], action: str
) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.press(*keys)
        await answered(pilot, results)

    results, opener, app = drive(consent, script)
    assert results == [{"action": action}]
    assert opener.calls == []
    assert notices(app) == []


@pytest.mark.parametrize(("button", "action"), [("#decline", "decline"), ("#cancel", "cancel")])
def test_decline_and_cancel_buttons(consent: ModuleType, button: str, action: str) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click(button)
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, size=(50, 20))
    assert results == [{"action": action}] and opener.calls == []


def button_ids(pilot: Pilot[Any]) -> list[str]:
    return [str(b.id) for b in pilot.app.screen.query(Button)]


def status_text(pilot: Pilot[Any]) -> str:
    """What the consent screen's status line says ("" when hidden, or no screen is up)."""
    found = pilot.app.screen.query("#status")
    shown = found.first(Static) if found else None
    return words(str(shown.render())) if shown is not None and shown.display else ""


NO_BROWSER = (
    "Could not open the browser: no display \\x1b[2J [bold]x[/bold] Open the full URL above in"
    " a browser yourself, on this or another device."
)


@pytest.mark.parametrize("size", SIZES)
def test_without_a_browser_the_user_opens_it_elsewhere(
    consent: ModuleType, size: tuple[int, int]
) -> None:
    """The opener fails (no browser on this machine): the screen stays, says so, the full URL
    stays shown (and Copy address puts it on the terminal's clipboard); "I've opened it"
    accepts with the 2025-11-25 words, as after Open."""
    seen: list[Any] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        assert results == [] and isinstance(pilot.app.screen, consent.UrlConsentScreen)
        seen.append((button_ids(pilot), status_text(pilot), folded(pilot.app)))
        await pilot.press("enter")  # focus is on the address: Enter answers nothing
        await pilot.pause()
        assert results == []
        await pilot.click("#copy")
        await pilot.pause()
        seen.append(pilot.app.clipboard)
        await pilot.click("#opened")
        await answered(pilot, results)

    failing = Recorder(OSError("no display \x1b[2J [bold]x[/bold]"))
    results, opener, app = drive(consent, script, opener=failing, size=size)
    assert opener.calls == [URL]
    assert results == [{"action": "accept"}]
    (ids, status, shown), clipboard = seen
    assert ids == ["opened", "copy", "cancel"]
    assert status == NO_BROWSER
    assert URL in shown  # the full URL is still on the screen
    assert clipboard == URL
    assert notices(app) == [
        "The address is on the clipboard.",
        "Continue in your browser. Acme Calendar will say when this step is complete.",
    ]
    check_notices_are_plain(app)


@pytest.mark.parametrize("revision", [None, "2026-07-28"])
@pytest.mark.parametrize("keys", [["escape"], ["ctrl+c"]])
def test_without_a_browser_escape_cancels(
    consent: ModuleType, revision: str | None, keys: list[str]
) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        await pilot.press(*keys)
        await answered(pilot, results)

    failing = Recorder(RuntimeError("boom"))
    results, opener, app = drive(consent, script, opener=failing, revision=revision)
    assert results == [{"action": "cancel"}] and opener.calls == [URL]
    assert notices(app) == []


def test_without_a_browser_2026_waits_for_finished(consent: ModuleType) -> None:
    seen: list[Any] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        seen.append((button_ids(pilot), status_text(pilot)))
        await pilot.click("#finished")
        await answered(pilot, results)

    failing = Recorder(OSError("no web browser could be started"))
    results, _, app = drive(consent, script, opener=failing, revision="2026-07-28")
    assert results == [{"action": "accept"}]
    ((ids, status),) = seen
    assert ids == ["finished", "copy", "cancel"]
    assert status == (
        "Could not open the browser: no web browser could be started Open the full URL above"
        " in a browser yourself, on this or another device."
    )
    assert notices(app) == ["Acme Calendar will now check that the step is done."]


def test_the_default_opener_is_webbrowser(
    consent: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``opener``, Open goes to webbrowser.open (replaced here by a recorder); when it
    cannot start a browser the screen stays, for the user to open the address elsewhere."""
    opened: list[str] = []
    answers = iter([True, False])

    def fake_open(url: str) -> bool:
        opened.append(url)
        return next(answers)

    monkeypatch.setattr(consent.webbrowser, "open", fake_open)
    statuses: list[str] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen: Any = pilot.app.screen
        screen.opener = None  # the module's default opener
        await pilot.click("#open")
        await pilot.pause()
        statuses.append(status_text(pilot))
        if "opened" in button_ids(pilot):
            await pilot.click("#opened")
        await answered(pilot, results)

    for _ in range(2):
        results, _, _ = drive(consent, script)
        assert results == [{"action": "accept"}]
    assert opened == [URL, URL]
    assert statuses[0] == ""  # opened: accepted at once
    assert statuses[1].startswith("Could not open the browser: no web browser could be started")


# --- 2026-07-28: no completion notification, the user says when the step is done ------------

WAITING = "Continue in your browser, then come back and press I've finished."


@pytest.mark.parametrize("size", SIZES)
def test_2026_open_waits_for_finished(consent: ModuleType, size: tuple[int, int]) -> None:
    seen: list[Any] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        assert opener.calls == [URL] and results == []  # opened, still asking
        screen = pilot.app.screen
        assert isinstance(screen, consent.UrlConsentScreen)
        seen.append((button_ids(pilot), status_text(pilot), flat(pilot.app)))
        dialog = screen.query_one("#dialog").region
        for button in screen.query(Button):  # whole and on the screen
            assert dialog.contains_region(button.region), button.id
        await pilot.press("enter", "enter")  # the focus is on the address: nothing happens
        await pilot.pause()
        assert results == [] and notices(pilot.app) == []
        screen.action_open()  # a second Open opens nothing
        await pilot.click("#finished")
        await answered(pilot, results)

    results, opener, app = drive(consent, script, size=size, revision="2026-07-28")
    assert results == [{"action": "accept"}]
    assert opener.calls == [URL]
    ((ids, status, text),) = seen
    assert ids == ["finished", "cancel"]
    assert status == WAITING and "will say" not in text  # no notification is promised
    assert notices(app) == ["Acme Calendar will now check that the step is done."]
    check_notices_are_plain(app)


@pytest.mark.parametrize("keys", [["escape"], ["ctrl+c"], ["tab", "tab", "enter"]])
def test_2026_cancel_after_open(consent: ModuleType, keys: list[str]) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        await pilot.press(*keys)  # (Tab, Tab: "I've finished", then Cancel)
        await answered(pilot, results)

    results, opener, app = drive(consent, script, revision="2026-07-28")
    assert results == [{"action": "cancel"}] and opener.calls == [URL]
    assert notices(app) == []


@pytest.mark.parametrize("opener_fails", [False, True])
def test_no_decline_once_open_was_chosen(consent: ModuleType, opener_fails: bool) -> None:
    """After Open (the page opened, or is to be opened elsewhere) Decline no longer answers,
    as in the cli and the Qt dialog: only "I've finished"/"I've opened it" and Cancel."""
    seen: list[Any] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await pilot.pause()
        screen = pilot.app.screen
        screen.action_decline()
        await pilot.pause()
        seen.append((list(results), screen.state))
        await pilot.press("escape")
        await answered(pilot, results)

    failing = Recorder(OSError("no browser")) if opener_fails else None
    revision = None if opener_fails else "2026-07-28"
    results, opener, _ = drive(consent, script, opener=failing, revision=revision)
    assert seen == [([], "failed" if opener_fails else "opened")]
    assert results == [{"action": "cancel"}] and opener.calls == [URL]


@pytest.mark.parametrize("revision", [None, "2025-11-25", "2025-06-18"])
def test_2025_revisions_accept_at_open(consent: ModuleType, revision: str | None) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        await pilot.click("#open")
        await answered(pilot, results)

    results, _, app = drive(consent, script, revision=revision)
    assert results == [{"action": "accept"}]
    assert notices(app) == [
        "Continue in your browser. Acme Calendar will say when this step is complete."
    ]


# --- refused URLs and warnings ----------------------------------------------------------------


@pytest.mark.parametrize("url", REFUSED)
@pytest.mark.parametrize("size", SIZES)
def test_refused_urls_have_no_open_button(
    consent: ModuleType, url: str, size: tuple[int, int]
) -> None:
    check = consent.check_url(url)
    assert check.refusal is not None
    seen: list[tuple[str, str]] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        app = pilot.app
        seen.append((flat(app), folded(app)))
        assert not app.screen.query("#open")
        screen: Any = app.screen
        screen.action_open()  # the action is dead too
        await pilot.press("enter", "tab", "tab")  # Decline, then Cancel
        await pilot.pause()
        assert results == []
        await pilot.press("shift+tab", "enter")  # back on Decline
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, url, size=size)
    assert results == [{"action": "decline"}]
    assert opener.calls == []
    text, joined = seen[0]
    assert "Open in browser" not in text
    assert words(f"Cannot open this link: {check.refusal}") in text
    assert url in joined


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
@pytest.mark.parametrize("size", SIZES)
def test_look_alike_domains_are_warned_about(
    consent: ModuleType, url: str, domain: str, expected: list[str], size: tuple[int, int]
) -> None:
    check = consent.check_url(url)
    assert check.openable and check.domain == domain and check.warnings
    seen: list[str] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        lines = dialog_lines(pilot.app)
        # the domain on its own row (a look-alike's as what it is: test_look_alike_is_...)
        assert (check.ascii_domain if check.lookalike else domain) in lines
        assert pilot.app.focused is not None and pilot.app.focused.id == "destination"
        await pilot.press("end")  # every warning reachable: scroll the destination to its end
        await pilot.pause()
        seen.append(flat(pilot.app))
        seen.append(" ".join(lines))
        await pilot.click("#open")
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, url, size=size)
    text = seen[0] + " " + seen[1]
    for warning in check.warnings:
        assert words(f"Warning: {warning}") in text
    for part in expected:
        assert part in text
    assert results == [{"action": "accept"}] and opener.calls == [check.href]


LOOK_ALIKE = "https://login.g\u0456thub.com/settings"  # a Cyrillic і in "github"


@pytest.mark.parametrize("size", SIZES)
def test_look_alike_is_headlined_as_what_it_is_after_the_warnings(
    consent: ModuleType, size: tuple[int, int]
) -> None:
    """Issue 24, defect 9: the headline of "login.gіthub.com" is its xn-- form, the warnings
    come before it, and Open is not the primary button, nor focused."""
    check = consent.check_url(LOOK_ALIKE)
    assert check.lookalike and check.ascii_domain == "xn--gthub-n2e.com"
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen = pilot.app.screen
        button = screen.query_one("#open", Button)
        seen["variant"], seen["focused"] = button.variant, pilot.app.focused
        seen["domain"] = str(screen.query_one("#domain", Static).content)
        seen["readable"] = str(screen.query_one("#readable", Static).content)
        order = [w.id or " ".join(w.classes) for w in screen.query_one("#destination").children]
        seen["order"] = order
        seen["rows"] = dialog_lines(pilot.app)
        await pilot.press("enter")  # Enter presses nothing
        await pilot.pause()
        seen["after_enter"] = (list(results), list(opener.calls))
        await pilot.click("#open")
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, LOOK_ALIKE, size=size)
    assert seen["variant"] != "primary" and seen["focused"].id == "destination"
    assert seen["domain"] == "xn--gthub-n2e.com"
    assert seen["readable"] == "Written in the link as: g\u0456thub.com"
    order = seen["order"]
    assert order.index("domain") < order.index("readable") < order.index("url")
    assert max(i for i, name in enumerate(order) if name == "warning") < order.index("domain")
    rows = seen["rows"]
    first_warning = next(i for i, row in enumerate(rows) if row.startswith("Warning:"))
    assert first_warning < rows.index("xn--gthub-n2e.com")  # on screen too, above the name
    assert seen["after_enter"] == ([], [])
    assert results == [{"action": "accept"}] and opener.calls == [check.href]


def test_a_name_that_is_no_look_alike_keeps_its_readable_headline(consent: ModuleType) -> None:
    url = "https://m\u00fcnchen.de/"
    assert not consent.check_url(url).lookalike
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen = pilot.app.screen
        seen["variant"] = screen.query_one("#open", Button).variant
        seen["domain"] = str(screen.query_one("#domain", Static).content)
        seen["readable"] = len(screen.query("#readable"))
        await pilot.click("#cancel")
        await answered(pilot, results)

    drive(consent, script, url)
    assert seen == {"variant": "default", "domain": "m\u00fcnchen.de", "readable": 0}


#: A megabyte: what a hostile server may send as its name, the id or the message.
MEGABYTE = 1_000_000


@pytest.mark.parametrize("slot", ["server", "elicitation_id", "message"])
def test_a_megabyte_of_server_text_is_clipped_before_the_screen_is_built(
    consent: ModuleType, slot: str
) -> None:
    """Issue 24, defect 5: a megabyte of server name, elicitation id or message is clipped
    (the message to the forms' 10,000 characters) before any widget is built."""
    texts: dict[str, Any] = {"server": "Acme", "elicitation_id": "e-1", "message": MESSAGE}
    texts[slot] = "W" * (MEGABYTE - 1) + "\u202e"
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen = pilot.app.screen
        widget = {"server": "#server", "elicitation_id": "#request", "message": "#message"}
        seen["shown"] = str(screen.query_one(widget[slot], Static).content)
        await pilot.click("#open")
        await answered(pilot, results)
        await pilot.pause()
        seen["notes"] = [note.message for note in pilot.app._notifications]

    started = time.monotonic()
    results, _, _ = drive(consent, script, **texts)
    elapsed = time.monotonic() - started
    assert elapsed < 10, f"{elapsed:.1f} s to show the screen"
    limit = consent.MAX_MESSAGE_LENGTH if slot == "message" else consent.MAX_NAME_LENGTH
    shown = seen["shown"]
    assert "W" * (limit - 1) + "\u2026" in shown and "W" * limit not in shown
    assert len(shown) < limit + 100
    assert results == [{"action": "accept"}]
    # the notification after Open names the server, clipped too
    assert seen["notes"] and all(len(note) < 400 for note in seen["notes"])


def test_a_megabyte_url_is_refused_and_shown_cut(consent: ModuleType) -> None:
    url = "https://example.com/" + "a" * MEGABYTE
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen = pilot.app.screen
        seen["url"] = str(screen.query_one("#url", Static).content)
        seen["open"] = len(screen.query("#open"))
        await pilot.click("#decline")
        await answered(pilot, results)

    results, opener, _ = drive(consent, script, url)
    assert seen == {"url": url[: consent.MAX_URL_LENGTH] + "\u2026", "open": 0}
    assert results == [{"action": "decline"}] and opener.calls == []


# --- hostile text -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_hostile_message_and_server_are_shown_escaped(
    consent: ModuleType, size: tuple[int, int]
) -> None:
    seen: list[str] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        seen.append(screen_text(pilot.app))
        seen.append(flat(pilot.app))
        await pilot.click("#open")
        await answered(pilot, results)

    results, opener, app = drive(
        consent,
        script,
        size=size,
        message=HOSTILE_MESSAGE,
        server=HOSTILE_SERVER,
        elicitation_id="[b]r[/b]\x1b[1m",
    )
    raw, text = seen
    assert not RAW.search(raw)
    assert (
        words(
            "Acme\\x1b]0;pwned\\x07 \\u202eevil [red]x[/red] <i>y</i> asks you to open a web page"
        )
        in text
    )
    assert words(
        "Sign in\\x1b[2J\\x1b[31m now\\r\\u202egnp.exe <b>bold</b> [bold]x[/bold]\\x07"
    ) in (text)
    assert "Request: [b]r[/b]\\x1b[1m" in text
    assert results == [{"action": "accept"}] and opener.calls == [URL]
    (notice,) = notices(app)
    assert notice.startswith("Continue in your browser. Acme\\x1b]0;pwned\\x07 \\u202eevil [red]")
    check_notices_are_plain(app)


def test_a_hostile_refused_url_is_shown_escaped(consent: ModuleType) -> None:
    url = "https://example.com/\x1b[2J\u202e/[bold]evil[/bold]"
    seen: list[str] = []

    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        seen.append(screen_text(pilot.app))
        seen.append(folded(pilot.app))
        await pilot.press("escape")

    results, opener, _ = drive(consent, script, url)
    assert not RAW.search(seen[0])
    assert "https://example.com/\\x1b[2J\\u202e/[bold]evil[/bold]" in seen[1]
    assert results == [{"action": "cancel"}] and opener.calls == []


# --- the layout at a small size ---------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("url", [URL, "https://\u0430pple.com/", "javascript:alert(1)"])
def test_the_buttons_are_whole_and_on_screen(
    consent: ModuleType, size: tuple[int, int], url: str
) -> None:
    async def script(pilot: Pilot[None], results: Any, opener: Recorder) -> None:
        screen = pilot.app.screen
        dialog = screen.query_one("#dialog").region
        assert screen.region.contains_region(dialog)
        labels = {"open": "Open in browser", "decline": "Decline", "cancel": "Cancel"}
        ids = [str(b.id) for b in screen.query(Button)]
        assert ids == (["open", "decline", "cancel"] if "https" in url else ["decline", "cancel"])
        for button in screen.query(Button):
            label = labels[str(button.id)]
            assert dialog.contains_region(button.region), button.id
            assert button.region.width >= len(label) + 2, button.id
        rows = dialog_lines(pilot.app)
        for button_id in ids:
            assert any(labels[button_id] in row for row in rows), button_id
        assert any("Esc: cancel" in row for row in rows)
        await pilot.press("escape")

    drive(consent, script, url, size=size, message=HOSTILE_MESSAGE * 3)


# --- notify_complete and the standalone app ---------------------------------------------------


def test_notify_complete(consent: ModuleType) -> None:
    async def main() -> list[str]:
        app = Host()
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            consent.notify_complete(app, URL)
            consent.notify_complete(app, "https://xn--80ak6aa92e.com/")
            consent.notify_complete(app, "javascript:[bold]x[/bold]\x1b[2J")
            await pilot.pause()
            assert "Completed in your browser: example.com" in toast_text(app)
            check_notices_are_plain(app)
            return notices(app)

    assert asyncio.run(main()) == [
        "Completed in your browser: example.com",
        # a whole-script look-alike is named by what it is (lookalike: its xn-- form)
        "Completed in your browser: xn--80ak6aa92e.com",
        "Completed in your browser: javascript:[bold]x[/bold]\\x1b[2J",
    ]


@pytest.mark.parametrize(
    ("key", "action", "revision"),
    [("open", "accept", None), ("escape", "cancel", None), ("open", "accept", "2026-07-28")],
)
def test_the_standalone_app(
    consent: ModuleType, key: str, action: str, revision: str | None
) -> None:
    recorder = Recorder()
    app = consent.UrlConsentApp(
        MESSAGE, URL, server="Acme", elicitation_id="e", revision=revision, opener=recorder
    )

    async def main() -> None:
        with anyio.fail_after(60):
            async with app.run_test(size=(50, 20)) as pilot:
                await shown(pilot, consent)
                assert "example.com" in dialog_lines(app)
                if key == "open":
                    await pilot.click("#open")
                    if revision is not None:
                        await pilot.pause(0.1)
                        assert app.return_value is None  # waits for "I've finished"
                        await pilot.click("#finished")
                else:
                    await pilot.press(key)
                for _ in range(200):
                    if app.return_value is not None:
                        break
                    await pilot.pause(0.01)

    asyncio.run(main())
    assert app.return_value == {"action": action}
    assert recorder.calls == ([URL] if action == "accept" else [])


# --- the generated file and the runtime -------------------------------------------------------


def test_the_module_is_the_same_on_every_run() -> None:
    """The same module in fresh interpreters (other hash seeds, nothing cached) as here."""
    text = generated_text("textual")
    assert fresh_consent_outputs("textual") == [[text], [text]]


def test_load_url_consent_gives_the_same_module() -> None:
    live = elicit_gen.load_url_consent("textual")
    for name in ("check_url", "elicit_url", "notify_complete", "main", "UrlConsentApp"):
        assert callable(getattr(live, name)), name
    assert live.DEFAULT_SERVER == ir.DEFAULT_SERVER
    assert issubclass(live.UrlConsentApp, App)


def test_the_module_holds_the_runtime_verbatim_and_only_textual_rich_and_stdlib() -> None:
    text = generated_text("textual")
    assert text.startswith(
        "# Generated by elicit-gen: the URL consent screen of the textual target."
    )
    for part in ("safetext.py", "urlparts.py", "urlcheck.py", "textual_consent.py"):
        assert runtime_part(part).body in text, part
    form_parts = ("textual_widgets.py", "textual_editors.py", "textual_form.py", "textual_app.py")
    for part in ("formcore.py", *form_parts):
        assert runtime_part(part).body.splitlines()[0] not in text, part
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    modules = {line.split()[1].split(".")[0] for line in imports}
    assert modules - {"__future__", "rich", "textual"} <= set(sys.stdlib_module_names)
    assert "elicit_gen" not in modules
    names = top_level_names(text)
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
    assert runtime_file("textual_consent.py").exists()


def test_generated_module_passes_ruff_and_mypy_strict(consent_path: Path) -> None:
    assert_lint_clean([consent_path])


def test_golden_is_what_black_gives_for_the_whole_file() -> None:
    from elicit_gen.targets.common.pyformat import black_format

    text = golden_text(GOLDEN_PATH)  # the golden put together
    assert black_format(text) == text


def test_black_and_ruff_leave_the_whole_module_unchanged(formatters: Formatters) -> None:
    formatters.assert_stable(generated_text("textual"))


def test_elicit_gen_url_consent_writes_the_module(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "forms"
    proc = run_cli("--url-consent", "--target", "textual", "-o", f"{out}/")
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in out.iterdir()] == ["url_consent_textual.py"]
    assert (out / "url_consent_textual.py").read_text(encoding="utf-8") == generated_text("textual")


def test_the_script_help(consent_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(consent_path), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--server" in proc.stdout and "--id" in proc.stdout and "URL" in proc.stdout
    assert "--revision" in proc.stdout


# --- a real MCP session -----------------------------------------------------------------------


def test_a_real_session_opens_only_after_the_click_and_tells_of_completion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 2025-11-25 server asks for a URL-mode step, then reports it complete: the client runs in
    a Textual app, FormRouter(url_consent="textual") shows the in-memory consent module through
    TextualRunner, the pilot clicks Open."""
    pytest.importorskip("mcp")
    from mcp import types
    from mcp.client import Client
    from mcp.client._memory import InMemoryTransport
    from mcp.server import MCPServer
    from mcp.server.mcpserver import Context

    from elicit_gen.mcp import FormRouter, TextualRunner

    from ...support.mcp import SERVER_NAME

    module = elicit_gen.load_url_consent("textual")
    events: list[str] = []

    class Opener(Recorder):
        def __call__(self, url: str) -> object:
            events.append(f"opened {url}")
            return super().__call__(url)

    recorder = Opener()
    monkeypatch.setattr(module, "_open_in_browser", recorder)
    at_server: list[types.ElicitResult] = []
    server = MCPServer(SERVER_NAME)

    async def login(ctx: Context) -> str:
        result = await ctx.session.elicit_url("Sign in to Acme.", URL, "e-42")
        at_server.append(result)
        events.append(f"server got {result.action}")
        await ctx.session.send_elicit_complete("e-42")
        return str(result.action)

    # The SDK reads the annotations at run time: objects, not this module's strings.
    login.__annotations__ = {"ctx": Context, "return": str}
    server.tool()(login)

    async def main() -> tuple[str, list[str], list[str]]:
        app = Host()
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            router = FormRouter(url_consent="textual", runner=TextualRunner(app))

            async def handler(message: Any) -> None:
                if isinstance(message, types.ElicitCompleteNotification):
                    events.append("completion notification")
                    assert not [n for n in notices(app) if n.startswith("Completed")]
                await router.message_handler(message)

            async def client() -> str:
                async with Client(
                    InMemoryTransport(server),
                    mode="legacy",
                    elicitation_callback=router,
                    message_handler=handler,
                ) as c:
                    reply = await c.call_tool("login", {})
                    assert not reply.is_error, reply.content
                    text: str = reply.content[0].text  # type: ignore[union-attr]
                    return text

            with anyio.fail_after(60):
                task = asyncio.create_task(client())
                await shown(pilot, module)
                shown_text = folded(app)
                before = flat(app)
                assert recorder.calls == []  # shown, nothing opened
                await pilot.pause(0.2)
                assert recorder.calls == [] and not at_server
                await pilot.click("#open")
                reply = await task
                while not [n for n in notices(app) if n.startswith("Completed")]:
                    await pilot.pause(0.02)
                await pilot.pause()
                check_notices_are_plain(app)
                assert "Completed in your browser: example.com" in toast_text(app)
                assert URL in shown_text
                return reply, notices(app), [before]

    reply, toasts, (before,) = asyncio.run(main())
    assert reply == "accept"
    assert before.startswith(f"{SERVER_NAME} asks you to open a web page Sign in to Acme.")
    assert recorder.calls == [URL]
    assert [(r.action, r.content) for r in at_server] == [("accept", None)]
    assert events == [
        f"opened {URL}",
        "server got accept",
        "completion notification",
    ]
    assert toasts == [
        f"Continue in your browser. {SERVER_NAME} will say when this step is complete.",
        "Completed in your browser: example.com",
    ]


@pytest.mark.parametrize(
    ("mode", "button"),
    [(mode, "finished") for mode in MODES] + [("2026-07-28", "cancel"), ("auto", "cancel")],
)
def test_a_real_session_in_each_client_mode(
    monkeypatch: pytest.MonkeyPatch, mode: str, button: str
) -> None:
    """TextualRunner shows the consent screen told the session's revision: legacy accepts at
    Open (and the server's completion is announced); 2026-07-28 and auto wait after Open, and
    only the user's "I've finished" (or Cancel) lets the SDK retry the original request."""

    from elicit_gen.mcp import FormRouter, TextualRunner

    from ...support.mcp_url import both_ways_server, sign_in

    module = elicit_gen.load_url_consent("textual")
    recorder = Recorder()
    monkeypatch.setattr(module, "_open_in_browser", recorder)
    log: list[str] = []
    server = both_ways_server([URL], log)
    legacy = mode == "legacy"

    async def main() -> tuple[list[str], list[str]]:
        app = Host()
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            router = FormRouter(url_consent="textual", runner=TextualRunner(app), server="Acme")

            async def client() -> list[str]:
                return list(await sign_in(server, router, mode))

            with anyio.fail_after(60):
                task = asyncio.create_task(client())
                await shown(pilot, module)
                await pilot.click("#open")
                if not legacy:
                    await pilot.pause(0.2)
                    assert not task.done() and log == ["2026-07-28 call, answer None"]
                    assert status_text(pilot) == WAITING
                    await pilot.click(f"#{button}")
                reply = await task
                if legacy:
                    while not [n for n in notices(app) if n.startswith("Completed")]:
                        await pilot.pause(0.02)
                await pilot.pause()
                check_notices_are_plain(app)
                return reply, notices(app)

    reply, toasts = asyncio.run(main())
    assert recorder.calls == [URL]
    if legacy:
        assert reply == ["2025-11-25 accept"]
        assert toasts == [
            "Continue in your browser. Acme will say when this step is complete.",
            "Completed in your browser: example.com",
        ]
        return
    action = "accept" if button == "finished" else "cancel"
    assert reply == [f"2026-07-28 {action}"]
    assert log == ["2026-07-28 call, answer None", f"2026-07-28 call, answer {action}"]
    assert toasts == (["Acme will now check that the step is done."] if action == "accept" else [])
