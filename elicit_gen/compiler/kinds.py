"""Which field kind a property means, found from its keys (never by trying union branches).

A property that fits no kind gets a reason that names the kind it seems to mean and what is
wrong with it, so that a rule can report one precise message.
"""

from __future__ import annotations

from enum import Enum

from ..records import NamedTuple
from .source import JSON, join_pointer


class Kind(str, Enum):
    STRING = "string"
    NUMBER = "number"
    BOOLEAN = "boolean"
    SINGLE_UNTITLED = "untitled single-select"
    SINGLE_TITLED = "titled single-select"
    SINGLE_LEGACY = "legacy titled enum"
    MULTI_UNTITLED = "untitled multi-select"
    MULTI_TITLED = "titled multi-select"
    INVALID = "invalid"

    @property
    def is_single(self) -> bool:
        return self in (Kind.SINGLE_UNTITLED, Kind.SINGLE_TITLED, Kind.SINGLE_LEGACY)

    @property
    def is_multi(self) -> bool:
        return self in (Kind.MULTI_UNTITLED, Kind.MULTI_TITLED)


COMMON_KEYS = frozenset({"type", "title", "description", "default"})

#: The keywords each kind may carry (besides COMMON_KEYS).
KIND_KEYS: dict[Kind, frozenset[str]] = {
    Kind.STRING: frozenset({"minLength", "maxLength", "format"}),
    Kind.NUMBER: frozenset({"minimum", "maximum"}),
    Kind.BOOLEAN: frozenset(),
    Kind.SINGLE_UNTITLED: frozenset({"enum"}),
    Kind.SINGLE_TITLED: frozenset({"oneOf"}),
    Kind.SINGLE_LEGACY: frozenset({"enum", "enumNames"}),
    Kind.MULTI_UNTITLED: frozenset({"items", "minItems", "maxItems"}),
    Kind.MULTI_TITLED: frozenset({"items", "minItems", "maxItems"}),
}

