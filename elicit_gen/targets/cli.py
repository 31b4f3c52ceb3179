"""The ``cli`` target: a standard-library-only Python module that asks a form's questions on a
plain terminal (prompts on stderr, answers from stdin, the ElicitResult as JSON on stdout).

The module is the form runtime (``runtime/formcore.py``), the safe-text helpers
(``runtime/safetext.py``) and the terminal prompt (``runtime/prompt.py``) copied verbatim, then
what ``templates/cli/module.py.j2`` writes for the form: its schema, one spec per field (data,
printed by the ``py`` filter) and the public API. The output is black-stable by construction: the
runtime modules are written in the covered style and the data is printed in black's layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..compiler import ir
from ..runtime.formcore import FORMAT_HINTS
from ._hints import count_phrase, length_phrase, number_hint, sentence
from ._render import header_text, render
from ._runtime import runtime_bodies, runtime_imports
from .base import GeneratedFile, Runtime

#: The module's own imports (what the template's code names); merged with the runtime's.
_IMPORTS = """\
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence
from typing import Any as _Any
from typing import TextIO
"""

#: The runtime parts copied into the module, in this order.
_PARTS = ("formcore.py", "safetext.py", "prompt.py")


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
            imports=runtime_imports(_PARTS, _IMPORTS),
            runtime=runtime_bodies(_PARTS),
        )
        return GeneratedFile(name=filename, text=text)

    def runtime(self) -> Runtime:
        return Runtime(runtime_imports(_PARTS, _IMPORTS), (runtime_bodies(_PARTS),))


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


TARGET = CliTarget()
