"""Helpers of the MCP SDK end-to-end tests: a real ``MCPServer`` whose tools elicit with generated
pydantic models, clients over the SDK's in-memory transport, and the checks of the MCP
conformance suite's elicitation scenarios.

This module deliberately has no ``from __future__ import annotations``: the SDK reads the tools'
annotations at run time (``Resolve(...)`` markers on locally created models)."""

import io
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import anyio
import anyio.to_thread
from mcp import types
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.elicitation import (
    AcceptedElicitation,
    ElicitationResult,
    render_elicitation_schema,
)
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.resolve import Elicit, Resolve
from mcp.shared.exceptions import MCPError
from mcp_types import InputRequiredResult
from mcp_types.version import is_version_at_least
from pydantic import BaseModel

from elicit_gen.compiler import ir
from elicit_gen.mcp import check_answer, elicit_exact, elicit_request

from .cases import write_and_import
from .cli import Script, typed

#: The two delivery styles: the standalone server-to-client ``elicitation/create`` request of a
#: 2025-11-25 session, and the ``input_required`` result of a 2026-07-28 one.
MODES = ("legacy", "2026-07-28")
SERVER_NAME = "acme"


def content_model(module: ModuleType, form: ir.Form) -> type[BaseModel]:
    model: type[BaseModel] = getattr(module, f"{form.class_name}Content")
    return model


def dump(outcome: ElicitationResult[Any]) -> dict[str, Any]:
    """What the server got, as the wire shape: the validated model dumped back."""
    if isinstance(outcome, AcceptedElicitation):
        data = outcome.data.model_dump(mode="json", by_alias=True, exclude_unset=True)
        return {"action": "accept", "content": data}
    return {"action": outcome.action}


class Received:
    """What the server's tools received, validated by the generated models."""

    def __init__(self) -> None:
        self.outcomes: list[tuple[str, ElicitationResult[Any]]] = []


def _modern(ctx: Context) -> bool:
    version = ctx.protocol_version
    return version is not None and is_version_at_least(version, "2026-07-28")


def sdk_renders(model: type[BaseModel]) -> bool:
    """Whether the SDK's ``ctx.elicit`` can send ``model``: it refuses a model whose JSON schema
    is not its ``PrimitiveSchemaDefinition``, such as a format beyond the spec's four
    (``format: "uuid"``, ``"time"``, ...), with a ``TypeError`` before anything is sent."""
    try:
        render_elicitation_schema(model)
    except TypeError:
        return False
    return True


def add_sdk_tool(
    server: MCPServer,
    name: str,
    message: str,
    model: type[BaseModel],
    received: Received,
    schema: Mapping[str, Any] | None = None,
) -> None:
    """A tool that elicits with the SDK's own machinery (``Resolve``/``Elicit`` with the generated
    model): a standalone request on 2025-11-25 sessions, ``input_required`` on 2026-07-28.

    A model the SDK refuses to render (:func:`sdk_renders`) is asked as a server with that
    schema must ask it: ``schema`` (the generated module's ``REQUESTED_SCHEMA``) sent verbatim
    (:func:`elicit_exact`, or an ``InputRequiredResult``), the answer checked by the model; the
    tool records and replies as the SDK's would."""
    if not sdk_renders(model):
        assert schema is not None, f"{name}: the SDK cannot render {model.__name__}: pass schema"
        _add_verbatim_tool(server, name, message, model, received, schema)
        return

    def ask() -> Elicit[Any]:
        return Elicit(message, model)

    async def tool(answer: Any) -> str:
        received.outcomes.append((name, answer))
        return json.dumps(dump(answer))

    tool.__annotations__ = {"answer": Annotated[ElicitationResult[model], Resolve(ask)]}  # type: ignore[valid-type]
    tool.__name__ = name
    server.tool(name=name)(tool)


def _add_verbatim_tool(
    server: MCPServer,
    name: str,
    message: str,
    model: type[BaseModel],
    received: Received,
    schema: Mapping[str, Any],
) -> None:
    async def tool(ctx: Context) -> Any:
        outcomes = await _ask_verbatim(ctx, [("answer", message, schema, model)])
        if isinstance(outcomes, InputRequiredResult):
            return outcomes
        received.outcomes.append((name, outcomes["answer"]))
        return json.dumps(dump(outcomes["answer"]))

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    tool.__name__ = name
    server.tool(name=name)(tool)


