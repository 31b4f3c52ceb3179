"""Which server asks, without an initialize handshake (issue 27 item 3).

A 2026-07-28 session pinned with ``mode="2026-07-28"`` has no handshake: the server names itself
only in each result's ``_meta["io.modelcontextprotocol/serverInfo"]``. mcp 2.3.0 gives the
elicitation callback no result (docs/mcp.md), so the router reads the stamp where it passes:
the client's transport (``router.watch``) or a result the application holds (``router.note``).
Real ``MCPServer``s and ``Client``s over the SDK's in-memory transport; the name checked is the
one the compiled CLI form prints as its requester, and the one the runner is given.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.client import Client, ClientRequestContext
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.shared.exceptions import MCPError
from mcp_types import SERVER_INFO_META_KEY, InputRequiredResult

from elicit_gen.mcp import NOT_SHOWN, FormRouter, UrlRequest, elicit_request
from elicit_gen.runtime.core.safetext import MAX_NAME_LENGTH

from ..support.cli import UNSAFE
from ..support.mcp import add_raw_tool, cli_runner
from ..support.mcp_url import URL

SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean", "title": "OK"}}}
#: A schema no form enforces: the request is not shown, and the user is told who asked.
UNENFORCED = {"type": "object", "properties": {"ok": {"type": "boolean", "x-vendor": 1}}}


class Shown:
    """Runs the compiled CLI form on scripted stdin (accepting ``ok``), keeping the server each
    form was given and what it printed."""

    def __init__(self) -> None:
        self.transcripts: list[str] = []
        self.servers: list[str | None] = []
        self._run = cli_runner(["y", "s"], self.transcripts)

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        self.servers.append(server)
        return await self._run(module, message, server)


async def ask(server: MCPServer, router: Any, mode: str, *, watched: bool = True) -> Any:
    transport = InMemoryTransport(server)
    with anyio.fail_after(60):
        async with Client(
            router.watch(transport) if watched else transport,
            mode=mode,
            elicitation_callback=router,
        ) as client:
            reply = await client.call_tool("ask", {})
            return json.loads(reply.content[0].text)  # type: ignore[union-attr]


@pytest.mark.parametrize("mode", ["2026-07-28", "auto", "legacy"])
def test_the_form_names_the_server_of_the_result_that_asks(mode: str) -> None:
    """Pinned to 2026-07-28 the session knows no name (``client.server_info`` is None): the
    form names the server from the ``input_required`` result's stamp. ``auto`` (discover) and
    ``legacy`` (initialize) name it as before."""
    server = MCPServer("acme", version="1.0")
    add_raw_tool(server, "ask", "Tell us", SCHEMA)
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown)
    assert anyio.run(ask, server, router, mode) == {"action": "accept", "content": {"ok": True}}
    assert shown.servers == ["acme"]
    assert shown.transcripts[0].startswith("acme asks:\n  Tell us\n")


def test_without_watch_a_pinned_session_has_no_name() -> None:
    """What mcp 2.3.0 gives the callback alone: no name, and the form's neutral default."""
    server = MCPServer("acme")
    add_raw_tool(server, "ask", "Tell us", SCHEMA)
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown)
    anyio.run(lambda: ask(server, router, "2026-07-28", watched=False))
    assert shown.servers == [None]
    assert shown.transcripts[0].startswith("An MCP server asks:")


def test_the_title_is_shown_before_the_name() -> None:
    server = MCPServer("acme-travel", title="Acme Travel")
    add_raw_tool(server, "ask", "Tell us", SCHEMA)
    shown = Shown()
    anyio.run(ask, server, FormRouter(compile_unknown="cli", runner=shown), "2026-07-28")
    assert shown.servers == ["Acme Travel"]


def test_server_argument_wins() -> None:
    server = MCPServer("acme")
    add_raw_tool(server, "ask", "Tell us", SCHEMA)
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown, server="My CRM")
    anyio.run(ask, server, router, "2026-07-28")
    assert shown.servers == ["My CRM"]


def stamped_tool(server: MCPServer, info: Any, schema: Mapping[str, Any] = SCHEMA) -> None:
    """A tool whose ``input_required`` result carries ``info`` as its serverInfo stamp (a value
    the handler writes wins over the SDK's own stamp)."""

    async def tool(ctx: Context) -> Any:
        answer = (ctx.input_responses or {}).get("q")
        if answer is None:
            return InputRequiredResult(
                input_requests={"q": elicit_request("Tell us", schema)},
                request_state="asked",
                _meta={SERVER_INFO_META_KEY: info},
            )
        return json.dumps(answer.model_dump(mode="json", exclude_none=True))

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    server.tool(name="ask")(tool)


