"""Showing a generated module's form or consent screen for the router: in a worker
thread (:func:`run_in_thread`, :func:`run_url_in_thread`, the default) or on a running Textual
app (:class:`TextualRunner`). The Qt runner is :mod:`elicit_gen.mcp.qt`.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread

from ..i18n import translation
from .requests import more_not_shown

if TYPE_CHECKING:
    from .requests import UrlRequest


async def run_in_thread(module: ModuleType, message: str, server: str | None) -> Mapping[str, Any]:
    """The default runner: the module's blocking ``elicit()`` in a worker thread, so that the
    client's event loop keeps serving the session while the user answers."""
    call = functools.partial(module.elicit, message, server=server)
    result: Mapping[str, Any] = await anyio.to_thread.run_sync(call)
    return result


class TextualRunner:
    """Pushes a generated Textual module's ``<Class>Screen`` onto a running Textual app and waits
    for it to be dismissed. The MCP client must run on the app's event loop (for instance in a
    worker of the app, or in the same ``asyncio`` loop as ``app.run_test()``)."""

    #: How long the toast saying that a request was not shown stays up, at most.
    notice_seconds = 30.0

    def __init__(self, app: Any) -> None:
        self.app = app
        #: each server's last "not shown" toast (the app's loop only)
        self._notices: dict[str, _Toast] = {}

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        return await self._show(_screen_class(module)(message, server=server))

    async def _show(self, screen: Any) -> Mapping[str, Any]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Mapping[str, Any] | None] = loop.create_future()

        answered = False

        def dismissed(result: Mapping[str, Any] | None) -> None:
            nonlocal answered
            answered = True
            if not done.done():
                done.set_result(result)

        self.app.push_screen(screen, callback=dismissed)
        try:
            result = await done
        finally:
            if not answered and screen in self.app.screen_stack:
                # The request was cancelled (by the server, or a client timeout): take the
                # form off the screen rather than leave it waiting for an answer nobody reads.
                screen.dismiss(None)
        return result if result is not None else {"action": "cancel"}

    async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
        """Pushes a Textual consent module's ``UrlConsentScreen`` and waits for its answer (in a
        2026-07-28 session, after Open, the user's "I've finished" or Cancel)."""
        screen = module.UrlConsentScreen(
            request.message,
            request.url,
            server=request.server,
            elicitation_id=request.elicitation_id,
            revision=request.revision,
        )
        return await self._show(screen)

    def complete_url(self, module: ModuleType, request: UrlRequest) -> None:
        """A toast on the app: the step the user opened in the browser is complete."""
        module.notify_complete(self.app, request.url)

    #: :meth:`notify` keeps one toast per server and takes the router's ``locale``.
    counts_notices = True

    def notify(self, server: str, reason: str, *, locale: str = "en") -> None:
        """A request was not shown (see :class:`FormRouter`): a warning toast on the app, titled
        with the server's name, that stays until the user dismisses it (a click) or for
        :attr:`notice_seconds`; the app keeps running. Both texts are shown literally. One
        toast per server at a time: while it is up, the server's next requests not shown
        replace it with one that counts them ("And 199 more requests were not shown.", in
        ``locale``, the router's), for another :attr:`notice_seconds`."""
        from textual.notifications import Notification

        # Textual keeps the toasts it shows in App._notifications (App.notify adds to it on
        # the app's loop, which the router runs on): a toast the user dismissed, or that
        # expired, is no longer in it. Without that store, a toast per request.
        store = getattr(self.app, "_notifications", None)
        refresh = getattr(self.app, "_refresh_notifications", None)
        unnotify = getattr(self.app, "_unnotify", None)
        if store is None or not callable(refresh) or not callable(unnotify):
            self.app.notify(
                reason, title=server, severity="warning", timeout=self.notice_seconds, markup=False
            )
            return
        notices = self._notices
        shown = notices.get(server)
        message = reason
        if shown is not None and shown.notification in store and not shown.notification.has_expired:
            shown.more += 1
            message = shown.reason + "\n" + more_not_shown(translation(locale), shown.more)
            unnotify(shown.notification, refresh=False)
        else:
            shown = notices[server] = _Toast(reason)
            while len(notices) > _MAX_TOASTS:  # the oldest first: long gone from the screen
                del notices[next(iter(notices))]
        shown.notification = Notification(
            message, server, "warning", self.notice_seconds, markup=False
        )
        store.add(shown.notification)
        refresh()


#: Servers whose last toast :class:`TextualRunner` remembers, at most.
_MAX_TOASTS = 64


class _Toast:
    """A server's "not shown" toast: the reason it gave first, and how many more requests of
    the server were not shown while it was up."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.more = 0
        self.notification: Any = None


async def run_url_in_thread(module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
    """The default URL runner: the consent module's blocking ``elicit_url()`` in a worker
    thread (the ``cli`` consent prompt)."""
    call = functools.partial(
        module.elicit_url,
        request.message,
        request.url,
        server=request.server,
        elicitation_id=request.elicitation_id,
        revision=request.revision,
    )
    result: Mapping[str, Any] = await anyio.to_thread.run_sync(call)
    return result


def _complete_in_module(module: ModuleType, request: UrlRequest) -> None:
    """Tells the user a URL-mode step is done, the module's way (the cli prints a line)."""
    notice = getattr(module, "complete_notice", None)
    if notice is not None:
        notice(request.url, server=request.server)


def _screen_class(module: ModuleType) -> Callable[..., Any]:
    found = [
        value
        for name, value in vars(module).items()
        if name.endswith("Screen")
        and isinstance(value, type)
        and value.__module__ == module.__name__
    ]
    if len(found) != 1:
        raise TypeError(f"{module.__name__} is not a generated Textual module (no single *Screen)")
    screen: Callable[..., Any] = found[0]
    return screen
