"""The golden cases, compiled, and valid sample content for any form (used by behaviour tests)."""

from __future__ import annotations

import importlib.util
import math
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.records import replace

ROOT = Path(__file__).resolve().parents[2]
CASES_DIR = ROOT / "golden" / "cases"
CASES: list[str] = sorted(p.stem for p in CASES_DIR.glob("*.json"))
#: The language a case is compiled in, when not English (its forms carry it: every test of a
#: case sees the forms as the command line's ``--locale`` makes them).
LOCALES: dict[str, str] = {"travel_booking_zh": "zh-CN"}


@cache
def forms(case: str) -> tuple[ir.Form, ...]:
    """The IR forms of a golden case (input_required cases hold several)."""
    result = elicit_gen.compile(CASES_DIR / f"{case}.json", [], name=f"golden/cases/{case}.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    locale = LOCALES.get(case, "en")
    return tuple(replace(form, locale=locale) for form in result.forms)


def all_forms() -> list[tuple[str, ir.Form]]:
    return [(f"{case}:{form.stem}", form) for case in CASES for form in forms(case)]


def emit(form: ir.Form, target: str) -> elicit_gen.GeneratedFile:
    return elicit_gen.compile_forms([form], [target])[0]


def write_and_import(form: ir.Form, target: str, directory: Path) -> ModuleType:
    """Writes the generated module for ``target`` into ``directory`` and imports it."""
    generated = emit(form, target)
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    name = f"_gen_{target}_{form.stem}_{abs(hash(str(directory))) % 10**8}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def sample_value(field: ir.Field) -> Any:
    """A value that satisfies ``field`` (and differs from its default where possible)."""
    if isinstance(field, ir.StringField):
        by_format = {
            ir.StringFormat.EMAIL: "ada@example.com",
            ir.StringFormat.URI: "https://example.com/a?b=c",
            ir.StringFormat.DATE: "2024-02-29",
            ir.StringFormat.DATE_TIME: "2024-02-29T12:30:00+02:00",
            ir.StringFormat.TIME: "12:30:00+02:00",
            ir.StringFormat.UUID: "123e4567-e89b-12d3-a456-426614174000",
            ir.StringFormat.IPV4: "192.0.2.7",
            ir.StringFormat.IPV6: "2001:db8::7",
            ir.StringFormat.HOSTNAME: "mail.example.org",
            ir.StringFormat.DURATION: "PT1H30M",
        }
        if field.pattern is not None:
            return _patterned_text(field, by_format)
        if field.format is not None:
            return by_format[field.format]
        length = max(field.min_length or 0, min(5, field.max_length or 5))
        return ("Hello" * (length // 5 + 1))[:length]
    if isinstance(field, ir.NumberField) and field.const is not None:
        return field.const
    if isinstance(field, ir.BooleanField) and field.const is not None:
        return field.const
    if isinstance(field, ir.NumberField) and (
        field.exclusive_minimum is not None
        or field.exclusive_maximum is not None
        or field.multiple_of is not None
    ):
        return _constrained_number(field)
    if isinstance(field, ir.NumberField):
        lo, hi = field.minimum, field.maximum
        if field.integer:
            if lo is not None:
                return math.ceil(lo) + (1 if hi is None or math.ceil(lo) + 1 <= hi else 0)
            if hi is not None:
                return math.floor(hi)
            return 42
        if lo is not None and hi is not None:
            return lo + (hi - lo) / 2 if hi != lo else lo
        if lo is not None:
            return lo + 1.5
        if hi is not None:
            return hi - 1.5
        return 2.5
    if isinstance(field, ir.BooleanField):
        return not field.default if field.default is not None else True
    if isinstance(field, ir.SingleSelectField):
        return field.options[-1].value
    count = max(field.min_items or 1, 1)
    if field.max_items is not None:
        count = min(count, field.max_items)
    return [o.value for o in field.options[:count]]


#: Texts tried for a field with a pattern (the golden cases' patterns take two of each kind).
PATTERNED_TEXTS = ("12345", "hello-world", "ZX98YW76", "Hello", "54321", "QW12ER34", "abc")


def _patterned_text(field: ir.StringField, by_format: dict[ir.StringFormat, str]) -> str:
    """A text of a field with a pattern that formcore accepts, other than its default."""
    from elicit_gen.runtime.core.formcore import check_value

    prop: dict[str, Any] = {"type": "string", "pattern": field.pattern}
    if field.format is not None:
        prop["format"] = field.format.value
    for key, bound in (("minLength", field.min_length), ("maxLength", field.max_length)):
        if bound is not None:
            prop[key] = bound
    candidates = [by_format[field.format]] if field.format is not None else list(PATTERNED_TEXTS)
    for text in candidates:
        if text != field.default and check_value(prop, text) is None:
            return text
    raise AssertionError(f"no sample text for {field.name} (pattern {field.pattern!r})")


def _constrained_number(field: ir.NumberField) -> int | float:
    """A value of a number field with exclusive bounds or a step, as formcore accepts it."""
    from elicit_gen.runtime.core.formcore import check_value

    keys = {
        "minimum": field.minimum,
        "maximum": field.maximum,
        "exclusiveMinimum": field.exclusive_minimum,
        "exclusiveMaximum": field.exclusive_maximum,
        "multipleOf": field.multiple_of,
    }
    prop = {"type": "integer" if field.integer else "number"}
    prop.update({k: v for k, v in keys.items() if v is not None})
    step = field.multiple_of or 1
    lows = [b for b in (field.minimum, field.exclusive_minimum) if b is not None]
    start = math.ceil(max(lows) / step) if lows else 0
    candidates = [step * k for k in range(start, start + 50)] + [0.5, 0.25, 42]
    for value in candidates:
        value = int(value) if field.integer else value
        if check_value(prop, value) is None:
            return value
    raise AssertionError(f"no sample value for {field.name}")


def valid_content(form: ir.Form, *, optional: bool = True) -> dict[str, Any]:
    """Content that validates against the form's schema; optional fields only when asked."""
    return {f.name: sample_value(f) for f in form.fields if f.required or optional}


def requests(case: str) -> list[tuple[dict[str, Any], str | None]]:
    """Each elicitation of the golden case as sent: its requestedSchema and message."""
    from elicit_gen.compiler.diagnostics import Reporter
    from elicit_gen.compiler.load import load

    loaded = load((CASES_DIR / f"{case}.json").read_bytes(), Reporter(case))
    assert loaded is not None and loaded.envelope is not None
    return [(e.schema, e.message) for e in loaded.envelope.elicitations]  # type: ignore[misc]
