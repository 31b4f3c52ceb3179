"""Interop differential of the Python targets: a form must never accept what a server's
validator rejects.

The oracles are Ajv with ajv-formats (how the MCP TypeScript SDK validates accepted content),
jsonschema with its format checker, for a format, pydantic with every type that emits it (how
Python SDK and FastMCP servers validate: EmailStr, AnyUrl, HttpUrl, ..., date, datetime;
tests/support/validators.py), and, for a format or a maximum length, zod 3's and zod 4's parse (how
a TypeScript server checks the answer again). The subjects are ``validate()``
of the generated cli, textual and qt modules (they share formcore, but each generated module is
imported and called for real) and the generated pydantic content model (``model_validate`` and
``model_validate_json``). For every kind and
format, values are generated (fixed valid, boundary and invalid values, the known disagreements,
unicode, big-integer bounds, floats against integer bounds, plus a bounded, derandomized
hypothesis sample) and each subject's verdict is compared with both oracles:

* a subject never accepts what any oracle rejects (the hard rule);
* a subject accepts what all oracles accept, except for the documented places where the forms
  are stricter than all (:data:`STRICTER`, docs/targets/pydantic.md "Interop").

Where the oracles disagree with each other (a leap second at 23:59:60Z, year 0000, ``a..b@x.org``)
the subjects refuse: they accept what all agree on. One node process per test (batched).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.targets import targets_with

from ..support.cases import write_and_import
from ..support.pydantic import accepts, content_model
from ..support.validators import ajv_verdicts, jsonschema_verdict, pydantic_verdict, zod_accepts

BIG = 2**53 + 1  # the first integer a double cannot hold
I64 = 2**63 - 1

#: One form with a property per kind, format and kind of bound; all optional, so that the
#: content ``{key: value}`` checks exactly one property.
PROPERTIES: dict[str, dict[str, Any]] = {
    "text": {"type": "string"},
    "text_len": {"type": "string", "minLength": 2, "maxLength": 4},
    "text_one": {"type": "string", "maxLength": 1},
    "email": {"type": "string", "format": "email"},
    "email_len": {"type": "string", "format": "email", "minLength": 6, "maxLength": 12},
    "uri": {"type": "string", "format": "uri"},
    "date": {"type": "string", "format": "date"},
    "date_time": {"type": "string", "format": "date-time"},
    "date_time_len": {"type": "string", "format": "date-time", "maxLength": 20},
    "integer": {"type": "integer"},
    "integer_small": {"type": "integer", "minimum": -3, "maximum": 5},
    "integer_frac": {"type": "integer", "minimum": 1.5, "maximum": 7.5},
    "integer_big": {"type": "integer", "minimum": BIG, "maximum": I64},
    "integer_neg_big": {"type": "integer", "minimum": -I64, "maximum": -BIG},
    "number": {"type": "number"},
    "number_small": {"type": "number", "minimum": -0.5, "maximum": 2.25},
    "number_zero": {"type": "number", "minimum": 0, "maximum": 0},
    "number_big": {"type": "number", "minimum": BIG, "maximum": I64},
    "number_neg_big": {"type": "number", "minimum": -I64, "maximum": -BIG},
    "number_huge": {"type": "number", "minimum": 10**30, "maximum": 2**127},
    "boolean": {"type": "boolean"},
    "single": {"type": "string", "enum": ["a", "B", "é", "e\u0301", "😀"]},
    "single_titled": {
        "type": "string",
        "oneOf": [{"const": "keep", "title": "Keep"}, {"const": "wipe", "title": "Wipe"}],
    },
    "single_legacy": {"type": "string", "enum": ["opt1", "opt2"], "enumNames": ["One", "Two"]},
    "multi": {
        "type": "array",
        "items": {"type": "string", "enum": ["a", "b", "c"]},
        "minItems": 1,
        "maxItems": 2,
    },
    "multi_titled": {
        "type": "array",
        "items": {"anyOf": [{"const": "x", "title": "X"}, {"const": "y", "title": "Y"}]},
    },
}
SCHEMA: dict[str, Any] = {"type": "object", "properties": PROPERTIES}

#: Where the forms are stricter than both oracles, on purpose (docs/targets/pydantic.md,
#: "Interop"): (property kind, why, a test of the value).
STRICTER: list[tuple[str, str, Callable[[Any], bool]]] = [
    (
        "email",
        "an xn-- label: email-validator checks it as IDNA 2008, which a form cannot redo",
        lambda v: isinstance(v, str) and re.search(r"[@.]xn--", v, re.IGNORECASE) is not None,
    ),
    (
        "uri",
        "an xn-- label or a %-escape in a special scheme's host: the URL parser checks it as IDNA",
        lambda v: (
            isinstance(v, str)
            and re.match(r"(?i)(https?|wss?|ftp|file):/*([^/?#@]*@)?[^/?#]*(%|(^|[./])xn--)", v)
            is not None
        ),
    ),
    (
        "text",
        "a string holding surrogate code points is not Unicode text (it cannot be sent as UTF-8)",
        lambda v: isinstance(v, str) and re.search("[\ud800-\udfff]", v) is not None,
    ),
    (
        "integer",
        "a float is no integer for pydantic's strict int (the SDK's strict models refuse 3.0, "
        "its lax int 1e308): a form sends ints",
        lambda v: isinstance(v, float),
    ),
]


def _kind(key: str) -> str:
    """text, email, uri, date, date-time, integer, number, boolean, single or multi."""
    prop = PROPERTIES[key]
    if prop["type"] == "array":
        return "multi"
    if prop["type"] == "string":
        if "format" in prop:
            return str(prop["format"])
        return "single" if "enum" in prop or "oneOf" in prop else "text"
    return str(prop["type"])


# --- the subjects ---------------------------------------------------------------------------------
Subject = Callable[[dict[str, Any]], bool]


def _form(schema: dict[str, Any], stem: str) -> ir.Form:
    result = elicit_gen.compile(schema, [], name=f"tests/{stem}.json", stem=stem)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    assert form.schema == schema  # the oracles see exactly what the forms check
    return form


def _validate(module: ModuleType) -> Subject:
    def subject(content: dict[str, Any]) -> bool:
        errors = module.validate(content)
        assert isinstance(errors, dict)
        return not errors

    return subject


def make_subjects(schema: dict[str, Any], stem: str, directory: Path) -> dict[str, Subject]:
    """validate() of the generated cli, textual and qt modules, and the pydantic model."""
    form = _form(schema, stem)
    found: dict[str, Subject] = {}
    for target in targets_with("python", "ui"):
        found[target] = _validate(write_and_import(form, target, directory))
    model = content_model(write_and_import(form, "pydantic", directory), form)
    found["pydantic"] = lambda content: accepts(model, content)

    def from_json(content: dict[str, Any]) -> bool:  # a server reading the raw JSON text
        try:
            model.model_validate_json(json.dumps(content))
        except pydantic.ValidationError:
            return False
        return True

    found["pydantic-json"] = from_json
    return found


@pytest.fixture(scope="module")
def subjects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Subject]:
    return make_subjects(SCHEMA, "interop", tmp_path_factory.mktemp("interop"))


# --- the values -----------------------------------------------------------------------------------
ANY_KIND: list[Any] = [None, True, False, 0, 1, -1, 0.5, -0.0, 1e308, "", "a", [], ["a"], {}]

KNOWN: dict[str, list[Any]] = {
    "email": [
        "ada@example.com",
        "a.b+c@mail.example.org",
        "A!#$%&'*+/=?^_`{|}~-@x.io",
        "a..b@example.com",
        ".a@x.org",
        "a.@x.org",
        "ada@localhost",
        "a@b",
        "a@b.c",
        "a@-b.com",
        "a@b-.com",
        "a@b..c",
        "a@b.c.",
        "a@@b.c",
        "a b@c.de",
        "(a)@b.c",
        '"a"@b.c',
        "a@[127.0.0.1]",
        "ad\u00e9@x.org",
        "a@\u00e9x.org",
        "a@xn--bcher-kva.example",
        "a@b_c.de",
        "a@1.2.3.4",
        "a@" + "x" * 63 + ".com",
        "a@" + "x" * 64 + ".com",
        "a@b.c\n",
        " a@b.c",
        "\uff41@b.c",
        "ada@printer.local",
        "ada@foo.test",
        "ada@x.INVALID",
        "ada@x.onion",
        "ada@x.a1",
        "ada@ab--c.com",
        "ada@xn--bcher-kva.example",
        "a" * 248 + "@x.org",
        "a" * 249 + "@x.org",
    ],
    "uri": [
        "https://example.com/a?b=c#d",
        "urn:isbn:0451450523",
        "mailto:a@b.c",
        "a:b",
        "a:/b",
        "x:",
        "HTTP://X",
        "http://[::1]:80/",
        "http://[v1.x]/",
        "http://[::1.2.3.4]/",
        "http://[1::2:3:4:5:6:7]/",
        "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[::g]/",
        "http://01.02.03.04/",
        "http://x/%zz",
        "http://x/%41",
        "http://x/[",
        "http://ex ample.com",
        "https://example.com/\u00e9",
        "no-scheme",
        "relative/path",
        "//example.com",
        "1http://x",
        "a:#b#c",
        "a:b\n",
        "http://x.org\n",
        "http://u:p@x:65536/",
        "https://example.com:65535/",
        "https://256.1.1.1/",
        "https://1.2.3/",
        "http://example.123/",
        "http://",
        "http:example.com",
        "x://",
        "x://u@/",
        "file:///p",
        "file://h:80/",
        "http://xn--d.com/",
        "http://%41.com/",
    ],
    "date": [
        "2024-02-29",
        "2023-02-29",
        "2024-02-30",
        "1900-02-29",
        "2000-02-29",
        "0000-01-01",
        "0000-02-29",
        "0001-01-01",
        "9999-12-31",
        "2024-1-01",
        "2024-13-01",
        "2024-00-10",
        "2024-01-00",
        "+2024-01-01",
        "20240101",
        "2024-01-01\n",
        " 2024-01-01",
        "\uff12\uff10\uff12\uff14-01-01",
        "\u0662\u0660\u0662\u0664-01-01",
        "2024-01-01T00:00:00Z",
    ],
    "date-time": [
        "2024-01-01T00:00:00Z",
        "2024-01-01t00:00:00z",
        "2024-02-29T12:30:00.123456789-05:30",
        "2024-01-01T00:00:00-00:00",
        "2024-01-01T00:00:00+23:59",
        "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00+00:60",
        "2024-01-01T00:00:60Z",
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.5Z",
        "2016-12-31T18:59:60-05:00",
        "2016-12-31T23:59:60+01:00",
        "2016-12-31T23:59:59.999Z",
        "0000-01-01T00:00:00Z",
        "0001-01-01T00:00:00+23:59",
        "9999-12-31T23:59:59-23:59",
        "2024-01-01T24:00:00Z",
        "2024-01-01T00:60:00Z",
        "2024-01-01 00:00:00Z",
        "2024-01-01T00:00:00",
        "2024-01-01T00:00:00+0100",
        "2024-01-01T00:00:00+01",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00,5Z",
        "2024-01-01T00:00Z",
        "2024-02-30T00:00:00Z",
        "2024-01-01T00:00:00Z\n",
        "2024-01-01T\uff10\uff10:00:00Z",
    ],
    "text": [
        "é",
        "e\u0301",
        "😀",
        "😀😀",
        "a\u0000",
        "\u202e",
        "\ufeff",
        "\ud83d\ude00",  # a surrogate pair as two code points: one character on the wire
        "\ud800",
        "a\udfff",
        "abcd",
        "abcde",
        "  ",
    ],
}


def _numbers(prop: dict[str, Any]) -> list[Any]:
    values: list[Any] = [0, -0.0, 1, -1, 2.5, 3.0, 1e308, -1e308, 5e-324, 10**400, -(10**400)]
    values += [2**53, float(2**53), BIG, 2**64, float(2**64), "3", True]
    for bound in (prop.get("minimum"), prop.get("maximum")):
        if bound is None:
            continue
        as_float = float(bound)
        values += [bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, as_float]
        values += [math.nextafter(as_float, math.inf), math.nextafter(as_float, -math.inf)]
        values += [math.floor(bound), math.ceil(bound), str(bound)]
    return values


def _selects(prop: dict[str, Any]) -> list[Any]:
    items = prop.get("items", prop)
    options = [o["const"] for o in items.get("oneOf", items.get("anyOf", []))] or items["enum"]
    labels = [o.get("title") for o in items.get("oneOf", items.get("anyOf", []))]
    labels += prop.get("enumNames", [])
    variants = [v for o in options for v in (o.upper(), o + " ", [o])]
    if prop["type"] == "array":
        return [options, options[:1], options * 2, [], [*options, "zz"], options[0], [None], [1]]
    return [*options, *labels, *variants, "zz"]


_EMAIL_ALPHABET = st.sampled_from([*"ab.-_+!@", "Z", "0", " ", "é", "\n", "[", "]"])
_URI_ALPHABET = st.sampled_from([*"ab:/?#[]@!$&'()*+,;=%-._~019AFv", " ", "é", "\n"])
_DATE_ALPHABET = st.sampled_from([*"0123456789-:T+Zz.", " ", "t"])
_PIECES = st.sampled_from(["00", "01", "09", "12", "23", "24", "29", "30", "31", "59", "60", "99"])


def _strategy(kind: str, prop: dict[str, Any]) -> st.SearchStrategy[Any]:
    if kind == "email":
        return st.one_of(
            st.emails().map(str),
            st.builds(
                lambda a, b: f"{a}@{b}",
                st.text(_EMAIL_ALPHABET, min_size=1, max_size=6),
                st.text(_EMAIL_ALPHABET, min_size=1, max_size=8),
            ),
        )
    if kind == "uri":
        return st.one_of(
            st.text(_URI_ALPHABET, max_size=20),
            st.builds(
                lambda a, b: f"{a}://{b}",
                st.sampled_from(["http", "x", "a+b"]),
                st.text(_URI_ALPHABET, max_size=16),
            ),
        )
    if kind == "date":
        return st.one_of(
            st.dates().map(str),
            st.builds(
                "{}-{}-{}".format,
                st.sampled_from(["0000", "2024", "2023", "2100"]),
                _PIECES,
                _PIECES,
            ),
            st.text(_DATE_ALPHABET, max_size=12),
        )
    if kind == "date-time":
        return st.one_of(
            st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
            st.builds(
                "{}-{}-{}T{}:{}:{}{}".format,
                st.sampled_from(["0000", "2016", "2024"]),
                st.sampled_from(["01", "02", "12"]),
                st.sampled_from(["01", "29", "31"]),
                _PIECES,
                _PIECES,
                _PIECES,
                st.sampled_from(["Z", "z", "+00:00", "-05:00", "+01:00", "+23:59", "+24:00", ""]),
            ),
            st.text(_DATE_ALPHABET, max_size=25),
        )
    if kind in ("integer", "number"):
        lo, hi = prop.get("minimum"), prop.get("maximum")
        near = [b for b in (lo, hi) if b is not None] or [0]
        return st.one_of(
            st.integers(),
            st.floats(allow_nan=False, allow_infinity=False),
            st.sampled_from(near).flatmap(
                lambda b: (
                    st.integers(-3, 3).map(lambda d: b + d)
                    | st.floats(-3, 3).map(lambda d: float(b) + d)
                )
            ),
        )
    if kind == "text":
        return st.text(max_size=6)
    return st.nothing()


#: Generated values per property (bounded and derandomized: the same values on every run).
SAMPLES = 150


def _generated(kind: str, prop: dict[str, Any]) -> list[Any]:
    found: list[Any] = []
    strategy = _strategy(kind, prop)
    if strategy.is_empty:
        return found

    @settings(
        max_examples=SAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found


def values_for(key: str) -> list[Any]:
    """Fixed values for the property's kind, then the generated ones; without duplicates."""
    prop, kind = PROPERTIES[key], _kind(key)
    values = list(ANY_KIND) + KNOWN.get(kind, [])
    if kind in ("integer", "number"):
        values += _numbers(prop)
    if kind in ("single", "multi"):
        values += _selects(prop)
    if prop["type"] == "string" and kind != "single":
        for n in (prop.get("minLength"), prop.get("maxLength")):
            if n is not None:
                values += ["x" * (n - 1), "x" * n, "x" * (n + 1), "😀" * n, "😀" * (n + 1)]
        values += KNOWN["text"]
    values += _generated(kind, prop)
    unique: dict[str, Any] = {}
    for value in values:
        unique.setdefault(type(value).__name__ + repr(value), value)
    return list(unique.values())


