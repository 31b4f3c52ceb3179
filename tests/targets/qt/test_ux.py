"""The qt target's dialog as a user meets it (issue 16): no stray Enter sends the form, Escape
asks before it throws answers away, the window grows before the fields scroll, the buttons are
in the platform's order, and prose gets a multi-line box. Each test compiles a form, imports the
generated module and drives its dialog offscreen with real key and mouse input (pytest-qt)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path
from typing import Any

import pytest

import elicit_gen

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QPlainTextEdit,
    QProxyStyle,
    QPushButton,
    QStyle,
    QStyleHintReturn,
    QStyleOption,
    QWidget,
)
from pytestqt.qtbot import QtBot

from elicit_gen.compiler import ir
from elicit_gen.targets.common.layout import is_long_text

from ...support.cases import write_and_import
from ...support.qt import clear_and_type, focus, open_dialog, press_space, submit

WAIT = 3000  # ms, the bound of every wait

#: One optional field of each kind whose control is not a one-line text box, and of each
#: that is: nothing is required, so an Enter that submits is seen at once.
EVERY_CONTROL: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name"},
        "age": {"type": "integer", "title": "Age"},
        "when": {"type": "string", "format": "date", "title": "When", "default": "2026-03-01"},
        "at": {"type": "string", "format": "date-time", "title": "At"},
        "agree": {"type": "boolean", "title": "Confirm booking", "default": False},
        "size": {"type": "string", "title": "Size", "enum": ["S", "M", "L"]},
        "tags": {"type": "array", "title": "Tags", "items": {"type": "string", "enum": ["a", "b"]}},
    },
}


def dialog_for(qtbot: QtBot, tmp_path: Path, schema: dict[str, Any], **kwargs: Any) -> Any:
    (form,) = elicit_gen.compile(schema, [], stem="ux").forms
    module = write_and_import(form, "qt", tmp_path)
    dialog = open_dialog(qtbot, module, form, **kwargs)
    dialog.test_form = form
    return dialog


def enter(qtbot: QtBot, widget: QWidget, modifier: Qt.KeyboardModifier | None = None) -> None:
    if modifier is None:
        qtbot.keyClick(widget, Qt.Key.Key_Return)
    else:
        qtbot.keyClick(widget, Qt.Key.Key_Return, modifier)


# --- item 5: Enter ------------------------------------------------------------------------------


def test_enter_right_after_the_dialog_opens_sends_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    first = dialog.field_widget("name")
    assert isinstance(first, QLineEdit)
    qtbot.waitUntil(first.hasFocus, timeout=WAIT)
    enter(qtbot, first)  # an Enter meant for the window the dialog popped up over
    QApplication.processEvents()
    assert dialog.elicit_result() is None and dialog.isVisible()
    qtbot.keyClicks(first, "Ada")  # once the user typed, Enter in a text box submits
    enter(qtbot, first)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"name": "Ada", "when": "2026-03-01", "agree": False},
    }


def test_enter_on_an_empty_form_waits_for_the_user(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, tmp_path, {"type": "object", "properties": {}})
    qtbot.waitUntil(dialog.submit_button.hasFocus, timeout=WAIT)
    enter(qtbot, dialog.submit_button)
    assert dialog.elicit_result() is None
    qtbot.keyClick(dialog.submit_button, Qt.Key.Key_Tab)
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Backtab)
    qtbot.waitUntil(dialog.submit_button.hasFocus, timeout=WAIT)
    enter(qtbot, dialog.submit_button)  # the focused Submit button: Enter presses it
    assert dialog.elicit_result() == {"action": "accept", "content": {}}


def controls(dialog: Any) -> dict[str, QWidget]:
    """Every control of EVERY_CONTROL's dialog by a short name."""
    return {
        "check box": dialog.field_widget("agree"),
        "drop-down": dialog.field_widget("size"),
        "list": dialog.field_widget("tags"),
        "date's Set box": dialog.editor("at").toggle,
        "offset drop-down": dialog.editor("at").offset,
        "Cancel button": dialog.cancel_button,
        "line edit": dialog.field_widget("name"),
        "spin box": dialog.field_widget("age"),
        "date edit": dialog.field_widget("when"),
        "Submit button": dialog.submit_button,
    }


@pytest.mark.parametrize(
    "control", ["check box", "drop-down", "list", "date's Set box", "offset drop-down"]
)
def test_enter_in_a_control_that_is_no_text_box_sends_nothing(
    qtbot: QtBot, tmp_path: Path, control: str
) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    qtbot.keyClicks(dialog.field_widget("name"), "Ada")
    if control == "offset drop-down":
        press_space(qtbot, dialog.editor("at").toggle)  # the date-time has a value
    widget = controls(dialog)[control]
    focus(qtbot, widget)
    enter(qtbot, widget)
    QApplication.processEvents()
    assert dialog.elicit_result() is None and dialog.isVisible()
    assert not dialog.error_label("name").isVisible()


