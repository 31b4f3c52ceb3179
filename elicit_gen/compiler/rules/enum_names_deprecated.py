"""EG181 enum-names-deprecated: ``enumNames`` is deprecated from 2025-11-25 on.

Spec (2025-11-25): LegacyTitledEnumSchema is "(Legacy)" and "non-standard according to JSON
schema 2020-12"; titled single-selects use ``oneOf`` of ``{"const", "title"}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from ..spec import ENUM_NAMES_DEPRECATED, REVISIONS
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    if REVISIONS.index(ctx.revision) < REVISIONS.index(ENUM_NAMES_DEPRECATED):
        return
    for prop in ctx.valid_properties:
        if prop.kind is not Kind.SINGLE_LEGACY:
            continue
        values, names = prop.keys.get("enum"), prop.keys.get("enumNames")
        example = '[{"const": "…", "title": "…"}]'
        if isinstance(values, list) and isinstance(names, list) and values and names:
            example = json.dumps([{"const": values[0], "title": names[0]}], ensure_ascii=False)
            example = example[:-1] + ", …]" if len(values) > 1 else example
        yield Finding(
            prop.at("enumNames"),
            f"field {prop.name!r}: `enumNames` is deprecated since {ENUM_NAMES_DEPRECATED}",
            at_key=True,
            hint=f"replace `enum` + `enumNames` with `oneOf`: {example}",
        )


RULE = Rule(
    code="EG181",
    name="enum-names-deprecated",
    summary="`enumNames` is deprecated; use a titled `oneOf` single-select",
    severity=Severity.WARNING,
    check=check,
    spec="LegacyTitledEnumSchema is legacy since 2025-11-25; use TitledSingleSelectEnumSchema.",
    example=(
        '{"type": "object", "properties": {"size": {"type": "string", "enum": '
        '["s", "m"], "enumNames": ["Small", "Medium"]}}}'
    ),
    fix='Use `"oneOf": [{"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}]`.',
)
