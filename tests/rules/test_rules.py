"""Every diagnostic code: one passing and one failing input, asserting code, line and column.

Inputs are written out line by line so that the expected positions can be read off the text.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from elicit_gen import lint
from elicit_gen.compiler import rules
from elicit_gen.compiler.diagnostics import Diagnostic
from elicit_gen.compiler.pipeline import ALL_CODES

from ..support.fresh import fresh_lint


@dataclass(frozen=True)
class Case:
    code: str
    good: str
    bad: str
    line: int
    column: int
    spec: str = "2026-07-28"
    select: tuple[str, ...] | None = None
    bad_bytes: bytes | None = None
    #: A diagnostic only compiling reports (EG007: a URL-mode request has no form), not --lint.
    compiled: bool = False


def run(
    text: str | bytes, spec: str = "2026-07-28", select: tuple[str, ...] | None = None
) -> list[Diagnostic]:
    data = text if isinstance(text, bytes) else textwrap.dedent(text).lstrip("\n")
    return lint(data, name="t.json", spec=spec, select=select).diagnostics


def run_case(case: Case, text: str | bytes) -> list[Diagnostic]:
    """The diagnostics of ``text`` as the case's code is reported: linted, or compiled."""
    if not case.compiled:
        return run(text, case.spec, case.select)
    from elicit_gen import compile

    return compile(text, [], name="t.json", spec=case.spec, select=case.select).diagnostics


def field(body: str) -> str:
    """A schema with one property ``f`` whose schema is ``body`` (starting on line 3)."""
    return '{"type": "object", "properties": {\n  "f":\n' + body + "\n}}\n"


GOOD_STRING = field('{"type": "string"}')

