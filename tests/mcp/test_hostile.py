"""A router no server can turn against its user (issue 24), with the real MCP SDK on both sides:
every text a server sends is bounded before any screen is built (its name, the elicitationId,
the URL); a request inside the limits is matched and compiled off the event loop, decided
before compiling, and leaves nothing cached when refused; the lookup of a registered form runs
no front end; and one session's server never completes another session's URL-mode step."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import types
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.shared.exceptions import MCPError

import elicit_gen
from elicit_gen.live import limits as live_limits
from elicit_gen.live import load as live_load
from elicit_gen.live import repairs as live_repairs
from elicit_gen.mcp import FormRouter
from elicit_gen.runtime.core.safetext import MAX_NAME_LENGTH
from elicit_gen.runtime.core.urlcheck import MAX_URL_LENGTH

from ..support.mcp import add_raw_tool
from ..support.mcp_url import URL, Opened, ScriptedUser, wait_for

MB = 1_000_000


def url_tool(server: MCPServer, name: str, url: str, elicitation_id: str) -> None:
    """A tool that sends one URL-mode request and replies with the action it got, or the
    JSON-RPC error the client answered with (``error <code> <data.reason>``)."""

    async def tool(ctx: Context) -> str:
        try:
            answer = await ctx.session.elicit_url("Sign in", url, elicitation_id, ctx.request_id)
        except MCPError as error:
            return f"error {error.code} {error.data['reason']}"
        return answer.action

    tool.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name=name)(tool)


async def call(server: MCPServer, callback: Any, tool: str, handler: Any = None) -> str:
    with anyio.fail_after(60):  # a session that never answers fails the test, never hangs it
        async with Client(
            InMemoryTransport(server),
            mode="legacy",
            elicitation_callback=callback,
            message_handler=handler,
        ) as client:
            reply = await client.call_tool(tool, {})
            assert not reply.is_error, reply.content
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return text


class FormsShown:
    """A form runner that shows nothing and answers cancel, keeping what it was given (and what
    the router told the user through ``notify``)."""

    def __init__(self) -> None:
        self.shown: list[tuple[ModuleType, str, str | None]] = []
        self.notices: list[tuple[str, str]] = []

    def notify(self, server: str, reason: str) -> None:
        self.notices.append((server, reason))

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        self.shown.append((module, message, server))
        return {"action": "cancel"}


# --- defect 5: every text from the server is bounded before any screen ---------------------------


@pytest.mark.parametrize(
    ("url", "elicitation_id", "what"),
    [
        (URL, "e" * MB, "elicitationId"),
        (URL + "a" * MB, "e-1", "URL"),
        (URL + "a" * (MAX_URL_LENGTH + 1 - len(URL)), "e-1", "URL"),
        (URL, "e" * 257, "elicitationId"),  # the default max_id is 256
    ],
    ids=["1-MB-id", "1-MB-url", "url-one-past", "id-one-past"],
)
def test_a_url_request_with_an_overlong_text_is_refused_before_any_screen(
    url: str,
    elicitation_id: str,
    what: str,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    user = ScriptedUser(["o"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    server = MCPServer("acme")
    url_tool(server, "sign_in", url, elicitation_id)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        assert anyio.run(call, server, router, "sign_in") == "error -32602 too_large"
    assert user.screens == [] and user.opened.urls == []
    assert "not shown" in caplog.text and what in caplog.text
    assert len(caplog.text) < 2_000  # the refusal names the length, not the text
    # The user is told on the terminal (the runner has no notify of its own), in one short line.
    assert capsys.readouterr().err == (
        "acme: This request was not shown: the request is too large to show safely. "
        "The server has been told.\n"
    )


def test_a_url_request_at_the_bounds_is_shown() -> None:
    user = ScriptedUser(["c"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    server = MCPServer("acme")
    at_bound = URL + "a" * (MAX_URL_LENGTH - len(URL))
    url_tool(server, "sign_in", at_bound, "e" * live_limits.DEFAULT_LIMITS.max_id)
    assert anyio.run(call, server, router, "sign_in") == "cancel"
    assert len(user.screens) == 1


def test_a_huge_server_name_reaches_no_screen_uncut() -> None:
    """The serverInfo name (1 MB here) is cut to what a screen shows, for forms and consent
    screens alike, before any runner gets it."""
    name = "Acme " + "n" * MB
    schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}}
    forms = FormsShown()
    user = ScriptedUser(["c"], Opened())

    async def consent(module: ModuleType, request: Any) -> Mapping[str, Any]:
        return await user.show_url(module, request)

    forms.show_url = consent  # type: ignore[attr-defined]
    router = FormRouter(compile_unknown="cli", url_consent="cli", runner=forms)
    server = MCPServer(name)
    add_raw_tool(server, "ask", "Tell us", schema)
    url_tool(server, "sign_in", URL, "e-1")
    assert json.loads(anyio.run(call, server, router, "ask")) == {"action": "cancel"}
    assert anyio.run(call, server, router, "sign_in") == "cancel"
    ((_, _, shown),) = forms.shown
    assert shown is not None and shown.startswith("Acme nnn") and len(shown) <= MAX_NAME_LENGTH
    (screen,) = user.screens
    assert "Acme nnn" in screen and len(screen) < 10_000


def test_an_unknown_completion_logs_a_bounded_line(caplog: pytest.LogCaptureFixture) -> None:
    router = FormRouter(url_consent="cli")
    notification = types.ElicitCompleteNotification(
        params=types.ElicitCompleteNotificationParams(elicitation_id="x" * MB)
    )
    with caplog.at_level(logging.INFO, logger="elicit_gen.mcp"):
        anyio.run(router.message_handler, notification)
    assert "unknown" in caplog.text and len(caplog.text) < 2_000


# --- defect 6: bounded cost inside the limits ---------------------------------------------------


def big_selects(fields: int = 40, options: int = 495) -> dict[str, Any]:
    """A schema inside every default limit that costs the front end the most: many selects of
    many options."""
    return {
        "type": "object",
        "properties": {
            f"s{i}": {"type": "string", "enum": [f"{i}.{n}" for n in range(options)]}
            for i in range(fields)
        },
    }


def test_the_event_loop_keeps_running_while_a_big_form_compiles() -> None:
    """A ticker task on the client's loop makes progress between the request's arrival and the
    form's showing: matching and compiling run in a worker thread, not on the loop."""
    live_load.clear_cache()
    schema = big_selects()
    live_limits.check_limits(schema)  # inside the limits
    ticks = [0]
    seen: dict[str, int] = {}
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)

    async def callback(context: Any, params: Any) -> Any:
        seen["arrived"] = ticks[0]
        return await router(context, params)

    async def runner(module: ModuleType, message: str, server: str | None) -> Mapping[str, Any]:
        seen["shown"] = ticks[0]
        return await forms(module, message, server)

    router.runner = runner

    async def main() -> str:
        async def tick() -> None:
            while True:
                ticks[0] += 1
                await anyio.sleep(0.001)

        server = MCPServer("acme")
        add_raw_tool(server, "ask", "Pick", schema)
        async with anyio.create_task_group() as group:
            group.start_soon(tick)
            try:
                return await call(server, callback, "ask")
            finally:
                group.cancel_scope.cancel()

    assert json.loads(anyio.run(main)) == {"action": "cancel"}
    assert len(forms.shown) == 1 and len(forms.shown[0][0].REQUESTED_SCHEMA["properties"]) == 40
    assert seen["shown"] - seen["arrived"] >= 3, seen


