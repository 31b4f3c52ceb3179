"""The ``cli`` target embedded in a real MCP client (the MCP Python SDK): a server tool elicits a
pydantic model, the client's elicitation callback runs the generated module (compiled from the
schema the server sends) in a worker thread, and the server gets the typed answer back."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import anyio
import pytest

import elicit_gen

from ...support.cases import write_and_import

mcp = pytest.importorskip("mcp")

from mcp import types  # noqa: E402
from mcp.client import Client  # noqa: E402
from mcp.server import MCPServer  # noqa: E402
from mcp.server.mcpserver import Context  # noqa: E402
from pydantic import BaseModel, Field  # noqa: E402


class Contact(BaseModel):
    name: str = Field(description="Your full name")
    age: int = Field(default=30, ge=18, description="Your age")
    newsletter: bool = Field(default=False, description="Send me news")


def _server() -> MCPServer:
    server = MCPServer("acme")

    @server.tool()
    async def register(ctx: Context) -> str:
        result = await ctx.elicit("Please provide your contact information", Contact)
        if result.action == "accept":
            return f"accept {result.data.model_dump_json()}"
        return result.action

    return server


def _session(tmp_path: Path, typed: str) -> tuple[str, list[str]]:
    shown: list[str] = []

    async def on_elicitation(context: Any, params: Any) -> types.ElicitResult:
        compiled = elicit_gen.compile(dict(params.requested_schema), ["cli"], name="contact.json")
        assert compiled.ok, [d.to_text() for d in compiled.diagnostics]
        (form,) = compiled.forms
        module = write_and_import(form, "cli", tmp_path)
        # The guard docs/targets/cli.md recommends holds for the schema the SDK sends.
        props = module.REQUESTED_SCHEMA["properties"]
        assert params.requested_schema["properties"] == props
        err = io.StringIO()
        result = await anyio.to_thread.run_sync(
            lambda: module.elicit(
                params.message, server="acme", stdin=io.StringIO(typed), stderr=err
            )
        )
        shown.append(err.getvalue())
        return types.ElicitResult(**result)

    async def main() -> str:
        with anyio.fail_after(60):  # fail, never hang, when the session does not answer
            async with Client(
                _server(), elicitation_callback=on_elicitation, mode="legacy"
            ) as client:
                reply = await client.call_tool("register", {})
                text: str = reply.content[0].text  # type: ignore[union-attr]
                return text

    return anyio.run(main), shown


def test_accepted_answers_reach_the_server_typed(tmp_path: Path) -> None:
    reply, shown = _session(tmp_path, "Ada\n17\n42\ny\ns\n")
    assert reply == 'accept {"name":"Ada","age":42,"newsletter":true}'
    assert "acme asks:\n  Please provide your contact information" in shown[0]
    assert "Not accepted: Must be at least 18." in shown[0]


def test_decline_and_cancel_reach_the_server(tmp_path: Path) -> None:
    assert _session(tmp_path, "Ada\n42\ny\nd\n")[0] == "decline"
    assert _session(tmp_path, "\nAda\n")[0] == "cancel"  # end of input
