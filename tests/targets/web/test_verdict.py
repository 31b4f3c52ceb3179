"""``<elicitation-form>`` refuses exactly the schemas ``load_form(schema, "cli")`` refuses, in
the same words: its ``problems`` are the FormError's lines (each error's ``CODE message``, in the
FormError's order, EG140 beside other errors included; ``limit: `` and the reason for a schema
past load_form's limits). The corpus: every golden case (all shown), every elicitation of
golden/invalid, and random schemas (tests/support/random_schemas.py) broken by one or more
mutations, each of which some rule refuses, or lets through (a mutation the rules take is a form
on both sides), the limits, the hostile corpus and arbitrary JSON.

Python judges the schema the element holds (``JSON.stringify`` of it, read back): a JavaScript
value cannot tell ``1.0`` from ``1`` (both are the number 1, written ``1``), nor keep an integer
past 2^53 or the order of keys that read as array indices, so a message shows the value as a
host that parsed the server's JSON holds it. Python's verdict on that schema is its verdict on
the schema sent (:func:`check` holds the two to the same codes)."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicit_gen.compiler.diagnostics import Reporter
from elicit_gen.compiler.load import load
from elicit_gen.live import load_form
from elicit_gen.live.limits import FormError, LimitExceeded

from ...support.cases import CASES, requests
from ...support.hostile import hostile_requests, json_values
from ...support.html import ROOT
from ...support.random_schemas import schema as random_schema
from .conftest import Host

EXAMPLES = int(os.environ.get("ELICIT_GEN_WEB_EXAMPLES", "150"))
INVALID = sorted((ROOT / "golden" / "invalid").glob("*.json"))
CODE = re.compile(r"^(EG[0-9]{3}|limit):? ")
#: What :func:`check` compared: refused schemas, and their lines.
COMPARED = {"refused": 0, "lines": 0}


def python_lines(schema: Any) -> list[str]:
    """The lines of the FormError load_form refuses ``schema`` with ([]: a form): each error
    diagnostic's code and message in the FormError's order, or ``limit: `` and why."""
    try:
        load_form(schema, "cli")
    except LimitExceeded as refused:
        return [f"limit: {refused}"]
    except FormError as refused:
        return [f"{d.code} {d.message}" for d in refused.errors] or [str(refused)]
    return []


def codes(lines: list[str]) -> set[str]:
    matched = [CODE.match(line) for line in lines]
    assert all(matched), lines
    return {m[1] for m in matched if m}


def element_problems(host: Host, schemas: list[Any]) -> list[tuple[list[str], str]]:
    """Each schema's ``problems``, and the schema as the element holds it (JSON text)."""
    found = host.page.evaluate(
        """(schemas) => schemas.map((s) => {
            const e = document.createElement("elicitation-form");
            e.requestedSchema = s;
            return [e.problems, JSON.stringify(e.requestedSchema)];
        })""",
        schemas,
    )
    return [(problems, held) for problems, held in found]


def check(host: Host, schemas: list[Any]) -> list[set[str]]:
    """Holds the element's ``problems`` on each of ``schemas`` to Python's FormError lines,
    word for word and in order; the codes found."""
    schemas = json.loads(json.dumps(schemas))
    found = element_problems(host, schemas)
    for schema, (got, held) in zip(schemas, found, strict=True):
        expected = python_lines(json.loads(held))
        assert got == expected, json.dumps(schema)[:2000]
        assert codes(expected) == codes(python_lines(schema)), json.dumps(schema)[:2000]
        COMPARED["refused"] += bool(expected)
        COMPARED["lines"] += len(expected)
    return [codes(got) for got, _ in found]


def test_every_golden_case_is_shown(host: Host) -> None:
    schemas = [schema for case in CASES for schema, _ in requests(case)]
    assert [problems for problems, _ in element_problems(host, schemas)] == [[] for _ in schemas]


