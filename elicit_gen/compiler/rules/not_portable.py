"""EG160 not-portable: keywords outside the elicitation subset.

Spec: requestedSchema is "a restricted subset of JSON Schema"; clients render and validate only
the keywords of the subset and drop the rest, so a constraint such as ``pattern`` or
``exclusiveMinimum`` is not enforced by any conforming client. The official schema.json accepts
unknown keywords; this rule says which ones will be ignored.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import COMMON_KEYS, ITEMS_KEYS, KIND_KEYS, OPTION_KEYS, Kind, Prop
from ..source import JSON
from .base import Context, Finding, Rule

ROOT_KEYS = frozenset({"$schema", "type", "properties", "required", "title", "description"})

_HINTS = {
    "pattern": "check the format on the server, or use one of the four string formats",
    "exclusiveMinimum": "use `minimum`",
    "exclusiveMaximum": "use `maximum`",
    "multipleOf": "validate it on the server after accept",
    "additionalProperties": "clients only return the listed properties anyway",
    "uniqueItems": "multi-selects never repeat an option",
    "examples": "put an example in `description`",
    "placeholder": "put an example in `description`",
    "const": "use a single-select with one option",
    "nullable": "leave the field out of `required` to make it optional",
}

_OTHER_KIND = {key: kind for kind, keys in KIND_KEYS.items() for key in keys}


def _finding(pointer: str, key: str, where: str, other_kind: Kind | None = None) -> Finding:
    if key.startswith("x-"):
        message = f"{where}: extension keyword `{key}` is not part of the elicitation subset"
    elif other_kind is not None:
        message = f"{where}: `{key}` belongs to {other_kind.value} fields and does not apply here"
    else:
        message = (
            f"{where}: `{key}` is not part of the elicitation subset; clients drop it, so the "
            "form will not enforce it"
        )
    return Finding(pointer, message, at_key=True, hint=_HINTS.get(key))


def _extra(allowed: frozenset[str], value: JSON) -> list[str]:
    return [k for k in value if k not in allowed] if isinstance(value, dict) else []


def _field(prop: Prop) -> Iterator[Finding]:
    where = f"field {prop.name!r}"
    allowed = COMMON_KEYS | KIND_KEYS[prop.kind]
    for key in _extra(allowed, prop.keys):
        other = _OTHER_KIND.get(key)
        yield _finding(prop.at(key), key, where, other if other and other != prop.kind else None)
    if prop.kind.is_multi:
        items = prop.keys["items"]
        for key in _extra(ITEMS_KEYS[prop.kind], items):
            yield _finding(prop.at("items", key), key, f"{where} items")
    if prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
        for index, option in enumerate(prop.raw_options() or []):
            for key in _extra(OPTION_KEYS, option):
                yield _finding(f"{prop.options_pointer}/{index}/{key}", key, f"{where} option")


def check(ctx: Context) -> Iterator[Finding]:
    if not ctx.is_form:
        return
    for key in _extra(ROOT_KEYS, ctx.schema):
        yield _finding(ctx.at(key), key, "requestedSchema")
    for prop in ctx.valid_properties:
        yield from _field(prop)


RULE = Rule(
    code="EG160",
    name="not-portable",
    summary="keywords outside the elicitation subset are dropped by clients",
    severity=Severity.WARNING,
    check=check,
    spec="requestedSchema is a restricted subset of JSON Schema.",
    example=(
        '{"type": "object", "properties": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}}}'
    ),
    fix="Drop the keyword and check the value on the server after `accept`.",
)