# --- the comparison -------------------------------------------------------------------------------
def _stricter_reason(kind: str, value: Any) -> str | None:
    for where, why, applies in STRICTER:
        if (where == kind or where == "text") and applies(value):
            return why
    return None


def _compare(
    key: str, values: Iterable[Any], subjects: dict[str, Subject]
) -> tuple[list[str], int]:
    values = list(values)
    contents = [{key: v} for v in values]
    ajv = ajv_verdicts([(SCHEMA, c) for c in contents])
    prop = PROPERTIES[key]
    zod = zod_accepts(prop, values) if prop["type"] == "string" else [True] * len(values)
    problems: list[str] = []
    accepted = 0
    for value, content, ajv_ok, zod_ok in zip(values, contents, ajv, zod, strict=True):
        # Ajv and model_validate_json see the JSON text: an escaped surrogate pair is one character
        # there, so jsonschema judges that too for them.
        object_ok = jsonschema_verdict(SCHEMA, content)
        wire_ok = jsonschema_verdict(SCHEMA, json.loads(json.dumps(content)))
        fmt = PROPERTIES[key].get("format")
        pydantic_ok = pydantic_verdict(fmt, value) if fmt is not None else True
        # a TypeScript server parses the answer with zod too: its format and length checks
        pydantic_ok = pydantic_ok and zod_ok
        for name, subject in subjects.items():
            schema_ok = wire_ok if name == "pydantic-json" else object_ok
            ok = subject(content)
            accepted += ok
            if ok and not (ajv_ok and schema_ok and pydantic_ok):
                problems.append(
                    f"{name} accepts {key}={value!r}; Ajv {'accepts' if ajv_ok else 'rejects'}, "
                    f"jsonschema {'accepts' if schema_ok else 'rejects'}, "
                    f"pydantic and zod {'accept' if pydantic_ok else 'reject'}"
                )
            elif (
                not ok
                and ajv_ok
                and schema_ok
                and pydantic_ok
                and _stricter_reason(_kind(key), value) is None
            ):
                problems.append(f"{name} rejects {key}={value!r}, which every validator accepts")
    return problems, accepted


