"""EG170 secret-field: form mode must not ask for secrets.

Spec (2025-11-25): "Servers MUST NOT use form mode elicitation to request sensitive information
such as passwords, API keys, access tokens, or payment credentials" — URL mode exists for that.
Found by the field's name, title and description, word by word in English, so that ordinary names
(``username``, ``token_count``, ``passport_country``, ``keyboard``) are not flagged, and by the
common Chinese terms (密码, 口令, 密钥, 私钥, 令牌, 卡号, 信用卡, 安全码; not in 密码学, 令牌数,
or text that says not to give one: 无需密码); and only on
fields that can hold a secret at all: free text and numbers (a PIN, a card's CVV). A boolean
("Join the secret santa"), a select, or a string with a format a form checks
(``password_reset_email`` is an email address, a date is a date) cannot carry a password,
whatever its name says. A format no form checks (EG111 reports it) leaves the field free text, and
``format: "password"`` (pydantic's ``SecretStr``, OpenAPI's habit) says it outright: both are
reported with EG111, at once, not after the format is removed.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import ENFORCED_FORMATS, SUBSET_FORMATS, Kind, Prop
from ._shared import secret_kind
from .base import Context, Finding, Rule

#: The formats a form checks: a field with one holds an email, a date, a UUID..., never a secret.
_CHECKED_FORMATS = frozenset((*SUBSET_FORMATS, *ENFORCED_FORMATS))
#: ``format`` values that say the field is a secret (pydantic's ``SecretStr``, OpenAPI).
_SECRET_FORMATS = frozenset({"password"})


#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "secret": "field {name!r} asks for {what} (by its {where}); form mode must not request "
    "passwords, API keys, access tokens or payment credentials",
    "format": "a password",
    "by_format": "format",
    "by_name": "name",
}


def _can_hold_a_secret(prop: Prop) -> bool:
    if prop.kind is Kind.STRING:
        # an email, URI, date or date-time is not a secret; an unchecked format is free text
        return prop.keys.get("format") not in _CHECKED_FORMATS
    return prop.kind in (Kind.NUMBER, Kind.INVALID)


def _what(prop: Prop) -> tuple[str, str] | None:
    """(what secret the field asks for, where that was read), or None."""
    fmt = prop.keys.get("format")
    if isinstance(fmt, str) and fmt in _SECRET_FORMATS:
        return MESSAGES["format"], MESSAGES["by_format"]
    sources = [(MESSAGES["by_name"], prop.name)]
    for key in ("title", "description"):
        value = prop.keys.get(key)
        if isinstance(value, str):
            sources.append((key, value))
    for where, text in sources:
        what = secret_kind(text)
        if what is not None:
            return what, where
    return None


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.properties:
        found = _what(prop) if _can_hold_a_secret(prop) else None
        if found is not None:
            what, where = found
            yield Finding(
                prop.pointer,
                MESSAGES["secret"].format(name=prop.name, what=what, where=where),
                at_key=True,
                hint='use URL mode ("mode": "url") to collect secrets out of band',
            )


RULE = Rule(
    code="EG170",
    name="secret-field",
    summary="form mode must not ask for passwords, API keys, tokens or payment credentials",
    severity=Severity.ERROR,
    check=check,
    spec="Servers MUST NOT use form mode elicitation to request sensitive information such as "
    "passwords, API keys, access tokens, or payment credentials.",
    example='{"type": "object", "properties": {"api_key": {"type": "string", "title": "API key"}}}',
    fix='Collect secrets with a URL-mode elicitation (`"mode": "url"`) on a page you control.',
)
