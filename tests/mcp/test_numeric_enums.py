"""A real ``mcp`` SDK server asking for ``Literal[1, 2, 4]`` (issue 25, item 4): the SDK renders
it as ``{"type": "integer", "enum": [1, 2, 4]}``; the request reaches a form, compiled at run time
(``FormRouter(compile_unknown="cli")``) or registered, and the server gets the int it checks.

No ``from __future__ import annotations``: the SDK reads the tools' annotations at run time."""

import json
import logging
from typing import Any, Literal

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation, render_elicitation_schema
from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter, unenforced

from ..support.mcp import (
    MODES,
    SERVER_NAME,
    Received,
    add_raw_tool,
    add_sdk_tool,
    answers,
    call,
    cli_runner,
    generated,
)


class Booking(BaseModel):
    """What a Python SDK server asks with ``ctx.elicit(message, schema=Booking)``."""

    seats: Literal[1, 2, 4] = Field(description="How many seats")
    priority: Literal[3, 1, 2] = Field(default=2, title="Priority")
    ratio: Literal[0.5, 1.5] = 1.5


CONTENT = {"seats": 4, "priority": 1, "ratio": 0.5}


def _form() -> ir.Form:
    result = elicit_gen.compile(render_elicitation_schema(Booking), [])
    assert result.ok, result.diagnostics
    (form,) = result.forms
    return form


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "elicit_gen.mcp"]


def test_the_sdk_sends_a_select_of_numbers() -> None:
    """What the router is asked (else the tests below prove nothing), and that the form
    compiled for it enforces all of it."""
    schema = render_elicitation_schema(Booking)
    assert schema["properties"]["seats"] == {
        "description": "How many seats",
        "enum": [1, 2, 4],
        "title": "Seats",
        "type": "integer",
    }
    assert schema["properties"]["ratio"]["type"] == "number"
    module = elicit_gen.load_form(schema, "cli")
    assert unenforced(schema, module.REQUESTED_SCHEMA) == []


def test_ctx_elicit_with_a_literal_of_numbers_gets_ints(caplog: pytest.LogCaptureFixture) -> None:
    """``ctx.elicit(message, schema=Booking)`` (a standalone request: a 2025-11-25 session)."""
    server = MCPServer(SERVER_NAME)
    got: list[Any] = []

    async def ask(ctx: Context) -> str:
        outcome = await ctx.elicit("Book a table", schema=Booking)
        got.append(outcome)
        assert isinstance(outcome, AcceptedElicitation)
        return json.dumps(outcome.data.model_dump(mode="json"))

    server.tool(name="ask")(ask)
    transcripts: list[str] = []
    router = FormRouter(
        compile_unknown="cli", runner=cli_runner(answers(_form(), CONTENT), transcripts)
    )

    async def main() -> dict[str, Any]:
        return (await call(server, "legacy", router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []  # nothing declined
    assert reply == CONTENT
    data = got[0].data
    assert isinstance(data, Booking) and type(data.seats) is int and data.seats == 4
    assert type(data.ratio) is float
    (shown,) = transcripts
    assert "      - 1\n      - 2\n      - 4\n" in shown  # typed as shown: 4 is the option 4


@pytest.mark.parametrize("mode", MODES)
def test_the_sdk_elicit_marker_reaches_the_form_in_both_styles(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    server = MCPServer(SERVER_NAME)
    received = Received()
    add_sdk_tool(server, "ask", "Book a table", Booking, received)
    transcripts: list[str] = []
    router = FormRouter(
        compile_unknown="cli", runner=cli_runner(answers(_form(), CONTENT), transcripts)
    )

    async def main() -> dict[str, Any]:
        return (await call(server, mode, router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []
    assert reply == {"action": "accept", "content": CONTENT}
    [(_, outcome)] = received.outcomes
    assert isinstance(outcome, AcceptedElicitation) and outcome.data == Booking(**CONTENT)


@pytest.mark.parametrize("mode", MODES)
def test_a_registered_module_matches_a_request_that_spells_its_integers_as_floats(
    mode: str, tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The router's cheap match finds the registered module (no ``compile_unknown``: no match
    would decline); ``1.0`` in the request is the option 1 of the module."""
    form = _form()
    module = generated(form, "cli", tmp_path)
    sent = json.loads(json.dumps(module.REQUESTED_SCHEMA))
    sent["properties"]["seats"]["enum"] = [1.0, 2.0, 4.0]
    server = MCPServer(SERVER_NAME)
    add_raw_tool(server, "ask", "Book a table", sent)
    transcripts: list[str] = []
    router = FormRouter()
    router.register(module, runner=cli_runner(answers(form, CONTENT), transcripts))

    async def main() -> dict[str, Any]:
        return (await call(server, mode, router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert _logged(caplog) == []
    assert reply == {"action": "accept", "content": CONTENT}
    assert len(transcripts) == 1


def test_an_answer_the_server_refuses_is_never_sent(tmp_path: Any) -> None:
    """A typed 3 is no option of [1, 2, 4] (never the third one): the form asks again."""
    form = _form()
    module = generated(form, "cli", tmp_path)
    lines = ["3", "２", "", "", "s"]  # 3 is refused; a full-width 2 is the option 2
    transcripts: list[str] = []
    runner = cli_runner(lines, transcripts)

    async def main() -> Any:
        return await runner(module, "Book a table", "acme")

    result = anyio.run(main)
    assert result == {"action": "accept", "content": {"seats": 2, "priority": 2, "ratio": 1.5}}
    assert "'3' is not an option" in transcripts[0]
