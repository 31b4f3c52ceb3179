"""The README's client snippet (section "MCP SDK"), read from the README and run as written, answers
every kind of MCP Python SDK server (issue 27): one whose tool calls ``ctx.elicit`` (a
server-initiated request, which a 2026-07-28 session cannot carry) and ones that ask with a
2026-07-28 ``input_required`` result (``Resolve``/``Elicit``, and a hand-written
``InputRequiredResult``); tests/support/readme_servers.py has them.

Each run is a new interpreter whose stdin is the user's keyboard: the snippet's
``FormRouter(compile_unknown="cli")`` compiles the form at run time and the CLI form reads the
answer from that stdin, as in a terminal. ``server`` (the snippet leaves it to the reader) is the
server over the SDK's in-memory transport: JSON-RPC over memory streams, as over stdio.

A control runs the same snippet with ``mode="auto"`` (``Client``'s default) in place of its
``mode="legacy"``: the ``ctx.elicit`` server then fails as the issue reported, and the other two
really ask with ``input_required``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ..support.readme_servers import NAME, SERVERS

ROOT = Path(__file__).resolve().parents[2]

_RUN = """\
import json, sys, textwrap
import anyio
from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp_types import CallToolResult
from tests.support.readme import block
from tests.support.readme_servers import SERVERS

kind, mode = sys.argv[1:]
snippet = block("## MCP SDK", "python", "FormRouter(")
assert snippet.count('mode="legacy"') == 1, snippet
snippet = snippet.replace('mode="legacy"', f"mode={mode!r}")
source = "async def readme():\\n" + textwrap.indent(snippet, "    ") + "    return locals()\\n"
namespace = {"server": InMemoryTransport(SERVERS[kind]())}
versions = []  # the protocol version of each session, read as it closes
leave = Client.__aexit__
async def aexit(self, *args):
    versions.append(self.session.protocol_version)
    return await leave(self, *args)
Client.__aexit__ = aexit
exec(compile(source, "README.md", "exec"), namespace)

async def main():
    with anyio.fail_after(60):
        return await namespace["readme"]()

try:
    found = anyio.run(main)
except BaseException as raised:
    def leaves(error):
        inner = list(getattr(error, "exceptions", []))
        return [leaf for e in inner for leaf in leaves(e)] if inner else [error]
    print(json.dumps({"raised": [f"{type(e).__name__}: {e}" for e in leaves(raised)]}))
    raise SystemExit(0)
replies = [v for v in found.values() if isinstance(v, CallToolResult)]
assert len(replies) == 1, found
print(json.dumps({
    "reply": replies[0].content[0].text,
    "is_error": replies[0].is_error,
    "versions": versions,
}))
"""


def run_snippet(kind: str, mode: str, keys: str) -> tuple[dict[str, Any], str]:
    """What the snippet's call got (or raised), and what the terminal showed (stderr)."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    proc = subprocess.run(
        [sys.executable, "-c", _RUN, kind, mode],
        cwd=ROOT,
        input=keys,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    outcome: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return outcome, proc.stderr


@pytest.mark.parametrize("kind", sorted(SERVERS))
def test_readme_snippet_answers_each_kind_of_server(kind: str) -> None:
    outcome, terminal = run_snippet(kind, "legacy", "Ada\ns\n")
    assert outcome == {"reply": "accept Ada", "is_error": False, "versions": ["2025-11-25"]}
    assert NAME in terminal  # the form said which server asks (its serverInfo)
    assert "Who is registering?" in terminal


def test_readme_snippet_sends_a_decline() -> None:
    outcome, _ = run_snippet("ctx_elicit", "legacy", "Ada\nd\n")  # d at the review step
    assert outcome["reply"] == "decline"


@pytest.mark.parametrize("kind", sorted(SERVERS))
def test_control_without_legacy_mode(kind: str) -> None:
    """Why the snippet says ``mode="legacy"``: with ``Client``'s default the session is
    2026-07-28, where ``ctx.elicit`` has no channel; the other servers do ask there, with
    ``input_required`` (so they are what this test takes them for)."""
    outcome, _ = run_snippet(kind, "auto", "Ada\ns\n")
    if kind == "ctx_elicit":
        assert outcome == {
            "raised": [
                "MCPError: Cannot send 'elicitation/create': this transport context has no "
                "back-channel for server-initiated requests."
            ]
        }
    else:
        assert outcome == {"reply": "accept Ada", "is_error": False, "versions": ["2026-07-28"]}
