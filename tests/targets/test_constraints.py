"""Keywords beyond the subset that every target enforces all the same (issue 25, item 2):
``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``, ``uniqueItems`` and a root
``additionalProperties: false``. No content a form accepts may be refused by Ajv + ajv-formats,
jsonschema or pydantic (``Field(gt=..., lt=..., multiple_of=...)``); the page's script words
each refusal as formcore does."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic
import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import unenforced
from elicit_gen.runtime.core.formcore import check_value, validate_content
from elicit_gen.targets import targets_with

from ..support.cases import CASES_DIR, forms, write_and_import
from ..support.html import write_page
from ..support.validators import ajv_verdicts, jsonschema_verdict

FIELDS: list[dict[str, Any]] = [
    {"type": "number", "exclusiveMinimum": 0},
    {"type": "number", "exclusiveMaximum": 0},
    {"type": "number", "multipleOf": 0.1},
    {"type": "number", "multipleOf": 0.01},
    {"type": "number", "multipleOf": 2.5, "exclusiveMinimum": -10, "exclusiveMaximum": 10},
    {"type": "integer", "multipleOf": 3},
    {"type": "integer", "exclusiveMinimum": 9007199254740992},
    {"type": "integer", "exclusiveMaximum": 9007199254740992},
    {"type": "number", "const": 0.3},
    {"type": "integer", "const": 3},
]
VALUES: list[Any] = [
    0, -0.0, 1e-300, 5e-324, -5e-324, -5, 0.3, 0.30000000000000004, 0.2, 1.1, 0.07, 1e308,
    1e20, 1e22, 7.5, -7.5, 10, -10, 2.5, 3, 9, 3**40, 3**40 + 1, 2**53 + 1, 2**53, 2**53 - 1,
    12157665459056928801, 6,
]  # fmt: skip


def _pydantic_accepts(prop: dict[str, Any], value: Any) -> bool:
    kind: Any = int if prop["type"] == "integer" else float
    if "const" in prop:
        kind = Literal[prop["const"]]
    field = pydantic.Field(
        gt=prop.get("exclusiveMinimum"),
        lt=prop.get("exclusiveMaximum"),
        multiple_of=prop.get("multipleOf"),
    )
    model = pydantic.create_model("M", x=(kind, field))
    try:
        model(x=value)
    except pydantic.ValidationError:
        return False
    return True


def test_check_value_edges() -> None:
    positive = {"type": "number", "exclusiveMinimum": 0}
    assert check_value(positive, 0) == "Must be more than 0."
    assert check_value(positive, -0.0) == "Must be more than 0."
    assert check_value(positive, -5) == "Must be more than 0."
    assert check_value(positive, 5e-324) is None
    assert check_value({"type": "number", "exclusiveMaximum": 1}, 1) == "Must be less than 1."
    tenth = {"type": "number", "multipleOf": 0.1}
    assert check_value(tenth, 0.2) is None
    assert check_value(tenth, 0.30000000000000004) == "Must be a multiple of 0.1."
    assert check_value(tenth, 0.3) == (
        "0.3 is a multiple of 0.1, but servers that compute in binary floating point would "
        "refuse it: enter another multiple."
    )
    three = {"type": "integer", "multipleOf": 3}
    assert check_value(three, 3**40) is None
    assert check_value(three, 3**40 + 1) == "Must be a multiple of 3."
    # 2**53 + 1 is 2**53 as a double: Ajv would find it no greater than the bound
    big = {"type": "integer", "exclusiveMinimum": 2**53}
    assert check_value(big, 2**53 + 1) == "Must be more than 9007199254740992."
    multi = {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "uniqueItems": True}
    assert check_value(multi, ["a", "b"]) is None
    assert check_value(multi, ["a", "a"]) == "Must not choose an option more than once."
    assert check_value({"type": "boolean", "const": True}, False) == "Must be true."
    assert check_value({"type": "integer", "const": 2}, 2) is None
    whole = "Must be a whole number, written without a decimal point or exponent."
    assert check_value({"type": "integer", "const": 2}, 2.0) == whole
    assert (
        check_value({"type": "integer", "const": 2**53}, 2**53 + 1) == "Must be 9007199254740992."
    )
    assert check_value({"type": "string", "const": "pro"}, "pro") is None
    closed = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "additionalProperties": False,
    }
    assert validate_content(closed, {"a": "x"}) == {}
    assert validate_content(closed, {"a": "x", "b": 1}) == {
        "b": "Is not a field of this form, which allows no other."
    }


def test_what_a_form_accepts_every_validator_accepts() -> None:
    pairs = [(prop, value) for prop in FIELDS for value in VALUES]
    ajv = ajv_verdicts(pairs)
    accepted = 0
    for (prop, value), by_ajv in zip(pairs, ajv, strict=True):
        if prop["type"] == "integer" and not isinstance(value, int):
            continue
        if check_value(prop, value) is not None:
            continue
        accepted += 1
        assert by_ajv, (prop, value)
        assert jsonschema_verdict(prop, value), (prop, value)
        assert _pydantic_accepts(prop, value), (prop, value)
    assert accepted > 20


def _constraints() -> ir.Form:
    (form,) = forms("constraints")
    return form


def test_generated_schemas_keep_what_the_forms_enforce(tmp_path: Path) -> None:
    requested = json.loads((CASES_DIR / "constraints.json").read_text(encoding="utf-8"))
    for target in targets_with("python"):
        module = write_and_import(_constraints(), target, tmp_path)
        assert unenforced(requested, module.REQUESTED_SCHEMA) == [], target


@pytest.mark.parametrize("target", targets_with("python", "ui"))
def test_python_forms_validate_refuses(target: str, tmp_path: Path) -> None:
    module = write_and_import(_constraints(), target, tmp_path)

    def validate(content: dict[str, Any]) -> dict[str, str]:
        errors: dict[str, str] = module.validate({"agree": True, **content})
        return errors

    assert (
        validate({"amount": 0.5, "count": 10, "tags": ["red"], "plan": "pro", "version": 2}) == {}
    )
    assert validate({"amount": -5}) == {"amount": "Must be more than 0."}
    assert validate({"amount": 1, "plan": "free"}) == {"plan": "Must be one of the listed options."}
    # 2.0 is an integer for JSON Schema, not for pydantic's strict int: a form sends 2
    whole = "Must be a whole number, written without a decimal point or exponent."
    assert validate({"amount": 1, "version": 2.0}) == {"version": whole}
    assert validate({"amount": 1, "version": 3}) == {"version": "Must be 2."}
    assert validate({"amount": 1, "agree": False}) == {"agree": "Must be true."}
    assert validate({"amount": 0.005}) == {"amount": "Must be a multiple of 0.01."}
    assert validate({"amount": 1, "fraction": 1}) == {"fraction": "Must be less than 1."}
    assert validate({"amount": 1, "count": 7}) == {"count": "Must be a multiple of 5."}
    assert validate({"amount": 1, "count": 100}) == {"count": "Must be less than 100."}
    assert validate({"amount": 1, "tags": ["red", "red"]}) == {
        "tags": "Must not choose an option more than once."
    }
    assert validate({"amount": 1, "extra": 1}) == {
        "extra": "Is not a field of this form, which allows no other."
    }


def test_pydantic_models_refuse(tmp_path: Path) -> None:
    module = write_and_import(_constraints(), "pydantic", tmp_path)
    model = module.ConstraintsContent
    model.model_validate({"amount": 0.5, "count": 10, "tags": ["red"], "agree": True})
    for bad in (
        {"amount": 1, "agree": False},
        {"amount": 1, "agree": True, "version": 3},
        {"amount": 1, "agree": True, "plan": "free"},
        {"amount": -5},
        {"amount": 0},
        {"amount": 1, "fraction": 1},
        {"amount": 1, "count": 7},
        {"amount": 1, "tags": ["red", "red"]},
        {"amount": 1, "agree": True, "extra": 1},
    ):
        with pytest.raises(pydantic.ValidationError):
            model.model_validate(bad)


def test_pydantic_models_take_a_whole_step_as_jsonschema_does(tmp_path: Path) -> None:
    """A number field keeps an int as an int: 2**70 / 3 is a whole double, but 2**70 is no
    multiple of 3, and jsonschema (and the forms) refuse it."""
    schema = {"type": "object", "properties": {"n": {"type": "number", "multipleOf": 3}}}
    source = tmp_path / "steps.json"
    source.write_text(json.dumps(schema), encoding="utf-8")
    result = elicit_gen.compile(source, [])
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    module = write_and_import(form, "pydantic", tmp_path)
    model = next(v for k, v in vars(module).items() if k.endswith("Content"))
    for value in (2**70, 2**70 + 2, 9, 9.0, 10):
        expected = jsonschema_verdict(schema, {"n": value})
        try:
            model.model_validate({"n": value})
            got = True
        except pydantic.ValidationError:
            got = False
        assert got == expected, value
        assert (check_value(schema["properties"]["n"], value) is None) == expected, value


PROBES: list[dict[str, Any]] = [
    {"amount": v} for v in (0, -0.0, -5, 5e-324, 1e-300, 0.3, 0.07, 0.5, 1.1, 1e308, 1e22)
] + [
    {"amount": 1, "fraction": 1},
    {"amount": 1, "fraction": 0.5},
    {"amount": 1, "count": 7},
    {"amount": 1, "count": 100},
    {"amount": 1, "count": 95},
    {"amount": 1, "tags": ["red", "red"]},
    {"amount": 1, "extra": True},
    {"amount": 1, "agree": False},
    {"amount": 1, "agree": True, "version": 3},
    {"amount": 1, "agree": True, "version": 2, "plan": "pro"},
    {"amount": 1, "agree": True, "plan": "Pro"},
]


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(write_page(_constraints(), tmp_path_factory.mktemp("pages")).as_uri())
    yield tab
    context.close()


@pytest.mark.browser
def test_the_page_refuses_as_formcore_does(page: Any) -> None:
    schema = _constraints().schema
    found = page.evaluate("(probes) => probes.map((c) => window.elicitation.validate(c))", PROBES)
    assert found == [validate_content(schema, probe) for probe in PROBES]


def test_compiled_at_run_time_form_enforces() -> None:
    form = elicit_gen.load_form(json.loads((CASES_DIR / "constraints.json").read_text()), "cli")
    assert form.validate({"amount": -5, "agree": True}) == {"amount": "Must be more than 0."}


ONE_OPTION = {"type": "string", "enum": ["a"]}


def _codes(prop: dict[str, Any]) -> list[tuple[str, str]]:
    schema = {"type": "object", "properties": {"x": prop}}
    return [(d.code, d.message) for d in elicit_gen.lint(schema).diagnostics if d.code != "EG160"]


@pytest.mark.parametrize(
    ("prop", "code", "words"),
    [
        # draft 4's boolean form is not the bound itself
        ({"type": "number", "minimum": 0, "exclusiveMinimum": True}, "EG120", "a number"),
        ({"type": "number", "multipleOf": 0}, "EG120", "greater than 0"),
        ({"type": "number", "multipleOf": "5"}, "EG120", "greater than 0"),
        ({"type": "string", "const": 5}, "EG120", "a string"),
        ({"type": "boolean", "const": "yes"}, "EG120", "a boolean"),
        ({"type": "array", "items": ONE_OPTION, "uniqueItems": 1}, "EG120", "a boolean"),
        ({"type": "number", "exclusiveMinimum": 1, "maximum": 1}, "EG130", "no value"),
        ({"type": "number", "minimum": 1, "exclusiveMaximum": 1}, "EG130", "no value"),
        ({"type": "number", "exclusiveMinimum": 2, "exclusiveMaximum": 1}, "EG130", "no value"),
    ],
)  # fmt: skip
def test_bad_constraints_are_errors(prop: dict[str, Any], code: str, words: str) -> None:
    found = _codes(prop)
    assert any(c == code and words in m for c, m in found), found


def test_sound_constraints_lint_only_as_not_portable() -> None:
    prop = {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "multipleOf": 0.25}
    assert _codes(prop) == []
    schema = {"type": "object", "properties": {"x": prop}, "additionalProperties": False}
    messages = [d.message for d in elicit_gen.lint(schema).diagnostics]
    assert len(messages) == 4
    assert all(
        "elicit-gen's forms enforce it, but other clients may drop it" in m for m in messages
    )


#: (multipleOf, a magnitude, decimals): the steps pydantic's ``Field(multiple_of=...)`` sends,
#: near where its float check (a rounded quotient, within 1e-9) starts to part from Ajv's.
BINARY_STEPS = [
    (0.01, 10**8, 2),
    (0.1, 10**9, 1),
    (0.05, 10**7, 2),
    (0.001, 10**6, 3),
    (0.3, 10**6, 1),
    (0.25, 10**9, 2),
    (2.5, 10**12, 1),
]


def _binary_multiples() -> list[tuple[dict[str, Any], str]]:
    """Decimal multiples of each step (their JSON text), near and past the magnitude."""
    rng = random.Random(8)
    out: list[tuple[dict[str, Any], str]] = []
    for step, magnitude, decimals in BINARY_STEPS:
        prop = {"type": "number", "multipleOf": step}
        low = round(magnitude / step)
        for _ in range(400):
            k = rng.randrange(low, low * 10)
            out.append((prop, f"{k * Decimal(repr(step)):.{decimals}f}"))
    return out


def test_a_multiple_pydantic_refuses_is_refused_as_servers_in_binary_do() -> None:
    """Issue 40: ``Field(multiple_of=0.01)`` gives ``{"multipleOf": 0.01}``, and the form took
    100000000.07 (and 1000000000.4 of 0.1), which pydantic-core's float check refuses (12% of
    the multiples near 1e8). Over 2,800 decimal multiples near 1e6 to 1e13: each the form takes,
    pydantic (the JSON text, as the SDK validates it), Ajv and jsonschema take; each it refuses
    as a multiple in decimal only, one of them refuses."""
    binary = (
        "{value} is a multiple of {step}, but servers that compute in binary floating point "
        "would refuse it: enter another multiple."
    )
    assert check_value({"type": "number", "multipleOf": 0.01}, 100000000.07) == binary.format(
        value="100000000.07", step="0.01"
    )
    assert check_value({"type": "number", "multipleOf": 0.1}, 1000000000.4) is not None
    # an integer field is an int to pydantic: exact
    assert check_value({"type": "integer", "multipleOf": 3}, 3**40) is None
    pairs = _binary_multiples()
    values = [(prop, json.loads(text)) for prop, text in pairs]
    ajv = ajv_verdicts(values)
    accepted = refused = 0
    for (prop, text), (_, value), by_ajv in zip(pairs, values, ajv, strict=True):
        adapter = pydantic.TypeAdapter(
            Annotated[float, pydantic.Field(multiple_of=prop["multipleOf"])]
        )
        try:
            adapter.validate_json(text)
            by_pydantic = True
        except pydantic.ValidationError:
            by_pydantic = False
        found = check_value(prop, value)
        assert found is None or "binary" in found, (prop, text, found)
        if found is None:
            accepted += 1
            assert by_pydantic and by_ajv and jsonschema_verdict(prop, value), (prop, text)
        else:
            refused += 1
            assert not (by_pydantic and by_ajv and jsonschema_verdict(prop, value)), (prop, text)
    assert accepted > 1000 and refused > 100, (accepted, refused)


@pytest.mark.browser
def test_the_page_refuses_binary_multiples_as_formcore_does(browser: Any, tmp_path: Path) -> None:
    """The page's check (form.js, the web element's too) is formcore's, value for value."""
    steps = {
        f"n{i}": {"type": "number", "multipleOf": s} for i, (s, _, _) in enumerate(BINARY_STEPS)
    }
    schema = {"type": "object", "properties": steps}
    result = elicit_gen.compile(json.dumps(schema), [], name="binary.json")
    assert result.ok
    (form,) = result.forms
    by_step = {prop["multipleOf"]: name for name, prop in steps.items()}
    probes = [{by_step[prop["multipleOf"]]: json.loads(text)} for prop, text in _binary_multiples()]
    context = browser.new_context()
    try:
        tab = context.new_page()
        tab.goto(write_page(form, tmp_path).as_uri())
        found = tab.evaluate(
            "(probes) => probes.map((c) => window.elicitation.validate(c))", probes
        )
    finally:
        context.close()
    assert found == [validate_content(schema, probe) for probe in probes]
    assert sum(bool(f) for f in found) > 100
