"""Regenerates the screenshots of the html target: docs/screenshots/html-<example>-<scheme>.png.

Usage: python scripts/screenshots_html.py [--chromium /usr/bin/chromium]

Each example in examples/ is compiled with the html target, opened from disk in headless
Chromium (Playwright for Python) in the light and the dark colour scheme, given a server name,
and photographed whole. The every_kind example is shown after a submit with one field wrong,
so that the screenshots also show how errors look. Two more show issue 16's layouts and keys: a
GitHub-issue form (html-github_issue-<scheme>.png: a long message as body text, eight labels
in columns, a Markdown description in a multi-line box) and the question Escape asks on a
changed contact form (html-contact-discard-<scheme>.png). The Chinese travel-booking form (golden
case travel_booking_zh, compiled with locale zh-CN, issue 18) is shot as loaded
(html-travel_booking_zh-<scheme>.png), after a submit with wrong answers
(html-travel_booking_zh-errors-<scheme>.png) and 320 px wide
(html-travel_booking_zh-narrow-light.png), in a zh-CN browser.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import elicit_gen  # noqa: E402

EXAMPLES = ("contact", "travel_booking", "every_kind")
SCHEMES = ("light", "dark")
SERVER = "Acme Travel"
SERVER_ZH = "环球旅行"
ZH_CASE = ROOT / "golden" / "cases" / "travel_booking_zh.json"

#: A GitHub-issue form (issue 16): a titled single-select, many labels, a Markdown description.
GITHUB_ISSUE = {
    # Longer than a heading: shown as body text (issue 16 item 11).
    "message": (
        "octo-bot would like to open an issue in octo-org/widgets for you. Check the title "
        "and the labels: nothing is filed until you submit."
    ),
    "requestedSchema": {
        "type": "object",
        "properties": {
            "title": {"type": "string", "title": "Title", "minLength": 5, "maxLength": 80},
            "kind": {
                "type": "string",
                "title": "Kind",
                "oneOf": [
                    {"const": "bug", "title": "Bug report"},
                    {"const": "feature", "title": "Feature request"},
                ],
                "default": "bug",
            },
            "labels": {
                "type": "array",
                "title": "Labels",
                "items": {
                    "type": "string",
                    "enum": [
                        "bug",
                        "enhancement",
                        "documentation",
                        "question",
                        "help wanted",
                        "good first issue",
                        "performance",
                        "security",
                    ],
                },
                "maxItems": 3,
            },
            "body": {
                "type": "string",
                "title": "Description",
                "description": "What happened, and what you expected. Markdown is supported.",
            },
        },
        "required": ["title", "kind"],
    },
}
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
        github_issue = Path(tmp) / "github_issue.json"
        github_issue.write_text(json.dumps(GITHUB_ISSUE), encoding="utf-8")
        shots = [(e, ROOT / "examples" / f"{e}.json", "") for e in EXAMPLES]
        shots += [("github_issue", github_issue, ""), ("contact", None, "discard")]
        shots += [("travel_booking_zh", ZH_CASE, s) for s in ("", "errors", "narrow")]
        for example, path, state in shots:
            source = path or ROOT / "examples" / f"{example}.json"
            chinese = example.endswith("_zh")
            result = elicit_gen.compile(
                source,
                ["html"],
                name=f"{source.parent.name}/{source.name}",
                locale="zh-CN" if chinese else "en",
            )
            page_path = Path(tmp) / result.files[0].name
            page_path.write_text(result.files[0].text, encoding="utf-8")
            for scheme in SCHEMES:
                if state == "narrow" and scheme == "dark":
                    continue
                context = browser.new_context(
                    color_scheme=scheme,
                    viewport={"width": 320 if state == "narrow" else 760, "height": 600},
                    device_scale_factor=1,
                    timezone_id="Asia/Shanghai" if chinese else "Europe/Madrid",
                    locale="zh-CN" if chinese else "en-GB",
                )
                page = context.new_page()
                server = quote(SERVER_ZH if chinese else SERVER)
                page.goto(page_path.as_uri() + "?server=" + server)
                if state == "errors":
                    page.fill('[id="f-fullname"]', "王")
                    page.fill('[id="f-email"]', "wang.example.com")
                    page.fill('[id="f-travellers"]', "12")
                    page.click("#eg-accept")
                    page.evaluate("document.activeElement.blur()")
                if example == "every_kind":
                    page.fill('[id="f-owner-email"]', "ada.example.com")
                    page.check('[id="f-features_0"]')
                    page.click("#eg-accept")
                    page.evaluate("document.activeElement.blur()")
                if example == "github_issue":
                    page.fill('[id="f-title"]', "Export fails on files over 2 GB")
                    page.check('[id="f-labels_0"]')
                    page.check('[id="f-labels_6"]')
                    page.fill(
                        '[id="f-body"]',
                        "Steps:\n1. Export a 3 GB project\n2. See *Error 413*\n\n"
                        "Expected: the export finishes.",
                    )
                    page.evaluate("document.activeElement.blur()")
                if state == "discard":
                    # The modal's backdrop covers the viewport: make it hold the whole page.
                    height = page.evaluate("document.documentElement.scrollHeight")
                    page.set_viewport_size({"width": 760, "height": height})
                    page.fill('[id="f-name"]', "Ada Lovelace")
                    page.keyboard.press("Escape")
                page.mouse.move(0, 0)
                suffix = f"-{state}" if state else ""
                target = args.out / f"html-{example}{suffix}-{scheme}.png"
                # The discard question: the viewport (its backdrop covers it); others: whole.
                whole = state != "discard"
                page.screenshot(path=str(target), full_page=whole, animations="disabled")
                print(target.relative_to(ROOT))
                context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