@pytest.mark.parametrize("key", list(PROPERTIES))
def test_forms_accept_exactly_what_every_validator_accepts(
    key: str, subjects: dict[str, Subject]
) -> None:
    problems, accepted = _compare(key, values_for(key), subjects)
    assert not problems, "\n".join(problems)
    assert accepted, "no value was accepted: the test would prove little"


#: The known disagreements between the oracles, pinned: if an oracle changes, the choice made
#: for the forms must be revisited. (key, value, Ajv's verdict, jsonschema's verdict).
ORACLES_DISAGREE: list[tuple[str, Any, bool, bool]] = [
    ("date_time", "2016-12-31T23:59:60Z", True, False),  # Ajv: leap second at 23:59:60 UTC only
    ("date_time", "2016-12-31T18:59:60-05:00", True, False),
    ("date_time", "2024-01-01T00:00:60Z", False, False),
    ("date_time", "0000-01-01T00:00:00Z", True, False),  # valid RFC 3339; jsonschema refuses
    ("date", "0000-01-01", True, False),
    ("date_time", "2024-01-01 00:00:00Z", True, False),  # Ajv allows a space for "T"
    ("email", "a..b@example.com", False, True),  # jsonschema only asks for an "@"
    ("email", ".a@x.org", False, True),
    ("email", "a.@x.org", False, True),
    ("email", "ada@localhost", False, True),
    ("text_len", "\ud83d\ude00", False, True),  # one character in JavaScript, two in Python
    ("uri", "x:", False, True),  # RFC 3986 allows an empty path; ajv-formats does not
    ("uri", "x:?q", False, True),
    ("number_big", 9007199254740992.0, True, False),  # Ajv reads the bound as a double
    ("integer_big", 2**53, True, False),
]


