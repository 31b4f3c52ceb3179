"""The html target in a real browser: every golden form filled, refused, declined, cancelled.

Every page opened here is watched: a console error, an uncaught error, a dialog, a CSP violation
or any request other than the page itself fails the test that opened it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

import jsonschema
import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.core.formcore import validate_content
from elicit_gen.runtime.core.safetext import MAX_NAME_LENGTH, clip, safe_text
from elicit_gen.targets.html import shown_block, shown_text

from ...support.cases import all_forms, forms, valid_content
from ...support.html import (
    EMOJI,
    RECORDER,
    TIME_ZONE,
    FormPage,
    defaults,
    formcore_language,
    invalid_inputs,
    local_input,
    same_content,
    write_page,
)
from ...support.validators import ajv_verdicts, jsonschema_verdict, pydantic_verdict

pytestmark = pytest.mark.browser

FORMS = all_forms()
FORM_IDS = [name for name, _ in FORMS]
Opener = Callable[..., FormPage]


def schema_validator(form: ir.Form) -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(form.schema, jsonschema.Draft202012Validator)
    return cls(form.schema, format_checker=cls.FORMAT_CHECKER)


def custom_form(schema: dict[str, Any], name: str = "custom.json") -> ir.Form:
    result = elicit_gen.compile(schema, [], name=name)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    return result.forms[0]


@pytest.fixture(scope="module")
def pages_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("html-pages")


def _context(browser: Any, zone: str) -> Any:
    context = browser.new_context(timezone_id=zone, locale="en-US")
    context.add_init_script(RECORDER)
    return context


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    context = _context(browser, TIME_ZONE)
    yield context
    context.close()


class Tab:
    """One browser tab, reused for many pages, that watches everything a page does: console
    errors and warnings, uncaught errors, dialogs, requests other than the page itself, and
    (through the recorder) CSP violations."""

    def __init__(self, context: Any) -> None:
        self.page = context.new_page()
        self.url = ""
        self.problems: list[str] = []
        page, problems = self.page, self.problems
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
        page.on("request", self._on_request)
        page.route("**/*", self._on_route)

    def _on_request(self, request: Any) -> None:
        if request.url != self.url:
            self.problems.append(f"request: {request.url}")

    def _on_route(self, route: Any) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            self.problems.append(f"routed request: {route.request.url}")
            route.abort()

    def check(self) -> None:
        """Fails on anything the current page did wrong (and forgets it)."""
        if not self.url:
            return
        found = list(self.problems)
        found += [f"CSP violation: {v}" for v in self.page.evaluate("window.__egLog.violations")]
        found += [f"error: {e}" for e in self.page.evaluate("window.__egLog.errors")]
        self.problems.clear()
        self.url = ""
        assert not found, found

    def open(self, form: ir.Form, pages_dir: Path, query: str = "") -> FormPage:
        self.check()
        self.url = write_page(form, pages_dir).as_uri() + query
        self.page.goto(self.url)
        form_page = FormPage(self.page, form, self.url)
        form_page.problems = self.problems
        return form_page


def _opener(tab: Tab, pages_dir: Path) -> Iterator[Opener]:
    def open_form(form: ir.Form, query: str = "") -> FormPage:
        return tab.open(form, pages_dir, query)

    try:
        yield open_form
    finally:
        tab.check()


@pytest.fixture(scope="module")
def tab(context: Any) -> Tab:
    return Tab(context)


@pytest.fixture
def open_form(tab: Tab, pages_dir: Path) -> Iterator[Opener]:
    yield from _opener(tab, pages_dir)


def assert_done(fp: FormPage, action: str) -> None:
    """The page shows what happened, has focus on that message, and takes no more input."""
    state = fp.page.evaluate("""() => {
             const done = document.getElementById("eg-done");
             const controls = document.querySelectorAll("#eg-form input, #eg-form select, button");
             return {
               shown: !done.hidden && done.textContent.length > 0,
               action: done.dataset.action,
               focused: document.activeElement === done,
               enabled: Array.from(controls).filter((c) => !c.matches(":disabled")).length,
             };
           }""")
    assert state == {"shown": True, "action": action, "focused": True, "enabled": 0}


def test_the_watchers_see_requests_dialogs_and_errors(open_form: Opener) -> None:
    """The harness can fail: a blocked image, a script error and a dialog are all seen."""
    fp = open_form(forms("contact")[0])
    fp.page.evaluate("""() => {
             const img = document.createElement("img");
             img.src = "http://127.0.0.1:9/x.png";
             document.body.append(img);
             setTimeout(() => { throw new Error("boom"); }, 0);
             setTimeout(() => alert("hi"), 0);
           }""")
    fp.page.wait_for_timeout(100)
    seen = " ".join(fp.problems + fp.log("violations") + fp.log("errors"))
    assert "img-src" in seen and "boom" in seen and "dialog: hi" in seen
    fp.problems.clear()
    fp.page.evaluate("window.__egLog.violations.length = 0; window.__egLog.errors.length = 0")


@pytest.mark.parametrize(("name", "form"), FORMS, ids=FORM_IDS)
def test_page_api(open_form: Opener, name: str, form: ir.Form) -> None:
    fp = open_form(form)
    api = fp.page.evaluate(
        """(content) => ({
             mode: document.compatMode,
             keys: Object.keys(window.elicitation).sort(),
             frozen: Object.isFrozen(window.elicitation),
             schema: window.elicitation.schema,
             valid: window.elicitation.validate(content),
             empty: window.elicitation.validate({}),
           })""",
        valid_content(form),
    )
    assert api["mode"] == "CSS1Compat"  # the header comment before the doctype is no quirk
    assert api["keys"] == ["result", "schema", "setMessage", "setServer", "setValues", "validate"]
    assert api["frozen"] and api["schema"] == form.schema and api["valid"] == {}
    with formcore_language(form.locale):  # the page's words are formcore's, in its language
        assert api["empty"] == validate_content(form.schema, {})


# --- accept ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=FORM_IDS)
def test_valid_values_are_accepted_and_validate(
    open_form: Opener, name: str, form: ir.Form
) -> None:
    fp = open_form(form)
    expected = valid_content(form)
    fp.fill_all(expected)
    fp.submit()
    result = fp.delivered()
    assert result["action"] == "accept"
    content = result["content"]
    assert same_content(form, content, expected), (content, expected)
    schema_validator(form).validate(content)
    assert validate_content(form.schema, content) == {}
    assert all(v is not None and v != "" for v in content.values())
    assert_done(fp, "accept")


@pytest.mark.parametrize(("name", "form"), FORMS, ids=FORM_IDS)
def test_untouched_optional_fields_are_absent(open_form: Opener, name: str, form: ir.Form) -> None:
    fp = open_form(form)
    required = valid_content(form, optional=False)
    fp.fill_all(required)
    fp.submit()
    content = fp.delivered()["content"]
    # Pre-filled defaults are what the user saw and submitted; everything else optional is absent.
    expected = {**defaults(form), **required}
    assert same_content(form, content, expected), (content, expected)
    schema_validator(form).validate(content)


def test_defaults_are_prefilled_and_delivered_unchanged(open_form: Opener) -> None:
    for case in ("defaults", "formats"):
        form = forms(case)[0]
        fp = open_form(form)
        fp.fill_all(
            {
                k: v
                for k, v in valid_content(form, optional=False).items()
                if k not in defaults(form)
            }
        )
        fp.submit()
        content = fp.delivered()["content"]
        for name, value in defaults(form).items():
            assert content[name] == value  # date-time defaults verbatim, not re-offset


# --- refuse ------------------------------------------------------------------------------------

INVALID_FORMS = [(n, f) for n, f in FORMS if any(invalid_inputs(x) for x in f.fields)]


@pytest.mark.parametrize(("name", "form"), INVALID_FORMS, ids=[n for n, _ in INVALID_FORMS])
def test_invalid_values_are_refused_next_to_the_field(
    open_form: Opener, name: str, form: ir.Form
) -> None:
    fp = open_form(form)
    valid = valid_content(form)
    fp.fill_all(valid)
    checked = 0
    for field in form.fields:
        for what, bad in invalid_inputs(field):
            fp.fill(field, bad)
            fp.submit()
            assert fp.events() == [], f"{field.name!r} {what}: accepted {bad!r}"
            assert fp.result() is None
            assert fp.error_text(field) and fp.error_visible(field), f"{field.name!r} {what}"
            assert fp.aria_invalid(field) == "true"
            assert fp.focused_id() == fp.page.get_attribute(fp.control(field), "id")
            assert fp.page.text_content("#eg-status")
            fp.fill(field, valid[field.name])
            assert fp.error_text(field) == "", f"{field.name!r}: error stays after the fix"
            assert fp.aria_invalid(field) is None
            checked += 1
    assert checked
    fp.submit()
    assert fp.delivered()["action"] == "accept"


def test_every_error_is_shown_and_focus_goes_to_the_first(open_form: Opener) -> None:
    form = forms("every_kind")[0]
    fp = open_form(form)
    fp.page.fill('[id="f-project-name"]', "")
    fp.page.fill('[id="f-team-size"]', "")
    fp.submit()
    assert fp.events() == []
    assert fp.error_text(form.fields[0]) == "This field is required."
    assert fp.focused_id() == "f-project-name"
    invalid = [f.name for f in form.fields if fp.error_text(f)]
    assert invalid == ["project_name", "owner_email", "team_size", "language"]
    assert fp.page.text_content("#eg-status") == "Please correct the 4 highlighted fields."
    fp.fill(form.fields[0], "my-project")
    assert fp.page.text_content("#eg-status") == "Please correct the 3 highlighted fields."
    fp.fill_all({k: v for k, v in valid_content(form).items() if k != "project_name"})
    assert fp.page.text_content("#eg-status") == ""


def test_errors_appear_after_the_field_is_touched(open_form: Opener) -> None:
    form = forms("every_kind")[0]
    email = next(f for f in form.fields if f.name == "owner_email")
    fp = open_form(form)
    assert not any(fp.error_text(f) for f in form.fields)
    fp.page.focus('[id="f-owner-email"]')
    fp.page.keyboard.press("Tab")  # visiting without typing shows nothing
    assert fp.error_text(email) == ""
    fp.type_text(email, "ada@")
    assert fp.error_text(email) == ""  # not while typing
    fp.page.keyboard.press("Tab")
    assert fp.error_text(email) == "Not an email address."
    assert fp.page.get_attribute('[id="f-owner-email"]', "aria-invalid") == "true"
    described = fp.page.get_attribute('[id="f-owner-email"]', "aria-describedby") or ""
    assert "f-owner-email_err" in described.split()
    fp.page.type('[id="f-owner-email"]', "example.com")
    assert fp.error_text(email) == ""  # cleared while fixing


def test_multi_select_bounds(open_form: Opener) -> None:
    form = forms("bounds")[0]
    exact = next(f for f in form.fields if f.name == "exact")
    fp = open_form(form)
    fp.fill_all(valid_content(form, optional=False))
    for chosen, error in (
        (["a"], "1 chosen, but exactly 2 are needed."),
        (["a", "b", "c"], "3 chosen, but exactly 2 are needed."),
    ):
        fp.fill(exact, chosen)
        fp.submit()
        assert fp.error_text(exact) == error
        assert fp.events() == []
    fp.fill(exact, ["b", "d"])
    fp.submit()
    assert fp.delivered()["content"]["exact"] == ["b", "d"]


# --- decline / cancel --------------------------------------------------------------------------

ACTIONS = ["decline", "cancel", "escape"]


@pytest.mark.parametrize("how", ACTIONS)
@pytest.mark.parametrize(("name", "form"), FORMS, ids=FORM_IDS)
def test_decline_cancel_and_escape(open_form: Opener, name: str, form: ir.Form, how: str) -> None:
    fp = open_form(form)
    if how == "escape":
        if form.fields:
            fp.page.focus(fp.control(form.fields[0]))
        fp.page.keyboard.press("Escape")
    else:
        fp.page.click(f"#eg-{how}")
    action = "cancel" if how == "escape" else how
    assert fp.delivered() == {"action": action}
    assert_done(fp, action)


@pytest.mark.parametrize(("name", "form"), FORMS, ids=FORM_IDS)
def test_set_values_fills_the_form(open_form: Opener, name: str, form: ir.Form) -> None:
    """``setValues`` (the Python targets' ``initial``) shows values; untouched, they come back."""
    fp = open_form(form)
    content = valid_content(form)
    fp.page.evaluate("(c) => window.elicitation.setValues(c)", content)
    fp.submit()
    assert fp.delivered()["content"] == content  # date-times exactly, offsets included


def test_a_result_is_delivered_once(open_form: Opener) -> None:
    form = forms("contact")[0]
    fp = open_form(form)
    assert fp.result() is None  # the promise exists and is pending
    fp.fill_all(valid_content(form))
    fp.submit()
    fp.page.keyboard.press("Escape")
    fp.page.evaluate("document.getElementById('eg-decline').click()")
    fp.page.evaluate("document.getElementById('eg-form').requestSubmit()")
    assert fp.delivered()["action"] == "accept"


def test_leaving_the_page_cancels(open_form: Opener) -> None:
    form = forms("contact")[0]
    fp = open_form(form)
    fp.page.evaluate(
        """() => { window.elicitation.result.then((r) => { window.name = JSON.stringify(r); }); }"""
    )
    fp.page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert fp.delivered() == {"action": "cancel"}


def test_result_is_posted_to_the_embedder_only_when_asked(pages_dir: Path, context: Any) -> None:
    form = forms("contact")[0]
    child = write_page(form, pages_dir)
    posted = []
    for query in ("?origin=*", ""):
        parent = pages_dir / "parent.html"
        parent.write_text(
            "<!DOCTYPE html><title>host</title>"
            f'<iframe title="form" src="{child.name}{query}"></iframe>'
            "<script>window.got = [];"
            "addEventListener('message', (e) => window.got.push(JSON.stringify(e.data)));</script>",
            encoding="utf-8",
        )
        page = context.new_page()
        try:
            page.goto(parent.as_uri())
            frame = page.frame_locator("iframe")
            frame.locator("#eg-decline").click()
            page.wait_for_timeout(50)
            posted.append([json.loads(m) for m in page.evaluate("window.got")])
        finally:
            page.close()
    assert posted == [[{"type": "elicitation-result", "result": {"action": "decline"}}], []]


# --- keyboard ----------------------------------------------------------------------------------


def test_keyboard_only(open_form: Opener) -> None:
    form = forms("contact")[0]
    fp = open_form(form)
    keyboard = fp.page.keyboard
    keyboard.press("Tab")
    assert fp.focused_id() == "f-name"
    keyboard.type("Ada Lovelace")
    keyboard.press("Tab")
    keyboard.type("ada@example.com")
    keyboard.press("Tab")
    keyboard.type("36")
    order = []
    for _ in range(3):
        keyboard.press("Tab")
        order.append(fp.focused_id())
    assert order == ["eg-cancel", "eg-decline", "eg-accept"]
    keyboard.press("Enter")
    content = fp.delivered()["content"]
    assert content == {"name": "Ada Lovelace", "email": "ada@example.com", "age": 36}


def test_checkboxes_and_selects_by_keyboard(open_form: Opener) -> None:
    form = forms("every_kind")[0]
    fp = open_form(form)
    fp.fill_all(valid_content(form, optional=False))
    fp.page.focus('[id="f-public"]')
    fp.page.keyboard.press("Space")
    fp.page.focus('[id="f-features_1"]')
    fp.page.keyboard.press("Space")
    fp.page.focus('[id="f-visibility"]')
    fp.page.keyboard.press("ArrowDown")
    fp.page.focus('[id="f-team-size"]')
    fp.page.keyboard.press("ArrowUp")
    fp.page.keyboard.press("Enter")
    content = fp.delivered()["content"]
    assert content["public"] is True
    assert content["features"] == ["docs"]
    assert content["visibility"] == "private"
    assert content["team_size"] == valid_content(form)["team_size"] + 1


# --- values: numbers, lengths, dates -----------------------------------------------------------


def test_integers_beyond_2_53_are_exact_or_refused(open_form: Opener) -> None:
    form = custom_form(
        {"type": "object", "properties": {"n": {"type": "integer"}, "x": {"type": "number"}}}
    )
    n, x = form.fields
    fp = open_form(form)
    for text in ("9007199254740993", "12345678901234567891", "2.5", "1e-3"):
        fp.fill(n, text)
        fp.submit()
        assert fp.events() == [] and fp.error_text(n), text
    fp.fill(n, "9007199254740993")
    fp.submit()
    assert "nearest number that can be sent is 9007199254740992" in fp.error_text(n)
    fp.fill(n, "9007199254740992")
    fp.fill(x, "-0.1e1")
    fp.submit()
    text = fp.page.evaluate("window.__egLog.events[0]")
    assert json.loads(text)["content"] == {"n": 9007199254740992, "x": -1}
    assert '"n":9007199254740992' in text


def test_integer_written_with_an_exponent_is_a_number(open_form: Opener) -> None:
    form = custom_form(
        {"type": "object", "properties": {"n": {"type": "integer", "maximum": 1000}}}
    )
    fp = open_form(form)
    fp.fill(form.fields[0], "1e3")
    fp.submit()
    content = fp.delivered()["content"]
    assert content == {"n": 1000} and isinstance(content["n"], int)


BIG = 2**63 - 1  # beyond 2^53: no double holds it; the nearest double is 2^63


def _sent(fp: FormPage) -> str:
    """The JSON text of the one delivered result, as a host would serialise it."""
    events = fp.log("events")
    assert len(events) == 1, events
    return events[0]


def test_integer_bounds_beyond_2_53_are_compared_exactly(open_form: Opener) -> None:
    """Bounds beyond 2^53 are compared with the schema's exact value, never its double, and a
    whole number is sent only when its JSON text is exactly the number typed."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "maximum": BIG},
            "m": {"type": "integer", "minimum": 2**53 + 1},
            "e": {"type": "integer", "maximum": 2**53 + 2},
            "x": {"type": "number", "maximum": BIG},
        },
    }
    form = custom_form(schema)
    n, m, e, x = form.fields
    fp = open_form(form)
    refused: list[tuple[ir.Field, str, str]] = [
        (n, str(2**63), "Too large to send exactly"),  # above the maximum (2^63 as a double)
        (n, str(BIG), "Too large to send exactly"),  # the maximum: JSON text would be 2^63
        (n, "-" + str(BIG), "Too large to send exactly"),
        (m, str(2**53), "Must be at least 9007199254740993."),
        (m, str(2**53 + 1), "nearest number that can be sent is 9007199254740992"),
        (e, str(2**53 + 4), "Must be at most 9007199254740994."),
        (x, str(BIG), "Too large to send exactly"),
        (x, "9.3e18", "Must be at most 9223372036854775807."),
        (x, str(2**63), "Too large to send exactly"),
    ]
    for field, text, error in refused:
        fp.fill(field, text)
        fp.submit()
        assert fp.events() == [], (field.name, text)
        assert error in fp.error_text(field), (field.name, text, fp.error_text(field))
        fp.fill(field, "")
    # The bound itself, when its JSON text is exact, and other exact big values are sent as typed.
    fp.fill(m, str(2**53 + 2))
    fp.fill(e, str(2**53 + 2))
    fp.fill(n, str(9 * 10**18))  # a double, printed exactly
    fp.fill(x, "9.2e18")
    fp.submit()
    text = _sent(fp)
    content = json.loads(text)["content"]
    assert content == {"m": 2**53 + 2, "e": 2**53 + 2, "n": 9 * 10**18, "x": 9200000000000000000}
    assert f'"n":{9 * 10**18}' in text and f'"m":{2**53 + 2}' in text
    assert jsonschema_verdict(schema, content)
    assert ajv_verdicts([(schema, content)]) == [True]
    # The page's validate() (also the last check before sending) compares exactly too.
    problems = fp.page.evaluate(
        "() => window.elicitation.validate({n: 2 ** 63, m: 2 ** 53, e: 2 ** 53 + 4, x: 2 ** 63})"
    )
    assert problems == {
        "n": "Must be at most 9223372036854775807.",
        "m": "Must be at least 9007199254740993.",
        "e": "Must be at most 9007199254740994.",
        "x": "Must be at most 9223372036854775807.",
    }


#: String defaults a hostile server may send: line breaks, NUL, terminal escapes, bidi
#: overrides, markup and template syntax. (Lone surrogates cannot arrive: the compiler refuses a
#: schema holding one, EG001, as they are not Unicode text.)
HOSTILE_DEFAULTS = {
    "lines": "line1\nline2\u0000",
    "crlf": "a\r\nb\rc\t d  ",
    "osc": "\x1b]52;c;aGVsbG8=\x07\x1b]0;title\x07\x1b[2J",
    "bidi": "\u202egoogle.com\u202c \u2066x\u2069\u200e\u200f\u2028\u2029\ufeff\u200b",
    "markup": "</script><script>alert(1)</script><!-- {{ 7*7 }} {% if %} ${x}",
    "c1": "\x85\x9b31m\x7f",
    "spaces": "  ",
}


def test_untouched_string_defaults_are_sent_exactly(open_form: Opener) -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            k: {"type": "string", "default": v, "maxLength": 200}
            for k, v in HOSTILE_DEFAULTS.items()
        },
    }
    form = custom_form(schema)
    fp = open_form(form)
    for field in form.fields:
        value = fp.page.input_value(fp.sel(field))
        # Shown literally: no raw control, bidi or invisible character reaches the screen.
        assert value == shown_text(HOSTILE_DEFAULTS[field.name]), field.name
        assert not any(c in value for c in "\n\r\x00\x1b\x07\u202e\u2066\u200b\x85"), value
    fp.submit()
    text = _sent(fp)
    assert json.loads(text) == {"action": "accept", "content": HOSTILE_DEFAULTS}
    assert jsonschema_verdict(schema, HOSTILE_DEFAULTS)


def test_edited_and_set_string_values(open_form: Opener) -> None:
    """An edited default sends what the user typed; setValues values come back exactly."""
    form = custom_form(
        {
            "type": "object",
            "properties": {
                "a": {"type": "string", "default": "x\ny"},
                "b": {"type": "string", "default": "keep"},
            },
        }
    )
    a, _ = form.fields
    fp = open_form(form)
    fp.type_text(a, "typed")
    fp.submit()
    assert fp.delivered()["content"] == {"a": "typed", "b": "keep"}
    fp = open_form(form)
    values = {"a": "p\r\nq\x00\u202e", "b": "</script>"}
    fp.page.evaluate("(c) => window.elicitation.setValues(c)", values)
    assert fp.page.input_value(fp.sel(a)) == "p\\r\\nq\\x00\\u202e"
    fp.submit()
    assert json.loads(_sent(fp))["content"] == values


SPOOF = "\u202emoc.elgoog\u202c"


def test_bidi_and_invisible_characters_are_shown_and_isolated(open_form: Opener) -> None:
    """A title cannot render "google.com" backwards or reorder its neighbours: every slot shows
    bidi and invisible characters as visible escapes and is a bidi isolate of its own."""
    form = custom_form(
        {
            "type": "object",
            "title": SPOOF,
            "description": "d\u2067e\u200bf",
            "properties": {
                "s": {"type": "string", "title": SPOOF, "description": "\u2066" + SPOOF},
                "c": {
                    "type": "string",
                    "title": "choice\u200f",
                    "oneOf": [{"const": "k", "title": "Keep\u200b my files\u202e"}],
                },
                "m": {
                    "type": "array",
                    "title": "many",
                    "items": {"anyOf": [{"const": "w", "title": "wipe\u202e"}]},
                },
            },
        },
        name="spoof.json",
    )
    s, c, m = form.fields
    fp = open_form(form, "?server=" + quote("evil\u202e.com"))
    page = fp.page
    shown = "\\u202emoc.elgoog\\u202c"
    assert page.text_content("#eg-title") == shown
    assert page.title() == shown
    assert page.text_content(f'label[for="{s.html_id}"] .label-text') == shown
    assert page.text_content(f'[id="{s.html_id}_desc"]') == "\\u2066" + shown
    assert page.text_content(".lede") == "d\\u2067e\\u200bf"
    assert page.text_content(f'label[for="{c.html_id}"] .label-text') == "choice\\u200f"
    options = page.eval_on_selector_all(
        f'[id="{c.html_id}"] option', "(os) => os.map((o) => o.text)"
    )
    assert options[-1] == "Keep\\u200b my files\\u202e"
    assert page.text_content(f'label[for="{m.html_id}_0"]') == "wipe\\u202e"
    assert page.text_content("#eg-server") == "evil\\u202e.com"
    body = page.content()  # the whole document, the page data included
    assert not re.search("[\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f]", body)
    # Each slot is an isolate with its own direction (as <bdi> is).
    slots = [
        "#eg-title",
        "#eg-server",
        "#eg-message",
        ".lede",
        f'[id="{s.html_id}_desc"]',
        f'label[for="{s.html_id}"] .label-text',
        f'label[for="{m.html_id}_0"]',
    ]
    for selector in slots:
        bidi = page.eval_on_selector(
            selector, "(e) => [getComputedStyle(e).unicodeBidi, e.getAttribute('dir')]"
        )
        assert bidi == ["isolate", "auto"], (selector, bidi)


def test_lone_surrogates_are_refused(open_form: Opener) -> None:
    """A lone surrogate (possible in a JavaScript string, e.g. through setValues) cannot be sent
    as UTF-8: refused, as by the Python forms; a surrogate pair is one valid character."""
    form = custom_form({"type": "object", "properties": {"s": {"type": "string", "maxLength": 2}}})
    fp = open_form(form)
    problems = fp.page.evaluate(
        """() => ["a\\ud800", "\\udc00", "\\ud83d\\ude00"].map(
             (s) => window.elicitation.validate({ s }).s || null)"""
    )
    refused = "Must be valid Unicode text (it holds a surrogate code point)."
    assert problems == [refused, refused, None]
    fp.page.evaluate("() => window.elicitation.setValues({ s: '\\ud800' })")
    fp.submit()
    assert fp.events() == [] and fp.error_text(form.fields[0]) == refused
    python = validate_content(form.schema, {"s": "a\ud800"})
    assert python == {"s": refused}


def test_lengths_count_code_points_and_a_maximum_utf16_units_too(open_form: Opener) -> None:
    """JSON Schema counts code points; zod 3's .max() UTF-16 units: a text fits both."""
    form = custom_form(
        {"type": "object", "properties": {"s": {"type": "string", "minLength": 2, "maxLength": 3}}}
    )
    field = form.fields[0]
    fp = open_form(form)
    for text, error in (
        (EMOJI, "Has 1 character, but at least 2 are needed."),
        (EMOJI * 4, "Has 4 characters, but at most 3 are allowed."),
        (
            EMOJI * 2,
            "Has 2 characters, but some servers count emoji and other rare characters twice: "
            "4 by their count, and at most 3 are allowed.",
        ),
    ):
        fp.fill(field, text)
        fp.submit()
        assert fp.error_text(field) == error
        assert validate_content(form.schema, {"s": text}) == {"s": error}
    fp.fill(field, "é" + EMOJI)  # three UTF-16 units, two characters
    fp.submit()
    assert fp.delivered()["content"] == {"s": "é" + EMOJI}


DATE_TIME_SCHEMA = {
    "type": "object",
    "properties": {"when": {"type": "string", "format": "date-time"}},
}


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("2024-01-15T12:00", "2024-01-15T12:00:00+01:00"),  # winter: the offset of that date ...
        ("2024-07-01T12:00", "2024-07-01T12:00:00+02:00"),  # ... not of today
        ("2024-10-27T02:30", "2024-10-27T02:30:00+02:00"),  # ambiguous: the earlier one
    ],
)
def test_date_time_uses_the_offset_of_the_chosen_moment(
    open_form: Opener, typed: str, sent: str
) -> None:
    form = custom_form(DATE_TIME_SCHEMA)
    fp = open_form(form)
    fp.page.fill('[id="f-when"]', typed)
    expected_zone = "(UTC" + sent[-6:] + ")."  # the hint reads "In your time zone (UTC+01:00)."
    assert fp.page.text_content('[id="f-when_tz"]') == expected_zone
    fp.submit()
    assert fp.delivered()["content"] == {"when": sent}


