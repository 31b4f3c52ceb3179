"""The ``qt`` target's URL-mode consent dialog (url_consent_qt.py, CONSENT.md): generated, written
to disk, imported and driven offscreen with real clicks and keys (pytest-qt), with the opener
replaced by a recorder so that the tests see exactly what a browser would be asked to open, and
when; then shown by :class:`elicit_gen.mcp.qt.QtRunner` for a real MCP SDK session (the client's
loop in a worker thread, Qt in the main one), from the request to the server's completion
notification (2025-11-25), or to the user's "I've finished" and the retried request
(2026-07-28, which has no completion notification)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio
import concurrent.futures
import json
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")
pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from mcp.client import Client
from mcp.client._memory import InMemoryTransport
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from PySide6.QtCore import QObject, Qt, QTimer, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.mcp import FormRouter, UrlRequest
from elicit_gen.mcp.qt import QtRunner
from elicit_gen.runtime.qt import qt_consent
from elicit_gen.targets.common.runtime import runtime_file, runtime_part
from elicit_gen.targets.qt import QT_FORM_PARTS

from ...conftest import GOLDEN
from ...support.cli import UNSAFE
from ...support.consent import (
    HOSTILE_MESSAGE,
    REFUSED,
    URL,
    Recorder,
    generated_text,
    import_generated,
    write_generated,
)
from ...support.consent import HOSTILE_SERVER as BASE_HOSTILE_SERVER
from ...support.formatters import Formatters
from ...support.fresh import fresh_consent_outputs
from ...support.golden import golden_text
from ...support.lint import assert_lint_clean
from ...support.loop import LoopThread
from ...support.mcp import SERVER_NAME
from ...support.mcp_url import MODES, both_ways_server, sign_in
from ...support.pysource import top_level_names
from ...support.qt import consent_dialogs, label
from ...support.run import CliRun

GOLDEN_PATH = GOLDEN / "expected" / "url_consent" / "url_consent_qt.py"

MESSAGE = "Sign in to connect your calendar."
HOSTILE_SERVER = BASE_HOSTILE_SERVER + " &amp; [*]"  # Qt also has entities and [*]
#: Every wait on the GUI side, in milliseconds (a busy 2-core machine; a stuck test fails).
WAIT_MS = 20_000


@pytest.fixture(scope="module")
def consent_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_generated("qt", tmp_path_factory.mktemp("url_consent"))


@pytest.fixture(scope="module")
def consent(consent_path: Path) -> ModuleType:
    """The generated module, imported from its file."""
    return import_generated(consent_path)


def show(
    qtbot: QtBot,
    consent: ModuleType,
    url: str = URL,
    *,
    message: str = MESSAGE,
    opener: Recorder | None = None,
    **kwargs: Any,
) -> tuple[Any, Recorder, list[dict[str, Any]]]:
    """A consent dialog on screen and active: (dialog, its opener, what result_ready emitted)."""
    recorder = opener if opener is not None else Recorder()
    dialog = consent.UrlConsentDialog(message, url, opener=recorder, **kwargs)
    emitted: list[dict[str, Any]] = []
    dialog.result_ready.connect(emitted.append)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=WAIT_MS)
    return dialog, recorder, emitted


def shown_message(dialog: QDialog) -> str:
    """The message as the dialog shows it: a label, or a scrolled view when it is long."""
    found = dialog.findChild(QWidget, "message")
    assert isinstance(found, QLabel | QPlainTextEdit), found
    return found.text() if isinstance(found, QLabel) else found.toPlainText()


def labels(dialog: QDialog, name: str) -> list[QLabel]:
    return [w for w in dialog.findChildren(QLabel) if w.objectName() == name]


def visible_buttons(dialog: QDialog) -> list[str]:
    return [b.text() for b in dialog.findChildren(QPushButton) if b.isVisible()]


def top(widget: QWidget, dialog: QDialog) -> int:
    return widget.mapTo(dialog, widget.rect().topLeft()).y()


def click(qtbot: QtBot, button: QPushButton | None) -> None:
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


# --- what the dialog shows, before anything happens ------------------------------------------


def test_domain_and_full_url_are_shown_before_any_action(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, opener, emitted = show(qtbot, consent, server="Acme Calendar", elicitation_id="e-7")
    asker = label(dialog, "server")
    message = label(dialog, "message")
    domain = label(dialog, "domain")
    url = dialog.url_view
    for widget in (asker, message, domain, url):
        assert widget.isVisible()
    assert asker.text() == "Acme Calendar asks you to open a web page"
    assert message.text() == MESSAGE
    assert domain.text() == "example.com"
    assert domain.font().bold() and domain.font().pointSizeF() > asker.font().pointSizeF()
    assert url.toPlainText() == URL  # the whole URL, as sent
    assert url.isReadOnly()
    assert label(dialog, "request").text() == "Request: e-7"
    # the contract's order: who, why, where (the domain, then the full URL)
    assert top(asker, dialog) < top(message, dialog) < top(domain, dialog) < top(url, dialog)
    assert labels(dialog, "warning") == [] and labels(dialog, "refusal") == []
    assert visible_buttons(dialog) == ["&Decline", "Cancel", "&Open in browser"]
    assert not label(dialog, "status").isVisible()
    assert opener.calls == [] and emitted == [] and dialog.elicit_result() is None
    assert "Acme Calendar" in dialog.windowTitle()


def test_a_long_url_is_shown_whole_and_wrapped(qtbot: QtBot, consent: ModuleType) -> None:
    url = "https://example.org/" + "/".join(f"segment{i}" for i in range(120)) + "?q=" + "z" * 300
    dialog, _, _ = show(qtbot, consent, url)
    view = dialog.url_view
    assert view.toPlainText() == url
    assert view.horizontalScrollBar().maximum() == 0  # wrapped, not cut at the right edge
    assert view.verticalScrollBar().maximum() > 0  # the rest scrolls into view
    assert dialog.width() < 1200


def test_default_server(qtbot: QtBot, consent: ModuleType) -> None:
    assert consent.DEFAULT_SERVER == ir.DEFAULT_SERVER == qt_consent.DEFAULT_SERVER
    dialog, _, _ = show(qtbot, consent, server="  ")
    assert label(dialog, "server").text() == f"{ir.DEFAULT_SERVER} asks you to open a web page"
    assert labels(dialog, "request") == []


# --- consent: only the click opens ------------------------------------------------------------


def test_open_calls_the_opener_once_after_the_click_and_waits(
    qtbot: QtBot, consent: ModuleType
) -> None:
    dialog, opener, emitted = show(qtbot, consent, server="Acme Calendar")
    assert opener.calls == []
    click(qtbot, dialog.open_button)
    assert opener.calls == [URL]  # exactly once, exactly the URL as sent
    assert emitted == [{"action": "accept"}]  # no content: the user agreed to open it
    assert dialog.elicit_result() == {"action": "accept"}
    # the waiting state: still on screen (no longer modal), only Close left
    assert dialog.isVisible()
    status = label(dialog, "status")
    assert status.isVisible()
    assert status.text() == (
        "Continue in your browser. Acme Calendar will say when this step is complete."
    )
    assert visible_buttons(dialog) == ["Close"]
    click(qtbot, dialog.open_button)  # hidden now; and a second call opens nothing
    assert dialog.open_in_browser() is False
    assert opener.calls == [URL] and len(emitted) == 1
    started = time.monotonic()
    dialog.complete()
    assert status.text() == "Completed in your browser."
    assert dialog.isVisible()  # stays up a moment to be read
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT_MS)
    assert time.monotonic() - started >= consent.COMPLETED_CLOSE_MS / 1000 * 0.9
    assert dialog.result() == QDialog.DialogCode.Accepted.value
    assert emitted == [{"action": "accept"}]


def test_a_host_opens_it_window_modal_and_the_wait_does_not_block(
    qtbot: QtBot, consent: ModuleType
) -> None:
    """A host window ``open()``s the dialog (window-modal, as QtRunner does); after Open the
    dialog waits without blocking that window, and finishes only at complete()."""
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    opener = Recorder()
    dialog = consent.UrlConsentDialog(MESSAGE, URL, opener=opener, parent=window)
    emitted: list[dict[str, Any]] = []
    codes: list[int] = []
    dialog.result_ready.connect(emitted.append)
    dialog.finished.connect(codes.append)
    dialog.open()
    qtbot.waitExposed(dialog)
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    assert QApplication.activeModalWidget() is dialog
    click(qtbot, dialog.open_button)
    assert opener.calls == [URL] and emitted == [{"action": "accept"}]
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT_MS)
    assert dialog.windowModality() == Qt.WindowModality.NonModal
    assert QApplication.activeModalWidget() is None
    assert codes == []  # hidden and shown again: not finished
    dialog.complete()
    qtbot.waitUntil(lambda: codes == [QDialog.DialogCode.Accepted.value], timeout=WAIT_MS)
    assert not dialog.isVisible() and emitted == [{"action": "accept"}]


def test_space_on_the_open_button_opens(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, opener, emitted = show(qtbot, consent)
    dialog.open_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(dialog.open_button.hasFocus, timeout=WAIT_MS)
    qtbot.keyClick(dialog.open_button, Qt.Key.Key_Space)
    assert opener.calls == [URL] and emitted == [{"action": "accept"}]


def test_close_in_the_waiting_state_keeps_the_accept(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, _, emitted = show(qtbot, consent)
    click(qtbot, dialog.open_button)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert emitted == [{"action": "accept"}] and dialog.elicit_result() == {"action": "accept"}
    dialog.complete()  # too late: nothing happens


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_right_after_opening_does_not_open(
    qtbot: QtBot, consent: ModuleType, key: Qt.Key
) -> None:
    dialog, opener, emitted = show(qtbot, consent)
    focused = QApplication.focusWidget()
    assert focused is not None and focused is not dialog.open_button
    qtbot.keyClick(focused, key)
    qtbot.keyClick(dialog, key)
    assert dialog.open_button is not None
    assert not dialog.open_button.autoDefault() and not dialog.open_button.isDefault()
    # Tab to every control in turn and press Enter there: nothing opens, nothing finishes
    for _ in range(6):
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
        qtbot.keyClick(QApplication.focusWidget() or dialog, key)
    assert opener.calls == [] and emitted == []
    assert dialog.isVisible() and dialog.elicit_result() is None
    assert not any(b.isDefault() for b in dialog.findChildren(QPushButton))


def test_escape_cancels(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, opener, emitted = show(qtbot, consent)
    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
    assert emitted == [{"action": "cancel"}]
    assert not dialog.isVisible() and opener.calls == []
    assert dialog.result() == QDialog.DialogCode.Rejected.value


@pytest.mark.parametrize(("button", "action"), [("decline", "decline"), ("cancel", "cancel")])
def test_decline_and_cancel_buttons(
    qtbot: QtBot, consent: ModuleType, button: str, action: str
) -> None:
    dialog, opener, emitted = show(qtbot, consent)
    click(qtbot, getattr(dialog, f"{button}_button"))
    assert emitted == [{"action": action}] and dialog.elicit_result() == {"action": action}
    assert not dialog.isVisible() and opener.calls == []


def test_closing_the_window_cancels(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, opener, emitted = show(qtbot, consent)
    assert dialog.close()
    assert emitted == [{"action": "cancel"}] and opener.calls == []


NO_BROWSER = (
    "Could not open the browser: no display \\x1b[2J\n"
    "Open the full URL above in a browser yourself, on this or another device."
)


def test_without_a_browser_the_user_opens_it_elsewhere(qtbot: QtBot, consent: ModuleType) -> None:
    """The opener fails (no browser here): the dialog stays, says so with the problem
    escaped, keeps the full URL; Copy address puts the check's href on the clipboard and
    "I've opened it" accepts as after Open (the one consent flow: cli and Textual do the
    same; Qt cancelled at once before, with no way to open the address elsewhere)."""
    failing = Recorder(OSError("no display \x1b[2J"))
    dialog, opener, emitted = show(qtbot, consent, opener=failing, server="Acme")
    click(qtbot, dialog.open_button)
    assert opener.calls == [URL] and emitted == [] and dialog.state == "failed"
    status = label(dialog, "status")
    assert status.text() == NO_BROWSER
    assert dialog.isVisible()
    assert visible_buttons(dialog) == ["Cancel", "I've opened it", "Copy address"]
    assert dialog.decline_button.isHidden() and dialog.open_button.isHidden()
    dialog.decline()  # no Decline once Open was chosen
    dialog.complete()  # not accepted: nothing happens
    assert emitted == [] and dialog.isVisible() and status.text() == NO_BROWSER
    click(qtbot, dialog.copy_button)
    assert QApplication.clipboard().text() == URL and dialog.state == "copied"
    assert status.text() == NO_BROWSER + "\nThe address is on the clipboard."
    click(qtbot, dialog.opened_button)
    assert emitted == [{"action": "accept"}] and dialog.state == "accepted"
    assert status.text() == "Continue in your browser. Acme will say when this step is complete."
    assert opener.calls == [URL]  # nothing was opened again


@pytest.mark.parametrize("how", ["cancel", "escape"])
def test_without_a_browser_cancel_cancels(qtbot: QtBot, consent: ModuleType, how: str) -> None:
    dialog, opener, emitted = show(qtbot, consent, opener=Recorder(RuntimeError("boom")))
    click(qtbot, dialog.open_button)
    assert emitted == [] and dialog.state == "failed"
    if how == "cancel":
        click(qtbot, dialog.cancel_button)
    else:
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert emitted == [{"action": "cancel"}] and not dialog.isVisible()
    assert opener.calls == [URL]


def test_without_a_browser_2026_waits_for_finished(qtbot: QtBot, consent: ModuleType) -> None:
    failing = Recorder(OSError("no web browser could be started"))
    dialog, _, emitted = show(qtbot, consent, opener=failing, revision="2026-07-28")
    click(qtbot, dialog.open_button)
    assert emitted == [] and visible_buttons(dialog) == ["Cancel", "I've &finished", "Copy address"]
    click(qtbot, dialog.finished_button)
    assert emitted == [{"action": "accept"}] and not dialog.isVisible()


# --- 2026-07-28: no completion notification, the user says when the step is done ------------

NEW = "2026-07-28"
WAITING = "Continue in your browser, then come back and click I've finished."


def test_2026_open_then_finished_accepts_and_closes(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, opener, emitted = show(qtbot, consent, server="Acme", revision=NEW)
    modality = dialog.windowModality()
    click(qtbot, dialog.open_button)
    assert opener.calls == [URL]
    assert emitted == [] and dialog.elicit_result() is None  # still asking
    assert dialog.isVisible() and dialog.state == "opened"
    assert dialog.windowModality() == modality  # a question, not a waiting note
    status = label(dialog, "status")
    assert status.isVisible() and status.text() == WAITING
    assert "will say" not in status.text()  # no notification is promised
    assert visible_buttons(dialog) == ["Cancel", "I've &finished"]
    assert dialog.open_in_browser() is False and opener.calls == [URL]  # opens once
    dialog.complete()  # no notification comes in 2026-07-28; a stray one changes nothing
    assert status.text() == WAITING and emitted == []
    click(qtbot, dialog.finished_button)
    assert emitted == [{"action": "accept"}]
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Accepted.value
    assert dialog.finish() is False and emitted == [{"action": "accept"}]


def test_2026_no_decline_once_the_page_is_open(qtbot: QtBot, consent: ModuleType) -> None:
    """After Open the user has the page: Decline (hidden, or called by a host) no longer
    answers; only "I've finished" and Cancel do (the cli never offered it there; Qt
    answered decline before)."""
    dialog, opener, emitted = show(qtbot, consent, revision=NEW)
    click(qtbot, dialog.open_button)
    dialog.decline()
    assert emitted == [] and dialog.isVisible() and dialog.state == "opened"
    click(qtbot, dialog.cancel_button)
    assert emitted == [{"action": "cancel"}] and opener.calls == [URL]


@pytest.mark.parametrize("how", ["cancel", "escape", "close"])
def test_2026_cancel_after_open(qtbot: QtBot, consent: ModuleType, how: str) -> None:
    dialog, opener, emitted = show(qtbot, consent, revision=NEW)
    click(qtbot, dialog.open_button)
    if how == "cancel":
        click(qtbot, dialog.cancel_button)
    elif how == "escape":
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
    else:
        assert dialog.close()
    assert emitted == [{"action": "cancel"}] and opener.calls == [URL]
    assert not dialog.isVisible()


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_2026_enter_after_open_does_not_finish(
    qtbot: QtBot, consent: ModuleType, key: Qt.Key
) -> None:
    dialog, _, emitted = show(qtbot, consent, revision=NEW)
    click(qtbot, dialog.open_button)
    assert QApplication.focusWidget() is dialog.finished_button
    assert not dialog.finished_button.autoDefault() and not dialog.finished_button.isDefault()
    qtbot.keyClick(dialog.finished_button, key)
    qtbot.keyClick(dialog, key)
    assert emitted == [] and dialog.isVisible()
    qtbot.keyClick(dialog.finished_button, Qt.Key.Key_Space)  # pressed on purpose
    assert emitted == [{"action": "accept"}]


@pytest.mark.parametrize("revision", [None, "2025-11-25", "2025-06-18"])
def test_2025_revisions_keep_the_accept_at_open(
    qtbot: QtBot, consent: ModuleType, revision: str | None
) -> None:
    dialog, _, emitted = show(qtbot, consent, server="Acme", revision=revision)
    click(qtbot, dialog.open_button)
    assert emitted == [{"action": "accept"}] and dialog.state == "accepted"
    assert label(dialog, "status").text() == (
        "Continue in your browser. Acme will say when this step is complete."
    )
    assert dialog.finish() is False and not dialog.finished_button.isVisible()


# --- refused URLs and warnings ----------------------------------------------------------------


@pytest.mark.parametrize("url", REFUSED)
@pytest.mark.parametrize("finish", ["decline", "cancel"])
def test_refused_urls_have_no_open_button(
    qtbot: QtBot, consent: ModuleType, url: str, finish: str
) -> None:
    check = consent.check_url(url)
    assert check.refusal is not None
    dialog, opener, emitted = show(qtbot, consent, url)
    assert dialog.open_button is None
    assert all("Open" not in b.text() for b in dialog.findChildren(QPushButton))
    assert visible_buttons(dialog) == ["&Decline", "Cancel"]
    refusal = label(dialog, "refusal")
    assert refusal.isVisible()
    assert refusal.text() == f"Cannot open this link: {check.refusal}"
    assert dialog.url_view.toPlainText() == url
    for key in (Qt.Key.Key_Return, Qt.Key.Key_O):
        qtbot.keyClick(QApplication.focusWidget() or dialog, key)
    qtbot.keyClick(dialog, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    assert dialog.open_in_browser() is False
    assert opener.calls == [] and emitted == []
    click(qtbot, getattr(dialog, f"{finish}_button"))
    assert emitted == [{"action": finish}] and opener.calls == []


@pytest.mark.parametrize(
    ("url", "domain", "expected"),
    [
        ("https://xn--80ak6aa92e.com/", "аррӏе.com", ["it is xn--80ak6aa92e.com underneath"]),
        (
            "https://\u0430pple.com/",
            "\u0430pple.com",
            ["it is xn--pple-43d.com underneath", "mixes Cyrillic and Latin letters"],
        ),
    ],
)
def test_look_alike_domains_are_warned_about(
    qtbot: QtBot, consent: ModuleType, url: str, domain: str, expected: list[str]
) -> None:
    check = consent.check_url(url)
    assert check.openable and check.domain == domain and check.warnings
    dialog, opener, _ = show(qtbot, consent, url)
    shown = [w.text() for w in labels(dialog, "warning")]
    assert shown == [f"⚠ Warning: {warning}" for warning in check.warnings]
    assert all(w.isVisible() for w in labels(dialog, "warning"))
    for part in expected:
        assert any(part in text for text in shown), part
    # a name that mixes scripts is headlined as what it is (test_look_alike_is_headlined_...)
    assert label(dialog, "domain").text() == (check.ascii_domain if check.lookalike else domain)
    assert dialog.url_view.toPlainText() == check.href
    if not check.lookalike:
        assert top(dialog.url_view, dialog) < top(labels(dialog, "warning")[0], dialog)
    click(qtbot, dialog.open_button)
    assert opener.calls == [check.href]


class DesktopCatcher(QObject):
    """Stands in for the desktop: QDesktopServices hands it every URL it would open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def catch(self, url: QUrl) -> None:
        self.opened.append(bytes(url.toEncoded().data()).decode("ascii"))


