"""EG102 root-properties: the requestedSchema has a ``properties`` object.

Spec: requestedSchema requires ``properties``, an object whose values are
PrimitiveSchemaDefinition.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, json_type

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "missing": "requestedSchema needs a `properties` object (use {{}} for a form with no fields)",
    "not_object": "`properties` must be an object mapping field names to schemas, found {found}",
}


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form or not isinstance(ctx.schema, dict):
        return
    if "properties" not in ctx.root:
        yield Finding(ctx.at(), MESSAGES["missing"].format())
    elif not isinstance(ctx.root["properties"], dict):
        yield Finding(
            ctx.at("properties"),
            MESSAGES["not_object"].format(found=json_type(ctx.root["properties"])),
        )


RULE = Rule(
    code="EG102",
    name="root-properties",
    summary="requestedSchema must have a `properties` object",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="requestedSchema: `properties` is required; each value is a PrimitiveSchemaDefinition.",
    example='{"type": "object"}',
    fix='Add `"properties": {...}` with the fields.',
)
