class _Absent:
    """The value of a control the user left empty: the field is left out."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()

_DATE_TIME_PARTS = _re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})"
    r"(?:[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?"
    r"([Zz]|[+-][0-9]{2}:[0-9]{2}))?$"
)


_BIDI_CLASSES = frozenset(
    {
        "R",
        "AL",
        "AN",
        "LRE",
        "RLE",
        "LRO",
        "RLO",
        "PDF",
        "LRI",
        "RLI",
        "FSI",
        "PDI",
    },
)


def isolate(text: str) -> str:
    """``text`` wrapped in a bidi isolate (FSI ... PDI) when it holds right-to-left
    letters or direction controls, so that it cannot reorder the text around it (a
    required marker, the server name). Schema and server text goes through
    :func:`safe_text` first, which shows direction controls as escapes: an isolate alone
    would still let an override reverse the text inside it."""
    if any(unicodedata.bidirectional(char) in _BIDI_CLASSES for char in text):
        return "\u2068" + text + "\u2069"
    return text


def mnemonic_safe(text: str) -> str:
    """``text`` for a widget that reads ``&`` as a keyboard mnemonic (check boxes,
    buttons and labels with a buddy): every ampersand shows as itself."""
    return text.replace("&", "&&")


def window_title_safe(text: str) -> str:
    """``text`` for ``setWindowTitle``, which reads ``[*]`` as a placeholder."""
    return text.replace("[*]", "[*][*]")


def plain_tooltip(text: str) -> str:
    """``text`` for ``setToolTip``, which guesses rich text: as escaped HTML."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


