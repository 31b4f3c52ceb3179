"""How long one form inside the run-time limits takes to show (run by hand, never as a test):
``python benchmarks/show_cost.py [--runs N] [--against PATH]``.

Writes a Markdown table to benchmarks/show_cost.md (and stdout). Issue 40, item 11: the Qt
dialog laid out every character of a server's text, and the worst request inside the limits
(elicit_gen/live/limits.py: 256 KB, 10,000 characters a string, 100 fields) kept the GUI thread
for seconds. Each row is one such request, shown:

  qt         the form's dialog (``load_form(schema, "qt")``, offscreen): built (the constructor),
             shown (``show()`` and the events that follows), one resize; the load itself apart
  consent    the Qt URL consent dialog with a 10,000-character message
  web        ``<elicitation-form>`` in headless Chromium (/usr/bin/chromium): from creating the
             element and setting ``requestedSchema`` and ``message`` to the frame after its
             layout (two animation frames, a forced layout between them), on the shipped module

Figures are the median and the worst of ``--runs`` showings (the Qt load is cached after the
first; the element is made anew each time). ``--against PATH`` measures the same rows, side by
side, with the ``elicit_gen`` package of another checkout (its PYTHONPATH), such as the main
branch before a change.

PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` at each call of a method that
returns nothing (``QComboBox.addItem``, ``QLabel.setText``, ...): after about 5,000 such calls a
process dies with "none_dealloc" (None is immortal only from Python 3.12). A select of 40 x 495
options makes 19,800 such calls; the script holds a million extra references to ``None`` so
that it can measure those rows at all (a real client on that pair would crash).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "benchmarks" / "show_cost.md"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
WORDS = "lorem ipsum dolor sit amet, consectetur adipiscing elit; "

#: See the module's docstring: PySide6 6.12.0 on Python 3.11.
_NONE_RESERVE = [None] * 1_000_000


def prose(length: int, seed: str = "") -> str:
    return ((seed + " " + WORDS) * (length // len(WORDS) + 2))[:length]


def strings(fields: int, description: Callable[[int], str]) -> dict[str, Any]:
    properties = {
        f"f{i}": {"type": "string", "title": f"Field {i}", "description": description(i)}
        for i in range(fields)
    }
    return {"type": "object", "properties": properties}


def selects(fields: int = 40, options: int = 495) -> dict[str, Any]:
    enum = [f"o{j}" for j in range(options)]
    properties = {f"s{i}": {"type": "string", "enum": enum} for i in range(fields)}
    return {"type": "object", "properties": properties}


#: Name -> (requestedSchema, message): each inside the default limits.
CASES: dict[str, Callable[[], tuple[dict[str, Any], str]]] = {
    "issue 40's form: 24 x 9,990-character descriptions, a 9,999-character message": lambda: (
        strings(24, lambda i: prose(9_990, str(i))),
        prose(9_999, "message"),
    ),
    "the same, each text one word (no place to wrap)": lambda: (
        strings(24, lambda i: "x" * 9_990),
        "m" * 9_999,
    ),
    "16 descriptions of 4,995 lines, a message of 4,999": lambda: (
        strings(16, lambda i: "a\n" * 4_995),
        "b\n" * 4_999,
    ),
    "100 fields x 2,400-character descriptions": lambda: (
        strings(100, lambda i: prose(2_400, str(i))),
        prose(9_999),
    ),
    "100 fields, short texts": lambda: (strings(100, lambda i: "Short."), "Hello"),
    "40 selects x 495 options": lambda: (selects(), "Hello"),
}
CONSENT_MESSAGES = {
    "consent: a 9,999-character message of prose": prose(9_999),
    "consent: a message of 4,999 lines": "b\n" * 4_999,
    "consent: a message of one 9,999-character word": "m" * 9_999,
}


def summary(times: list[float]) -> dict[str, float]:
    return {"median": statistics.median(times), "worst": max(times)}


def measure_qt(runs: int) -> dict[str, dict[str, float]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from elicit_gen.live import load_form
    from elicit_gen.live.load import load_url_consent

    app = QApplication.instance() or QApplication([])
    rows: dict[str, dict[str, float]] = {}
    for name, make in CASES.items():
        schema, message = make()
        shows, resizes = [], []
        for _ in range(runs):
            module = load_form(schema, "qt")
            started = time.perf_counter()
            dialog = module.FormDialog(message, server="Weather")
            dialog.show()
            app.processEvents()
            shown = time.perf_counter()
            dialog.resize(dialog.width() + 40, dialog.height() + 40)
            app.processEvents()
            resized = time.perf_counter()
            shows.append(shown - started)
            resizes.append(resized - shown)
            dialog.cancel()
            dialog.deleteLater()
            app.processEvents()
        rows[f"qt: {name}"] = {**summary(shows), "resize": max(resizes)}
    consent = load_url_consent("qt")
    for name, message in CONSENT_MESSAGES.items():
        shows, resizes = [], []
        for _ in range(runs):
            started = time.perf_counter()
            dialog = consent.UrlConsentDialog(
                message, "https://example.com/", server="Weather", opener=lambda url: None
            )
            dialog.show()
            app.processEvents()
            shown = time.perf_counter()
            dialog.resize(dialog.width() + 40, dialog.height() + 40)
            app.processEvents()
            resizes.append(time.perf_counter() - shown)
            shows.append(shown - started)
            dialog.done(0)
            dialog.deleteLater()
            app.processEvents()
        rows[name] = {**summary(shows), "resize": max(resizes)}
    return rows


_SHOW = """async ([schema, message]) => {
    const started = performance.now();
    const element = document.createElement("elicitation-form");
    element.requestedSchema = schema;
    element.message = message;
    document.body.append(element);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    void document.body.offsetHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const elapsed = performance.now() - started;
    element.remove();
    return elapsed;
}"""


def measure_web(runs: int) -> dict[str, dict[str, float]]:
    from playwright.sync_api import sync_playwright

    from elicit_gen.targets.web import MODULE_NAME, shipped_module

    page_text = (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<script type="module" src="{MODULE_NAME}"></script></head><body></body></html>'
    )
    files = {
        "https://host.test/": ("text/html", page_text),
        f"https://host.test/{MODULE_NAME}": ("text/javascript", shipped_module()),
    }
    rows: dict[str, dict[str, float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()

            def route(request: Any) -> None:
                found = files.get(request.request.url)
                if found is None:
                    request.abort()
                else:
                    request.fulfill(status=200, content_type=found[0], body=found[1])

            page.route("**/*", route)
            page.goto("https://host.test/", timeout=30_000)
            page.wait_for_function("() => customElements.get('elicitation-form')", timeout=30_000)
            for name, make in CASES.items():
                schema, message = make()
                times = [page.evaluate(_SHOW, [schema, message]) / 1000 for _ in range(runs)]
                rows[f"web: {name}"] = summary(times)
        finally:
            browser.close()
    return rows


def measure(runs: int) -> dict[str, dict[str, float]]:
    return {**measure_qt(runs), **measure_web(runs)}


def shown(row: dict[str, float] | None) -> str:
    if row is None:
        return "(failed)"
    text = f"{row['median'] * 1000:.0f} ms (worst {row['worst'] * 1000:.0f} ms)"
    if "resize" in row:
        text += f", resize {row['resize'] * 1000:.0f} ms"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout's root (its elicit_gen)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.runs)))
        return
    here = measure(args.runs)
    there: dict[str, dict[str, float]] = {}
    if args.against is not None:
        environment = {**os.environ, "PYTHONPATH": str(args.against)}
        done = subprocess.run(
            [sys.executable, __file__, "--json", "--runs", str(args.runs)],
            env=environment,
            capture_output=True,
            text=True,
            timeout=3_600,
        )
        there = json.loads(done.stdout) if done.returncode == 0 else {}
    head = (
        f"Measured with `python benchmarks/show_cost.py --runs {args.runs}"
        + (f" --against {args.against}" if args.against else "")
        + f"` on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        + "; median and worst of the runs, from creating the dialog or element to its first"
        + " frame (the Qt rows: offscreen; the web rows: headless Chromium)."
    )
    columns = ["request", "this tree"] + (["against"] if args.against else [])
    lines = [head, "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for name, row in here.items():
        cells = [name, shown(row)] + ([shown(there.get(name))] if args.against else [])
        lines.append("| " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    args.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
