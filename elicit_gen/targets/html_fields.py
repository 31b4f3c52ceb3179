"""The fields of the ``html`` target's page: what the template renders for each field (a
:class:`FieldView` per ``field.kind``, one macro of ``templates/html/fields.html.j2`` each: its
control, hint and the schema text it shows, escaped) and what the page's script reads of it
(:func:`field_data`). The page around them is :mod:`elicit_gen.targets.html`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup, escape

from ..compiler.ir import (
    BooleanField,
    Field,
    MultiSelectField,
    NumberField,
    SingleSelectField,
    StringField,
    StringFormat,
)
from ..i18n import ENGLISH, Translation
from ..runtime.core.formcore import option_index
from ..runtime.core.safetext import safe_block, safe_text
from .common.hints import (
    count_hint,
    field_number_hint,
    format_hint,
    format_placeholder,
    length_hint,
    local_time_phrase,
)
from .common.layout import is_long_text
from .common.ranges import highest, lowest
from .common.text import number_text

#: The <input type> of each string format (a plain text box for the others).
_INPUT_TYPES = {
    None: "text",
    StringFormat.EMAIL: "email",
    StringFormat.URI: "url",
    StringFormat.DATE: "date",
    StringFormat.DATE_TIME: "datetime-local",
}
#: The formats that get a picker, which shows what it takes.
_PICKED = (StringFormat.DATE, StringFormat.DATE_TIME)


def _format_hint(field: StringField, tr: Translation) -> str:
    """What a string format takes, in the words of the Python targets and of the page's own
    error ("Not an absolute URI."); "" for a date or date-time, which get a picker."""
    if field.format is not None and field.format not in _PICKED:
        return format_hint(field.format.value, tr)
    return ""


_AUTOCOMPLETE = {StringFormat.EMAIL: "email", StringFormat.URI: "url"}


@dataclass(frozen=True)
class OptionView:
    index: str  # the value in the markup; the script maps it to the option's const
    label: str
    selected: bool
    html_id: str


@dataclass(frozen=True)
class FieldView:
    """What the template needs to render one field; computed here so templates hold no logic."""

    macro: str  # text | textarea | datetime | number | boolean | select | multi
    html_id: str
    label: str
    description: str | None
    required: bool
    hint: str | None
    describedby: str
    input_type: str = "text"
    autocomplete: str = "off"
    value: str = ""
    checked: bool = False
    step: str = ""
    minimum: str = ""
    maximum: str = ""
    inputmode: str = ""
    placeholder: str = ""
    options: tuple[OptionView, ...] = ()
    empty_label: str = ""  # the empty choice of a select ("" = none)
    many: bool = False  # a multi-select laid out in columns (more than MANY_OPTIONS options)


def _string_hint(field: StringField, tr: Translation = ENGLISH) -> str | None:
    found = (length_hint(field.min_length, field.max_length, tr), _format_hint(field, tr))
    parts = [p for p in found if p]
    if field.format is StringFormat.DATE_TIME:
        # The script appends the offset of the chosen date-time and the full stop, so that the
        # sentence ends once: "In your time zone (UTC+01:00)."
        parts.append(local_time_phrase(tr))
    return " ".join(parts) or None


def _number_hint(field: NumberField, tr: Translation = ENGLISH) -> str | None:
    return field_number_hint(field, tr)


def _multi_hint(field: MultiSelectField, tr: Translation = ENGLISH) -> str | None:
    hint = count_hint(field.min_items, field.max_items, optional=not field.required, tr=tr)
    return hint or None


def _no_hint(field: Field, tr: Translation = ENGLISH) -> str | None:
    return None


#: The hint under a field, by ``field.kind`` (the wording is targets/common/hints.py's).
_HINTS: dict[str, Callable[[Any, Translation], str | None]] = {
    "string": _string_hint,
    "number": _number_hint,
    "boolean": _no_hint,
    "single": _no_hint,
    "multi": _multi_hint,
}


def _describedby(field: Field, hint: str | None) -> str:
    ids = [f"{field.html_id}_desc"] if field.description else []
    if hint:
        ids.append(f"{field.html_id}_hint")
    ids.append(f"{field.html_id}_err")
    return " ".join(ids)


def _inputmode(field: NumberField) -> str:
    """A touch keyboard for the number: keypads have no minus sign, so only for values that
    cannot be negative; otherwise the browser's own choice for type=number."""
    above = field.exclusive_minimum
    if (field.minimum is None or field.minimum < 0) and (above is None or above < 0):
        return ""
    return "numeric" if field.integer else "decimal"


def _bound(value: int | float | None, integer: bool, up: bool) -> str:
    """A min (``up``: rounded up) or max attribute; for integers, the nearest whole bound inside.
    These only steer the spinner; validation uses the schema's own bound."""
    if value is None:
        return ""
    if integer and isinstance(value, float) and math.isfinite(value):
        return number_text(math.ceil(value) if up else math.floor(value))
    return number_text(value)


def shown_text(value: str) -> str:
    """``value`` as one line shown literally: unsafe characters as visible escapes (``\\u202e``,
    ``\\x1b``, ``\\n``), tabs as spaces; what the CLI, Textual and Qt forms show (it is their
    ``safe_text``, runtime/core/safetext.py: one set of unsafe characters for every target)."""
    return safe_text(value)


