"""Shared helpers of the pydantic target tests: the generated modules of every golden form,
imported once per session, and the reference validators of the differential test."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pydantic

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.core import formcore

from .cases import all_forms, emit

#: A form beyond the golden cases: corner cases of this target (one-option selects, a fractional
#: bound on an integer, length bounds on dates, date-time defaults (a "-00:00" offset), property
#: names that are names the generated module uses, or that pydantic reserves).
EDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "one": {"type": "string", "enum": ["only"]},
        "titled_one": {"type": "string", "oneOf": [{"const": "only", "title": "The only one"}]},
        "multi_one": {
            "type": "array",
            "items": {"type": "string", "enum": ["x"]},
            "default": ["x"],
        },
        "ratio": {"type": "number", "minimum": -0.5, "maximum": 2.25, "default": 1},
        "whole": {"type": "integer", "minimum": 1.5, "maximum": 10},
        "when": {"type": "string", "format": "date", "minLength": 10, "maxLength": 10},
        "at": {
            "type": "string",
            "format": "date-time",
            "maxLength": 25,
            "default": "2024-01-01T00:00:00Z",
        },
        "at_required": {
            "type": "string",
            "format": "date-time",
            "default": "2016-12-31T23:59:59.5-00:00",
        },
        "datetime": {"type": "string", "title": "shadow"},
        "AfterValidator": {"type": "string", "default": "x"},
        "BeforeValidator": {"type": "boolean", "default": True},
        "None": {"type": "integer"},
        "model_name": {"type": "string"},
        "_private": {"type": "string"},
        "text": {"type": "string", "format": "email", "minLength": 6, "maxLength": 30},
        "site": {"type": "string", "format": "uri", "default": "https://example.com"},
        "picks": {
            "type": "array",
            "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]},
            "minItems": 1,
            "default": ["b"],
        },
    },
    "required": ["at_required", "picks", "ratio"],
    "title": "Edge cases",
    "description": "Corner cases of the pydantic target.",
}


def _edge_form() -> ir.Form:
    result = elicit_gen.compile(EDGE_SCHEMA, [], name="tests/pydantic_edge.json", stem="edge")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return form


FORMS: list[tuple[str, ir.Form]] = [*all_forms(), ("edge", _edge_form())]
IDS: list[str] = [name for name, _ in FORMS]


def write_modules(directory: Path) -> dict[str, Path]:
    """Writes the generated module of every golden form into ``directory``."""
    paths: dict[str, Path] = {}
    for name, form in FORMS:
        generated = emit(form, "pydantic")
        path = directory / generated.name
        path.write_text(generated.text, encoding="utf-8")
        paths[name] = path
    return paths


def import_path(path: Path) -> ModuleType:
    name = f"_pydantic_target_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def content_model(module: ModuleType, form: ir.Form) -> type[pydantic.BaseModel]:
    model: type[pydantic.BaseModel] = getattr(module, f"{form.class_name}Content")
    return model


def result_model(module: ModuleType, form: ir.Form) -> type[pydantic.BaseModel]:
    model: type[pydantic.BaseModel] = getattr(module, f"{form.class_name}Result")
    return model


def shown(value: object, *modules: str) -> str:
    """``repr(value)`` without addresses (a check a call makes is a new closure each time) and
    without the names of ``modules`` (a core schema's ``ref`` names the model's module and
    ``id``): two definitions of one model show alike."""
    text = re.sub(r" at 0x[0-9a-f]+|0x[0-9a-f]+", "", repr(value))
    for name in modules:
        text = text.replace(name, "<module>")
    return re.sub(r"(<module>\.\w+):\d+", r"\1:<id>", text)


def accepts(model: type[pydantic.BaseModel], content: object) -> bool:
    try:
        model.model_validate(content)
    except pydantic.ValidationError:
        return False
    return True


def dump(model: type[pydantic.BaseModel], content: object) -> Any:
    return model.model_validate(content).model_dump(mode="json", by_alias=True, exclude_unset=True)


# --- the reference ---------------------------------------------------------------------------
# The strict reference: jsonschema's own format checker (rfc3339-validator for date-time,
# rfc3987 for uri, "contains an @" for email).
STRICT = jsonschema.FormatChecker()

# The documented definitions the models use instead (docs/targets/pydantic.md, "Validation"):
# those of the generated forms' runtime, which differ from jsonschema's reference checkers in:
#  * email: what both the WHATWG HTML grammar and Ajv accept (jsonschema only asks for an "@");
#  * date-time: "T" and "Z" in capitals, as zod 3 requires (jsonschema upper-cases first; no
#    leap second, as rfc3339-validator has none);
#  * every format: the whole string must match (rfc3987 and rfc3339-validator accept a trailing
#    newline, as their `$` matches before it), and the formats beyond the subset are checked as
#    every validator of them checks them (docs/targets.md, "Formats");
#  * an integer is an int, never a float such as 3.0 (pydantic's strict int);
#  * a maxLength counts UTF-16 units too (zod 3);
# * pattern: what every engine a server may run accepts (runtime/core/pattern.py: ECMAScript's,
# Python's
#    and Rust's readings at once), where jsonschema uses Python's re.search alone.
DOCUMENTED = jsonschema.FormatChecker()


def _documented(check: Callable[[str], bool]) -> Callable[[object], bool]:
    return lambda value: not isinstance(value, str) or check(value)


for _fmt, _check in formcore.FORMAT_CHECKS.items():
    DOCUMENTED.checks(_fmt)(_documented(_check))


def _beyond_json_schema(schema: Mapping[str, Any], content: object) -> bool:
    """The documented rules a JSON Schema validator does not have: an integer is an int (but
    for a select of integers, whose option 1 is 1.0 to Ajv, jsonschema and pydantic's
    ``Literal[1]`` alike: tests/targets/test_numeric_enums.py), a maxLength fits in UTF-16 units
    too."""
    if not isinstance(content, Mapping):
        return True
    properties: Mapping[str, Any] = schema.get("properties", {})
    for name, value in content.items():
        prop = properties.get(name, {})
        select = "enum" in prop or "oneOf" in prop or "anyOf" in prop
        if prop.get("type") == "integer" and isinstance(value, float) and not select:
            return False
        limit = prop.get("maxLength")
        if isinstance(value, str) and limit is not None and formcore.utf16_length(value) > limit:
            return False
    return True


def _pattern(validator: Any, pattern: str, instance: object, schema: Any) -> Iterator[Any]:
    if isinstance(instance, str) and not formcore.matches_pattern(pattern, instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


#: jsonschema with the documented ``pattern`` (the forms' engine).
_DOCUMENTED_VALIDATOR = jsonschema.validators.extend(
    jsonschema.Draft202012Validator, {"pattern": _pattern}
)


@cache
def _validator(schema_json: str, documented: bool) -> jsonschema.Draft202012Validator:
    import json

    if documented:
        schema = json.loads(schema_json)
        return _DOCUMENTED_VALIDATOR(schema, format_checker=DOCUMENTED)  # type: ignore[no-any-return]
    return jsonschema.Draft202012Validator(json.loads(schema_json), format_checker=STRICT)


def schema_accepts(form: ir.Form, content: object, *, documented: bool) -> bool:
    try:
        valid = bool(_validator(form.schema_json, documented).is_valid(content))
    except OverflowError:  # jsonschema's multipleOf divides an integer past 1.8e308 as a float
        return False  # a server whose validator fails takes nothing

    return valid and (not documented or _beyond_json_schema(form.schema, content))


def by_property_name(form: ir.Form, content: Mapping[str, Any]) -> dict[str, Any]:
    """``content`` as the model reads it: a key that is the Python name of an aliased field
    stands for that field's property (population by name), unless the property is there too."""
    result = dict(content)
    for field in form.fields:
        if field.aliased and field.ident in content:
            value = result.pop(field.ident)
            if field.name not in content:
                result[field.name] = value
    return result
