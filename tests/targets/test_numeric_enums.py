"""Selects of numbers (issue 25, item 4): ``{"type": "integer", "enum": [1, 2, 4]}`` (the Python
SDK's ``Literal[1, 2, 4]``, FastMCP's ``IntEnum``, zod's ``z.literal([1, 2])``), a titled
``oneOf`` of numbers, and multi-selects of numbers are linted precisely, shown by every target
and answered with the option's very JSON number (1 stays 1, 2.5 stays 2.5, never "1").

No content a form accepts is refused by Ajv (as the TypeScript SDK configures it), jsonschema or
pydantic (``Literal[...]``, ``list``/``set`` of it, as a Python server declares it); and what
they all accept, the form accepts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import pydantic
import pytest
from pytestqt.qtbot import QtBot

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.live import LimitExceeded, Limits, check_limits, load_form
from elicit_gen.mcp import unenforced
from elicit_gen.runtime.core.formcore import check_value, option_index, validate_content
from elicit_gen.targets import targets_with

from ..support.cases import CASES_DIR, write_and_import
from ..support.cli import PtySession, run
from ..support.html import RECORDER, FormPage, write_page
from ..support.qt import choose, open_dialog, submit, tick
from ..support.textual import app_class, fill
from ..support.textual import run as run_textual
from ..support.validators import ajv_verdicts, jsonschema_verdict

# --- the linter ----------------------------------------------------------------------------------


def _lint(text: str) -> list[tuple[str, int, int, str]]:
    """(code, line, column, message) of every diagnostic of the schema ``text``."""
    found = elicit_gen.lint(text, name="t.json").diagnostics
    return [(d.code, d.line, d.column, d.message) for d in found]


def _field(body: str) -> str:
    """A schema whose one property ``f`` is ``body``, which starts on line 3 (column 1)."""
    return '{"type": "object", "properties": {\n  "f":\n' + body + "\n}}\n"


SOUND = [
    '{"type": "integer", "enum": [1, 2, 4]}',
    '{"type": "integer", "enum": [1, 2.0, 4], "default": 2}',
    '{"type": "number", "enum": [0.5, 1, 2.5], "default": 2.5}',
    '{"type": "number", "enum": [-1, 0, 1e-7]}',
    '{"type": "integer", "oneOf": [{"const": 1, "title": "Low"}, {"const": 3, "title": "High"}]}',
    '{"type": "integer", "enum": [1, 2], "enumNames": ["One", "Two"]}',
]
#: Multi-selects of numbers: the spec's schema refuses them (EG154), nothing else is wrong.
MULTI_BODIES = [
    '{"type": "array", "items": {"type": "integer", "enum": [8, 16]}, "default": [16.0]}',
    '{"type": "array", "items": {"type": "number", "enum": [0.5, 1]}, "uniqueItems": true}',
    '{"type": "array", "items": {"anyOf": [{"const": 1, "title": "a"}, {"const": 2.5, '
    '"title": "b"}]}, "default": [2.5]}',
]


@pytest.mark.parametrize("body", SOUND)
def test_a_select_of_numbers_is_only_beyond_the_subset(body: str) -> None:
    """No error: one EG160 warning, at the ``type`` that makes the select one of numbers."""
    found = _lint(_field(body))
    numeric = [d for d in found if "a select of numbers" in d[3]]
    assert len(numeric) == 1, found
    code, line, column, message = numeric[0]
    assert (code, line, column) == ("EG160", 3, body.index('"type"') + 1)
    assert "elicit-gen's forms answer with one of the numbers" in message
    assert "a plain number box" in message
    rest = [d for d in found if d not in numeric]
    assert {d[0] for d in rest} <= {"EG181"}, rest  # only enumNames' deprecation


@pytest.mark.parametrize("body", MULTI_BODIES)
def test_a_multi_select_of_numbers_is_refused_by_the_spec_schema(body: str) -> None:
    """One EG154 error, at the items' ``type`` (a titled multi-select: at its ``anyOf``); the
    forms compile with EG154 ignored, and then nothing but portability is said."""
    found = _lint(_field(body))
    errors = [d for d in found if d[0] == "EG154"]
    assert len(errors) == 1, found
    key = '"anyOf"' if '"anyOf"' in body else '"type"'
    column = body.index(key, body.index('"items"')) + 1
    assert errors[0][1:3] == (3, column)
    assert "refused by the spec's schema" in errors[0][3]
    assert {d[0] for d in found} <= {"EG154", "EG160"}, found  # uniqueItems: beyond the subset
    compiled = elicit_gen.compile(_field(body), ["cli"], ignore=["EG154"])
    assert compiled.ok and len(compiled.files) == 1


#: What real servers send, recorded from them (pydantic 2.14 / mcp 2.3, FastMCP 4.2.3, zod 4 with
#: z.toJSONSchema, zod 3 with zod-to-json-schema 3.25): the property, and the error code it gets
#: (None: only warnings, the form is shown).
SERVERS: list[tuple[str, dict[str, Any], str | None]] = [
    ("SDK Literal[1, 2, 4]", {"enum": [1, 2, 4], "title": "Seats", "type": "integer"}, None),
    ("SDK Literal[1.5, 2.5] = 2.5", {"default": 2.5, "enum": [1.5, 2.5], "type": "number"}, None),
    ("FastMCP IntEnum", {"enum": [1, 3], "title": "P", "type": "integer"}, None),
    ("FastMCP float Enum", {"enum": [0.5, 1.0], "title": "F", "type": "number"}, None),
    ("zod 4 z.literal([1, 2, 4])", {"type": "number", "enum": [1, 2, 4]}, None),
    ("zod 4 .default(2)", {"default": 2, "type": "number", "enum": [1, 2]}, None),
    ("zod 3 union of literals", {"type": "number", "enum": [1, 2]}, None),
    (
        "FastMCP list[IntEnum]",
        {"items": {"enum": [1, 3], "title": "P", "type": "integer"}, "type": "array"},
        "EG154",
    ),
    (
        "zod 4 z.array(z.literal([1, 2]))",
        {"type": "array", "items": {"type": "number", "enum": [1, 2]}},
        "EG154",
    ),
    (
        "zod 4 union of literals (anyOf, no type)",
        {"anyOf": [{"type": "number", "const": 1}, {"type": "number", "const": 2}]},
        "EG110",
    ),
]


@pytest.mark.parametrize(("who", "prop", "code"), SERVERS, ids=[s[0] for s in SERVERS])
def test_what_real_servers_send(who: str, prop: dict[str, Any], code: str | None) -> None:
    schema = {"type": "object", "properties": {"x": prop}}
    errors = {d.code for d in elicit_gen.lint(schema).diagnostics if d.is_error}
    assert errors == ({code} if code else set()), who
    if code is None:
        module = load_form(schema, "cli")
        first = _options(prop)[0]
        assert module.validate({"x": first}) == {}
        assert module.validate({"x": str(first)}) == {"x": "Must be a number."}


#: (schema of ``f``, code, line, column, words of the message), positions read off the text.
FAULTS = [
    ('{"type": "integer",\n "enum": [1, 1.5]}', "EG150", 4, 14, "option 1.5 is no whole number"),
    ('{"type": "integer",\n "enum": [1, "a"]}', "EG150", 4, 14, "must be numbers, found a string"),
    ('{"type": "number",\n "enum": [1, true]}', "EG150", 4, 14, "must be numbers, found a boolean"),
    (
        '{"type": "number",\n "enum": [1, 2, 1.0]}',
        "EG150",
        4,
        17,
        "option 1.0 appears twice: 1 and 1.0 are one JSON number",
    ),
    ('{"type": "integer",\n "enum": [3, 3]}', "EG150", 4, 14, "option 3 appears twice"),
    (
        '{"type": "integer", "oneOf": [{"const": 1, "title": "a"},\n'
        ' {"const": "2", "title": "b"}]}',
        "EG150",
        4,
        12,
        "must be numbers, found a string",
    ),
    (
        '{"type": "array", "items": {"anyOf": [{"const": 1, "title": "a"},\n'
        ' {"const": "b", "title": "b"}]}}',
        "EG150",
        4,
        12,
        "(the first option's value is a number)",
    ),
    ('{"type": "string",\n "enum": ["a", 1]}', "EG150", 4, 16, "must be strings, found an integer"),
    ('{"type": "integer", "enum": [1, 2],\n "default": 3}', "EG140", 4, 13, "`default` 3 does not"),
    ('{"type": "integer", "enum": [1, 2],\n "default": "1"}', "EG120", 4, 13, "must be a number"),
    ('{"type": "integer", "enum": [1, 2],\n "default": true}', "EG120", 4, 13, "must be a number"),
    (
        '{"type": "array", "items": {"type": "integer", "enum": [1, 2]},\n "default": [1, 1.0]}',
        "EG140",
        4,
        13,
        "it repeats an option",
    ),
    (
        '{"type": "array", "items": {"type": "integer", "enum": [1, 2]},\n "default": ["1"]}',
        "EG120",
        4,
        13,
        "must be an array of numbers",
    ),
    (
        '{"type": "integer",\n "enum": [1, 9007199254740993]}',
        "EG134",
        4,
        14,
        "option 9007199254740993 is beyond ±(2^53 - 1) (a JavaScript client reads "
        "9007199254740992)",
    ),
    ('{"enum": [1.5, 2]}', "EG110", 2, 3, 'a single-select needs `type: "string"` (or "integer"'),
    (
        '{"type": "array", "items": {"type": "boolean", "enum": [true]}}',
        "EG110",
        2,
        3,
        "the items of an untitled multi-select need",
    ),
]


@pytest.mark.parametrize(("body", "code", "line", "column", "words"), FAULTS)
def test_what_is_wrong_with_a_select_of_numbers_is_said_where(
    body: str, code: str, line: int, column: int, words: str
) -> None:
    found = _lint(_field(body))
    hits = [d for d in found if d[0] == code and words in d[3]]
    assert hits, found
    assert (hits[0][1], hits[0][2]) == (line, column), hits[0]


def test_minimum_on_a_select_of_numbers_is_not_said_to_belong_elsewhere() -> None:
    """It applies (the server checks it), but no form enforces it: said as such."""
    found = _lint(_field('{"type": "integer", "enum": [1, 2], "minimum": 0}'))
    (message,) = [d[3] for d in found if "`minimum`" in d[3]]
    assert "clients drop it, so the form will not enforce it" in message
    assert "belongs to" not in message


# --- formcore ------------------------------------------------------------------------------------

INTEGERS = {"type": "integer", "enum": [2, 1, 4]}
NUMBERS = {"type": "number", "enum": [0, 0.5, 2.5]}
TITLED = {"type": "integer", "oneOf": [{"const": 1, "title": "Low"}, {"const": 3, "title": "Hi"}]}
MULTI = {"type": "array", "items": {"type": "integer", "enum": [8, 16, 32]}}
UNIQUE = {**MULTI, "uniqueItems": True}
TITLED_MULTI = {
    "type": "array",
    "items": {"anyOf": [{"const": 1, "title": "Dim"}, {"const": 2.5, "title": "Bright"}]},
}
BIG = {"type": "integer", "enum": [1, 9007199254740993]}


def test_option_index_is_json_equality() -> None:
    options: list[object] = [2, 1, 4, 2.5]
    assert option_index(options, 1) == 1
    assert option_index(options, 1.0) == 1  # one JSON number
    assert option_index(options, 2.5) == 3
    assert option_index(options, True) is None  # no number, though Python counts it as 1
    assert option_index(options, "1") is None
    assert option_index([0], -0.0) == 0
    assert option_index([0], float("nan")) is None
    assert option_index(["1", "a"], "1") == 0
    assert option_index(["1"], 1) is None


def test_check_value_of_a_select_of_numbers() -> None:
    listed = "Must be one of the listed options."
    assert check_value(INTEGERS, 4) is None
    assert check_value(INTEGERS, 4.0) is None
    assert check_value(INTEGERS, 3) == listed
    assert check_value(INTEGERS, 1.5) == listed
    assert check_value(INTEGERS, "1") == "Must be a number."
    assert check_value(INTEGERS, True) == "Must be a number."
    assert check_value(INTEGERS, None) == "Must have a value (null is not allowed)."
    assert check_value(NUMBERS, -0.0) is None
    assert check_value(NUMBERS, 0.25) == listed
    assert check_value(NUMBERS, float("inf")) == listed
    assert check_value(TITLED, 3) is None
    assert check_value(TITLED, 2) == listed
    assert check_value(BIG, 9007199254740993) is None
    assert check_value(BIG, 9007199254740992) == listed  # a double reads both alike; Python not
    assert check_value(MULTI, [8, 32.0]) is None
    assert check_value(MULTI, []) is None
    assert check_value(MULTI, [8, 8]) is None  # no uniqueItems: a list may repeat
    assert check_value(UNIQUE, [8, 8.0]) == "Must not choose an option more than once."
    assert check_value(MULTI, ["8"]) == "Must be a list of choices."
    assert check_value(MULTI, [True]) == "Must be a list of choices."
    assert check_value(MULTI, [7]) == "Must only contain the listed options."
    assert check_value(MULTI, 8) == "Must be a list of choices."
    assert check_value(TITLED_MULTI, [2.5, 1]) is None
    assert check_value(TITLED_MULTI, ["Dim"]) == "Must be a list of choices."


# --- the differential against the servers' validators -------------------------------------------

MISSING = object()
PROPS: list[dict[str, Any]] = [INTEGERS, NUMBERS, TITLED, BIG, MULTI, UNIQUE, TITLED_MULTI]
SINGLE_VALUES: list[Any] = [
    1, 1.0, 2, 4, 4.0, 3, 0, -0.0, 0.5, 2.5, 0.25, "1", "0.5", True, False, None, 2**53,
    2**53 + 1, 9007199254740993, 9007199254740992.0, 1e300, [1], {"1": 1}, MISSING,
]  # fmt: skip
MULTI_VALUES: list[Any] = [
    [], [8], [8.0], [8, 16], [16, 8], [8, 8], [8, 8.0], ["8"], [True], [7], [1], [2.5], [1, 2.5],
    [2.5, 2.5], [1.0], [-0.0], [None], 8, None, "8", [[8]], MISSING,
]  # fmt: skip


def _values(prop: dict[str, Any]) -> list[Any]:
    return MULTI_VALUES if prop["type"] == "array" else SINGLE_VALUES


def _options(prop: dict[str, Any]) -> list[Any]:
    if "enum" in prop:
        return list(prop["enum"])
    if "oneOf" in prop:
        return [o["const"] for o in prop["oneOf"]]
    items = prop["items"]
    return list(items["enum"]) if "enum" in items else [o["const"] for o in items["anyOf"]]


def _server_model(prop: dict[str, Any]) -> type[pydantic.BaseModel]:
    """The model a Python server declares for ``prop``: ``Literal[...]`` of the options, a
    ``list`` of it, a ``set`` of it for ``uniqueItems`` (pydantic's lax mode, the SDK's)."""
    kind: Any = Literal[tuple(_options(prop))]
    if prop["type"] == "array":
        kind = set[kind] if prop.get("uniqueItems") else list[kind]
    return pydantic.create_model("Server", x=(kind, ...))


def _pydantic_accepts(model: type[pydantic.BaseModel], content: dict[str, Any]) -> bool:
    """Both ways a server reads the answer: the parsed content and the JSON text."""
    try:
        model.model_validate(content)
        model.model_validate_json(json.dumps(content))
    except pydantic.ValidationError:
        return False
    return True


def _content(value: Any) -> dict[str, Any]:
    return {} if value is MISSING else {"x": value}


def _schema(prop: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"x": prop}, "required": ["x"]}


def _generated_model(prop: dict[str, Any], directory: Path) -> type[pydantic.BaseModel]:
    result = elicit_gen.compile(_schema(prop), [], ignore=["EG154"])  # multi-selects too
    assert result.ok, result.diagnostics
    (form,) = result.forms
    directory.mkdir()
    module = write_and_import(form, "pydantic", directory)
    model: type[pydantic.BaseModel] = getattr(module, f"{form.class_name}Content")
    return model


def test_what_a_form_accepts_every_validator_accepts_and_back(tmp_path: Path) -> None:
    """The form's verdict is the intersection of Ajv's, jsonschema's and pydantic's (both
    ``model_validate`` and ``model_validate_json``): it never accepts what one of them refuses
    (``true`` for 1, ``2**53`` for 9007199254740993, ``[8, 8.0]`` with uniqueItems), and never
    refuses what they all accept (``1.0`` and ``-0.0`` for the options 1 and 0). The generated
    pydantic model (strict) gives the form's verdict too."""
    cases = [(prop, value) for prop in PROPS for value in _values(prop)]
    ajv = ajv_verdicts([(_schema(p), _content(v)) for p, v in cases])
    accepted = refused = 0
    for index, ((prop, value), by_ajv) in enumerate(zip(cases, ajv, strict=True)):
        schema, content = _schema(prop), _content(value)
        form = validate_content(schema, content) == {}
        everyone = (
            by_ajv
            and jsonschema_verdict(schema, content)
            and _pydantic_accepts(_server_model(prop), content)
        )
        assert form == everyone, (prop, value, by_ajv)
        generated = _generated_model(prop, tmp_path / str(index))
        assert _pydantic_accepts(generated, content) == form, (prop, value)
        accepted += form
        refused += not form
    assert accepted >= 30 and refused >= 80, (accepted, refused)