def test_date_time_in_a_clock_change_gap_is_refused(open_form: Opener) -> None:
    form = custom_form(DATE_TIME_SCHEMA)
    fp = open_form(form)
    fp.page.fill('[id="f-when"]', "2024-03-31T02:30")
    fp.submit()
    assert "does not exist" in fp.error_text(form.fields[0])
    assert fp.events() == []


@pytest.mark.parametrize(
    ("zone", "typed", "sent"),
    [
        ("Asia/Kathmandu", "2024-01-15T12:00", "2024-01-15T12:00:00+05:45"),
        ("America/St_Johns", "2024-07-01T08:15", "2024-07-01T08:15:00-02:30"),
        ("UTC", "2024-07-01T08:15", "2024-07-01T08:15:00+00:00"),
        ("UTC", "0099-05-06T07:08:09", "0099-05-06T07:08:09+00:00"),  # not 1999: setFullYear
        # Local mean time (+00:53:28): no RFC 3339 offset holds it; the instant stays exact.
        ("Europe/Berlin", "1893-03-31T23:59", "1893-03-31T23:59:32+00:54"),
        ("Europe/Berlin", "0001-01-01T00:00", "0001-01-01T00:00:32+00:54"),
        ("America/New_York", "1880-06-01T12:00", "1880-06-01T12:00:02-04:56"),
    ],
)
def test_date_time_offsets_in_other_zones(
    browser: Any, pages_dir: Path, zone: str, typed: str, sent: str
) -> None:
    context = _context(browser, zone)
    try:
        for open_form in _opener(Tab(context), pages_dir):
            form = custom_form(DATE_TIME_SCHEMA)
            fp = open_form(form)
            fp.page.fill('[id="f-when"]', typed)
            fp.submit()
            assert fp.delivered()["content"] == {"when": sent}
            instant = dt.datetime.fromisoformat(typed).replace(tzinfo=ZoneInfo(zone))
            assert dt.datetime.fromisoformat(sent) == instant
    finally:
        context.close()


