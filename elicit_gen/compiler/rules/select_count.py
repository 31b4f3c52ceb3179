"""EG132 select-count: a multi-select's item bounds fit its number of options.

``minItems`` above the number of options makes the field impossible (error). ``maxItems`` above
it is a bound that never applies (warning): usually a sign the options or the bound are stale.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule, is_number, show_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "min": "field {name!r}: `minItems` ({low}) is more than the {count} options; the field can "
    "never be filled",
    "max": "field {name!r}: `maxItems` ({high}) is more than the {count} options, so it never "
    "applies",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if not prop.kind.is_multi:
            continue
        options = prop.raw_options()
        if options is None:
            continue
        count = len(options)
        low, high = prop.keys.get("minItems"), prop.keys.get("maxItems")
        if is_number(low) and low > count:
            yield Finding(
                prop.at("minItems"),
                MESSAGES["min"].format(name=prop.name, low=show_number(low), count=count),
            )
        if is_number(high) and high > count:
            yield Finding(
                prop.at("maxItems"),
                MESSAGES["max"].format(name=prop.name, high=show_number(high), count=count),
                severity=Severity.WARNING,
            )


RULE = Rule(
    code="EG132",
    name="select-count",
    summary="a multi-select's `minItems`/`maxItems` must fit its number of options",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="A form whose field admits no value can never be accepted.",
    example=(
        '{"type": "object", "properties": {"tags": {"type": "array", "items": '
        '{"type": "string", "enum": ["a", "b"]}, "minItems": 3}}}'
    ),
    fix="Lower `minItems`/`maxItems` to at most the number of options, or add options.",
)