def test_the_differential_sees_what_sets_the_validators_apart() -> None:
    """The oracles disagree where the form must choose (else the test above proves little)."""
    lax = _server_model(INTEGERS)
    assert _pydantic_accepts(lax, {"x": True})  # pydantic's Literal[1] takes True ...
    assert not jsonschema_verdict(_schema(INTEGERS), {"x": True})  # ... JSON Schema does not
    big = _schema(BIG)
    assert ajv_verdicts([(big, {"x": 2**53})]) == [True]  # Ajv reads 2**53 + 1 as 2**53 ...
    assert not jsonschema_verdict(big, {"x": 2**53})  # ... Python validators do not
    unique = _server_model(UNIQUE)
    assert _pydantic_accepts(unique, {"x": [8, 8]})  # a set takes a repeated item


# --- the forms answer with numbers ---------------------------------------------------------------


#: The golden case (single-selects of numbers, as the Python SDK sends them) with two
#: multi-selects of numbers (FastMCP's ``list[IntEnum]``, a titled one): the spec's schema
#: refuses those (EG154), so the golden cases hold none, and they are compiled here with EG154
#: ignored, as for clients that are elicit-gen's forms.
FULL: dict[str, Any] = json.loads((CASES_DIR / "numeric_enums.json").read_text())["requestedSchema"]
FULL["properties"]["sizes"] = {
    "type": "array",
    "title": "Table sizes",
    "uniqueItems": True,
    "items": {"type": "integer", "enum": [8, 16, 32, 64], "title": "Size"},
    "default": [16],
}
FULL["properties"]["levels"] = {
    "type": "array",
    "title": "Light levels",
    "items": {"anyOf": [{"const": 1, "title": "Dim"}, {"const": 2.5, "title": "Bright"}]},
}


