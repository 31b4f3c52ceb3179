"""examples/web/index.html driven for real in Chromium, served as written (its own strict CSP)
beside the module ``elicit-gen --target web`` writes: the schema pasted into it is shown, the
answer printed; JSON that does not parse and a refused schema are said so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.targets.web import MODULE_NAME, shipped_module

from ...support.html import RECORDER, ROOT, TIME_ZONE
from .conftest import TIMEOUT

EXAMPLE = ROOT / "examples" / "web"
ORIGIN = "https://example.test"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}


@pytest.fixture
def example(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    served = [p for p in EXAMPLE.iterdir() if p.suffix in TYPES]
    files = {f"/{p.name}": p.read_text(encoding="utf-8") for p in served}
    files[f"/{MODULE_NAME}"] = shipped_module()
    files["/"] = files["/index.html"]
    foreign: list[str] = []
    ctx = browser.new_context(timezone_id=TIME_ZONE)
    ctx.set_default_timeout(TIMEOUT)

    def route(route: Any) -> None:
        url = route.request.url
        path = url[len(ORIGIN) :] if url.startswith(ORIGIN) else None
        if path in files:
            kind = TYPES.get(Path(path).suffix, "text/html")
            route.fulfill(status=200, content_type=kind, body=files[path])
        else:
            foreign.append(url)
            route.abort()

    ctx.route("**/*", route)
    page = ctx.new_page()
    page.add_init_script(RECORDER)
    page.goto(f"{ORIGIN}/", timeout=TIMEOUT)
    try:
        yield page, foreign
    finally:
        ctx.close()


def test_the_pasted_schema_is_shown_and_answered(example: tuple[Any, list[str]]) -> None:
    page, foreign = example
    page.wait_for_selector("#f-name", timeout=TIMEOUT)  # the example's own schema, shown at once
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "title": "City", "minLength": 2},
            "nights": {"type": "integer", "title": "Nights", "minimum": 1},
        },
        "required": ["city"],
    }
    page.fill("#schema", json.dumps(schema))
    page.click("#show")
    page.wait_for_selector("#f-city", timeout=TIMEOUT)
    page.fill("#f-city", "Oslo")
    page.fill("#f-nights", "3")
    page.click("#eg-accept")
    page.wait_for_function(
        "() => document.getElementById('result').textContent.includes('accept')", timeout=TIMEOUT
    )
    assert json.loads(page.text_content("#result")) == {
        "action": "accept",
        "content": {"city": "Oslo", "nights": 3},
    }
    log = page.evaluate("() => window.__egLog")
    assert log["errors"] == [] and log["violations"] == [] and foreign == []


def test_bad_json_and_a_refused_schema_are_said(example: tuple[Any, list[str]]) -> None:
    page, _ = example
    page.wait_for_selector("#f-name", timeout=TIMEOUT)
    page.fill("#schema", "{not json")
    page.click("#show")
    assert "Not JSON" in (page.text_content("#json-error") or "")
    page.fill("#schema", json.dumps({"type": "object", "properties": {"a": {"type": "object"}}}))
    page.click("#show")
    page.wait_for_selector(".refused-reasons li", timeout=TIMEOUT)
    assert "EG110" in (page.text_content("#result") or "")
    page.select_option("#locale", "zh-CN")
    page.fill("#schema", json.dumps({"type": "object", "properties": {"a": {"type": "string"}}}))
    page.click("#show")
    page.wait_for_selector("#eg-accept", timeout=TIMEOUT)
    assert page.text_content("#eg-accept") == "提交"
