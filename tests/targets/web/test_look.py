"""``<elicitation-form>`` and ``<elicitation-url-consent>`` look and read as the HTML pages do:
axe-core finds no violation (every golden case, light and dark, errors shown and answered;
the consent screen), dark mode and narrow screens, Chinese with no English chrome, and hostile
schema text that never runs, never loads anything and shows as text."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from ...support.cases import CASES, LOCALES, requests
from ...support.chrome import english_chrome
from ...support.html import AXE, violations
from .conftest import TIMEOUT, Host, open_host

SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        message = "axe-core is not installed: run `npm ci` at the repository root"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def hosts(browser: Any) -> Iterator[dict[str, Host]]:
    """One host page per colour scheme (CSP bypassed: axe is injected)."""
    opened = {s: open_host(browser, bypass_csp=True, color_scheme=s) for s in SCHEMES}
    yield {s: h for s, (_, h) in opened.items()}
    for ctx, _ in opened.values():
        ctx.close()


def show(host: Host, schema: Any, message: str | None = None, locale: str = "en") -> None:
    host.page.evaluate("() => document.getElementById('subject')?.remove()")
    props: dict[str, Any] = {"locale": locale, "requestedSchema": schema}
    if message is not None:
        props["message"] = message
    host.add("elicitation-form", props)
    host.page.wait_for_selector("#eg-main", timeout=TIMEOUT)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("case", CASES)
def test_no_axe_violations(hosts: dict[str, Host], axe_source: str, case: str, scheme: str) -> None:
    host = hosts[scheme]
    assert host.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
        scheme == "dark"
    )
    for schema, message in requests(case):
        show(host, schema, message, LOCALES.get(case, "en"))
        assert violations(host.page, axe_source) == []
        host.page.click("#eg-accept")  # every error of the empty answer on show (or sent)
        assert violations(host.page, axe_source) == []
        if host.page.is_enabled("#eg-decline"):
            host.page.click("#eg-decline")
        assert violations(host.page, axe_source) == []


def test_no_axe_violations_refused_and_consent(hosts: dict[str, Host], axe_source: str) -> None:
    host = hosts["light"]
    show(host, {"type": "object", "properties": {"a": {"type": "object"}}})
    assert violations(host.page, axe_source) == []
    host.page.evaluate("() => document.getElementById('subject').remove()")
    host.add("elicitation-url-consent", {"url": "https://аpple.com/", "server": "Acme"})
    host.page.wait_for_selector("#eg-decline", timeout=TIMEOUT)
    assert violations(host.page, axe_source) == []
    host.page.evaluate("() => document.getElementById('subject').remove()")


def test_axe_sees_inside_the_element(hosts: dict[str, Host], axe_source: str) -> None:
    """The check can fail: a label removed in the shadow root is reported."""
    host = hosts["light"]
    show(host, {"type": "object", "properties": {"name": {"type": "string"}}})
    host.page.evaluate(
        "() => document.getElementById('subject').shadowRoot"
        ".querySelector('label[for=\"f-name\"]').remove()"
    )
    assert any(v.startswith("label ") for v in violations(host.page, axe_source))


def test_dark_mode_is_the_pages(hosts: dict[str, Host]) -> None:
    colours = {}
    for scheme, host in hosts.items():
        show(host, {"type": "object", "properties": {"name": {"type": "string"}}})
        colours[scheme] = host.page.evaluate(
            "() => getComputedStyle(document.getElementById('subject').shadowRoot"
            ".querySelector('.card')).backgroundColor"
        )
    assert colours == {"light": "rgb(255, 255, 255)", "dark": "rgb(22, 26, 34)"}


OVERFLOW = """() => {
    const root = document.getElementById("subject").shadowRoot;
    const width = document.documentElement.clientWidth;
    return [...root.querySelectorAll("*")]
        .filter((e) => e.getBoundingClientRect().right > width + 0.5)
        .map((e) => `${e.tagName}.${e.className}`);
}"""


@pytest.mark.parametrize("width", [320, 1280])
def test_narrow_screens(browser: Any, width: int) -> None:
    ctx, host = open_host(browser, viewport={"width": width, "height": 800})
    try:
        schema, message = requests("every_kind")[0]
        show(host, schema, message)
        assert host.page.evaluate(OVERFLOW) == []
        host.page.click("#eg-accept")
        assert host.page.evaluate(OVERFLOW) == []
        widths = host.page.evaluate(
            "() => [...document.getElementById('subject').shadowRoot"
            ".querySelectorAll('#eg-main .buttons .btn')]"
            ".map((b) => Math.round(b.getBoundingClientRect().width))"
        )
        # below 520px the buttons take the card's whole width, one under the other (style.css)
        assert (len(set(widths)) == 1) == (width < 520), widths
        host.clean()
    finally:
        ctx.close()


SHOWN_TEXT = """() => {
    const root = document.getElementById("subject").shadowRoot;
    const parts = [root.querySelector(".page").innerText];
    for (const e of root.querySelectorAll("[placeholder], [aria-label]")) {
        parts.push(e.getAttribute("placeholder") || "", e.getAttribute("aria-label") || "");
    }
    return parts.join("\\n");
}"""


def test_chinese_has_no_english_chrome(host: Host) -> None:
    schema, message = requests("travel_booking_zh")[0]
    show(host, schema, message, "zh-CN")
    assert english_chrome(host.page.evaluate(SHOWN_TEXT)) == []
    host.page.click("#eg-accept")
    text = host.page.evaluate(SHOWN_TEXT)
    assert "必填" in text and english_chrome(text) == []
    host.page.evaluate("() => document.getElementById('subject').remove()")
    host.add("elicitation-url-consent", {"url": "https://example.com/", "locale": "zh-CN"})
    host.page.wait_for_selector("#eg-decline", timeout=TIMEOUT)
    assert english_chrome(host.page.evaluate(SHOWN_TEXT)) == []
    host.clean()


HOSTILE_TEXT = [
    '<img src="https://evil.test/x.png" onerror="window.__pwned=1">',
    "<script>window.__pwned=1</script>",
    '"><svg onload="window.__pwned=1">',
    "\u202eevil\u202c \x1b[31mred\x1b[0m \u200b\U000e0041",
    "javascript:window.__pwned=1",
    "{{constructor.constructor('window.__pwned=1')()}}",
    "${window.__pwned=1}",
]


def test_hostile_schema_text_never_runs_nor_loads(host: Host) -> None:
    text = " ".join(HOSTILE_TEXT)
    schema = {
        "type": "object",
        "title": text,
        "description": text,
        "properties": {
            name: {
                "type": "string",
                "title": name,
                "description": text,
                "default": name,
            }
            for name in HOSTILE_TEXT
        }
        | {
            "pick": {"type": "string", "oneOf": [{"const": t, "title": t} for t in HOSTILE_TEXT]},
            "many": {"type": "array", "items": {"type": "string", "enum": HOSTILE_TEXT}},
        },
    }
    show(host, schema, message=text, locale="en")
    host.page.evaluate("(s) => { document.getElementById('subject').server = s; }", text)
    host.page.wait_for_timeout(200)
    shadow = "document.getElementById('subject').shadowRoot"
    markup = f"() => {shadow}.querySelectorAll('img, script, svg, iframe').length"
    assert host.page.evaluate(markup) == 0
    assert host.page.evaluate("() => window.__pwned") is None
    # every untouched default is sent exactly as given
    host.page.click("#eg-accept")
    (event,) = host.wait_events(1)
    assert event["action"] == "accept"
    assert {k: v for k, v in event["content"].items() if k in HOSTILE_TEXT} == {
        t: t for t in HOSTILE_TEXT
    }
    assert host.page.evaluate("() => window.__pwned") is None
    host.clean()  # no request left the page, no error, no CSP violation
