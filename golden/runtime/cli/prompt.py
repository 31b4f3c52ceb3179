# --- the terminal prompt ----------------------------------------------------

_PROMPT = "  > "

#: The widest label column of the review list, in terminal columns: a longer label pushes its
#: own value to the right instead of every row's.
_LABEL_COLUMNS = 40


def _number_text(value: object) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _rjust(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns (never cut)."""
    return " " * max(0, width - display_width(text)) + text


# --- questions, one class per field kind ------------------------------------


class _Question:
    """One question: its text, how to read an answer, how to show a value.

    ``spec`` is the field's spec (kind, name, label, description, required,
    default, the hint that states its constraints and what the kind needs);
    ``prop`` is its schema property, which every answer is checked against.
    """

    def __init__(
        self,
        spec: _Mapping[str, _Any],
        prop: _Mapping[str, _Any],
    ) -> None:
        self.prop = prop
        self.name: str = spec["name"]
        self.label: str = spec["label"]
        self.description: str | None = spec.get("description")
        self.required: bool = spec["required"]
        self.default: object | None = spec.get("default")
        self.hint: str | None = spec.get("hint")

    def hints(self) -> list[str]:
        """Lines that say what an answer must look like."""
        return [self.hint] if self.hint else []

    def parse(self, text: str) -> object:
        """The value for a typed answer; raises ValueError with the reason."""
        return text

    def note(self, text: str, value: object) -> str | None:
        """A line telling how a typed answer was read, when not obvious."""
        return None

    def show(self, value: object) -> str:
        return safe_text(str(value))

    def own(self, value: object) -> object:
        """A start value (a default, or one given) as this question keeps it."""
        return value


class _Text(_Question):
    def __init__(
        self,
        spec: _Mapping[str, _Any],
        prop: _Mapping[str, _Any],
    ) -> None:
        super().__init__(spec, prop)
        self.fmt: str | None = spec.get("format")

    def hints(self) -> list[str]:
        lines = super().hints()
        if self.fmt == "date-time":
            lines.append(
                _t(
                    "A time without an offset (such as 2025-06-18 14:30) gets your local offset (now {offset}).",  # noqa: E501, RUF100
                    offset=local_offset_now(),
                ),
            )
        return lines

    def parse(self, text: str) -> object:
        if self.fmt != "date-time":
            return text
        # spelt as the field's pattern takes it (zod's z.iso.datetime() takes only Z)
        value = fit_date_time(self.prop, complete_date_time(text))
        m = _LOOSE_DATE_TIME_RE.fullmatch(text)
        if m is not None and not is_date_time(value):
            # The form is right and no offset can be added: there is no
            # such day or time. Say which (the offset, if any, is checked
            # after them).
            full = f"{m[1]}T{m[2]}{m[3] or ':00'}{m[4] or 'Z'}"
            raise ValueError(format_problem("date-time", full))
        return value

    def note(self, text: str, value: object) -> str | None:
        if self.fmt == "date-time" and value != text:
            return _t("Read as {value}.", value=safe_text(str(value)))
        return None


class _Number(_Question):
    def __init__(
        self,
        spec: _Mapping[str, _Any],
        prop: _Mapping[str, _Any],
    ) -> None:
        super().__init__(spec, prop)
        self.integer: bool = spec.get("integer", False)

    def parse(self, text: str) -> object:
        return parse_number(text, self.integer)

    def show(self, value: object) -> str:
        return safe_text(_number_text(value))


_YES = ("y", "yes", "true", "1")
_NO = ("n", "no", "false", "0")


class _Boolean(_Question):
    def hints(self) -> list[str]:
        return [_t("Answer y (yes) or n (no).")]

    def parse(self, text: str) -> object:
        answer = _folded(text)
        # TRANSLATORS: the words (separated by |) a user may type for "yes", besides y, yes,
        # true and 1 (always accepted); "Answer y (yes) or n (no)." should name one of them
        if answer in _words(_YES, _t("yes|true")):
            return True
        # TRANSLATORS: the words (separated by |) a user may type for "no", besides n, no,
        # false and 0 (always accepted)
        if answer in _words(_NO, _t("no|false")):
            return False
        raise ValueError(_t("Answer y (yes) or n (no)."))

    def show(self, value: object) -> str:
        if isinstance(value, bool):
            # TRANSLATORS: a yes/no answer as the review step shows it
            return _t("yes") if value else _t("no")
        return safe_text(str(value))


#: A label that reads as a number (``2``, ``-0.5``, ``1e3``; full-width digits once folded).
_NUMBER_TEXT_RE = _re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]{1,4})?")


def reads_as_number(text: str) -> object | None:
    """The exact number ``text`` reads as (a Fraction: ``2``, ``2.0`` and ``２`` are one), or
    None when it is no number. A select with a label that reads as another number than its
    place in the list is not numbered (see _Options): a typed number never means two options.
    """
    folded = _folded(text)
    if _NUMBER_TEXT_RE.fullmatch(folded) is None:
        return None
    from fractions import Fraction as _Fraction  # only a select of numbers needs it

    return _Fraction(folded)


class _Options(_Question):
    """Single and multi-select: the options' labels, numbered from 1 (an option is chosen by
    its number, or by its label or value).

    When a label reads as another number than its place (a select of numbers: 2, 1, 3), the
    list has no numbers (``numbered`` is False in the spec, decided by the cli emitter): an
    option is chosen by its label as shown, a number in any spelling (``3``, ``3.0``,
    full-width ``３``), so that ``2`` is always the option 2 and never the second one. The
    spec's ``options`` maps each option's value (a string, or a number) to its label.
    """

    def __init__(
        self,
        spec: _Mapping[str, _Any],
        prop: _Mapping[str, _Any],
    ) -> None:
        super().__init__(spec, prop)
        options: _Mapping[_Any, str] = spec["options"]
        self.options = tuple(options.items())
        self.numbered: bool = spec.get("numbered", True)

    def listing(self) -> list[str]:
        """The options, numbered (the labels aligned after numbers of one or more
        digits), or, when not numbered, one per line after a dash."""
        if not self.numbered:
            return [f"  - {safe_text(label)}" for _, label in self.options]
        width = display_width(f"{len(self.options)})")
        lines = []
        for number, (_, label) in enumerate(self.options, 1):
            lines.append(f"  {_rjust(f'{number})', width)} {safe_text(label)}")
        return lines

    def number(self, token: str) -> _Any | None:
        """The option numbered ``token``, if it is a number from 1 to the count."""
        if _re.fullmatch(r"[0-9]{1,6}", token) and 1 <= int(token) <= len(self.options):
            return self.options[int(token) - 1][0]
        return None

    def _by_text(self, token: str) -> list[_Any]:
        """The options whose label, or string value, is ``token`` ignoring case."""
        folded = token.casefold()
        found = []
        for value, label in self.options:
            text = value.casefold() if isinstance(value, str) else None
            if folded in (label.casefold(), text):
                found.append(value)
        return found

    def _shown_as(self, token: str) -> list[_Any]:
        """The options whose label is ``token`` as shown (case ignored), or the same number
        as ``token`` when both read as one."""
        found = self._by_text(token)
        number = reads_as_number(token)
        if found or number is None:
            return found
        options = self.options
        return [value for value, label in options if reads_as_number(label) == number]

    def pick(self, token: str) -> _Any:
        """The option a token names. Numbered: its number first, then its exact
        value, then its number in full-width digits (an input method's), then
        its label as shown or its value ignoring case (when that names one
        option). Not numbered: its label as shown (see _shown_as).
        """
        count = len(self.options)
        if not self.numbered:
            matches = self._shown_as(token)
            if len(matches) == 1:
                return matches[0]
            raise ValueError(
                _t(
                    "{answer} is not an option: type one of the options as listed.",
                    answer=repr(safe_text(token)),
                ),
            )
        found = self.number(token)
        if found is not None:
            return found
        for value, _ in self.options:
            if value == token:
                return value
        found = self.number(_folded(token))
        if found is not None:
            return found
        named = set(self._shown_as(token))
        if len(named) == 1:
            return named.pop()
        raise ValueError(
            _t(
                "{answer} is not an option: type a number from 1 to {count}.",
                answer=repr(safe_text(token)),
                count=count,
            ),
        )

    def own(self, value: object) -> object:
        """``value`` as the option's own value when it is an option (``1.0`` given: the
        option 1), a list of them alike; anything else as it is."""
        values = [option for option, _ in self.options]
        if isinstance(value, list):
            return [self.own(item) for item in value]
        index = option_index(values, value)
        return value if index is None else values[index]

    def label_of(self, value: object) -> str:
        index = option_index([option for option, _ in self.options], value)
        if index is not None:
            return safe_text(self.options[index][1])
        return safe_text(str(value))


class _Choice(_Options):
    def hints(self) -> list[str]:
        count = len(self.options)
        if not self.numbered:
            return [*self.listing(), _t("Type your choice as listed.")]
        return [
            *self.listing(),
            _t("Type the number of your choice (1 to {count}).", count=count),
        ]

    def parse(self, text: str) -> object:
        return self.pick(text)

    def show(self, value: object) -> str:
        return self.label_of(value)


class _Choices(_Options):
    def hints(self) -> list[str]:
        return [*self.listing(), *super().hints()]

    def _tokens(self, text: str) -> list[str]:
        """The options typed: separated by commas (the ideographic comma and full-width
        commas of a Chinese input method too) or spaces; when not numbered, a part between
        commas that is a label as a whole is one (a label may hold spaces)."""
        if self.numbered:
            return [t for t in _re.split(r"[,\s\uff0c\u3001]+", text) if t]
        tokens = []
        for part in _re.split(r"[,\uff0c\u3001]+", text):
            part = part.strip()
            if len(self._shown_as(part)) == 1:
                tokens.append(part)
            else:
                tokens.extend(t for t in part.split() if t)
        return tokens

    def parse(self, text: str) -> object:
        # TRANSLATORS: the words (separated by |) a user may type to choose no option of a
        # multi-select, besides none (always accepted)
        if _folded(text) in _words(("none",), _t("none")):
            return []
        chosen = {self.pick(token) for token in self._tokens(text)}
        # In the order of the options; a number typed twice counts once.
        return [value for value, _ in self.options if value in chosen]

    def show(self, value: object) -> str:
        if not isinstance(value, list):
            return safe_text(str(value))
        if not value:
            # TRANSLATORS: a multi-select answered with no option, as the review step shows it
            return _t("(none)")
        # TRANSLATORS: the separator between the chosen options of a multi-select
        return _t(", ").join(self.label_of(v) for v in value)


#: The question class for each field kind (the ``kind`` of a field spec).
_QUESTIONS: dict[str, type[_Question]] = {
    "string": _Text,
    "number": _Number,
    "boolean": _Boolean,
    "single": _Choice,
    "multi": _Choices,
}


def _question(
    spec: _Mapping[str, _Any],
    properties: _Mapping[str, _Mapping[str, _Any]],
) -> _Question:
    """The question for a field spec: the one dispatch on the field's kind."""
    kind = _QUESTIONS[spec["kind"]]
    return kind(spec, properties[spec["name"]])


