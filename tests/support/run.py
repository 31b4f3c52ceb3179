"""The real command line as a subprocess, as the build-step tests run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def elicit_gen(
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    stdin: object = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """``python -m elicit_gen *args`` in ``cwd`` (``env`` added to ours); never a traceback."""
    proc = subprocess.run(
        [sys.executable, "-m", "elicit_gen", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=stdin,
        env={**os.environ, **(env or {})},
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc
