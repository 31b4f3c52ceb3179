"""The ``pydantic`` target: typed response models for MCP server authors.

``<stem>_models.py`` imports only pydantic (v2.11+) and the standard library. It holds the content
model ``<ClassName>Content`` (one field per property, validating exactly what the schema allows),
the result model ``<ClassName>Result`` (the whole ``ElicitResult``), ``REQUESTED_SCHEMA`` (the
normalised schema to send), ``MESSAGE`` and ``OPTION_LABELS`` (the labels of titled selects).
See docs/targets/pydantic.md for the design choices (strict types, dates, aliases, absence).

The module is black-stable by construction (``black_stable``): its static part is copied verbatim
from real, formatted modules (the pattern engine ``runtime/core/pattern.py``, the format checks
``runtime/core/formats.py``, then ``runtime/pydantic/pydantic_models.py``) and its per-form part,
the field declarations, is built here as expressions (:mod:`.pydantic_expr`): printed by
:mod:`.pydantic_module` in the covered style (every bracket with arguments exploded one per line
with a magic trailing comma, data printed by :mod:`.common.pyprint`; black and ``ruff format`` at
any line length from 88 up leave it unchanged; no jinja2 template: compiling to models imports no
template engine), or, for a form made at run time, evaluated into the models (:meth:`assemble`:
no text is written or compiled).
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from functools import cache
from typing import Any

from ..compiler import ir
from .common.base import FORM_CLASS, Emitter, GeneratedFile, Module, Runtime, Shared
from .common.header import header_text
from .common.runtime import (
    PATTERN_PARTS,
    bundle_name,
    class_statement,
    runtime_part,
    uses_pattern,
    with_pattern,
)
from .pydantic_expr import Call, Kw, Lit, Node, Or, call, data, evaluate, flat, kw, sub

# --- the fields ---------------------------------------------------------------------------------


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


def _length_kws(lo: int | None, hi: int | None) -> tuple[Kw | None, Kw | None]:
    return kw("min_length", lo), kw("max_length", hi)


#: The module's ready-made checks of the subset's text formats (others: ``_format("uuid")``).
_FORMAT_CHECKS: dict[ir.StringFormat, Node] = {
    ir.StringFormat.EMAIL: "_EMAIL",
    ir.StringFormat.URI: "_URI",
}


def _string_type(field: ir.StringField, prop: dict[str, Any]) -> Node:
    lengths = _length_kws(field.min_length, field.max_length)
    fmt = field.format
    # a pattern is checked by the forms' engine (_pattern), not pydantic's pattern= (one
    # engine only), and shown in the JSON schema as the server sent it
    pattern = None if field.pattern is None else call("_pattern", Lit(field.pattern))
    shown_pattern = {} if field.pattern is None else {"pattern": field.pattern}
    # a text with no format may hold emoji, which zod 3 counts twice
    units = None if field.max_length is None else call("_utf16_max", Lit(field.max_length))
    if fmt is None:
        if pattern is not None:
            extra = Kw("json_schema_extra", Lit(shown_pattern))
            return sub("Annotated", "str", call("Field", *lengths, extra), units, pattern)
        if field.min_length is None and field.max_length is None:
            return "str"
        return sub("Annotated", "str", call("Field", *lengths), units)
    if fmt not in (ir.StringFormat.DATE, ir.StringFormat.DATE_TIME):
        # ASCII only: a length in UTF-16 units is the length in code points
        check = _FORMAT_CHECKS.get(fmt) or call("_format", Lit(fmt.value))
        extra = Kw("json_schema_extra", Lit({"format": fmt.value, **shown_pattern}))
        return sub("Annotated", "str", call("Field", *lengths, extra), check, pattern)
    base = "_Date" if fmt is ir.StringFormat.DATE else "_DateTime"
    shown = {k: prop[k] for k in ("minLength", "maxLength", "pattern") if k in prop}
    if not shown:
        return base
    length = None
    if field.min_length is not None or field.max_length is not None:
        length = call("_text_length", Lit(field.min_length), Lit(field.max_length))
    return sub(
        "Annotated",
        base,
        length,
        pattern,
        call("Field", Kw("json_schema_extra", Lit(shown))),
    )


def _number_type(field: ir.NumberField, prop: dict[str, Any]) -> Node:
    ge, le, shown = _bounds(field)
    gt, lt, step = field.exclusive_minimum, field.exclusive_maximum, field.multiple_of
    fixed = None
    if field.const is not None:
        fixed = call("_const", Lit(field.const))
        shown = {**shown, "const": field.const}
    kws = (
        kw("ge", ge),
        kw("le", le),
        kw("gt", gt),
        kw("lt", lt),
        kw("multiple_of", step),
        kw("json_schema_extra", shown or None),
    )
    if field.integer:
        # strict: only an int is an integer (5.0 is refused, as pydantic's StrictInt does)
        return sub("Annotated", "int", call("Field", *kws), fixed)
    return sub(
        "Annotated",
        "float",
        call("Field", *kws, Kw("allow_inf_nan", "False")),
        call("_number", Lit(ge), Lit(le), kw("above", gt), kw("below", lt), kw("step", step)),
        fixed,
    )


def _literal(field: ir.SingleSelectField | ir.MultiSelectField) -> Call:
    """The type of one option's value: ``Literal[...]`` of its strings or integers; ``float``,
    read as one of the options, when an option is a float (``Literal`` takes no float: PEP 586).
    """
    values = [o.value for o in field.options]
    if any(isinstance(value, float) for value in values):
        return sub("Annotated", "float", call("_number_option", Lit(values)), "_NUMBER_OUT")
    return sub("Literal", *(Lit(value) for value in values))


def _numbers(field: ir.SingleSelectField | ir.MultiSelectField) -> str | None:
    """A select of numbers refuses true and false, which pydantic's ``Literal[1]`` takes."""
    return "_NUMBER_CHOICE" if field.numeric else None


