"""The pydantic target: the generated modules of every golden case are imported and exercised
(round trip, strict validation, dates, aliases, defaults, the result model), checked with ruff
and mypy --strict, and fed to the MCP Python SDK's elicitation path."""

from __future__ import annotations

import ast
import asyncio
import datetime
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import anyio
import mcp.types as types
import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.server.mcpserver import Context, MCPServer

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.compiler.kinds import SUBSET_FORMATS
from elicit_gen.runtime.core import formats, formcore
from elicit_gen.targets.common.runtime import uses_pattern

from ...support.cases import emit, forms, sample_value, valid_content, write_and_import
from ...support.fresh import fresh_outputs
from ...support.lint import mypy_strict, ruff
from ...support.pydantic import (
    FORMS,
    IDS,
    accepts,
    content_model,
    dump,
    import_path,
    result_model,
    write_modules,
)
from ...support.validators import jsonschema_verdict


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_modules(tmp_path_factory.mktemp("pydantic"))


@pytest.fixture(scope="module")
def modules(paths: dict[str, Path]) -> dict[str, ModuleType]:
    return {name: import_path(path) for name, path in paths.items()}


def _form(name: str) -> ir.Form:
    return dict(FORMS)[name]


def _model(modules: dict[str, ModuleType], name: str) -> type[pydantic.BaseModel]:
    return content_model(modules[name], _form(name))


# --- the generated code itself -----------------------------------------------------------------
# Server code using generated models, type-checked with them: the fields have the documented
# Python types, and construction by Python name is checked against the Literal options.
USAGE = """\
import datetime
from typing import Literal

from typing_extensions import assert_type

from every_kind_models import EveryKindContent, EveryKindResult
from odd_names_models import OddNamesContent

odd = OddNamesContent(first_name="Ada", class_="x")
assert_type(odd.first_name, str)
assert_type(odd.f_2fa, bool | None)
project = EveryKindContent(
    project_name="abc", owner_email="a@b.co", team_size=3, language="rust", license="mit"
)
assert_type(project.kickoff, datetime.datetime | None)
assert_type(project.start_date, datetime.date | None)
assert_type(project.budget, float | None)
assert_type(project.team_size, int)
assert_type(project.public, bool)
assert_type(project.language, Literal["python", "typescript", "rust"])
assert_type(project.platforms, list[Literal["linux", "macos", "windows"]])
result = EveryKindResult.model_validate({"action": "decline"})
assert_type(result.content, EveryKindContent | None)
"""

WRONG_USAGE = """\
from every_kind_models import EveryKindContent

EveryKindContent(
    project_name="abc", owner_email="a@b.co", team_size=3, language="cobol", license="mit"
)
"""


def test_generated_code_passes_ruff_and_mypy_strict(paths: dict[str, Path]) -> None:
    directory = next(iter(paths.values())).parent
    files = sorted(str(p) for p in paths.values())
    checked = ruff(files, cwd=directory)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    (directory / "usage.py").write_text(USAGE, encoding="utf-8")
    (directory / "wrong_usage.py").write_text(WRONG_USAGE, encoding="utf-8")
    typed = mypy_strict([*files, "usage.py"], cwd=directory)
    assert typed.returncode == 0, typed.stdout + typed.stderr
    (directory / "plugin.ini").write_text("[mypy]\nplugins = pydantic.mypy\n", encoding="utf-8")
    # users with pydantic's mypy plugin
    with_plugin = mypy_strict(files, "--config-file", "plugin.ini", cwd=directory)
    assert with_plugin.returncode == 0, with_plugin.stdout + with_plugin.stderr
    wrong = mypy_strict(["wrong_usage.py"], cwd=directory)
    assert wrong.returncode == 1 and "\"Literal['cobol']\"" in wrong.stdout, wrong.stdout


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_output_is_deterministic(name: str, form: ir.Form) -> None:
    """The same text in fresh interpreters (other hash seeds, nothing cached) as here."""
    text = emit(form, "pydantic").text
    runs = fresh_outputs("pydantic", "tests.support.pydantic:FORMS")
    assert [run[name] for run in runs] == [text, text]


