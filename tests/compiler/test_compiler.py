"""Unit tests of the front end: source positions, envelopes, naming, lowering to the IR."""

from __future__ import annotations

import keyword
import random
from pathlib import Path

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.compiler.envelope import Shape
from elicit_gen.compiler.naming import (
    RESERVED,
    class_name,
    html_ids,
    module_stem,
    python_identifiers,
)
from elicit_gen.compiler.source import parse_json

ROOT = Path(__file__).resolve().parents[2]

# --- source map --------------------------------------------------------------------------------


def test_source_map_positions_of_keys_and_values() -> None:
    text = '{\n  "a": [1,\n    {"b/c": "x"}],\n  "é": true\n}'
    parsed = parse_json(text)
    smap = parsed.source_map
    assert smap.key("/a") == smap.position(4) and (smap.key("/a").line, smap.key("/a").column) == (
        2,
        3,
    )
    assert (smap.value("/a/1/b~1c").line, smap.value("/a/1/b~1c").column) == (3, 13)
    assert (smap.key("/a/1/b~1c").line, smap.key("/a/1/b~1c").column) == (3, 6)
    assert (smap.key("/é").line, smap.key("/é").column) == (4, 3)
    # an unknown pointer falls back to its closest existing parent
    assert smap.value("/a/1/missing") == smap.value("/a/1")


def test_columns_count_code_points() -> None:
    parsed = parse_json('{"😀😀": 1, "x": 2}')
    assert parsed.source_map.key("/x").column == 11


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ('{"a": 1,}', "expected a property name", 9),
        ('{"a" 1}', "expected ':'", 6),
        ("[1 2]", "expected ',' or ']'", 4),
        ('{"a": NaN}', "NaN and Infinity", 7),
        ('{"a": 1e999}', "out of range", 7),
        ('{"a": "\\x"}', "invalid \\escape", 8),
        ("{} {}", "extra data", 4),
        ('{"a": tru}', "unexpected character", 7),
    ],
)
def test_syntax_errors_have_positions(text: str, message: str, column: int) -> None:
    error = parse_json(text).error
    assert error is not None and message in error.message
    assert parse_json(text).source_map.position(error.offset).column == column


def test_duplicate_keys_are_all_found() -> None:
    parsed = parse_json('{"a": {"b": 1, "b": 2}, "a": 3}')
    assert [d.pointer for d in parsed.duplicates] == ["/a/b", "/a"]
    assert parsed.value == {"a": 3}


# --- envelopes ---------------------------------------------------------------------------------

SCHEMA = '{"type": "object", "properties": {"n": {"type": "string"}}}'


@pytest.mark.parametrize(
    ("text", "shape", "message"),
    [
        (SCHEMA, Shape.BARE, None),
        ('{"message": "Hi", "requestedSchema": ' + SCHEMA + "}", Shape.PARAMS, "Hi"),
        (
            '{"method": "elicitation/create", "params": {"message": "Hi", "requestedSchema": '
            + SCHEMA
            + "}}",
            Shape.REQUEST,
            "Hi",
        ),
        (
            '{"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": '
            '{"message": "Hi", "mode": "form", "requestedSchema": ' + SCHEMA + "}}",
            Shape.JSONRPC_REQUEST,
            "Hi",
        ),
    ],
)
def test_every_input_shape_yields_its_form(text: str, shape: Shape, message: str | None) -> None:
    result = elicit_gen.compile(text, [], name="in.json")
    assert result.ok
    [form] = result.forms
    assert form.message == message
    assert elicit_gen.lint(text).shape is shape
    assert [f.name for f in form.fields] == ["n"]


def test_input_required_yields_one_form_per_elicitation_and_skips_other_requests() -> None:
    request = (
        '{"method": "elicitation/create", "params": {"message": "M", "requestedSchema": '
        + SCHEMA
        + "}}"
    )
    text = (
        '{"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {'
        '"b": '
        + request
        + ', "s": {"method": "sampling/createMessage", "params": {}}, "a": '
        + request
        + "}}}"
    )
    result = elicit_gen.compile(text, [], name="mrtr.json")
    assert result.ok
    assert [f.stem for f in result.forms] == ["mrtr_b", "mrtr_a"]
    assert elicit_gen.lint(text).shape is Shape.JSONRPC_RESULT


