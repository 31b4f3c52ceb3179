"""EG152 option-title: every titled option has a string ``title``.

Spec: TitledSingleSelectEnumSchema.oneOf and TitledMultiSelectEnumSchema.items.anyOf items
require ``const`` and ``title``, both strings ("Display label for this option").
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule, json_type

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "missing": "field {name!r}: option {index} has no `title` (a titled option needs a label to "
    "show)",
    "not_string": "field {name!r}: option `title` must be a string, found {found}",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if prop.kind not in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
            continue
        for index, option in enumerate(prop.raw_options() or []):
            if not isinstance(option, dict):
                continue  # EG150
            pointer = f"{prop.options_pointer}/{index}"
            if "title" not in option:
                yield Finding(
                    pointer,
                    MESSAGES["missing"].format(name=prop.name, index=index),
                    hint="add a title, or use a plain `enum` for untitled options",
                )
            elif not isinstance(option["title"], str):
                yield Finding(
                    pointer + "/title",
                    MESSAGES["not_string"].format(name=prop.name, found=json_type(option["title"])),
                )


RULE = Rule(
    code="EG152",
    name="option-title",
    summary="each titled option must have a string `title`",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec="Titled options require `const` and `title`, both strings.",
    example=(
        '{"type": "object", "properties": {"size": {"type": "string", "oneOf": [{"const": "s"}]}}}'
    ),
    fix='Add `"title"` to every option, or use a plain `enum`.',
)
