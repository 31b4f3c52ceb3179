"""The Textual consent screen names the site by the real Public Suffix List (issue 40, defect 1):
for hosts drawn from every kind of rule, the headline (``#domain``) holds the registrable domain
the list gives (or the whole host, a warning saying why), never the public suffix above it.
One host app shows the screens one after another (a screen is dismissed before the next); the
module's own check_url is held to the list on every sampled host."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from ...support.consent import Recorder, import_generated, write_generated
from ...support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts
from ...support.textual import in_host


@pytest.fixture(scope="module")
def consent(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    path: Path = write_generated("textual", tmp_path_factory.mktemp("url_consent"))
    return import_generated(path)


def drawn(consent: ModuleType, urls: list[str]) -> list[tuple[str, int]]:
    """Each URL's screen: its headline and how many warnings it shows (nothing opens)."""
    seen: list[tuple[str, int]] = []
    opener = Recorder()

    async def script(pilot: Pilot[None]) -> None:
        for url in urls:
            screen = consent.UrlConsentScreen("Sign in.", url, server="Acme", opener=opener)
            await pilot.app.push_screen(screen)
            await pilot.pause()
            headline = str(screen.query_one("#domain", Static).content)
            seen.append((headline, len(screen.query(".warning"))))
            screen.dismiss(None)
            await pilot.pause()

    in_host(script)
    assert opener.calls == []
    return seen


def test_the_owners_domains_are_the_headlines(consent: ModuleType) -> None:
    seen = drawn(consent, [f"https://{host}/" for host in ISSUE_HOSTS])
    assert seen == [(domain, 0) for domain in ISSUE_HOSTS.values()]


def test_the_modules_check_gives_the_lists_domain_on_every_sampled_host(
    consent: ModuleType,
) -> None:
    for host in sample_hosts():
        check: Any = consent.check_url(f"https://{host.host}/")
        assert check.domain == expected_headline(host), host


def test_a_screen_of_each_kind_of_rule_headlines_what_the_check_says(consent: ModuleType) -> None:
    """A screen costs about 0.3 s here (the cli, Qt and web screens draw every sampled host):
    the first three hosts of each kind of rule (the suffix itself, a name under it, a name
    under that) are drawn."""
    kinds: dict[str, list[Any]] = {}
    for host in sample_hosts():
        found = kinds.setdefault(host.kind, [])
        if len(found) < 3:
            found.append(host)
    chosen = [host for found in kinds.values() for host in found]
    assert len(kinds) >= 9
    urls = [f"https://{host.host}/" for host in chosen]
    for host, url, (headline, warnings) in zip(chosen, urls, drawn(consent, urls), strict=True):
        check: Any = consent.check_url(url)
        assert check.domain == expected_headline(host), url
        assert headline == check.headline, url
        assert warnings == len(check.warnings), url
