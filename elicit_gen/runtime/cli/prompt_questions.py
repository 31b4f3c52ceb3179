# --- elicit-gen terminal prompt: the questions (standard library only) -------
# The questions of a generated ``cli`` module, one class per field kind (:class:`_Form` turns the
# form's field specs into them), and the terminal the conversation (prompt.py) runs on: prompts on
# stderr, answers from stdin. Copied verbatim into each generated ``<stem>_cli.py`` after the form
# runtime (runtime/core/formcore.py) and the safe-text helpers (runtime/core/safetext.py), right
# before prompt.py. The imports above the marker are merged with the module's own; the ones from
# this package only name what the other copied runtime parts define.
from __future__ import annotations

import re as _re
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence
from typing import Any as _Any
from typing import TextIO

from ..core.formcore import (
    _LOOSE_DATE_TIME_RE,
    complete_date_time,
    fit_date_time,
    format_problem,
    is_date_time,
    local_offset_now,
    option_index,
    parse_number,
)
from ..core.i18n import _t
from ..core.safetext import display_width, safe_text
from .terminal import _columns, _discard_typeahead, _folded, _isatty, _words, _wrap

# --- end of runtime imports ---

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

    def say(self, text: str = "", hang: int | None = None) -> None:
        """Writes a line of safe text, wrapped to the terminal's width (see terminal.py's
        ``_wrap``; continuation lines indented as it or by ``hang`` columns)."""
        self.err.write(_wrap(text, _columns(self.err), hang) + "\n")
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
            # after the prompt, as typed: the terminal wraps it, if it is one
            self.err.write(safe_text(answer) + "\n")
            self.err.flush()
        return answer.strip()