def test_date_time_default_is_shown_in_local_time(browser: Any, pages_dir: Path) -> None:
    form = forms("formats")[0]
    callback = next(f for f in form.fields if f.name == "callback")
    assert callback.default == "2026-12-01T09:30:00+01:00"
    context = _context(browser, "Asia/Tokyo")
    try:
        for open_form in _opener(Tab(context), pages_dir):
            fp = open_form(form)
            assert fp.page.input_value('[id="f-callback"]') == "2026-12-01T17:30"
            fp.fill_all({"email": "ada@example.com"})
            fp.submit()
            assert fp.delivered()["content"]["callback"] == "2026-12-01T09:30:00+01:00"
            fp = open_form(form)
            fp.fill_all({"email": "ada@example.com"})
            fp.page.fill('[id="f-callback"]', "2026-12-01T18:00")
            fp.submit()
            assert fp.delivered()["content"]["callback"] == "2026-12-01T18:00:00+09:00"
    finally:
        context.close()
    assert local_input("2026-12-01T09:30:00+01:00", "Asia/Tokyo") == "2026-12-01T17:30"


def test_incomplete_date_is_refused(open_form: Opener) -> None:
    form = forms("every_kind")[0]
    fp = open_form(form)
    fp.fill_all(valid_content(form, optional=False))
    fp.page.focus('[id="f-start-date"]')
    fp.page.keyboard.type("02")  # a month only
    fp.submit()
    start = next(f for f in form.fields if f.name == "start_date")
    assert fp.error_text(start).startswith("Enter a complete date")
    assert fp.events() == []


