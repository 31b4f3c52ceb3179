"""Issue 25's harness, FastMCP: every documented ``ctx.elicit(message, response_type=...)`` type
(scalars, ``Literal``, ``Enum``, lists of them for multi-select, dataclass, ``TypedDict``, pydantic
model, the list and dict shorthands) reaches a real ``Client`` whose callback is
``FormRouter(compile_unknown="cli")``, is shown (not declined, no error), and FastMCP accepts the
answer typed into the form; and over generated valid and invalid answers, no answer the form's
``validate()`` accepts is refused by FastMCP's own parsing (``handle_elicit_accept`` of the
``ElicitResult`` content, as ``Context.elicit`` does), nor by jsonschema or Ajv.

FastMCP's ``ctx.elicit`` sends a standalone request, which the 2026-07-28 protocol removed: the
client connects with ``mode="legacy"``. Its server is reached in-process through its low-level
``mcp`` server (``FastMCP._mcp_server``), the SDK ``Client``'s in-memory transport.

No ``from __future__ import annotations``: FastMCP reads the tool's annotations at run time."""

from collections.abc import Mapping, Sequence
from typing import Any

import anyio
import pytest
from fastmcp import Context, FastMCP
from fastmcp.server.elicitation import (
    AcceptedElicitation,
    handle_elicit_accept,
    parse_elicit_response_type,
)

from ..support.differential import (
    REGISTRY,
    assert_faithful,
    compare,
    scheme_limited,
)
from ..support.fastmcp_check import fastmcp_verdict
from ..support.format_edges import EDGE
from ..support.real_servers import Answering, Logged, ask_once, shown_problem
from ..support.realistic_types import FASTMCP, FASTMCP_REFUSED, PYTHON_SDK, Case, Refused

#: The harness's table, printed once the module's servers are done (tests/mcp/conftest.py).
pytestmark = pytest.mark.usefixtures("real_servers_summary")

FAMILY = "fastmcp"


def _id(case: Case | Refused) -> str:
    return case.name


def _message(case: Case) -> str:
    return f"Please answer: {case.name.replace('_', ' ')}"


@pytest.mark.parametrize("case", FASTMCP, ids=_id)
def test_ctx_elicit_shows_the_form_and_fastmcp_accepts_the_answer(case: Case) -> None:
    server = FastMCP("acme-fastmcp")
    outcomes: list[Any] = []
    message = _message(case)

    async def ask(ctx: Context) -> str:
        outcome = await ctx.elicit(message, response_type=case.source)
        outcomes.append(outcome)
        return "answered"

    server.tool(name="ask")(ask)
    runner = Answering()
    runner.content = case.answer

    with Logged() as logged:
        text, failed = anyio.run(ask_once, server._mcp_server, runner, "ask")
    problem = shown_problem(runner, logged, message, 0, text if failed else "")
    if not problem:
        (outcome,) = outcomes
        expected = handle_elicit_accept(parse_elicit_response_type(case.source), case.answer)
        if not isinstance(outcome, AcceptedElicitation):
            problem = f"FastMCP got {outcome!r}, not an accepted answer"
        elif outcome.data != expected.data:
            problem = f"FastMCP got {outcome.data!r}, not the answer typed"
    REGISTRY.record_shown(FAMILY, case.name, problem)
    assert not problem, f"{case.name} ({case.covers}): {problem}"


@pytest.mark.parametrize("case", FASTMCP, ids=_id)
def test_no_answer_the_form_accepts_is_refused_by_fastmcp(case: Case) -> None:
    config = parse_elicit_response_type(case.source)

    def own(contents: Sequence[Mapping[str, Any]]) -> list[dict[str, bool]]:
        return [{"fastmcp": fastmcp_verdict(config, c)} for c in contents]

    tally = compare(
        FAMILY,
        case.name,
        config.schema,
        case.answer,
        own,
        message=_message(case),
        edges=EDGE,
        limited=scheme_limited(case.source),
    )
    assert_faithful(tally, case.covers)


@pytest.mark.parametrize("refused", FASTMCP_REFUSED, ids=_id)
def test_fastmcp_refuses_to_send_these_types(refused: Refused) -> None:
    """FastMCP's own gate raises before anything is sent. Where the Python SDK sends the same
    type (an optional field, a set of literals), its case is named."""
    with pytest.raises(TypeError) as raised:
        parse_elicit_response_type(refused.source)
    assert refused.error in str(raised.value)
    assert refused.sent_by in {case.name for case in PYTHON_SDK}


def test_the_catalogue_covers_fastmcps_documented_types_and_its_answers_are_valid() -> None:
    covered = " ".join(case.covers for case in FASTMCP)
    for word in (
        "scalar str",
        "scalar int",
        "scalar bool",
        "Literal[str]",
        "Enum",
        "list[Literal]",
        "list[Enum]",
        "dataclass",
        "TypedDict",
        "BaseModel",
    ):
        assert word in covered, word
    for case in FASTMCP:
        assert fastmcp_verdict(parse_elicit_response_type(case.source), case.answer), case.name
