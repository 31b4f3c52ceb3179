"""Stage 4: a requestedSchema that passed the rules -> the IR (:class:`~.ir.Form`).

Lowering also produces the normalised schema: only the keywords of the subset, in a canonical
key order, with integral bounds of integer fields as integers. Keywords clients drop (reported by
EG160) are dropped here too, but for those every target enforces all the same
(``kinds.ENFORCED_KEYS``, and ``additionalProperties: false`` at the root): kept in the schema
and the IR, so that a generated module's ``REQUESTED_SCHEMA`` says all that its form checks.
"""

from __future__ import annotations

import json
from typing import Any

from ..runtime.core.formcore import _num as number_text
from . import ir
from .digests import sha256
from .envelope import Elicitation
from .kinds import COMMON_KEYS, ENFORCED_KEYS, KIND_KEYS, Kind, Prop
from .naming import class_name, html_ids, module_stem, python_identifiers
from .spec import Revision

_KEY_ORDER = (
    "type",
    "title",
    "description",
    "format",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "exclusiveMinimum",
    "maximum",
    "exclusiveMaximum",
    "multipleOf",
    "enum",
    "enumNames",
    "oneOf",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "const",
    "default",
)
_INT_KEYS = ("minLength", "maxLength", "minItems", "maxItems")
_INTEGER_FIELD_KEYS = (
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "const",
    "default",
    "enum",
)


def _int(value: Any) -> Any:
    """An integral float as the integer (``2.0`` -> 2), also in a list (options, a default)."""
    if isinstance(value, list):
        return [_int(item) for item in value]
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _titled(options: list[dict[str, Any]], integer: bool) -> list[dict[str, Any]]:
    """Titled options with only ``const`` and ``title``; integral consts as integers when the
    options are integers."""
    return [
        {"const": _int(o["const"]) if integer else o["const"], "title": o["title"]} for o in options
    ]


#: What lowering keeps of each kind: what clients honour for it (EG160), and what elicit-gen's
#: forms enforce besides.
_ALLOWED = {
    kind: COMMON_KEYS | KIND_KEYS[kind] | ENFORCED_KEYS.get(kind, frozenset()) for kind in KIND_KEYS
}


#: Where each keyword goes in a normalised property.
_POSITION = {key: index for index, key in enumerate(_KEY_ORDER)}


def normalise_property(prop: Prop) -> dict[str, Any]:
    """The property's schema with only subset keywords, in canonical order."""
    source: dict[str, Any] = prop.keys
    # what clients honour for this kind (EG160), and what elicit-gen's forms enforce besides
    allowed = _ALLOWED[prop.kind]
    integer = prop.value_type == "integer"  # options that are integers: 2.0 is written 2
    result: dict[str, Any] = {}
    keys = [key for key in source if key in allowed and key in _POSITION]
    keys.sort(key=_POSITION.__getitem__)
    for key in keys:
        value: Any = source[key]
        if key == "uniqueItems" and value is not True:
            continue  # false says nothing
        if key in _INT_KEYS or (key in _INTEGER_FIELD_KEYS and source.get("type") == "integer"):
            value = _int(value)
        elif key == "oneOf":
            value = _titled(value, integer)
        elif key == "items":
            if prop.kind is Kind.MULTI_TITLED:
                value = {"anyOf": _titled(value["anyOf"], integer)}
            else:
                enum = _int(value["enum"]) if integer else list(value["enum"])
                value = {"type": value["type"], "enum": enum}
        elif key == "default" and integer:
            value = _int(value)  # a multi-select's default: its items are integers
        result[key] = value
    return result


def normalise_schema(root: dict[str, Any], props: list[Prop]) -> dict[str, Any]:
    names = {p.name for p in props}
    listed = root.get("required")
    listed = listed if isinstance(listed, list) else []
    required = [n for n in dict.fromkeys(x for x in listed if isinstance(x, str)) if n in names]
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {p.name: normalise_property(p) for p in props},
    }
    if required:
        schema["required"] = required
    if root.get("additionalProperties") is False:
        schema["additionalProperties"] = False  # beyond the subset, enforced by every target
    return schema


