"""``FormRouter(compile_unknown=...)`` with the real MCP SDK on both sides, over the in-memory
transport, in both delivery styles: the client has no generated files at all, and every form it
shows is compiled in memory when the request arrives (``elicit_gen.load_form``); the server
validates what arrives with a pydantic model compiled the same way. Schemas the linter rejects,
requests past the limits and schemas whose form would not enforce all of them are not shown: the
user is told, the server gets a JSON-RPC error naming the reason (never a decline the user did
not choose), the fallback has the first chance; registered modules still win. A default the form
cannot use is left out (a naive date-time read as local time), and the form is shown."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import anyio
import pytest
from pydantic import BaseModel, ConfigDict, Field

pytest.importorskip("mcp")

from mcp import types
from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation

from elicit_gen.compiler import ir
from elicit_gen.live import Limits, load_form
from elicit_gen.mcp import FormRouter, schema_key, unenforced
from elicit_gen.targets import TARGETS, targets_with

from ..support.cases import all_forms, forms, valid_content
from ..support.cli import UNSAFE
from ..support.live import case_input, content_class
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
    cli_runner,
    conformance_defaults_content,
    conformance_defaults_schema,
    conformance_enums_schema,
    generated,
)

FORMS = all_forms()
LIVE = "elicit_gen.live."
#: The targets whose forms the router can show (each gets the declined and limits cases).
UI_TARGETS = list(targets_with("loadable", "ui"))


def _models(key: str, form: ir.Form) -> tuple[ModuleType, Any]:
    """The server's side: the pydantic module compiled in memory, and its content model."""
    models = load_form(case_input(key.split(":")[0], form), "pydantic")
    assert models.__name__.startswith(LIVE)
    return models, content_class(models)


class Scripted:
    """The client's runner: a scripted CLI form (``mcp_support.cli_runner``) per schema, keyed
    by the schema of the module the router hands it; keeps every module it was given."""

    def __init__(self, lines: Mapping[str, Sequence[str]]) -> None:
        self.transcripts: list[str] = []
        self.modules: list[ModuleType] = []
        self.runners = {
            key: cli_runner(list(script), self.transcripts) for key, script in lines.items()
        }

    @classmethod
    def of(cls, items: Sequence[tuple[ir.Form, Mapping[str, Any]]]) -> Scripted:
        lines = {form.schema_json: answers(form, content) for form, content in items}
        # On 2026-07-28 the client SDK reads the request into its wire model (mcp_types
        # RequestedSchema, extra="ignore"), which drops a root ``additionalProperties: false``:
        # the form compiled for what arrives is the same but for that.
        for form, content in items:
            if form.closed:
                open_schema = {k: v for k, v in form.schema.items() if k != "additionalProperties"}
                lines[json.dumps(open_schema, ensure_ascii=False)] = answers(form, content)
        return cls(lines)

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        self.modules.append(module)
        key = schema_key(module.REQUESTED_SCHEMA)
        assert key is not None
        return await self.runners[key](module, message, server)


class Recording:
    """An elicitation callback around a router: what the client received, and how long the
    router took to answer each request."""

    def __init__(self, router: FormRouter) -> None:
        self.router = router
        self.requests: list[types.ElicitRequestFormParams] = []
        self.seconds: list[float] = []

    async def __call__(self, context: Any, params: types.ElicitRequestParams) -> Any:
        assert isinstance(params, types.ElicitRequestFormParams)
        self.requests.append(params)
        started = time.perf_counter()
        answer = await self.router(context, params)
        self.seconds.append(time.perf_counter() - started)
        return answer


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "elicit_gen.mcp"]


