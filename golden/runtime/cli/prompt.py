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
        row = f"  {_rjust(f'{number}.', numbers)} {pad(labels[number - 1], width)} "
        term.say(row + shown, hang=display_width(row))
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
    import argparse  # here: a client calling elicit() never needs it

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
            columns = _columns(sys.stderr)
            heading = _t("The answers were not accepted:")
            for line in [heading, *(f"  {problem}" for problem in problems)]:
                sys.stderr.write(_wrap(line, columns) + "\n")
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