def test_format_checks_are_the_runtimes(modules: dict[str, ModuleType]) -> None:
    """The models check formats with the same patterns as the generated forms' runtime."""
    module = modules["every_kind:every_kind"]
    names = (
        "_EMAIL_RE",
        "_URI_RE",
        "_IPV4_RE",
        "_IPVFUTURE_RE",
        "_HEX4_RE",
        "_DATE_RE",
        "_DATE_TIME_RE",
    )
    for name in names:
        assert getattr(module, name).pattern == getattr(formats, name).pattern, name


def test_format_checks_are_the_forms_runtime_verbatim(modules: dict[str, ModuleType]) -> None:
    """The email/URI/date checks are written once: every models module holds the forms' format
    checks (runtime/core/formats.py after its imports) byte for byte (and its models call those
    functions)."""
    source = Path(formats.__file__).read_text(encoding="utf-8")
    section = source.split("# --- end of runtime imports ---\n")[1].strip("\n")
    assert "def is_email" in section and "def is_date_time" in section
    for name, form in FORMS:
        text = emit(form, "pydantic").text
        assert section in text, name
        assert text.count("def is_email(") == 1, name


_FORMAT_ALPHABET = st.sampled_from([*"ab:/?#[]@!$&'()*+,;=%-._~019AFvTtZz", " ", "é", "\n"])


