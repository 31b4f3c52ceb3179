"""The ``cli`` target: a standard-library-only Python module that asks a form's questions on a
plain terminal (prompts on stderr, answers from stdin, the ElicitResult as JSON on stdout).

The module's text comes from ``templates/cli/module.py.j2``; each field kind has one macro in
``templates/cli/fields.j2`` that describes its question as data.
"""

from __future__ import annotations

from ..compiler import ir
from ._render import format_python, header_text, render, runtime_body, runtime_imports
from ._text import SAFE_TEXT_SOURCE
from .base import GeneratedFile

#: The module's own imports; merged with the runtime's into one sorted block (isort order).
_IMPORTS = (
    "import argparse",
    "import io",
    "import json",
    "import os",
    "import sys",
    "from collections.abc import Sequence",
    "from typing import TextIO",
)

#: The macro of ``templates/cli/fields.j2`` for each field kind.
_KINDS: dict[type, str] = {
    ir.StringField: "string",
    ir.NumberField: "number",
    ir.BooleanField: "boolean",
    ir.SingleSelectField: "single",
    ir.MultiSelectField: "multi",
}


class CliTarget:
    name = "cli"
    suffix = "_cli.py"

    def emit(self, form: ir.Form) -> GeneratedFile:
        filename = form.stem + self.suffix
        text = render(
            "cli/module.py.j2",
            form=form,
            fields=[(_KINDS[type(field)], field) for field in form.fields],
            header=header_text(form),
            filename=filename,
            default_server=ir.DEFAULT_SERVER,
            imports=_imports(),
            runtime_body=runtime_body(),
            safe_text_source=SAFE_TEXT_SOURCE.strip("\n"),
        )
        return GeneratedFile(name=filename, text=format_python(text))


def _imports() -> str:
    """The module's imports and the runtime's, as one block in isort order: plain imports, then
    ``from`` imports, each sorted by module and name."""
    lines = set(_IMPORTS) | set(runtime_imports().splitlines())
    plain = sorted(line for line in lines if line.startswith("import "))
    froms = sorted(line for line in lines if line.startswith("from "))
    return "\n".join(plain + froms)


TARGET = CliTarget()