#: A task of the tasks extension (SEP-2663) as ``tasks/get`` returns it in status
#: ``input_required``: its ``inputRequests`` are answered with ``tasks/update``.
TASK = (
    '{"resultType": "complete", "taskId": "786512e2", "status": "input_required", '
    '"createdAt": "2025-11-25T10:30:00Z", "lastUpdatedAt": "2025-11-25T10:50:00Z", '
    '"ttlMs": 3600000, "pollIntervalMs": 5000, "inputRequests": {"name": '
    '{"method": "elicitation/create", "params": {"mode": "form", "message": "M", '
    '"requestedSchema": ' + SCHEMA + '}}, "s": {"method": "sampling/createMessage", '
    '"params": {}}}}'
)


@pytest.mark.parametrize(
    ("text", "shape", "prefix"),
    [
        (TASK, Shape.TASK, ""),
        ('{"jsonrpc": "2.0", "id": 4, "result": ' + TASK + "}", Shape.JSONRPC_TASK, "/result"),
        (
            '{"jsonrpc": "2.0", "method": "notifications/tasks", "params": ' + TASK + "}",
            Shape.TASK_NOTIFICATION,
            "/params",
        ),
        (
            '{"method": "notifications/tasks/status", "params": ' + TASK + "}",
            Shape.TASK_NOTIFICATION,
            "/params",
        ),
    ],
)
def test_a_task_in_status_input_required_yields_a_form_per_elicitation(
    text: str, shape: Shape, prefix: str
) -> None:
    """A tasks/get result, bare or in its JSON-RPC response, and a task status notification:
    each elicitation of ``inputRequests`` is a form (the sampling request is not ours), and a
    diagnostic inside it points into the task."""
    result = elicit_gen.compile(text, [], name="task.json")
    assert result.ok, result.diagnostics
    assert [f.stem for f in result.forms] == ["task_name"]
    assert [f.name for f in result.forms[0].fields] == ["n"]
    assert elicit_gen.lint(text).shape is shape
    broken = text.replace('{"n": {"type": "string"}}', '{"n": {"type": "null"}}')
    [diag] = elicit_gen.lint(broken).diagnostics
    assert diag.code == "EG110"
    assert diag.pointer == f"{prefix}/inputRequests/name/params/requestedSchema/properties/n"


@pytest.mark.parametrize(
    ("change", "pointer", "words"),
    [
        ('"status": "working", ', "/status", "found 'working'"),
        ('"status": 3, ', "/status", "found a number"),
    ],
)
def test_a_task_with_input_requests_in_another_status_is_an_error(
    change: str, pointer: str, words: str
) -> None:
    """A client reads ``inputRequests`` only of a task in status ``input_required``; the
    requests are still linted (the form of ``name`` compiles, the task does not)."""
    text = TASK.replace('"status": "input_required", ', change)
    diagnostics = elicit_gen.lint(text).diagnostics
    assert [(d.code, d.pointer) for d in diagnostics] == [("EG005", pointer)]
    assert words in diagnostics[0].message


@pytest.mark.parametrize(
    ("text", "pointer", "words"),
    [
        (
            '{"taskId": "t", "status": "working", "createdAt": "x", "lastUpdatedAt": "y", '
            '"ttlMs": null}',
            "/status",
            "this task asks for no input",
        ),
        ('{"taskId": "t", "status": "input_required"}', "", "needs `inputRequests`"),
        (
            '{"taskId": "t", "status": "input_required", "inputRequests": []}',
            "/inputRequests",
            "needs an `inputRequests` object",
        ),
        (
            '{"taskId": "t", "status": "input_required", "inputRequests": '
            '{"s": {"method": "sampling/createMessage", "params": {}}}}',
            "/inputRequests",
            "this input_required task asks for no elicitation",
        ),
        ('{"method": "notifications/tasks", "params": 1}', "/params", "needs a `params` object"),
        ('{"jsonrpc": "2.0", "id": 1, "result": {}}', "/result", "no input_required result"),
    ],
)
def test_a_task_that_asks_for_nothing_is_not_a_form(text: str, pointer: str, words: str) -> None:
    diagnostics = elicit_gen.lint(text).diagnostics
    assert [(d.code, d.pointer) for d in diagnostics] == [("EG005", pointer)]
    assert words in diagnostics[0].message


