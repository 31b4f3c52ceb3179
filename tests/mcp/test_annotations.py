"""Annotations never stop a form (issue 25, item 1): a real ``mcp`` SDK server whose model carries
pydantic's ``Field(examples=...)``, ``Field(deprecated=True)`` and ``json_schema_extra`` with a
``$comment``, and a FastMCP-style ``list[Color]`` multi-select (a ``title`` inside ``items``),
reach a form compiled at run time (``FormRouter(compile_unknown="cli")``) and get the user's
answer, instead of being refused as "not enforced".

No ``from __future__ import annotations``: the SDK reads the tools' annotations at run time."""

import json
import logging
from collections.abc import Mapping
from typing import Any, Literal

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation, render_elicitation_schema
from mcp.server.mcpserver import Context
from pydantic import BaseModel, ConfigDict, Field

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter, unenforced

from ..support.mcp import (
    MODES,
    SERVER_NAME,
    Received,
    ServerSaw,
    add_raw_tool,
    add_sdk_tool,
    answers,
    call,
    call_not_shown,
    cli_runner,
)


class SignUp(BaseModel):
    """What a Python SDK server asks with ``ctx.elicit(message, schema=SignUp)``."""

    model_config = ConfigDict(json_schema_extra={"$comment": "v2 of the sign-up form"})

    name: str = Field(description="Your name", examples=["Ada"])
    age: int = Field(default=3, deprecated=True)
    note: str = Field(default="", json_schema_extra={"$comment": "for the schema's authors"})
    colors: list[Literal["red", "green"]] = Field(default_factory=list, examples=[["red"]])


SIGN_UP_CONTENT = {"name": "Grace", "age": 41, "note": "hi", "colors": ["green"]}

#: FastMCP's ``ctx.elicit(response_type=Choice)`` for ``colors: list[Color]`` (an ``Enum``): the
#: enum's ``$defs`` entry inlined into ``items``, its ``title`` with it.
FASTMCP: dict[str, Any] = {
    "type": "object",
    "title": "Choice",
    "properties": {
        "colors": {
            "type": "array",
            "title": "Colors",
            "items": {"type": "string", "enum": ["red", "green", "blue"], "title": "Color"},
        }
    },
    "required": ["colors"],
}


def _form(schema: Mapping[str, Any]) -> ir.Form:
    result = elicit_gen.compile(dict(schema), [])
    assert result.ok, result.diagnostics
    (form,) = result.forms
    return form


def _router(
    schema: Mapping[str, Any], content: Mapping[str, Any], transcripts: list[str]
) -> FormRouter:
    lines = answers(_form(schema), content)
    return FormRouter(compile_unknown="cli", runner=cli_runner(lines, transcripts))


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "elicit_gen.mcp"]


def test_the_sdk_renders_the_annotations() -> None:
    """The schema the router is asked really has them (else the tests below prove nothing)."""
    schema = render_elicitation_schema(SignUp)
    assert schema["$comment"] == "v2 of the sign-up form"
    assert schema["properties"]["name"]["examples"] == ["Ada"]
    assert schema["properties"]["age"]["deprecated"] is True
    assert schema["properties"]["note"]["$comment"] == "for the schema's authors"
    assert schema["properties"]["colors"]["examples"] == [["red"]]
    # Without the fix, the form compiled for it left these out and the router declined it.
    module = elicit_gen.load_form(schema, "cli")
    assert unenforced(schema, module.REQUESTED_SCHEMA) == []