# --- the page's own checks agree with the schema -----------------------------------------------

PROBES: dict[str, list[Any]] = {
    "owner_email": [
        "ada@example.com",
        "a.b+c@x-y.example",
        "ada@",
        "@example.com",
        "a b@c.d",
        "ada@example..com",
        "ada@-x.com",
        "ada@example.com\n",
        "ümlaut@example.com",
    ],
    "start_date": [
        "2024-02-29",
        "2023-02-29",
        "2024-13-01",
        "2024-1-01",
        "0000-01-01",
        "9999-12-31",
        "2024-04-31",
    ],
    "kickoff": [
        "2024-02-29T12:30:00+02:00",
        "2024-02-29T12:30:00Z",
        "2024-02-29t12:30:00z",
        "2024-02-29T12:30:00",
        "2024-02-29T24:00:00Z",
        "2024-02-29T12:30:00.123-05:30",
        "2024-02-29 12:30:00Z",
        "2024-02-30T12:30:00Z",
    ],
    "project_name": ["abc", "ab", EMOJI * 3, "a" * 40, "a" * 41, "", 5],
    "team_size": [1, 0, 500, 501, 2.5, 3.0, "3", True, None],
    "budget": [0, -0.5, 1000000.5, 1000000.6, 12.25],
    "public": [True, False, 0, "true"],
    "license": ["mit", "MIT License", "gpl-3.0", ""],
    "platforms": [["linux"], [], ["linux", "bsd"], "linux", ["linux", "macos", "windows"]],
    "features": [["ci", "docs"], ["ci", "docs", "release"], []],
}
URIS = [
    "https://example.com/a?b=c#d",
    "mailto:ada@example.com",
    "urn:isbn:0451450523",
    "http://[::1]:8080/x",
    "http://[v7.abc]/",
    "http://user:pw@h/p%20q",
    "file:///tmp/x",
    "example.com/page",
    "//example.com",
    "https://a b.com/",
    "http://[::zz]/",
    "https://example.com/%zz",
    "a:b#c#d",
    "1http://x",
    "http://h/<x>",
    "x:",
    "https://é.fr/",
    "http://[1:2:3:4:5:6:7:8:9]/",
    "http://[::ffff:1.2.3.4]/",
]


