"""Differential test of the pydantic target: for every golden form, content generated from the
schema (valid, from hypothesis-jsonschema, and mutated to be invalid) is accepted by the generated
content model exactly when ``jsonschema`` accepts it.

The only disagreements allowed are the documented ones (docs/targets/pydantic.md): what counts as
an email, trailing newlines, and population by Python name. They are encoded in
:data:`tests.support.pydantic.DOCUMENTED` and :func:`tests.support.pydantic.by_property_name`:
the model must agree with jsonschema under those definitions *always*, and with jsonschema's own
strict format checker whenever no documented difference is involved.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from elicit_gen.compiler import ir

from ...support.pydantic import (
    FORMS,
    IDS,
    accepts,
    by_property_name,
    content_model,
    dump,
    import_path,
    schema_accepts,
    write_modules,
)

# Examples per form and test. CI runs a fixed (derandomized) 200; for a deeper, random search run
# e.g. `PYDANTIC_DIFF_EXAMPLES=2000 pytest tests/targets/pydantic/test_differential.py`.
EXAMPLES = int(os.environ.get("PYDANTIC_DIFF_EXAMPLES", "200"))
DERANDOMIZE = "PYDANTIC_DIFF_EXAMPLES" not in os.environ


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    paths = write_modules(tmp_path_factory.mktemp("pydantic_diff"))
    return {name: import_path(path) for name, path in paths.items()}


# --- invalid (and borderline) values, by field kind ---------------------------------------------
ANY_KIND: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2.5,
    3.0,
    1e300,
    "",
    "3",
    "yes",
    "true",
    [],
    ["x"],
    {},
]

NEAR_MISSES: dict[str, list[Any]] = {
    "email": [
        "a@b",
        "a@b.c\n",
        "@x.com",
        "a@-b.com",
        "a b@c.de",
        "a@b..c",
        "a@@b.c",
        "a@b_c.de",
        "ad\u00e9@x.org",
        "a@" + "x" * 64 + ".com",
        "(a)@b.c",
        "a@b.c ",
    ],
    "uri": [
        "http://x/[",
        "a:#b#c",
        "no-scheme",
        "http://ex ample.com",
        "http://x/%zz",
        "HTTP://X",
        "a:b\n",
        "1http://x",
        "mailto:a@b.c",
        "urn:isbn:0451450523",
        "http://[::1]/",
        "x:",
        "https://example.com/\u00e9",
    ],
    "date": [
        "2024-02-30",
        "2024-2-01",
        "2023-02-29",
        "2024-02-29",
        "0000-01-01",
        "2024-01-01\n",
        "2024-01-01T00:00:00Z",
        "\uff12\uff10\uff12\uff14-01-01",
        "9999-12-31",
        "0001-01-01",
        " 2024-01-01",
    ],
    "date_time": [
        "2024-01-01T00:00:00",
        "2024-01-01 00:00:00Z",
        "2024-01-01t00:00:00z",
        "2024-01-01T24:00:00Z",
        "2016-12-31T23:59:60Z",
        "2024-01-01T00:00:00+24:00",
        "2024-01-01T00:00:00.123456789-05:30",
        "2024-01-01T00:00:00-00:00",
        "2024-02-29T12:30:00+02:00",
        "2024-01-01T00:00:00Z\n",
        "2024-01-01T00:00:00+0100",
        "0000-01-01T00:00:00Z",
        "2024-01-01T00:60:00Z",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00,5Z",
        "9999-12-31T23:59:59-23:59",
    ],
    "time": ["09:00:00", "09:00:00Z", "09:00:00z", "24:00:00Z", "23:59:60Z", "09:00:00+0100"],
    "uuid": [
        "123e4567-e89b-12d3-a456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "{123e4567-e89b-12d3-a456-426614174000}",
        "123E4567-E89B-12D3-A456-42661417400G",
    ],
    "ipv4": ["192.0.2.1", "192.0.2.01", "256.0.0.1", "1.2.3", "192.0.2.1\n"],
    "ipv6": ["::1", "fe80::1%eth0", "1:2:3:4:5:6:192.0.2.1", "::ffff:192.0.2.1", "1::2::3"],
    "hostname": ["example.com", "-a.com", "a_b.com", "a" * 64 + ".com", "example.com."],
    "duration": ["PT1H30M", "P1W2D", "PT1.5S", "P", "p1d", "P2739727Y"],
}


def _valid(form: ir.Form) -> st.SearchStrategy[Any]:
    """Valid content; without random extra properties (the mutations add a few small ones),
    which keeps generation fast."""
    return from_schema({**form.schema, "additionalProperties": False})


def _kind(field: ir.Field) -> str:
    if isinstance(field, ir.StringField):
        return "text" if field.format is None else field.format.value.replace("-", "_")
    return type(field).__name__


def _bad_values(field: ir.Field) -> st.SearchStrategy[Any]:
    """Values around and outside the field's constraints (some of them still valid)."""
    values: list[Any] = list(ANY_KIND) + NEAR_MISSES.get(_kind(field), [])
    extra: list[st.SearchStrategy[Any]] = []
    if isinstance(field, ir.StringField):
        for n in (field.min_length, field.max_length):
            if n is not None:
                values += ["x" * max(n - 1, 0), "x" * n, "x" * (n + 1)]
        extra.append(st.text(max_size=30))
        if field.format is not None:
            extra.append(st.sampled_from(NEAR_MISSES[_kind(field)]).map(lambda s: s.upper()))
    elif isinstance(field, ir.NumberField):
        for bound in (field.minimum, field.maximum):
            if bound is not None:
                values += [bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, float(bound)]
                if isinstance(bound, int):
                    values += [bound + 0.0, str(bound)]
        values += [10**400, -(10**400), 2**64, 2**53 + 1]  # ints a float cannot hold exactly
        extra.append(st.integers() | st.floats(allow_nan=False, allow_infinity=False))
    elif isinstance(field, ir.SingleSelectField) and field.numeric:
        for option in field.options:
            number = option.value
            values += [str(number), float(number), number + 0.5, -number, [number], option.label]
        values += [True, False, 2**53 + 1]
        extra.append(st.integers() | st.floats(allow_nan=False, allow_infinity=False))
    elif isinstance(field, ir.SingleSelectField):
        for option in field.options:
            values += [option.value + " ", option.value.upper(), [option.value], option.label]
    elif isinstance(field, ir.MultiSelectField):
        opts = [o.value for o in field.options]
        values += [opts, opts * 2, opts[:1] * 2, [*opts, "zz"], opts[0], [None], [1], []]
        values += [tuple(opts[:1])]
        extra.append(st.lists(st.sampled_from([*opts, "other"]), max_size=6))
    return st.one_of(st.sampled_from(values), *extra)


