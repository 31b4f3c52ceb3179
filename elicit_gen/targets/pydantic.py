"""The ``pydantic`` target: typed response models for MCP server authors.

``<stem>_models.py`` imports only pydantic (v2.11+) and the standard library. It holds the content
model ``<ClassName>Content`` (one field per property, validating exactly what the schema allows),
the result model ``<ClassName>Result`` (the whole ``ElicitResult``), ``REQUESTED_SCHEMA`` (the
normalised schema to send), ``MESSAGE`` and ``OPTION_LABELS`` (the labels of titled selects).
See docs/targets/pydantic.md for the design choices (strict types, dates, aliases, absence).

The module is black-stable by construction (``black_stable``): its static part is copied verbatim
from real, formatted modules (the pattern engine ``runtime/core/pattern.py``, the format checks
``runtime/core/formats.py``, then ``runtime/pydantic/pydantic_models.py``) and its per-form part,
the field declarations, is laid out here in the covered style: every bracket with arguments exploded
one per line with a magic trailing comma, data printed by :mod:`.common.pyprint`. Black and
``ruff format`` at any line length from 88 up leave it unchanged. The text around them is
:mod:`.pydantic_module`'s (no jinja2 template: compiling to models imports no template engine).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Union

from ..compiler import ir
from .common.base import Emitter, GeneratedFile, Module, Runtime, Shared
from .common.header import header_text
from .common.pyprint import LINE_LENGTH, literal
from .common.runtime import PATTERN_PARTS, class_statement, runtime_part
from .pydantic_module import module_text

# --- the layout of expressions --------------------------------------------------------------------
# A type or default expression is a small tree, laid out by _layout in black's layout for the
# covered style. Only a subscript with a single item cannot carry a magic trailing comma (black
# reads ``X[a,]`` as a tuple index): it stays on one line when that surely fits 88 columns, and
# otherwise holds a comment, which no formatter joins across.


@dataclass(frozen=True)
class _Lit:
    """A data value, printed by :func:`.common.pyprint.literal`."""

    value: Any


@dataclass(frozen=True)
class _Kw:
    """A keyword argument ``name=value``."""

    name: str
    value: _Node


@dataclass(frozen=True)
class _Call:
    """``head(items...)``, or ``head[items...]`` when ``square``."""

    head: str
    items: tuple[_Node, ...]
    square: bool = False


@dataclass(frozen=True)
class _Or:
    """``left | right`` (``right`` a plain name)."""

    left: _Node
    right: str


_Node = Union[str, _Lit, _Kw, _Call, _Or]  # noqa: UP007 - a runtime alias (Python 3.10)


#: The comment that keeps a lone item on its own line: no formatter joins lines across a comment.
_OWN_LINE = "# (on a line of its own)"


def _call(head: str, *items: _Node | None) -> _Call:
    return _Call(head, tuple(i for i in items if i is not None))


def _sub(head: str, *items: _Node | None) -> _Call:
    return _Call(head, tuple(i for i in items if i is not None), square=True)


def _width(text: str) -> int:
    """An upper bound of the columns ``text`` takes for black (wide characters count 2)."""
    if text.isascii():  # the usual case, without a look at each character
        return len(text)
    return len(text) + sum(1 for ch in text if not ch.isascii())


def _flat(node: _Node) -> str:
    """``node`` on one line."""
    if isinstance(node, str):
        return node
    if isinstance(node, _Lit):
        return literal(node.value)
    if isinstance(node, _Kw):
        return node.name + "=" + _flat(node.value)
    if isinstance(node, _Or):
        return _flat(node.left) + " | " + node.right
    opening, closing = "[]" if node.square else "()"
    return node.head + opening + ", ".join(map(_flat, node.items)) + closing


def _layout(node: _Node, indent: int, lead: int, trail: int) -> str:
    """``node`` laid out from column ``lead`` on a line at ``indent``, followed by ``trail``
    columns of text on its last line: on one line when that surely fits 88 columns, else
    exploded (each item in turn on one line if it fits)."""
    flat = _flat(node)
    if lead + _width(flat) + trail <= LINE_LENGTH or isinstance(node, str):
        return flat
    if isinstance(node, _Lit):
        return literal(node.value, indent)
    if isinstance(node, _Kw):
        head = node.name + "="
        return head + _layout(node.value, indent, lead + len(head), trail)
    if isinstance(node, _Or):
        tail = " | " + node.right
        left = _layout(node.left, indent, lead, trail + len(tail))
        if "\n" in left:
            return left + "\n" + " " * indent + "| " + node.right
        if lead + _width(left + tail) + trail > LINE_LENGTH:
            # A name too long to share a line: black splits before "|" at some line lengths
            # only; a comment after the name keeps the split at all.
            return f"{left}  {_OWN_LINE}\n{' ' * indent}| {node.right}"
        return left + tail
    opening, closing = "[]" if node.square else "()"
    if not node.items:
        return flat
    pad = " " * (indent + 4)
    if node.square and len(node.items) == 1:
        inner = _layout(node.items[0], indent + 4, indent + 4, 0)
        note = "" if "\n" in inner else pad + _OWN_LINE + "\n"
        return f"{node.head}{opening}\n{note}{pad}{inner}\n{' ' * indent}{closing}"
    lines = [node.head + opening]
    for item in node.items:
        lines.append(pad + _layout(item, indent + 4, indent + 4, 1) + ",")
    lines.append(" " * indent + closing)
    return "\n".join(lines)


# --- the fields ---------------------------------------------------------------------------------


def _statement(lead: str, value: Any) -> str:
    """``lead`` (``NAME: type = ``) and a data value: on one line when it surely fits, else
    the value on a line of its own in parentheses (black does that to a long string at some
    line lengths only, unless a comment holds it there)."""
    text = literal(value, 0)
    if "\n" in text or _width(lead + text) <= LINE_LENGTH:
        return lead + text
    return f"{lead}(\n    {_OWN_LINE}\n    {text}\n)"


def _json_default(field: ir.Field) -> Any:
    default = field.default
    return list(default) if isinstance(default, tuple) else default


def _bounds(
    field: ir.NumberField,
) -> tuple[int | float | None, int | float | None, dict[str, float]]:
    """pydantic's ``ge``/``le`` of a number field. An integer field with a fractional bound
    (``minimum: 1.5``) checks the nearest whole bound (2) and shows the original in its schema."""
    lo, hi = field.minimum, field.maximum
    shown: dict[str, float] = {}
    if field.integer and isinstance(lo, float):
        shown["minimum"], lo = lo, math.ceil(lo)
    if field.integer and isinstance(hi, float):
        shown["maximum"], hi = hi, math.floor(hi)
    return lo, hi, shown


def _kw(name: str, value: Any) -> _Kw | None:
    """``name=value`` for a value that is set (None: left out)."""
    return None if value is None else _Kw(name, _Lit(value))


def _length_kws(lo: int | None, hi: int | None) -> tuple[_Kw | None, _Kw | None]:
    return _kw("min_length", lo), _kw("max_length", hi)


#: The module's ready-made checks of the subset's text formats (others: ``_format("uuid")``).
_FORMAT_CHECKS: dict[ir.StringFormat, _Node] = {
    ir.StringFormat.EMAIL: "_EMAIL",
    ir.StringFormat.URI: "_URI",
}


def _string_type(field: ir.StringField, prop: dict[str, Any]) -> _Node:
    lengths = _length_kws(field.min_length, field.max_length)
    fmt = field.format
    # a pattern is checked by the forms' engine (_pattern), not pydantic's pattern= (one
    # engine only), and shown in the JSON schema as the server sent it
    pattern = None if field.pattern is None else _call("_pattern", _Lit(field.pattern))
    shown_pattern = {} if field.pattern is None else {"pattern": field.pattern}
    # a text with no format may hold emoji, which zod 3 counts twice
    units = None if field.max_length is None else _call("_utf16_max", _Lit(field.max_length))
    if fmt is None:
        if pattern is not None:
            extra = _Kw("json_schema_extra", _Lit(shown_pattern))
            return _sub("Annotated", "str", _call("Field", *lengths, extra), units, pattern)
        if field.min_length is None and field.max_length is None:
            return "str"
        return _sub("Annotated", "str", _call("Field", *lengths), units)
    if fmt not in (ir.StringFormat.DATE, ir.StringFormat.DATE_TIME):
        # ASCII only: a length in UTF-16 units is the length in code points
        check = _FORMAT_CHECKS.get(fmt) or _call("_format", _Lit(fmt.value))
        extra = _Kw("json_schema_extra", _Lit({"format": fmt.value, **shown_pattern}))
        return _sub("Annotated", "str", _call("Field", *lengths, extra), check, pattern)
    base = "_Date" if fmt is ir.StringFormat.DATE else "_DateTime"
    shown = {k: prop[k] for k in ("minLength", "maxLength", "pattern") if k in prop}
    if not shown:
        return base
    length = None
    if field.min_length is not None or field.max_length is not None:
        length = _call("_text_length", _Lit(field.min_length), _Lit(field.max_length))
    return _sub(
        "Annotated",
        base,
        length,
        pattern,
        _call("Field", _Kw("json_schema_extra", _Lit(shown))),
    )


def _number_type(field: ir.NumberField, prop: dict[str, Any]) -> _Node:
    ge, le, shown = _bounds(field)
    gt, lt, step = field.exclusive_minimum, field.exclusive_maximum, field.multiple_of
    fixed = None
    if field.const is not None:
        fixed = _call("_const", _Lit(field.const))
        shown = {**shown, "const": field.const}
    kws = (
        _kw("ge", ge),
        _kw("le", le),
        _kw("gt", gt),
        _kw("lt", lt),
        _kw("multiple_of", step),
        _kw("json_schema_extra", shown or None),
    )
    if field.integer:
        # strict: only an int is an integer (5.0 is refused, as pydantic's StrictInt does)
        return _sub("Annotated", "int", _call("Field", *kws), fixed)
    return _sub(
        "Annotated",
        "float",
        _call("Field", *kws, _Kw("allow_inf_nan", "False")),
        _call("_number", _Lit(ge), _Lit(le), _kw("above", gt), _kw("below", lt), _kw("step", step)),
        fixed,
    )


def _literal(field: ir.SingleSelectField | ir.MultiSelectField) -> _Call:
    """The type of one option's value: ``Literal[...]`` of its strings or integers; ``float``,
    read as one of the options, when an option is a float (``Literal`` takes no float: PEP 586).
    """
    values = [o.value for o in field.options]
    if any(isinstance(value, float) for value in values):
        return _sub("Annotated", "float", _call("_number_option", _Lit(values)), "_NUMBER_OUT")
    return _sub("Literal", *(_Lit(value) for value in values))


def _numbers(field: ir.SingleSelectField | ir.MultiSelectField) -> str | None:
    """A select of numbers refuses true and false, which pydantic's ``Literal[1]`` takes."""
    return "_NUMBER_CHOICE" if field.numeric else None


