"""Without the ``[mcp]`` extra, ``elicit_gen.mcp`` says in one line what to install (issue 27),
as a generated module does for its missing toolkit, instead of ``No module named 'anyio'``.

The SDK is hidden from a fresh interpreter by a meta-path finder that answers as if it were not
installed (every module of the ``mcp``, ``mcp_types`` and ``anyio`` distributions). The
quick-start test (tests/cli/test_quickstart.py) sees the same line from a real install without
the extra."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEEDS = "elicit_gen.mcp needs the MCP SDK: pip install 'elicit-gen[mcp]' (or 'mcp>=2.3')"

_HIDE = """\
import importlib.abc, sys

class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {hidden!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
"""


def run(code: str, hidden: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return subprocess.run(
        [sys.executable, "-c", _HIDE.format(hidden=set(hidden)) + code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )


@pytest.mark.parametrize(
    "hidden", [("anyio", "mcp", "mcp_types"), ("anyio",), ("mcp",)], ids=["sdk", "anyio", "mcp"]
)
def test_import_without_the_sdk_says_what_to_install(hidden: tuple[str, ...]) -> None:
    proc = run("from elicit_gen.mcp import FormRouter\n", hidden)
    assert proc.returncode == 1, proc.stderr
    last = proc.stderr.rstrip("\n").splitlines()[-1]
    assert last == f"ModuleNotFoundError: {NEEDS}"
    assert "No module named" not in proc.stderr  # the SDK's own error is not shown
    assert "During handling" not in proc.stderr


def test_the_error_names_the_missing_module() -> None:
    """A caller (a client that makes the adapter optional) can catch it as usual."""
    code = (
        "try:\n"
        "    import elicit_gen.mcp\n"
        "except ModuleNotFoundError as e:\n"
        "    print(e.name, str(e), sep='|')\n"
    )
    proc = run(code, ("anyio", "mcp", "mcp_types"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"anyio|{NEEDS}\n"


def test_the_rest_of_elicit_gen_needs_no_sdk() -> None:
    code = (
        "import elicit_gen\n"
        "form = elicit_gen.load_form({'type': 'object', 'properties': {}}, 'cli')\n"
        'print(elicit_gen.lint(\'{"type": "object", "properties": {}}\').diagnostics)\n'
        "import sys; print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'mcp', 'anyio', 'mcp_types'}))\n"
    )
    proc = run(code, ("anyio", "mcp", "mcp_types"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "[]"
