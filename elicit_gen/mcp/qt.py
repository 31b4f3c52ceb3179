"""Show generated Qt forms for :class:`elicit_gen.mcp.FormRouter` (optional; needs ``mcp`` and
PySide6).

:class:`QtRunner` is a ``FormRunner``: it opens a generated (or :func:`elicit_gen.load_form`
compiled) ``qt`` module's ``<Class>Dialog`` in the GUI thread, the thread of the
``QApplication``, and awaits its ``result_ready`` without blocking the ``asyncio`` loop that runs
the MCP client. Two set-ups work, told apart by comparing threads at each call:

- the client's loop runs in another thread (a worker ``threading.Thread`` running
  ``asyncio.run``, say) while the GUI thread runs ``app.exec()``: the dialog is created and
  opened through a queued signal to a bridge object living in the GUI thread, and its answer is
  handed back with ``loop.call_soon_threadsafe``;
- the loop runs in the GUI thread itself, integrated with Qt's event loop (qasync,
  ``PySide6.QtAsyncio``, or a loop that pumps Qt events): the dialog is opened directly, without
  a nested event loop (``open()``, never ``exec()``), and a future completed by its signals is
  awaited.

Either way the dialog is window-modal (``open()``), and a cancelled request (the server
cancelled it, the client timed out or shut down) closes it in the GUI thread. This module is the
only one of elicit-gen's that imports PySide6 at module level.

URL mode (``FormRouter(url_consent="qt", runner=QtRunner())``): :meth:`QtRunner.show_url` opens
the consent module's ``UrlConsentDialog`` the same way and returns at its ``result_ready``. In a
2025-11-25 session that is the click on Open, and the dialog stays up, waiting, until
:meth:`QtRunner.complete_url` (the server's ``notifications/elicitation/complete`` for that
``elicitationId``) calls its ``complete()``; in a 2026-07-28 session (no such notification) it is
the user's "I've finished" or Cancel, and the dialog closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from ..i18n import translation
from .requests import more_not_shown

if TYPE_CHECKING:
    from .requests import UrlRequest

__all__ = ["QtRunner"]

_CANCEL: Mapping[str, Any] = {"action": "cancel"}


def _dialog_class(module: ModuleType) -> Callable[..., QDialog]:
    """The module's own ``<Class>Dialog`` (defined in it, not the runtime's base class)."""
    found = [
        value
        for name, value in vars(module).items()
        if name.endswith("Dialog")
        and not name.startswith("_")  # the runtime's base class (_FormDialog) in a generated file
        and isinstance(value, type)
        and issubclass(value, QDialog)
        and value.__module__ == module.__name__
    ]
    if len(found) != 1:
        raise TypeError(f"{module.__name__} is not a generated Qt module (no single *Dialog)")
    dialog: Callable[..., QDialog] = found[0]
    return dialog


class _Job:
    """One form (or URL consent) request: created in the loop's thread, shown and answered in
    the GUI thread. ``build`` makes its dialog (called in the GUI thread); ``request`` is the
    URL-mode request a consent dialog waits for the completion of after Open (None for forms).

    ``deliver`` may run in either thread: the answer always reaches the future through
    ``loop.call_soon_threadsafe``, and only the first answer counts."""

    def __init__(
        self,
        build: Callable[[], QDialog],
        loop: asyncio.AbstractEventLoop,
        request: UrlRequest | None = None,
    ) -> None:
        self.build = build
        self.request = request
        self.loop = loop
        self.future: asyncio.Future[Mapping[str, Any]] = loop.create_future()
        self.dialog: QDialog | None = None  # touched in the GUI thread only
        self._lock = threading.Lock()
        self._abandoned = False

    @property
    def abandoned(self) -> bool:
        with self._lock:
            return self._abandoned

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True

    def deliver(self, result: Mapping[str, Any]) -> None:
        def settle() -> None:
            if not self.future.done():
                self.future.set_result(result)

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            self.loop.call_soon_threadsafe(settle)


def _form_builder(
    dialog_class: Callable[..., QDialog], message: str, server: str | None, parent: QWidget | None
) -> Callable[[], QDialog]:
    def build() -> QDialog:
        if parent is not None:
            return dialog_class(message, server=server, parent=parent)
        return dialog_class(message, server=server)

    return build


def _url_builder(
    module: ModuleType, request: UrlRequest, parent: QWidget | None
) -> Callable[[], QDialog]:
    found = getattr(module, "UrlConsentDialog", None)
    if not (isinstance(found, type) and issubclass(found, QDialog)):
        raise TypeError(f"{module.__name__} is not a Qt URL consent module (no UrlConsentDialog)")
    dialog_class: Callable[..., QDialog] = found

    def build() -> QDialog:
        dialog: QDialog = dialog_class(
            request.message,
            request.url,
            server=request.server,
            elicitation_id=request.elicitation_id,
            revision=request.revision,
            parent=parent,
        )
        return dialog

    return build


#: The URL consent dialogs shown, until they close (GUI thread only): by the identity of their
#: request (kept with the dialog, so that the identity stays its own), never by elicitationId,
#: which two sessions (two servers) may both use.
_Waiting = dict[int, tuple["UrlRequest", QDialog]]


def _show(job: _Job, waiting: _Waiting) -> None:
    """Creates and opens the job's dialog (in the GUI thread); a URL consent dialog is kept in
    ``waiting`` under its request until it closes."""
    if job.abandoned:  # cancelled before the GUI thread got to it: never shown
        return
    try:
        dialog = job.build()
    except Exception as error:  # handed to the awaiting task, not lost in Qt's event loop
        failure = error

        def fail() -> None:
            if not job.future.done():
                job.future.set_exception(failure)

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            job.loop.call_soon_threadsafe(fail)
        return
    job.dialog = dialog
    request = job.request
    key = id(request)
    if request is not None:
        waiting[key] = (request, dialog)

    def ready(result: dict[str, Any]) -> None:
        job.deliver(dict(result))

    def finished(_code: int) -> None:
        # Closed without an answer (by the host application, say): a cancel.
        job.deliver(_CANCEL)
        job.dialog = None
        if request is not None and waiting.get(key, (None, None))[1] is dialog:
            del waiting[key]
        dialog.deleteLater()

    dialog.result_ready.connect(ready)  # type: ignore[attr-defined]
    dialog.finished.connect(finished)
    dialog.open()
    dialog.raise_()
    dialog.activateWindow()


def _complete(request: UrlRequest, waiting: _Waiting) -> None:
    """Tells the URL consent dialog of ``request`` that its step is complete (in the GUI
    thread); nothing when none waits (closed by the user, never shown)."""
    entry = waiting.get(id(request))
    dialog = entry[1] if entry is not None else None  # (the entry holds the request: no id reuse)
    complete = getattr(dialog, "complete", None)
    if callable(complete):
        complete()


class _Notice:
    """A "not shown" message on screen: its box, the reason it gives, and how many more
    requests of its server were not shown since it appeared."""

    def __init__(self, box: QMessageBox, reason: str) -> None:
        self.box = box
        self.reason = reason
        self.more = 0


#: The "not shown" messages on screen, one per server, until the user closes each (GUI thread
#: only): a widget without a parent lives as long as Python holds it.
_Notices = dict[str, _Notice]


def _notify(
    server: str, reason: str, locale: str, parent: QWidget | None, notices: _Notices
) -> None:
    """Shows a non-modal message that a request of ``server`` was not shown and why (in the GUI
    thread); the user closes it, and the application goes on meanwhile. While one is up for
    ``server``, another request of it not shown adds to the count that message gives ("And 199
    more requests were not shown."): one message per server at a time."""
    tr = translation(locale)
    notice = notices.get(server)
    if notice is not None:
        notice.more += 1
        more = more_not_shown(tr, notice.more)
        notice.box.setText(f"{server}\n{notice.reason}\n{more}")
        return
    box = QMessageBox(parent)
    box.setObjectName("elicitation_not_shown")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setTextFormat(Qt.TextFormat.PlainText)
    # not the server's name alone: a window titled "Software Update" is anybody's
    box.setWindowTitle(tr.gettext("Request not shown"))
    box.setText(f"{server}\n{reason}")
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.setWindowModality(Qt.WindowModality.NonModal)
    box.setModal(False)
    shown = notices[server] = _Notice(box, reason)

    def closed(_code: int) -> None:
        if notices.get(server) is shown:
            del notices[server]
        box.deleteLater()

    box.finished.connect(closed)
    box.show()


def _close(job: _Job) -> None:
    """Takes the job's dialog off the screen, if it is still there (in the GUI thread)."""
    dialog = job.dialog
    if dialog is not None:
        job.dialog = None
        canceller = getattr(dialog, "cancel", None)
        if callable(canceller):
            canceller()  # finishes like the Cancel button: result_ready, then done()
        else:  # pragma: no cover - every generated dialog has cancel()
            dialog.done(int(QDialog.DialogCode.Rejected.value))


class _Bridge(QObject):
    """Lives in the GUI thread; the loop's thread reaches it through queued signals."""

    show_requested = Signal(object)
    close_requested = Signal(object)
    complete_requested = Signal(object)
    notify_requested = Signal(str, str, str)

    def __init__(self, runner: QtRunner) -> None:
        super().__init__()
        self.runner = runner
        self.waiting = runner._waiting
        connection = Qt.ConnectionType.QueuedConnection
        self.show_requested.connect(self._show, connection)
        self.close_requested.connect(self._close, connection)
        self.complete_requested.connect(self._complete, connection)
        self.notify_requested.connect(self._notify, connection)

    @Slot(object)
    def _show(self, job: _Job) -> None:
        _show(job, self.waiting)

    @Slot(object)
    def _complete(self, request: UrlRequest) -> None:
        _complete(request, self.waiting)

    @Slot(object)
    def _close(self, job: _Job) -> None:
        _close(job)

    @Slot(str, str, str)
    def _notify(self, server: str, reason: str, locale: str) -> None:
        _notify(server, reason, locale, self.runner.parent, self.runner._notices)


class QtRunner:
    """Shows a generated Qt module's dialog in the GUI thread and awaits its ElicitResult.

    >>> router = FormRouter(compile_unknown="qt", runner=QtRunner())

    A ``QApplication`` must exist when a form is shown (create it in the GUI thread first).
    ``parent``, a widget of the GUI thread, makes each dialog window-modal to that window.
    Works whether the MCP client's ``asyncio`` loop runs in another thread than the GUI (the GUI
    thread must then run Qt's event loop, ``app.exec()``) or in the GUI thread itself integrated
    with Qt's event loop (qasync, ``PySide6.QtAsyncio``). A cancelled request closes its dialog.

    Forms are shown one at a time by :class:`~elicit_gen.mcp.FormRouter` (it holds a lock while
    a runner shows a form); two routers sharing one runner may show two dialogs at once.

    URL mode: :meth:`show_url` shows a Qt consent module's ``UrlConsentDialog`` (the router
    passes ``load_url_consent("qt")`` or a generated ``url_consent_qt``) and :meth:`complete_url`
    tells the one waiting for that request that the step in the browser is done.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self._bridge: _Bridge | None = None
        self._bridge_lock = threading.Lock()
        self._waiting: _Waiting = {}  # touched in the GUI thread only
        self._notices: _Notices = {}  # touched in the GUI thread only

    def _app(self) -> QApplication:
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            raise RuntimeError(
                "QtRunner needs a QApplication: create one in the GUI thread "
                "(app = QApplication(sys.argv)) before the MCP client shows a form, and run its "
                "event loop there"
            )
        return app

    def _bridge_for(self, app: QApplication) -> _Bridge:
        with self._bridge_lock:
            if self._bridge is None:
                bridge = _Bridge(self)
                if bridge.thread() is not app.thread():
                    bridge.moveToThread(app.thread())
                self._bridge = bridge
            return self._bridge

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        app = self._app()
        build = _form_builder(_dialog_class(module), message, server, self.parent)
        return await self._run(app, _Job(build, asyncio.get_running_loop()))

    async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
        """Shows the consent module's ``UrlConsentDialog`` for ``request`` in the GUI thread, like
        a form, and returns its ElicitResult at ``result_ready``. In a 2025-11-25 session
        (``request.revision``) that is at Open, and the dialog stays up, waiting, until
        :meth:`complete_url` for its ``elicitation_id`` (or the user closes it); in a 2026-07-28
        one, at "I've finished" or Cancel."""
        app = self._app()
        build = _url_builder(module, request, self.parent)
        job = _Job(build, asyncio.get_running_loop(), request=request)
        return await self._run(app, job)

    def complete_url(self, module: ModuleType, request: UrlRequest) -> None:
        """Calls ``complete()`` on the consent dialog :meth:`show_url` opened for ``request``,
        this very object (in the GUI thread: directly when called there, else through a queued
        signal). It shows "Completed in your browser." and closes itself; nothing happens when
        none waits. Another request with the same ``elicitation_id`` (from another session's
        server) is another dialog."""
        if request.elicitation_id is None:
            return
        app = self._app()
        if QThread.currentThread() == app.thread():
            _complete(request, self._waiting)
        else:
            self._bridge_for(app).complete_requested.emit(request)

    #: :meth:`notify` keeps one message per server and takes the router's ``locale``.
    counts_notices = True

    def notify(self, server: str, reason: str, *, locale: str = "en") -> None:
        """A request was not shown (see :class:`~elicit_gen.mcp.FormRouter`): a non-modal
        message box (the server's name, the reason, a Close button) in the GUI thread, over
        ``parent``; the user closes it, and the application goes on meanwhile. Both texts are
        shown as plain text. One message per server at a time: while it is up, the server's
        next requests not shown are counted in it ("And 199 more requests were not shown.",
        in ``locale``, the router's), not shown as more messages."""
        app = self._app()
        if QThread.currentThread() == app.thread():
            _notify(server, reason, locale, self.parent, self._notices)
        else:
            self._bridge_for(app).notify_requested.emit(server, reason, locale)

    async def _run(self, app: QApplication, job: _Job) -> Mapping[str, Any]:
        in_gui_thread = QThread.currentThread() == app.thread()
        bridge = None if in_gui_thread else self._bridge_for(app)
        if bridge is None:
            _show(job, self._waiting)
        else:
            bridge.show_requested.emit(job)
        try:
            return await job.future
        except BaseException:
            # Cancelled (by the server, or a client timeout or shutdown): take the dialog off
            # the screen rather than leave it waiting for an answer nobody reads.
            job.abandon()
            if bridge is None:
                _close(job)
            else:
                bridge.close_requested.emit(job)
            raise