@pytest.mark.parametrize(
    "url", ["https://good.com\\@evil.com/", "https://example.com\\x", "https://[::1]\\@evil.com/"]
)
def test_the_default_opener_refuses_what_qt_would_read_as_another_host(
    qtbot: QtBot, consent: ModuleType, url: str
) -> None:
    """The dialog hands its default opener the check's href; handed anything QUrl reads with
    another host than the check (a backslash: user info to Qt, a path to a browser), the
    opener raises and the desktop never gets it."""
    catcher = DesktopCatcher()
    QDesktopServices.setUrlHandler("https", catcher, "catch")
    try:
        with pytest.raises(OSError, match="another address than the one shown"):
            consent._open_in_browser(url)
        assert consent._open_in_browser(consent.check_url(url).href) is True
    finally:
        QDesktopServices.unsetUrlHandler("https")
    assert catcher.opened == [consent.check_url(url).href]


LOOK_ALIKE = "https://login.g\u0456thub.com/settings"  # a Cyrillic і in "github"


def test_look_alike_is_headlined_as_what_it_is_after_the_warnings(
    qtbot: QtBot, consent: ModuleType
) -> None:
    """Issue 24, defect 9: "login.gіthub.com" was headlined in large type as github-looking
    text with the warnings below it; now the headline is its xn-- form, the warnings come
    first, and Open is neither a default button nor emphasised."""
    check = consent.check_url(LOOK_ALIKE)
    assert check.lookalike and check.ascii_domain == "xn--gthub-n2e.com"
    dialog, opener, _ = show(qtbot, consent, LOOK_ALIKE)
    headline = label(dialog, "domain")
    assert headline.text() == "xn--gthub-n2e.com" and headline.font().bold()
    readable = label(dialog, "readable")
    assert readable.isVisible() and readable.text() == "Written in the link as: g\u0456thub.com"
    assert not readable.font().bold()
    assert readable.font().pointSizeF() < headline.font().pointSizeF()
    warnings = labels(dialog, "warning")
    assert warnings and all(w.isVisible() for w in warnings)
    assert max(top(w, dialog) for w in warnings) < top(label(dialog, "domain_caption"), dialog)
    assert top(headline, dialog) < top(readable, dialog) < top(dialog.url_view, dialog)
    assert dialog.open_button is not None
    for button in (dialog.open_button, dialog.decline_button, dialog.cancel_button):
        assert not button.isDefault() and not button.autoDefault()
    assert not dialog.open_button.font().bold() and dialog.open_button.styleSheet() == ""
    assert dialog.open_button.font() == dialog.decline_button.font()
    assert not dialog.open_button.hasFocus()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Enter opens nothing
    assert opener.calls == [] and dialog.elicit_result() is None
    click(qtbot, dialog.open_button)
    assert opener.calls == [check.href]


