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

JOBS = (
    "\n[[tool.elicit-gen.jobs]]\n"
    f"inputs = [{', '.join(repr(p.as_posix()) for p in EXAMPLES)}]\n"
    f"targets = {TARGETS!r}\n"
    'output = "src/app/forms"\n'
)


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
    "black-88": ("black", "[tool.black]\nline-length = 88\n", True),
    "ruff-120": ("ruff", "[tool.ruff]\nline-length = 120\n\n[tool.ruff.format]\n", True),
    "black-79": ("black", "[tool.black]\nline-length = 79\n", False),
    "ruff-skip-magic-trailing-comma": (
        "ruff",
        "[tool.ruff]\nline-length = 100\n\n[tool.ruff.format]\nskip-magic-trailing-comma = true\n",
        False,
    ),
}


@pytest.mark.parametrize("setup", list(SETUPS))
def test_outputs_pass_the_projects_formatter_and_check_converges(
    tmp_path: Path, setup: str, run_cli: CliRun
) -> None:
    kind, settings, covered = SETUPS[setup]
    project = tmp_path / "client"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "client"\nversion = "0"\n\n' + settings + JOBS, encoding="utf-8"
    )
    first = run_cli("-q", cwd=project, env={"NO_COLOR": "1"})
    assert first.returncode == 0, first.stderr
    generated = outputs(project)
    assert len(generated) >= len(EXAMPLES) * len(TARGETS)

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
    (plain / "pyproject.toml").write_text('[project]\nname = "plain"\n' + JOBS, encoding="utf-8")
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