def _full() -> ir.Form:
    result = elicit_gen.compile(FULL, [], ignore=["EG154"])
    assert result.ok, result.diagnostics
    (form,) = result.forms
    return form


def _by_name(form: ir.Form, name: str) -> Any:
    return next(f for f in form.fields if f.name == name)


def _numbers_only(content: dict[str, Any]) -> None:
    """Every answer is a JSON number (or a list of them), never a string or a boolean."""
    for value in content.values():
        for item in value if isinstance(value, list) else [value]:
            assert isinstance(item, (int, float)) and not isinstance(item, bool), content


def test_the_ir_knows_the_value_type() -> None:
    form = _full()
    seats, ratio, priority = (_by_name(form, n) for n in ("seats", "ratio", "priority"))
    sizes, levels = _by_name(form, "sizes"), _by_name(form, "levels")
    assert (seats.value_type, ratio.value_type, priority.value_type) == (
        "integer",
        "number",
        "integer",
    )
    assert sizes.value_type == "integer" and levels.value_type == "number"
    assert [o.value for o in seats.options] == [2, 1, 4]
    assert [o.label for o in ratio.options] == ["0.5", "1", "2.5"]
    assert [(o.value, o.label) for o in priority.options] == [
        (1, "Low"),
        (2, "Medium"),
        (3, "High"),
    ]
    assert priority.default == 2 and sizes.default == (16,)
    assert all(f.numeric for f in form.fields)
    # an integral 2.0 under `type: integer` is the integer 2, in the schema sent and the IR
    result = elicit_gen.compile(
        _schema({"type": "integer", "enum": [1.0, 2.0], "default": 2.0}), []
    )
    (lowered,) = result.forms
    assert lowered.schema["properties"]["x"] == {"type": "integer", "enum": [1, 2], "default": 2}
    assert [type(o.value) for o in lowered.fields[0].options] == [int, int]


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    directory = tmp_path_factory.mktemp("numeric")
    return {t: write_and_import(_full(), t, directory) for t in targets_with("python", "ui")}


