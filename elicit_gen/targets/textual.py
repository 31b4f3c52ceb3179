"""The ``textual`` target: a Python module with a Textual ``ModalScreen`` and ``App`` for one form.

The generated module imports only the standard library, ``textual`` and ``rich`` (which textual
depends on). Its code is static: the validation runtime (``runtime/formcore.py``), the safe-text
helpers (``runtime/safetext.py``) and the Textual form runtime (``runtime/textual_form.py``:
widgets, screen, app, command line) are copied in verbatim, so the screen refuses exactly what
``validate()`` refuses. What depends on the form is data, ``_FORM`` (the schema, the texts and one
spec per field), printed by the ``py`` filter, and two small subclasses named after the form.
Every schema string reaches the module through that printer and is shown as a
``rich.text.Text`` (never parsed as markup). The output is black-stable by construction (static
code in the covered style, data in black's exploded layout).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from ..compiler import ir
from ..compiler.ir import DEFAULT_SERVER, StringFormat
from ._hints import count_hint, length_phrase, number_phrase
from ._render import RUNTIME, header_text, render, runtime_body, runtime_imports
from .base import GeneratedFile

_THIRD_PARTY = ("rich", "textual")
#: The runtime parts copied after formcore's, in this order: the safe-text helpers, then the
#: widgets, screen, app and command line.
_PARTS = ("safetext.py", "textual_form.py")
_IMPORTS_END = "# --- end of runtime imports ---\n"
#: Imports wider than this are exploded one name a line (black's and ruff's isort layout).
_LINE_LENGTH = 88

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


def _string_spec(field: ir.StringField) -> dict[str, Any]:
    length = length_phrase(field.min_length, field.max_length)
    if field.format is None:
        return {"hint": length}
    hint = _FORMAT_PLACEHOLDERS[field.format]
    return {"hint": f"{hint} ({length})" if length else hint}


def _number_spec(field: ir.NumberField) -> dict[str, Any]:
    return {
        "hint": number_phrase(field.integer, field.minimum, field.maximum),
        "restrict": _INTEGER_RESTRICT if field.integer else _NUMBER_RESTRICT,
    }


def _options(field: ir.SingleSelectField | ir.MultiSelectField) -> dict[str, str]:
    """Value sent -> title shown, in the schema's order (values are distinct)."""
    options = {o.value: o.label for o in field.options}
    assert len(options) == len(field.options)
    return options


def _select_spec(field: ir.SingleSelectField) -> dict[str, Any]:
    return {
        "hint": "Choose one" if field.required else "Choose one (optional)",
        "allow_blank": not (field.required and field.default is not None),
        "options": _options(field),
    }


def _multi_spec(field: ir.MultiSelectField) -> dict[str, Any]:
    count = count_hint(field.min_items, field.max_items) or "Choose any."
    return {"hint": count + " Space toggles an option.", "options": _options(field)}


#: A field's kind (``field.kind``, which the runtime's ``_BUILDERS`` dispatch on too) -> the
#: keys of its field spec that only that kind has.
_KINDS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "string": _string_spec,
    "number": _number_spec,
    "boolean": lambda field: {},
    "single": _select_spec,
    "multi": _multi_spec,
}


def field_spec(field: ir.Field) -> dict[str, Any]:
    """The ``FieldSpec`` (runtime/textual_form.py) the screen builds ``field`` from."""
    spec: dict[str, Any] = {
        "kind": field.kind,
        "name": field.name,
        "id": str(field.html_id),
        "label": field.label,
        "required": field.required,
    }
    if field.description:
        spec["description"] = field.description
    spec.update(_KINDS[field.kind](field))
    return spec


def form_spec(form: ir.Form) -> dict[str, Any]:
    """The module's ``_FORM`` (a ``FormSpec``)."""
    return {
        "schema": form.schema,
        "message": form.message_text,
        "server": DEFAULT_SERVER,
        "title": form.title,
        "description": form.description,
        "fields": [field_spec(f) for f in form.fields],
    }