# --- issue 40 defect 2: one server's slow request never delays another's -------------------------

#: A request whose form compiles slowly on main (``[\\W\\D]`` repeated: issue 40), and a one-field
#: request from another server.
SLOW = {
    "type": "object",
    "properties": {
        f"p{i}": {"type": "string", "pattern": f"{i}" + r"[\W\D]" * 678} for i in range(3)
    },
}
ONE_FIELD = {"type": "object", "properties": {"ok": {"type": "boolean"}}}


class HeldCompile:
    """Stands in for the compile of one schema (``held``) that takes as long as the test wants:
    it starts, says so, and waits (bounded) for ``release``; every other schema compiles as
    usual."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, held: Mapping[str, Any]) -> None:
        import threading

        import elicit_gen.mcp.router as router_module

        self.started = threading.Event()
        self.release = threading.Event()
        self.finished = threading.Event()
        compile_request = vars(router_module)["compile_request"]

        def compile_(requested: Mapping[str, Any], *args: Any) -> Any:
            if requested == held:
                self.started.set()
                self.release.wait(timeout=30)
                try:
                    return compile_request(requested, *args)
                finally:
                    self.finished.set()
            return compile_request(requested, *args)

        monkeypatch.setattr(router_module, "compile_request", compile_)


def test_a_slow_request_of_one_server_does_not_delay_another_servers_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Server A's request compiles (held for as long as the test wants); server B's one-field
    request, sent once A's compile has started, is shown within a small bound while A's still
    compiles. The router compiled one request at a time, for all sessions: B waited for A."""
    live_load.clear_cache()
    held = HeldCompile(monkeypatch, SLOW)
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)
    a, b = MCPServer("server-a"), MCPServer("server-b")
    add_raw_tool(a, "ask", "A asks", SLOW)
    add_raw_tool(b, "ask", "B asks", ONE_FIELD)
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(call, a, router, "ask")
            with anyio.fail_after(30):
                while not held.started.is_set():
                    await anyio.sleep(0.01)
            start = anyio.current_time()
            try:
                with anyio.fail_after(10):
                    seen["b"] = json.loads(await call(b, router, "ask"))
                seen["b_seconds"] = anyio.current_time() - start
                seen["a_compiling"] = not held.finished.is_set()
            finally:
                held.release.set()

    anyio.run(main)
    assert seen["b"] == {"action": "cancel"}
    assert seen["a_compiling"], "B waited for A's compile"
    assert seen["b_seconds"] < 5, seen
    assert [message for _, message, _ in forms.shown] == ["B asks", "A asks"]


