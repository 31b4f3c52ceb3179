# --- elicit-gen textual form runtime: the fields and the screen's look ----------------
# The first part of the Textual form runtime (textual_form.py is its screen): the form
# as data (``FormSpec``, one ``FieldSpec`` per field), how a field's text is read,
# checked and shown, the keys line and the sizes the screen fits to the terminal, the
# terminal's size (``terminal_size``, for the app), the small widgets and the screen's
# style. Copied verbatim into each generated ``<stem>_textual.py`` after
# textual_screen.py, before textual_editors.py; the imports above the marker are
# merged with the module's own.
from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from rich.cells import cell_len
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Checkbox
from textual.widgets.selection_list import Selection

from ..core.formcore import (
    check_value,
    complete_date_time,
    fit_date_time,
    local_offset_now,
    parse_number,
)
from ..core.i18n import _N, _t
from ..core.safetext import safe_block, safe_text

# --- end of runtime imports ---

# --- the form as data -----------------------------------------------------------------


class _FieldKeys(TypedDict):
    kind: str  # "string" | "number" | "boolean" | "single" | "multi" (see _BUILDERS)
    name: str  # the property name
    id: str  # the id of the field's control: "f-...", distinct for every field
    label: str
    required: bool


class FieldSpec(_FieldKeys, total=False):
    """One field as the screen builds it; the keys after ``required`` only where they
    apply."""

    description: str  # shown under the label
    hint: str  # placeholder (text boxes), prompt (selects) or rule line (multi-selects)
    restrict: str  # the characters a number box accepts (a regular expression)
    allow_blank: bool  # selects: whether the blank entry is offered
    # selects and multi-selects: value sent (a string, or a number) -> title shown
    options: dict[Any, str]
    multiline: bool  # strings: a text area (several lines) instead of a one-line box


class FormSpec(TypedDict):
    """Everything a generated module knows about its form."""

    schema: dict[str, Any]  # the requestedSchema (normalised)
    message: str  # shown above the fields unless the screen is given another one
    server: str  # who is asking, when no server name is given at run time
    title: str | None  # the root schema's title and description
    description: str | None
    fields: list[FieldSpec]


#: The keys line under the buttons, and its short form for small terminals (translated
#: where they are shown: ``_keys_line``).
_KEYS = (
    _N("Tab: next field"),
    _N("Space: toggle"),
    _N("Ctrl+S or Enter in a one-line box: submit"),
    _N("Esc: cancel"),
)
_SHORT_KEYS = (_N("Tab: next"), _N("Ctrl+S: submit"), _N("Esc: cancel"))
#: Below this width or height the buttons lose their borders and the keys line is short.
_SMALL = Size(70, 24)
#: The columns around the dialog's content (its border and padding, both sides).
_DIALOG_FRAME = 4
#: The columns a button takes besides its label: the line padding, and the border
#: unless it is compact; then the margin before it.
_BUTTON_FRAME = 4
_COMPACT_BUTTON_FRAME = 2
_BUTTON_MARGIN = 2


def _keys_line(keys: tuple[str, ...]) -> str:
    return "   ".join(_t(key) for key in keys)


def _row_width(labels: list[str], compact: bool) -> int:
    """The columns a row of buttons with these labels takes. Measured in terminal cells,
    as Textual draws them (a Chinese character takes two): by ``len()`` a row of Chinese
    labels would look half as wide as it is, and its last button would be cut."""
    frame = _COMPACT_BUTTON_FRAME if compact else _BUTTON_FRAME
    return sum(cell_len(label) + frame + _BUTTON_MARGIN for label in labels)


def _plain(text: str) -> Text:
    """Text from the schema or the server, shown literally: never parsed as markup, with
    every control, bidi or invisible character as a visible escape."""
    return Text(safe_block(text))


def _label(label: str, required: bool) -> Text:
    """A field's label in bold; a required one marked in the language's words (where
    the language puts the mark: ``{label}`` stands for the label), in italics."""
    if not required:
        return Text(safe_text(label), style="bold")
    before, _, after = _t("{label} (required)").partition("{label}")
    text = Text(style="bold")
    text.append(before, style="italic")
    text.append(safe_text(label))
    text.append(after, style="italic")
    return text


def _option(value: Any, label: str, chosen: bool) -> Selection[Any]:
    return Selection(Text(safe_text(label)), value, chosen)


