"""EG151 enum-names-length: ``enumNames`` has one name per ``enum`` value.

Spec (LegacyTitledEnumSchema): ``enumNames`` are "display names for enum values", one per value.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "length": "field {name!r}: `enumNames` has {names} name(s) for {values} `enum` value(s)",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if prop.kind is not Kind.SINGLE_LEGACY:
            continue
        values, names = prop.keys.get("enum"), prop.keys.get("enumNames")
        if isinstance(values, list) and isinstance(names, list) and len(values) != len(names):
            yield Finding(
                prop.at("enumNames"),
                MESSAGES["length"].format(name=prop.name, names=len(names), values=len(values)),
            )


RULE = Rule(
    code="EG151",
    name="enum-names-length",
    summary="`enumNames` must have exactly one name per `enum` value",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="LegacyTitledEnumSchema.enumNames: display names for enum values.",
    example=(
        '{"type": "object", "properties": {"size": {"type": "string", "enum": '
        '["s", "m"], "enumNames": ["Small"]}}}'
    ),
    fix="Give one name per value, or better, switch to a titled `oneOf`.",
)
