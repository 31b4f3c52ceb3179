# --- the form as data -----------------------------------------------------------------


class _FieldKeys(TypedDict):
    kind: str  # "string" | "number" | "boolean" | "single" | "multi" (see _BUILDERS)
    name: str  # the property name
    id: str  # the id of the field's control: "f-...", distinct for every field
    label: str
    required: bool


class FieldSpec(_FieldKeys, total=False):
    """One field as the screen builds it; the keys after ``required`` only where they
    apply."""

    description: str  # shown under the label
    hint: str  # placeholder (text boxes), prompt (selects) or rule line (multi-selects)
    restrict: str  # the characters a number box accepts (a regular expression)
    allow_blank: bool  # selects: whether the blank entry is offered
    # selects and multi-selects: value sent (a string, or a number) -> title shown
    options: dict[Any, str]
    multiline: bool  # strings: a text area (several lines) instead of a one-line box


class FormSpec(TypedDict):
    """Everything a generated module knows about its form."""

    schema: dict[str, Any]  # the requestedSchema (normalised)
    message: str  # shown above the fields unless the screen is given another one
    server: str  # who is asking, when no server name is given at run time
    title: str | None  # the root schema's title and description
    description: str | None
    fields: list[FieldSpec]


#: The keys line under the buttons, and its short form for small terminals (translated
#: where they are shown: ``_keys_line``).
_KEYS = (
    _N("Tab: next field"),
    _N("Space: toggle"),
    _N("Ctrl+S or Enter in a one-line box: submit"),
    _N("Esc: cancel"),
)
_SHORT_KEYS = (_N("Tab: next"), _N("Ctrl+S: submit"), _N("Esc: cancel"))
#: Below this width or height the buttons lose their borders and the keys line is short.
_SMALL = Size(70, 24)
#: The columns around the dialog's content (its border and padding, both sides).
_DIALOG_FRAME = 4
#: The columns a button takes besides its label: the line padding, and the border
#: unless it is compact; then the margin before it.
_BUTTON_FRAME = 4
_COMPACT_BUTTON_FRAME = 2
_BUTTON_MARGIN = 2


def _keys_line(keys: tuple[str, ...]) -> str:
    return "   ".join(_t(key) for key in keys)


def _row_width(labels: list[str], compact: bool) -> int:
    """The columns a row of buttons with these labels takes. Measured in terminal cells,
    as Textual draws them (a Chinese character takes two): by ``len()`` a row of Chinese
    labels would look half as wide as it is, and its last button would be cut."""
    frame = _COMPACT_BUTTON_FRAME if compact else _BUTTON_FRAME
    return sum(cell_len(label) + frame + _BUTTON_MARGIN for label in labels)


def _plain(text: str) -> Text:
    """Text from the schema or the server, shown literally: never parsed as markup, with
    every control, bidi or invisible character as a visible escape."""
    return Text(safe_block(text))


def _label(label: str, required: bool) -> Text:
    """A field's label in bold; a required one marked in the language's words (where
    the language puts the mark: ``{label}`` stands for the label), in italics."""
    if not required:
        return Text(safe_text(label), style="bold")
    before, _, after = _t("{label} (required)").partition("{label}")
    text = Text(style="bold")
    text.append(before, style="italic")
    text.append(safe_text(label))
    text.append(after, style="italic")
    return text


def _option(value: Any, label: str, chosen: bool) -> Selection[Any]:
    return Selection(Text(safe_text(label)), value, chosen)


def _from_text(prop: Mapping[str, Any], text: str) -> object | None:
    """The value typed into a text box; None when it is empty (the field is then left
    out of ``content``). A date-time without an offset is read as local time. Raises
    ValueError with a message for text that is not a number."""
    if prop.get("type") in ("integer", "number"):
        if not text.strip():
            return None
        return parse_number(text, prop["type"] == "integer")
    if prop.get("format") == "date-time" and text.strip():
        # spelt as the field's pattern takes it (zod's z.iso.datetime() takes only Z)
        return fit_date_time(prop, complete_date_time(text.strip()))
    return text if text else None


def _zone_note() -> str:
    """What a date-time box says under it before anything is typed."""
    offset = local_offset_now()
    return _t("Local time (UTC{offset}) unless you type an offset.", offset=offset)


def _text_problem(prop: Mapping[str, Any], text: str) -> str | None:
    try:
        value = _from_text(prop, text)
    except ValueError as exc:
        return str(exc)
    return None if value is None else check_value(prop, value)


def _env_size(name: str) -> int:
    try:
        return max(int(os.environ.get(name, "")), 0)
    except ValueError:
        return 0


def terminal_size() -> tuple[int, int]:
    """(columns, lines) of the terminal the app draws on: COLUMNS and LINES when set,
    else the first terminal among stderr (where Textual draws), stdin and stdout, so
    that ``python form.py > out.json`` or ``| jq`` fills the real terminal."""
    columns, lines = _env_size("COLUMNS"), _env_size("LINES")
    for fd in (2, 0, 1):
        if columns and lines:
            break
        try:
            size = os.get_terminal_size(fd)
        except (OSError, ValueError):
            continue
        if size.columns > 0 and size.lines > 0:
            columns, lines = columns or size.columns, lines or size.lines
    return columns or 80, lines or 24