def test_page_validation_matches_the_schema(open_form: Opener) -> None:
    form = forms("every_kind")[0]
    fp = open_form(form)
    for name, values in PROBES.items():
        for value in values:
            content = {name: value}
            js = fp.page.evaluate("(c) => window.elicitation.validate(c)", content)
            # JavaScript cannot tell 3.0 from 3: Python judges what the page would send
            sent = fp.page.evaluate("(c) => JSON.parse(JSON.stringify(c))", content)
            python = {k: v for k, v in validate_content(form.schema, sent).items() if k == name}
            if name == "owner_email" and isinstance(value, str) and value.endswith("\n"):
                python = {name: "Not an email address."}
            assert js.get(name) == python.get(name), (name, value)
    # A URI is valid when RFC 3986 (rfc3987), Ajv (ajv-formats) and pydantic's URL types all say
    # so: Ajv refuses "x:", pydantic (a WHATWG URL parser) "http://[v7.abc]/".
    rfc3987 = pytest.importorskip("rfc3987")
    ajv = ajv_verdicts([({"type": "string", "format": "uri"}, uri) for uri in URIS])
    for uri, ajv_ok in zip(URIS, ajv, strict=True):
        js = fp.page.evaluate("(u) => window.elicitation.validate({homepage: u})", uri)
        valid = rfc3987.match(uri, "URI") is not None and ajv_ok and pydantic_verdict("uri", uri)
        assert ("homepage" not in js) == valid, uri


