""":class:`elicit_gen.mcp.qt.QtRunner` answering a real MCP server: a ``MCPServer`` and a
``Client`` from the SDK over its in-memory transport, the client's asyncio loop in a background
thread, Qt (offscreen, pytest-qt) in the main thread. The router compiles every form at run time
(``compile_unknown="qt"``): no generated file exists. The tests find the dialog the runner opened
and drive it with real key input and clicks, then check what the server's tool received,
validated by the pydantic models :func:`elicit_gen.load_form` compiles."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio
import concurrent.futures
import subprocess
import sys
from collections.abc import Callable, Coroutine, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")
pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from mcp import types
from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation
from mcp.server.mcpserver import Context
from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter
from elicit_gen.mcp.qt import QtRunner

from ..support.cases import ROOT, all_forms, forms, valid_content
from ..support.live import own_classes
from ..support.loop import LoopThread
from ..support.mcp import (
    CONFORMANCE_ENUMS_CONTENT,
    MODES,
    SERVER_NAME,
    Received,
    ServerSaw,
    add_exact_tool,
    add_raw_tool,
    add_sdk_tool,
    answers,
    call,
    call_not_shown,
    conformance_defaults_content,
)
from ..support.mcp import cli_runner as scripted_cli_runner
from ..support.qt import fill

FORMS = all_forms()
IDS = [key for key, _ in FORMS]
#: Every wait on the GUI side, in milliseconds (a busy 2-core machine; a stuck test fails).
WAIT_MS = 20_000


# --- the client's loop in a background thread ----------------------------------------------------


def elicitation_dialogs() -> list[QDialog]:
    """The form dialogs on screen now."""
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, QDialog)
        and widget.objectName() == "elicitation"
        and widget.isVisible()
    ]


def wait_for_dialog(qtbot: QtBot) -> Any:  # the compiled FormDialog
    """The one dialog the runner opened, once it is shown and active (bounded wait)."""
    qtbot.waitUntil(lambda: bool(elicitation_dialogs()), timeout=WAIT_MS)
    (dialog,) = elicitation_dialogs()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=WAIT_MS)
    return dialog


def closed(dialog: QDialog) -> Callable[[], bool]:
    return lambda: dialog not in elicitation_dialogs()


def qtbot_app() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def result_of(qtbot: QtBot, future: concurrent.futures.Future[Any]) -> Any:
    qtbot.waitUntil(future.done, timeout=WAIT_MS)
    return future.result(timeout=0)


@contextmanager
def running(
    client_loop: LoopThread, coro: Coroutine[Any, Any, Any]
) -> Iterator[concurrent.futures.Future[Any]]:
    """Runs ``coro`` (an MCP session) on the client's loop; a test that fails half-way leaves no
    session running and no dialog open behind it."""
    future = client_loop.submit(coro)
    try:
        yield future
    finally:
        if not future.done():
            future.cancel()
        for dialog in elicitation_dialogs():
            dialog.reject()


class Recording:
    """A runner that records what the router handed the real one, and how its await ended."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner
        self.modules: list[ModuleType] = []
        self.ended: list[str] = []
        self.showing = 0  # forms being shown now
        self.most = 0  # at most at once

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        self.modules.append(module)
        self.showing += 1
        self.most = max(self.most, self.showing)
        try:
            result: Mapping[str, Any] = await self.runner(module, message, server)
        except asyncio.CancelledError:
            self.ended.append("cancelled")
            raise
        finally:
            self.showing -= 1
        self.ended.append("answered")
        return result


def content_model(models: ModuleType) -> type[BaseModel]:
    (model,) = [
        value
        for name, value in vars(models).items()
        if name.endswith("Content")
        and isinstance(value, type)
        and issubclass(value, BaseModel)
        and value.__module__ == models.__name__
    ]
    return model


def server_asking(form: ir.Form, received: Received) -> tuple[MCPServer, str, type[BaseModel]]:
    """A server whose tool ``ask`` elicits ``form`` with the SDK's own machinery (or verbatim,
    where the SDK cannot render the model) and the content model compiled in memory; returns it,
    the message and the model."""
    models = elicit_gen.load_form(form.schema, "pydantic")
    model = content_model(models)
    message = form.message or models.MESSAGE
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", message, model, received, models.REQUESTED_SCHEMA)
    return server, message, model


