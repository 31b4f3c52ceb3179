"""Every target enforces ``pattern`` (issue 25, item 1): the ``validate()`` of the cli, qt and
textual modules, the pydantic model and the page's script refuse exactly what formcore refuses,
with formcore's words; what they accept every validator a server may run accepts (Ajv + ajv-formats,
jsonschema, pydantic); a real SDK server's ``Field(pattern=...)`` reaches a form compiled at run
time instead of being declined; no raw pattern is shown to the user."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import anyio
import jsonschema
import pydantic
import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.core.formcore import check_value, validate_content
from elicit_gen.targets import targets_with

from ..support.cases import write_and_import
from ..support.html import RECORDER, FormPage, launch, write_page
from ..support.pattern_corpus import ZOD
from ..support.validators import ajv_verdicts

MISMATCH = "Does not have the form the server expects."

SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Patterns",
    "properties": {
        "zip": {"type": "string", "title": "ZIP code", "pattern": "^\\d{5}$"},
        "handle": {
            "type": "string",
            "description": "Up to 15 letters, digits or _, after an optional @.",
            "pattern": "^@?\\w{1,15}$",
        },
        "email": {"type": "string", "format": "email", "pattern": ZOD["zod 4.0 email"][0]},
        "day": {"type": "string", "format": "date", "pattern": ZOD["zod iso date"][0]},
        "code": {"type": "string", "maxLength": 6, "pattern": "^(?=.*\\d)[A-Z0-9]{6}$"},
        "nodots": {"type": "string", "pattern": "^(?!.*\\.\\.)[^@\\s]+$"},
    },
    "required": ["zip"],
}

GOOD: dict[str, Any] = {
    "zip": "12345",
    "handle": "@ada_42",
    "email": "ada@example.com",
    "day": "2024-02-29",
    "code": "AB12CD",
    "nodots": "a.b.c",
}

#: Content probes: each field's value varied, the others good.
PROBES: list[dict[str, Any]] = [dict(GOOD)] + [
    {**GOOD, name: value}
    for name, values in {
        "zip": ["1234", "123456", "1234a", "12345\n", "\u0661\u0662\u0663\u0664\u0665", " 12345"],
        "handle": ["ada", "@", "é", "a b", "x" * 16, "@ada\n"],
        "email": [".ada@example.com", "a..b@example.com", "ada@example"],
        "day": ["2023-02-29", "2024-13-01", "2024-02-29\n"],
        "code": ["ABCDEF", "AB12C", "ab12cd", "AB12CD\n"],
        "nodots": ["a..b", "a@b", "", "ok"],
    }.items()
    for value in values
]


def _form(schema: dict[str, Any], locale: str = "en") -> ir.Form:
    result = elicit_gen.compile(json.dumps(schema), [], name="patterns.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return form.in_locale(locale)


def test_the_schema_lints_with_warnings_only() -> None:
    diagnostics = elicit_gen.lint(SCHEMA).diagnostics
    assert {d.code for d in diagnostics} == {"EG160"}
    assert all("elicit-gen's forms enforce it" in d.message for d in diagnostics)


def test_formcore_refuses_a_mismatch_in_plain_words() -> None:
    assert validate_content(SCHEMA, GOOD) == {}
    assert validate_content(SCHEMA, {**GOOD, "zip": "1234"}) == {"zip": MISMATCH}
    # the format's own words come first
    assert validate_content(SCHEMA, {**GOOD, "email": "nobody"}) == {
        "email": "Not an email address."
    }
    # a length first, then the pattern
    assert check_value(SCHEMA["properties"]["code"], "AB12CDE") == (
        "Has 7 characters, but at most 6 are allowed."
    )


@pytest.mark.parametrize("target", targets_with("python", "ui"))
def test_python_forms_validate_as_formcore(target: str, tmp_path: Path) -> None:
    module = write_and_import(_form(SCHEMA), target, tmp_path)
    assert module.REQUESTED_SCHEMA["properties"]["zip"]["pattern"] == "^\\d{5}$"
    for probe in PROBES:
        assert module.validate(probe) == validate_content(SCHEMA, probe), probe
    assert module.validate({"zip": "1234"}) == {"zip": MISMATCH}


def test_the_message_is_translated(tmp_path: Path) -> None:
    module = write_and_import(_form(SCHEMA, "zh-CN"), "cli", tmp_path)
    assert module.validate({"zip": "1234"}) == {"zip": "格式不符合服务器的要求。"}


def test_a_form_compiled_at_run_time_enforces_the_pattern() -> None:
    for target in targets_with("loadable", "ui"):
        module = elicit_gen.load_form(SCHEMA, target)
        assert module.validate({"zip": "1234"}) == {"zip": MISMATCH}, target
        assert module.validate(GOOD) == {}, target


def test_the_pydantic_model_refuses_what_the_forms_refuse(tmp_path: Path) -> None:
    module = write_and_import(_form(SCHEMA), "pydantic", tmp_path)
    model = module.PatternsContent
    for probe in PROBES:
        expected = validate_content(SCHEMA, probe) == {}
        try:
            model.model_validate(probe)
            model.model_validate_json(json.dumps(probe))
            accepted = True
        except pydantic.ValidationError:
            accepted = False
        assert accepted == expected, probe
    # the JSON schema the SDK sends keeps every pattern
    properties = model.model_json_schema()["properties"]
    for name, prop in SCHEMA["properties"].items():
        assert properties[name]["pattern"] == prop["pattern"], name


def test_the_pydantic_model_is_stricter_than_pydantics_own_pattern(tmp_path: Path) -> None:
    """pydantic's ``Field(pattern=...)`` is Rust's regex alone, whose ``\\d`` takes Arabic-Indic
    digits; jsonschema's ``re`` does too, Ajv does not: the model refuses them, as the forms."""
    module = write_and_import(_form(SCHEMA), "pydantic", tmp_path)
    arabic = "\u0661\u0662\u0663\u0664\u0665"
    own = pydantic.TypeAdapter(Annotated[str, pydantic.Field(pattern="^\\d{5}$")])
    assert own.validate_python(arabic) == arabic
    assert ajv_verdicts([({"type": "string", "pattern": "^\\d{5}$"}, arabic)]) == [False]
    with pytest.raises(pydantic.ValidationError, match="must match the pattern"):
        module.PatternsContent.model_validate({"zip": arabic})