def test_odd_property_names_round_trip(open_form: Opener) -> None:
    form = custom_form(
        {
            "type": "object",
            "properties": {
                "__proto__": {"type": "string"},
                "constructor": {"type": "integer"},
                "toString": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["hasOwnProperty"]},
                },
            },
            "required": ["__proto__"],
        }
    )
    fp = open_form(form)
    content = {"__proto__": "p", "constructor": 3, "toString": ["hasOwnProperty"]}
    fp.fill_all(content)
    fp.submit()
    assert fp.delivered()["content"] == content
    assert fp.page.evaluate("Object.keys(window.elicitation.validate({}))") == ["__proto__"]


# --- server name, message, hostile text --------------------------------------------------------

HOSTILE = "<img src=x onerror=alert(1)>\"'</script><script>alert(2)</script>\u202eevil"


def test_server_name_is_text(open_form: Opener) -> None:
    form = forms("contact")[0]
    fp = open_form(form, "?server=" + quote(HOSTILE))
    # Shown literally: the override as a visible escape, not acting on the text after it.
    assert fp.page.text_content("#eg-server") == HOSTILE.replace("\u202e", "\\u202e")
    fp.page.evaluate("(s) => window.elicitation.setServer(s)", "Weather & Co <b>")
    assert fp.page.text_content("#eg-server") == "Weather & Co <b>"
    fp.page.evaluate("() => window.elicitation.setServer(null)")
    assert fp.page.text_content("#eg-server") == ir.DEFAULT_SERVER
    fp.page.evaluate("(s) => window.elicitation.setServer(s)", "a\nb\x1b[2J\u2066c\u200b")
    assert fp.page.text_content("#eg-server") == "a\\nb\\x1b[2J\\u2066c\\u200b"
    fp.page.evaluate("(s) => window.elicitation.setMessage(s)", HOSTILE + "\r\nline 2\x85")
    assert fp.page.text_content("#eg-message") == (
        HOSTILE.replace("\u202e", "\\u202e") + "\nline 2\\x85"
    )
    assert (
        fp.page.evaluate("document.querySelectorAll('img, b, iframe, object, embed').length") == 0
    )


