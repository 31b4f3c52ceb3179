"""A request as the router first sees it: past the limits or not (:func:`past_limits`), and
the name of its server in the log (:func:`shown_name`). The types a router hands requests on
with: a URL-mode request (:class:`UrlRequest`), the callables that show a form
(:data:`FormRunner`), a consent screen (:data:`UrlRunner`), tell the user of a request not shown
(:data:`Notifier`) or answer what no form was compiled for (:data:`Fallback`); and why a request
was not shown (:class:`Refusal`, and the JSON-RPC error code the server gets,
:data:`NOT_SHOWN`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from mcp import types
from mcp.client.session import ClientRequestContext

from ..compiler.diagnostics import visible
from ..i18n import ENGLISH, Translation
from ..live.limits import LimitExceeded, Limits, check_limits
from ..runtime.core.safetext import clip, safe_text
from ..runtime.core.urlcheck import MAX_URL_LENGTH


def shown_name(server: str | None) -> str:
    """A server's name as the log shows it."""
    return repr(visible(server)) if server else "a server without a name"


def past_limits(params: types.ElicitRequestParams, limits: Limits) -> str | None:
    """Why a request is past the limits (and refused before anything else), or ``None``.
    Every text the request carries is measured: the schema, the message, and in URL mode
    the elicitationId and the URL. Costs microseconds for a request far past them."""
    message = params.message if isinstance(params.message, str) else ""
    if isinstance(params, types.ElicitRequestURLParams):
        url, elicitation_id = params.url, params.elicitation_id
        if isinstance(url, str) and len(url) > MAX_URL_LENGTH:
            return f"the URL has {len(url):,} characters (limit {MAX_URL_LENGTH:,})"
        if isinstance(elicitation_id, str) and len(elicitation_id) > limits.max_id:
            return (
                f"the elicitationId has {len(elicitation_id):,} characters "
                f"(limit {limits.max_id:,})"
            )
    requested = getattr(params, "requested_schema", None)
    try:
        check_limits(requested if isinstance(requested, Mapping) else {}, limits, message=message)
    except LimitExceeded as error:
        return str(error)
    return None


# --- a request that is not shown -----------------------------------------------------------------

#: The JSON-RPC error code of a request the router does not show: -32602, Invalid params, which
#: the spec gives a request whose parameters the receiver cannot serve ("Elicitation: Server
#: requests an elicitation mode not declared in client capabilities", 2026-07-28). The error's
#: ``data`` is ``{"reason": <Refusal.kind>}``.
NOT_SHOWN = types.INVALID_PARAMS

#: Characters of the error message a server gets, at most.
_MAX_ERROR = 500


@dataclass(frozen=True)
class Refusal:
    """Why the router did not show a request.

    ``kind`` is one of ``too_large`` (past the :class:`~elicit_gen.Limits`), ``no_form`` (no
    registered form, and no ``compile_unknown``), ``not_a_form`` (the linter rejects the schema),
    ``unenforced`` (the form would not enforce all of it) and ``url_mode`` (no ``url_consent``);
    ``detail`` is for the log and the server's error (the places in the schema, the limit), and
    ``brief`` what the user is told of it (keywords, the linter's first error; may be empty).
    Both are escaped and bounded: no schema text is echoed beyond a clipped name."""

    kind: str
    detail: str = ""
    brief: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "detail", clip(visible(self.detail), _MAX_ERROR))
        object.__setattr__(self, "brief", clip(visible(self.brief), 160))

    def reason(self, tr: Translation) -> str:
        """The reason in plain words, in the language of ``tr``."""
        if self.kind == "too_large":
            return tr.gettext("the request is too large to show safely")
        if self.kind == "no_form":
            return tr.gettext("this app has no form for it")
        if self.kind == "not_a_form":
            return tr.gettext("it is not a valid form")
        if self.kind == "unenforced":
            return tr.gettext("this app's forms cannot check everything it asks for")
        return tr.gettext("it asks to open a web page, which this app does not do for servers")

    def notice(self, tr: Translation) -> str:
        """What the user is told (after the server's name), one line in the language of ``tr``."""
        reason = self.reason(tr)
        if self.brief:
            reason = tr.gettext("{reason} ({detail})", reason=reason, detail=self.brief)
        return safe_text(
            tr.gettext(
                "This request was not shown: {reason}. The server has been told.", reason=reason
            )
        )

    def error(self) -> types.ErrorData:
        """What the server gets: a JSON-RPC error, code :data:`NOT_SHOWN`, whose message names
        the reason (in English) and whose ``data`` is ``{"reason": kind}``."""
        message = f"elicitation not shown to the user: {self.reason(ENGLISH)}"
        if self.detail:
            message += f" ({self.detail})"
        return types.ErrorData(
            code=NOT_SHOWN, message=clip(message, _MAX_ERROR), data={"reason": self.kind}
        )


def more_not_shown(tr: Translation, n: int) -> str:
    """The line a notice that is still up gets for the ``n`` requests of its server not shown
    since it appeared (one notice per server at a time), in the language of ``tr``."""
    return tr.ngettext(
        "And {n} more request was not shown.", "And {n} more requests were not shown.", n
    )


# --- running a form ------------------------------------------------------------------------------


FormRunner = Callable[[ModuleType, str, str | None], Awaitable[Mapping[str, Any]]]
"""Shows a module's form: ``(module, message, server) -> ElicitResult dict``."""

Notifier = Callable[[str, str], "Awaitable[None] | None"]
"""Tells the user that a request was not shown: ``(server, reason)``, both one line of safe,
bounded text in the router's language (the server's name, already clipped; the reason, a
sentence). A runner's ``notify`` method, when it has one (see :class:`FormRouter`). A runner
whose class says ``counts_notices = True`` (:class:`TextualRunner`, the Qt runner) keeps one
notice per server on screen at a time, counting the rest in it, and is also given the
router's ``locale=`` for that count."""


@dataclass(frozen=True)
class UrlRequest:
    """A URL-mode request as the consent screen takes it: the server's ``message`` and ``url``,
    who asks (``server``), the ``elicitation_id`` a later completion notification names, and the
    session's protocol ``revision`` (``"2025-11-25"``, ``"2026-07-28"``; ``None``: not known,
    read as 2025-11-25), which decides whether the screen answers ``accept`` at Open (a
    notification will say when the step is done) or waits for the user's "I've finished"
    (2026-07-28 has no such notification)."""

    message: str
    url: str
    server: str | None = None
    elicitation_id: str | None = None
    revision: str | None = None


UrlRunner = Callable[[ModuleType, UrlRequest], Awaitable[Mapping[str, Any]]]
"""Shows a URL consent module's screen: ``(module, request) -> ElicitResult dict``."""


Fallback = Callable[
    [ClientRequestContext, types.ElicitRequestParams],
    Awaitable[types.ElicitResult | types.ErrorData],
]
"""Answers a request no form was compiled for (the SDK's elicitation callback signature)."""
