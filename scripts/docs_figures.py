"""Writes the every-kind page's size into README.md and docs/targets/html.md from a measurement.

    python scripts/docs_figures.py          rewrites the figures from what the page weighs now
    python scripts/docs_figures.py --check  exits 1 when a figure differs from the measurement

The page is what ``elicit-gen examples/every_kind.json --target html`` writes; its size is
counted in bytes of UTF-8, written in kB of 1,000 bytes, gzipped at level 9 (what a server's
static compression gives at best). The page's scripts and style sheets are its shared sections
(``Module.shared``: ``*.js`` and ``*.css``), the same text in every page. tests/test_docs.py
measures the page again and holds both documents to it, so a figure cannot go stale: run this
after a change to the page's runtime (elicit_gen/runtime/html/) or its template.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.api import compile as compile_schema  # noqa: E402
from elicit_gen.targets import get_target  # noqa: E402
from elicit_gen.targets.common.base import EmitsModule  # noqa: E402

EXAMPLE = "examples/every_kind.json"


class PageSize(NamedTuple):
    fields: int
    page: int  # bytes
    gzipped: int
    script: int
    style: int


def measure() -> PageSize:
    """The every-kind page as the command line writes it, and its parts, in bytes."""
    result = compile_schema(ROOT / EXAMPLE, "html", name=EXAMPLE)
    if not result.ok:
        raise SystemExit(f"{EXAMPLE} does not compile: {result.diagnostics}")
    (form,) = result.forms
    emitter: EmitsModule = get_target("html")  # type: ignore[assignment]
    module = emitter.emit_module(form)
    data = module.text.encode("utf-8")
    if result.files[0].text != module.text:
        raise SystemExit("the page's module is not the file the command line writes")
    parts = {s.name: len(s.text.encode("utf-8")) for s in module.shared}
    return PageSize(
        fields=len(form.fields),
        page=len(data),
        gzipped=len(gzip.compress(data, 9, mtime=0)),
        script=sum(n for name, n in parts.items() if name.endswith(".js")),
        style=sum(n for name, n in parts.items() if name.endswith(".css")),
    )


def kb(size: int, digits: int = 1) -> str:
    return f"{size / 1000:.{digits}f}"


#: Each document's sentence with the figures, and what it says given a measurement.
SENTENCES: dict[str, tuple[re.Pattern[str], str]] = {
    "README.md": (
        re.compile(r"The every-kind page is [0-9.]+ kB \([0-9.]+ kB gzipped\)"),
        "The every-kind page is {page0} kB ({gzipped0} kB gzipped)",
    ),
    "docs/targets/html.md": (
        re.compile(
            r"Size: the every-kind example \(`examples/every_kind\.json`, [0-9]+ fields\) is "
            r"\*\*[0-9.]+ kB\*\*\s+\([0-9.]+ kB gzipped\); [0-9.]+ kB of "
            r"that is\s+the page's scripts and [0-9.]+ kB its style sheets"
        ),
        "Size: the every-kind example (`examples/every_kind.json`, {fields} fields) is "
        "**{page1} kB**\n({gzipped1} kB gzipped); {script1} kB of that is "
        "the page's scripts and {style1} kB its style sheets",
    ),
}


def written(size: PageSize) -> dict[str, str]:
    """Each document's sentence for ``size``."""
    values = {
        "fields": size.fields,
        **{f"{k}{d}": kb(getattr(size, k), d) for k in ("page", "gzipped", "script", "style")
           for d in (0, 1)},
    }  # fmt: skip
    return {path: template.format(**values) for path, (_, template) in SENTENCES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether a figure is stale")
    args = parser.parse_args(argv)
    size = measure()
    stale = 0
    for path, sentence in written(size).items():
        file = ROOT / path
        text = file.read_text(encoding="utf-8")
        pattern = SENTENCES[path][0]
        found = pattern.findall(text)
        if len(found) != 1:
            print(f"{path}: the size sentence is not there once ({len(found)} found)")
            return 2
        if found[0] == sentence:
            continue
        stale += 1
        if args.check:
            print(f"stale: {path}: {found[0]!r} (measured: {sentence!r})")
        else:
            file.write_text(text.replace(found[0], sentence), encoding="utf-8")
            print(f"wrote {path}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