@pytest.mark.parametrize("target", targets_with("python", "ui"))
def test_validate_of_every_python_form(target: str, modules: dict[str, ModuleType]) -> None:
    validate = modules[target].validate
    assert validate({"seats": 4, "priority": 2}) == {}
    assert validate({"seats": 4.0, "priority": 2.0}) == {}
    assert validate({"seats": "4", "priority": 2}) == {"seats": "Must be a number."}
    assert validate({"seats": True, "priority": 2}) == {"seats": "Must be a number."}
    assert validate({"seats": 3, "priority": 2}) == {"seats": "Must be one of the listed options."}
    assert validate({"seats": 4, "priority": 2, "sizes": [16, 16.0]}) == {
        "sizes": "Must not choose an option more than once."
    }
    assert validate({"seats": 4, "priority": 2, "levels": [True]}) == {
        "levels": "Must be a list of choices."
    }


def test_qt_dialog_answers_with_numbers(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    form = _full()
    dialog = open_dialog(qtbot, modules["qt"], form, server="Test server")
    # defaults are pre-selected: the option 2.5 of the ratio, "Medium" (2), the size 16
    assert dialog.field_widget("ratio").currentText() == "2.5"
    assert dialog.field_widget("priority").currentText() == "Medium"
    sizes = dialog.field_widget("sizes")
    assert [sizes.item(r).checkState().name for r in range(4)] == [
        "Unchecked",
        "Checked",
        "Unchecked",
        "Unchecked",
    ]
    choose(qtbot, dialog.field_widget("seats"), 3)  # the blank entry, then 2, 1, 4
    choose(qtbot, dialog.field_widget("priority"), 3)  # High
    tick(qtbot, dialog.field_widget("sizes"), {1, 3})  # 16 and 64
    tick(qtbot, dialog.field_widget("levels"), {1})  # Bright: 2.5
    with qtbot.waitSignal(dialog.result_ready, timeout=2000):
        submit(qtbot, dialog)
    result = dialog.elicit_result()
    content = {"seats": 4, "ratio": 2.5, "priority": 3, "sizes": [16, 64], "levels": [2.5]}
    assert result == {"action": "accept", "content": content}
    _numbers_only(result["content"])
    assert type(result["content"]["seats"]) is int and type(result["content"]["ratio"]) is float


def test_qt_dialog_takes_initial_numbers_as_the_options(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    """``initial`` 1.0 chooses the option 1, sent as 1; ``True`` chooses nothing."""
    form = _full()
    initial = {"seats": 1.0, "priority": True, "sizes": [32.0, True]}
    dialog = open_dialog(qtbot, modules["qt"], form, initial=initial)
    assert dialog.field_widget("seats").currentText() == "1"
    assert dialog.field_widget("priority").currentText() == "Medium"  # its default stays
    choose(qtbot, dialog.field_widget("priority"), 1)
    with qtbot.waitSignal(dialog.result_ready, timeout=2000):
        submit(qtbot, dialog)
    content = dialog.elicit_result()["content"]
    assert content == {"seats": 1, "ratio": 2.5, "priority": 1, "sizes": [32]}
    assert type(content["seats"]) is int and type(content["sizes"][0]) is int


def test_textual_screen_answers_with_numbers(modules: dict[str, ModuleType]) -> None:
    form = _full()
    values = {"seats": 1, "ratio": 0.5, "priority": 1, "sizes": [8, 64], "levels": [1, 2.5]}
    seen: list[Any] = []

    async def script(pilot: Any) -> None:
        seats = pilot.app.screen.query_one("#" + _by_name(form, "seats").html_id)
        seen.append(seats.value)  # the initial 4.0 chose the option 4
        await fill(pilot, form, values)
        await pilot.press("enter")

    result = run_textual(form, modules["textual"], script, initial={"seats": 4.0})
    assert seen == [4] and type(seen[0]) is int
    assert result == {"action": "accept", "content": values}
    _numbers_only(result["content"])


def test_textual_screen_preselects_the_defaults(modules: dict[str, ModuleType]) -> None:
    form = _full()
    module = modules["textual"]

    async def main() -> dict[str, Any]:
        app = app_class(form, module)()
        async with app.run_test(size=(100, 50)) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            got = {
                name: screen.query_one("#" + _by_name(form, name).html_id)
                for name in ("ratio", "priority", "sizes")
            }
            return {
                "ratio": got["ratio"].value,
                "priority": got["priority"].value,
                "sizes": list(got["sizes"].selected),
            }

    assert asyncio.run(main()) == {"ratio": 2.5, "priority": 2, "sizes": [16]}


def test_the_prompt_takes_an_option_as_shown(modules: dict[str, ModuleType]) -> None:
    """Seats [2, 1, 4] are listed without numbers: a typed 2 is the option 2 (never the second,
    1), 4.0 and a full-width ４ are 4, 3 is no option; the titled priority keeps its numbers
    (1 to 3); a multi-select of numbers takes them separated by commas or spaces."""
    module = modules["cli"]
    lines = ["3", "２", "", "3", "8 64", "2", "s"]
    result, err = run(module, lines)
    assert result == {
        "action": "accept",
        "content": {"seats": 2, "ratio": 2.5, "priority": 3, "sizes": [8, 64], "levels": [2.5]},
    }
    _numbers_only(result["content"])
    assert "      - 2\n      - 1\n      - 4\n    Type your choice as listed." in err
    assert "Not accepted: '3' is not an option: type one of the options as listed." in err
    assert "      1) Low\n      2) Medium\n      3) High\n" in err
    assert "Type your choices as listed, separated by commas." in err
    result, _ = run(module, ["4.0", "1", "1", "16, 32", "1,2", "s"])
    assert result["content"] == {
        "seats": 4,
        "ratio": 1,
        "priority": 1,
        "sizes": [16, 32],
        "levels": [1, 2.5],
    }
    assert type(result["content"]["ratio"]) is int  # the option 1 as written


def test_the_prompt_keeps_an_initial_number_as_the_option(modules: dict[str, ModuleType]) -> None:
    result, err = run(modules["cli"], ["", "", "", "", "", "s"], initial={"seats": 1.0})
    assert "Press Enter to keep: 1\n" in err
    assert result["content"]["seats"] == 1 and type(result["content"]["seats"]) is int


def test_the_command_line_answers_with_numbers(modules: dict[str, ModuleType]) -> None:
    """``--answers`` with 4.0 prints the option 4; "4" is refused with the form's reason."""
    import subprocess
    import sys

    path = Path(modules["cli"].__file__ or "")
    ok = subprocess.run(
        [sys.executable, str(path), "--answers", '{"seats": 4.0, "priority": 1}'],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    assert '"content": {"seats": 4, "ratio": 2.5, "priority": 1, "sizes": [16]}' in ok.stdout
    bad = subprocess.run(
        [sys.executable, str(path), "--answers", '{"seats": "4", "priority": 1}'],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 1 and "seats: Must be a number." in bad.stderr


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal")
def test_the_prompt_on_a_terminal(modules: dict[str, ModuleType]) -> None:
    import os

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm", "LANG": "C.UTF-8"}
    session = PtySession(Path(modules["cli"].__file__ or ""), env=env)
    try:
        session.answer("")  # start
        shown = session.answer("2")
        assert "      - 2\n      - 1\n      - 4\n" in shown.replace("\r", "")
        session.answer("")  # ratio: keep 2.5
        session.answer("")  # priority: keep Medium
        session.answer("")  # sizes: keep 16
        session.answer("")  # levels: skip
        session.answer("s")
        out, code = session.finish()
    finally:
        session.kill()
    assert code == 0
    assert json.loads(out) == {
        "action": "accept",
        "content": {"seats": 2, "ratio": 2.5, "priority": 2, "sizes": [16]},
    }


@pytest.fixture(scope="module")
def page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FormPage]:
    form = _full()
    context = browser.new_context(locale="en-US")
    context.add_init_script(RECORDER)
    tab = context.new_page()
    url = write_page(form, tmp_path_factory.mktemp("numeric-page")).as_uri()
    tab.goto(url)
    yield FormPage(tab, form, url)
    context.close()


@pytest.mark.browser
def test_the_page_answers_with_numbers(page: FormPage) -> None:
    form = _full()
    tab = page.page
    # defaults pre-selected: the option 2.5 and "Medium" shown, the size 16 ticked
    shown = "(id) => { const s = document.getElementById(id); return s.selectedOptions[0].text; }"
    assert tab.evaluate(shown, _by_name(form, "ratio").html_id) == "2.5"
    assert tab.evaluate(shown, _by_name(form, "priority").html_id) == "Medium"
    assert tab.is_checked(f'[id="{_by_name(form, "sizes").html_id}_1"]')
    page.fill(_by_name(form, "seats"), 4)
    page.fill(_by_name(form, "priority"), 3)
    page.fill(_by_name(form, "levels"), [1, 2.5])
    page.submit()
    delivered = page.delivered()
    content = {"seats": 4, "ratio": 2.5, "priority": 3, "sizes": [16], "levels": [1, 2.5]}
    assert delivered == {"action": "accept", "content": content}
    # typed as numbers on the page itself, not only after a JSON round trip
    types = tab.evaluate(
        "async () => { const r = await window.elicitation.result; "
        "return Object.values(r.content).flat().map((v) => typeof v); }"
    )
    assert set(types) == {"number"}


PAGE_PROBES: list[dict[str, Any]] = [
    {"seats": 4, "priority": 2},
    {"seats": 4.0, "priority": 2},
    {"seats": "4", "priority": 2},
    {"seats": True, "priority": 2},
    {"seats": 3, "priority": 2},
    {"seats": 4, "priority": 2, "ratio": -0.0},
    {"seats": 4, "priority": 2, "ratio": 0.5},
    {"seats": 4, "priority": 2, "sizes": [16, 16.0]},
    {"seats": 4, "priority": 2, "sizes": ["16"]},
    {"seats": 4, "priority": 2, "levels": [True]},
    {"seats": 4, "priority": 2, "levels": [2.5, 1]},
    {"seats": None, "priority": 2},
    {"priority": 2},
]


@pytest.mark.browser
def test_the_page_refuses_as_formcore_does(page: FormPage) -> None:
    schema = _full().schema
    found = page.page.evaluate(
        "(probes) => probes.map((c) => window.elicitation.validate(c))", PAGE_PROBES
    )
    assert found == [validate_content(schema, probe) for probe in PAGE_PROBES]


@pytest.mark.browser
def test_the_page_compares_options_beyond_2_53_exactly(browser: Any, tmp_path: Path) -> None:
    """An option 9007199254740993 reads as 9007199254740992 in JavaScript: the page compares
    with the option as the schema wrote it, as formcore does, so 2**53 is no option."""
    result = elicit_gen.compile(_schema(BIG), [])
    (form,) = result.forms
    tab = browser.new_page()
    tab.goto(write_page(form, tmp_path).as_uri())
    verdicts = tab.evaluate(
        "() => [9007199254740992, 1, 1.0].map((x) => window.elicitation.validate({x}))"
    )
    tab.close()
    assert verdicts == [validate_content(form.schema, {"x": v}) for v in (2**53, 1, 1.0)]
    assert verdicts[0] == {"x": "Must be one of the listed options."}


# --- run time: limits and the router's cheap match ------------------------------------------------


def test_limits_count_numeric_options() -> None:
    wide = {"type": "object", "properties": {"x": {"type": "integer", "enum": list(range(501))}}}
    with pytest.raises(LimitExceeded, match="`enum` has 501 options"):
        check_limits(wide)
    check_limits(wide, Limits(max_options=501))
    many = {"type": "object", "properties": {"x": {"type": "number", "enum": list(range(60))}}}
    with pytest.raises(LimitExceeded, match="more than 50 values"):
        check_limits(many, Limits(max_values=50))
    titled = [{"const": i, "title": f"n{i}"} for i in range(60)]
    with pytest.raises(LimitExceeded, match="more than 100 values"):
        check_limits(
            {"type": "object", "properties": {"x": {"type": "integer", "oneOf": titled}}},
            Limits(max_values=100),
        )


def test_limits_measure_numeric_options_as_json_writes_them() -> None:
    """The worst case inside the limits: 40 selects of 495 numbers. Their bytes are measured as
    JSON writes them (a quarter is 4 or 6 characters, not the 24 a float was counted as, which
    refused this 112 KB request as over 256 KB)."""
    quarters = [j / 4 for j in range(495)]
    props = {f"f{i}": {"type": "number", "enum": quarters} for i in range(40)}
    schema = {"type": "object", "properties": props}
    size = len(json.dumps(schema, separators=(",", ":")))  # as the SDK sends it
    check_limits(schema)
    check_limits(json.dumps(schema))
    check_limits(schema, Limits(max_bytes=int(size * 1.05)))
    with pytest.raises(LimitExceeded, match="bytes as JSON"):
        check_limits(schema, Limits(max_bytes=int(size * 0.95)))
    with pytest.raises(LimitExceeded, match="about 401 digits"):
        check_limits({"type": "object", "properties": {"x": {"enum": [1, 10**401]}}})


def test_a_form_of_500_numeric_options_is_compiled_at_run_time() -> None:
    schema = {
        "type": "object",
        "properties": {"x": {"type": "number", "enum": [i / 4 for i in range(500)]}},
    }
    module = load_form(schema, "cli")
    assert module.validate({"x": 124.75}) == {}
    assert module.validate({"x": 0.3}) == {"x": "Must be one of the listed options."}


def test_the_generated_schema_is_what_the_server_sent() -> None:
    """``unenforced`` finds nothing to add: the router shows the form (a request that spells its
    integers 1.0 too)."""
    requested = json.loads((CASES_DIR / "numeric_enums.json").read_text())["requestedSchema"]
    for target in targets_with("loadable", "ui"):
        module = load_form(requested, target)
        assert unenforced(requested, module.REQUESTED_SCHEMA) == [], target
    spelled = json.loads(json.dumps(requested))
    spelled["properties"]["seats"]["enum"] = [2.0, 1.0, 4.0]
    assert unenforced(spelled, load_form(requested, "cli").REQUESTED_SCHEMA) == []