def test_ctx_elicit_with_annotations_reaches_the_form(caplog: pytest.LogCaptureFixture) -> None:
    """``ctx.elicit(message, schema=SignUp)`` (a standalone request: a 2025-11-25 session)."""
    server = MCPServer(SERVER_NAME)
    got: list[Any] = []

    async def ask(ctx: Context) -> str:
        outcome = await ctx.elicit("Sign up", schema=SignUp)
        got.append(outcome)
        assert isinstance(outcome, AcceptedElicitation)
        return json.dumps(outcome.data.model_dump(mode="json"))

    server.tool(name="ask")(ask)
    transcripts: list[str] = []
    router = _router(render_elicitation_schema(SignUp), SIGN_UP_CONTENT, transcripts)

    async def main() -> dict[str, Any]:
        return (await call(server, "legacy", router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []  # nothing declined
    assert reply == SIGN_UP_CONTENT
    assert isinstance(got[0].data, SignUp)
    (shown,) = transcripts
    assert "Your name" in shown and "green" in shown


@pytest.mark.parametrize("mode", MODES)
def test_the_sdk_elicit_marker_with_annotations_reaches_the_form(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The SDK's ``Resolve``/``Elicit`` with the same model, in both delivery styles."""
    server = MCPServer(SERVER_NAME)
    received = Received()
    add_sdk_tool(server, "ask", "Sign up", SignUp, received)
    transcripts: list[str] = []
    router = _router(render_elicitation_schema(SignUp), SIGN_UP_CONTENT, transcripts)

    async def main() -> dict[str, Any]:
        return (await call(server, mode, router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []
    assert reply == {"action": "accept", "content": SIGN_UP_CONTENT}
    assert len(transcripts) == 1
    [(_, outcome)] = received.outcomes
    assert isinstance(outcome, AcceptedElicitation) and isinstance(outcome.data, SignUp)


@pytest.mark.parametrize("mode", MODES)
def test_a_fastmcp_multi_select_with_a_title_in_items_reaches_the_form(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    server = MCPServer(SERVER_NAME)
    add_raw_tool(server, "ask", "Pick colours", FASTMCP)
    transcripts: list[str] = []
    router = _router(FASTMCP, {"colors": ["red", "blue"]}, transcripts)

    async def main() -> dict[str, Any]:
        return (await call(server, mode, router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []
    assert reply == {"action": "accept", "content": {"colors": ["red", "blue"]}}
    (shown,) = transcripts
    assert "Colors" in shown and all(option in shown for option in ("red", "green", "blue"))


def test_a_wrongly_typed_annotation_is_still_not_shown(caplog: pytest.LogCaptureFixture) -> None:
    """An ``items.title`` that is no string: the schema is not valid JSON Schema (EG120)."""
    schema = json.loads(json.dumps(FASTMCP))
    schema["properties"]["colors"]["items"]["title"] = 5
    server = MCPServer(SERVER_NAME)
    saw = ServerSaw()
    add_raw_tool(server, "ask", "Pick colours", schema, saw)
    transcripts: list[str] = []
    router = FormRouter(compile_unknown="cli", runner=cli_runner(["s"], transcripts))

    async def main() -> dict[str, Any]:
        return await call_not_shown(server, "legacy", router, "ask", saw)

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        error = anyio.run(main)
    assert error["code"] == -32602 and error["data"] == {"reason": "unenforced"}
    assert transcripts == []
    (logged,) = _logged(caplog)
    # refused before compiling, with the place and the reason (the linter's EG120 says the same)
    assert "/properties/colors/items/title: not a string" in logged, logged


def test_a_property_named_like_an_annotation_is_no_annotation() -> None:
    """Inside ``properties`` the keys are field names: a field the form lacks is reported, even
    one called ``title`` or ``examples``."""
    enforced = {"type": "object", "properties": {"a": {"type": "string"}}}
    for name in ("title", "examples", "$comment"):
        requested = {
            "type": "object",
            "properties": {"a": {"type": "string"}, name: {"type": "string"}},
        }
        assert unenforced(requested, enforced) == [
            f"/properties/{name}: `{name}` is not enforced by the form"
        ]
    # An annotation of the wrong type, anywhere, is reported with the type it must have.
    requested = {"type": "object", "properties": {"a": {"type": "string", "deprecated": "yes"}}}
    assert unenforced(requested, enforced) == ["/properties/a/deprecated: not a boolean"]
    assert unenforced({**enforced, "examples": {}}, enforced) == ["/examples: not an array"]
