"""``<elicitation-form>`` renders a schema as the HTML page does: for every golden case, the data
the page's script reads (the normalised schema and each field's data: Python's page_data) and
the markup of the fields and the page around them are the page's, node for node; and it shows
the form's words in each shipped locale."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.i18n import translation
from elicit_gen.targets.html import page_data
from elicit_gen.targets.html_fields import field_view

from ...support.cases import CASES, LOCALES, forms, requests
from ...support.html import TIME_ZONE, write_page
from .conftest import TIMEOUT, Host

#: The page's DOM below an element, as [tag, {attribute: value}, children...] or text; what
#: differs in the markup only by whitespace between elements (jinja's indentation) is dropped.
TREE = """(start) => {
    const walk = (node) => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent;
        const attrs = {};
        for (const a of node.attributes) attrs[a.name] = a.value;
        const kids = [...node.childNodes]
            .filter((c) => c.nodeType === Node.ELEMENT_NODE || c.textContent.trim() !== "")
            .map(walk);
        return [node.tagName.toLowerCase(), attrs, ...kids];
    };
    return walk(start);
}"""


def show(host: Host, schema: Any, message: str | None, locale: str = "en") -> None:
    host.page.evaluate("() => document.getElementById('subject')?.remove()")
    props: dict[str, Any] = {"locale": locale, "requestedSchema": schema}
    if message is not None:
        props["message"] = message
    host.add("elicitation-form", props)
    host.page.wait_for_function(
        "() => document.getElementById('subject').shadowRoot?.getElementById('eg-form')",
        timeout=TIMEOUT,
    )


def same_numbers(a: Any, b: Any) -> bool:
    """JSON equal, a number's text aside (2.0 and 2 are one JSON number)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_numbers(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_numbers(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, str) and isinstance(b, str):
        if a == b:
            return True
        try:  # a bound's JSON text: "2.0" and "2"
            return float(json.loads(a)) == float(json.loads(b))
        except (ValueError, TypeError):
            return False
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


@pytest.mark.parametrize("case", CASES)
def test_every_golden_case_renders_as_the_page(
    case: str, host: Host, browser: Any, tmp_path: Path
) -> None:
    locale = LOCALES.get(case, "en")
    page = browser.new_page(timezone_id=TIME_ZONE)
    try:
        for form, (schema, message) in zip(forms(case), requests(case), strict=True):
            show(host, schema, message, locale)
            views = [field_view(f, translation(locale)) for f in form.fields]
            expected = page_data(form, views)
            got = host.page.evaluate(
                """async ([schema, locale]) => (await import("./elicitation-form.js"))
                    ._pageData(schema, locale)""",
                [schema, locale],
            )
            assert same_numbers(got["schema"], expected["schema"]), case
            assert same_numbers(got["fields"], expected["fields"]), case
            assert host.page.evaluate("() => document.getElementById('subject').problems") == []
            # the markup: the page's <main> and <dialog>, node for node
            path = write_page(form, tmp_path)
            page.goto(path.as_uri(), timeout=TIMEOUT)
            for selector in ("#eg-main", "#eg-confirm"):
                want = page.evaluate(TREE, page.query_selector(selector))
                node = host.page.evaluate_handle(
                    "() => document.getElementById('subject').shadowRoot"
                    f".querySelector('{selector}')"
                )
                have = host.page.evaluate(TREE, node)
                if selector == "#eg-main":  # the page's <main> is a section of the host's page
                    assert have[0] == "section" and want[0] == "main"
                    have[1].pop("aria-labelledby", None)
                    have = ["main", *have[1:]]
                assert have == want, (case, selector)
    finally:
        page.close()
    host.clean()
