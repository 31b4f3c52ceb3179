"""Behaviour of the ``cli`` target: the generated module is written to disk, imported and run
with scripted stdin (in-process through ``elicit(stdin=..., stderr=...)`` and as
``python x_cli.py`` with piped stdin), for every golden form."""

from __future__ import annotations

import ast
import datetime as dt
import io
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.records import replace
from elicit_gen.runtime.cli import prompt, prompt_questions
from elicit_gen.runtime.core import safetext
from elicit_gen.targets import cli as cli_target
from elicit_gen.targets.common.runtime import runtime_file
from elicit_gen.targets.common.text import UNSAFE_CLASS

from ...support.cases import all_forms, emit, forms, sample_value, valid_content, write_and_import
from ...support.cli import UNSAFE, Script, other_values, run, typed
from ...support.fresh import fresh_outputs
from ...support.lint import assert_lint_clean
from ...support.pysource import python310, top_level_names

#: Every golden form, worded in English: these tests read the English prompts (a case compiled in
#: another language, such as travel_booking_zh, runs here with its schema text under English
#: chrome; tests/targets/cli/test_i18n.py runs it in its own language).
FORMS = [(name, replace(form, locale="en")) for name, form in all_forms()]
IDS = [name for name, _ in FORMS]
WITH_FIELDS = [(name, form) for name, form in FORMS if form.fields]


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli")


@pytest.fixture(scope="module")
def modules(out_dir: Path) -> dict[str, ModuleType]:
    """Every golden form's generated module, written to ``out_dir`` and imported."""
    return {name: write_and_import(form, "cli", out_dir) for name, form in FORMS}


