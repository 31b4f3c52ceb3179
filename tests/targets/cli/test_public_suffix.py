"""The cli consent prompt names the site by the real Public Suffix List (issue 40, defect 1):
for hosts drawn from every kind of rule, the "Web site:" line and the question headline the
registrable domain the list gives (or the whole host, with the warning that says why), never
the public suffix above it."""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType

import pytest

from ...support.cli import Script
from ...support.consent import Recorder, import_generated, write_generated
from ...support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts


@pytest.fixture(scope="module")
def consent(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    path: Path = write_generated("cli", tmp_path_factory.mktemp("url_consent"))
    return import_generated(path)


def screen(consent: ModuleType, url: str) -> str:
    """What the prompt writes before it is answered Cancel; nothing opens."""
    err = io.StringIO()
    opener = Recorder()
    result = consent.elicit_url("Sign in.", url, stdin=Script(["c"]), stderr=err, opener=opener)
    assert result == {"action": "cancel"} and opener.calls == []
    return err.getvalue()


def headline_of(text: str) -> str:
    line = next(line for line in text.splitlines() if line.startswith("  Web site:  "))
    return line.removeprefix("  Web site:  ")


@pytest.mark.parametrize(("host", "domain"), ISSUE_HOSTS.items())
def test_the_owners_domain_is_the_headline(consent: ModuleType, host: str, domain: str) -> None:
    text = screen(consent, f"https://{host}/")
    assert headline_of(text) == domain
    assert f"Open {domain} in your browser?" in text
    assert "Warning:" not in text


def test_every_sampled_host_is_headlined_as_the_list_says(consent: ModuleType) -> None:
    for host in sample_hosts():
        url = f"https://{host.host}/"
        check = consent.check_url(url)
        text = screen(consent, url)
        assert check.domain == expected_headline(host), url
        assert headline_of(text) == check.headline, url
        for warning in check.warnings:
            assert f"  Warning: {warning}\n" in text, url