# --- every golden form, answered through the Qt dialog -------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("key", "form"), FORMS, ids=IDS)
def test_every_golden_form_answered_through_the_compiled_qt_dialog(
    qtbot: QtBot, client_loop: LoopThread, key: str, form: ir.Form, mode: str
) -> None:
    content = valid_content(form)
    received = Received()
    server, message, model = server_asking(form, received)
    runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=runner)
    assert router.modules == []  # nothing registered, nothing generated on disk
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        assert dialog.thread() is qtbot_app().thread()  # made in the GUI thread
        assert dialog.message == message
        if mode == "legacy":  # the name from serverInfo (2026-07-28 sends none before a call)
            assert dialog.server == SERVER_NAME
        fill(qtbot, dialog, form, content)
        qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
        reply, _ = result_of(qtbot, session)
    assert reply == {"action": "accept", "content": content}
    ((_, outcome),) = received.outcomes
    assert isinstance(outcome, AcceptedElicitation)
    assert isinstance(outcome.data, model)
    assert outcome.data.model_dump(mode="json", by_alias=True, exclude_unset=True) == content
    (module,) = runner.modules
    assert module.__name__.startswith("elicit_gen.live.")  # compiled in memory
    assert runner.ended == ["answered"]
    qtbot.waitUntil(lambda: not elicitation_dialogs(), timeout=WAIT_MS)


@pytest.mark.parametrize("mode", MODES)
def test_conformance_defaults_through_the_qt_dialog(
    qtbot: QtBot, client_loop: LoopThread, mode: str
) -> None:
    """SEP-1034: the compiled dialog submitted untouched sends every default back, typed."""
    (form,) = forms("defaults")
    received = Received()
    server, _, _ = server_asking(form, received)
    router = FormRouter(compile_unknown="qt", runner=QtRunner())
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
        reply, _ = result_of(qtbot, session)
    assert reply["action"] == "accept"
    assert conformance_defaults_content(reply["content"]) == []
    assert reply["content"]["score"] == 95.5 and type(reply["content"]["age"]) is int


@pytest.mark.parametrize("mode", MODES)
def test_conformance_enums_through_the_qt_dialog(
    qtbot: QtBot, client_loop: LoopThread, mode: str
) -> None:
    """SEP-1330: the scenario's answer, chosen in the compiled dialog, reaches the server."""
    (form,) = forms("enums")
    received = Received()
    server, _, model = server_asking(form, received)
    router = FormRouter(compile_unknown="qt", runner=QtRunner())
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        fill(qtbot, dialog, form, CONFORMANCE_ENUMS_CONTENT)
        qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
        reply, _ = result_of(qtbot, session)
    assert reply == {"action": "accept", "content": CONFORMANCE_ENUMS_CONTENT}
    ((_, outcome),) = received.outcomes
    assert isinstance(outcome, AcceptedElicitation) and isinstance(outcome.data, model)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("button", ["decline", "cancel"])
def test_decline_and_cancel_buttons_reach_the_server(
    qtbot: QtBot, client_loop: LoopThread, button: str, mode: str
) -> None:
    (form,) = forms("contact")
    received = Received()
    server, _, _ = server_asking(form, received)
    router = FormRouter(compile_unknown="qt", runner=QtRunner())
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        fill(qtbot, dialog, form, valid_content(form))  # typed, then thrown away
        qtbot.mouseClick(getattr(dialog, f"{button}_button"), Qt.MouseButton.LeftButton)
        reply, _ = result_of(qtbot, session)
    assert reply == {"action": button}
    ((_, outcome),) = received.outcomes
    assert outcome.action == button
    qtbot.waitUntil(lambda: not elicitation_dialogs(), timeout=WAIT_MS)