class _Form:
    """A form's questions and texts: what the conversation needs."""

    def __init__(
        self,
        schema: _Mapping[str, _Any],
        specs: Sequence[_Mapping[str, _Any]],
        *,
        message: str,
        title: str | None,
        description: str | None,
        default_server: str,
    ) -> None:
        self.schema = schema
        properties: _Mapping[str, _Mapping[str, _Any]] = schema["properties"]
        self.fields = tuple(_question(spec, properties) for spec in specs)
        self.message = message
        self.title = title
        self.description = description
        self.default_server = default_server


# --- the conversation -------------------------------------------------------


class _Terminal:
    """Writes everything to ``err`` and reads answers, one line each, from
    ``inp``.
    """

    def __init__(self, inp: TextIO, err: TextIO) -> None:
        self.inp = inp
        self.err = err
        # With piped input nothing echoes the answers: write them after the
        # prompt so that the transcript on stderr reads like a terminal session.
        # Piped input also starts at the first question: it is all answers.
        self.piped = not _isatty(inp)

    def say(self, text: str = "") -> None:
        self.err.write(text + "\n")
        self.err.flush()

    def problem(self, reason: str) -> None:
        self.say("  " + _t("Not accepted: {reason}", reason=reason))

    def fresh(self) -> None:
        """Discards what was typed on the terminal before the question just drawn was on the
        screen (see terminal.py's ``_discard_typeahead``): called before the prompt of a
        form's first question and of its review, so that a key pressed for an earlier form,
        or before this one appeared, never starts, submits or declines it. Piped input is
        scripted and kept."""
        _discard_typeahead(self.inp)  # (a tty only: piped input is kept)

    def read(self) -> str:
        """One answer, stripped; raises EOFError at the end of input."""
        self.err.write(_PROMPT)
        self.err.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError
        answer = line.rstrip("\n").rstrip("\r")
        if self.piped:
            self.say(safe_text(answer))
        return answer.strip()


