"""EG101 root-object: the requestedSchema is an object schema with ``type: "object"``.

Spec: "requestedSchema: A restricted subset of JSON Schema. Only top-level properties are
allowed, without nesting." (ElicitRequestFormParams.requestedSchema: ``type`` is ``const
"object"``, required.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, json_type

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "not_object": "requestedSchema must be an object schema, found {found}",
    "no_type": 'requestedSchema needs `"type": "object"`',
    "wrong_type": 'requestedSchema `type` must be "object", found {type!r}',
}


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form:
        return
    schema = ctx.schema
    if not isinstance(schema, dict):
        yield Finding(ctx.at(), MESSAGES["not_object"].format(found=json_type(schema)))
        return
    if "type" not in schema:
        yield Finding(ctx.at(), MESSAGES["no_type"], hint='add "type": "object"')
    elif schema["type"] != "object":
        yield Finding(
            ctx.at("type"),
            MESSAGES["wrong_type"].format(type=schema["type"]),
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
