"""EG120 keyword-type: every keyword of a field has the JSON type the spec gives it.

Spec: ``title``/``description`` are strings; ``minLength``, ``maxLength``, ``minItems`` and
``maxItems`` are integers; ``minimum``/``maximum`` are numbers; ``default`` has the field's
type (string, number, boolean, or an array of strings for multi-selects; a number, or an array
of numbers, for a select of numbers); ``enumNames`` is an array of strings. Annotations,
wherever they stand (root, field, ``items``, option), have the type JSON Schema's meta-schema
gives them: ``title``, ``description`` and ``$comment`` strings, ``examples`` an array,
``deprecated``, ``readOnly`` and ``writeOnly`` booleans (a validator that checks the schema
itself, as Ajv does by default, refuses any other).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import ANNOTATION_TYPES, Kind, is_annotation
from ..source import JSON, join_pointer
from ._shared import DEFAULT_TYPES, EXPECTED_TYPES, default_type, every_annotation
from .base import Context, Finding, Rule, json_type

#: The kinds whose ``const`` (one value the field must have) has the type of their ``default``.
_CONST_KINDS = (Kind.STRING, Kind.NUMBER, Kind.BOOLEAN)


#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "schema": "requestedSchema: `$schema` must be a string, found {found}",
    "annotation": "{where}: `{key}` must be {expected}, found {found}",
    "keyword": "field {name!r}: `{key}` must be {expected}, found {found}",
    "any_of": "field {name!r}: `items.anyOf` must be an array of options, found {found}",
    "shown": "{type} ({value})",
    "clipped": "{start}...",
}
#: How long a value a message shows whole (a longer one is clipped).
SHOWN_LENGTH = 40


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form:
        return
    if "$schema" in ctx.root and not isinstance(ctx.root["$schema"], str):
        yield Finding(
            ctx.at("$schema"),
            MESSAGES["schema"].format(found=_show(ctx.root["$schema"])),
        )
    # a field's title and description: with its other keywords, below
    fields = {prop.pointer for prop in ctx.valid_properties}
    for parent, key, where, value in every_annotation(ctx):
        if key in ("title", "description") and parent in fields:
            continue
        if not is_annotation(key, value):
            expected = ANNOTATION_TYPES[key][1]
            yield Finding(
                join_pointer(parent, key),
                MESSAGES["annotation"].format(
                    where=where, key=key, expected=expected, found=_show(value)
                ),
            )
    for prop in ctx.valid_properties:
        for key, value in prop.keys.items():
            if key == "default":
                ok, expected = default_type(prop)
            elif key == "const" and prop.kind in _CONST_KINDS:
                ok, expected = DEFAULT_TYPES[prop.kind]
            elif key in EXPECTED_TYPES:
                ok, expected = EXPECTED_TYPES[key]
            else:
                continue
            if not ok(value):
                yield Finding(
                    prop.at(key),
                    MESSAGES["keyword"].format(
                        name=prop.name, key=key, expected=expected, found=_show(value)
                    ),
                )
        if prop.kind is Kind.MULTI_TITLED:
            items = prop.keys["items"]
            any_of = items.get("anyOf") if isinstance(items, dict) else None
            if not isinstance(any_of, list):
                yield Finding(
                    prop.at("items", "anyOf"),
                    MESSAGES["any_of"].format(name=prop.name, found=json_type(any_of)),
                )


def _show(value: JSON) -> str:
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return MESSAGES["shown"].format(type=json_type(value), value=_short(value))
    return json_type(value)


def _short(value: str | int | float) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    if len(text) <= SHOWN_LENGTH:
        return text
    return MESSAGES["clipped"].format(start=text[: SHOWN_LENGTH - 3])


RULE = Rule(
    code="EG120",
    name="keyword-type",
    summary="each keyword must have the JSON type the spec gives it",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="StringSchema, NumberSchema, BooleanSchema and EnumSchema give each keyword one type.",
    example='{"type": "object", "properties": {"age": {"type": "number", "minimum": "18"}}}',
    fix='Give the keyword its JSON type: `"minimum": 18`, `"default": true`.',
)