def plain_label(text: str, *, object_name: str = "") -> QLabel:
    """A word-wrapped label that shows ``text`` literally (never as rich text)."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if object_name:
        label.setObjectName(object_name)
    return label


def _format_number(value: float) -> str:
    return str(value) if isinstance(value, int) else repr(value)


def _offset_text(minutes: int) -> str:
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


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
        shown = mnemonic_safe(isolate(safe_text(self.label)) + marker)
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


class _FormDialog(_FreshInputDialog):
    """The elicitation form as a dialog (each generated module subclasses it).

    ``exec()`` it, or embed it and listen to ``result_ready``. Submit validates every
    field and refuses (showing the messages, focusing the first invalid field, growing the
    window up to the screen's height before the fields scroll) until all are valid;
    Decline and Cancel finish at once. Escape and closing the window cancel at once when
    the user changed nothing, and ask "Discard your answers?" first when they did
    (``reject()``; ``cancel()`` never asks). Enter submits only from a one-line text box
    (Ctrl+Enter from a multi-line one) or the focused Submit button, and only once the
    user pressed a key or clicked in the dialog: an Enter meant for the window the dialog
    popped up over sends nothing. No key or click made before the dialog was on the screen
    answers it: what the window system queued until it is first shown is delivered then
    and dropped (:class:`_FreshInputDialog`), Space on a focused button and mnemonics included.
    The buttons are a QDialogButtonBox (Submit accepts,
    Decline is destructive, Cancel rejects), so their order is the platform's.
    After it finishes, ``elicit_result()`` is the ElicitResult dict; ``result()`` stays
    QDialog's own code (Accepted for accept, Rejected for decline and cancel).
    """

    #: Emitted once, with the ElicitResult dict, when the user submits, declines or
    #: cancels the form.
    result_ready = Signal(dict)

    #: The form, set by the generated subclass: the requestedSchema, the message, who
    #: asks when no server name is given, the title, the window title, the description,
    #: the field specs.
    form_schema: ClassVar[dict[str, Any]] = {}
    form_message: ClassVar[str] = ""
    form_server: ClassVar[str] = ""
    form_title: ClassVar[str | None] = None
    form_window_title: ClassVar[str] = ""
    form_description: ClassVar[str | None] = None
    form_fields: ClassVar[list[dict[str, Any]]] = []

    def __init__(
        self,
        message: str | None = None,
        *,
        server: str | None = None,
        initial: Mapping[str, object] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._result: dict[str, Any] | None = None
        self._editors: dict[str, _Editor] = {}
        self._labels: dict[str, QLabel] = {}
        self._errors: dict[str, QLabel] = {}
        self._submitted = False
        # Enter does nothing until the user pressed a key or clicked in the dialog
        self._armed = False
        #: The "Discard your answers?" question, once Escape or closing asked it.
        self.discard_question: QMessageBox | None = None
        self.discard_button: QAbstractButton | None = None
        # a server's name is one short line, however long it is sent (clipped before any
        # widget is built from it)
        self.server = clip(server) if server else self.form_server
        self.message = self.form_message if message is None else message
        self.setObjectName("elicitation")
        _localise(self)  # the calendar popup and the message box follow it
        window_title = _t(
            "{title} — {server}",
            title=isolate(safe_text(self.form_window_title)),
            server=isolate(safe_text(self.server)),
        )
        self.setWindowTitle(window_title_safe(window_title))
        self.setSizeGripEnabled(True)

        outer = QVBoxLayout(self)
        asker = plain_label(
            _t("Request from {server}", server=isolate(safe_text(self.server))),
            object_name="server",
        )
        small = QFont(asker.font())
        if small.pointSizeF() > 0:
            small.setPointSizeF(max(small.pointSizeF() * 0.9, 7.0))
        asker.setFont(small)
        asker.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        outer.addWidget(asker)
        if self.form_title and self.form_title.strip():
            title = plain_label(safe_block(self.form_title), object_name="title")
            big = QFont(title.font())
            big.setBold(True)
            if big.pointSizeF() > 0:
                big.setPointSizeF(big.pointSizeF() * 1.25)
            title.setFont(big)
            outer.addWidget(title)
        heading = plain_label(safe_block(self.message), object_name="message")
        bold = QFont(heading.font())
        bold.setBold(True)
        if bold.pointSizeF() > 0:
            bold.setPointSizeF(bold.pointSizeF() * 1.1)
        heading.setFont(bold)
        outer.addWidget(heading)
        if self.form_description:
            description = safe_block(self.form_description)
            outer.addWidget(plain_label(description, object_name="description"))

        content = QWidget()
        content.setObjectName("fields")
        self._form = QFormLayout(content)
        self._form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        grow = QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow
        self._form.setFieldGrowthPolicy(grow)
        top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        self._form.setLabelAlignment(top_left)
        self._build()
        self._scroll = QScrollArea()
        self._scroll.setWidget(content)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        # Tab goes from field to field
        self._scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Start wide enough to read and tall enough to show every field (up to most of
        # the screen; the form scrolls beyond). Wrapped labels: height depends on width.
        width = min(max(content.sizeHint().width(), 480), 900)
        layout = content.layout()
        height = content.sizeHint().height()
        if layout is not None and layout.hasHeightForWidth():
            height = layout.totalHeightForWidth(width)
        screen = QApplication.primaryScreen()
        tallest = 520
        if screen is not None:
            tallest = int(screen.availableGeometry().height() * 0.65)
        self._scroll.setMinimumWidth(width + 16)
        self._scroll.setMinimumHeight(max(min(height + 4, tallest), 120))
        outer.addWidget(self._scroll, 1)
        if any(editor.required for editor in self._editors.values()):
            legend_text = _t("Fields marked * are required.")
            legend = plain_label(legend_text, object_name="legend")
            legend.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            outer.addWidget(legend)

        self._summary = plain_label("", object_name="summary")
        self._summary.setStyleSheet("QLabel { color: #b3261e; }")
        self._summary.hide()
        outer.addWidget(self._summary)
        # The platform orders the buttons (Windows and KDE: Submit Decline Cancel; macOS
        # and GNOME: Decline Cancel Submit): Decline is the "don't" of a "Don't save /
        # Cancel / Save" question.
        self.buttons = QDialogButtonBox()
        self.buttons.setObjectName("buttons")
        self.submit_button = QPushButton(_t("&Submit"))
        self.decline_button = QPushButton(_t("&Decline"))
        self.cancel_button = QPushButton(_t("Cancel"))
        self.decline_button.setToolTip(_t("Refuse to give this information"))
        self.cancel_button.setToolTip(_t("Dismiss without answering (Escape)"))
        role = QDialogButtonBox.ButtonRole
        self.buttons.addButton(self.submit_button, role.AcceptRole)
        self.buttons.addButton(self.decline_button, role.DestructiveRole)
        self.buttons.addButton(self.cancel_button, role.RejectRole)
        self.submit_button.setDefault(True)
        outer.addWidget(self.buttons)
        self.submit_button.clicked.connect(self.submit)
        self.decline_button.clicked.connect(self.decline)
        self.cancel_button.clicked.connect(self.cancel)

        for name, value in (initial or {}).items():
            editor = self._editors.get(name)
            if editor is not None:
                editor.write(value)
        for editor in self._editors.values():
            editor.touched = False
        # what the form holds as it opens: Escape asks first once it holds something else
        self._opened = self.collect()
        self._guard_children()
        first = next(iter(self._editors.values()), None)
        (first.focus_target() if first is not None else self.submit_button).setFocus()

    def _build(self) -> None:
        """Adds the editor of every field spec (in order) to the form."""
        for spec in self.form_fields:
            self._add(_EDITORS[spec["kind"]](spec), spec)

    def _add(self, editor: _Editor, spec: Mapping[str, Any]) -> None:
        """Puts one field into the form: label (with buddy), control, help, error."""
        name = editor.name
        self._editors[name] = editor
        editor.focus.setObjectName(f"field_{editor.ident}")
        if spec.get("default") is not None:
            editor.write(spec["default"])
        editor.on_change = functools.partial(self._changed, name)
        column = QWidget()
        column.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        rows = QVBoxLayout(column)
        rows.setContentsMargins(0, 0, 0, 6)
        rows.setSpacing(2)
        rows.addWidget(editor.widget)
        for text in (spec.get("description"), spec.get("hint")):
            if text:
                help_label = plain_label(safe_block(text))
                help_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
                rows.addWidget(help_label)
        error = plain_label("", object_name=f"error_{editor.ident}")
        error.setStyleSheet("QLabel { color: #b3261e; }")
        error.hide()
        rows.addWidget(error)
        self._errors[name] = error
        if editor.labels_itself:
            label = plain_label("")
        else:
            marker = " *" if editor.required else ""
            shown = mnemonic_safe(isolate(safe_text(editor.label)) + marker)
            label = plain_label(shown)
            label.setBuddy(editor.focus)
            if editor.required:
                editor.focus.setAccessibleDescription(_t("Required"))
        label.setObjectName(f"label_{editor.ident}")
        label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self._labels[name] = label
        self._form.addRow(label, column)

    # --- state ------------------------------------------------------------------------

    def field_widget(self, name: str) -> QWidget:
        """The control of the field ``name`` (a property name) that takes the focus."""
        return self._editors[name].focus

    def field_label(self, name: str) -> QLabel:
        return self._labels[name]

    def error_label(self, name: str) -> QLabel:
        """The label that shows the field's error message (hidden when none)."""
        return self._errors[name]

    def editor(self, name: str) -> _Editor:
        return self._editors[name]

    def collect(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The content the controls hold now, and field name -> error message."""
        content: dict[str, Any] = {}
        problems: dict[str, str] = {}
        for name, editor in self._editors.items():
            try:
                value = editor.read()
            except ValueError as exc:
                problems[name] = str(exc)
                continue
            if isinstance(value, str):
                # spelt as the field's pattern takes it (zod's z.iso.datetime() takes only Z)
                value = fit_date_time(self.form_schema["properties"][name], value)
            if value is not ABSENT:
                content[name] = value
        for name, problem in validate_content(self.form_schema, content).items():
            problems.setdefault(name, problem)
        return content, problems

    def elicit_result(self) -> dict[str, Any] | None:
        """The ElicitResult once the dialog finished (None before)."""
        return None if self._result is None else dict(self._result)

    def has_changes(self) -> bool:
        """Whether the form holds something else than when it opened."""
        return self.collect() != self._opened

    def _changed(self, name: str) -> None:
        _, problems = self.collect()
        if self._submitted:
            self._show(problems)
        elif self._editors[name].checked:
            self._show_one(name, problems.get(name, ""))
            self._grow()

    def _show_one(self, name: str, problem: str) -> None:
        error = self._errors[name]
        error.setText(safe_block(problem))
        error.setVisible(bool(problem))
        editor = self._editors[name]
        # Screen readers announce the problem with the control.
        spoken = safe_text(problem) or (_t("Required") if editor.required else "")
        editor.focus.setAccessibleDescription(spoken)

    def _show(self, problems: Mapping[str, str]) -> None:
        for name in self._editors:
            self._show_one(name, problems.get(name, ""))
        count = len(problems)
        if count:
            self._summary.setText(
                _tn(
                    "Please correct {n} field before submitting.",
                    "Please correct {n} fields before submitting.",
                    count,
                ),
            )
        self._summary.setVisible(bool(count))
        self._grow()

    def _grow(self) -> None:
        """Makes the window taller, up to the screen's available height, until every field
        (with the errors just shown) fits: the form scrolls only beyond that."""
        try:
            screen = self.screen()
        except RuntimeError:  # Qt is deleting the dialog (a field's last focus-out)
            return
        content = self._scroll.widget()
        shown = self.isWindow() and self.isVisible()
        if content is None or screen is None or not shown:
            return
        fields = content.layout()
        if fields is None:
            return
        outer = self.layout()
        if outer is not None:
            outer.activate()
        fields.activate()
        viewport = self._scroll.viewport()
        needed = content.sizeHint().height()
        if fields.hasHeightForWidth():
            needed = fields.totalHeightForWidth(viewport.width())
        missing = needed - viewport.height()
        if missing <= 0:
            return
        available = screen.availableGeometry()
        frame = self.frameGeometry()
        decoration = frame.height() - self.height()  # the title bar and borders
        height = min(self.height() + missing, available.height() - decoration)
        if height <= self.height():
            return
        self.resize(self.width(), height)
        bottom = frame.top() + height + decoration
        if bottom > available.bottom() + 1:  # keep it on the screen: move it up
            top = max(available.bottom() + 1 - height - decoration, available.top())
            self.move(frame.left(), top)

    # --- actions ----------------------------------------------------------------------

    def submit(self) -> bool:
        """Accepts if every field is valid; else shows why and focuses the first one."""
        content, problems = self.collect()
        self._submitted = True
        self._show(problems)
        if problems:
            first = next(name for name in self._editors if name in problems)
            target = self._editors[first].focus_target()
            self._scroll.ensureWidgetVisible(self._editors[first].widget)
            target.setFocus(Qt.FocusReason.OtherFocusReason)
            return False
        result = {"action": "accept", "content": content}
        self._finish(result, QDialog.DialogCode.Accepted)
        return True

    def decline(self) -> None:
        self._finish({"action": "decline"}, QDialog.DialogCode.Rejected)

    def cancel(self) -> None:
        self._finish({"action": "cancel"}, QDialog.DialogCode.Rejected)

    def accept(self) -> None:  # QDialog's accept() goes through validation too
        self.submit()

    def reject(self) -> None:
        """Escape and closing the window: cancels at once when the user changed nothing,
        else asks "Discard your answers?" (Discard cancels, Keep editing goes back)."""
        if self._result is not None or not self.has_changes():
            self.cancel()
            return
        question = self.discard_question
        if question is None:
            question = QMessageBox(self)
            question.setObjectName("discard_question")
            question.setIcon(QMessageBox.Icon.Question)
            question.setWindowTitle(self.windowTitle())
            question.setTextFormat(Qt.TextFormat.PlainText)
            question.setText(_t("Discard your answers?"))
            lost = _t("What you entered in this form will be lost.")
            question.setInformativeText(lost)
            role = QMessageBox.ButtonRole
            discard = question.addButton(_t("&Discard"), role.DestructiveRole)
            self.discard_button = discard
            keep = question.addButton(_t("&Keep editing"), role.RejectRole)
            question.setDefaultButton(keep)
            question.setEscapeButton(keep)
            question.buttonClicked.connect(self._discard_answered)
            self.discard_question = question
        question.open()

    def _discard_answered(self, button: QAbstractButton) -> None:
        if button is self.discard_button:
            self.cancel()

    # --- keys -------------------------------------------------------------------------

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

    def _finish(self, result: dict[str, Any], code: QDialog.DialogCode) -> None:
        if self._result is None:
            self._result = result
            self.result_ready.emit(dict(result))
        question = self.discard_question
        if question is not None and question.isVisible():
            # The form ended while it asked "Discard your answers?" (its host
            # called cancel()): the question goes with it, never left behind.
            question.done(0)
        self.done(int(code.value))


def _run_modal(
    dialog_class: type[_FormDialog],
    message: str | None,
    server: str | None,
    initial: Mapping[str, object] | None,
) -> dict[str, Any]:
    """Shows a ``dialog_class`` as a modal dialog and returns the ElicitResult dict.
    Creates the QApplication when there is none; Ctrl-C in the terminal cancels."""
    _app = _application()  # held while the dialog runs
    dialog = dialog_class(message, server=server, initial=initial)

    def interrupted(_signum: int, _frame: FrameType | None) -> None:
        dialog.cancel()

    previous: Any = None
    try:
        previous = signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread: no Ctrl-C handling
        previous = None
    ticker = QTimer(dialog)
    ticker.timeout.connect(_nothing)  # lets Python see Ctrl-C while Qt waits
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


def _run_main(
    elicit: Callable[..., dict[str, Any]],
    argv: list[str] | None,
) -> int:
    """The command line of a generated module: shows the form, prints the result."""
    parser = argparse.ArgumentParser(
        description="Show this elicitation form and print the ElicitResult as JSON.",
    )
    parser.add_argument("--server", help="the name of the server that asks")
    parser.add_argument(
        "--message",
        help="the message to show instead of the compiled one",
    )
    args = parser.parse_args(argv)
    result = elicit(args.message, server=args.server)
    print(json.dumps(result))  # ASCII JSON: safe on any terminal encoding
    return 0