def test_a_name_that_is_no_look_alike_keeps_its_readable_headline(
    qtbot: QtBot, consent: ModuleType
) -> None:
    url = "https://m\u00fcnchen.de/"  # international, one script: no look-alike
    check = consent.check_url(url)
    assert not check.lookalike and check.warnings
    dialog, _, _ = show(qtbot, consent, url)
    assert label(dialog, "domain").text() == "m\u00fcnchen.de"
    assert labels(dialog, "readable") == []
    assert top(dialog.url_view, dialog) < top(labels(dialog, "warning")[0], dialog)


#: A megabyte: what a hostile server may send as its name, the id or the message.
MEGABYTE = 1_000_000


@pytest.mark.parametrize("slot", ["server", "elicitation_id", "message"])
def test_a_megabyte_of_server_text_is_clipped_before_the_dialog_is_built(
    qtbot: QtBot, consent: ModuleType, slot: str
) -> None:
    """Issue 24, defect 5: a 1 MB elicitation id kept the GUI thread busy ~21 s (a 1 MB
    server name as long); each is clipped (the message to the forms' 10,000 characters)
    before any label is built."""
    texts: dict[str, Any] = {"server": "Acme", "elicitation_id": "e-1", "message": MESSAGE}
    texts[slot] = "W" * (MEGABYTE - 1) + "\u202e"
    message = texts.pop("message")
    started = time.monotonic()
    dialog, _, _ = show(qtbot, consent, URL, message=message, **texts)
    dialog.adjustSize()
    QApplication.processEvents()
    elapsed = time.monotonic() - started
    assert elapsed < 5, f"{elapsed:.1f} s to show the dialog"
    shown = {
        "server": label(dialog, "server").text(),
        "elicitation_id": label(dialog, "request").text(),
        "message": shown_message(dialog),
    }[slot]
    limit = consent.MAX_MESSAGE_LENGTH if slot == "message" else consent.MAX_NAME_LENGTH
    assert "W" * (limit - 1) + "\u2026" in shown and "W" * limit not in shown
    assert len(shown) < limit + 100 and "\\u202e" not in shown
    if slot == "server":
        assert len(dialog.windowTitle()) < limit + 100


