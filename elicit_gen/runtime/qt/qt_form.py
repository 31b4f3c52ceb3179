# --- elicit-gen Qt form runtime: the dialog (PySide6 and the standard library) --------
# The dialog of every generated ``qt`` module. The form runtime is copied verbatim
# (everything after each part's imports marker) into each generated module, after the
# validation runtime (runtime/core/formcore.py), the safe-text helpers and qt_app.py, in
# this order: qt_text.py (values, text helpers), qt_editors.py and qt_pickers.py (the
# editors, _EDITORS), qt_keys.py (the dialog's keys), this dialog, qt_run.py (the modal
# runner, the command line). The form itself is data: a subclass of _FormDialog that sets
# the form_* class attributes, each field a spec dict whose "kind" picks its editor. Input
# made before a dialog was shown never answers it: the first show delivers, and drops,
# every key and click the window system had queued (qt_app.py's _FreshInputDialog, which
# the consent dialog derives from too).
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, ClassVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..core.formcore import fit_date_time, validate_content
from ..core.i18n import _t, _tn
from ..core.safetext import clip, safe_block, safe_text
from .qt_app import _FreshInputDialog, _localise
from .qt_editors import _Editor
from .qt_keys import _DialogKeys
from .qt_pickers import _EDITORS
from .qt_text import (
    ABSENT,
    FIELD_BUDGET,
    FIELD_CHARACTERS_LEAST,
    LABEL_CHARACTERS,
    MESSAGE_CHARACTERS,
    MESSAGE_LINES,
    SHOWN_CHARACTERS,
    SHOWN_LINES,
    TITLE_CHARACTERS,
    _MoreButton,
    add_more,
    excerpt,
    isolate,
    long_text,
    mnemonic_safe,
    plain_label,
    window_title_safe,
)

# --- end of runtime imports ---


class _FormDialog(_DialogKeys, _FreshInputDialog):
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
        #: The "Show all" button of each text the dialog shows only the beginning of, by the
        #: object name of the label that shows it ("message", "label_<field>").
        self.more_buttons: dict[str, _MoreButton] = {}
        if self.form_title and self.form_title.strip():
            title = long_text(
                outer,
                safe_text(self.form_title),
                "title",
                (TITLE_CHARACTERS, 1),
                (_t("Show the whole title"), _t("Title")),
                self.more_buttons,
            )
            big = QFont(title.font())
            big.setBold(True)
            if big.pointSizeF() > 0:
                big.setPointSizeF(big.pointSizeF() * 1.25)
            title.setFont(big)
        heading = long_text(
            outer,
            safe_block(self.message),
            "message",
            (MESSAGE_CHARACTERS, MESSAGE_LINES),
            (_t("Show the whole message"), _t("Message")),
            self.more_buttons,
        )
        bold = QFont(heading.font())
        bold.setBold(True)
        if bold.pointSizeF() > 0:
            bold.setPointSizeF(bold.pointSizeF() * 1.1)
        heading.setFont(bold)
        if self.form_description:
            long_text(
                outer,
                safe_block(self.form_description),
                "description",
                (SHOWN_CHARACTERS, SHOWN_LINES),
                (_t("Show the whole description"), _t("Description")),
                self.more_buttons,
            )

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
        """Adds the editor of every field spec (in order) to the form; the fields share
        FIELD_BUDGET characters of descriptions and hints."""
        share = FIELD_BUDGET // max(len(self.form_fields), 1)
        share = min(share, SHOWN_CHARACTERS)
        self._field_characters = max(share, FIELD_CHARACTERS_LEAST)
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
        title = safe_text(editor.label)
        # what the server wrote for the field; "Show all" shows it whole when any is cut
        whole = [title]
        cut = len(title) > LABEL_CHARACTERS
        for text in (spec.get("description"), spec.get("hint")):
            if text:
                block = safe_block(text)
                whole.append(block)
                shown = excerpt(block, self._field_characters, SHOWN_LINES)
                cut = cut or shown != block
                help_label = plain_label(shown)
                help_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
                rows.addWidget(help_label)
        if cut:
            what = _t("Show all the text of {field}", field=isolate(clip(title)))
            names = (what, clip(title))
            key = f"label_{editor.ident}"
            add_more(rows, key, names, "\n\n".join(whole), self.more_buttons)
        error = plain_label("", object_name=f"error_{editor.ident}")
        error.setStyleSheet("QLabel { color: #b3261e; }")
        error.hide()
        rows.addWidget(error)
        self._errors[name] = error
        if editor.labels_itself:
            label = plain_label("")
        else:
            marker = " *" if editor.required else ""
            shown = isolate(excerpt(title, LABEL_CHARACTERS, 1)) + marker
            label = plain_label(mnemonic_safe(shown))
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
            shown = self.isWindow() and self.isVisible()
        except RuntimeError:  # Qt is deleting the dialog (a field's last focus-out)
            return
        # not self.screen(): PySide would make the screen the dialog's child (test_screen)
        centre = self.frameGeometry().center()
        screen = QApplication.screenAt(centre) or QApplication.primaryScreen()
        content = self._scroll.widget()
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

    def _finish(self, result: dict[str, Any], code: QDialog.DialogCode) -> None:
        if self._result is None:
            self._result = result
            self.result_ready.emit(dict(result))
        for button in self.more_buttons.values():
            if button.viewer is not None and button.viewer.isVisible():
                button.viewer.done(0)  # a text's whole goes with its form
        question = self.discard_question
        if question is not None and question.isVisible():
            # The form ended while it asked "Discard your answers?" (its host
            # called cancel()): the question goes with it, never left behind.
            question.done(0)
        self.done(int(code.value))
