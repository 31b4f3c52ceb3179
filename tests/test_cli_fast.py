"""``elicit-gen --lint FILES`` runs without click (issue 14: click was a fifth of a lint's whole
run), and reads its command line exactly as click does: for every shape the fast reader takes,
the options equal click's; every other shape goes to click. A lint imports nothing only compiling
needs (docs/architecture.md, "Start-up of --lint")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from elicit_gen.cli import main as click_main
from elicit_gen.command import Options, lint_options

ROOT = Path(__file__).resolve().parent.parent


def _click_reads(args: list[str]) -> tuple[list[str], Options]:
    ctx = click_main.make_context("elicit-gen", list(args))
    params = dict(ctx.params)
    params.pop("list_rules")
    schemas = list(params.pop("schemas"))
    return schemas, Options(**params)


FAST = [
    ["--lint", "a.json"],
    ["a.json", "--lint"],
    ["--lint", "a.json", "b.json", "-"],
    ["--lint", "-q", "a.json"],
    ["--lint", "--quiet", "--verbose", "a.json"],
    ["--lint", "-v", "a.json"],
    ["--lint", "--strict", "a.json"],
    ["--lint", "--format", "json", "a.json"],
    ["--lint", "--format=sarif", "a.json"],
    ["--lint", "--format", "json", "--format", "text", "a.json"],
    ["--lint", "--spec", "2025-06-18", "a.json"],
    ["--lint", "--spec=2025-11-25", "a.json"],
    ["--lint", "--select", "EG170", "--select=EG110,EG120", "a.json"],
    ["--lint", "--ignore", "EG181", "a.json", "--ignore", "EG160"],
    ["--lint", "--lint", "a.json"],
    ["--lint"],
]

CLICKS = [
    ["a.json"],  # no --lint: compiling is click's
    ["--lint", "--target", "html", "a.json"],  # a usage error click reports
    ["--lint", "-h"],
    ["--lint", "--help"],
    ["--lint", "--version"],
    ["--lint", "--", "-odd.json"],
    ["--lint", "-qv", "a.json"],
    ["--lint", "--format", "xml", "a.json"],
    ["--lint", "--spec", "1999-01-01", "a.json"],
    ["--lint", "--format"],
    ["--lint", "--locale", "zh-CN", "a.json"],
    ["--lint", "--list-rules"],
    ["--lin", "a.json"],
]


@pytest.mark.parametrize("args", FAST, ids=" ".join)
def test_the_fast_reader_reads_what_click_reads(args: list[str]) -> None:
    assert lint_options(args) == _click_reads(args)


@pytest.mark.parametrize("args", CLICKS, ids=" ".join)
def test_every_other_command_line_is_clicks(args: list[str]) -> None:
    assert lint_options(args) is None


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        "from elicit_gen.command import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "finally:\n"
        "    print('click imported' if 'click' in sys.modules else 'no click', file=sys.stderr)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_a_lint_does_not_import_click_and_says_what_click_said(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(
        '{"type": "object",\n "properties": {"x": {"type": "object"}}}'
    )
    (tmp_path / "good.json").write_text('{"type": "object", "properties": {}}')
    fast = _run("--lint", "bad.json", "good.json", cwd=tmp_path)
    assert fast.stderr.endswith("no click\n"), fast.stderr
    assert fast.returncode == 1
    assert fast.stdout.startswith("bad.json:2:17: error EG110")
    assert "2 files checked: 1 error, " in fast.stderr
    # the same run through click, byte for byte
    slow = _run("--lint", "-qv", "bad.json", "good.json", cwd=tmp_path)
    assert slow.stderr.endswith("click imported\n"), slow.stderr
    same = _run("--lint", "-q", "-v", "bad.json", "good.json", cwd=tmp_path)
    assert same.stderr.endswith("no click\n")
    assert (same.returncode, same.stdout) == (slow.returncode, slow.stdout)
    assert same.stderr.replace("no click", "") == slow.stderr.replace("click imported", "")


def test_a_missing_file_is_a_one_line_error_without_click(tmp_path: Path) -> None:
    result = _run("--lint", "missing.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[0].startswith("elicit-gen: error: ")
    assert result.stderr.endswith("no click\n")


#: Modules a lint must never import: click (the fast reader), dataclasses (its import and the
#: creation of each dataclass were a third of a lint's run: lint-path records are NamedTuples and
#: plain classes), and whatever only compiling or writing forms needs.
NOT_FOR_LINT = (
    "click",
    "dataclasses",
    "inspect",
    "jinja2",
    "black",
    "elicit_gen.compiler.ir",
    "elicit_gen.compiler.lower",
    "elicit_gen.i18n",
    "elicit_gen.targets.html",
    "elicit_gen.targets.qt",
    "elicit_gen.targets.textual",
    "elicit_gen.targets.cli",
    "elicit_gen.targets.pydantic",
    "elicit_gen.targets._render",
    "elicit_gen.targets._pyformat",
)


def test_a_lint_imports_nothing_only_compiling_needs(tmp_path: Path) -> None:
    """Every rule runs (the every-kind example, a URL-mode request, a bad schema, per-field
    ignores and a selection from pyproject.toml), and none of :data:`NOT_FOR_LINT` is imported;
    the same check in-process would fail (a control): pytest itself imports dataclasses."""
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-gen]\nignore = ["EG181"]\nstrict = false\n'
        '[tool.elicit-gen.per-field-ignores]\n"bad.json#/properties/x" = ["EG170"]\n'
    )
    every_kind = (ROOT / "examples" / "every_kind.json").read_text()
    (tmp_path / "every_kind.json").write_text(every_kind)
    (tmp_path / "bad.json").write_text(
        '{"type": "object", "properties": {"x": {"type": "string", "title": "Password",'
        ' "default": "not an email", "format": "email"},'
        ' "z": {"type": "string", "minLength": 9, "maxLength": 2},'
        ' "y": {"type": "object"}, "y": {"type": "integer"}}}'
    )
    (tmp_path / "url.json").write_text(
        '{"mode": "url", "message": "Sign in", "url": "http://example.com/?token=abc",'
        ' "elicitationId": "1"}'
    )
    names = ", ".join(repr(m) for m in NOT_FOR_LINT)
    code = (
        "import sys\n"
        "from elicit_gen.command import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "finally:\n"
        f"    found = [m for m in ({names}) if m in sys.modules]\n"
        "    print('imported:', found, file=sys.stderr)\n"
    )
    files = ["every_kind.json", "bad.json", "url.json"]
    result = subprocess.run(
        [sys.executable, "-c", code, "--lint", *files],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    codes = {line.split()[2] for line in result.stdout.splitlines()}
    assert {"EG002", "EG130", "EG140", "EG202"} <= codes, result.stdout  # the rules really ran
    assert result.stderr.splitlines()[-1] == "imported: []", result.stderr
    assert "dataclasses" in sys.modules  # the control: in this process it would be found


def test_usage_errors_still_come_from_click(tmp_path: Path) -> None:
    result = _run("--lint", "--format", "xml", "a.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Invalid value for '--format'" in result.stderr