#: Keywords beyond the subset that elicit-gen's own forms enforce all the same (every target
#: checks them): lowering keeps them. EG160 still warns about them, as other clients drop them.
ENFORCED_KEYS: dict[Kind, frozenset[str]] = {
    Kind.STRING: frozenset({"const", "pattern"}),
    Kind.NUMBER: frozenset({"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "const"}),
    Kind.BOOLEAN: frozenset({"const"}),
    Kind.MULTI_UNTITLED: frozenset({"uniqueItems"}),
    Kind.MULTI_TITLED: frozenset({"uniqueItems"}),
}

#: The string formats of the elicitation subset (the same in every revision).
SUBSET_FORMATS = ("email", "uri", "date", "date-time")

#: String formats beyond the subset that real servers send (pydantic's ``time``, ``UUID``,
#: ``IPv4Address``, ``IPv6Address``, ``timedelta``; zod's ``.uuid()``, ``.ip()``, ``.duration()``,
#: ``z.hostname()``) and that elicit-gen's forms check as strictly as every validator of them
#: (runtime/core/formcore.py's ``FORMAT_CHECKS``). EG160 still warns about them: other clients may
#: drop them.
ENFORCED_FORMATS = ("time", "uuid", "ipv4", "ipv6", "hostname", "duration")

ITEMS_KEYS: dict[Kind, frozenset[str]] = {
    Kind.MULTI_UNTITLED: frozenset({"type", "enum"}),
    Kind.MULTI_TITLED: frozenset({"anyOf"}),
}

OPTION_KEYS = frozenset({"const", "title"})

#: The ``type`` of a select of numbers. The subset's selects are strings; servers also send
#: numbers (the Python SDK renders ``Literal[1, 2, 4]`` as ``{"type": "integer", "enum": [1, 2,
#: 4]}``, FastMCP an ``IntEnum`` alike, zod ``z.literal([1, 2])`` as ``type: "number"``), and
#: check that the answer is that number. Such a select is beyond the subset (EG160 warns: other
#: clients may drop or mis-render it); elicit-gen's forms answer with the option's number.
NUMBER_TYPES = ("integer", "number")
#: The ``type`` a select's options may have: the subset's strings, or numbers.
SELECT_TYPES = ("string", *NUMBER_TYPES)
#: The keys that make a string property a select (or a broken one, said precisely).
_STRING_SELECT_KEYS = frozenset({"enum", "oneOf", "anyOf", "enumNames"})

#: JSON Schema's annotation keywords (2020-12's meta-data vocabulary, and ``$comment``) and the
#: JSON type each must have (the meta-schema's). An annotation describes a value and never changes
#: whether one is valid, so it may stand anywhere in a requestedSchema: at the root, in a field,
#: in ``items``, in an option. The form shows those of the subset (a field's ``title`` and
#: ``description``, an option's ``title``); clients ignore the others.
#:
#: Not here: ``default`` (one in 2020-12 too, but a field's ``default`` is part of the form; EG140
#: checks it against its field), and ``contentMediaType``/``contentEncoding``: annotations only
#: since 2019-09, but draft-07 (a ``$schema`` the router accepts) lets a validator assert them, and
#: either says the string is something else than text (base64, a PNG) that a text field cannot
#: collect: they stay keywords the form does not enforce (EG160).
ANNOTATION_TYPES: dict[str, tuple[type, str]] = {
    "title": (str, "a string"),
    "description": (str, "a string"),
    "$comment": (str, "a string"),
    "examples": (list, "an array"),
    "deprecated": (bool, "a boolean"),
    "readOnly": (bool, "a boolean"),
    "writeOnly": (bool, "a boolean"),
}
ANNOTATION_KEYS = frozenset(ANNOTATION_TYPES)


def is_annotation(key: str, value: object) -> bool:
    """Whether ``key: value`` is an annotation with the type its keyword gives it."""
    expected = ANNOTATION_TYPES.get(key)
    return expected is not None and isinstance(value, expected[0])


NESTED = "nested objects are not allowed: the form is flat; move these fields to the top level"
KIND_LIST = (
    "string, number, integer, boolean, a single-select (`type: string` with `enum` or `oneOf`; "
    "`integer` or `number` for options that are numbers) or a multi-select (`type: array` with "
    "enum `items`)"
)
#: What a select's ``type`` must be, for a message.
_SELECT_TYPE = '`type: "string"` (or "integer" or "number" for options that are numbers)'


#: Where a select's options are, under its schema.
_OPTIONS_AT: dict[Kind, tuple[str, ...]] = {
    Kind.SINGLE_UNTITLED: ("enum",),
    Kind.SINGLE_LEGACY: ("enum",),
    Kind.SINGLE_TITLED: ("oneOf",),
    Kind.MULTI_UNTITLED: ("items", "enum"),
    Kind.MULTI_TITLED: ("items", "anyOf"),
}


class Prop(NamedTuple):
    """One entry of ``properties``, classified."""

    name: str
    pointer: str
    schema: JSON
    kind: Kind
    problem: str | None  # why it is INVALID
    #: The schema's keywords (``{}`` when it is no object): what every rule reads, kept here
    #: rather than worked out on each of its hundreds of reads in a form.
    keys: dict[str, JSON]

    def at(self, *tokens: str | int) -> str:
        pointer = self.pointer
        for token in tokens:
            pointer = join_pointer(pointer, token)
        return pointer

    @property
    def options_pointer(self) -> str:
        """Pointer of the options array of a select."""
        tokens = _OPTIONS_AT.get(self.kind)
        return self.pointer if tokens is None else self.at(*tokens)

    def raw_options(self) -> list[JSON] | None:
        """The options array of a select (None when it is not an array)."""
        schema = self.keys
        if self.kind in (Kind.SINGLE_UNTITLED, Kind.SINGLE_LEGACY):
            value = schema.get("enum")
        elif self.kind is Kind.SINGLE_TITLED:
            value = schema.get("oneOf")
        elif self.kind.is_multi:
            items = schema.get("items")
            key = "enum" if self.kind is Kind.MULTI_UNTITLED else "anyOf"
            value = items.get(key) if isinstance(items, dict) else None
        else:
            return None
        return value if isinstance(value, list) else None

    def option_values(self) -> list[JSON]:
        """The values a select sends (``enum`` items or the options' ``const``)."""
        options = self.raw_options() or []
        if self.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
            return [o.get("const") for o in options if isinstance(o, dict)]
        return list(options)

    @property
    def value_type(self) -> str:
        """What a select's options are: ``"string"``, ``"integer"`` or ``"number"`` (see
        ``NUMBER_TYPES``); ``""`` for the other kinds. A single-select says it in its ``type``,
        an untitled multi-select in its items' ``type``; a titled multi-select declares none,
        so its first option's ``const`` decides (EG150 reports options of another type)."""
        if self.kind.is_single:
            return str(self.keys.get("type"))
        if self.kind is Kind.MULTI_UNTITLED:
            items = self.keys.get("items")
            return str(items.get("type")) if isinstance(items, dict) else ""
        if self.kind is Kind.MULTI_TITLED:
            first = next(iter(self.option_values()), None)
            number = isinstance(first, (int, float)) and not isinstance(first, bool)
            return "number" if number else "string"
        return ""

    @property
    def numeric(self) -> bool:
        """Whether this is a select of numbers (beyond the subset: ``NUMBER_TYPES``)."""
        return self.value_type in NUMBER_TYPES


def _keys(schema: JSON) -> dict[str, JSON]:
    return schema if isinstance(schema, dict) else {}


def _invalid(name: str, pointer: str, schema: JSON, problem: str) -> Prop:
    return Prop(name, pointer, schema, Kind.INVALID, problem, _keys(schema))


def classify(name: str, pointer: str, schema: JSON) -> Prop:
    if not isinstance(schema, dict):
        return _invalid(
            name, pointer, schema, f"a field must be a schema object; use one of: {KIND_LIST}"
        )
    if "$ref" in schema:
        return _invalid(
            name,
            pointer,
            schema,
            "`$ref` is not allowed: clients do not resolve references; inline the field's schema",
        )
    for combinator in ("allOf", "not", "if"):
        if combinator in schema:
            return _invalid(
                name,
                pointer,
                schema,
                f"`{combinator}` is not allowed in a form field; use one of: {KIND_LIST}",
            )
    kind_type = schema.get("type")
    if "type" not in schema:
        if "enum" in schema or "oneOf" in schema:
            return _invalid(name, pointer, schema, f"a single-select needs {_SELECT_TYPE}")
        if "items" in schema:
            return _invalid(name, pointer, schema, 'a multi-select needs `type: "array"`')
        if "properties" in schema:
            return _invalid(
                name,
                pointer,
                schema,
                NESTED,
            )
        if "anyOf" in schema:
            return _invalid(
                name,
                pointer,
                schema,
                '`anyOf` is not allowed on a field; a titled single-select uses `type: "string"` '
                "with `oneOf`",
            )
        return _invalid(name, pointer, schema, f"the field has no `type`; use one of: {KIND_LIST}")
    if isinstance(kind_type, list):
        if "null" in kind_type:
            return _invalid(
                name,
                pointer,
                schema,
                '`null` is not a value a form returns: drop "null" from `type` and leave the '
                "field out of `required` to make it optional",
            )
        return _invalid(
            name,
            pointer,
            schema,
            "type unions are not allowed: a field has exactly one `type`",
        )
    if kind_type is None or kind_type == "null":
        return _invalid(
            name,
            pointer,
            schema,
            "`null` is not a field type: a form never returns null; leave the field out of "
            "`required` to make it optional",
        )
    if kind_type == "object":
        return _invalid(
            name,
            pointer,
            schema,
            NESTED,
        )
    if kind_type == "array":
        return _classify_array(name, pointer, schema)
    if kind_type == "string":
        if _STRING_SELECT_KEYS.intersection(schema):
            return _classify_select(name, pointer, schema)
        return Prop(name, pointer, schema, Kind.STRING, None, _keys(schema))
    if kind_type in NUMBER_TYPES:
        if "enum" in schema or "oneOf" in schema:  # a select of numbers (Literal[1, 2, 4])
            return _classify_select(name, pointer, schema)
        return Prop(name, pointer, schema, Kind.NUMBER, None, _keys(schema))
    if kind_type == "boolean":
        return Prop(name, pointer, schema, Kind.BOOLEAN, None, _keys(schema))
    if isinstance(kind_type, str):
        return _invalid(
            name, pointer, schema, f"unknown type {kind_type!r}; {_type_hint(kind_type)}"
        )
    return _invalid(name, pointer, schema, "`type` must be a string naming the field's type")


def _classify_select(name: str, pointer: str, schema: dict[str, JSON]) -> Prop:
    """A string or number property with options: which single-select it is."""
    if "oneOf" in schema:
        return Prop(name, pointer, schema, Kind.SINGLE_TITLED, None, _keys(schema))
    if "enum" in schema:
        kind = Kind.SINGLE_LEGACY if "enumNames" in schema else Kind.SINGLE_UNTITLED
        return Prop(name, pointer, schema, kind, None, _keys(schema))
    if "anyOf" in schema:
        return _invalid(
            name,
            pointer,
            schema,
            "a titled single-select lists its options in `oneOf`, not `anyOf`",
        )
    return _invalid(name, pointer, schema, "`enumNames` needs an `enum` beside it")


def _classify_array(name: str, pointer: str, schema: dict[str, JSON]) -> Prop:
    items = schema.get("items")
    if not isinstance(items, dict):
        return _invalid(
            name,
            pointer,
            schema,
            'an array field is only allowed as a multi-select: `items` with `type: "string"` and '
            "`enum`, or `items` with `anyOf` of `const`/`title` options",
        )
    if "anyOf" in items:
        return Prop(name, pointer, schema, Kind.MULTI_TITLED, None, _keys(schema))
    if "oneOf" in items:
        return _invalid(
            name,
            pointer,
            schema,
            "a titled multi-select lists its options in `items.anyOf`, not `items.oneOf`",
        )
    if "enum" in items:
        if items.get("type") not in SELECT_TYPES:
            return _invalid(
                name,
                pointer,
                schema,
                f"the items of an untitled multi-select need {_SELECT_TYPE} beside `enum`",
            )
        return Prop(name, pointer, schema, Kind.MULTI_UNTITLED, None, _keys(schema))
    return _invalid(
        name,
        pointer,
        schema,
        "arrays are only allowed as multi-selects: free lists and objects are not; give `items` "
        "an `enum` of strings (or numbers) or an `anyOf` of `const`/`title` options",
    )


#: ``type`` values people write for the spec's types (Python, TypeScript, SQL habits).
_TYPE_ALIASES = {
    "str": "string",
    "text": "string",
    "int": "integer",
    "long": "integer",
    "float": "number",
    "double": "number",
    "decimal": "number",
    "bool": "boolean",
    "list": "array",
    "enum": "string",
}


def _type_hint(given: object) -> str:
    """'did you mean ...' for a ``type`` that is not one of the spec's, then the kinds."""
    from .suggest import closest

    guess = None
    if isinstance(given, str):
        guess = _TYPE_ALIASES.get(given.lower()) or closest(
            given, ("string", "number", "integer", "boolean", "array")
        )
    mean = f"did you mean `{guess}`? " if guess else ""
    return f"{mean}use one of: {KIND_LIST}"
