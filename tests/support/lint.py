"""The linters users run over generated code: ``ruff check`` (default rules, no project config)
and ``mypy --strict`` for Python 3.10, as one assertion every Python target's tests share."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


def ruff(files: Sequence[str | Path], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def mypy_strict(
    files: Sequence[str | Path], *extra: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            os.devnull,
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
