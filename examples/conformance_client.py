"""An MCP client for the official conformance suite (``@modelcontextprotocol/conformance``): it
answers elicitation requests with forms that elicit-gen compiles at run time. No generated file
is involved; ``FormRouter(compile_unknown="cli")`` turns each ``requestedSchema`` into a CLI form
(``elicit_gen.load_form``) and the user answers it on stdin.

    npx conformance client --scenario elicitation-sep1034-client-defaults \\
        --command "printf '\\n\\n\\n\\n\\n\\ns\\n' | python examples/conformance_client.py"

The suite starts its test server, appends the server's URL to the command and names the scenario
in ``MCP_CONFORMANCE_SCENARIO``. The client connects over streamable HTTP, calls every tool the
server lists (each one asks an elicitation question), and prints each tool's reply on stdout
(a failed call on stderr, and the exit code is then 1). The
answers are whatever arrives on stdin, typed into the real form: Enter keeps a field's default,
so the keys above (five Enters, submit) accept the SEP-1034 form with its defaults.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

import anyio
from mcp.client import Client

from elicit_gen.compiler.diagnostics import visible
from elicit_gen.mcp import FormRouter

#: The protocol each scenario speaks (the client's ``mode``); others use ``auto``.
MODES = {
    "elicitation-sep1034-client-defaults": "legacy",
    "sep-2322-client-request-state": "2026-07-28",
}


async def run(url: str, mode: str) -> int:
    """Calls every tool of the server at ``url`` and prints each reply; returns how many calls
    failed (reported on stderr; the other tools are still called)."""
    router = FormRouter(compile_unknown="cli")
    failed = 0
    with anyio.fail_after(60):  # the suite stops the client after its --timeout anyway
        async with Client(url, mode=mode, elicitation_callback=router) as client:
            listed = await client.list_tools()
            for tool in listed.tools:
                name = visible(tool.name)  # server text: shown, never acted on by the terminal
                try:
                    reply = await client.call_tool(tool.name, {})
                except Exception as error:  # one tool's failure, reported
                    failed += 1
                    print(f"{name}: failed: {visible(repr(error))}", file=sys.stderr, flush=True)
                    continue
                text = "\n".join(getattr(block, "text", "") for block in reply.content)
                print(f"{name}: {visible(text)}", flush=True)
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the test server's URL (the suite appends it)")
    parser.add_argument("--mode", help="legacy, 2026-07-28 or auto (default: by scenario)")
    args = parser.parse_args(argv)
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    mode = args.mode or MODES.get(scenario, "auto")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    failed: int = anyio.run(run, args.url, mode)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
