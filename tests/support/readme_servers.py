"""MCP Python SDK servers that ask a question in each way a real one does, for the test of the
README's client snippet (tests/mcp/test_readme_client.py). Each has one tool, ``register``, that
asks for a name and replies with what it got (``"accept Ada"``, ``"decline"``...).

- ``ctx_elicit``: ``await ctx.elicit(message, Model)``, the SDK's server-initiated
  ``elicitation/create`` request (a 2025-11-25 style server; it fails on 2026-07-28 sessions);
- ``resolve``: ``Resolve``/``Elicit``, which the SDK sends inside a 2026-07-28 ``input_required``
  result, or as a standalone request on an older session;
- ``input_required``: a hand-written 2026-07-28 ``InputRequiredResult`` (the answer read from the
  retried call), ``elicit_exact`` on an older session, as ``update_contact`` in
  examples/mcp_server.py.

No ``from __future__ import annotations``: the SDK reads the tools' annotations at run time."""

from typing import Annotated

from mcp.server import MCPServer
from mcp.server.elicitation import AcceptedElicitation, ElicitationResult
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.resolve import Elicit, Resolve
from mcp_types import InputRequiredResult
from mcp_types.version import is_version_at_least
from pydantic import BaseModel

from elicit_gen.mcp import check_answer, elicit_exact, elicit_request

NAME = "acme-readme"
MESSAGE = "Who is registering?"
SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string", "title": "Name", "minLength": 1}},
    "required": ["name"],
}


class Person(BaseModel):
    name: str


def _said(outcome: ElicitationResult[Person] | None) -> str:
    if isinstance(outcome, AcceptedElicitation):
        return f"accept {outcome.data.name}"
    return "no answer" if outcome is None else outcome.action


def ctx_elicit() -> MCPServer:
    server = MCPServer(NAME)

    @server.tool()
    async def register(ctx: Context) -> str:
        return _said(await ctx.elicit(MESSAGE, Person))

    return server


def resolve() -> MCPServer:
    server = MCPServer(NAME)

    def ask() -> Elicit[Person]:
        return Elicit(MESSAGE, Person)

    @server.tool()
    async def register(answer: Annotated[ElicitationResult[Person], Resolve(ask)]) -> str:
        return _said(answer)

    return server


def input_required() -> MCPServer:
    server = MCPServer(NAME)

    @server.tool()
    async def register(ctx: Context) -> str | InputRequiredResult:
        version = ctx.protocol_version
        if version is None or not is_version_at_least(version, "2026-07-28"):
            return _said(await elicit_exact(ctx, MESSAGE, SCHEMA, Person))
        answers = ctx.input_responses or {}
        if ctx.request_state != "asked" or "person" not in answers:
            return InputRequiredResult(
                input_requests={"person": elicit_request(MESSAGE, SCHEMA)}, request_state="asked"
            )
        return _said(check_answer(answers["person"], Person))

    return server


SERVERS = {"ctx_elicit": ctx_elicit, "resolve": resolve, "input_required": input_required}
