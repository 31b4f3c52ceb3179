"""What the Textual target's tests share."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest


@pytest.fixture
def paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The local time zone is Europe/Paris (+01:00 in winter, +02:00 in summer): a date-time
    note shows that offset."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