def test_one_servers_requests_still_compile_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fair to the others, not to itself: a second request of the same session waits for its
    first (a server cannot hold more than one worker thread of the router)."""
    live_load.clear_cache()
    held = HeldCompile(monkeypatch, SLOW)
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)
    server = MCPServer("server-a")
    add_raw_tool(server, "slow", "slow", SLOW)
    add_raw_tool(server, "quick", "quick", ONE_FIELD)
    waited: dict[str, bool] = {}

    async def main() -> None:
        with anyio.fail_after(60):
            async with (
                Client(
                    InMemoryTransport(server), mode="legacy", elicitation_callback=router
                ) as client,
                anyio.create_task_group() as group,
            ):
                group.start_soon(client.call_tool, "slow", {})
                while not held.started.is_set():
                    await anyio.sleep(0.01)
                quick = anyio.Event()

                async def ask_quick() -> None:
                    await client.call_tool("quick", {})
                    quick.set()

                group.start_soon(ask_quick)
                with anyio.move_on_after(0.5):
                    await quick.wait()
                waited["quick_waited"] = not quick.is_set()
                held.release.set()

    try:
        anyio.run(main)
    finally:
        held.release.set()
    assert waited == {"quick_waited": True}
    assert [message for _, message, _ in forms.shown] == ["slow", "quick"]


def test_sessions_compiling_at_once_each_get_their_own_form() -> None:
    """The caches stay right when several sessions compile at once: six servers, each asking
    two distinct forms, concurrently; each form shown is the one its request asked for."""
    live_load.clear_cache()
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)

    def schema(n: int, k: int) -> dict[str, Any]:
        fields = {f"f{n}_{k}_{i}": {"type": "string", "maxLength": 10 + i} for i in range(n + 1)}
        return {"type": "object", "properties": fields}

    async def one(n: int) -> None:
        server = MCPServer(f"server-{n}")
        for k in range(2):
            add_raw_tool(server, f"ask{k}", f"{n}.{k}", schema(n, k))
        for k in range(2):
            assert json.loads(await call(server, router, f"ask{k}")) == {"action": "cancel"}

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for n in range(6):
                group.start_soon(one, n)

    anyio.run(main)
    assert len(forms.shown) == 12
    for module, message, server in forms.shown:
        n, k = (int(part) for part in message.split("."))
        assert server == f"server-{n}"
        assert sorted(module.REQUESTED_SCHEMA["properties"]) == sorted(schema(n, k)["properties"])


def test_a_pattern_cache_cleared_by_another_compile_is_no_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sessions compile at once now, and the linter checks a default against its pattern
    (formcore's cache of compiled patterns, cleared when full): another thread's clear between
    this thread's store and its read of the same entry raised KeyError out of the compile."""
    from elicit_gen.runtime.core import formcore

    class Racing(dict[str, Any]):
        def __setitem__(self, key: str, value: Any) -> None:
            super().__setitem__(key, value)
            self.clear()  # another thread's clear(), right after this thread's store

    monkeypatch.setattr(formcore, "_PATTERNS", Racing())
    assert formcore.matches_pattern("^a+$", "aaa") and not formcore.matches_pattern("^a+$", "b")
    schema = {
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": "^[0-9]{3}$", "default": "123"}},
    }
    live_load.clear_cache()
    module = elicit_gen.load_form(schema, "cli")
    assert module.REQUESTED_SCHEMA["properties"]["code"]["default"] == "123"


