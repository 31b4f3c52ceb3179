"""EG201 url-absolute: a URL-mode request's ``url`` is an absolute http(s) URL.

Spec (2025-11-25, URL mode): ``url`` is "The URL that the user should navigate to"
(``format: uri``); a relative reference has no meaning for the client, and schemes such as
``javascript:`` or ``file:`` must never be opened from a server's request.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import url_of
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    found = url_of(ctx)
    if found is None:
        return
    url, pointer, parsed = found
    if parsed is None or not parsed.scheme or not parsed.netloc:
        yield Finding(pointer, f"URL-mode `url` must be an absolute URL, found {url[:80]!r}")
    elif parsed.scheme.lower() not in ("https", "http"):
        yield Finding(
            pointer,
            f"URL-mode `url` must use https, found the {parsed.scheme!r} scheme",
        )
    elif any(ch.isspace() or ord(ch) < 0x20 for ch in url):
        yield Finding(pointer, "URL-mode `url` must not contain spaces or control characters")


RULE = Rule(
    code="EG201",
    name="url-absolute",
    summary="a URL-mode `url` must be an absolute http(s) URL",
    severity=Severity.ERROR,
    check=check,
    spec="ElicitRequestURLParams.url: the URL that the user should navigate to (format: uri).",
    example='{"mode": "url", "message": "Sign in", "url": "/oauth/start"}',
    fix="Send an absolute https URL.",
)
