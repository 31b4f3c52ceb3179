# --- elicit-gen Qt form runtime: values and text helpers (PySide6 and the standard library) ---
# The first part of the ``qt`` form runtime (then qt_editors.py, qt_pickers.py, qt_keys.py,
# qt_form.py, qt_run.py): the value of a control the user left empty, and how the editors and
# the dialog show schema and server text (bidi isolates, doubled mnemonic ampersands, plain-text
# labels and tooltips). Copied verbatim into each generated module, after the validation
# runtime (runtime/core/formcore.py), the safe-text helpers and qt_app.py.
from __future__ import annotations

import html
import re as _re
import unicodedata

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

# --- end of runtime imports ---


class _Absent:
    """The value of a control the user left empty: the field is left out."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()

_DATE_TIME_PARTS = _re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})"
    r"(?:[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?"
    r"([Zz]|[+-][0-9]{2}:[0-9]{2}))?$"
)


_BIDI_CLASSES = frozenset(
    {
        "R",
        "AL",
        "AN",
        "LRE",
        "RLE",
        "LRO",
        "RLO",
        "PDF",
        "LRI",
        "RLI",
        "FSI",
        "PDI",
    },
)


def isolate(text: str) -> str:
    """``text`` wrapped in a bidi isolate (FSI ... PDI) when it holds right-to-left
    letters or direction controls, so that it cannot reorder the text around it (a
    required marker, the server name). Schema and server text goes through
    :func:`safe_text` first, which shows direction controls as escapes: an isolate alone
    would still let an override reverse the text inside it."""
    if any(unicodedata.bidirectional(char) in _BIDI_CLASSES for char in text):
        return "\u2068" + text + "\u2069"
    return text


def mnemonic_safe(text: str) -> str:
    """``text`` for a widget that reads ``&`` as a keyboard mnemonic (check boxes,
    buttons and labels with a buddy): every ampersand shows as itself."""
    return text.replace("&", "&&")


def window_title_safe(text: str) -> str:
    """``text`` for ``setWindowTitle``, which reads ``[*]`` as a placeholder."""
    return text.replace("[*]", "[*][*]")


def plain_tooltip(text: str) -> str:
    """``text`` for ``setToolTip``, which guesses rich text: as escaped HTML."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


def plain_label(text: str, *, object_name: str = "") -> QLabel:
    """A word-wrapped label that shows ``text`` literally (never as rich text)."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if object_name:
        label.setObjectName(object_name)
    return label


def _format_number(value: float) -> str:
    return str(value) if isinstance(value, int) else repr(value)


def _offset_text(minutes: int) -> str:
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
