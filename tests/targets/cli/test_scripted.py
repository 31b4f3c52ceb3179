"""Scripted use of a generated ``cli`` module (issue 16 item 14): piped answers start at the
first question (``printf 'Ada\\n...' | python contact_cli.py``), and ``--answers JSON`` (or
``--answers -``) answers without asking, checking every field as the questions do: the
ElicitResult on stdout and exit 0 when valid, the problems on stderr and exit 1 when not, exit 2
for a usage error. Every test runs the generated file as a real subprocess."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from elicit_gen.compiler import ir
from elicit_gen.records import replace

from ...support.cases import all_forms, emit, forms, valid_content
from ...support.cli import UNSAFE

#: Every golden form, worded in English: these tests read the English prompts (a case compiled in
#: another language, such as travel_booking_zh, runs here with its schema text under English
#: chrome; tests/targets/cli/test_i18n.py runs it in its own language).
FORMS = [(name, replace(form, locale="en")) for name, form in all_forms()]
IDS = [name for name, _ in FORMS]


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    directory = tmp_path_factory.mktemp("cli_scripted")
    written = {}
    for name, form in FORMS:
        generated = emit(form, "cli")
        path = directory / generated.name
        path.write_text(generated.text, encoding="utf-8")
        written[name] = path
    return written


def run(
    path: Path, *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(path), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **(env or {})},
    )


def with_defaults(form: ir.Form, content: dict[str, Any]) -> dict[str, Any]:
    """``content`` with every default the user left alone, in the form's order."""
    full = {}
    for field in form.fields:
        if field.name in content:
            full[field.name] = content[field.name]
        elif field.default is not None:
            default = field.default
            full[field.name] = list(default) if isinstance(default, tuple) else default
    return full


