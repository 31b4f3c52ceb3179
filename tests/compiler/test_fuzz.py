"""Fuzzing the front end: arbitrary bytes and arbitrary JSON, bare or inside every accepted
envelope, only ever produce diagnostics (never an exception), and lowering never fails on an
input the rules let through."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from elicit_gen import compile as compile_schema
from elicit_gen import lint
from elicit_gen.compiler.source import (
    _DOUBT,
    Parsed,
    SourceMap,
    SyntaxProblem,
    _Fail,
    _Parser,
    _quick,
    parse_json,
)

from ..support.hostile import envelopes, json_values


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=200))
def test_arbitrary_bytes(data: bytes) -> None:
    result = compile_schema(data, [], name="fuzz.json")
    assert all(d.line >= 1 and d.column >= 1 for d in result.diagnostics)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet='{}[]",:0123456789.eE+-truefalsn \n\\u\t', max_size=60))
def test_json_like_text(text: str) -> None:
    lint(text.encode(), name="fuzz.json")
    parsed = parse_json(text)
    if parsed.error is None:  # our parser agrees with the standard library on what is JSON
        assert json.loads(text) == parsed.value or parsed.value != parsed.value
    else:
        try:
            theirs = json.loads(text)
        except ValueError:
            pass
        else:  # the stdlib accepts nothing we reject, but NaN, Infinity and numbers it reads
            # as infinity (1E309: EG008, a number no parser keeps)
            out_of_range = parsed.error.code == "EG008" and _infinite(theirs)
            assert "NaN" in text or "Infinity" in text or out_of_range, text


def _infinite(value: Any) -> bool:
    """Whether a JSON value read by the stdlib holds an infinity (a number beyond a float)."""
    if isinstance(value, float):
        return math.isinf(value)
    if isinstance(value, dict):
        return any(_infinite(item) for item in value.values())
    if isinstance(value, list):
        return any(_infinite(item) for item in value)
    return False


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_values)
def test_arbitrary_json_in_every_envelope(value: Any) -> None:
    for document in envelopes(value):
        result = compile_schema(document, [], name="fuzz.json")
        for form in result.forms:
            assert form.schema["type"] == "object"


def test_deep_nesting_is_a_diagnostic() -> None:
    text = "[" * 100_000 + "]" * 100_000
    [diag] = lint(text, name="deep.json").diagnostics
    assert diag.code == "EG001" and "nesting" in diag.message


#: Property names that clash once turned into identifiers or ids: a suffix a target adds to
#: another name's id, or names that differ only in case, punctuation or accents.
CLASHING_NAMES = [
    "x",
    "x box",
    "x-box",
    "X",
    "x_box",
    "x error",
    "x_err",
    "x-2",
    "x 2",
    "x_2",
    "x_0",
    "x 0",
    "y",
    "y error",
    "y-error",
    "Y_ERROR",
    "box x",
    "error y",
    "unset-x",
    "x_desc",
    "x hint",
    "f",
    "f x",
    "f-x",
    "field_x",
    "label_x",
    "error_x",
    "class",
    "model_config",
    "Literal",
    "é",
    "e",
    "_",
    "",
    " ",
    "1",
    "-",
]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.one_of(st.sampled_from(CLASHING_NAMES), st.text(max_size=6)),
        min_size=1,
        max_size=10,
        unique=True,
    )
)
def test_names_derived_from_property_names_never_clash(names: list[str]) -> None:
    """Every id or identifier a target derives from a property name, with every suffix or prefix
    it adds, is distinct across the form (issue 13 item 2: Textual's ``x`` + ``-box`` was the
    id of ``x box``)."""
    schema = {"type": "object", "properties": {n: {"type": "string"} for n in names}}
    result = compile_schema({"message": "m", "requestedSchema": schema}, [], name="fuzz.json")
    assume(result.ok)  # a name that reads like a secret (EG170) is refused
    fields = result.forms[0].fields
    idents = [str(f.ident) for f in fields]
    assert len(set(idents)) == len(idents) == len(names)
    assert all(i.isidentifier() for i in idents)
    suffixes = ("", "_desc", "_hint", "_err", "_0")
    html = [f"{f.html_id}{suffix}" for f in fields for suffix in suffixes]
    assert len(set(html)) == len(html)
    # Textual: each field's control id, and the box, error line and "not answered" note ids
    textual = [f"{p}{f.html_id}" for f in fields for p in ("", "box-", "error-", "unset-")]
    textual += ["dialog", "head", "server", "title", "description", "message", "fields", "foot"]
    textual += ["status", "actions", "submit", "decline", "cancel", "keys"]
    assert len(set(textual)) == len(textual)
    # Qt object names
    qt = [f"{p}_{f.ident}" for f in fields for p in ("field", "label", "error")]
    qt += ["elicitation", "server", "title", "message", "description", "fields", "legend"]
    qt += ["summary"]
    assert len(set(qt)) == len(qt)


def _slow(text: str) -> Parsed:
    """``text`` read by the recursive-descent parser alone (what parse_json falls back to)."""
    smap = SourceMap(text)
    parser = _Parser(text, smap)
    try:
        value, end = parser.value(0, "", 0)
        if parser.ws(end) != len(text):
            return Parsed(None, smap, parser.duplicates, SyntaxProblem("extra", end))
    except (_Fail, RecursionError) as fail:
        return Parsed(None, smap, parser.duplicates, SyntaxProblem(str(fail), 0))
    return Parsed(value, smap, parser.duplicates, None)


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(
        st.text(alphabet='{}[]",:0123456789.eE+-truefalsn \n\\u\tdD8aF', max_size=60),
        json_values.map(json.dumps),
        json_values.map(lambda v: json.dumps({"a": v, "b": [v, {"a": v}]}, indent=1)),
    )
)
def test_the_quick_read_is_the_parser_s_read(text: str) -> None:
    """What the standard library's parser reads for parse_json is exactly what the source-map
    parser reads (value, no error, no duplicate), and the lazy map gives the same positions."""
    quick = _quick(text)
    if quick is _DOUBT:
        return
    slow = _slow(text)
    assert slow.error is None and not slow.duplicates, text
    assert json.dumps(quick) == json.dumps(slow.value), text
    lazy = parse_json(text).source_map
    for pointer in slow.source_map.values:
        assert lazy.value(pointer) == slow.source_map.value(pointer)
        assert lazy.key(pointer) == slow.source_map.key(pointer)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',
        '{"a": NaN}',
        '{"a": 1e400}',
        '{"a": ' + "9" * 400 + "}",
        '{"a": "\\ud800"}',
        "[" * 201 + "]" * 201,
        '{"a": 1,}',
    ],
)
def test_what_the_quick_read_leaves_to_the_parser(text: str) -> None:
    assert _quick(text) is _DOUBT


def test_nesting_at_the_limit_is_read_quickly() -> None:
    text = "[" * 200 + "]" * 200
    assert _quick(text) is not _DOUBT and parse_json(text).error is None
