"""Shared pytest setup: the golden-file option, an MCP client's loop, the one headless Chromium
fixture (the browser tests of tests/runtime/ and tests/targets/) and the one command-line runner
(the tests of tests/cli/, build/, rules/ and i18n/)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .support.html import launch
from .support.loop import LoopThread
from .support.run import CliRun, elicit_gen

# Tests import generated modules from temporary folders and check that an import creates no
# file: the interpreter's bytecode cache (__pycache__) is not the module's doing, and whether it
# is written must not depend on the caller's PYTHONDONTWRITEBYTECODE (a plain shell has none).
sys.dont_write_bytecode = True

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite golden/ expected files from the current output (review the diff!)",
    )


#: The slowest test files first (tests/slowest_first.txt, written by scripts/slowest_first.py
#: from a --durations=0 log): pytest-xdist's --dist loadfile hands files out in the order
#: collected, so a long file collected last kept a worker busy alone at the end. Longest first,
#: the rest in their own order, is the schedule that ends soonest. A file missing there only
#: runs later.
_LISTED = (Path(__file__).parent / "slowest_first.txt").read_text("utf-8").splitlines()
SLOWEST_FIRST = tuple(name for line in _LISTED if (name := line.partition("#")[0].strip()))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The files of :data:`SLOWEST_FIRST` first, in that order; every file's tests keep theirs."""
    rank = {name: index for index, name in enumerate(SLOWEST_FIRST)}

    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], len(rank)))


@pytest.fixture(scope="module")
def client_loop() -> Iterator[LoopThread]:
    """An MCP client's asyncio loop in a thread of its own, for the tests of one module."""
    looper = LoopThread()
    yield looper
    looper.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (Playwright, Debian's chromium: tests/support/html.py) for the tests of
    one module; skipped where Playwright or Chromium is missing."""
    with launch() as found:
        yield found


@pytest.fixture(scope="session")
def run_cli() -> CliRun:
    """``python -m elicit_gen`` as a subprocess, never a traceback (tests/support/run.py)."""
    return elicit_gen