def _from_text(prop: Mapping[str, Any], text: str) -> object | None:
    """The value typed into a text box; None when it is empty (the field is then left
    out of ``content``). A date-time without an offset is read as local time. Raises
    ValueError with a message for text that is not a number."""
    if prop.get("type") in ("integer", "number"):
        if not text.strip():
            return None
        return parse_number(text, prop["type"] == "integer")
    if prop.get("format") == "date-time" and text.strip():
        # spelt as the field's pattern takes it (zod's z.iso.datetime() takes only Z)
        return fit_date_time(prop, complete_date_time(text.strip()))
    return text if text else None


def _zone_note() -> str:
    """What a date-time box says under it before anything is typed."""
    offset = local_offset_now()
    return _t("Local time (UTC{offset}) unless you type an offset.", offset=offset)


def _text_problem(prop: Mapping[str, Any], text: str) -> str | None:
    try:
        value = _from_text(prop, text)
    except ValueError as exc:
        return str(exc)
    return None if value is None else check_value(prop, value)


def _env_size(name: str) -> int:
    try:
        return max(int(os.environ.get(name, "")), 0)
    except ValueError:
        return 0


def terminal_size() -> tuple[int, int]:
    """(columns, lines) of the terminal the app draws on: COLUMNS and LINES when set,
    else the first terminal among stderr (where Textual draws), stdin and stdout, so
    that ``python form.py > out.json`` or ``| jq`` fills the real terminal."""
    columns, lines = _env_size("COLUMNS"), _env_size("LINES")
    for fd in (2, 0, 1):
        if columns and lines:
            break
        try:
            size = os.get_terminal_size(fd)
        except (OSError, ValueError):
            continue
        if size.columns > 0 and size.lines > 0:
            columns, lines = columns or size.columns, lines or size.lines
    return columns or 80, lines or 24


def _as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return str(value)


class _Check(Validator):
    """Checks the text of one field with the same rules as ``validate``."""

    def __init__(self, prop: Mapping[str, Any], exact: Callable[[str], str]) -> None:
        super().__init__()
        self.prop = prop
        self.exact = exact  # the text a box stands for (see FormModal._exact_text)

    def validate(self, value: str) -> ValidationResult:
        problem = _text_problem(self.prop, self.exact(value))
        return self.success() if problem is None else self.failure(problem, value)


class _Checkbox(Checkbox):
    """A check box whose label wraps when the box is narrower than it (Textual's own
    cuts it with an ellipsis): a long label, or a Chinese one in a small terminal, is
    read whole. Its lines are counted as Textual draws them (in terminal cells)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Widget's own measure (a toggle button's is always one line)
        return max(1, Widget.get_content_height(self, container, viewport, width))


class _Fields(VerticalScroll, can_focus=False):
    """The scrolling field area: Tab goes to the fields inside, not to the area."""


class _Scrolling(VerticalScroll):
    """A scrolling area that takes the focus (for the arrow keys) only when it
    overflows."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


#: The screen's style; "FormModal" stands for the generated screen class's own name, so
# that a
#: form's rules never reach another screen of the host app.
_CSS = """
FormModal {
    align: center middle;
}
FormModal #dialog {
    width: 100;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: round $primary;
    background: $surface;
    padding: 0 1;
}
FormModal #head {
    dock: top;
    height: auto;
    max-height: 40vh;
    margin-bottom: 1;
}
FormModal #server {
    color: $primary;
    text-style: bold;
}
FormModal #title {
    margin-top: 1;
    text-style: bold;
}
FormModal #description {
    color: $text-muted;
}
FormModal #message {
    margin-top: 1;
}
FormModal #fields {
    height: auto;
    max-height: 100%;
}
FormModal #foot {
    dock: bottom;
    height: auto;
}
FormModal .field {
    height: auto;
    margin: 0 0 1 0;
}
FormModal .description,
FormModal .hint {
    color: $text-muted;
}
FormModal .error,
FormModal #status {
    color: $error;
    text-style: bold;
    display: none;
}
FormModal .field.-invalid .error,
FormModal #status.-shown {
    display: block;
}
FormModal .field.-invalid Input,
FormModal .field.-invalid TextArea,
FormModal .field.-invalid Select > SelectCurrent,
FormModal .field.-invalid SelectionList {
    border: tall $error;
}
FormModal TextArea {
    height: 7;
}
FormModal Checkbox {
    max-width: 100%;
    text-wrap: wrap;
    text-overflow: fold;
}
FormModal SelectionList {
    height: auto;
    max-height: 12;
}
FormModal #actions {
    height: auto;
    align-horizontal: right;
}
FormModal #actions Button {
    width: auto;
    min-width: 0;
    margin-left: 2;
}
FormModal.-narrow #actions {
    layout: vertical;
}
FormModal.-narrow #actions Button {
    width: 100%;
    margin-left: 0;
}
FormModal #keys {
    color: $text-muted;
}
"""
