"""The ``cli`` target: a standard-library-only Python module that asks a form's questions on a
plain terminal (prompts on stderr, answers from stdin, the ElicitResult as JSON on stdout).

The module is the form runtime (``runtime/formcore.py``), the safe-text helpers
(``runtime/safetext.py``) and the terminal prompt (``runtime/prompt.py``) copied verbatim, then
what ``templates/cli/module.py.j2`` writes for the form: its schema, one spec per field (data,
printed by the ``py`` filter) and the public API. The output is black-stable by construction: the
runtime modules are written in the covered style and the data is printed in black's layout.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cache
from typing import Any

from ..compiler import ir
from ..runtime.formcore import FORMAT_HINTS
from ._hints import count_phrase, length_phrase, number_hint, sentence
from ._render import RUNTIME, header_text, render, runtime_body, runtime_imports
from .base import GeneratedFile

#: The module's own imports (what the template's code names); merged with the runtime's.
_IMPORTS = (
    "from collections.abc import Mapping as _Mapping",
    "from collections.abc import Sequence",
    "from typing import Any as _Any",
    "from typing import TextIO",
)

#: The runtime parts copied after formcore's, in this order.
_PARTS = ("safetext.py", "prompt.py")

_IMPORTS_END = "# --- end of runtime imports ---\n"

#: The line length the static code and the import block are written for (black's default): the
#: output is then unchanged by black and ``ruff format`` at any line length from 88 up.
_LINE = 88


class CliTarget:
    name: str  # "cli" and "_cli.py": filled in from the registry (targets/__init__.py)
    suffix: str
    black_stable = True

    def emit(self, form: ir.Form) -> GeneratedFile:
        filename = form.stem + self.suffix
        text = render(
            "cli/module.py.j2",
            form=form,
            specs=[field_spec(field) for field in form.fields],
            header=header_text(form),
            filename=filename,
            default_server=ir.DEFAULT_SERVER,
            imports=_imports(),
            runtime=_runtime(),
        )
        return GeneratedFile(name=filename, text=text)


def field_spec(field: ir.Field) -> dict[str, Any]:
    """The data the prompt runtime asks a field's question from (``runtime/prompt.py``): kind,
    name, label and required always; the rest only when set. The hint that states the field's
    constraints is worded here, at compile time, by the wording every target shares
    (``_hints``); the prompt only adds what it knows when it runs (options, the local offset)."""
    spec: dict[str, Any] = {
        "kind": field.kind,  # the prompt runtime dispatches on it (_QUESTIONS)
        "name": field.name,
        "label": field.label,
        "required": field.required,
        "description": field.description,
        "default": field.default,
        **_BY_KIND[field.kind](field),
    }
    return {key: value for key, value in spec.items() if value is not None}


def _string(field: ir.StringField) -> dict[str, Any]:
    what = FORMAT_HINTS[field.format.value] if field.format is not None else "text"
    length = length_phrase(field.min_length, field.max_length)
    return {
        "format": field.format.value if field.format is not None else None,
        # "Text, 3 to 40 characters.", "An email address, such as name@example.com."
        "hint": sentence(f"{what}, {length}" if length else what),
    }


def _number(field: ir.NumberField) -> dict[str, Any]:
    return {
        "integer": field.integer,
        "hint": number_hint(field.integer, field.minimum, field.maximum),
    }


def _boolean(field: ir.BooleanField) -> dict[str, Any]:
    return {}


def _single(field: ir.SingleSelectField) -> dict[str, Any]:
    return {"options": {option.value: option.label for option in field.options}}


def _multi(field: ir.MultiSelectField) -> dict[str, Any]:
    hint = "Type the numbers of your choices separated by commas, such as 1,3"
    count = count_phrase(field.min_items, field.max_items)
    hint += f"; {count}." if count else "."
    if not field.min_items:
        hint += " Type none to choose nothing."
    return {
        "default": list(field.default) if field.default is not None else None,
        "options": {option.value: option.label for option in field.options},
        "hint": hint,
    }


#: What each kind adds to a field's spec.
_BY_KIND: dict[str, Callable[[Any], dict[str, Any]]] = {
    "string": _string,
    "number": _number,
    "boolean": _boolean,
    "single": _single,
    "multi": _multi,
}


@cache
def _part(name: str) -> tuple[tuple[str, ...], str]:
    """A runtime module's absolute imports (one statement per imported name) and its body: the
    text after the imports marker, copied verbatim."""
    text = (RUNTIME / name).read_text(encoding="utf-8")
    head, body = text.split(_IMPORTS_END)
    return _import_lines(head), body.strip("\n") + "\n"


def _import_lines(source: str) -> tuple[str, ...]:
    """``import x`` / ``from m import n`` statements of ``source``, one name each, without
    ``__future__`` and relative imports (those name what other copied parts define)."""
    lines: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            lines.extend(f"import {_alias(a)}" for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module != "__future__":
            lines.extend(f"from {node.module} import {_alias(a)}" for a in node.names)
    return tuple(lines)


def _alias(alias: ast.alias) -> str:
    return alias.name if alias.asname is None else f"{alias.name} as {alias.asname}"


@cache
def _runtime() -> str:
    """formcore's body, then every part of :data:`_PARTS`, as one block of static code."""
    bodies = [runtime_body().strip("\n") + "\n"] + [_part(name)[1] for name in _PARTS]
    return "\n\n".join(bodies)


@cache
def _imports() -> str:
    """Every import the module needs as one block in isort order: plain imports, then ``from``
    imports, by module; names from one module on one line, exploded when longer than 88."""
    lines = set(_IMPORTS) | set(_import_lines(runtime_imports()))
    for name in _PARTS:
        lines |= set(_part(name)[0])
    plain = sorted(line for line in lines if line.startswith("import "))
    froms: dict[str, list[str]] = {}
    for line in lines:
        if line.startswith("from "):
            module, _, imported = line[len("from ") :].partition(" import ")
            froms.setdefault(module, []).append(imported)
    block = list(plain)
    for module in sorted(froms):
        names = sorted(froms[module], key=_name_order)
        # isort's default (no combine-as-imports): each aliased name on its own statement,
        # the plain names together, in the order of their first name.
        combined = [name for name in names if " as " not in name]
        groups = [[name] for name in names if " as " in name]
        if combined:
            groups.append(combined)
        for group in sorted(groups, key=lambda g: _name_order(g[0])):
            one_line = f"from {module} import {', '.join(group)}"
            if len(one_line) <= _LINE:
                block.append(one_line)
            else:
                block.append(f"from {module} import (")
                block.extend(f"    {name}," for name in group)
                block.append(")")
    return "\n".join(block)


def _name_order(imported: str) -> tuple[int, str]:
    """isort's order of names in a ``from`` import: CONSTANTS, Classes, then the rest."""
    name = imported.split(" as ")[0]
    if name.isupper() and len(name) > 1:
        return 0, name
    if name[:1].isupper():
        return 1, name
    return 2, name


TARGET = CliTarget()