def _single_type(field: ir.SingleSelectField, prop: dict[str, Any]) -> _Node:
    return _sub(
        "Annotated",
        _literal(field),
        _numbers(field),
        _call("_pydantic.WithJsonSchema", _Lit(prop)),
    )


def _multi_type(field: ir.MultiSelectField, prop: dict[str, Any]) -> _Node:
    extra: dict[str, Any] = {"items": prop["items"]}
    if field.unique_items:
        extra["uniqueItems"] = True
    return _sub(
        "Annotated",
        _sub("list", _literal(field)),
        _numbers(field),
        _call(
            "Field",
            *_length_kws(field.min_items, field.max_items),
            _Kw("json_schema_extra", _Lit(extra)),
        ),
        "_UNIQUE" if field.unique_items else None,
    )


def _boolean_type(field: ir.BooleanField, prop: dict[str, Any]) -> _Node:
    if field.const is None:
        return "bool"
    return _sub(
        "Annotated",
        "bool",
        _call("_const", _Lit(field.const)),
        _call("Field", _Kw("json_schema_extra", _Lit({"const": field.const}))),
    )


#: The type of a field, by ``field.kind``: the value it holds, with its constraints.
_TYPES: dict[str, Callable[[Any, dict[str, Any]], _Node]] = {
    "string": _string_type,
    "number": _number_type,
    "boolean": _boolean_type,
    "single": _single_type,
    "multi": _multi_type,
}

