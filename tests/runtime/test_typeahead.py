"""Keys pressed before a form was shown never answer it (issue 24, defect 4).

Under a real pseudo-terminal: a key typed before a ``cli`` form, its review or a URL consent
prompt was on the screen is thrown away (``termios.tcflush``), so that a second Enter meant for
one form never submits the next, unseen; with ``FormRouter(compile_unknown="cli")`` and two
requests queued, a double Enter on the first form leaves the second one waiting for its user.
Piped stdin is scripted input and keeps every line (tests/targets/cli/test_target.py runs on it)."""

from __future__ import annotations

import json
import os
import select
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir

from ..support.cli import PtySession
from ..support.consent import write_generated

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: Starts ``python <argv...>`` only once a line typed on the terminal waits on stdin: the keys of
#: a test are then typed ahead of the module's first word, whatever the machine's speed.
AFTER_TYPEAHEAD = """\
import os, select, sys
ready, _, _ = select.select([0], [], [], 30)
assert ready, "nothing was typed ahead"
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""

#: A zero-field confirmation: its only question is the review's "Enter or s: submit".
CONFIRM = {"type": "object", "properties": {}}
NAME = {"type": "object", "properties": {"name": {"type": "string", "title": "Your name"}}}


def _env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
    }


def _module(schema: dict[str, object], directory: Path) -> Path:
    result = elicit_gen.compile(schema, ["cli"], stem="typeahead")
    assert result.ok
    (generated,) = result.files
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


@pytest.fixture
def launcher(tmp_path: Path) -> Path:
    path = tmp_path / "after_typeahead.py"
    path.write_text(AFTER_TYPEAHEAD, encoding="utf-8")
    return path


@pytest.fixture
def sessions() -> Iterator[list[PtySession]]:
    started: list[PtySession] = []
    yield started
    for session in started:
        session.kill()


def still_asking(session: PtySession, seconds: float = 1.5) -> None:
    """The child is still waiting for an answer ``seconds`` later: it has not exited and has
    written nothing on stdout (where its result would go)."""
    assert session.proc.stdout is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        session._pump(0.05)
        ready, _, _ = select.select([session.proc.stdout.fileno()], [], [], 0)
        assert not ready, f"the form answered by itself; screen:\n{session.screen}"
        assert session.proc.poll() is None, f"exited unanswered; screen:\n{session.screen}"


def test_enter_typed_before_a_confirmation_appeared_does_not_submit_it(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = _module(CONFIRM, tmp_path)
    message = "Transfer ownership of every repository?"
    args = (str(module), "--server", "Acme", "--message", message)
    session = PtySession(launcher, *args, env=_env())
    sessions.append(session)
    session.send("\r\r")  # two Enters, typed before the form is on the screen
    session.expect("Acme asks:\n  Transfer ownership of every repository?", timeout=60)
    session.expect("Enter or s: submit | d: decline | c: cancel")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")  # the user, having read it, declines
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}


def test_a_second_enter_after_the_last_answer_does_not_submit_the_review(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = _module(NAME, tmp_path)
    session = PtySession(launcher, str(module), "--message", "Who are you?", env=_env())
    sessions.append(session)
    session.send("\r")  # typed ahead: it must not start the form either
    session.expect("1 question. Press Enter to answer it", timeout=60)
    session.expect("  > ")
    still_asking(session, 1.0)
    session.send("\r")  # the user starts
    session.expect("(1/1) Your name (optional)")
    session.expect("  > ")
    session.send("Ada\r\r")  # the answer, and at once a second Enter: before the review showed
    session.expect("Review your answers:")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}


def test_open_typed_before_the_consent_prompt_appeared_opens_nothing(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = write_generated("cli", tmp_path)
    record = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$@" >> {record}\n', encoding="utf-8")
    browser.chmod(0o755)
    env = {**_env(), "BROWSER": str(browser)}
    args = (str(module), "--server", "Acme", "https://example.com/pay")
    session = PtySession(launcher, *args, env=env)
    sessions.append(session)
    session.send("o\r")
    session.expect("[o]pen, [d]ecline, [c]ancel:", timeout=60)
    still_asking(session)
    session.send("d\r")
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}
    assert not record.exists()


#: A client (the MCP Python SDK) whose router compiles every form on the spot (``cli``), and a
#: server with two tools that each elicit once: the second request arrives while the first form
#: is on the screen and waits its turn. Prints both tools' replies as JSON.
ROUTED = """\
import json

import anyio
from mcp.client import Client
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from elicit_gen.mcp import FormRouter

