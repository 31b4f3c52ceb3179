"""The ``pydantic`` target: typed response models for MCP server authors.

``<stem>_models.py`` imports only pydantic (v2.11+) and the standard library. It holds the content
model ``<ClassName>Content`` (one field per property, validating exactly what the schema allows),
the result model ``<ClassName>Result`` (the whole ``ElicitResult``), ``REQUESTED_SCHEMA`` (the
normalised schema to send), ``MESSAGE`` and ``OPTION_LABELS`` (the labels of titled selects).
See docs/targets/pydantic.md for the design choices (strict types, dates, aliases, absence).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..compiler import ir
from ._render import format_python, header_text, render
from .base import GeneratedFile

#: Keys of a property schema that belong to the field, not to its type.
_FIELD_KEYS = ("title", "description", "default")


@dataclass(frozen=True)
class FieldView:
    """What the template needs of one field, beyond the IR field itself."""

    field: ir.Field
    kind: str  # text, email, uri, date, date_time, integer, number, boolean, single, multi
    absent: bool  # optional without a default: may be left out, is None then
    schema_default: Any  # JSON value of the default of a required field (kept in the schema)
    has_schema_default: bool
    type_schema: dict[str, Any]  # the property schema without title, description and default
    lengths: dict[str, int]  # minLength / maxLength of a date or date-time field
    ge: int | float | None  # the bounds pydantic checks
    le: int | float | None
    bounds_schema: dict[str, float]  # bounds an integer field shows but cannot check as such


def _kind(field: ir.Field) -> str:
    if isinstance(field, ir.StringField):
        if field.format is None:
            return "text"
        return field.format.value.replace("-", "_")
    if isinstance(field, ir.NumberField):
        return "integer" if field.integer else "number"
    if isinstance(field, ir.BooleanField):
        return "boolean"
    if isinstance(field, ir.SingleSelectField):
        return "single"
    return "multi"


def _json_default(field: ir.Field) -> Any:
    default = field.default
    return list(default) if isinstance(default, tuple) else default


def _bounds(field: ir.Field) -> tuple[int | float | None, int | float | None, dict[str, float]]:
    """pydantic's ``ge``/``le`` of a number field. An integer field with a fractional bound
    (``minimum: 1.5``) checks the nearest whole bound (2) and shows the original in its schema."""
    if not isinstance(field, ir.NumberField):
        return None, None, {}
    lo, hi = field.minimum, field.maximum
    shown: dict[str, float] = {}
    if field.integer and isinstance(lo, float):
        shown["minimum"], lo = lo, math.ceil(lo)
    if field.integer and isinstance(hi, float):
        shown["maximum"], hi = hi, math.floor(hi)
    return lo, hi, shown


def _view(field: ir.Field, prop: dict[str, Any]) -> FieldView:
    has_default = field.default is not None
    ge, le, bounds_schema = _bounds(field)
    kind = _kind(field)
    lengths: dict[str, int] = {}
    if kind in ("date", "date_time") and isinstance(field, ir.StringField):
        if field.min_length is not None:
            lengths["minLength"] = field.min_length
        if field.max_length is not None:
            lengths["maxLength"] = field.max_length
    return FieldView(
        field=field,
        kind=kind,
        absent=not field.required and not has_default,
        schema_default=_json_default(field) if field.required else None,
        has_schema_default=field.required and has_default,
        type_schema={k: v for k, v in prop.items() if k not in _FIELD_KEYS},
        lengths=lengths,
        ge=ge,
        le=le,
        bounds_schema=bounds_schema,
    )


def _option_labels(form: ir.Form) -> dict[str, dict[str, str]]:
    return {
        f.name: {o.value: o.label for o in f.options}
        for f in form.fields
        if isinstance(f, (ir.SingleSelectField, ir.MultiSelectField)) and f.titled
    }


class PydanticTarget:
    name = "pydantic"
    suffix = "_models.py"

    def emit(self, form: ir.Form) -> GeneratedFile:
        schema = form.schema
        properties: dict[str, Any] = schema.get("properties", {})
        views = [_view(f, properties[f.name]) for f in form.fields]
        kinds = {v.kind for v in views}
        text = render(
            "pydantic/models.py.j2",
            header=header_text(form),
            form=form,
            fields=views,
            kinds=kinds,
            needs_re=bool(kinds & {"email", "uri", "date", "date_time"}),
            needs_datetime=bool(kinds & {"date", "date_time"}),
            needs_lengths=any(v.lengths for v in views),
            schema=schema,
            option_labels=_option_labels(form),
            untitled=sorted({n for f in form.fields if f.title is None for n in (f.name, f.ident)}),
            content_class=f"{form.class_name}Content",
            result_class=f"{form.class_name}Result",
        )
        return GeneratedFile(name=form.stem + self.suffix, text=format_python(text))


TARGET = PydanticTarget()
