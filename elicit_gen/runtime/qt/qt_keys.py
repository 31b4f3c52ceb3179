# --- elicit-gen Qt form runtime: the dialog's keys (PySide6 and the standard library) -
# What Enter does in the form's dialog, and when: _DialogKeys, a mixin of the dialog
# (qt_form.py's _FormDialog), sees every key and click in its controls. Copied verbatim
# after qt_pickers.py, right before the dialog.
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from .qt_app import _FreshInputDialog
from .qt_editors import _Editor

# --- end of runtime imports ---


# --- the dialog -----------------------------------------------------------------------

#: Ctrl+Enter (Cmd+Enter on macOS) submits from a multi-line box.
_SUBMIT_MODIFIERS = Qt.KeyboardModifier.ControlModifier
_SUBMIT_MODIFIERS |= Qt.KeyboardModifier.MetaModifier

#: Keys that alone are no input (they do not arm Enter).
_MODIFIER_KEYS = frozenset(
    {
        Qt.Key.Key_Shift,
        Qt.Key.Key_Control,
        Qt.Key.Key_Meta,
        Qt.Key.Key_Alt,
        Qt.Key.Key_AltGr,
        Qt.Key.Key_CapsLock,
        Qt.Key.Key_NumLock,
        Qt.Key.Key_unknown,
    },
)


def _is_enter(event: QKeyEvent) -> bool:
    return event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def _plain_modifiers(event: QKeyEvent) -> Qt.KeyboardModifier:
    """The modifiers held, the keypad's own flag left out (keypad Enter is Enter)."""
    return event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier


# A plain mixin at run time (as _FocusedWheel); the dialog for mypy.
if TYPE_CHECKING:
    _KeysBase = _FreshInputDialog
else:
    _KeysBase = object


class _DialogKeys(_KeysBase):
    """The keys of the form's dialog, a base before :class:`_FreshInputDialog`: Enter
    submits only from a one-line text box, Ctrl+Enter from a multi-line one, and only
    once the user pressed a key or clicked in the dialog. What it reads of the dialog is
    annotated below; :class:`_FormDialog` sets it."""

    #: Enter does nothing until the user pressed a key or clicked in the dialog.
    _armed: bool
    _editors: dict[str, _Editor]
    buttons: QDialogButtonBox
    submit: Callable[[], bool]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Sees every key and click in the dialog's controls: before the dialog was shown
        and settled (see :meth:`_FreshInputDialog.setVisible`) each is dropped; after, the
        first one arms Enter; Enter in a control is the dialog's to decide (see
        :meth:`_enter`)."""
        if self._stale(event):
            return True
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress:
            self._armed = True
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if not _is_enter(event):
                if event.key() not in _MODIFIER_KEYS:
                    self._armed = True
            elif watched is QApplication.focusWidget() and isinstance(watched, QWidget):
                return self._enter(watched, event)
        return super().eventFilter(watched, event)

    def _editor_of(self, widget: QWidget) -> _Editor | None:
        for editor in self._editors.values():
            if editor.widget is widget or editor.widget.isAncestorOf(widget):
                return editor
        return None

    def _enter(self, widget: QWidget, event: QKeyEvent) -> bool:
        """Enter (or Ctrl+Enter) in ``widget``, the focused control: True when the dialog
        took it. A focused button presses; a multi-line box starts a new line, or submits
        on Ctrl+Enter; a one-line text box finishes editing and the dialog submits (in
        :meth:`keyPressEvent`); anything else (a check box, a list, a drop-down) ignores
        it. Before the user's first key or click, Enter does nothing at all."""
        modifiers = _plain_modifiers(event)
        if widget.window() is not self:
            return False
        if isinstance(widget, QPlainTextEdit):
            if modifiers & _SUBMIT_MODIFIERS == Qt.KeyboardModifier.NoModifier:
                return False  # a new line
            if self._armed:
                self.submit()
            return True
        if not self._armed or modifiers != Qt.KeyboardModifier.NoModifier:
            return True
        if isinstance(widget, QPushButton) and widget in self.buttons.buttons():
            widget.click()
            return True
        editor = self._editor_of(widget)
        return editor is None or not editor.submits_on_enter(widget)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not _is_enter(event):
            super().keyPressEvent(event)  # Escape: reject()
            return
        # an Enter that a one-line text box let through (no default button clicks)
        event.accept()
        focused = QApplication.focusWidget()
        no_modifier = Qt.KeyboardModifier.NoModifier
        if not self._armed or focused is None or _plain_modifiers(event) != no_modifier:
            return
        editor = self._editor_of(focused)
        if editor is not None and editor.submits_on_enter(focused):
            self.submit()
