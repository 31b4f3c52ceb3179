"""EG202 url-https: a URL-mode ``url`` uses https outside localhost.

Spec (2025-11-25, URL mode security): servers should use HTTPS URLs so the user can see and
trust where they are sent; plain http is acceptable only for local development.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import is_local, url_of
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    found = url_of(ctx)
    if found is None:
        return
    _url, pointer, parsed = found
    if parsed is not None and parsed.scheme.lower() == "http" and not is_local(parsed.hostname):
        yield Finding(
            pointer,
            f"URL-mode `url` uses plain http for {parsed.hostname!r}; use https outside localhost",
            hint="https://" + (parsed.hostname or "") + (f":{parsed.port}" if parsed.port else ""),
        )


RULE = Rule(
    code="EG202",
    name="url-https",
    summary="a URL-mode `url` must use https outside localhost",
    severity=Severity.ERROR,
    check=check,
    spec="URL-mode elicitation: use HTTPS URLs outside local development.",
    example='{"mode": "url", "message": "Sign in", "url": "http://auth.example.com/start"}',
    fix="Use https; plain http only for localhost during development.",
)
