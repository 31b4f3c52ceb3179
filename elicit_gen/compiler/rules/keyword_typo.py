"""EG161 keyword-typo: a misspelt keyword of the subset.

Spec: requestedSchema is "a restricted subset of JSON Schema"; a keyword outside it is dropped by
every client, so ``requried`` silently makes every field optional and ``maxLenght`` removes the
limit. A keyword within a small edit distance of a subset keyword (``required``, ``maxLength``,
``title``, ``properties``, ...) and not itself a JSON Schema keyword is almost surely a typo:
an error, with the keyword it means. (EG160 keeps reporting genuinely unknown keywords.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import WHERE, keys_outside_subset, misspelt_keyword
from .base import Context, Finding, Rule

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "typo": "{where}: `{key}` is not a keyword; did you mean `{meant}`? (as written, clients drop "
    "it)",
}


def check(ctx: Context) -> Iterator[Finding]:
    for pointer, key, where, other_kind in keys_outside_subset(ctx):
        meant = misspelt_keyword(key) if other_kind is None else None
        if meant is not None:
            yield Finding(
                pointer,
                MESSAGES["typo"].format(where=where, key=key, meant=meant),
                at_key=True,
                hint=f"rename it to `{meant}`",
            )
    # A field the kinds refuse (EG110) has no keywords the subset allows, but a typo among its
    # keys is often why it is refused: `"tpye": "string"` is a field with no `type`.
    for prop in ctx.properties:
        if prop.problem is None:
            continue
        where = WHERE["field"].format(name=prop.name)
        for key in prop.keys:
            meant = misspelt_keyword(key)
            if meant is not None:
                yield Finding(
                    prop.at(key),
                    MESSAGES["typo"].format(where=where, key=key, meant=meant),
                    at_key=True,
                    hint=f"rename it to `{meant}`",
                )


RULE = Rule(
    code="EG161",
    name="keyword-typo",
    summary="a misspelt keyword (`requried`, `maxLenght`): clients would drop it",
    severity=Severity.ERROR,
    check=check,
    spec="requestedSchema is a restricted subset of JSON Schema; clients drop other keywords.",
    example=(
        '{"type": "object", "properties": {"name": {"type": "string"}}, "requried": ["name"]}'
    ),
    fix="Spell the keyword as the spec does.",
)
