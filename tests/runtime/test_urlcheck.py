"""The URL check of the URL-mode consent screens (elicit_gen/runtime/core/urlcheck.py) against the
table every target is tested with (tests/support/url_cases.json), and its invariants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.runtime.core.urlcheck import MAX_URL_LENGTH, UrlCheck, check_url

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent.parent / "support" / "url_cases.json").read_text(encoding="utf-8")
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
        assert check.openable and check.lookalike, url
        assert "look-alike" in check.warnings[0] and "xn--" in check.warnings[1], url
    assert "Cyrillic and Latin" in check_url("https://\u0430pple.com/").warnings[0]


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
            host = check.host.removesuffix(".") if not check.host.startswith("[") else check.host
            assert check.host and check.domain and host.endswith(check.domain)


@pytest.mark.parametrize(
    ("url", "ascii_host", "href"),
    [
        # defect 1: "\\" ends the host for a browser; the href has "/" there, so Qt reads it too
        ("https://good.com\\@evil.com/", "good.com", "https://good.com/@evil.com/"),
        (
            "https://accounts.google.com:443\\@evil.example/login",
            "accounts.google.com",
            "https://accounts.google.com/@evil.example/login",
        ),
        ("http://localhost\\@evil.example/", "localhost", "http://localhost/@evil.example/"),
        # defect 2: UTS #46 reads U+3002 as a full stop
        ("https://paypal.com\u3002xyz/", "paypal.com.xyz", "https://paypal.com.xyz/"),
        ("https://192.168.1.1\u3002/admin", "192.168.1.1", "https://192.168.1.1/admin"),
        ("https://0x7f\u30021/", "127.0.0.1", "https://127.0.0.1/"),
        # IPv6 as WHATWG writes it (Python 3.13 writes ::ffff:1.2.3.4)
        ("https://[::ffff:1.2.3.4]/", "[::ffff:102:304]", "https://[::ffff:102:304]/"),
        # dot segments resolved as a browser resolves them
        ("https://example.com/a/../%2E/b/%2e", "example.com", "https://example.com/b/"),
        ("https://example.com./", "example.com.", "https://example.com./"),
    ],
)
def test_the_check_judges_what_a_browser_opens(url: str, ascii_host: str, href: str) -> None:
    check = check_url(url)
    assert (check.ascii_host, check.href) == (ascii_host, href)


def test_full_stops_browsers_read_are_said() -> None:
    check = check_url("https://paypal.com\u3002xyz/")
    assert check.domain == "com.xyz" and any("full stop" in w for w in check.warnings)
    ip = check_url("https://192.168.1.1\u3002/admin")
    assert "IP address" in ip.warnings[0]


@pytest.mark.parametrize(
    "url",
    [
        "https://\uab70.com/",  # defect 3: Chromium asks for xn--58d.com, IDNA 2003 xn--kz9a.com
        "https://3\ua7f4.example.jp/",  # UTS #46: 3q.example.jp
        "https://xn--kz9a.com/",  # the browser refuses it
        "https://a\u0660b.com/",  # RFC 5893 bidi rule
        "https://\u05d0\u0221\u05d0.com/",  # a letter IDNA 2003 cannot give a direction
        "https://\u0301a.com/",  # a label beginning with a combining mark
        "https://[fe80::1%25eth0]/",  # a zone id: WHATWG refuses it, ipaddress takes it
        "https://ex%61mple.com/",  # a browser decodes it, Qt does not
        "https://example.com%2eevil.com/",
        "https://example.com../",
        "https://xn--\u00dfxn--9cc/",  # nameprep makes it xn--ssxn--9cc, a browser refuses it
    ],
)
def test_what_browsers_read_otherwise_is_refused(url: str) -> None:
    assert not check_url(url).openable, check_url(url)


@pytest.mark.parametrize(
    ("url", "script"),
    [
        ("https://xn--80ak6aa92e.com/", "Cyrillic"),  # аррӏе
        ("https://\u0441\u043e\u0441\u043e.com/", "Cyrillic"),  # соcо
        ("https://\u03bf\u03c1\u03c4\u03b1.com/", "Greek"),
    ],
)
def test_whole_script_look_alikes_are_flagged_first(url: str, script: str) -> None:
    check = check_url(url)
    assert check.openable and check.lookalike
    assert check.warnings[0] == (
        f"The name is written in {script} letters that look like Latin ones, "
        "as look-alike domains are."
    )
    assert "international domain name" in check.warnings[1]


def test_look_alike_warning_is_first_whatever_else() -> None:
    check = check_url("http://\u0430pple.localhost:8080/")
    assert check.lookalike and "mixes" in check.warnings[0]
    assert "plain http://" in check.warnings[1]
    mixed = check_url("https://login.g\u0456thub.com/")
    assert mixed.lookalike and "mixes" in mixed.warnings[0], mixed.warnings


def test_a_name_in_its_own_script_is_no_look_alike() -> None:
    for url in ("https://\u0441\u043e\u0441\u043e.\u0440\u0444/", "https://m\u00fcnchen.de/"):
        check = check_url(url)
        assert check.openable and not check.lookalike, url
