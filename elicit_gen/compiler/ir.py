"""The intermediate representation: a typed, frozen description of one form.

It belongs to no target. Lowering builds it from a requestedSchema that passed every rule; every
target's emitter reads only this. One class per field kind; the names every target needs are
computed once (``ident`` for Python, ``html_id`` for HTML).
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any, ClassVar, Literal, Union

from ..records import record, replace
from .naming import ClassName, HtmlId, ModuleStem, PyIdent
from .spec import Revision

#: What a form shows when the input carried no message (a bare requestedSchema).
DEFAULT_MESSAGE = "The server is asking for the following information."
#: What a form shows as the requester when no server name is given at run time.
DEFAULT_SERVER = "An MCP server"


#: The kind of a field, the one name every target dispatches on (``field.kind``): one per field
#: class. Finer distinctions are the field's own data (``StringField.format``,
#: ``NumberField.integer``, ``titled``).
FieldKind = Literal["string", "number", "boolean", "single", "multi"]


class StringFormat(str, Enum):
    """A string format a form checks: the subset's four, then those beyond it that real servers
    send (``kinds.ENFORCED_FORMATS``)."""

    EMAIL = "email"
    URI = "uri"
    DATE = "date"
    DATE_TIME = "date-time"
    TIME = "time"
    UUID = "uuid"
    IPV4 = "ipv4"
    IPV6 = "ipv6"
    HOSTNAME = "hostname"
    DURATION = "duration"


#: What a select's options are (``kinds.SELECT_TYPES``): the subset's strings, or numbers, beyond
#: the subset (``Literal[1, 2, 4]``): every target answers with the option's very JSON value.
ValueType = Literal["string", "integer", "number"]

#: The value of an option: a JSON string or number, exactly as the schema gives it (1 stays 1,
#: 2.5 stays 2.5; under ``type: integer`` an integral ``2.0`` is the integer 2).
OptionValue = Union[str, int, float]  # noqa: UP007 - a runtime alias (Python 3.10)


@record
class Option:
    """One choice of a select: ``value`` is sent, ``label`` is shown (for an untitled option,
    the value as text: ``2.5``)."""

    value: OptionValue
    label: str


@record
class FieldBase:
    name: str  # the property name, exactly as in the schema
    ident: PyIdent  # a Python identifier for it
    html_id: HtmlId  # an HTML id for it
    title: str | None
    description: str | None
    required: bool
    pointer: str  # RFC 6901 pointer of the property in the input

    @property
    def label(self) -> str:
        """What a form shows as the field's label: its title, else its name."""
        return self.title if self.title is not None and self.title.strip() else self.name

    @property
    def aliased(self) -> bool:
        return self.ident != self.name


@record
class StringField(FieldBase):
    kind: ClassVar[FieldKind] = "string"
    min_length: int | None = None
    max_length: int | None = None
    format: StringFormat | None = None
    default: str | None = None
    # beyond the subset, enforced by every target all the same (EG160 warns; EG112 refuses a
    # pattern the engine of runtime/core/pattern.py cannot read as every validator does)
    pattern: str | None = None


@record
class NumberField(FieldBase):
    kind: ClassVar[FieldKind] = "number"
    integer: bool = False
    minimum: int | float | None = None
    maximum: int | float | None = None
    default: int | float | None = None
    # beyond the subset, enforced by every target all the same (EG160 warns)
    exclusive_minimum: int | float | None = None
    exclusive_maximum: int | float | None = None
    multiple_of: int | float | None = None
    const: int | float | None = None  # the one value allowed


@record
class BooleanField(FieldBase):
    kind: ClassVar[FieldKind] = "boolean"
    default: bool | None = None
    const: bool | None = None  # the one value allowed, beyond the subset (EG160 warns)


class _Choice:
    """What both selects know of their options."""

    value_type: ValueType

    @property
    def numeric(self) -> bool:
        """Whether the options are numbers (beyond the subset: EG160 warns)."""
        return self.value_type != "string"


@record
class SingleSelectField(FieldBase, _Choice):
    kind: ClassVar[FieldKind] = "single"
    options: tuple[Option, ...] = ()
    titled: bool = False  # labels differ from values (``oneOf`` or legacy ``enumNames``)
    legacy: bool = False  # labels came from the deprecated ``enumNames``
    default: OptionValue | None = None
    value_type: ValueType = "string"  # the options' type (numbers: beyond the subset)


@record
class MultiSelectField(FieldBase, _Choice):
    kind: ClassVar[FieldKind] = "multi"
    options: tuple[Option, ...] = ()
    titled: bool = False  # ``items.anyOf`` of ``const``/``title``
    min_items: int | None = None
    max_items: int | None = None
    default: tuple[OptionValue, ...] | None = None
    unique_items: bool = False  # ``uniqueItems: true``, beyond the subset (EG160 warns)
    value_type: ValueType = "string"  # the options' type (numbers: beyond the subset)


Field = Union[  # noqa: UP007 - a runtime alias, and Python 3.10 has no `type` statement
    StringField, NumberField, BooleanField, SingleSelectField, MultiSelectField
]


@record
class Form:
    """One elicitation form: what a target needs to render and validate it."""

    stem: ModuleStem  # names output files: <stem>.html, <stem>_qt.py, ...
    class_name: ClassName  # prefix of generated class names: <class_name>Content, ...
    message: str | None  # the request's message, when the input carried one
    title: str | None  # the root schema's title
    description: str | None  # the root schema's description
    fields: tuple[Field, ...]
    schema_json: str  # the normalised requestedSchema, canonical JSON text
    schema_hash: str  # sha256 of schema_json (first 16 hex digits)
    source: str  # the input's path as the user named it (relative, '/'-separated)
    revision: Revision
    #: The language of what the form writes itself (buttons, hints, errors): a BCP 47 tag of a
    #: catalogue in elicit_gen/i18n/locales (see elicit_gen.i18n); schema text is shown as sent.
    locale: str = "en"
    #: ``additionalProperties: false`` at the root, beyond the subset (EG160 warns): content
    #: with a key that is no property of the form is invalid.
    closed: bool = False

    def in_locale(self, locale: str) -> Form:
        """This form, writing its own words in ``locale`` (a tag :mod:`elicit_gen.i18n` knows)."""
        return self if locale == self.locale else replace(self, locale=locale)

    @property
    def schema(self) -> dict[str, Any]:
        """The normalised requestedSchema as a fresh dict."""
        result: dict[str, Any] = json.loads(self.schema_json)
        return result

    @property
    def message_text(self) -> str:
        """The message to show: the input's, or :data:`DEFAULT_MESSAGE`."""
        return self.message if self.message is not None else DEFAULT_MESSAGE

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields if f.required)
