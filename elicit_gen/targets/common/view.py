"""One view of a field, computed once from the IR, that every form emitter builds its data from.

The IR says what a field *is* (``field.kind``: ``string``, ``number``, ``boolean``, ``single``,
``multi``, and the field's own data); a form shows it with a *control*. Which control, its
options, its spinner's range and the phrase that states its constraint were decided apart by
each emitter, each with a table keyed by ``field.kind``; they are decided here, once, by
:func:`view_of`, the one table keyed by ``field.kind`` a form emitter has. The emitters (``cli``,
``qt``, ``textual`` and the page's ``html_fields``) dispatch on ``view.control`` instead, with
one table each, keyed by :data:`Control`, that says what their runtime calls it and what else
their spec holds. The ``pydantic`` target is no form: it keeps its table by ``field.kind``,
which maps a kind to a Python type, not to a control.

The controls (:data:`Control`), named as the Qt runtime's editors are (``_EDITORS``), a
date-time picker apart from a date's:

``text``
    A one-line text box: a string field that is neither long text nor a date (it may have
    another format: email, uri, time, ...).
``long_text``
    A multi-line text box: a string field :func:`.layout.is_long_text` calls prose.
``date``
    A date picker: a string field of format ``date``.
``date_time``
    A date-and-time picker: a string field of format ``date-time``.
``number``
    A number box (a spinner): a number field, whole or not.
``boolean``
    A check box.
``single``
    One option of several (a drop-down list, a numbered list).
``multi``
    Any number of options (check boxes, numbers separated by commas).

What each target's runtime calls a control (the names it dispatches on, which stay theirs):

=========== ========== ======================== ========================== ==================
control     ``cli``    ``qt``                   ``textual``                ``html`` (macro)
=========== ========== ======================== ========================== ==================
text        string     text                     string                     text
long_text   string     long_text                string, ``multiline``      textarea
date        string     date                     string                     text (type=date)
date_time   string     date, ``with_time``      string                     datetime
number      number     number                   number                     number
boolean     boolean    boolean                  boolean                    boolean
single      single     single                   single                     select
multi       multi      multi                    multi                      multi
=========== ========== ======================== ========================== ==================

A new field kind that one of these controls shows is added here and nowhere else among the
emitters (but for the pydantic type); a new control is added to :data:`Control` and to each
emitter's table (a test holds every table to :data:`Control`).

The view holds only what more than one emitter reads: a target's own words (the cli's typing
instructions, the Qt select's blank choice, the Textual prompt, the page's format sentence) stay
in that target. The phrase is the wording of :mod:`.hints`, in the form's language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

from ...compiler import ir
from ...i18n import ENGLISH, Translation, UnknownLocale, translation
from ...records import record
from .hints import count_phrase, field_number_phrase, format_placeholder, length_phrase, sentence
from .layout import is_long_text
from .ranges import highest, lowest

#: What a form shows a field with (the module docstring says which field gets which).
Control = Literal["text", "long_text", "date", "date_time", "number", "boolean", "single", "multi"]

#: A number field's own constraints, as the schema's keywords name them, in this order.
NUMBER_KEYWORDS = (
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "const",
)


@record
class FieldView:
    """What a form emitter needs of one field, whatever its target (see the module docstring).

    Every attribute after ``hint`` keeps its empty value where the control has no such thing
    (a boolean has no options, a select no format)."""

    field: ir.Field  # the IR field itself (its names: ``name``, ``ident``, ``html_id``)
    control: Control
    label: str  # the title, else the property name (``ir.FieldBase.label``)
    required: bool
    description: str | None
    #: The constraint the field states before the user types, as a lower-case phrase without a
    #: full stop (:mod:`.hints`): a text's length ("3 to 40 characters"), what a number takes
    #: ("a whole number from 1 to 10"; never ""), how many options to choose ("if you choose
    #: any, choose at least 1 option"); "" for none (a boolean, a single select).
    phrase: str
    hint: str  # :attr:`phrase` as a sentence ("3 to 40 characters."), "" for none
    format: str | None = None  # a text control's format (``"email"``), as the schema names it
    example: str = ""  # what a text box of that format shows while empty (``name@example.com``)
    integer: bool = False  # a number control takes only whole numbers
    lowest: int | float | None = None  # the spinner's least value (:func:`.ranges.lowest`)
    highest: int | float | None = None  # its greatest (:func:`.ranges.highest`)
    #: A number's constraints as (keyword, bound) pairs, those it has, in NUMBER_KEYWORDS order.
    number_keywords: tuple[tuple[str, int | float], ...] = ()
    values: tuple[ir.OptionValue, ...] = ()  # a select's option values, in the schema's order
    labels: tuple[str, ...] = ()  # what each option shows, in the same order
    numeric: bool = False  # a select whose options are numbers (beyond the subset)
    min_items: int | None = None  # how many options a multi-select takes at least
    max_items: int | None = None  # and at most

    @property
    def name(self) -> str:
        """The property name, exactly as in the schema."""
        return self.field.name

    @property
    def default(self) -> Any:
        """The field's default as JSON (a multi-select's as a new list), or None."""
        default = self.field.default
        return list(default) if isinstance(default, tuple) else default


def view_of(field: ir.Field, tr: Translation = ENGLISH) -> FieldView:
    """The view of ``field``, its phrases in ``tr``'s language (English when not given); the
    same object for the same field object and language (cached: every emitter of a compile
    reads the same views)."""
    try:
        shipped = translation(tr.locale) is tr
    except UnknownLocale:
        shipped = False
    if shipped:  # one of the catalogues: its locale names it
        return _cached(_Same(field), tr.locale)
    return _view(field, tr)


class _Same:
    """A field as a cache key by identity: two equal fields may differ in what the output
    shows (a default or a bound of 1 and one of 1.0 are equal and hash alike). The cache holds
    the key, and so the field: its id is not reused while it is cached."""

    __slots__ = ("field",)

    def __init__(self, field: ir.Field) -> None:
        self.field = field

    def __hash__(self) -> int:
        return id(self.field)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.field is self.field


@lru_cache(maxsize=4096)
def _cached(key: _Same, locale: str) -> FieldView:
    return _view(key.field, translation(locale))


def _view(field: ir.Field, tr: Translation) -> FieldView:
    control, phrase, data = _KINDS[field.kind](field, tr)
    return FieldView(
        field=field,
        control=control,
        label=field.label,
        required=field.required,
        description=field.description,
        phrase=phrase,
        hint=sentence(phrase, tr),
        **data,
    )


#: What a kind adds to its view: the control, the phrase, and the view's other attributes.
_Parts = tuple[Control, str, dict[str, Any]]


def _string(field: ir.StringField, tr: Translation) -> _Parts:
    control: Control
    if field.format is ir.StringFormat.DATE:
        control = "date"
    elif field.format is ir.StringFormat.DATE_TIME:
        control = "date_time"
    else:  # prose gets a multi-line box (layout.py's rule, never for a format)
        control = "long_text" if is_long_text(field) else "text"
    fmt = field.format.value if field.format is not None else None
    phrase = length_phrase(field.min_length, field.max_length, tr)
    return control, phrase, {"format": fmt, "example": format_placeholder(fmt)}


def _number(field: ir.NumberField, tr: Translation) -> _Parts:
    bounds = (
        field.minimum,
        field.maximum,
        field.exclusive_minimum,
        field.exclusive_maximum,
        field.multiple_of,
        field.const,
    )
    keywords = zip(NUMBER_KEYWORDS, bounds, strict=True)
    data = {
        "integer": field.integer,
        "lowest": lowest(field),
        "highest": highest(field),
        "number_keywords": tuple((key, bound) for key, bound in keywords if bound is not None),
    }
    return "number", field_number_phrase(field, tr), data


def _boolean(field: ir.BooleanField, tr: Translation) -> _Parts:
    return "boolean", "", {}


def _options(field: ir.SingleSelectField | ir.MultiSelectField) -> dict[str, Any]:
    return {
        "values": tuple(option.value for option in field.options),
        "labels": tuple(option.label for option in field.options),
        "numeric": field.numeric,
    }


def _single(field: ir.SingleSelectField, tr: Translation) -> _Parts:
    return "single", "", _options(field)


def _multi(field: ir.MultiSelectField, tr: Translation) -> _Parts:
    # an optional field with minItems also takes no answer: the phrase says so (hints.py)
    phrase = count_phrase(field.min_items, field.max_items, optional=not field.required, tr=tr)
    data = {**_options(field), "min_items": field.min_items, "max_items": field.max_items}
    return "multi", phrase, data


#: The view of each kind of field (``field.kind``): the one table by kind a form emitter has.
_KINDS: dict[str, Callable[[Any, Translation], _Parts]] = {
    "string": _string,
    "number": _number,
    "boolean": _boolean,
    "single": _single,
    "multi": _multi,
}
