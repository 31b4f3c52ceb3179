"""Derives the URL check's generated tables (urlparts.py) with node's URL as the oracle.

    python scripts/urlcheck_tables.py          rewrites the tables in
                                               elicit_gen/runtime/core/urlparts.py
    python scripts/urlcheck_tables.py --check  exits 1 when they differ from what node says

Two tables, both found by enumerating code points, not guessed:

- ``_DOTS``: every code point ``c`` for which the browser reads ``https://a<c>b/`` as the two
  labels ``a`` and ``b`` (UTS #46 maps it to a full stop), besides "." itself.
- ``_IDNA_DIFFERENT_RANGES``: every assigned code point for which urlcheck's IDNA 2003
  conversion (without this table) calls a URL openable while the browser converts its host to
  another ASCII name, or refuses it; tried in three labels (``a<c>b``, ``<c>``, and between two
  Hebrew letters, for right-to-left ones).

Node is ``node_modules/node/bin/node`` when present (what the tests use), else ``node``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.runtime.core import urlcheck, urlparts  # noqa: E402

URLPARTS = ROOT / "elicit_gen" / "runtime" / "core" / "urlparts.py"

#: Reads a JSON list of URLs on stdin, writes a JSON list: for each, [hostname, port, protocol,
#: href] as node's URL parses it, or null where it throws.
NODE_PARSE = r"""
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const out = JSON.parse(Buffer.concat(chunks).toString("utf8")).map((url) => {
    try {
      const parsed = new URL(url);
      return [parsed.hostname, parsed.port, parsed.protocol, parsed.href];
    } catch (error) {
      return null;
    }
  });
  process.stdout.write(JSON.stringify(out));
});
"""

#: The labels each code point is tried in.
CONTEXTS = ("a{}b", "{}", "\u05d0{}\u05d0")


def node_binary() -> str | None:
    pinned = ROOT / "node_modules" / "node" / "bin" / "node"
    if pinned.exists():
        return str(pinned)
    return shutil.which("node")


def node_parse(urls: Sequence[str], timeout: float = 300) -> list[list[str] | None]:
    """What node's ``new URL(url)`` makes of each URL, in one bounded node process."""
    node = node_binary()
    if node is None:
        raise RuntimeError("node is not installed")
    payload = json.dumps(list(urls), ensure_ascii=True)
    done = subprocess.run(
        [node, "-e", NODE_PARSE],
        input=payload.encode("ascii"),
        capture_output=True,
        timeout=timeout,
        check=True,
        env={**os.environ, "NODE_OPTIONS": "--max-old-space-size=2048"},
    )
    result: list[list[str] | None] = json.loads(done.stdout)
    assert len(result) == len(urls)
    return result


def _url_safe(code: int) -> bool:
    """Code points that can stand in a JSON string for node (no lone surrogates)."""
    return not 0xD800 <= code <= 0xDFFF


def find_dots(codes: Iterable[int]) -> str:
    """The code points (besides ".") the browser reads as the full stop between labels."""
    candidates = [c for c in codes if _url_safe(c) and c != 0x2E]
    parsed = node_parse([f"https://a{chr(c)}b/" for c in candidates])
    return "".join(
        chr(c) for c, got in zip(candidates, parsed, strict=True) if got and got[0] == "a.b"
    )


def find_different(codes: Iterable[int]) -> list[int]:
    """The code points where urlcheck (without the table) opens a host node reads otherwise."""
    saved = urlparts._IDNA_DIFFERENT
    urlparts._IDNA_DIFFERENT = frozenset()
    try:
        tried: list[tuple[int, str, str]] = []
        for code in codes:
            if not _url_safe(code) or code < 0x80:
                continue
            for context in CONTEXTS:
                url = "https://" + context.format(chr(code)) + ".com/"
                check = urlcheck.check_url(url)
                if check.openable:
                    tried.append((code, url, check.ascii_host))
    finally:
        urlparts._IDNA_DIFFERENT = saved
    parsed = node_parse([url for _, url, _ in tried])
    return sorted(
        {
            code
            for (code, _, host), got in zip(tried, parsed, strict=True)
            if not got or got[0] != host
        }
    )


def ranges_text(codes: Sequence[int]) -> list[str]:
    """``codes`` as hexadecimal ranges ("0660-0669"), a few to a line."""
    items: list[str] = []
    start = previous = None
    for code in [*sorted(codes), None]:
        if code is not None and previous is not None and code == previous + 1:
            previous = code
            continue
        if start is not None and previous is not None:
            items.append(f"{start:04x}" if start == previous else f"{start:04x}-{previous:04x}")
        start = previous = code
    lines: list[str] = []
    line = ""
    for item in items:
        if len(line) + len(item) + 1 > 80:
            lines.append(line)
            line = ""
        line += item + " "
    if line:
        lines.append(line)
    return lines


def _py_string(text: str) -> str:
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) > 0x7E else c for c in text) + '"'


def generated(dots: str, different: Sequence[int]) -> str:
    """The generated part of urlparts.py (between its two marker lines)."""
    lines = [
        "#: What the browser (UTS #46) reads as the full stop between two labels,",
        '#: besides ".": mapped to "." before anything else looks at the host.',
        f"_DOTS = {_py_string(dots)}",
        "#: Code points where urlcheck's IDNA 2003 conversion and the browser's UTS #46",
        "#: give another ASCII name (or the browser refuses the host): a host with one",
        "#: is refused. Ranges of hexadecimal code points.",
        "_IDNA_DIFFERENT_RANGES = (",
        *(f'    "{line}"' for line in ranges_text(different)),
        ")",
    ]
    return "\n".join(lines) + "\n"


_BLOCK_RE = re.compile(
    r"(# --- generated by scripts/urlcheck_tables.py[^\n]*\n(?:#(?!:)[^\n]*\n)*)"
    r"(.*?)(# --- end of generated)",
    re.S,
)


def derive() -> tuple[str, list[int]]:
    """Both tables, from node, over every code point (a minute or so)."""
    assigned = [c for c in range(0x110000) if unicodedata.category(chr(c)) not in ("Cn", "Cs")]
    return find_dots(range(0x80, 0x110000)), find_different(assigned)


def main(argv: list[str]) -> int:
    dots, different = derive()
    text = URLPARTS.read_text(encoding="utf-8")
    match = _BLOCK_RE.search(text)
    assert match is not None, "urlparts.py has lost its generated-table markers"
    new = text[: match.start(2)] + generated(dots, different) + text[match.end(2) :]
    if "--check" in argv:
        if new != text:
            print("urlparts.py's generated tables differ from what node says", file=sys.stderr)
            return 1
        return 0
    URLPARTS.write_text(new, encoding="utf-8")
    print(f"{len(dots)} dots, {len(different)} code points converted differently")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
