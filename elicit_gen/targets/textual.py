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

from collections.abc import Callable
from typing import Any

from ..compiler import ir
from ..compiler.ir import DEFAULT_SERVER, StringFormat
from ._hints import count_hint, length_phrase, number_phrase
from ._render import header_text, render
from ._runtime import runtime_bodies, runtime_imports
from .base import GeneratedFile, Runtime

#: The runtime parts copied into the module, in this order: the validation runtime, the
#: safe-text helpers, then the widgets, screen, app and command line.
_PARTS = ("formcore.py", "safetext.py", "textual_form.py")

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


class TextualTarget:
    name: str  # "textual" and "_textual.py": filled in from the registry (targets/__init__.py)
    suffix: str
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
            imports=runtime_imports(_PARTS),
            runtime=runtime_bodies(_PARTS),
        )
        return GeneratedFile(name=form.stem + self.suffix, text=text)

    def runtime(self) -> Runtime:
        return Runtime(runtime_imports(_PARTS), (runtime_bodies(_PARTS),))


TARGET = TextualTarget()