@settings(max_examples=500, deadline=None, derandomize=True)
@given(
    st.one_of(
        st.text(_FORMAT_ALPHABET, max_size=25),
        st.builds(
            lambda a, b: f"{a}://{b}",
            st.sampled_from(["http", "x"]),
            st.text(_FORMAT_ALPHABET, max_size=20),
        ),
        st.builds(
            lambda a, b: f"{a}@{b}",
            st.text(_FORMAT_ALPHABET, max_size=8),
            st.text(_FORMAT_ALPHABET, max_size=12),
        ),
        st.datetimes(timezones=st.timezones()).map(lambda d: d.isoformat()),
        st.dates().map(str),
    )
)
def test_format_checks_behave_as_the_runtimes(modules: dict[str, ModuleType], text: str) -> None:
    model = _model(modules, "every_kind:every_kind")
    base = {
        "project_name": "abc",
        "owner_email": "a@b.co",
        "team_size": 1,
        "language": "rust",
        "license": "mit",
    }
    for key, check in (
        ("owner_email", formcore.is_email),
        ("homepage", formcore.is_uri),
        ("start_date", formcore.is_date),
        ("kickoff", formcore.is_date_time),
    ):
        assert accepts(model, {**base, key: text}) is check(text), (key, text)


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_module_exports(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    module = modules[name]
    assert form.schema == module.REQUESTED_SCHEMA
    assert form.message_text == module.MESSAGE
    titled = {
        f.name: {o.value: o.label for o in f.options}
        for f in form.fields
        if isinstance(f, (ir.SingleSelectField, ir.MultiSelectField)) and f.titled
    }
    assert titled == module.OPTION_LABELS
    public = {n for n in vars(module) if not n.startswith("_")}
    expected = {
        "MESSAGE",
        "REQUESTED_SCHEMA",
        "OPTION_LABELS",
        f"{form.class_name}Content",
        f"{form.class_name}Result",
    }
    # The format checks are formats.py's and the pattern engine pattern.py's, copied verbatim as
    # into the Python forms (same API).
    checks = {f.__name__ for f in formcore.FORMAT_CHECKS.values()}
    checks |= {"FORMAT_CHECKS", "utf16_length"}
    # Without a ``pattern`` in the form, the engine is left out: pattern_absent.py stands in.
    checks |= {"compile_pattern", "CompiledPattern", "PatternError"}
    if uses_pattern(form):
        checks |= {"PatternBudget"}
    imported = {"Annotated", "Any", "Literal", "BaseModel", "ConfigDict", "Field"}
    assert expected | checks <= public <= expected | checks | imported


# --- round trip --------------------------------------------------------------------------------
@pytest.mark.parametrize("optional", [True, False], ids=["all-fields", "required-only"])
@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_round_trip(
    name: str, form: ir.Form, optional: bool, modules: dict[str, ModuleType]
) -> None:
    model = content_model(modules[name], form)
    content = valid_content(form, optional=optional)
    assert dump(model, content) == content
    assert json.dumps(dump(model, content)) == json.dumps(content)  # 5 stays 5, not 5.0
    assert (
        model.model_validate_json(json.dumps(content)).model_dump(mode="json", exclude_unset=True)
        == content
    )  # serialises by alias without being asked
    result = result_model(modules[name], form)
    accepted = {"action": "accept", "content": content}
    assert result.model_validate(accepted).model_dump(mode="json", exclude_unset=True) == accepted


_UTC = datetime.timezone.utc


def _tz(hours: int, minutes: int = 0) -> datetime.timezone:
    return datetime.timezone(datetime.timedelta(hours=hours, minutes=minutes))


@pytest.mark.parametrize(
    ("text", "instant"),
    [
        ("2024-02-29T12:30:00+02:00", datetime.datetime(2024, 2, 29, 12, 30, tzinfo=_tz(2))),
        ("2024-02-29T12:30:00Z", datetime.datetime(2024, 2, 29, 12, 30, tzinfo=_UTC)),
        ("2024-02-29T12:30:00+00:00", datetime.datetime(2024, 2, 29, 12, 30, tzinfo=_UTC)),
        ("2024-02-29T12:30:00-00:00", datetime.datetime(2024, 2, 29, 12, 30, tzinfo=_UTC)),
        ("2024-02-29T12:30:00.5Z", datetime.datetime(2024, 2, 29, 12, 30, 0, 500000, _UTC)),
        (
            "2024-02-29T12:30:00.123456789-05:30",
            datetime.datetime(2024, 2, 29, 12, 30, 0, 123456, _tz(-5, -30)),
        ),
        ("2016-12-31T23:59:59.9999999Z", datetime.datetime(2016, 12, 31, 23, 59, 59, 999999, _UTC)),
        ("0001-01-01T00:00:00+23:59", datetime.datetime(1, 1, 1, tzinfo=_tz(23, 59))),
    ],
)
def test_date_time_is_typed_and_dumps_its_exact_text(
    text: str, instant: datetime.datetime, modules: dict[str, ModuleType]
) -> None:
    model = _model(modules, "formats:formats")
    content = {"email": "a@example.com", "callback": text}
    value = model.model_validate(content).callback  # type: ignore[attr-defined]
    assert isinstance(value, datetime.datetime)
    assert value == instant and value.utcoffset() == instant.utcoffset()
    assert dump(model, content) == content
    copied = model.model_validate(content).model_copy(deep=True)
    assert copied.model_dump(mode="json", exclude_unset=True) == content


def test_date_time_in_lower_case_is_refused(modules: dict[str, ModuleType]) -> None:
    """RFC 3339 allows t and z; zod 3's .datetime() refuses them, and so do the forms."""
    model = _model(modules, "formats:formats")
    content = {"email": "a@example.com", "callback": "2024-02-29t12:30:00z"}
    with pytest.raises(pydantic.ValidationError, match="UTC offset"):
        model.model_validate(content)


def test_date_is_typed(modules: dict[str, ModuleType]) -> None:
    model = _model(modules, "formats:formats")
    parsed = model.model_validate(
        {
            "email": "a@example.com",
            "callback": "2026-12-01T09:30:00+01:00",
            "birthday": "0999-02-28",
        }
    )
    assert parsed.birthday == datetime.date(999, 2, 28)  # type: ignore[attr-defined]
    assert parsed.model_dump(mode="json", exclude_unset=True)["birthday"] == "0999-02-28"


def test_python_values_are_accepted_too(modules: dict[str, ModuleType]) -> None:
    """Server code may build content from typed values; naive datetimes are refused."""
    model = _model(modules, "formats:formats")
    aware = datetime.datetime(2024, 5, 1, 8, 0, tzinfo=datetime.timezone.utc)
    built = model(email="a@example.com", callback=aware, birthday=datetime.date(2000, 1, 2))
    assert built.model_dump(mode="json", exclude_unset=True) == {
        "email": "a@example.com",
        "callback": "2024-05-01T08:00:00+00:00",
        "birthday": "2000-01-02",
    }
    with pytest.raises(pydantic.ValidationError, match="UTC offset"):
        model(email="a@example.com", callback=datetime.datetime(2024, 5, 1, 8, 0))
    with pytest.raises(pydantic.ValidationError, match="without a time"):
        model(email="a@example.com", callback=aware, birthday=aware)


# --- strict, faithful validation ---------------------------------------------------------------
def _base(name: str) -> dict[str, Any]:
    return valid_content(_form(name), optional=False)


@pytest.mark.parametrize(
    ("name", "key", "value", "ok"),
    [
        ("every_kind:every_kind", "public", "yes", False),
        ("every_kind:every_kind", "public", 1, False),
        ("every_kind:every_kind", "team_size", "3", False),
        ("every_kind:every_kind", "team_size", True, False),
        ("every_kind:every_kind", "team_size", 3.5, False),
        # JSON Schema counts 3.0 an integer; pydantic's strict int and the forms do not
        ("every_kind:every_kind", "team_size", 3.0, False),
        ("every_kind:every_kind", "team_size", 3, True),
        ("every_kind:every_kind", "team_size", 501, False),
        ("every_kind:every_kind", "budget", True, False),
        ("every_kind:every_kind", "budget", "1.5", False),
        ("every_kind:every_kind", "budget", 1000000.5, True),
        ("every_kind:every_kind", "budget", 1000000.6, False),
        ("every_kind:every_kind", "budget", float("nan"), False),
        ("every_kind:every_kind", "budget", float("inf"), False),
        ("every_kind:every_kind", "project_name", "ab", False),
        ("every_kind:every_kind", "project_name", 123, False),
        ("every_kind:every_kind", "language", "Python", False),
        ("every_kind:every_kind", "license", "MIT License", False),  # a label is not a value
        ("every_kind:every_kind", "platforms", [], False),
        ("every_kind:every_kind", "platforms", ("linux",), False),
        ("every_kind:every_kind", "platforms", ["linux", "linux"], True),  # no uniqueItems
        ("every_kind:every_kind", "features", ["ci", "docs", "release"], False),
        ("every_kind:every_kind", "homepage", "example.com", False),
        ("every_kind:every_kind", "homepage", "https://example.com", True),
        ("every_kind:every_kind", "owner_email", "ada@example", False),  # Ajv: a dot
        ("every_kind:every_kind", "owner_email", "ada", False),
        ("every_kind:every_kind", "start_date", "2023-02-29", False),
        ("every_kind:every_kind", "start_date", "2024-02-29", True),
        ("every_kind:every_kind", "kickoff", "2024-02-29T12:30:00", False),
        ("bounds:bounds", "big", 9007199254740991, True),
        ("bounds:bounds", "big", 9007199254740992, False),
        ("bounds:bounds", "beyond32", 3000000000, True),
        ("bounds:bounds", "beyond32", 10**400, True),
        ("bounds:bounds", "free", 10**400, True),  # a number, though no float can hold it
        ("bounds:bounds", "ratio", 2**64, False),
        ("bounds:bounds", "ratio", 1, True),
        ("bounds:bounds", "negative", -9, False),
        ("bounds:bounds", "code", "abcde", False),
        ("bounds:bounds", "exact", ["a"], False),
        ("enums:enums", "legacyEnum", "Option One", False),
        ("enums:enums", "legacyEnum", "opt1", True),
        ("enums:enums", "titledMulti", ["value1"], True),
    ],
)
def test_strict_values(
    name: str, key: str, value: Any, ok: bool, modules: dict[str, ModuleType]
) -> None:
    model = _model(modules, name)
    assert accepts(model, {**_base(name), key: value}) is ok


def test_integral_float_is_no_integer(modules: dict[str, ModuleType]) -> None:
    """Only an int is an integer, as for the forms' validate() (a form sends 3, never 3.0)."""
    model = _model(modules, "every_kind:every_kind")
    for value in (3.0, -0.0, 1e308):
        content = {**_base("every_kind:every_kind"), "team_size": value}
        assert not accepts(model, content)
        with pytest.raises(pydantic.ValidationError):
            model.model_validate_json(json.dumps(content))
    kept = model.model_validate({**_base("every_kind:every_kind"), "budget": 7})
    assert type(kept.budget) is int  # type: ignore[attr-defined]  # not 7.0


_BIG = 2**53 + 1  # the first integer a float cannot hold
BIG_BOUNDS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "n_min": {"type": "number", "minimum": _BIG},
        "n_max": {"type": "number", "maximum": -_BIG},
        "n_max63": {"type": "number", "maximum": 2**63 - 1},
        "n_frac": {"type": "number", "minimum": 0.1, "maximum": 2**70 + 1},
        "i_min": {"type": "integer", "minimum": _BIG},
        "i_max63": {"type": "integer", "maximum": 2**63 - 1},
        "i_frac": {"type": "integer", "minimum": 2.5, "maximum": 2**70 + 1},
    },
}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("n_min", 9007199254740992.0),  # == float(2**53 + 1), yet below the bound
        ("n_min", 2**53),
        ("n_min", _BIG),
        ("n_min", 1e16),
        ("n_max", -9007199254740992.0),
        ("n_max", -_BIG),
        ("n_max63", 9223372036854775808.0),  # float(2**63 - 1) is 2**63
        ("n_max63", 2**63),
        ("n_max63", 2**63 - 1),
        ("n_max63", 9.2233720368547748e18),  # the float just below 2**63
        ("n_frac", 0.1),
        ("n_frac", 0.09999999999999999),
        ("n_frac", float(2**70)),
        ("n_frac", 2**70 + 1),
        ("n_frac", 2**70 + 2),
        ("i_min", 9007199254740992.0),
        ("i_min", 9007199254740994.0),
        ("i_max63", 9223372036854775808.0),
        ("i_max63", 2**63 - 1),
        ("i_frac", 2),
        ("i_frac", 3.0),
        ("i_frac", 2**70 + 2),
        ("i_frac", -0.0),
    ],
)
def test_bounds_are_compared_exactly(tmp_path: Path, key: str, value: float) -> None:
    """A float is compared with a bound beyond 2**53 exactly, as JSON Schema (and jsonschema)
    does, not with the bound rounded to a float (issue 13, item 7)."""
    model = _compiled_model(BIG_BOUNDS, tmp_path)
    expected = jsonschema_verdict(BIG_BOUNDS, {key: value})
    if key.startswith("i_") and isinstance(value, float):
        expected = False  # only an int is an integer (pydantic's strict int), as for the forms
    assert expected is (formcore.validate_content(BIG_BOUNDS, {key: value}) == {})
    assert accepts(model, {key: value}) is expected, (key, value)


