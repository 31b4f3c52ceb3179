"""The URL-mode steps one client session may complete (:class:`_Steps`): those the user
opened, by elicitationId, kept for the ``notifications/elicitation/complete`` that may follow.
Each :class:`~elicit_gen.mcp.FormRouter` and each of its sessions has its own.

Which protocol revision a session speaks (:func:`session_revision`) decides whether such a
notification can come at all: 2025-11-25 has it; 2026-07-28 removed it (and the elicitationId),
so there the consent screen waits for the user's "I've finished" instead, and no step is kept.
"""

from __future__ import annotations

import logging
import weakref
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..runtime.core.consent_args import finished_by_user

if TYPE_CHECKING:
    from .requests import UrlRequest

log = logging.getLogger("elicit_gen.mcp")


#: URL-mode steps one session keeps waiting for their completion at most (a server need not send
#: one; a step the user opened long ago is forgotten first).
_MAX_WAITING = 64


def session_revision(session: Any) -> str | None:
    """The protocol revision ``session`` (the SDK's ``ClientSession``, ``context.session`` in an
    elicitation callback) negotiated: mcp 2.3's ``protocol_version``, ``"2025-11-25"`` after an
    initialize handshake (``Client(mode="legacy")``, or ``"auto"`` against an older server),
    ``"2026-07-28"`` on a modern connection; ``None`` when it does not say."""
    version = getattr(session, "protocol_version", None)
    return version if isinstance(version, str) and version else None


class _Steps:
    """The URL-mode steps one message handler may complete: those the user opened in the
    client session the handler serves, by elicitationId.

    A completion notification names an elicitationId and nothing else, and a message handler is
    given to one client; but one callback object may serve several clients. The steps belong
    to the session of the latest request: when a request of another session arrives, the steps
    of the one before are forgotten (a notification can no longer complete them), and a step
    its session opens later is not kept. So one server never completes another's step."""

    def __init__(self) -> None:
        self._session: weakref.ref[Any] | None = None
        self._waiting: dict[str, tuple[ModuleType, UrlRequest]] = {}

    def _serves(self, session: Any) -> bool:
        return self._session is not None and self._session() is session

    def serve(self, session: Any) -> None:
        """A request of ``session`` arrived: the steps are that session's from now on."""
        if self._serves(session):
            return
        if self._waiting:
            # Info, not a warning: a step whose notification never came (a server need not
            # send one) is left waiting too.
            log.info(
                "another client session uses this router: URL-mode steps of the one before will "
                "not be completed by notifications (clients served at once: give each its own "
                "router.session())"
            )
            self._waiting.clear()
        try:
            self._session = weakref.ref(session)
        except TypeError:  # pragma: no cover - the SDK's sessions take weak references
            self._session = None

    def wait(
        self, session: Any, elicitation_id: str, module: ModuleType, request: UrlRequest
    ) -> None:
        """The user opened ``request``'s URL: its completion may come (not in a 2026-07-28
        session, which has no completion notification: nothing is kept)."""
        if finished_by_user(request.revision):
            return
        if self._serves(session):
            self._waiting.pop(elicitation_id, None)
            self._waiting[elicitation_id] = (module, request)
            while len(self._waiting) > _MAX_WAITING:  # the oldest: its notification never came
                del self._waiting[next(iter(self._waiting))]

    def done(self, elicitation_id: str) -> tuple[ModuleType, UrlRequest] | None:
        return self._waiting.pop(elicitation_id, None)
