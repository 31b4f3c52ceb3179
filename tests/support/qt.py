"""Driving a generated Qt dialog with real key input (pytest-qt), for
tests/targets/qt/test_target.py; finding the URL consent dialogs on screen and their labels."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from types import ModuleType
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from elicit_gen.compiler import ir


def open_dialog(
    qtbot: QtBot, module: ModuleType, form: ir.Form, **kwargs: Any
) -> Any:  # the generated <ClassName>Dialog
    dialog = getattr(module, f"{form.class_name}Dialog")(**kwargs)
    # At the end of the test, pytest-qt closes it: closing a form the test changed asks "Discard
    # your answers?" and keeps the dialog up (as for a user), which would leave it on screen for
    # the tests after this one. cancel() is what a host calls to take a form away: it never asks.
    qtbot.addWidget(dialog, before_close_func=_cancel)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitExposed(dialog)
    return dialog


def _cancel(dialog: QWidget) -> None:
    dialog.cancel()  # type: ignore[attr-defined]


def focus(qtbot: QtBot, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2000)


def clear_and_type(qtbot: QtBot, widget: QWidget, text: str) -> None:
    focus(qtbot, widget)
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(widget, Qt.Key.Key_Delete)
    if text:
        qtbot.keyClicks(widget, text)


def number_text(value: int | float) -> str:
    return str(value) if isinstance(value, int) else repr(value)


def press_space(qtbot: QtBot, widget: QWidget) -> None:
    focus(qtbot, widget)
    qtbot.keyClick(widget, Qt.Key.Key_Space)


def set_check(qtbot: QtBot, check: QCheckBox, value: bool) -> None:
    """Presses Space on the check box until it shows ``value`` (at most three times)."""
    wanted = Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
    for _ in range(3):
        if check.checkState() == wanted:
            return
        press_space(qtbot, check)
    assert check.checkState() == wanted


def choose(qtbot: QtBot, combo: QComboBox, index: int) -> None:
    """Moves a closed combo box to ``index`` with the arrow keys."""
    focus(qtbot, combo)
    while combo.currentIndex() < index:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    while combo.currentIndex() > index:
        qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert combo.currentIndex() == index


def tick(qtbot: QtBot, items: QListWidget, rows: set[int]) -> None:
    """Ticks exactly ``rows`` of a checkable list, moving with Home/Down and pressing Space."""
    focus(qtbot, items)
    qtbot.keyClick(items, Qt.Key.Key_Home)
    for row in range(items.count()):
        assert items.currentRow() == row
        checked = items.item(row).checkState() == Qt.CheckState.Checked
        if checked != (row in rows):
            qtbot.keyClick(items, Qt.Key.Key_Space)
        qtbot.keyClick(items, Qt.Key.Key_Down)
    checked = Qt.CheckState.Checked
    ticked = {r for r in range(items.count()) if items.item(r).checkState() == checked}
    assert ticked == rows


def type_digits(qtbot: QtBot, edit: QDateTimeEdit, digits: str) -> None:
    """Types into a date(-time) edit from its first section (entered by Tab, as a user would)."""
    edit.clearFocus()
    focus(qtbot, edit)
    qtbot.keyClicks(edit, digits)


def type_date(qtbot: QtBot, editor: Any, value: str) -> None:
    """Gives a date or date-time editor ``value`` (YYYY-MM-DD or YYYY-MM-DDTHH:MM:00+hh:mm) by
    ticking its "Set" box, typing the digits and picking the offset with the keyboard."""
    if editor.toggle is not None and not editor.toggle.isChecked():
        press_space(qtbot, editor.toggle)
        assert editor.toggle.isChecked()
    digits = "".join(c for c in value[:16] if c.isdigit())
    type_digits(qtbot, editor.edit, digits)
    if editor.offset is not None and len(value) > 16:
        offset: QComboBox = editor.offset
        choose(qtbot, offset, offset.findData(value[19:]))


def fill(qtbot: QtBot, dialog: Any, form: ir.Form, content: dict[str, Any]) -> None:
    """Enters ``content`` into the dialog field by field with the keyboard; fields not in
    ``content`` are left as they are."""
    for field in form.fields:
        if field.name not in content:
            continue
        value = content[field.name]
        widget = dialog.field_widget(field.name)
        editor = dialog.editor(field.name)
        if isinstance(field, ir.StringField) and field.format in (
            ir.StringFormat.DATE,
            ir.StringFormat.DATE_TIME,
        ):
            type_date(qtbot, editor, value)
        elif isinstance(field, ir.StringField):
            assert isinstance(widget, (QLineEdit, QPlainTextEdit))  # a long text: several lines
            clear_and_type(qtbot, widget, value)
        elif isinstance(field, ir.NumberField):
            assert isinstance(widget, QAbstractSpinBox)
            clear_and_type(qtbot, widget, number_text(value))
        elif isinstance(field, ir.BooleanField):
            assert isinstance(widget, QCheckBox)
            set_check(qtbot, widget, value)
        elif isinstance(field, ir.SingleSelectField):
            assert isinstance(widget, QComboBox)
            values = [o.value for o in field.options]
            choose(qtbot, widget, values.index(value) + 1)
        else:
            assert isinstance(widget, QListWidget)
            values = [o.value for o in field.options]
            tick(qtbot, widget, {values.index(v) for v in value})


def submit(qtbot: QtBot, dialog: QDialog) -> None:
    qtbot.mouseClick(dialog.submit_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def label(dialog: QDialog, name: str) -> QLabel:
    found = dialog.findChild(QLabel, name)
    assert isinstance(found, QLabel), name
    return found


def consent_dialogs() -> list[QDialog]:
    """The URL consent dialogs on screen now."""
    return [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, QDialog)
        and widget.objectName() == "url_consent"
        and widget.isVisible()
    ]
