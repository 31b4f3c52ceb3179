"""EG111 string-format: ``format`` is one a form can check.

Spec: StringSchema ``format`` is one of "email", "uri", "date", "date-time". Real servers send
more (pydantic's ``time``, ``UUID``, ``IPv4Address``; zod's ``.uuid()``, ``.ip()``): elicit-gen's
forms check those of ``kinds.ENFORCED_FORMATS`` as strictly as every validator of them (EG160
warns that other clients may drop them). Any other format is refused: a form that let any text
through would send what the server refuses.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import ENFORCED_FORMATS, SUBSET_FORMATS, Kind
from .base import Context, Finding, Rule

FORMATS = SUBSET_FORMATS + ENFORCED_FORMATS
_SUGGEST = {
    "url": "uri",
    "uri-reference": "uri",
    "iri": "uri",
    "iri-reference": "uri",
    "datetime": "date-time",
    "date_time": "date-time",
    "idn-email": "email",
    "e-mail": "email",
    "idn-hostname": "hostname",
    "ip": "ipv4",
    "ipvanyaddress": "ipv4",
    "iso-time": "time",
    "iso-date-time": "date-time",
}
#: Why a format real software sends is not checked, in a few words.
_WHY = {
    "uri-reference": "a relative reference is no address a server can open",
    "iri": "servers check non-ASCII addresses in ways no form can redo",
    "iri-reference": "servers check non-ASCII addresses in ways no form can redo",
    "idn-email": "servers check non-ASCII addresses in ways no form can redo",
    "idn-hostname": "servers check non-ASCII names in ways no form can redo",
    "ipvanyaddress": "pydantic's IPvAnyAddress: ask for `ipv4` or `ipv6`",
    "password": "form mode must not ask for passwords: use a URL-mode elicitation",
}
_LIST = ", ".join(FORMATS)
#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "refused": "field {name!r}: format {format!r} is not one a form can check{reason}; "
    "use one of {formats}",
    "reason": " ({why})",
    "uuid": "pydantic's UUID{version}: only pydantic checks the version",
}


def _pydantic_uuid(fmt: str) -> bool:
    """pydantic's UUID1 ... UUID8 (``uuid4``): the version is checked by pydantic alone."""
    return len(fmt) == 5 and fmt.startswith("uuid") and fmt[4] in "12345678"


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if prop.kind is not Kind.STRING or "format" not in prop.keys:
            continue
        fmt = prop.keys["format"]
        if isinstance(fmt, str) and fmt not in FORMATS:
            suggestion = "uuid" if _pydantic_uuid(fmt) else _SUGGEST.get(fmt.lower())
            hint = f'did you mean "{suggestion}"?' if suggestion else None
            why = _WHY.get(fmt.lower())
            if _pydantic_uuid(fmt):
                why = MESSAGES["uuid"].format(version=fmt[4])
            reason = MESSAGES["reason"].format(why=why) if why else ""
            yield Finding(
                prop.at("format"),
                MESSAGES["refused"].format(
                    name=prop.name, format=fmt, reason=reason, formats=_LIST
                ),
                hint=hint,
            )


RULE = Rule(
    code="EG111",
    name="string-format",
    summary=(
        "a string `format` must be one a form checks: email, uri, date, date-time (the subset) "
        "or time, uuid, ipv4, ipv6, hostname, duration"
    ),
    severity=Severity.ERROR,
    check=check,
    blocking=True,
    spec='StringSchema.format: one of "email", "uri", "date", "date-time".',
    example='{"type": "object", "properties": {"site": {"type": "string", "format": "url"}}}',
    fix=(
        "Use one of `email`, `uri`, `date`, `date-time` (or, for elicit-gen's forms, `time`, "
        "`uuid`, `ipv4`, `ipv6`, `hostname`, `duration`); validate anything else on the server."
    ),
)
