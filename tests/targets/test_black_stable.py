"""The oracle of the format stage: generated Python is black-stable by construction.

For every golden case and every Python target, the generated text (default style: no formatter runs
for a black-stable target) is what black at 88, 100 and 120 columns and ``ruff format`` at 88 and
120 give for it, byte for byte. That is the "covered style" the format stage trusts
(elicit_gen/targets/common/pyformat.py): any client project formatting at 88 columns or more with
magic trailing commas leaves generated modules unchanged.

Every Python target is black-stable (no formatter runs for it in the covered style): a target
that is not fails here, instead of being checked at black's 88 columns only.

Black runs on each module abridged (tests/support/formatters.py): its runtime parts, the same in
every module and each held black-stable whole here, cut to their first and last statements, so
that the form's own code and every place where it meets the runtime are formatted for every case
without formatting 150 KB of the same runtime again each time.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from elicit_gen import compile_forms
from elicit_gen.targets import get_target, is_black_stable, targets_with

from ..support.cases import CASES, forms
from ..support.formatters import (
    BLACK_LENGTHS,
    RUFF_LENGTHS,
    Formatters,
    abridged,
    runtime_parts,
)

PYTHON_TARGETS = targets_with("python")


@cache
def generated(target: str) -> dict[str, dict[str, str]]:
    """case -> file name -> text, for one target."""
    return {case: {f.name: f.text for f in compile_forms(forms(case), [target])} for case in CASES}


@cache
def ruff_formatted(
    formatters: Formatters, target: str, line_length: int
) -> dict[tuple[str, str], str]:
    """(case, file name) -> ruff format's output, every case of ``target`` in one ruff run."""
    texts = {
        (case, name): text
        for case, files in generated(target).items()
        for name, text in files.items()
    }
    return formatters.ruff_many(texts, line_length)


RUNTIME = sorted(
    path
    for path in (Path(__file__).resolve().parents[2] / "elicit_gen" / "runtime").glob("*/*.py")
    if path.name != "__init__.py"
)


@pytest.mark.parametrize("path", RUNTIME, ids=lambda p: p.name)
def test_runtime_modules_are_in_the_covered_style(path: Path, formatters: Formatters) -> None:
    """The runtime modules are copied verbatim into generated modules, so they must be laid out
    for 88 columns too, although the repository's own black runs at 100 (a line of 89-100
    columns passes ``black --check`` here and would be split in a client project)."""
    text = path.read_text(encoding="utf-8")
    for line_length in BLACK_LENGTHS:
        assert formatters.black(text, line_length) == text, f"black at {line_length}"


@pytest.mark.parametrize("target", PYTHON_TARGETS)
def test_every_python_target_is_black_stable(target: str) -> None:
    """The format stage runs no formatter for a black-stable target in the covered style, and
    the tests below check every covered setting: a target must be black-stable."""
    assert is_black_stable(get_target(target))


@pytest.mark.parametrize("target", PYTHON_TARGETS)
def test_the_abridged_module_gets_the_whole_modules_verdict(
    target: str, formatters: Formatters
) -> None:
    """The abridged text keeps the form's own text and the edges of every runtime part, black
    leaves it unchanged as it leaves the whole module, and a fault in the form's own code or
    where it meets a runtime part (the blank lines black puts there) is found in it as in the
    whole. (A fault inside a part is the runtime test's to find.)"""
    (text,) = generated(target)["every_kind"].values()
    parts = [part for part in runtime_parts(target) if part in text]
    assert parts
    short = abridged(text, parts)
    assert len(short) < len(text) / 2
    for part in parts:
        first, *_, last = part.strip().splitlines()
        assert first in short and last in short
    assert formatters.black(text, 100) == text and formatters.black(short, 100) == short

    part = max(parts, key=len)
    at = text.index(part)
    faults = {
        "own code": text + "x = ( 1 )\n",
        # black allows two blank lines at most before a part's first statement
        "a runtime part's neighbour": text[:at] + "\n\n\n" + text[at:],
    }
    for fault, faulty in faults.items():
        assert faulty != text
        short = abridged(faulty, parts)
        assert formatters.black(short, 100) != short, fault


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("target", PYTHON_TARGETS)
def test_black_leaves_generated_code_unchanged(
    target: str, case: str, formatters: Formatters
) -> None:
    files = generated(target)[case]
    assert files
    for name, text in files.items():
        # black at 88 (the default style's own): tests/targets/test_golden.py checks every
        # golden Python file whole against it, these same texts; the runtime parts whole at
        # every length: test_runtime_modules_are_in_the_covered_style
        text = abridged(text, runtime_parts(target))
        for line_length in (n for n in BLACK_LENGTHS if n != 88):
            assert formatters.black(text, line_length) == text, f"{name}: black at {line_length}"


@pytest.mark.parametrize("line_length", RUFF_LENGTHS)
@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("target", PYTHON_TARGETS)
def test_ruff_format_leaves_generated_code_unchanged(
    target: str, case: str, line_length: int, formatters: Formatters
) -> None:
    formatted = ruff_formatted(formatters, target, line_length)
    for name, text in generated(target)[case].items():
        assert formatted[(case, name)] == text, f"{name}: ruff format at {line_length}"


@pytest.mark.parametrize("target", PYTHON_TARGETS)
def test_fuzzed_schemas_are_black_and_ruff_stable(target: str, formatters: Formatters) -> None:
    """Random schemas full of hostile and long strings (tests/support/hostile.py's
    strategy): the generated module is unchanged by black at 88 and 120 and ruff at 88."""
    from hypothesis import HealthCheck, assume, given, settings

    import elicit_gen

    from ..support.hostile import hostile_requests

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(hostile_requests())
    def run(request: dict[str, object]) -> None:
        result = elicit_gen.compile(request, target, name="fuzz.json")
        assume(result.ok)
        for generated_file in result.files:
            text = generated_file.text
            formatters.assert_stable(abridged(text, runtime_parts(target)), (88, 120), ())
            formatters.assert_stable(text, (), (88,))

    run()