def _ask(
    term: _Terminal,
    field: _Question,
    position: str,
    current: object | None,
) -> object | None:
    """Asks one question until the answer is valid; None means no answer
    (an optional field). ``position`` is shown before the label ("2/5").
    """
    label = safe_text(field.label)
    term.say()
    if field.required:
        term.say(_t("({position}) {label} (required)", position=position, label=label))
    else:
        term.say(_t("({position}) {label} (optional)", position=position, label=label))
    if field.description:
        for line in safe_lines(field.description):
            term.say(f"    {line}")
    for line in field.hints():
        term.say(f"    {line}")
    if current is not None:
        term.say("    " + _t("Press Enter to keep: {value}", value=field.show(current)))
    elif not field.required:
        term.say("    " + _t("Press Enter to skip."))
    while True:
        text = term.read()
        value: object
        if not text:
            if current is None:
                if not field.required:
                    return None
                term.problem(_t("This field is required. Please type an answer."))
                continue
            # A copy: the caller may change the returned content; defaults
            # must stay as they are.
            value = list(current) if isinstance(current, list) else current
        elif _UNSAFE_RE.search(text):
            term.problem(
                _t("The answer contains control characters (such as from arrow keys)."),
            )
            continue
        else:
            try:
                value = field.parse(text)
            except ValueError as exc:
                term.problem(str(exc))
                continue
        reason = check_value(field.prop, value)
        if reason is not None and value == [] and not field.required:
            # "none" on an optional multi-select that needs at least one
            # option when answered: no answer, as its hint says.
            return None
        if reason is not None:
            term.problem(reason)
            continue
        note = field.note(text, value)
        if note is not None:
            term.say(f"    {note}")
        return value