@pytest.mark.parametrize(("key", "value", "ajv_ok", "schema_ok"), ORACLES_DISAGREE)
def test_where_the_validators_disagree_the_forms_refuse(
    key: str, value: Any, ajv_ok: bool, schema_ok: bool, subjects: dict[str, Subject]
) -> None:
    content = {key: value}
    assert ajv_verdicts([(SCHEMA, content)]) == [ajv_ok]
    assert jsonschema_verdict(SCHEMA, content) is schema_ok
    for name, subject in subjects.items():
        assert not subject(content), name


#: What Ajv and jsonschema accept and a Python SDK or FastMCP server refuses (pydantic's EmailStr
#: runs email-validator, its URL types a WHATWG URL parser): every subject refuses it too.
PYDANTIC_REFUSES: list[tuple[str, str]] = [
    ("email", "ada@printer.local"),
    ("email", "ada@foo.test"),
    ("email", "ada@1.2.3.4"),
    ("email", "ada@ab--c.com"),
    ("email_len", "ada@x.local"),
    ("uri", "https://example.com:65536/"),
    ("uri", "http://"),
    ("uri", "https://256.1.1.1/"),
    ("uri", "http://[v1.x]/"),
    ("uri", "file://h:80/"),
]


@pytest.mark.parametrize(("key", "value"), PYDANTIC_REFUSES)
def test_what_a_pydantic_server_refuses_the_forms_refuse(
    key: str, value: str, subjects: dict[str, Subject]
) -> None:
    content = {key: value}
    assert ajv_verdicts([(SCHEMA, content)]) == [True]
    assert jsonschema_verdict(SCHEMA, content)
    assert not pydantic_verdict(PROPERTIES[key]["format"], value)
    for name, subject in subjects.items():
        assert not subject(content), name