def test_what_the_forms_accept_every_server_accepts() -> None:
    accepted = [probe for probe in PROBES if validate_content(SCHEMA, probe) == {}]
    assert len(accepted) >= 3
    closed = {**SCHEMA, "additionalProperties": False}
    for probe, by_ajv in zip(accepted, ajv_verdicts([(closed, p) for p in accepted]), strict=True):
        assert by_ajv, probe
        checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
        assert jsonschema.Draft202012Validator(SCHEMA, format_checker=checker).is_valid(probe)
        for name, value in probe.items():
            pattern = SCHEMA["properties"][name]["pattern"]
            try:
                adapter = pydantic.TypeAdapter(Annotated[str, pydantic.Field(pattern=pattern)])
            except Exception:  # a look-around: Rust's regex (so no pydantic server) has none
                continue
            assert adapter.validate_python(value) == value, (name, value)


def test_no_raw_pattern_is_shown() -> None:
    """A pattern is no words for users (and a server could put anything in it): no hint or
    label shows it, in the terminal form or on the page; the error on a mismatch says what is
    wrong, and a description (the server's own words) what is wanted."""
    from elicit_gen.targets.cli import field_spec

    form = _form(SCHEMA)
    page = elicit_gen.compile_forms([form], ["html"])[0].text
    shown = page[page.index("<body") : page.index('<script type="application/json"')]
    for field in form.fields:
        assert isinstance(field, ir.StringField) and field.pattern is not None
        spec = field_spec(field)
        assert all(field.pattern not in str(value) for value in spec.values()), spec
        assert json.dumps(field.pattern)[1:-1] not in shown and field.pattern not in shown


# --- the page ---------------------------------------------------------------------------------


@pytest.fixture
def page(tmp_path: Path) -> Iterator[FormPage]:
    """The page in a browser of its own (Playwright's loop must not outlive the test: the SDK
    tests below run their own)."""
    form = _form(SCHEMA)
    path = write_page(form, tmp_path)
    with launch() as browser:
        context = browser.new_context()
        context.add_init_script(RECORDER)
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(path.as_uri())
        yield FormPage(tab, form, path.as_uri())
        assert errors == [] and tab.evaluate("window.__egLog.violations") == []
        context.close()


