"""The ``qt`` target in Chinese (issue 18): the zh-CN travel-booking form and the zh-CN URL consent
dialog, built offscreen, show no English chrome in any text a user can see or hear (labels,
buttons, tooltips, placeholders, window titles, accessible names and descriptions, drop-down
items), also with errors shown and with the discard question open; the dialogs follow the
locale (QLocale, layout direction); long Chinese text wraps inside the dialog, nothing clipped."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from elicit_gen.records import replace

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QLocale, QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.i18n import translation

from ...support.cases import forms, write_and_import
from ...support.chrome import english_chrome
from ...support.consent import import_generated

ZH = translation("zh-CN")
#: Who asks when the host does not say, in Chinese.
SERVER = ZH.gettext("An MCP server")
#: Every wait on the GUI side, in milliseconds (a busy 2-core machine; a stuck test fails).
WAIT_MS = 20_000


def shown_texts(root: QWidget) -> list[str]:
    """Every text ``root`` and its child widgets show or give to a screen reader."""
    texts: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        texts += [
            widget.windowTitle(),
            widget.toolTip(),
            widget.statusTip(),
            widget.whatsThis(),
            widget.accessibleName(),
            widget.accessibleDescription(),
        ]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        if isinstance(widget, (QLineEdit, QPlainTextEdit)):
            texts.append(widget.placeholderText())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            for row in range(widget.count()):
                texts += [widget.item(row).text(), widget.item(row).toolTip()]
        if isinstance(widget, QMessageBox):
            texts += [widget.text(), widget.informativeText()]
    return [text for text in texts if text]


def compile_zh(schema: dict[str, Any]) -> ir.Form:
    result = elicit_gen.compile(schema, [], name="zh.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    return replace(result.forms[0], locale="zh-CN")


def open_dialog(qtbot: QtBot, module: ModuleType, form: ir.Form) -> Any:
    dialog = getattr(module, f"{form.class_name}Dialog")()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=WAIT_MS)
    return dialog


@pytest.fixture(scope="module")
def travel_zh(tmp_path_factory: pytest.TempPathFactory) -> tuple[ir.Form, ModuleType]:
    (form,) = forms("travel_booking_zh")
    assert form.locale == "zh-CN"
    return form, write_and_import(form, "qt", tmp_path_factory.mktemp("qt_zh"))


# --- the form dialog ---------------------------------------------------------------------


def test_zh_travel_dialog_shows_no_english_chrome(
    qtbot: QtBot, travel_zh: tuple[ir.Form, ModuleType]
) -> None:
    form, module = travel_zh
    dialog = open_dialog(qtbot, module, form)
    opened = shown_texts(dialog)
    # wrong answers (too short, not an email, below the minimum) and required ones left empty
    dialog.field_widget("fullName").setText("张")
    dialog.field_widget("email").setText("不是邮箱")
    dialog.field_widget("budget").lineEdit().setText("10")
    assert dialog.submit() is False
    errors = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    for name in ("fullName", "email", "budget", "extras"):
        assert dialog.error_label(name).isVisible(), name
    summary = ZH.ngettext(
        "Please correct {n} field before submitting.",
        "Please correct {n} fields before submitting.",
        4,
    )
    assert dialog.findChild(QLabel, "summary").text() == summary
    after_submit = shown_texts(dialog)
    dialog.reject()  # the answers changed: Escape asks first
    question = dialog.discard_question
    assert question is not None
    qtbot.waitUntil(question.isVisible, timeout=WAIT_MS)
    asking = shown_texts(dialog) + shown_texts(question)
    everything = "\n".join(opened + errors + after_submit + asking)
    assert english_chrome(everything) == []
    # the walk saw the chrome: buttons, legend, tooltips, the question and its buttons
    for words in (
        ZH.gettext("&Submit"),
        ZH.gettext("&Decline"),
        ZH.gettext("Cancel"),
        ZH.gettext("Fields marked * are required."),
        ZH.gettext("Refuse to give this information"),
        ZH.gettext("Dismiss without answering (Escape)"),
        ZH.gettext("Request from {server}", server=SERVER),
        ZH.gettext("{title} — {server}", title="旅行预订", server=SERVER),
        ZH.gettext("Discard your answers?"),
        ZH.gettext("What you entered in this form will be lost."),
        ZH.gettext("&Discard"),
        ZH.gettext("&Keep editing"),
        ZH.gettext("(no answer)"),
    ):
        assert words in everything, words
    assert dialog.discard_button is not None
    qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "cancel"}


def test_zh_dialog_follows_the_locale(qtbot: QtBot, travel_zh: tuple[ir.Form, ModuleType]) -> None:
    form, module = travel_zh
    dialog = open_dialog(qtbot, module, form)
    assert dialog.locale().name() == "zh_CN"
    assert dialog.layoutDirection() == Qt.LayoutDirection.LeftToRight
    # the children (the date editor's calendar, the number boxes) inherit it
    assert dialog.field_widget("departureDate").locale().name() == "zh_CN"
    calendar = dialog.field_widget("departureDate").calendarWidget()
    assert calendar.locale().language() == QLocale.Language.Chinese
    dialog.cancel()


def test_zh_kinds_the_travel_form_lacks_show_no_english_chrome(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """No title (the window title is the neutral one), an optional date-time (the "Set" box,
    the offset list), an unanswered optional yes/no (its tooltip), a long text, a URL."""
    form = compile_zh(
        {
            "message": "请补充以下信息。",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "start": {"type": "string", "title": "开始时间", "format": "date-time"},
                    "pets": {"type": "boolean", "title": "携带宠物"},
                    "page": {"type": "string", "title": "个人主页", "format": "uri"},
                    "story": {"type": "string", "title": "旅行经历", "maxLength": 2000},
                    "likes": {
                        "type": "array",
                        "title": "兴趣",
                        "maxItems": 2,
                        "items": {"type": "string", "enum": ["美食", "徒步", "博物馆"]},
                    },
                },
            },
        }
    )
    module = write_and_import(form, "qt", tmp_path)
    dialog = open_dialog(qtbot, module, form)
    dialog.field_widget("page").setText("不是网址")
    dialog.submit()
    texts = "\n".join(shown_texts(dialog))
    assert english_chrome(texts) == []
    for words in (
        ZH.gettext("{title} — {server}", title=ZH.gettext("Information requested"), server=SERVER),
        ZH.gettext("Set"),
        ZH.gettext("Set {field}", field="开始时间"),
        ZH.gettext("Give this field a value"),
        ZH.gettext("{field}: UTC offset", field="开始时间"),
        ZH.gettext("Not answered yet"),
    ):
        assert words in texts, words
    dialog.cancel()


def test_english_dialog_keeps_english_and_its_locale(qtbot: QtBot, tmp_path: Path) -> None:
    (form,) = forms("travel_booking")
    module = write_and_import(form, "qt", tmp_path)
    dialog = open_dialog(qtbot, module, form)
    assert dialog.locale().language() == QLocale.Language.English
    texts = "\n".join(shown_texts(dialog))
    for words in ("&Submit", "&Decline", "Cancel", "Fields marked * are required."):
        assert words in texts, words
    dialog.cancel()


# --- Chinese text wraps ------------------------------------------------------------------

#: Long Chinese text without a space or punctuation mark: it can only wrap between characters.
LONG = "航班与酒店的预订信息需要您在提交之前仔细核对以免产生额外的改签费用" * 4


def _overflows(dialog: QWidget) -> list[str]:
    """Each visible widget that sticks out of the dialog or is cut off: a label narrower than
    its text needs (its minimum size) or shorter than its height for its width."""
    problems: list[str] = []
    bounds = dialog.rect()
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisibleTo(dialog) or widget.window() is not dialog:
            continue
        place = QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())
        name = f"{type(widget).__name__}:{widget.objectName()}"
        if place.left() < bounds.left() or place.right() > bounds.right():
            problems.append(f"{name} sticks out: {place} in {bounds}")
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.text():
            if widget.width() < widget.minimumSizeHint().width():
                problems.append(f"{name} is cut short: {widget.width()} wide")
            wraps = isinstance(widget, QLabel) and widget.wordWrap()
            if wraps and widget.height() < widget.heightForWidth(widget.width()):
                problems.append(f"{name} is cut off: {widget.height()} high")
    return problems


def test_long_chinese_text_wraps_inside_the_dialog(qtbot: QtBot, tmp_path: Path) -> None:
    form = compile_zh(
        {
            "message": "请确认：" + LONG,
            "requestedSchema": {
                "type": "object",
                "title": "旅行预订" + LONG,
                "description": LONG,
                "properties": {
                    "name": {
                        "type": "string",
                        "title": "旅客姓名" + LONG[:40],
                        "description": LONG,
                    },
                    "agree": {
                        "type": "boolean",
                        "title": "我已阅读并同意" + LONG,
                        "description": LONG,
                    },
                    "room": {
                        "type": "string",
                        "title": "房型",
                        "enum": ["海景房" + LONG[:30], "城景房"],
                    },
                },
                "required": ["name", "agree"],
            },
        }
    )
    module = write_and_import(form, "qt", tmp_path)
    dialog = open_dialog(qtbot, module, form)
    assert dialog.width() <= 1000  # the default size: not widened to fit one long line
    description = dialog.findChild(QLabel, "description")
    line = description.fontMetrics().lineSpacing()
    assert description.height() >= 2 * line  # it wrapped between Chinese characters
    assert _overflows(dialog) == []
    # the long check box title is a wrapped label beside the box; a click on it ticks the box
    check = dialog.field_widget("agree")
    assert isinstance(check, QCheckBox)
    label = dialog.editor("agree").text_label
    assert label is not None and label.height() >= 2 * line
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert check.isChecked()
    assert dialog.submit() is False  # the name is missing: errors shown, still nothing cut off
    assert dialog.error_label("name").isVisible()
    qtbot.wait(50)  # the layout settles
    assert _overflows(dialog) == []
    dialog.cancel()


# --- the URL consent dialog --------------------------------------------------------------


@pytest.fixture(scope="module")
def consent_zh(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    (file,) = elicit_gen.compile_url_consent("qt", locale="zh-CN")
    path = tmp_path_factory.mktemp("consent_zh") / "url_consent_qt_zh.py"
    path.write_text(file.text, encoding="utf-8")
    return import_generated(path)  # as _gen_url_consent_qt_zh: beside the English one


def _consent(qtbot: QtBot, module: ModuleType, url: str, opener: Any = None) -> Any:
    dialog = module.UrlConsentDialog(
        "请登录以连接您的日历。", url, elicitation_id="req-7", opener=opener
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=WAIT_MS)
    return dialog


def test_zh_url_consent_dialog_shows_no_english_chrome(
    qtbot: QtBot, consent_zh: ModuleType
) -> None:
    opened: list[str] = []
    dialog = _consent(qtbot, consent_zh, "https://login.example.com/authorize", opened.append)
    assert dialog.locale().name() == "zh_CN"
    asking = shown_texts(dialog)
    assert dialog.open_in_browser() is True
    waiting = shown_texts(dialog)
    dialog.complete()
    completed = shown_texts(dialog)
    texts = "\n".join(asking + waiting + completed)
    assert english_chrome(texts) == []
    for words in (
        ZH.gettext("Open a web page? — {server}", server=SERVER),
        ZH.gettext("{server} asks you to open a web page", server=SERVER),
        ZH.gettext("Web site:"),
        ZH.gettext("Full URL:"),
        ZH.gettext("Request: {id}", id="req-7"),
        ZH.gettext("&Decline"),
        ZH.gettext("Do not open this page"),
        ZH.gettext("Cancel"),
        ZH.gettext("&Open in browser"),
        ZH.gettext("Open this page in your web browser"),
        ZH.gettext(
            "Continue in your browser. {server} will say when this step is complete.",
            server=SERVER,
        ),
        ZH.gettext("Completed in your browser."),
        ZH.gettext("Close"),
    ):
        assert words in texts, words
    assert opened == ["https://login.example.com/authorize"]
    assert consent_zh.DEFAULT_SERVER == SERVER


def test_zh_url_consent_dialog_2026_shows_no_english_chrome(
    qtbot: QtBot, consent_zh: ModuleType
) -> None:
    """After Open in a 2026-07-28 session: the question stays, in Chinese."""
    dialog = consent_zh.UrlConsentDialog(
        "请登录。", "https://login.example.com/a", revision="2026-07-28", opener=lambda url: True
    )
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=WAIT_MS)
    assert dialog.open_in_browser() is True
    texts = "\n".join(shown_texts(dialog))
    assert english_chrome(texts) == []
    assert ZH.gettext("Continue in your browser, then come back and click I've finished.") in texts
    assert ZH.gettext("I've &finished") == dialog.finished_button.text() == "我已完成(&F)"
    assert dialog.finish() is True


def test_zh_url_consent_failures_show_no_english_chrome(
    qtbot: QtBot, consent_zh: ModuleType
) -> None:
    def failing(_url: str) -> object:
        raise OSError("")

    dialog = _consent(qtbot, consent_zh, "https://login.example.com/a", failing)
    assert dialog.open_in_browser() is False
    failed = shown_texts(dialog)
    elsewhere = "Open the full URL above in a browser yourself, on this or another device."
    assert ZH.gettext(elsewhere) in "\n".join(failed)
    assert dialog.copy_address() is True
    failed = shown_texts(dialog)
    assert ZH.gettext("The address is on the clipboard.") in "\n".join(failed)
    refused = _consent(qtbot, consent_zh, "")
    texts = "\n".join(failed + shown_texts(refused))
    assert refused.url_view.toPlainText() == ZH.gettext("(none)")
    reason = refused.check.refusal
    assert ZH.gettext("Cannot open this link: {reason}", reason=reason) in texts
    assert english_chrome(texts) == []


def test_zh_url_check_reasons_and_warnings_show_in_chinese(
    qtbot: QtBot, consent_zh: ModuleType
) -> None:
    texts: list[str] = []
    for url in ("", "http://example.com/", "https://xn--80ak6aa92e.com/", "ftp://example.com/"):
        texts += shown_texts(_consent(qtbot, consent_zh, url))
    joined = "\n".join(texts)
    assert ZH.gettext("⚠ Warning: {warning}", warning="") in joined
    assert english_chrome(joined) == []


_QT_WORDS_SCRIPT = """
import importlib.util, sys
from PySide6.QtWidgets import QApplication, QDialog

spec = importlib.util.spec_from_file_location("form", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

def exec_and_report(dialog):
    copy = QApplication.translate("QLineEdit", "&Copy")
    print("COPY=" + copy, flush=True)
    return 0

QDialog.exec = exec_and_report
print(module.elicit())
"""


@pytest.mark.parametrize(("locale", "copy"), [("zh-CN", "复制(&C)"), ("en", "&Copy")])
def test_a_dialog_of_its_own_speaks_the_language_in_qts_own_words_too(
    tmp_path: Path, locale: str, copy: str
) -> None:
    """A module run as a program creates the QApplication: Qt's own words (the context menu of a
    text box) then come in the form's language too, from the translations PySide6 ships."""
    import subprocess

    (form,) = forms("travel_booking_zh")
    (generated,) = elicit_gen.compile_forms([replace(form, locale=locale)], ["qt"])
    path = tmp_path / generated.name
    path.write_text(generated.text, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", _QT_WORDS_SCRIPT, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert f"COPY={copy}\n" in result.stdout, result.stdout + result.stderr
    assert "'action': 'cancel'" in result.stdout
