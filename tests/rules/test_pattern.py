"""EG112 string-pattern, and what the other rules say of ``pattern``: EG160 warns that other
clients may drop it (elicit-gen's forms enforce it), EG140 checks a default against it with the
forms' own engine, and a pattern the engine refuses stops compiling even when ignored."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler.diagnostics import Diagnostic


def _schema(prop: dict[str, Any]) -> str:
    """A schema with the field ``f`` on line 3 (its keys in the order given, each on its own
    line from line 4)."""
    body = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in prop.items())
    return '{"type": "object", "properties": {\n  "f":\n  {\n' + body + "\n  }\n}}\n"


def _lint(prop: dict[str, Any]) -> list[Diagnostic]:
    return elicit_gen.lint(_schema(prop), name="t.json").diagnostics


def _codes(prop: dict[str, Any]) -> list[str]:
    return [d.code for d in _lint(prop)]


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("^(?<area>[0-9]{3})$", "named groups are written (?<name>...) in ECMAScript"),
        ("(a)\\1", "back-references"),
        ("(?i)^abc$", "inline flags"),
        ("^\\p{L}+$", "Unicode property classes (\\p{...}) are unknown to Python's re"),
        ("^a{2,$", "a lone { is an error in ECMAScript with the u flag"),
        ("^\\-$", "\\- outside a class"),
        ("^[[:digit:]]$", "nested class in Rust's regex"),
        ("(?<=a+)b", "a look-behind must have a fixed length"),
        ("(a{1000}){1000}", "too large to check quickly"),
        ("abc\\Z", "\\Z is unknown to ECMAScript"),
    ],
)
def test_a_pattern_the_engines_read_differently_is_an_error(source: str, words: str) -> None:
    found = [d for d in _lint({"type": "string", "pattern": source}) if d.code == "EG112"]
    (diag,) = found
    assert diag.severity.value == "error"
    assert (diag.line, diag.column) == (5, 16), diag  # the pattern's value
    assert words in diag.message
    assert "cannot be enforced as every validator reads it" in diag.message
    assert "(at character" in diag.message or "too large" in diag.message
    assert diag.pointer == "/properties/f/pattern"


def test_the_place_in_the_pattern_is_named() -> None:
    (diag,) = [d for d in _lint({"type": "string", "pattern": "^ab(?<x>c)$"}) if d.code == "EG112"]
    assert "(at character 4)" in diag.message


def test_a_pattern_that_is_no_string_is_an_error() -> None:
    (diag,) = [d for d in _lint({"type": "string", "pattern": 5}) if d.code == "EG112"]
    assert "`pattern` must be a string (a regular expression), not an integer" in diag.message


def test_a_const_the_pattern_refuses_is_an_error() -> None:
    (diag,) = [
        d for d in _lint({"type": "string", "const": "b", "pattern": "^a"}) if d.code == "EG112"
    ]
    assert diag.pointer == "/properties/f/const"
    assert '`const` "b" does not match `pattern`' in diag.message
    assert "EG112" not in _codes({"type": "string", "const": "ab", "pattern": "^a"})


def test_patterns_the_engines_share_lint_as_portability_only() -> None:
    for source in ("^[0-9]{5}$", "^(?!\\.)(?!.*\\.\\.)[a-z.]+$", "\\bcat\\b", "^\\S+@\\S+$"):
        diagnostics = _lint({"type": "string", "pattern": source})
        assert [d.code for d in diagnostics] == ["EG160"], source
        assert "elicit-gen's forms enforce it, but other clients may drop it" in (
            diagnostics[0].message
        )


def test_a_pattern_on_a_select_is_not_enforced() -> None:
    """Only text fields enforce a pattern: on a select it is a keyword the form drops."""
    (diag,) = _lint({"type": "string", "enum": ["a", "b"], "pattern": "^a"})
    assert diag.code == "EG160" and "elicit-gen's forms enforce it" not in diag.message


def test_a_default_the_pattern_refuses_is_an_error() -> None:
    found = [
        d
        for d in _lint({"type": "string", "pattern": "^[0-9]{5}$", "default": "1234"})
        if d.code == "EG140"
    ]
    (diag,) = found
    assert "does not satisfy the field: does not have the form the server expects" in diag.message
    assert "EG140" not in _codes({"type": "string", "pattern": "^[0-9]{5}$", "default": "12345"})
    # the forms' reading, not Python's: Python's \d takes Arabic-Indic digits, Ajv's does not
    arabic = {"type": "string", "pattern": "^\\d{5}$", "default": "\u0661\u0662\u0663\u0664\u0665"}
    assert "EG140" in _codes(arabic)


def test_a_default_beside_a_refused_pattern_is_left_to_eg112() -> None:
    codes = _codes({"type": "string", "pattern": "(?<n>x)", "default": "y"})
    assert "EG112" in codes and "EG140" not in codes


def test_compiling_stops_at_eg112_even_when_it_is_ignored() -> None:
    schema = _schema({"type": "string", "pattern": "(?i)abc"})
    result = elicit_gen.compile(schema, ["cli"], ignore=["EG112", "EG160"])
    assert not result.ok and not result.files
    assert [d.code for d in result.diagnostics if d.is_error] == ["EG112"]
    # linting may ignore it
    assert elicit_gen.lint(schema, ignore=["EG112", "EG160"]).diagnostics == []


def test_a_refused_pattern_is_refused_at_run_time_too() -> None:
    with pytest.raises(elicit_gen.FormError, match="EG112"):
        elicit_gen.load_form(
            {"type": "object", "properties": {"f": {"type": "string", "pattern": "\\p{L}"}}},
            "cli",
        )


def test_lint_pays_for_the_engine_only_when_a_schema_has_a_pattern() -> None:
    import subprocess

    code = (
        "import sys, elicit_gen\n"
        "elicit_gen.lint({'type': 'object', 'properties': {'a': {'type': 'string'}}})\n"
        "print('elicit_gen.runtime.core.pattern' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "False", proc.stdout + proc.stderr


def test_a_forms_patterns_share_one_budget_of_compile_work() -> None:
    """Issue 40: 46 patterns of 678 copies of [\\W\\D] took 12-36 s to reach the user. The lint
    (and load_form, the same rules) spends one budget of compile work on a form's patterns, in
    the order of the fields' names: the first are read, the others are EG112 errors saying why,
    each at its own field's pattern."""
    names = [f"f{index:02d}" for index in range(46)]
    properties = {
        name: {"type": "string", "pattern": "^" + "[\\W\\D]" * 678 + f"{index:04d}$"}
        for index, name in enumerate(reversed(names))
    }
    text = json.dumps({"type": "object", "properties": properties}, indent=1)
    found = elicit_gen.lint(text, name="t.json").diagnostics
    costly = [d for d in found if d.code == "EG112" and "too costly to compile" in d.message]
    assert {d.code for d in found if d.severity.name == "ERROR"} == {"EG112"}
    assert len([d for d in found if d.code == "EG112"]) == len(costly)
    assert 0 < len(costly) < 46
    refused = sorted(d.message.split("'")[1] for d in costly)
    assert refused == names[-len(costly) :]
    assert all("the form's patterns need over 300000 steps" in d.message for d in costly)
    with pytest.raises(elicit_gen.FormError):
        elicit_gen.load_form(json.loads(text), "cli")