# --- every golden form, compiled when asked ------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_every_golden_form_answered_by_a_form_compiled_at_run_time(mode: str) -> None:
    received = Received()
    server = MCPServer(SERVER_NAME)
    expected: dict[str, dict[str, Any]] = {}
    models: dict[str, tuple[ModuleType, Any]] = {}
    for key, form in FORMS:
        models[key] = _models(key, form)
        module, model = models[key]
        expected[key] = valid_content(form)
        name = key.split(":")[1]
        add_sdk_tool(
            server, "ask_" + name, module.MESSAGE, model, received, module.REQUESTED_SCHEMA
        )
        add_exact_tool(server, "exact_" + name, [("form", module, model)], received)
    runner = Scripted.of([(form, expected[key]) for key, form in FORMS])
    router = FormRouter(compile_unknown="cli", runner=runner)
    client = Recording(router)

    async def main() -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
        replies = {}
        for key, _ in FORMS:
            name = key.split(":")[1]
            sdk, _ = await call(server, mode, client, "ask_" + name)
            exact, _ = await call(server, mode, client, "exact_" + name)
            replies[key] = (sdk, exact["form"])
        return replies

    replies = anyio.run(main)
    assert router.modules == []  # nothing registered: every form was compiled on the spot
    for key, _ in FORMS:
        accepted = {"action": "accept", "content": expected[key]}
        assert replies[key] == (accepted, accepted), key
    # Every form shown was an in-memory module, for the schema that was asked.
    assert len(runner.modules) == 2 * len(FORMS)
    for module, request in zip(runner.modules, client.requests, strict=True):
        assert module.__name__.startswith(LIVE)
        assert schema_key(module.REQUESTED_SCHEMA) == schema_key(request.requested_schema)
    # The same schema twice (SDK-rendered, then verbatim): the cache answered with one module.
    # (The SDK renders a root title the generated REQUESTED_SCHEMA leaves out, e.g. every_kind's
    # "Project setup": those two requests are not the same schema.)
    pairs = zip(runner.modules[::2], runner.modules[1::2], strict=True)
    sent = zip(client.requests[::2], client.requests[1::2], strict=True)
    same = [
        a is b
        for (a, b), (x, y) in zip(pairs, sent, strict=True)
        if x.requested_schema == y.requested_schema
    ]
    assert len(same) >= len(FORMS) // 2 and all(same)
    # The server's in-memory pydantic models validated each answer, typed.
    assert len(received.outcomes) == 2 * len(FORMS)
    for index, (_, outcome) in enumerate(received.outcomes):
        key, _ = FORMS[index // 2]
        assert isinstance(outcome, AcceptedElicitation)
        assert isinstance(outcome.data, models[key][1])
        dumped = outcome.data.model_dump(mode="json", by_alias=True, exclude_unset=True)
        assert dumped == expected[key]


@pytest.mark.parametrize("mode", MODES)
def test_conformance_defaults_through_compile_unknown(mode: str) -> None:
    """SEP-1034: the schema on the wire carries every default, and accepting the compiled form
    untouched sends every default back, typed."""
    (form,) = forms("defaults")
    module, model = _models("defaults:defaults", form)
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", module.MESSAGE, model, received, module.REQUESTED_SCHEMA)
    add_exact_tool(server, "exact", [("form", module, model)], received)
    client = Recording(FormRouter(compile_unknown="cli", runner=Scripted.of([(form, {})])))

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, client, "ask"))[0],
            (await call(server, mode, client, "exact"))[0]["form"],
        ]

    for reply in anyio.run(main):
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
        content = reply["content"]
        assert type(content["age"]) is int and type(content["score"]) is float
        assert type(content["verified"]) is bool
        assert conformance_defaults_content(content) == []
    for request in client.requests:
        assert conformance_defaults_schema(request.requested_schema) == []
    for _, outcome in received.outcomes:
        assert isinstance(outcome, AcceptedElicitation)
        assert outcome.data.model_dump(exclude_unset=True)["score"] == 95.5


@pytest.mark.parametrize("mode", MODES)
def test_conformance_enums_through_compile_unknown(mode: str) -> None:
    """SEP-1330: untitled/titled single-select, legacy enumNames, untitled/titled multi-select
    keep their shapes on the wire, and the scenario's answer comes back through the compiled
    form."""
    (form,) = forms("enums")
    module, model = _models("enums:enums", form)
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", module.MESSAGE, model, received, module.REQUESTED_SCHEMA)
    add_exact_tool(server, "exact", [("form", module, model)], received)
    runner = Scripted.of([(form, CONFORMANCE_ENUMS_CONTENT)])
    client = Recording(FormRouter(compile_unknown="cli", runner=runner))

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, client, "ask"))[0],
            (await call(server, mode, client, "exact"))[0]["form"],
        ]

    for reply in anyio.run(main):
        assert reply == {"action": "accept", "content": CONFORMANCE_ENUMS_CONTENT}
    assert len(client.requests) == 2
    for request in client.requests:
        assert conformance_enums_schema(request.requested_schema) == []
        assert "Option One" in request.requested_schema["properties"]["legacyEnum"]["enumNames"]
    # The form showed the legacy labels the server sent.
    assert all("Option One" in shown for shown in runner.transcripts)
    assert len(received.outcomes) == 2


