"""The real command line as a subprocess: ``python -m elicit_gen``, as a user or a build step runs
it. Tests take it as the ``run_cli`` fixture (tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Protocol

ROOT = Path(__file__).resolve().parents[2]


class CliRun(Protocol):
    def __call__(
        self,
        *args: str | Path,
        cwd: Path = ...,
        env: dict[str, str] | None = ...,
        stdin: str | bytes | int | IO[bytes] | None = ...,
        timeout: float = ...,
    ) -> subprocess.CompletedProcess[str]: ...


def elicit_gen(
    *args: str | Path,
    cwd: Path = ROOT,
    env: dict[str, str] | None = None,
    stdin: str | bytes | int | IO[bytes] | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """``python -m elicit_gen *args`` in ``cwd``, this checkout's package first on the path and
    ``env`` added to ours. ``stdin``: text or bytes to pipe in, a file or descriptor to read
    from, or nothing (``/dev/null``). Its output is decoded as UTF-8 (undecodable bytes kept as
    surrogate escapes). Whatever the input, never a traceback nor an internal error."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    source = subprocess.DEVNULL if data is None else data
    proc = subprocess.run(
        [sys.executable, "-m", "elicit_gen", *map(str, args)],
        cwd=cwd,
        input=data if isinstance(data, bytes) else None,
        stdin=None if isinstance(source, bytes) else source,
        capture_output=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        check=False,
    )
    out = subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8", "surrogateescape"),
        proc.stderr.decode("utf-8", "surrogateescape"),
    )
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
    return out