def test_a_registered_module_still_wins(qtbot: QtBot, client_loop: LoopThread) -> None:
    """A registered (CLI) module answers its schema; another schema gets the compiled dialog."""
    (contact,) = forms("contact")
    (formats,) = forms("formats")
    received = Received()
    server = MCPServer(SERVER_NAME)
    for name, form in (("ask_contact", contact), ("ask_formats", formats)):
        models = elicit_gen.load_form(form.schema, "pydantic")
        add_sdk_tool(server, name, form.message or models.MESSAGE, content_model(models), received)
    cli = elicit_gen.load_form(contact.schema, "cli")
    content = valid_content(contact)
    transcripts: list[str] = []
    qt_runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=qt_runner)
    router.register(cli, runner=scripted_cli_runner(answers(contact, content), transcripts))

    with running(client_loop, call(server, "legacy", router, "ask_contact")) as session:
        reply, _ = result_of(qtbot, session)
    assert reply == {"action": "accept", "content": content}
    assert len(transcripts) == 1
    assert qt_runner.modules == []  # the Qt runner was never asked

    other = valid_content(formats)
    with running(client_loop, call(server, "legacy", router, "ask_formats")) as session:
        dialog = wait_for_dialog(qtbot)
        fill(qtbot, dialog, formats, other)
        qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
        reply, _ = result_of(qtbot, session)
    assert reply == {"action": "accept", "content": other}
    assert len(qt_runner.modules) == 1 and len(transcripts) == 1


# --- cancellation and one form at a time ---------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_cancelled_client_request_closes_the_dialog(
    qtbot: QtBot, client_loop: LoopThread, mode: str
) -> None:
    """The client's call is abandoned while the dialog is open (its task cancelled): the runner's
    await ends in CancelledError and the dialog leaves the screen."""
    (form,) = forms("contact")
    received = Received()
    server, _, _ = server_asking(form, received)
    runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=runner)
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        shown = dialog.windowTitle()
        assert session.cancel()
        qtbot.waitUntil(lambda: not elicitation_dialogs(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: runner.ended == ["cancelled"], timeout=WAIT_MS)
    assert shown  # the dialog was a real, titled window until then
    assert received.outcomes == []


def discard_questions() -> list[QMessageBox]:
    """The "Discard your answers?" questions on screen now."""
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, QMessageBox)
        and widget.objectName() == "discard_question"
        and widget.isVisible()
    ]


@pytest.mark.parametrize("mode", MODES)
def test_a_cancelled_request_takes_the_discard_question_with_it(
    qtbot: QtBot, client_loop: LoopThread, mode: str
) -> None:
    """The user changed the form and pressed Escape ("Discard your answers?" is up) when the
    request is cancelled: the dialog and its question both leave the screen."""
    (form,) = forms("contact")
    server, _, _ = server_asking(form, Received())
    runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=runner)
    assert discard_questions() == []  # none left behind by the tests before
    with running(client_loop, call(server, mode, router, "ask")) as session:
        dialog = wait_for_dialog(qtbot)
        first = form.fields[0].name
        qtbot.keyClicks(dialog.field_widget(first), "Ada")
        qtbot.keyClick(dialog.field_widget(first), Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: bool(discard_questions()), timeout=WAIT_MS)
        assert dialog.isVisible()
        assert session.cancel()
        qtbot.waitUntil(lambda: not elicitation_dialogs(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not discard_questions(), timeout=WAIT_MS)
    assert runner.ended == ["cancelled"]


def test_a_host_that_keeps_the_dialog_is_left_no_question(qtbot: QtBot) -> None:
    """A host that takes a form away with ``cancel()`` and keeps the dialog object (the runner
    deletes its dialogs; an application embedding one may not): the question goes too. (It used
    to stay on screen, and the dialogs of the next tests were not the only ones.)"""
    (form,) = forms("contact")
    module = elicit_gen.load_form(form.schema, "qt")
    (dialog_class,) = own_classes(module, "Dialog")
    dialog = dialog_class(server="acme")
    qtbot.addWidget(dialog, before_close_func=lambda d: d.cancel())
    dialog.show()
    qtbot.waitExposed(dialog)
    first = form.fields[0].name
    qtbot.keyClicks(dialog.field_widget(first), "Ada")
    qtbot.keyClick(dialog.field_widget(first), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: bool(discard_questions()), timeout=WAIT_MS)
    dialog.cancel()
    assert dialog.elicit_result() == {"action": "cancel"}
    assert not dialog.isVisible() and discard_questions() == []


def test_a_request_the_server_cancels_closes_the_dialog(
    qtbot: QtBot, client_loop: LoopThread
) -> None:
    """2025-11-25: the server's tool gives up on its ``elicitation/create`` (its task is
    cancelled); the SDK sends ``notifications/cancelled``, the client cancels the callback, and the
    runner closes the dialog."""
    (form,) = forms("contact")
    give_up: list[anyio.Event] = []

    async def tool(ctx: Context) -> str:
        gave_up = anyio.Event()
        give_up.append(gave_up)
        outcome = "answered"
        async with anyio.create_task_group() as group:

            async def ask() -> None:
                await ctx.session.elicit_form(
                    message="Who are you?",
                    requested_schema=dict(form.schema),
                    related_request_id=ctx.request_id,
                )
                group.cancel_scope.cancel()

            group.start_soon(ask)
            await gave_up.wait()
            outcome = "gave up"
            group.cancel_scope.cancel()
        return f'"{outcome}"'

    tool.__annotations__ = {"ctx": Context, "return": str}
    server = MCPServer(SERVER_NAME)
    server.tool(name="ask")(tool)
    runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=runner)
    with running(client_loop, call(server, "legacy", router, "ask")) as session:
        wait_for_dialog(qtbot)
        (gave_up,) = give_up
        client_loop.call_soon(gave_up.set)
        qtbot.waitUntil(lambda: not elicitation_dialogs(), timeout=WAIT_MS)
        reply, _ = result_of(qtbot, session)
    assert reply == "gave up"
    assert runner.ended == ["cancelled"]