#: Characters the page once showed raw, where safe_text escapes them (issue 24, defect 8): the
#: Hangul fillers, the soft hyphen, tag characters (beyond U+FFFF) and an interlinear mark.
INVISIBLE = "a\u3164b\u115fc\xadd\U000e0041\U000e007fe\uffa0f\ufff9g"


def test_the_page_escapes_the_characters_safe_text_escapes(open_form: Opener) -> None:
    form = custom_form(
        {
            "type": "object",
            "title": "Title " + INVISIBLE,
            "properties": {"n": {"type": "string", "title": "Label " + INVISIBLE}},
        }
    )
    fp = open_form(form, "?server=" + quote(INVISIBLE))
    page = fp.page
    assert page.text_content("#eg-server") == safe_text(INVISIBLE)
    assert "\\u3164" in safe_text(INVISIBLE) and "\\U000e0041" in safe_text(INVISIBLE)
    fp.page.evaluate("(s) => window.elicitation.setMessage(s)", INVISIBLE)
    assert page.text_content("#eg-message") == safe_text(INVISIBLE)
    (field,) = form.fields
    label = page.text_content(f'label[for="{field.html_id}"] .label-text')
    assert label == safe_text("Label " + INVISIBLE)
    assert page.text_content("#eg-title") == safe_text("Title " + INVISIBLE)


