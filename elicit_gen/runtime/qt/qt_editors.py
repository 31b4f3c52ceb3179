# --- elicit-gen Qt form runtime: the editors (PySide6 and the standard library) -------
# The editor of a field is its controls, built from the field's spec: _Editor, the base, and
# the editors of text (one line or several), numbers (NumberSpinBox: exact integers of any
# size) and booleans. The date and select editors, and the table of every kind's editor
# (_EDITORS), follow in qt_pickers.py. Copied verbatim after qt_text.py.
from __future__ import annotations

import math as _math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from ..core.formcore import parse_number
from ..core.i18n import _t
from ..core.safetext import safe_block, safe_text
from .qt_text import (
    ABSENT,
    LABEL_CHARACTERS,
    _format_number,
    excerpt,
    isolate,
    mnemonic_safe,
)

# --- end of runtime imports ---


# A plain mixin at run time (a second QWidget base would crash shiboken); a QWidget for mypy.
if TYPE_CHECKING:
    _Widget = QWidget
else:
    _Widget = object


class _FocusedWheel(_Widget):
    """Put before a Qt editor class: the editor takes the focus by click or Tab only, and
    leaves the mouse wheel to the form unless it has the focus (scrolling the form over it
    must not change its value)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()


class _ComboBox(_FocusedWheel, QComboBox):
    """A combo box that leaves the mouse wheel to the form unless it has the focus."""


class _DateTimeEdit(_FocusedWheel, QDateTimeEdit):
    """A date-time edit that leaves the mouse wheel to the form unless focused."""


class _Editor:
    """The controls of one field. ``widget`` goes into the form, ``focus`` takes the
    focus (and is the label's buddy). ``read()`` gives the value for ``content``, ABSENT
    when empty, and raises ValueError (with a message for the user) when the input
    cannot be read."""

    # True when the control carries the field's label (a check box)
    labels_itself = False

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.name: str = spec["name"]
        self.ident: str = spec["ident"]
        self.label: str = spec["label"]
        self.required: bool = spec["required"]
        self.touched = False  # the user changed it since the dialog opened
        # its error is shown live (after editing it, or after Submit)
        self.checked = False
        self.on_change: Callable[[], None] = _nothing
        self.widget: QWidget = QWidget()
        self.focus: QWidget = self.widget

    def read(self) -> object:
        raise NotImplementedError

    def write(self, value: object) -> None:
        raise NotImplementedError

    def focus_target(self) -> QWidget:
        return self.focus

    def submits_on_enter(self, widget: QWidget) -> bool:
        """Whether Enter in ``widget`` (one of this editor's controls) submits the form:
        only in a one-line text box (a line edit, a spin box, a date edit), as in an HTML
        form; never in a check box, a list or a drop-down."""
        return False

    def changed(self) -> None:
        self.touched = True
        self.on_change()


def _nothing() -> None:
    """Does nothing (the callback of an editor that is not in a dialog yet)."""


class _TextEditor(_Editor):
    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        fmt = spec.get("format")
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(spec.get("placeholder", ""))
        self.edit.setClearButtonEnabled(True)
        if fmt == "email":
            self.edit.setInputMethodHints(Qt.InputMethodHint.ImhEmailCharactersOnly)
        elif fmt == "uri":
            self.edit.setInputMethodHints(Qt.InputMethodHint.ImhUrlCharactersOnly)
        self.edit.textEdited.connect(self._edited)
        self.edit.editingFinished.connect(self._finished)
        self.widget = self.focus = self.edit
        # (what the box shows, the value given) for a default or initial value: it shows
        # control, bidi and invisible characters as escapes and sends the value exactly.
        self._initial: tuple[str, str] | None = None

    def _edited(self, _text: str) -> None:
        self.changed()

    def _finished(self) -> None:
        if self.edit.text():
            self.checked = True
        self.on_change()

    def submits_on_enter(self, widget: QWidget) -> bool:
        return widget is self.edit

    def read(self) -> object:
        text = self.edit.text()
        if self._initial is not None and self._initial[0] == text:
            # untouched: exactly the value given, not its shown form
            text = self._initial[1]
        return text if text else ABSENT

    def write(self, value: object) -> None:
        if isinstance(value, str):
            shown = safe_text(value)
            self.edit.setText(shown)
            self._initial = (shown, value)


class _PlainTextEdit(_FocusedWheel, QPlainTextEdit):
    """A multi-line text box: Enter starts a new line, Tab and Shift+Tab leave it (the
    dialog makes Ctrl+Enter submit). ``focus_left`` is its "editing finished"."""

    focus_left = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setTabChangesFocus(True)
        lines = 5  # shown at once; it scrolls beyond
        margins = self.contentsMargins()
        height = self.fontMetrics().lineSpacing() * lines
        height += margins.top() + margins.bottom() + 2 * self.frameWidth()
        height += int(2 * self.document().documentMargin())
        self.setFixedHeight(height)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.focus_left.emit()


class _LongTextEditor(_Editor):
    """A string field that holds prose (a description, Markdown, more than 200
    characters): a multi-line box, validated like the one-line one."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        self.edit = _PlainTextEdit()
        self.edit.setPlaceholderText(spec.get("placeholder", ""))
        self.edit.textChanged.connect(self._edited)
        self.edit.focus_left.connect(self._finished)
        self.widget = self.focus = self.edit
        # (what the box shows, the value given), as for a one-line text
        self._initial: tuple[str, str] | None = None

    def _edited(self) -> None:
        self.changed()

    def _finished(self) -> None:
        if self.edit.toPlainText():
            self.checked = True
        self.on_change()

    def read(self) -> object:
        text = self.edit.toPlainText()
        if self._initial is not None and self._initial[0] == text:
            text = self._initial[1]  # untouched: exactly the value given
        return text if text else ABSENT

    def write(self, value: object) -> None:
        if isinstance(value, str):
            shown = safe_block(value)
            self.edit.setPlainText(shown)
            self._initial = (shown, value)


class NumberSpinBox(_FocusedWheel, QAbstractSpinBox):
    """A spin box over Python numbers: exact integers of any size (QSpinBox is 32-bit),
    decimals as typed, arrows and Page Up/Down that stay within the bounds, and an empty
    text for "no value"."""

    def __init__(
        self,
        integer: bool,
        minimum: float | None,
        maximum: float | None,
    ) -> None:
        super().__init__()
        self.integer = integer
        self.minimum = minimum
        self.maximum = maximum
        self.setAccelerated(True)
        self.lineEdit().textChanged.connect(self._text_changed)

    def _text_changed(self, _text: str) -> None:
        self.update()  # the arrows' enabled state depends on the value

    def value(self) -> float | None:
        """The number shown, or None when the box is empty or does not hold a number."""
        try:
            if not self.text().strip():
                return None
            return parse_number(self.text(), self.integer)
        except ValueError:
            return None

    def _clamp(self, value: float) -> float:
        lo, hi = self.minimum, self.maximum
        if lo is not None and value < lo:
            value = _math.ceil(lo) if self.integer else lo
        if hi is not None and value > hi:
            value = _math.floor(hi) if self.integer else hi
        return value

    def stepBy(self, steps: int) -> None:
        value = self.value()
        # the first step fills in a value within the bounds
        value = self._clamp(0) if value is None else self._clamp(value + steps)
        self.lineEdit().setText(_format_number(value))
        self.lineEdit().selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.isReadOnly():
            return flags
        value = self.value()
        if value is None or self.maximum is None or value < self.maximum:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if value is None or self.minimum is None or value > self.minimum:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags


class _NumberEditor(_Editor):
    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        self.integer: bool = spec.get("integer", False)
        minimum, maximum = spec.get("minimum"), spec.get("maximum")
        self.spin = NumberSpinBox(self.integer, minimum, maximum)
        self.spin.lineEdit().textEdited.connect(self._edited)
        self.spin.editingFinished.connect(self._finished)
        self.widget = self.focus = self.spin

    def _edited(self, _text: str) -> None:
        self.changed()

    def _finished(self) -> None:
        if self.spin.text():
            self.checked = True
        self.on_change()

    def submits_on_enter(self, widget: QWidget) -> bool:
        return widget is self.spin or self.spin.isAncestorOf(widget)

    def read(self) -> object:
        text = self.spin.text()
        if not text.strip():
            return ABSENT
        return parse_number(text, self.integer)

    def write(self, value: object) -> None:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.spin.lineEdit().setText(_format_number(value))


#: A check box whose text would be wider than this (pixels) shows it as a wrapped label
#: beside it instead: a check box's own text never wraps (a long title, a Chinese one
#: above all, would widen the dialog or be cut off).
_CHECK_TEXT_WIDTH = 420


class _CheckLabel(QLabel):
    """A long check box title, wrapped beside the box: a click on it ticks the box."""

    def __init__(self, text: str, check: QCheckBox) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)
        self.setWordWrap(True)
        self.setBuddy(check)
        self._check = check

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        inside = self.rect().contains(event.position().toPoint())
        left = event.button() == Qt.MouseButton.LeftButton
        if inside and left and self._check.isEnabled():
            self._check.setFocus(Qt.FocusReason.MouseFocusReason)
            self._check.click()
        super().mouseReleaseEvent(event)


class _BoolEditor(_Editor):
    labels_itself = True

    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        marker = " *" if self.required else ""
        # the label's beginning: the form's "Show all" has the whole of it
        label = excerpt(safe_text(self.label), LABEL_CHARACTERS, 1)
        shown = mnemonic_safe(isolate(label) + marker)
        self.check = QCheckBox(shown)
        self.text_label: QLabel | None = None
        if self.check.sizeHint().width() > _CHECK_TEXT_WIDTH:
            self.check.setText("")
            self.check.setAccessibleName(safe_text(self.label))
            self.text_label = _CheckLabel(shown, self.check)
            self.widget = QWidget()
            row = QHBoxLayout(self.widget)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(self.check, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(self.text_label, 1)
        else:
            self.widget = self.check
        if spec.get("nullable", False):
            # "Not answered" is the third state; the first click leaves it for good.
            self.check.setTristate(True)
            self.check.setCheckState(Qt.CheckState.PartiallyChecked)
            self.check.setToolTip(_t("Not answered yet"))
        self.check.clicked.connect(self._clicked)
        self.focus = self.check

    def _clicked(self, _checked: bool) -> None:
        if self.check.checkState() != Qt.CheckState.PartiallyChecked:
            self.check.setTristate(False)
            self.check.setToolTip("")
        self.checked = True
        self.changed()

    def read(self) -> object:
        state = self.check.checkState()
        if state == Qt.CheckState.PartiallyChecked:
            return ABSENT
        return state == Qt.CheckState.Checked

    def write(self, value: object) -> None:
        if isinstance(value, bool):
            self.check.setTristate(False)
            self.check.setToolTip("")
            self.check.setChecked(value)