@pytest.mark.parametrize(
    "message",
    [("b\n" * 4_999)[:-1], "m" * 9_999, ("lorem ipsum dolor " * 600)[:9_999]],
    ids=["lines", "word", "prose"],
)
def test_a_long_message_is_laid_out_as_it_is_scrolled_to(
    qtbot: QtBot, consent: ModuleType, message: str
) -> None:
    """Issue 40, item 11: a label laid out the whole of a 10,000-character message at each
    sizing (5,000 lines: 1.4 s to show, 0.8 s per resize; one word: a dialog 117,000 pixels
    wide). A long message is a read-only view of a few lines, all of it there to scroll."""
    dialog, _, _ = show(qtbot, consent, URL, message=message)
    view = dialog.findChild(QWidget, "message")
    assert isinstance(view, QPlainTextEdit) and view.isReadOnly()
    assert view.toPlainText() == message and view.accessibleName() == "Message"
    assert view.height() < 20 * view.fontMetrics().lineSpacing()
    assert dialog.width() <= QApplication.primaryScreen().availableGeometry().width()


def test_a_megabyte_url_is_refused_and_shown_cut(qtbot: QtBot, consent: ModuleType) -> None:
    url = "https://example.com/" + "a" * MEGABYTE
    dialog, _, _ = show(qtbot, consent, url)
    assert dialog.open_button is None and dialog.refusal_label is not None
    assert dialog.url_view.toPlainText() == url[: consent.MAX_URL_LENGTH] + "\u2026"