server = MCPServer("acme")


def tool(name, message, schema):
    async def ask(ctx):
        answer = await ctx.session.elicit_form(
            message=message, requested_schema=schema, related_request_id=ctx.request_id
        )
        return json.dumps(answer.model_dump(mode="json", exclude_none=True))

    ask.__annotations__ = {"ctx": Context, "return": str}
    ask.__name__ = name
    server.tool(name=name)(ask)


tool("first", "Who are you?", %(name)r)
tool("second", "Transfer ownership of every repository?", %(confirm)r)
router = FormRouter(compile_unknown="cli")


async def main():
    arrived = anyio.Event()
    replies = {}

    async def callback(context, params):
        arrived.set()
        return await router(context, params)

    with anyio.fail_after(120):
        async with Client(server, elicitation_callback=callback, mode="legacy") as client:

            async def call(name):
                reply = await client.call_tool(name, {})
                replies[name] = json.loads(reply.content[0].text)

            async with anyio.create_task_group() as group:
                group.start_soon(call, "first")
                await arrived.wait()
                group.start_soon(call, "second")
    print(json.dumps(replies))


anyio.run(main)
"""


def test_a_double_enter_on_one_routed_form_does_not_answer_the_queued_next(
    tmp_path: Path, sessions: list[PtySession]
) -> None:
    pytest.importorskip("mcp")
    script = tmp_path / "routed.py"
    script.write_text(ROUTED % {"name": NAME, "confirm": CONFIRM}, encoding="utf-8")
    session = PtySession(script, env=_env())
    sessions.append(session)
    session.expect("acme asks:\n  Who are you?", timeout=90)
    session.answer("")  # start
    session.expect("(1/1) Your name (optional)")
    session.answer("Ada")
    session.expect("Review your answers:")
    session.expect("  > ")
    session.send("\r\r")  # Enter twice: the first submits this form, the second is too many
    session.expect("acme asks:\n  Transfer ownership of every repository?", timeout=90)
    session.expect("Enter or s: submit | d: decline | c: cancel")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")
    out, code = session.finish(timeout=60)
    assert code == 0, session.screen
    assert json.loads(out) == {
        "first": {"action": "accept", "content": {"name": "Ada"}},
        "second": {"action": "decline"},
    }


# --- Textual: keys read before the screen was drawn --------------------------------------------


def _textual_module(schema: dict[str, object], directory: Path) -> tuple[ir.Form, ModuleType]:
    from ..support.cases import write_and_import

    result = elicit_gen.compile(schema, [], stem="typeahead_textual")
    assert result.ok
    (form,) = result.forms
    return form, write_and_import(form, "textual", directory)


def test_keys_read_before_a_textual_form_was_drawn_do_not_answer_it(tmp_path: Path) -> None:
    """A key event is stamped when the driver reads it from the terminal; one that reaches
    the screen only after it was drawn (the host was busy compiling it) still was typed
    before: Enter on the focused Submit, Space, Ctrl+S and Escape do nothing. A key typed
    once the screen is up does act."""
    pytest.importorskip("textual")
    from textual import events
    from textual.pilot import Pilot
    from textual.widgets import Button

    from ..support.textual import finish, in_host, push, screen_class

    form, module = _textual_module(CONFIRM, tmp_path)
    outcome: list[object] = []

    async def script(pilot: Pilot[None]) -> None:
        for name, char in (("enter", None), ("space", " "), ("ctrl+s", None), ("escape", None)):
            stale = events.Key(name, char)  # read before the screen was drawn...
            results = await push(pilot, screen_class(form, module)(server="acme"))
            for _ in range(20):
                if isinstance(pilot.app.focused, Button) and pilot.app.focused.id == "submit":
                    break
                await pilot.pause()
            assert isinstance(pilot.app.focused, Button) and pilot.app.focused.id == "submit"
            pilot.app.post_message(stale)  # ...handled now, with the Submit button focused
            await pilot.pause()
            await pilot.pause()
            outcome.append((name, list(results)))
            pilot.app.post_message(events.Key("escape", None))  # typed now: cancels
            outcome.append((name, await finish(pilot, results)))
        results = await push(pilot, screen_class(form, module)(server="acme"))
        await pilot.press("enter")  # typed once the screen is up, on the Submit button
        outcome.append(("fresh enter", await finish(pilot, results)))

    in_host(script)
    cancelled = {"action": "cancel"}
    expected: list[tuple[str, object]] = []
    for name in ("enter", "space", "ctrl+s", "escape"):
        expected += [(name, []), (name, cancelled)]
    assert outcome == [*expected, ("fresh enter", {"action": "accept", "content": {}})]


# --- Qt: keys and clicks queued before the dialog was shown --------------------------------------


def _post_stale(target: Any, kind: str) -> None:
    """Queues, for ``target``, a press and release of ``kind`` ("space", "enter", "click")
    as the window system queues input made before the dialog was on the screen."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QKeyEvent, QMouseEvent
    from PySide6.QtWidgets import QApplication

    if kind == "click":
        at = QPointF(4, 4)  # inside the button, whatever size the layout gives it
        for type_ in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
            button = Qt.MouseButton.LeftButton
            buttons = button if type_ == QEvent.Type.MouseButtonPress else Qt.MouseButton.NoButton
            event = QMouseEvent(
                type_, at, target.mapToGlobal(at), button, buttons, Qt.KeyboardModifier.NoModifier
            )
            QApplication.postEvent(target, event)
        return
    key, text = {
        "space": (Qt.Key.Key_Space, " "),
        "enter": (Qt.Key.Key_Return, "\r"),
        "y": (Qt.Key.Key_Y, "y"),
    }[kind]
    for type_ in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        event = QKeyEvent(type_, key, Qt.KeyboardModifier.NoModifier, text)
        QApplication.postEvent(target, event)


