"""EG140 default-valid: a ``default`` satisfies its own field.

Spec (2025-11-25): "Clients SHOULD pre-populate form fields with default values" — a default
that fails its field's bounds, format, pattern or options would pre-fill an answer the form must
refuse.
The official schema.json only checks the default's JSON type.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Prop
from ..source import JSON
from ._shared import EXPECTED_TYPES, default_type, is_string
from .base import Context, Finding, Rule, is_number

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "invalid": "field {name!r}: `default` {default} does not satisfy the field: {reason}",
    "repeats": "It repeats an option.",
}


def _usable(prop: Prop) -> dict[str, JSON]:
    """The keywords of ``prop`` that have the right type, with options as plain lists of the
    values of the select's type (strings, or numbers)."""
    usable: dict[str, JSON] = {"type": prop.keys["type"]}
    for key, value in prop.keys.items():
        if key in EXPECTED_TYPES and key not in ("enum", "oneOf") and EXPECTED_TYPES[key][0](value):
            usable[key] = value
    pattern = prop.keys.get("pattern")
    if isinstance(pattern, str) and _readable(pattern):
        usable["pattern"] = pattern  # EG112 reports one the engine refuses
    right_type = is_number if prop.numeric else is_string
    values = [v for v in prop.option_values() if right_type(v)]
    if prop.kind.is_single:
        usable["enum"] = values
    elif prop.kind.is_multi:
        usable["items"] = {"type": prop.value_type, "enum": values}
    return usable


def _readable(pattern: str) -> bool:
    """Whether the forms' engine reads ``pattern`` (runtime/core/pattern.py)."""
    from ...runtime.core.pattern import PatternError, compile_pattern

    try:
        compile_pattern(pattern)
    except PatternError:
        return False
    return True


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if "default" not in prop.keys:
            continue
        # the runtime's own checker, so lint and forms agree; imported here, as most schemas
        # have no defaults and --lint should not pay for formcore (and its pattern engine)
        from ...runtime.core.formcore import check_value

        default = prop.keys["default"]
        if not default_type(prop)[0](default):
            continue  # EG120 reports the wrong type
        if prop.keys["type"] == "integer" and isinstance(default, float) and default.is_integer():
            # JSON Schema's integer; the form has it as the int it sends (compiler/lower.py)
            default = int(default)
        problem = check_value(_usable(prop), default)
        repeats = isinstance(default, list) and len(set(default)) != len(default)
        if problem is None and repeats:
            problem = MESSAGES["repeats"]
        if problem is not None:
            reason = problem[0].lower() + problem[1:].rstrip(".")
            yield Finding(
                prop.at("default"),
                MESSAGES["invalid"].format(
                    name=prop.name, default=json.dumps(default), reason=reason
                ),
            )


RULE = Rule(
    code="EG140",
    name="default-valid",
    summary="a `default` must satisfy its own field (bounds, format, pattern, options)",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="Clients SHOULD pre-populate form fields with default values.",
    example=(
        '{"type": "object", "properties": {"email": {"type": "string", '
        '"format": "email", "default": "nobody"}}}'
    ),
    fix="Use a default the field accepts, or drop it.",
)
