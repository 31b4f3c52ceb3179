"""``<elicitation-url-consent>`` in Chromium: the consent page's check, warnings and flow
(url_consent.js and urlcheck.js, run as they are) inside an element, answered through the
``elicitation-result`` event; every case of tests/support/url_cases.json shows what Python's
check_url says of it."""

from __future__ import annotations

import json
from typing import Any

from elicit_gen.runtime.core import urlcheck
from elicit_gen.runtime.core.safetext import safe_block, safe_text

from ...support.html import ROOT
from .conftest import TIMEOUT, Host

CASES: list[dict[str, Any]] = json.loads(
    (ROOT / "tests" / "support" / "url_cases.json").read_text(encoding="utf-8")
)["cases"]
DESTINATION = "https://login.example.com/oauth/authorize?state=s3cr3t&client=elicit"
TAG = "elicitation-url-consent"

SHOWN = """() => {
    const root = document.getElementById("subject").shadowRoot;
    const text = (id) => root.getElementById(id);
    const open = text("eg-open");
    return {
        domain: text("eg-domain").textContent,
        url: text("eg-url").textContent,
        warnings: [...root.querySelectorAll(".warning")].map((w) => w.textContent),
        refusal: text("eg-refusal").hidden ? null : text("eg-refusal-text").textContent,
        href: open === null || open.hidden ? null : open.getAttribute("href"),
        server: text("eg-server").textContent,
        message: text("eg-message").textContent,
        actions: !text("eg-actions").hidden,
        primary: open !== null && open.classList.contains("primary"),
    };
}"""


def shown(host: Host) -> dict[str, Any]:
    host.page.wait_for_function(
        "() => { const r = document.getElementById('subject').shadowRoot;"
        " return r && !r.getElementById('eg-actions').hidden; }",
        timeout=TIMEOUT,
    )
    return host.page.evaluate(SHOWN)  # type: ignore[no-any-return]


def test_an_https_link_is_shown_and_opens_only_by_the_users_click(host: Host) -> None:
    host.add(TAG, {"message": "Sign in to continue", "url": DESTINATION, "server": "Acme"})
    seen = shown(host)
    check = urlcheck.check_url(DESTINATION)
    assert seen["domain"] == check.domain and seen["href"] == check.href
    assert seen["server"] == "Acme" and seen["message"] == "Sign in to continue"
    assert not seen["primary"]  # Open is never the emphasised action (consent_flow.py)
    assert host.events() == []
    with host.page.expect_popup(timeout=TIMEOUT) as popup:
        host.page.click("#eg-open")
    popup.value.close()
    assert host.wait_events(1) == [{"action": "accept"}]
    # the event of the element, bubbling out of its shadow root, and its result property
    assert host.page.evaluate("() => document.getElementById('subject').result") == {
        "action": "accept"
    }
    log = host.log()
    assert log["errors"] == [] and log["violations"] == []
    assert all(url.startswith("https://login.example.com/") for url in host.foreign)


def test_decline_and_escape_answer_and_the_event_bubbles_composed(host: Host) -> None:
    host.page.evaluate(
        """() => { window.__bubbled = [];
        document.getElementById("host").addEventListener("elicitation-result",
          (e) => window.__bubbled.push([e.bubbles, e.composed, e.target.id, e.detail])); }"""
    )
    host.add(TAG, {"url": DESTINATION})
    shown(host)
    host.page.click("#eg-decline")
    assert host.wait_events(1) == [{"action": "decline"}]
    assert host.page.evaluate("() => window.__bubbled") == [
        [True, True, "subject", {"action": "decline"}]
    ]
    host.page.evaluate("() => document.getElementById('subject').remove()")
    host.add(TAG, {"url": DESTINATION})
    shown(host)
    host.page.keyboard.press("Escape")
    assert host.wait_events(2)[1] == {"action": "cancel"}
    host.clean()


def test_a_refused_link_has_no_open_action(host: Host) -> None:
    for url in ("javascript:alert(1)", "http://example.com/", "https://user:pw@example.com/"):
        host.page.evaluate("() => document.getElementById('subject')?.remove()")
        host.add(TAG, {"url": url})
        seen = shown(host)
        assert seen["href"] is None and seen["refusal"] == urlcheck.check_url(url).refusal
        assert (
            host.page.evaluate(
                "() => document.getElementById('subject').shadowRoot.getElementById('eg-open')"
            )
            is None
        )
    host.clean()


def test_2026_07_28_waits_for_i_have_finished(host: Host) -> None:
    host.add(TAG, {"url": DESTINATION, "revision": "2026-07-28"})
    shown(host)
    with host.page.expect_popup(timeout=TIMEOUT) as popup:
        host.page.click("#eg-open")
    popup.value.close()
    host.page.wait_for_selector("#eg-finished", state="visible", timeout=TIMEOUT)
    assert host.events() == [] and host.page.is_hidden("#eg-decline")
    host.page.click("#eg-finished")
    assert host.wait_events(1) == [{"action": "accept"}]


def test_every_url_case_shows_what_python_says(host: Host) -> None:
    for case in CASES:
        url = case["url"]
        check = urlcheck.check_url(url)
        host.page.evaluate("() => document.getElementById('subject')?.remove()")
        host.add(TAG, {"url": url})
        seen = shown(host)
        assert seen["refusal"] == check.refusal, url
        assert seen["href"] == (check.href if check.openable else None), url
        assert seen["warnings"] == [f"Warning: {w}" for w in check.warnings], url
        if check.domain:
            assert seen["domain"] == safe_text(
                check.ascii_domain if check.lookalike else check.domain
            )
    host.clean()


def test_hostile_text_is_shown_as_text(host: Host) -> None:
    message = "\x1b[31mRed\x1b[0m <b>bold</b> <img src=x onerror=alert(1)>\n\u202eevil\u202c"
    server = "<i>srv</i>\x1b]0;title\x07\u202e"
    host.add(TAG, {"url": DESTINATION, "message": message, "server": server})
    seen = shown(host)
    assert seen["message"] == safe_block(message) and seen["server"] == safe_text(server)
    assert (
        host.page.evaluate(
            "() => document.getElementById('subject').shadowRoot"
            ".querySelectorAll('b, i, img').length"
        )
        == 0
    )
    host.clean()


def test_later_server_and_message_update_the_request_shown(host: Host) -> None:
    host.add(TAG, {"url": DESTINATION, "server": "One"})
    shown(host)
    host.page.evaluate(
        "() => { const e = document.getElementById('subject'); e.server = 'Two'; e.message = 'm'; }"
    )
    host.page.wait_for_function(
        "() => document.getElementById('subject').shadowRoot"
        ".getElementById('eg-server').textContent === 'Two'",
        timeout=TIMEOUT,
    )
    assert shown(host)["message"] == "m"
    host.clean()


def test_chinese(host: Host) -> None:
    host.add(TAG, {"url": DESTINATION, "locale": "zh-CN"})
    seen = (
        host.page.evaluate(
            "() => { const r = document.getElementById('subject').shadowRoot;"
            " return [r.getElementById('eg-decline').textContent, r.querySelector('.page').lang]; }"
        )
        if shown(host)
        else None
    )
    assert seen == ["拒绝", "zh-CN"]