@pytest.mark.parametrize("kind", ["space", "enter", "click"])
def test_input_queued_before_a_qt_dialog_was_shown_does_not_answer_it(
    qtbot: Any, tmp_path: Path, kind: str
) -> None:
    """Space, Enter or a click queued for a zero-field confirmation's focused Submit button
    before it was shown presses nothing; the same made once it is shown does."""
    pytest.importorskip("PySide6")
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from ..support.cases import write_and_import

    result = elicit_gen.compile(CONFIRM, [], stem="typeahead_qt")
    (form,) = result.forms
    module = write_and_import(form, "qt", tmp_path)
    dialog = getattr(module, f"{form.class_name}Dialog")(server="acme")
    qtbot.addWidget(dialog)
    dialog.submit_button.setFocus()
    if kind == "enter":  # a letter first (it arms Enter), as a user who typed ahead would
        _post_stale(dialog.submit_button, "y")
    _post_stale(dialog.submit_button, kind)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitExposed(dialog)
    for _ in range(5):
        QApplication.processEvents()  # what is still queued is delivered now
    assert dialog.elicit_result() is None and dialog.isVisible()
    qtbot.waitUntil(dialog.submit_button.hasFocus, timeout=5000)
    qtbot.keyClick(dialog.submit_button, Qt.Key.Key_Space)  # pressed once it is shown
    assert dialog.elicit_result() == {"action": "accept", "content": {}}


# --- Qt: the URL consent dialog ------------------------------------------------------------------


