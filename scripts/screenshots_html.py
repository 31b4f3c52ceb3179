"""Regenerates the screenshots of the html target: docs/screenshots/html-<example>-<scheme>.png.

Usage: python scripts/screenshots_html.py [--chromium /usr/bin/chromium]

Each example in examples/ is compiled with the html target, opened from disk in headless
Chromium (Playwright for Python) in the light and the dark colour scheme, given a server name,
and photographed whole. The every_kind example is shown after a submit with one field wrong,
so that the screenshots also show how errors look.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import elicit_gen  # noqa: E402

EXAMPLES = ("contact", "travel_booking", "every_kind")
SCHEMES = ("light", "dark")
SERVER = "Acme Travel"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
        for example in EXAMPLES:
            source = ROOT / "examples" / f"{example}.json"
            result = elicit_gen.compile(source, ["html"], name=f"examples/{example}.json")
            page_path = Path(tmp) / result.files[0].name
            page_path.write_text(result.files[0].text, encoding="utf-8")
            for scheme in SCHEMES:
                context = browser.new_context(
                    color_scheme=scheme,
                    viewport={"width": 760, "height": 600},
                    device_scale_factor=1,
                    timezone_id="Europe/Madrid",
                    locale="en-GB",
                )
                page = context.new_page()
                page.goto(page_path.as_uri() + "?server=" + SERVER.replace(" ", "%20"))
                if example == "every_kind":
                    page.fill('[id="f-owner-email"]', "ada.example.com")
                    page.check('[id="f-features_0"]')
                    page.click("#eg-accept")
                    page.evaluate("document.activeElement.blur()")
                page.mouse.move(0, 0)
                target = args.out / f"html-{example}-{scheme}.png"
                page.screenshot(path=str(target), full_page=True, animations="disabled")
                print(target.relative_to(ROOT))
                context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
