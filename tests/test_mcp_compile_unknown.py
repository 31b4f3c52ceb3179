"""``FormRouter(compile_unknown=...)`` with the real MCP SDK on both sides, over the in-memory
transport, in both delivery styles: the client has no generated files at all, and every form it
shows is compiled in memory when the request arrives (``elicit_gen.load_form``); the server
validates what arrives with a pydantic model compiled the same way. Schemas the linter rejects,
requests past the limits and schemas whose form would not enforce all of them are declined, the
reason logged; registered modules still win."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Mapping, Sequence
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

from .cli_support import UNSAFE
from .live_support import case_input, content_class
from .mcp_support import (
    CONFORMANCE_ENUMS_CONTENT,
    MODES,
    SERVER_NAME,
    Received,
    add_exact_tool,
    add_raw_tool,
    add_sdk_tool,
    answers,
    call,
    cli_runner,
    conformance_defaults_content,
    conformance_defaults_schema,
    conformance_enums_schema,
    generated,
)
from .support.cases import all_forms, forms, valid_content

FORMS = all_forms()
LIVE = "elicit_gen.live."
#: The targets whose forms the router can show (each gets the declined and limits cases).
UI_TARGETS = ["cli", "textual", "qt"]


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
        add_sdk_tool(server, "ask_" + name, module.MESSAGE, model, received)
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
    add_sdk_tool(server, "ask", module.MESSAGE, model, received)
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
    add_sdk_tool(server, "ask", module.MESSAGE, model, received)
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


# --- what is declined ---------------------------------------------------------------------------


def _ask_raw(
    schema: Mapping[str, Any], mode: str, router: FormRouter, message: str = "Fill in"
) -> tuple[dict[str, Any], Recording]:
    server = MCPServer(SERVER_NAME)
    add_raw_tool(server, "ask", message, schema)
    client = Recording(router)

    async def main() -> dict[str, Any]:
        return (await call(server, mode, client, "ask"))[0]

    return anyio.run(main), client


class NeverShown:
    """A runner that fails the test if the router ever shows a form."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        self.calls += 1
        return {"action": "cancel"}


#: (name, schema, what the logged reason must say): each one declined, never shown.
DECLINED: list[tuple[str, dict[str, Any], Sequence[str]]] = [
    (
        "secret field (EG170)",
        {"type": "object", "properties": {"api_key": {"type": "string", "title": "API key"}}},
        ("does not become a form", "EG170"),
    ),
    (
        "impossible bounds",
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 10, "maximum": 1}},
        },
        ("does not become a form", "EG"),
    ),
    (
        # a pattern the forms enforce is shown (tests/test_pattern_forms.py); one that engines
        # read differently (a named group) cannot be
        "pattern the engines read differently (EG112)",
        {
            "type": "object",
            "properties": {"code": {"type": "string", "pattern": "^(?<code>[A-Z]{3})$"}},
            "required": ["code"],
        },
        ("does not become a form", "EG112"),
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
        ("/properties/pick/oneOf/0/pattern",),
    ),
]


@pytest.mark.parametrize("target", UI_TARGETS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("schema", "reasons"), [(s, r) for _, s, r in DECLINED], ids=[n for n, _, _ in DECLINED]
)
def test_a_schema_that_does_not_become_an_enforcing_form_is_declined(
    target: str,
    mode: str,
    schema: dict[str, Any],
    reasons: Sequence[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    runner = NeverShown()
    router = FormRouter(compile_unknown=target, runner=runner)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, client = _ask_raw(schema, mode, router)
    assert reply == {"action": "decline"}
    assert runner.calls == 0
    assert client.requests[0].requested_schema == schema  # the server sent it as it was
    logged = _logged(caplog)
    assert len(logged) == 1 and "declined" in logged[0], logged
    for reason in reasons:
        assert reason in logged[0], logged


@pytest.mark.parametrize("mode", MODES)
def test_a_lint_rejected_schema_goes_to_the_fallback_when_there_is_one(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    asked: list[str] = []

    async def fallback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="cancel")

    router = FormRouter(compile_unknown="cli", runner=NeverShown(), fallback=fallback)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, _ = _ask_raw(DECLINED[0][1], mode, router, message="Key?")
    assert reply == {"action": "cancel"}
    assert asked == ["Key?"]
    (logged,) = _logged(caplog)
    assert "handed to the fallback" in logged and "EG170" in logged


@pytest.mark.parametrize("target", UI_TARGETS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("where", ["description", "message", "options", "fields", "small limits"])
def test_a_request_past_the_limits_is_declined_fast(
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
    # Loaded already: the refusal must not depend on the runtime being compiled first.
    load_form({"type": "object", "properties": {}}, target)
    router = FormRouter(compile_unknown=target, runner=runner, limits=limits)
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, client = _ask_raw(schema, mode, router, message=message)
    assert reply == {"action": "decline"}
    assert runner.calls == 0
    (seconds,) = client.seconds
    assert seconds < 0.1, f"{seconds * 1000:.1f} ms of client time"
    (logged,) = _logged(caplog)
    assert "past the limits" in logged and "declined" in logged
    assert len(logged) < 400 and not UNSAFE.search(logged), logged[:400]
    expected = {
        "description": "1,000,000 characters",
        "message": "the message has 1,000,000 characters",
        "options": "20,000 options",
        "fields": "5,000 fields",
        "small limits": "1 fields (limit 0)",
    }[where]
    assert expected in logged, logged


def test_the_logged_reason_of_a_hostile_schema_is_escaped(caplog: pytest.LogCaptureFixture) -> None:
    name = "a\x1b]52;c;aGk=\x07\u202e"
    schema = {"type": "object", "properties": {name: {"type": "object"}}}
    router = FormRouter(compile_unknown="cli", runner=NeverShown())
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, _ = _ask_raw(schema, "legacy", router)
    assert reply == {"action": "decline"}
    (logged,) = _logged(caplog)
    assert not UNSAFE.search(logged), logged
    assert "\n" not in logged


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
    for bad in ("pydantic", "html", "tk"):
        with pytest.raises(ValueError, match="compile_unknown"):
            FormRouter(compile_unknown=bad)


# --- Textual -------------------------------------------------------------------------------------


TEXTUAL_CASES = [
    (key, mode, "exact" if index % 2 else "ask")
    for index, (key, _) in enumerate(FORMS)
    for mode in MODES
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

    from .textual_support import SIZE, fill

    class Host(App[None]):
        """An MCP client application with no form of its own."""

    module, model = _models(key, form)
    received = Received()
    server = MCPServer(SERVER_NAME)
    add_sdk_tool(server, "ask", module.MESSAGE, model, received)
    add_exact_tool(server, "exact", [("form", module, model)], received)
    screens: list[type] = []

    async def shown(pilot: Pilot[Any]) -> None:
        while True:  # bounded by the fail_after around it
            screen = pilot.app.screen
            if isinstance(screen, ModalScreen) and type(screen).__module__.startswith(LIVE):
                screens.append(type(screen))
                await pilot.pause()
                return
            await pilot.pause(0.02)

    async def main() -> dict[str, Any]:
        app = Host()
        async with app.run_test(size=SIZE) as pilot:
            router = FormRouter(compile_unknown="textual", runner=TextualRunner(app))
            client = asyncio.create_task(call(server, mode, router, tool))
            with anyio.fail_after(30):
                await shown(pilot)
                if not submit_untouched:
                    await fill(pilot, form, content)
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
