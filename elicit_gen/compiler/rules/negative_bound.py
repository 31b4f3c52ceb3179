"""EG131 negative-bound: lengths and item counts are not negative.

JSON Schema 2020-12: the value of ``minLength``, ``maxLength``, ``minItems`` and ``maxItems``
"MUST be a non-negative integer".
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import LENGTH_KEYS
from .base import Context, Finding, Rule, is_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {"negative": "field {name!r}: `{key}` must not be negative, found {value}"}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        for key in LENGTH_KEYS:
            value = prop.keys.get(key)
            if is_number(value) and value < 0:
                yield Finding(
                    prop.at(key),
                    MESSAGES["negative"].format(name=prop.name, key=key, value=value),
                )


RULE = Rule(
    code="EG131",
    name="negative-bound",
    summary="length and item-count bounds must not be negative",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec='JSON Schema: minLength, maxLength, minItems, maxItems "MUST be a non-negative integer".',
    example='{"type": "object", "properties": {"code": {"type": "string", "maxLength": -1}}}',
    fix="Use 0 or a positive count.",
)