def shown_block(value: str) -> str:
    """Multi-line ``value`` shown literally, its line breaks kept."""
    return safe_block(value)


def html_text(value: str, *, lines: bool = False) -> Markup:
    """Schema text for HTML text or a double-quoted attribute: shown literally (one line, or
    several with ``lines``), then escaped."""
    return escape(shown_block(value) if lines else shown_text(value))


def _string_view(field: StringField, base: FieldView, tr: Translation) -> FieldView:
    if is_long_text(field):
        # Prose (a description, Markdown, maxLength above 200): a multi-line box, the same rule as
        # the Qt and Textual forms (targets/common/layout.py). The script reads it as a text field.
        return replace(base, macro="textarea")
    if field.format is StringFormat.DATE_TIME:
        # The script fills the default in, converted to the user's local time.
        return replace(base, macro="datetime", input_type="datetime-local")
    # a URI box starts the address: the scheme is what people leave out
    placeholder = "https://" if field.format is StringFormat.URI else None
    fmt = field.format.value if field.format else None
    return replace(
        base,
        macro="text",
        input_type=_INPUT_TYPES.get(field.format, "text"),
        autocomplete=_AUTOCOMPLETE.get(field.format, "off") if field.format else "off",
        placeholder=placeholder or format_placeholder(fmt),
    )


def _number_view(field: NumberField, base: FieldView, tr: Translation) -> FieldView:
    return replace(
        base,
        macro="number",
        input_type="number",
        value="" if field.default is None else number_text(field.default),
        step="1" if field.integer else "any",
        minimum=_bound(lowest(field), field.integer, up=True),
        maximum=_bound(highest(field), field.integer, up=False),
        inputmode=_inputmode(field),
    )


def _boolean_view(field: BooleanField, base: FieldView, tr: Translation) -> FieldView:
    return replace(base, macro="boolean", checked=bool(field.default))


def _single_view(field: SingleSelectField, base: FieldView, tr: Translation) -> FieldView:
    values = [o.value for o in field.options]
    chosen = None if field.default is None else option_index(values, field.default)
    options = tuple(
        OptionView(str(i), html_text(o.label), i == chosen, f"{field.html_id}_{i}")
        for i, o in enumerate(field.options)
    )
    if field.default is not None and field.required:
        empty = ""
    else:
        empty = tr.gettext("Choose one…") if field.required else tr.gettext("No answer")
    return replace(base, macro="select", options=options, empty_label=empty)


#: A multi-select with more options than this is laid out in columns, not one tall column.
MANY_OPTIONS = 6


def _multi_view(field: MultiSelectField, base: FieldView, tr: Translation) -> FieldView:
    values = [o.value for o in field.options]
    chosen = {option_index(values, value) for value in field.default or ()}
    options = tuple(
        OptionView(str(i), html_text(o.label), i in chosen, f"{field.html_id}_{i}")
        for i, o in enumerate(field.options)
    )
    return replace(base, macro="multi", options=options, many=len(options) > MANY_OPTIONS)


#: The control of a field (one macro of fields.html.j2 each), by ``field.kind``.
_VIEWS: dict[str, Callable[[Any, FieldView, Translation], FieldView]] = {
    "string": _string_view,
    "number": _number_view,
    "boolean": _boolean_view,
    "single": _single_view,
    "multi": _multi_view,
}


def field_view(field: Field, tr: Translation = ENGLISH) -> FieldView:
    """What the template renders for ``field``, its words (hints, the empty choice) in the
    language of ``tr``."""
    hint = _HINTS[field.kind](field, tr)
    base = FieldView(
        macro="",
        html_id=field.html_id,
        label=html_text(field.label),
        description=None if field.description is None else html_text(field.description, lines=True),
        required=field.required,
        hint=hint,
        describedby=_describedby(field, hint),
    )
    return _VIEWS[field.kind](field, base, tr)


def field_data(field: Field, view: FieldView) -> dict[str, object]:
    # The script's name of the control: text, datetime, ...; a textarea is read as text whose
    # line breaks are shown as such.
    kind = "text" if view.macro == "textarea" else view.macro
    data: dict[str, object] = {"name": field.name, "id": field.html_id, "kind": kind}
    if view.macro == "textarea":
        data["lines"] = True
    if isinstance(field, NumberField):
        # Bounds as JSON text (exact beyond 2^53, unlike a parsed double) and as shown.
        for key, bound in (
            ("minimum", field.minimum),
            ("maximum", field.maximum),
            ("exclusiveMinimum", field.exclusive_minimum),
            ("exclusiveMaximum", field.exclusive_maximum),
            ("multipleOf", field.multiple_of),
            ("const", field.const),
        ):
            if bound is not None:
                data[key] = [json.dumps(bound), number_text(bound)]
    if isinstance(field, (SingleSelectField, MultiSelectField)) and field.numeric:
        # A select of numbers: each option as JSON text, exact beyond 2^53 (the script compares
        # an answer with these; it sends the option's parsed number, read by the control's index).
        data["options"] = [json.dumps(option.value) for option in field.options]
    return data
