"""The command line as a user runs it: real processes, exit codes, stdout/stderr, files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]
CONTACT = ROOT / "examples" / "contact.json"
GOOD = '{"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}'
BAD = '{"type": "object",\n "properties": {"x": {"type": "object"}}}'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "good.json").write_text(GOOD)
    (tmp_path / "bad.json").write_text(BAD)
    return tmp_path


def test_lint_clean_file(project: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "good.json", cwd=project)
    assert (result.returncode, result.stdout) == (0, "")


def test_lint_reports_file_line_col(project: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "bad.json", cwd=project)
    assert result.returncode == 1
    assert result.stdout.startswith("bad.json:2:17: error EG110 field 'x': nested objects")


def test_lint_stdin(run_cli: CliRun) -> None:
    result = run_cli("--lint", "-", stdin=BAD)
    assert result.returncode == 1 and result.stdout.startswith("<stdin>:2:17: error EG110")


@pytest.mark.parametrize(
    ("setup", "code", "words"),
    [
        (lambda p: None, 2, "no such file"),
        (lambda p: p.mkdir(), 2, "is a directory"),
        (lambda p: p.write_bytes(b""), 1, "EG003 the file is empty"),
        (lambda p: p.write_bytes(b'{"a": "\xff"}'), 1, "EG003 the file is not valid UTF-8"),
        (lambda p: p.write_bytes(b"\xff\xfe{\x00}\x00"), 1, "UTF-16"),
        (
            lambda p: p.write_bytes(b'{"type": "object", "properties": {}, '),
            1,
            "EG001 invalid JSON",
        ),
    ],
)
def test_bad_files_give_one_clear_line(
    tmp_path: Path, setup: Callable[[Path], object], code: int, words: str, run_cli: CliRun
) -> None:
    path = tmp_path / "in.json"
    setup(path)
    result = run_cli("--lint", str(path))
    assert result.returncode == code
    output = (result.stdout + result.stderr).strip()
    assert words in output and len(output.splitlines()) == 1, output


def test_bom_is_a_warning_and_still_lints(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    result = run_cli("--lint", str(path))
    assert result.returncode == 0 and "EG004" in result.stdout
    assert run_cli("--lint", "--strict", str(path)).returncode == 1


def test_duplicate_keys_are_reported(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "dup.json"
    path.write_text(
        '{"type": "object", "properties": {\n "a": {"type": "string"},\n "a": {"type": "number"}}}'
    )
    result = run_cli("--lint", str(path))
    assert result.returncode == 1 and ":3:2: error EG002 duplicate key 'a'" in result.stdout


def test_json_format(project: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "--format", "json", "bad.json", "good.json", cwd=project)
    data = json.loads(result.stdout)
    assert data == [
        {
            "file": "bad.json",
            "line": 2,
            "column": 17,
            "code": "EG110",
            "severity": "error",
            "message": data[0]["message"],
            "pointer": "/properties/x",
        }
    ]


def test_json_format_empty_list_when_clean(project: Path, run_cli: CliRun) -> None:
    assert json.loads(run_cli("--lint", "--format", "json", "good.json", cwd=project).stdout) == []


def test_github_format(project: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "--format", "github", "bad.json", cwd=project)
    assert result.stdout.startswith("::error file=bad.json,line=2,col=17,title=EG110::field 'x'")


def test_sarif_format(project: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "--format", "sarif", "bad.json", cwd=project)
    sarif = json.loads(result.stdout)
    assert sarif["version"] == "2.1.0"
    run_ = sarif["runs"][0]
    [res] = run_["results"]
    rule = run_["tool"]["driver"]["rules"][res["ruleIndex"]]
    assert rule["id"] == res["ruleId"] == "EG110"
    region = res["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (2, 17)
    assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bad.json"


def test_select_and_ignore(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "w.json"
    path.write_text('{"type": "object", "properties": {"a": {"type": "string", "pattern": "x"}}}')
    assert "EG160" in run_cli("--lint", str(path)).stdout
    assert run_cli("--lint", "--ignore", "EG160", str(path)).stdout == ""
    assert run_cli("--lint", "--select", "EG191", str(path)).stdout.count("EG191") == 1
    assert run_cli("--lint", "--strict", str(path)).returncode == 1


def test_blocking_codes_cannot_be_ignored(run_cli: CliRun) -> None:
    result = run_cli("--lint", "--ignore", "EG110", "-", stdin=GOOD)
    assert result.returncode == 2 and "EG110 cannot be ignored" in result.stderr


def test_unknown_code_is_a_usage_error(run_cli: CliRun) -> None:
    result = run_cli("--lint", "--ignore", "EG999", "-", stdin=GOOD)
    assert result.returncode == 2 and "unknown rule code 'EG999'" in result.stderr


def test_config_in_pyproject_found_upward(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-gen]\nignore = ["EG160"]\n')
    sub = tmp_path / "schemas"
    sub.mkdir()
    (sub / "w.json").write_text(
        '{"type": "object", "properties": {"a": {"type": "string", "pattern": "x"}}}'
    )
    assert run_cli("--lint", "w.json", cwd=sub).stdout == ""


def test_bad_config_names_the_key(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.elicit-gen]\nignored = ["EG160"]\n')
    (tmp_path / "s.json").write_text(GOOD)
    result = run_cli("--lint", "s.json", cwd=tmp_path)
    assert result.returncode == 2 and "unknown key 'ignored'" in result.stderr


def test_spec_option(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}')
    assert run_cli("--lint", str(path)).returncode == 0
    result = run_cli("--lint", "--spec", "2025-06-18", str(path))
    assert result.returncode == 1 and "EG180" in result.stdout and "2025-11-25" in result.stdout


def test_verbose_names_the_input_shape(run_cli: CliRun) -> None:
    result = run_cli("--lint", "-v", str(CONTACT))
    assert "JSON-RPC elicitation/create request" in result.stderr


def test_usage_errors(run_cli: CliRun) -> None:
    assert run_cli().returncode == 2
    assert run_cli("x.json").returncode == 2  # neither --target nor --lint
    result = run_cli("-", "--target", "nope", stdin=GOOD)
    assert result.returncode == 2 and "html" in result.stderr and "pydantic" in result.stderr


def test_list_rules(run_cli: CliRun) -> None:
    result = run_cli("--list-rules")
    assert result.returncode == 0 and "EG170  secret-field" in result.stdout


def test_lint_path_does_not_import_code_generators() -> None:
    code = (
        "import sys\n"
        "from elicit_gen.cli.click_app import main\n"
        "sys.argv = ['elicit-gen', '--lint', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = {'black', 'jinja2', 'pydantic', 'jsonschema'}\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & heavy)\n"
        "print(heavy)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(CONTACT)], capture_output=True, text=True, timeout=60
    )
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr


# --- compiling -------------------------------------------------------------------------------


def test_compile_to_stdout(run_cli: CliRun) -> None:
    result = run_cli(str(CONTACT), "--target", "pydantic")
    assert result.returncode == 0
    assert result.stdout.startswith("# Generated by elicit-gen from examples/contact.json")


def test_compile_stdin_to_stdout(run_cli: CliRun) -> None:
    result = run_cli("-", "--target", "pydantic", stdin=GOOD)
    assert result.returncode == 0 and "class " in result.stdout


def test_compile_several_outputs_needs_a_directory(run_cli: CliRun) -> None:
    result = run_cli(str(CONTACT), "--target", "pydantic", "--target", "html")
    assert result.returncode == 2 and "-o DIR/" in result.stderr


def test_compile_to_directory_and_check(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "out"
    result = run_cli(str(CONTACT), "--target", "all", "-o", f"{out}/")
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "contact.html",
        "contact_cli.py",
        "contact_models.py",
        "contact_qt.py",
        "contact_textual.py",
    ]
    assert run_cli(str(CONTACT), "--target", "all", "-o", f"{out}/", "--check").returncode == 0
    (out / "contact_qt.py").write_text("# edited\n")
    (out / "contact.html").unlink()
    result = run_cli(str(CONTACT), "--target", "all", "-o", f"{out}/", "--check")
    assert result.returncode == 1
    assert "contact_qt.py" in result.stderr and "contact.html" in result.stderr
    assert (out / "contact_qt.py").read_text() == "# edited\n"  # --check writes nothing
    assert not (out / "contact.html").exists()


def test_failed_compile_leaves_existing_output_untouched(tmp_path: Path, run_cli: CliRun) -> None:
    schema = tmp_path / "form.json"
    schema.write_text(GOOD)
    out = tmp_path / "form_models.py"
    assert run_cli(str(schema), "--target", "pydantic", "-o", str(out)).returncode == 0
    before = out.read_bytes()
    schema.write_text(BAD)
    result = run_cli(str(schema), "--target", "pydantic", "-o", str(out))
    assert result.returncode == 1 and "EG110" in result.stderr
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["form.json", "form_models.py"]


def test_unchanged_output_keeps_its_mtime(tmp_path: Path, run_cli: CliRun) -> None:
    out = tmp_path / "c.py"
    assert run_cli(str(CONTACT), "--target", "pydantic", "-o", str(out)).returncode == 0
    os.utime(out, (1_000_000, 1_000_000))
    assert run_cli(str(CONTACT), "--target", "pydantic", "-o", str(out)).returncode == 0
    assert out.stat().st_mtime == 1_000_000


def test_two_inputs_with_the_same_output_name_is_an_error(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "form.json").write_text(GOOD)
    (tmp_path / "b" / "form.json").write_text(GOOD)
    result = run_cli(
        "a/form.json", "b/form.json", "--target", "pydantic", "-o", "out/", cwd=tmp_path
    )
    assert result.returncode == 2 and "would both write" in result.stderr
    assert not (tmp_path / "out").exists()


def test_url_mode_is_linted_not_compiled(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "u.json"
    path.write_text('{"mode": "url", "message": "Sign in", "url": "https://example.com/auth"}')
    assert run_cli("--lint", str(path)).returncode == 0
    result = run_cli(str(path), "--target", "pydantic")
    assert result.returncode == 1 and "EG007" in result.stderr and result.stdout == ""


def test_input_required_yields_one_output_per_key(tmp_path: Path, run_cli: CliRun) -> None:
    case = ROOT / "golden" / "cases" / "input_required.json"
    assert run_cli(str(case), "--target", "pydantic", "-o", f"{tmp_path}/").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "input_required_gift_models.py",
        "input_required_shipping_models.py",
    ]


def test_unwritable_output_is_an_io_error(tmp_path: Path, run_cli: CliRun) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run_cli(str(CONTACT), "--target", "pydantic", "-o", str(blocker / "sub" / "x.py"))
    assert result.returncode == 2 and "cannot write" in result.stderr


# --- the lint fast path ---------------------------------------------------------------------------
#: Modules only compiling needs: --lint must not pay for them.
COMPILE_ONLY = (
    "jinja2",
    "markupsafe",
    "black",
    "pydantic",
    "elicit_gen.compiler.ir",
    "elicit_gen.compiler.lower",
    "elicit_gen.targets.html",
    "elicit_gen.targets.qt",
    "elicit_gen.targets.textual",
    "elicit_gen.targets.cli",
    "elicit_gen.targets.pydantic",
    "elicit_gen.targets.common.render",
    "elicit_gen.targets.common.pyformat",
)


#: What a lint must not import besides: click (the console script reads a lint's command line
#: itself), dataclasses and inspect (importing them and creating dataclasses was a third of a
#: lint's run: the lint path's records are NamedTuples and plain classes), the catalogues.
NOT_FOR_LINT = (*COMPILE_ONLY, "click", "dataclasses", "inspect", "elicit_gen.i18n")


def _imported(*args: str, cwd: Path = ROOT) -> set[str]:
    return _run_imports(*args, cwd=cwd)[0]


def _run_imports(*args: str, cwd: Path = ROOT, bare: bool = False) -> tuple[set[str], str]:
    """The modules ``python -m elicit_gen ARGS`` imports, and what it printed on stdout.
    ``bare``: without site (an editable install's import hook imports pathlib, which a regular
    install does not), the package found through PYTHONPATH."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)} if bare else None
    proc = subprocess.run(
        [sys.executable, *(["-S"] if bare else []), "-X", "importtime", "-m", "elicit_gen", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        check=False,
        env=env,
    )
    lines = [line for line in proc.stderr.splitlines() if line.startswith("import time:")]
    assert lines, proc.stderr
    return {line.rsplit("|", 1)[1].strip() for line in lines}, proc.stdout


def test_lint_imports_nothing_only_compiling_needs(tmp_path: Path) -> None:
    """Over every rule's ground: every field kind, a URL-mode request, a duplicate key, format
    and range checks, and a selection with per-field ignores from pyproject.toml
    (docs/architecture.md, "Start-up of --lint")."""
    (tmp_path / "pyproject.toml").write_text(
        '[tool.elicit-gen]\nignore = ["EG181"]\nlocale = "zh-CN"\n'
        '[tool.elicit-gen.per-field-ignores]\n"bad.json#/properties/x" = ["EG170"]\n'
    )
    (tmp_path / "every_kind.json").write_text((ROOT / "examples" / "every_kind.json").read_text())
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
    found, out = _run_imports("--lint", "every_kind.json", "bad.json", "url.json", cwd=tmp_path)
    codes = {line.split()[2] for line in out.splitlines()}
    assert {"EG002", "EG130", "EG140", "EG202"} <= codes, out  # the rules really ran
    assert "elicit_gen.compiler.rules" in found  # the measurement sees our modules
    assert not found & set(NOT_FOR_LINT), sorted(found & set(NOT_FOR_LINT))


def test_a_lint_of_forms_imports_no_typing_pathlib_or_threading(tmp_path: Path) -> None:
    """typing and the records it makes were a seventh of a lint of one form, pathlib (with
    urllib.parse and ipaddress) a tenth: the lint path's modules import them only for type
    checkers (records.py) or where a job, a URL or a SARIF report needs them. A URL-mode request
    (the URL check's record, a runtime part) and a [tool.elicit-gen] table (tomllib) bring
    typing."""
    (tmp_path / "every_kind.json").write_text((ROOT / "examples" / "every_kind.json").read_text())
    (tmp_path / "bad.json").write_text(
        '{"type": "object", "properties": {"x": {"type": "string", "default": "no email",'
        ' "format": "email"}, "y": {"type": "object"}, "y": {"type": "integer"}}}'
    )
    found, out = _run_imports("--lint", "every_kind.json", "bad.json", cwd=tmp_path, bare=True)
    assert {"EG002", "EG140"} <= {line.split()[2] for line in out.splitlines()}, out
    assert "elicit_gen.runtime.core.formcore" in found  # the defaults were checked
    unused = {"typing", "pathlib", "urllib.parse", "threading", "elicit_gen.targets.common.base"}
    assert not found & unused, sorted(found & unused)


def test_compiling_imports_what_it_needs() -> None:
    """The other side of the check above: the list names modules compiling really imports."""
    imported = _imported(str(CONTACT), "--target", "html")
    assert {"jinja2", "elicit_gen.compiler.ir", "elicit_gen.targets.common.render"} <= imported


def test_every_message_names_a_file_as_the_user_can_find_it(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """Inside the current directory a file is named relative to it, by every message (written,
    up to date, missing or out of date); outside it, absolute, never a chain of ../; a relative
    path the user typed, as typed."""
    project = tmp_path / "project"
    elsewhere = tmp_path / "elsewhere" / "deep" / "forms"
    project.mkdir()
    (project / "contact.json").write_text(
        '{"type": "object", "properties": {"name": {"type": "string"}}}', encoding="utf-8"
    )
    inside = run_cli("contact.json", "--target", "cli", "-o", f"{project / 'out'}/", cwd=project)
    assert inside.stderr == "wrote out/contact_cli.py\n", inside.stderr
    outside = run_cli("contact.json", "--target", "cli", "-o", f"{elsewhere}/", cwd=project)
    assert outside.stderr == f"wrote {elsewhere.as_posix()}/contact_cli.py\n", outside.stderr
    again = run_cli(
        "contact.json", "--target", "cli", "-o", "../elsewhere/deep/forms/", cwd=project
    )
    assert again.stderr == "../elsewhere/deep/forms/contact_cli.py is up to date\n", again.stderr
    (elsewhere / "contact_cli.py").write_text("stale\n", encoding="utf-8")
    (project / "out" / "contact_cli.py").write_text("stale\n", encoding="utf-8")
    for out, shown in ((elsewhere, f"{elsewhere.as_posix()}/"), (project / "out", "out/")):
        check = run_cli("contact.json", "--target", "cli", "-o", f"{out}/", "--check", cwd=project)
        assert check.returncode == 1
        assert check.stderr.startswith(f"{shown}contact_cli.py: missing or out of date\n"), (
            check.stderr
        )