def _single_type(field: ir.SingleSelectField, prop: dict[str, Any]) -> Node:
    return sub(
        "Annotated",
        _literal(field),
        _numbers(field),
        call("_pydantic.WithJsonSchema", Lit(prop)),
    )


def _multi_type(field: ir.MultiSelectField, prop: dict[str, Any]) -> Node:
    extra: dict[str, Any] = {"items": prop["items"]}
    if field.unique_items:
        extra["uniqueItems"] = True
    return sub(
        "Annotated",
        sub("list", _literal(field)),
        _numbers(field),
        call(
            "Field",
            *_length_kws(field.min_items, field.max_items),
            Kw("json_schema_extra", Lit(extra)),
        ),
        "_UNIQUE" if field.unique_items else None,
    )


def _boolean_type(field: ir.BooleanField, prop: dict[str, Any]) -> Node:
    if field.const is None:
        return "bool"
    return sub(
        "Annotated",
        "bool",
        call("_const", Lit(field.const)),
        call("Field", Kw("json_schema_extra", Lit({"const": field.const}))),
    )


#: The type of a field, by ``field.kind``: the value it holds, with its constraints.
_TYPES: dict[str, Callable[[Any, dict[str, Any]], Node]] = {
    "string": _string_type,
    "number": _number_type,
    "boolean": _boolean_type,
    "single": _single_type,
    "multi": _multi_type,
}

#: Keys of a property schema that belong to the field, not to its type.
_FIELD_KEYS = ("title", "description", "default")


def _default(field: ir.Field) -> Node:
    """The Python default of an optional field with a default."""
    if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE:
        return call("_date_default", Lit(field.default))
    if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE_TIME:
        return call("_date_time_default", Lit(field.default))
    return Lit(_json_default(field))


def field_nodes(field: ir.Field, prop: dict[str, Any]) -> tuple[Node, Node | None]:
    """The field's annotation in the content model, and its default (None: it has none), as
    expressions: printed for a module written ahead of time (:func:`declaration`), evaluated
    for one made at run time (:meth:`PydanticTarget.assemble`)."""
    type_schema = {k: v for k, v in prop.items() if k not in _FIELD_KEYS}
    value_type = _TYPES[field.kind](field, type_schema)
    has_default = field.default is not None
    absent = not field.required and not has_default
    extra: Node | None = None
    if field.required and has_default:
        extra = Lit({"default": _json_default(field)})
    elif absent:
        extra = "_no_default"
    args = (
        kw("alias", field.name if field.aliased else None),
        kw("title", field.title),
        kw("description", field.description),
        None if extra is None else Kw("json_schema_extra", extra),
    )
    meta = call("Field", *args) if any(args) else None
    outer = "_NUMBER_OUT" if isinstance(field, ir.NumberField) and not field.integer else None
    annotation: Node
    if absent:
        annotation = sub("Annotated", Or(value_type, "_Absent"), "_NOT_NULL", outer, meta)
    elif outer is not None or meta is not None:
        annotation = sub("Annotated", value_type, outer, meta)
    else:
        annotation = value_type
    default: Node | None = None
    if absent:
        default = "None"
    elif not field.required:
        default = _default(field)
    return annotation, default


