"""The router's default notice that a request was not shown: a line on the terminal (stderr),
one per server at a time, and one that counts the rest (issue 40, defect 6). Hosts with a screen
of their own give their runner a ``notify`` (mcp/qt.py, mcp/runners.py)."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import anyio
import anyio.from_thread
import anyio.lowlevel

from ..i18n import translation
from .requests import more_not_shown

#: Seconds between two "not shown" lines of one server on the terminal (the default notice);
#: the requests not shown in between are counted in one line at the end of it (written on the
#: router's event loop, if it still runs then).
NOTICE_QUIET = 2.0
#: Servers whose last line the terminal notice remembers, at most.
_MAX_TOLD = 64


class TerminalNotices:
    """The lines a router writes on stderr for requests it did not show, in its ``locale``
    (read at each line), each written under ``showing`` (the router's screen lock: never in the
    middle of a form on the same terminal)."""

    def __init__(self, locale: Callable[[], str], showing: Callable[[], anyio.Lock]) -> None:
        self._locale = locale
        self._showing = showing
        #: the last line of each server: (when, requests not shown since)
        self._told: dict[str, tuple[float, int]] = {}

    def line(self, server: str, reason: str) -> str | None:
        """What to write after ``<server>: ``, or ``None`` for nothing: a line per server at
        most every :data:`NOTICE_QUIET` seconds. The requests of that server not shown
        meanwhile are counted, and at the end of the quiet time one line says how many there
        were (``<server>: And 199 more requests were not shown.``); no answer waits for it."""
        now = time.monotonic()
        told = self._told.get(server)
        if told is None or now - told[0] >= NOTICE_QUIET:
            self._told.pop(server, None)
            self._told[server] = (now, 0)
            while len(self._told) > _MAX_TOLD:
                del self._told[next(iter(self._told))]
            return reason
        self._told[server] = (told[0], told[1] + 1)
        if not told[1]:  # the first request counted: its count is written when the time is up
            timer = threading.Timer(
                told[0] + NOTICE_QUIET - now,
                self._count_from_timer,
                (server, anyio.lowlevel.current_token()),
            )
            timer.daemon = True
            timer.start()
        return None

    def _count_from_timer(self, server: str, token: Any) -> None:
        """In the timer's thread: the count, written on the router's event loop."""
        with contextlib.suppress(Exception):  # the loop has ended: nobody left to tell
            anyio.from_thread.run(self._write_count, server, token=token)

    async def _write_count(self, server: str) -> None:
        count = self._told.pop(server, (0.0, 0))[1]
        self._told[server] = (time.monotonic(), 0)
        if not count:
            return
        async with self._showing():  # not in the middle of a form on the same terminal
            self.write(server, more_not_shown(translation(self._locale()), count))

    def write(self, server: str, notice: str) -> None:
        """``<server>: <notice>`` on stderr."""
        err = sys.stderr
        if err is None:
            return
        tr = translation(self._locale())
        try:
            err.write(tr.gettext("{server}: {notice}", server=server, notice=notice) + "\n")
            err.flush()
        except (OSError, ValueError):
            pass