#: A question asked verbatim: its key, message, schema and the model that checks the answer.
_Question = tuple[str, str, Mapping[str, Any], type[BaseModel]]


async def _ask_verbatim(
    ctx: Context, questions: Sequence[_Question]
) -> dict[str, ElicitationResult[Any]] | InputRequiredResult:
    """Each question's schema sent verbatim: with :func:`elicit_exact` on 2025-11-25 sessions;
    as one ``InputRequiredResult`` carrying every question (and a ``requestState``) on
    2026-07-28, the answers of the retry checked by the models."""
    outcomes: dict[str, ElicitationResult[Any]] = {}
    if _modern(ctx):
        responses = ctx.input_responses or {}
        if ctx.request_state != "asked" or not all(q[0] in responses for q in questions):
            return InputRequiredResult(
                input_requests={
                    key: elicit_request(message, schema) for key, message, schema, _ in questions
                },
                request_state="asked",
            )
        for key, _, _, model in questions:
            outcome = check_answer(responses[key], model)
            assert outcome is not None
            outcomes[key] = outcome
    else:
        for key, message, schema, model in questions:
            outcomes[key] = await elicit_exact(ctx, message, schema, model)
    return outcomes


def add_exact_tool(
    server: MCPServer,
    name: str,
    questions: Sequence[tuple[str, ModuleType, type[BaseModel]]],
    received: Received,
) -> None:
    """A tool that sends each generated module's ``REQUESTED_SCHEMA`` verbatim
    (:func:`_ask_verbatim`), validating the answers with the models."""
    asked = [(key, m.MESSAGE, m.REQUESTED_SCHEMA, model) for key, m, model in questions]

    async def tool(ctx: Context) -> Any:
        outcomes = await _ask_verbatim(ctx, asked)
        if isinstance(outcomes, InputRequiredResult):
            return outcomes
        for key, outcome in outcomes.items():
            received.outcomes.append((key, outcome))
        return json.dumps({key: dump(outcome) for key, outcome in outcomes.items()})

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    tool.__name__ = name
    server.tool(name=name)(tool)


class ServerSaw:
    """What a raw tool (:func:`add_raw_tool`) received, call by call: ``"asked"`` for a
    2026-07-28 call that returned its ``InputRequiredResult``, the client's answer as a dict
    otherwise, or ``{"error": ...}`` for a JSON-RPC error the client sent instead (2025-11-25:
    ``elicit_form`` raised ``MCPError``)."""

    def __init__(self) -> None:
        self.calls: list[Any] = []


def add_raw_tool(
    server: MCPServer,
    name: str,
    message: str,
    schema: Mapping[str, Any],
    saw: ServerSaw | None = None,
) -> None:
    """A tool that sends ``schema`` exactly as given (standalone ``elicitation/create`` on
    2025-11-25 sessions, an ``InputRequiredResult`` on 2026-07-28) and replies with the client's
    answer as it arrived, unvalidated: what a server with its own validator would check. An
    error the client answers with is the reply too, ``{"error": {code, message, data}}``."""
    saw = saw if saw is not None else ServerSaw()

    async def tool(ctx: Context) -> Any:
        if _modern(ctx):
            answer = (ctx.input_responses or {}).get("q")
            if ctx.request_state != "asked" or answer is None:
                saw.calls.append("asked")
                return InputRequiredResult(
                    input_requests={"q": elicit_request(message, schema)}, request_state="asked"
                )
        else:
            try:
                answer = await ctx.session.elicit_form(
                    message=message,
                    requested_schema=dict(schema),
                    related_request_id=ctx.request_id,
                )
            except MCPError as error:  # what the server sees of a request the client did not show
                reply = {"error": error.error.model_dump(mode="json", exclude_none=True)}
                saw.calls.append(reply)
                return json.dumps(reply)
        assert isinstance(answer, types.ElicitResult)
        saw.calls.append(answer.model_dump(mode="json", exclude_none=True))
        return json.dumps(saw.calls[-1])

    tool.__annotations__ = {"ctx": Context, "return": str | InputRequiredResult}
    tool.__name__ = name
    server.tool(name=name)(tool)