def test_the_samples_are_deterministic() -> None:
    assert values_for("date_time") == values_for("date_time")


REQUIRED_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "agree": {"type": "boolean"},
        "count": {"type": "integer", "minimum": 0, "default": 1},
    },
    "required": ["name", "agree", "count"],
}


def test_whole_contents_required_null_and_unknown_keys(tmp_path: Path) -> None:
    """Required keys (with and without a default), null and keys the schema does not name."""
    found = make_subjects(REQUIRED_SCHEMA, "interop_required", tmp_path)
    full = {"name": "Ada", "agree": False, "count": 0}
    contents: list[dict[str, Any]] = [
        full,
        {},
        {"name": "Ada", "agree": True},  # a default only pre-fills: count is still required
        {**full, "name": ""},
        {**full, "agree": None},
        {**full, "count": None},
        {**full, "extra": None, "other": [1]},
        {**full, "count": -0.0},
        {**full, "count": True},
        {**full, "agree": 1},
    ]
    ajv = ajv_verdicts([(REQUIRED_SCHEMA, c) for c in contents])
    for content, ajv_ok in zip(contents, ajv, strict=True):
        expected = ajv_ok and jsonschema_verdict(REQUIRED_SCHEMA, content)
        # -0.0 is an integer for JSON Schema, a float for pydantic's strict int: refused
        expected = expected and not isinstance(content.get("count"), float)
        for name, subject in found.items():
            assert subject(content) is expected, (name, content)
