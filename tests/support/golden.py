"""Golden-file comparison: a failure shows a unified diff and the command to regenerate."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

REGENERATE = "pytest tests/targets/test_golden.py --update-golden"


def check_golden(expected_path: Path, actual: str, update: bool) -> None:
    if update:
        expected_path.parent.mkdir(parents=True, exist_ok=True)
        if not expected_path.exists() or expected_path.read_text(encoding="utf-8") != actual:
            expected_path.write_text(actual, encoding="utf-8", newline="")
        return
    if not expected_path.exists():
        pytest.fail(f"missing golden file {expected_path}; create it with: {REGENERATE}")
    expected = expected_path.read_text(encoding="utf-8")
    if expected != actual:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"{expected_path} (golden)",
                tofile=f"{expected_path} (current output)",
            )
        )
        pytest.fail(
            f"output differs from {expected_path}:\n{diff}\n"
            f"If the change is intended, regenerate with: {REGENERATE} and review the diff.",
            pytrace=False,
        )