def test_every_invalid_golden_elicitation_is_judged_as_python(host: Host) -> None:
    schemas = []
    for path in INVALID:
        try:
            json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue  # not JSON a host could hand the element
        loaded = load(path.read_bytes(), Reporter(path.name))
        if loaded is None or loaded.envelope is None:
            continue  # not a request: nothing of it reaches a form
        schemas += [e.schema for e in loaded.envelope.elicitations if e.schema is not None]
    assert schemas
    check(host, schemas)


#: Mutations of a field: each breaks (or keeps) a rule.
FIELD_MUTATIONS: list[dict[str, Any]] = [
    {"type": "string", "minLength": 5, "maxLength": 2},
    {"type": "string", "minLength": -1},
    {"type": "string", "maxLength": 2**60},
    {"type": "string", "format": "color"},
    {"type": "string", "format": "password"},
    {"type": "string", "pattern": "(?<=a)b"},
    {"type": "string", "pattern": "^[a-z]+$", "const": "ABC"},
    {"type": "string", "pattern": 5},
    {"type": "string", "maxLenght": 3},
    {"type": "string", "title": 5},
    {"type": "string", "examples": "x"},
    {"type": "string", "description": ["a"]},
    {"type": "string", "default": 5},
    {"type": "integer", "minimum": 1.2, "maximum": 1.8},
    {"type": "integer", "minimum": 10, "maximum": 1},
    {"type": "number", "exclusiveMinimum": 3, "maximum": 3},
    {"type": "number", "multipleOf": 0},
    {"type": "number", "minimum": "1"},
    {"type": "number", "minimun": 1},
    {"type": "number", "exclusiveMinimum": True},
    {"type": "boolean", "const": "yes"},
    {"type": "string", "enum": []},
    {"type": "string", "enum": ["a", "a"]},
    {"type": "string", "enum": ["a", ""]},
    {"type": "string", "enum": ["a", 1]},
    {"type": "string", "enum": ["a", "b"], "enumNames": ["A"]},
    {"type": "integer", "enum": [1, 2.5]},
    {"type": "number", "enum": [1, 1.0]},
    {"type": "string", "oneOf": [{"const": "a"}]},
    {"type": "string", "oneOf": [{"const": "a", "title": 1}]},
    {"type": "string", "oneOf": [{"title": "A"}]},
    {"type": "string", "oneOf": ["a"]},
    {"type": "string", "oneOf": [{"const": "a", "title": "A", "tilte": "x"}]},
    {"type": "array", "items": {"type": "string", "enum": ["a"]}, "minItems": 3},
    {"type": "array", "items": {"type": "string", "enum": ["a"]}, "maxItems": 3},
    {"type": "array", "items": {"type": "integer", "enum": [1, 2]}},
    {"type": "array", "items": {"anyOf": "x"}},
    {"type": "array", "items": {"type": "string", "enum": ["a"], "tpye": "x"}},
    {"tpye": "string"},
    {"tpye": "string", "foo": 1, "x-widget": 2},
    {"type": "object", "properties": {}, "tilte": "A"},
    {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}, "uniqueItems": "yes"},
    {"type": "object", "properties": {}},
    {"$ref": "#/x"},
    {"type": ["string", "null"]},
    {"type": "str"},
    {"enum": ["a"]},
]
NAME_MUTATIONS = ["password", "api_key", "cardNumber", "token_count", "max_tokens", "密码",
                  "不要密码", "pin yin", "otp", "Your PIN", "comment"]  # fmt: skip
ROOT_MUTATIONS: list[dict[str, Any]] = [
    {"required": "name"},
    {"required": ["missing"]},
    {"required": ["x", "x"]},
    {"type": "array"},
    {"title": 5},
    {"requried": ["x"]},
    {"$schema": 1},
    {"additionalProperties": False},
]


