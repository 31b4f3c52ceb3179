"""axe-core (from npm, see package.json) finds no accessibility violation in any generated page,
in the light and the dark colour scheme, before and after errors are shown.

The page's CSP blocks injected scripts, so these contexts bypass CSP (for axe only)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.compiler import ir

from ...support.cases import all_forms, forms
from ...support.html import AXE, TIME_ZONE, violations, write_page

pytestmark = pytest.mark.browser

FORMS = all_forms()
SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        message = "axe-core is not installed: run `npm ci` at the repository root"
        if os.environ.get("CI"):
            pytest.fail(message)  # in CI a skipped accessibility check would hide a failure
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def tabs(browser: Any) -> Iterator[dict[str, Any]]:
    """One tab per colour scheme, reused for every page."""
    contexts = [
        browser.new_context(bypass_csp=True, color_scheme=scheme, timezone_id=TIME_ZONE)
        for scheme in SCHEMES
    ]
    yield {scheme: context.new_page() for scheme, context in zip(SCHEMES, contexts, strict=True)}
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def pages_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("html-axe")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("name", "form"), FORMS, ids=[n for n, _ in FORMS])
def test_no_axe_violations(
    tabs: dict[str, Any],
    pages_dir: Path,
    axe_source: str,
    name: str,
    form: ir.Form,
    scheme: str,
) -> None:
    page = tabs[scheme]
    page.goto(write_page(form, pages_dir).as_uri())
    dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark == (scheme == "dark")
    assert violations(page, axe_source) == []
    # With every error on show (submit with what a required field refuses) ...
    for field in form.fields:
        if field.required and isinstance(field, ir.StringField):
            page.fill(f'[id="{field.html_id}"]', "")
    page.click("#eg-accept")
    assert violations(page, axe_source) == []
    # ... and after the answer went (disabled form, done message).
    if page.is_enabled("#eg-decline"):
        page.click("#eg-decline")
    assert violations(page, axe_source) == []


def test_axe_finds_violations_when_there_are_some(
    tabs: dict[str, Any], pages_dir: Path, axe_source: str
) -> None:
    """The check can fail: remove a label and axe reports it."""
    page = tabs["light"]
    page.goto(write_page(forms("contact")[0], pages_dir).as_uri())
    page.evaluate("document.querySelector('label[for=\"f-name\"]').remove()")
    assert any(v.startswith("label ") for v in violations(page, axe_source))


#: A form with the issue-16 layouts: a long untitled message (body text), a long text field (a
#: textarea) and a multi-select with many options (columns).
LAYOUTS = {
    "message": (
        "We need a few details to finish booking your trip: who travels, where to, and when. "
        "Your answers go only to the travel agent that asked."
    ),
    "requestedSchema": {
        "type": "object",
        "properties": {
            "title": {"type": "string", "title": "Title", "maxLength": 60},
            "body": {"type": "string", "title": "Description", "description": "Markdown."},
            "labels": {
                "type": "array",
                "title": "Labels",
                "items": {"type": "string", "enum": [f"label {i}" for i in range(10)]},
            },
        },
        "required": ["title"],
    },
}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_no_axe_violations_in_new_layouts_and_the_discard_question(
    tabs: dict[str, Any], pages_dir: Path, axe_source: str, scheme: str
) -> None:
    import elicit_gen

    result = elicit_gen.compile(LAYOUTS, [], name="layouts.json")
    assert result.ok
    form = result.forms[0]
    page = tabs[scheme]
    page.goto(write_page(form, pages_dir).as_uri())
    assert page.evaluate("document.getElementById('f-body').tagName") == "TEXTAREA"
    assert violations(page, axe_source) == []
    page.fill('[id="f-body"]', "changed")
    page.keyboard.press("Escape")
    assert page.evaluate("document.getElementById('eg-confirm').open")
    assert violations(page, axe_source) == []
    page.click("#eg-discard")
    assert violations(page, axe_source) == []
