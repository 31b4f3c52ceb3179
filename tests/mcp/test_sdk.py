"""elicit-gen with the real MCP Python SDK on both sides: an ``MCPServer`` elicits with the
generated pydantic models, a ``Client`` answers through generated forms routed by
:class:`elicit_gen.mcp.FormRouter`, over the SDK's in-memory transport (JSON-RPC framing, no
mocks), in both delivery styles: the standalone ``elicitation/create`` request (2025-11-25) and
the ``input_required`` result with ``inputRequests``/``requestState`` (2026-07-28)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest

from elicit_gen.i18n import translation

pytest.importorskip("mcp")

from mcp import types
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation
from mcp.server.mcpserver import Context

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter, schema_key, unenforced

from ..support.cases import CASES_DIR, all_forms, forms, valid_content
from ..support.cli import UNSAFE
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
    content_model,
    generated,
)
from ..support.validators import jsonschema_verdict

FORMS = all_forms()
ALL_FORMS = FORMS


class Forms:
    """The generated pydantic and CLI modules of every golden form."""

    def __init__(self, directory: Path) -> None:
        self.by_key: dict[str, tuple[ir.Form, ModuleType, ModuleType]] = {}
        for key, form in FORMS:
            models = generated(form, "pydantic", directory)
            cli = generated(form, "cli", directory)
            self.by_key[key] = (form, models, cli)

    def form(self, key: str) -> tuple[ir.Form, ModuleType, ModuleType]:
        return self.by_key[key]


@pytest.fixture(scope="module")
def gen(tmp_path_factory: pytest.TempPathFactory) -> Forms:
    return Forms(tmp_path_factory.mktemp("mcp_forms"))


def tool_name(key: str) -> str:
    return "ask_" + key.split(":")[1]


def server_for(gen: Forms, received: Received, keys: list[str] | None = None) -> MCPServer:
    server = MCPServer(SERVER_NAME)
    for key in keys or list(gen.by_key):
        form, models, _ = gen.form(key)
        model = content_model(models, form)
        add_sdk_tool(
            server, tool_name(key), models.MESSAGE, model, received, models.REQUESTED_SCHEMA
        )
        add_exact_tool(server, "exact_" + form.stem, [("form", models, model)], received)
    return server


class ScriptedCli:
    """The client side: a FormRouter over the generated CLI modules, each fed its own lines."""

    def __init__(self, gen: Forms, lines: Mapping[str, list[str]]) -> None:
        self.transcripts: list[str] = []
        self.requests: list[types.ElicitRequestFormParams] = []
        self.showing = [0, 0]  # forms on screen: now, at most
        self.router = FormRouter()
        for key, (_, _, cli) in gen.by_key.items():
            if key in lines:
                runner = cli_runner(lines[key], self.transcripts, self.showing)
                self.router.register(cli, runner=runner)

    async def __call__(self, context: Any, params: types.ElicitRequestParams) -> Any:
        assert isinstance(params, types.ElicitRequestFormParams)
        self.requests.append(params)
        return await self.router(context, params)


# --- routing -------------------------------------------------------------------------------------


def test_router_matches_the_schema_as_the_server_sends_it(gen: Forms) -> None:
    router = FormRouter(cli for _, _, cli in gen.by_key.values())
    assert len(router.modules) == len(FORMS)
    for case in ("contact", "enums", "odd_names", "hostile"):
        raw = json.loads((CASES_DIR / f"{case}.json").read_text(encoding="utf-8"))
        schema = raw.get("params", raw)
        schema = schema.get("requestedSchema", schema)
        _, _, cli = gen.form(f"{case}:{forms(case)[0].stem}")
        assert router.form_for(schema) is cli
        # Another key order and a root title: the same schema.
        shuffled = dict(reversed(list(schema.items())))
        shuffled["title"] = "Something else"
        assert router.form_for(shuffled) is cli
        # An unknown keyword (a custom Ajv keyword may validate): no longer the form's schema.
        assert router.form_for({**shuffled, "x-vendor": {"a": 1}}) is None
        # The whole elicitation/create request is not a requestedSchema, though elicit-gen's
        # front end would find the schema inside it.
        assert router.form_for({"message": "Hi", "requestedSchema": schema}) is None
    contact = gen.form("contact:contact")[2].REQUESTED_SCHEMA
    changed = json.loads(json.dumps(contact))
    first = next(iter(changed["properties"].values()))
    first["maxLength"] = 7
    assert router.form_for(changed) is None
    assert router.form_for({"type": "object", "properties": {"x": {"type": "object"}}}) is None
    assert schema_key({"type": "object", "properties": {}, "bad": float("nan")}) is None


def test_one_form_per_schema(gen: Forms, tmp_path: Path) -> None:
    form, _, cli = gen.form("contact:contact")
    router = FormRouter([cli])
    router.register(cli)  # the same module again is fine
    twin = generated(form, "cli", tmp_path)
    with pytest.raises(ValueError, match="same schema"):
        router.register(twin)


# --- a schema must mean what its form enforces ---------------------------------------------------

#: One field of every shape a keyword can hide in: properties, `oneOf` options, `items` with an
#: `enum`, `items` with `anyOf` options.
STRICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "i": {"type": "integer", "title": "A number", "minimum": 0, "maximum": 1000},
        "s": {"type": "string", "minLength": 1},
        "color": {"type": "string", "enum": ["red", "green"]},
        "pick": {
            "type": "string",
            "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}],
        },
        "many": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}},
        "tagged": {
            "type": "array",
            "items": {"anyOf": [{"const": "p", "title": "P"}, {"const": "q", "title": "Q"}]},
        },
    },
    "required": ["i", "s"],
}
#: What the user types: valid for STRICT_SCHEMA, invalid for every constraining mutation below.
STRICT_CONTENT = {"i": 1, "s": "hello", "color": "red", "pick": "a", "many": ["x"], "tagged": ["p"]}


def _with(pointer: str, key: str, value: Any) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(json.dumps(STRICT_SCHEMA))
    node: Any = schema
    for token in filter(None, pointer.split("/")):
        node = node[int(token)] if isinstance(node, list) else node[token]
    node[key] = value
    return schema


#: (where, keyword, value): each one a constraint the form does not enforce; STRICT_CONTENT
#: breaks it. (Keywords inside options and items are the nested cases.)
UNENFORCED: list[tuple[str, str, Any]] = [
    ("/properties/i", "exclusiveMinimum", 100),
    ("/properties/i", "multipleOf", 7),
    ("/properties/s", "pattern", "^z"),
    ("/properties/s", "const", "only"),
    ("/properties/color", "const", "green"),
    ("/properties/s", "format", "email"),  # a format the compiled form does not check
    ("/properties/pick/oneOf/0", "pattern", "^z"),
    ("/properties/many/items", "minLength", 3),
    ("/properties/tagged/items/anyOf/0", "pattern", "^z"),
    ("", "minProperties", 7),
    ("", "required", ["i", "s", "color", "pick", "many", "tagged", "ghost"]),
]
#: Changes no content the form can send is judged by, yet still not the form's schema: not
#: shown either (the router knows no keyword beyond the subset; a custom Ajv keyword may validate).
UNKNOWN: list[tuple[str, str, Any]] = [
    ("", "additionalProperties", False),
    ("", "x-vendor", {"a": 1}),
    ("/properties/s", "x-hint", "ignored?"),
    ("/properties/s", "contentEncoding", "base64"),  # not text a form could collect
    ("/properties/many/items", "title", 5),  # an annotation of the wrong type
    ("", "$schema", "http://json-schema.org/draft-04/schema#"),
    ("", "$schema", "https://example.com/my-dialect"),
]
#: Different display, same validation: the form would show something else than the server asked.
RELABELLED: list[tuple[str, str, Any]] = [
    ("/properties/color", "enum", ["green", "red"]),
    ("/properties/pick/oneOf/1", "title", "Keep my files"),
    ("", "required", ["i"]),  # the form would not let s be skipped
]
#: Harmless differences: still the form's schema.
EQUIVALENT: list[tuple[str, str, Any]] = [
    ("", "$schema", "https://json-schema.org/draft/2020-12/schema"),
    ("", "$schema", "http://json-schema.org/draft-07/schema#"),
    ("", "title", "Another root title"),
    ("", "description", "A root description"),
    ("", "required", ["s", "i"]),  # required is a set: its order plays no part
    ("/properties/i", "minimum", 0.0),
    ("/properties/s", "$comment", "for the schema's authors"),
    # Annotations, at every depth: they change no verdict (issue 25).
    ("/properties/s", "examples", ["hello"]),
    ("/properties/i", "deprecated", True),
    ("/properties/s", "readOnly", True),
    ("/properties/i", "writeOnly", False),
    ("/properties/many/items", "title", "Letter"),  # FastMCP's list[Letter]
    ("/properties/many/items", "description", "one letter"),
    ("/properties/tagged/items", "$comment", "for the schema's authors"),
    ("/properties/pick/oneOf/1", "description", "not shown by the form"),
    ("/properties/tagged/items/anyOf/0", "deprecated", True),
    ("", "examples", [{"i": 1, "s": "hello"}]),
    ("", "$comment", "for the schema's authors"),
]


@pytest.fixture(scope="module")
def strict_cli(tmp_path_factory: pytest.TempPathFactory) -> tuple[ir.Form, ModuleType]:
    result = elicit_gen.compile(STRICT_SCHEMA, [], name="strict.json")
    assert result.ok, result.diagnostics
    form = result.forms[0]
    return form, generated(form, "cli", tmp_path_factory.mktemp("strict"))


#: The root keywords the SDK's 2026-07-28 wire model keeps (``RequestedSchema``, extra="ignore"):
#: a server on that revision cannot send any other root keyword, so no client ever sees one.
MODERN_ROOT_KEYS = {"$schema", "type", "properties", "required"}


def _ask(
    schema: dict[str, Any],
    form: ir.Form,
    cli: ModuleType,
    mode: str,
    refused: ServerSaw | None = None,
) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """The server sends ``schema`` verbatim; the client answers through a router holding the
    strict form, the user typing STRICT_CONTENT. Returns the answer the server got (with
    ``refused``, the request is not shown: ``{"error": <the JSON-RPC error the server got>}``),
    what the form printed, and the schema the client received."""
    server = MCPServer(SERVER_NAME)
    add_raw_tool(server, "ask", "Fill in", schema, refused)
    transcripts: list[str] = []
    router = FormRouter()
    router.register(cli, runner=cli_runner(answers(form, STRICT_CONTENT), transcripts))
    seen: list[dict[str, Any]] = []

    async def callback(context: Any, params: types.ElicitRequestParams) -> Any:
        assert isinstance(params, types.ElicitRequestFormParams)
        seen.append(params.requested_schema)
        return await router(context, params)

    async def main() -> dict[str, Any]:
        if refused is None:
            return (await call(server, mode, callback, "ask"))[0]
        return {"error": await call_not_shown(server, mode, callback, "ask", refused)}

    reply = anyio.run(main)
    assert len(seen) == 1
    return reply, transcripts, seen[0]


def assert_not_shown(error: dict[str, Any], kind: str) -> None:
    """The JSON-RPC error a server gets for a request the client did not show."""
    assert error["code"] == -32602, error  # Invalid params
    assert error["data"] == {"reason": kind}, error
    assert error["message"].startswith("elicitation not shown to the user: "), error
    assert len(error["message"]) <= 500 and "\n" not in error["message"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("where", "key", "value"),
    UNENFORCED + UNKNOWN + RELABELLED,
    ids=lambda x: json.dumps(x) if not isinstance(x, str) else x,
)
def test_a_schema_the_form_does_not_enforce_is_not_shown(
    strict_cli: tuple[ir.Form, ModuleType],
    mode: str,
    where: str,
    key: str,
    value: Any,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    form, cli = strict_cli
    schema = _with(where, key, value)
    if (where, key, value) in UNENFORCED:
        # The content the form would send breaks the server's schema (so a match would be a
        # defect the server's validator catches), and not the form's own.
        assert jsonschema_verdict(STRICT_SCHEMA, STRICT_CONTENT)
        assert not jsonschema_verdict(schema, STRICT_CONTENT)
    if mode == "2026-07-28" and where == "" and key not in MODERN_ROOT_KEYS:
        # The server's SDK drops the keyword before it reaches the wire: the client gets the
        # form's own schema, and answers it.
        reply, _, received = _ask(schema, form, cli, mode)
        assert received == STRICT_SCHEMA
        assert reply == {"action": "accept", "content": STRICT_CONTENT}
        return
    saw = ServerSaw()
    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply, transcripts, received = _ask(schema, form, cli, mode, saw)
    assert received == schema
    # Not a decline the user never chose: the server got an error naming the reason.
    assert set(reply) == {"error"}, reply
    kind = "unenforced" if "/" + key in reply["error"]["message"] else "no_form"
    assert_not_shown(reply["error"], kind)
    assert transcripts == []  # the form was never shown
    # The user was told, on the terminal the forms use: which server, and why.
    told = capsys.readouterr().err
    # (a session pinned to 2026-07-28 without server/discover has no serverInfo)
    requester = SERVER_NAME if mode == "legacy" else "An MCP server"
    assert told.startswith(f"{requester}: This request was not shown: "), told
    assert told.count("\n") == 1 and "The server has been told." in told
    logged = [r.getMessage() for r in caplog.records if r.name == "elicit_gen.mcp"]
    assert len(logged) == 1 and "not shown" in logged[0], logged
    # The reason names the keyword, or says the schema is another form's (or none at all).
    reasons = (f"{where}/{key}", "no registered form", "would not compile")
    assert any(reason in logged[0] for reason in reasons), logged
    assert any(reason in reply["error"]["message"] for reason in reasons), reply


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("where", "key", "value"),
    EQUIVALENT,
    ids=lambda x: json.dumps(x) if not isinstance(x, str) else x,
)
def test_a_harmless_difference_still_reaches_the_form(
    strict_cli: tuple[ir.Form, ModuleType], mode: str, where: str, key: str, value: Any
) -> None:
    form, cli = strict_cli
    schema = _with(where, key, value)
    reply, transcripts, received = _ask(schema, form, cli, mode)
    if mode == "legacy":
        assert received == schema
    assert reply == {"action": "accept", "content": STRICT_CONTENT}
    assert len(transcripts) == 1
    assert jsonschema_verdict(schema, STRICT_CONTENT)


def test_unenforced_names_every_extra_keyword(strict_cli: tuple[ir.Form, ModuleType]) -> None:
    _, cli = strict_cli
    assert unenforced(STRICT_SCHEMA, cli.REQUESTED_SCHEMA) == []
    shuffled = json.loads(json.dumps(STRICT_SCHEMA), object_pairs_hook=lambda p: dict(p[::-1]))
    assert unenforced(shuffled, cli.REQUESTED_SCHEMA) == []
    for where, key, value in UNENFORCED + UNKNOWN + RELABELLED:
        found = unenforced(_with(where, key, value), cli.REQUESTED_SCHEMA)
        assert found and found[0].startswith(f"{where}/"), (where, key, found)
    for where, key, value in EQUIVALENT:
        assert unenforced(_with(where, key, value), cli.REQUESTED_SCHEMA) == [], (where, key)
    # 1 and true are different JSON values, though Python says 1 == True.
    assert unenforced(_with("/properties/i", "minimum", False), cli.REQUESTED_SCHEMA)


def test_the_logged_reason_never_carries_raw_control_characters() -> None:
    name = "a\x1b]52;c;aGk=\x07\u202e\u2028"
    schema = {"type": "object", "properties": {name: {"type": "string"}}}
    hostile = {**schema, "x\x1b[2J": 1, "properties": {name: {"type": "string", "p\x9b": 1}}}
    found = unenforced(hostile, schema)
    assert len(found) == 2
    assert not any(UNSAFE.search(reason) for reason in found), found
    assert "/properties/a\\x1b]52;c;aGk=\\x07\\u202e\\u2028/p\\x9b" in found[0]


# --- every golden form, both delivery styles -----------------------------------------------------


@pytest.mark.parametrize("mode", [*MODES, "auto"])
def test_every_golden_form_answered_through_the_cli_form(gen: Forms, mode: str) -> None:
    # (On 2026-07-28 the client SDK's wire model, mcp_types RequestedSchema with
    # extra="ignore", drops a root ``additionalProperties: false`` on the way: the module
    # compiled with it still answers, see test_a_closed_form_answers_a_request_that_lost_it.)
    assert any(form.closed for _, form in FORMS)
    received = Received()
    server = server_for(gen, received)
    expected = {key: valid_content(form) for key, form in FORMS}
    client = ScriptedCli(gen, {key: answers(form, expected[key]) for key, form in FORMS})

    async def main() -> dict[str, Any]:
        replies = {}
        for key, _ in FORMS:
            replies[key], version = await call(server, mode, client, tool_name(key))
            # "auto" probes server/discover and settles on the newest revision.
            assert version == ("2025-11-25" if mode == "legacy" else "2026-07-28")
        return replies

    replies = anyio.run(main)
    for key, _ in FORMS:
        assert replies[key] == {"action": "accept", "content": expected[key]}, key
    # The server's generated models validated every answer, with the right Python types.
    assert [name for name, _ in received.outcomes] == [tool_name(k) for k, _ in FORMS]
    for (key, form), (_, outcome) in zip(FORMS, received.outcomes, strict=True):
        assert isinstance(outcome, AcceptedElicitation)
        assert isinstance(outcome.data, content_model(gen.form(key)[1], form))
    # The SDK rendered each schema from the generated model; it normalises to the compiled one
    # (but for a root additionalProperties: false, which a 2026-07-28 client drops).
    for (key, form), request in zip(FORMS, client.requests, strict=True):
        expected_key = form.schema_json
        if mode != "legacy" and form.closed:
            schema = {k: v for k, v in form.schema.items() if k != "additionalProperties"}
            expected_key = schema_key(schema)
        assert schema_key(request.requested_schema) == expected_key, key
    # The form showed its message and the server's name, when the session knows it: from the
    # initialize handshake or server/discover; a session pinned to 2026-07-28 without a discover
    # result has no serverInfo, and the form names "An MCP server".
    for (key, form), shown, request in zip(FORMS, client.transcripts, client.requests, strict=True):
        tr = translation(form.locale)  # the zh-CN golden case asks in Chinese
        requester = tr.gettext("An MCP server") if mode == "2026-07-28" else SERVER_NAME
        assert request.message in shown or not request.message.isprintable(), key
        assert shown.startswith(tr.gettext("{server} asks:", server=requester)), shown[:80]


@pytest.mark.parametrize("mode", MODES)
def test_schema_sent_verbatim_from_the_generated_module(gen: Forms, mode: str) -> None:
    """``elicit_exact`` (2025-11-25) and a hand-written ``InputRequiredResult`` (2026-07-28)
    send ``REQUESTED_SCHEMA`` byte for byte; the answer is validated by the generated model."""
    received = Received()
    server = server_for(gen, received)
    keys = [key for key, _ in FORMS]
    expected = {key: valid_content(gen.form(key)[0]) for key in keys}
    client = ScriptedCli(gen, {k: answers(gen.form(k)[0], expected[k]) for k in keys})

    async def main() -> list[dict[str, Any]]:
        return [(await call(server, mode, client, "exact_" + k.split(":")[1]))[0] for k in keys]

    replies = anyio.run(main)
    for key, reply in zip(keys, replies, strict=True):
        assert reply == {"form": {"action": "accept", "content": expected[key]}}
    for key, request in zip(keys, client.requests, strict=True):
        sent = dict(gen.form(key)[1].REQUESTED_SCHEMA)
        if mode != "legacy":  # a 2026-07-28 client drops a root additionalProperties on the way
            sent.pop("additionalProperties", None)
        assert request.requested_schema == sent
        # Same properties in the same order (2026-07-28 moves the root "type" key last on the
        # wire, which changes no meaning).
        sent = gen.form(key)[1].REQUESTED_SCHEMA
        assert json.dumps(request.requested_schema["properties"]) == json.dumps(sent["properties"])


@pytest.mark.parametrize("mode", MODES)
def test_input_required_case_asks_both_questions(gen: Forms, mode: str) -> None:
    """The golden ``input_required`` case: one result carrying two elicitations (``shipping`` and
    ``gift``) on 2026-07-28; two standalone requests on 2025-11-25."""
    received = Received()
    server = MCPServer(SERVER_NAME)
    keys = [k for k, _ in FORMS if k.startswith("input_required:")]
    questions = []
    for key in keys:
        form, models, _ = gen.form(key)
        name = form.stem.removeprefix("input_required_")
        questions.append((name, models, content_model(models, form)))
    add_exact_tool(server, "checkout", questions, received)
    expected = {key: valid_content(gen.form(key)[0], optional=False) for key in keys}
    client = ScriptedCli(gen, {k: answers(gen.form(k)[0], expected[k]) for k in keys})

    reply, _ = anyio.run(call, server, mode, client, "checkout")
    assert len(client.requests) == 2
    assert client.showing == [0, 1]  # the SDK dispatches both at once; one form at a time
    for key, (name, _, model) in zip(keys, questions, strict=True):
        # Only the required fields were typed: the others keep their defaults or stay absent.
        fields = gen.form(key)[0].fields
        want = {
            f.name: expected[key][f.name] if f.name in expected[key] else _wire(f.default)
            for f in fields
            if f.name in expected[key] or f.default is not None
        }
        assert reply[name] == {"action": "accept", "content": want}
        model.model_validate(reply[name]["content"])


def _wire(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("lines", "action"),
    [(["y", "", "", "", "d"], "decline"), (["y", "", "", "", "c"], "cancel"), ([], "cancel")],
)
def test_decline_and_cancel_reach_the_server(
    gen: Forms, mode: str, lines: list[str], action: str
) -> None:
    received = Received()
    key = "travel_booking:travel_booking"
    server = server_for(gen, received, keys=[key])
    client = ScriptedCli(gen, {key: lines})

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, client, tool_name(key)))[0],
            (await call(server, mode, client, "exact_travel_booking"))[0],
        ]

    sdk, exact = anyio.run(main)
    assert sdk == {"action": action}
    assert exact == {"form": {"action": action}}
    assert [o.action for _, o in received.outcomes] == [action, action]


@pytest.mark.parametrize("mode", MODES)
def test_a_closed_form_answers_a_request_that_lost_it(gen: Forms, mode: str) -> None:
    """A form compiled with a root ``additionalProperties: false`` answers a request without it
    (a 2026-07-28 client drops it from what the server sent; a form sends none but its own
    properties, so enforcing it refuses no answer); a request with it never matches a form
    compiled without it."""
    closed = [(key, form) for key, form in FORMS if form.closed]
    assert closed
    for key, form in closed:
        _, models, cli = gen.form(key)
        router = FormRouter([cli])
        sent = dict(models.REQUESTED_SCHEMA)
        lost = {k: v for k, v in sent.items() if k != "additionalProperties"}
        assert router.form_for(sent) is cli and router.form_for(lost) is cli
        assert unenforced(lost, cli.REQUESTED_SCHEMA) == []
        # the other way round: a form that allows more than the server does is not its form
        opened = elicit_gen.load_form(lost, "cli")
        assert unenforced(sent, opened.REQUESTED_SCHEMA)
        assert FormRouter([opened]).form_for(sent) is None
        # the closed form refuses nothing the user can send: every valid answer passes both
        for content in (valid_content(form), valid_content(form, optional=False)):
            assert cli.validate(content) == {}
            assert jsonschema_verdict(lost, content)
    # A registered open form and a closed one for the same fields: each answers its own.
    key, form = closed[0]
    _, models, cli = gen.form(key)
    lost = {k: v for k, v in models.REQUESTED_SCHEMA.items() if k != "additionalProperties"}
    opened = elicit_gen.load_form(lost, "cli")
    both = FormRouter([cli, opened])
    assert both.form_for(lost) is opened and both.form_for(models.REQUESTED_SCHEMA) is cli
    # Through the SDK: the server sends the closed schema; in both modes the closed form answers.
    received = Received()
    server = server_for(gen, received, keys=[key])
    content = valid_content(form)
    client = ScriptedCli(gen, {key: answers(form, content)})

    async def main() -> dict[str, Any]:
        return (await call(server, mode, client, "exact_" + form.stem))[0]

    assert anyio.run(main) == {"form": {"action": "accept", "content": content}}
    (request,) = client.requests
    assert ("additionalProperties" in request.requested_schema) == (mode == "legacy")


@pytest.mark.parametrize("mode", MODES)
def test_a_schema_without_a_form_is_not_shown_or_falls_back(
    gen: Forms, mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No registered form and no compile_unknown: the fallback answers when there is one; else
    the user is told and the server gets an error, never a decline the user did not choose."""
    schema = gen.form("contact:contact")[1].REQUESTED_SCHEMA
    router = FormRouter()  # no forms at all
    asked: list[str] = []

    async def fallback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="cancel")

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        saw = ServerSaw()
        server = MCPServer(SERVER_NAME)
        add_raw_tool(server, "ask", "Who are you?", schema, saw)
        not_shown = await call_not_shown(server, mode, router, "ask", saw)
        router.fallback = fallback
        fell_back, _ = await call(server, mode, router, "ask")
        return not_shown, fell_back

    not_shown, fell_back = anyio.run(main)
    assert_not_shown(not_shown, "no_form")
    assert "this app has no form for it" in not_shown["message"]
    assert fell_back == {"action": "cancel"}
    assert asked == ["Who are you?"]  # the fallback had the request first; nothing told the user
    told = capsys.readouterr().err.splitlines()
    requester = "An MCP server" if mode == "2026-07-28" else SERVER_NAME
    assert told == [
        f"{requester}: This request was not shown: this app has no form for it. "
        "The server has been told."
    ]