# --- hostile text -----------------------------------------------------------------------------


def test_hostile_text_is_shown_escaped_and_never_as_rich_text(
    qtbot: QtBot, consent: ModuleType
) -> None:
    url = "https://example.com/\x1b[2J\u202e/<b>x</b>"
    dialog, opener, _ = show(
        qtbot,
        consent,
        url,
        message=HOSTILE_MESSAGE,
        server=HOSTILE_SERVER,
        elicitation_id="id\x1b[1m<b>",
    )
    every = dialog.findChildren(QLabel)
    assert every and all(w.textFormat() == Qt.TextFormat.PlainText for w in every)
    texts = [w.text() for w in every] + [dialog.url_view.toPlainText(), dialog.windowTitle()]
    texts += [w.toolTip() for w in dialog.findChildren(QWidget)]
    assert not any(UNSAFE.search(text) for text in texts)
    server = "Acme\\x1b]0;pwned\\x07 \\u202eevil [red]x[/red] <i>y</i> &amp; [*]"
    assert label(dialog, "server").text() == f"{server} asks you to open a web page"
    assert label(dialog, "message").text() == (
        "Sign in\\x1b[2J\\x1b[31m now\\r\\u202egnp.exe <b>bold</b> [bold]x[/bold]\\x07"
    )
    assert dialog.url_view.toPlainText() == "https://example.com/\\x1b[2J\\u202e/<b>x</b>"
    assert label(dialog, "request").text() == "Request: id\\x1b[1m<b>"
    assert "contains spaces, control or invisible characters" in label(dialog, "refusal").text()
    assert dialog.open_button is None and opener.calls == []
    # the "[*]" placeholder is doubled, so the title shows it literally
    assert dialog.windowTitle().endswith(server.replace("[*]", "[*][*]"))