# --- issue 40 defect 6: a flood of requests not shown is one notice per server -------------------

UNSHOWABLE = {"type": "object", "properties": {"f": {"type": "string", "contentEncoding": "x"}}}


@pytest.mark.parametrize(
    ("locale", "more"),
    [("en", "And 199 more requests were not shown."), ("zh-CN", "另有 199 个请求未显示。")],
)
def test_a_flood_of_requests_not_shown_is_two_lines_on_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], locale: str, more: str
) -> None:
    """The default notice (a line on stderr) wrote one line per request: 200 lines. Now one
    line per server at most every NOTICE_QUIET seconds, and one that counts the rest; another
    server gets its own line."""
    import elicit_gen.mcp.notices as notices_module

    from ..support.mcp import add_flood_tool

    monkeypatch.setattr(notices_module, "NOTICE_QUIET", 1.0)
    server, other = MCPServer("acme"), MCPServer("other")
    add_flood_tool(server, "flood", UNSHOWABLE, 200)
    add_flood_tool(other, "flood", UNSHOWABLE, 1)
    router = FormRouter(compile_unknown="cli", locale=locale)

    async def main() -> tuple[str, str, float]:
        start = anyio.current_time()
        async with anyio.create_task_group() as group:
            replies: dict[str, str] = {}

            async def one(name: str, who: MCPServer) -> None:
                replies[name] = await call(who, router, "flood")

            group.start_soon(one, "acme", server)
            group.start_soon(one, "other", other)
        seconds = anyio.current_time() - start
        await anyio.sleep(1.5)  # the count is written at the end of the quiet second
        return replies["acme"], replies["other"], seconds

    acme_reply, other_reply, seconds = anyio.run(main)
    assert (acme_reply, other_reply) == ("200", "1")  # every request got its error
    lines = capsys.readouterr().err.splitlines()
    acme = [line for line in lines if line.startswith("acme")]
    assert len([line for line in lines if line.startswith("other")]) == 1, lines
    # the first line gives the reason; then a line a second at most, counting the rest
    assert "199" not in acme[0] and len(acme) <= 2 + int(seconds), (seconds, lines)
    counted = [int(re.search(r"\d+", line)[0]) for line in acme[1:]]  # type: ignore[index]
    assert sum(counted) == 199, lines
    if len(acme) == 2:  # all in one second (the usual case): the count in the issue's words
        assert acme[1].endswith(more)


def test_a_request_counted_on_the_terminal_is_answered_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The count waits for the end of the quiet time; no server's answer waits with it."""
    import elicit_gen.mcp.notices as notices_module

    from ..support.mcp import add_flood_tool

    monkeypatch.setattr(notices_module, "NOTICE_QUIET", 5.0)
    server = MCPServer("acme")
    add_flood_tool(server, "one", UNSHOWABLE, 1)
    router = FormRouter(compile_unknown="cli")

    async def main() -> list[float]:
        times = []
        for _ in range(3):
            start = anyio.current_time()
            assert await call(server, router, "one") == "1"
            times.append(anyio.current_time() - start)
        return times

    assert max(anyio.run(main)) < 2.5
    assert len(capsys.readouterr().err.splitlines()) == 1  # the count: after 5 s


