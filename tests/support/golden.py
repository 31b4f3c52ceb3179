"""Golden-file comparison: a failure shows a unified diff and the command to regenerate.

A generated file's golden holds only the form's own text: each shared section of it (an import
block, a runtime part copied verbatim, a page's CSP; see :class:`elicit_gen.targets.common.base.
Module`) stands there as a marker line ``<<<golden runtime/<dir>/<name>>>>``, and its text is
stored once: a runtime part copied verbatim under its bundle, ``golden/runtime/<bundle>/<name>``
(``core/formcore.py``, once for the four targets that copy it: a runtime edit changes one
golden), any other section under its target, ``golden/runtime/<target>/<name>`` (an import
block; a text that depends on the locale names it: ``zh-CN/form.catalogue.py``).
:func:`golden_text` puts the whole file together again.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from elicit_gen.targets.common.base import Module
from elicit_gen.targets.common.runtime import runtime_file

REGENERATE = "pytest tests/targets/test_golden.py --update-golden"
GOLDEN = Path(__file__).resolve().parents[2] / "golden"
#: Where the shared sections live: golden/runtime/<target>/<name>.
RUNTIME = GOLDEN / "runtime"
MARKER = re.compile(r"<<<golden (runtime/[\w.-]+(?:/[\w.-]+)*)>>>")
_OPENER = "<<<golden "


def stored_files(target: str, module: Module, directory: Path) -> dict[Path, str]:
    """The golden files of ``module`` (a file of ``target``): ``directory/<file name>`` holding
    its own pieces and a marker for each shared section, and each shared section's file."""
    own: list[str] = []
    files: dict[Path, str] = {}
    for piece in module.pieces:
        if isinstance(piece, str):
            if _OPENER in piece:
                raise ValueError(f"{module.name}: its own text holds the marker {_OPENER!r}")
            own.append(piece)
        else:
            relative = section_path(target, piece.name)
            own.append(f"{_OPENER}{relative}>>>")
            files[GOLDEN / relative] = piece.text
    files[directory / module.name] = "".join(own)
    return files


def section_path(target: str, name: str) -> str:
    """Where a shared section named ``name`` of a ``target`` file is stored, under golden/: a
    runtime part (a file of elicit_gen/runtime/<bundle>/) under its bundle, anything else under
    the target."""
    try:
        bundle = runtime_file(name).parent.name
    except LookupError:
        bundle = target
    return f"runtime/{bundle}/{name}"


def _read(path: Path, needed_by: Path | None = None) -> str:
    if not path.is_file():
        by = f" (named by {needed_by})" if needed_by else ""
        pytest.fail(f"missing golden file {path}{by}; create it with: {REGENERATE}", pytrace=False)
    return path.read_text(encoding="utf-8")


def golden_text(path: Path) -> str:
    """The whole expected text of the golden ``path``: its markers replaced by the shared
    sections they name. Fails when the file or a section's file is missing."""
    own = _read(path)
    return MARKER.sub(lambda m: _read(GOLDEN / m[1], path), own)


def write_golden(path: Path, text: str) -> None:
    """Writes ``text`` to ``path`` unless it holds it already."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8", newline="")


def assert_same(expected: str, actual: str, expected_path: Path) -> None:
    """Fails with a unified diff when the output ``actual`` is not ``expected`` (the golden
    ``expected_path``, put together)."""
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


def check_golden(expected_path: Path, actual: str, update: bool) -> None:
    """A golden stored whole (the diagnostics of an invalid input)."""
    if update:
        write_golden(expected_path, actual)
        return
    assert_same(_read(expected_path), actual, expected_path)
