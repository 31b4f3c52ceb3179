"""A form dialog never ties the application's screen to itself.

PySide makes the screen a widget's ``screen()`` returns a child of that widget's Python wrapper
(its return-value heuristic). The form's dialog, which grows to show the problems of its fields,
asked itself for its screen, so the application's only screen was counted a child of whichever
dialog last showed a problem, and it also did so from a field's last focus-out while the dialog
was being deleted. In tests/targets/qt/test_target.py (about half of its runs, after forms
without a ``pattern`` made the modules smaller) PySide then deleted the screen itself during a
garbage collection (gdb: ~QScreen called from libshiboken), and the next dialog crashed in
QDialog's constructor (QScreen::virtualSiblings). The dialog now finds its screen with a static
call, which parents nothing: this fails on the dialog that asked ``self.screen()``.
"""

from __future__ import annotations

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QPlainTextEdit
from pytestqt.qtbot import QtBot
from shiboken6 import Shiboken

import elicit_gen

from ...support.cases import write_and_import
from ...support.qt import clear_and_type, focus

#: A required multi-line field (its name calls it prose) and a one-line one.
SCHEMA = {
    "type": "object",
    "properties": {"message": {"type": "string"}, "name": {"type": "string"}},
    "required": ["message", "name"],
}


def _module(directory: Path) -> tuple[str, ModuleType]:
    result = elicit_gen.compile(SCHEMA, [], name="screen.json", stem="screen")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    form = result.forms[0]
    return form.class_name, write_and_import(form, "qt", directory)


def _screen_parent() -> str | None:
    """The Python wrapper PySide counts the application's screen a child of, if any."""
    screen = QApplication.primaryScreen()
    assert screen is not None
    for line in Shiboken.dump(screen).splitlines():
        if line.startswith("parent"):
            return line
    return None


def _open(qtbot: QtBot, module: ModuleType, class_name: str) -> Any:
    dialog = getattr(module, f"{class_name}Dialog")()
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_form_showing_its_problems_leaves_the_screen_nobodys_child(
    qtbot: QtBot, tmp_path: Path
) -> None:
    class_name, module = _module(tmp_path)
    # None, unless a test before this one in the process tied the screen to a widget of its own
    before = _screen_parent()
    for _ in range(3):  # each dialog as a host drops it: deleted by Qt, its wrapper by Python
        dialog = _open(qtbot, module, class_name)
        prose = dialog.field_widget("message")
        assert isinstance(prose, QPlainTextEdit)
        dialog.submit()  # refused: both fields are empty; the dialog grows to show why
        assert not dialog.isHidden() and dialog.elicit_result() is None
        assert _screen_parent() == before
        qtbot.waitUntil(prose.hasFocus, timeout=2000)
        clear_and_type(qtbot, prose, "Hello")
        focus(qtbot, dialog.field_widget("name"))  # the multi-line field's "editing finished"
        assert _screen_parent() == before
        dialog.deleteLater()
        del dialog, prose
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
        assert _screen_parent() == before
    # and the next dialog is made and shown on the screens the application still has
    shown = _open(qtbot, module, class_name)
    assert shown.isVisible()
    screens = QApplication.screens()
    assert screens and all(Shiboken.isValid(screen) for screen in screens)
    shown.cancel()
    shown.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
