"""The tasks extension (SEP-2663, ``io.modelcontextprotocol/tasks``) on the client side, for the
input a task asks for: :class:`TasksExtension` and :func:`drive_task`.

A 2026-07-28 server that negotiated the extension may answer ``tools/call`` with a task
(``resultType: "task"``, a ``CreateTaskResult``) instead of its result. The client polls
``tasks/get``; a task in status ``input_required`` carries ``inputRequests`` (the shape of an
``input_required`` result's), which the client answers with ``tasks/update`` (``taskId``,
``inputResponses``), then polls on until the task is ``completed`` (its ``result``), ``failed``
(its JSON-RPC ``error``) or ``cancelled``.

mcp 2.3.0 has no client for the extension: no ``tasks/get`` or ``tasks/update`` request, no
``task`` result type; a ``CreateTaskResult`` is not even parsed. It has what one is built on,
and this module uses only that: ``mcp.client.ClientExtension`` with a ``ResultClaim`` for the
``task`` result type of ``tools/call`` (``Client.call_tool`` hands the claimed result to its
``resolve`` and returns the ``CallToolResult`` that gives), ``ClientSession.send_request`` with a
``Request`` model of one's own (``name_param`` sets the ``Mcp-Name`` header SEP-2663 asks for),
and ``ClientSession.dispatch_input_request``, which routes each embedded request through the
session's callbacks exactly as the SDK's own ``input_required`` loop does: an elicitation reaches
the :class:`~elicit_gen.mcp.FormRouter` that is the ``elicitation_callback``.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any, Literal

import anyio
from mcp import types
from mcp.client import (
    ClaimContext,
    ClientExtension,
    ClientRequestContext,
    InputRequiredRoundsExceededError,
    ResultClaim,
)
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError, field_validator

from ..runtime.core.safetext import clip, safe_text
from .requests import NOT_SHOWN

if TYPE_CHECKING:
    from mcp.client import ClientSession

    from .names import NamedBy

#: The extension's identifier, advertised in the client's per-request capabilities.
TASKS_EXTENSION = "io.modelcontextprotocol/tasks"

TaskStatus = Literal["working", "input_required", "completed", "failed", "cancelled"]

#: The wait between two polls when the server suggests none (``pollIntervalMs``), and the
#: longest a server may make the client wait between two (a larger suggestion is cut to it).
DEFAULT_POLL_SECONDS = 1.0
MAX_POLL_SECONDS = 60.0
#: The shortest wait between two polls: a smaller (or negative, or malformed) suggestion is
#: raised to it, and while the server keeps suggesting less, the wait doubles from poll to poll
#: up to :data:`DEFAULT_POLL_SECONDS` (back to this floor after each round of input).
MIN_POLL_SECONDS = 0.1

#: The most rounds of input one task may ask for (snapshots with requests not yet answered,
#: answered by a person or by the client itself: ``roots/list``, sampling), as the SDK's own
#: ``input_required`` loop stops at 10 (``DEFAULT_INPUT_REQUIRED_MAX_ROUNDS``). The next round
#: cancels the task and raises :class:`TaskRoundsExceededError`, nothing shown of it.
MAX_INPUT_ROUNDS = 10
#: The most input requests one snapshot may carry that are not yet answered: a snapshot with
#: more is refused whole (none shown, the task cancelled, ``MCPError`` :data:`NOT_SHOWN`).
MAX_REQUESTS_PER_SNAPSHOT = 10
#: The most characters of an input request's key (an id the server picks; the SDK's own
#: ``input_required`` loop sends it back, the router keeps the last 256 to name their server):
#: a snapshot with a longer one not yet answered is refused whole, as one with too many.
MAX_KEY_LENGTH = 256
#: How many answered keys a task's driver keeps (the last ones), each as its 32-byte SHA-256
#: digest whatever the key's length: under 64 KB per task, however long or many the keys.
MAX_ANSWERED_KEYS = 256

_MS = 1000  # milliseconds a second


class _TaskState(types.Result):
    """What every state of a task says (SEP-2663's ``Task``): its id, status and timing."""

    task_id: str
    status: TaskStatus
    status_message: str | None = None
    created_at: str | None = None
    last_updated_at: str | None = None
    ttl_ms: int | None = None
    poll_interval_ms: int | None = None

    @field_validator("poll_interval_ms", mode="before")
    @classmethod
    def _interval(cls, value: Any) -> int | None:
        """The server's suggestion as an exact integer of milliseconds (a JSON integer of any
        size, or a whole finite float): anything else (text, a fraction, ``true``, a list) is
        read as 0, the floor, rather than failing the poll."""
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return int(value)
        return 0


class CreateTaskResult(_TaskState):
    """A ``tools/call`` answered with a task (``resultType: "task"``): the task's seed state."""

    result_type: Literal["task"] = "task"


class GetTaskResult(_TaskState):
    """A ``tasks/get`` result: the task, with ``inputRequests`` in status ``input_required``,
    ``result`` when ``completed``, ``error`` when ``failed``."""

    result_type: str | None = None
    input_requests: types.InputRequests | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None


class TaskParams(types.RequestParams):
    task_id: str


class UpdateTaskParams(TaskParams):
    input_responses: types.InputResponses


class GetTaskRequest(types.Request[TaskParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    name_param = "taskId"


class UpdateTaskRequest(types.Request[UpdateTaskParams, Literal["tasks/update"]]):
    method: Literal["tasks/update"] = "tasks/update"
    name_param = "taskId"


class CancelTaskRequest(types.Request[TaskParams, Literal["tasks/cancel"]]):
    method: Literal["tasks/cancel"] = "tasks/cancel"
    name_param = "taskId"


def _shown_id(task_id: str) -> str:
    """A task id as an error message names it: clipped and escaped (the server chose it)."""
    return f"'{safe_text(clip(task_id))}'"


class TaskCancelledError(RuntimeError):
    """The task ended ``cancelled`` before giving a result, or the user cancelled one of its
    forms (``by_user``: the client sent ``tasks/cancel`` and asks nothing more of it).

    ``status_message`` is the server's text as it sent it; the error's message carries it
    clipped and escaped (``safetext.safe_text``), so printing the error writes no terminal
    control of the server's."""

    def __init__(
        self, task_id: str, status_message: str | None = None, *, by_user: bool = False
    ) -> None:
        if by_user:
            text = f"task {_shown_id(task_id)} was cancelled: the user cancelled its form"
        else:
            detail = f": {safe_text(clip(status_message, 200))}" if status_message else ""
            text = f"task {_shown_id(task_id)} was cancelled{detail}"
        super().__init__(text)
        self.task_id = task_id
        self.status_message = status_message
        self.by_user = by_user


class TaskRoundsExceededError(InputRequiredRoundsExceededError):
    """The task asked for input in more than ``max_rounds`` rounds (:data:`MAX_INPUT_ROUNDS`):
    it was cancelled, and the last round not answered. The SDK's error for its own
    ``input_required`` loop, so that one ``except`` catches both."""

    def __init__(self, task_id: str, max_rounds: int) -> None:
        RuntimeError.__init__(
            self,
            f"task {_shown_id(task_id)} asked for input in more than {max_rounds} rounds; "
            "it was cancelled (raise max_input_rounds of TasksExtension or drive_task)",
        )
        self.task_id = task_id
        self.max_rounds = max_rounds


def _seconds(poll_interval_ms: int | None, floor: float = MIN_POLL_SECONDS) -> float:
    """The wait before the next poll: the server's suggestion (exact milliseconds of any size)
    clamped to [``floor``, :data:`MAX_POLL_SECONDS`] in integers, then made seconds."""
    if poll_interval_ms is None:
        return max(DEFAULT_POLL_SECONDS, floor)
    floor_ms = round(floor * _MS)
    return min(max(poll_interval_ms, floor_ms), round(MAX_POLL_SECONDS * _MS)) / _MS


class _Answered:
    """The keys of the last :data:`MAX_ANSWERED_KEYS` requests answered, kept as SHA-256
    digests: a bounded window, whatever the length or number of the keys a task sends."""

    def __init__(self, size: int = MAX_ANSWERED_KEYS) -> None:
        self._size = size
        self._digests: OrderedDict[bytes, None] = OrderedDict()

    @staticmethod
    def _digest(key: str) -> bytes:
        return hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()

    def __contains__(self, key: str) -> bool:
        return self._digest(key) in self._digests

    def __len__(self) -> int:
        return len(self._digests)

    def add(self, key: str) -> None:
        digest = self._digest(key)
        self._digests[digest] = None
        self._digests.move_to_end(digest)
        while len(self._digests) > self._size:
            self._digests.popitem(last=False)


async def _cancel(session: ClientSession, task_id: str, read_timeout_seconds: float | None) -> None:
    """``tasks/cancel``, as a courtesy: the error the caller gets is what counts."""
    with suppress(Exception):
        await session.send_request(
            CancelTaskRequest(params=TaskParams(task_id=task_id)),
            types.EmptyResult,
            request_read_timeout_seconds=read_timeout_seconds,
        )


def _failed(error: dict[str, Any] | None) -> MCPError:
    """A ``failed`` task's error as ``MCPError``, its message clipped and escaped."""
    try:
        data = types.ErrorData.model_validate(
            error or {"code": types.INTERNAL_ERROR, "message": "task failed"}
        )
    except ValidationError:
        return MCPError(types.INTERNAL_ERROR, "a failed task carries a malformed error")
    return MCPError(data.code, safe_text(clip(data.message, 500)), data.data)


async def drive_task(
    session: ClientSession,
    task: CreateTaskResult | str,
    *,
    router: NamedBy | None = None,
    read_timeout_seconds: float | None = None,
    max_input_rounds: int = MAX_INPUT_ROUNDS,
) -> types.CallToolResult:
    """Polls ``task`` (the ``CreateTaskResult``, or its id) with ``tasks/get`` to its end, and
    returns its ``CallToolResult``.

    Each input request of a task in status ``input_required`` is answered once (a key already
    answered is not asked again, as SEP-2663 advises: a poll before the server took the answers
    in repeats them; the last :data:`MAX_ANSWERED_KEYS` keys are kept), one after the other in
    the server's order, through ``session.dispatch_input_request``: an elicitation reaches the
    session's ``elicitation_callback``, the router. ``router`` (a
    :class:`~elicit_gen.mcp.FormRouter` or one of its sessions) first reads the name the
    ``tasks/get`` result gives the server (:meth:`~elicit_gen.mcp.FormRouter.note`). The answers
    go back in one ``tasks/update``.

    Bounds (a task is the server's to shape): at most ``max_input_rounds`` rounds of input
    (:data:`MAX_INPUT_ROUNDS`; the next cancels the task and raises
    :class:`TaskRoundsExceededError`), :data:`MAX_REQUESTS_PER_SNAPSHOT` requests not yet
    answered in one snapshot, keys of :data:`MAX_KEY_LENGTH` characters (past either: none
    shown, the task cancelled, ``MCPError`` :data:`~elicit_gen.mcp.NOT_SHOWN` with ``data``
    ``{"reason": "too_many_requests"}`` or ``{"reason": "too_large"}``).

    A request the callback does not answer (the router's JSON-RPC error for a request it did not
    show) cannot be sent in ``inputResponses``: the task is cancelled (``tasks/cancel``) and the
    error raised as ``MCPError``, as the SDK ends an ``input_required`` call. A form the user
    cancels (Cancel, or the screen closed) stops the task: ``tasks/cancel``, no other request of
    it shown, :class:`TaskCancelledError` (``by_user``). A ``failed`` task raises its error as
    ``MCPError``, a ``cancelled`` one :class:`TaskCancelledError`; a malformed ``tasks/get``
    result, ``MCPError``.

    Polls follow the server's ``pollIntervalMs`` within [0.1 s, 60 s] (1 s without one; the
    floor doubles up to 1 s while the server keeps suggesting less); the wait has no end of its
    own (SEP-2663 tasks are long work): bound it with a cancel scope.
    """
    task_id = task if isinstance(task, str) else task.task_id
    interval = None if isinstance(task, str) else task.poll_interval_ms
    answered = _Answered()
    rounds = 0
    floor = MIN_POLL_SECONDS
    while True:
        try:
            snapshot = await session.send_request(
                GetTaskRequest(params=TaskParams(task_id=task_id)),
                GetTaskResult,
                request_read_timeout_seconds=read_timeout_seconds,
            )
        except ValidationError:  # its text quotes the server's values: not passed on
            await _cancel(session, task_id, read_timeout_seconds)
            raise MCPError(types.INTERNAL_ERROR, "a tasks/get result is malformed") from None
        if snapshot.poll_interval_ms is not None:
            interval = snapshot.poll_interval_ms
        if snapshot.status == "completed":
            try:
                if snapshot.result is None:
                    raise MCPError(types.INTERNAL_ERROR, "a completed task carries no result")
                return types.CallToolResult.model_validate(snapshot.result, by_name=False)
            except ValidationError:
                raise MCPError(
                    types.INTERNAL_ERROR, "a completed task carries a malformed result"
                ) from None
        if snapshot.status == "failed":
            raise _failed(snapshot.error)
        if snapshot.status == "cancelled":
            raise TaskCancelledError(task_id, snapshot.status_message)
        fresh = {
            key: request
            for key, request in (snapshot.input_requests or {}).items()
            if key not in answered
        }
        if snapshot.status == "input_required" and fresh:
            if rounds >= max_input_rounds:
                await _cancel(session, task_id, read_timeout_seconds)
                raise TaskRoundsExceededError(task_id, max_input_rounds)
            refused = _past_bounds(fresh)
            if refused is not None:
                await _cancel(session, task_id, read_timeout_seconds)
                raise refused
            rounds += 1
            floor = MIN_POLL_SECONDS  # the task moves: no back-off
            if router is not None:
                router.note(snapshot)
            responses = await _answer(session, task_id, fresh, read_timeout_seconds)
            for key in responses:
                answered.add(key)
            await session.send_request(
                UpdateTaskRequest(
                    params=UpdateTaskParams(task_id=task_id, input_responses=responses)
                ),
                types.EmptyResult,
                request_read_timeout_seconds=read_timeout_seconds,
            )
        wait = _seconds(interval, floor)
        if interval is not None and interval < round(floor * _MS):  # less than the floor
            floor = min(floor * 2, DEFAULT_POLL_SECONDS)
        await anyio.sleep(wait)


def _past_bounds(fresh: types.InputRequests) -> MCPError | None:
    """Why a snapshot's requests not yet answered are refused whole, before any is shown: too
    many, or a key too long. ``MCPError`` :data:`NOT_SHOWN`, the reason in ``data``."""
    if len(fresh) > MAX_REQUESTS_PER_SNAPSHOT:
        return MCPError(
            NOT_SHOWN,
            f"a task asked {len(fresh):,} requests at once "
            f"(limit {MAX_REQUESTS_PER_SNAPSHOT}): none shown",
            {"reason": "too_many_requests"},
        )
    longest = max(len(key) for key in fresh)
    if longest > MAX_KEY_LENGTH:
        return MCPError(
            NOT_SHOWN,
            f"a task's request key has {longest:,} characters (limit {MAX_KEY_LENGTH}): none shown",
            {"reason": "too_large"},
        )
    return None


async def _answer(
    session: ClientSession,
    task_id: str,
    requests: types.InputRequests,
    read_timeout_seconds: float | None,
) -> types.InputResponses:
    """Each request through the session's callbacks; on a refusal, the task cancelled and the
    error raised; on the user's Cancel, the task cancelled and nothing more asked."""
    responses: types.InputResponses = {}
    for key, request in requests.items():
        meta = request.params.meta if request.params is not None else None
        context = ClientRequestContext(session=session, request_id=key, meta=meta)
        response = await session.dispatch_input_request(context, request)
        if isinstance(response, types.ErrorData):
            await _cancel(session, task_id, read_timeout_seconds)
            raise MCPError.from_error_data(response)
        if isinstance(response, types.ElicitResult) and response.action == "cancel":
            await _cancel(session, task_id, read_timeout_seconds)
            raise TaskCancelledError(task_id, by_user=True)
        responses[key] = response
    return responses


class TasksExtension(ClientExtension):
    """The tasks extension for ``mcp.client.Client``: ``Client(..., elicitation_callback=router,
    extensions=[TasksExtension(router)])``. It advertises ``io.modelcontextprotocol/tasks`` (in
    2026-07-28 sessions: the SDK makes claims only there) and claims the ``task`` result of
    ``tools/call``, which :func:`drive_task` finishes: ``client.call_tool`` returns the task's
    ``CallToolResult``, its input requests answered by the client's callbacks on the way.
    ``router`` names the server that asks from each ``tasks/get`` result; ``max_input_rounds``
    bounds the rounds of input of one task (:func:`drive_task`)."""

    identifier = TASKS_EXTENSION

    def __init__(
        self, router: NamedBy | None = None, *, max_input_rounds: int = MAX_INPUT_ROUNDS
    ) -> None:
        self.router = router
        self.max_input_rounds = max_input_rounds

    def claims(self) -> Sequence[ResultClaim[Any]]:
        return (ResultClaim(result_type="task", model=CreateTaskResult, resolve=self._resolve),)

    async def _resolve(self, created: CreateTaskResult, ctx: ClaimContext) -> types.CallToolResult:
        return await drive_task(
            ctx.session,
            created,
            router=self.router,
            read_timeout_seconds=ctx.read_timeout_seconds,
            max_input_rounds=self.max_input_rounds,
        )
