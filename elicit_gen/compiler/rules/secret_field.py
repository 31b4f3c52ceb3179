"""EG170 secret-field: form mode must not ask for secrets.

Spec (2025-11-25): "Servers MUST NOT use form mode elicitation to request sensitive information
such as passwords, API keys, access tokens, or payment credentials" — URL mode exists for that.
Found by the field's name, title and description (English), word by word, so that ordinary names
(``username``, ``token_count``, ``passport_country``, ``keyboard``) are not flagged.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from ..diagnostics import Severity
from .base import Context, Finding, Rule

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

# Single words that name a secret on their own.
_SECRET_WORDS = {
    "password": "a password",
    "passwd": "a password",
    "passphrase": "a passphrase",
    "pwd": "a password",
    "apikey": "an API key",
    "cvc": "a card security code",
    "cvv": "a card security code",
    "cvv2": "a card security code",
    "cvc2": "a card security code",
    "secret": "a secret",
    "privkey": "a private key",
    "cardnumber": "a card number",
    "credentials": "credentials",
    "credential": "credentials",
    "otp": "a one-time password",
    "totp": "a one-time password",
    "mfa": "a one-time password",
}
# Pairs of adjacent words.
_SECRET_PAIRS = {
    ("api", "key"): "an API key",
    ("access", "key"): "an access key",
    ("secret", "key"): "a secret key",
    ("private", "key"): "a private key",
    ("ssh", "key"): "a private key",
    ("signing", "key"): "a private key",
    ("card", "number"): "a card number",
    ("card", "no"): "a card number",
    ("card", "num"): "a card number",
    ("credit", "card"): "payment card details",
    ("debit", "card"): "payment card details",
    ("security", "code"): "a card security code",
    ("access", "token"): "an access token",
    ("auth", "token"): "an access token",
    ("bearer", "token"): "an access token",
    ("refresh", "token"): "a refresh token",
    ("session", "token"): "an access token",
    ("api", "token"): "an API token",
    ("personal", "token"): "an access token",
    ("id", "token"): "an identity token",
    ("one", "time"): "a one-time password",
    ("pass", "code"): "a passcode",
}
# "token" alone is a secret unless it counts or limits something (token_count, max_tokens).
_TOKEN_QUANTITY = {
    "count",
    "counts",
    "limit",
    "limits",
    "budget",
    "usage",
    "used",
    "length",
    "size",
    "number",
    "max",
    "min",
    "maximum",
    "minimum",
    "estimate",
    "cost",
    "price",
    "total",
    "per",
    "rate",
}
_NEGATIONS = {"not", "never", "no", "without"}


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def secret_kind(text: str) -> str | None:
    """What secret ``text`` (a name, title or description) asks for, if any."""
    words = _words(text)
    if any(w in _NEGATIONS for w in words):
        return None  # "do not enter your password here"
    for word in words:
        if word in _SECRET_WORDS:
            return _SECRET_WORDS[word]
    for pair in itertools.pairwise(words):
        if pair in _SECRET_PAIRS:
            return _SECRET_PAIRS[pair]
    if "token" in words and not _TOKEN_QUANTITY.intersection(words):
        return "an access token"
    return None


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.properties:
        sources = [("name", prop.name)]
        for key in ("title", "description"):
            value = prop.keys.get(key)
            if isinstance(value, str):
                sources.append((key, value))
        for where, text in sources:
            what = secret_kind(text)
            if what is not None:
                yield Finding(
                    prop.pointer,
                    f"field {prop.name!r} asks for {what} (by its {where}); form mode must not "
                    "request passwords, API keys, access tokens or payment credentials",
                    at_key=True,
                    hint='use URL mode ("mode": "url") to collect secrets out of band',
                )
                break


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