@pytest.mark.parametrize("control", ["line edit", "spin box", "date edit", "Submit button"])
def test_enter_in_a_text_box_or_on_submit_submits(
    qtbot: QtBot, tmp_path: Path, control: str
) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    clear_and_type(qtbot, dialog.field_widget("age"), "42")
    widget = controls(dialog)[control]
    focus(qtbot, widget)
    enter(qtbot, widget)
    result = dialog.elicit_result()
    assert result is not None and result["action"] == "accept", control
    assert result["content"]["age"] == 42


def test_enter_on_the_focused_cancel_button_cancels(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    focus(qtbot, dialog.cancel_button)
    qtbot.keyClick(dialog.cancel_button, Qt.Key.Key_Shift)  # a modifier alone arms nothing
    enter(qtbot, dialog.cancel_button)
    assert dialog.elicit_result() is None
    qtbot.keyClick(dialog.cancel_button, Qt.Key.Key_Tab)
    focus(qtbot, dialog.cancel_button)
    enter(qtbot, dialog.cancel_button)
    assert dialog.elicit_result() == {"action": "cancel"}


# --- item 5: Escape and closing the window -------------------------------------------------------


def question(qtbot: QtBot, dialog: Any) -> Any:
    qtbot.waitUntil(
        lambda: dialog.discard_question is not None and dialog.discard_question.isVisible(),
        timeout=WAIT,
    )
    box = dialog.discard_question
    assert box.text() == "Discard your answers?"
    assert box.textFormat() == Qt.TextFormat.PlainText
    return box


def button(box: Any, text: str) -> QAbstractButton:
    (found,) = [b for b in box.buttons() if b.text().replace("&", "") == text]
    return found


@pytest.mark.parametrize("how", ["Escape", "close"])
def test_escape_or_close_on_a_changed_form_asks_first(
    qtbot: QtBot, tmp_path: Path, how: str
) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    press_space(qtbot, dialog.field_widget("agree"))  # the "Confirm booking" box, ticked

    def leave() -> None:
        if how == "Escape":
            qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Escape)
        else:
            dialog.close()

    leave()
    box = question(qtbot, dialog)
    assert dialog.elicit_result() is None and dialog.isVisible()
    # Escape in the question keeps editing (it is the question's Keep editing)
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=WAIT)
    assert dialog.elicit_result() is None and dialog.isVisible()
    leave()
    box = question(qtbot, dialog)
    qtbot.mouseClick(button(box, "Keep editing"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=WAIT)
    assert dialog.elicit_result() is None and dialog.isVisible()
    # answers kept: still ticked
    assert dialog.field_widget("agree").checkState() == Qt.CheckState.Checked
    leave()
    box = question(qtbot, dialog)
    with qtbot.waitSignal(dialog.result_ready, timeout=WAIT):
        qtbot.mouseClick(button(box, "Discard"), Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "cancel"}
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT)


@pytest.mark.parametrize("how", ["Escape", "close"])
def test_escape_or_close_on_an_unchanged_form_cancels_at_once(
    qtbot: QtBot, tmp_path: Path, how: str
) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL, initial={"name": "Ada"})
    edit = dialog.field_widget("name")
    qtbot.waitUntil(edit.hasFocus, timeout=WAIT)
    qtbot.keyClick(edit, Qt.Key.Key_End)
    qtbot.keyClicks(edit, "x")
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)  # typed and taken back: nothing changed
    if how == "Escape":
        qtbot.keyClick(edit, Qt.Key.Key_Escape)
    else:
        dialog.close()
    assert dialog.discard_question is None
    assert dialog.elicit_result() == {"action": "cancel"}
    assert not dialog.isVisible()


def test_cancel_button_and_cancel_never_ask(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    qtbot.keyClicks(dialog.field_widget("name"), "Ada")
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "cancel"}
    dialog = dialog_for(qtbot, tmp_path, EVERY_CONTROL)
    qtbot.keyClicks(dialog.field_widget("name"), "Ada")
    dialog.cancel()  # what a host (or the MCP runner, when the server cancels) calls
    assert dialog.elicit_result() == {"action": "cancel"}
    assert dialog.discard_question is None


# --- item 8: the window grows before the fields scroll -----------------------------------------


THREE_FIELDS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name", "description": "Your full name"},
        "email": {"type": "string", "format": "email", "title": "Email"},
        "age": {"type": "integer", "title": "Age", "minimum": 18},
    },
    "required": ["name", "email", "age"],
}


