"""Helpers shared by the URL-mode rules (EG201-EG203)."""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit

from ..envelope import Mode
from ..source import join_pointer
from .base import Context

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def url_of(ctx: Context) -> tuple[str, str, SplitResult | None] | None:
    """(url, pointer, parsed) of a URL-mode elicitation; parsed is None when unparseable."""
    elicitation = ctx.elicitation
    if elicitation.mode is not Mode.URL or elicitation.url is None:
        return None
    pointer = join_pointer(elicitation.params_pointer or "", "url")
    try:
        parsed = urlsplit(elicitation.url)
        parsed.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        return elicitation.url, pointer, None
    return elicitation.url, pointer, parsed


def is_local(host: str | None) -> bool:
    return host is not None and (host in LOCAL_HOSTS or host.endswith(".localhost"))
