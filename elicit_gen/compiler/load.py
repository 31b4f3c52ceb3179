"""Stage 1 and 2: bytes -> JSON value with a source map -> the elicitations it holds.

Input problems are diagnostics with codes of their own (EG001-EG008), listed in
:data:`INPUT_CODES` so that documentation and ``--select``/``--ignore`` know them.
"""

from __future__ import annotations

import codecs

from ..records import NamedTuple
from .diagnostics import Reporter, Severity
from .envelope import Envelope, find_elicitations
from .source import JSON, Parsed, SourceMap, parse_json


class InputCode(NamedTuple):
    code: str
    name: str
    summary: str
    severity: Severity
    fatal: bool
    example: str = ""
    fix: str = ""


INPUT_CODES: tuple[InputCode, ...] = (
    InputCode(
        "EG001",
        "invalid-json",
        "the input is not valid JSON (with the position of the syntax error)",
        Severity.ERROR,
        True,
        '{"type": "object", "properties": {,}}',
        "Fix the syntax at the position shown (trailing commas and comments are not JSON).",
    ),
    InputCode(
        "EG002",
        "duplicate-key",
        "an object repeats a key (JSON parsers silently keep the last one)",
        Severity.ERROR,
        False,
        '{"type": "object", "properties": {"a": {"type": "string"}, "a": {"type": "number"}}}',
        "Keep one of the two members: the first one is silently lost otherwise.",
    ),
    InputCode(
        "EG003",
        "encoding",
        "the input is empty or not UTF-8",
        Severity.ERROR,
        True,
        "",
        "Save the file as UTF-8 (without BOM) with a JSON object in it.",
    ),
    InputCode(
        "EG004",
        "byte-order-mark",
        "the input starts with a UTF-8 byte order mark",
        Severity.WARNING,
        False,
        "",
        "Save the file as UTF-8 without BOM.",
    ),
    InputCode(
        "EG005",
        "input-shape",
        "the input is none of the accepted shapes (requestedSchema, params, request, "
        "input_required result, task in status input_required)",
        Severity.ERROR,
        True,
        '["type", "object"]',
        "Give a requestedSchema, an elicitation params object, an elicitation/create request, "
        "an input_required result or a task in status input_required (tasks/get).",
    ),
    InputCode(
        "EG006",
        "request-params",
        "elicitation params lack `message`, have an unknown `mode`, or lack what their mode needs",
        Severity.ERROR,
        True,
        '{"requestedSchema": {"type": "object", "properties": {}}}',
        "Add the `message` shown to the user; use `mode` form (with `requestedSchema`) or url "
        "(with `url`).",
    ),
    InputCode(
        "EG007",
        "url-mode-form",
        "a URL-mode request has no form to compile (lint only)",
        Severity.ERROR,
        True,
        "",
        "Lint URL-mode requests with `--lint`; only form-mode requests compile to forms.",
    ),
    InputCode(
        "EG008",
        "number-range",
        "a number is beyond the range of a 64-bit float (about ±1.8e308)",
        Severity.ERROR,
        True,
        '{"type": "object", "properties": {"n": {"type": "integer", "maximum": 1e400}}}',
        "Use a bound a client can represent; numbers past 2^53 already lose precision in "
        "JavaScript (see EG134).",
    ),
)


class Loaded(NamedTuple):
    value: JSON
    source_map: SourceMap
    envelope: Envelope | None


#: An input that is no JSON (EG001): a ``str.format`` template (the web element fills it too).
INVALID_JSON = "invalid JSON: {reason}"


def decode(data: bytes, reporter: Reporter) -> str | None:
    if data.startswith(codecs.BOM_UTF8):
        reporter.report(
            "EG004",
            Severity.WARNING,
            "the file starts with a UTF-8 byte order mark; JSON text should not (RFC 8259)",
        )
        data = data[len(codecs.BOM_UTF8) :]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        reporter.report("EG003", Severity.ERROR, "the file is UTF-16; save it as UTF-8")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        prefix = data[: exc.start]
        line = prefix.count(b"\n") + 1
        column = len(prefix[prefix.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        from .diagnostics import Position

        reporter.report(
            "EG003",
            Severity.ERROR,
            f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            Position(line, column),
        )
        return None
    if not text.strip():
        reporter.report("EG003", Severity.ERROR, "the file is empty; expected a JSON object")
        return None
    return text


def load(data: bytes, reporter: Reporter, parsed: Parsed | None = None) -> Loaded | None:
    """Decodes, parses and finds the elicitations; reports every problem to ``reporter``.
    ``parsed``: ``data`` as :func:`parse_json` read it already (the caller wrote ``data``)."""
    if parsed is None:
        text = decode(data, reporter)
        if text is None:
            return None
        parsed = parse_json(text)
    smap = parsed.source_map
    if parsed.error is not None:
        error = parsed.error
        reporter.report(
            error.code,
            Severity.ERROR,
            error.message if error.code != "EG001" else INVALID_JSON.format(reason=error.message),
            smap.position(error.offset),
        )
        return None
    for duplicate in parsed.duplicates:
        name = duplicate.pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
        reporter.report(
            "EG002",
            Severity.ERROR,
            f"duplicate key {name!r}: JSON parsers keep only the last one",
            smap.position(duplicate.offset),
            duplicate.pointer,
        )
    envelope = find_elicitations(parsed.value, reporter, smap)
    return Loaded(parsed.value, smap, envelope)