def test_a_refused_submit_grows_the_window_instead_of_scrolling(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(qtbot, tmp_path, THREE_FIELDS)
    bar = dialog._scroll.verticalScrollBar()
    assert bar.maximum() == 0
    height = dialog.height()
    submit(qtbot, dialog)
    assert dialog.elicit_result() is None
    for name in THREE_FIELDS["properties"]:
        assert dialog.error_label(name).isVisible()
    qtbot.waitUntil(lambda: dialog.height() > height, timeout=WAIT)
    QApplication.processEvents()
    assert bar.maximum() == 0, "the fields scroll although the screen has room"
    for name in THREE_FIELDS["properties"]:
        error = dialog.error_label(name)
        assert not error.visibleRegion().isEmpty(), name


def test_the_window_grows_no_taller_than_the_screen(qtbot: QtBot, tmp_path: Path) -> None:
    many = {f"f{i:02d}": {"type": "string", "title": f"Field {i}"} for i in range(40)}
    schema = {"type": "object", "properties": many, "required": sorted(many)}
    dialog = dialog_for(qtbot, tmp_path, schema)
    # (not dialog.screen(): PySide would make the screen the dialog's child, test_screen.py)
    available = QApplication.primaryScreen().availableGeometry()
    submit(qtbot, dialog)
    QApplication.processEvents()
    assert dialog.frameGeometry().height() <= available.height()
    assert available.contains(dialog.frameGeometry().topLeft())
    assert dialog._scroll.verticalScrollBar().maximum() > 0  # beyond the screen, it scrolls
    assert dialog.field_widget("f00").hasFocus()


# --- item 9: the platform's button order ---------------------------------------------------------


class ButtonLayout(QProxyStyle):
    """The app's style, with the dialog button layout of another platform."""

    def __init__(self, layout: QDialogButtonBox.ButtonLayout) -> None:
        super().__init__()
        self.layout = layout

    def styleHint(
        self,
        hint: QStyle.StyleHint,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
        data: QStyleHintReturn | None = None,
    ) -> int:
        if hint == QStyle.StyleHint.SH_DialogButtonLayout:
            return int(self.layout.value)
        return super().styleHint(hint, option, widget, data)


def order(dialog: Any) -> list[str]:
    buttons: list[QPushButton] = [dialog.submit_button, dialog.decline_button, dialog.cancel_button]
    buttons.sort(key=lambda b: b.mapTo(dialog, b.rect().topLeft()).x())
    return [b.text().replace("&", "") for b in buttons]


LAYOUT = QDialogButtonBox.ButtonLayout


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        (LAYOUT.WinLayout, ["Submit", "Decline", "Cancel"]),
        (LAYOUT.KdeLayout, ["Submit", "Decline", "Cancel"]),
        (LAYOUT.MacLayout, ["Decline", "Cancel", "Submit"]),
        (LAYOUT.GnomeLayout, ["Decline", "Cancel", "Submit"]),
    ],
    ids=["windows", "kde", "macos", "gnome"],
)
def test_buttons_are_in_the_platforms_order(
    qtbot: QtBot, tmp_path: Path, layout: QDialogButtonBox.ButtonLayout, expected: list[str]
) -> None:
    dialog = dialog_for(qtbot, tmp_path, THREE_FIELDS)
    style = ButtonLayout(layout)
    dialog.buttons.setStyle(style)
    qtbot.waitUntil(lambda: order(dialog) == expected, timeout=WAIT)
    # the discard question's buttons follow the same platform
    qtbot.keyClicks(dialog.field_widget("name"), "Ada")
    qtbot.keyClick(dialog.field_widget("name"), Qt.Key.Key_Escape)
    box = question(qtbot, dialog)
    roles = {box.buttonRole(b) for b in box.buttons()}
    assert roles == {box.ButtonRole.DestructiveRole, box.ButtonRole.RejectRole}


def test_the_default_order_is_qts_for_this_platform(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = dialog_for(qtbot, tmp_path, THREE_FIELDS)
    reference = QDialog()
    qtbot.addWidget(reference)
    box = QDialogButtonBox(reference)
    role = QDialogButtonBox.ButtonRole
    made = [
        (QPushButton("Submit"), role.AcceptRole),
        (QPushButton("Decline"), role.DestructiveRole),
        (QPushButton("Cancel"), role.RejectRole),
    ]
    for made_button, made_role in made:
        box.addButton(made_button, made_role)
    reference.show()
    qtbot.waitExposed(reference)
    expected = [b.text() for b, _ in sorted(made, key=lambda p: p[0].x())]
    assert order(dialog) == expected
    assert dialog.buttons.buttonRole(dialog.submit_button) == role.AcceptRole
    assert dialog.buttons.buttonRole(dialog.cancel_button) == role.RejectRole


# --- item 11: prose gets a multi-line box --------------------------------------------------------


ISSUE_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "title": "Title", "maxLength": 80},
        "body": {
            "type": "string",
            "title": "Description",
            "description": "Markdown is supported.",
            "minLength": 10,
        },
    },
    "required": ["title", "body"],
}