CASES = [
    Case("EG001", GOOD_STRING, '{"type": "object",\n  "properties": {,}}', 2, 18),
    Case("EG002", GOOD_STRING, '{"type": "object",\n "properties": {},\n "type": "object"}', 3, 2),
    Case("EG003", GOOD_STRING, "", 1, 14, bad_bytes=b'{"type": "obj\xff"}'),
    Case(
        "EG004",
        GOOD_STRING,
        "",
        1,
        1,
        bad_bytes=b'\xef\xbb\xbf{"type": "object", "properties": {}}',
    ),
    Case("EG005", GOOD_STRING, '["not", "an", "object"]', 1, 1),
    Case(
        "EG006",
        '{"message": "hi", "requestedSchema": {"type": "object", "properties": {}}}',
        '{"message": "m",\n "requestedSchema": {"type": "object", "properties": {}},\n'
        ' "mode": "voice"}',
        3,
        10,
    ),
    Case(
        "EG008",
        field('{"type": "number", "maximum": 1e300}'),
        field('{"type": "number",\n "maximum": 1e400}'),
        4,
        13,
    ),
    Case("EG101", GOOD_STRING, '{"type": "array",\n "properties": {}}', 1, 10),
    Case("EG102", GOOD_STRING, '{"type": "object",\n "properties": []}', 2, 16),
    Case(
        "EG103",
        '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}',
        '{"type": "object", "properties": {"a": {"type": "string"}},\n "required": ["a", "b"]}',
        2,
        20,
    ),
    Case("EG110", GOOD_STRING, field('{"type": "object", "properties": {}}'), 2, 3),
    Case(
        "EG111",
        field('{"type": "string", "format": "uri"}'),
        field('{"type": "string",\n "format": "url"}'),
        4,
        12,
    ),
    Case(
        "EG112",
        field('{"type": "string", "pattern": "^(?:[0-9]{3})-[0-9]{4}$"}'),
        field('{"type": "string",\n "pattern": "^(?<area>[0-9]{3})-[0-9]{4}$"}'),
        4,
        13,
    ),
    Case(
        "EG120",
        field('{"type": "string", "minLength": 1}'),
        field('{"type": "string",\n   "minLength": 1.5}'),
        4,
        17,
    ),
    Case(
        "EG130",
        field('{"type": "number", "minimum": 1, "maximum": 2}'),
        field('{"type": "number",\n "minimum": 5, "maximum": 2}'),
        4,
        13,
    ),
    Case(
        "EG131",
        field('{"type": "string", "maxLength": 0}'),
        field('{"type": "string",\n "maxLength": -1}'),
        4,
        15,
    ),
    Case(
        "EG132",
        field('{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 2}'),
        field(
            '{"type": "array", "items": {"type": "string", "enum": ["a", "b"]},\n "minItems": 3}'
        ),
        4,
        14,
    ),
    Case(
        "EG133",
        field('{"type": "integer", "minimum": 1.5, "maximum": 2.5}'),
        field('{"type": "integer",\n "minimum": 1.2, "maximum": 1.8}'),
        4,
        13,
    ),
    Case(
        "EG134",
        field('{"type": "integer", "maximum": 9007199254740991, "minimum": -9007199254740991}'),
        field('{"type": "integer",\n "maximum": 9007199254740993}'),
        4,
        13,
    ),
    Case(
        "EG135",
        field('{"type": "string", "maxLength": 9007199254740991}'),
        field('{"type": "string",\n "maxLength": 9007199254740992}'),
        4,
        15,
    ),
    Case(
        "EG140",
        field('{"type": "string", "format": "date", "default": "2024-02-29"}'),
        field('{"type": "string", "format": "date",\n "default": "2023-02-29"}'),
        4,
        13,
    ),
    Case(
        "EG150",
        field('{"type": "string", "enum": ["a", "b"]}'),
        field('{"type": "string",\n "enum": ["a", 2]}'),
        4,
        16,
    ),
    Case(
        "EG151",
        field('{"type": "string", "enum": ["a"], "enumNames": ["A"]}'),
        field('{"type": "string", "enum": ["a", "b"],\n "enumNames": ["A"]}'),
        4,
        15,
    ),
    Case(
        "EG152",
        field('{"type": "string", "oneOf": [{"const": "a", "title": "A"}]}'),
        field('{"type": "string", "oneOf": [\n {"const": "a"}]}'),
        4,
        2,
    ),
    Case(
        "EG153",
        field(
            '{"type": "string", "oneOf": [{"const": "a", "title": "Keep"}, '
            '{"const": "b", "title": "Keep all"}]}'
        ),
        field(
            '{"type": "string", "oneOf": [{"const": "a", "title": "Keep"},\n'
            ' {"const": "b", "title": "keep\\u200b"}]}'
        ),
        4,
        26,
    ),
    Case(
        "EG154",
        field('{"type": "integer", "enum": [8, 16]}'),
        field('{"type": "array", "items":\n {"type": "integer", "enum": [8, 16]}}'),
        4,
        3,
    ),
    Case(
        "EG160",
        field('{"type": "string", "maxLength": 3}'),
        field('{"type": "string",\n "pattern": "^a"}'),
        4,
        2,
    ),
    Case(
        "EG161",
        field('{"type": "string", "maxLength": 3}'),
        field('{"type": "string",\n "maxLenght": 3}'),
        4,
        2,
    ),
    Case(
        "EG170",
        '{"type": "object", "properties": {"username": {"type": "string"}}}',
        '{"type": "object", "properties": {\n  "apiKey": {"type": "string"}}}',
        2,
        3,
    ),
    Case(
        "EG180",
        field('{"type": "string", "enum": ["a"]}'),
        field('{"type": "string",\n "default": "x"}'),
        4,
        2,
        spec="2025-06-18",
    ),
    Case(
        "EG181",
        field('{"type": "string", "oneOf": [{"const": "a", "title": "A"}]}'),
        field('{"type": "string", "enum": ["a"],\n "enumNames": ["A"]}'),
        4,
        2,
    ),
    Case("EG190", GOOD_STRING, '{"type": "object",\n "properties": {}}', 2, 16),
    Case("EG191", field('{"type": "string", "title": "F"}'), GOOD_STRING, 2, 3, select=("EG191",)),
    Case(
        "EG192",
        field('{"type": "string", "title": "google.com", "description": "a\\nb"}'),
        field('{"type": "string",\n "title": "\\u202emoc.elgoog"}'),
        4,
        11,
    ),
    Case(
        "EG201",
        '{"mode": "url", "message": "m", "url": "https://example.com/x"}',
        '{"mode": "url", "message": "m",\n "url": "/relative/path"}',
        2,
        9,
    ),
    Case(
        "EG202",
        '{"mode": "url", "message": "m", "url": "http://localhost:8080/x"}',
        '{"mode": "url", "message": "m",\n "url": "http://example.com/x"}',
        2,
        9,
    ),
    Case(
        "EG203",
        '{"mode": "url", "message": "m", "url": "https://example.com/x?session=abc"}',
        '{"mode": "url", "message": "m",\n "url": "https://example.com/x?access_token=abc"}',
        2,
        9,
    ),
    Case(
        "EG204",
        '{"mode": "url", "message": "m", "url": "https://example.com/x"}',
        '{"mode": "url", "message": "m",\n "url": "https://xn--80ak6aa92e.com/x"}',
        2,
        9,
    ),
    Case(
        "EG007",
        '{"method": "elicitation/create",\n "params": {"message": "m", "requestedSchema":'
        ' {"type": "object", "properties": {}}}}',
        '{"method": "elicitation/create",\n "params": {"mode": "url", "message": "m",'
        ' "url": "https://example.com/x"}}',
        2,
        12,
        compiled=True,
    ),
    Case(
        "EG205",
        '{"mode": "url", "message": "m", "url": "https://example.com/x"}',
        '{"mode": "url", "message": "m",\n "url": "https://example.123/x"}',
        2,
        9,
    ),
]


