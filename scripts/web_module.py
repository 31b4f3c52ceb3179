"""Minifies the web target's module (elicit_gen/runtime/web_module/elicitation-form.js).

    python scripts/web_module.py          rewrites the shipped module from the readable sources
    python scripts/web_module.py --check  exits 1 when it differs from what they give now

The readable sources are the source of truth: the HTML page's scripts and style sheets
(elicit_gen/runtime/html/), the elements' own scripts (elicit_gen/runtime/web/) and the data
Python generates, put together by ``elicit_gen.targets.web.module_text()``. This script puts the
same parts together with each style sheet's comments and meaningless white space taken out
(``elicit_gen.targets.web.minify_css``), then minifies the whole module with terser (the npm
package, pinned in package.json; ``npm ci`` installs it). The result starts with a header naming
its sources and the SHA-256 of the readable text it was made from: tests/targets/web/ compares
it with ``module_text()``, runs this script with ``--check``, and runs the elements' tests on it.
Run it after changing any of those sources (``scripts/web_tables.py`` first when web_data.js
is stale).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.targets import web  # noqa: E402

#: terser's command line (the npm package, pinned in package.json).
TERSER = ROOT / "node_modules" / "terser" / "bin" / "terser"
#: The whole module: an ES module (strict, its top-level names its own), compressed in two
#: passes, names mangled but the elements' class names kept (``customElements.get(tag).name``),
#: no syntax newer than the readable module's (ES2022: private fields stay private fields).
TERSER_OPTIONS = (
    "--module",
    "--ecma",
    "2022",
    "--compress",
    "passes=2",
    "--mangle",
    "--keep-classnames",
    "--comments",
    "false",
)


def _terser(text: str) -> str:
    node = shutil.which("node") or str(ROOT / "node_modules" / "node" / "bin" / "node")
    if not TERSER.exists():
        raise SystemExit("terser is missing: run `npm ci` (package.json pins it)")
    done = subprocess.run(
        [node, str(TERSER), *TERSER_OPTIONS],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"terser failed: {done.stderr}")
    return done.stdout


def version() -> str:
    """The terser that minifies (its package.json's version)."""
    package = json.loads((TERSER.parent.parent / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def text() -> str:
    """The shipped module: a header, then the readable module minified."""
    readable = web.module_text()
    code = _terser(web._module(web.minify_css))
    header = (
        f"{web.HEADER}\n"
        "// Minified by scripts/web_module.py (terser "
        f"{version()}) from the readable sources: elicit_gen/runtime/html/,\n"
        "// elicit_gen/runtime/web/ and the data Python generates (elicit_gen.targets.web).\n"
        f"// source sha256 {web.source_digest(readable)}\n"
    )
    return header + code


def main(argv: list[str]) -> int:
    made = text()
    shipped = web.SHIPPED
    if "--check" in argv:
        current = shipped.read_text(encoding="utf-8") if shipped.exists() else ""
        if current != made:
            print(f"stale: {shipped.relative_to(ROOT)} (run scripts/web_module.py)")
            return 1
        return 0
    shipped.parent.mkdir(parents=True, exist_ok=True)
    shipped.write_text(made, encoding="utf-8")
    print(f"wrote {shipped.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
