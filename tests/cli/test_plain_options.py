"""``elicit-gen --lint FILES`` and ``elicit-gen FILES --target NAME -o OUT`` run without click
(issue 14: click was a fifth of a lint's whole run; issue 28: a build step's compile pays it too),
and read their command line exactly as click does: for every shape the plain reader takes, the
options equal click's; every other shape goes to click."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from elicit_gen.cli.click_app import main as click_main
from elicit_gen.cli.options import Options, plain_options

ROOT = Path(__file__).resolve().parents[2]


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
    ["--lint", "--locale", "zh-CN", "a.json"],
    ["a.json", "--target", "pydantic"],
    ["a.json", "-t", "cli", "-t", "qt", "-o", "out/"],
    ["a.json", "--target=html", "--output=page.html", "--locale", "zh-CN"],
    ["a.json", "--target", "all", "--check", "--strict", "-q"],
    ["--target", "qt", "--url-consent", "-o", "forms/", "a.json", "b.json"],
    ["-t", "textual", "--locale=en", "--spec", "2025-11-25", "--format", "json", "a.json"],
    ["-t", "cli", "-o", "a.py", "-o", "b.py", "a.json"],
    ["-t", "cli", "--select", "EG110", "--ignore", "EG181", "-v", "-"],
    ["--url-consent", "--target", "html", "-o", "x/"],
]

CLICKS = [
    ["a.json"],  # neither --lint nor --target: click says what is missing
    [],  # the jobs of pyproject.toml
    ["--check"],
    ["a.json", "--target", "nope"],
    ["a.json", "-t=cli"],  # a short option's value is not after "="
    ["a.json", "-tcli"],
    ["a.json", "--target"],
    ["a.json", "-t", "cli", "--list-rules"],
    ["a.json", "-t", "cli", "-h"],
    ["--lint", "--target", "html", "a.json"],  # a usage error click reports
    ["--lint", "-h"],
    ["--lint", "--help"],
    ["--lint", "--version"],
    ["--lint", "--", "-odd.json"],
    ["--lint", "-qv", "a.json"],
    ["--lint", "--format", "xml", "a.json"],
    ["--lint", "--spec", "1999-01-01", "a.json"],
    ["--lint", "--format"],
    ["--lint", "--list-rules"],
    ["--lin", "a.json"],
]


@pytest.mark.parametrize("args", FAST, ids=" ".join)
def test_the_fast_reader_reads_what_click_reads(args: list[str]) -> None:
    assert plain_options(args) == _click_reads(args)


@pytest.mark.parametrize("args", CLICKS, ids=" ".join)
def test_every_other_command_line_is_clicks(args: list[str]) -> None:
    assert plain_options(args) is None


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        "from elicit_gen.cli.entry import main\n"
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


def test_usage_errors_still_come_from_click(tmp_path: Path) -> None:
    result = _run("--lint", "--format", "xml", "a.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Invalid value for '--format'" in result.stderr


def test_a_compile_does_not_import_click_and_writes_what_click_wrote(tmp_path: Path) -> None:
    (tmp_path / "form.json").write_text(
        '{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}'
    )
    fast = _run("form.json", "--target", "pydantic", "-o", "fast.py", cwd=tmp_path)
    assert fast.stderr.endswith("no click\n"), fast.stderr
    slow = _run("form.json", "--target", "pydantic", "-qv", "-o", "slow.py", cwd=tmp_path)
    assert slow.stderr.endswith("click imported\n"), slow.stderr
    assert fast.returncode == slow.returncode == 0
    assert (tmp_path / "fast.py").read_text() == (tmp_path / "slow.py").read_text()