def test_a_markdown_field_is_a_multi_line_box_where_enter_starts_a_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(qtbot, tmp_path, ISSUE_FORM)
    assert isinstance(dialog.field_widget("title"), QLineEdit)
    body = dialog.field_widget("body")
    assert isinstance(body, QPlainTextEdit)
    assert dialog.field_label("body").buddy() is body
    line = body.fontMetrics().lineSpacing()
    assert body.height() >= 4 * line
    qtbot.keyClicks(dialog.field_widget("title"), "Crash on start")
    focus(qtbot, body)
    qtbot.keyClicks(body, "Steps")
    enter(qtbot, body)  # a new line, not a submit
    assert dialog.elicit_result() is None
    # Ctrl+Enter submits, and the same validation refuses it (minLength 10)
    enter(qtbot, body, Qt.KeyboardModifier.ControlModifier)
    assert dialog.elicit_result() is None
    error = dialog.error_label("body")
    assert error.isVisible() and "10" in error.text()
    assert body.hasFocus()
    qtbot.keyClicks(body, "1. run it")
    qtbot.keyClick(body, Qt.Key.Key_Tab)  # Tab leaves the box (it does not type a tab)
    assert not body.hasFocus() and "\t" not in body.toPlainText()
    assert not error.isVisible()
    focus(qtbot, body)
    enter(qtbot, body, Qt.KeyboardModifier.ControlModifier)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"title": "Crash on start", "body": "Steps\n1. run it"},
    }


def test_a_multi_line_default_is_shown_on_its_lines_and_sent_exactly(
    qtbot: QtBot, tmp_path: Path
) -> None:
    given = "line one\r\nline two \x1b[31m"
    schema = {
        "type": "object",
        "properties": {"notes": {"type": "string", "default": given}},
    }
    dialog = dialog_for(qtbot, tmp_path, schema)
    body = dialog.field_widget("notes")
    assert isinstance(body, QPlainTextEdit)
    assert body.toPlainText() == "line one\nline two \\x1b[31m"
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": {"notes": given}}


def test_a_long_text_field_left_empty_is_absent(qtbot: QtBot, tmp_path: Path) -> None:
    schema = {"type": "object", "properties": {"comment": {"type": "string", "maxLength": 2000}}}
    dialog = dialog_for(qtbot, tmp_path, schema)
    body = dialog.field_widget("comment")
    assert isinstance(body, QPlainTextEdit)
    qtbot.waitUntil(body.hasFocus, timeout=WAIT)  # the first field has the focus
    qtbot.keyClicks(body, "x")
    qtbot.keyClick(body, Qt.Key.Key_Backspace)
    enter(qtbot, body, Qt.KeyboardModifier.ControlModifier)
    assert dialog.elicit_result() == {"action": "accept", "content": {}}


def field(schema: dict[str, Any], name: str = "f") -> ir.Field:
    (form,) = elicit_gen.compile(
        {"type": "object", "properties": {name: schema}}, [], stem="rule"
    ).forms
    return form.fields[0]


@pytest.mark.parametrize(
    ("schema", "name", "long"),
    [
        ({"type": "string", "maxLength": 201}, "f", True),
        ({"type": "string", "maxLength": 200}, "f", False),
        ({"type": "string"}, "f", False),
        ({"type": "string", "description": "Markdown is supported."}, "f", True),
        ({"type": "string", "title": "Steps, one per line"}, "f", True),
        ({"type": "string", "description": "A few paragraphs."}, "f", True),
        ({"type": "string", "description": "Multi-line is fine."}, "f", True),
        ({"type": "string", "description": "Markdown", "maxLength": 80}, "f", False),
        ({"type": "string"}, "description", True),
        ({"type": "string"}, "issue_body", True),
        ({"type": "string"}, "bugDescription", True),
        ({"type": "string", "maxLength": 150}, "comments", True),
        ({"type": "string", "maxLength": 40}, "description", False),
        ({"type": "string"}, "note", False),
        ({"type": "string"}, "body_id", False),
        ({"type": "string", "format": "email", "maxLength": 500}, "f", False),
        ({"type": "string", "format": "uri", "description": "Markdown"}, "f", False),
        ({"type": "string", "enum": ["a", "b"]}, "description", False),
        ({"type": "integer"}, "description", False),
    ],
)
def test_the_long_text_rule(schema: dict[str, Any], name: str, long: bool) -> None:
    assert is_long_text(field(schema, name)) is long
