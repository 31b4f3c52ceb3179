"""An asyncio loop in a thread of its own: the MCP client's, while the GUI toolkit keeps the main
thread (Qt widgets live there)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from typing import Any


class LoopThread:
    """An asyncio loop running in a daemon thread (an MCP client's), the GUI in the main one."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="mcp-client", daemon=True)
        self.thread.start()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call_soon(self, callback: Any) -> None:
        self.loop.call_soon_threadsafe(callback)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        assert not self.thread.is_alive(), "the client's loop did not stop"
        self.loop.close()
