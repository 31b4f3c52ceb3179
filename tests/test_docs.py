"""docs/rules.md is generated from the rules, and every documented example triggers its code."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicit_gen import lint
from elicit_gen.cli import ruledoc
from elicit_gen.compiler.load import INPUT_CODES
from elicit_gen.compiler.rules import RULES

ROOT = Path(__file__).resolve().parent.parent


def test_rules_doc_is_current() -> None:
    expected = ruledoc.generate()
    actual = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert actual == expected, "regenerate: python -m elicit_gen.cli.ruledoc > docs/rules.md"


EXAMPLES = [(r.code, r.example) for r in RULES] + [
    (c.code, c.example) for c in INPUT_CODES if c.example
]


@pytest.mark.parametrize(("code", "example"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_documented_example_triggers_its_code(code: str, example: str) -> None:
    spec = "2025-06-18" if code == "EG180" else "2026-07-28"
    select = [code] if code == "EG191" else None
    codes = [d.code for d in lint(example, spec=spec, select=select).diagnostics]
    assert code in codes
