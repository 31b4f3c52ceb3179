# --- elicit-gen Qt URL consent runtime (PySide6 and the standard library) -------------
# The URL-mode consent dialog of the ``qt`` target: who asks, the message, the
# destination's domain and full address, the warnings, then Open / Decline / Cancel.
# Nothing opens before the user's click on Open; in a 2026-07-28 session the dialog then
# waits for the user's "I've finished" (no server will say when the step is done). Copied
# verbatim into the generated url_consent_qt.py after the safe-text helpers
# (runtime/core/safetext.py) and the URL check (runtime/core/urlcheck.py); the imports above
# the marker are merged with the module's own, the ones from this package only name what
# those copied parts define; what it builds the dialog from is qt_consent_view.py's, copied
# before it. What it shows, in what order, and every transition are the one consent flow's
# (runtime/core/consent_flow.py): the dialog maps its buttons to them and draws the state.
from __future__ import annotations

import functools
import json
import signal
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QPalette, QTextOption
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.consent_args import DEFAULT_SERVER as DEFAULT_SERVER  # the module's API
from ..core.consent_args import bounded_request, consent_arguments
from ..core.consent_flow import SHOWN, ConsentFlow
from ..core.i18n import _t
from ..core.safetext import safe_block, safe_text
from ..core.urlcheck import UrlCheck
from .qt_app import _application, _FreshInputDialog, _localise
from .qt_consent_view import (
    _ERROR_STYLE,
    _URL_LINES,
    _WARNING_STYLE,
    _consent_isolate,
    _consent_label,
    _do_nothing,
    _message_widget,
    _open_in_browser,
    _scaled,
)

# --- end of runtime imports ---

# --- the consent dialog ---------------------------------------------------------------

#: How long "Completed in your browser." stays up before the dialog closes (ms).
COMPLETED_CLOSE_MS = 1500