_SUBMIT = ("", "s", "submit", "y", "yes")
_DECLINE = ("d", "decline", "n", "no")
_CANCEL = ("c", "cancel", "q", "quit")
_CLEAR = ("x", "clear")
_EDIT = ("", "e", "edit")
#: A review command on a question: a word (or none), then the question's number.
_FIELD_COMMAND_RE = _re.compile(r"([^\s0-9]*) ?([0-9]{1,6})")


def _command(text: str) -> str | None:
    """What a typed answer at the start or the review says: "submit", "decline", "cancel" or
    None. The English words work in every language, beside the module's own."""
    word = _folded(text)
    # TRANSLATORS: the words (separated by |) a user may type to submit the answers (or start
    # answering), besides Enter, s, submit, y and yes (always accepted)
    if word in _words(_SUBMIT, _t("submit|yes")):
        return "submit"
    # TRANSLATORS: the words (separated by |) a user may type to decline the form, besides d,
    # decline, n and no (always accepted)
    if word in _words(_DECLINE, _t("decline|no")):
        return "decline"
    # TRANSLATORS: the words (separated by |) a user may type to cancel, besides c, cancel, q
    # and quit (always accepted)
    if word in _words(_CANCEL, _t("cancel|quit")):
        return "cancel"
    return None


def _field_command(text: str, total: int) -> tuple[str, int] | None:
    """A review command on a question: ("clear", number) or ("edit", number); None when
    ``text`` is none (or names no question)."""
    m = _FIELD_COMMAND_RE.fullmatch(_folded(text))
    if m is None or not 1 <= int(m[2]) <= total:
        return None
    # TRANSLATORS: the words (separated by |) a user may type before a question's number at the
    # review to remove its answer, besides x and clear (always accepted)
    if m[1] in _words(_CLEAR, _t("clear")):
        return ("clear", int(m[2]))
    # TRANSLATORS: the words (separated by |) a user may type before a question's number at the
    # review to change its answer, besides e and edit (always accepted)
    if m[1] in _words(_EDIT, _t("edit")):
        return ("edit", int(m[2]))
    return None


def _start(term: _Terminal, form: _Form) -> str:
    """Asks whether to answer the questions: "start", "decline" or "cancel"."""
    term.say()
    term.say(
        _tn(
            "{n} question. Press Enter to answer it, or type d to decline, c to cancel.",
            "{n} questions. Press Enter to answer them, or type d to decline, c to cancel.",
            len(form.fields),
        ),
    )
    term.say(_t("Ctrl-D (end of input) or Ctrl-C cancels at any time."))
    term.fresh()  # the form is on the screen: only keys pressed from now on answer it
    while True:
        command = _command(term.read())
        if command == "submit":
            return "start"
        if command is not None:
            return command
        term.problem(
            _t(
                "Press Enter to answer the questions, or type d to decline, c to cancel.",
            ),
        )


