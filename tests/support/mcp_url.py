"""What the URL-mode MCP tests share: the destination URL, a recorder standing in for the
browser, a user scripted at the cli consent screen, a server that asks the way its session's
revision does (and the client modes), and a bounded wait."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import anyio
import anyio.to_thread
from mcp import types
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp_types import InputRequiredResult
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from elicit_gen.mcp import FormRouter, UrlRequest

from .cli import Script

URL = "https://auth.example.com/start?flow=7f3a"

#: Client modes: "legacy" negotiates 2025-11-25 (initialize handshake); "2026-07-28" and "auto"
#: (against this SDK's MCPServer, which speaks it) 2026-07-28.
MODES = ["legacy", "2026-07-28", "auto"]


class Opened:
    """Stands in for the browser: records each URL the consent screen opens."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def __call__(self, url: str) -> bool:
        self.urls.append(url)
        return True


class ScriptedUser:
    """A runner whose user types ``lines`` into the cli consent screen (in a worker thread, as
    ``run_url_in_thread`` runs it), with the browser replaced by ``opened``. Keeps every screen's
    text, the protocol revision each was told, and each completion notice; counts screens shown
    at once."""

    def __init__(
        self, lines: list[str], opened: Opened, *, then: list[list[str]] | None = None
    ) -> None:
        self.lines = lines
        #: what the user types at the second, third... screen (else ``lines`` again)
        self.then = list(then or [])
        self.opened = opened
        self.screens: list[str] = []
        self.revisions: list[str | None] = []
        self.notices: list[str] = []
        self.showing = 0
        self.started = 0
        self.most = 0
        self.before_answer: list[list[str]] = []

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        raise AssertionError("no form-mode request in these tests")

    async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
        self.showing += 1
        self.most = max(self.most, self.showing)
        err = io.StringIO()
        seen_before = list(self.opened.urls)
        self.started += 1
        later = self.started - 2  # the second screen types then[0]
        lines = self.then[later] if 0 <= later < len(self.then) else self.lines

        def ask() -> Mapping[str, Any]:
            result: Mapping[str, Any] = module.elicit_url(
                request.message,
                request.url,
                server=request.server,
                elicitation_id=request.elicitation_id,
                revision=request.revision,
                opener=self.opened,
                stdin=Script(lines),
                stderr=err,
            )
            return result

        await anyio.sleep(0.05)  # a concurrent request gets the chance to show its screen too
        result = await anyio.to_thread.run_sync(ask)
        self.before_answer.append(seen_before)
        self.screens.append(err.getvalue())
        self.revisions.append(request.revision)
        self.showing -= 1
        return result

    def complete_url(self, module: ModuleType, request: UrlRequest) -> None:
        err = io.StringIO()
        module.complete_notice(request.url, server=request.server, stderr=err)
        self.notices.append(err.getvalue())


async def sign_in(server: MCPServer, router: FormRouter, mode: str = "legacy") -> Any:
    """Calls ``sign_in`` on ``server`` (:func:`both_ways_server`, ``url_server``) through a
    real ``Client`` in ``mode`` whose elicitations ``router`` answers; the tool's JSON reply.
    Bounded: a session that never answers fails the test, never hangs it."""
    with anyio.fail_after(60):
        async with Client(
            InMemoryTransport(server),
            mode=mode,
            elicitation_callback=router,
            message_handler=router.message_handler,
        ) as client:
            reply = await client.call_tool("sign_in", {})
            assert not reply.is_error, reply.content
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return json.loads(text)


async def wait_for(condition: Any, seconds: float = 10) -> None:
    with anyio.fail_after(seconds):
        while not condition():
            await anyio.sleep(0.02)


def both_ways_server(urls: list[str], log: list[str], *, ask_again: bool = False) -> MCPServer:
    """A server whose ``sign_in`` tool asks for a URL-mode step the way its session's revision
    does: in 2025-11-25 a standalone ``elicitation/create`` (``elicit_url``) and, after an accept,
    ``notifications/elicitation/complete``; in 2026-07-28 an ``input_required`` result (one
    entry of ``inputRequests``, no elicitationId), then the answer in the retried call. Each
    URL of ``urls`` is asked in turn (2026-07-28: one round each); ``ask_again``: after an
    accept it asks the last URL again once more (the step was not done). The reply is
    ``"<revision> <action>"`` for each; ``log`` records every call."""
    server = MCPServer("acme-auth")

    async def sign_in(ctx: Context) -> str | InputRequiredResult:
        revision = str(ctx.protocol_version)
        if revision not in MODERN_PROTOCOL_VERSIONS:
            log.append(f"{revision} call")
            actions = []
            for index, url in enumerate(urls):
                answer = await ctx.session.elicit_url(
                    f"Sign in ({index})", url, f"e-{index}", ctx.request_id
                )
                actions.append(f"{revision} {answer.action}")
                if answer.action == "accept":
                    await ctx.session.send_elicit_complete(f"e-{index}", ctx.request_id)
            return json.dumps(actions)
        state: list[str] = json.loads(ctx.request_state or "[]")  # the actions so far
        answer = (ctx.input_responses or {}).get("login")
        log.append(f"{revision} call, answer {getattr(answer, 'action', None)}")
        if answer is not None:
            assert isinstance(answer, types.ElicitResult) and answer.content is None
            state.append(answer.action)
        index: int | None = len(state)  # the next URL to ask for
        if state and state[-1] != "accept":
            index = None  # declined or cancelled: nothing more is asked
        elif ask_again and len(state) == len(urls):
            index = len(urls) - 1  # "finished", but the step is not done: asked again, once
        elif len(state) >= len(urls):
            index = None
        if index is not None:
            params = types.ElicitRequestURLParams(message=f"Sign in ({index})", url=urls[index])
            return InputRequiredResult(
                input_requests={"login": types.ElicitRequest(params=params)},
                request_state=json.dumps(state),
            )
        return json.dumps([f"{revision} {action}" for action in state])

    sign_in.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    server.tool(name="sign_in")(sign_in)
    return server