def add_flood_tool(server: MCPServer, name: str, schema: Mapping[str, Any], count: int) -> None:
    """A tool that sends ``count`` standalone ``elicitation/create`` requests of ``schema`` at
    once (2025-11-25 sessions) and replies with how many the client answered with an error."""

    async def tool(ctx: Context) -> str:
        errors = [0]

        async def one() -> None:
            try:
                await ctx.session.elicit_form(
                    message="Flood",
                    requested_schema=dict(schema),
                    related_request_id=ctx.request_id,
                )
            except MCPError:
                errors[0] += 1

        async with anyio.create_task_group() as group:
            for _ in range(count):
                group.start_soon(one)
        return str(errors[0])

    tool.__annotations__ = {"ctx": Context, "return": str}
    tool.__name__ = name
    server.tool(name=name)(tool)


def generated(form: ir.Form, target: str, directory: Path) -> ModuleType:
    sub = directory / target
    sub.mkdir(exist_ok=True)
    return write_and_import(form, target, sub)


# --- the client ----------------------------------------------------------------------------------


def answers(form: ir.Form, content: Mapping[str, Any]) -> list[str]:
    """The lines a user types into the generated CLI form to accept ``content`` (fields left
    out of ``content`` are skipped with Enter: they keep their default or stay empty)."""
    if not form.fields:
        return ["s"]
    lines: list[str] = []
    for field in form.fields:
        lines.append(typed(field, content[field.name]) if field.name in content else "")
    return [*lines, "s"]


def cli_runner(
    lines: Sequence[str], transcripts: list[str], showing: list[int] | None = None
) -> Callable[[ModuleType, str, str | None], Awaitable[Mapping[str, Any]]]:
    """Runs a generated CLI form in a worker thread on scripted stdin, keeping what it printed.
    ``showing`` counts the forms on screen now ([0]) and at most ([1])."""
    showing = showing if showing is not None else [0, 0]

    async def run(module: ModuleType, message: str, server: str | None) -> Mapping[str, Any]:
        showing[0] += 1
        showing[1] = max(showing)
        err = io.StringIO()

        def ask() -> Mapping[str, Any]:
            result: Mapping[str, Any] = module.elicit(
                message, server=server, stdin=Script(lines), stderr=err
            )
            return result

        await anyio.sleep(0.05)  # give a concurrent request the chance to show its form too
        result = await anyio.to_thread.run_sync(ask)
        transcripts.append(err.getvalue())
        showing[0] -= 1
        return result

    return run


async def call(
    server: MCPServer, mode: str, callback: Any, tool: str
) -> tuple[dict[str, Any], str]:
    """Connects a real ``Client`` over the in-memory transport, calls ``tool``; returns its JSON
    reply and the negotiated protocol version."""
    transport = InMemoryTransport(server)
    with anyio.fail_after(60):  # a session that never answers fails the test, never hangs it
        async with Client(transport, mode=mode, elicitation_callback=callback) as client:
            reply = await client.call_tool(tool, {})
            assert not reply.is_error, reply.content
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return json.loads(text), client.protocol_version


async def call_not_shown(
    server: MCPServer, mode: str, callback: Any, tool: str, saw: ServerSaw
) -> dict[str, Any]:
    """Calls a raw ``tool`` (:func:`add_raw_tool` with ``saw``) whose request the client does
    not show; returns the JSON-RPC error as the server got it. On 2026-07-28 an
    ``inputResponses`` entry cannot be an error: the client SDK ends the call with ``MCPError``
    instead of retrying, and the server is never called again (no decline reaches it); the error
    is then the one the client's call raised."""
    if mode == "legacy":
        reply, _ = await call(server, mode, callback, tool)
        assert saw.calls == [reply], saw.calls  # the tool itself caught the error
        assert set(reply) == {"error"}, reply
        error: dict[str, Any] = reply["error"]
        return error
    try:
        await call(server, mode, callback, tool)
    except BaseException as raised:  # the client's task group wraps it
        leaves = _leaves(raised)
        if len(leaves) != 1 or not isinstance(leaves[0], MCPError):
            raise
        assert saw.calls == ["asked"], saw.calls  # asked once, and never answered
        return leaves[0].error.model_dump(mode="json", exclude_none=True)
    raise AssertionError(f"the request was answered: {saw.calls}")


