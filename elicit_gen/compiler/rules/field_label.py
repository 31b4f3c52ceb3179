"""EG191 field-label: a field with neither ``title`` nor ``description`` (style; off by default).

Without either, every client shows the raw property name (``dep_dt``) as the label.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if "title" not in prop.keys and "description" not in prop.keys:
            yield Finding(
                prop.pointer,
                f"field {prop.name!r} has neither `title` nor `description`; clients will show "
                "the raw property name",
                at_key=True,
                hint="add a `title`",
            )


RULE = Rule(
    code="EG191",
    name="field-label",
    summary="a field has neither `title` nor `description` (style)",
    severity=Severity.WARNING,
    check=check,
    default_enabled=False,
    spec="title and description are what clients show the user.",
    example='{"type": "object", "properties": {"dep_dt": {"type": "string", "format": "date"}}}',
    fix='Add a `title` such as "Departure date". (Enable with `--select EG191`.)',
)