# --- what is not shown, and who is told ---------------------------------------------------------


def _ask_raw(
    schema: Mapping[str, Any],
    mode: str,
    router: FormRouter,
    message: str = "Fill in",
    *,
    shown: bool = False,
) -> tuple[dict[str, Any], Recording]:
    """The server sends ``schema`` verbatim. Returns what it got: the JSON-RPC error (as
    ``{"error": ...}``) for a request the client does not show, else the answer (``shown``)."""
    server = MCPServer(SERVER_NAME)
    saw = ServerSaw()
    add_raw_tool(server, "ask", message, schema, saw)
    client = Recording(router)

    async def main() -> dict[str, Any]:
        if shown:
            return (await call(server, mode, client, "ask"))[0]
        return {"error": await call_not_shown(server, mode, client, "ask", saw)}

    return anyio.run(main), client


class NeverShown:
    """A runner that fails the test if the router ever shows a form; what the router tells the
    user through its ``notify`` hook is kept."""

    def __init__(self) -> None:
        self.calls = 0
        self.notices: list[tuple[str, str]] = []

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        self.calls += 1
        return {"action": "cancel"}

    async def notify(self, server: str, reason: str) -> None:
        self.notices.append((server, reason))


def _requester(mode: str) -> str:
    """Who the user is told asked (a session pinned to 2026-07-28 has no serverInfo)."""
    return SERVER_NAME if mode == "legacy" else "An MCP server"


def _not_shown(error: dict[str, Any], kind: str) -> str:
    """Checks the JSON-RPC error a server gets for a request the client did not show; returns
    its message."""
    assert error["code"] == types.INVALID_PARAMS == -32602, error
    assert error["data"] == {"reason": kind}, error
    message: str = error["message"]
    assert message.startswith("elicitation not shown to the user: "), message
    assert len(message) <= 500 and not UNSAFE.search(message), message[:600]
    return message


#: (name, schema, what the reasons must say: the server's error and log, the user's notice):
#: each one not shown, the user told, the server given an error.
NOT_SHOWN: list[tuple[str, dict[str, Any], str, Sequence[str], str]] = [
    (
        "secret field (EG170)",
        {"type": "object", "properties": {"api_key": {"type": "string", "title": "API key"}}},
        "not_a_form",
        ("does not become a form", "EG170"),
        "it is not a valid form (EG170 ",
    ),
    (
        "impossible bounds",
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 10, "maximum": 1}},
        },
        "not_a_form",
        ("does not become a form", "EG"),
        "it is not a valid form (EG",
    ),
    (
        # a pattern the forms enforce is shown (tests/targets/test_pattern_forms.py); one that
        # engines read differently (a named group) cannot be
        "pattern the engines read differently (EG112)",
        {
            "type": "object",
            "properties": {"code": {"type": "string", "pattern": "^(?<code>[A-Z]{3})$"}},
            "required": ["code"],
        },
        "not_a_form",
        ("does not become a form", "EG112"),
        "it is not a valid form (EG112",
    ),
    (
        "pattern inside an option",
        {
            "type": "object",
            "properties": {
                "pick": {
                    "type": "string",
                    "oneOf": [
                        {"const": "a", "title": "A", "pattern": "^z"},
                        {"const": "b", "title": "B"},
                    ],
                }
            },
        },
        "unenforced",
        ("/properties/pick/oneOf/0/pattern",),
        "(`pattern`)",
    ),
    (
        "an unknown keyword",
        {
            "type": "object",
            "properties": {
                "file": {"type": "string", "contentEncoding": "base64"},
                "n": {"type": "integer", "x-vendor": {"a": 1}},
            },
        },
        "unenforced",
        ("/properties/file/contentEncoding", "/properties/n/x-vendor"),
        "(`contentEncoding`, `x-vendor`)",
    ),
]


