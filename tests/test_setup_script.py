"""scripts/test, the README's test command, run on a copy with every tool it calls stubbed
(issue 40): before it installs system packages as root it says which, why, and about how long
(nothing is installed before the notice); each phase prints its time and the run its total; a
failing pytest is the script's exit status."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BASH = shutil.which("bash")
#: The tools the script needs besides the stubbed ones.
TOOLS = ("dirname", "cat", "mkdir", "chmod", "nproc")


def _stub(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{BASH}\n{body}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _run(tmp_path: Path, *, root: bool, pytest_status: int = 0) -> subprocess.CompletedProcess[str]:
    """scripts/test in a copy of its folder, with chromium missing and apt-get, npm, id and
    Python stubbed: each stub says on stderr that it ran."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy2(ROOT / "scripts" / "test", repo / "scripts" / "test")
    (repo / "package.json").write_text("{}", encoding="utf-8")
    stubs = tmp_path / "bin"
    stubs.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        assert found, tool
        os.symlink(found, stubs / tool)
    _stub(stubs, "id", f"echo {0 if root else 1000}")
    _stub(stubs, "apt-get", 'echo "RAN apt-get $*" >&2')
    _stub(stubs, "npm", 'echo "RAN npm $*" >&2')
    venv_python = f'echo "RAN python $*" >&2\ncase "$*" in *pytest*) exit {pytest_status};; esac\n'
    _stub(
        stubs,
        "python3",
        f'mkdir -p .venv/bin && cat > .venv/bin/python <<"PY"\n#!{BASH}\n{venv_python}PY\n'
        "chmod +x .venv/bin/python",
    )
    env = {"PATH": str(stubs), "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    return subprocess.run(
        [BASH or "bash", str(repo / "scripts" / "test")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        timeout=60,
    )


pytestmark = pytest.mark.skipif(BASH is None, reason="scripts/test is a bash script")


def test_it_says_what_apt_will_install_and_how_long_before_it_does(tmp_path: Path) -> None:
    done = _run(tmp_path, root=True)
    out = done.stdout
    assert done.returncode == 0, out
    first_apt = out.index("RAN apt-get")
    notice = out[:first_apt]
    assert "as root" in notice and "system packages" in notice
    assert "chromium: the browser" in notice  # what is missing, and why it is needed
    assert "apt-get install -y chromium fonts-dejavu-core fonts-wqy-microhei" in notice
    assert re.search(r"[0-9]+ MB to download", notice) and re.search(
        r"[0-9]+ to [0-9]+ minutes", notice
    )
    assert "RAN apt-get update" in out and "RAN apt-get install -y -qq chromium" in out


def test_each_phase_prints_its_time_and_the_run_its_total(tmp_path: Path) -> None:
    out = _run(tmp_path, root=True).stdout
    phases = re.findall(r"^== ([^(\n]+?)(?: \(.*\))?$", out, re.M)
    timed = re.findall(r"^   \((.+): [0-9]+ s\)$", out, re.M)
    started = [p for p in phases if not p.startswith("scripts/test:")]
    assert started == [
        "apt-get install",
        "npm ci",
        "creating .venv",
        "pip install -e .[test]",
        "ruff",
        "mypy",
        "pytest",
    ], out
    assert timed == started, out
    assert re.search(r"^== scripts/test: [0-9]+ s in all \(exit 0\)$", out, re.M), out


def test_a_failing_pytest_is_the_exit_status(tmp_path: Path) -> None:
    done = _run(tmp_path, root=True, pytest_status=3)
    assert done.returncode == 3, done.stdout
    assert "(exit 3)" in done.stdout


def test_without_root_it_installs_nothing_and_says_what_to_install(tmp_path: Path) -> None:
    done = _run(tmp_path, root=False)
    assert done.returncode == 1
    assert "RAN" not in done.stdout
    assert "chromium: the browser" in done.stdout
    assert "apt-get install chromium fonts-dejavu-core fonts-wqy-microhei" in done.stdout


def test_pytest_runs_two_workers_per_core(tmp_path: Path) -> None:
    """A worker waits much of its time (Textual's idle waits, Chromium, servers): two per core
    (scripts/test says what that was measured to save)."""
    out = _run(tmp_path, root=True).stdout
    workers = 2 * len(os.sched_getaffinity(0))  # what nproc counts
    assert f"RAN python -m pytest -n {workers} --dist loadfile\n" in out, out
