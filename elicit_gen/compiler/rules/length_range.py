"""EG135 length-range: a length or item-count bound beyond 2^53 - 1.

No client holds a string or a list that long (JavaScript caps a string at 2^53 - 1 code units),
and such a bound cannot be represented in every validator: JavaScript reads it rounded, and
pydantic refuses a length bound past 2^64 when the model is built. A ``maxLength`` this large
means "no limit": leave it out.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import LENGTH_KEYS, MAX_SAFE_INTEGER
from .base import Context, Finding, Rule, is_number, show_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "beyond": "field {name!r}: `{key}` {value} is beyond 2^53 - 1; no client holds a value this "
    "long, and not every validator can represent the bound",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        for key in LENGTH_KEYS:
            value = prop.keys.get(key)
            if is_number(value) and value > MAX_SAFE_INTEGER:
                yield Finding(
                    prop.at(key),
                    MESSAGES["beyond"].format(name=prop.name, key=key, value=show_number(value)),
                    hint=f"leave `{key}` out" if key.startswith("max") else None,
                )


RULE = Rule(
    code="EG135",
    name="length-range",
    summary="a length or item-count bound must not exceed 2^53 - 1",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="JSON (RFC 8259 §6): integers beyond 2^53 - 1 are not interoperable.",
    example=(
        '{"type": "object", "properties": {"note": {"type": "string", '
        '"maxLength": 18446744073709551616}}}'
    ),
    fix="Leave out a maximum that large (it never applies); use a real limit otherwise.",
)
