"""Issue 25's harness, TypeScript servers (needs node and the npm packages: a failure, not a
skip, without them). A real ``@modelcontextprotocol/sdk`` server (tests/support/zod_server.mjs)
turns each zod object into a ``requestedSchema`` the three ways TypeScript servers do (zod 3 with
zod-to-json-schema, zod 4's ``z.toJSONSchema``, the SDK's own ``toJsonSchemaCompat``) and sends it
with ``server.elicitInput`` over stdio to a Python ``Client`` whose callback is
``FormRouter(compile_unknown="cli")``. Each form must be shown (not declined, no error), and the
answer typed into it accepted by ``elicitInput``'s Ajv and by the zod object's ``safeParse``. The
public ``@modelcontextprotocol/server-everything`` sends its literal schema the same way.

Then the differential: over generated valid and invalid answers, no answer the form's
``validate()`` accepts is refused by Ajv as ``elicitInput`` runs it (the SDK's
``AjvJsonSchemaValidator``), by zod, by jsonschema, or by the client's own ``ElicitResult``."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from ..support.differential import REGISTRY, assert_faithful, compare
from ..support.format_edges import EDGE
from ..support.loop import LoopThread
from ..support.real_servers import (
    EVERYTHING,
    ROOT,
    ZOD_SERVER,
    Answering,
    Logged,
    ask_once,
    call_tool,
    client,
    loads,
    require_node,
    shown_problem,
)
from ..support.realistic_types import EVERYTHING_ANSWER, ZOD_CONVERTERS, ZOD_OBJECTS

#: The harness's table, printed once the module's servers are done (tests/mcp/conftest.py).
pytestmark = pytest.mark.usefixtures("real_servers_summary")

FAMILY = "typescript"
PACKAGES = ("@modelcontextprotocol/sdk", "zod", "zod3", "zod-to-json-schema", "ajv", "ajv-formats")
IDS = [f"{case.name}.{converter}" for case in ZOD_OBJECTS for converter in ZOD_CONVERTERS]
ANSWERS = {f"{c.name}.{converter}": c for c in ZOD_OBJECTS for converter in ZOD_CONVERTERS}
EVERYTHING_TOOL = "trigger-elicitation-request"


@pytest.fixture(scope="module")
def node() -> str:
    return require_node(*PACKAGES)


@pytest.fixture(scope="module")
def catalogue(node: str) -> dict[str, dict[str, Any]]:
    """Each id's message and requestedSchema, as the server script builds them."""
    proc = subprocess.run(
        [node, str(ZOD_SERVER), "schemas"], capture_output=True, cwd=ROOT, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    found: dict[str, dict[str, Any]] = json.loads(proc.stdout)
    return found


def zod_verdicts(
    node: str, entries: Sequence[tuple[str, Mapping[str, Any]]]
) -> list[dict[str, bool]]:
    """Ajv as ``elicitInput`` runs it, and the zod object's ``safeParse``, per (id, content)."""
    payload = json.dumps([{"id": i, "content": c} for i, c in entries])
    proc = subprocess.run(
        [node, str(ZOD_SERVER), "check"],
        input=payload.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    verdicts = json.loads(proc.stdout)
    assert len(verdicts) == len(entries)
    return [{"ajv (elicitInput)": v["ajv"], "zod": v["zod"]} for v in verdicts]


def _answer(ident: str, catalogue: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The user's answer to ``ident``: the object's answer, for the fields its schema has."""
    fields = catalogue[ident]["requestedSchema"]["properties"]
    return {k: v for k, v in ANSWERS[ident].answer.items() if k in fields}


class Session:
    """One client session over stdio with a server process, open for a whole module: the client
    runs on a loop thread of its own, the tests call tools through it."""

    def __init__(self, params: StdioServerParameters) -> None:
        self.runner = Answering()
        self.looper = LoopThread()
        self.client: Client | None = None
        self._opened = threading.Event()
        self._stop: asyncio.Event | None = None
        self._done = self.looper.submit(self._serve(params))

    async def _serve(self, params: StdioServerParameters) -> None:
        self._stop = asyncio.Event()
        try:
            async with client(params, self.runner) as session:
                self.client = session
                self._opened.set()
                await self._stop.wait()
        finally:
            self._opened.set()

    def ready(self) -> None:
        assert self._opened.wait(60), "the MCP session did not open in 60 s"
        if self.client is None:
            self._done.result(timeout=10)  # raises what stopped it
        assert self.client is not None, "the MCP session did not open"

    def call(self, tool: str) -> tuple[str, bool]:
        assert self.client is not None
        result: tuple[str, bool] = self.looper.submit(call_tool(self.client, tool)).result(120)
        return result

    def close(self) -> None:
        stop = self._stop
        if stop is not None:
            self.looper.call_soon(stop.set)
        try:
            self._done.result(timeout=30)
        finally:
            self.looper.stop()


@pytest.fixture(scope="module")
def zod_session(node: str) -> Iterator[Session]:
    session = Session(
        StdioServerParameters(command=node, args=[str(ZOD_SERVER), "serve"], cwd=ROOT)
    )
    try:
        session.ready()
        yield session
    finally:
        session.close()


@pytest.mark.parametrize("ident", IDS)
def test_elicit_input_shows_the_form_and_ajv_and_zod_accept_the_answer(
    ident: str, zod_session: Session, catalogue: dict[str, dict[str, Any]]
) -> None:
    case = ANSWERS[ident]
    message = catalogue[ident]["message"]
    answer = _answer(ident, catalogue)
    runner = zod_session.runner
    runner.content = answer
    before = len(runner.transcripts)
    with Logged() as logged:
        text, failed = zod_session.call(ident)
    problem = shown_problem(runner, logged, message, before, text if failed else "")
    if not problem:
        problem = _reply_problem(loads(text), answer)
    REGISTRY.record_shown(FAMILY, ident, problem)
    assert not problem, f"{ident} ({case.covers}): {problem}"


def _reply_problem(reply: Mapping[str, Any], answer: Mapping[str, Any]) -> str:
    """Why the server did not get and accept the typed answer, or ``""``."""
    if "error" in reply:
        return f"elicitInput refused the answer: {reply['error'][:300]}"
    if reply.get("action") != "accept":
        return f"the server got {reply.get('action')!r}, not accept"
    if not reply.get("zod"):
        return f"zod refused the answer: {reply.get('issues')}"
    if reply.get("content") != answer:
        return f"the server got {reply.get('content')!r}, not the answer typed"
    return ""


@pytest.mark.parametrize("ident", IDS)
def test_no_answer_the_form_accepts_is_refused_by_ajv_or_zod(
    ident: str, node: str, catalogue: dict[str, dict[str, Any]]
) -> None:
    case = ANSWERS[ident]

    def own(contents: Sequence[Mapping[str, Any]]) -> list[dict[str, bool]]:
        return zod_verdicts(node, [(ident, c) for c in contents])

    entry = catalogue[ident]
    tally = compare(
        FAMILY,
        ident,
        entry["requestedSchema"],
        _answer(ident, catalogue),
        own,
        message=entry["message"],
        edges=EDGE,
    )
    assert_faithful(tally, case.covers)


def test_the_server_script_sends_every_object_three_ways(
    catalogue: dict[str, dict[str, Any]],
) -> None:
    assert sorted(catalogue) == sorted(IDS)
    for ident, entry in catalogue.items():
        schema = entry["requestedSchema"]
        assert schema["type"] == "object" and schema["properties"], ident
        converter = ident.rsplit(".", 1)[1]
        # zod 3 and zod 4's own converter close the object; the SDK's (io "input") does not
        assert (schema.get("additionalProperties") is False) == (converter != "sdk"), ident


def test_the_users_answers_pass_ajv_and_zod(
    node: str, catalogue: dict[str, dict[str, Any]]
) -> None:
    verdicts = zod_verdicts(node, [(ident, _answer(ident, catalogue)) for ident in IDS])
    for ident, verdict in zip(IDS, verdicts, strict=True):
        assert all(verdict.values()), (ident, verdict)


# --- a public server: @modelcontextprotocol/server-everything ------------------------------------

EVERYTHING_FAMILY = "everything"
EVERYTHING_MESSAGE = "Please provide inputs for the following fields:"


@pytest.fixture(scope="module")
def everything(node: str) -> tuple[str, list[dict[str, Any]]]:
    """Calls its ``trigger-elicitation-request`` tool once, answered through the router: why the
    form was not shown and accepted (or ``""``), and the schema as it arrived."""
    require_node("@modelcontextprotocol/server-everything")
    params = StdioServerParameters(command=node, args=[str(EVERYTHING), "stdio"], cwd=ROOT)
    runner = Answering()
    runner.content = EVERYTHING_ANSWER
    seen: list[dict[str, Any]] = []

    with Logged() as logged:
        text, failed = anyio.run(ask_once, params, runner, EVERYTHING_TOOL, seen)
    problem = shown_problem(runner, logged, EVERYTHING_MESSAGE, 0, text if failed else "")
    if not problem:
        raw = json.loads(text.split("Raw result:", 1)[1])
        if raw != {"action": "accept", "content": EVERYTHING_ANSWER}:
            problem = f"the server got {raw!r}"
    REGISTRY.record_shown(EVERYTHING_FAMILY, EVERYTHING_TOOL, problem)
    return problem, seen


def test_server_everything_elicitation_is_shown_and_answered(
    everything: tuple[str, list[dict[str, Any]]],
) -> None:
    """Its tool sends every kind of the spec (titled and untitled selects, legacy
    ``enumNames``, formats, defaults) with ``sendRequest`` and echoes the answer it got."""
    problem, seen = everything
    assert len(seen) == 1
    assert not problem, problem


def test_no_answer_the_form_accepts_for_server_everything_is_refused(
    everything: tuple[str, list[dict[str, Any]]],
) -> None:
    """The server itself checks nothing (``sendRequest``): its schema is held to Ajv as the SDK's
    ``elicitInput`` would run it, jsonschema and the wire."""
    _, seen = everything
    (schema,) = seen

    def own(contents: Sequence[Mapping[str, Any]]) -> list[dict[str, bool]]:
        return [{} for _ in contents]

    tally = compare(
        EVERYTHING_FAMILY,
        EVERYTHING_TOOL,
        schema,
        EVERYTHING_ANSWER,
        own,
        message=EVERYTHING_MESSAGE,
        edges=EDGE,
    )
    assert_faithful(tally, "every kind of the spec")