@pytest.mark.parametrize("mode", MODES)
def test_the_server_sees_an_error_not_a_decline(gen: Forms, mode: str) -> None:
    """From the server's side, with the SDK's own ``ctx.elicit(message, Model)``: the call
    raises ``MCPError`` (code -32602 and the reason), never returns ``DeclinedElicitation``.
    (2026-07-28 has no back channel for ``ctx.elicit``; there the SDK's ``Resolve`` asks, and
    the client ends the call with the error: see call_not_shown.)"""
    from mcp.shared.exceptions import MCPError

    form, models, _ = gen.form("contact:contact")
    model = content_model(models, form)
    server = MCPServer(SERVER_NAME)
    outcomes: list[Any] = []

    @server.tool()
    async def ask(ctx: Context) -> str:
        try:
            outcomes.append(await ctx.elicit(models.MESSAGE, model))
        except MCPError as error:
            outcomes.append(error)
        return json.dumps("asked")

    received = Received()
    add_sdk_tool(server, "resolve", models.MESSAGE, model, received)
    router = FormRouter()  # no form for it

    async def main() -> None:
        if mode == "legacy":
            await call(server, mode, router, "ask")
        with pytest.raises(BaseException) as caught:
            await call(server, mode, router, "resolve")
        errors = _leaves(caught.value)
        assert [type(e).__name__ for e in errors] == ["MCPError"]
        assert errors[0].error.code == -32602  # type: ignore[attr-defined]

    anyio.run(main)
    assert received.outcomes == []  # the Resolve-annotated tool never ran with a decline
    if mode == "legacy":
        (outcome,) = outcomes
        assert isinstance(outcome, MCPError), outcome
        assert_not_shown(outcome.error.model_dump(mode="json", exclude_none=True), "no_form")


