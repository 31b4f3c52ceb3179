"""EG203 url-secrets: a URL-mode ``url`` carries no credentials or obvious secrets.

Spec (2025-11-25, URL mode): "Servers MUST NOT include sensitive information about the end-user,
including credentials, personal identifiable information, etc., in the URL." Checked: user info
(``https://user:pass@host``) and query or fragment parameters named like secrets.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ._shared import secret_kind, url_of
from .base import Context, Finding, Rule

_SECRET_PARAMS = {"key", "sig", "signature", "code_verifier", "client_secret", "pass", "auth"}


def check(ctx: Context) -> Iterator[Finding]:
    found = url_of(ctx)
    if found is None:
        return
    _url, pointer, parsed = found
    if parsed is None:
        return
    from urllib.parse import parse_qsl  # (url_of has imported urllib for a URL-mode request)

    if parsed.username is not None or parsed.password is not None:
        yield Finding(
            pointer,
            "URL-mode `url` embeds credentials (user:password@); they would be shown to the user "
            "and logged",
        )
    for part in (parsed.query, parsed.fragment):
        for name, _value in parse_qsl(part, keep_blank_values=True):
            what = "a secret" if name.lower() in _SECRET_PARAMS else secret_kind(name)
            if what is not None:
                yield Finding(
                    pointer,
                    f"URL-mode `url` passes {what} in its {name!r} parameter; URLs end up in "
                    "histories and logs",
                    hint="pass an opaque, single-use identifier instead",
                )


RULE = Rule(
    code="EG203",
    name="url-secrets",
    summary="a URL-mode `url` must not carry credentials or secrets",
    severity=Severity.ERROR,
    check=check,
    spec="Servers MUST NOT include sensitive information about the end-user, including "
    "credentials, in the URL.",
    example=(
        '{"mode": "url", "message": "Sign in", "url": '
        '"https://auth.example.com/start?access_token=abc"}'
    ),
    fix="Put an opaque, single-use id in the URL and keep secrets server-side.",
)
