"""Generated modules in a client project fit that project's formatter (issue 14).

A temp project per formatter setup, with ``[[tool.elicit-gen.jobs]]`` over examples/*.json for
every Python target; ``elicit-gen`` runs as a command (a subprocess), then the project's own
formatter check runs over the outputs: it passes unchanged, and after the formatter has run over
them ``elicit-gen --check`` still exits 0 (the pre-commit loop "black, then elicit-gen-check"
converges). Covered settings (88+ columns, magic trailing commas) run no formatter at all;
uncovered ones (79 columns, skip-magic-trailing-comma) are formatted by the project's formatter.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from elicit_gen.targets import targets_with

from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
TARGETS = list(targets_with("python"))


def jobs(inputs: list[Path]) -> str:
    return (
        "\n[[tool.elicit-gen.jobs]]\n"
        f"inputs = [{', '.join(repr(p.as_posix()) for p in inputs)}]\n"
        f"targets = {TARGETS!r}\n"
        'output = "src/app/forms"\n'
    )


JOBS = jobs(EXAMPLES)
#: black's own formatting is slow (about 1 s per 150 KB module and run, and this test runs it
#: four times over each): at 79 columns the project formats every_kind.json's modules, whose
#: form part holds every kind of field the others hold, and the same runtime.
EVERY_KIND = [ROOT / "examples" / "every_kind.json"]


def _ruff() -> str | None:
    return shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )


def formatter(kind: str, *args: str) -> list[str]:
    if kind == "black":
        return [sys.executable, "-m", "black", *args]
    ruff = _ruff()
    if ruff is None:
        pytest.skip("ruff is not installed")
    return [ruff, "format", *args]


def outputs(project: Path) -> dict[str, str]:
    forms = project / "src" / "app" / "forms"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(forms.iterdir())}


SETUPS = {
    "black-88": ("black", "[tool.black]\nline-length = 88\n", True, EXAMPLES),
    "ruff-120": ("ruff", "[tool.ruff]\nline-length = 120\n\n[tool.ruff.format]\n", True, EXAMPLES),
    "black-79": ("black", "[tool.black]\nline-length = 79\n", False, EVERY_KIND),
    "ruff-skip-magic-trailing-comma": (
        "ruff",
        "[tool.ruff]\nline-length = 100\n\n[tool.ruff.format]\nskip-magic-trailing-comma = true\n",
        False,
        EXAMPLES,
    ),
}


@pytest.mark.parametrize("setup", list(SETUPS))
def test_outputs_pass_the_projects_formatter_and_check_converges(
    tmp_path: Path, setup: str, run_cli: CliRun
) -> None:
    kind, settings, covered, inputs = SETUPS[setup]
    project = tmp_path / "client"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "client"\nversion = "0"\n\n' + settings + jobs(inputs), encoding="utf-8"
    )
    first = run_cli("-q", cwd=project, env={"NO_COLOR": "1"})
    assert first.returncode == 0, first.stderr
    generated = outputs(project)
    assert len(generated) >= len(inputs) * len(TARGETS)

    check = _run(formatter(kind, "--check", "src"), project)
    assert check.returncode == 0, check.stdout + check.stderr

    formatted = _run(formatter(kind, "src"), project)
    assert formatted.returncode == 0, formatted.stderr
    assert outputs(project) == generated  # the formatter changed nothing

    again = run_cli("--check", cwd=project, env={"NO_COLOR": "1"})
    assert again.returncode == 0, again.stdout + again.stderr

    # with the defaults instead (no formatter settings), covered output is byte-identical:
    # the layout does not depend on the line length; uncovered settings change it
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "pyproject.toml").write_text(
        '[project]\nname = "plain"\n' + jobs(inputs), encoding="utf-8"
    )
    assert run_cli("-q", cwd=plain, env={"NO_COLOR": "1"}).returncode == 0
    assert (outputs(plain) == generated) is covered


def test_a_ruff_project_without_ruff_is_a_clear_error(tmp_path: Path) -> None:
    """ruff is looked for on PATH and beside the Python running elicit-gen: a copy of this
    interpreter's launcher in a bare directory has neither."""
    project = tmp_path / "client"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        "[tool.ruff]\nline-length = 79\n[tool.ruff.format]\n" + JOBS, encoding="utf-8"
    )
    code = (
        "import sys, shutil\n"
        "import elicit_gen.targets.common.pyformat as f\n"
        "f.find_ruff = lambda: None\n"
        "from elicit_gen.cli.click_app import main\n"
        "sys.argv = ['elicit-gen']\n"
        "main()\n"
    )
    result = _run([sys.executable, "-c", code], project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "ruff is not installed" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (project / "src").exists()


def test_a_project_at_79_columns_with_e501_gets_ruff_check_clean_outputs(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """A project formatting at 79 columns with ruff and selecting E501 (line too long): the
    generated modules are formatter-clean, and their strings, comments and docstring lines that
    no formatter splits would be hundreds of E501 errors. Each module tells ruff to skip E501
    (``# ruff: noqa: E501`` under its header); ``ruff check`` passes, the formatter still
    leaves the files unchanged, ``--check`` converges, and every other rule still applies."""
    ruff = _ruff()
    if ruff is None:
        pytest.skip("ruff is not installed")
    project = tmp_path / "client"
    project.mkdir()
    settings = '[tool.ruff]\nline-length = 79\n\n[tool.ruff.lint]\nselect = ["E501"]\n'
    jobs = JOBS + "url-consent = true\n"  # the consent screens too
    (project / "pyproject.toml").write_text(
        '[project]\nname = "client"\nversion = "0"\n\n' + settings + jobs, encoding="utf-8"
    )
    first = run_cli("-q", cwd=project, env={"NO_COLOR": "1"})
    assert first.returncode == 0, first.stderr
    generated = outputs(project)
    assert len(generated) >= len(EXAMPLES) * len(TARGETS)
    assert [name for name in generated if name.startswith("url_consent")]
    for name, text in generated.items():
        if name.endswith(".py"):
            assert text.splitlines()[1] == "# ruff: noqa: E501", name

    check = _run([ruff, "check", "--no-cache", "src"], project)
    assert check.returncode == 0, check.stdout + check.stderr
    assert _run([ruff, "format", "--check", "src"], project).returncode == 0
    again = run_cli("--check", cwd=project, env={"NO_COLOR": "1"})
    assert again.returncode == 0, again.stdout + again.stderr

    # the control: without the line, the same files are what the issue saw
    forms = project / "src" / "app" / "forms"
    for path in forms.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("# ruff: noqa: E501\n", "", 1), encoding="utf-8")
    unmarked = _run([ruff, "check", "--no-cache", "--statistics", "src"], project)
    assert unmarked.returncode == 1
    assert "E501" in unmarked.stdout, unmarked.stdout


def test_no_mark_at_88_columns_or_more(tmp_path: Path, run_cli: CliRun) -> None:
    """At the default 88 columns (the goldens) and longer lines nothing is added: a module laid
    out for 88 has only lines that cannot be split at all, which E501 tolerates when they are
    one word, and a project at 88 sees what its formatter gives its own code."""
    for settings in ("", "[tool.ruff]\nline-length = 88\n", "[tool.black]\nline-length = 120\n"):
        project = tmp_path / f"client{len(settings)}"
        project.mkdir()
        (project / "pyproject.toml").write_text(
            '[project]\nname = "client"\n' + settings + JOBS, encoding="utf-8"
        )
        assert run_cli("-q", cwd=project, env={"NO_COLOR": "1"}).returncode == 0
        texts = outputs(project).values()
        assert not [text for text in texts if "ruff: noqa" in text], settings
