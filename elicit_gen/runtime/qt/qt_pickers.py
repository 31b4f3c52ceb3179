# --- elicit-gen Qt form runtime: the pickers (PySide6 and the standard library) -------
# The editors that pick: a date (and time and UTC offset) from a calendar, one option from a
# drop-down, options from a list of check boxes; then _EDITORS, the editor of each field kind,
# which the dialog (qt_form.py) builds every field with. Copied verbatim after qt_editors.py.
from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QDate, QDateTime, Qt, QTime, QTimeZone
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from ..core.formcore import local_offset_now, option_index
from ..core.i18n import _t
from ..core.safetext import safe_text
from .qt_editors import (
    _BoolEditor,
    _ComboBox,
    _DateTimeEdit,
    _Editor,
    _LongTextEditor,
    _NumberEditor,
    _TextEditor,
)
from .qt_text import _DATE_TIME_PARTS, ABSENT, _offset_text, plain_tooltip

# --- end of runtime imports ---


class _DateEditor(_Editor):
    """A date (or date, time and UTC offset) editor with a calendar popup. When the
    field may be empty, a "Set" check box in front says whether it has a value."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        label = self.label
        self.with_time: bool = spec.get("with_time", False)
        with_time = self.with_time
        self.widget = QWidget()
        row = QHBoxLayout(self.widget)
        row.setContentsMargins(0, 0, 0, 0)
        self.toggle: QCheckBox | None = None
        if spec.get("nullable", False):
            self.toggle = QCheckBox(_t("Set"))
            self.toggle.setAccessibleName(_t("Set {field}", field=safe_text(label)))
            self.toggle.setToolTip(_t("Give this field a value"))
            self.toggle.clicked.connect(self._toggled)
            row.addWidget(self.toggle)
        self.edit = _DateTimeEdit()
        self.edit.setAccessibleName(safe_text(label))
        self.edit.setCalendarPopup(True)
        # Wall-clock fields in a zone without DST; the offset is a control of its own.
        if hasattr(self.edit, "setTimeZone"):  # Qt 6.7+
            self.edit.setTimeZone(QTimeZone.utc())
        else:
            self.edit.setTimeSpec(Qt.TimeSpec.UTC)
        self.edit.setMinimumDate(QDate(1, 1, 1))
        self.edit.setMaximumDate(QDate(9999, 12, 31))
        self.edit.setDisplayFormat("yyyy-MM-dd HH:mm" if with_time else "yyyy-MM-dd")
        today = QDate.currentDate()
        start = QTime(9, 0) if with_time else QTime(0, 0)
        self.edit.setDateTime(QDateTime(today, start, QTimeZone.utc()))
        self.edit.dateTimeChanged.connect(self._edited)
        row.addWidget(self.edit, 1)
        self.offset: QComboBox | None = None
        if with_time:
            self.offset = _ComboBox()
            offset_name = _t("{field}: UTC offset", field=safe_text(label))
            self.offset.setAccessibleName(offset_name)
            for minutes in range(-12 * 60, 14 * 60 + 1, 15):
                offset_text = _offset_text(minutes)
                self.offset.addItem(f"UTC{offset_text}", offset_text)
            self.offset.currentIndexChanged.connect(self._offset_changed)
            self.offset.activated.connect(self._offset_chosen)
            row.addWidget(self.offset)
        # Until the user picks one, the offset follows the local one at the date shown.
        self.offset_follows_local = True
        self._follow_local_offset()
        self.focus = self.edit
        # (what the controls say, the text given)
        self._initial: tuple[str, str] | None = None
        self._sync()

    def focus_target(self) -> QWidget:
        if self.toggle is not None and not self.toggle.isChecked():
            return self.toggle
        return self.edit

    def submits_on_enter(self, widget: QWidget) -> bool:
        return widget is self.edit or self.edit.isAncestorOf(widget)

    def _sync(self) -> None:
        enabled = self.toggle is None or self.toggle.isChecked()
        self.edit.setEnabled(enabled)
        if self.offset is not None:
            self.offset.setEnabled(enabled)

    def _toggled(self, _checked: bool) -> None:
        self._sync()
        if self.toggle is not None and self.toggle.isChecked():
            self.edit.setFocus()
        self.checked = True
        self.changed()

    def _edited(self, _value: QDateTime) -> None:
        self._follow_local_offset()
        self.changed()

    def _offset_chosen(self, _index: int) -> None:
        self.offset_follows_local = False

    def _follow_local_offset(self) -> None:
        if self.offset is None or not self.offset_follows_local:
            return
        shown = self.edit.dateTime()
        day, time = shown.date(), shown.time()
        try:
            wall = _dt.datetime(
                day.year(),
                day.month(),
                day.day(),
                time.hour(),
                time.minute(),
            )
            # local rules (DST) at that date and time
            offset = wall.astimezone().utcoffset()
        except (OverflowError, OSError, ValueError):  # outside what the C library knows
            offset = None
        if offset is None:
            self._select_offset(local_offset_now())
        else:
            self._select_offset(_offset_text(int(offset.total_seconds()) // 60))

    def _offset_changed(self, _index: int) -> None:
        self.changed()

    def _select_offset(self, offset: str) -> None:
        assert self.offset is not None
        index = self.offset.findData(offset)
        if index < 0:
            self.offset.addItem(f"UTC{offset}", offset)
            index = self.offset.count() - 1
        self.offset.setCurrentIndex(index)

    def _shown(self) -> str:
        value = self.edit.dateTime()
        day, time = value.date(), value.time()
        text = f"{day.year():04d}-{day.month():02d}-{day.day():02d}"
        if self.offset is None:
            return text
        offset = str(self.offset.currentData())
        clock = f"{time.hour():02d}:{time.minute():02d}:{time.second():02d}"
        return f"{text}T{clock}{offset}"

    def read(self) -> object:
        if self.toggle is not None and not self.toggle.isChecked():
            return ABSENT
        shown = self._shown()
        if self._initial is not None and self._initial[0] == shown:
            return self._initial[1]  # untouched: exactly the text that was given
        return shown

    def write(self, value: object) -> None:
        if not isinstance(value, str):
            return
        match = _DATE_TIME_PARTS.match(value)
        if match is None or (match[4] is not None) != self.with_time:
            return  # not a value of this field's format: left as it is
        day = QDate(int(match[1]), int(match[2]), int(match[3]))
        if not day.isValid():
            return
        time = QTime(0, 0)
        if match[4] is not None:
            time = QTime(int(match[4]), int(match[5]), min(int(match[6]), 59))
        self.edit.setDateTime(QDateTime(day, time, QTimeZone.utc()))
        if self.offset is not None and match[7] is not None:
            self.offset_follows_local = False
            self._select_offset("+00:00" if match[7] in "Zz" else match[7])
        if self.toggle is not None:
            self.toggle.setChecked(True)
        self._sync()
        self._initial = (self._shown(), value)


class _ChoiceEditor(_Editor):
    """A combo box of the options' labels; it reads as the chosen option's own value (a string,
    or a number: a select of numbers answers 1, never "1")."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        self.values: list[Any] = list(spec["values"])
        self.combo = _ComboBox()
        self.combo.addItem(spec["blank"])  # the first entry means "no choice"
        for text in spec["labels"]:
            self.combo.addItem(safe_text(text))
        self.combo.currentIndexChanged.connect(self._chosen)
        self.widget = self.focus = self.combo

    def _chosen(self, _index: int) -> None:
        self.checked = True
        self.changed()

    def read(self) -> object:
        index = self.combo.currentIndex()
        return self.values[index - 1] if index > 0 else ABSENT

    def write(self, value: object) -> None:
        index = option_index(self.values, value)
        if index is not None:
            self.combo.setCurrentIndex(index + 1)


