"""Annotations are annotations (issue 25, item 1): ``title``, ``description``, ``examples``,
``deprecated``, ``readOnly``, ``writeOnly`` and ``$comment`` change no verdict on any answer, so
wherever they stand (root, field, ``items``, option) the linter says clients *ignore* them (EG160,
a warning) or nothing at all, never that the form will not enforce them; a wrong type is an
EG120 error; real constraints and unknown keywords are reported as before. A schema with them
compiles, for every target, and the compiled ``REQUESTED_SCHEMA`` answers it
(``elicit_gen.mcp.unenforced`` is empty)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import elicit_gen
from elicit_gen import lint
from elicit_gen.compiler.diagnostics import Diagnostic
from elicit_gen.live import load_form
from elicit_gen.targets import REGISTRY, TARGETS

from ..support.run import CliRun

#: Where an annotation can stand: (name, JSON pointer of the object that carries it). STRICT has
#: one of each: a field, an untitled multi-select's ``items``, a titled single-select's option,
#: a titled multi-select's ``items`` and its option.
DEPTHS = [
    ("root", ""),
    ("field", "/properties/name"),
    ("items", "/properties/colors/items"),
    ("option", "/properties/size/oneOf/0"),
    ("titled items", "/properties/tags/items"),
    ("titled option", "/properties/tags/items/anyOf/1"),
]

STRICT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name", "maxLength": 20},
        "colors": {"type": "array", "items": {"type": "string", "enum": ["red", "green"]}},
        "size": {
            "type": "string",
            "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}],
        },
        "tags": {
            "type": "array",
            "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]},
        },
    },
    "required": ["name"],
}

#: An annotation of the right type that clients do not show, and what EG160 adds after
#: "clients ignore it".
SHOWN_NOWHERE: list[tuple[str, Any, str]] = [
    ("examples", ["x"], ", so the user sees no example"),
    ("deprecated", True, " and ask for the value all the same"),
    ("readOnly", True, " and let the user enter the value"),
    ("writeOnly", True, " and show the value as it is typed"),
]
#: Annotations that say nothing to anyone but the schema's authors: no diagnostic at all.
SILENT: list[tuple[str, Any]] = [
    ("$comment", "for the schema's authors"),
    ("deprecated", False),
    ("readOnly", False),
    ("writeOnly", False),
]
#: Wrong types: EG120 names the type the meta-schema gives.
WRONG: list[tuple[str, Any, str]] = [
    ("title", 5, "must be a string, found an integer (5)"),
    ("description", ["d"], "must be a string, found an array"),
    ("$comment", {"a": 1}, "must be a string, found an object"),
    ("examples", "x", "must be an array, found a string ('x')"),
    ("deprecated", "yes", "must be a boolean, found a string ('yes')"),
    ("readOnly", 1, "must be a boolean, found an integer (1)"),
    ("writeOnly", None, "must be a boolean, found null"),
]


def _with(pointer: str, key: str, value: Any) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(json.dumps(STRICT))
    node: Any = schema
    for token in filter(None, pointer.split("/")):
        node = node[int(token)] if isinstance(node, list) else node[token]
    node[key] = value
    return schema


def _lint(schema: dict[str, Any]) -> list[Diagnostic]:
    return lint(json.dumps(schema, indent=1), name="t.json").diagnostics


def test_the_strict_schema_is_clean() -> None:
    assert _lint(STRICT) == []


@pytest.mark.parametrize(("depth", "pointer"), DEPTHS, ids=[d for d, _ in DEPTHS])
@pytest.mark.parametrize(
    ("key", "value", "tail"), SHOWN_NOWHERE, ids=[k for k, _, _ in SHOWN_NOWHERE]
)
def test_an_annotation_clients_do_not_show_is_said_to_be_ignored(
    depth: str, pointer: str, key: str, value: Any, tail: str
) -> None:
    [diag] = _lint(_with(pointer, key, value))
    assert (diag.code, diag.severity, diag.pointer) == ("EG160", "warning", f"{pointer}/{key}")
    assert diag.message.endswith(f"`{key}` is an annotation: clients ignore it{tail}")
    assert "enforce" not in diag.message
    assert diag.hint


#: A title or a description where the subset has none: in ``items`` (an option's description
#: too); the subset's own places (root, field, option title) say nothing.
LABELS = [
    ("items", "/properties/colors/items", "title", "Color"),
    ("items", "/properties/colors/items", "description", "A colour"),
    ("titled items", "/properties/tags/items", "title", "Tag"),
    ("option", "/properties/size/oneOf/0", "description", "Fits one"),
    ("titled option", "/properties/tags/items/anyOf/1", "description", "The second"),
]


@pytest.mark.parametrize(("depth", "pointer", "key", "value"), LABELS)
def test_a_title_or_description_outside_the_subset_is_said_to_be_ignored(
    depth: str, pointer: str, key: str, value: str
) -> None:
    [diag] = _lint(_with(pointer, key, value))
    assert (diag.code, diag.severity, diag.pointer) == ("EG160", "warning", f"{pointer}/{key}")
    assert diag.message.endswith(f"`{key}` is an annotation: clients ignore it here")
    assert diag.hint is not None and f"field's `{key}`" in diag.hint


@pytest.mark.parametrize(("depth", "pointer"), DEPTHS, ids=[d for d, _ in DEPTHS])
@pytest.mark.parametrize(("key", "value"), SILENT, ids=[f"{k}={v}" for k, v in SILENT])
def test_an_annotation_that_says_nothing_to_clients_is_not_reported(
    depth: str, pointer: str, key: str, value: Any
) -> None:
    assert _lint(_with(pointer, key, value)) == []


#: Every wrong type at every depth, but an option's ``title`` (EG152 option-title reports it).
WRONG_AT = [
    pytest.param(pointer, key, value, words, id=f"{depth}-{key}")
    for depth, pointer in DEPTHS
    for key, value, words in WRONG
    if not (key == "title" and "option" in depth)
]


@pytest.mark.parametrize(("pointer", "key", "value", "words"), WRONG_AT)
def test_an_annotation_of_the_wrong_type_is_an_error(
    pointer: str, key: str, value: Any, words: str
) -> None:
    found = _lint(_with(pointer, key, value))
    assert [(d.code, d.severity, d.pointer) for d in found] == [
        ("EG120", "error", f"{pointer}/{key}")
    ], found
    assert found[0].message.endswith(f": `{key}` {words}"), found[0].message


def test_an_option_title_of_the_wrong_type_stays_eg152s() -> None:
    found = _lint(_with("/properties/size/oneOf/0", "title", 5))
    assert [d.code for d in found] == ["EG152"], found


def test_the_annotation_warning_points_at_the_key() -> None:
    text = (
        '{"type": "object", "properties": {\n'
        '  "colors": {"type": "array",\n'
        '    "items": {"type": "string", "enum": ["red"], "title": "Color"}}}}\n'
    )
    [diag] = lint(text, name="t.json").diagnostics
    assert (diag.code, diag.line, diag.column) == ("EG160", 3, 50)
    assert diag.message == "field 'colors' items: `title` is an annotation: clients ignore it here"


@pytest.mark.parametrize(
    ("pointer", "key", "value"),
    [
        ("/properties/name", "contentEncoding", "base64"),
        ("/properties/name", "contentMediaType", "image/png"),
        ("/properties/colors/items", "minLength", 2),
        ("/properties/size/oneOf/0", "pattern", "^s"),
        ("/properties/tags/items", "uniqueItems", True),
        # (a root `additionalProperties: false` is enforced now: tests/targets/test_constraints.py;
        # a text field's `pattern` too: tests/targets/test_pattern_forms.py)
    ],
)
def test_constraints_and_content_keywords_are_still_not_enforced(
    pointer: str, key: str, value: Any
) -> None:
    """``contentEncoding``/``contentMediaType`` say the string is no text (base64, a PNG) and
    draft-07 lets a validator assert them: they are no annotations here."""
    [diag] = _lint(_with(pointer, key, value))
    assert diag.code == "EG160" and "the form will not enforce it" in diag.message, diag


def test_unknown_keywords_are_still_not_part_of_the_subset() -> None:
    [diag] = _lint(_with("/properties/colors/items", "x-widget", "chips"))
    assert diag.code == "EG160" and "extension keyword `x-widget`" in diag.message


# --- compiling ---------------------------------------------------------------------------------

#: What ``FastMCP``'s ``ctx.elicit(response_type=...)`` sends for a model with ``colors:
#: list[Color]`` (pydantic's schema with the enum's ``$defs`` inlined): a ``title`` in ``items``.
FASTMCP = {
    "type": "object",
    "properties": {
        "colors": {
            "type": "array",
            "title": "Colors",
            "items": {"type": "string", "enum": ["red", "green", "blue"], "title": "Color"},
        },
    },
    "required": ["colors"],
}

#: What the Python SDK's ``ctx.elicit(message, schema=Model)`` sends for a model with pydantic's
#: ``Field(examples=...)``, ``Field(deprecated=True)`` and ``json_schema_extra={"$comment": ...}``.
PYDANTIC = {
    "$comment": "v2 of the sign-up form",
    "properties": {
        "name": {
            "description": "Your name",
            "examples": ["Ada"],
            "title": "Name",
            "type": "string",
        },
        "age": {"default": 3, "deprecated": True, "title": "Age", "type": "integer"},
        "note": {"$comment": "internal", "default": "", "title": "Note", "type": "string"},
    },
    "required": ["name"],
    "title": "SignUp",
    "type": "object",
}

ANNOTATED = [("fastmcp", FASTMCP), ("pydantic", PYDANTIC)]


@pytest.mark.parametrize(("name", "schema"), ANNOTATED, ids=[n for n, _ in ANNOTATED])
@pytest.mark.parametrize("target", [t for t in TARGETS if REGISTRY[t].per_form])
def test_an_annotated_schema_compiles_and_its_form_answers_it(
    name: str, schema: dict[str, Any], target: str
) -> None:
    from elicit_gen.mcp import unenforced

    result = elicit_gen.compile(schema, [target])
    assert result.ok and result.files, result.diagnostics
    assert not any("enforce" in d.message for d in result.diagnostics), result.diagnostics
    if target != "html":
        module = load_form(schema, target)
        assert unenforced(schema, module.REQUESTED_SCHEMA) == []


def test_the_fastmcp_multi_select_shows_its_options() -> None:
    module = load_form(FASTMCP, "cli")
    assert module.REQUESTED_SCHEMA["properties"]["colors"] == {
        "type": "array",
        "title": "Colors",
        "items": {"type": "string", "enum": ["red", "green", "blue"]},
    }
    assert module.validate({"colors": ["red", "blue"]}) == {}
    assert module.validate({"colors": ["pink"]})


@pytest.mark.parametrize(("name", "schema"), ANNOTATED, ids=[n for n, _ in ANNOTATED])
def test_the_command_line_compiles_it_without_saying_not_enforced(
    name: str, schema: dict[str, Any], tmp_path: Path, run_cli: CliRun
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(schema), encoding="utf-8")
    proc = run_cli(str(path), "--target", "cli")
    assert proc.returncode == 0, proc.stderr
    assert "def elicit(" in proc.stdout
    assert "enforce" not in proc.stderr, proc.stderr