def test_every_code_has_a_case() -> None:
    assert {c.code for c in CASES} == ALL_CODES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.code)
def test_rule_fails_with_position(case: Case) -> None:
    diagnostics = run_case(case, case.bad_bytes or case.bad)
    hits = [d for d in diagnostics if d.code == case.code]
    assert hits, f"{case.code} not reported; got {[d.to_text() for d in diagnostics]}"
    assert (hits[0].line, hits[0].column) == (case.line, case.column), hits[0].to_text()
    assert hits[0].message


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.code)
def test_rule_passes(case: Case) -> None:
    diagnostics = run_case(case, case.good)
    assert [d.to_text() for d in diagnostics if d.code == case.code] == []


def test_url_mode_input_is_not_compiled() -> None:
    from elicit_gen import compile

    result = compile('{"mode": "url", "message": "m", "url": "https://example.com"}', "pydantic")
    assert [d.code for d in result.diagnostics] == ["EG007"]
    assert result.files == []


@pytest.mark.parametrize(
    "name",
    [
        "username",
        "token_count",
        "passport_country",
        "keyboard",
        "max_tokens",
        "display_name",
        "pinned",
        "secretary",
        "bypass",
        "compass",
        "tokenizer",
        "card_holder",
    ],
)
def test_secret_rule_leaves_ordinary_names_alone(name: str) -> None:
    schema = f'{{"type": "object", "properties": {{"{name}": {{"type": "string"}}}}}}'
    assert [d.code for d in run(schema)] == []


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("password", None),
        ("user_password", None),
        ("apiKey", None),
        ("api_key", None),
        ("accessToken", None),
        ("token", None),
        ("cvv", None),
        ("cardNumber", None),
        ("ssh_private_key", None),
        ("x", "Your GitHub personal access token"),
        ("x", "Credit card number"),
        ("client_secret", None),
        ("github_token", None),
    ],
)
def test_secret_rule_finds_secrets(name: str, title: str | None) -> None:
    title_part = f', "title": "{title}"' if title else ""
    schema = f'{{"type": "object", "properties": {{"{name}": {{"type": "string"{title_part}}}}}}}'
    assert "EG170" in [d.code for d in run(schema)]


@pytest.mark.parametrize(
    ("prop", "expected"),
    [
        # pydantic's SecretStr: the format says it is a password, whatever the name
        ('"secret": {"type": "string", "format": "password"}', "format"),
        # a format no form checks leaves free text: the name still tells
        ('"password": {"type": "string", "format": "pwd"}', "name"),
    ],
)
def test_a_secret_with_an_unchecked_format_gets_both_errors_at_once(
    prop: str, expected: str
) -> None:
    found = run(f'{{"type": "object", "properties": {{{prop}}}}}')
    codes = sorted(d.code for d in found)
    assert codes == ["EG111", "EG170"], found
    (secret,) = (d for d in found if d.code == "EG170")
    assert f"(by its {expected})" in secret.message


def test_a_checked_format_is_no_secret_whatever_the_name() -> None:
    schema = (
        '{"type": "object", "properties": '
        '{"password_reset_email": {"type": "string", "format": "email"}}}'
    )
    assert run(schema) == []


def test_pointer_is_escaped() -> None:
    text = '{"type": "object", "properties": {"a/b~c": {"type": "object"}}}'
    [diag] = run(text)
    assert diag.pointer == "/properties/a~1b~0c"


