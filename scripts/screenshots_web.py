"""Regenerates the screenshots of the web target: docs/screenshots/web-<what>-<scheme>.png.

Usage: python scripts/screenshots_web.py [--chromium /usr/bin/chromium]

The example page (examples/web/index.html) is served with the module ``elicit-gen --target web``
writes, in headless Chromium (Playwright for Python), in the light and the dark colour scheme:
the every-kind example pasted into it and shown by ``<elicitation-form>`` after a submit with
one field wrong (web-every_kind-<scheme>.png), a refused schema (web-refused-light.png) and
``<elicitation-url-consent>`` on a look-alike address (web-url-consent-light.png). Nothing
reaches the network: every request is answered by a route.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.targets.web import MODULE_NAME, shipped_module  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
EXAMPLE = ROOT / "examples" / "web"
ORIGIN = "https://example.test"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
SCHEMES = ("light", "dark")


def serve(context: Any) -> None:
    files = {
        f"/{p.name}": p.read_text(encoding="utf-8") for p in EXAMPLE.iterdir() if p.suffix in TYPES
    }
    files[f"/{MODULE_NAME}"] = shipped_module()
    files["/"] = files["/index.html"]

    def route(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        if path in files:
            kind = TYPES.get(Path(path).suffix, "text/html")
            route.fulfill(status=200, content_type=kind, body=files[path])
        else:
            route.abort()

    context.route("**/*", route)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    every_kind = json.loads((ROOT / "examples" / "every_kind.json").read_text(encoding="utf-8"))
    schema = every_kind.get("requestedSchema", every_kind)
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        for scheme in SCHEMES:
            context = browser.new_context(
                color_scheme=scheme,
                viewport={"width": 1280, "height": 900},
                timezone_id="Europe/Berlin",
            )
            serve(context)
            page = context.new_page()
            page.goto(f"{ORIGIN}/")
            page.fill("#schema", json.dumps(schema, indent=2))
            page.fill("#message", every_kind.get("message", ""))
            page.click("#show")
            page.wait_for_selector("#eg-accept")
            first = page.query_selector("elicitation-form input.input")
            if first is not None:
                first.fill("x")
            page.click("#eg-accept")
            page.locator("elicitation-form").screenshot(
                path=str(OUT / f"web-every_kind-{scheme}.png")
            )
            if scheme == "light":
                page.fill("#schema", json.dumps({"type": "object", "properties": {
                    "address": {"type": "object", "properties": {"city": {"type": "string"}}},
                    "password": {"type": "string"}}}))  # fmt: skip
                page.click("#show")
                page.wait_for_selector(".refused-reasons li")
                page.locator("elicitation-form").screenshot(path=str(OUT / "web-refused-light.png"))
                page.evaluate(
                    """() => { const e = document.createElement("elicitation-url-consent");
                    e.server = "Acme Travel"; e.message = "Sign in to your account to continue.";
                    e.url = "https://\u0430pple.com/signin";  // a Cyrillic a: a look-alike
                    document.getElementById("stage").replaceChildren(e); }"""
                )
                page.wait_for_selector("#eg-decline")
                page.locator("elicitation-url-consent").screenshot(
                    path=str(OUT / "web-url-consent-light.png")
                )
            context.close()
        browser.close()
    for name in sorted(OUT.glob("web-*.png")):
        print(f"wrote {name.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