@st.composite
def broken(draw: st.DrawFn) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(json.dumps(draw(random_schema())))
    props = schema.setdefault("properties", {})
    for _ in range(draw(st.integers(1, 3))):
        what = draw(st.sampled_from(["field", "name", "root"]))
        if what == "field":
            props[draw(st.sampled_from(["x", "y", "z"]))] = draw(st.sampled_from(FIELD_MUTATIONS))
        elif what == "name":
            props[draw(st.sampled_from(NAME_MUTATIONS))] = draw(
                st.sampled_from([{"type": "string"}, {"type": "number"}, {"type": "boolean"}])
            )
        else:
            schema.update(draw(st.sampled_from(ROOT_MUTATIONS)))
    return schema


def _field(n: int) -> dict[str, Any]:
    return {"type": "object", "properties": {f"f{i}": {"type": "boolean"} for i in range(n)}}


#: Schemas at and just past load_form's limits (live/limits.py).
def _options(n: int) -> dict[str, Any]:
    options = [str(i) for i in range(n)]
    return {"type": "object", "properties": {"x": {"type": "string", "enum": options}}}


LIMIT_CASES: list[Any] = [
    _field(100),
    _field(101),
    _options(500),
    _options(501),
    {"type": "object", "properties": {"x": {"type": "string", "title": "t" * 10_000}}},
    {"type": "object", "properties": {"x": {"type": "string", "title": "t" * 10_001}}},
    {"type": "object", "properties": {"n" * 256: {"type": "string"}}},
    {"type": "object", "properties": {"n" * 257: {"type": "string"}}},
    {"type": "object", "properties": {"x": {"type": "string", "examples": [[[[[[1]]]]]]}}},
    {"type": "object", "properties": {"x": {"type": "string", "examples": [[[[[[[1]]]]]]]}}},
]


def test_the_limits_are_load_forms(host: Host) -> None:
    check(host, LIMIT_CASES)


def _field(**keys: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"x": keys}}


#: Values a message writes as Python does: floats (repr's exponents from 1e16 and below 1e-4,
#: integral values past 2^53 read back as ints), repr of strings (quotes, escapes, characters
#: str.isprintable refuses, astral and lone surrogates), of lists and dicts, json.dumps (ASCII
#: only), clipped values and keys, and a limit's key shown with its controls escaped.
EDGE_CASES: list[Any] = [
    *(
        _field(type="number", minimum=lo, maximum=hi)
        for lo, hi in [
            (0.1, 1e-05),
            (1e16, 5),
            (2**53 + 2, 2**53),
            (1e21, -1.5e300),
            (123456.789, -2.5e-07),
            (5e-324, -5e-324),
            (1e-4, 9.999e-05),
            (12345678901234567.0, 1.0),
        ]
    ),
    _field(type="integer", minimum=0.5, maximum=0.75),
    _field(type="string", minLength=-1.5, maxLength=1e20),
    _field(type="string", maxLength=2**60, minLength=3e30),
    _field(type="array", items={"type": "string", "enum": ["a"]}, minItems=1e25),
    *(_field(type="string", title=title) for title in [12345.5, 1e-7, -0.0, ["x"]]),
    *(
        {"type": "object", "properties": {}, "required": [name]}
        for name in [
            "it's",
            "both ' and \"",
            "a long name, over forty characters, with 'quotes' and \\ and \x1b",
            "\u202eevil\u200b\xa0\u2028\U0001f600\U000e0001\U0010ffff",
            "<img src=x onerror=alert(1)>",
        ]
    ),
    {"type": "object", "properties": {"x\ud800": {"type": "object"}}},
    {"type": [1.5, {"a'b": [True, None, 1e100]}, "\u202e\x00", -7], "properties": {}},
    _field(type="string", pattern="^a$", const='é"\U0001f600\n\x7f\\'),
    {
        "type": "object",
        "properties": {
            "e": {"type": "string", "format": "email", "default": "ü@x\u2028"},
            "n": {"type": "number", "minimum": 0.1, "default": 1e-05},
            "m": {"type": "integer", "maximum": 1e20, "default": 1e21},
            "s": {
                "type": "array",
                "items": {"type": "string", "enum": ["a"]},
                "default": ["a", "a"],
            },
            "bad": {"type": "nothing"},
        },
    },
    _field(type="integer", enum=[1, 2.5, 1, 0.1]),
    _field(type="string", enum=["it's", "it's", "\x00", "\x00"]),
    {"type": "object", "properties": {"\u0085x\U000e0001": {"type": "object"}, "a'b\"c": 5}},
    _field(type="string", minLength="a long value, over forty characters, with 'quotes' \\"),
    _field(type="string", minLength=-1.2345678901234567e-300, maxLength=True),
    {"type": "object", "properties": {"x": {"type": "string", "k" * 50 + "\x1b": "t" * 10_001}}},
    {"type": "object", "properties": {"x": {"type": "string", "\u202e" + "k" * 39: ["a"] * 501}}},
    {"type": "object", "properties": {"x": {"type": "string", "title": "\U0001f600" * 10_001}}},
]


