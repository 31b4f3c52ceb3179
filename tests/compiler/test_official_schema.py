"""The linter against the official schema.json of each revision (../shared/spec or tests/spec).

* Wherever schema.json rejects a requestedSchema, the linter reports an error; but for a
  ``format`` beyond the subset that the forms enforce (``uuid``, ``time``, ...), which it reports
  as EG160 (a warning) on purpose.
* Wherever schema.json accepts one, the linter rejects only through the codes documented as
  stricter than schema.json (STRICTER), each with a message; and with no error the schema lowers
  to the IR.

Two generators: hypothesis-jsonschema straight from the official definition (valid by
construction, random junk keys included), and a vocabulary-driven generator that builds
near-valid schemas from the spec's keywords and breaks them on purpose (fast, so it runs
thousands of examples per revision).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicit_gen import compile as compile_schema
from elicit_gen import lint
from elicit_gen.cli import ruledoc
from elicit_gen.compiler.kinds import ENFORCED_FORMATS

ROOT = Path(__file__).resolve().parents[2]
SPEC_DIRS = [ROOT / "tests" / "spec", ROOT.parent / "shared" / "spec"]
POINTERS = {
    "2025-06-18": "#/definitions/ElicitRequest/properties/params/properties/requestedSchema",
    "2025-11-25": "#/$defs/ElicitRequestFormParams/properties/requestedSchema",
    "2026-07-28": "#/$defs/ElicitRequestFormParams/properties/requestedSchema",
}
REVISIONS = list(POINTERS)

#: Codes the linter may report on a schema that schema.json accepts: each is documented in
#: docs/rules.md as stricter than schema.json, with the reason.
STRICTER = ruledoc.STRICTER


def spec_file(revision: str) -> Path:
    for base in SPEC_DIRS:
        path = base / revision / "schema.json"
        if path.exists():
            return path
    pytest.skip(f"official schema.json for {revision} not found")


@cache
def official(revision: str) -> jsonschema.protocols.Validator:
    document = json.loads(spec_file(revision).read_text(encoding="utf-8"))
    schema = dict(document, **{"$ref": POINTERS[revision]})
    cls = jsonschema.validators.validator_for(document)
    return cls(schema)  # type: ignore[no-any-return]


def _without_enforced_formats(schema: Any) -> tuple[Any, set[str]]:
    """``schema`` without the ``format``s beyond the subset that elicit-gen's forms enforce
    (``uuid``, ``time``, ...), which schema.json's format enum refuses, and their pointers."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return schema, set()
    kept: dict[str, Any] = {}
    pointers: set[str] = set()
    for name, prop in properties.items():
        if isinstance(prop, dict) and prop.get("format") in ENFORCED_FORMATS:
            prop = {k: v for k, v in prop.items() if k != "format"}
            escaped = name.replace("~", "~0").replace("/", "~1")
            pointers.add(f"/properties/{escaped}/format")
        kept[name] = prop
    return {**schema, "properties": kept}, pointers


def check_agreement(revision: str, schema: Any) -> None:
    accepted = official(revision).is_valid(schema)
    result = lint(schema, spec=revision)
    errors = [d for d in result.diagnostics if d.is_error]
    plain, formats = _without_enforced_formats(schema)
    if not accepted and formats and official(revision).is_valid(plain):
        # Looser on purpose (docs/rules.md): formats real servers send, which the forms check;
        # EG160 says that other clients may drop them or refuse the request.
        warned = {d.pointer for d in result.diagnostics if d.code == "EG160"}
        assert formats <= warned, (formats, warned, schema)
        accepted = True
    if not accepted:
        reason = next(iter(official(revision).iter_errors(schema))).message[:200]
        assert errors, f"schema.json rejects ({reason}) but the linter accepts: {schema!r}"
        return
    unexpected = sorted({d.code for d in errors} - STRICTER)
    assert not unexpected, f"{unexpected} on a schema schema.json accepts: {schema!r}"
    assert all(d.message for d in errors)
    if not errors:
        compiled = compile_schema(schema, [], spec=revision)
        assert compiled.ok and len(compiled.forms) == 1


# --- generator 1: hypothesis-jsonschema from the official definition ---------------------------


