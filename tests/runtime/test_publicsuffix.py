"""The URL check's registrable domain comes from the real Public Suffix List (issue 40, defect
1): the generated table (runtime/core/publicsuffix.py) is the installed ``publicsuffixlist``
package's list, read back rule for rule, and on hosts drawn from every kind of rule the domain a
consent screen headlines is the one that package gives; where there is none (a public suffix
itself, an unknown top-level domain, a single label) the whole host is headlined and a warning
says why."""

from __future__ import annotations

import subprocess
import sys

import pytest

from elicit_gen.runtime.core import publicsuffix, urlcheck

from ..support.html import ROOT
from ..support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts

#: What the check says where it cannot name an owner (its warnings' opening words).
UNSURE = (" is a name without a domain", "The name ends in .", " is a public suffix, under")


def test_the_table_is_the_installed_lists() -> None:
    """Made at release time from the pinned package: stale once either changes."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "psl_table.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ICANN" not in publicsuffix.PUBLIC_SUFFIX_RULES  # rules only, no comment survived


def test_every_rule_of_the_list_is_read_back() -> None:
    import publicsuffixlist

    from ..support.public_suffix import _sections

    def ascii_rule(rule: str) -> str:
        bang = "!" if rule.startswith("!") else ""
        labels = rule.removeprefix("!").split(".")
        encoded = [
            label if label.isascii() else "xn--" + label.encode("punycode").decode()
            for label in labels
        ]
        return bang + ".".join(encoded)

    rules = {ascii_rule(rule) for rules in _sections().values() for rule in rules}
    assert len(rules) > 9000  # both sections
    assert urlcheck._public_suffixes() == rules
    assert publicsuffixlist.PSLFILE  # the oracle is the package, not a copy of ours


@pytest.mark.parametrize(("host", "domain"), ISSUE_HOSTS.items())
def test_a_public_suffix_is_never_the_headline(host: str, domain: str) -> None:
    """Were headlined "windows.net", "myshopify.com", "gov.br" and "kawasaki.jp"."""
    check = urlcheck.check_url(f"https://{host}/")
    assert check.openable and check.headline == domain
    assert not any(part in warning for warning in check.warnings for part in UNSURE)


def test_the_headline_is_the_lists_registrable_domain() -> None:
    hosts = sample_hosts()
    kinds = {host.kind for host in hosts}
    assert {"exception", "wildcard", "idn", "icann-deep", "private-deep", "unknown"} <= kinds
    compared = refused = 0
    for host in hosts:
        check = urlcheck.check_url(f"https://{host.host}/path")
        if not check.openable:
            # letters a browser may read otherwise than IDNA 2003 does: refused, not shown
            assert check.refusal == "The host name has letters that browsers may read differently."
            refused += 1
            continue
        compared += 1
        assert check.domain == expected_headline(host), host
        assert check.headline in (check.domain, check.ascii_domain)
        unsure = [w for w in check.warnings if any(part in w for part in UNSURE)]
        assert len(unsure) == (host.domain is None), (host, check.warnings)
    assert compared >= 300 and refused <= compared // 50, (compared, refused)


@pytest.mark.parametrize(
    ("url", "headline", "why"),
    [
        ("https://intranet/", "intranet", "intranet is a name without a domain"),
        ("https://app.example.notatld/", "app.example.notatld", "ends in .notatld, which"),
        ("https://github.io/", "github.io", "github.io is a public suffix"),
        ("https://co.uk./", "co.uk", "co.uk is a public suffix"),
    ],
)
def test_where_the_check_cannot_be_sure_the_whole_host_is_headlined_and_why(
    url: str, headline: str, why: str
) -> None:
    check = urlcheck.check_url(url)
    assert check.openable and check.headline == headline
    assert why in check.warnings[0]


@pytest.mark.parametrize(
    "url", ["https://localhost:8443/", "http://app.localhost/", "https://127.0.0.1/"]
)
def test_this_computer_and_addresses_need_no_domain_warning(url: str) -> None:
    check = urlcheck.check_url(url)
    assert check.openable
    assert not any(part in warning for warning in check.warnings for part in UNSURE)
