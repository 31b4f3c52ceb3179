"""What the tests of the targets share: the formatter oracle (black and ruff format)."""

from __future__ import annotations

import pytest

from ..support.formatters import Formatters


@pytest.fixture(scope="session")
def formatters() -> Formatters:
    """What black and ruff format make of a text (tests/support/formatters.py)."""
    return Formatters()
