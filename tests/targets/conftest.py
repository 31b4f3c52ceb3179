"""What the tests of the targets share: the formatter oracle (black and ruff format) and whether
to rewrite the goldens (``--update-golden``, declared in tests/conftest.py)."""

from __future__ import annotations

import pytest

from ..support.formatters import Formatters


@pytest.fixture(scope="session")
def formatters() -> Formatters:
    """What black and ruff format make of a text (tests/support/formatters.py)."""
    return Formatters()


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
