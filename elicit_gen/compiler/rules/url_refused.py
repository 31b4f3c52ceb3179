"""EG205 url-refused: a URL-mode ``url`` that consent screens refuse to open.

Spec (2025-11-25, URL mode security): clients MUST NOT open a URL without the user's consent and
SHOULD refuse URLs they cannot show honestly. Besides what EG201 (not absolute https), EG202 (plain
http) and EG203 (credentials) report, a consent screen (``elicit_gen/runtime/core/urlcheck.py``)
refuses a URL with invisible or control characters anywhere, a host that is not a valid name or ends
in a number without being an IP address, percent-escapes or an IPv6 zone id in the host, a name with
letters browsers read differently (``ß``, full-width letters, letters newer than the IDNA 2003 the
check converts with, and the few whose IDNA 2003 and UTS #46 conversions differ: ``https://ꭰ.com/``
is xn--58d.com to a browser), and URLs too long to show.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import is_local, url_of, url_verdict
from .base import Context, Finding, Rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urllib.parse import SplitResult


def _reported_elsewhere(parsed: SplitResult | None) -> bool:
    """Whether EG201, EG202 or EG203 already reports the URL (``url_of``'s parse of it)."""
    if parsed is None:
        return True
    scheme = parsed.scheme.lower()
    if scheme not in ("https", "http") or not parsed.netloc:
        return True
    if scheme == "http" and not is_local(parsed.hostname):
        return True
    return parsed.username is not None or parsed.password is not None


def check(ctx: Context) -> Iterator[Finding]:
    found = url_of(ctx)
    if found is None:
        return
    url, pointer, parsed = found
    verdict = url_verdict(url)
    if verdict.refusal is not None and not _reported_elsewhere(parsed):
        yield Finding(pointer, f"consent screens will refuse to open it: {verdict.refusal}")


RULE = Rule(
    code="EG205",
    name="url-refused",
    summary="a URL-mode `url` that consent screens refuse (hidden characters, invalid host)",
    severity=Severity.ERROR,
    check=check,
    spec="URL mode: clients MUST NOT open URLs without consent and refuse what they cannot show.",
    example='{"mode": "url", "message": "Sign in", "url": "https://fa\\u00df.example/start"}',
    fix="Send a plain https URL with a valid ASCII (or properly internationalised) host name.",
)
