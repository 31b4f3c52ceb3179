"""EG111 string-format: ``format`` is one of email, uri, date, date-time.

Spec: StringSchema ``format`` is one of "email", "uri", "date", "date-time".
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule

FORMATS = ("email", "uri", "date", "date-time")
_SUGGEST = {
    "url": "uri",
    "uri-reference": "uri",
    "iri": "uri",
    "datetime": "date-time",
    "date_time": "date-time",
    "idn-email": "email",
    "e-mail": "email",
}


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if prop.kind is not Kind.STRING or "format" not in prop.keys:
            continue
        fmt = prop.keys["format"]
        if isinstance(fmt, str) and fmt not in FORMATS:
            suggestion = _SUGGEST.get(fmt.lower())
            hint = f'did you mean "{suggestion}"?' if suggestion else None
            yield Finding(
                prop.at("format"),
                f"field {prop.name!r}: format {fmt!r} is not one of email, uri, date, date-time",
                hint=hint,
            )


RULE = Rule(
    code="EG111",
    name="string-format",
    summary="a string `format` must be email, uri, date or date-time",
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec='StringSchema.format: one of "email", "uri", "date", "date-time".',
    example='{"type": "object", "properties": {"site": {"type": "string", "format": "url"}}}',
    fix="Use one of `email`, `uri`, `date`, `date-time`; validate anything else on the server.",
)