def schema_hash(schema: dict[str, Any]) -> str:
    canonical = json.dumps(schema, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest: str = sha256(canonical.encode("utf-8")).hexdigest()
    return digest[:16]


def _shown(value: str | int | float) -> str:
    """The label of an untitled option: a string as it is, a number as people write it (``2``
    for 2.0, ``0.25``), the same in every target (formcore's wording of numbers)."""
    return value if isinstance(value, str) else number_text(value)


def _options(prop: Prop, normalised: dict[str, Any]) -> tuple[ir.Option, ...]:
    if prop.kind is Kind.SINGLE_TITLED:
        return tuple(ir.Option(o["const"], o["title"]) for o in normalised["oneOf"])
    if prop.kind is Kind.MULTI_TITLED:
        return tuple(ir.Option(o["const"], o["title"]) for o in normalised["items"]["anyOf"])
    if prop.kind is Kind.MULTI_UNTITLED:
        return tuple(ir.Option(v, _shown(v)) for v in normalised["items"]["enum"])
    names = normalised.get("enumNames") if prop.kind is Kind.SINGLE_LEGACY else None
    values = normalised["enum"]
    return tuple(ir.Option(v, names[i] if names else _shown(v)) for i, v in enumerate(values))


def _value_type(prop: Prop) -> ir.ValueType:
    """What a select's options are (the rules let through only these)."""
    found = prop.value_type
    return "integer" if found == "integer" else "number" if found == "number" else "string"


def lower_field(
    prop: Prop, normalised: dict[str, Any], required: bool, ident: str, html_id: str
) -> ir.Field:
    common: dict[str, Any] = {
        "name": prop.name,
        "ident": ident,
        "html_id": html_id,
        "title": normalised.get("title"),
        "description": normalised.get("description"),
        "required": required,
        "pointer": prop.pointer,
    }
    n = normalised
    if prop.kind is Kind.STRING and "const" in n:
        # a text that must be one value: a choice of that one value, in every target
        value = n["const"]
        return ir.SingleSelectField(
            **common, options=(ir.Option(value, value),), default=n.get("default")
        )
    if prop.kind is Kind.STRING:
        fmt = n.get("format")
        return ir.StringField(
            **common,
            min_length=n.get("minLength"),
            max_length=n.get("maxLength"),
            format=ir.StringFormat(fmt) if fmt else None,
            default=n.get("default"),
            pattern=n.get("pattern"),
        )
    if prop.kind is Kind.NUMBER:
        return ir.NumberField(
            **common,
            integer=n["type"] == "integer",
            minimum=n.get("minimum"),
            maximum=n.get("maximum"),
            default=n.get("default"),
            exclusive_minimum=n.get("exclusiveMinimum"),
            exclusive_maximum=n.get("exclusiveMaximum"),
            multiple_of=n.get("multipleOf"),
            const=n.get("const"),
        )
    if prop.kind is Kind.BOOLEAN:
        return ir.BooleanField(**common, default=n.get("default"), const=n.get("const"))
    if prop.kind.is_single:
        return ir.SingleSelectField(
            **common,
            options=_options(prop, n),
            titled=prop.kind is not Kind.SINGLE_UNTITLED,
            legacy=prop.kind is Kind.SINGLE_LEGACY,
            default=n.get("default"),
            value_type=_value_type(prop),
        )
    default = n.get("default")
    return ir.MultiSelectField(
        **common,
        options=_options(prop, n),
        titled=prop.kind is Kind.MULTI_TITLED,
        min_items=n.get("minItems"),
        max_items=n.get("maxItems"),
        default=tuple(default) if default is not None else None,
        unique_items=n.get("uniqueItems") is True,
        value_type=_value_type(prop),
    )


def lower(
    elicitation: Elicitation,
    props: list[Prop],
    *,
    stem: str,
    source: str,
    revision: Revision,
) -> ir.Form:
    """Builds the IR from the properties the rules classified (``Context.properties``).

    Call only for a form-mode elicitation without blocking errors.
    """
    root: dict[str, Any] = elicitation.schema  # type: ignore[assignment]
    schema = normalise_schema(root, props)
    required = set(schema.get("required", []))
    idents = python_identifiers(p.name for p in props)
    ids = html_ids(p.name for p in props)
    fields = tuple(
        lower_field(
            p, schema["properties"][p.name], p.name in required, idents[p.name], ids[p.name]
        )
        for p in props
    )
    title = root.get("title") if isinstance(root.get("title"), str) else None
    description = root.get("description")
    full_stem = f"{stem}_{elicitation.key}" if elicitation.key is not None else stem
    return ir.Form(
        stem=module_stem(full_stem),
        # from the file (or the inputRequests key), never the title: editing display text must
        # not rename the classes a client imports
        class_name=class_name(elicitation.key or stem),
        message=elicitation.message,
        title=title,
        description=description if isinstance(description, str) else None,
        fields=fields,
        schema_json=json.dumps(schema, ensure_ascii=False),
        schema_hash=schema_hash(schema),
        source=source,
        revision=revision,
        closed=schema.get("additionalProperties") is False,
    )