class _MultiEditor(_Editor):
    """A list of check boxes; it reads as the ticked options' own values, in their order."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        self.values: list[Any] = list(spec["values"])
        labels: list[str] = spec["labels"]
        self.list = QListWidget()
        self.list.setAccessibleName(safe_text(self.label))
        # Space ticks the item
        self.list.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        checkable = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        for text in labels:
            item = QListWidgetItem(safe_text(text))
            item.setToolTip(plain_tooltip(safe_text(text)))
            item.setFlags(checkable | Qt.ItemFlag.ItemIsSelectable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        # the tooltip has it all
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        if labels:
            self.list.setCurrentRow(0)
        shown = sum(self.list.sizeHintForRow(row) for row in range(min(len(labels), 8)))
        self.list.setFixedHeight(max(shown, 20) + 2 * self.list.frameWidth() + 2)
        self.list.itemChanged.connect(self._item_changed)
        self.widget = self.focus = self.list

    def _item_changed(self, _item: QListWidgetItem) -> None:
        self.checked = True
        self.changed()

    def read(self) -> object:
        chosen: list[Any] = []
        for row, value in enumerate(self.values):
            if self.list.item(row).checkState() == Qt.CheckState.Checked:
                chosen.append(value)
        return chosen if chosen or self.required else ABSENT

    def write(self, value: object) -> None:
        if not isinstance(value, (list, tuple)):
            return
        checked, unchecked = Qt.CheckState.Checked, Qt.CheckState.Unchecked
        ticked = {option_index(self.values, item) for item in value}
        for row in range(len(self.values)):
            state = checked if row in ticked else unchecked
            self.list.item(row).setCheckState(state)


#: The editor of each field kind (a field spec's "kind"). A spec always has "kind",
#: "name", "ident", "label" and "required"; any other key is left out when empty (None,
#: "" or False): "description", "hint", "default", and per kind "format" and
#: "placeholder" (text, long_text), "with_time" (date), "integer", "minimum" and "maximum"
#: (number), "nullable" (date, boolean), "values", "labels" and "blank" (selects).
_EDITORS: dict[str, type[_Editor]] = {
    "text": _TextEditor,
    "long_text": _LongTextEditor,
    "date": _DateEditor,
    "number": _NumberEditor,
    "boolean": _BoolEditor,
    "single": _ChoiceEditor,
    "multi": _MultiEditor,
}