@pytest.mark.browser
def test_the_page_refuses_as_formcore_does(page: FormPage) -> None:
    found = page.page.evaluate(
        "(probes) => probes.map((c) => window.elicitation.validate(c))", PROBES
    )
    assert found == [validate_content(SCHEMA, probe) for probe in PROBES]


@pytest.mark.browser
def test_the_page_shows_the_mismatch_and_sends_a_match(page: FormPage) -> None:
    form = page.form
    zip_field = next(f for f in form.fields if f.name == "zip")
    page.type_text(zip_field, "1234")
    page.submit()
    assert page.error_text(zip_field) == MISMATCH
    assert page.result() is None
    page.type_text(zip_field, "12345")
    page.submit()
    assert page.delivered() == {"action": "accept", "content": {"zip": "12345"}}


# --- a real SDK server -------------------------------------------------------------------------


def test_an_sdk_servers_pattern_reaches_a_form(caplog: pytest.LogCaptureFixture) -> None:
    """``ctx.elicit(message, schema=Signup)`` with ``Field(pattern=...)``: the request is shown
    by a form compiled at run time (it was declined as "not enforced"); the form refuses the
    mismatch the user typed first, and the server's own check accepts the answer."""
    pytest.importorskip("mcp")
    from mcp.server import MCPServer
    from mcp.server.elicitation import AcceptedElicitation
    from mcp.server.mcpserver import Context

    from elicit_gen.mcp import FormRouter

    from ..support.mcp import SERVER_NAME, call, cli_runner

    class Signup(pydantic.BaseModel):
        zip: str = pydantic.Field(pattern="^\\d{5}$", description="Your ZIP code")

    server = MCPServer(SERVER_NAME)
    got: list[Any] = []

    async def ask(ctx: Context) -> str:  # type: ignore[type-arg]
        outcome = await ctx.elicit("Where do you live?", schema=Signup)
        got.append(outcome)
        assert isinstance(outcome, AcceptedElicitation)
        return json.dumps(outcome.data.model_dump(mode="json"))

    ask.__annotations__ = {"ctx": Context, "return": str}
    server.tool(name="ask")(ask)
    transcripts: list[str] = []
    runner = cli_runner(["1234", "12345", "s"], transcripts)
    router = FormRouter(compile_unknown="cli", runner=runner)

    async def main() -> dict[str, Any]:
        return (await call(server, "legacy", router, "ask"))[0]

    with caplog.at_level(logging.WARNING, logger="elicit_gen.mcp"):
        reply = anyio.run(main)
    assert [r.getMessage() for r in caplog.records if r.name == "elicit_gen.mcp"] == []
    assert reply == {"zip": "12345"}
    assert isinstance(got[0].data, Signup)
    (shown,) = transcripts
    assert MISMATCH in shown and "^\\d{5}$" not in shown