def _compiled_model(schema: dict[str, Any], directory: Path) -> type[pydantic.BaseModel]:
    result = elicit_gen.compile(schema, [], name="bounds.json", stem="bounds")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return content_model(write_and_import(form, "pydantic", directory), form)


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_null_is_never_valid_and_absent_is_absent(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    model = content_model(modules[name], form)
    required = valid_content(form, optional=False)
    parsed = model.model_validate(required)
    for field in form.fields:
        assert not accepts(model, {**required, field.name: None}), field.name
        if field.required:
            missing = {k: v for k, v in required.items() if k != field.name}
            assert not accepts(model, missing), field.name
        else:
            default = field.default
            value = getattr(parsed, field.ident)
            if default is None:
                assert value is None
            else:
                again = model.model_validate({**required, field.name: _json(default)})
                assert getattr(again, field.ident) == value
    assert model.model_validate(required).model_dump(mode="json", exclude_unset=True) == required


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def test_required_field_with_default_stays_required(modules: dict[str, ModuleType]) -> None:
    model = _model(modules, "every_kind:every_kind")
    schema = model.model_json_schema()
    assert "project_name" in schema["required"] and "team_size" in schema["required"]
    assert schema["properties"]["project_name"]["default"] == "my-project"
    assert schema["properties"]["team_size"]["default"] == 5
    assert schema["properties"]["license"]["default"] == "mit"
    content = _base("every_kind:every_kind")
    del content["project_name"]
    assert not accepts(model, content)
    formats = _model(modules, "formats:formats")
    assert formats.model_json_schema()["properties"]["callback"]["default"] == (
        "2026-12-01T09:30:00+01:00"
    )


def test_optional_defaults_are_typed(modules: dict[str, ModuleType]) -> None:
    formats = _model(modules, "formats:formats")
    parsed = formats.model_validate(
        {"email": "a@example.com", "callback": "2026-12-01T09:30:00+01:00"}
    )
    assert parsed.birthday == datetime.date(2000, 1, 31)  # type: ignore[attr-defined]
    defaults = _model(modules, "defaults:defaults").model_validate({})
    assert defaults.model_dump() == {
        "name": "John Doe",
        "age": 30,
        "score": 95.5,
        "status": "active",
        "verified": True,
    }
    assert defaults.model_dump(exclude_unset=True) == {}


# --- names ----------------------------------------------------------------------------------
def test_aliases_populate_by_either_name_and_dump_by_alias(modules: dict[str, ModuleType]) -> None:
    form = _form("odd_names:odd_names")
    model = content_model(modules["odd_names:odd_names"], form)
    by_alias = {f.name: sample_value(f) for f in form.fields}
    by_name = {f.ident: sample_value(f) for f in form.fields}
    assert dump(model, by_alias) == by_alias
    assert dump(model, by_name) == by_alias
    assert model.model_validate(by_alias).model_dump(mode="json") == by_alias
    parsed = model.model_validate(by_alias)
    for field in form.fields:
        assert getattr(parsed, field.ident) == sample_value(field)
    schema = model.model_json_schema()
    assert list(schema["properties"]) == [f.name for f in form.fields]
    assert set(schema["required"]) == {"first-name", "class"}
    # the model's own API is not shadowed
    assert callable(model.model_validate) and isinstance(model.model_config, dict)


# --- the result model ------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_result_model(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    result = result_model(modules[name], form)
    content = valid_content(form)
    for value in (
        {"action": "decline"},
        {"action": "cancel"},
        {"action": "accept", "content": content},
    ):
        assert result.model_validate(value).model_dump(mode="json", exclude_unset=True) == value
    parsed = result.model_validate({"action": "accept", "content": content})
    assert isinstance(parsed.content, content_model(modules[name], form))  # type: ignore[attr-defined]
    for bad in (
        {"action": "accept"},
        {"action": "accept", "content": None},
        {"action": "decline", "content": content},
        {"action": "decline", "content": None},
        {"action": "cancel", "content": {}},
        {"action": "Accept", "content": content},
        {"action": "ok"},
        {},
    ):
        assert not accepts(result, bad), bad
    if form.required:
        assert not accepts(result, {"action": "accept", "content": {}})


# --- the MCP Python SDK --------------------------------------------------------------------------
def _same_constraints(rendered: dict[str, Any], form: ir.Form) -> None:
    """The rendered schema says exactly what the requested schema says, property by property."""
    source = form.schema
    assert rendered["type"] == "object"
    assert rendered["properties"] == source["properties"]
    assert list(rendered["properties"]) == list(source["properties"])
    assert sorted(rendered.get("required", [])) == sorted(source.get("required", []))
    root = {"type", "properties", "required", "title", "description", "additionalProperties"}
    assert set(rendered) <= root
    # extra="forbid" for additionalProperties: false, which every target enforces
    assert rendered.get("additionalProperties", True) is (not form.closed)
    assert rendered.get("title") == form.title
    assert rendered.get("description") == form.description


def _sdk_sends(form: ir.Form) -> bool:
    """Whether the Python SDK's ``ctx.elicit(schema=Model)`` sends the form's model: its
    ``StringSchema`` knows only the subset's four formats (``uuid``, ``time``, ... are sent by
    FastMCP, TypeScript servers, or a server that writes the schema itself)."""
    return all(
        f.format is None or f.format.value in SUBSET_FORMATS
        for f in form.fields
        if isinstance(f, ir.StringField)
    )


SDK_FORMS = [(name, form) for name, form in FORMS if _sdk_sends(form)]
SDK_IDS = [name for name, _ in SDK_FORMS]


def test_mcp_sdk_refuses_formats_beyond_the_subset(modules: dict[str, ModuleType]) -> None:
    """A model with a ``uuid`` field is refused by the SDK before anything is sent (so the SDK
    tests below take only the forms it sends); the model itself checks the format."""
    from mcp.server.elicitation import render_elicitation_schema

    beyond = [(name, form) for name, form in FORMS if not _sdk_sends(form)]
    assert beyond, "a golden case has formats beyond the subset (more_formats)"
    for name, form in beyond:
        model = content_model(modules[name], form)
        with pytest.raises(TypeError, match="not a valid PrimitiveSchemaDefinition"):
            render_elicitation_schema(model)
        _same_constraints(model.model_json_schema(), form)


@pytest.mark.parametrize(("name", "form"), SDK_FORMS, ids=SDK_IDS)
def test_mcp_sdk_renders_the_same_schema(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    from mcp.server.elicitation import render_elicitation_schema

    model = content_model(modules[name], form)
    rendered = render_elicitation_schema(model)  # raises TypeError for a non-spec property
    _same_constraints(rendered, form)
    plain = model.model_json_schema()  # pydantic's own rendering says the same
    _same_constraints(plain, form)


@pytest.mark.parametrize(("name", "form"), SDK_FORMS, ids=SDK_IDS)
def test_mcp_sdk_elicit_with_validation(
    name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    """The SDK's elicitation path sends the rendered schema and validates the client's answer
    with the generated model."""
    from mcp.server.elicitation import AcceptedElicitation, elicit_with_validation

    model = content_model(modules[name], form)
    content = valid_content(form)
    sent: dict[str, Any] = {}

    class Session:
        def __init__(self, answer: dict[str, Any]) -> None:
            self.answer = answer

        async def elicit_form(
            self, message: str, requested_schema: dict[str, Any], related_request_id: object = None
        ) -> SimpleNamespace:
            sent.update(message=message, schema=requested_schema)
            return SimpleNamespace(**self.answer)

    ok = asyncio.run(
        elicit_with_validation(
            Session({"action": "accept", "content": content}),  # type: ignore[arg-type]
            modules[name].MESSAGE,
            model,
        )
    )
    assert isinstance(ok, AcceptedElicitation)
    assert ok.data.model_dump(mode="json", exclude_unset=True) == content
    assert sent["message"] == form.message_text
    _same_constraints(sent["schema"], form)
    if form.required:
        with pytest.raises(ValueError, match="does not match"):
            asyncio.run(
                elicit_with_validation(
                    Session({"action": "accept", "content": {}}),  # type: ignore[arg-type]
                    modules[name].MESSAGE,
                    model,
                )
            )


@pytest.mark.parametrize(("name", "form"), SDK_FORMS, ids=SDK_IDS)
def test_mcp_sdk_end_to_end(name: str, form: ir.Form, modules: dict[str, ModuleType]) -> None:
    """A real MCPServer tool elicits with the content model through an in-process MCP client:
    the client receives the requested schema, answers, and the tool gets typed content."""
    module = modules[name]
    model = content_model(module, form)
    server = MCPServer("test")

    @server.tool()
    async def ask(ctx: Context) -> str:
        result = await ctx.elicit(module.MESSAGE, schema=model)
        if result.action != "accept":
            return result.action
        assert isinstance(result.data, model)
        return json.dumps(result.data.model_dump(mode="json", exclude_unset=True))

    content = valid_content(form)
    seen: list[Any] = []

    async def answer(context: Any, params: Any) -> types.ElicitResult:
        seen.append(params)
        if len(seen) == 1:
            return types.ElicitResult(action="accept", content=content)
        return types.ElicitResult(action="decline")

    async def main() -> list[str]:
        async with Client(server, elicitation_callback=answer, mode="legacy") as client:
            texts = []
            for _ in range(2):
                called = await client.call_tool("ask", {})
                assert not called.is_error, called
                texts.append(called.content[0].text)  # type: ignore[union-attr]
            return texts

    accepted, declined = anyio.run(main)
    assert json.loads(accepted) == content
    assert declined == "decline"
    assert seen[0].message == form.message_text
    _same_constraints(seen[0].requested_schema, form)


# --- hostile input ---------------------------------------------------------------------------
def test_hostile_case_imports_cleanly_and_does_nothing_else(
    paths: dict[str, Path], tmp_path: Path
) -> None:
    path = paths["hostile:hostile"]
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('hostile_models', {str(path)!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
    )
    run = subprocess.run(
        [sys.executable, "-W", "error", "-I", "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "" and run.stderr == ""
    assert list(tmp_path.iterdir()) == []


def test_hostile_strings_are_data(modules: dict[str, ModuleType]) -> None:
    form = _form("hostile:hostile")
    model = content_model(modules["hostile:hostile"], form)
    tree = ast.parse(emit(form, "pydantic").text)
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    # bisect and _thread (threading's lock): the pattern engine (runtime/core/pattern.py)
    stdlib = {"bisect", "collections.abc", "datetime", "fractions", "re", "_thread", "typing"}
    assert imported <= stdlib | {"pydantic", "pydantic.json_schema"}
    # the only module-level statements: imports, constants, helper definitions, the models
    for node in tree.body:
        assert isinstance(
            node,
            (
                ast.Import,
                ast.ImportFrom,
                ast.Assign,
                ast.AnnAssign,
                ast.FunctionDef,
                ast.ClassDef,
                ast.Expr,
            ),
        ), ast.dump(node)
        if isinstance(node, ast.Expr):
            assert isinstance(node.value, ast.Constant)  # the docstring
    schema = model.model_json_schema()
    for field in form.fields:
        prop = schema["properties"][field.name]
        assert prop.get("title") == (field.title if field.title is not None else prop.get("title"))
        assert prop.get("description") == field.description
    content = valid_content(form)
    assert dump(model, content) == content
    assert form.message == modules["hostile:hostile"].MESSAGE


def test_every_kind_is_handled() -> None:
    """The golden cases cover every field kind and format (else the tests above prove less)."""
    kinds: set[str] = set()
    for case in ("every_kind",):
        for form in forms(case):
            for field in form.fields:
                kinds.add(type(field).__name__)
                if isinstance(field, ir.StringField) and field.format is not None:
                    kinds.add(field.format.value)
                if isinstance(field, ir.NumberField):
                    kinds.add("integer" if field.integer else "number")
    assert kinds >= {
        "StringField",
        "BooleanField",
        "SingleSelectField",
        "MultiSelectField",
        "email",
        "uri",
        "date",
        "date-time",
        "integer",
        "number",
    }