def test_two_requests_at_once_are_shown_one_at_a_time(
    qtbot: QtBot, client_loop: LoopThread
) -> None:
    """2026-07-28: one ``input_required`` result carries two elicitations, which the SDK hands to
    the callback concurrently; the router's lock keeps the second dialog back until the first
    is answered."""
    both = forms("input_required")
    received = Received()
    server = MCPServer(SERVER_NAME)
    questions = []
    for form in both:
        models = elicit_gen.load_form(form.schema, "pydantic")
        sent = _with_message(models, form.message or "")
        questions.append((form.stem, sent, content_model(models)))
    add_exact_tool(server, "ask", questions, received)
    runner = Recording(QtRunner())
    router = FormRouter(compile_unknown="qt", runner=runner)
    entered = [0]

    async def callback(context: Any, params: types.ElicitRequestParams) -> Any:
        entered[0] += 1
        return await router(context, params)

    by_message = {form.message: form for form in both}
    contents = {form.stem: valid_content(form) for form in both}
    with running(client_loop, call(server, "2026-07-28", callback, "ask")) as session:
        for answered in range(2):
            dialog = wait_for_dialog(qtbot)
            # both requests are in the router, and still only one dialog is on screen
            qtbot.waitUntil(lambda: entered[0] == 2, timeout=WAIT_MS)
            assert elicitation_dialogs() == [dialog]
            form = by_message[dialog.message]
            fill(qtbot, dialog, form, contents[form.stem])
            qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
            if answered == 0:
                qtbot.waitUntil(closed(dialog), timeout=WAIT_MS)
        reply, _ = result_of(qtbot, session)
    assert reply == {
        stem: {"action": "accept", "content": content} for stem, content in contents.items()
    }
    assert runner.most == 1 and runner.ended == ["answered", "answered"]


def _with_message(models: ModuleType, message: str) -> ModuleType:
    """A stand-in for a generated pydantic module whose MESSAGE is the case's own."""
    stand_in = ModuleType(models.__name__)
    stand_in.REQUESTED_SCHEMA = models.REQUESTED_SCHEMA  # type: ignore[attr-defined]
    stand_in.MESSAGE = message  # type: ignore[attr-defined]
    return stand_in


# --- the loop in the GUI thread ------------------------------------------------------------------


async def _pump_qt() -> None:
    """The simplest integration of the two loops: asyncio drives, Qt's events are processed
    between its steps (qasync and PySide6.QtAsyncio do it the other way round)."""
    while True:
        QApplication.processEvents()
        await asyncio.sleep(0.005)


async def _until(condition: Any, seconds: float = WAIT_MS / 1000) -> None:
    with anyio.fail_after(seconds):
        while not condition():
            await asyncio.sleep(0.01)


