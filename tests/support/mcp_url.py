"""What the URL-mode MCP tests share: the destination URL, a recorder standing in for the
browser, a user scripted at the cli consent screen, and a bounded wait."""

from __future__ import annotations

import io
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import anyio
import anyio.to_thread

from elicit_gen.mcp import UrlRequest

from .cli import Script

URL = "https://auth.example.com/start?flow=7f3a"


class Opened:
    """Stands in for the browser: records each URL the consent screen opens."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def __call__(self, url: str) -> bool:
        self.urls.append(url)
        return True


class ScriptedUser:
    """A runner whose user types ``lines`` into the cli consent screen (in a worker thread, as
    ``run_url_in_thread`` runs it), with the browser replaced by ``opened``. Keeps every screen's
    text and each completion notice; counts screens shown at once."""

    def __init__(self, lines: list[str], opened: Opened) -> None:
        self.lines = lines
        self.opened = opened
        self.screens: list[str] = []
        self.notices: list[str] = []
        self.showing = 0
        self.most = 0
        self.before_answer: list[list[str]] = []

    async def __call__(self, module: ModuleType, message: str, server: str | None) -> Any:
        raise AssertionError("no form-mode request in these tests")

    async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
        self.showing += 1
        self.most = max(self.most, self.showing)
        err = io.StringIO()
        seen_before = list(self.opened.urls)

        def ask() -> Mapping[str, Any]:
            result: Mapping[str, Any] = module.elicit_url(
                request.message,
                request.url,
                server=request.server,
                elicitation_id=request.elicitation_id,
                opener=self.opened,
                stdin=Script(self.lines),
                stderr=err,
            )
            return result

        await anyio.sleep(0.05)  # a concurrent request gets the chance to show its screen too
        result = await anyio.to_thread.run_sync(ask)
        self.before_answer.append(seen_before)
        self.screens.append(err.getvalue())
        self.showing -= 1
        return result

    def complete_url(self, module: ModuleType, request: UrlRequest) -> None:
        err = io.StringIO()
        module.complete_notice(request.url, server=request.server, stderr=err)
        self.notices.append(err.getvalue())


async def wait_for(condition: Any, seconds: float = 10) -> None:
    with anyio.fail_after(seconds):
        while not condition():
            await anyio.sleep(0.02)
