"""EG160 not-portable: keywords outside the elicitation subset.

Spec: requestedSchema is "a restricted subset of JSON Schema"; clients render and validate only
the keywords of the subset and drop the rest, so a constraint such as ``pattern`` or
``exclusiveMinimum`` is not enforced by any conforming client. The official schema.json accepts
unknown keywords; this rule says which ones will be ignored.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import ENFORCED_KEYS, Kind
from ._shared import keys_outside_subset, misspelt_keyword
from .base import Context, Finding, Rule

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


#: What EG160 says of a keyword elicit-gen's own forms enforce (``kinds.ENFORCED_KEYS``).
_ENFORCED_HINT = "check it on the server too: other clients send answers that break it"


def _enforced(ctx: Context) -> set[str]:
    """Pointers of the keywords beyond the subset that every elicit-gen target enforces."""
    found = {
        prop.at(key)
        for prop in ctx.valid_properties
        for key in ENFORCED_KEYS.get(prop.kind, ())
        if key in prop.keys
    }
    if ctx.root.get("additionalProperties") is False:
        found.add(ctx.at("additionalProperties"))
    return found


def _enforced_finding(pointer: str, key: str, where: str) -> Finding:
    message = (
        f"{where}: `{key}` is not part of the elicitation subset; elicit-gen's forms enforce "
        "it, but other clients may drop it"
    )
    return Finding(pointer, message, at_key=True, hint=_ENFORCED_HINT)


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


def check(ctx: Context) -> Iterator[Finding]:
    enforced = _enforced(ctx) if ctx.is_form else set()
    for pointer, key, where, other_kind in keys_outside_subset(ctx):
        if other_kind is None and misspelt_keyword(key) is not None:
            continue  # EG161 keyword-typo reports it, as an error
        if pointer in enforced:
            yield _enforced_finding(pointer, key, where)
            continue
        yield _finding(pointer, key, where, other_kind)


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
