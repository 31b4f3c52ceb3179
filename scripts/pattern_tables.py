"""Derives the pattern engine's generated tables (pattern_base.py): what SOME engine counts as a
word character (\\w) or a digit (\\d), with node (ECMAScript's Unicode properties) and this
Python's unicodedata as oracles.

    python scripts/pattern_tables.py          rewrites the tables in
                                              elicit_gen/runtime/core/pattern_base.py
    python scripts/pattern_tables.py --check  exits 1 when they differ from what is derived

- word: Python's re (``str.isalnum()`` or ``_``), Rust's regex (``\\p{Alphabetic}``, ``\\p{M}``,
  ``\\p{Nd}``, ``\\p{Pc}``, ``\\p{Join_Control}``, asked of node), ECMAScript (``[A-Za-z0-9_]``).
- digit: Python's and Rust's ``\\p{Nd}`` (unicodedata's and node's), ECMAScript's ``[0-9]``.

Both take in every code point node calls unassigned (``\\p{Cn}``): a server on a newer Unicode
than node's may call it a letter or a digit. The form uses these sets where it must not match
what any engine might (``\\W``, ``\\D``, and ``\\w``/``\\d`` inside a negative look-around).

Node is ``node_modules/node/bin/node`` when present (what the tests use), else ``node``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATTERN = ROOT / "elicit_gen" / "runtime" / "core" / "pattern_base.py"

#: Writes {property: [[first, last], ...]} for each Unicode property ECMAScript knows.
NODE_PROPERTIES = r"""
const names = ["Alphabetic", "M", "Nd", "Pc", "Join_Control", "Cn"];
const out = {};
for (const name of names) {
  const re = new RegExp(`^\\p{${name}}$`, "u");
  const ranges = [];
  let start = -1;
  for (let c = 0; c <= 0x110000; c++) {
    const inside = c < 0x110000 && re.test(String.fromCodePoint(c));
    if (inside && start < 0) start = c;
    if (!inside && start >= 0) {
      ranges.push([start, c - 1]);
      start = -1;
    }
  }
  out[name] = ranges;
}
process.stdout.write(JSON.stringify({ unicode: process.versions.unicode, sets: out }));
"""


def node_binary() -> str:
    pinned = ROOT / "node_modules" / "node" / "bin" / "node"
    if pinned.exists():
        return str(pinned)
    found = shutil.which("node")
    if found is None:
        sys.exit("node is needed (npm ci installs it under node_modules)")
    return found


def node_sets() -> dict[str, set[int]]:
    proc = subprocess.run(
        [node_binary(), "-e", NODE_PROPERTIES],
        capture_output=True,
        check=True,
        timeout=600,
    )
    found = json.loads(proc.stdout)
    return {
        name: {c for first, last in ranges for c in range(first, last + 1)}
        for name, ranges in found["sets"].items()
    }


def _python(test: object) -> set[int]:
    return {
        c
        for c in range(0x110000)
        if not 0xD800 <= c <= 0xDFFF and test(chr(c))  # type: ignore[operator]
    }


def derive() -> dict[str, set[int]]:
    node = node_sets()
    ascii_word = {ord(c) for c in "0123456789_"} | set(range(0x41, 0x5B)) | set(range(0x61, 0x7B))
    word = (
        _python(lambda c: c.isalnum() or c == "_")
        | node["Alphabetic"]
        | node["M"]
        | node["Nd"]
        | node["Pc"]
        | node["Join_Control"]
        | node["Cn"]
        | ascii_word
    )
    digit = (
        _python(lambda c: unicodedata.category(c) == "Nd")
        | node["Nd"]
        | node["Cn"]
        | set(range(0x30, 0x3A))
    )
    return {"word": word, "digit": digit}


def encode(codes: set[int]) -> list[str]:
    """Boundaries of ``codes`` (first, end, first, end, ...) as base-36 differences, in lines
    short enough for the module (each a string literal of at most 72 characters)."""
    bounds: list[int] = []
    for code in sorted(codes):
        if bounds and bounds[-1] == code:
            bounds[-1] = code + 1
        else:
            bounds += [code, code + 1]
    tokens, previous = [], 0
    for bound in bounds:
        tokens.append(_base36(bound - previous))
        previous = bound
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > 72:
            lines.append(line + " ")
            line = ""
        line = f"{line} {token}" if line else token
    lines.append(line)
    return lines


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if number == 0:
            return out


def source(tables: dict[str, set[int]]) -> str:
    parts = []
    for name, variable in (("word", "_WORD_TABLE"), ("digit", "_DIGIT_TABLE")):
        lines = "".join(f'    "{line}"\n' for line in encode(tables[name]))
        parts.append(f"{variable} = (\n{lines})\n")
    return "".join(parts)


_SECTION = re.compile(
    r"(# --- generated tables \(scripts/pattern_tables.py\) ---\n(?:#[^\n]*\n)*)"
    r"(.*?)"
    r"(# --- end of generated tables ---\n)",
    re.S,
)


def main() -> int:
    check = "--check" in sys.argv[1:]
    text = PATTERN.read_text(encoding="utf-8")
    match = _SECTION.search(text)
    if match is None:
        sys.exit("pattern_base.py has no generated tables section")
    fresh = text[: match.start(2)] + source(derive()) + text[match.end(2) :]
    if check:
        if fresh != text:
            print("elicit_gen/runtime/core/pattern_base.py: the generated tables are stale")
            return 1
        return 0
    PATTERN.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