@pytest.mark.parametrize("target", UI_TARGETS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("schema", "kind", "reasons", "told"),
    [(s, k, r, t) for _, s, k, r, t in NOT_SHOWN],
    ids=[n for n, *_ in NOT_SHOWN],
)
def test_a_schema_that_does_not_become_an_enforcing_form_is_not_shown(
    target: str,
    mode: str,
    schema: dict[str, Any],
    kind: str,
    reasons: Sequence[str],
    told: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    runner = NeverShown()
    router = FormRouter(compile_unknown=target, runner=runner)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, client = _ask_raw(schema, mode, router)
    assert runner.calls == 0
    assert client.requests[0].requested_schema == schema  # the server sent it as it was
    # The server: an error naming the reason, not a decline.
    message = _not_shown(reply["error"], kind)
    # The user: which server asked, and why, in plain words, on the runner's surface.
    ((server, notice),) = runner.notices
    assert server == _requester(mode)
    assert notice.startswith("This request was not shown: ") and told in notice, notice
    assert notice.endswith(". The server has been told.") and len(notice) < 400
    logged = _logged(caplog)
    assert len(logged) == 1 and "not shown" in logged[0], logged
    for reason in reasons:
        assert reason in logged[0] and reason in message, (logged, message)


@pytest.mark.parametrize("mode", MODES)
def test_the_fallback_has_the_first_chance(mode: str, caplog: pytest.LogCaptureFixture) -> None:
    """A schema the router cannot show goes to the fallback, which answers; the user is told
    nothing by the router and the server gets the fallback's answer."""
    asked: list[str] = []

    async def fallback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="cancel")

    runner = NeverShown()
    router = FormRouter(compile_unknown="cli", runner=runner, fallback=fallback)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        for _, schema, *_ in NOT_SHOWN:
            reply, _ = _ask_raw(schema, mode, router, message="Key?", shown=True)
            assert reply == {"action": "cancel"}
    assert asked == ["Key?"] * len(NOT_SHOWN)
    assert runner.calls == 0 and runner.notices == []
    logged = _logged(caplog)
    assert len(logged) == len(NOT_SHOWN)
    assert all("handed to the fallback" in line for line in logged), logged
    assert "EG170" in logged[0]


@pytest.mark.parametrize("target", UI_TARGETS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("where", ["description", "message", "options", "fields", "small limits"])
def test_a_request_past_the_limits_is_refused_fast(
    target: str, mode: str, where: str, caplog: pytest.LogCaptureFixture
) -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"a": {"type": "string", "description": "A field"}},
    }
    message = "Fill in"
    limits = Limits()
    if where == "description":
        schema["properties"]["a"]["description"] = "x" * 1_000_000  # 1 MB
    elif where == "message":
        message = "m" * 1_000_000
    elif where == "options":
        schema["properties"]["a"]["enum"] = [f"o{i}" for i in range(20_000)]
    elif where == "fields":
        schema["properties"] = {f"f{i}": {"type": "boolean"} for i in range(5_000)}
    else:  # a client that asks for less than the defaults
        limits = Limits(max_fields=0)
    runner = NeverShown()
    fell_back: list[str] = []

    async def fallback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        fell_back.append(params.message)  # never: a hostile request is handed to nobody
        return types.ElicitResult(action="cancel")

    # Loaded already: the refusal must not depend on the runtime being compiled first.
    load_form({"type": "object", "properties": {}}, target)
    router = FormRouter(compile_unknown=target, runner=runner, limits=limits, fallback=fallback)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, client = _ask_raw(schema, mode, router, message=message)
    assert runner.calls == 0 and fell_back == []
    (seconds,) = client.seconds
    assert seconds < 0.1, f"{seconds * 1000:.1f} ms of client time"
    expected = {
        "description": "1,000,000 characters",
        "message": "the message has 1,000,000 characters",
        "options": "20,000 options",
        "fields": "5,000 fields",
        "small limits": "1 fields (limit 0)",
    }[where]
    error = _not_shown(reply["error"], "too_large")
    assert "too large to show safely" in error and expected in error, error
    ((server, notice),) = runner.notices
    assert server == _requester(mode)
    assert notice == (
        "This request was not shown: the request is too large to show safely. "
        "The server has been told."
    )
    (logged,) = _logged(caplog)
    assert "not shown" in logged and expected in logged
    assert len(logged) < 400 and not UNSAFE.search(logged), logged[:400]