#: Keys of a property schema that belong to the field, not to its type.
_FIELD_KEYS = ("title", "description", "default")


def _default(field: ir.Field) -> _Node:
    """The Python default of an optional field with a default."""
    if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE:
        return _call("_date_default", _Lit(field.default))
    if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE_TIME:
        return _call("_date_time_default", _Lit(field.default))
    return _Lit(_json_default(field))


def declaration(field: ir.Field, prop: dict[str, Any]) -> str:
    """The field's line(s) in the content model's class body, at indent 4."""
    type_schema = {k: v for k, v in prop.items() if k not in _FIELD_KEYS}
    value_type = _TYPES[field.kind](field, type_schema)
    has_default = field.default is not None
    absent = not field.required and not has_default
    extra: _Node | None = None
    if field.required and has_default:
        extra = _Lit({"default": _json_default(field)})
    elif absent:
        extra = "_no_default"
    args = (
        _kw("alias", field.name if field.aliased else None),
        _kw("title", field.title),
        _kw("description", field.description),
        None if extra is None else _Kw("json_schema_extra", extra),
    )
    meta = _call("Field", *args) if any(args) else None
    outer = "_NUMBER_OUT" if isinstance(field, ir.NumberField) and not field.integer else None
    annotation: _Node
    if absent:
        annotation = _sub("Annotated", _Or(value_type, "_Absent"), "_NOT_NULL", outer, meta)
    elif outer is not None or meta is not None:
        annotation = _sub("Annotated", value_type, outer, meta)
    else:
        annotation = value_type
    lead = f"    {field.ident}: "
    default: _Node | None = None
    if absent:
        default = "None"
    elif not field.required:
        default = _default(field)
    if default is None:
        return lead + _layout(annotation, 4, len(lead), 0)
    flat = lead + _flat(annotation) + " = " + _flat(default)
    if _width(flat) <= LINE_LENGTH:
        return flat
    if isinstance(annotation, _Call) and len(annotation.items) > 1:
        # Exploded (a magic trailing comma), the default after its closing bracket.
        text = _layout(annotation, 4, LINE_LENGTH, 0)
        return lead + text + " = " + _layout(default, 4, 8, 0)
    # A bare type with a default that does not fit: black would put the default in parentheses
    # at some line lengths and not at others; a call keeps one layout at all.
    line = lead + _flat(annotation) + " = "
    return line + _layout(_call("Field", _Kw("default", default)), 4, LINE_LENGTH, 0)


