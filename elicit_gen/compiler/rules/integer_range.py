"""EG133 integer-range: an integer field's bounds admit at least one integer.

``{"type": "integer", "minimum": 1.2, "maximum": 1.8}`` has no valid value.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, is_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "empty": "field {name!r}: no integer lies between `minimum` {lo} and `maximum` {hi}",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if prop.keys.get("type") != "integer":
            continue
        lo, hi = prop.keys.get("minimum"), prop.keys.get("maximum")
        if not (is_number(lo) and is_number(hi)) or lo > hi:
            continue
        if math.ceil(lo) > math.floor(hi):
            yield Finding(
                prop.at("minimum"),
                MESSAGES["empty"].format(name=prop.name, lo=lo, hi=hi),
            )


RULE = Rule(
    code="EG133",
    name="integer-range",
    summary="an integer field's bounds must admit at least one integer",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="A form whose field admits no value can never be accepted.",
    example=(
        '{"type": "object", "properties": {"n": {"type": "integer", "minimum": '
        '1.2, "maximum": 1.8}}}'
    ),
    fix='Widen the range so that it contains a whole number, or use `"type": "number"`.',
)