# --- the conformance suite's elicitation scenarios ----------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_conformance_defaults(gen: Forms, mode: str) -> None:
    """SEP-1034: the server's schema carries every default (server scenario), and accepting the
    form untouched sends every default back, typed (client scenario)."""
    received = Received()
    key = "defaults:defaults"
    server = server_for(gen, received, keys=[key])
    form = gen.form(key)[0]
    client = ScriptedCli(gen, {key: answers(form, {})})  # Enter on every question, then submit

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, client, tool_name(key)))[0],
            (await call(server, mode, client, "exact_defaults"))[0]["form"],
        ]

    for reply in anyio.run(main):
        content = reply["content"]
        assert reply["action"] == "accept"
        assert content == {
            "name": "John Doe",
            "age": 30,
            "score": 95.5,
            "status": "active",
            "verified": True,
        }
        assert type(content["age"]) is int and type(content["score"]) is float
        assert type(content["verified"]) is bool
        assert conformance_defaults_content(content) == []
    for request in client.requests:
        assert conformance_defaults_schema(request.requested_schema) == []
    for _, outcome in received.outcomes:
        assert isinstance(outcome, AcceptedElicitation)
        assert outcome.data.model_dump(exclude_unset=True)["score"] == 95.5


@pytest.mark.parametrize("mode", MODES)
def test_conformance_enums(gen: Forms, mode: str) -> None:
    """SEP-1330: untitled and titled single-select, legacy enumNames, untitled and titled
    multi-select keep their shapes on the wire and the scenario's answer validates."""
    received = Received()
    key = "enums:enums"
    server = server_for(gen, received, keys=[key])
    form = gen.form(key)[0]
    client = ScriptedCli(gen, {key: answers(form, CONFORMANCE_ENUMS_CONTENT)})

    async def main() -> list[dict[str, Any]]:
        return [
            (await call(server, mode, client, tool_name(key)))[0],
            (await call(server, mode, client, "exact_enums"))[0]["form"],
        ]

    for reply in anyio.run(main):
        assert reply == {"action": "accept", "content": CONFORMANCE_ENUMS_CONTENT}
    assert len(client.requests) == 2
    for request in client.requests:
        assert conformance_enums_schema(request.requested_schema) == []
        assert "Option One" in request.requested_schema["properties"]["legacyEnum"]["enumNames"]