def leaves(error: BaseException) -> list[BaseException]:
    inner: list[BaseException] = list(getattr(error, "exceptions", []))
    return [leaf for e in inner for leaf in leaves(e)] if inner else [error]


HOSTILE = "Acme\x1b[2J\u202eevil\n" + "n" * 1_000_000


def test_a_hostile_stamped_name_is_clipped_before_any_form_gets_it() -> None:
    server = MCPServer("acme")
    stamped_tool(server, {"name": HOSTILE, "version": "1"})
    shown = Shown()
    anyio.run(ask, server, FormRouter(compile_unknown="cli", runner=shown), "2026-07-28")
    [name] = shown.servers
    assert name is not None and name.startswith("Acme\x1b") and len(name) <= MAX_NAME_LENGTH
    first = shown.transcripts[0].split("\n", 1)[0]
    assert "\x1b" not in first and "\u202e" not in first and len(first) < 1_000


def test_a_hostile_stamped_name_is_escaped_in_the_not_shown_notice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    server = MCPServer("acme")
    stamped_tool(server, {"name": HOSTILE, "version": "1"}, UNENFORCED)
    router = FormRouter(compile_unknown="cli")
    with pytest.raises(BaseException) as raised:  # the client's task group wraps the error
        anyio.run(ask, server, router, "2026-07-28")
    [error] = leaves(raised.value)
    assert isinstance(error, MCPError) and error.code == NOT_SHOWN
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("Acme") and "This request was not shown" in line
    assert not UNSAFE.search(line) and len(line) < 1_000


@pytest.mark.parametrize(
    "info",
    [
        {"name": 42, "version": "1"},
        "acme",
        {"name": "   ", "version": "1"},
        {"title": ["x"], "version": "1"},
    ],
)
def test_a_stamp_that_names_nobody_leaves_the_default(info: Any) -> None:
    server = MCPServer("acme")
    stamped_tool(server, info)
    shown = Shown()
    anyio.run(ask, server, FormRouter(compile_unknown="cli", runner=shown), "2026-07-28")
    assert shown.servers == [None]
    assert shown.transcripts[0].startswith("An MCP server asks:")


# --- issue 40 defect 7: a stamp never outranks what the user saw when connecting -----------------


def test_a_stamp_does_not_rename_the_server_the_session_named() -> None:
    """``server/discover`` named the server "Weather"; its result is stamped "GitHub": the form
    says "Weather asks" (it said "GitHub asks")."""
    server = MCPServer("Weather", version="1.0")
    stamped_tool(server, {"name": "github", "title": "GitHub", "version": "1"})
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown)
    assert anyio.run(ask, server, router, "auto") == {"action": "accept", "content": {"ok": True}}
    assert shown.servers == ["Weather"]
    assert shown.transcripts[0].startswith("Weather asks:\n")
    assert "GitHub" not in shown.transcripts[0]


def renaming_tool(server: MCPServer, names: list[str]) -> None:
    """A tool that asks one question per name in ``names``, each round's ``input_required``
    result stamped with that name."""

    async def tool(ctx: Context) -> Any:
        done = len(ctx.input_responses or {})
        rounds = int(ctx.request_state or "0") if done else 0
        if rounds < len(names):
            return InputRequiredResult(
                input_requests={f"q{rounds}": elicit_request("Tell us", SCHEMA)},
                request_state=str(rounds + 1),
                _meta={SERVER_INFO_META_KEY: {"name": names[rounds], "version": "1"}},
            )
        return json.dumps({"rounds": rounds})

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    server.tool(name="ask")(tool)