class _Later:
    """Runs a callable when a posted event is delivered: as the window system hands over, at
    the next round of the event loop, input made earlier (timers would wait longer)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QEvent, QObject

        class Receiver(QObject):
            def __init__(self) -> None:
                super().__init__()
                self.pending: list[Any] = []

            def event(self, event: QEvent) -> bool:
                if event.type() == QEvent.Type.User and self.pending:
                    self.pending.pop(0)()
                    return True
                return super().event(event)

        self.receiver = Receiver()

    def post(self, call: Any) -> None:
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QApplication

        self.receiver.pending.append(call)
        QApplication.postEvent(self.receiver, QEvent(QEvent.Type.User))


def _consent_dialog(qtbot: Any, tmp_path: Path) -> tuple[Any, list[str]]:
    from ..support.consent import import_generated

    module = import_generated(write_generated("qt", tmp_path))
    opened: list[str] = []

    def opener(url: str) -> object:
        opened.append(url)
        return True

    dialog = module.UrlConsentDialog(
        "Pay the invoice", "https://example.com/pay", server="Acme", opener=opener
    )
    qtbot.addWidget(dialog)
    return dialog, opened


def _settled(qtbot: Any, dialog: Any) -> None:
    from PySide6.QtWidgets import QApplication

    dialog.show()
    dialog.activateWindow()
    qtbot.waitExposed(dialog)
    for _ in range(5):
        QApplication.processEvents()  # what is still queued is delivered now
    qtbot.wait(300)  # a mnemonic's click comes after a short animation


@pytest.mark.parametrize("kind", ["space", "enter", "click", "alt+o"])
def test_input_queued_before_the_qt_consent_dialog_was_shown_opens_nothing(
    qtbot: Any, tmp_path: Path, kind: str
) -> None:
    """Space, Enter, Alt+O or a click meant for the Open button, queued before the consent
    dialog was shown, neither opens nor answers; Space and Alt+O once it is shown open."""
    pytest.importorskip("PySide6")
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    dialog, opened = _consent_dialog(qtbot, tmp_path)
    dialog.open_button.setFocus()
    later = _Later()

    def alt_o() -> None:  # a real key press, through Qt's shortcut map
        with warnings.catch_warnings():  # deprecated, but what the test needs here
            warnings.simplefilter("ignore", DeprecationWarning)
            QApplication.setActiveWindow(dialog)  # shortcuts go to the active window
        QTest.keyClick(dialog.open_button, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)

    if kind == "alt+o":
        later.post(alt_o)  # delivered at the next round of the event loop: when it is shown
    else:
        _post_stale(dialog.open_button, kind)
    _settled(qtbot, dialog)
    assert opened == [] and dialog.elicit_result() is None and dialog.isVisible()
    qtbot.waitUntil(dialog.open_button.hasFocus, timeout=5000)
    qtbot.keyClick(dialog.open_button, Qt.Key.Key_Return)  # Enter never opens
    assert opened == [] and dialog.elicit_result() is None
    if kind == "alt+o":
        qtbot.keyClick(dialog, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    else:
        qtbot.keyClick(dialog.open_button, Qt.Key.Key_Space)  # pressed once it is shown
    qtbot.waitUntil(lambda: dialog.elicit_result() is not None, timeout=5000)
    assert opened == ["https://example.com/pay"]
    assert dialog.elicit_result() == {"action": "accept"}


def test_a_click_queued_before_the_qt_consent_dialog_was_shown_does_not_decline(
    qtbot: Any, tmp_path: Path
) -> None:
    """The focused Cancel button and Decline take no stale key or click either."""
    pytest.importorskip("PySide6")
    from PySide6.QtCore import Qt

    dialog, opened = _consent_dialog(qtbot, tmp_path)
    _post_stale(dialog.decline_button, "click")
    _post_stale(dialog.cancel_button, "space")
    _settled(qtbot, dialog)
    assert opened == [] and dialog.elicit_result() is None and dialog.isVisible()
    qtbot.mouseClick(dialog.decline_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "decline"}


# --- Textual: the URL consent screen -------------------------------------------------------------


def test_keys_read_before_the_textual_consent_screen_was_drawn_open_nothing(
    tmp_path: Path,
) -> None:
    """Enter on the Open button, or Escape, read before the consent screen was drawn does
    nothing; Enter right after it opens presses nothing (the destination has the focus); Enter
    once the user moved to Open opens."""
    pytest.importorskip("textual")
    from textual import events
    from textual.pilot import Pilot
    from textual.widgets import Button

    from ..support.consent import import_generated
    from ..support.textual import finish, in_host, push

    module = import_generated(write_generated("textual", tmp_path))
    opened: list[str] = []

    def opener(url: str) -> object:
        opened.append(url)
        return True

    def screen() -> Any:
        return module.UrlConsentScreen(
            "Pay the invoice", "https://example.com/pay", server="Acme", opener=opener
        )

    outcome: list[object] = []

    async def script(pilot: Pilot[None]) -> None:
        for name in ("enter", "escape"):
            stale = events.Key(name, None)  # read before the screen was drawn...
            shown = screen()
            results = await push(pilot, shown)
            await pilot.pause()
            shown.query_one("#open", Button).focus()
            await pilot.pause()
            pilot.app.post_message(stale)  # ...handled now, with the Open button focused
            await pilot.pause()
            await pilot.pause()
            outcome.append((name, list(results), list(opened)))
            pilot.app.post_message(events.Key("escape", None))  # typed now: cancels
            outcome.append((name, await finish(pilot, results)))
        results = await push(pilot, screen())
        await pilot.pause()
        await pilot.press("enter")  # typed once the screen is up: the destination has focus
        outcome.append(("fresh enter", list(results), list(opened)))
        pilot.app.screen.query_one("#open", Button).focus()
        await pilot.pause()
        await pilot.press("enter")  # on Open, once the screen is up
        outcome.append(("open", await finish(pilot, results), list(opened)))

    in_host(script)
    cancelled = {"action": "cancel"}
    expected: list[object] = []
    for name in ("enter", "escape"):
        expected += [(name, [], []), (name, cancelled)]
    expected += [
        ("fresh enter", [], []),
        ("open", {"action": "accept"}, ["https://example.com/pay"]),
    ]
    assert outcome == expected
