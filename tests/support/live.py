"""Helpers of the run-time form tests (``load_form``, ``FormRouter(compile_unknown=...)``): the
input each golden form is loaded from, contents a form must refuse, and the class lookups a
host application does on a module it did not write."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

import elicit_gen
from elicit_gen.compiler import ir

from .cases import CASES_DIR, valid_content


def case_input(case: str, form: ir.Form) -> bytes:
    """What a client would get for ``form`` of golden ``case``: the case file itself when it holds
    one form, else the form's own ``elicitation/create`` params (message and schema)."""
    data = (CASES_DIR / f"{case}.json").read_bytes()
    result = elicit_gen.compile(data, [], name=f"{case}.json")
    if len(result.forms) == 1:
        return data
    params = {"message": form.message, "requestedSchema": form.schema}
    return json.dumps(params).encode("utf-8")


def ir_form(schema: Mapping[str, Any] | str | bytes) -> ir.Form:
    """The IR of ``schema`` (one form, no errors)."""
    result = elicit_gen.compile(schema, [], name="schema.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return form


def _bad_values(field: ir.Field) -> list[Any]:
    """Values of the wrong type, or past one of ``field``'s constraints."""
    bad: list[Any] = [None, {"x": 1}]
    if isinstance(field, ir.StringField):
        bad += [5, True, ["x"], "bad\x00nul"]
        if field.min_length:
            bad.append("x" * (field.min_length - 1))
        if field.max_length is not None:
            bad.append("x" * (field.max_length + 1))
        by_format = {
            ir.StringFormat.EMAIL: ["ada(at)example.com", "@x.com"],
            ir.StringFormat.URI: ["example dot com", "no-scheme"],
            ir.StringFormat.DATE: ["2023-02-29", "2024-2-01"],
            ir.StringFormat.DATE_TIME: ["2024-02-29T25:00:00Z", "2024-01-01T00:00:00"],
            ir.StringFormat.TIME: ["09:00:00", "24:00:00Z"],
            ir.StringFormat.UUID: ["123e4567e89b12d3a456426614174000", "not-a-uuid"],
            ir.StringFormat.IPV4: ["192.0.2.01", "256.0.0.1"],
            ir.StringFormat.IPV6: ["fe80::1%eth0", "1::2::3"],
            ir.StringFormat.HOSTNAME: ["-a.example", "a_b.example"],
            ir.StringFormat.DURATION: ["P1W2D", "PT1.5S"],
        }
        if field.format is not None:
            bad += by_format[field.format]
    elif isinstance(field, ir.NumberField):
        bad += ["5", True, float("nan"), float("inf")]
        if field.integer:
            bad.append(1.5)
        if field.minimum is not None:
            bad += [field.minimum - 1, field.minimum - 0.5]
        if field.maximum is not None:
            bad += [field.maximum + 1, field.maximum + 0.5]
    elif isinstance(field, ir.BooleanField):
        bad += ["yes", 1, 0]
    elif isinstance(field, ir.SingleSelectField) and field.numeric:
        first = field.options[0].value
        bad += [str(first), [first], True, first + 0.5, max(o.value for o in field.options) + 1]
    elif isinstance(field, ir.SingleSelectField):
        bad += [field.options[0].value + " ", [field.options[0].value], 1]
        if field.titled:
            bad += [
                o.label for o in field.options if o.label not in {p.value for p in field.options}
            ]
    else:
        values = [o.value for o in field.options]
        bad += [values[0], [*values, "zz-not-an-option"], [1], values[:1] * 2]
        if field.min_items:
            bad.append(values[: field.min_items - 1])
        if field.max_items is not None and field.max_items < len(values):
            bad.append(values[: field.max_items + 1])
    return bad


def invalid_contents(form: ir.Form) -> list[dict[str, Any]]:
    """Contents around :func:`valid_content` that break one thing each (most of them invalid;
    the tests compare verdicts, so a borderline one that is valid does no harm)."""
    base = valid_content(form)
    out: list[dict[str, Any]] = [{**base, "zz-unknown": 1}]
    for field in form.fields:
        out += [{**base, field.name: value} for value in _bad_values(field)]
        if field.required:
            out.append({k: v for k, v in base.items() if k != field.name})
    return out


def own_classes(module: ModuleType, suffix: str) -> list[type]:
    """The public classes ``module`` itself defines whose names end with ``suffix``."""
    return [
        value
        for name, value in vars(module).items()
        if name.endswith(suffix)
        and not name.startswith("_")
        and isinstance(value, type)
        and value.__module__ == module.__name__
    ]


def content_class(module: ModuleType) -> Any:
    """The pydantic content model of a generated pydantic module, whatever its class name."""
    (found,) = own_classes(module, "Content")
    return found


def nested(depth: int) -> dict[str, Any]:
    """A dict nested ``depth`` levels deep, built without recursion."""
    root: dict[str, Any] = {}
    node = root
    for _ in range(depth - 1):
        child: dict[str, Any] = {}
        node["x"] = child
        node = child
    return root


def names(prefix: str, count: int) -> Iterable[str]:
    return (f"{prefix}{i}" for i in range(count))