def _as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return str(value)


class _Check(Validator):
    """Checks the text of one field with the same rules as ``validate``."""

    def __init__(self, prop: Mapping[str, Any], exact: Callable[[str], str]) -> None:
        super().__init__()
        self.prop = prop
        self.exact = exact  # the text a box stands for (see FormModal._exact_text)

    def validate(self, value: str) -> ValidationResult:
        problem = _text_problem(self.prop, self.exact(value))
        return self.success() if problem is None else self.failure(problem, value)


class _Checkbox(Checkbox):
    """A check box whose label wraps when the box is narrower than it (Textual's own
    cuts it with an ellipsis): a long label, or a Chinese one in a small terminal, is
    read whole. Its lines are counted as Textual draws them (in terminal cells)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Widget's own measure (a toggle button's is always one line)
        return max(1, Widget.get_content_height(self, container, viewport, width))


class _Fields(VerticalScroll, can_focus=False):
    """The scrolling field area: Tab goes to the fields inside, not to the area."""


class _Scrolling(VerticalScroll):
    """A scrolling area that takes the focus (for the arrow keys) only when it
    overflows."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


#: The screen's style; "FormModal" stands for the generated screen class's own name, so
# that a
#: form's rules never reach another screen of the host app.
_CSS = """
FormModal {
    align: center middle;
}
FormModal #dialog {
    width: 100;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: round $primary;
    background: $surface;
    padding: 0 1;
}
FormModal #head {
    dock: top;
    height: auto;
    max-height: 40vh;
    margin-bottom: 1;
}
FormModal #server {
    color: $primary;
    text-style: bold;
}
FormModal #title {
    margin-top: 1;
    text-style: bold;
}
FormModal #description {
    color: $text-muted;
}
FormModal #message {
    margin-top: 1;
}
FormModal #fields {
    height: auto;
    max-height: 100%;
}
FormModal #foot {
    dock: bottom;
    height: auto;
}
FormModal .field {
    height: auto;
    margin: 0 0 1 0;
}
FormModal .description,
FormModal .hint {
    color: $text-muted;
}
FormModal .error,
FormModal #status {
    color: $error;
    text-style: bold;
    display: none;
}
FormModal .field.-invalid .error,
FormModal #status.-shown {
    display: block;
}
FormModal .field.-invalid Input,
FormModal .field.-invalid TextArea,
FormModal .field.-invalid Select > SelectCurrent,
FormModal .field.-invalid SelectionList {
    border: tall $error;
}
FormModal TextArea {
    height: 7;
}
FormModal Checkbox {
    max-width: 100%;
    text-wrap: wrap;
    text-overflow: fold;
}
FormModal SelectionList {
    height: auto;
    max-height: 12;
}
FormModal #actions {
    height: auto;
    align-horizontal: right;
}
FormModal #actions Button {
    width: auto;
    min-width: 0;
    margin-left: 2;
}
FormModal.-narrow #actions {
    layout: vertical;
}
FormModal.-narrow #actions Button {
    width: 100%;
    margin-left: 0;
}
FormModal #keys {
    color: $text-muted;
}
"""


