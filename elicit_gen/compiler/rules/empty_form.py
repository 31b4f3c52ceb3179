"""EG190 empty-form: a form with no fields.

A requestedSchema with empty ``properties`` is valid, but the user can only accept, decline or
cancel: usually a mistake, or a confirmation better phrased in ``message``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.is_form and ctx.root.get("properties") == {}:
        yield Finding(
            ctx.at("properties"),
            "the form has no fields: the user can only accept, decline or cancel",
        )


RULE = Rule(
    code="EG190",
    name="empty-form",
    summary="the form has no fields",
    severity=Severity.WARNING,
    check=check,
    spec="requestedSchema.properties lists the fields the user fills in.",
    example='{"type": "object", "properties": {}}',
    fix=(
        "Add fields, or ask the question in `message` if a yes/no is all you need (accept/decline)."
    ),
)