def test_url_mode_without_a_consent_screen_is_not_shown(
    gen: Forms, capsys: pytest.CaptureFixture[str]
) -> None:
    """A URL-mode elicitation and no url_consent: the server's ``ctx.elicit_url`` raises the
    error (no decline), and the user is told the server wanted a web page opened."""
    from mcp.shared.exceptions import MCPError

    server = MCPServer(SERVER_NAME)

    @server.tool()
    async def login(ctx: Context) -> str:
        try:
            result = await ctx.elicit_url("Sign in", "https://example.com/login", "e-1")
        except MCPError as error:
            return json.dumps(error.error.model_dump(mode="json", exclude_none=True))
        return result.action

    router = FormRouter(cli for _, _, cli in gen.by_key.values())

    async def main() -> str:
        async with Client(
            InMemoryTransport(server), mode="legacy", elicitation_callback=router
        ) as c:
            reply = await c.call_tool("login", {})
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return text

    error = json.loads(anyio.run(main))
    assert_not_shown(error, "url_mode")
    assert "open a web page" in error["message"]
    (told,) = capsys.readouterr().err.splitlines()
    assert told.startswith(f"{SERVER_NAME}: This request was not shown: it asks to open a web")


@pytest.mark.parametrize("mode", MODES)
def test_invalid_content_from_a_form_never_reaches_the_server_as_accept(
    gen: Forms, mode: str
) -> None:
    """A (hand-edited) form that returns content failing its schema: the client answers with an
    error, so the server never sees an accept."""
    received = Received()
    key = "contact:contact"
    server = server_for(gen, received, keys=[key])

    async def broken(module: ModuleType, message: str, server: str | None) -> dict[str, Any]:
        return {"action": "accept", "content": {"name": "Ada", "email": "not an email"}}

    router = FormRouter()
    router.register(gen.form(key)[2], runner=broken)

    async def main() -> None:
        async with Client(InMemoryTransport(server), mode=mode, elicitation_callback=router) as c:
            await c.call_tool("ask_contact", {})

    with pytest.raises(BaseException) as caught:
        anyio.run(main)
    errors = _leaves(caught.value)
    assert [type(e).__name__ for e in errors] == ["MCPError"]
    assert "the form returned invalid content" in str(errors[0])
    assert received.outcomes == []


def _leaves(error: BaseException) -> list[BaseException]:
    inner: list[BaseException] = list(getattr(error, "exceptions", []))  # an exception group
    return [leaf for e in inner for leaf in _leaves(e)] if inner else [error]


def test_the_adapter_stays_optional() -> None:
    """Neither elicit_gen's library API nor ``elicit-gen --lint`` imports elicit_gen.mcp or mcp,
    and generated modules import neither."""
    import subprocess
    import sys

    code = "\n".join(
        [
            "import sys, elicit_gen",
            'schema = \'{"type": "object", "properties": {}}\'',
            "elicit_gen.lint(schema)",
            "assert elicit_gen.compile(schema, ['cli', 'textual', 'pydantic']).ok",
            "loaded = [m for m in sys.modules if m.split('.')[0] == 'mcp']",
            "print(sorted(loaded + [m for m in sys.modules if m == 'elicit_gen.mcp']))",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
    for _, form in FORMS[:3]:
        for generated_file in elicit_gen.compile_forms([form], ["cli", "textual", "pydantic"]):
            imports = [
                line
                for line in generated_file.text.splitlines()
                if line.startswith(("import ", "from "))
            ]
            assert not [line for line in imports if "mcp" in line or "elicit_gen" in line]
