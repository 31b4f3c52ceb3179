"""EG130 bounds-order: a lower bound is not above its upper bound.

No value could satisfy ``minLength > maxLength``, ``minimum > maximum`` or
``minItems > maxItems``, nor an exclusive bound at or beyond the other bound
(``exclusiveMinimum >= maximum``, ``minimum >= exclusiveMaximum``, ``exclusiveMinimum >=
exclusiveMaximum``): the form could never be accepted. (The official schema.json does not
catch this.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, is_number

PAIRS = (("minLength", "maxLength"), ("minimum", "maximum"), ("minItems", "maxItems"))
#: Pairs of number bounds of which one or both are exclusive: empty when low >= high.
EXCLUSIVE_PAIRS = (
    ("exclusiveMinimum", "maximum"),
    ("minimum", "exclusiveMaximum"),
    ("exclusiveMinimum", "exclusiveMaximum"),
)


#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "order": "field {name!r}: `{low}` ({lo}) {relation} `{high}` ({hi}); no value can satisfy both",
    "exclusive": "is not below",
    "greater": "is greater than",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        keys = prop.keys
        for low, high in PAIRS + EXCLUSIVE_PAIRS:
            lo, hi = keys.get(low), keys.get(high)
            if not (is_number(lo) and is_number(hi)):
                continue
            if (low, high) in EXCLUSIVE_PAIRS and lo >= hi:  # an exclusive bound: no equality
                relation = MESSAGES["exclusive"]
            elif lo > hi:
                relation = MESSAGES["greater"]
            else:
                continue
            yield Finding(
                prop.at(low),
                MESSAGES["order"].format(
                    name=prop.name, low=low, lo=lo, relation=relation, high=high, hi=hi
                ),
            )


RULE = Rule(
    code="EG130",
    name="bounds-order",
    summary="`minLength`/`minimum`/`minItems` must not exceed their maximum",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="A form whose field admits no value can never be accepted.",
    example=(
        '{"type": "object", "properties": {"code": {"type": "string", '
        '"minLength": 5, "maxLength": 3}}}'
    ),
    fix="Swap or correct the bounds.",
)
