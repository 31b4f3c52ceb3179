"""Golden files pin the text of every output: every case x target, and the diagnostics of every
invalid input. Regenerate with ``pytest tests/targets/test_golden.py --update-golden`` and
review."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_gen import compile_forms, lint
from elicit_gen.targets import available

from ..conftest import GOLDEN
from ..support.cases import CASES, forms
from ..support.golden import check_golden

INVALID = sorted(p.stem for p in (GOLDEN / "invalid").glob("*.json"))


@pytest.mark.parametrize("target", available())
@pytest.mark.parametrize("case", CASES)
def test_output_matches_golden(case: str, target: str, update_golden: bool) -> None:
    for generated in compile_forms(forms(case), [target]):
        check_golden(GOLDEN / "expected" / case / generated.name, generated.text, update_golden)


@pytest.mark.parametrize("case", INVALID)
def test_diagnostics_match_golden(case: str, update_golden: bool) -> None:
    result = lint(GOLDEN / "invalid" / f"{case}.json", name=f"golden/invalid/{case}.json")
    assert result.diagnostics, "an invalid case must produce diagnostics"
    text = "".join(d.to_text() + "\n" for d in result.diagnostics)
    check_golden(GOLDEN / "invalid" / f"{case}.txt", text, update_golden)


PYTHON_GOLDENS = sorted((GOLDEN / "expected").glob("*/*.py"))


@pytest.mark.parametrize("path", PYTHON_GOLDENS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_python_output_is_what_black_gives_for_the_whole_file(path: Path) -> None:
    """The goldens are generated with the default style (black's defaults, 88 columns); black-
    stable targets run no formatter at all, so this is what proves their layout: byte-identical to
    whole-file black at those settings (tests/targets/test_black_stable.py checks other
    settings)."""
    from elicit_gen.targets.common.pyformat import black_format

    text = path.read_text(encoding="utf-8")
    assert black_format(text) == text