def test_without_a_handshake_the_first_stamp_names_the_session(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Pinned to 2026-07-28 (no handshake): the first result's stamp, "Weather", is what the
    user saw; the next round's stamp, "GitHub", is ignored (and logged), not shown."""
    server = MCPServer("acme")
    renaming_tool(server, ["Weather", "GitHub", "Weather"])
    shown = Shown()
    shown._run = cli_runner(["y", "s"] * 3, shown.transcripts)
    router = FormRouter(compile_unknown="cli", runner=shown)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        assert anyio.run(ask, server, router, "2026-07-28") == {"rounds": 3}
    assert shown.servers == ["Weather", "Weather", "Weather"]
    assert all(t.startswith("Weather asks:") for t in shown.transcripts), shown.transcripts
    assert "'GitHub': ignored" in caplog.text


def test_a_new_session_of_the_same_router_is_named_afresh() -> None:
    """The first name is the session's, not the router's: a router that served "Weather"
    names the next session's server by that session's own stamp."""
    shown = Shown()
    shown._run = cli_runner(["y", "s"] * 2, shown.transcripts)
    router = FormRouter(compile_unknown="cli", runner=shown)
    for name in ("Weather", "Maps"):
        server = MCPServer("acme")
        stamped_tool(server, {"name": name, "version": "1"})
        anyio.run(ask, server, router, "2026-07-28")
    assert shown.servers == ["Weather", "Maps"]


def test_two_clients_at_once_each_see_their_own_server() -> None:
    """Both servers ask with the same ``inputRequests`` key (``q``); each session view has its
    own book, so neither form is named after the other server."""
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown)
    replies: dict[str, Any] = {}

    async def one(name: str) -> None:
        server = MCPServer(name)
        add_raw_tool(server, "ask", f"Asked by {name}", SCHEMA)
        replies[name] = await ask(server, router.session(), "2026-07-28")

    async def both() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(one, "alpha")
            tg.start_soon(one, "beta")

    anyio.run(both)
    assert set(replies) == {"alpha", "beta"}
    for transcript in shown.transcripts:
        asker = transcript.split(" asks:", 1)[0]
        assert f"Asked by {asker}" in transcript, transcript


def test_a_result_the_application_holds_is_noted() -> None:
    """Driving the first round by hand (the SDK's documented path), with no transport to
    watch: ``Client(server)`` pinned to 2026-07-28 dispatches in process."""
    server = MCPServer("acme")
    add_raw_tool(server, "ask", "Tell us", SCHEMA)
    shown = Shown()
    router = FormRouter(compile_unknown="cli", runner=shown)

    async def main() -> Any:
        async with Client(server, mode="2026-07-28", elicitation_callback=router) as client:
            first = await client.session.call_tool("ask", {}, allow_input_required=True)
            assert isinstance(first, InputRequiredResult) and first.input_requests
            router.note(first)
            responses = {}
            for key, request in first.input_requests.items():
                context = ClientRequestContext(session=client.session, request_id=key)
                responses[key] = await client.session.dispatch_input_request(context, request)
            reply = await client.call_tool(
                "ask", {}, input_responses=responses, request_state=first.request_state
            )
            return json.loads(reply.content[0].text)  # type: ignore[union-attr]

    assert anyio.run(main) == {"action": "accept", "content": {"ok": True}}
    assert shown.servers == ["acme"]


def test_a_url_mode_request_names_the_stamped_server() -> None:
    """The consent screen is given the same name (here a recording runner stands in for it)."""
    requests: list[UrlRequest] = []

    class Consent:
        async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
            raise AssertionError("no form-mode request here")

        async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
            requests.append(request)
            return {"action": "cancel"}

    server = MCPServer("acme-auth")

    async def tool(ctx: Context) -> Any:
        if (ctx.input_responses or {}).get("login") is None:
            url_request = {
                "method": "elicitation/create",
                "params": {"mode": "url", "message": "Sign in", "url": URL},
            }
            return InputRequiredResult.model_validate(
                {"inputRequests": {"login": url_request}, "requestState": "asked"}
            )
        return ctx.input_responses["login"].action  # type: ignore[union-attr]

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    server.tool(name="ask")(tool)
    router = FormRouter(url_consent="cli", runner=Consent())

    async def main() -> str:
        transport = router.watch(InMemoryTransport(server))
        with anyio.fail_after(60):
            async with Client(transport, mode="2026-07-28", elicitation_callback=router) as client:
                reply = await client.call_tool("ask", {})
                return reply.content[0].text  # type: ignore[union-attr]

    assert anyio.run(main) == "cancel"
    assert [r.server for r in requests] == ["acme-auth"]


def test_the_book_is_bounded() -> None:
    """A server that sends thousands of keys costs the book a bounded number of entries."""
    router = FormRouter()
    stamp = {SERVER_INFO_META_KEY: {"name": "acme", "version": "1"}}
    for n in range(100):
        keys = {f"k{n}.{i}": {} for i in range(1_000)}
        router.note({"resultType": "input_required", "inputRequests": keys, "_meta": stamp})
    assert len(router._names._by_key) <= 256
    router.note({"inputRequests": {"k99.0": {}}})  # a result without a stamp names nobody
    assert router._names.name_for("k99.0") is None