def _show_answers(
    term: _Terminal,
    form: _Form,
    answers: _Mapping[str, object],
    errors: _Mapping[str, str],
) -> None:
    """The review's list: every answer, numbered, with its problem if any."""
    term.say()
    if not form.fields:
        term.say(_t("This form has no questions."))
        term.say(_t("Enter or s: submit | d: decline | c: cancel"))
        return
    term.say(_t("Review your answers:"))
    total = len(form.fields)
    # Two columns, aligned by terminal columns (a Chinese character takes two): the numbered
    # labels, then the answers, all starting at one column.
    labels = []
    for field in form.fields:
        label = safe_text(field.label)
        if field.required:
            labels.append(_t("{label} (required):", label=label))
        else:
            labels.append(_t("{label}:", label=label))
    numbers = display_width(f"{total}.")
    width = min(max(display_width(label) for label in labels), _LABEL_COLUMNS)
    for number, field in enumerate(form.fields, 1):
        # TRANSLATORS: an unanswered question in the review list
        shown = _t("(no answer)")
        if field.name in answers:
            shown = field.show(answers[field.name])
        label = pad(labels[number - 1], width)
        term.say(f"  {_rjust(f'{number}.', numbers)} {label} {shown}")
        if field.name in errors:
            term.problem(errors[field.name])
    term.say(
        _t(
            "Enter or s: submit | 1-{total}: change an answer |"
            " x1-{total}: remove an optional answer | d: decline | c: cancel",
            total=total,
        ),
    )


def _review(
    term: _Terminal,
    form: _Form,
    answers: dict[str, object],
) -> dict[str, _Any]:
    """Shows every answer until the user submits, declines or cancels; edits
    change ``answers``.
    """
    total = len(form.fields)
    while True:
        errors = validate_content(form.schema, answers)
        _show_answers(term, form, answers, errors)
        # What submits is what the user read: keys pressed before this list was shown (a
        # second Enter after the last answer, or for the previous form) are thrown away.
        term.fresh()
        text = term.read()
        command = _command(text)
        if command == "submit":
            if errors:
                term.problem(_t("Change the answers marked above first."))
                continue
            content = {}
            for field in form.fields:
                if field.name in answers:
                    content[field.name] = answers[field.name]
            return {"action": "accept", "content": content}
        if command is not None:
            return {"action": command}
        on_field = _field_command(text, total)
        if on_field is None:
            term.problem(
                _t("Type s to submit, a question's number to change it, d or c."),
            )
            continue
        what, number = on_field
        field = form.fields[number - 1]
        if what == "clear":
            if field.required:
                label = safe_text(field.label)
                term.problem(_t("{label} is required; change it instead.", label=label))
            else:
                answers.pop(field.name, None)
            continue
        current = answers.get(field.name)
        value = _ask(term, field, f"{number}/{total}", current)
        if value is None:
            answers.pop(field.name, None)
        else:
            answers[field.name] = value


def _run(
    term: _Terminal,
    form: _Form,
    message: str,
    server: str,
    initial: _Mapping[str, object],
) -> dict[str, _Any]:
    term.say(_t("{server} asks:", server=safe_text(server)))
    for line in safe_lines(message):
        term.say(f"  {line}")
    if form.title:
        term.say()
        term.say(_t("Form: {title}", title=safe_text(form.title)))
    if form.description:
        for line in safe_lines(form.description):
            term.say(f"  {line}")
    answers: dict[str, object] = {}
    if form.fields:
        if term.piped:
            # Nobody to ask whether to start: the input is the answers.
            term.say()
            term.say(
                _tn(
                    "{n} question, answered from the input: one line, then s to submit.",
                    "{n} questions, answered from the input: one line each, then s to submit.",
                    len(form.fields),
                ),
            )
        else:
            choice = _start(term, form)
            if choice != "start":
                return {"action": choice}
        total = len(form.fields)
        for number, field in enumerate(form.fields, 1):
            current = field.own(initial.get(field.name, field.default))
            if isinstance(current, tuple):
                current = list(current)
            value = _ask(term, field, f"{number}/{total}", current)
            if value is not None:
                answers[field.name] = value
    return _review(term, form, answers)


