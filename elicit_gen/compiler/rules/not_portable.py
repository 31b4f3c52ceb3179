"""EG160 not-portable: keywords outside the elicitation subset.

Spec: requestedSchema is "a restricted subset of JSON Schema"; clients render and validate only
the keywords of the subset and drop the rest, so a constraint such as ``pattern`` or
``exclusiveMinimum`` is not enforced by any conforming client. The official schema.json accepts
unknown keywords; this rule says which ones will be ignored.

A ``format`` beyond the subset's four that elicit-gen's forms check (``kinds.ENFORCED_FORMATS``:
``uuid``, ``time``, ...) is reported the same way: enforced here, maybe dropped elsewhere.

Annotations (``examples``, ``deprecated``, ``readOnly``, ``writeOnly``, and a ``title`` or
``description`` where the subset has none: in ``items``, in an option) change no verdict on any
answer: the form is right without them. They are reported as ignored (a client of the subset
shows none of them: the user never learns what they say), never as unenforced. Not reported:
``$comment``, which is for the schema's authors and which no client may show, and
``deprecated``, ``readOnly`` or ``writeOnly`` set to ``false``, which say nothing. An annotation
of the wrong type is EG120's.

A select of numbers (``{"type": "integer", "enum": [1, 2, 4]}``, what the Python SDK sends for
``Literal[1, 2, 4]``) is beyond the subset too, whose options are strings: elicit-gen's forms
enforce it (they answer with one of the numbers), but other clients read it as a plain number
field (the TypeScript SDK's types drop ``enum``) and may send any number. (A multi-select of
numbers is refused by the spec's schema itself: EG154.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import ENFORCED_FORMATS, ENFORCED_KEYS, SUBSET_FORMATS, Kind, is_annotation
from ..source import JSON
from ._shared import annotations_outside_subset, keys_outside_subset, misspelt_keyword
from .base import Context, Finding, Rule

_HINTS = {
    "pattern": "check the format on the server, or use one of the four string formats",
    "exclusiveMinimum": "use `minimum`",
    "exclusiveMaximum": "use `maximum`",
    "multipleOf": "validate it on the server after accept",
    "additionalProperties": "clients only return the listed properties anyway",
    "uniqueItems": "multi-selects never repeat an option",
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


def _formats_beyond_subset(ctx: Context) -> Iterator[Finding]:
    """A ``format`` the subset does not have but elicit-gen's forms check (``uuid``, ``time``,
    ...): other clients may drop it as they drop any format they do not know."""
    for prop in ctx.valid_properties:
        fmt = prop.keys.get("format") if prop.kind is Kind.STRING else None
        if fmt in ENFORCED_FORMATS:
            message = (
                f"field {prop.name!r}: format {fmt!r} is not one of the subset's "
                f"({', '.join(SUBSET_FORMATS)}); elicit-gen's forms enforce it, but other "
                "clients may drop it, or refuse the request (schema.json allows only those)"
            )
            yield Finding(prop.at("format"), message, hint=_ENFORCED_HINT)


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


#: What the user misses when clients ignore an annotation, and what to do instead: (what follows
#: "clients ignore it", hint). A ``title``/``description`` here is one in ``items`` or an option.
_ANNOTATIONS = {
    "examples": (", so the user sees no example", "put an example in `description`"),
    "deprecated": (
        " and ask for the value all the same",
        "leave out what the server no longer needs, or say so in `description`",
    ),
    "readOnly": (
        " and let the user enter the value",
        "leave out what the user must not change: the server has it already",
    ),
    "writeOnly": (
        " and show the value as it is typed",
        "ask for secrets through a URL-mode elicitation, never in a form",
    ),
    "title": (
        " here",
        "clients show the field's `title` and the options' titles; put the label there",
    ),
    "description": (" here", "clients show the field's `description`; put the text there"),
}


def _annotation(pointer: str, key: str, where: str, value: JSON) -> Finding | None:
    if key == "$comment" or not is_annotation(key, value) or value is False:
        return None  # for the schema's authors; EG120 reports a wrong type; false says nothing
    tail, hint = _ANNOTATIONS[key]
    message = f"{where}: `{key}` is an annotation: clients ignore it{tail}"
    return Finding(pointer, message, at_key=True, hint=hint)


def _numeric_selects(ctx: Context) -> Iterator[Finding]:
    """A single-select of numbers (``kinds.NUMBER_TYPES``), reported at the ``type`` that makes
    it one: the subset's options are strings. (A multi-select of numbers is EG154's.)"""
    for prop in ctx.valid_properties:
        if prop.numeric and prop.kind.is_single:
            yield Finding(
                prop.at("type"),
                f"field {prop.name!r}: a select of numbers is not part of the elicitation subset "
                "(its options are strings); elicit-gen's forms answer with one of the numbers, "
                "but other clients may show a plain number box (the TypeScript SDK drops the "
                "options) and send a number the server refuses",
                at_key=True,
                hint="check the answer on the server too; for every client, use string options",
            )


def check(ctx: Context) -> Iterator[Finding]:
    yield from _numeric_selects(ctx)
    enforced = _enforced(ctx) if ctx.is_form else set()
    for pointer, key, where, other_kind in keys_outside_subset(ctx):
        if other_kind is None and misspelt_keyword(key) is not None:
            continue  # EG161 keyword-typo reports it, as an error
        if pointer in enforced:
            yield _enforced_finding(pointer, key, where)
            continue
        yield _finding(pointer, key, where, other_kind)
    for pointer, key, where, value in annotations_outside_subset(ctx):
        finding = _annotation(pointer, key, where, value)
        if finding is not None:
            yield finding
    if ctx.is_form:
        yield from _formats_beyond_subset(ctx)


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