def test_hostile_server_in_the_waiting_state(qtbot: QtBot, consent: ModuleType) -> None:
    dialog, _, _ = show(qtbot, consent, server=HOSTILE_SERVER)
    click(qtbot, dialog.open_button)
    status = label(dialog, "status")
    assert status.textFormat() == Qt.TextFormat.PlainText
    assert status.text().startswith("Continue in your browser. Acme\\x1b]0;pwned\\x07 ")
    assert not UNSAFE.search(status.text())


# --- the blocking elicit_url() and main() ------------------------------------------------------


@contextmanager
def when_shown(act: Any) -> Iterator[list[str]]:
    """Runs ``act(dialog)`` as soon as a consent dialog is on screen, from Qt's event loop (a
    modal exec() runs its own), polling every 20 ms for at most WAIT_MS; yields a list that
    says what happened ("acted", or "timed out")."""
    happened: list[str] = []
    started = time.monotonic()
    timer = QTimer()

    def poll() -> None:
        shown = consent_dialogs()
        if shown and QApplication.activeWindow() is shown[0]:
            timer.stop()
            happened.append("acted")
            act(shown[0])
        elif time.monotonic() - started > WAIT_MS / 1000:
            timer.stop()
            happened.append("timed out")
            for dialog in shown:
                dialog.reject()

    timer.timeout.connect(poll)
    timer.start(20)
    try:
        yield happened
    finally:
        timer.stop()


def test_elicit_url_returns_accept_right_after_open(qtbot: QtBot, consent: ModuleType) -> None:
    opener = Recorder()
    seen: list[Any] = []

    def act(dialog: Any) -> None:
        seen.append(dialog.url_view.toPlainText())
        assert opener.calls == []
        click(qtbot, dialog.open_button)

    with when_shown(act) as happened:
        result = consent.elicit_url(MESSAGE, URL, server="Acme", elicitation_id="e", opener=opener)
    assert happened == ["acted"]
    assert result == {"action": "accept"}
    assert opener.calls == [URL] and seen == [URL]
    assert consent_dialogs() == []


def test_elicit_url_2026_returns_accept_at_finished(qtbot: QtBot, consent: ModuleType) -> None:
    opener = Recorder()
    after_open: list[Any] = []

    def act(dialog: Any) -> None:
        click(qtbot, dialog.open_button)
        after_open.append((dialog.isVisible(), dialog.elicit_result(), list(opener.calls)))
        click(qtbot, dialog.finished_button)

    with when_shown(act) as happened:
        result = consent.elicit_url(MESSAGE, URL, server="Acme", revision=NEW, opener=opener)
    assert happened == ["acted"]
    assert after_open == [(True, None, [URL])]  # opened, and still asking
    assert result == {"action": "accept"} and opener.calls == [URL]
    assert consent_dialogs() == []


@pytest.mark.parametrize(("key", "action"), [(Qt.Key.Key_Escape, "cancel")])
def test_elicit_url_escape_cancels(
    qtbot: QtBot, consent: ModuleType, key: Qt.Key, action: str
) -> None:
    opener = Recorder()

    def act(dialog: Any) -> None:
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)
        qtbot.keyClick(QApplication.focusWidget() or dialog, key)

    with when_shown(act) as happened:
        result = consent.elicit_url(MESSAGE, URL, opener=opener)
    assert happened == ["acted"]
    assert result == {"action": action} and opener.calls == []


