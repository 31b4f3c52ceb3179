"""Issue 25's harness, the Python ``mcp`` SDK: every realistic pydantic model a server passes to
``ctx.elicit(message, schema=Model)`` reaches a real ``Client`` whose callback is
``FormRouter(compile_unknown="cli")``, is shown (not declined, no error), and the answer typed
into the form is accepted by the server's own check; and over generated valid and invalid answers,
no answer the form's ``validate()`` accepts is refused by that check (``Model.model_validate`` of
the ``ElicitResult`` content, as ``mcp.server.elicitation.elicit_with_validation`` does), nor by
jsonschema or Ajv. The counts are printed (``pytest -s``).

No ``from __future__ import annotations``: the SDK reads the tool's annotations at run time."""

import json
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

import anyio
import pytest
from mcp import types
from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation, render_elicitation_schema
from mcp.server.mcpserver import Context
from pydantic import BaseModel, ValidationError

from ..support.differential import (
    REGISTRY,
    assert_faithful,
    compare,
    differential,
    probes,
    scheme_limited,
    wire_verdict,
)
from ..support.format_edges import EDGE
from ..support.real_servers import Answering, Logged, ask_once, shown_problem
from ..support.realistic_types import FASTMCP, PYTHON_SDK, SDK_REFUSED, Case, Refused

FAMILY = "python-sdk"


def _id(case: Case | Refused) -> str:
    return case.name


def _message(case: Case) -> str:
    return f"Please fill in: {case.name.replace('_', ' ')}"


def sdk_verdict(model: type[BaseModel], content: Mapping[str, Any]) -> bool:
    """The SDK's check of an accepted answer: the ``ElicitResult`` read from the wire, then
    ``model.model_validate(result.content)`` (``elicit_with_validation``)."""
    if not wire_verdict(content):
        return False
    result = types.ElicitResult.model_validate_json(
        json.dumps({"action": "accept", "content": content})
    )
    try:
        model.model_validate(result.content)
    except ValidationError:
        return False
    return True


@pytest.mark.parametrize("case", PYTHON_SDK, ids=_id)
def test_ctx_elicit_shows_the_form_and_the_server_accepts_the_answer(case: Case) -> None:
    server = MCPServer("acme-python")
    outcomes: list[Any] = []
    message = _message(case)

    async def ask(ctx: Context) -> str:
        outcome = await ctx.elicit(message, schema=case.source)
        outcomes.append(outcome)
        return "answered"

    server.tool(name="ask")(ask)
    runner = Answering()
    runner.content = case.answer

    with Logged() as logged:
        text, failed = anyio.run(ask_once, server, runner, "ask")
    problem = shown_problem(runner, logged, message, 0, text if failed else "")
    if not problem:
        (outcome,) = outcomes
        if not isinstance(outcome, AcceptedElicitation):
            problem = f"the server got {outcome!r}, not an accepted answer"
        elif outcome.data != case.source.model_validate(case.answer):
            problem = f"the server got {outcome.data!r}, not the answer typed"
    REGISTRY.record_shown(FAMILY, case.name, problem)
    assert not problem, f"{case.name} ({case.covers}): {problem}"


@pytest.mark.parametrize("case", PYTHON_SDK, ids=_id)
def test_no_answer_the_form_accepts_is_refused_by_the_server(case: Case) -> None:
    def own(contents: Sequence[Mapping[str, Any]]) -> list[dict[str, bool]]:
        return [{"pydantic (SDK)": sdk_verdict(case.source, c)} for c in contents]

    schema = render_elicitation_schema(case.source)
    limited = scheme_limited(case.source)
    tally = compare(
        FAMILY,
        case.name,
        schema,
        case.answer,
        own,
        message=_message(case),
        edges=EDGE,
        limited=limited,
    )
    assert_faithful(tally, case.covers)


def test_the_differential_catches_a_form_that_accepts_too_much() -> None:
    """The harness can fail: over a real model's generated answers, a form whose ``validate()``
    accepts anything is caught, and one that refuses anything counts over-refusals."""
    (case,) = [c for c in PYTHON_SDK if c.name == "hotel_booking"]
    schema = render_elicitation_schema(case.source)
    found = probes(schema, case.answer, EDGE, seed="self-test")
    verdicts = [{"pydantic (SDK)": sdk_verdict(case.source, p.content)} for p in found]
    lax = differential(
        "self-test", case.name, SimpleNamespace(validate=lambda c: {}), found, verdicts
    )
    assert lax.refused_by["pydantic (SDK)"] > len(found) // 2
    strict = SimpleNamespace(validate=lambda c: {"check_in": "no"})
    tight = differential("self-test", case.name, strict, found, verdicts)
    assert tight.accepted == 0 and sum(tight.over_refused.values()) == sum(
        all(v.values()) for v in verdicts
    )
    assert set(tight.over_refused) >= {"format date", "integer", "single-select", "boolean"}


@pytest.mark.parametrize("refused", SDK_REFUSED, ids=_id)
def test_the_sdk_refuses_to_send_these_types(refused: Refused) -> None:
    """The SDK's ``PrimitiveSchemaDefinition`` gate: ``ctx.elicit`` raises before anything is
    sent, so no client sees these. Where FastMCP sends the same type, its case is named."""
    with pytest.raises(TypeError) as raised:
        render_elicitation_schema(refused.source)
    assert refused.error in str(raised.value)
    if refused.sent_by:
        assert refused.sent_by in {case.name for case in FASTMCP}


def test_the_catalogue_is_realistic_and_its_answers_valid() -> None:
    """Every model renders (the SDK sends it) and the user's answer is one the server accepts;
    the catalogue covers the realistic types the issue names."""
    covered = " ".join(case.covers for case in PYTHON_SDK)
    for word in _NAMED:
        assert word in covered, word
    for case in PYTHON_SDK:
        render_elicitation_schema(case.source)
        assert sdk_verdict(case.source, case.answer), case.name


_NAMED: Sequence[str] = (
    "Optional",
    "Literal[str]",
    "Literal[int]",
    "EmailStr",
    "HttpUrl",
    "AnyUrl",
    "gt",
    "ge",
    "lt",
    "le",
    "multiple_of",
    "pattern",
    "set[Literal]",
    "list[Literal]",
    "date",
    "naive datetime default",
    "examples",
    "deprecated",
    'extra="forbid"',
    "PositiveInt",
    "conint",
    "constr",
    "Field(title, description)",
)

#: The harness's table, printed once the module's servers are done (tests/mcp/conftest.py).
pytestmark = pytest.mark.usefixtures("real_servers_summary")
