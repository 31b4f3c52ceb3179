"""EG154 number-multi-select: a multi-select of numbers, which the spec's schema refuses.

Spec: the items of a multi-select are strings (UntitledMultiSelectEnumSchema: ``items: {"type":
"string", "enum": [string]}``; TitledMultiSelectEnumSchema: options with a string ``const``).
FastMCP sends ``list[IntEnum]`` and ``list[Literal[1, 2]]`` as ``items: {"type": "integer",
"enum": [...]}``; the official schema.json refuses that, the MCP SDKs' clients refuse the whole
request (invalid params) and the Python SDK will not send it. A select of one number is another
matter (EG160: beyond the subset, but a valid NumberSchema).

elicit-gen's own forms answer such a multi-select with the options' numbers: ignore this code
(``--ignore EG154``) to compile it for clients that are elicit-gen's forms.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "numbers": "field {name!r}: a multi-select of numbers is refused by the spec's schema (a "
    "multi-select's options are strings): the MCP SDKs' clients refuse the whole request, though "
    "elicit-gen's forms answer it with numbers",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if not (prop.kind.is_multi and prop.numeric):
            continue
        if prop.kind is Kind.MULTI_UNTITLED:
            pointer = prop.at("items", "type")
        else:
            pointer = prop.options_pointer
        yield Finding(
            pointer,
            MESSAGES["numbers"].format(name=prop.name),
            at_key=True,
            hint='use string options ("8"), or --ignore EG154 where every client is elicit-gen\'s',
        )


RULE = Rule(
    code="EG154",
    name="number-multi-select",
    summary="a multi-select of numbers is refused by the spec's schema and the SDKs' clients",
    severity=Severity.ERROR,
    check=check,
    spec="UntitledMultiSelectEnumSchema.items and TitledMultiSelectEnumSchema options are strings.",
    example=(
        '{"type": "object", "properties": {"sizes": {"type": "array", "items": '
        '{"type": "integer", "enum": [8, 16]}}}}'
    ),
    fix='Send string options (`"8"`) and convert on the server, or ignore EG154 when every '
    "client is an elicit-gen form.",
)