@st.composite
def _mutated(draw: st.DrawFn, form: ir.Form, valid: st.SearchStrategy[Any]) -> dict[str, Any]:
    content: dict[str, Any] = dict(draw(valid))
    for _ in range(draw(st.integers(1, 2))):
        op = draw(st.sampled_from(["value", "value", "value", "drop", "rename", "extra"]))
        if not form.fields:
            op = "extra"
        if op == "extra":
            content[draw(st.text(max_size=5))] = draw(st.sampled_from(ANY_KIND))
            continue
        field = draw(st.sampled_from(form.fields))
        if op == "drop":
            content.pop(field.name, None)
        elif op == "rename" and field.name in content:
            # population by Python name (documented): {"first_name": ...} for "first-name"
            content[field.ident] = content.pop(field.name)
        else:
            content[field.name] = draw(_bad_values(field))
    return content


def _check(form: ir.Form, module: ModuleType, content: dict[str, Any]) -> bool:
    model = content_model(module, form)
    got = accepts(model, content)
    normalised = by_property_name(form, content)
    expected = schema_accepts(form, normalised, documented=True)
    assert got == expected, (
        f"model {'accepts' if got else 'rejects'} {content!r}, "
        f"jsonschema (documented formats) {'accepts' if expected else 'rejects'} it"
    )
    strict = schema_accepts(form, content, documented=False)
    if got != strict:
        # only the documented differences may separate the model from strict jsonschema
        assert normalised != content or schema_accepts(form, content, documented=True) != strict
    if got:
        names = {f.name for f in form.fields}
        assert dump(model, content) == {k: v for k, v in normalised.items() if k in names}
    return got


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_valid_content_from_the_schema(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    module = modules[name]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(_valid(form))
    def check(content: dict[str, Any]) -> None:
        _check(form, module, content)

    check()


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_mutated_content(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    module = modules[name]
    outcomes: set[bool] = set()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=DERANDOMIZE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(_mutated(form, _valid(form)))
    def check(content: dict[str, Any]) -> None:
        outcomes.add(_check(form, module, content))

    check()
    if form.fields:
        assert False in outcomes, "no mutation was invalid: the test would prove nothing"


def test_documented_differences_are_real_and_nothing_else(
    modules: dict[str, ModuleType],
) -> None:
    """Each documented difference shows up where expected, and only there."""
    form = next(f for n, f in FORMS if n == "formats:formats")
    model = content_model(modules["formats:formats"], form)
    base = {"email": "ada@example.com", "callback": "2024-01-01T00:00:00Z"}
    cases = [
        ({**base, "email": "a b@c.de"}, False, True),  # jsonschema only asks for an "@"
        ({**base, "email": "a@b.c\n"}, False, True),  # the whole string must match
        ({**base, "website": "http://x.org\n"}, False, True),  # rfc3987's `$` before a newline
        ({**base, "website": "http://x/["}, False, False),  # "[" only in an IP literal
        ({**base, "website": "http://[::1]:80/"}, True, True),
        ({**base, "callback": "2016-12-31T23:59:60Z"}, False, False),  # no leap second
        ({**base, "callback": "2024-01-01T00:00:00Z\n"}, False, True),  # trailing newline
        ({**base, "callback": "2024-01-01T00:00:00"}, False, False),  # no offset: both reject
        ({**base, "email": "a@b"}, False, True),  # a dotless domain: Ajv refuses it
        ({**base, "email": "a..b@example.com"}, False, True),  # so does Ajv
    ]
    for content, model_ok, strict_ok in cases:
        assert accepts(model, content) is model_ok, content
        assert schema_accepts(form, content, documented=False) is strict_ok, content
        assert schema_accepts(form, content, documented=True) is model_ok, content


def test_the_reference_checks_every_format() -> None:
    """Without rfc3987 / rfc3339-validator, jsonschema skips uri / date-time silently and the
    comparison above would prove less: install them (pip install rfc3987 rfc3339-validator)."""
    from ...support.pydantic import STRICT

    missing = {"email", "uri", "date", "date-time"} - set(STRICT.checkers)
    assert not missing, (
        f"jsonschema cannot check {sorted(missing)}: pip install rfc3987 rfc3339-validator"
    )
