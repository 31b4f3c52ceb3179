"""What the MCP tests share: the real-servers harness's table (tests/support/differential.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..support.differential import summary


@pytest.fixture(scope="module")
def real_servers_summary() -> Iterator[None]:
    """Prints the harness's table (shown, diffed, refused...) once a module's servers are done:
    run with ``-s`` to read it. Every family so far: the counts accumulate over the session."""
    yield
    print(summary())