def _elicit(
    form: _Form,
    message: str | None,
    *,
    server: str | None,
    initial: _Mapping[str, object] | None,
    stdin: TextIO | None,
    stderr: TextIO | None,
) -> dict[str, _Any]:
    """``elicit()`` of a generated module, for ``form``."""
    inp = stdin if stdin is not None else sys.stdin
    err = stderr if stderr is not None else sys.stderr
    if inp is None:  # started without any stdin: nobody can answer
        return {"action": "cancel"}
    if err is None:  # no stderr: ask anyway, the answers may come from a pipe
        err = io.StringIO()
    term = _Terminal(inp, err)
    who = form.default_server
    if server is not None and server.strip():
        who = clip(server)  # a server's name is one short line, however long it is sent
    text = message if message is not None else form.message
    try:
        return _run(term, form, text, who, initial or {})
    except (EOFError, KeyboardInterrupt, OSError) as exc:
        try:
            term.say()
            term.say(_t("Cancelled."))
            if isinstance(exc, EOFError) and term.piped:
                term.say(_t("(The input ended before s submitted the answers.)"))
        except (KeyboardInterrupt, OSError, ValueError):
            pass
        return {"action": "cancel"}


def _command_line(form: _Form, argv: Sequence[str] | None) -> int:
    """``main()`` of a generated module, for ``form``."""
    # The command line's help (argparse's own words: usage, options, errors) stays English: it
    # is the integrator's, not the form's; what the form says to its user is localised.
    parser = argparse.ArgumentParser(
        description=(
            "Asks the questions of an MCP elicitation form on the terminal"
            " (stderr) and prints the ElicitResult as JSON on stdout."
            " Ctrl-D or Ctrl-C cancels."
        ),
    )
    parser.add_argument(
        "--server",
        help="name of the server that asks (shown to the user)",
    )
    parser.add_argument(
        "--message",
        help="message to show instead of the form's own",
    )
    parser.add_argument(
        "--answers",
        metavar="JSON",
        help=(
            "answer without asking: a JSON object of field values (- reads it"
            " from stdin); fields left out keep their default, null leaves an"
            " optional field unanswered. Every answer is checked: the result is"
            " printed when all are valid, else the problems go to stderr and"
            " the exit code is 1"
        ),
    )
    args = parser.parse_args(argv)
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Undecodable bytes in an answer must not end the session with a
        # traceback.
        sys.stdin.reconfigure(errors="replace")
    if args.answers is not None:
        text = args.answers
        if text == "-":
            text = sys.stdin.read() if sys.stdin is not None else ""
        try:
            given = json.loads(text)
        except (ValueError, RecursionError):
            given = None
        if not isinstance(given, dict):
            parser.error(
                _t(
                    "--answers takes a JSON object, such as {example}",
                    example='\'{"name": "Ada"}\'',
                ),
            )
        answered, problems = _answered(form, given)
        if problems:
            sys.stderr.write(_t("The answers were not accepted:") + "\n")
            for line in problems:
                sys.stderr.write(f"  {line}\n")
            sys.stderr.flush()
            return 1
        return _print_result({"action": "accept", "content": answered})
    try:
        result = _elicit(
            form,
            args.message,
            server=args.server,
            initial=None,
            stdin=None,
            stderr=None,
        )
    except KeyboardInterrupt:
        result = {"action": "cancel"}
    return _print_result(result)


def _answered(
    form: _Form,
    given: _Mapping[str, object],
) -> tuple[dict[str, object], list[str]]:
    """The content ``--answers`` gives, in the form's field order, and what
    is wrong with it (one line per field; none when it is valid). Answers are
    taken as the questions take them: a left-out field keeps its default,
    null is no answer, a date-time without an offset gets the local one.
    """
    problems = []
    answers: dict[str, object] = {}
    for field in form.fields:
        value = given.get(field.name, field.default)
        if field.name not in given and isinstance(value, list):
            value = list(value)  # a copy: the default stays as it is
        if isinstance(field, _Text) and isinstance(value, str):
            value = field.parse(value)
        value = field.own(value)  # 1.0 for the option 1: the option's own 1
        if value is not None:
            answers[field.name] = value
    errors = validate_content(form.schema, answers)
    for field in form.fields:
        if field.name in errors:
            name = safe_text(field.name)
            problems.append(
                _t("{name}: {problem}", name=name, problem=errors[field.name]),
            )
    names = {field.name for field in form.fields}
    for name in given:
        if name not in names:
            problems.append(
                _t("{name}: not a question of this form.", name=safe_text(name)),
            )
    return answers, problems


def _print_result(result: _Mapping[str, _Any]) -> int:
    """Prints the ElicitResult as one line of JSON on stdout: 0, or 1 when
    nobody reads it any more.
    """
    try:
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Whoever wanted the result has gone; keep the interpreter's final
        # flush quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
