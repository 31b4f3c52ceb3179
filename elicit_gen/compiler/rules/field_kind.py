"""EG110 field-kind: every property is one of the field kinds of the spec.

Spec: "Only top-level properties are allowed, without nesting"; each property is a
PrimitiveSchemaDefinition: StringSchema, NumberSchema, BooleanSchema or EnumSchema (single- and
multi-select). The kind is found from the property's keys; the message names the kind that seems
meant and what is wrong (nested object, ``$ref``, a type union, ``null``, an array that is not an
enum multi-select, ``items.oneOf`` where ``anyOf`` is meant, ...).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule

#: The message: a ``str.format`` template (the web element fills the same slots).
MESSAGES = {"refused": "field {name!r}: {problem}"}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.properties:
        if prop.problem is not None:
            message = MESSAGES["refused"].format(name=prop.name, problem=prop.problem)
            yield Finding(prop.pointer, message, at_key=True)


RULE = Rule(
    code="EG110",
    name="field-kind",
    summary="each property must be a string, number, boolean, single-select or multi-select field",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="Only top-level properties are allowed, without nesting; each is a "
    "PrimitiveSchemaDefinition.",
    example=(
        '{"type": "object", "properties": {"address": {"type": "object", '
        '"properties": {"city": {"type": "string"}}}}}'
    ),
    fix=(
        "Flatten nested objects (`address_city`), inline `$ref`s, pick one "
        "`type`, and make multi-selects arrays of string enums."
    ),
)
