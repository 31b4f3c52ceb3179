"""Lint and compile under hostile schemas: escaped output, numbers out of range, deep nesting,
ignored codes that would break the output, and the spoofing warnings (issue 13, items 3, 6, 10,
11, 16).

The command line runs as a real process; generated modules are written out and imported.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote

import pytest

import elicit_gen
from elicit_gen import lint
from elicit_gen.compiler.diagnostics import Diagnostic, Severity, visible
from elicit_gen.compiler.load import INPUT_CODES
from elicit_gen.compiler.pipeline import ALL_CODES, BLOCKING_CODES
from elicit_gen.compiler.rules import RULES, RULES_BY_CODE

from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]

#: What must never reach a terminal or a CI log from schema text or file names: C0 controls
#: (newline ends a diagnostic line; none is in a message), DEL, C1, line/paragraph separators,
#: bidi controls and zero-width characters.
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]"
)


def schema(properties: dict[str, Any], **root: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, **root}


# --- item 6: every human-readable format shows escapes, never raw control characters -----------

#: An unknown keyword carrying ESC/BEL (EG160), an enumNames hint carrying C1, U+202E and U+2028
#: (EG181), and ordinary non-ASCII text that must stay readable.
HOSTILE = schema(
    {
        "a": {"type": "string", "title": "Café 中文", "x\x1b]0;pwn\x07": 1},
        "b": {
            "type": "string",
            "enum": ["v\x85\u202e\u2028"],
            "enumNames": ["n\x9b31m"],
        },
    }
)
HOSTILE_NAME = "f\x1b]0;title\x07\u202e.json"


@pytest.fixture
def hostile_dir(tmp_path: Path) -> Path:
    (tmp_path / HOSTILE_NAME).write_text(json.dumps(HOSTILE, ensure_ascii=False))
    return tmp_path


def _assert_escaped(text: str) -> None:
    assert text, "expected diagnostics"
    bad = sorted({f"U+{ord(c):04X}" for c in RAW.findall(text.replace("\n", ""))})
    assert not bad, (bad, text)
    for shown in ("\\x1b]0;pwn\\x07", "\\x85", "\\u202e", "\\u2028", "\\x9b31m"):
        assert shown in text, (shown, text)
    assert "f\\x1b]0;title\\x07\\u202e.json" in text


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_lint_output_shows_escapes_not_control_characters(
    hostile_dir: Path, fmt: str, run_cli: CliRun
) -> None:
    result = run_cli("--lint", "--format", fmt, HOSTILE_NAME, cwd=hostile_dir)
    assert result.returncode == 0, result.stderr
    _assert_escaped(result.stdout)
    assert {"EG160", "EG181"} <= set(re.findall(r"EG\d{3}", result.stdout))


def test_build_diagnostics_show_escapes(hostile_dir: Path, run_cli: CliRun) -> None:
    """In compile mode the same diagnostics go to stderr, escaped the same way."""
    result = run_cli("--target", "pydantic", HOSTILE_NAME, cwd=hostile_dir)
    assert result.returncode == 0, result.stderr
    _assert_escaped(result.stderr)


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_json_formats_keep_exact_strings(hostile_dir: Path, fmt: str, run_cli: CliRun) -> None:
    result = run_cli("--lint", "--format", fmt, HOSTILE_NAME, cwd=hostile_dir)
    assert not RAW.search(result.stdout), "non-printable characters are JSON escapes"
    data = json.loads(result.stdout)
    if fmt == "sarif":
        results = data["runs"][0]["results"]
        messages = [r["message"]["text"] for r in results]
        files = [
            unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
            for r in results
        ]
        assert all(
            "%1B" in r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in results
        )
    else:
        messages = [d["message"] + d.get("hint", "") for d in data]
        files = [d["file"] for d in data]
    assert any("x\x1b]0;pwn\x07" in m for m in messages)
    assert any("\u202e" in m and "\u2028" in m and "\x85" in m for m in messages)
    assert set(files) == {HOSTILE_NAME}


def test_readable_text_stays_as_it_is() -> None:
    assert visible("Café 中文 ❤ ok") == "Café 中文 ❤ ok"
    assert visible("a\x1bb\u202ec\U000e0041\n") == "a\\x1bb\\u202ec\\U000e0041\\n"
    diagnostic = Diagnostic("é\x07.json", 1, 2, "EG160", Severity.WARNING, "m\x1b", "", "h\u2028")
    assert diagnostic.to_text() == "é\\x07.json:1:2: warning EG160 m\\x1b (hint: h\\u2028)"


# --- item 10: numbers out of range and deep nesting are diagnostics, never exceptions ----------

BIG = "9" * 5000


@pytest.mark.parametrize(
    "literal",
    [BIG, "-" + BIG, "1" + "0" * 309, "2" + "0" * 308, "1e400", "-1e400", "1.5e99999999999"],
)
def test_number_out_of_range_is_a_diagnostic(literal: str) -> None:
    text = '{"type": "object", "properties": {\n "n": {"type": "integer", "maximum": ' + literal
    text += "}}}"
    for data in (text, text.encode()):
        [diagnostic] = lint(data).diagnostics
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("EG008", 2, 38)
        assert "out of range" in diagnostic.message and len(diagnostic.message) < 200
    result = elicit_gen.compile(text, ["pydantic"])
    assert not result.ok and result.diagnostics[0].code == "EG008"


def test_parsed_values_out_of_range_or_too_deep_are_diagnostics() -> None:
    """The library also takes a parsed dict: huge integers and deep nesting do not raise."""
    huge = schema({"n": {"type": "integer", "maximum": 10**5000}})
    assert [d.code for d in lint(huge).diagnostics] == ["EG008"]
    assert [
        d.code for d in lint(schema({"n": {"type": "number", "maximum": -(10**400)}})).diagnostics
    ] == ["EG008"]
    nested: list[Any] = []
    inner = nested
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    [diagnostic] = lint({"type": "object", "properties": {}, "x": nested}).diagnostics
    assert diagnostic.code == "EG001" and "nesting" in diagnostic.message
    for value in (float("inf"), float("-inf"), float("nan")):
        [diagnostic] = lint(schema({"n": {"type": "number", "maximum": value}})).diagnostics
        assert diagnostic.code == "EG001" and "NaN and Infinity" in diagnostic.message


def test_deep_nesting_and_not_json_numbers_are_diagnostics() -> None:
    for text, code in [
        ("[" * 100_000, "EG001"),
        ('{"a": ' * 100_000, "EG001"),
        ('{"type": "object", "properties": {"n": {"type": "number", "maximum": NaN}}}', "EG001"),
        (
            '{"type": "object", "properties": {"n": {"type": "number", "maximum": -Infinity}}}',
            "EG001",
        ),
    ]:
        assert [d.code for d in lint(text).diagnostics] == [code]


def test_cli_reports_a_5000_digit_integer_in_one_line(tmp_path: Path, run_cli: CliRun) -> None:
    path = tmp_path / "big.json"
    path.write_text(
        '{"type": "object", "properties": {"n": {"type": "integer", "minimum": ' + BIG + "}}}"
    )
    for args in (["--lint"], ["--target", "pydantic"]):
        result = run_cli(*args, str(path))
        assert result.returncode == 1
        output = result.stdout + result.stderr
        assert "EG008" in output and ":1:71:" in output
        assert len(output) < 500, output


def _import(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"gen_{uuid.uuid4().hex}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _compile_and_import(
    text: str | dict[str, Any], tmp_path: Path, **options: Any
) -> dict[str, ModuleType]:
    result = elicit_gen.compile(text, ["pydantic", "cli"], stem="m", **options)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    modules = {}
    for generated in result.files:
        path = tmp_path / f"{uuid.uuid4().hex}_{generated.name}"
        path.write_text(generated.text, encoding="utf-8")
        modules["pydantic" if generated.name.endswith("_models.py") else "cli"] = _import(path)
    return modules


def _content_model(module: ModuleType) -> Any:
    [model] = [v for k, v in vars(module).items() if k.endswith("Content") and isinstance(v, type)]
    return model


@pytest.mark.parametrize(
    ("kind", "keys", "good", "bad"),
    [
        ("integer", '"minimum": -0, "maximum": 0, "default": -0', 0, 1),
        ("number", '"minimum": -0.0, "default": -0.0', 0.5, -0.5),
        ("number", '"maximum": 1.5e308, "minimum": -1.5e308', 1e308, 1.6e308),
        ("integer", '"maximum": 1' + "0" * 308, 10**300, 10**308 + 1),
        ("number", '"minimum": 1e-400', 0.0, -1e-300),
    ],
)
def test_extreme_but_finite_numbers_compile_to_working_modules(
    tmp_path: Path, kind: str, keys: str, good: Any, bad: Any
) -> None:
    text = f'{{"type": "object", "properties": {{"n": {{"type": "{kind}", {keys}}}}}, '
    text += '"required": ["n"]}'
    modules = _compile_and_import(text, tmp_path)
    assert modules["cli"].validate({"n": good}) == {}
    assert modules["cli"].validate({"n": bad})
    model = _content_model(modules["pydantic"])
    model.model_validate({"n": good})
    with pytest.raises(ValueError):
        model.model_validate({"n": bad})


# --- item 11: an ignored code never gives a broken module -------------------------------------


def field(**props: Any) -> str:
    """A requestedSchema (JSON text) with the given properties."""
    return json.dumps(schema(props))


def url(address: str) -> str:
    return json.dumps({"mode": "url", "message": "m", "url": address, "elicitationId": "1"})


STRING = {"type": "string"}
MULTI_A = {"type": "array", "items": {"type": "string", "enum": ["a"]}}

#: A schema that violates each error code (and nothing else that is an error).
VIOLATIONS: dict[str, str] = {
    "EG001": '{"type": "object", "properties": {,}}',
    "EG002": '{"type": "object", "properties": {"a": {"type": "string"}, "a": {"type": "number"}}}',
    "EG003": "",
    "EG005": '["type", "object"]',
    "EG006": '{"requestedSchema": {"type": "object", "properties": {}}}',
    "EG007": url("https://example.com/x"),
    "EG008": '{"type": "object", "properties": {"n": {"type": "number", "maximum": 1e400}}}',
    "EG103": json.dumps(schema({"a": STRING}, required=["b"])),
    "EG130": field(s={"type": "string", "minLength": 5, "maxLength": 2}),
    "EG131": field(s={"type": "string", "maxLength": -1}),
    "EG132": field(m={**MULTI_A, "minItems": 2}),
    "EG133": field(i={"type": "integer", "minimum": 1.2, "maximum": 1.8}),
    "EG140": field(d={"type": "string", "format": "date", "default": "2024-13-45"}),
    "EG170": field(password=STRING),
    "EG180": field(s={"type": "string", "default": "x"}),
    "EG201": url("/relative"),
    "EG202": url("http://example.com/x"),
    "EG203": url("https://example.com/x?access_token=a"),
}
for _rule in RULES:
    if _rule.severity is Severity.ERROR and _rule.code not in VIOLATIONS:
        VIOLATIONS[_rule.code] = _rule.example

#: More violations of the same codes, and the pair issue 13 names.
VARIANTS: list[tuple[tuple[str, ...], str]] = [
    (("EG130", "EG131"), field(s={"type": "string", "minLength": 5, "maxLength": -1})),
    (
        ("EG140",),
        field(t={"type": "string", "format": "date-time", "default": "2024-02-30T00:00Z"}),
    ),
    (("EG140",), field(n={"type": "integer", "minimum": 5, "default": 1})),
    (("EG140",), field(e={"type": "string", "enum": ["a"], "default": "b"})),
    (("EG140",), field(m={**MULTI_A, "default": ["a", "a"]})),
    (("EG103",), json.dumps(schema({"a": STRING}, required="a"))),
    (("EG103",), json.dumps(schema({"a": STRING}, required=["a", "a"]))),
    (("EG170",), field(card={"type": "string", "title": "Credit card number"})),
    (("EG180",), field(s={"type": "string", "oneOf": [{"const": "a", "title": "A"}]})),
    (("EG180",), field(m=MULTI_A)),
]
CASES = [((code,), VIOLATIONS[code]) for code in sorted(VIOLATIONS)] + VARIANTS


def test_every_error_code_has_a_violation() -> None:
    errors = {c.code for c in INPUT_CODES if c.severity is Severity.ERROR} | {
        r.code for r in RULES if r.severity is Severity.ERROR
    }
    assert errors <= ALL_CODES and set(VIOLATIONS) == errors


@pytest.mark.parametrize(("codes", "text"), CASES, ids=["+".join(c) for c, _ in CASES])
def test_ignored_error_code_refuses_or_compiles_a_working_module(
    tmp_path: Path, codes: tuple[str, ...], text: str
) -> None:
    spec = "2025-06-18" if "EG180" in codes else "2026-07-28"
    found = {d.code for d in elicit_gen.compile(text, [], spec=spec).diagnostics if d.is_error}
    assert set(codes) <= found and found <= set(codes) | {"EG007"}, found
    if any(code in BLOCKING_CODES for code in codes):
        with pytest.raises(ValueError, match="cannot be ignored"):
            lint(text, spec=spec, ignore=codes)
        return
    # linting honours the ignore
    assert not [d for d in lint(text, spec=spec, ignore=codes).diagnostics if d.code in codes]
    result = elicit_gen.compile(text, ["pydantic", "cli"], spec=spec, ignore=codes, stem="m")
    if not result.ok:
        errors = [d for d in result.diagnostics if d.is_error]
        url_mode = [d.code for d in errors] == ["EG007"]
        assert url_mode or all(
            d.code in codes and "cannot be ignored when compiling" in d.message for d in errors
        ), [d.to_text() for d in errors]
        assert (
            all(not RULES_BY_CODE[c].compile_ignorable for c in codes if c in RULES_BY_CODE)
            or url_mode
        )
        assert not result.files
        return
    modules = _compile_and_import(text, tmp_path, spec=spec, ignore=codes)
    cli, models = modules["cli"], modules["pydantic"]
    content = {name: _sample(prop) for name, prop in json.loads(text)["properties"].items()}
    assert cli.validate(content) == {}, content
    _content_model(models).model_validate(content)
    result_model: list[Any] = [
        v for k, v in vars(models).items() if k.endswith("Result") and isinstance(v, type)
    ]
    assert result_model and result_model[0].model_validate({"action": "decline"})


def _sample(prop: dict[str, Any]) -> Any:
    if "enum" in prop:
        return prop["enum"][0]
    if "oneOf" in prop:
        return prop["oneOf"][0]["const"]
    if prop.get("type") == "array":
        return list(prop["items"]["enum"][:1])
    return {"string": "x", "number": 1, "integer": 1, "boolean": True}[prop["type"]]


def test_cli_refuses_to_compile_past_an_ignored_code_but_lints_with_it(
    tmp_path: Path, run_cli: CliRun
) -> None:
    path = tmp_path / "bad_default.json"
    path.write_text(VIOLATIONS["EG140"])
    out = tmp_path / "out.py"
    result = run_cli("--target", "pydantic", "--ignore", "EG140", "-o", str(out), str(path))
    assert result.returncode == 1 and not out.exists()
    assert "EG140" in result.stderr and "cannot be ignored when compiling" in result.stderr
    result = run_cli("--lint", "--ignore", "EG140", str(path))
    assert (result.returncode, result.stdout) == (0, "")


def test_not_ignorable_when_compiling_is_documented() -> None:
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule in RULES:
        if not rule.compile_ignorable:
            assert f"Not ignorable when compiling: `--ignore {rule.code}`" in doc


# --- item 3: bounds beyond 2^53 -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "warned"),
    [
        ({"maximum": 9223372036854775807}, ["maximum"]),
        ({"maximum": 2**53 + 1, "default": -(2**53) - 1}, ["maximum", "default"]),
        ({"minimum": -(2**53) + 1, "maximum": 2**53 - 1, "default": 0}, []),
        ({"maximum": 1e300}, ["maximum"]),
        ({"maximum": 9007199254740991.0}, []),
    ],
)
def test_bounds_beyond_2_53_are_a_warning(keys: dict[str, Any], warned: list[str]) -> None:
    for kind in ("integer", "number"):
        diagnostics = lint(schema({"n": {"type": kind, **keys}})).diagnostics
        found = [d for d in diagnostics if d.code == "EG134"]
        assert sorted(d.pointer.rsplit("/", 1)[1] for d in found) == sorted(warned)
        assert all(d.severity is Severity.WARNING and "JavaScript" in d.message for d in found)
        assert not [d for d in diagnostics if d.is_error]


@pytest.mark.parametrize("key", ["minLength", "maxLength", "minItems", "maxItems"])
@pytest.mark.parametrize("value", [2**53, 2**64, 10**300, 1e300])
def test_length_bounds_past_2_53_are_an_error(key: str, value: float) -> None:
    """pydantic refused maxLength 2^64 when the generated model was built (found as a sibling
    of item 10): such bounds stop compiling, even ignored."""
    prop = {"type": "string", key: value} if "Length" in key else {**MULTI_A, key: value}
    for ignore in ((), ("EG135",)):
        result = elicit_gen.compile(schema({"f": prop}), ["pydantic"], ignore=ignore)
        assert "EG135" in {d.code for d in result.diagnostics if d.is_error} and not result.files
    assert "EG135" not in {
        d.code for d in lint(schema({"f": {**prop, key: 2**53 - 1}})).diagnostics
    }


# --- item 16: confusable labels and hidden characters ------------------------------------------


def _codes(value: dict[str, Any], code: str) -> list[Diagnostic]:
    return [d for d in lint(value).diagnostics if d.code == code]


def test_three_options_labelled_keep_my_files_warn() -> None:
    files = {
        "type": "string",
        "oneOf": [
            {"const": "keep", "title": "Keep my files"},
            {"const": "delete_all", "title": "Keep my\u200b files"},
            {"const": "wipe", "title": "Keep my files"},
        ],
    }
    found = _codes(schema({"files": files}), "EG153")
    assert [d.pointer for d in found] == [
        "/properties/files/oneOf/1/title",
        "/properties/files/oneOf/2/title",
    ]
    assert "'delete_all'" in found[0].message and "'wipe'" in found[1].message


@pytest.mark.parametrize(
    "labels",
    [
        ["Keep", "KEEP"],
        ["Keep my files", "Keep  my\tfiles"],
        ["Ｋｅｅｐ", "Keep"],  # fullwidth: NFKC
        ["Keep\u2060", "Keep"],
        ["\u202eKeep", "Keep"],
        ["Straße", "STRASSE"],  # case folding
    ],
)
@pytest.mark.parametrize("shape", ["titled", "legacy", "multi-titled", "untitled"])
def test_confusable_labels_warn_in_every_select(labels: list[str], shape: str) -> None:
    values = ["a", "b"]
    prop: dict[str, Any]
    if shape == "titled":
        prop = {
            "type": "string",
            "oneOf": [{"const": v, "title": t} for v, t in zip(values, labels, strict=True)],
        }
    elif shape == "legacy":
        prop = {"type": "string", "enum": values, "enumNames": labels}
    elif shape == "multi-titled":
        prop = {
            "type": "array",
            "items": {
                "anyOf": [{"const": v, "title": t} for v, t in zip(values, labels, strict=True)]
            },
        }
    else:
        prop = {"type": "string", "enum": labels}
    assert len(_codes(schema({"s": prop}), "EG153")) == 1


def test_distinct_labels_do_not_warn() -> None:
    prop = {
        "type": "string",
        "oneOf": [
            {"const": "a", "title": "Keep my files"},
            {"const": "b", "title": "Delete my files"},
            {"const": "c", "title": "Café"},
            {"const": "d", "title": "Cafe"},
        ],
    }
    assert _codes(schema({"s": prop}), "EG153") == []


INVISIBLE = [
    *[chr(c) for c in range(0x202A, 0x202F)],
    *[chr(c) for c in range(0x2066, 0x206A)],
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\u2028",
    "\u2029",
    "\x1b",
    "\x07",
    "\x85",
    "\x9b",
    "\u3164",
]


def _slots(text: str) -> list[tuple[dict[str, Any], str]]:
    """(input, pointer) for every displayed slot holding ``text``."""
    params = {"message": "m", "requestedSchema": schema({"s": {"type": "string"}})}
    return [
        ({**params, "message": f"Hi {text}"}, "/message"),
        (
            {
                "mode": "url",
                "message": "m",
                "url": f"https://example.com/{text}",
                "elicitationId": "1",
            },
            "/url",
        ),
        (schema({"s": {"type": "string"}}, title=f"T{text}"), "/title"),
        (schema({"s": {"type": "string"}}, description=f"D{text}"), "/description"),
        (schema({f"n{text}": {"type": "string"}}), f"/properties/n{text}"),
        (schema({"s": {"type": "string", "title": f"T{text}"}}), "/properties/s/title"),
        (schema({"s": {"type": "string", "description": f"D{text}"}}), "/properties/s/description"),
        (schema({"s": {"type": "string", "default": f"v{text}"}}), "/properties/s/default"),
        (schema({"s": {"type": "string", "enum": ["a", f"b{text}"]}}), "/properties/s/enum/1"),
        (
            schema({"s": {"type": "string", "oneOf": [{"const": "a", "title": f"A{text}"}]}}),
            "/properties/s/oneOf/0/title",
        ),
        (
            schema({"s": {"type": "string", "enum": ["a"], "enumNames": [f"A{text}"]}}),
            "/properties/s/enumNames/0",
        ),
        (
            schema(
                {"s": {"type": "array", "items": {"anyOf": [{"const": "a", "title": f"A{text}"}]}}}
            ),
            "/properties/s/items/anyOf/0/title",
        ),
        (
            schema({"s": {"type": "array", "items": {"type": "string", "enum": [f"a{text}"]}}}),
            "/properties/s/items/enum/0",
        ),
    ]


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_hidden_characters_in_displayed_text_warn(char: str) -> None:
    for value, pointer in _slots(char):
        found = _codes(value, "EG192")
        assert [d.pointer for d in found] == [pointer], (value, found)
        assert found[0].severity is Severity.WARNING and f"U+{ord(char):04X}" in found[0].message
        assert not RAW.search(found[0].to_text())


@pytest.mark.parametrize(
    "text",
    ["Café 中文 ok", "👩\u200d💻 developer", "می\u200cخواهم", "a\u00a0b", "tab\tand\nnewline"],
)
def test_ordinary_text_does_not_warn(text: str) -> None:
    for value, pointer in _slots(text):
        multiline = pointer in ("/message", "/description", "/properties/s/description")
        found = _codes(value, "EG192")
        if "\n" in text and not multiline:
            assert found, value
        else:
            assert found == [], value
