"""The fields of the ``html`` target's page: what the template renders for each field (a
:class:`FieldMarkup` computed from the field's view, ``targets/common/view.py``: one macro of
``templates/html/fields.html.j2`` per control, its hint and the schema text it shows, escaped)
and what the page's script reads of it (:func:`field_data`). The page around them is
:mod:`elicit_gen.targets.html`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..compiler.ir import Field
from ..i18n import ENGLISH, Translation
from ..runtime.core.formcore import option_index
from ..runtime.core.safetext import safe_block, safe_text
from .common.hints import format_hint, local_time_phrase
from .common.text import number_text
from .common.view import Control, FieldView, view_of

#: The <input type> of a text box of each string format (a plain text box for the others).
_INPUT_TYPES = {
    "email": "email",
    "uri": "url",
    "date": "date",
}
_AUTOCOMPLETE = {"email": "email", "uri": "url"}


@dataclass(frozen=True)
class OptionView:
    index: str  # the value in the markup; the script maps it to the option's const
    label: str
    selected: bool
    html_id: str


@dataclass(frozen=True)
class FieldMarkup:
    """What the template needs to render one field; computed here so templates hold no logic."""

    view: FieldView  # the field's view, which this is computed from (targets/common/view.py)
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


def _markup(view: FieldView, macro: str, hint: str | None, **control: Any) -> FieldMarkup:
    """What every field has (its label, description, hint and the ids that describe it), and
    what its control adds (``control``)."""
    field = view.field
    ids = [f"{field.html_id}_desc"] if view.description else []
    if hint:
        ids.append(f"{field.html_id}_hint")
    ids.append(f"{field.html_id}_err")
    return FieldMarkup(
        view=view,
        macro=macro,
        html_id=field.html_id,
        label=html_text(view.label),
        description=None if view.description is None else html_text(view.description, lines=True),
        required=view.required,
        hint=hint,
        describedby=" ".join(ids),
        **control,
    )


def _text_hint(view: FieldView, tr: Translation) -> str | None:
    """The length, then what a format takes, in the words of the Python targets and of the
    page's own error ("Not an absolute URI."); a date or date-time gets a picker instead, which
    shows what it takes."""
    parts = [view.hint] if view.hint else []
    if view.format is not None and view.control not in ("date", "date_time"):
        parts.append(format_hint(view.format, tr))
    if view.control == "date_time":
        # The script appends the offset of the chosen date-time and the full stop, so that the
        # sentence ends once: "In your time zone (UTC+01:00)."
        parts.append(local_time_phrase(tr))
    return " ".join(parts) or None


def _inputmode(view: FieldView) -> str:
    """A touch keyboard for the number: keypads have no minus sign, so only for values that
    cannot be negative; otherwise the browser's own choice for type=number."""
    keywords = dict(view.number_keywords)
    least, above = keywords.get("minimum"), keywords.get("exclusiveMinimum")
    if (least is None or least < 0) and (above is None or above < 0):
        return ""
    return "numeric" if view.integer else "decimal"


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


def _text(view: FieldView, tr: Translation) -> FieldMarkup:
    fmt = view.format
    return _markup(
        view,
        "text",
        _text_hint(view, tr),
        input_type=_INPUT_TYPES.get(fmt, "text") if fmt else "text",
        autocomplete=_AUTOCOMPLETE.get(fmt, "off") if fmt else "off",
        # a URI box starts the address: the scheme is what people leave out
        placeholder="https://" if fmt == "uri" else view.example,
    )


def _long_text(view: FieldView, tr: Translation) -> FieldMarkup:
    # Prose (a description, Markdown, maxLength above 200): a multi-line box, the same rule as
    # the Qt and Textual forms (targets/common/layout.py). The script reads it as a text field.
    return _markup(view, "textarea", _text_hint(view, tr))


def _date_time(view: FieldView, tr: Translation) -> FieldMarkup:
    # The script fills the default in, converted to the user's local time.
    return _markup(view, "datetime", _text_hint(view, tr), input_type="datetime-local")


def _number(view: FieldView, tr: Translation) -> FieldMarkup:
    default = view.default
    return _markup(
        view,
        "number",
        view.hint,
        input_type="number",
        value="" if default is None else number_text(default),
        step="1" if view.integer else "any",
        minimum=_bound(view.lowest, view.integer, up=True),
        maximum=_bound(view.highest, view.integer, up=False),
        inputmode=_inputmode(view),
    )


def _boolean(view: FieldView, tr: Translation) -> FieldMarkup:
    return _markup(view, "boolean", None, checked=bool(view.default))


def _option_views(view: FieldView, chosen: Container[int | None]) -> tuple[OptionView, ...]:
    html_id = view.field.html_id
    return tuple(
        OptionView(str(i), html_text(label), i in chosen, f"{html_id}_{i}")
        for i, label in enumerate(view.labels)
    )


def _single(view: FieldView, tr: Translation) -> FieldMarkup:
    default = view.default
    chosen = None if default is None else option_index(view.values, default)
    if default is not None and view.required:
        empty = ""
    else:
        empty = tr.gettext("Choose one…") if view.required else tr.gettext("No answer")
    options = _option_views(view, (chosen,))
    return _markup(view, "select", None, options=options, empty_label=empty)


#: A multi-select with more options than this is laid out in columns, not one tall column.
MANY_OPTIONS = 6


def _multi(view: FieldView, tr: Translation) -> FieldMarkup:
    chosen = {option_index(view.values, value) for value in view.default or ()}
    options = _option_views(view, chosen)
    many = len(options) > MANY_OPTIONS
    return _markup(view, "multi", view.hint or None, options=options, many=many)


#: Each control (targets/common/view.py): its markup, one macro of fields.html.j2 (a date is a
#: text box of type date, a single select a "select"), with the hint under it.
_CONTROLS: dict[Control, Callable[[FieldView, Translation], FieldMarkup]] = {
    "text": _text,
    "long_text": _long_text,
    "date": _text,
    "date_time": _date_time,
    "number": _number,
    "boolean": _boolean,
    "single": _single,
    "multi": _multi,
}


def field_view(field: Field, tr: Translation = ENGLISH) -> FieldMarkup:
    """What the template renders for ``field``, its words (hints, the empty choice) in the
    language of ``tr``."""
    view = view_of(field, tr)
    return _CONTROLS[view.control](view, tr)


def field_data(markup: FieldMarkup) -> dict[str, object]:
    """What the page's script reads of a field: its name, id and control, each number bound
    exactly, and the options of a select of numbers."""
    view = markup.view
    # The script's name of the control: text, datetime, ...; a textarea is read as text whose
    # line breaks are shown as such.
    kind = "text" if markup.macro == "textarea" else markup.macro
    data: dict[str, object] = {"name": view.name, "id": markup.html_id, "kind": kind}
    if markup.macro == "textarea":
        data["lines"] = True
    # Bounds as JSON text (exact beyond 2^53, unlike a parsed double) and as shown.
    for key, bound in view.number_keywords:
        data[key] = [json.dumps(bound), number_text(bound)]
    if view.numeric:
        # A select of numbers: each option as JSON text, exact beyond 2^53 (the script compares
        # an answer with these; it sends the option's parsed number, read by the control's index).
        data["options"] = [json.dumps(value) for value in view.values]
    return data