class FrontEnds:
    """Counts the runs of the front end (the router's schema_key and load_form's)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import elicit_gen.mcp.matching as mcp_module

        self.calls = 0
        compile_ = mcp_module._compile
        check_source = live_load.check_source

        def counted_compile(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return compile_(*args, **kwargs)

        def counted_check(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return check_source(*args, **kwargs)

        monkeypatch.setattr(mcp_module, "_compile", counted_compile)
        monkeypatch.setattr(live_load, "check_source", counted_check)
        monkeypatch.setattr(live_repairs, "check_source", counted_check)


AGE = {
    "type": "object",
    "properties": {"age": {"type": "integer", "minimum": 18}},
    "required": ["age"],
}


def test_looking_up_a_registered_form_runs_no_front_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without compile_unknown, a request that matches a registered form, one that matches none
    and one that asks for more than the form enforces are all told apart without the front end
    (the router used to compile every request's schema to look it up)."""
    live_load.clear_cache()
    module = elicit_gen.load_form(AGE, "cli")
    forms = FormsShown()
    router = FormRouter([module], runner=forms)
    front_ends = FrontEnds(monkeypatch)
    respelled = {
        "required": ["age"],
        "$comment": "same form",
        "title": "Another title",
        "properties": {"age": {"minimum": 18.0, "type": "integer"}},
        "type": "object",
    }
    stricter = {**AGE, "properties": {"age": {**AGE["properties"], "multipleOf": 2}}}  # type: ignore[dict-item]
    server = MCPServer("acme")
    add_raw_tool(server, "same", "Age?", respelled)
    add_raw_tool(server, "other", "Age?", big_selects(3, 3))
    add_raw_tool(server, "stricter", "Age?", stricter)
    assert json.loads(anyio.run(call, server, router, "same")) == {"action": "cancel"}
    other = json.loads(anyio.run(call, server, router, "other"))["error"]
    stricter_error = json.loads(anyio.run(call, server, router, "stricter"))["error"]
    assert (other["data"], stricter_error["data"]) == ({"reason": "no_form"}, {"reason": "no_form"})
    assert [shown[0] for shown in forms.shown] == [module]
    assert front_ends.calls == 0
    assert router.form_for(respelled) is module and router.form_for(stricter) is None


@pytest.mark.parametrize(
    ("where", "schema"),
    [
        (
            "a keyword no form enforces, seen before compiling",
            {
                "type": "object",
                "properties": {"code": {"type": "string", "contentEncoding": "base64"}},
            },
        ),
        (
            "an option's extra keyword, seen before compiling",
            {
                "type": "object",
                "properties": {
                    "pick": {
                        "type": "string",
                        # (an annotation such as `deprecated` is harmless: a constraint is not)
                        "oneOf": [{"const": "a", "title": "A", "minLength": 2}],
                    }
                },
            },
        ),
        (
            "a bound the field's kind drops, seen after the front end",
            {"type": "object", "properties": {"n": {"type": "integer", "minLength": 2}}},
        ),
    ],
    ids=["content-encoding", "option-keyword", "kind-drops-it"],
)
def test_a_refused_request_leaves_nothing_in_the_cache(
    where: str,
    schema: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    live_load.clear_cache()
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)
    front_ends = FrontEnds(monkeypatch)
    server = MCPServer("acme")
    add_raw_tool(server, "ask", "Tell us", schema)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        error = json.loads(anyio.run(call, server, router, "ask"))["error"]
    assert error["code"] == -32602 and error["data"] == {"reason": "unenforced"}
    assert "would not enforce the whole schema" in caplog.text, caplog.text
    assert forms.shown == [] and len(forms.notices) == 1
    assert not live_load._loaded and not live_load._seen and live_load._loaded_chars == 0
    if "before compiling" in where:
        assert front_ends.calls == 0


def test_an_accepted_request_is_cached_once() -> None:
    live_load.clear_cache()
    forms = FormsShown()
    router = FormRouter(compile_unknown="cli", runner=forms)
    server = MCPServer("acme")
    add_raw_tool(server, "ask", "Tell us", AGE)
    for _ in range(2):
        assert json.loads(anyio.run(call, server, router, "ask")) == {"action": "cancel"}
    assert len(live_load._loaded) == 1 and forms.shown[0][0] is forms.shown[1][0]


# --- defect 10: a completion completes only its own session's step --------------------------------