# --- the static code -------------------------------------------------------------------------


def _split_imports(head: str) -> list[str]:
    """The import statements of a runtime module's import section, each on one line (a
    parenthesised import joined), without ``__future__`` and relative (package) imports."""
    joined = re.sub(
        r"^(from \S+ import )\(([^)]*)\)",
        lambda m: m.group(1) + ", ".join(n.strip() for n in m.group(2).split(",") if n.strip()),
        head,
        flags=re.M,
    )
    return [
        line
        for line in joined.splitlines()
        if line.startswith(("import ", "from "))
        and "__future__" not in line
        and not line.startswith("from .")
    ]


def _member_key(name: str) -> tuple[int, str]:
    # isort's order-by-type (ruff's default): CONSTANTS, then Classes, then the rest.
    bare = name.split(" as ")[0]
    if bare.isupper() and len(bare) > 1:
        return (0, name)
    return (1, name) if bare[:1].isupper() else (2, name)


def _import_lines(statements: list[str]) -> list[str]:
    """One section of imports in ruff's isort layout: ``import`` lines, then ``from`` lines,
    by module; the names of one module merged (``as`` imports on lines of their own)."""
    plain: set[str] = set()
    members: dict[str, set[str]] = {}
    aliased: set[str] = set()
    for line in statements:
        if line.startswith("import "):
            plain.add(line)
            continue
        module, names = line[len("from ") :].split(" import ")
        for name in (n.strip() for n in names.split(",")):
            if " as " in name:
                aliased.add(f"from {module} import {name}")
            else:
                members.setdefault(module, set()).add(name)
    out = sorted(plain, key=lambda x: (x.split()[1].lower(), x))
    froms: list[tuple[str, bool, str]] = [(x.split()[1], True, x) for x in aliased]
    for module, merged in members.items():
        ordered = sorted(merged, key=_member_key)
        line = f"from {module} import {', '.join(ordered)}"
        if len(line) > _LINE_LENGTH:
            line = f"from {module} import (\n" + "".join(f"    {n},\n" for n in ordered) + ")"
        froms.append((module, False, line))
    out += [line for _, _, line in sorted(froms, key=lambda x: (x[0].lower(), x[1], x[2]))]
    return out


@cache
def _runtime() -> tuple[tuple[str, ...], str]:
    """The import statements and the bodies (after the imports) of the runtime parts copied
    after formcore's (:data:`_PARTS`)."""
    statements: list[str] = []
    bodies: list[str] = []
    for part in _PARTS:
        text = (RUNTIME / part).read_text(encoding="utf-8")
        head, body = text.split(_IMPORTS_END)
        statements += _split_imports(head)
        bodies.append(body.strip("\n"))
    return tuple(statements), "\n\n\n".join(bodies)


@cache
def import_block() -> str:
    """The module's imports (both runtimes') in ruff's isort order: a standard-library section,
    then a third-party one."""
    statements = _split_imports(runtime_imports()) + list(_runtime()[0])
    third = [x for x in statements if x.split()[1].split(".")[0] in _THIRD_PARTY]
    stdlib = [x for x in statements if x not in third]
    return "\n".join(_import_lines(stdlib)) + "\n\n" + "\n".join(_import_lines(third)) + "\n"


class TextualTarget:
    name = "textual"
    suffix = "_textual.py"
    #: The output is black-stable by construction: black would leave it unchanged.
    black_stable = True

    def emit(self, form: ir.Form) -> GeneratedFile:
        spec = form_spec(form)
        ids = [f["id"] for f in spec["fields"]]
        assert len(set(ids)) == len(ids) and all(i.startswith("f-") for i in ids)
        text = render(
            "textual/module.py.j2",
            header=header_text(form),
            class_name=form.class_name,
            form_spec=spec,
            imports=import_block(),
            formcore=runtime_body().rstrip("\n"),
            runtime=_runtime()[1],
        )
        return GeneratedFile(name=form.stem + self.suffix, text=text)


TARGET = TextualTarget()