def test_the_reasons_of_a_hostile_schema_are_escaped_and_bounded(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A server name and property names made to act on a terminal: the log line, the server's
    error and the user's notice show them escaped, and cut."""
    name = "a\x1b]52;c;aGk=\x07\u202e" + "n" * 200
    schema = {
        "type": "object",
        "properties": {name: {"type": "object"}, "b": {"type": "string", name[:200]: 1}},
    }
    server = MCPServer("evil\x1b[2J\u202e" + "s" * 1_000_000)
    saw = ServerSaw()
    add_raw_tool(server, "ask", "Fill in", schema, saw)
    runner = NeverShown()
    router = FormRouter(compile_unknown="cli", runner=runner)

    async def main() -> dict[str, Any]:
        return await call_not_shown(server, "legacy", router, "ask", saw)

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        error = anyio.run(main)
    _not_shown(error, "unenforced")  # the key named like the field: seen before compiling
    (logged,) = _logged(caplog)
    assert not UNSAFE.search(logged) and "\n" not in logged and len(logged) < 2_000, logged[:300]
    ((who, notice),) = runner.notices
    for text in (who, notice):
        assert not UNSAFE.search(text) and "\n" not in text, text
    assert who.startswith("evil\\x1b[2J") and len(who) <= 200
    assert len(notice) < 400


# --- registered modules still win ----------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_registered_module_wins_over_compiling(mode: str, tmp_path: Path) -> None:
    contact = dict(FORMS)["contact:contact"]
    travel = dict(FORMS)["travel_booking:travel_booking"]
    registered = generated(contact, "cli", tmp_path)
    shown_registered: list[str] = []
    from_file = cli_runner(answers(contact, valid_content(contact)), shown_registered)
    compiled = Scripted.of([(contact, valid_content(contact)), (travel, valid_content(travel))])
    router = FormRouter(compile_unknown="cli", runner=compiled)
    router.register(registered, runner=from_file)

    received = Received()
    server = MCPServer(SERVER_NAME)
    for key, form in (("contact:contact", contact), ("travel_booking:travel_booking", travel)):
        module, model = _models(key, form)
        add_exact_tool(server, form.stem, [("form", module, model)], received)

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, router, "contact"))[0]["form"],
            (await call(server, mode, router, "travel_booking"))[0]["form"],
        ]

    first, second = anyio.run(main)
    assert first == {"action": "accept", "content": valid_content(contact)}
    assert second == {"action": "accept", "content": valid_content(travel)}
    assert len(shown_registered) == 1  # contact: the registered file's form
    assert [m.__name__.startswith(LIVE) for m in compiled.modules] == [True]  # travel only
    assert travel.schema == compiled.modules[0].REQUESTED_SCHEMA
    assert router.modules == [registered]


def test_compile_unknown_takes_only_ui_targets() -> None:
    for bad in (*(t for t in TARGETS if t not in UI_TARGETS), "tk"):
        with pytest.raises(ValueError, match="compile_unknown"):
            FormRouter(compile_unknown=bad)


# --- Textual -------------------------------------------------------------------------------------


