"""Signals in the rename phase: while :class:`.staging.Staging` renames its files into place,
a signal handler that would interrupt records the signal instead, and the phase raises it once
every rename is done (so an interrupted run replaced every changed output or none).

A module of its own, importing nothing heavy: the CLI's handlers ask :func:`interrupt_now` from
the first moment they are installed, before (or while) the staging module is imported.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


class _Deferral:
    """While ``active``, a signal handler that would interrupt records the signal instead."""

    active = False
    pending: int | None = None


def interrupt_now(signum: int) -> bool:
    """For signal handlers: False (and the signal is remembered) inside the rename phase."""
    if _Deferral.active:
        _Deferral.pending = signum
        return False
    return True


@contextlib.contextmanager
def deferring_signals() -> Iterator[None]:
    """The rename phase: a signal that lands in it is raised (as KeyboardInterrupt) at its end."""
    _Deferral.active, _Deferral.pending = True, None
    try:
        yield
    finally:
        _Deferral.active = False
    if _Deferral.pending is not None:
        _Deferral.pending = None
        raise KeyboardInterrupt
