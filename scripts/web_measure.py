"""Measures the web target in headless Chromium (the figures of docs/targets/web.md).

    python scripts/web_measure.py [--runs N]

- the module's size, raw and gzipped (what a host downloads once), the readable text's it is
  minified from and its parts' (gzipped alone, readable);
- how long ``<elicitation-form>`` takes to render a new 20-field schema (every kind of field;
  each run a schema the element has not seen: fresh names), from setting ``requestedSchema`` on
  a connected element to the form in its shadow root with the page's script bound to it;
- the HTML target's page against a "thin page" around the element (the same 20 fields: the
  page's markup rendered by the browser from the schema at load time, the module inline under a
  hash CSP), by weight and by time to interactive (navigation start to the form ready, a new
  browser context each run: nothing cached).

Not a test: timings depend on the machine (two shared cores here).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.api import compile as compile_schema  # noqa: E402
from elicit_gen.targets.html import _asset  # noqa: E402
from elicit_gen.targets.web import module_text, shipped_module  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SHAPES: list[dict[str, Any]] = [
    {"type": "string", "minLength": 2, "maxLength": 40},
    {"type": "string", "format": "email"},
    {"type": "string", "format": "uri"},
    {"type": "string", "format": "date"},
    {"type": "string", "format": "date-time"},
    {"type": "string", "description": "A few paragraphs."},
    {"type": "integer", "minimum": 1, "maximum": 10},
    {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5},
    {"type": "boolean", "default": True},
    {"type": "string", "enum": ["a", "b", "c"]},
    {"type": "string", "oneOf": [{"const": "x", "title": "X"}, {"const": "y", "title": "Y"}]},
    {"type": "array", "items": {"type": "string", "enum": ["r", "g", "b"]}, "maxItems": 2},
    {"type": "string", "pattern": "^[A-Z]{3}$"},
    {"type": "string", "format": "uuid"},
    {"type": "string", "format": "time"},
    {"type": "string", "title": "Country", "default": "Norway"},
    {"type": "integer", "title": "Year", "minimum": 1900, "maximum": 2100},
    {"type": "boolean", "title": "Agree"},
    {"type": "string", "enum": [f"option {i}" for i in range(8)]},
    {"type": "string", "format": "ipv4"},
]


def schema20(tag: str) -> dict[str, Any]:
    properties = {f"{tag}_field_{i}": dict(shape) for i, shape in enumerate(SHAPES)}
    for i, prop in enumerate(properties.values()):
        prop.setdefault("title", f"Field {i} {tag}")
    return {"type": "object", "title": f"Twenty fields {tag}", "properties": properties,
            "required": list(properties)[:5]}  # fmt: skip


def gz(text: str) -> int:
    return len(gzip.compress(text.encode("utf-8"), 9))


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ms (min {min(values):.2f}, max {max(values):.2f})"


HOST = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<script type="module" src="elicitation-form.js"></script></head>
<body><div id="host"></div></body></html>"""

RENDER = """(schema) => {
    const element = document.createElement("elicitation-form");
    document.getElementById("host").replaceChildren(element);
    const start = performance.now();
    element.requestedSchema = schema;
    element.validate({});  // renders now (the element otherwise renders at the microtask)
    const ms = performance.now() - start;
    if (element.problems.length) throw new Error(element.problems.join("; "));
    return ms;
}"""


def thin_page(schema: dict[str, Any]) -> str:
    """The HTML target's page as a thin page around the element: the module inline (a module
    script, allowed by its hash), the schema as a JSON data block."""
    boot = (
        "const data = JSON.parse(document.getElementById('eg-schema').textContent);"
        "const form = document.createElement('elicitation-form');"
        "form.requestedSchema = data; document.body.append(form); form.validate({});"
        "window.__ready = performance.now();"
    )
    script = re.sub(r"export\s*\{[^}]*\};?\s*$", "", shipped_module()) + "\n" + boot
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    csp = f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'none'"
    data = json.dumps(schema).replace("</", "<\\/")
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>Form</title>'
        f'</head><body><script type="application/json" id="eg-schema">{data}</script>'
        f'<script type="module">{script}</script></body></html>'
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args(argv).runs
    from playwright.sync_api import sync_playwright

    module = shipped_module()
    readable = module_text()
    out = ["| what | figure |", "|---|---|"]
    out.append(f"| module `elicitation-form.js` | {len(module.encode()) / 1024:.1f} KB, "
               f"{gz(module) / 1024:.1f} KB gzipped |")  # fmt: skip
    out.append(f"| its readable text (`module_text()`) | {len(readable.encode()) / 1024:.1f} KB, "
               f"{gz(readable) / 1024:.1f} KB gzipped |")  # fmt: skip
    for name in ("urlcheck_data.js", "urlcheck.js", "pattern.js", "form.js"):
        out.append(f"| of which `{name}` | {gz(_asset(name)) / 1024:.1f} KB gzipped |")
    page_schema = schema20("page")
    result = compile_schema(page_schema, ["html"], name="twenty.json")
    assert result.ok, result.diagnostics
    html_page = result.files[0].text
    thin = thin_page(page_schema)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ctx = browser.new_context()
        files = {"https://m.test/": HOST, "https://m.test/elicitation-form.js": module}

        def serve(route: Any) -> None:
            url = route.request.url
            kind = "text/javascript" if url.endswith(".js") else "text/html"
            route.fulfill(status=200, body=files[url], content_type=kind)

        ctx.route("**/*", serve)
        page = ctx.new_page()
        page.goto("https://m.test/")
        page.wait_for_function("() => customElements.get('elicitation-form')")
        page.evaluate(RENDER, schema20("warmup"))
        times = [page.evaluate(RENDER, schema20(f"s{i}")) for i in range(runs)]
        out.append(f"| render a new 20-field schema (warm module) | {median_ms(times)} |")
        ctx.close()
        paths = {"html page": Path(tmp) / "page.html", "thin page": Path(tmp) / "thin.html"}
        paths["html page"].write_text(html_page, encoding="utf-8")
        paths["thin page"].write_text(thin, encoding="utf-8")
        # when the form is ready, in ms from navigation start: the page's inline script has run
        # at DOMContentLoaded; the thin page's module says when the element has rendered
        ready = {
            "html page": "() => typeof window.elicitation === 'object'",
            "thin page": "() => window.__ready !== undefined",
        }
        when = {
            "html page": "() => performance.getEntriesByType('navigation')[0]"
            ".domContentLoadedEventEnd",
            "thin page": "() => window.__ready",
        }
        for name, path in paths.items():
            text = path.read_text(encoding="utf-8")
            samples = []
            for _ in range(runs):
                fresh = browser.new_context()
                tab = fresh.new_page()
                tab.goto(path.as_uri())
                tab.wait_for_function(ready[name])
                samples.append(tab.evaluate(when[name]))
                fresh.close()
            weight = f"{len(text) / 1024:.1f} KB, {gz(text) / 1024:.1f} KB gzipped"
            out.append(f"| {name}: weight | {weight} |")
            out.append(f"| {name}: time to interactive (cold) | {median_ms(samples)} |")
        browser.close()
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