#: The module's import block: what the runtime part and the models name (the models' names are
#: reserved by the naming module or start with an underscore, so no field name shadows them).
_IMPORTS = """\
import _thread
import bisect as _bisect
import datetime as _dt
import re as _re
from collections.abc import Callable as _Callable
from fractions import Fraction as _Fraction
from typing import Annotated, Any, Literal

import pydantic as _pydantic
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema as _SkipJsonSchema
"""


#: The runtime parts every models module holds, after its imports.
_PARTS = (*PATTERN_PARTS, "formats.py", "pydantic_models.py")


@cache
def _runtime_parts() -> tuple[Shared, ...]:
    """The pattern engine (``runtime/core/pattern.py`` and its parts), the format checks
    (``runtime/core/formats.py``) and the body of ``runtime/pydantic/pydantic_models.py``, all
    verbatim, in this order."""
    return tuple(Shared(name, runtime_part(name).body) for name in _PARTS)


@cache
def _runtime() -> str:
    """The static part of every models module: :func:`_runtime_parts`, two blank lines apart."""
    return "\n\n".join(part.text for part in _runtime_parts())


def _titled_selects(form: ir.Form) -> list[ir.SingleSelectField | ir.MultiSelectField]:
    return [
        f
        for f in form.fields
        if isinstance(f, (ir.SingleSelectField, ir.MultiSelectField)) and f.titled
    ]


def _option_labels(form: ir.Form) -> dict[str, dict[ir.OptionValue, str]]:
    return {f.name: {o.value: o.label for o in f.options} for f in _titled_selects(form)}


def _option_labels_type(form: ir.Form) -> str:
    """The type of ``OPTION_LABELS``: option values are strings, or numbers too."""
    numeric = any(f.numeric for f in _titled_selects(form))
    return "dict[str, dict[str | int | float, str]]" if numeric else "dict[str, dict[str, str]]"


class PydanticTarget(Emitter):
    #: The output is black-stable by construction: the pipeline need not run black on it.
    black_stable = True

    def emit(self, form: ir.Form) -> GeneratedFile:
        return self.emit_module(form).file()

    def emit_module(self, form: ir.Form) -> Module:
        schema = form.schema
        properties: dict[str, Any] = schema.get("properties", {})
        untitled = sorted({n for f in form.fields if f.title is None for n in (f.name, f.ident)})
        content_class = f"{form.class_name}Content"
        result_class = f"{form.class_name}Result"
        shape = _call(
            "_as_requested",
            _Kw("untitled", _Lit(untitled)),
            _Kw("titled", _Lit(form.title is not None)),
            _Kw("description", _Lit(form.description)),
        )
        config = [
            "strict=True",
            'extra="forbid"' if form.closed else 'extra="ignore"',
            "validate_by_name=True",
            "validate_by_alias=True",
            "serialize_by_alias=True",
            "protected_namespaces=()",
        ]
        if form.title is not None:
            config.append("title=" + literal(form.title))
        config.append("json_schema_extra=" + _layout(shape, 8, 26, 1))
        text = module_text(
            header=header_text(form),
            message=_statement("MESSAGE: str = ", form.message_text),
            schema=schema,
            option_labels=_option_labels(form),
            option_labels_type=_option_labels_type(form),
            imports=_IMPORTS,
            runtime=_runtime(),
            content_class=content_class,
            result_class=result_class,
            content_line=class_statement(content_class, "BaseModel"),
            result_line=class_statement(result_class, "BaseModel"),
            config=config,
            declarations=[declaration(f, properties[f.name]) for f in form.fields],
            content_annotation=_layout(
                _sub(
                    "Annotated",
                    _Or(content_class, "_Absent"),
                    "_NOT_NULL",
                    _call("Field", _Kw("json_schema_extra", "_no_default")),
                ),
                4,
                13,
                0,
            ),
        )
        shared = (Shared("form.imports.py", _IMPORTS), *_runtime_parts())
        return Module.cut(form.stem + self.suffix, text, shared)

    def runtime(self, locale: str = "en") -> Runtime:
        return Runtime(_IMPORTS, (_runtime(),))

    def runtime_parts(self) -> tuple[str, ...]:
        return _PARTS


EMITTER = PydanticTarget