#: What only the pattern engine imports: the first lines of the import block, left out of the
#: modules of forms with no ``pattern`` (which hold no engine).
_PATTERN_IMPORTS = """\
import _thread
import bisect as _bisect
"""

#: The rest of the module's import block: what the runtime part and the models name (the models'
#: names are reserved by the naming module or start with an underscore, so no field name shadows
#: them).
_IMPORTS = """\
import datetime as _dt
import re as _re
from collections.abc import Callable as _Callable
from fractions import Fraction as _Fraction
from typing import Annotated, Any, Literal

import pydantic as _pydantic
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema as _SkipJsonSchema
"""


def _imports(pattern: bool) -> str:
    """The module's import block, the engine's imports first where it holds the engine."""
    return (_PATTERN_IMPORTS if pattern else "") + _IMPORTS


#: The runtime parts a models module holds, after its imports (the engine's replaced by
#: ``pattern_absent.py`` for a form with no ``pattern``).
_PARTS = (*PATTERN_PARTS, "formats.py", "pydantic_models.py")


def _parts(pattern: bool) -> tuple[str, ...]:
    return with_pattern(_PARTS, pattern)


@cache
def _runtime_parts(pattern: bool = True) -> tuple[Shared, ...]:
    """The pattern engine (``runtime/core/pattern.py`` and its parts, or for a form with no
    ``pattern`` ``pattern_absent.py``), the format checks (``runtime/core/formats.py``) and the
    body of ``runtime/pydantic/pydantic_models.py``, all verbatim, in this order."""
    return tuple(Shared(name, runtime_part(name).body) for name in _parts(pattern))


@cache
def _runtime(pattern: bool = True) -> str:
    """The static part of a models module: :func:`_runtime_parts`, two blank lines apart."""
    return "\n\n".join(part.text for part in _runtime_parts(pattern))


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


# --- the models: printed ahead of time, evaluated at run time ------------------------------


def _config(form: ir.Form) -> list[Kw]:
    """The content model's ``model_config`` items."""
    shape = call(
        "_as_requested",
        Kw(
            "untitled",
            Lit(sorted({n for f in form.fields if f.title is None for n in (f.name, f.ident)})),
        ),
        Kw("titled", Lit(form.title is not None)),
        Kw("description", Lit(form.description)),
    )
    config = [
        Kw("strict", "True"),
        Kw("extra", Lit("forbid" if form.closed else "ignore")),
        Kw("validate_by_name", "True"),
        Kw("validate_by_alias", "True"),
        Kw("serialize_by_alias", "True"),
        Kw("protected_namespaces", Lit(())),
    ]
    if form.title is not None:
        config.append(Kw("title", Lit(form.title)))
    config.append(Kw("json_schema_extra", shape))
    return config


def _content_annotation(content_class: str) -> Node:
    """The result model's ``content`` annotation."""
    return sub(
        "Annotated",
        Or(content_class, "_Absent"),
        "_NOT_NULL",
        call("Field", Kw("json_schema_extra", "_no_default")),
    )


#: The result model's body: the same in every module but for the content model's name.
_RESULT = '''\
    """The whole ``ElicitResult``: ``content`` is present exactly when the action is accept."""

    model_config = ConfigDict(strict=True, extra="ignore")

    action: Literal["accept", "decline", "cancel"]
    content: {content_annotation} = None

    @_pydantic.model_validator(mode="after")
    def _content_exactly_on_accept(self) -> Any:
        return _content_on_accept(self)
'''


def _result_model(result_class: str, content_annotation: str) -> str:
    """The result model's class statement, its ``content`` annotation written as given."""
    body = _RESULT.format(content_annotation=content_annotation)
    return class_statement(result_class, "BaseModel") + "\n" + body