#: Every golden form filled by keyboard in the Textual screen, once: the session's mode and the
#: tool's way of asking change the flow around the screen, not the screen, so the forms take the
#: four (mode, tool) pairs in turn (test_every_golden_form_answered_by_a_form_compiled_at_run_time
#: sends every form in every mode; filling one by keyboard is what takes the time).
TEXTUAL_CASES = [
    (key, MODES[index % len(MODES)], "exact" if index // len(MODES) % 2 else "ask")
    for index, (key, _) in enumerate(FORMS)
]


@pytest.mark.parametrize(("key", "mode", "tool"), TEXTUAL_CASES)
def test_textual_compile_unknown_answers_every_golden_form(key: str, mode: str, tool: str) -> None:
    form = dict(FORMS)[key]
    content = valid_content(form)
    reply = _textual_session(key, form, mode, tool, content, submit_untouched=False)
    assert reply == {"action": "accept", "content": content}


@pytest.mark.parametrize("mode", MODES)
def test_textual_conformance_defaults(mode: str) -> None:
    """SEP-1034 through the Textual screen: submitted untouched, every default comes back."""
    (form,) = forms("defaults")
    reply = _textual_session("defaults:defaults", form, mode, "ask", {}, submit_untouched=True)
    assert reply["action"] == "accept"
    assert conformance_defaults_content(reply["content"]) == []
    assert reply["content"]["name"] == "John Doe" and type(reply["content"]["age"]) is int


@pytest.mark.parametrize("mode", MODES)
def test_textual_conformance_enums(mode: str) -> None:
    """SEP-1330 through the Textual screen: the scenario's answer is accepted as sent."""
    (form,) = forms("enums")
    content = CONFORMANCE_ENUMS_CONTENT
    reply = _textual_session("enums:enums", form, mode, "ask", content, submit_untouched=False)
    assert reply == {"action": "accept", "content": content}


def _textual_session(
    key: str,
    form: ir.Form,
    mode: str,
    tool: str,
    content: Mapping[str, Any],
    *,
    submit_untouched: bool,
) -> dict[str, Any]:
    """One SDK session in which a Textual client with no generated files answers ``tool`` by
    filling the screen compiled for the request with ``content`` (or leaving it untouched) and
    submitting; returns the reply the server's tool gave (what it received)."""
    pytest.importorskip("textual")
    from textual.app import App
    from textual.pilot import Pilot
    from textual.screen import ModalScreen

    from elicit_gen.mcp import TextualRunner

    from ..support.textual import SIZE, fill, ready

    class Host(App[None]):
        """An MCP client application with no form of its own."""

    module, model = _models(key, form)
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", module.MESSAGE, model, received, module.REQUESTED_SCHEMA)
    add_exact_tool(server, "exact", [("form", module, model)], received)
    screens: list[type] = []

    async def shown(pilot: Pilot[Any]) -> None:
        screen = await ready(
            pilot,
            lambda top: isinstance(top, ModalScreen) and type(top).__module__.startswith(LIVE),
        )
        screens.append(type(screen))

    async def main() -> dict[str, Any]:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            router = FormRouter(compile_unknown="textual", runner=TextualRunner(app))
            client = asyncio.create_task(call(server, mode, router, tool))
            with anyio.fail_after(30):
                await shown(pilot)
                if not submit_untouched:
                    # (pasted: typing into a screen is the Textual target's own test)
                    await fill(pilot, form, content, paste=True)
                await pilot.press("ctrl+s")
                reply, _ = await client
            return reply

    reply = asyncio.run(main())
    got: dict[str, Any] = reply if tool == "ask" else reply["form"]
    (screen_class,) = screens
    assert "_textual_" in screen_class.__module__  # a module compiled for this request
    (_, outcome) = received.outcomes[0]
    assert isinstance(outcome, AcceptedElicitation)
    assert isinstance(outcome.data, model)
    return got


class _Constrained(BaseModel):
    """A server's model with the constraints beyond the subset that every target enforces."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(gt=0, multiple_of=5)
    price: float = Field(gt=0, lt=1000)
    tags: set[Literal["a", "b"]] = set()
    plan: Literal["pro"] = "pro"  # const, as every Literal of one value
    agree: Literal[True]


@pytest.mark.parametrize("mode", MODES)
def test_constraints_beyond_the_subset_reach_the_form(mode: str) -> None:
    """gt, lt, multiple_of, extra="forbid", a set of options and Literals of one value
    (exclusiveMinimum, exclusiveMaximum, multipleOf, additionalProperties: false, uniqueItems,
    const) from a real SDK
    server: the router shows a form that enforces them, instead of declining."""
    shown: list[ModuleType] = []
    content = {"amount": 10, "price": 2.5, "tags": ["a", "b"], "plan": "pro", "agree": True}

    async def runner(module: ModuleType, message: str, server: str | None) -> Any:
        shown.append(module)
        assert module.validate(content) == {}
        return {"action": "accept", "content": content}

    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", "Fill in", _Constrained, received)
    client = Recording(FormRouter(compile_unknown="cli", runner=runner))

    async def main() -> dict[str, Any]:
        return (await call(server, mode, client, "ask"))[0]

    reply = anyio.run(main)
    assert reply["action"] == "accept"
    assert {**reply["content"], "tags": sorted(reply["content"]["tags"])} == content
    (module,) = shown
    (request,) = client.requests
    assert unenforced(request.requested_schema, module.REQUESTED_SCHEMA) == []
    errors = module.validate(
        {"amount": 7, "price": 1000, "tags": ["a", "a"], "plan": "free", "agree": False}
    )
    assert errors == {
        "amount": "Must be a multiple of 5.",
        "price": "Must be less than 1000.",
        "tags": "Must not choose an option more than once.",
        "plan": "Must be one of the listed options.",
        "agree": "Must be true.",
    }
    assert module.validate({"amount": 0, "price": 0, "agree": True}) == {
        "amount": "Must be more than 0.",
        "price": "Must be more than 0.",
    }


# --- defaults the form cannot use: the form is shown all the same --------------------------------


@pytest.fixture
def in_kolkata(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """This process's local time zone is India's (UTC+05:30, no summer time) for the test."""
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    yield "+05:30"
    monkeypatch.undo()
    time.tzset()


class _Meeting(BaseModel):
    """A server's model whose defaults fail their own fields, as pydantic lets them: a naive
    ``datetime`` (JSON Schema's date-time needs an offset) and a number past its bound."""

    topic: str
    when: datetime = datetime(2025, 1, 6, 9, 0)
    seats: int = Field(default=500, ge=1, le=100)


@pytest.mark.parametrize("mode", MODES)
def test_a_form_with_defaults_it_cannot_use_is_shown(
    mode: str, in_kolkata: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The SDK renders ``_Meeting`` with ``"default": "2025-01-06T09:00:00"`` (no offset) and
    ``"default": 500`` under ``"maximum": 100``: the linter's EG140, which used to refuse the
    whole form. Now the form is shown with the date-time read as local time and no default for
    the seats, the log says so, and the user who presses Enter sends what the server accepts."""
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", "When shall we meet?", _Meeting, received)
    transcripts: list[str] = []
    shown: list[ModuleType] = []
    typed = cli_runner(["Standup", "", "", "s"], transcripts)  # a topic, then Enter, Enter

    async def runner(module: ModuleType, message: str, server_name: str | None) -> Any:
        shown.append(module)
        return await typed(module, message, server_name)

    client = Recording(FormRouter(compile_unknown="cli", runner=runner))

    async def main() -> dict[str, Any]:
        return (await call(server, mode, client, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    local = f"2025-01-06T09:00:00{in_kolkata}"
    assert reply == {"action": "accept", "content": {"topic": "Standup", "when": local}}
    (request,) = client.requests
    sent = request.requested_schema["properties"]
    assert sent["when"]["default"] == "2025-01-06T09:00:00" and sent["seats"]["default"] == 500
    # The form: the date-time default with the local offset, no default for the seats.
    (module,) = shown
    fields = module.REQUESTED_SCHEMA["properties"]
    assert fields["when"]["default"] == local and "default" not in fields["seats"]
    (transcript,) = transcripts
    assert local in transcript
    # The server's own model validated the answer: an aware datetime, 09:00 in Kolkata.
    ((_, outcome),) = received.outcomes
    assert isinstance(outcome, AcceptedElicitation)
    assert outcome.data.when == datetime(2025, 1, 6, 3, 30, tzinfo=timezone.utc)
    # Said in the log: the field and why, bounded.
    logged = _logged(caplog)
    assert len(logged) == 2, logged
    assert "field 'when'" in logged[0] and f"shown as local time, {local}" in logged[0]
    assert "field 'seats'" in logged[1] and "500 is not used: must be at most 100" in logged[1]


def test_the_linter_and_the_compiler_keep_the_error_for_the_author() -> None:
    """Only at run time is such a default repaired: ``--lint`` and ``compile`` (``--target``)
    still report EG140, as an error."""
    from mcp.server.elicitation import render_elicitation_schema

    import elicit_gen

    schema = render_elicitation_schema(_Meeting)
    lint = elicit_gen.lint(schema)
    assert sorted(d.pointer for d in lint.diagnostics if d.code == "EG140" and d.is_error) == [
        "/properties/seats/default",
        "/properties/when/default",
    ]
    assert not elicit_gen.compile(schema, ["cli"]).ok


def test_the_user_is_told_in_the_routers_language(capsys: pytest.CaptureFixture[str]) -> None:
    """``locale="zh-CN"``: the line on the terminal is Chinese (the server's name as sent); the
    server's error stays in English, for its log."""
    schema = {"type": "object", "properties": {"n": {"type": "integer", "x-vendor": 1}}}
    router = FormRouter(compile_unknown="cli", locale="zh-CN")
    reply, _ = _ask_raw(schema, "legacy", router)
    message = _not_shown(reply["error"], "unenforced")
    assert "this app's forms cannot check everything it asks for" in message
    assert capsys.readouterr().err == (
        f"{SERVER_NAME}：此请求未显示：本应用的表单无法检查它要求的全部内容（`x-vendor`）。"
        "已告知服务器。\n"
    )