def test_zod_objects_compile_and_enforce_their_patterns() -> None:
    """What a TypeScript server sends for ``z.object({email: z.email(), at: z.iso.datetime(),
    day: z.iso.date(), slug: z.string().regex(/^[a-z0-9-]+$/)})`` with zod 4's
    ``z.toJSONSchema``."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "email": {"type": "string", "format": "email", "pattern": ZOD["zod email"][0]},
            "at": {"type": "string", "format": "date-time", "pattern": ZOD["zod iso datetime"][0]},
            "day": {"type": "string", "format": "date", "pattern": ZOD["zod iso date"][0]},
            "slug": {"type": "string", "pattern": ZOD["zod regex"][0]},
        },
        "required": ["email", "at", "day", "slug"],
        "additionalProperties": False,
    }
    assert not [d for d in elicit_gen.lint(schema).diagnostics if d.is_error]
    module = elicit_gen.load_form(schema, "cli")
    good = {
        "email": "ada@example.com",
        "at": "2025-01-06T09:00:00Z",
        "day": "2025-01-06",
        "slug": "hello-world",
    }
    assert module.validate(good) == {}
    assert module.validate({**good, "at": "2025-01-06T09:00:00+01:00"}) == {"at": MISMATCH}
    assert module.validate({**good, "slug": "Hello"}) == {"slug": MISMATCH}


# --- a date-time whose pattern takes only Z (zod's z.iso.datetime()) ----------------------------

ZULU: dict[str, Any] = {
    "type": "object",
    "properties": {
        "at": {"type": "string", "format": "date-time", "pattern": ZOD["zod iso datetime"][0]},
    },
    "required": ["at"],
}
#: zod's z.iso.datetime({offset: true}): an offset is fine, and kept
OFFSET: dict[str, Any] = {
    "type": "object",
    "properties": {
        "at": {
            "type": "string",
            "format": "date-time",
            "pattern": ZOD["zod iso datetime offset"][0],
        },
    },
    "required": ["at"],
}


def test_a_date_time_is_spelt_as_its_pattern_takes_it() -> None:
    """The forms make a date-time with the local offset (or the one chosen); a pattern that
    takes only Z gets the same instant in UTC, and no other value changes."""
    from elicit_gen.runtime.core.formcore import fit_date_time

    zulu = ZULU["properties"]["at"]
    assert fit_date_time(zulu, "2025-01-06T10:00:00+01:00") == "2025-01-06T09:00:00Z"
    assert fit_date_time(zulu, "2025-01-06T23:30:00.25-02:30") == "2025-01-07T02:00:00.25Z"
    assert fit_date_time(zulu, "2025-01-06T09:00:00Z") == "2025-01-06T09:00:00Z"
    # beyond the years a date-time has, or no date-time at all: as it was
    assert fit_date_time(zulu, "0001-01-01T00:30:00+01:00") == "0001-01-01T00:30:00+01:00"
    assert fit_date_time(zulu, "tomorrow") == "tomorrow"
    offset = OFFSET["properties"]["at"]
    assert fit_date_time(offset, "2025-01-06T10:00:00+01:00") == "2025-01-06T10:00:00+01:00"
    plain = {"type": "string", "format": "date-time"}
    assert fit_date_time(plain, "2025-01-06T10:00:00+01:00") == "2025-01-06T10:00:00+01:00"
    # a pattern no spelling satisfies: nothing to fit, the error stays
    never = {"type": "string", "format": "date-time", "pattern": "^x"}
    assert fit_date_time(never, "2025-01-06T10:00:00+01:00") == "2025-01-06T10:00:00+01:00"


def test_the_terminal_form_sends_z_for_a_z_only_pattern(tmp_path: Path) -> None:
    from ..support.cli import Script

    module = write_and_import(_form(ZULU), "cli", tmp_path)
    result = module.elicit(stdin=Script(["2025-01-06T10:00:00+01:00", "s"]), stderr=io.StringIO())
    assert result == {"action": "accept", "content": {"at": "2025-01-06T09:00:00Z"}}


def test_the_textual_form_reads_a_z_only_date_time(tmp_path: Path) -> None:
    module = write_and_import(_form(ZULU), "textual", tmp_path)
    prop = module.REQUESTED_SCHEMA["properties"]["at"]
    assert module._from_text(prop, "2025-01-06T10:00:00+01:00") == "2025-01-06T09:00:00Z"
    assert module._text_problem(prop, "2025-01-06T10:00:00+01:00") is None


def test_the_qt_dialog_sends_z_for_a_z_only_pattern(tmp_path: Path, qtbot: Any) -> None:
    from ..support.qt import open_dialog

    form = _form(ZULU)
    module = write_and_import(form, "qt", tmp_path)
    dialog = open_dialog(qtbot, module, form)
    dialog.editor("at").write("2025-01-06T10:00:00+01:00")
    content, problems = dialog.collect()
    assert problems == {} and content == {"at": "2025-01-06T09:00:00Z"}


@pytest.mark.browser
def test_the_page_sends_z_for_a_z_only_pattern(tmp_path: Path) -> None:
    """The page's date-time control has no offset to choose: a local time is sent in UTC with
    Z when the pattern takes only that, with its offset otherwise."""
    from ..support.html import TIME_ZONE

    for schema, expected in (
        (ZULU, "2025-01-06T09:00:00Z"),
        (OFFSET, "2025-01-06T10:00:00+01:00"),
    ):
        form = _form(schema)
        path = write_page(form, tmp_path)
        with launch() as browser:
            context = browser.new_context(timezone_id=TIME_ZONE)
            context.add_init_script(RECORDER)
            tab = context.new_page()
            tab.goto(path.as_uri())
            page = FormPage(tab, form, path.as_uri())
            page.page.fill('[id="' + form.fields[0].html_id + '"]', "2025-01-06T10:00")
            page.submit()
            assert page.delivered() == {"action": "accept", "content": {"at": expected}}
            context.close()
