"""urlcheck.py against the parsers that really open its URLs: node's URL (WHATWG, UTS #46: what
Chromium does) and Qt's QUrl (what the Qt consent dialog hands the desktop).

For every URL the check calls openable (the table's cases and generated ones): node reads the
URL as sent and the check's ``href`` with the check's scheme, host and port, ``href`` is already
in the form node serialises it to, and QUrl reads ``href`` with the same host and port and no user
info (what QUrl encodes, node reads as the same host again). For a refusal nothing is asserted.
The generated tables of urlcheck.py are re-derived from node here (sampled).
"""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import random
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from elicit_gen.runtime.core import urlcheck, urlparts

from ..support.url_corpus import generated_urls

ROOT = Path(__file__).resolve().parents[2]
CASES: list[dict[str, Any]] = json.loads(
    (ROOT / "tests" / "support" / "url_cases.json").read_text(encoding="utf-8")
)["cases"]


def _tables() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "urlcheck_tables", ROOT / "scripts" / "urlcheck_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TABLES = _tables()
pytestmark = pytest.mark.skipif(TABLES.node_binary() is None, reason="node is not installed")

#: The issue's URLs, every one of which a parser once read otherwise than the screen showed.
ISSUE_URLS = [
    "https://good.com\\@evil.com/",
    "https://accounts.google.com:443\\@evil.example/login",
    "http://localhost\\@evil.example/",
    "https://paypal.com\u3002xyz/",
    "https://192.168.1.1\u3002/admin",
    "https://0x7f\u30021/",
    "https://\uab70.com/",
    "https://3\ua7f4.example.jp/",
    "https://login.g\u0456thub.com/",
]


def _node_port(check: urlcheck.UrlCheck) -> str:
    return "" if check.port is None else str(check.port)


def _openable(urls: list[str]) -> list[urlcheck.UrlCheck]:
    return [check for check in map(urlcheck.check_url, urls) if check.openable]


def _all_urls() -> list[str]:
    return [case["url"] for case in CASES] + ISSUE_URLS + generated_urls(1500, seed=24)


def test_node_reads_what_the_check_judged() -> None:
    checks = _openable(_all_urls())
    assert len(checks) > 250
    parsed = TABLES.node_parse([c.url for c in checks] + [c.href for c in checks], timeout=120)
    as_sent, as_href = parsed[: len(checks)], parsed[len(checks) :]
    for check, raw, href in zip(checks, as_sent, as_href, strict=True):
        expected = [check.ascii_host, _node_port(check), check.scheme + ":"]
        assert raw is not None and raw[:3] == expected, (check.url, raw, check)
        assert href is not None and href[:3] == expected, (check.href, href, check)
        assert href[3] == check.href, (check.url, href[3], check.href)


def test_qt_reads_the_href_as_the_check_judged() -> None:
    qtcore = pytest.importorskip("PySide6.QtCore")
    qurl, encoded_host = qtcore.QUrl, qtcore.QUrl.ComponentFormattingOption.FullyEncoded
    checks = _openable(_all_urls())
    encoded: list[str] = []
    for check in checks:
        for mode in (qurl.ParsingMode.TolerantMode, qurl.ParsingMode.StrictMode):
            url = qurl(check.href, mode)
            assert url.isValid(), (check.href, mode)
            host = url.host(encoded_host)
            if check.ascii_host.startswith("["):  # Qt writes ::ffff:1.2.3.4, the same address
                same = ipaddress.IPv6Address(host) == ipaddress.IPv6Address(check.ascii_host[1:-1])
            else:
                same = host == check.ascii_host
            assert same, (check.href, host, check)
            assert url.port() == (-1 if check.port is None else check.port), check.href
            assert url.userInfo() == "" and url.scheme() == check.scheme, check.href
        encoded.append(bytes(qurl(check.href).toEncoded().data()).decode("ascii"))
    parsed = TABLES.node_parse(encoded, timeout=120)
    for check, got in zip(checks, parsed, strict=True):
        assert got is not None and got[0] == check.ascii_host, (check.href, got)


def test_the_issue_urls_open_where_they_are_shown() -> None:
    """Each issue URL is refused, or node opens the host the check shows (in ASCII)."""
    checks = [urlcheck.check_url(url) for url in ISSUE_URLS]
    parsed = TABLES.node_parse([c.href or c.url for c in checks], timeout=60)
    for check, got in zip(checks, parsed, strict=True):
        if check.openable:
            assert got is not None and got[0] == check.ascii_host, (check.url, got)
    assert not checks[6].openable and not checks[7].openable  # ꭰ, ꟴ
    assert checks[8].lookalike


def test_the_dots_are_what_node_reads_as_full_stops() -> None:
    """The dot table is re-derived in full (one node run over every code point)."""
    assert TABLES.find_dots(range(0x80, 0x110000)) == urlparts._DOTS


def test_the_idna_table_is_what_node_says() -> None:
    """A sample of the assigned code points (all of the table's neighbourhood of the issue's
    letters, and a seeded random tenth of the rest) gives the table's verdict again."""
    rng = random.Random(24)
    assigned = [
        c for c in range(0x80, 0x110000) if unicodedata.category(chr(c)) not in ("Cn", "Cs")
    ]
    sample = sorted(
        {c for c in assigned if rng.random() < 0.1}
        | set(range(0x0600, 0x0700))
        | set(range(0xAB60, 0xABC0))
        | {0xA7F4, 0x13A0, 0x04C0, 0x04CF, 0x0221}
    )
    found = set(TABLES.find_different(sample))
    expected = {c for c in sample if c in urlparts._IDNA_DIFFERENT}
    assert found == expected, (sorted(found - expected)[:20], sorted(expected - found)[:20])