def check_schema(form: ir.Form, content: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(
        form.schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    assert not [e.message for e in validator.iter_errors(content)]


# --- piped answers start at the first question -------------------------------------------------


def test_printf_into_the_module_answers_the_first_question(paths: dict[str, Path]) -> None:
    """The command of the issue, through a real shell pipe: no blank line first."""
    path = paths["contact:contact"]
    command = f"printf 'Ada\\nada@example.com\\n36\\ns\\n' | {shlex.quote(sys.executable)} "
    proc = subprocess.run(
        ["/bin/sh", "-c", command + shlex.quote(str(path))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "action": "accept",
        "content": {"name": "Ada", "email": "ada@example.com", "age": 36},
    }
    assert "answered from the input: one line each, then s to submit." in proc.stderr
    assert "(1/3) name (required)\n    Your full name\n    Text.\n  > Ada\n" in proc.stderr


def test_piped_input_that_ends_before_submit_cancels_and_says_why(paths: dict[str, Path]) -> None:
    proc = run(paths["contact:contact"], stdin="Ada\nada@example.com\n36\n")
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {"action": "cancel"}
    assert "Cancelled.\n(The input ended before s submitted the answers.)\n" in proc.stderr


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_piped_answers_for_every_form(name: str, form: ir.Form, paths: dict[str, Path]) -> None:
    from ...support.cli import typed

    content = valid_content(form)
    lines = [typed(f, content[f.name]) for f in form.fields]
    proc = run(paths[name], stdin="".join(line + "\n" for line in [*lines, "s"]))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": "accept", "content": content}


# --- --answers -------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_answers_json_accepts_valid_content(
    name: str, form: ir.Form, paths: dict[str, Path]
) -> None:
    content = valid_content(form)
    proc = run(paths[name], "--answers", json.dumps(content))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # nothing asked, nothing shown
    result = json.loads(proc.stdout)
    assert result == {"action": "accept", "content": content}
    assert list(result["content"]) == [f.name for f in form.fields if f.name in content]
    check_schema(form, result["content"])


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_answers_left_out_keep_their_default(
    name: str, form: ir.Form, paths: dict[str, Path]
) -> None:
    content = valid_content(form, optional=False)
    proc = run(paths[name], "--answers", json.dumps(content))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"action": "accept", "content": with_defaults(form, content)}


def test_answers_from_stdin(paths: dict[str, Path]) -> None:
    proc = run(
        paths["contact:contact"], "--answers", "-", stdin='{"name": "Ada", "email": "a@b.org"}\n'
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "action": "accept",
        "content": {"name": "Ada", "email": "a@b.org"},
    }


def test_invalid_answers_exit_1_with_every_problem(paths: dict[str, Path]) -> None:
    answers = {"email": "ada(at)example.com", "age": 17, "nickname": "Ada"}
    proc = run(paths["contact:contact"], "--answers", json.dumps(answers))
    assert proc.returncode == 1
    assert proc.stdout == ""  # stdout carries an ElicitResult or nothing
    assert proc.stderr == (
        "The answers were not accepted:\n"
        "  name: This field is required.\n"
        "  email: Not an email address.\n"
        "  age: Must be at least 18.\n"
        "  nickname: not a question of this form.\n"
    )


def test_null_leaves_an_optional_field_unanswered(paths: dict[str, Path]) -> None:
    (form,) = forms("every_kind")
    content = valid_content(form, optional=False)
    optional = [f.name for f in form.fields if not f.required and f.default is not None]
    assert optional
    answers = {**content, **dict.fromkeys(optional)}
    proc = run(paths["every_kind:every_kind"], "--answers", json.dumps(answers))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["content"] == content
    required = next(f.name for f in form.fields if f.required)
    proc = run(paths["every_kind:every_kind"], "--answers", json.dumps({**content, required: None}))
    assert proc.returncode == 1
    assert f"  {required}: This field is required.\n" in proc.stderr


def test_answers_are_checked_as_typed_answers_are(paths: dict[str, Path]) -> None:
    """Wrong types, impossible dates, counts: the same reasons as the questions give."""
    (form,) = forms("every_kind")
    content = valid_content(form)
    date = next(f.name for f in form.fields if getattr(f, "format", None) is ir.StringFormat.DATE)
    multi = next(f for f in form.fields if isinstance(f, ir.MultiSelectField) and f.max_items)
    number = next(f.name for f in form.fields if isinstance(f, ir.NumberField))
    boolean = next(f.name for f in form.fields if isinstance(f, ir.BooleanField))
    too_many = [o.value for o in multi.options]
    answers = {**content, date: "2026-02-30", multi.name: too_many, number: "5", boolean: "yes"}
    proc = run(paths["every_kind:every_kind"], "--answers", json.dumps(answers))
    assert proc.returncode == 1
    assert f"  {date}: There is no 30 February 2026.\n" in proc.stderr
    assert f"  {multi.name}: {len(too_many)} chosen, but at most" in proc.stderr
    assert f"  {number}: Must be a number.\n" in proc.stderr
    assert f"  {boolean}: Must be true or false.\n" in proc.stderr


def test_a_local_date_time_gets_the_offset_in_force_then(paths: dict[str, Path]) -> None:
    answers = {"email": "ada@example.com", "callback": "2026-07-01 09:30"}
    proc = run(
        paths["formats:formats"],
        "--answers",
        json.dumps(answers),
        env={"TZ": "Europe/Paris"},
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["content"]["callback"] == "2026-07-01T09:30:00+02:00"


def test_hostile_names_are_escaped_in_the_problems(paths: dict[str, Path]) -> None:
    proc = run(paths["hostile:hostile"], "--answers", '{"\\u001b[2Jx": 1, "\\u202eevil": 2}')
    assert proc.returncode == 1
    assert not UNSAFE.search(proc.stderr)
    assert "  \\x1b[2Jx: not a question of this form.\n" in proc.stderr
    assert "  \\u202eevil: not a question of this form.\n" in proc.stderr


@pytest.mark.parametrize("text", ["", "{", "[1]", '"Ada"', "null", "[" * 100_000])
def test_answers_that_are_no_json_object_are_a_usage_error(
    text: str, paths: dict[str, Path]
) -> None:
    for args, stdin in ((["--answers", text], ""), (["--answers", "-"], text)):
        proc = run(paths["contact:contact"], *args, stdin=stdin)
        assert proc.returncode == 2, proc.stderr
        assert proc.stdout == ""
        assert "--answers takes a JSON object" in proc.stderr
        assert "Traceback" not in proc.stderr
