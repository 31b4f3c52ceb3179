class _FieldEditors:
    """The editors of each kind of field (see ``_BUILDERS``), a field's box and the text
    boxes' start values: the part of ``FormModal`` that builds its fields, a plain class
    it lists before its Textual base. It reads the state ``FormModal.__init__`` sets."""

    _properties: dict[str, dict[str, Any]]  # property name -> its schema
    _start: dict[str, object]  # property name -> start value
    _answered: set[str]  # check boxes whose value is sent
    _multiline: frozenset[str]  # fields shown as a text area

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


#: kind -> the widgets of a field of that kind (above its error line), in focus order.
_BUILDERS: dict[str, Callable[[_FieldEditors, FieldSpec], list[Widget]]] = {
    "string": _FieldEditors._text_box,
    "number": _FieldEditors._text_box,
    "boolean": _FieldEditors._check_box,
    "single": _FieldEditors._select,
    "multi": _FieldEditors._multi_select,
}
