# --- elicit-gen Qt form runtime: values and text helpers (PySide6 and the standard library) ---
# The first part of the ``qt`` form runtime (then qt_editors.py, qt_pickers.py, qt_keys.py,
# qt_form.py, qt_run.py): the value of a control the user left empty, and how the editors and
# the dialog show schema and server text (bidi isolates, doubled mnemonic ampersands, plain-text
# labels and tooltips; a long text's beginning, with "Show all" for the whole of it). Copied
# verbatim into each generated module, after the validation runtime (runtime/core/formcore.py),
# the safe-text helpers and qt_app.py.
from __future__ import annotations

import html
import re as _re
import unicodedata

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.i18n import _t

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


# --- long text ---------------------------------------------------------------------------
# A word-wrapped label lays out all of its text whenever its window is sized (shown, resized,
# a field's error shown): 24 descriptions of 10,000 characters and a message as long (245 KB,
# inside the run-time limits) kept the GUI thread 1-2 s in building and showing the form, and a
# second more at each resize; 5,000 short lines, 8 s. A dialog lays out only the beginning of a
# long text (:func:`excerpt`), and a "Show all" button (:class:`_MoreButton`) opens the whole of
# it in a read-only view (:class:`_TextViewer`) that lays out only what is scrolled into view.

#: The most characters and lines of one text (a description, a hint) a dialog lays out at once.
SHOWN_CHARACTERS = 400
SHOWN_LINES = 6
#: The most characters of a field's label (its title, one line) a dialog lays out.
LABEL_CHARACTERS = 300
#: The most characters of one word a dialog lays out: a label wraps only where a space (or a
#: hyphen) allows it, and one word of 400 characters (a token, a hash, a URL) made the dialog
#: 13,000 pixels wide, its text off the screen. A longer one ends what is shown.
WORD_CHARACTERS = 48
#: What has no place to wrap in it: not a space, nor a letter of a script that wraps anywhere
#: (Chinese, Japanese, Korean; fullwidth forms).
_NO_BREAK = (
    r"[^\s\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7a3"
    # (kept on two lines at every line length)
    r"\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]"
)
_LONG_WORD = _re.compile(rf"{_NO_BREAK}{{{WORD_CHARACTERS + 1}}}")


def excerpt(
    text: str,
    characters: int = SHOWN_CHARACTERS,
    lines: int = SHOWN_LINES,
) -> str:
    """The beginning of ``text`` that a dialog lays out: at most ``characters`` characters and
    ``lines`` lines, and no word longer than WORD_CHARACTERS, "…" marking a cut; ``text``
    itself when it fits."""
    end = len(text) if len(text) <= characters else characters - 1
    word = _LONG_WORD.search(text, 0, end + WORD_CHARACTERS + 1)
    if word is not None:
        end = min(end, word.start() + WORD_CHARACTERS - 1)
    newline = -1
    for _ in range(lines):
        newline = text.find("\n", newline + 1, end + 1)
        if newline < 0:
            break
    else:
        end = min(end, newline)  # the start of line lines + 1
    if end >= len(text) or not text[end:].strip():
        return text  # all of it (but for blanks at its end)
    return text[:end].rstrip() + "\u2026"


class _TextViewer(QDialog):
    """The whole of a text a dialog shows the beginning of, read-only: a plain-text view lays
    out only what is scrolled into sight, so a text of any length opens at once."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whole_text")
        self.setWindowTitle(window_title_safe(title))
        self.setSizeGripEnabled(True)
        layout = QVBoxLayout(self)
        self.view = QPlainTextEdit()
        self.view.setObjectName("whole_text_view")
        self.view.setReadOnly(True)
        self.view.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.view.setPlainText(text)
        self.view.setAccessibleName(title)
        layout.addWidget(self.view, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.resize(640, 440)


#: What the form dialog lays out of the server's text at once (see "long text" above): the
#: message's and the form's description's first characters and lines, the title's first
#: characters (a field's label's: LABEL_CHARACTERS); and of the fields' descriptions and hints,
#: FIELD_BUDGET characters shared among the fields (each at least FIELD_CHARACTERS_LEAST, at most
#: SHOWN_CHARACTERS). What is cut is a "Show all" away.
MESSAGE_CHARACTERS = 1_000
MESSAGE_LINES = 12
TITLE_CHARACTERS = 200
FIELD_BUDGET = 6_000
FIELD_CHARACTERS_LEAST = 60


class _MoreButton(QPushButton):
    """ "Show all": opens the whole of a text whose beginning the dialog shows (``whole``, as
    shown: escaped), titled ``title``, in a :class:`_TextViewer` (``viewer`` once opened).
    ``name`` says what it shows, for a screen reader and the tooltip ("Show the whole
    message")."""

    def __init__(self, name: str, title: str, whole: str) -> None:
        super().__init__(_t("Show all"))
        self.whole = whole
        self.title = title
        self.viewer: _TextViewer | None = None
        # Enter is the dialog's (it never presses this); Space and a click do
        self.setAutoDefault(False)
        self.setAccessibleName(name)
        self.setToolTip(plain_tooltip(name))
        self.clicked.connect(self.show_whole)

    def show_whole(self) -> None:
        if self.viewer is None:
            self.viewer = _TextViewer(self.title, self.whole, self.window())
        self.viewer.open()


def long_text(
    layout: QVBoxLayout,
    whole: str,
    object_name: str,
    bounds: tuple[int, int],
    names: tuple[str, str],
    buttons: dict[str, _MoreButton],
) -> QLabel:
    """Adds to ``layout`` the label of ``whole`` (as shown: escaped), at most ``bounds``
    (characters, lines) of it, and, when that cuts it, its "Show all" button (``names``:
    what the button does, the viewer's title), kept in ``buttons``."""
    shown = excerpt(whole, *bounds)
    label = plain_label(shown, object_name=object_name)
    layout.addWidget(label)
    if shown != whole:
        add_more(layout, object_name, names, whole, buttons)
    return label


def add_more(
    layout: QVBoxLayout,
    object_name: str,
    names: tuple[str, str],
    whole: str,
    buttons: dict[str, _MoreButton],
) -> None:
    """Adds the "Show all" button of ``whole`` to ``layout``, kept in ``buttons`` by the object
    name of the label that shows its beginning."""
    button = _MoreButton(names[0], names[1], whole)
    button.setObjectName(f"more_{object_name}")
    buttons[object_name] = button
    layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