class UrlConsentDialog(_FreshInputDialog):
    """Asks whether to open the URL of a URL-mode elicitation, as a dialog.

    Shows who asks (``server``), the ``message``, the destination's domain (large;
    for a look-alike name its xn-- form, after the warnings, with the letters it is
    written in below), the full URL (selectable, wrapped, never cut short), the
    warnings and, for a URL :func:`check_url` refuses, why (and then no Open button
    at all). The full URL shown is the one Open opens: ``opener`` (default: the
    desktop's browser) is called once with the check's ``href`` (the URL serialised
    from the parts the check judged, never the URL as sent). What follows depends on
    the session's protocol ``revision``: for 2025-11-25 (the default, ``None``) the
    dialog emits ``result_ready({"action": "accept"})`` and waits, open but no longer
    modal, until :meth:`complete` (the server's completion notification) or Close; for
    2026-07-28, which has no such notification, it stays, asking, until the user clicks
    "I've finished" (:meth:`finish`: accept, and the dialog closes; the client then
    retries the original request) or Cancel. Decline (only before Open) and Cancel finish
    at once; Escape and closing the window cancel; Enter does nothing (no button is a
    default one). No key or click made before the dialog was on the screen answers it
    (:class:`_FreshInputDialog`): a Space, Alt+O or click queued for Open opens nothing.
    An opener that fails (no browser, or Qt would hand on another address) is reported
    and the dialog stays: the user may copy the address, open it elsewhere and click
    "I've opened it" (2025-11-25: accept, as after Open) or "I've finished", or cancel.
    What it shows and every transition are the one consent flow's (``flow``, a
    :class:`ConsentFlow`; ``state`` is its state): the dialog only draws it.
    ``elicit_result()`` is the ElicitResult once there is one.
    """

    #: Emitted once, with the ElicitResult dict, when the user opens the URL,
    #: declines or cancels.
    result_ready = Signal(dict)

    def __init__(
        self,
        message: str,
        url: str,
        *,
        server: str | None = None,
        elicitation_id: str | None = None,
        revision: str | None = None,
        opener: Callable[[str], object] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        # Bounded before anything is built from them: a megabyte would freeze it.
        bounded = bounded_request(message, server, elicitation_id)
        message, self.server, elicitation_id = bounded
        self.message = message
        self.url = url
        self.elicitation_id = elicitation_id
        self.flow = ConsentFlow(url, revision)
        self.check: UrlCheck = self.flow.check
        #: 2026-07-28: the user, not a notification, says when the step is done
        self.by_user = self.flow.by_user
        self._opener = opener
        self._result: dict[str, Any] | None = None
        self._closed = False
        self.setObjectName("url_consent")
        _localise(self)
        who = _consent_isolate(safe_text(self.server))
        title = _t("Open a web page? — {server}", server=who)
        self.setWindowTitle(title.replace("[*]", "[*][*]"))
        self.setSizeGripEnabled(True)
        flow = self.flow
        outer = QVBoxLayout(self)

        asking = _t("{server} asks you to open a web page", server=who)
        asker = _consent_label(asking, object_name="server")
        _scaled(asker, 1.1, bold=True)
        outer.addWidget(asker)
        if message.strip():
            outer.addWidget(_message_widget(safe_block(message)))

        self.warning_labels: list[QLabel] = []
        for warning in flow.warnings:
            text = _t("⚠ Warning: {warning}", warning=safe_text(warning))
            shown = _consent_label(text, object_name="warning")
            shown.setStyleSheet(_WARNING_STYLE)
            self.warning_labels.append(shown)
        if flow.warnings_first:
            # A name that imitates another: the warnings come first, and the headline is
            # what the name really is (its xn-- form), the look-alike letters after.
            for shown in self.warning_labels:
                outer.addWidget(shown)
        headline = flow.headline
        self.domain_label = _consent_label(safe_text(headline), object_name="domain")
        _scaled(self.domain_label, 1.5, bold=True)
        self.domain_label.setVisible(bool(headline))
        site = _consent_label(_t("Web site:"), object_name="domain_caption")
        site.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        site.setVisible(bool(headline))
        outer.addWidget(site)
        outer.addWidget(self.domain_label)
        self.readable_label: QLabel | None = None
        if flow.readable:
            written = safe_text(flow.readable)
            readable = _t("Written in the link as: {domain}", domain=written)
            self.readable_label = _consent_label(readable, object_name="readable")
            self.readable_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            outer.addWidget(self.readable_label)
        caption = _consent_label(_t("Full URL:"), object_name="url_caption")
        caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        outer.addWidget(caption)
        self.url_view = QPlainTextEdit()
        self.url_view.setObjectName("url")
        self.url_view.setReadOnly(True)
        self.url_view.setTabChangesFocus(True)
        self.url_view.setWordWrapMode(QTextOption.WrapMode.WrapAnywhere)
        address = flow.address
        self.url_view.setPlainText(safe_text(address) if address else _t("(none)"))
        fixed = QFontDatabase.SystemFont.FixedFont
        self.url_view.setFont(QFontDatabase.systemFont(fixed))
        self.url_view.setFrameShape(QFrame.Shape.StyledPanel)
        lines = min(max(len(address) // 60 + 1, 1), _URL_LINES)
        height = self.url_view.fontMetrics().lineSpacing() * lines + 12
        self.url_view.setFixedHeight(height)
        self.url_view.setMinimumWidth(440)
        outer.addWidget(self.url_view)
        if elicitation_id:
            request = _consent_label(
                _t("Request: {id}", id=safe_text(elicitation_id)),
                object_name="request",
            )
            request.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            outer.addWidget(request)

        if not flow.warnings_first:
            for shown in self.warning_labels:
                outer.addWidget(shown)
        self.refusal_label: QLabel | None = None
        if flow.refusal is not None:
            reason = safe_text(flow.refusal)
            refused = _t("Cannot open this link: {reason}", reason=reason)
            self.refusal_label = _consent_label(refused, object_name="refusal")
            self.refusal_label.setStyleSheet(_ERROR_STYLE)
            outer.addWidget(self.refusal_label)

        self.status_label = _consent_label("", object_name="status")
        _scaled(self.status_label, 1.0, bold=True)
        self.status_label.hide()
        outer.addWidget(self.status_label)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.decline_button = QPushButton(_t("&Decline"))
        self.decline_button.setToolTip(_t("Do not open this page"))
        self.cancel_button = QPushButton(_t("Cancel"))
        self.cancel_button.setToolTip(_t("Dismiss without answering (Escape)"))
        self.close_button = QPushButton(_t("Close"))
        self.close_button.hide()
        self.finished_button = QPushButton(_t("I've &finished"))
        self.finished_button.setToolTip(_t("The step in your browser is done"))
        self.finished_button.hide()
        # No browser: the user opens the address elsewhere (2025-11-25) and may copy it.
        self.opened_button = QPushButton(_t("I've opened it"))
        self.opened_button.hide()
        self.copy_button = QPushButton(_t("Copy address"))
        self.copy_button.hide()
        self.open_button: QPushButton | None = None
        row: list[QPushButton] = [self.decline_button, self.cancel_button]
        if "open" in flow.actions():
            # Never a default button, never emphasised (and even less for a look-alike).
            self.open_button = QPushButton(_t("&Open in browser"))
            self.open_button.setToolTip(_t("Open this page in your web browser"))
            self.open_button.clicked.connect(self.open_in_browser)
            row.append(self.open_button)
        row.extend(
            (
                self.opened_button,
                self.finished_button,
                self.copy_button,
                self.close_button,
            ),
        )
        for button in row:
            # Enter never presses a button: opening needs a click, Space or Alt+O.
            button.setAutoDefault(False)
            button.setDefault(False)
            buttons.addWidget(button)
        outer.addLayout(buttons)
        self.decline_button.clicked.connect(self.decline)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button.clicked.connect(self._close_after_answer)
        self.finished_button.clicked.connect(self.finish)
        self.opened_button.clicked.connect(self.finish)
        self.copy_button.clicked.connect(self.copy_address)
        self._guard_children()
        self.cancel_button.setFocus(Qt.FocusReason.OtherFocusReason)

    # --- state ----------------------------------------------------------------------

    @property
    def state(self) -> str:
        """The consent flow's state (``consent_flow.py``: "shown", "opened", ...)."""
        return self.flow.state

    def elicit_result(self) -> dict[str, Any] | None:
        """The ElicitResult once the user answered (None before)."""
        return None if self._result is None else dict(self._result)

    def _answer(self) -> bool:
        """Emits the flow's ElicitResult, once."""
        result = self.flow.result()
        if self._result is not None or result is None:
            return False
        self._result = result
        self.result_ready.emit(dict(result))
        return True

    def _after_answer(self, text: str, style: str = "") -> None:
        """Only Close is left; ``text`` says what happened."""
        buttons = (
            self.decline_button,
            self.cancel_button,
            self.open_button,
            self.opened_button,
            self.copy_button,
        )
        for button in buttons:
            if button is not None:
                button.hide()
        self.close_button.show()
        self.close_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.status_label.setStyleSheet(style)
        self.status_label.setText(text)
        self.status_label.show()

    # --- actions --------------------------------------------------------------------

    def open_in_browser(self) -> bool:
        """The Open action: opens the URL (when it may be opened and nothing was
        answered yet); True when the opener was called and succeeded."""
        if self.flow.state != SHOWN:
            return False
        opener = self._opener if self._opener is not None else _open_in_browser
        if not self.flow.open(opener):  # what the check judged and the dialog shows
            self._no_browser()
            return False
        if self.flow.by_user:
            waiting = _t(
                "Continue in your browser, then come back and click I've finished.",
            )
            self._wait_for_user(waiting)
            return True
        self._accepted()
        return True

    def _accepted(self) -> None:
        """2025-11-25: accepted; the dialog waits, no longer modal, for the server's
        completion notification (:meth:`complete`) or Close."""
        who = _consent_isolate(safe_text(self.server))
        waiting = _t(
            "Continue in your browser. {server} will say when this step is complete.",
            server=who,
        )
        self._after_answer(waiting)
        self._answer()
        if self.isVisible() and self.windowModality() != Qt.WindowModality.NonModal:
            # Waiting may take minutes in the browser: the windows behind stay usable.
            # (Modality changes only while hidden; hiding emits no finished().)
            self.hide()
            self.setWindowModality(Qt.WindowModality.NonModal)
            self.show()

    def _no_browser(self) -> None:
        """The opener failed: the user opens the full URL shown above elsewhere."""
        reason = safe_text(self.flow.problem)
        failed = _t("Could not open the browser: {problem}", problem=reason)
        then = _t(
            "Open the full URL above in a browser yourself, on this or another device.",
        )
        self._wait_for_user(failed + "\n" + then, _ERROR_STYLE)

    def _wait_for_user(self, status: str, style: str = "") -> None:
        """After Open: the question stays (modal, unanswered); ``status`` says what to
        do, and only the flow's actions are left: "I've finished" (2026-07-28) or "I've
        opened it" (no browser), Copy address (no browser) and Cancel."""
        actions = self.flow.actions()
        for button in (self.decline_button, self.open_button):
            if button is not None:
                button.hide()
        done = self.finished_button if self.flow.by_user else self.opened_button
        done.show()
        self.copy_button.setVisible("copy" in actions)
        done.setFocus(Qt.FocusReason.OtherFocusReason)
        self.status_label.setStyleSheet(style)
        self.status_label.setText(status)
        self.status_label.show()

    def copy_address(self) -> bool:
        """Copy address (no browser): puts the address shown, the check's ``href``, on
        the clipboard; True when it did."""
        href = self.flow.copy()
        if href is None:
            return False
        QApplication.clipboard().setText(href)
        copied = _t("The address is on the clipboard.")
        text = self.status_label.text().split("\n" + copied)[0]
        self.status_label.setText(text + "\n" + copied)
        return True

    def finish(self) -> bool:
        """The user's "I've finished" (2026-07-28, after Open: accepts and closes) or
        "I've opened it" (no browser, 2025-11-25: accepts and waits as after Open); True
        when it did (only in those states, once)."""
        if not self.flow.done():
            return False
        if not self.flow.by_user:
            self._accepted()
            return True
        self._answer()
        self._closed = True
        self.done(int(QDialog.DialogCode.Accepted.value))
        return True

    def complete(self) -> None:
        """The server said the step in the browser is complete: shows "Completed in
        your browser." and closes after :data:`COMPLETED_CLOSE_MS`. Does nothing
        unless the dialog waits after Open (2025-11-25)."""
        if not self.flow.complete():
            return
        self.status_label.setText(_t("Completed in your browser."))
        QTimer.singleShot(COMPLETED_CLOSE_MS, self, self._close_after_answer)

    def decline(self) -> None:
        if self._result is not None:  # after an answer: just close
            self._close_after_answer()
            return
        if self.flow.decline():  # only before Open
            self._answer()
            self._closed = True
            self.done(int(QDialog.DialogCode.Rejected.value))

    def cancel(self) -> None:
        if self._result is not None:  # Escape or Close after an answer: just close
            self._close_after_answer()
            return
        if self.flow.cancel():  # not while the opener runs
            self._answer()
            self._closed = True
            self.done(int(QDialog.DialogCode.Rejected.value))

    def _close_after_answer(self) -> None:
        if self._closed:
            return
        accepted = self._result is not None and self._result["action"] == "accept"
        self._closed = True
        code = QDialog.DialogCode.Accepted if accepted else QDialog.DialogCode.Rejected
        self.done(int(code.value))

    def accept(self) -> None:  # QDialog's accept(): never opens anything
        pass

    def reject(self) -> None:  # Escape and closing the window
        self.cancel()


def _close_if_accepted(dialog: UrlConsentDialog, result: dict[str, Any]) -> None:
    if result.get("action") == "accept":
        dialog.done(int(QDialog.DialogCode.Accepted.value))


def elicit_url(
    message: str,
    url: str,
    *,
    server: str | None = None,
    elicitation_id: str | None = None,
    revision: str | None = None,
    opener: Callable[[str], object] | None = None,
    parent: QWidget | None = None,
) -> dict[str, Any]:
    """Asks whether to open ``url`` (a URL-mode elicitation) in a modal dialog and
    returns the ElicitResult dict.

    Only the Open button opens: ``opener`` (default: the desktop's browser,
    ``QDesktopServices.openUrl``) is called once with the URL the dialog shows, the
    check's ``href`` (serialised from the parts the check judged, never the URL as
    sent). For 2025-11-25 (``revision`` ``None``, the default) the result is
    ``{"action": "accept"}`` at once (the user agreed to open it, not that the step
    in the browser is done); for 2026-07-28 the dialog stays until the user clicks
    "I've finished" (accept) or Cancel. Decline gives
    ``{"action": "decline"}``; Cancel, Escape, closing the window, Ctrl-C in the
    terminal give ``{"action": "cancel"}`` (an opener that fails leaves the address to
    open elsewhere, see :class:`UrlConsentDialog`). Creates the
    QApplication when there is none.
    """
    _app = _application()  # held while the dialog runs
    dialog = UrlConsentDialog(
        message,
        url,
        server=server,
        elicitation_id=elicitation_id,
        revision=revision,
        opener=opener,
        parent=parent,
    )
    dialog.result_ready.connect(functools.partial(_close_if_accepted, dialog))

    def interrupted(_signum: int, _frame: FrameType | None) -> None:
        dialog.cancel()

    previous: Any = None
    try:
        previous = signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread: no Ctrl-C handling
        previous = None
    ticker = QTimer(dialog)
    ticker.timeout.connect(_do_nothing)
    ticker.start(200)
    try:
        dialog.exec()
    finally:
        ticker.stop()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    result = dialog.elicit_result() or {"action": "cancel"}
    dialog.deleteLater()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: asks whether to open URL and prints the ElicitResult as
    JSON on stdout (exit 0 whatever the user chose)."""
    parser = consent_arguments(
        "Asks in a dialog whether to open the URL of an MCP URL-mode elicitation"
        " in the browser, and prints the ElicitResult as JSON on stdout."
        " Nothing opens unless you click Open."
    )
    args = parser.parse_args(None if argv is None else list(argv))
    result = elicit_url(
        args.message,
        args.url,
        server=args.server,
        elicitation_id=args.elicitation_id,
        revision=args.revision,
    )
    print(json.dumps(result))  # ASCII JSON: safe on any terminal encoding
    return 0
