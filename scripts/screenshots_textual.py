"""Regenerates docs/screenshots/textual-<shot>.svg: the textual target's screen for the examples,
compiled, imported and rendered headless by Textual (``App.run_test``), no terminal needed.

    python scripts/screenshots_textual.py [--out DIR]

The contact form is shown after a refused Submit (an invalid email), so that the picture also
shows how problems appear next to their fields; the travel booking form with a select open, and
again in a small terminal (50x20: borderless buttons, a short keys line); the contact form asking
before Escape discards what was typed.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
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
        app.save_screenshot(filename=target.name, path=str(target.parent))
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
            result = elicit_gen.compile(
                ROOT / "examples" / f"{example}.json", ["textual"], name=f"examples/{example}.json"
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
