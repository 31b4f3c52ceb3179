"""Fuzzing the front end: arbitrary bytes and arbitrary JSON, bare or inside every accepted
envelope, only ever produce diagnostics (never an exception), and lowering never fails on an
input the rules let through."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicit_gen import compile as compile_schema
from elicit_gen import lint
from elicit_gen.compiler.source import parse_json

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(
            [
                "type",
                "properties",
                "required",
                "enum",
                "oneOf",
                "anyOf",
                "items",
                "const",
                "title",
                "default",
                "minLength",
                "format",
                "message",
                "mode",
                "url",
                "params",
                "method",
                "requestedSchema",
                "inputRequests",
                "resultType",
                "result",
                "jsonrpc",
            ]
        )
        | st.text(max_size=5),
        inner,
        max_size=5,
    ),
    max_leaves=25,
)


def envelopes(schema: Any) -> list[Any]:
    params = {"message": "m", "requestedSchema": schema}
    request = {"method": "elicitation/create", "params": params}
    return [
        schema,
        params,
        request,
        {"jsonrpc": "2.0", "id": 1, **request},
        {"resultType": "input_required", "inputRequests": {"k": request, "j": schema}},
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {"resultType": "input_required", "inputRequests": schema},
        },
    ]


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
            json.loads(text)
        except ValueError:
            pass
        else:  # only NaN/Infinity-free texts reach here; the stdlib accepts nothing we reject
            assert "NaN" in text or "Infinity" in text, text


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
