"""The ``qt`` target: a PySide6 module with a ``QDialog`` subclass and the Python form API.

The generated module imports only PySide6 and the standard library. Every schema string reaches
it through :func:`~._render.py_literal`; the dialog shows all of them as plain text (labels are
``Qt.PlainText``, mnemonic ampersands are doubled, the window-title placeholder is escaped at run
time). The per-field decisions (which editor, hints, the blank entry of a select) are made here so
that the templates only loop and branch on the field kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..compiler.ir import (
    DEFAULT_SERVER,
    BooleanField,
    Field,
    Form,
    MultiSelectField,
    NumberField,
    SingleSelectField,
    StringField,
    StringFormat,
)
from ._render import format_python, header_text, render, runtime_body, runtime_imports
from ._text import SAFE_TEXT_SOURCE, number_text, plural
from .base import GeneratedFile

#: What the window title says when the schema has no title.
DEFAULT_TITLE = "Information requested"

#: The standard-library imports of the generated module besides the runtime's.
_STDLIB_IMPORTS = (
    "import argparse",
    "import functools",
    "import html",
    "import json",
    "import signal",
    "import sys",
    "import unicodedata",
    "from collections.abc import Callable, Mapping",
    "from types import FrameType",
    "from typing import Any",
)

_PLACEHOLDERS = {
    None: "",
    StringFormat.EMAIL: "name@example.com",
    StringFormat.URI: "https://example.com/page",
}


@dataclass(frozen=True)
class FieldView:
    """One field as the template sees it: its kind (one macro each) and the text we add."""

    kind: str  # text | date | number | boolean | single | multi
    field: Field
    hint: str  # a one-line note on the constraints ("" when there are none)
    placeholder: str  # shown in an empty text or number box
    blank: str  # the text of a select's "no choice" entry
    nullable: bool  # a date/boolean control that starts (or can be) without a value


def _range_hint(lo: int | float | None, hi: int | float | None, unit: str = "") -> str:
    if lo is not None and hi is not None:
        return (
            f"{number_text(lo)} to {number_text(hi)}{unit}"
            if lo != hi
            else f"exactly {number_text(lo)}{unit}"
        )
    if lo is not None:
        return f"at least {number_text(lo)}{unit}"
    if hi is not None:
        return f"at most {number_text(hi)}{unit}"
    return ""


def _text_hint(field: StringField) -> str:
    lo, hi = field.min_length, field.max_length
    if lo is None and hi is None:
        return ""
    if lo == hi and lo is not None:
        return f"Exactly {plural(lo, 'character')}."
    if lo is not None and hi is not None:
        return f"{lo} to {hi} characters."
    if lo is not None:
        return f"At least {plural(lo, 'character')}."
    assert hi is not None
    return f"At most {plural(hi, 'character')}."


def _number_hint(field: NumberField) -> str:
    kind = "A whole number" if field.integer else "A number"
    bounds = _range_hint(field.minimum, field.maximum)
    return f"{kind}, {bounds}." if bounds else f"{kind}."


def _multi_hint(field: MultiSelectField) -> str:
    lo, hi = field.min_items, field.max_items
    if lo is not None and hi is not None:
        return f"Choose {_range_hint(lo, hi)}." if lo != hi else f"Choose exactly {lo}."
    if lo is not None and lo > 0:
        return f"Choose at least {lo}."
    if hi is not None:
        return f"Choose at most {hi}."
    return "Choose any."


def stdlib_imports() -> str:
    """The module's and the runtime's standard-library imports as one block, sorted the way
    isort (ruff's ``I`` rules) wants: plain imports, then from-imports, each by module name."""
    lines = set(_STDLIB_IMPORTS) | set(runtime_imports().splitlines())

    def key(line: str) -> tuple[bool, str, bool]:
        module = line.split()[1]
        return (line.startswith("from "), module.lower(), " as " in line)

    return "\n".join(sorted(lines, key=key)) + "\n"


def view(field: Field) -> FieldView:
    """The template's view of ``field``."""
    if isinstance(field, StringField):
        if field.format in (StringFormat.DATE, StringFormat.DATE_TIME):
            nullable = field.default is None or not field.required
            return FieldView("date", field, "", "", "", nullable)
        return FieldView("text", field, _text_hint(field), _PLACEHOLDERS[field.format], "", False)
    if isinstance(field, NumberField):
        return FieldView("number", field, _number_hint(field), "", "", False)
    if isinstance(field, BooleanField):
        return FieldView("boolean", field, "", "", "", field.default is None and not field.required)
    if isinstance(field, SingleSelectField):
        blank = "Choose one…" if field.required else "(no answer)"
        return FieldView("single", field, "", "", blank, False)
    assert isinstance(field, MultiSelectField)
    return FieldView("multi", field, _multi_hint(field), "", "", False)


def window_title(form: Form) -> str:
    """The schema's title, or :data:`DEFAULT_TITLE` when it has none."""
    return form.title if form.title is not None and form.title.strip() else DEFAULT_TITLE


class QtTarget:
    name = "qt"
    suffix = "_qt.py"

    def emit(self, form: Form) -> GeneratedFile:
        text = render(
            "qt/module.py.j2",
            form=form,
            header=header_text(form),
            fields=[view(f) for f in form.fields],
            window_title=window_title(form),
            default_server=DEFAULT_SERVER,
            stdlib_imports=stdlib_imports(),
            runtime_body=runtime_body(),
            safe_text_source=SAFE_TEXT_SOURCE.strip("\n"),
        )
        return GeneratedFile(name=form.stem + self.suffix, text=format_python(text))


TARGET = QtTarget()
