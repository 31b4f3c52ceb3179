"""EG103 required-list: ``required`` is an array of distinct names of existing properties.

Spec: requestedSchema ``required`` is an array of strings. Naming a property that does not exist
makes the form impossible to accept; repeating one is an error in JSON Schema 2020-12
("elements of this array MUST be unique").

Ignored, only a repeated name lets a form compile (it is required once); a missing name or a
`required` that is not an array of strings still stops compiling.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, json_type

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "not_array": "`required` must be an array of property names, found {found}",
    "not_string": "`required` lists property names, found {found}",
    "repeated": "{name!r} is listed in `required` more than once",
    "missing": "`required` names {name!r}, which is not in `properties`: the form could never "
    "be accepted",
}


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form or "required" not in ctx.root:
        return
    required = ctx.root["required"]
    if not isinstance(required, list):
        yield Finding(
            ctx.at("required"),
            MESSAGES["not_array"].format(found=json_type(required)),
        )
        return
    properties = ctx.root.get("properties")
    names = properties if isinstance(properties, dict) else None
    seen: set[str] = set()
    for index, name in enumerate(required):
        pointer = ctx.at("required", index)
        if not isinstance(name, str):
            yield Finding(pointer, MESSAGES["not_string"].format(found=json_type(name)))
            continue
        if name in seen:
            # harmless once compiled: the form requires it once
            yield Finding(
                pointer,
                MESSAGES["repeated"].format(name=name),
                compile_ignorable=True,
            )
            continue
        seen.add(name)
        if names is not None and name not in names:
            yield Finding(
                pointer,
                MESSAGES["missing"].format(name=name),
                hint="add the property or remove the name",
            )


RULE = Rule(
    code="EG103",
    name="required-list",
    summary="`required` must list distinct names of existing properties",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="requestedSchema: `required` is an array of strings naming top-level properties.",
    example='{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["nmae"]}',
    fix="List each existing property at most once; fix typos.",
)