#: The module's docstring (with its two class names): what it holds.
_DOC = """\
Typed pydantic models of one MCP elicitation form.

``{content_class}`` validates the ``content`` of an accepted ``ElicitResult`` exactly as the
requested schema does; ``{result_class}`` validates the whole ``ElicitResult``.
``REQUESTED_SCHEMA`` is the schema to send in ``elicitation/create``, ``MESSAGE`` its message.
"""


class PydanticTarget(Emitter):
    #: The output is black-stable by construction: the pipeline need not run black on it.
    black_stable = True
    #: Its modules read their annotations when a class is made (pydantic needs them).
    future_annotations = False

    def emit(self, form: ir.Form) -> GeneratedFile:
        return self.emit_module(form).file()

    def emit_module(self, form: ir.Form) -> Module:
        # the printer, imported only to write a module (one made at run time is evaluated)
        from .pydantic_module import config_line, declaration, layout, module_text, statement

        schema = form.schema
        properties: dict[str, Any] = schema.get("properties", {})
        content_class = f"{form.class_name}Content"
        pattern = uses_pattern(form)
        text = module_text(
            header=header_text(form),
            doc=self.module_doc(form),
            message=statement("MESSAGE: str = ", form.message_text),
            schema=schema,
            option_labels=_option_labels(form),
            option_labels_type=_option_labels_type(form),
            imports=_imports(pattern),
            runtime=_runtime(pattern),
            content_line=class_statement(content_class, "BaseModel"),
            config=[config_line(item) for item in _config(form)],
            declarations=[
                declaration(f.ident, *field_nodes(f, properties[f.name])) for f in form.fields
            ],
            result=_result_model(
                f"{form.class_name}Result", layout(_content_annotation(content_class), 4, 13, 0)
            ),
        )
        imports = Shared(f"{bundle_name(pattern)}.imports.py", _imports(pattern))
        shared = (imports, *_runtime_parts(pattern))
        return Module.cut(form.stem + self.suffix, text, shared)

    def module_doc(self, form: ir.Form) -> str:
        return _DOC.format(
            content_class=f"{form.class_name}Content", result_class=f"{form.class_name}Result"
        )

    def assemble(self, form: ir.Form, namespace: dict[str, Any]) -> None:
        """Sets in ``namespace`` (the runtime's, copied) what the module's form part defines,
        from the same expressions its text is printed from: the data, and the content model
        (its config, annotations and defaults evaluated, the class made as its statement makes
        it). The result model is the runtime's API (:meth:`runtime`)."""
        properties: dict[str, Any] = form.schema.get("properties", {})
        namespace.update(
            MESSAGE=form.message_text,
            REQUESTED_SCHEMA=data(form.schema),
            OPTION_LABELS=data(_option_labels(form)),
        )
        name = f"{form.class_name}Content"
        config = {item.name: evaluate(item.value, namespace) for item in _config(form)}
        # in the order a class statement fills its namespace (annotations first when there
        # are any: Python sets them up before the body runs)
        body: dict[str, Any] = {"__module__": namespace["__name__"], "__qualname__": name}
        annotations: dict[str, Any] = {}
        if form.fields:
            body["__annotations__"] = annotations
        body["model_config"] = namespace["ConfigDict"](**config)
        for field in form.fields:
            annotation, default = field_nodes(field, properties[field.name])
            annotations[field.ident] = evaluate(annotation, namespace)
            if default is not None:
                body[field.ident] = evaluate(default, namespace)
        namespace[name] = types.new_class(
            name, (namespace["BaseModel"],), exec_body=lambda ns: ns.update(body)
        )

    def runtime(self, locale: str = "en", pattern: bool = True) -> Runtime:
        """The imports and the static runtime; the API is the result model, the same class in
        every module but for its name and its content model's (written ``FormClass...``)."""
        content = flat(_content_annotation(f"{FORM_CLASS}Content"))
        api = _result_model(f"{FORM_CLASS}Result", content)
        return Runtime(_imports(pattern), (_runtime(pattern),), api)

    def runtime_parts(self, pattern: bool = True) -> tuple[str, ...]:
        return _parts(pattern)


EMITTER = PydanticTarget
