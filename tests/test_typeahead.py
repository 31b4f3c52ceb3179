"""Keys pressed before a form was shown never answer it (issue 24, defect 4).

Under a real pseudo-terminal: a key typed before a ``cli`` form, its review or a URL consent
prompt was on the screen is thrown away (``termios.tcflush``), so that a second Enter meant for
one form never submits the next, unseen; with ``FormRouter(compile_unknown="cli")`` and two
requests queued, a double Enter on the first form leaves the second one waiting for its user.
Piped stdin is scripted input and keeps every line (tests/test_target_cli.py runs on it)."""

from __future__ import annotations

import json
import os
import select
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import elicit_gen

from .cli_support import PtySession
from .consent_support import write_generated

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

#: Starts ``python <argv...>`` only once a line typed on the terminal waits on stdin: the keys of
#: a test are then typed ahead of the module's first word, whatever the machine's speed.
AFTER_TYPEAHEAD = """\
import os, select, sys
ready, _, _ = select.select([0], [], [], 30)
assert ready, "nothing was typed ahead"
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""

#: A zero-field confirmation: its only question is the review's "Enter or s: submit".
CONFIRM = {"type": "object", "properties": {}}
NAME = {"type": "object", "properties": {"name": {"type": "string", "title": "Your name"}}}


def _env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
    }


def _module(schema: dict[str, object], directory: Path) -> Path:
    result = elicit_gen.compile(schema, ["cli"], stem="typeahead")
    assert result.ok
    (generated,) = result.files
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


@pytest.fixture
def launcher(tmp_path: Path) -> Path:
    path = tmp_path / "after_typeahead.py"
    path.write_text(AFTER_TYPEAHEAD, encoding="utf-8")
    return path


@pytest.fixture
def sessions() -> Iterator[list[PtySession]]:
    started: list[PtySession] = []
    yield started
    for session in started:
        session.kill()


def still_asking(session: PtySession, seconds: float = 1.5) -> None:
    """The child is still waiting for an answer ``seconds`` later: it has not exited and has
    written nothing on stdout (where its result would go)."""
    assert session.proc.stdout is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        session._pump(0.05)
        ready, _, _ = select.select([session.proc.stdout.fileno()], [], [], 0)
        assert not ready, f"the form answered by itself; screen:\n{session.screen}"
        assert session.proc.poll() is None, f"exited unanswered; screen:\n{session.screen}"


def test_enter_typed_before_a_confirmation_appeared_does_not_submit_it(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = _module(CONFIRM, tmp_path)
    message = "Transfer ownership of every repository?"
    args = (str(module), "--server", "Acme", "--message", message)
    session = PtySession(launcher, *args, env=_env())
    sessions.append(session)
    session.send("\r\r")  # two Enters, typed before the form is on the screen
    session.expect("Acme asks:\n  Transfer ownership of every repository?", timeout=60)
    session.expect("Enter or s: submit | d: decline | c: cancel")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")  # the user, having read it, declines
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}


def test_a_second_enter_after_the_last_answer_does_not_submit_the_review(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = _module(NAME, tmp_path)
    session = PtySession(launcher, str(module), "--message", "Who are you?", env=_env())
    sessions.append(session)
    session.send("\r")  # typed ahead: it must not start the form either
    session.expect("1 question. Press Enter to answer it", timeout=60)
    session.expect("  > ")
    still_asking(session, 1.0)
    session.send("\r")  # the user starts
    session.expect("(1/1) Your name (optional)")
    session.expect("  > ")
    session.send("Ada\r\r")  # the answer, and at once a second Enter: before the review showed
    session.expect("Review your answers:")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}


def test_open_typed_before_the_consent_prompt_appeared_opens_nothing(
    tmp_path: Path, launcher: Path, sessions: list[PtySession]
) -> None:
    module = write_generated("cli", tmp_path)
    record = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f"#!/bin/sh\necho \"$@\" >> {record}\n", encoding="utf-8")
    browser.chmod(0o755)
    env = {**_env(), "BROWSER": str(browser)}
    args = (str(module), "--server", "Acme", "https://example.com/pay")
    session = PtySession(launcher, *args, env=env)
    sessions.append(session)
    session.send("o\r")
    session.expect("[o]pen, [d]ecline, [c]ancel:", timeout=60)
    still_asking(session)
    session.send("d\r")
    out, code = session.finish()
    assert code == 0
    assert json.loads(out) == {"action": "decline"}
    assert not record.exists()


#: A client (the MCP Python SDK) whose router compiles every form on the spot (``cli``), and a
#: server with two tools that each elicit once: the second request arrives while the first form
#: is on the screen and waits its turn. Prints both tools' replies as JSON.
ROUTED = """\
import json

import anyio
from mcp.client import Client
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

from elicit_gen.mcp import FormRouter

server = MCPServer("acme")


def tool(name, message, schema):
    async def ask(ctx):
        answer = await ctx.session.elicit_form(
            message=message, requested_schema=schema, related_request_id=ctx.request_id
        )
        return json.dumps(answer.model_dump(mode="json", exclude_none=True))

    ask.__annotations__ = {"ctx": Context, "return": str}
    ask.__name__ = name
    server.tool(name=name)(ask)


tool("first", "Who are you?", %(name)r)
tool("second", "Transfer ownership of every repository?", %(confirm)r)
router = FormRouter(compile_unknown="cli")


async def main():
    arrived = anyio.Event()
    replies = {}

    async def callback(context, params):
        arrived.set()
        return await router(context, params)

    with anyio.fail_after(120):
        async with Client(server, elicitation_callback=callback, mode="legacy") as client:

            async def call(name):
                reply = await client.call_tool(name, {})
                replies[name] = json.loads(reply.content[0].text)

            async with anyio.create_task_group() as group:
                group.start_soon(call, "first")
                await arrived.wait()
                group.start_soon(call, "second")
    print(json.dumps(replies))


anyio.run(main)
"""


def test_a_double_enter_on_one_routed_form_does_not_answer_the_queued_next(
    tmp_path: Path, sessions: list[PtySession]
) -> None:
    pytest.importorskip("mcp")
    script = tmp_path / "routed.py"
    script.write_text(ROUTED % {"name": NAME, "confirm": CONFIRM}, encoding="utf-8")
    session = PtySession(script, env=_env())
    sessions.append(session)
    session.expect("acme asks:\n  Who are you?", timeout=90)
    session.answer("")  # start
    session.expect("(1/1) Your name (optional)")
    session.answer("Ada")
    session.expect("Review your answers:")
    session.expect("  > ")
    session.send("\r\r")  # Enter twice: the first submits this form, the second is too many
    session.expect("acme asks:\n  Transfer ownership of every repository?", timeout=90)
    session.expect("Enter or s: submit | d: decline | c: cancel")
    session.expect("  > ")
    still_asking(session)
    session.send("d\r")
    out, code = session.finish(timeout=60)
    assert code == 0, session.screen
    assert json.loads(out) == {
        "first": {"action": "accept", "content": {"name": "Ada"}},
        "second": {"action": "decline"},
    }
