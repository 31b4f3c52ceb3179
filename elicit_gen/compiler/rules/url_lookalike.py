"""EG204 url-lookalike: a URL-mode ``url`` gives a careful client nothing to warn about.

Spec (2025-11-25, URL mode security): clients MUST show the full URL and the destination clearly
before the user consents, and SHOULD help users notice suspicious URLs. A consent screen
(elicit-gen's own: ``elicit_gen/runtime/core/urlcheck.py``) warns about a host that is an IP
address, an international (punycode) name, a name that mixes scripts or is written only in letters
that look Latin (Cyrillic "аррӏе"), as look-alike domains are, a host written with full stops other
than "." (U+3002 "。": browsers read it as "."), and a non-default port. Each is legitimate
sometimes; each makes the user hesitate, so the server's author should know the warning will be
shown. A URL to this computer whose host is plain ASCII is development and not reported; one written
with other characters (``https://0x7f。1/`` is 127.0.0.1) is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import url_of, url_verdict
from .base import Context, Finding, Rule


def check(ctx: Context) -> Iterator[Finding]:
    found = url_of(ctx)
    if found is None:
        return
    url, pointer, _parsed = found
    verdict = url_verdict(url)
    if not verdict.openable:  # refused: EG201-EG205
        return
    authority = re.split(r"[/?#\\]", url.partition("//")[2], maxsplit=1)[0]
    if verdict.loopback and authority.isascii():  # development; a disguised one is reported
        return
    for warning in verdict.warnings:
        yield Finding(pointer, f"consent screens will warn: {warning}")


RULE = Rule(
    code="EG204",
    name="url-lookalike",
    summary="a URL-mode `url` that consent screens warn about (IP, punycode, mixed scripts, port)",
    severity=Severity.WARNING,
    check=check,
    spec="URL mode: clients show the destination before consent and help users notice "
    "suspicious URLs.",
    example='{"mode": "url", "message": "Sign in", "url": "https://xn--80ak6aa92e.com/start"}',
    fix="Use your plain registered domain name on the default https port.",
)
