"""Finding the requestedSchema(s) in any accepted input shape.

Shapes (detected by their keys, never guessed silently):

* a bare requestedSchema ``{"type": "object", "properties": ...}``;
* the params object ``{"message", "requestedSchema", "mode"?}`` (or a URL-mode params object);
* the request ``{"method": "elicitation/create", "params"}``, with or without JSON-RPC fields;
* a 2026-07-28 ``InputRequiredResult`` ``{"resultType": "input_required", "inputRequests"}``,
  bare or as the ``result`` of a JSON-RPC response; it yields one form per elicitation key.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .diagnostics import Reporter, Severity
from .source import JSON, SourceMap, join_pointer

METHOD = "elicitation/create"


class Shape(str, Enum):
    BARE = "bare requestedSchema"
    PARAMS = "elicitation params"
    REQUEST = "elicitation/create request"
    JSONRPC_REQUEST = "JSON-RPC elicitation/create request"
    INPUT_REQUIRED = "input_required result"
    JSONRPC_RESULT = "JSON-RPC response with an input_required result"


class Mode(str, Enum):
    FORM = "form"
    URL = "url"


class Elicitation(NamedTuple):
    """One elicitation found in the input."""

    key: str | None  # the inputRequests key, for input_required results
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

    def input_required(self, value: dict[str, JSON], pointer: str) -> list[Elicitation]:
        requests = value.get("inputRequests")
        requests_pointer = join_pointer(pointer, "inputRequests")
        if not isinstance(requests, dict):
            self.fail(
                requests_pointer if "inputRequests" in value else pointer,
                "an input_required result needs an `inputRequests` object",
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
            self.fail(requests_pointer, "this input_required result asks for no elicitation")
        return found


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
    if "resultType" in value or "inputRequests" in value:
        return _wrap(Shape.INPUT_REQUIRED, finder.input_required(value, ""))
    if "result" in value and "jsonrpc" in value:
        result = value["result"]
        if isinstance(result, dict) and ("resultType" in result or "inputRequests" in result):
            return _wrap(Shape.JSONRPC_RESULT, finder.input_required(result, "/result"))
        finder.fail("/result", "this JSON-RPC response carries no input_required result")
        return None
    if "method" in value:
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
