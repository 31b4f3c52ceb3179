"""Finding the requestedSchema(s) in any accepted input shape.

Shapes (detected by their keys, never guessed silently):

* a bare requestedSchema ``{"type": "object", "properties": ...}``;
* the params object ``{"message", "requestedSchema", "mode"?}`` (or a URL-mode params object);
* the request ``{"method": "elicitation/create", "params"}``, with or without JSON-RPC fields;
* a 2026-07-28 ``InputRequiredResult`` ``{"resultType": "input_required", "inputRequests"}``,
  bare or as the ``result`` of a JSON-RPC response; it yields one form per elicitation key;
* a task of the tasks extension (SEP-2663, ``io.modelcontextprotocol/tasks``) in status
  ``input_required``, whose ``inputRequests`` the client answers with ``tasks/update``: a
  ``tasks/get`` result ``{"taskId", "status": "input_required", "inputRequests", ...}``, bare
  or as the ``result`` of a JSON-RPC response, or the ``params`` of a task status notification
  (``notifications/tasks``; the extension's schema spells it ``notifications/tasks/status``);
  one form per elicitation key, as for ``input_required`` results.
"""

from __future__ import annotations

from enum import Enum

from ..records import NamedTuple
from .diagnostics import Reporter, Severity
from .source import JSON, SourceMap, join_pointer

METHOD = "elicitation/create"
#: The notifications that carry a whole task as their ``params`` (SEP-2663 names the first, the
#: extension's schema the second).
TASK_NOTIFICATIONS = ("notifications/tasks", "notifications/tasks/status")
#: A task's one status whose task carries ``inputRequests``.
TASK_INPUT_REQUIRED = "input_required"


class Shape(str, Enum):
    BARE = "bare requestedSchema"
    PARAMS = "elicitation params"
    REQUEST = "elicitation/create request"
    JSONRPC_REQUEST = "JSON-RPC elicitation/create request"
    INPUT_REQUIRED = "input_required result"
    JSONRPC_RESULT = "JSON-RPC response with an input_required result"
    TASK = "task (tasks/get result)"
    JSONRPC_TASK = "JSON-RPC response with a task (tasks/get)"
    TASK_NOTIFICATION = "task status notification"


#: Where each task shape keeps the task: its ``inputRequests`` are under this pointer.
TASK_POINTERS = {Shape.TASK: "", Shape.JSONRPC_TASK: "/result", Shape.TASK_NOTIFICATION: "/params"}


class Mode(str, Enum):
    FORM = "form"
    URL = "url"


class Elicitation(NamedTuple):
    """One elicitation found in the input."""

    key: str | None  # the inputRequests key, for input_required results and tasks
    mode: Mode
    params_pointer: str | None  # None for a bare requestedSchema
    schema_pointer: str
    schema: JSON
    message: str | None
    url: str | None = None
    mode_given: bool = False  # whether the params carried an explicit ``mode``


class Envelope(NamedTuple):
    shape: Shape
    elicitations: tuple[Elicitation, ...]


def _kind(value: JSON) -> str:
    return {
        dict: "an object",
        list: "an array",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), "a value")


