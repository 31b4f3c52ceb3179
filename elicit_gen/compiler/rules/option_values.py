"""EG150 option-values: a select's options are non-empty, distinct strings.

Spec: ``enum`` is an array of strings; titled options are ``{"const": string, "title":
string}``. A select with no options, an empty or a repeated value cannot be rendered or answered
unambiguously. (The official schema.json accepts numbers under the string branch.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule, json_type


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if not (prop.kind.is_single or prop.kind.is_multi):
            continue
        options = prop.raw_options()
        if options is None:
            continue  # EG120 reports a non-array
        base = prop.options_pointer
        if not options:
            yield Finding(base, f"field {prop.name!r}: a select needs at least one option")
            continue
        titled = prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED)
        seen: set[str] = set()
        for index, option in enumerate(options):
            pointer = f"{base}/{index}"
            if titled:
                if not isinstance(option, dict):
                    yield Finding(
                        pointer,
                        f"field {prop.name!r}: each option must be an object with `const` and "
                        f"`title`, found {json_type(option)}",
                    )
                    continue
                if "const" not in option:
                    yield Finding(pointer, f"field {prop.name!r}: option {index} has no `const`")
                    continue
                value = option["const"]
                pointer += "/const"
            else:
                value = option
            if not isinstance(value, str):
                yield Finding(
                    pointer,
                    f"field {prop.name!r}: option values must be strings, found {json_type(value)}",
                    hint="quote the value: selects send strings",
                )
            elif not value:
                yield Finding(pointer, f"field {prop.name!r}: an option value must not be empty")
            elif value in seen:
                yield Finding(pointer, f"field {prop.name!r}: option {value!r} appears twice")
            else:
                seen.add(value)


RULE = Rule(
    code="EG150",
    name="option-values",
    summary="a select needs at least one option; values must be distinct non-empty strings",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="EnumSchema: `enum` is an array of strings; titled options have a string `const`.",
    example=(
        '{"type": "object", "properties": {"size": {"type": "string", "enum": '
        '["S", "M", "M", 42]}}}'
    ),
    fix="Give each option a distinct, non-empty string value.",
)