def test_main_prints_the_result(
    qtbot: QtBot, consent: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    opener = Recorder()
    monkeypatch.setattr(consent, "_open_in_browser", opener)

    def act(dialog: Any) -> None:
        assert label(dialog, "server").text() == "Acme asks you to open a web page"
        assert label(dialog, "request").text() == "Request: r1"
        click(qtbot, dialog.open_button)

    with when_shown(act) as happened:
        code = consent.main(["--server", "Acme", "--message", "Sign in", "--id", "r1", URL])
    assert happened == ["acted"] and code == 0
    assert capsys.readouterr().out == '{"action": "accept"}\n'
    assert opener.calls == [URL]


def test_main_with_the_2026_revision_waits_for_finished(
    qtbot: QtBot, consent: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    opener = Recorder()
    monkeypatch.setattr(consent, "_open_in_browser", opener)

    def act(dialog: Any) -> None:
        click(qtbot, dialog.open_button)
        assert dialog.isVisible() and label(dialog, "status").text() == WAITING
        click(qtbot, dialog.cancel_button)

    with when_shown(act) as happened:
        code = consent.main(["--server", "Acme", "--revision", NEW, URL])
    assert happened == ["acted"] and code == 0
    assert capsys.readouterr().out == '{"action": "cancel"}\n'
    assert opener.calls == [URL]


def test_script_usage(consent_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for args, code in ((["--help"], 0), ([], 2)):
        proc = subprocess.run(
            [sys.executable, str(consent_path), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert proc.returncode == code, proc.stderr
        assert "Traceback" not in proc.stderr
    assert (
        "--server"
        in subprocess.run(
            [sys.executable, str(consent_path), "--help"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        ).stdout
    )


# --- the generated file and the runtime -------------------------------------------------------


def test_the_module_is_the_same_on_every_run() -> None:
    """The same module in fresh interpreters (other hash seeds, nothing cached) as here."""
    text = generated_text("qt")
    assert fresh_consent_outputs("qt") == [[text], [text]]


def test_the_module_holds_the_runtime_verbatim_and_only_stdlib_and_pyside6() -> None:
    text = generated_text("qt")
    assert text.startswith("# Generated by elicit-gen: the URL consent dialog of the qt target.")
    for part in (
        "safetext.py",
        "urlparts.py",
        "urlcheck.py",
        "consent_flow.py",
        "qt_consent_view.py",
        "qt_consent.py",
    ):
        assert runtime_part(part).body in text, part
    for part in ("formcore.py", *QT_FORM_PARTS, "prompt_consent.py"):
        assert runtime_part(part).body.splitlines()[0] not in text, part
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    modules = {line.split()[1].split(".")[0] for line in imports}
    assert modules <= set(sys.stdlib_module_names) | {"__future__", "PySide6"}
    assert "elicit_gen" not in modules
    names = top_level_names(text)
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
    assert runtime_file("qt_consent.py").exists()


def test_load_url_consent_gives_the_same_module(qtbot: QtBot) -> None:
    live = elicit_gen.load_url_consent("qt")
    for name in ("check_url", "elicit_url", "main", "UrlConsentDialog"):
        assert callable(getattr(live, name)), name
    assert live.DEFAULT_SERVER == ir.DEFAULT_SERVER
    dialog, opener, emitted = show(qtbot, live)
    click(qtbot, dialog.open_button)
    assert opener.calls == [URL] and emitted == [{"action": "accept"}]


def test_generated_module_passes_ruff_and_mypy_strict(consent_path: Path) -> None:
    assert_lint_clean([consent_path])


def test_golden_is_what_black_gives_for_the_whole_file() -> None:
    from elicit_gen.targets.common.pyformat import black_format

    text = golden_text(GOLDEN_PATH)  # the golden put together
    assert black_format(text) == text


def test_black_and_ruff_leave_the_whole_module_unchanged(formatters: Formatters) -> None:
    formatters.assert_stable(generated_text("qt"))


def test_elicit_gen_url_consent_writes_the_module(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "forms"
    proc = run_cli("--url-consent", "--target", "qt", "-o", f"{out}/")
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in out.iterdir()] == ["url_consent_qt.py"]
    assert (out / "url_consent_qt.py").read_text(encoding="utf-8") == generated_text("qt")


# --- through QtRunner, for a real MCP session --------------------------------------------------


class UrlServer:
    """A server whose tool ``sign_in`` asks for ``url`` in URL mode (a 2025-11-25 standalone
    ``elicitation/create``) and, after an accept, waits for ``finished`` (set by the test) before
    it sends ``notifications/elicitation/complete``."""

    def __init__(self, url: str, elicitation_id: str = "e-1") -> None:
        self.url = url
        self.elicitation_id = elicitation_id
        self.results: list[Any] = []
        self.finished: list[anyio.Event] = []
        self.server = MCPServer(SERVER_NAME)

        async def sign_in(ctx: Context) -> str:
            finished = anyio.Event()
            self.finished.append(finished)
            result = await ctx.session.elicit_url(MESSAGE, self.url, self.elicitation_id)
            self.results.append(result)
            if result.action == "accept":
                await finished.wait()
                await ctx.session.send_elicit_complete(self.elicitation_id)
            return json.dumps(result.model_dump(mode="json", exclude_none=True))

        sign_in.__annotations__ = {"ctx": Context, "return": str}
        self.server.tool(name="sign_in")(sign_in)


async def call_with_router(server: MCPServer, router: FormRouter) -> Any:
    """A real ``Client`` on a 2025-11-25 ("legacy") session over the in-memory transport, the
    router as its elicitation callback and its message handler; calls ``sign_in``."""
    transport = InMemoryTransport(server)
    with anyio.fail_after(60):  # a session that never answers fails the test, never hangs it
        async with Client(
            transport,
            mode="legacy",
            elicitation_callback=router,
            message_handler=router.message_handler,
        ) as client:
            reply = await client.call_tool("sign_in", {})
            assert not reply.is_error, reply.content
            text: str = reply.content[0].text  # type: ignore[union-attr]
            return json.loads(text)


@contextmanager
def running(
    client_loop: LoopThread, coro: Coroutine[Any, Any, Any]
) -> Iterator[concurrent.futures.Future[Any]]:
    future = client_loop.submit(coro)
    try:
        yield future
    finally:
        if not future.done():
            future.cancel()
        for dialog in consent_dialogs():
            dialog.reject()


def wait_for_consent(qtbot: QtBot) -> Any:
    qtbot.waitUntil(lambda: bool(consent_dialogs()), timeout=WAIT_MS)
    (dialog,) = consent_dialogs()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=WAIT_MS)
    return dialog


def result_of(qtbot: QtBot, future: concurrent.futures.Future[Any]) -> Any:
    qtbot.waitUntil(future.done, timeout=WAIT_MS)
    return future.result(timeout=0)


@pytest.fixture
def recorded_opener(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """The in-memory consent module's default opener, replaced by a recorder."""
    recorder = Recorder()
    monkeypatch.setattr(elicit_gen.load_url_consent("qt"), "_open_in_browser", recorder)
    return recorder


def test_mcp_session_open_then_completion_closes_the_waiting_dialog(
    qtbot: QtBot, client_loop: LoopThread, recorded_opener: Recorder
) -> None:
    served = UrlServer(URL)
    router = FormRouter(url_consent="qt", runner=QtRunner())
    with running(client_loop, call_with_router(served.server, router)) as session:
        dialog = wait_for_consent(qtbot)
        assert dialog.thread() is QApplication.instance().thread()  # type: ignore[union-attr]
        assert label(dialog, "server").text() == f"{SERVER_NAME} asks you to open a web page"
        assert label(dialog, "message").text() == MESSAGE
        assert label(dialog, "domain").text() == "example.com"
        assert dialog.url_view.toPlainText() == URL
        assert label(dialog, "request").text() == "Request: e-1"
        assert recorded_opener.calls == []  # nothing opened before the click
        click(qtbot, dialog.open_button)
        assert recorded_opener.calls == [URL]
        # the server got accept, and the dialog waits, open
        qtbot.waitUntil(lambda: len(served.results) == 1, timeout=WAIT_MS)
        (result,) = served.results
        assert result.action == "accept" and result.content is None
        status = label(dialog, "status")
        assert status.text() == (
            f"Continue in your browser. {SERVER_NAME} will say when this step is complete."
        )
        assert dialog.isVisible() and not session.done()
        assert dialog.windowModality() == Qt.WindowModality.NonModal  # the app is usable
        (finished,) = served.finished
        client_loop.call_soon(finished.set)  # the step in the browser is done
        qtbot.waitUntil(lambda: status.text() == "Completed in your browser.", timeout=WAIT_MS)
        assert dialog.isVisible()
        qtbot.waitUntil(lambda: not consent_dialogs(), timeout=WAIT_MS)
        reply = result_of(qtbot, session)
    assert reply == {"action": "accept"}
    assert recorded_opener.calls == [URL]
    assert router._waiting == {}


@pytest.mark.parametrize(
    ("url", "button"),
    [(URL, "decline"), (URL, "cancel"), ("javascript:alert(1)", "decline")],
)
def test_mcp_session_decline_and_cancel(
    qtbot: QtBot, client_loop: LoopThread, recorded_opener: Recorder, url: str, button: str
) -> None:
    served = UrlServer(url)
    router = FormRouter(url_consent="qt", runner=QtRunner())
    with running(client_loop, call_with_router(served.server, router)) as session:
        dialog = wait_for_consent(qtbot)
        assert (dialog.open_button is None) == (url != URL)
        click(qtbot, getattr(dialog, f"{button}_button"))
        reply = result_of(qtbot, session)
    assert reply == {"action": button}
    assert [r.action for r in served.results] == [button]
    assert recorded_opener.calls == [] and consent_dialogs() == []


@pytest.mark.parametrize(
    ("mode", "button"),
    [(mode, "finished") for mode in MODES] + [("2026-07-28", "cancel"), ("auto", "cancel")],
)
def test_mcp_session_in_each_client_mode(
    qtbot: QtBot, client_loop: LoopThread, recorded_opener: Recorder, mode: str, button: str
) -> None:
    """legacy: accept at Open, the dialog waits for the server's completion; 2026-07-28 and
    auto: after Open the dialog asks until "I've finished" (or Cancel), and only then does the
    SDK retry the original request."""
    log: list[str] = []
    router = FormRouter(url_consent="qt", runner=QtRunner(), server="Acme")
    legacy = mode == "legacy"
    with running(client_loop, sign_in(both_ways_server([URL], log), router, mode)) as session:
        dialog = wait_for_consent(qtbot)
        click(qtbot, dialog.open_button)
        assert recorded_opener.calls == [URL]
        status = label(dialog, "status")
        if legacy:
            # the server got accept at Open, and its completion closes the dialog
            reply = result_of(qtbot, session)
            assert reply == ["2025-11-25 accept"]
            qtbot.waitUntil(lambda: not consent_dialogs(), timeout=WAIT_MS)
            assert log == ["2025-11-25 call"]
            return
        assert status.text() == WAITING and "will say" not in status.text()
        time.sleep(0.2)  # the client's loop runs on: still no answer, no retry
        assert not session.done() and log == ["2026-07-28 call, answer None"]
        click(qtbot, dialog.finished_button if button == "finished" else dialog.cancel_button)
        reply = result_of(qtbot, session)
    action = "accept" if button == "finished" else "cancel"
    assert reply == [f"2026-07-28 {action}"]
    assert log == ["2026-07-28 call, answer None", f"2026-07-28 call, answer {action}"]
    assert consent_dialogs() == [] and router._waiting == {}


def test_runner_in_the_gui_thread(qtbot: QtBot, recorded_opener: Recorder) -> None:
    """Set-up (b): the client's loop runs in the GUI thread (Qt's events pumped between its
    steps). show_url opens the dialog directly, returns at Open, and complete_url reaches the
    dialog waiting under that elicitationId (and no other)."""
    module = elicit_gen.load_url_consent("qt")
    runner = QtRunner()
    first = UrlRequest(MESSAGE, URL, server="Acme", elicitation_id="a")
    second = UrlRequest("Pay", "https://pay.example.org/x", server="Shop", elicitation_id="b")

    async def pump() -> None:
        while True:
            QApplication.processEvents()
            await asyncio.sleep(0.005)

    async def until(condition: Any) -> None:
        with anyio.fail_after(WAIT_MS / 1000):
            while not condition():
                await asyncio.sleep(0.01)

    async def main() -> list[Any]:
        pumping = asyncio.create_task(pump())
        dialogs: list[Any] = []
        results: list[Any] = []
        try:
            for request in (first, second):
                shown = asyncio.create_task(runner.show_url(module, request))
                await until(lambda: len(consent_dialogs()) == len(dialogs) + 1)
                (dialog,) = [d for d in consent_dialogs() if d not in dialogs]
                assert dialog.url == request.url and dialog.server == request.server
                dialog.open_in_browser()
                results.append(await asyncio.wait_for(shown, WAIT_MS / 1000))
                dialogs.append(dialog)
            statuses = [label(d, "status") for d in dialogs]
            runner.complete_url(module, second)
            await until(lambda: statuses[1].text() == "Completed in your browser.")
            assert statuses[0].text().startswith("Continue in your browser. Acme ")
            await until(lambda: consent_dialogs() == [dialogs[0]])
            runner.complete_url(module, second)  # again: nobody waits under "b" any more
            runner.complete_url(module, first)
            await until(lambda: not consent_dialogs())
        finally:
            pumping.cancel()
        return results

    results = asyncio.run(main())
    assert results == [{"action": "accept"}, {"action": "accept"}]
    assert recorded_opener.calls == [first.url, second.url]
    assert runner._bridge is None and runner._waiting == {}