def check_schema(form: ir.Form, content: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(
        form.schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = [e.message for e in validator.iter_errors(content)]
    assert not errors, errors


def answers(form: ir.Form, content: dict[str, Any]) -> list[str]:
    """The lines that give ``content``: one answer per field (Enter when absent). Piped input
    (a Script is not a terminal) starts at the first question."""
    return [typed(f, content[f.name]) if f.name in content else "" for f in form.fields]


def accept(content: dict[str, Any]) -> dict[str, Any]:
    return {"action": "accept", "content": content}


class TtyScript(Script):
    """Scripted lines that say they come from a terminal: the form asks whether to start."""

    def isatty(self) -> bool:
        return True


def run_tty(module: ModuleType, lines: list[str], **kwargs: Any) -> tuple[dict[str, Any], str]:
    """Like :func:`run`, with stdin a terminal (answers are not echoed)."""
    err = io.StringIO()
    result: dict[str, Any] = module.elicit(stdin=TtyScript(lines), stderr=err, **kwargs)
    return result, err.getvalue()


def invalid_answers(field: ir.Field) -> list[tuple[str, str]]:
    """Typed answers ``field`` must refuse, each with (a part of) the reason shown: what is
    wrong with the answer, not the hint again."""
    bad: list[tuple[str, str]] = []
    if field.required and field.default is None:
        bad.append(("", "This field is required."))
    if isinstance(field, ir.StringField):
        by_format = {
            ir.StringFormat.EMAIL: [("ada(at)example.com", "Not an email address.")],
            ir.StringFormat.URI: [("example dot com", "Not an absolute URI.")],
            ir.StringFormat.DATE: [
                ("2023-02-29", "There is no 29 February 2023."),
                ("2023-13-01", "There is no month 13."),
                ("1 March", "Not in the form YYYY-MM-DD."),
            ],
            ir.StringFormat.DATE_TIME: [
                ("2024-02-29T25:00:00Z", "There is no time 25:00:00."),
                ("2026-02-30 09:30", "There is no 30 February 2026."),
                ("2026-03-01 09:30+24:00", "There is no UTC offset +24:00."),
                ("tomorrow", "Not in the form YYYY-MM-DDThh:mm:ss+hh:mm."),
            ],
            ir.StringFormat.TIME: [
                ("25:00:00Z", "There is no time 25:00:00."),
                ("09:00:00", "Add the UTC offset of its time zone, as in 09:00:00+01:00"),
            ],
            ir.StringFormat.UUID: [("not-a-uuid", "Not a UUID")],
            ir.StringFormat.IPV4: [("192.0.2.01", "cannot start with 0")],
            ir.StringFormat.IPV6: [("fe80::1%eth0", "cannot have a zone")],
            ir.StringFormat.HOSTNAME: [("a_b.example", "Not a host name")],
            ir.StringFormat.DURATION: [("1 hour", "Not an ISO 8601 duration")],
        }
        if field.format is not None:
            bad += by_format[field.format]
        if field.min_length is not None and field.min_length > 1:
            n = field.min_length - 1
            bad.append(("x" * n, f"Has {n} character{'s' * (n != 1)}, but "))
        if field.max_length is not None:
            n = field.max_length + 1
            bad.append(("x" * n, f"Has {n} characters, but "))
        bad.append(("\x1b[A", "control characters"))
    elif isinstance(field, ir.NumberField):
        bad.append(("twelve", "Must be a whole number." if field.integer else "Must be a number."))
        if field.integer:
            bad.append(("1.5", "Must be a whole number."))
        else:
            bad.append(("1e999", "Must be a finite number."))
        if field.minimum is not None:
            bad.append((str(field.minimum - 1), "Must be at least"))
        if field.maximum is not None:
            bad.append((str(field.maximum + 1), "Must be at most"))
    elif isinstance(field, ir.BooleanField):
        bad.append(("maybe", "Answer y (yes) or n (no)."))
    elif isinstance(field, ir.SingleSelectField):
        bad.append((str(len(field.options) + 1), "is not an option"))
        bad.append(("0", "is not an option"))
    else:
        bad.append((f"1,{len(field.options) + 1}", "is not an option"))
        if field.min_items is not None and field.min_items >= 2:
            bad.append(("1", "1 chosen, but "))
        if field.max_items is not None and field.max_items < len(field.options):
            numbers = ",".join(str(i) for i in range(1, len(field.options) + 1))
            bad.append((numbers, f"{len(field.options)} chosen, but "))
    return bad


# --- the happy path --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_valid_answers_accept(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    module = modules[name]
    content = valid_content(form)
    result, err = run(module, [*answers(form, content), "s"], server="Test server")
    assert result == accept(content)
    check_schema(form, result["content"])
    assert module.validate(result["content"]) == {}
    # Types as the spec wants them, not strings.
    for f in form.fields:
        assert type(result["content"][f.name]) is type(sample_value(f))
    assert "Test server asks:" in err
    assert not UNSAFE.search(err)


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_shows_message_labels_descriptions_and_required(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    module = modules[name]
    _, err = run(module, [])  # EOF at the first prompt: everything before it is shown
    assert f"{ir.DEFAULT_SERVER} asks:" in err
    assert module.safe_lines(form.message_text)[0] in err
    if form.fields:
        _, err = run(module, answers(form, valid_content(form)))  # every question is shown
        for number, f in enumerate(form.fields, 1):
            status = "required" if f.required else "optional"
            header = f"({number}/{len(form.fields)}) {module.safe_text(f.label)} ({status})"
            assert header in err
            if f.description:
                assert module.safe_lines(f.description)[0] in err


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_enter_takes_defaults_and_skips_optional(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    content = valid_content(form, optional=False)
    result, _ = run(modules[name], [*answers(form, content), ""])
    expected = dict(content)
    for f in form.fields:
        if not f.required and f.default is not None:
            expected[f.name] = list(f.default) if isinstance(f.default, tuple) else f.default
    assert result["action"] == "accept"
    assert result["content"] == {
        f.name: expected[f.name] for f in form.fields if f.name in expected
    }
    for f in form.fields:
        if not f.required and f.default is None:
            assert f.name not in result["content"]  # skipped: absent, never null or ""
    assert None not in result["content"].values() and "" not in result["content"].values()
    check_schema(form, result["content"])


@pytest.mark.parametrize(("name", "form"), WITH_FIELDS, ids=[n for n, _ in WITH_FIELDS])
def test_invalid_answers_are_asked_again_with_the_reason(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    content = valid_content(form)
    lines: list[str] = []
    reasons: list[str] = []
    for f in form.fields:
        for text, reason in invalid_answers(f):
            lines.append(text)
            reasons.append(reason)
        lines.append(typed(f, content[f.name]))
    result, err = run(modules[name], [*lines, "s"])
    assert result == accept(content)
    for reason in reasons:
        assert reason in err
    assert err.count("Not accepted:") == len(reasons)
    assert not UNSAFE.search(err)  # the typed ESC sequence is shown escaped


# --- decline, cancel, end of input -----------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_decline_and_cancel(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    module = modules[name]
    # On a terminal, at the start (or, for a form without questions, at the only prompt).
    assert run_tty(module, ["d"])[0] == {"action": "decline"}
    assert run_tty(module, ["decline"])[0] == {"action": "decline"}
    assert run_tty(module, ["c"])[0] == {"action": "cancel"}
    # Piped input is all answers: there, d is the first answer (no form here takes "d" and
    # then has all it needs), so declining is the review's job.
    if not form.fields:
        assert run(module, ["d"])[0] == {"action": "decline"}
    # In the review, after answering everything.
    lines = answers(form, valid_content(form))
    assert run(module, [*lines, "d"])[0] == {"action": "decline"}
    assert run(module, [*lines, "cancel"])[0] == {"action": "cancel"}


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_end_of_input_and_ctrl_c_cancel(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    module = modules[name]
    lines = answers(form, valid_content(form))
    for cut in range(len(lines) + 1):  # EOF before every prompt, including the review
        result, err = run(module, lines[:cut])
        assert result == {"action": "cancel"}, cut
        assert "Cancelled." in err
    result, err = run(module, lines[: len(lines) // 2], interrupt=True)
    assert result == {"action": "cancel"}
    assert "Cancelled." in err


# --- the review step -------------------------------------------------------------------------


def _other(module: ModuleType, f: ir.Field) -> Any:
    first = sample_value(f)
    prop = module.REQUESTED_SCHEMA["properties"][f.name]
    return next(v for v in other_values(f) if v != first and module.check_value(prop, v) is None)


@pytest.mark.parametrize(("name", "form"), WITH_FIELDS, ids=[n for n, _ in WITH_FIELDS])
def test_review_edits_a_field(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    module = modules[name]
    content = valid_content(form)
    number = len(form.fields)  # the last one, so that order in the content is kept too
    f = form.fields[number - 1]
    new = _other(module, f)
    lines = [*answers(form, content), str(number), typed(f, new), "s"]
    result, err = run(module, lines)
    assert result == accept({**content, f.name: new})
    check_schema(form, result["content"])
    assert err.count("Review your answers:") == 2
    assert f"{number}. {module.safe_text(f.label)}" in err
    # "e1" / "edit 1" work too, and the first field keeps the content's order.
    g = form.fields[0]
    new_g = _other(module, g)
    result, _ = run(module, [*answers(form, content), "e1", typed(g, new_g), ""])
    assert list(result["content"]) == list(content)
    assert result["content"][g.name] == new_g


@pytest.mark.parametrize(("name", "form"), WITH_FIELDS, ids=[n for n, _ in WITH_FIELDS])
def test_review_removes_optional_answers_only(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    content = valid_content(form)
    lines = answers(form, content)
    commands = [f"x{i}" for i in range(1, len(form.fields) + 1)]
    result, err = run(modules[name], [*lines, *commands, "s"])
    required = {f.name: content[f.name] for f in form.fields if f.required}
    assert result == accept(required)
    for f in form.fields:
        if f.required:
            assert f"{modules[name].safe_text(f.label)} is required; change it instead." in err


def test_review_refuses_unknown_commands(modules: dict[str, ModuleType]) -> None:
    module = modules["contact:contact"]
    lines = ["Ada", "ada@example.com", ""]
    result, err = run(module, [*lines, "9", "x", "edit", "99999999", "s"])
    assert result == accept({"name": "Ada", "email": "ada@example.com"})
    assert err.count("Type s to submit, a question's number to change it, d or c.") == 4


def test_start_prompt_refuses_unknown_answers(modules: dict[str, ModuleType]) -> None:
    result, err = run_tty(modules["contact:contact"], ["what", "d"])
    assert result == {"action": "decline"}
    assert "Press Enter to answer the questions, or type d to decline, c to cancel." in err


def test_terminal_asks_to_start_and_piped_input_starts_at_the_first_question(
    modules: dict[str, ModuleType],
) -> None:
    module = modules["contact:contact"]
    lines = ["Ada", "ada@example.com", "36", "s"]
    result, err = run(module, lines)
    assert result == accept({"name": "Ada", "email": "ada@example.com", "age": 36})
    assert "3 questions, answered from the input: one line each, then s to submit." in err
    assert "Press Enter to answer them" not in err
    # On a terminal the first line answers "start?" instead: Enter starts, Ada is refused.
    result, err = run_tty(module, lines)
    assert result == {"action": "cancel"}
    assert "Not accepted: Press Enter to answer the questions" in err
    result, _ = run_tty(module, ["", *lines])
    assert result == accept({"name": "Ada", "email": "ada@example.com", "age": 36})


# --- values ----------------------------------------------------------------------------------


def test_initial_prefills_and_is_checked(modules: dict[str, ModuleType]) -> None:
    module = modules["contact:contact"]
    initial = {"name": "Ada", "email": "ada@example.com", "age": 36}
    result, err = run(module, ["", "", "", "s"], initial=initial)
    assert result == accept(initial)
    assert "Press Enter to keep: Ada" in err
    # A pre-filled value that does not validate is not taken by Enter.
    result, err = run(
        module, ["", "", "grace@example.org", "", "s"], initial={"name": "Ada", "email": "x"}
    )
    assert result == accept({"name": "Ada", "email": "grace@example.org"})
    assert "Not accepted: Not an email address." in err


def test_message_and_server_arguments(modules: dict[str, ModuleType]) -> None:
    _, err = run(modules["contact:contact"], [], message="Line one\nLine two", server="Weather")
    assert "Weather asks:\n  Line one\n  Line two\n" in err
    _, err = run(modules["contact:contact"], [], server="  ")
    assert f"{ir.DEFAULT_SERVER} asks:" in err


def test_date_time_gets_the_local_offset(modules: dict[str, ModuleType]) -> None:
    module = modules["formats:formats"]
    expected = dt.datetime(2026, 3, 1, 9, 30).astimezone().isoformat(timespec="seconds")
    lines = ["ada@example.com", "", "", "2026-03-01 09:30"]
    result, err = run(module, [*lines, "s"])
    assert result["content"]["callback"] == expected
    assert f"Read as {expected}." in err
    assert module.is_date_time(expected)
    # An explicit offset, a Z, or full RFC 3339 are kept.
    for text, value in [
        ("2026-03-01 09:30+05:30", "2026-03-01T09:30:00+05:30"),
        ("2026-03-01T09:30:15Z", "2026-03-01T09:30:15Z"),
        ("2026-03-01T09:30:15.25-03:00", "2026-03-01T09:30:15.25-03:00"),
    ]:
        result, _ = run(module, [*lines[:-1], text, "s"])
        assert result["content"]["callback"] == value
    # A time that does not exist is refused, not shifted.
    result, err = run(module, [*lines[:-1], "2026-02-30 09:30", "2026-03-01T09:30:00Z", "s"])
    assert "Not accepted: There is no 30 February 2026." in err


def test_date_time_offset_follows_the_time_zone(tmp_path: Path) -> None:
    (form,) = forms("formats")
    path = tmp_path / emit(form, "cli").name
    path.write_text(emit(form, "cli").text, encoding="utf-8")
    lines = "ada@example.com\n\n\n2026-07-01 09:30\ns\n"
    for tz, offset in [
        ("Europe/Paris", "+02:00"),
        ("UTC", "+00:00"),
        ("America/New_York", "-04:00"),
    ]:
        proc = _run_module(path, lines, env={"TZ": tz})
        assert json.loads(proc.stdout)["content"]["callback"] == f"2026-07-01T09:30:00{offset}"


def test_big_integers_are_exact(modules: dict[str, ModuleType]) -> None:
    module = modules["bounds:bounds"]
    lines = ["9007199254740991", "", "-20", "", "", "abcd", "1,4", "s"]
    result, err = run(module, lines)
    assert result["content"]["big"] == 9007199254740991
    assert result["content"]["beyond32"] == 3000000001  # the default, kept exactly
    assert "A whole number from -9007199254740991 to 9007199254740991." in err
    result, err = run(module, ["9007199254740992", *lines])
    assert "Not accepted: Must be at most 9007199254740991." in err
    assert result["content"]["big"] == 9007199254740991


def test_selects_by_number_value_or_label(modules: dict[str, ModuleType]) -> None:
    module = modules["enums:enums"]
    lines = ["option2", "second option", "Option Three", "3, 1 1,3", "2 2", "s"]
    result, err = run(module, lines)
    assert result == accept(
        {
            "untitledSingle": "option2",
            "titledSingle": "value2",
            "legacyEnum": "opt3",
            "untitledMulti": ["option1", "option3"],  # in option order, duplicates once
            "titledMulti": ["value2"],
        }
    )
    assert "  1) First Option" in err  # titles shown, consts returned
    assert "Continuous" not in err


def test_booleans_accept_yes_no_words(modules: dict[str, ModuleType]) -> None:
    module = modules["travel_booking:travel_booking"]
    for word, value in [("y", True), ("YES", True), ("true", True), ("n", False), ("No", False)]:
        result, _ = run(module, [word, "1", "2", "false", "s"])
        assert result["content"]["confirmBooking"] is value
        assert result["content"]["travelInsurance"] is False


def test_returned_content_does_not_share_defaults(modules: dict[str, ModuleType]) -> None:
    module = modules["every_kind:every_kind"]
    (form,) = forms("every_kind")
    content = valid_content(form, optional=False)
    first, _ = run(module, [*answers(form, content), "s"])
    first["content"]["platforms"].append("macos")
    again, _ = run(module, [*answers(form, content), "s"])
    assert again["content"]["platforms"] == ["linux"]


def test_multi_select_none_and_empty_default(modules: dict[str, ModuleType]) -> None:
    module = modules["every_kind:every_kind"]
    (form,) = forms("every_kind")
    content = valid_content(form)
    lines = answers(form, content)
    lines[-1] = "none"  # features: no minimum, so choosing nothing is an answer
    result, _ = run(module, [*lines, "s"])
    assert result["content"]["features"] == []
    check_schema(form, result["content"])


# --- terminal safety -------------------------------------------------------------------------


def test_hostile_text_is_neutralised(modules: dict[str, ModuleType]) -> None:
    module = modules["hostile:hostile"]
    server = "evil\x1b]0;title\x07\x1b[2J\r\u202e\u2028\x9b31m"
    message = "first\r\nsecond\x1b[1A\rfake > \u2066x\u2069"
    result, err = run(module, ["\x1b[A", "ok"] + [""] * 6 + ["s"], server=server, message=message)
    assert result == accept({"</script><script>alert(3)</script>": "ok"})
    assert not UNSAFE.search(err), [c for c in err if UNSAFE.match(c)]
    assert "\r" not in err and "\x1b" not in err
    assert "evil\\x1b]0;title\\x07\\x1b[2J\\r\\u202e\\u2028\\x9b31m asks:" in err
    assert "  first\n  second\\x1b[1A\\rfake > \\u2066x\\u2069\n" in err
    assert "(5/7) \\x1b[2J\\x1b[31mred\\x1b[0m\\r\\x07 (optional)" in err
    assert "line\\u2028separator\\u2029para\\nnewline\\backslash" in err


def test_safe_text_escapes_every_terminal_control(modules: dict[str, ModuleType]) -> None:
    module = modules["contact:contact"]
    for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F)]:
        text = module.safe_text(f"a{chr(code)}b")
        assert not UNSAFE.search(text), hex(code)
    assert module.safe_text("naïve café ✓") == "naïve café ✓"
    assert module.safe_lines("a\r\nb\nc\rd") == ["a", "b", "c\\rd"]


#: What the form shows as escapes (and refuses in a typed answer): controls, bidi controls and
#: invisible format characters; the same class in the qt and textual targets.
SHOWN_ESCAPED = re.compile(UNSAFE_CLASS)


def compile_cli(schema: dict[str, Any], directory: Path, stem: str) -> tuple[ir.Form, ModuleType]:
    result = elicit_gen.compile(schema, [], name=f"{stem}.json", stem=stem)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    form = result.forms[0]
    return form, write_and_import(form, "cli", directory)


HOSTILE_DEFAULT = "\x1b]52;c;SGFja2Vk\x07\x1b]0;t\x07\x1b[2Jline1\nline2\x00\u202eevil\u200b"


def test_hostile_default_is_shown_escaped_and_sent_exactly(tmp_path: Path) -> None:
    """Issue 13 items 1 and 14: "Press Enter to keep" and the review step show a default with
    visible escapes; Enter keeps it exactly (also the plain "line1\\nline2\\u0000")."""
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "default": HOSTILE_DEFAULT},
            "b": {"type": "string", "default": "line1\nline2\u0000"},
            "c": {
                "type": "string",
                "oneOf": [
                    {"const": "k\x1b[2J", "title": "Keep\u200b my files"},
                    {"const": "w", "title": "W"},
                ],
                "default": "k\x1b[2J",
            },
        },
    }
    _, module = compile_cli(schema, tmp_path, "hostile_default")
    result, err = run(module, ["", "", "", "s"], server="s\u2060rv")
    assert result == accept({"a": HOSTILE_DEFAULT, "b": "line1\nline2\u0000", "c": "k\x1b[2J"})
    leaks = [c for c in err.replace("\n", "") if SHOWN_ESCAPED.match(c)]
    assert not leaks, leaks
    assert f"Press Enter to keep: {module.safe_text(HOSTILE_DEFAULT)}" in err
    assert f"1. a: {module.safe_text(HOSTILE_DEFAULT)}" in err  # the review step
    assert "Keep\\u200b my files" in err and "s\\u2060rv asks:" in err


def test_clashing_property_names_keep_their_own_answers(tmp_path: Path) -> None:
    """Names that differ only in case or punctuation, or look like derived names, stay apart."""
    names = ["x", "x box", "x-box", "X", "x_box", "y error", "y", "x 2", "x_2"]
    schema = {"type": "object", "properties": {n: {"type": "string"} for n in names}}
    _, module = compile_cli(schema, tmp_path, "clash")
    result, _ = run(module, [*[f"v{i}" for i in range(len(names))], "s"])
    assert result == accept({n: f"v{i}" for i, n in enumerate(names)})


# --- as a program ----------------------------------------------------------------------------


def _run_module(
    path: Path, stdin: str | bytes, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, str(path), *args],
        input=data,
        capture_output=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", **(env or {})},
    )
    return subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    )


@pytest.fixture(scope="module")
def contact_path(out_dir: Path, modules: dict[str, ModuleType]) -> Path:
    return out_dir / "contact_cli.py"


def test_piped_session_prints_only_the_result_on_stdout(contact_path: Path) -> None:
    proc = _run_module(
        contact_path,
        "Ada Lovelace\nnope\nada@example.com\n17\n36\n1\nAda King\ns\n",
        "--server",
        "Acme",
        "--message",
        "Who are you?",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    result = json.loads(proc.stdout)
    assert result == accept({"name": "Ada King", "email": "ada@example.com", "age": 36})
    assert "Acme asks:\n  Who are you?" in proc.stderr
    assert "Not accepted: Must be at least 18." in proc.stderr
    assert "  > Ada Lovelace\n" in proc.stderr  # piped answers are echoed into the transcript


@pytest.mark.parametrize(
    ("stdin", "action"),
    [
        ("", "cancel"),
        ("Ada\n", "cancel"),
        ("d\n", "cancel"),  # piped input is all answers: d is a name, then the input ends
        ("Ada\nada@example.com\n\nc\n", "cancel"),
        ("Ada\nada@example.com\n\nd\n", "decline"),
    ],
)
def test_piped_decline_cancel_and_eof(contact_path: Path, stdin: str, action: str) -> None:
    proc = _run_module(contact_path, stdin)
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"action": action}
    assert "Traceback" not in proc.stderr


def test_piped_undecodable_bytes_do_not_crash(contact_path: Path) -> None:
    proc = _run_module(contact_path, b"Ad\xff\xfea\nada@example.com\n\ns\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["content"]["name"] == "Ad\ufffd\ufffda"


def test_piped_non_ascii_output_is_ascii_json(contact_path: Path) -> None:
    proc = _run_module(contact_path, "Zoë ✓\nzoe@example.com\n\ns\n", env={"LANG": "C"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.isascii()
    assert json.loads(proc.stdout)["content"]["name"] == "Zoë ✓"


def test_without_stdin_stderr_or_a_reader_of_stdout(contact_path: Path) -> None:
    answers_text = "Ada\nada@example.com\n\ns\n"
    # No stderr at all: the answers still work.
    proc = subprocess.run(
        [sys.executable, str(contact_path)],
        input=answers_text.encode(),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        timeout=60,
        preexec_fn=lambda: os.close(2),
    )
    assert json.loads(proc.stdout)["action"] == "accept"
    # No stdin at all: nobody can answer.
    proc = subprocess.run(
        [sys.executable, str(contact_path)],
        capture_output=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.close(0),
    )
    assert json.loads(proc.stdout) == {"action": "cancel"}
    assert b"Traceback" not in proc.stderr
    # stdout closed before the result is written.
    shell = f"{sys.executable} {contact_path} | true"
    proc = subprocess.run(
        ["sh", "-c", f"sleep 0.2; printf '{answers_text}' | {{ {shell}; }}"],
        capture_output=True,
        timeout=60,
    )
    assert b"Traceback" not in proc.stderr


def test_usage_errors_and_help(contact_path: Path) -> None:
    proc = _run_module(contact_path, "", "--help")
    assert proc.returncode == 0 and "--server" in proc.stdout
    proc = _run_module(contact_path, "", "--bogus")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_every_form_runs_on_python_3_10(out_dir: Path, modules: dict[str, ModuleType]) -> None:
    python = python310()
    if python is None:
        pytest.skip("no Python 3.10 interpreter on this machine")
    for name, form in FORMS:
        content = valid_content(form)
        stdin = "".join(line + "\n" for line in [*answers(form, content), "s"])
        proc = subprocess.run(
            [python, str(out_dir / emit(form, "cli").name)],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == accept(content), name


# --- the generated code itself ---------------------------------------------------------------


def test_generated_code_passes_ruff_and_mypy_strict(
    out_dir: Path, modules: dict[str, ModuleType]
) -> None:
    files = sorted(out_dir.glob("*_cli.py"))
    assert len(files) == len(FORMS)
    assert_lint_clean(files)


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_output_is_deterministic_and_named(
    name: str, form: ir.Form, out_dir: Path, modules: dict[str, ModuleType]
) -> None:
    first = emit(form, "cli")
    assert first.text == (out_dir / first.name).read_text(encoding="utf-8")  # emitted earlier
    # and in fresh interpreters (other hash seeds, nothing cached)
    assert [run[name] for run in fresh_outputs("cli", locale="en")] == [first.text, first.text]
    assert first.name == f"{form.stem}_cli.py"
    assert first.text.startswith("# Generated by elicit-gen from ")
    imports = [line for line in first.text.splitlines() if line.startswith(("import ", "from "))]
    allowed = {
        "__future__",
        "argparse",
        "bisect",  # the pattern engine (runtime/core/pattern.py)
        "collections",
        "datetime",
        "fractions",
        "gettext",
        "io",
        "json",
        "math",
        "os",
        "re",
        "signal",
        "sys",
        "_thread",  # the pattern engine's lock (threading's, without importing threading)
        "typing",
        "unicodedata",
    }
    assert {line.split()[1].split(".")[0] for line in imports} <= allowed


# --- the runtime modules, imported directly ------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_no_name_is_bound_twice_in_a_generated_module(name: str, form: ir.Form) -> None:
    """formcore, safetext, prompt and the template share one namespace: a helper of one part
    must never silently replace another's (ruff only sees redefined functions)."""
    names = top_level_names(emit(form, "cli").text)
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_generated_modules_hold_the_runtime_modules_verbatim() -> None:
    """What the unit tests below import is exactly what every generated module runs."""
    text = emit(forms("contact")[0], "cli").text
    parts = ("formats.py", "wording.py", "formcore.py", "safetext.py", "prompt_questions.py")
    for part in (*parts, "prompt.py"):
        source = runtime_file(part).read_text(encoding="utf-8")
        body = source.split("# --- end of runtime imports ---\n")[1].strip("\n")
        assert body in text, part


def test_every_field_kind_has_one_question_class() -> None:
    kinds = {cli_target.field_spec(f)["kind"] for _, form in FORMS for f in form.fields}
    every = {"string", "number", "boolean", "single", "multi"}
    assert kinds == set(prompt_questions._QUESTIONS) == every


#: The characters safetext shows as escapes, written out here from what UNSAFE_CLASS documents
#: (elicit_gen/targets/common/text.py), not from the pattern itself: every C0 and C1 control but
#: tab, DEL, the line and paragraph separators, lone surrogates (by their Unicode category), and
#: the format characters and blank letters named below.
NAMED_UNSAFE = {
    0x00AD: "SOFT HYPHEN",
    0x061C: "ARABIC LETTER MARK",
    0x115F: "HANGUL CHOSEONG FILLER",
    0x1160: "HANGUL JUNGSEONG FILLER",
    0x180E: "MONGOLIAN VOWEL SEPARATOR",
    0x200B: "ZERO WIDTH SPACE",
    0x200E: "LEFT-TO-RIGHT MARK",
    0x200F: "RIGHT-TO-LEFT MARK",
    **{c: "bidi embedding or override" for c in range(0x202A, 0x202F)},
    0x2060: "WORD JOINER",
    **{c: "invisible operator" for c in range(0x2061, 0x2065)},
    **{c: "bidi isolate" for c in range(0x2066, 0x206A)},
    **{c: "deprecated format character" for c in range(0x206A, 0x2070)},
    0x3164: "HANGUL FILLER",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE (BOM)",
    0xFFA0: "HALFWIDTH HANGUL FILLER",
    **{c: "interlinear annotation" for c in range(0xFFF9, 0xFFFC)},
    **{c: "tag character" for c in range(0xE0000, 0xE0080)},
}


def _documented_unsafe(char: str) -> bool:
    category = unicodedata.category(char)
    return (
        (category == "Cc" and char != "\t")
        or category in ("Zl", "Zp", "Cs")
        or ord(char) in NAMED_UNSAFE
    )


def test_safetext_escapes_exactly_the_unsafe_characters() -> None:
    """runtime/core/safetext.py, for every code point: a character of the documented unsafe set
    (written out above, independently of the pattern) becomes a visible escape that reads back
    as itself, a tab a space, anything else stays itself; UNSAFE_CLASS (what the emitters and
    the linter's hints use) matches exactly that set."""
    unsafe = re.compile(UNSAFE_CLASS)
    for code in range(0x110000):
        char = chr(code)
        shown = safetext.safe_text(char)
        assert bool(unsafe.fullmatch(char)) == _documented_unsafe(char), hex(code)
        if char == "\t":
            assert shown == " "
        elif _documented_unsafe(char):
            assert shown.startswith("\\") and shown.isascii() and shown.isprintable(), hex(code)
            assert ast.literal_eval(f'"{shown}"') == char
        else:
            assert shown == char, hex(code)
    assert safetext.safe_lines("a\r\nb\nc\rd\u2028e") == ["a", "b", "c\\rd\\u2028e"]
    assert safetext.safe_block("a\r\nb\x1b") == "a\nb\\x1b"


@pytest.mark.parametrize(("name", "form"), WITH_FIELDS, ids=[n for n, _ in WITH_FIELDS])
def test_the_runtime_imported_asks_like_the_generated_module(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    """prompt_questions._Form built from the emitter's field specs, run in-process from the
    package, gives the generated module's result and transcript: the runtime is testable by
    import."""
    runtime_form = prompt_questions._Form(
        form.schema,
        [cli_target.field_spec(f) for f in form.fields],
        message=form.message_text,
        title=form.title,
        description=form.description,
        default_server=ir.DEFAULT_SERVER,
    )
    lines = [*answers(form, valid_content(form)), "s"]
    err = io.StringIO()
    result = prompt._elicit(
        runtime_form, None, server=None, initial=None, stdin=Script(lines), stderr=err
    )
    assert (result, err.getvalue()) == run(modules[name], lines)
    assert result == accept(valid_content(form))


def test_choices_read_numbers_values_and_labels() -> None:
    spec = {
        "kind": "multi",
        "name": "m",
        "label": "M",
        "required": False,
        "options": {"a": "Alpha", "b": "Beta", "c": "Gamma"},
    }
    question = prompt_questions._question(spec, {"m": {"type": "array"}})
    assert isinstance(question, prompt_questions._Choices)
    assert question.parse("3, alpha b 3") == ["a", "b", "c"]  # option order, each once
    assert question.parse("NONE") == []
    with pytest.raises(ValueError, match="is not an option: type a number from 1 to 3"):
        question.parse("4")
    assert question.show(["a", "c"]) == "Alpha, Gamma"
    assert question.show([]) == "(none)"


# --- properties ------------------------------------------------------------------------------

_PROPERTY = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@_PROPERTY
@given(text=st.text())
def test_safe_text_never_lets_a_control_through(modules: dict[str, ModuleType], text: str) -> None:
    module = modules["contact:contact"]
    assert not UNSAFE.search(module.safe_text(text))
    for line in module.safe_lines(text):
        assert not UNSAFE.search(line) and "\n" not in line


@_PROPERTY
@given(
    text=st.text(
        st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=200
    ).filter(lambda t: t == t.strip() and not SHOWN_ESCAPED.search(t))
)
def test_any_typed_text_is_kept_exactly(modules: dict[str, ModuleType], text: str) -> None:
    module = modules["input_required:input_required_gift"]  # one optional text, max 200
    result, _ = run(module, [text, "s"])
    assert result == accept({"note": text})


@_PROPERTY
@given(
    moment=st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 12, 31)).map(
        lambda d: d.replace(microsecond=0)
    ),
    sep=st.sampled_from(["T", " ", "t"]),
    seconds=st.booleans(),
    offset=st.sampled_from(["", "Z", "+05:30", "-08:00", "+00:00"]),
)
def test_typed_date_times_become_rfc3339(
    modules: dict[str, ModuleType], moment: dt.datetime, sep: str, seconds: bool, offset: str
) -> None:
    module = modules["formats:formats"]
    fmt = "%Y-%m-%d" + sep + ("%H:%M:%S" if seconds else "%H:%M")
    text = moment.strftime(fmt) + offset
    value = module.complete_date_time(text)
    assert module.is_date_time(value)
    expected_moment = moment if seconds else moment.replace(second=0)
    parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00").replace("t", "T"))
    assert parsed.replace(tzinfo=None) == expected_moment
    if offset:
        assert value.endswith(offset)
    else:
        assert parsed.utcoffset() == expected_moment.astimezone().utcoffset()


def test_a_megabyte_server_name_is_clipped(modules: dict[str, ModuleType]) -> None:
    """Issue 24, defect 5: a server's name is one short line, however long it is sent."""
    name = "evil.example " * 80_000  # about a megabyte
    started = time.monotonic()
    _, err = run(modules["contact:contact"], [], server=name)
    assert time.monotonic() - started < 5
    clipped = safetext.clip(name)
    assert len(clipped) == safetext.MAX_NAME_LENGTH and clipped.endswith("\u2026")
    assert err.startswith(f"{clipped} asks:\n")
    assert len(err) < 10_000