def _leaves(error: BaseException) -> list[BaseException]:
    inner: list[BaseException] = list(getattr(error, "exceptions", []))  # an exception group
    return [leaf for e in inner for leaf in _leaves(e)] if inner else [error]


# --- the conformance suite's elicitation checks -------------------------------------------------
# modelcontextprotocol/conformance: src/scenarios/client/elicitation-defaults.ts (the client fills
# every default on accept, typed) and src/scenarios/server/elicitation-defaults.ts /
# elicitation-enums.ts (what the requestedSchema on the wire must look like).


def conformance_defaults_content(content: Mapping[str, Any]) -> list[str]:
    errors = []
    expected: dict[str, type | tuple[type, ...]] = {
        "name": str,
        "age": int,
        "score": (int, float),
        "status": str,
        "verified": bool,
    }
    for name, kind in expected.items():
        if name not in content:
            errors.append(f"{name} missing")
        elif not isinstance(content[name], kind) or (
            kind is not bool and isinstance(content[name], bool)
        ):
            errors.append(f"{name} has the wrong type")
    if content.get("status") not in ("active", "inactive", "pending"):
        errors.append("status is not an enum member")
    return errors


def conformance_defaults_schema(schema: Mapping[str, Any]) -> list[str]:
    props = schema.get("properties", {})
    want = {
        "name": ("string", "John Doe"),
        "age": ("integer", 30),
        "score": ("number", 95.5),
        "status": ("string", "active"),
        "verified": ("boolean", True),
    }
    errors = []
    for name, (kind, default) in want.items():
        prop = props.get(name)
        if prop is None:
            errors.append(f"{name} missing")
            continue
        if prop.get("type") != kind:
            errors.append(f"{name}: type {prop.get('type')!r}")
        if "default" not in prop or prop["default"] != default:
            errors.append(f"{name}: default {prop.get('default')!r}")
    if props.get("status", {}).get("enum") != ["active", "inactive", "pending"]:
        errors.append("status: enum")
    return errors


def conformance_enums_schema(schema: Mapping[str, Any]) -> list[str]:
    props = schema.get("properties", {})
    errors = []

    def titled(options: Any) -> bool:
        return isinstance(options, list) and all(
            isinstance(o.get("const"), str) and isinstance(o.get("title"), str) for o in options
        )

    p = props.get("untitledSingle", {})
    if p.get("type") != "string" or not isinstance(p.get("enum"), list):
        errors.append("untitledSingle: string enum")
    if "oneOf" in p or "enumNames" in p:
        errors.append("untitledSingle: oneOf/enumNames")
    p = props.get("titledSingle", {})
    if p.get("type") != "string" or not titled(p.get("oneOf")) or "enum" in p:
        errors.append("titledSingle: oneOf of const/title")
    p = props.get("legacyEnum", {})
    if (
        p.get("type") != "string"
        or not isinstance(p.get("enum"), list)
        or not isinstance(p.get("enumNames"), list)
        or len(p["enumNames"]) != len(p["enum"])
    ):
        errors.append("legacyEnum: enum + enumNames")
    p = props.get("untitledMulti", {})
    items = p.get("items", {})
    if p.get("type") != "array" or items.get("type") != "string" or "anyOf" in items:
        errors.append("untitledMulti: array of string enum")
    if not isinstance(items.get("enum"), list):
        errors.append("untitledMulti: items.enum")
    p = props.get("titledMulti", {})
    items = p.get("items", {})
    if p.get("type") != "array" or not titled(items.get("anyOf")) or "enum" in items:
        errors.append("titledMulti: items.anyOf of const/title")
    return errors


#: The answer the conformance suite's enums scenario gives.
CONFORMANCE_ENUMS_CONTENT = {
    "untitledSingle": "option1",
    "titledSingle": "value1",
    "legacyEnum": "opt1",
    "untitledMulti": ["option1", "option2"],
    "titledMulti": ["value1", "value2"],
}
