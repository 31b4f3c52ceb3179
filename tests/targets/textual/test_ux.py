"""Issue 16, the textual target: what a user meets first, driven for real (Textual's pilot, and a
real pty whose stdout is a pipe).

- item 5: Enter submits only from a one-line box or the Submit button; Escape on a changed form
  asks first (Discard / Keep editing), on an unchanged one it cancels at once;
- item 6: at 80x24 the first field opens with its label and description in view; at 50x20 no
  button is cut and the fields keep their rows; with stdout redirected the app fills the real
  terminal and the JSON still goes to stdout;
- item 7: a date-time typed in local time is sent in RFC 3339 with the local offset;
- item 9: the buttons' order (primary first, where Tab from the last field lands);
- item 11: a long text field is a TextArea, checked like a one-line box.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, SelectionList, Static, TextArea

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.textual import textual_widgets
from elicit_gen.targets.common.hints import FORMAT_PLACEHOLDERS
from elicit_gen.targets.common.view import view_of

from ...support.cases import all_forms, write_and_import
from ...support.textual import (
    EMPTY,
    error_text,
    finish,
    focus_field,
    in_host,
    push,
    screen_class,
    screen_text,
    set_field,
)

FORMS = dict(all_forms())


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("textual_ux")


def generated(key: str, directory: Path) -> tuple[ir.Form, ModuleType]:
    form = FORMS[key]
    return form, write_and_import(form, "textual", directory)


def compile_schema(
    schema: dict[str, Any], directory: Path, stem: str
) -> tuple[ir.Form, ModuleType]:
    result = elicit_gen.compile(schema, [], name=f"{stem}.json", stem=stem)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    form = result.forms[0]
    return form, write_and_import(form, "textual", directory)


def focused_id(pilot: Pilot[Any]) -> str | None:
    focused = pilot.app.focused
    return None if focused is None else focused.id


def asking_discard(pilot: Pilot[Any]) -> bool:
    """Whether the "Discard your answers?" question is the screen on top."""
    return type(pilot.app.screen).__name__ == "DiscardModal"


# --- item 5: Enter and Escape ----------------------------------------------------------------


def test_enter_on_a_check_box_select_or_option_list_does_not_submit(directory: Path) -> None:
    """Enter toggles a check box ("Confirm booking") or an option, opens a select; it never
    sends. (Textual already behaved so before issue 16: this pins it.)"""
    travel, travel_module = generated("travel_booking:travel_booking", directory)
    every, every_module = generated("every_kind:every_kind", directory)

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(travel, travel_module)())
        assert focused_id(pilot) == "f-confirmbooking"
        box = pilot.app.screen.query_one("#f-confirmbooking", Checkbox)
        await pilot.press("enter")
        assert box.value is True and not results
        await pilot.press("tab", "enter")  # the seat select: Enter opens its list
        await pilot.pause()
        assert not results
        await pilot.press("escape")  # closes the list only
        await pilot.pause()
        assert not results
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

        results = await push(pilot, screen_class(every, every_module)())
        platforms = next(f for f in every.fields if f.name == "platforms")
        chosen = pilot.app.screen.query_one(f"#{platforms.html_id}", SelectionList)
        chosen.focus()
        await pilot.pause()
        before = list(chosen.selected)
        await pilot.press("enter")
        await pilot.pause()
        assert not results and list(chosen.selected) != before  # toggled, not sent
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


def test_escape_on_a_changed_form_asks_first(directory: Path) -> None:
    form, module = generated("contact:contact", directory)
    screen = screen_class(form, module)
    travel = generated("travel_booking:travel_booking", directory)

    async def script(pilot: Pilot[None]) -> None:
        # Unchanged: Escape cancels at once.
        results = await push(pilot, screen())
        await pilot.press("escape")
        assert await finish(pilot, results) == {"action": "cancel"}

        # Typed and erased again: nothing changed, Escape cancels at once.
        results = await push(pilot, screen())
        await pilot.press(*"Ad", "backspace", "backspace", "escape")
        assert await finish(pilot, results) == {"action": "cancel"}

        # Changed: Escape asks; Escape (or Keep editing) goes back with the text kept.
        results = await push(pilot, screen())
        await pilot.press(*"Ada", "escape")
        await pilot.pause()
        assert not results
        assert asking_discard(pilot)
        assert "Discard your answers?" in screen_text(pilot.app)
        assert focused_id(pilot) == "keep"  # the safe choice has the focus
        await pilot.press("escape")
        await pilot.pause()
        assert not results and not asking_discard(pilot)
        assert pilot.app.screen.query_one("#f-name", Input).value == "Ada"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # Enter on "Keep editing"
        await pilot.pause()
        assert not results
        assert pilot.app.screen.query_one("#f-name", Input).value == "Ada"

        # Discard cancels the form.
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("shift+tab")
        assert focused_id(pilot) == "discard"
        await pilot.press("enter")
        assert await finish(pilot, results) == {"action": "cancel"}
        assert pilot.app.screen.query_one("#host")

        # A toggled check box is a change too; the Cancel button and Ctrl+C never ask.
        results = await push(pilot, screen_class(*travel)())
        await pilot.press("space", "escape")
        await pilot.pause()
        assert asking_discard(pilot) and not results
        await pilot.click("#discard")
        assert await finish(pilot, results) == {"action": "cancel"}
        results = await push(pilot, screen())
        await pilot.press(*"Ada", "ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


# --- item 6: sizes ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", [key for key in FORMS if FORMS[key].fields])
def test_at_80x24_the_first_field_opens_with_its_label_in_view(key: str, directory: Path) -> None:
    form, module = generated(key, directory)

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)(server="s"))
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        screen = pilot.app.screen
        fields = screen.query_one("#fields")
        first = form.fields[0]
        assert fields.scroll_y == 0
        box = screen.query_one(f"#box-{first.html_id}")
        for part in box.query(Static):
            if part.display and part.region.height:  # shown: it lies inside the field area
                assert fields.region.contains_region(part.region), (part, fields.region)
        assert box.region.y == fields.region.y  # the field's top is the area's top
        assert focused_id(pilot) == first.html_id
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script, size=(80, 24))


@pytest.mark.parametrize("size", [(50, 20), (36, 20), (80, 24), (100, 32)])
def test_no_button_is_cut_and_the_fields_keep_their_rows(
    size: tuple[int, int], directory: Path
) -> None:
    form, module = generated("travel_booking:travel_booking", directory)

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)(server="Travel Agent"))
        await pilot.pause()
        screen = pilot.app.screen
        dialog = screen.query_one("#dialog").content_region
        buttons = list(screen.query("#actions Button").results(Button))
        assert [str(b.label) for b in buttons] == ["Submit", "Decline", "Cancel"]
        for button in buttons:
            region = button.content_region
            assert dialog.contains_region(button.region), (button, dialog)
            assert region.width >= cell_len(str(button.label)), button  # the whole label is drawn
        shown = screen_text(pilot.app)
        for label in ("Submit", "Decline", "Cancel"):
            assert label in shown
        fields = screen.query_one("#fields").region
        assert fields.height >= 8, fields  # was 4 at 50x20
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script, size=size)


def _run_on_pty(
    path: Path, size: tuple[int, int], keys: bytes, until: bytes
) -> tuple[bytes, bytes, int]:
    """Runs ``python path`` on a pty of ``size`` (columns, lines) for stdin and stderr, with
    stdout a pipe (``> out.json``) and no COLUMNS/LINES; sends ``keys`` once ``until`` was drawn.
    Returns (what was drawn, stdout, exit code)."""
    leader, follower = pty.openpty()
    columns, lines = size
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    os.set_blocking(leader, False)
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    proc = subprocess.Popen(
        [sys.executable, str(path), "--server", "pty-test"],
        stdin=follower,
        stderr=follower,
        stdout=subprocess.PIPE,
        env=env,
    )
    os.close(follower)
    screen = b""

    def drain(done: Callable[[], bool], seconds: float) -> None:
        nonlocal screen
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                try:
                    screen += os.read(leader, 65536)
                except OSError:  # the terminal closed: the app has ended
                    return

    try:
        drain(lambda: until in screen, 60)
        assert until in screen, screen[-2000:]
        drain(lambda: False, 1.0)  # the rest of the first frame
        os.write(leader, keys)
        drain(lambda: proc.poll() is not None, 60)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # never read stdout of a live child
            pytest.fail(f"the app did not exit; screen: {screen[-2000:]!r}")
        out = proc.stdout.read() if proc.stdout else b""
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        if proc.stdout:
            proc.stdout.close()
        os.close(leader)
    return screen, out, proc.returncode


def test_with_stdout_redirected_the_app_fills_the_real_terminal(directory: Path) -> None:
    """``python contact_textual.py > out.json`` on a 100x30 terminal: the dialog is drawn
    100 columns wide (it was drawn for 80x24) and its bottom border on line 30; the JSON
    result is all stdout holds."""
    _, module = generated("contact:contact", directory)
    screen, out, code = _run_on_pty(Path(module.__file__ or ""), (100, 30), b"\x1b", b"asks:")
    assert ("─" * 98).encode() in screen and ("─" * 99).encode() not in screen
    assert b"\x1b[30;1H" in screen  # line 30 is drawn
    assert code == 0
    assert json.loads(out) == {"action": "cancel"}


def test_terminal_size_prefers_the_environment_then_stderr_stdin_stdout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sizes = {2: os.terminal_size((132, 43)), 0: os.terminal_size((90, 30))}

    def fake(fd: int = 1) -> os.terminal_size:
        if fd in sizes:
            return sizes[fd]
        raise OSError("not a terminal")

    monkeypatch.setattr(textual_widgets.os, "get_terminal_size", fake)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    assert textual_widgets.terminal_size() == (132, 43)
    del sizes[2]
    assert textual_widgets.terminal_size() == (90, 30)
    monkeypatch.setenv("COLUMNS", "70")
    assert textual_widgets.terminal_size() == (70, 30)
    sizes.clear()
    monkeypatch.setenv("LINES", "x")
    assert textual_widgets.terminal_size() == (70, 24)


# --- item 7: local date-time -----------------------------------------------------------------


DATE_TIME_SCHEMA = {
    "type": "object",
    "properties": {"when": {"type": "string", "format": "date-time", "title": "When"}},
    "required": ["when"],
}


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("2026-03-01 09:00", "2026-03-01T09:00:00+01:00"),
        ("2026-03-01T09:00", "2026-03-01T09:00:00+01:00"),
        ("2026-07-01 09:00:30", "2026-07-01T09:00:30+02:00"),  # summer time that day
        ("2026-03-01 09:00 Z", "2026-03-01T09:00:00Z"),
        ("2026-03-01T09:00:00-05:00", "2026-03-01T09:00:00-05:00"),  # kept as typed
    ],
)
def test_a_date_time_in_local_time_is_sent_with_its_offset(
    typed: str, sent: str, directory: Path, paris: None
) -> None:
    form, module = compile_schema(DATE_TIME_SCHEMA, directory, "when")

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        note = pilot.app.screen.query_one("#read-f-when", Static)
        assert "Local time (UTC+01:00)" in str(note.render())  # now: the 2026 winter below
        await pilot.press(*typed)
        assert error_text(pilot.app, form.fields[0]) == ""
        if typed != sent:
            assert str(note.render()) == f"Sent as {sent}"
        await pilot.press("enter")
        assert await finish(pilot, results) == {"action": "accept", "content": {"when": sent}}

    with pytest.MonkeyPatch.context() as patch:  # "now" is a winter day, for the note
        patch.setattr(module, "local_offset_now", lambda: "+01:00")
        in_host(script)


def test_a_date_time_that_cannot_be_read_is_refused(directory: Path, paris: None) -> None:
    form, module = compile_schema(DATE_TIME_SCHEMA, directory, "when_bad")

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        await pilot.press(*"2026-02-30 09:00", "enter")
        await pilot.pause()
        assert not results and error_text(pilot.app, form.fields[0])
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


# --- item 9: the buttons' order --------------------------------------------------------------


def test_the_buttons_read_submit_decline_cancel_and_tab_reaches_submit_first(
    directory: Path,
) -> None:
    """The order of a terminal dialog (dialog(1), whiptail, Textual's examples): the primary
    action first, so that Tab from the last field lands on Submit."""
    form, module = generated("contact:contact", directory)

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        buttons = list(pilot.app.screen.query("#actions Button").results(Button))
        assert [b.id for b in buttons] == ["submit", "decline", "cancel"]
        xs = [b.region.x for b in buttons]
        assert xs == sorted(xs)  # drawn left to right in that order
        await pilot.press("tab", "tab", "tab")
        assert focused_id(pilot) == "submit"
        await pilot.press("tab")
        assert focused_id(pilot) == "decline"
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


# --- item 11: long text ----------------------------------------------------------------------

LONG_TEXT_SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "title": "Title", "maxLength": 80},
        "body": {
            "type": "string",
            "title": "Description",
            "description": "Markdown is supported.",
            "minLength": 10,
            "maxLength": 2000,
        },
    },
    "required": ["body"],
}


def test_a_long_text_field_is_a_text_area_checked_like_a_box(directory: Path) -> None:
    form, module = compile_schema(LONG_TEXT_SCHEMA, directory, "issue")
    body = next(f for f in form.fields if f.name == "body")

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        screen = pilot.app.screen
        assert isinstance(screen.query_one("#f-title"), Input)  # maxLength 80: one line
        area = screen.query_one(f"#{body.html_id}", TextArea)
        assert area.region.height >= 5
        await pilot.press("tab", *"Short")
        assert focused_id(pilot) == body.html_id
        assert "10" in error_text(pilot.app, body)  # checked while typing, as a box is
        await pilot.press("enter", *"second line")  # Enter starts a line, it does not send
        assert not results
        assert error_text(pilot.app, body) == ""
        await pilot.press("tab")
        assert focused_id(pilot) == "submit"  # Tab leaves the area
        await pilot.press("enter")
        assert await finish(pilot, results) == {
            "action": "accept",
            "content": {"body": "Short\nsecond line"},
        }

        # Too short: refused with the message next to the area; an empty optional box is absent
        results = await push(pilot, screen_class(form, module)())
        await pilot.press("tab", *"tiny", "ctrl+s")
        await pilot.pause()
        assert not results and screen_text(pilot.app).count("10") >= 1
        assert pilot.app.screen.query_one(f"#box-{body.html_id}").has_class("-invalid")
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


def test_a_long_default_is_shown_with_its_lines_and_sent_exactly(directory: Path) -> None:
    text = "line one\nline two\x1b[2J"
    schema = {
        "type": "object",
        "properties": {"notes": {"type": "string", "maxLength": 500, "default": text}},
    }
    form, module = compile_schema(schema, directory, "notes")

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        area = pilot.app.screen.query_one("#f-notes", TextArea)
        assert area.text == "line one\nline two\\x1b[2J"  # lines kept, the escape visible
        await pilot.press("ctrl+s")
        assert await finish(pilot, results) == {"action": "accept", "content": {"notes": text}}

    in_host(script)


# --- issue 27 item 8: the status line follows the fields ----------------------------------


def status_line(pilot: Pilot[Any]) -> str | None:
    """The line above the buttons as shown; None when it is hidden."""
    status = pilot.app.screen.query_one("#status", Static)
    return str(status.render()) if status.display and status.has_class("-shown") else None


def test_the_status_line_counts_again_as_fields_are_fixed(directory: Path) -> None:
    """The status "Not sent: 2 fields need attention." stayed after both fields were fixed. It
    now counts the fields that still need attention after each change, and goes once none
    does (and comes back, counted, when a field is spoilt again)."""
    form, module = generated("contact:contact", directory)
    name, email = (field for field in form.fields if field.name in ("name", "email"))

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        assert status_line(pilot) is None  # nothing to say before a Submit
        await pilot.press("tab", *"ada@", "ctrl+s")  # a bad email, no name
        await pilot.pause()
        assert not results
        assert status_line(pilot) == "Not sent: 2 fields need attention."
        await focus_field(pilot, name)
        await set_field(pilot, name, "Ada")
        assert status_line(pilot) == "Not sent: 1 field needs attention."
        await focus_field(pilot, email)
        await set_field(pilot, email, "ada@example.com")
        await pilot.pause()
        assert status_line(pilot) is None
        assert "need" not in screen_text(pilot.app)
        await set_field(pilot, email, "ada@")  # spoilt again
        assert status_line(pilot) == "Not sent: 1 field needs attention."
        await focus_field(pilot, name)
        await set_field(pilot, name, EMPTY)  # a required field emptied after a Submit
        assert error_text(pilot.app, name) == "This field is required."
        assert status_line(pilot) == "Not sent: 2 fields need attention."
        await set_field(pilot, name, "Ada")
        await focus_field(pilot, email)
        await set_field(pilot, email, "ada@example.com")
        assert status_line(pilot) is None
        await pilot.press("ctrl+s")
        assert await finish(pilot, results) == {
            "action": "accept",
            "content": {"name": "Ada", "email": "ada@example.com"},
        }

    in_host(script)


# --- issue 27 item 8: placeholders are sentences, as the other targets' hints ----------------

#: What a box shows while empty when it states no constraint: a date's pattern, or an example
#: of its format (targets/common/hints.py), as the qt and html targets' placeholders.
EXAMPLES = {"YYYY-MM-DD", "YYYY-MM-DD hh:mm", *FORMAT_PLACEHOLDERS.values()}


@pytest.mark.parametrize(
    "key",
    [
        "bounds:bounds",
        "constraints:constraints",
        "more_formats:more_formats",
        "every_kind:every_kind",
    ],
)
def test_placeholders_are_sentences(key: str, directory: Path) -> None:
    """A box's placeholder was a lower-case phrase ("a whole number from 1 to 500", "at most
    253 characters") where the other targets write sentences: it is now the sentence the qt
    target's hint shows ("A whole number from 1 to 500."), after which a format's example
    comes ("At most 253 characters. Example: mail.example.com")."""
    form, module = generated(key, directory)
    views = {field.html_id: view_of(field) for field in form.fields}

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        boxes = list(pilot.app.screen.query("#fields Input, #fields TextArea"))
        assert boxes
        for box in boxes:
            placeholder = str(box.placeholder)  # type: ignore[attr-defined]
            view = views[box.id]
            if not view.hint:  # no constraint: nothing, or the example
                assert placeholder in EXAMPLES | {""}, (box.id, placeholder)
                continue
            assert placeholder[0] not in "abcdefghijklmnopqrstuvwxyz", (box.id, placeholder)
            sentence, _, example = placeholder.partition(" Example: ")
            assert sentence == view.hint and sentence.endswith("."), (box.id, placeholder)
            assert example in EXAMPLES | {""}, (box.id, placeholder)
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


def test_empty_boxes_show_their_sentences(directory: Path) -> None:
    form, module = generated("every_kind:every_kind", directory)

    async def script(pilot: Pilot[None]) -> None:
        results = await push(pilot, screen_class(form, module)())
        text = screen_text(pilot.app)
        assert "A number from 0 to 1000000.5." in text  # the budget box, empty
        assert "a number" not in text
        assert focused_id(pilot) == "f-project-name"
        await pilot.press("home", "ctrl+k")  # the name's default erased: its placeholder
        await pilot.pause()
        assert "3 to 40 characters." in screen_text(pilot.app)
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)