def test_values_in_messages_are_written_as_python_writes_them(host: Host) -> None:
    found = check(host, EDGE_CASES)
    shown = [json.dumps(s)[:200] for s, f in zip(EDGE_CASES, found, strict=True) if not f]
    assert not shown, shown  # every case is refused


@pytest.mark.parametrize("index", range(len(FIELD_MUTATIONS)))
def test_each_mutation_alone_is_judged_as_python(index: int, host: Host) -> None:
    field = FIELD_MUTATIONS[index]
    check(host, [{"type": "object", "properties": {"x": field}}])


def test_broken_random_schemas_are_judged_as_python(host: Host) -> None:
    seen: list[int] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(broken())
    def run(schema: dict[str, Any]) -> None:
        seen.append(len(check(host, [schema])[0]))

    run()
    assert len(seen) == EXAMPLES and 0 < seen.count(0) < EXAMPLES  # forms and refusals
    host.clean()


def test_hostile_requests_are_judged_as_python(host: Host) -> None:
    """The fuzz corpus (tests/support/hostile.py): markup, escapes, controls, clashing names."""
    seen: list[int] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(hostile_requests())
    def run(request: dict[str, Any]) -> None:
        seen.append(len(check(host, [request["requestedSchema"]])[0]))

    run()
    assert len(seen) == EXAMPLES and 0 < seen.count(0) < EXAMPLES  # forms and refusals
    host.clean()


def test_arbitrary_json_is_judged_as_python(host: Host) -> None:
    """Any JSON object a server might send as its requestedSchema."""
    seen: list[int] = []

    keys = st.sampled_from(["type", "properties", "required", "title"])

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        st.dictionaries(keys, json_values)
        | st.fixed_dictionaries(
            {
                "type": st.just("object"),
                "properties": st.dictionaries(st.text(max_size=5), json_values),
            }
        )
    )
    def run(schema: dict[str, Any]) -> None:
        seen.append(len(check(host, [schema])[0]))

    run()
    assert len(seen) == EXAMPLES and 0 < seen.count(0) < EXAMPLES  # forms and refusals
    host.clean()


def test_a_forms_patterns_share_the_budget_as_in_python(host: Host) -> None:
    """Issue 40: 46 patterns of 678 copies of [\\W\\D] blocked the page ~4 s in the
    ``requestedSchema`` setter. The element spends one budget of compile work on the form's
    patterns as the Python front end does (in the order of the names, whatever order the
    object keeps): the same fields refused, in the same words."""
    properties = {
        name: {"type": "string", "pattern": "^" + "[\\W\\D]" * 678 + f"{index:04d}$"}
        for index, name in enumerate([f"f{index}" for index in range(44)] + ["2", "1"])
    }
    schema = {"type": "object", "properties": properties}
    found = check(host, [schema])
    assert found == [{"EG112"}]
    lines = python_lines(schema)  # (once: each compile spends the whole budget)
    refused = [
        n
        for n in properties
        if any(f"'{n}'" in line and "too costly to compile" in line for line in lines)
    ]
    # the budget is spent in the names' order: the last names are the ones refused
    assert 0 < len(refused) < 46
    assert sorted(refused) == sorted(properties)[-len(refused) :]
    host.clean()