class FormModal(_FreshKeysModal):
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

    # --- start values -----------------------------------------------------------------

    def _start_text(self, name: str) -> str:
        """What the text box of ``name`` shows first: its start value, with every
        control, bidi or invisible character as a visible escape (defaults never
        reach the terminal); a text area keeps its line breaks."""
        start = _as_text(self._start.get(name))
        return safe_block(start) if name in self._multiline else safe_text(start)

    def _exact_text(self, name: str, text: str) -> str:
        """The text a box stands for: while it still shows its start value unchanged,
        exactly that value (not its escaped form); otherwise what it holds."""
        start = _as_text(self._start.get(name))
        return start if text == self._start_text(name) else text

    # --- the widgets of each kind of field (see _BUILDERS) ----------------------------

    def _heading(self, spec: FieldSpec) -> list[Widget]:
        """The label and the description (if any) above a field's control."""
        widgets: list[Widget] = [
            Static(_label(spec["label"], spec["required"]), classes="label"),
        ]
        if spec.get("description"):
            widgets.append(Static(_plain(spec["description"]), classes="description"))
        return widgets

    def _text_box(self, spec: FieldSpec) -> list[Widget]:
        name = spec["name"]
        if spec.get("multiline"):
            return self._text_area(spec)
        exact = functools.partial(self._exact_text, name)
        check = _Check(self._properties[name], exact)
        box = Input(
            self._start_text(name),
            placeholder=spec["hint"],
            restrict=spec.get("restrict"),
            validators=[check],
            valid_empty=True,
            id=spec["id"],
        )
        widgets: list[Widget] = [*self._heading(spec), box]
        if self._properties[name].get("format") == "date-time":
            # How the text is read: local time unless it has an offset.
            note = Static(
                _zone_note(),
                classes="hint",
                id="read-" + spec["id"],
                markup=False,
            )
            widgets.append(note)
        return widgets

    def _text_area(self, spec: FieldSpec) -> list[Widget]:
        """A long text: several lines, Enter starts a new line (Tab leaves), checked
        like a one-line box after every change."""
        area = TextArea(
            self._start_text(spec["name"]),
            soft_wrap=True,
            tab_behavior="focus",
            placeholder=spec["hint"],
            id=spec["id"],
        )
        return [*self._heading(spec), area]

    def _check_box(self, spec: FieldSpec) -> list[Widget]:
        name = spec["name"]
        widgets: list[Widget] = [
            _Checkbox(
                _label(spec["label"], spec["required"]),
                self._start.get(name) is True,
                id=spec["id"],
            ),
        ]
        if name not in self._answered:
            # An optional check box without a start value is left out until it is
            # toggled.
            note = Static(
                _t("Not answered yet: left out unless you toggle it."),
                classes="hint",
                id="unset-" + spec["id"],
                markup=False,
            )
            widgets.append(note)
        if spec.get("description"):
            widgets.append(Static(_plain(spec["description"]), classes="description"))
        return widgets

    def _select(self, spec: FieldSpec) -> list[Widget]:
        values = list(spec["options"])
        options = [(_plain(label), value) for value, label in spec["options"].items()]
        # the start value as the option's own value (1.0 given: the option 1 is chosen)
        index = option_index(values, self._start.get(spec["name"]))
        if index is not None:
            select: Select[Any] = Select(
                options,
                prompt=spec["hint"],
                allow_blank=spec["allow_blank"],
                value=values[index],
                id=spec["id"],
            )
        else:
            select = Select(
                options,
                prompt=spec["hint"],
                allow_blank=spec["allow_blank"],
                id=spec["id"],
            )
        return [*self._heading(spec), select]

    def _multi_select(self, spec: FieldSpec) -> list[Widget]:
        name = spec["name"]
        start = self._start.get(name)
        values = list(spec["options"])
        given = start if isinstance(start, list) else []
        picked = {option_index(values, item) for item in given}
        pairs = enumerate(spec["options"].items())
        options = [_option(value, label, i in picked) for i, (value, label) in pairs]
        chosen = SelectionList[Any](*options, id=spec["id"])
        hint = Static(spec["hint"], classes="hint", markup=False)
        return [*self._heading(spec), hint, chosen]

    def _field(self, spec: FieldSpec) -> Vertical:
        """A field's box: its widgets (by kind) and its error line."""
        widgets = _BUILDERS[spec["kind"]](self, spec)
        error = Static("", classes="error", id="error-" + spec["id"])
        return Vertical(*widgets, error, classes="field", id="box-" + spec["id"])

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
        status = self.query_one("#status", Static)
        if not problems:
            self.dismiss({"action": "accept", "content": content})
            return
        status.update(
            _tn(
                "Not sent: {n} field needs attention.",
                "Not sent: {n} fields need attention.",
                len(problems),
            )
        )
        status.set_class(True, "-shown")
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


#: kind -> the widgets of a field of that kind (above its error line), in focus order.
_BUILDERS: dict[str, Callable[[FormModal, FieldSpec], list[Widget]]] = {
    "string": FormModal._text_box,
    "number": FormModal._text_box,
    "boolean": FormModal._check_box,
    "single": FormModal._select,
    "multi": FormModal._multi_select,
}


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


class FormApp(App[dict[str, Any]]):
    """Runs a form's screen (``SCREEN``) on its own; ``run()`` returns the ElicitResult
    (None when the app was quit another way, which ``run_form`` reports as cancel)."""

    SCREEN: ClassVar[type[FormModal]]
    TITLE = _t("MCP elicitation")
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        message: str | None = None,
        *,
        server: str | None = None,
        initial: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__()
        self._message = message
        self._server = server
        self._initial = initial

    def on_mount(self) -> None:
        screen = self.SCREEN(self._message, server=self._server, initial=self._initial)
        self.push_screen(screen, callback=self._done)

    def _done(self, result: dict[str, Any] | None) -> None:
        self.exit(result)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this platform, sized from the terminal it draws on
        (``terminal_size``) rather than from stdout, which may be a file or a pipe."""
        base = super().get_driver_class()
        if not hasattr(base, "_get_terminal_size"):
            return base
        methods = {"_get_terminal_size": lambda driver: terminal_size()}
        return cast("type[Driver]", type(base.__name__, (base,), methods))


def run_form(app: FormApp) -> dict[str, Any]:
    """Runs ``app`` in the terminal until the user answers; returns the ElicitResult."""
    result = app.run()
    return result if result is not None else {"action": "cancel"}


def run_main(elicit: Callable[..., dict[str, Any]], argv: list[str] | None) -> int:
    """The command line: shows the form, prints the ElicitResult as JSON."""
    parser = argparse.ArgumentParser(
        description="Show the elicitation form in the terminal; print the ElicitResult as JSON.",
    )
    parser.add_argument(
        "--server",
        help="name of the server that asks (shown in the form)",
    )
    parser.add_argument("--message", help="message shown above the fields")
    args = parser.parse_args(argv)
    print(json.dumps(elicit(args.message, server=args.server)))
    return 0
