"""The ``textual`` target: a Python module with a Textual ``ModalScreen`` and ``App`` for one form.

The generated module imports only the standard library, ``textual`` and ``rich`` (which textual
depends on). It copies the shared validation runtime, so the screen refuses exactly what
``validate()`` refuses. Every schema string reaches it through :func:`py_literal` and is shown as
a ``rich.text.Text`` (never parsed as markup).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..compiler import ir
from ..compiler.ir import DEFAULT_SERVER, StringFormat
from ._render import format_python, header_text, render, runtime_body, runtime_imports
from ._text import SAFE_TEXT_SOURCE, number_text, plural
from .base import GeneratedFile

#: The generated module's own imports (merged with the runtime's and sorted like isort/ruff).
_OWN_IMPORTS = (
    "import argparse",
    "import functools",
    "import json",
    "import sys",
    "from collections.abc import Callable, Mapping",
    "from typing import Any, ClassVar",
    "from rich.text import Text",
    "from textual import events, on",
    "from textual.app import App, ComposeResult",
    "from textual.binding import Binding, BindingType",
    "from textual.containers import Horizontal, Vertical, VerticalScroll",
    "from textual.screen import ModalScreen",
    "from textual.validation import ValidationResult, Validator",
    "from textual.widgets import Button, Checkbox, Input, Select, SelectionList, Static",
    "from textual.widgets.selection_list import Selection",
)
_THIRD_PARTY = ("rich", "textual")

#: What a text box shows while empty, for each string format.
_FORMAT_PLACEHOLDERS = {
    StringFormat.EMAIL: "name@example.com",
    StringFormat.URI: "https://example.com/page",
    StringFormat.DATE: "YYYY-MM-DD",
    StringFormat.DATE_TIME: "YYYY-MM-DDThh:mm:ss+hh:mm",
}
#: Characters a number box accepts (checked against the whole text after each keystroke).
_INTEGER_RESTRICT = r"[-+]?[0-9_]*"
_NUMBER_RESTRICT = r"[-+]?[0-9_]*\.?[0-9_]*(?:[eE][-+]?[0-9_]*)?"


@dataclass(frozen=True)
class FieldView:
    """One field as the template needs it: the IR field plus the texts this target derives."""

    field: ir.Field
    kind: str  # "string" | "number" | "boolean" | "select" | "multi"
    widget_id: str  # the Textual id of the field's control (the field's HTML id: "f-...")
    hint: str  # placeholder (text boxes), prompt (selects) or rule line (multi-selects)
    restrict: str | None = None  # text box character filter

    # A field's other widgets put a prefix before its control's id; control ids all start with
    # "f-" and are distinct, so every id in the screen is unique by construction.
    @property
    def box_id(self) -> str:
        return "box-" + self.widget_id

    @property
    def error_id(self) -> str:
        return "error-" + self.widget_id


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return (
            f"exactly {number_text(lo)}"
            if lo == hi
            else f"from {number_text(lo)} to {number_text(hi)}"
        )
    if lo is not None:
        return f"at least {number_text(lo)}"
    if hi is not None:
        return f"at most {number_text(hi)}"
    return ""


def _length_hint(field: ir.StringField) -> str:
    lo, hi = field.min_length, field.max_length
    if lo is None and hi is None:
        return ""
    if lo is not None and hi is not None and lo == hi:
        return f"exactly {plural(lo, 'character')}"
    if lo is not None and hi is not None:
        return f"{lo} to {hi} characters"
    if lo is not None:
        return f"at least {plural(lo, 'character')}"
    assert hi is not None
    return f"at most {plural(hi, 'character')}"


def _count_rule(field: ir.MultiSelectField) -> str:
    lo, hi = field.min_items, field.max_items
    if lo is not None and hi is not None:
        return f"Choose exactly {lo}." if lo == hi else f"Choose {lo} to {hi}."
    if lo is not None:
        return f"Choose at least {lo}."
    if hi is not None:
        return f"Choose at most {hi}."
    return "Choose any."


def _view(field: ir.Field) -> FieldView:
    widget_id = str(field.html_id)
    if isinstance(field, ir.StringField):
        length = _length_hint(field)
        if field.format is None:
            return FieldView(field, "string", widget_id, length)
        hint = _FORMAT_PLACEHOLDERS[field.format]
        if length:
            hint = f"{hint} ({length})"
        return FieldView(field, "string", widget_id, hint)
    if isinstance(field, ir.NumberField):
        noun = "a whole number" if field.integer else "a number"
        bounds = _range(field.minimum, field.maximum)
        restrict = _INTEGER_RESTRICT if field.integer else _NUMBER_RESTRICT
        return FieldView(field, "number", widget_id, f"{noun} {bounds}".strip(), restrict)
    if isinstance(field, ir.BooleanField):
        return FieldView(field, "boolean", widget_id, "")
    if isinstance(field, ir.SingleSelectField):
        prompt = "Choose one" if field.required else "Choose one (optional)"
        return FieldView(field, "select", widget_id, prompt)
    return FieldView(field, "multi", widget_id, _count_rule(field) + " Space toggles an option.")


def _import_key(line: str) -> tuple[bool, str, bool, str]:
    module = line.split()[1]
    return (line.startswith("from "), module.lower(), " as " in line, line)


def import_block() -> str:
    """The module's imports (its own and the runtime's) in the order ruff's isort rule wants:
    a standard-library section, then a third-party one; ``import`` lines before ``from`` lines."""
    lines = set(_OWN_IMPORTS) | {x for x in runtime_imports().splitlines() if x.strip()}
    stdlib = sorted(
        (x for x in lines if x.split()[1].split(".")[0] not in _THIRD_PARTY), key=_import_key
    )
    third = sorted(
        (x for x in lines if x.split()[1].split(".")[0] in _THIRD_PARTY), key=_import_key
    )
    return "\n".join(stdlib) + "\n\n" + "\n".join(third) + "\n"


class TextualTarget:
    name = "textual"
    suffix = "_textual.py"

    def emit(self, form: ir.Form) -> GeneratedFile:
        views = [_view(f) for f in form.fields]
        ids = [
            i for v in views for i in (v.widget_id, v.box_id, v.error_id, "unset-" + v.widget_id)
        ]
        assert len(set(ids)) == len(ids) and all(v.widget_id.startswith("f-") for v in views)
        text = render(
            "textual/module.py.j2",
            header=header_text(form),
            form=form,
            views=views,
            imports=import_block(),
            runtime=runtime_body(),
            safe_text_source=SAFE_TEXT_SOURCE.strip("\n"),
            default_server=DEFAULT_SERVER,
            schema=form.schema,
        )
        return GeneratedFile(name=form.stem + self.suffix, text=format_python(text))


TARGET = TextualTarget()
