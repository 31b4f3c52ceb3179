# --- elicit-gen textual form runtime --------------------------------------------------
# The static part of every generated Textual form module, in four parts copied verbatim
# one after the other: the fields and the screen's look (textual_widgets.py), the
# editors of each kind of field (textual_editors.py), this one (the modal screen, and
# the dialog that asks before discarding its changes), then the app and the command
# line (textual_app.py). A generated module drives them with data: ``FormSpec`` (the
# schema, the texts and one ``FieldSpec`` per field) and two small subclasses,
# ``<Name>Screen(FormModal)`` and ``<Name>App(FormApp)``.
# A key typed before the form was on the screen never acts on it (FormModal derives from
# textual_screen.py's _FreshKeysModal, copied before it). Ctrl+C alone stays an
# immediate interrupt: it cancels, whenever typed.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Select,
    SelectionList,
    Static,
    TextArea,
)

from ..core.formcore import check_value, is_date_time, option_values, validate_content
from ..core.i18n import _t, _tn
from ..core.safetext import clip
from .textual_editors import _FieldEditors
from .textual_screen import _FreshKeysModal
from .textual_widgets import (
    _CSS,
    _DIALOG_FRAME,
    _KEYS,
    _SHORT_KEYS,
    _SMALL,
    FormSpec,
    _Fields,
    _from_text,
    _keys_line,
    _plain,
    _row_width,
    _Scrolling,
    _zone_note,
)

# --- end of runtime imports ---


