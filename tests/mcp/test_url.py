"""URL-mode elicitation through :class:`elicit_gen.mcp.FormRouter` with the real MCP SDK on both
sides: the server sends ``elicitation/create`` with ``mode: "url"`` (2025-11-25 sessions) and
later ``notifications/elicitation/complete``; the client shows the cli consent screen compiled
in memory (``url_consent="cli"``), opens nothing before the user's ``o``, and tells the user
when the step is complete. In 2026-07-28 sessions (``Client(mode="2026-07-28")`` and ``"auto"``)
the server returns an ``input_required`` result instead, and no notification exists: the screen
is told the session's revision, waits after Open for the user's ``f`` (finished), and the SDK
retries the original request with the answer."""

from __future__ import annotations

import io
import json
import logging
import time
from types import ModuleType
from typing import Any

import anyio
import anyio.to_thread
import pytest

pytest.importorskip("mcp")

from mcp import types
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.shared.exceptions import MCPError

import elicit_gen
from elicit_gen.mcp import FormRouter, UrlRequest
from elicit_gen.mcp.steps import _Steps, session_revision

from ..support.cli import Script
from ..support.mcp_url import MODES, URL, Opened, ScriptedUser, both_ways_server, sign_in, wait_for


def url_server(urls: list[str], *, complete: bool = True, together: bool = False) -> MCPServer:
    """A server whose ``sign_in`` tool sends a URL-mode request for each of ``urls`` (one after
    the other, or all at once) and, after an accept, the completion notification. Its reply
    lists the action of each, or ``error <code> <reason>`` for a request the client did not
    show."""
    server = MCPServer("acme-auth")

    async def sign_in(ctx: Context) -> str:
        answers: dict[int, str] = {}

        async def ask(index: int, url: str) -> None:
            elicitation_id = f"e-{index}"
            try:
                answer = await ctx.session.elicit_url(
                    f"Sign in to continue ({index})", url, elicitation_id, ctx.request_id
                )
            except MCPError as error:
                answers[index] = f"error {error.code} {error.data['reason']}"
                return
            answers[index] = answer.action
            assert answer.content is None  # URL mode: accept carries no content
            if answer.action == "accept" and complete:
                await ctx.session.send_elicit_complete(elicitation_id, ctx.request_id)

        if together:
            async with anyio.create_task_group() as group:
                for index, url in enumerate(urls):
                    group.start_soon(ask, index, url)
        else:
            for index, url in enumerate(urls):
                await ask(index, url)
        return json.dumps([answers[i] for i in range(len(urls))])

    sign_in.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name="sign_in")(sign_in)
    return server


async def call(server: MCPServer, router: FormRouter, mode: str = "legacy") -> list[str]:
    actions = list(await sign_in(server, router, mode))
    await anyio.sleep(0.1)  # the completion notification follows the reply's path
    return actions


def test_accept_opens_only_after_the_user_says_so_and_completion_is_announced() -> None:
    opened = Opened()
    user = ScriptedUser(["", "yes", "o"], opened)  # Enter and "yes" do not open; "o" does
    router = FormRouter(url_consent="cli", runner=user)

    async def main() -> list[str]:
        actions = await call(url_server([URL]), router)
        await wait_for(lambda: bool(user.notices))
        return actions

    assert anyio.run(main) == ["accept"]
    assert user.before_answer == [[]]  # nothing was opened before the screen was answered
    assert opened.urls == [URL]  # exactly once, the URL exactly as the server sent it
    screen = user.screens[0]
    assert "acme-auth" in screen  # who asks: the serverInfo name
    assert "Sign in to continue (0)" in screen
    assert "auth.example.com" in screen and URL in screen
    assert screen.index("example.com") < screen.rindex("[o]pen")  # shown before the question
    assert "Completed in your browser" in user.notices[0]


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "http://example.com/login",
        "https://user:secret@example.com/",
    ],
)
def test_a_refused_url_cannot_be_opened_and_is_declined(url: str) -> None:
    opened = Opened()
    user = ScriptedUser(["o", "open", "d"], opened)  # the user tries to open, then declines
    router = FormRouter(url_consent="cli", runner=user)
    assert anyio.run(call, url_server([url]), router) == ["decline"]
    assert opened.urls == []
    assert "[o]pen" not in user.screens[0]


