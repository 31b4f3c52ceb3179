"""EG134 unsafe-integer: a number bound, default or option beyond ±(2^53 - 1).

JavaScript (and every JSON parser that reads numbers as IEEE doubles, as browsers and the
TypeScript SDK do) holds integers exactly only up to 2^53 - 1 (``Number.MAX_SAFE_INTEGER``,
9007199254740991). Past it, ``9007199254740993`` reads as ``9007199254740992``: a client that
compares in doubles accepts a value just outside the bound or refuses the bound itself. elicit-gen's
own forms compare exactly; other clients may not (and the HTML page, in JavaScript, cannot send
such an option exactly).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind, Prop
from ..source import JSON
from ._shared import MAX_SAFE_INTEGER
from .base import Context, Finding, Rule, is_number, show_number

KEYS = ("minimum", "maximum", "default")


def _as_double(value: int | float) -> str:
    """How a JavaScript client reads ``value``, when that differs from what was written."""
    if isinstance(value, int) and float(value) != value:
        return f" (a JavaScript client reads {int(float(value))})"
    return ""


_BOUND_HINT = "keep numeric bounds within ±9007199254740991, or send the value as a string field"
_OPTION_HINT = "keep options within ±9007199254740991, or make them strings"


def _numbers(prop: Prop) -> Iterator[tuple[str, str, JSON]]:
    """(pointer, what it is, value) of the numbers of ``prop`` this rule looks at."""
    if prop.kind is Kind.NUMBER:
        for key in KEYS:
            yield prop.at(key), f"`{key}`", prop.keys.get(key)
    elif prop.numeric:
        titled = prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED)
        for index, value in enumerate(prop.option_values() if titled else prop.raw_options() or []):
            pointer = f"{prop.options_pointer}/{index}" + ("/const" if titled else "")
            yield pointer, "option", value


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        for pointer, what, value in _numbers(prop):
            if is_number(value) and abs(value) > MAX_SAFE_INTEGER:
                yield Finding(
                    pointer,
                    f"field {prop.name!r}: {what} {show_number(value)} is beyond ±(2^53 - 1)"
                    f"{_as_double(value)}; JavaScript clients cannot compare numbers this large "
                    "exactly",
                    hint=_OPTION_HINT if what == "option" else _BOUND_HINT,
                )


RULE = Rule(
    code="EG134",
    name="unsafe-integer",
    summary="a number bound, default or option beyond ±(2^53 - 1) is not exact in JavaScript "
    "clients",
    severity=Severity.WARNING,
    check=check,
    spec="JSON (RFC 8259 §6): numbers beyond the IEEE double's exact integers are not "
    "interoperable.",
    example=(
        '{"type": "object", "properties": {"id": {"type": "integer", '
        '"maximum": 9223372036854775807}}}'
    ),
    fix="Keep bounds within ±9007199254740991, or ask for large identifiers as strings.",
)