def test_pointer_inside_envelope() -> None:
    text = (
        '{"method": "elicitation/create", "params": {"message": "m", "requestedSchema": '
        '{"type": "object", "properties": {"x": {"type": "null"}}}}}'
    )
    [diag] = run(text)
    assert diag.pointer == "/params/requestedSchema/properties/x"
    assert "null" in diag.message


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('{"$ref": "#/defs/x"}', "`$ref`"),
        ('{"type": ["string", "null"]}', "null"),
        ('{"type": ["string", "number"]}', "unions"),
        ('{"type": "array", "items": {"type": "number"}}', "multi-select"),
        ('{"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}}', "items.anyOf"),
        ('{"type": "string", "anyOf": [{"const": "a", "title": "A"}]}', "`oneOf`"),
        ('{"enum": ["a"]}', 'type: "string"'),
        ('{"type": "object"}', "nested"),
    ],
)
def test_field_kind_messages_say_what_was_meant(body: str, words: str) -> None:
    [diag] = [d for d in run(field(body)) if d.code == "EG110"]
    assert words in diag.message


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ('{"type": "number", "minimum": "3"}', "EG120"),
        ('{"type": "boolean", "default": "true"}', "EG120"),
        ('{"type": "string", "minLength": 3, "default": "ab"}', "EG140"),
        ('{"type": "integer", "default": 2.5}', "EG140"),
        ('{"type": "string", "format": "email", "default": "not-an-email"}', "EG140"),
        ('{"type": "string", "enum": ["a"], "default": "b"}', "EG140"),
        (
            '{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "default": ["c"]}',
            "EG140",
        ),
        ('{"type": "array", "items": {"type": "string", "enum": ["a"]}, "maxItems": 3}', "EG132"),
        ('{"type": "string", "enum": []}', "EG150"),
        ('{"type": "string", "enum": ["a", "a"]}', "EG150"),
        ('{"type": "string", "enum": [""]}', "EG150"),
        ('{"type": "string", "exclusiveMinimum": 1}', "EG160"),
        ('{"type": "string", "x-widget": "fancy"}', "EG160"),
        ('{"type": "string", "minimum": 1}', "EG160"),
        ('{"type": "string", "minLength": 3, "maxLength": 2}', "EG130"),
        (
            '{"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 2,'
            ' "maxItems": 1}',
            "EG130",
        ),
    ],
)
def test_rule_catalogue(body: str, code: str) -> None:
    assert code in [d.code for d in run(field(body))]


def test_additional_properties_at_root_is_not_portable() -> None:
    text = '{"type": "object", "properties": {}, "additionalProperties": false}'
    assert "EG160" in [d.code for d in run(text)]


def test_required_repeated() -> None:
    text = '{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]}'
    [diag] = run(text)
    assert diag.code == "EG103" and "more than once" in diag.message


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("2025-06-18", ["EG180"]), ("2025-11-25", []), ("2026-07-28", [])],
)
def test_revisions(spec: str, expected: list[str]) -> None:
    text = field('{"type": "string", "oneOf": [{"const": "a", "title": "A"}]}')
    assert [d.code for d in run(text, spec)] == expected


def test_newer_feature_names_the_revision() -> None:
    text = field('{"type": "array", "items": {"type": "string", "enum": ["a"]}}')
    [diag] = run(text, "2025-06-18")
    assert (
        "2025-11-25" in diag.message
        and diag.hint == "pass --spec 2025-11-25 if your clients support it"
    )


def test_input_required_needs_newest_revision() -> None:
    text = (
        '{"resultType": "input_required", "inputRequests": {"a": {"method": "elicitation/create",'
        ' "params": {"mode": "form", "message": "m", "requestedSchema": {"type": "object",'
        ' "properties": {}}}}}}'
    )
    codes = [d.code for d in run(text, "2025-11-25", select=("EG18",))]
    assert codes == ["EG180"]
    assert [d.code for d in run(text, "2026-07-28", select=("EG18",))] == []