# --- naming ------------------------------------------------------------------------------------

ODD = [
    "first-name",
    "class",
    "2fa",
    "model_config",
    "Literal",
    "",
    "a-b",
    "a_b",
    "schema",
    "json",
    "Field",
    "naïve café",
    "self",
    "_private",
    "__init__",
    "match",
    "a b",
    "A-B",
]


def test_python_identifiers_are_valid_distinct_and_safe() -> None:
    idents = python_identifiers(ODD)
    values = list(idents.values())
    assert len(set(values)) == len(values)
    for name, ident in idents.items():
        assert ident.isidentifier() and ident.isascii(), name
        assert not keyword.iskeyword(ident) and not keyword.issoftkeyword(ident)
        assert ident not in RESERVED and not ident.startswith("_")
    assert idents["a_b"] == "a_b"  # a good identifier keeps itself
    assert idents["a b"] == "a_b_2" and idents["a-b"] == "a_b_3"  # sorted order
    assert idents["first-name"] == "first_name"
    assert idents["class"] == "class_"
    assert idents["2fa"] == "f_2fa"
    assert idents["model_config"] == "model_config_"
    assert idents[""] == "field"


def test_python_identifiers_do_not_depend_on_property_order() -> None:
    expected = python_identifiers(ODD)
    shuffled = ODD[:]
    for seed in range(5):
        random.Random(seed).shuffle(shuffled)
        assert python_identifiers(shuffled) == expected


def test_html_ids_are_distinct_and_tame() -> None:
    ids = html_ids(ODD)
    assert len(set(ids.values())) == len(ODD)
    assert all(
        i.startswith("f-") and set(i) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
        for i in ids.values()
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("travel booking", "TravelBooking"),
        ("travel-booking", "TravelBooking"),
        ("travelBooking", "TravelBooking"),
        ("2 step", "Form2Step"),
        ("", "Form"),
        ('"""; import os', "ImportOs"),
        ("Literal", "LiteralForm"),
    ],
)
def test_class_names(text: str, expected: str) -> None:
    assert class_name(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("travel-booking.v2", "travel_booking_v2"),
        ("2fa", "form_2fa"),
        ("class", "class_"),
        ("Contact", "contact"),
        ("", "form"),
    ],
)
def test_module_stems(text: str, expected: str) -> None:
    assert module_stem(text) == expected


# --- lowering ----------------------------------------------------------------------------------


def test_lowering_builds_one_ir_class_per_kind() -> None:
    [form] = elicit_gen.compile(
        (ROOT / "examples" / "every_kind.json").read_bytes(),
        [],
        name="examples/every_kind.json",
    ).forms
    kinds = {f.name: type(f).__name__ for f in form.fields}
    assert kinds == {
        "project_name": "StringField",
        "owner_email": "StringField",
        "homepage": "StringField",
        "start_date": "StringField",
        "kickoff": "StringField",
        "team_size": "NumberField",
        "budget": "NumberField",
        "public": "BooleanField",
        "language": "SingleSelectField",
        "license": "SingleSelectField",
        "visibility": "SingleSelectField",
        "platforms": "MultiSelectField",
        "features": "MultiSelectField",
    }
    by = {f.name: f for f in form.fields}
    license_ = by["license"]
    assert isinstance(license_, ir.SingleSelectField) and license_.titled and not license_.legacy
    assert license_.options[0] == ir.Option("mit", "MIT License")
    visibility = by["visibility"]
    assert isinstance(visibility, ir.SingleSelectField) and visibility.legacy
    assert visibility.options[2].label == "Public"
    platforms = by["platforms"]
    assert isinstance(platforms, ir.MultiSelectField) and platforms.default == ("linux",)
    assert form.class_name == "EveryKind" and form.stem == "every_kind"
    assert form.required == ("project_name", "owner_email", "team_size", "language", "license")


