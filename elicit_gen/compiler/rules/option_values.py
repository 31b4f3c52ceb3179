"""EG150 option-values: a select's options are non-empty, distinct values of its type.

Spec: ``enum`` is an array of strings; titled options are ``{"const": string, "title":
string}``. A select with no options, an empty or a repeated value cannot be rendered or answered
unambiguously. (The official schema.json accepts numbers under the string branch.)

Beyond the subset, a select of numbers (``type: "integer"`` or ``"number"``, or items of that
type; the Python SDK sends ``Literal[1, 2, 4]`` so) has options that are all numbers: no
boolean (``true`` is no number to a validator, though Python counts it as 1), no string, no
fraction under ``integer`` (no answer could choose it), and no two that are one JSON number (``1``
and ``1.0``). A titled multi-select declares no type: its options are all strings or all
numbers, as its first one.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind, Prop
from ..source import JSON
from .base import Context, Finding, Rule, is_number, json_type, show_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "option": "field {name!r}: {problem}",
    "none": "field {name!r}: a select needs at least one option",
    "not_object": "field {name!r}: each option must be an object with `const` and `title`, "
    "found {found}",
    "no_const": "field {name!r}: option {index} has no `const`",
    "empty": "an option value must not be empty",
    "twice": "option {value!r} appears twice",
    "not_finite": "option {value} is not a finite number",
    "fraction": 'option {value} is no whole number, but the options\' `type` is "integer": no '
    "answer could choose it",
    "number_twice": "option {value} appears twice",
    "one_number": "option {value} appears twice: {first!r} and {second!r} are one JSON number",
    "wrong_type": "option values must be {wanted}, found {found}",
    "first": "{message} (the first option's value is {first})",
    "strings": "strings",
    "numbers": "numbers",
    "string_first": "a string",
    "number_first": "a number",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if not (prop.kind.is_single or prop.kind.is_multi):
            continue
        options = prop.raw_options()
        if options is None:
            continue  # EG120 reports a non-array
        base = prop.options_pointer
        if not options:
            yield Finding(base, MESSAGES["none"].format(name=prop.name))
            continue
        titled = prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED)
        seen: dict[JSON, JSON] = {}  # value -> as first written (1 and 1.0 are one key)
        for index, option in enumerate(options):
            pointer = f"{base}/{index}"
            if titled:
                if not isinstance(option, dict):
                    yield Finding(
                        pointer,
                        MESSAGES["not_object"].format(name=prop.name, found=json_type(option)),
                    )
                    continue
                if "const" not in option:
                    yield Finding(pointer, MESSAGES["no_const"].format(name=prop.name, index=index))
                    continue
                value = option["const"]
                pointer += "/const"
            else:
                value = option
            problem = _problem(prop, value, seen)
            if problem is not None:
                message, hint = problem
                message = MESSAGES["option"].format(name=prop.name, problem=message)
                yield Finding(pointer, message, hint=hint)
            else:
                seen[value] = value


def _problem(prop: Prop, value: JSON, seen: dict[JSON, JSON]) -> tuple[str, str | None] | None:
    """What is wrong with the option ``value`` of ``prop`` (a message and a hint), if anything."""
    if not prop.numeric:
        if not isinstance(value, str):
            return _wrong_type(prop, MESSAGES["strings"], value)
        if not value:
            return MESSAGES["empty"], None
        if value in seen:
            return MESSAGES["twice"].format(value=value), None
        return None
    if not is_number(value):
        return _wrong_type(prop, MESSAGES["numbers"], value)
    if not math.isfinite(value):
        return MESSAGES["not_finite"].format(value=value), None
    if prop.value_type == "integer" and isinstance(value, float) and not value.is_integer():
        return (
            MESSAGES["fraction"].format(value=show_number(value)),
            'give whole numbers, or use `type: "number"`',
        )
    if value in seen:
        first = seen[value]
        if repr(first) == repr(value):
            return MESSAGES["number_twice"].format(value=show_number(value)), None
        # short: one of them is a float
        message = MESSAGES["one_number"].format(value=show_number(value), first=first, second=value)
        return message, None
    return None


def _wrong_type(prop: Prop, wanted: str, value: JSON) -> tuple[str, str]:
    message = MESSAGES["wrong_type"].format(wanted=wanted, found=json_type(value))
    if prop.kind is Kind.MULTI_TITLED:
        # no declared type: the first option's const decides
        first = MESSAGES["string_first" if wanted == MESSAGES["strings"] else "number_first"]
        return MESSAGES["first"].format(message=message, first=first), (
            "give every option a value of one type: all strings, or all numbers"
        )
    if wanted == MESSAGES["strings"]:
        return message, 'quote the value, or make it a select of numbers: `type: "number"`'
    if isinstance(value, bool):
        return message, "a validator counts true and false as no numbers: use 1 and 0"
    return message, 'write the number without quotes, or use `type: "string"`'


RULE = Rule(
    code="EG150",
    name="option-values",
    summary="a select needs at least one option; values must be distinct, non-empty strings "
    "(or numbers, for a select of numbers)",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="EnumSchema: `enum` is an array of strings; titled options have a string `const`.",
    example=(
        '{"type": "object", "properties": {"size": {"type": "string", "enum": '
        '["S", "M", "M", 42]}}}'
    ),
    fix="Give each option a distinct, non-empty string value (or a distinct number, when the "
    'select\'s `type` is "integer" or "number").',
)