@pytest.mark.parametrize("mode", MODES)
def test_the_loop_in_the_gui_thread(qtbot: QtBot, mode: str) -> None:
    """Set-up (b): the client's loop runs in the GUI thread. The runner opens the dialog
    directly (no bridge, no nested event loop), and a cancelled request closes it."""
    (form,) = forms("every_kind")
    content = valid_content(form)
    received = Received()
    server, _, _ = server_asking(form, received)
    qt_runner = QtRunner()
    router = FormRouter(compile_unknown="qt", runner=qt_runner)

    async def main() -> tuple[Any, bool]:
        pump = asyncio.create_task(_pump_qt())
        try:
            client = asyncio.create_task(call(server, mode, router, "ask"))
            await _until(lambda: len(elicitation_dialogs()) == 1)
            dialog: Any = elicitation_dialogs()[0]
            await _until(lambda: QApplication.activeWindow() is dialog)
            fill(qtbot, dialog, form, content)
            qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)
            reply, _ = await asyncio.wait_for(client, WAIT_MS / 1000)

            second = asyncio.create_task(call(server, mode, router, "ask"))
            await _until(lambda: len(elicitation_dialogs()) == 1)
            second.cancel()
            with pytest.raises(asyncio.CancelledError):
                await asyncio.wait_for(second, WAIT_MS / 1000)
            await _until(lambda: not elicitation_dialogs())
            return reply, second.cancelled()
        finally:
            pump.cancel()

    reply, cancelled = asyncio.run(main())
    assert reply == {"action": "accept", "content": content}
    assert cancelled
    assert qt_runner._bridge is None  # the same-thread path: no cross-thread bridge was made


# --- a request that is not shown ----------------------------------------------------------------

#: A request no form of this client can show faithfully: a keyword beyond what forms enforce.
UNSHOWABLE = {
    "type": "object",
    "properties": {"file": {"type": "string", "contentEncoding": "base64"}},
}
NOT_SHOWN_TEXT = (
    "This request was not shown: this app's forms cannot check everything it asks for "
    "(`contentEncoding`). The server has been told."
)


def not_shown_boxes() -> list[QMessageBox]:
    """The "not shown" messages on screen now."""
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, QMessageBox)
        and widget.objectName() == "elicitation_not_shown"
        and widget.isVisible()
    ]


@contextmanager
def closing_boxes() -> Iterator[None]:
    """A test that fails half-way leaves no message box up behind it."""
    try:
        yield
    finally:
        for box in not_shown_boxes():
            box.done(0)


@pytest.mark.parametrize("mode", MODES)
def test_a_request_not_shown_is_a_message_the_user_closes(
    qtbot: QtBot, client_loop: LoopThread, mode: str
) -> None:
    """Set-up (a): the server gets a JSON-RPC error; the user a non-modal message box (made in
    the GUI thread) naming the server and the reason, as plain text. While it is up the app goes
    on: the next request's form is shown and answered; then the user closes the message."""
    server = MCPServer(SERVER_NAME)
    saw = ServerSaw()
    add_raw_tool(server, "ask_file", "Upload your file", UNSHOWABLE, saw)
    (form,) = forms("contact")
    received = Received()
    models = elicit_gen.load_form(form.schema, "pydantic")
    add_sdk_tool(server, "ask", models.MESSAGE, content_model(models), received)
    router = FormRouter(compile_unknown="qt", runner=QtRunner())
    with closing_boxes():
        with running(client_loop, call_not_shown(server, mode, router, "ask_file", saw)) as done:
            error = result_of(qtbot, done)
        assert error["code"] == -32602 and error["data"] == {"reason": "unenforced"}
        qtbot.waitUntil(lambda: bool(not_shown_boxes()), timeout=WAIT_MS)
        (box,) = not_shown_boxes()
        assert box.thread() is qtbot_app().thread()
        assert not box.isModal() and box.windowModality() == Qt.WindowModality.NonModal
        assert box.textFormat() == Qt.TextFormat.PlainText
        requester = SERVER_NAME if mode == "legacy" else "An MCP server"
        assert box.windowTitle() == "Request not shown"  # not the server's words alone
        assert box.text() == f"{requester}\n{NOT_SHOWN_TEXT}"
        # The app goes on: a form while the message is up, answered.
        with running(client_loop, call(server, mode, router, "ask")) as session:
            dialog = wait_for_dialog(qtbot)
            qtbot.mouseClick(dialog.decline_button, Qt.MouseButton.LeftButton)
            reply, _ = result_of(qtbot, session)
        assert reply == {"action": "decline"}  # the user's own decline, this time
        assert not_shown_boxes() == [box]
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Close), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not not_shown_boxes(), timeout=WAIT_MS)


