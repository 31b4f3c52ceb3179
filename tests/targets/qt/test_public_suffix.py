"""The Qt consent dialog names the site by the real Public Suffix List (issue 40, defect 1): for
hosts drawn from every kind of rule, the headline label holds the registrable domain the list
gives (or the whole host, the first warning saying why), never the public suffix above it."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from ...support.consent import Recorder, import_generated, write_generated
from ...support.public_suffix import ISSUE_HOSTS, expected_headline, sample_hosts


@pytest.fixture(scope="module")
def consent(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    path: Path = write_generated("qt", tmp_path_factory.mktemp("url_consent"))
    return import_generated(path)


def drawn(qtbot: QtBot, consent: ModuleType, url: str) -> tuple[str, list[str]]:
    """The dialog's headline and warnings for ``url`` (built, not answered; nothing opens)."""
    opener = Recorder()
    dialog: Any = consent.UrlConsentDialog("Sign in.", url, opener=opener)
    qtbot.addWidget(dialog)
    found = {w.objectName(): w for w in dialog.findChildren(QLabel)}
    warnings = [w.text() for w in dialog.findChildren(QLabel) if w.objectName() == "warning"]
    headline = found["domain"].text()
    dialog.close()
    assert opener.calls == []
    return headline, warnings


@pytest.mark.parametrize(("host", "domain"), ISSUE_HOSTS.items())
def test_the_owners_domain_is_the_headline(
    qtbot: QtBot, consent: ModuleType, host: str, domain: str
) -> None:
    assert drawn(qtbot, consent, f"https://{host}/") == (domain, [])


def test_every_sampled_host_is_headlined_as_the_list_says(
    qtbot: QtBot, consent: ModuleType
) -> None:
    for host in sample_hosts():
        url = f"https://{host.host}/"
        check = consent.check_url(url)
        headline, warnings = drawn(qtbot, consent, url)
        assert check.domain == expected_headline(host), url
        assert headline == check.headline, url
        assert len(warnings) == len(check.warnings), url