@pytest.mark.slow
@pytest.mark.parametrize("revision", REVISIONS)
def test_generated_from_official_definition(revision: str) -> None:
    from hypothesis_jsonschema import from_schema

    document = json.loads(spec_file(revision).read_text(encoding="utf-8"))
    strategy = from_schema(dict(document, **{"$ref": POINTERS[revision]}))

    # Drawing is slow (about 0.8 s a schema: hypothesis-jsonschema merges the definition's
    # subschemas at each draw) and checking fast: each schema drawn from one revision's
    # definition is checked under every revision, where it may be valid or not.
    @settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(schema: Any) -> None:
        for other in REVISIONS:
            check_agreement(other, schema)

    run()


# --- generator 2: the spec's vocabulary, well-formed and broken ------------------------------

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.floats(-5, 50, allow_nan=False),
    st.sampled_from(
        [
            "",
            "a",
            "email",
            "uri",
            "date",
            "date-time",
            "url",
            "x-y",
            "2024-02-29",
            "a@b.co",
            "https://e.com",
            "3",
            "true",
        ]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["const", "title", "type", "enum", "a"]), inner, max_size=3
        )
    ),
    max_leaves=6,
)
names = st.sampled_from(["name", "email", "age", "a-b", "class", "", "choice", "tags", "ok"])
option_values = st.lists(st.sampled_from(["a", "b", "c", ""]) | json_scalars, max_size=4)
titled_options = st.lists(
    st.fixed_dictionaries(
        {},
        optional={
            "const": st.sampled_from(["a", "b", "c"]) | json_scalars,
            "title": st.sampled_from(["A", "B"]) | json_scalars,
            "extra": json_scalars,
        },
    ),
    max_size=4,
)
small_int = st.integers(-2, 6) | st.sampled_from([1.5, 2.0, "3"])
number = st.integers(-10, 10) | st.floats(-10, 10, allow_nan=False) | st.sampled_from(["3", True])

KEYWORDS: dict[str, st.SearchStrategy[Any]] = {
    "title": st.sampled_from(["Title", "Password", "Your API key"]) | json_scalars,
    "description": st.sampled_from(["Describe", "token count"]) | json_scalars,
    "minLength": small_int,
    "maxLength": small_int,
    "minItems": small_int,
    "maxItems": small_int,
    "minimum": number,
    "maximum": number,
    "format": st.sampled_from(["email", "uri", "date", "date-time", "url", "time"]) | json_scalars,
    "default": json_values,
    "enum": option_values,
    "enumNames": st.lists(st.sampled_from(["A", "B"]) | json_scalars, max_size=4),
    "oneOf": titled_options,
    "pattern": st.just("^a"),
    "$ref": st.just("#/x"),
    "exclusiveMinimum": number,
    "x-ui": json_scalars,
}
TYPES = (
    st.sampled_from(["string", "number", "integer", "boolean", "array", "object", "null"])
    | st.lists(st.sampled_from(["string", "null"]), min_size=1, max_size=2)
    | json_scalars
)


good_options = st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=4, unique=True)
good_titled = good_options.map(lambda vs: [{"const": v, "title": v.upper()} for v in vs])
maybe = st.booleans()


@st.composite
def well_formed_field(draw: st.DrawFn) -> dict[str, Any]:
    """A field of one kind from the spec table, with a random choice of its optional keywords."""
    kind = draw(
        st.sampled_from(
            [
                "string",
                "number",
                "integer",
                "boolean",
                "enum",
                "oneOf",
                "legacy",
                "multi",
                "multi_titled",
            ]
        )
    )
    f: dict[str, Any] = {}
    if kind in ("string", "enum", "oneOf", "legacy"):
        f["type"] = "string"
    elif kind in ("multi", "multi_titled"):
        f["type"] = "array"
    else:
        f["type"] = kind
    if draw(maybe):
        f["title"] = draw(
            st.sampled_from(["Name", "Age", "Pick", "Password", "API key", "Token count"])
        )
    if draw(maybe):
        f["description"] = draw(st.sampled_from(["Describe it", "Never share secrets"]))
    if kind == "string":
        for key in ("minLength", "maxLength"):
            if draw(maybe):
                f[key] = draw(st.integers(0, 8))
        if draw(maybe):
            f["format"] = draw(st.sampled_from(["email", "uri", "date", "date-time"]))
        if draw(maybe):
            f["default"] = draw(
                st.sampled_from(
                    ["", "abc", "a@b.co", "https://e.com/", "2024-02-29", "2024-02-29T10:00:00Z"]
                )
            )
    elif kind in ("number", "integer"):
        for key in ("minimum", "maximum"):
            if draw(maybe):
                f[key] = draw(st.integers(-5, 5) | st.sampled_from([0.5, 2.5]))
        if draw(maybe):
            f["default"] = draw(st.integers(-5, 5) | st.sampled_from([0.5, 2.0]))
    elif kind == "boolean":
        if draw(maybe):
            f["default"] = draw(st.booleans())
    elif kind in ("enum", "legacy"):
        f["enum"] = draw(good_options)
        if kind == "legacy":
            f["enumNames"] = [v.upper() for v in f["enum"]]
        if draw(maybe):
            f["default"] = draw(st.sampled_from(["a", "b", "z"]))
    elif kind == "oneOf":
        f["oneOf"] = draw(good_titled)
        if draw(maybe):
            f["default"] = draw(st.sampled_from(["a", "b", "z"]))
    else:
        f["items"] = (
            {"type": "string", "enum": draw(good_options)}
            if kind == "multi"
            else {"anyOf": draw(good_titled)}
        )
        for key in ("minItems", "maxItems"):
            if draw(maybe):
                f[key] = draw(st.integers(0, 5))
        if draw(maybe):
            f["default"] = draw(st.lists(st.sampled_from(["a", "b", "z"]), max_size=3))
    return f