def test_a_flood_of_requests_not_shown_is_one_message_that_counts_them(
    qtbot: QtBot, client_loop: LoopThread
) -> None:
    """Issue 40 defect 6: 200 cheap refused requests from one server opened 200 message boxes.
    Now one is up per server, counting the rest; once the user closes it, the next request not
    shown opens a new one. Another server gets its own."""
    from ..support.mcp import add_flood_tool

    server, other = MCPServer(SERVER_NAME), MCPServer("other")
    add_flood_tool(server, "flood", UNSHOWABLE, 200)
    saw = ServerSaw()
    add_raw_tool(server, "ask_file", "Upload your file", UNSHOWABLE, saw)
    add_raw_tool(other, "ask_file", "Upload your file", UNSHOWABLE, ServerSaw())
    router = FormRouter(compile_unknown="qt", runner=QtRunner())
    more = "And 199 more requests were not shown."
    with closing_boxes():
        with running(client_loop, call(server, "legacy", router, "flood")) as done:
            reply, _ = result_of(qtbot, done)
        assert reply == 200  # every request got its error
        qtbot.waitUntil(
            lambda: any(more in box.text() for box in not_shown_boxes()), timeout=WAIT_MS
        )
        qtbot.wait(50)  # nothing queued behind it opens another
        (box,) = not_shown_boxes()
        assert box.text() == f"{SERVER_NAME}\n{NOT_SHOWN_TEXT}\n{more}"
        with running(client_loop, call_not_shown(other, "legacy", router, "ask_file", ServerSaw())):
            qtbot.waitUntil(lambda: len(not_shown_boxes()) == 2, timeout=WAIT_MS)
        assert sorted(b.text().split("\n")[0] for b in not_shown_boxes()) == [SERVER_NAME, "other"]
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Close), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(not_shown_boxes()) == 1, timeout=WAIT_MS)
        with running(client_loop, call_not_shown(server, "legacy", router, "ask_file", saw)) as one:
            result_of(qtbot, one)
        qtbot.waitUntil(lambda: len(not_shown_boxes()) == 2, timeout=WAIT_MS)
        (fresh,) = [b for b in not_shown_boxes() if b.text().startswith(SERVER_NAME)]
        assert fresh is not box and fresh.text() == f"{SERVER_NAME}\n{NOT_SHOWN_TEXT}"


def test_a_request_not_shown_with_the_loop_in_the_gui_thread(qtbot: QtBot) -> None:
    """Set-up (b): the message box is opened directly, with no bridge."""
    server = MCPServer(SERVER_NAME)
    saw = ServerSaw()
    add_raw_tool(server, "ask", "Upload your file", UNSHOWABLE, saw)
    qt_runner = QtRunner()
    router = FormRouter(compile_unknown="qt", runner=qt_runner)

    async def main() -> dict[str, Any]:
        pump = asyncio.create_task(_pump_qt())
        try:
            error = await call_not_shown(server, "legacy", router, "ask", saw)
            await _until(lambda: bool(not_shown_boxes()))
            return error
        finally:
            pump.cancel()

    with closing_boxes():
        error = asyncio.run(main())
        assert error["data"] == {"reason": "unenforced"}
        (box,) = not_shown_boxes()
        assert box.text() == f"{SERVER_NAME}\n{NOT_SHOWN_TEXT}"
    assert qt_runner._bridge is None


# --- misuse --------------------------------------------------------------------------------------


def test_without_a_qapplication_the_runner_says_what_to_do() -> None:
    script = (
        "import asyncio, elicit_gen\n"
        "from elicit_gen.mcp.qt import QtRunner\n"
        "module = elicit_gen.load_form({'type': 'object', 'properties': {}}, 'qt')\n"
        "try:\n"
        "    asyncio.run(QtRunner()(module, 'Hi', None))\n"
        "except RuntimeError as error:\n"
        "    print(error)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
        check=True,
    )
    assert "QtRunner needs a QApplication: create one" in done.stdout, done.stderr