class TwoServers:
    """Server A asks the user to open a URL (elicitationId "e-1") and, when told to, sends its
    completion; server B knows that id and sends a completion for it at once."""

    def __init__(self) -> None:
        self.a = MCPServer("server-a")
        self.b = MCPServer("server-b")
        self.release = anyio.Event()
        self.a_accepted = anyio.Event()

        async def sign_in(ctx: Context) -> str:
            answer = await ctx.session.elicit_url("Sign in to A", URL, "e-1", ctx.request_id)
            self.a_accepted.set()
            await self.release.wait()
            await ctx.session.send_elicit_complete("e-1", ctx.request_id)
            return answer.action

        async def forge(ctx: Context) -> str:
            await ctx.session.send_elicit_complete("e-1", ctx.request_id)
            return "sent"

        async def ask_too(ctx: Context) -> str:
            answer = await ctx.session.elicit_url(
                "B wants", "https://b.example.org/", "e-9", ctx.request_id
            )
            await ctx.session.send_elicit_complete("e-1", ctx.request_id)
            return answer.action

        for server, name, tool in [
            (self.a, "sign_in", sign_in),
            (self.b, "forge", forge),
            (self.b, "ask_too", ask_too),
        ]:
            tool.__annotations__ = {"ctx": Context, "return": str}
            server.tool(name=name)(tool)


def test_one_session_cannot_complete_another_sessions_step() -> None:
    """Two client sessions of one router, each with its own ``router.session()``: B's server
    sends a completion for A's elicitationId, and A's step stays waiting; A's own completes it."""
    user = ScriptedUser(["o"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    servers = TwoServers()
    session_a, session_b = router.session(), router.session()

    async def main() -> tuple[str, list[str], str]:
        async with anyio.create_task_group() as group:
            result: dict[str, str] = {}

            async def run_a() -> None:
                result["a"] = await call(servers.a, session_a, "sign_in", session_a.message_handler)

            group.start_soon(run_a)
            with anyio.fail_after(30):
                await servers.a_accepted.wait()
            forged = await call(servers.b, session_b, "forge", session_b.message_handler)
            await anyio.sleep(0.2)
            after_forgery = list(user.notices)
            servers.release.set()
            await wait_for(lambda: bool(user.notices))
        return forged, after_forgery, result["a"]

    forged, after_forgery, action = anyio.run(main)
    assert forged == "sent" and action == "accept"
    assert after_forgery == []  # B's notification completed nothing
    assert len(user.notices) == 1 and "Completed in your browser" in user.notices[0]


def test_a_router_shared_by_two_sessions_ignores_the_other_sessions_completion(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The router itself as both sessions' callback and handler: once B's session is served, a
    completion B's server sends for A's elicitationId completes nothing (a notification does not
    say which session it came from), and the router says so in its log."""
    user = ScriptedUser(["o"], Opened())
    router = FormRouter(url_consent="cli", runner=user)
    servers = TwoServers()

    async def main() -> tuple[str, list[str]]:
        async with anyio.create_task_group() as group:
            group.start_soon(call, servers.a, router, "sign_in", router.message_handler)
            with anyio.fail_after(30):
                await servers.a_accepted.wait()
            action = await call(servers.b, router, "ask_too", router.message_handler)
            await anyio.sleep(0.2)
            after = list(user.notices)
            servers.release.set()
        return action, after

    with caplog.at_level(logging.INFO, logger="elicit_gen.mcp"):
        action, after = anyio.run(main)
    assert action == "accept"
    # B's own step (e-9) was never completed; A's e-1, forged by B, must not be either.
    assert after == []
    assert "router.session()" in caplog.text


class Session:
    """Stands in for a ``ClientSession`` (anything a weak reference can point to)."""


def test_a_session_keeps_a_bounded_number_of_waiting_steps() -> None:
    """A 2026-07-28 server sends no completions: the steps the user opened do not pile up."""
    from elicit_gen.mcp import UrlRequest
    from elicit_gen.mcp.steps import _MAX_WAITING, _Steps

    session = Session()
    steps = _Steps()
    steps.serve(session)
    module = elicit_gen.load_url_consent("cli")
    for n in range(_MAX_WAITING + 10):
        steps.wait(session, f"e-{n}", module, UrlRequest("m", URL, None, f"e-{n}"))
    assert len(steps._waiting) == _MAX_WAITING
    assert steps.done("e-0") is None and steps.done(f"e-{_MAX_WAITING + 9}") is not None