class FormModal(_FieldEditors, _FreshKeysModal):
    """The form as a modal screen; dismissed with the ElicitResult. A generated module
    subclasses it as ``<Name>Screen`` with ``FORM`` set to its form."""

    FORM: ClassVar[FormSpec]

    # The descriptions a host app's footer shows, in the module's language.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", _t("Cancel")),
        Binding("ctrl+c", "cancel", _t("Cancel"), show=False, priority=True),
        # Not a priority binding: Ctrl+S passes on_key's check of when it was typed.
        Binding("ctrl+s", "submit", _t("Submit")),
    ]

    # The first field is focused once the layout is known (see on_mount), so that the
    # form starts scrolled to its top ("" turns Textual's auto focus off; None would
    # inherit the app's, which scrolls the first control to the middle).
    AUTO_FOCUS = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.DEFAULT_CSS = _CSS.replace("FormModal", cls.__name__)

    def __init__(
        self,
        message: str | None = None,
        *,
        server: str | None = None,
        initial: Mapping[str, object] | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        form = self.FORM
        self.message = form["message"] if message is None else message
        # a server's name is one short line, however long it is sent (clipped before any
        # widget is built from it)
        self.server = clip(server) if server else form["server"]
        self._properties: dict[str, dict[str, Any]] = form["schema"]["properties"]
        self._required = frozenset(form["schema"].get("required", []))
        # property name -> id of its control; a field's other widgets put a prefix
        # before it.
        self._ids = {spec["name"]: spec["id"] for spec in form["fields"]}
        self._names = {widget_id: name for name, widget_id in self._ids.items()}
        # Start values: the valid entries of ``initial``, else the schema defaults.
        self._start: dict[str, object] = {}
        # Check boxes whose value is sent: required ones, pre-filled ones and touched
        # ones.
        self._answered: set[str] = set()
        given = initial if initial is not None else {}
        for key, prop in self._properties.items():
            if key in given and check_value(prop, given[key]) is None:
                self._start[key] = given[key]
            elif "default" in prop:
                self._start[key] = prop["default"]
            sent = key in self._required or key in self._start
            if prop.get("type") == "boolean" and sent:
                self._answered.add(key)
        # After a first Submit, missing required fields are reported as they change too.
        self._tried = False
        # The problem each field shows now (None: none).
        self._shown: dict[str, str | None] = {}
        # Fields shown as a text area (several lines).
        multiline = [spec["name"] for spec in form["fields"] if spec.get("multiline")]
        self._multiline = frozenset(multiline)
        # What the controls held when the form opened (see _state); None until then.
        self._opened: list[object] | None = None

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        form = self.FORM
        with Vertical(id="dialog"):
            with _Scrolling(id="head"):
                asks = _t("{server} asks:", server=self.server)
                yield Static(_plain(asks), id="server")
                if form["title"]:
                    yield Static(_plain(form["title"]), id="title")
                if form["description"]:
                    yield Static(_plain(form["description"]), id="description")
                yield Static(_plain(self.message), id="message")
            with _Fields(id="fields"):
                for spec in form["fields"]:
                    yield self._field(spec)
                if not form["fields"]:
                    no_fields = _t("This form has no fields.")
                    yield Static(no_fields, classes="hint", markup=False)
            with Vertical(id="foot"):
                yield Static("", id="status")
                # A terminal dialog's order (dialog, whiptail, Textual's own examples):
                # the primary action first, where Tab from the last field lands.
                with Horizontal(id="actions"):
                    yield Button(_t("Submit"), variant="primary", id="submit")
                    yield Button(_t("Decline"), variant="error", id="decline")
                    yield Button(_t("Cancel"), id="cancel")
                yield Static(_keys_line(_KEYS), id="keys", markup=False)

    def on_mount(self) -> None:
        self._fit(self.app.size)
        self.call_after_refresh(self._focus_first)  # then _FreshKeysModal's: drawn

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Small terminals: borderless buttons and a short keys line leave the rows to
        the fields; when the buttons' row is wider than the dialog they are stacked, so
        that no label is cut."""
        small = size.width < _SMALL.width or size.height < _SMALL.height
        self.set_class(small, "-small")
        buttons = list(self.query("#actions Button").results(Button))
        for button in buttons:
            button.compact = small
        labels = [str(button.label) for button in buttons]
        room = min(size.width, 100) - _DIALOG_FRAME
        self.set_class(_row_width(labels, small) > room, "-narrow")
        keys = _SHORT_KEYS if small else _KEYS
        self.query_one("#keys", Static).update(_keys_line(keys))

    def _focus_first(self) -> None:
        first = next((w for w in self.query("#fields *") if w.focusable), None)
        (first or self.query_one("#submit")).focus(scroll_visible=False)
        self.query_one("#fields", VerticalScroll).scroll_home(animate=False)
        self._opened = self._state()

    def _state(self) -> list[object]:
        """What every control holds now, to tell whether the user changed anything."""
        state: list[object] = []
        for name, widget_id in self._ids.items():
            widget = self.query_one("#" + widget_id)
            if isinstance(widget, Input):
                state.append(widget.value)
            elif isinstance(widget, TextArea):
                state.append(widget.text)
            elif isinstance(widget, Checkbox):
                state.append((widget.value, name in self._answered))
            elif isinstance(widget, Select):
                state.append(widget.value)
            elif isinstance(widget, SelectionList):
                state.append(sorted(widget.selected))
        return state

    def is_changed(self) -> bool:
        """Whether any control holds something else than when the form opened."""
        return self._opened is not None and self._state() != self._opened

    # --- reading and checking the fields ----------------------------------------------

    def _read(self, name: str) -> object | None:
        """The value field ``name`` holds now; None when it is left empty (it is then
        absent from ``content``). Raises ValueError for text that is not a number."""
        prop = self._properties[name]
        widget = self.query_one("#" + self._ids[name])
        if isinstance(widget, Input):
            return _from_text(prop, self._exact_text(name, widget.value))
        if isinstance(widget, TextArea):
            return _from_text(prop, self._exact_text(name, widget.text))
        if isinstance(widget, Checkbox):
            return widget.value if name in self._answered else None
        if isinstance(widget, Select):
            return None if widget.is_blank() else widget.value
        if isinstance(widget, SelectionList):
            chosen = set(widget.selected)
            values = [value for value in option_values(prop) or [] if value in chosen]
            return values if values or name in self._required else None
        return None

    def _problem(self, name: str, final: bool) -> str | None:
        try:
            value = self._read(name)
        except ValueError as exc:
            return str(exc)
        if value is None:
            missing = final and name in self._required
            return _t("This field is required.") if missing else None
        return check_value(self._properties[name], value)

    def _show(self, name: str, problem: str | None) -> None:
        if self._shown.get(name) == problem:
            return  # unchanged: no layout work on every keystroke
        self._shown[name] = problem
        widget_id = self._ids[name]
        self.query_one("#box-" + widget_id).set_class(problem is not None, "-invalid")
        self.query_one("#error-" + widget_id, Static).update(_plain(problem or ""))

    def _changed(self, widget_id: str | None) -> None:
        name = self._names.get(widget_id or "")
        if name is not None and self.is_mounted:
            self._show(name, self._problem(name, final=self._tried))
            self._show_status()

    def _show_status(self) -> None:
        """The line above the buttons after a refused Submit: how many fields still
        need attention, counted again as each is corrected; gone once none does."""
        if not self._tried:
            return
        count = sum(problem is not None for problem in self._shown.values())
        status = self.query_one("#status", Static)
        text = ""
        if count:
            text = _tn(
                "Not sent: {n} field needs attention.",
                "Not sent: {n} fields need attention.",
                count,
            )
        status.update(text)
        status.set_class(count > 0, "-shown")

    @on(events.DescendantFocus)
    def _focused(self, event: events.DescendantFocus) -> None:
        # Bring the whole field (label and description too) into view, not only its
        # control.
        for node in event.widget.ancestors_with_self:
            if node.has_class("field"):
                fields = self.query_one("#fields", VerticalScroll)
                self.call_after_refresh(fields.scroll_to_widget, node, animate=False)
                break

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        self._changed(event.input.id)
        self._show_reading(event.input.id or "")

    def _show_reading(self, widget_id: str) -> None:
        """Under a date-time box: the value that will be sent, when it is not the
        text as typed (local time gets its offset); else how the box reads time."""
        name = self._names.get(widget_id)
        notes = list(self.query("#read-" + widget_id).results(Static))
        if name is None or not notes:
            return
        try:
            value = self._read(name)
        except ValueError:
            value = None
        text = self.query_one("#" + widget_id, Input).value.strip()
        if isinstance(value, str) and is_date_time(value) and value != text:
            notes[0].update(_plain(_t("Sent as {value}", value=value)))
        else:
            notes[0].update(_plain(_zone_note()))

    @on(TextArea.Changed)
    def _area_changed(self, event: TextArea.Changed) -> None:
        self._changed(event.text_area.id)

    @on(Checkbox.Changed)
    def _checkbox_changed(self, event: Checkbox.Changed) -> None:
        name = self._names.get(event.checkbox.id or "")
        if name is not None:
            self._answered.add(name)
            for note in self.query("#unset-" + self._ids[name]):
                note.remove()
        self._changed(event.checkbox.id)

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        self._changed(event.select.id)

    @on(SelectionList.SelectedChanged)
    def _selection_changed(self, event: SelectionList.SelectedChanged[Any]) -> None:
        self._changed(event.selection_list.id)

    def collect(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The content the fields hold now, and field name -> problem for each invalid
        one."""
        content: dict[str, Any] = {}
        problems: dict[str, str] = {}
        for name in self._properties:
            problem = self._problem(name, final=True)
            if problem is not None:
                problems[name] = problem
                continue
            value = self._read(name)
            if value is not None:
                content[name] = value
        for name, problem in validate_content(self.FORM["schema"], content).items():
            problems.setdefault(name, problem)
        return content, problems

    # --- actions ----------------------------------------------------------------------

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        # Enter submits from a one-line box only: on a check box or an option list it
        # toggles, on a select it opens the list, in a text area it starts a line.
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#submit")
    def _submit_pressed(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#decline")
    def _decline_pressed(self) -> None:
        self.action_decline()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def action_submit(self) -> None:
        """Accepts when every field is valid; otherwise shows each problem next to its
        field."""
        self._tried = True
        content, problems = self.collect()
        for name in self._properties:
            self._show(name, problems.get(name))
        if not problems:
            self.dismiss({"action": "accept", "content": content})
            return
        self._show_status()
        first = next(name for name in self._properties if name in problems)
        self.query_one("#" + self._ids[first]).focus(scroll_visible=False)
        box = self.query_one("#box-" + self._ids[first])
        fields = self.query_one("#fields", VerticalScroll)
        self.call_after_refresh(fields.scroll_to_widget, box, animate=False)

    def action_decline(self) -> None:
        self.dismiss({"action": "decline"})

    def action_cancel(self) -> None:
        """Cancel at once (the Cancel button, Ctrl+C)."""
        self.dismiss({"action": "cancel"})

    def action_escape(self) -> None:
        """Escape: cancels an unchanged form at once; asks before discarding changes."""
        if not self.is_changed():
            self.action_cancel()
            return
        self.app.push_screen(DiscardModal(), callback=self._discard_answered)

    def _discard_answered(self, discard: bool | None) -> None:
        if discard:
            self.action_cancel()


class DiscardModal(ModalScreen[bool]):
    """Asks whether to discard a changed form: dismissed with True (discard: the form
    is cancelled) or False (keep editing, also Escape). "Keep editing" has the focus,
    so that a second Escape or Enter loses nothing."""

    DEFAULT_CSS = """
    DiscardModal {
        align: center middle;
    }
    DiscardModal #discard-dialog {
        width: 50;
        max-width: 100%;
        height: auto;
        border: round $error;
        background: $surface;
        padding: 0 1;
    }
    DiscardModal #discard-title {
        text-style: bold;
    }
    DiscardModal #discard-actions {
        height: auto;
        margin-top: 1;
        align-horizontal: right;
    }
    DiscardModal #discard-actions Button {
        width: auto;
        min-width: 0;
        margin-left: 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "keep", _t("Keep editing")),
    ]

    AUTO_FOCUS = "#keep"

    def compose(self) -> ComposeResult:
        with Vertical(id="discard-dialog"):
            question = _t("Discard your answers?")
            yield Static(question, id="discard-title", markup=False)
            yield Static(
                _t("The form is cancelled and nothing is sent."),
                classes="hint",
                markup=False,
            )
            with Horizontal(id="discard-actions"):
                yield Button(_t("Discard"), variant="error", id="discard")
                yield Button(_t("Keep editing"), variant="primary", id="keep")

    @on(Button.Pressed, "#discard")
    def _discard(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        self.dismiss(False)
