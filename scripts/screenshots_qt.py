"""Regenerates docs/screenshots/qt-<example>.png: the qt target's dialog for each example,
compiled, imported and grabbed offscreen (no display needed); qt-long_text.png, a
GitHub-issue-like form whose Markdown description gets the multi-line box; and
qt-travel_booking_zh.png, the Chinese travel form (golden/cases/travel_booking_zh.json)
compiled with --locale zh-CN (its glyphs need a CJK font: fonts-wqy-microhei).

    python scripts/screenshots_qt.py [--out DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["TZ"] = "UTC"  # the same pictures on every machine and day (unset dates show 2026-07-01)
if hasattr(time, "tzset"):
    time.tzset()

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("contact", "travel_booking", "every_kind")

#: Forms shown in another language: name -> (the input, the locale, who asks).
LOCALISED: dict[str, tuple[Path, str, str]] = {
    "travel_booking_zh": (
        ROOT / "golden" / "cases" / "travel_booking_zh.json",
        "zh-CN",
        "旅行助手",
    ),
}

#: Forms shown that are no example file: name -> the input.
EXTRA: dict[str, dict[str, object]] = {
    "long_text": {
        "message": "Describe the problem you met.",
        "requestedSchema": {
            "type": "object",
            "title": "New issue",
            "properties": {
                "title": {"type": "string", "title": "Title", "maxLength": 80},
                "body": {
                    "type": "string",
                    "title": "Description",
                    "description": "What happened, and how to make it happen again. "
                    "Markdown is supported.",
                },
                "labels": {
                    "type": "array",
                    "title": "Labels",
                    "items": {"type": "string", "enum": ["bug", "docs", "question"]},
                },
            },
            "required": ["title", "body"],
        },
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QDate
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication, QWidget

    import elicit_gen

    app = QApplication.instance() or QApplication(["screenshots"])
    assert isinstance(app, QApplication)
    app.setStyle("Fusion")
    app.setFont(QFont("DejaVu Sans", 10))
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # (name, the input, its locale, who asks)
        inputs: list[tuple[str, Path | dict[str, object], str, str]] = [
            (example, ROOT / "examples" / f"{example}.json", "en", "") for example in EXAMPLES
        ]
        inputs += [(name, source, "en", "") for name, source in EXTRA.items()]
        inputs += [(name, *shown) for name, shown in LOCALISED.items()]
        for example, source, locale, server in inputs:
            result = elicit_gen.compile(
                source, ["qt"], name=f"examples/{example}.json", locale=locale
            )
            assert result.ok, [d.to_text() for d in result.diagnostics]
            generated = result.files[0]
            path = Path(tmp) / generated.name
            path.write_text(generated.text, encoding="utf-8")
            spec = importlib.util.spec_from_file_location(f"shot_{example}", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            dialog_class = getattr(module, f"{result.forms[0].class_name}Dialog")
            if not server:
                server = "Travel Agent" if "travel" in example else "Acme MCP"
            dialog = dialog_class(server=server)
            for editor in dialog._editors.values():  # unset date fields show a fixed date
                if getattr(editor, "toggle", None) is not None and not editor.toggle.isChecked():
                    editor.edit.setDate(QDate(2026, 7, 1))
            dialog.show()
            app.processEvents()
            # Show the whole form (a real screen scrolls when it is taller than the screen).
            fields = dialog.findChild(QWidget, "fields")
            height = dialog.sizeHint().height()
            if fields is not None:
                height += max(fields.sizeHint().height() - dialog._scroll.viewport().height(), 0)
            dialog.resize(dialog.width(), height)
            app.processEvents()
            target = args.out / f"qt-{example}.png"
            dialog.grab().save(str(target))
            print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
            dialog.cancel()
    return 0


if __name__ == "__main__":
    sys.exit(main())
