"""The generated Textual form answering a real MCP server: the client runs inside a Textual app
(``run_test``), :class:`elicit_gen.mcp.TextualRunner` pushes the generated screen when the
request arrives, and the pilot fills it in with the keyboard."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")
pytest.importorskip("textual")

from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation
from textual.app import App
from textual.pilot import Pilot

from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter, TextualRunner

from ..support.cases import forms, valid_content
from ..support.mcp import SERVER_NAME, Received, add_exact_tool, add_sdk_tool, call, content_model
from ..support.mcp import generated as generate
from ..support.textual import SIZE, fill, ready, screen_text


class Host(App[None]):
    """An MCP client application with nothing on screen until a server asks."""


def _session(
    tmp_path: Path, form: ir.Form, mode: str, tool: str, keys: Any
) -> tuple[dict[str, Any], Received, str]:
    models = generate(form, "pydantic", tmp_path)
    tui = generate(form, "textual", tmp_path)
    model = content_model(models, form)
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", models.MESSAGE, model, received)
    add_exact_tool(server, "exact", [("form", models, model)], received)
    screen_class = getattr(tui, f"{form.class_name}Screen")
    seen: list[str] = []

    async def main() -> dict[str, Any]:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            router = FormRouter([tui], runner=TextualRunner(app))
            client = asyncio.create_task(call(server, mode, router, tool))
            await ready(pilot, lambda top: isinstance(top, screen_class))
            seen.append(screen_text(app))
            await keys(pilot)
            reply, _ = await asyncio.wait_for(client, 30)
            return reply

    return asyncio.run(main()), received, seen[0]


@pytest.mark.parametrize(
    ("case", "mode", "tool"),
    [
        ("contact", "legacy", "ask"),
        ("enums", "2026-07-28", "ask"),
        ("every_kind", "2026-07-28", "exact"),
        ("travel_booking", "legacy", "exact"),
    ],
)
def test_textual_form_answers_the_server(tmp_path: Path, case: str, mode: str, tool: str) -> None:
    (form,) = forms(case)
    content = valid_content(form)

    async def keys(pilot: Pilot[Any]) -> None:
        await fill(pilot, form, content, paste=True)  # (typing: the Textual target's tests)
        await pilot.press("enter")

    reply, received, shown = _session(tmp_path, form, mode, tool, keys)
    got = reply if tool == "ask" else reply["form"]
    assert got == {"action": "accept", "content": content}
    _, outcome = received.outcomes[0]
    assert isinstance(outcome, AcceptedElicitation)
    if mode == "legacy":
        assert SERVER_NAME in shown


def test_textual_defaults_accepted_untouched(tmp_path: Path) -> None:
    """The conformance defaults case through the Textual form: Tab to Submit, Enter."""
    (form,) = forms("defaults")

    async def keys(pilot: Pilot[Any]) -> None:
        await fill(pilot, form, {})
        await pilot.press("enter")

    reply, _, _ = _session(tmp_path, form, "2026-07-28", "ask", keys)
    assert reply == {
        "action": "accept",
        "content": {
            "name": "John Doe",
            "age": 30,
            "score": 95.5,
            "status": "active",
            "verified": True,
        },
    }
    assert type(reply["content"]["score"]) is float


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_textual_escape_cancels(tmp_path: Path, mode: str) -> None:
    (form,) = forms("contact")

    async def keys(pilot: Pilot[Any]) -> None:
        await pilot.press("escape")

    reply, received, _ = _session(tmp_path, form, mode, "ask", keys)
    assert reply == {"action": "cancel"}
    assert received.outcomes[0][1].action == "cancel"


def test_a_cancelled_request_takes_the_form_off_the_screen(tmp_path: Path) -> None:
    """2026-07-28: the client's call is abandoned while the form is shown (the driver task is
    cancelled); the pushed screen is dismissed instead of waiting forever."""
    (form,) = forms("contact")
    models = generate(form, "pydantic", tmp_path)
    tui = generate(form, "textual", tmp_path)
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", models.MESSAGE, content_model(models, form), Received())
    screen_class = getattr(tui, f"{form.class_name}Screen")

    async def main() -> tuple[bool, bool]:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            router = FormRouter([tui], runner=TextualRunner(app))
            client = asyncio.create_task(call(server, "2026-07-28", router, "ask"))
            await ready(pilot, lambda top: isinstance(top, screen_class))
            client.cancel()
            with pytest.raises(asyncio.CancelledError):
                await client
            await pilot.pause()
            return client.cancelled(), isinstance(app.screen, screen_class)

    cancelled, still_shown = asyncio.run(main())
    assert cancelled
    assert not still_shown


#: A request no form of this client can show faithfully: a keyword beyond what forms enforce.
UNSHOWABLE = {
    "type": "object",
    "properties": {"file": {"type": "string", "contentEncoding": "base64"}},
}


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_a_request_not_shown_is_a_notification_on_the_app(mode: str) -> None:
    """The app is told, as a toast the user can read and dismiss, which server asked and why;
    the app keeps running (the next request is answered); the server gets a JSON-RPC error."""
    from textual.widgets._toast import Toast

    from ..support.mcp import ServerSaw, add_raw_tool, call_not_shown

    server = MCPServer(SERVER_NAME)
    saw = ServerSaw()
    add_raw_tool(server, "ask", "Upload your file", UNSHOWABLE, saw)

    async def main() -> tuple[dict[str, Any], list[Any], list[str], bool]:
        app = Host()
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            router = FormRouter(compile_unknown="textual", runner=TextualRunner(app))
            error = await asyncio.wait_for(call_not_shown(server, mode, router, "ask", saw), 30)
            for _ in range(500):  # the toast is mounted and laid out on the next refreshes
                if any(toast.region.area for toast in app.screen.query(Toast)):
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            notes = list(app._notifications)
            texts = [str(toast.render()) for toast in app.screen.query(Toast)]
            await pilot.click(Toast)  # the user dismisses it; the app goes on
            for _ in range(500):
                if not app.screen.query(Toast):
                    break
                await pilot.pause(0.02)
            assert not app.screen.query(Toast) and not app._notifications
            return error, notes, texts, app.is_running

    error, notes, texts, running = asyncio.run(main())
    assert error["code"] == -32602 and error["data"] == {"reason": "unenforced"}
    assert "`contentEncoding`" in error["message"]
    (note,) = notes
    requester = SERVER_NAME if mode == "legacy" else "An MCP server"
    assert note.title == requester and note.severity == "warning" and not note.markup
    assert note.message == (
        "This request was not shown: this app's forms cannot check everything it asks for "
        "(`contentEncoding`). The server has been told."
    )
    (text,) = texts
    assert requester in text and "This request was not shown" in text
    assert running


def test_a_flood_of_requests_not_shown_is_one_toast_that_counts_them() -> None:
    """Issue 40 defect 6: 200 refused requests of one server stacked 200 toasts. Now one is up
    per server, counting the rest; once the user dismisses it, the next request not shown is a
    toast of its own again."""
    from textual.widgets._toast import Toast

    from ..support.mcp import ServerSaw, add_flood_tool, add_raw_tool, call_not_shown

    server = MCPServer(SERVER_NAME)
    add_flood_tool(server, "flood", UNSHOWABLE, 200)
    saw = ServerSaw()
    add_raw_tool(server, "ask", "Upload your file", UNSHOWABLE, saw)
    more = "And 199 more requests were not shown."

    async def settled(pilot: Pilot[Any], done: Any) -> list[str]:
        for _ in range(500):  # the toasts are mounted and laid out on the next refreshes
            texts = [str(toast.render()) for toast in pilot.app.screen.query(Toast)]
            if done(texts):
                break
            await pilot.pause(0.02)
        await pilot.pause(0.1)  # nothing queued behind it adds another
        return [str(toast.render()) for toast in pilot.app.screen.query(Toast)]

    async def main() -> tuple[Any, list[Any], list[str], list[str]]:
        app = Host()
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            router = FormRouter(compile_unknown="textual", runner=TextualRunner(app))
            reply, _ = await asyncio.wait_for(call(server, "legacy", router, "flood"), 60)
            texts = await settled(pilot, lambda texts: any(more in t for t in texts))
            notes = list(app._notifications)
            await pilot.click(Toast)  # the user dismisses it
            await settled(pilot, lambda texts: not texts)
            await asyncio.wait_for(call_not_shown(server, "legacy", router, "ask", saw), 30)
            again = await settled(pilot, bool)
            return reply, notes, texts, again

    reply, notes, texts, again = asyncio.run(main())
    assert reply == 200  # every request got its error
    (note,) = notes
    assert note.title == SERVER_NAME and note.severity == "warning" and not note.markup
    assert note.message == (
        "This request was not shown: this app's forms cannot check everything it asks for "
        f"(`contentEncoding`). The server has been told.\n{more}"
    )
    (text,) = texts
    assert more in text
    (fresh,) = again
    assert "This request was not shown" in fresh and "more requests" not in fresh
