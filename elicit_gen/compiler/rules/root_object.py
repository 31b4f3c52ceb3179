"""EG101 root-object: the requestedSchema is an object schema with ``type: "object"``.

Spec: "requestedSchema: A restricted subset of JSON Schema. Only top-level properties are
allowed, without nesting." (ElicitRequestFormParams.requestedSchema: ``type`` is ``const
"object"``, required.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, json_type


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form:
        return
    schema = ctx.schema
    if not isinstance(schema, dict):
        yield Finding(
            ctx.at(), f"requestedSchema must be an object schema, found {json_type(schema)}"
        )
        return
    if "type" not in schema:
        yield Finding(
            ctx.at(), 'requestedSchema needs `"type": "object"`', hint='add "type": "object"'
        )
    elif schema["type"] != "object":
        yield Finding(
            ctx.at("type"),
            f'requestedSchema `type` must be "object", found {schema["type"]!r}',
        )


RULE = Rule(
    code="EG101",
    name="root-object",
    summary='requestedSchema must be a JSON object with `"type": "object"`',
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec='requestedSchema: `type` is the constant "object" and is required.',
    example='{"type": "array", "properties": {}}',
    fix='Use `"type": "object"`: a form is always an object of fields.',
)
