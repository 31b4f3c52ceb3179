"""The client side of the real-servers harness (issue 25): a real MCP ``Client`` whose
``elicitation_callback`` is ``FormRouter(compile_unknown="cli")``, the form compiled when the
request arrives answered on piped stdin as a user types it, and what a test needs to tell "shown
and accepted" from a decline, an error or a refused answer.

This module deliberately has no ``from __future__ import annotations``: the SDK reads the tools'
annotations at run time."""

import io
import json
import logging
import shutil
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp import types
from mcp.client import Client

import elicit_gen
from elicit_gen.live import DefaultRepair
from elicit_gen.mcp import FormRouter

from .cli import Script, typed

ROOT = Path(__file__).resolve().parents[2]
ZOD_SERVER = Path(__file__).with_name("zod_server.mjs")
EVERYTHING = (
    ROOT / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
)
#: Bound on one tool call, its elicitation answered included.
CALL_SECONDS = 60

Runner = Callable[[ModuleType, str, str | None], Awaitable[Mapping[str, Any]]]


def require_node(*packages: str) -> str:
    """The node binary and the npm packages the TypeScript servers need: a failure, not a skip,
    when they are missing (scripts/test installs them with ``npm ci``)."""
    node = shutil.which("node") or str(ROOT / "node_modules" / "node" / "bin" / "node")
    if not Path(node).exists():
        pytest.fail("node is missing: the TypeScript servers' tests need it (run `npm ci`)")
    for package in packages:
        if not (ROOT / "node_modules" / package).is_dir():
            pytest.fail(f"npm package {package} is missing: run `npm ci` (scripts/test does)")
    return node


def typed_lines(module: ModuleType, content: Mapping[str, Any]) -> list[str]:
    """The lines a user types into the CLI form ``module`` to accept ``content`` (a field not in
    ``content`` is skipped with Enter), read from the schema the form enforces."""
    result = elicit_gen.compile(dict(module.REQUESTED_SCHEMA), [])
    assert result.ok, [str(d) for d in result.diagnostics if d.is_error]
    (form,) = result.forms
    lines = [typed(f, content[f.name]) if f.name in content else "" for f in form.fields]
    return [*lines, "s"]


class Answering:
    """The client's runner: shows each form the router hands it on scripted stdin, typing
    :attr:`content` (set by the test before each call); keeps what each form printed."""

    def __init__(self) -> None:
        self.content: Mapping[str, Any] = {}
        self.transcripts: list[str] = []
        self.modules: list[ModuleType] = []

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        self.modules.append(module)
        lines = typed_lines(module, self.content)
        err = io.StringIO()

        def ask() -> Mapping[str, Any]:
            result: Mapping[str, Any] = module.elicit(
                message, server=server, stdin=Script(lines), stderr=err
            )
            return result

        result = await anyio.to_thread.run_sync(ask)
        self.transcripts.append(err.getvalue())
        return result


class Logged(logging.Handler):
    """What the router logged (a decline or an error says why here)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []
        #: The defaults the router repaired to show a form (issue 25: logged, not refused).
        self.repairs: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno < logging.WARNING:
            return
        args = record.args if isinstance(record.args, tuple) else ()
        if any(isinstance(arg, DefaultRepair) for arg in args):
            self.repairs.append(record.getMessage())
        else:
            self.messages.append(record.getMessage())

    def __enter__(self) -> "Logged":
        logging.getLogger("elicit_gen.mcp").addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger("elicit_gen.mcp").removeHandler(self)


def client(server: Any, runner: Answering, seen: list[dict[str, Any]] | None = None) -> Client:
    """A real MCP client (initialize handshake: the servers elicit with standalone requests)
    whose elicitation callback is ``FormRouter(compile_unknown="cli")``; ``seen`` gets each
    requested schema as it arrived."""
    router = FormRouter(compile_unknown="cli", runner=runner, server="acme")

    async def callback(context: Any, params: types.ElicitRequestParams) -> Any:
        if seen is not None:
            seen.append(dict(getattr(params, "requested_schema", None) or {}))
        return await router(context, params)

    return Client(server, mode="legacy", elicitation_callback=callback)


async def call_tool(session: Client, tool: str) -> tuple[str, bool]:
    """Calls ``tool`` with no arguments: its text reply and whether it is an error."""
    with anyio.fail_after(CALL_SECONDS):
        reply = await session.call_tool(tool, {})
    texts = [getattr(part, "text", "") for part in reply.content]
    return "\n".join(texts), bool(reply.is_error)


async def ask_once(
    server: Any, runner: Answering, tool: str, seen: list[dict[str, Any]] | None = None
) -> tuple[str, bool]:
    """Connects a client to ``server`` (in-process, or a ``StdioServerParameters``), calls
    ``tool`` once; bounded as a whole (connecting, the form, the reply)."""
    with anyio.fail_after(CALL_SECONDS):
        async with client(server, runner, seen) as session:
            return await call_tool(session, tool)


def shown_problem(
    runner: Answering, logged: Logged, message: str, before: int, reply_error: str
) -> str:
    """Why a request was not shown and accepted, or ``""``: the router must have shown exactly
    one form (not declined, no error), and the form must have accepted the typed answer."""
    if reply_error:
        return f"the tool failed: {reply_error[:300]}"
    if len(runner.transcripts) != before + 1:
        why = "; ".join(logged.messages) or "no form was shown"
        return f"not shown: {why[:400]}"
    transcript = runner.transcripts[-1]
    if message not in transcript:
        return "the form did not show the server's message"
    if logged.messages:
        return f"the router logged: {'; '.join(logged.messages)[:300]}"
    return ""


def loads(text: str) -> Any:
    """The JSON a tool replied with (the last line of its text)."""
    return json.loads(text.strip().splitlines()[-1])