def test_normalised_schema_drops_what_clients_drop_and_canonicalises() -> None:
    text = (
        '{"type": "object", "title": "T", "additionalProperties": false, "properties": {'
        '"n": {"maxLength": 4.0, "type": "string", "pattern": "x", "x-ui": 1},'
        '"i": {"type": "integer", "minimum": 1.0, "default": 2.0}},'
        '"required": ["i", "i"]}'
    )
    result = elicit_gen.compile(text, [], ignore=["EG160", "EG103"])
    [form] = result.forms
    assert form.schema == {
        "type": "object",
        "properties": {
            # pattern is beyond the subset too, and every target enforces it
            "n": {"type": "string", "maxLength": 4, "pattern": "x"},
            "i": {"type": "integer", "minimum": 1, "default": 2},
        },
        "required": ["i"],
        "additionalProperties": False,  # beyond the subset, but every target enforces it
    }


def test_schema_hash_ignores_key_order() -> None:
    a = elicit_gen.compile(
        '{"type": "object", "properties": {"x": {"type": "string", "title": "X"}}}', []
    )
    b = elicit_gen.compile(
        '{"properties": {"x": {"title": "X", "type": "string"}}, "type": "object"}', []
    )
    assert a.forms[0].schema_hash == b.forms[0].schema_hash


def test_ir_is_frozen() -> None:
    [form] = elicit_gen.compile(SCHEMA, []).forms
    with pytest.raises(AttributeError):
        form.fields[0].name = "y"  # type: ignore[misc]


def test_keywords_of_another_kind_are_dropped_not_lowered() -> None:
    """Found by the schema.json agreement test: `items` on a boolean crashed lowering."""
    text = (
        '{"type": "object", "properties": {"b": {"type": "boolean", "items": null},'
        ' "s": {"type": "string", "minimum": 3}}}'
    )
    result = elicit_gen.compile(text, [], ignore=["EG160"])
    assert result.ok, [d.to_text() for d in result.diagnostics]
    assert result.forms[0].schema["properties"] == {
        "b": {"type": "boolean"},
        "s": {"type": "string"},
    }


def test_class_names_come_from_the_file_not_the_title() -> None:
    """Editing the title (display text) must not rename the classes a client imports."""
    schema = {"type": "object", "title": "New issue in Octo/widgets", "properties": {}}
    first = elicit_gen.compile(schema, [], name="issue_form.json").forms[0]
    schema["title"] = "File a bug"
    second = elicit_gen.compile(schema, [], name="issue_form.json").forms[0]
    assert first.class_name == second.class_name == "IssueForm"


def test_a_selection_checks_its_codes_and_stays_as_made() -> None:
    """Selection is a plain immutable class (a lint imports no dataclasses): it still refuses an
    unknown or blocking code, cannot be changed, compares by value, and copies and pickles
    through its checking constructor."""
    import copy
    import pickle

    from elicit_gen.compiler.pipeline import Selection, SelectionError

    with pytest.raises(SelectionError, match="unknown rule code 'EG999'"):
        Selection(ignore=frozenset({"EG999"}))
    with pytest.raises(SelectionError, match="cannot be ignored"):
        Selection(ignore=frozenset({"EG001"}))
    chosen = Selection(frozenset({"EG1"}), frozenset({"EG181"}))
    with pytest.raises(AttributeError):
        chosen.ignore = frozenset()  # type: ignore[misc]
    assert chosen == Selection(frozenset({"EG1"}), frozenset({"EG181"}))
    assert hash(chosen) == hash(Selection(frozenset({"EG1"}), frozenset({"EG181"})))
    assert chosen != Selection()
    wider = chosen.with_fields([("/properties/x", frozenset({"EG170"}))])
    assert wider.fields == (("/properties/x", frozenset({"EG170"})),)
    assert chosen.fields == ()
    assert not wider.reported("EG170", "/properties/x/title")
    assert wider.reported("EG170", "/properties/y")
    with pytest.raises(SelectionError):
        chosen.with_fields([("", frozenset({"EG002X"}))])
    assert copy.deepcopy(wider) == wider
    assert pickle.loads(pickle.dumps(wider)) == wider
