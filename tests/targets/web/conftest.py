"""The web target's elements in headless Chromium, on a host page served under a strict
Content-Security-Policy from a made-up origin (every request is answered by a route: the page,
the module, nothing else; anything else is recorded and aborted, so nothing reaches the
network). The module is what ``elicit-gen --target web`` writes (the minified, shipped one)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from elicit_gen.targets.web import MODULE_NAME, shipped_module

from ...support.html import RECORDER, TIME_ZONE

ORIGIN = "https://host.test"
#: The host page's policy: scripts only from its own origin, no style it did not ship, no
#: network, Trusted Types enforced (no markup from strings).
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'none'",
        "img-src 'none'",
        "font-src 'none'",
        "connect-src 'none'",
        "frame-src 'none'",
        "form-action 'none'",
        "base-uri 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types 'none'",
    )
)
HOST_PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host</title>
<script type="module" src="{MODULE_NAME}"></script>
</head>
<body>
<main id="host"><h1>Host</h1></main>
</body>
</html>
"""
#: Every wait of these tests, at most (ms).
TIMEOUT = 10_000


@dataclass
class Host:
    """A host page with the module loaded: ``foreign`` lists every request the routes refused
    (anything but the page and the module)."""

    page: Any
    foreign: list[str] = field(default_factory=list)

    def log(self) -> dict[str, list[str]]:
        return self.page.evaluate("() => window.__egLog")  # type: ignore[no-any-return]

    def events(self) -> list[Any]:
        return [json.loads(e) for e in self.log()["events"]]

    def wait_events(self, count: int) -> list[Any]:
        self.page.wait_for_function(
            f"() => window.__egLog.events.length >= {count}", timeout=TIMEOUT
        )
        return self.events()

    def clean(self) -> None:
        """No page error, no CSP violation, no request but the page's own."""
        log = self.log()
        assert log["errors"] == [] and log["violations"] == [] and self.foreign == []

    def add(self, tag: str, props: dict[str, Any]) -> None:
        """Appends a ``tag`` element with ``props`` set (in this order) to the host page."""
        self.page.evaluate(
            """([tag, props]) => {
                const element = document.createElement(tag);
                element.id = "subject";
                for (const [name, value] of Object.entries(props)) element[name] = value;
                document.getElementById("host").append(element);
            }""",
            [tag, props],
        )


def open_host(browser: Any, *, module: str | None = None, **context: Any) -> tuple[Any, Host]:
    """A new context and host page (``module``: another text than the target's)."""
    ctx = browser.new_context(timezone_id=TIME_ZONE, locale="en-US", **context)
    ctx.set_default_timeout(TIMEOUT)
    page = ctx.new_page()
    host = Host(page)
    files = {
        f"{ORIGIN}/": ("text/html", HOST_PAGE),
        f"{ORIGIN}/{MODULE_NAME}": ("text/javascript", module or shipped_module()),
    }

    def route(route: Any) -> None:
        url = route.request.url
        if url in files:
            kind, body = files[url]
            route.fulfill(status=200, content_type=kind, body=body)
        else:
            host.foreign.append(url)
            route.abort()

    ctx.route("**/*", route)
    page.add_init_script(RECORDER)
    page.goto(f"{ORIGIN}/", timeout=TIMEOUT)
    page.wait_for_function(
        "() => customElements.get('elicitation-url-consent')",
        timeout=TIMEOUT,
    )
    return ctx, host


@pytest.fixture
def host(browser: Any) -> Iterator[Host]:
    ctx, found = open_host(browser)
    try:
        yield found
    finally:
        ctx.close()
