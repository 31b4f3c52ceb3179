"""Regenerates the screenshots of the URL-mode consent screens, one per UI target, all showing
the same request: a server that sends the user to a look-alike host (a Cyrillic "а" in
"аpple.com"), so that the pictures show the warnings too.

    python scripts/screenshots_url_consent.py [--out DIR] [--only qt,textual,cli,html]

Writes docs/screenshots/url-consent-qt.png, url-consent-textual.svg, url-consent-cli.txt and
url-consent-html.png (the question, before the user answers), and the same screens after Open
in a 2026-07-28 session, waiting for "I've finished": url-consent-qt-2026.png,
url-consent-textual-2026.svg, url-consent-html-2026.png, and url-consent-cli-2026.txt (that
session, then one on a machine with no browser). Every screen is the one elicit-gen generates
(``load_url_consent``), run for real: Qt offscreen, Textual under its pilot, the CLI under a
pseudo-terminal, HTML in headless Chromium. Nothing is opened: the openers record nothing, the
terminal's browser is ``true``, and the page's link is stopped before it opens a tab.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TZ"] = "UTC"
if hasattr(time, "tzset"):
    time.tzset()

ROOT = Path(__file__).resolve().parent.parent
SERVER = "Acme CRM"
MESSAGE = "Sign in to your Apple account so that Acme can read your calendar."
URL = "https://\u0430pple.com/oauth/authorize?client=acme&state=7f3a"
NEW = "2026-07-28"


def _no_open(url: str) -> bool:
    """An opener that opens nothing (the screenshots must not start a browser)."""
    return True


def qt(out: Path) -> Path:
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    import elicit_gen

    app = QApplication.instance() or QApplication(["screenshots"])
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setFont(QFont("DejaVu Sans", 10))
    module = elicit_gen.load_url_consent("qt")
    dialog = module.UrlConsentDialog(MESSAGE, URL, server=SERVER, elicitation_id="e-7f3a")
    dialog.show()
    app.processEvents()
    dialog.resize(dialog.sizeHint())
    app.processEvents()
    target = out / "url-consent-qt.png"
    dialog.grab().save(str(target))
    dialog.cancel()
    waiting = module.UrlConsentDialog(MESSAGE, URL, server=SERVER, revision=NEW, opener=_no_open)
    waiting.show()
    app.processEvents()
    waiting.open_in_browser()
    app.processEvents()
    waiting.resize(waiting.sizeHint())
    app.processEvents()
    waiting.grab().save(str(out / "url-consent-qt-2026.png"))
    waiting.cancel()
    return target


def textual(out: Path) -> Path:
    import elicit_gen

    module = elicit_gen.load_url_consent("textual")
    target = out / "url-consent-textual.svg"

    async def shoot() -> None:
        app = module.UrlConsentApp(MESSAGE, URL, server=SERVER, elicitation_id="e-7f3a")
        async with app.run_test(size=(90, 32)) as pilot:
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            app.save_screenshot(filename=target.name, path=str(target.parent))
            await pilot.press("escape")

    async def shoot_waiting() -> None:
        app = module.UrlConsentApp(MESSAGE, URL, server=SERVER, revision=NEW, opener=_no_open)
        async with app.run_test(size=(90, 32)) as pilot:
            await pilot.pause()
            await pilot.click("#open")
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            app.save_screenshot(filename="url-consent-textual-2026.svg", path=str(target.parent))
            await pilot.press("escape")

    asyncio.run(shoot())
    asyncio.run(shoot_waiting())
    return target


def cli(out: Path) -> Path:
    import elicit_gen
    from tests.support.cli import PtySession

    (generated,) = elicit_gen.compile_url_consent("cli")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / generated.name
        path.write_text(generated.text, encoding="utf-8")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
        session = PtySession(path, "--server", SERVER, "--message", MESSAGE, URL, env=env)
        try:
            session.answer("c", prompt="[c]ancel: ")
            answer, _code = session.finish()
        finally:
            session.kill()
    command = f"$ python {generated.name} --server '{SERVER}' --message '...' '{URL}'\n"
    target = out / "url-consent-cli.txt"
    target.write_text(command + session.screen + answer, encoding="utf-8")
    sessions = [
        # a 2026-07-28 session: the browser ("true": opens nothing) starts, then "finished"
        (["--revision", NEW], {"BROWSER": "true"}, ["o", "f"]),
        # no browser on this machine (no BROWSER, no DISPLAY, nothing on PATH): 2025-11-25
        ([], {}, ["o", "o"]),
    ]
    texts = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / generated.name
        path.write_text(generated.text, encoding="utf-8")
        empty = Path(tmp) / "empty"
        empty.mkdir()
        for options, extra, keys in sessions:
            env = {"PATH": str(empty), "TERM": "xterm", "LANG": "C.UTF-8", **extra}
            if extra:
                env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
            args = ("--server", SERVER, "--message", MESSAGE, *options, URL)
            session = PtySession(path, *args, env=env)
            try:
                for key in keys:
                    session.answer(key, prompt="[c]ancel: ")
                answer, _code = session.finish()
            finally:
                session.kill()
            shown = " ".join([*options, f"'{URL}'"])
            note = "(a 2026-07-28 session)" if options else "(no browser on this machine)"
            command = f"$ python {generated.name} --server '{SERVER}' --message '...' {shown}"
            texts.append(f"{note}\n{command}\n{session.screen}{answer}")
    (out / "url-consent-cli-2026.txt").write_text("\n".join(texts), encoding="utf-8")
    return target


def html(out: Path) -> Path:
    from playwright.sync_api import sync_playwright

    import elicit_gen

    page_text = elicit_gen.load_url_consent("html")
    target = out / "url-consent-html.png"
    with tempfile.TemporaryDirectory() as tmp:
        page_path = Path(tmp) / "url_consent.html"
        page_path.write_text(page_text, encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            try:
                page = browser.new_page(viewport={"width": 760, "height": 640})
                page.goto(page_path.as_uri())
                request = {"message": MESSAGE, "url": URL, "server": SERVER, "elicitationId": "e"}
                # showUrl returns the answer's Promise: do not wait for it
                page.evaluate("(request) => { window.elicitation.showUrl(request); }", request)
                page.wait_for_timeout(200)
                page.screenshot(path=str(target), full_page=True)
                page = browser.new_page(viewport={"width": 760, "height": 640})
                page.goto(page_path.as_uri())
                page.evaluate(
                    "(request) => { window.elicitation.showUrl(request); }",
                    {**request, "revision": NEW},
                )
                # A middle click opens the link as a click does; the tab itself is stopped.
                page.evaluate(
                    "window.addEventListener('auxclick', (e) => e.preventDefault(), true)"
                )
                page.click("#eg-open", button="middle")
                page.wait_for_selector("#eg-finished", state="visible")
                page.wait_for_timeout(200)
                page.screenshot(path=str(out / "url-consent-html-2026.png"), full_page=True)
            finally:
                browser.close()
    return target


SHOTS = {"qt": qt, "textual": textual, "cli": cli, "html": html}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", default=",".join(SHOTS), help="comma-separated targets")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only.split(","):
        target = SHOTS[name](args.out)
        print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
