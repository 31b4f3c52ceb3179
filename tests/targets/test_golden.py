"""Golden files pin the text of every output: every case x target, the URL consent screen of
every UI target, and the diagnostics of every invalid input. Regenerate with ``pytest
tests/targets/test_golden.py --update-golden`` and review.

A case's golden holds only what the form owns; the shared sections (import blocks, the runtime
parts copied verbatim, a page's CSP and assets) are stored once: a runtime part under its bundle
(``golden/runtime/core/formcore.py``), the rest under ``golden/runtime/<target>/`` (see
tests/support/golden.py), so a runtime edit changes one golden. The comparison is still of the
whole output with the whole golden put together, and a golden file that no output makes (an
orphan) fails too; ``--update-golden`` removes it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from elicit_gen import compile_forms, compile_url_consent, lint
from elicit_gen.targets import REGISTRY, available, consent_targets, get_target, targets_with
from elicit_gen.targets.common.base import ConsentModule, EmitsModule, GeneratedFile, Module

from ..support.cases import CASES, forms
from ..support.formatters import abridged, runtime_parts
from ..support.golden import (
    GOLDEN,
    RUNTIME,
    assert_same,
    check_golden,
    golden_text,
    stored_files,
    write_golden,
)

INVALID = sorted(p.stem for p in (GOLDEN / "invalid").glob("*.json"))
EXPECTED = GOLDEN / "expected"
#: The case name of the URL consent screens (golden/expected/url_consent/).
URL_CONSENT = "url_consent"
CONSENT_TARGETS = consent_targets(available())
#: The targets that write a file per form (the web module is tested in tests/targets/web/).
FORM_TARGETS = [name for name in available() if REGISTRY[name].per_form]


@cache
def outputs(case: str, target: str) -> tuple[tuple[GeneratedFile, Module], ...]:
    """Each file ``target`` writes for ``case`` (the whole output, through the format stage),
    and the same text cut at the emitter's shared sections."""
    emitter = get_target(target)
    if case == URL_CONSENT:
        consent: ConsentModule = emitter  # type: ignore[assignment]
        modules = [consent.emit_url_consent_module()]
        files = compile_url_consent(target)
    else:
        structured: EmitsModule = emitter  # type: ignore[assignment]
        modules = [structured.emit_module(form) for form in forms(case)]
        files = compile_forms(forms(case), [target])
    shared = {module.name: module.shared for module in modules}
    assert sorted(shared) == sorted(f.name for f in files)
    return tuple((f, Module.cut(f.name, f.text, shared[f.name])) for f in files)


def golden_files(case: str, target: str) -> dict[Path, str]:
    files: dict[Path, str] = {}
    for _, module in outputs(case, target):
        files.update(stored_files(target, module, EXPECTED / case))
    return files


ALL_OUTPUTS = [(case, target) for case in CASES for target in FORM_TARGETS] + [
    (URL_CONSENT, target) for target in CONSENT_TARGETS
]


@cache
def layout() -> dict[Path, str]:
    """Every golden file the current outputs make, with its text. A shared section that two
    files of one target hold differently is an emitter's error (its name must say what
    differs, e.g. the locale)."""
    files: dict[Path, str] = {}
    for case, target in ALL_OUTPUTS:
        for path, text in golden_files(case, target).items():
            if files.setdefault(path, text) != text:
                raise AssertionError(f"{path}: two outputs hold different texts under one name")
    return files


def check_output(case: str, target: str, update: bool) -> None:
    if update:
        for path in golden_files(case, target):
            write_golden(path, layout()[path])
        return
    for generated, _ in outputs(case, target):
        path = EXPECTED / case / generated.name
        assert_same(golden_text(path), generated.text, path)


@pytest.mark.parametrize("target", FORM_TARGETS)
@pytest.mark.parametrize("case", CASES)
def test_output_matches_golden(case: str, target: str, update_golden: bool) -> None:
    check_output(case, target, update_golden)


@pytest.mark.parametrize("target", CONSENT_TARGETS)
def test_url_consent_matches_golden(target: str, update_golden: bool) -> None:
    check_output(URL_CONSENT, target, update_golden)


def _stored() -> set[Path]:
    return {p for top in (EXPECTED, RUNTIME) for p in top.rglob("*") if p.is_file()}


def test_no_orphaned_golden(update_golden: bool) -> None:
    """Every file under golden/expected/ and golden/runtime/ is made by some output."""
    orphans = sorted(_stored() - set(layout()))
    if update_golden:
        for path in orphans:
            path.unlink()
        for top in (EXPECTED, RUNTIME):
            for directory in sorted(top.rglob("*"), reverse=True):
                if directory.is_dir() and not any(directory.iterdir()):
                    directory.rmdir()
        return
    assert not orphans, (
        "golden files no case, target or locale makes (remove them with "
        "pytest tests/targets/test_golden.py --update-golden): "
        + ", ".join(str(p.relative_to(GOLDEN)) for p in orphans)
    )


@pytest.mark.parametrize("case", INVALID)
def test_diagnostics_match_golden(case: str, update_golden: bool) -> None:
    result = lint(GOLDEN / "invalid" / f"{case}.json", name=f"golden/invalid/{case}.json")
    assert result.diagnostics, "an invalid case must produce diagnostics"
    text = "".join(d.to_text() + "\n" for d in result.diagnostics)
    check_golden(GOLDEN / "invalid" / f"{case}.txt", text, update_golden)


PYTHON_GOLDENS = sorted(EXPECTED.glob("*/*.py"))


#: Each Python target, by the file-name ending of its form modules.
TARGET_OF_SUFFIX = {get_target(t).suffix: t for t in targets_with("python")}
#: The goldens black formats whole; the others abridged (below). every_kind holds every kind of
#: field the other cases hold, over the same runtime; the consent modules are whole everywhere.
WHOLE_CASES = {"every_kind", "url_consent"}


@pytest.mark.parametrize("path", PYTHON_GOLDENS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_python_output_is_what_black_gives_for_the_whole_file(path: Path) -> None:
    """The goldens are generated with the default style (black's defaults, 88 columns); black-
    stable targets run no formatter at all, so this is what proves their layout: the whole
    file (the golden put together) byte-identical to whole-file black at those settings
    (tests/targets/test_black_stable.py checks other settings).

    Whole for every_kind's modules and the consent modules; for the other cases, black runs
    on the module abridged (tests/support/formatters.py): its runtime parts, verbatim in every
    module and each held black-stable whole by ``test_runtime_modules_are_in_the_covered_style``,
    cut to their first and last statements, which black gives the same verdict as the whole
    (``test_the_abridged_module_gets_the_whole_modules_verdict``)."""
    from elicit_gen.targets.common.pyformat import black_format

    text = golden_text(path)
    target = next(t for end, t in TARGET_OF_SUFFIX.items() if path.name.endswith(end))
    if path.parent.name not in WHOLE_CASES:
        text = abridged(text, runtime_parts(target))
    assert black_format(text) == text