def test_a_megabyte_server_name_is_clipped(open_form: Opener) -> None:
    """Issue 24, defect 5: a server's name is one short line, however long it is sent; the page
    bounds it as safetext.clip does (by code points) before it shows it."""
    form = forms("contact")[0]
    fp = open_form(form)
    name = "\U0001f600" + "evil.example " * 80_000 + "end"  # about a megabyte
    started = time.monotonic()
    fp.page.evaluate("(s) => window.elicitation.setServer(s)", name)
    shown = fp.page.text_content("#eg-server")
    assert time.monotonic() - started < 5
    assert shown == safe_text(clip(name))
    assert len(shown) == MAX_NAME_LENGTH and shown.endswith("\u2026")
    fp.page.evaluate("(s) => window.elicitation.setServer(s)", "\U0001f600" * MAX_NAME_LENGTH)
    assert fp.page.text_content("#eg-server") == "\U0001f600" * MAX_NAME_LENGTH  # not cut


def test_default_server_and_message() -> None:
    form = forms("hostile")[0]
    assert ir.DEFAULT_SERVER in elicit_gen.compile_forms([form], ["html"])[0].text
    form = custom_form({"type": "object", "properties": {}})
    assert ir.DEFAULT_MESSAGE in elicit_gen.compile_forms([form], ["html"])[0].text


def test_hostile_text_is_shown_and_never_runs(open_form: Opener) -> None:
    form = forms("hostile")[0]
    fp = open_form(form, "?server=" + quote(HOSTILE))
    page = fp.page
    assert page.evaluate("document.scripts.length") == 2
    assert page.evaluate("document.querySelectorAll('img, iframe, object, embed, b').length") == 0
    assert page.text_content("#eg-message") == shown_block(form.message_text)
    assert page.text_content("#eg-title") == shown_text(form.title or "")
    for field in form.fields:
        if isinstance(field, ir.MultiSelectField):
            label = page.text_content(f'[id="{field.html_id}"] legend .label-text')
            for i, option in enumerate(field.options):
                assert page.text_content(f'label[for="{field.html_id}_{i}"]') == shown_text(
                    option.label
                )
        else:
            label = page.text_content(f'label[for="{field.html_id}"] .label-text')
        assert label == shown_text(field.label)
        if field.description:
            desc = page.text_content(f'[id="{field.html_id}_desc"]')
            assert desc == shown_block(field.description)
        if isinstance(field, ir.SingleSelectField):
            shown = page.eval_on_selector_all(
                f'[id="{field.html_id}"] option', "(os) => os.map((o) => o.textContent)"
            )
            assert shown[-len(field.options) :] == [shown_text(o.label) for o in field.options]
    expected = valid_content(form)
    fp.fill_all(expected)
    fp.submit()
    content = fp.delivered()["content"]
    assert content == expected  # option consts come back exactly, hostile or not
    schema_validator(form).validate(content)
