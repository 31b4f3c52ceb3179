"""One wording for every target (issue 16 item 10): the hint next to a field and the error the form
shows when the field's constraint is broken must not say the same thing twice, an optional
multi-select with minItems must not claim that an answer is needed, and a date-time's hint ends
once, after the offset. Hints come from each target's emitter (the words of
targets/common/hints.py), errors from runtime/core/formcore.py (the HTML page's script has its own
copy of them, compared with formcore's by tests/targets/html/test_browser.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from elicit_gen.compiler import ir
from elicit_gen.runtime.core import formcore
from elicit_gen.targets import cli, html, html_fields, qt, textual

from ..support.cases import all_forms

FORMS = all_forms()
FIELDS = [(f"{name}:{field.name}", field) for name, form in FORMS for field in form.fields]
#: Each field's property schema, by the field's id.
PROPS = {
    f"{name}:{field.name}": form.schema["properties"][field.name]
    for name, form in FORMS
    for field in form.fields
}

#: Each target's hint for a field ("" when it shows none).
HINTS: dict[str, Callable[[ir.Field], str]] = {
    "cli": lambda field: cli.field_spec(field).get("hint") or "",
    "qt": lambda field: qt.field_spec(field).get("hint") or "",
    "textual": lambda field: textual.field_spec(field).get("hint") or "",
    "html": lambda field: html_fields.field_view(field).hint or "",
}


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9@.:/+-]+", text.lower().replace(". ", " "))).strip(".")


def broken(field: ir.Field) -> list[Any]:
    """Values that break each constraint ``field`` has (one value per constraint)."""
    values: list[Any] = []
    if isinstance(field, ir.StringField):
        if field.max_length is not None:
            values.append("x" * (field.max_length + 1))
        if field.min_length:
            values.append("x" * (field.min_length - 1))
        if field.format is not None:
            values.append("2026-02-30" if field.format is ir.StringFormat.DATE else "x y")
    elif isinstance(field, ir.NumberField):
        if field.minimum is not None:
            values.append(field.minimum - 1)
        if field.maximum is not None:
            values.append(field.maximum + 1)
    elif isinstance(field, ir.MultiSelectField):
        options = [o.value for o in field.options]
        if field.min_items and field.min_items > 1:
            values.append(options[:1])
        if field.max_items is not None and field.max_items < len(options):
            values.append(options)
    return values


def test_every_constraint_is_broken_somewhere() -> None:
    """The golden forms break a length, a count, a format and a bound (the test below bites)."""
    kinds = {type(field).__name__ for _, field in FIELDS if broken(field)}
    assert {"StringField", "NumberField", "MultiSelectField"} <= kinds


@pytest.mark.parametrize("target", sorted(HINTS))
@pytest.mark.parametrize(("fid", "field"), FIELDS, ids=[fid for fid, _ in FIELDS])
def test_error_does_not_repeat_the_hint(target: str, fid: str, field: ir.Field) -> None:
    hint = words(HINTS[target](field))
    for value in broken(field):
        error = formcore.check_value(PROPS[fid], value)
        assert error is not None, value
        assert not hint or hint not in words(error), (hint, error)
        assert words(error) not in hint, (hint, error)


@pytest.mark.parametrize("target", sorted(HINTS))
def test_optional_multi_select_hint_allows_no_answer(target: str) -> None:
    """An optional multi-select with minItems 1 accepts no answer: its hint says "If you choose
    any, choose at least 1 option", never "Choose at least 1 option"."""
    fields = [
        field
        for _, field in FIELDS
        if isinstance(field, ir.MultiSelectField) and field.min_items and not field.required
    ]
    assert fields
    for field in fields:
        hint = HINTS[target](field)
        assert "if you choose any, choose" in hint.lower(), hint
        assert not re.search(r"(^|[.;] )choose at least", hint, re.IGNORECASE), hint


def test_html_date_time_hint_ends_once_after_the_offset() -> None:
    """The page showed "In your time zone. (UTC+01:00)"; it must read "In your time zone
    (UTC+01:00).": the emitter's part has no full stop, the script's part ends with one."""
    field = next(
        field
        for _, field in FIELDS
        if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE_TIME
    )
    assert html_fields.field_view(field).hint == "In your time zone"
    script = (html.ASSETS / "form.js").read_text(encoding="utf-8")
    assert '_t("(UTC{offset}).", { offset: offsetText(-date.getTimezoneOffset()) })' in script


def test_no_sentence_slips_in_hints() -> None:
    """No hint of any target has a full stop before a bracket, a doubled stop or a space
    before punctuation."""
    slips = re.compile(r"\. \(|\.\.|\s[.,;:]|,\.|;\.")
    for target, hint_of in HINTS.items():
        for fid, field in FIELDS:
            hint = hint_of(field)
            assert not slips.search(hint), (target, fid, hint)