def test_a_module_without_a_dialog_is_refused(qtbot: QtBot) -> None:
    cli = elicit_gen.load_form(forms("contact")[0].schema, "cli")
    with pytest.raises(TypeError, match="not a generated Qt module"):
        asyncio.run(QtRunner()(cli, "Hi", None))


def test_a_generated_file_module_finds_its_own_dialog(tmp_path: Path) -> None:
    """A ``*_qt.py`` file compiled ahead defines the runtime's ``_FormDialog`` and the form's
    ``<Class>Dialog``: the runner shows the form's."""
    from elicit_gen.mcp.qt import _dialog_class

    from ..support.cases import write_and_import

    form = forms("contact")[0]
    module = write_and_import(form, "qt", tmp_path)
    assert _dialog_class(module).__name__ == f"{form.class_name}Dialog"


class _Broken(QDialog):
    def __init__(self, message: str | None = None, *, server: str | None = None) -> None:
        super().__init__()
        raise ValueError("no dialog today")


def test_a_dialog_that_fails_to_build_fails_the_await(
    qtbot: QtBot, client_loop: LoopThread
) -> None:
    """An exception from the dialog's constructor (raised in the GUI thread) reaches the task
    that awaits the form, instead of leaving it waiting forever."""
    broken = ModuleType("broken_qt")
    broken.BrokenDialog = type("BrokenDialog", (_Broken,), {"__module__": "broken_qt"})  # type: ignore[attr-defined]
    session = client_loop.submit(QtRunner()(broken, "Hi", None))
    qtbot.waitUntil(session.done, timeout=WAIT_MS)
    with pytest.raises(ValueError, match="no dialog today"):
        session.result(timeout=0)
    assert not elicitation_dialogs()


# --- issue 24: a completion reaches the dialog of its own request only ---------------------------


def test_two_sessions_with_one_elicitation_id_keep_their_own_dialogs(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers (two client sessions) may both name a URL-mode step "e-1": after Open, each
    consent dialog waits for its own request, and completing one request completes its dialog
    only (the runner once kept one dialog per elicitationId, so A's completion closed B's)."""
    from elicit_gen.mcp import UrlRequest

    from ..support.consent import Recorder
    from ..support.qt import consent_dialogs, label

    module = elicit_gen.load_url_consent("qt")
    recorder = Recorder()
    monkeypatch.setattr(module, "_open_in_browser", recorder)
    runner = QtRunner()
    first = UrlRequest("Sign in to A", "https://a.example.com/x", server="A", elicitation_id="e-1")
    second = UrlRequest("Sign in to B", "https://b.example.org/y", server="B", elicitation_id="e-1")

    async def pump() -> None:
        while True:
            QApplication.processEvents()
            await asyncio.sleep(0.005)

    async def until(condition: Callable[[], bool]) -> None:
        with anyio.fail_after(WAIT_MS / 1000):
            while not condition():
                await asyncio.sleep(0.01)

    async def main() -> list[str]:
        pumping = asyncio.create_task(pump())
        dialogs: list[Any] = []
        try:
            for request in (first, second):
                shown = asyncio.create_task(runner.show_url(module, request))
                await until(lambda: len(consent_dialogs()) == len(dialogs) + 1)
                (dialog,) = [d for d in consent_dialogs() if d not in dialogs]
                dialog.open_in_browser()
                assert await asyncio.wait_for(shown, WAIT_MS / 1000) == {"action": "accept"}
                dialogs.append(dialog)
            statuses = [label(d, "status") for d in dialogs]
            runner.complete_url(module, first)
            await until(lambda: statuses[0].text() == "Completed in your browser.")
            await asyncio.sleep(0.2)
            texts = [status.text() for status in statuses]
            await until(lambda: consent_dialogs() == [dialogs[1]])
            runner.complete_url(module, second)
            await until(lambda: not consent_dialogs())
        finally:
            pumping.cancel()
        return texts

    texts = asyncio.run(main())
    assert texts[0] == "Completed in your browser."
    assert texts[1].startswith("Continue in your browser. B "), texts
    assert recorder.calls == [first.url, second.url]
    assert runner._waiting == {}
