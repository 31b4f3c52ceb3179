"""The linters users run over generated code: ``ruff check`` (default rules, no project config)
and ``mypy --strict`` for Python 3.10, as one assertion every Python target's tests share."""

from __future__ import annotations

import atexit
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path


def ruff(files: Sequence[str | Path], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


@cache
def _mypy_cache() -> str:
    """One mypy cache for this process (an xdist worker: never shared between two at once),
    made on first use and removed at exit. The generated modules are new to it on every run;
    what they import (the standard library, pydantic, PySide6, Textual) is analysed once per
    worker, not once per check: a run without it spent most of its time there."""
    directory = tempfile.mkdtemp(prefix="elicit-gen-mypy-")
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return directory


def mypy_strict(
    files: Sequence[str | Path], *extra: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            _mypy_cache(),
            "--python-version",
            "3.10",
            *extra,
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )


def assert_lint_clean(files: Sequence[str | Path], cwd: Path | None = None) -> None:
    """Generated modules pass ruff's default rules and mypy --strict, as users will run them."""
    assert files, "no generated files to check"
    checked = ruff(files, cwd)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    typed = mypy_strict(files, cwd=cwd)
    assert typed.returncode == 0, typed.stdout + typed.stderr
