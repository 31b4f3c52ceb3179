"""Field names that are also names of ``Object.prototype`` (``__proto__``, ``constructor``,
``hasOwnProperty``, ``toString``, ...): issue 40 found ``__proto__`` setting the prototype of the
element's properties object, so that ``validate()`` found nothing wrong with a missing required
value, ``5`` or ``"x"`` under ``minLength: 2``, where the Python form flags all three. Each name
gets the Python form's verdicts, its refusals and its answer. Schemas and contents reach the
page as JSON text (``JSON.parse`` makes ``__proto__`` an own key, as a host's parser does)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicit_gen.live import load_form
from elicit_gen.live.limits import FormError

from .conftest import TIMEOUT, Host

NAMES = [
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "toString",
    "valueOf",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "__defineGetter__",
    "__lookupSetter__",
]


def _schema(name: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            name: {"type": "string", "title": "Code", "minLength": 2},
            "age": {"type": "integer", "minimum": 0},
        },
        "required": [name],
    }


def _contents(name: str) -> list[dict[str, Any]]:
    return [{}, {name: 5}, {name: "x"}, {name: None}, {name: "ok"}, {name: "ok", "age": -1}]


def element_verdicts(host: Host, schema: dict[str, Any], contents: list[Any]) -> Any:
    """The element's ``problems`` and ``validate()`` of each content, as JSON text both ways
    (Playwright's own transfer of an object would drop an own ``__proto__`` key)."""
    found = host.page.evaluate(
        """([schema, contents]) => {
            const e = document.createElement("elicitation-form");
            e.requestedSchema = JSON.parse(schema);
            return JSON.stringify([e.problems, contents.map((c) => e.validate(JSON.parse(c)))]);
        }""",
        [json.dumps(schema), [json.dumps(c) for c in contents]],
    )
    return json.loads(found)


@pytest.mark.parametrize("name", NAMES)
def test_a_name_of_object_prototype_is_checked_as_python(host: Host, name: str) -> None:
    schema, contents = _schema(name), _contents(name)
    form = load_form(schema, "cli")
    problems, verdicts = element_verdicts(host, schema, contents)
    assert problems == []
    assert verdicts == [form.validate(c) for c in contents]
    assert all(name in v for v in verdicts[:4])  # all four flagged
    host.clean()


def test_a_name_of_object_prototype_is_answered(host: Host) -> None:
    """The answer the user gives under such a name is what the element sends."""
    name = "__proto__"
    host.page.evaluate(
        """(schema) => {
            const e = document.createElement("elicitation-form");
            e.id = "subject";
            e.requestedSchema = JSON.parse(schema);
            document.getElementById("host").append(e);
        }""",
        json.dumps(_schema(name)),
    )
    host.page.wait_for_selector("#eg-main", timeout=TIMEOUT)
    box = host.page.locator("elicitation-form input.input").first
    box.fill("x")
    host.page.locator("elicitation-form #eg-accept").click()
    assert host.events() == []  # "x" is too short: nothing sent
    box.fill("ok")
    host.page.locator("elicitation-form #eg-accept").click()
    events = host.wait_events(1)
    assert events == [{"action": "accept", "content": {name: "ok"}}]
    assert load_form(_schema(name), "cli").validate({name: "ok"}) == {}
    host.clean()


def _python_lines(schema: dict[str, Any]) -> list[str]:
    try:
        load_form(schema, "cli")
    except FormError as refused:
        return [f"{d.code} {d.message}" for d in refused.errors] or [str(refused)]
    return []


@pytest.mark.parametrize("name", NAMES)
def test_a_name_of_object_prototype_as_a_type_or_format_is_refused_as_python(
    host: Host, name: str
) -> None:
    """``"type": "constructor"`` is no alias of a type (the element said "did you mean
    `function Object() { [native code] }`?"), and ``"toString"`` is near ``string`` for both."""
    for schema in (
        {"type": "object", "properties": {"a": {"type": name}}},
        {"type": "object", "properties": {"a": {"type": "string", "format": name}}},
        {"type": "object", "properties": {"a": {"type": "string", name: 1}}},
    ):
        problems, _ = element_verdicts(host, schema, [])
        assert problems == _python_lines(schema), schema
    host.clean()
