"""What the tests of the generated Python modules share about Python source: the names a module's
top level binds, and the oldest interpreter the generated code supports."""

from __future__ import annotations

import ast
import glob
import os
import shutil
import subprocess


def python310() -> str | None:
    """A working Python 3.10 interpreter (the oldest the generated code supports), if any."""
    candidates = [
        shutil.which("python3.10"),
        *glob.glob(os.path.expanduser("~/.pyenv/versions/3.10*/bin/python3.10")),
    ]
    for candidate in candidates:
        if (
            candidate
            and subprocess.run(
                [candidate, "-c", "import sys; assert sys.version_info[:2] == (3, 10)"],
                capture_output=True,
                timeout=60,
            ).returncode
            == 0
        ):
            return candidate
    return None


def top_level_names(source: str) -> list[str]:
    """Every name a module's top level binds (defs, classes, assignments, imports)."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names.extend(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend((a.asname or a.name).split(".")[0] for a in node.names)
    return names
