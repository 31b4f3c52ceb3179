"""The URL lint rules against what the consent screens now refuse and warn about (issue 24):
EG205 url-refused and EG204 url-lookalike say of a URL-mode request what ``check_url`` will."""

from __future__ import annotations

import json

import pytest

from elicit_gen import lint
from elicit_gen.compiler.diagnostics import Diagnostic


def diagnostics(url: str) -> list[Diagnostic]:
    text = json.dumps({"mode": "url", "message": "Sign in", "url": url})
    return list(lint(text, name="t.json").diagnostics)


def messages(url: str, code: str) -> list[str]:
    return [d.message for d in diagnostics(url) if d.code == code]


@pytest.mark.parametrize(
    "url",
    [
        "https://\uab70.com/",  # IDNA 2003 says xn--kz9a.com, a browser xn--58d.com
        "https://3\ua7f4.example.jp/",  # a browser goes to 3q.example.jp
        "https://xn--kz9a.com/",  # which a browser refuses
        "https://[fe80::1%25eth0]/",  # a zone id: browsers refuse it
        "https://ex%61mple.com/",  # a browser decodes it to example.com, Qt does not
    ],
)
def test_what_browsers_read_otherwise_is_refused(url: str) -> None:
    found = messages(url, "EG205")
    assert found and "consent screens will refuse" in found[0], diagnostics(url)
    assert messages(url, "EG204") == []


@pytest.mark.parametrize(
    "url",
    [
        "https://paypal.com\u3002xyz/",  # opens paypal.com.xyz
        "https://192.168.1.1\u3002/admin",
        "https://0x7f\u30021/",  # 127.0.0.1, written to hide it: reported although loopback
    ],
)
def test_a_full_stop_other_than_dot_is_warned_about(url: str) -> None:
    assert any("full stop" in m for m in messages(url, "EG204")), diagnostics(url)
    assert messages(url, "EG205") == []


def test_an_ip_address_behind_an_ideographic_full_stop_is_one() -> None:
    found = messages("https://192.168.1.1\u3002/admin", "EG204")
    assert any("IP address" in m for m in found), found


@pytest.mark.parametrize(
    ("url", "script"),
    [
        ("https://\u0441\u043e\u0441\u043e.com/", "Cyrillic"),
        ("https://xn--80ak6aa92e.com/", "Cyrillic"),
    ],
)
def test_a_whole_script_look_alike_is_warned_about(url: str, script: str) -> None:
    found = messages(url, "EG204")
    assert any(f"written in {script} letters that look like Latin" in m for m in found), found


def test_plain_development_urls_stay_quiet() -> None:
    quiet = ["http://localhost:8080/cb", "https://127.0.0.1:8443/", "https://0x7f.1/"]
    quiet.append("http://localhost:8080/cb?name=J\u00fcrgen")  # only the host counts
    for url in quiet:
        assert messages(url, "EG204") == [] and messages(url, "EG205") == [], url