@pytest.mark.parametrize(
    ("wrap", "pointer"),
    [
        ("{}", "/inputRequests"),
        ('{{"jsonrpc": "2.0", "id": 3, "result": {}}}', "/result/inputRequests"),
        ('{{"method": "notifications/tasks", "params": {}}}', "/params/inputRequests"),
    ],
)
def test_a_task_with_input_requests_needs_newest_revision(wrap: str, pointer: str) -> None:
    """The tasks extension's ``inputRequests`` (answered with ``tasks/update``) are built on
    2026-07-28's: the experimental tasks of 2025-11-25 had none."""
    task = (
        '{"taskId": "t", "status": "input_required", "inputRequests": {"a": {"method": '
        '"elicitation/create", "params": {"mode": "form", "message": "m", "requestedSchema": '
        '{"type": "object", "properties": {}}}}}}'
    )
    text = wrap.format(task)
    [diag] = run(text, "2025-11-25", select=("EG18",))
    assert (diag.code, diag.pointer) == ("EG180", pointer)
    assert "tasks" in diag.message and "2026-07-28" in diag.message
    assert [d.code for d in run(text, "2026-07-28", select=("EG18",))] == []


def test_enum_names_deprecation_suggests_one_of() -> None:
    [diag] = run(field('{"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"]}'))
    assert diag.code == "EG181" and diag.severity == "warning"
    assert diag.hint is not None and '"const": "a", "title": "A"' in diag.hint
    assert run(field('{"type": "string", "enum": ["a"], "enumNames": ["A"]}'), "2025-06-18") == []


def test_diagnostics_are_sorted_and_deterministic() -> None:
    """Sorted, and the same in fresh interpreters (other hash seeds, nothing cached)."""
    text = field('{"type": "string", "minLength": -1, "maxLength": -2, "pattern": "x"}')
    first = run(text)
    assert len(first) > 1
    assert first == sorted(first, key=Diagnostic.sort_key)
    shown = [d.to_text() for d in first]
    assert fresh_lint(text, "2026-07-28") == [shown, shown]


# --- the registry -----------------------------------------------------------------------------
def test_every_rule_module_is_registered() -> None:
    """Each module of compiler/rules/ but the shared ones (``base``, ``_shared``) defines one
    ``RULE``, and that rule is in RULES: an unregistered rule would otherwise pass every test."""
    names = sorted(m.name for m in pkgutil.iter_modules(rules.__path__))
    helpers = {"base", "_shared"}
    assert helpers <= set(names)
    modules = [n for n in names if n not in helpers]
    assert all(not n.startswith("_") for n in modules), "helpers belong in _shared.py"
    registered = {id(rule) for rule in rules.RULES}
    for name in modules:
        module = importlib.import_module(f"elicit_gen.compiler.rules.{name}")
        assert id(module.RULE) in registered, f"rules/{name}.py is not registered in RULES"
    assert len(rules.RULES) == len(modules)  # one rule per module, none registered twice
    for name in helpers:
        module = importlib.import_module(f"elicit_gen.compiler.rules.{name}")
        assert not hasattr(module, "RULE")


def test_rule_modules_import_no_other_rule_module() -> None:
    """A rule module imports shared helpers from ``_shared`` or ``base``, never from another
    rule (whose private names would then be a hidden contract)."""
    directory = Path(rules.__path__[0])
    names = {m.name for m in pkgutil.iter_modules(rules.__path__)} - {"base", "_shared"}
    for name in sorted(names):
        tree = ast.parse((directory / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                assert node.module in ("base", "_shared"), f"{name}.py imports .{node.module}"


def test_a_rule_of_severity_warning_never_finds_an_error() -> None:
    """The verdict without positions (a form made at run time) skips the rules that only
    warn: none of them may yield an error finding."""
    for info in pkgutil.iter_modules(rules.__path__):
        module = importlib.import_module(f"{rules.__name__}.{info.name}")
        rule = getattr(module, "RULE", None)
        if rule is not None and rule.severity.value == "warning":
            source = Path(module.__file__ or "").read_text(encoding="utf-8")
            assert "Severity.ERROR" not in source, info.name


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.code)
def test_the_verdict_without_positions_has_the_same_errors(case: Case) -> None:
    from elicit_gen.compiler.pipeline import Selection, check_source
    from elicit_gen.compiler.spec import Revision

    for text in (case.good, case.bad_bytes or case.bad):
        data = text if isinstance(text, bytes) else textwrap.dedent(text).lstrip("\n").encode()
        verdicts = [
            check_source(
                data,
                "t.json",
                revision=Revision(case.spec),
                selection=Selection(select=frozenset(case.select)) if case.select else None,
                build_forms=True,
                positions=positions,
            )
            for positions in (True, False)
        ]
        errors = [
            sorted((d.code, d.pointer, d.message) for d in v.diagnostics if d.is_error)
            for v in verdicts
        ]
        assert errors[0] == errors[1]
        assert verdicts[0].forms == verdicts[1].forms