def test_look_alike_hosts_are_warned_about() -> None:
    user = ScriptedUser(["c"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    urls = ["https://xn--80ak6aa92e.com/", "https://\u0430pple.com/"]
    assert anyio.run(call, url_server(urls), router) == ["cancel", "cancel"]
    assert "xn--80ak6aa92e.com" in user.screens[0]
    assert "Cyrillic and Latin" in user.screens[1]


def test_two_requests_at_once_are_shown_one_at_a_time_each_with_its_url() -> None:
    opened = Opened()
    user = ScriptedUser(["o"], opened)
    router = FormRouter(url_consent="cli", runner=user)
    first, second = "https://one.example.com/a", "https://two.example.org/b"

    async def main() -> list[str]:
        actions = await call(url_server([first, second], together=True), router)
        await wait_for(lambda: len(user.notices) == 2)
        return actions

    assert anyio.run(main) == ["accept", "accept"]
    assert user.most == 1
    assert sorted(opened.urls) == sorted([first, second])
    for screen in user.screens:  # never mixed: each screen names one of the two URLs only
        assert (first in screen) != (second in screen)
    for notice in user.notices:
        assert ("example.com" in notice) != ("example.org" in notice)


@pytest.mark.parametrize("mode", MODES)
def test_the_blocking_default_runner_reads_the_terminal(
    monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    """Without a runner of its own, the router runs the module's blocking ``elicit_url`` in a
    worker thread on the process's stdin/stderr, told the session's revision; the browser is the
    module's default opener."""
    module = elicit_gen.load_url_consent("cli")
    opened = Opened()
    monkeypatch.setattr("webbrowser.open", opened)
    monkeypatch.setattr("sys.stdin", Script(["o", "f"]))  # f: "finished" (2026-07-28)
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    router = FormRouter(url_consent=module)
    revision = "2025-11-25" if mode == "legacy" else "2026-07-28"
    log: list[str] = []
    assert anyio.run(call, both_ways_server([URL], log), router, mode) == [f"{revision} accept"]
    assert opened.urls == [URL]
    assert "auth.example.com" in err.getvalue()
    assert ("Finished in your browser? [f]inished, [c]ancel:" in err.getvalue()) == (
        mode != "legacy"
    )


def test_without_a_consent_screen_url_mode_is_not_shown(
    caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a decline the user never chose: the server gets an error, the user a line on the
    terminal the forms use."""
    router = FormRouter(compile_unknown="cli")
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        assert anyio.run(call, url_server([URL]), router) == ["error -32602 url_mode"]
    assert "no url_consent" in caplog.text and "not shown" in caplog.text
    assert capsys.readouterr().err == (
        "acme-auth: This request was not shown: it asks to open a web page, which this app "
        "does not do for servers. The server has been told.\n"
    )


def test_without_a_consent_screen_url_mode_goes_to_the_fallback() -> None:
    seen: list[str] = []

    async def fallback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        assert isinstance(params, types.ElicitRequestURLParams)
        seen.append(params.url)
        return types.ElicitResult(action="cancel")

    router = FormRouter(fallback=fallback)
    assert anyio.run(call, url_server([URL]), router) == ["cancel"]
    assert seen == [URL]


def test_a_huge_message_is_refused_before_any_screen(caplog: pytest.LogCaptureFixture) -> None:
    user = ScriptedUser(["o"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    server = MCPServer("huge")

    async def sign_in(ctx: Context) -> str:
        start = time.perf_counter()
        try:
            answer = await ctx.session.elicit_url("x" * 1_000_000, URL, "e-1", ctx.request_id)
        except MCPError as error:
            return json.dumps([error.data["reason"], time.perf_counter() - start])
        return json.dumps([answer.action, time.perf_counter() - start])

    sign_in.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name="sign_in")(sign_in)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        action, seconds = anyio.run(call, server, router)
    assert action == "too_large" and seconds < 2
    assert user.screens == []
    assert "not shown" in caplog.text and "the message has 1,000,000 characters" in caplog.text


def test_an_unknown_completion_is_ignored(caplog: pytest.LogCaptureFixture) -> None:
    router = FormRouter(url_consent="cli")
    notification = types.ElicitCompleteNotification(
        params=types.ElicitCompleteNotificationParams(elicitation_id="nobody\x1b[2J")
    )
    with caplog.at_level(logging.INFO, logger="elicit_gen.mcp"):
        anyio.run(router.message_handler, notification)
    assert "\x1b" not in caplog.text and "unknown" in caplog.text


def test_a_consent_screen_that_accepts_a_refused_url_is_an_error() -> None:
    """A hand-edited module must not send accept for a URL the check refuses."""
    real = elicit_gen.load_url_consent("cli")
    fake = ModuleType("fake_consent")
    fake.check_url = real.check_url  # type: ignore[attr-defined]
    fake.elicit_url = lambda *args, **kwargs: {"action": "accept"}  # type: ignore[attr-defined]
    router = FormRouter(url_consent=fake)
    server = MCPServer("bad")
    outcome: list[str] = []

    async def sign_in(ctx: Context) -> str:
        try:
            await ctx.session.elicit_url("m", "javascript:alert(1)", "e-1", ctx.request_id)
        except Exception as error:  # the client's JSON-RPC error reaches the server
            outcome.append(type(error).__name__)
        return "done"

    sign_in.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name="sign_in")(sign_in)

    async def main() -> None:
        transport = InMemoryTransport(server)
        with anyio.fail_after(60):
            async with Client(transport, mode="legacy", elicitation_callback=router) as client:
                await client.call_tool("sign_in", {})

    anyio.run(main)
    assert outcome, "the server should have received an error, not an accept"


# --- the session's revision: 2025-11-25 notifies, 2026-07-28 waits for the user ---------------


@pytest.mark.parametrize("mode", MODES)
def test_each_client_mode_reaches_the_server_the_way_its_revision_says(mode: str) -> None:
    """legacy: accept at Open and the completion notification; 2026-07-28 (and auto): the
    screen waits after Open (Enter and o answer nothing there) until the user's f, and the SDK
    retries the original request with the accept. No screen promises a notification that does
    not come."""
    opened = Opened()
    user = ScriptedUser(["o", "", "o", "f"], opened)
    # (named here: a 2026-07-28 session has no initialize result to take the name from)
    router = FormRouter(url_consent="cli", runner=user, server="Acme Auth")
    log: list[str] = []
    legacy = mode == "legacy"

    async def main() -> list[str]:
        actions = await call(both_ways_server([URL], log), router, mode)
        if legacy:
            await wait_for(lambda: bool(user.notices))
        return actions

    revision = "2025-11-25" if legacy else "2026-07-28"
    assert anyio.run(main) == [f"{revision} accept"]
    assert user.revisions == [revision]
    assert opened.urls == [URL]  # once: "o" at the "finished" question opens nothing again
    (screen,) = user.screens
    promise = "Acme Auth will say when this step is complete."
    if legacy:
        assert log == ["2025-11-25 call"]
        assert promise in screen and "Finished in your browser?" not in screen
        assert "Request:   e-0" in screen
        assert "Completed in your browser" in user.notices[0]
    else:
        # asked, then retried with the user's accept: the server saw nothing in between
        assert log == ["2026-07-28 call, answer None", "2026-07-28 call, answer accept"]
        assert promise not in screen and "will say" not in screen
        assert "Request:" not in screen  # 2026-07-28 has no elicitationId
        after_open = screen.split("Opening example.com in your browser...\n", 1)[1]
        assert after_open.startswith("Continue in your browser, then come back here.\n")
        assert after_open.count("Finished in your browser? [f]inished, [c]ancel:") == 3
        assert after_open.endswith("Acme Auth will now check that the step is done.\n")
        assert user.notices == []
    assert router._waiting == {}  # legacy: completed; 2026-07-28: nothing to complete


@pytest.mark.parametrize("mode", ["2026-07-28", "auto"])
@pytest.mark.parametrize("lines", [["o", "c"], ["o", "\x1b"], ["o"]])
def test_2026_cancel_after_open_reaches_the_retried_request(mode: str, lines: list[str]) -> None:
    """Cancel, Escape or the end of input at the "finished" question: the retried call carries
    cancel."""
    opened = Opened()
    user = ScriptedUser(lines, opened)
    router = FormRouter(url_consent="cli", runner=user)
    log: list[str] = []
    assert anyio.run(call, both_ways_server([URL], log), router, mode) == ["2026-07-28 cancel"]
    assert opened.urls == [URL]
    assert log[-1] == "2026-07-28 call, answer cancel"
    assert user.screens[0].endswith("Cancelled.\n")


def test_2026_the_same_step_asked_again_can_be_retried_or_cancelled() -> None:
    """A 2026-07-28 server that was told "finished" too early asks again: the user gets the
    screen again (the SDK's retry loop) and may open it again, or cancel."""
    opened = Opened()
    user = ScriptedUser(["o", "f"], opened, then=[["c"]])
    router = FormRouter(url_consent="cli", runner=user)
    log: list[str] = []
    server = both_ways_server([URL], log, ask_again=True)
    assert anyio.run(call, server, router, "2026-07-28") == [
        "2026-07-28 accept",
        "2026-07-28 cancel",
    ]
    assert len(user.screens) == 2 and opened.urls == [URL]
    assert log == [
        "2026-07-28 call, answer None",
        "2026-07-28 call, answer accept",
        "2026-07-28 call, answer cancel",
    ]


def test_a_server_initiated_request_cannot_reach_a_2026_client() -> None:
    """The SDK's fact behind the two styles: a server's ``elicit_url`` (a standalone request)
    has no way to a 2026-07-28 client; the call fails (``MCPError``) before any screen."""
    user = ScriptedUser(["o"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    server = MCPServer("acme-auth")

    async def sign_in(ctx: Context) -> str:
        answer = await ctx.session.elicit_url("Sign in", URL, "e-1", ctx.request_id)
        return str(answer.action)

    sign_in.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name="sign_in")(sign_in)

    async def main() -> str:
        with anyio.fail_after(60):
            async with Client(
                InMemoryTransport(server),
                mode="2026-07-28",
                elicitation_callback=router,
            ) as client:
                try:
                    await client.call_tool("sign_in", {})
                except MCPError as error:
                    return str(error)
                return "no error"

    assert "has no back-channel for server-initiated requests" in anyio.run(main)
    assert user.screens == []


def test_the_session_revision_and_the_steps_kept() -> None:
    class Session:
        protocol_version: object = "2026-07-28"

    session = Session()
    assert session_revision(session) == "2026-07-28"
    for missing in (None, "", 7):
        session.protocol_version = missing
        assert session_revision(session) is None
    assert session_revision(object()) is None
    steps = _Steps()
    steps.serve(session)
    module = elicit_gen.load_url_consent("cli")
    for revision in (None, "2025-11-25", "2026-07-28"):
        request = UrlRequest("m", URL, "acme", f"e-{revision}", revision)
        steps.wait(session, f"e-{revision}", module, request)
    # no notification can complete a 2026-07-28 step: it is not kept
    assert sorted(steps._waiting) == ["e-2025-11-25", "e-None"]


def test_url_consent_is_validated() -> None:
    with pytest.raises(ValueError):
        FormRouter(url_consent="html")
    with pytest.raises(TypeError):
        FormRouter(url_consent=ModuleType("not_a_consent_module"))
