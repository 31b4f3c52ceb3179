"""The one view of a field every form emitter builds its data from
(elicit_gen/targets/common/view.py): which control shows it, its options, its spinner's range,
the phrase of its constraint, and that each emitter follows it."""

from __future__ import annotations

from typing import Any, get_args

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.i18n import Translation, translation
from elicit_gen.records import replace
from elicit_gen.targets import cli, html_fields, qt, textual
from elicit_gen.targets.common.view import Control, FieldView, view_of

from ...support.cases import all_forms

PROPERTIES: dict[str, dict[str, Any]] = {
    "title": {"type": "string", "minLength": 3, "maxLength": 40},
    "notes": {"type": "string", "maxLength": 60},  # short: one line, whatever its name says
    "bio": {"type": "string"},  # its name names prose
    "description": {"type": "string", "maxLength": 150},  # so does this one
    "summary": {"type": "string", "description": "Markdown is supported."},
    "essay": {"type": "string", "maxLength": 500},  # longer than 200 characters
    "email": {"type": "string", "format": "email", "maxLength": 500},  # a format: never prose
    "site": {"type": "string", "format": "uri"},
    "when": {"type": "string", "format": "date"},
    "at": {"type": "string", "format": "date-time", "description": "One per line."},
    "count": {"type": "integer", "exclusiveMinimum": 0.5, "maximum": 10},
    "ratio": {
        "type": "number",
        "minimum": 0,
        "exclusiveMaximum": 1,
        "multipleOf": 0.25,
        "default": 0.5,
    },
    "agree": {"type": "boolean", "default": False},
    "size": {
        "type": "string",
        "oneOf": [{"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}],
    },
    "level": {"type": "number", "enum": [1, 2.5, 4], "default": 2.5},
    "tags": {
        "type": "array",
        "items": {"type": "string", "enum": ["a", "b", "c"]},
        "minItems": 1,
        "maxItems": 2,
        "default": ["a"],
    },
}


def compiled(required: tuple[str, ...] = ()) -> dict[str, ir.Field]:
    schema = {"type": "object", "properties": PROPERTIES, "required": list(required)}
    (form,) = elicit_gen.compile(schema, []).forms
    return {field.name: field for field in form.fields}


FIELDS = compiled()
REQUIRED = compiled(tuple(PROPERTIES))


def view(name: str) -> FieldView:
    return view_of(FIELDS[name])


@pytest.mark.parametrize(
    ("name", "control"),
    [
        ("title", "text"),
        ("notes", "text"),
        ("bio", "long_text"),
        ("description", "long_text"),
        ("summary", "long_text"),
        ("essay", "long_text"),
        ("email", "text"),
        ("site", "text"),
        ("when", "date"),
        ("at", "date_time"),
        ("count", "number"),
        ("ratio", "number"),
        ("agree", "boolean"),
        ("size", "single"),
        ("level", "single"),
        ("tags", "multi"),
    ],
)
def test_each_field_gets_its_control(name: str, control: Control) -> None:
    assert view(name).control == control


def test_the_test_schema_shows_every_control() -> None:
    assert {view(name).control for name in FIELDS} == set(get_args(Control))


def test_what_every_view_has() -> None:
    bio = view_of(REQUIRED["bio"])
    assert (bio.field, bio.name, bio.label, bio.required) == (REQUIRED["bio"], "bio", "bio", True)
    assert view("summary").description == "Markdown is supported."
    assert view("title").description is None
    size = view("size")
    assert (size.label, size.required) == ("size", False)


def test_a_text_box_has_its_length_format_and_example() -> None:
    title, email, site = view("title"), view("email"), view("site")
    assert (title.phrase, title.hint) == ("3 to 40 characters", "3 to 40 characters.")
    assert (title.format, title.example) == (None, "")
    assert (email.format, email.example) == ("email", "name@example.com")
    assert email.hint == "At most 500 characters."
    assert (site.format, site.example, site.phrase, site.hint) == (
        "uri",
        "https://example.com/page",
        "",
        "",
    )
    assert view("at").format == "date-time"


def test_a_number_has_its_spinner_range_and_its_own_bounds() -> None:
    count = view("count")
    assert count.integer
    # the whole numbers inside the exclusive bound: the spinner starts at 1
    assert (count.lowest, count.highest) == (1, 10)
    assert count.number_keywords == (("maximum", 10), ("exclusiveMinimum", 0.5))
    assert count.hint == "A whole number, at most 10, more than 0.5."
    assert count.default is None
    ratio = view("ratio")
    assert not ratio.integer
    # a number's open bound has no greatest value: only minimum steers the spinner
    assert (ratio.lowest, ratio.highest) == (0, None)
    assert ratio.number_keywords == (
        ("minimum", 0),
        ("exclusiveMaximum", 1),
        ("multipleOf", 0.25),
    )
    assert ratio.phrase == "a number, at least 0, less than 1, a multiple of 0.25"
    assert ratio.default == 0.5


def test_other_controls_have_no_number_data() -> None:
    for name in ("title", "agree", "level", "tags"):
        got = view(name)
        assert (got.integer, got.lowest, got.highest, got.number_keywords) == (
            False,
            None,
            None,
            (),
        )


def test_a_select_has_its_values_and_labels() -> None:
    size = view("size")
    assert (size.values, size.labels, size.numeric) == (("s", "m"), ("Small", "Medium"), False)
    assert (size.phrase, size.hint) == ("", "")


def test_a_select_of_numbers_keeps_each_number_as_the_schema_gives_it() -> None:
    level = view("level")
    assert level.numeric
    assert level.values == (1, 2.5, 4)
    assert [type(value) for value in level.values] == [int, float, int]
    assert level.labels == ("1", "2.5", "4")
    assert level.default == 2.5


def test_a_multi_select_has_its_count_and_a_json_default() -> None:
    tags = view("tags")
    assert (tags.values, tags.labels) == (("a", "b", "c"), ("a", "b", "c"))
    assert (tags.min_items, tags.max_items) == (1, 2)
    # optional: no answer at all is one too
    assert tags.phrase == "if you choose any, choose 1 to 2 options"
    assert view_of(REQUIRED["tags"]).hint == "Choose 1 to 2 options."
    assert tags.default == ["a"]
    tags.default.append("b")  # a new list each time: the cached view stays as it was
    assert tags.default == ["a"]


def test_a_boolean_has_no_phrase() -> None:
    agree = view("agree")
    assert (agree.phrase, agree.hint, agree.values, agree.default) == ("", "", (), False)


def test_a_view_is_computed_once_per_field_and_language() -> None:
    zh = translation("zh-CN")
    field = FIELDS["title"]
    assert view_of(field) is view_of(field, translation("en"))
    assert view_of(field, zh) is view_of(field, zh)
    assert view_of(field, zh) is not view_of(field)
    assert view_of(field, zh).phrase != view_of(field).phrase
    assert "40" in view_of(field, zh).phrase


def test_equal_fields_that_read_differently_get_their_own_view() -> None:
    """A default of 2 and one of 2.0 are equal (and hash alike), but the forms write them as
    the schema does: the cache tells the fields apart."""
    field = FIELDS["ratio"]
    whole, real = replace(field, default=2), replace(field, default=2.0)
    assert whole == real
    assert repr(view_of(whole).default) == "2"
    assert repr(view_of(real).default) == "2.0"


def test_a_catalogue_of_its_own_is_used_not_cached_as_its_locale() -> None:
    words = Translation("en", "(n != 1)", {"{lo} to {hi} characters": "{lo}-{hi} chars"})
    field = FIELDS["title"]
    assert view_of(field, words).phrase == "3-40 chars"
    assert view_of(field).phrase == "3 to 40 characters"


# --- every emitter follows the view ------------------------------------------------------------

#: Each emitter's one table by control.
TABLES: dict[str, dict[Control, Any]] = {
    "cli": cli._CONTROLS,
    "qt": qt._CONTROLS,
    "textual": textual._CONTROLS,
    "html": html_fields._CONTROLS,
}


@pytest.mark.parametrize("target", sorted(TABLES))
def test_every_emitter_shows_every_control(target: str) -> None:
    assert set(TABLES[target]) == set(get_args(Control))


EVERY_FIELD = [
    *FIELDS.values(),
    *REQUIRED.values(),
    *(field for _, form in all_forms() for field in form.fields),
]

#: What the page's template calls a control, where it is another name.
MACROS = {"long_text": "textarea", "date": "text", "date_time": "datetime", "single": "select"}


def test_every_emitter_writes_the_control_of_the_view() -> None:
    for field in EVERY_FIELD:
        control = view_of(field).control
        assert qt.field_spec(field)["kind"] == ("date" if control == "date_time" else control)
        assert qt.field_spec(field).get("with_time", False) is (control == "date_time")
        assert html_fields.field_view(field).macro == MACROS.get(control, control)
        spec = textual.field_spec(field)
        assert spec["kind"] == field.kind
        assert spec.get("multiline", False) is (control == "long_text")
        assert cli.field_spec(field)["kind"] == field.kind


def test_every_emitter_states_the_constraint_of_the_view() -> None:
    """The hint a field's constraint gets is the view's phrase in every target (in words of its
    own around it)."""
    for field in EVERY_FIELD:
        got = view_of(field)
        if got.hint and got.control in ("text", "number", "multi"):
            assert got.hint in (html_fields.field_view(field).hint or ""), field.name
            assert got.hint in qt.field_spec(field)["hint"], field.name
            assert got.phrase.lower() in textual.field_spec(field)["hint"].lower(), field.name
            assert got.phrase in cli.field_spec(field)["hint"].lower(), field.name
