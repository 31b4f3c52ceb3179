"""Regenerates docs/screenshots/textual-<shot>.svg: the textual target's screen for the examples,
compiled, imported and rendered headless by Textual (``App.run_test``), no terminal needed.

    python scripts/screenshots_textual.py [--out DIR]

The contact form is shown after a refused Submit (an invalid email), so that the picture also
shows how problems appear next to their fields; the travel booking form with a select open, and
again in a small terminal (50x20: borderless buttons, a short keys line); the contact form asking
before Escape discards what was typed. The Chinese travel booking form (golden/cases/
travel_booking_zh.json compiled with ``--locale zh-CN``) is shown at 80x24 after a refused Submit
(its errors in Chinese), in a narrow terminal (36x24: wrapped Chinese labels, stacked buttons), and
asking before Escape discards, so that the alignment of mixed Chinese and Latin text can be seen.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import importlib.util
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["TZ"] = "UTC"  # the same pictures on every machine
if hasattr(time, "tzset"):
    time.tzset()

ROOT = Path(__file__).resolve().parent.parent

#: picture name -> (example, server name, terminal size, keys pressed before the screenshot)
SHOTS: dict[str, tuple[str, str, tuple[int, int], tuple[str, ...]]] = {
    "travel_booking_zh": ("travel_booking_zh", "旅行助手", (80, 24), (*"张", "ctrl+s")),
    "travel_booking_zh-36x24": ("travel_booking_zh", "旅行助手", (36, 24), ()),
    "travel_booking_zh-discard": ("travel_booking_zh", "旅行助手", (80, 24), (*"张三", "escape")),
    "contact": ("contact", "Acme MCP", (100, 32), (*"Ada Lovelace", "tab", *"ada@", "ctrl+s")),
    "travel_booking": (
        "travel_booking",
        "Travel Agent",
        (100, 35),
        ("space", "tab", "enter", "down"),
    ),
    "travel_booking-50x20": ("travel_booking", "Travel Agent", (50, 20), ()),
    "contact-discard": ("contact", "Acme MCP", (80, 24), (*"Ada", "escape")),
    "every_kind": ("every_kind", "Acme MCP", (100, 90), ()),
}


_TEXT = re.compile(r'<text ([^>]*)x="([0-9.]+)"([^>]*)textLength="([0-9.]+)"([^>]*)>([^<]*)</text>')


def _escape(text: str) -> str:
    """Text as rich's SVG export escapes it."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(" ", "&#160;")
    )


def wide_text_lengths(svg: str) -> str:
    """The SVG with each text run as wide as the terminal cells it takes. Rich's export gives a
    run ``len(text)`` cells (Textualize/rich#2742), which squeezes a Chinese character (two
    cells) into one. A run that mixes wide and narrow characters is split into runs of one
    kind, each placed at its cell, so that the Latin letters keep the font's spacing."""
    from itertools import groupby

    from rich.cells import cell_len

    def fix(match: re.Match[str]) -> str:
        before, x, between, length, after, escaped = match.groups()
        text = html.unescape(escaped)
        if not text or cell_len(text) == len(text):
            return match.group()
        cell = float(length) / len(text)  # rich's character width
        runs, column = [], 0
        for _, chars in groupby(text, key=cell_len):
            run = "".join(chars)
            place, width = float(x) + column * cell, cell_len(run) * cell
            runs.append(
                f'<text {before}x="{round(place, 3):g}"{between}'
                f'textLength="{round(width, 3):g}"{after}>{_escape(run)}</text>'
            )
            column += cell_len(run)
        return "".join(runs)

    return _TEXT.sub(fix, svg)


async def shoot(module: Any, class_name: str, shot: str, target: Path) -> None:
    from textual.widgets import Input

    _, server, size, keys = SHOTS[shot]
    app = getattr(module, f"{class_name}App")(server=server)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        for box in app.screen.query(Input):
            box.cursor_blink = False  # the same picture every time
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        target.write_text(wide_text_lengths(app.export_screenshot()), encoding="utf-8")
        await pilot.press("ctrl+c")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import elicit_gen

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shot, (example, *_) in SHOTS.items():
            # the Chinese form is the golden case, compiled in its language
            folder, locale = (
                ("golden/cases", "zh-CN") if example.endswith("_zh") else ("examples", "en")
            )
            result = elicit_gen.compile(
                ROOT / folder / f"{example}.json",
                ["textual"],
                name=f"{folder}/{example}.json",
                locale=locale,
            )
            assert result.ok, [d.to_text() for d in result.diagnostics]
            generated = result.files[0]
            path = Path(tmp) / generated.name
            path.write_text(generated.text, encoding="utf-8")
            spec = importlib.util.spec_from_file_location(f"shot_{example}", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            target = args.out / f"textual-{shot}.svg"
            asyncio.run(shoot(module, result.forms[0].class_name, shot, target))
            print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
