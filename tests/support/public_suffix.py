"""Hosts drawn from the Public Suffix List, with the registrable domain the real list gives each
(the ``publicsuffixlist`` package, an oracle nobody here wrote): what every consent screen's
headline must be. Shared by the differential tests of the URL check and of each target's screen
(tests/runtime/test_publicsuffix.py, tests/targets/*/test_public_suffix.py)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import NamedTuple

import publicsuffixlist

#: The hosts of issue 40's first defect: each was headlined as a public suffix, another
#: party's name ("windows.net", "myshopify.com", "gov.br", "kawasaki.jp").
ISSUE_HOSTS = {
    "login-microsoftonline.blob.core.windows.net": "login-microsoftonline.blob.core.windows.net",
    "paypal-secure.myshopify.com": "paypal-secure.myshopify.com",
    "evil.gov.br": "evil.gov.br",
    "a.b.city.kawasaki.jp": "city.kawasaki.jp",
}


class Host(NamedTuple):
    host: str  # as the URL is written (an international one in its own letters)
    domain: str | None  # the registrable domain by the list; None: there is none
    kind: str  # which part of the list it was drawn from


def _sections() -> dict[str, list[str]]:
    text = Path(publicsuffixlist.PSLFILE).read_text(encoding="utf-8")
    sections: dict[str, list[str]] = {"icann": [], "private": []}
    current: list[str] | None = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("// ===BEGIN ICANN"):
            current = sections["icann"]
        elif line.startswith("// ===BEGIN PRIVATE"):
            current = sections["private"]
        elif line.startswith("// ===END"):
            current = None
        elif current is not None and line and not line.startswith("//"):
            current.append(line.split()[0])
    return sections


def _kind(section: str, rule: str) -> str:
    if rule.startswith("!"):
        return "exception"
    if rule.startswith("*"):
        return "wildcard"
    if not rule.isascii():
        return "idn"
    if rule.count(".") >= 2:
        return f"{section}-deep"
    return f"{section}-{'tld' if '.' not in rule else 'multi'}"


@cache
def sample_hosts(per_kind: int = 40, seed: int = 40) -> tuple[Host, ...]:
    """Hosts under rules of every kind (ICANN and private, top-level, multi-label and deep
    rules, wildcards, exceptions, international suffixes) drawn with a fixed seed: for each
    rule the suffix itself, a name under it and a name under that; and names under top-level
    domains the list does not know. Each with the registrable domain the list gives (None
    where there is none: the host is a public suffix, or its suffix unknown)."""
    oracle = publicsuffixlist.PublicSuffixList(accept_unknown=False)
    rng = random.Random(seed)
    by_kind: dict[str, list[str]] = {}
    for section, rules in _sections().items():
        for rule in rules:
            by_kind.setdefault(_kind(section, rule), []).append(rule)
    hosts: dict[str, str] = {}
    for kind in sorted(by_kind):
        rules = by_kind[kind]
        for rule in rng.sample(rules, min(per_kind, len(rules))):
            bare = rule.removeprefix("!")
            if bare.startswith("*."):
                bare = "w" + bare[1:]  # the wildcard's label
            for host in (bare, f"owner-{rng.randrange(100)}.{bare}", f"www.site.{bare}"):
                hosts.setdefault(host, kind)
    for tld in ("notatld", "internal", "lan", "corp"):
        hosts.setdefault(f"app.example.{tld}", "unknown")
    return tuple(Host(host, oracle.privatesuffix(host), kind) for host, kind in hosts.items())


def expected_headline(host: Host) -> str:
    """What the screen headlines: the registrable domain, or the whole host where there is none
    (the check says why in a warning)."""
    return host.domain if host.domain is not None else host.host