class _Finder:
    def __init__(self, reporter: Reporter, smap: SourceMap) -> None:
        self.reporter = reporter
        self.smap = smap

    def fail(
        self, pointer: str, message: str, *, at_key: bool = False, code: str = "EG005"
    ) -> None:
        pos = self.smap.key(pointer) if at_key else self.smap.value(pointer)
        self.reporter.report(code, Severity.ERROR, message, pos, pointer)

    def params(self, value: dict[str, JSON], pointer: str, key: str | None) -> Elicitation | None:
        message = value.get("message")
        if "message" not in value:
            self.fail(pointer, "elicitation params need a `message` for the user", code="EG006")
        elif not isinstance(message, str):
            self.fail(
                join_pointer(pointer, "message"),
                f"`message` must be a string, found {_kind(message)}",
                code="EG006",
            )
            message = None
        mode_value = value.get("mode", "form")
        if mode_value not in ("form", "url"):
            self.fail(
                join_pointer(pointer, "mode"),
                f'`mode` must be "form" or "url", found {mode_value!r}',
                code="EG006",
            )
            return None
        mode = Mode(mode_value)
        schema_pointer = join_pointer(pointer, "requestedSchema")
        if mode is Mode.URL:
            url = value.get("url")
            if not isinstance(url, str):
                self.fail(
                    join_pointer(pointer, "url") if "url" in value else pointer,
                    "a URL-mode request needs a string `url`",
                    code="EG006",
                )
                return None
            if "requestedSchema" in value:
                self.fail(
                    schema_pointer,
                    "a URL-mode request carries no `requestedSchema`; drop it or use form mode",
                    at_key=True,
                    code="EG006",
                )
            return Elicitation(
                key,
                mode,
                pointer,
                schema_pointer,
                None,
                message if isinstance(message, str) else None,
                url,
                "mode" in value,
            )
        if "requestedSchema" not in value:
            self.fail(
                pointer, "form-mode elicitation params need a `requestedSchema`", code="EG006"
            )
            return None
        return Elicitation(
            key,
            mode,
            pointer,
            schema_pointer,
            value["requestedSchema"],
            message if isinstance(message, str) else None,
            None,
            "mode" in value,
        )

    def request(self, value: dict[str, JSON], pointer: str, key: str | None) -> Elicitation | None:
        params = value.get("params")
        params_pointer = join_pointer(pointer, "params")
        if not isinstance(params, dict):
            self.fail(
                params_pointer if "params" in value else pointer,
                "an elicitation/create request needs a `params` object",
            )
            return None
        return self.params(params, params_pointer, key)

    def input_required(
        self, value: dict[str, JSON], pointer: str, what: str = "input_required result"
    ) -> list[Elicitation]:
        requests = value.get("inputRequests")
        requests_pointer = join_pointer(pointer, "inputRequests")
        if not isinstance(requests, dict):
            self.fail(
                requests_pointer if "inputRequests" in value else pointer,
                f"an {what} needs an `inputRequests` object",
            )
            return []
        found: list[Elicitation] = []
        for key, request in requests.items():
            request_pointer = join_pointer(requests_pointer, key)
            if not isinstance(request, dict) or "method" not in request:
                self.fail(request_pointer, "each input request needs a `method`")
                continue
            if request["method"] != METHOD:
                continue  # sampling or roots requests: not ours to compile
            elicitation = self.request(request, request_pointer, key)
            if elicitation is not None:
                found.append(elicitation)
        if not found and not self.reporter.has_errors:
            self.fail(requests_pointer, f"this {what} asks for no elicitation")
        return found

    def task(self, value: dict[str, JSON], pointer: str) -> list[Elicitation]:
        """A task (SEP-2663): only one in status ``input_required`` carries ``inputRequests``,
        and a client acts on them only then; each elicitation is linted at its own pointer."""
        status = value.get("status")
        where = join_pointer(pointer, "status") if "status" in value else pointer
        if "status" not in value:
            found = "found no `status`"
        else:
            found = f"found {status!r}" if isinstance(status, str) else f"found {_kind(status)}"
        if "inputRequests" not in value:
            if status == TASK_INPUT_REQUIRED:
                self.fail(pointer, 'a task in status "input_required" needs `inputRequests`')
            else:
                self.fail(
                    where,
                    f'this task asks for no input: only a task in status "input_required" '
                    f"carries `inputRequests`, {found}",
                )
            return []
        if status != TASK_INPUT_REQUIRED:
            self.fail(
                where,
                f'a task with `inputRequests` must be in status "input_required", {found}: '
                f"a client reads them only then",
            )
        return self.input_required(value, pointer, "input_required task")


def find_elicitations(value: JSON, reporter: Reporter, smap: SourceMap) -> Envelope | None:
    """Detects the input shape; reports and returns None when none fits."""
    finder = _Finder(reporter, smap)
    if not isinstance(value, dict):
        finder.fail(
            "",
            f"expected a JSON object (a requestedSchema or an elicitation request), "
            f"found {_kind(value)}",
        )
        return None
    if "taskId" in value:  # before `resultType`: a tasks/get result has one ("complete")
        return _wrap(Shape.TASK, finder.task(value, ""))
    if "resultType" in value or "inputRequests" in value:
        return _wrap(Shape.INPUT_REQUIRED, finder.input_required(value, ""))
    if "result" in value and "jsonrpc" in value:
        result = value["result"]
        if isinstance(result, dict) and "taskId" in result:
            return _wrap(Shape.JSONRPC_TASK, finder.task(result, "/result"))
        if isinstance(result, dict) and ("resultType" in result or "inputRequests" in result):
            return _wrap(Shape.JSONRPC_RESULT, finder.input_required(result, "/result"))
        finder.fail(
            "/result", "this JSON-RPC response carries no input_required result and no task"
        )
        return None
    if "method" in value:
        if value["method"] in TASK_NOTIFICATIONS:
            params = value.get("params")
            if not isinstance(params, dict):
                finder.fail(
                    "/params" if "params" in value else "",
                    "a task status notification needs a `params` object (the task)",
                )
                return None
            return _wrap(Shape.TASK_NOTIFICATION, finder.task(params, "/params"))
        if value["method"] != METHOD:
            finder.fail(
                "/method",
                f"expected method {METHOD!r}, found {value['method']!r}",
            )
            return None
        shape = Shape.JSONRPC_REQUEST if "jsonrpc" in value else Shape.REQUEST
        return _wrap(shape, [e for e in [finder.request(value, "", None)] if e])
    if "requestedSchema" in value or "mode" in value or "url" in value:
        return _wrap(Shape.PARAMS, [e for e in [finder.params(value, "", None)] if e])
    return Envelope(Shape.BARE, (Elicitation(None, Mode.FORM, None, "", value, None),))


def _wrap(shape: Shape, found: list[Elicitation]) -> Envelope | None:
    return Envelope(shape, tuple(found)) if found else None