@st.composite
def field_schemas(draw: st.DrawFn) -> Any:
    """Mostly well-formed fields; one in three gets one or two mutations."""
    roll = draw(st.integers(0, 29))
    if roll == 0:
        return draw(json_values)
    field = draw(well_formed_field())
    if roll >= 10:
        return field
    for _ in range(draw(st.integers(1, 2))):
        action = draw(st.sampled_from(["set", "drop", "retype", "items"]))
        if action == "set":
            key = draw(st.sampled_from(sorted(KEYWORDS)))
            field[key] = draw(KEYWORDS[key])
        elif action == "drop" and field:
            field.pop(draw(st.sampled_from(sorted(field))))
        elif action == "retype":
            field["type"] = draw(TYPES)
        else:
            field["items"] = draw(
                st.one_of(
                    st.fixed_dictionaries(
                        {"type": st.just("string") | json_scalars, "enum": option_values}
                    ),
                    st.fixed_dictionaries({"anyOf": titled_options}),
                    st.fixed_dictionaries({"oneOf": titled_options}),
                    json_values,
                )
            )
    return field


@st.composite
def root_schemas(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 40)) == 0:
        return draw(json_values)
    root: dict[str, Any] = {}
    if draw(st.integers(0, 30)) > 0:
        root["type"] = draw(st.just("object")) if draw(st.integers(0, 30)) else draw(json_scalars)
    if draw(st.integers(0, 30)) > 0:
        root["properties"] = (
            draw(st.dictionaries(names, field_schemas(), max_size=4))
            if draw(st.integers(0, 30))
            else draw(json_scalars)
        )
    if draw(st.booleans()):
        root["required"] = draw(
            st.lists(names, max_size=3) | st.lists(names | json_scalars, max_size=3)
        )
    if draw(st.integers(0, 10)) == 0:
        root[draw(st.sampled_from(["$schema", "additionalProperties", "title"]))] = draw(
            json_scalars
        )
    return root


@pytest.mark.slow
def test_vocabulary_schemas() -> None:
    # A draw takes about 5 ms, a check about 1 ms: each drawn schema is checked under every
    # revision (the same 7,500 checks as 2,500 draws per revision, a third of the drawing).
    @settings(max_examples=2500, deadline=None, suppress_health_check=list(HealthCheck))
    @given(root_schemas())
    def run(schema: Any) -> None:
        for revision in REVISIONS:
            check_agreement(revision, schema)

    run()


@pytest.mark.parametrize("revision", REVISIONS)
@pytest.mark.parametrize(
    "case", sorted((ROOT / "golden" / "cases").glob("*.json")), ids=lambda p: p.stem
)
def test_golden_requested_schemas_are_valid_for_newest(revision: str, case: Path) -> None:
    """The golden cases' requestedSchemas agree too (the newest revision accepts them all)."""
    data = json.loads(case.read_text(encoding="utf-8"))
    schemas = [data.get("params", data).get("requestedSchema", data)]
    if "inputRequests" in data:
        schemas = [r["params"]["requestedSchema"] for r in data["inputRequests"].values()]
    for schema in schemas:
        check_agreement(revision, schema)
