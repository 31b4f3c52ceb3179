"""The URL check of the URL-mode consent screens (elicit_gen/runtime/urlcheck.py) against the
table every target is tested with (tests/support/url_cases.json), and its invariants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.runtime.urlcheck import MAX_URL_LENGTH, UrlCheck, check_url

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "support" / "url_cases.json").read_text(encoding="utf-8")
)["cases"]


def _as_case(url: str, check: UrlCheck) -> dict[str, Any]:
    case: dict[str, Any] = {"url": url, "openable": check.openable}
    if check.refusal is not None:
        case["refusal"] = check.refusal
    else:
        case.update(
            host=check.host,
            ascii_host=check.ascii_host,
            domain=check.domain,
            port=check.port,
            loopback=check.loopback,
            warnings=list(check.warnings),
        )
    return case


@pytest.mark.parametrize("case", CASES, ids=[repr(c["url"])[:60] for c in CASES])
def test_table(case: dict[str, Any]) -> None:
    assert _as_case(case["url"], check_url(case["url"])) == case


def test_the_issue_cases() -> None:
    refused = ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd"]
    refused += ["http://example.com/", "https://user:secret@example.com/"]
    for url in refused:
        assert not check_url(url).openable, url
    for url in ("https://xn--80ak6aa92e.com/", "https://\u0430pple.com/"):
        check = check_url(url)
        assert check.openable and check.warnings, url
        assert "xn--" in check.warnings[0]
    assert "Cyrillic and Latin" in check_url("https://\u0430pple.com/").warnings[1]


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/" + "a" * MAX_URL_LENGTH,
        "https://example.com/\x1b[2J",
        "https://example.com/\u2028",
        "https://exam\u00adple.com/",
        "https://\u202eexample.com/",
        "https://example.com\t/",
        "\x00https://example.com/",
    ],
)
def test_hidden_or_huge_is_refused(url: str) -> None:
    assert not check_url(url).openable


def test_an_openable_url_is_always_https_or_loopback() -> None:
    for case in CASES:
        check = check_url(case["url"])
        if check.openable:
            assert check.scheme == "https" or (check.scheme == "http" and check.loopback)
            assert check.host and check.domain and check.host.endswith(check.domain)
