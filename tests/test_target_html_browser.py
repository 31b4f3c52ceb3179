"""The html target in a real browser: every golden form filled, refused, declined, cancelled.

Every page opened here is watched: a console error, an uncaught error, a dialog, a CSP violation
or any request other than the page itself fails the test that opened it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema
import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.formcore import validate_content

from .html_support import (
    EMOJI,
    RECORDER,
    TIME_ZONE,
    FormPage,
    defaults,
    invalid_inputs,
    launch,
    local_input,
    same_content,
    write_page,
)
from .support.cases import all_forms, forms, valid_content

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
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


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
    assert fp.error_text(email).startswith("Must be an email address")
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
        (["a"], "Choose at least 2 options."),
        (["a", "b", "c"], "Choose at most 2 options."),
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


def test_lengths_count_code_points(open_form: Opener) -> None:
    form = custom_form(
        {"type": "object", "properties": {"s": {"type": "string", "minLength": 2, "maxLength": 3}}}
    )
    field = form.fields[0]
    fp = open_form(form)
    for text, error in (
        (EMOJI, "Must be at least 2 characters."),
        (EMOJI * 4, "Must be at most 3 characters."),
    ):
        fp.fill(field, text)
        fp.submit()
        assert fp.error_text(field) == error
    fp.fill(field, EMOJI * 3)  # six UTF-16 units, three characters
    fp.submit()
    assert fp.delivered()["content"] == {"s": EMOJI * 3}


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
    expected_zone = "(UTC" + sent[-6:] + ")"
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
            python = {k: v for k, v in validate_content(form.schema, content).items() if k == name}
            if name == "owner_email" and isinstance(value, str) and value.endswith("\n"):
                python = {name: "Must be an email address, such as name@example.com."}
            assert js.get(name) == python.get(name), (name, value)
    rfc3987 = pytest.importorskip("rfc3987")
    for uri in URIS:
        js = fp.page.evaluate("(u) => window.elicitation.validate({homepage: u})", uri)
        assert ("homepage" not in js) == (rfc3987.match(uri, "URI") is not None), uri


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
    assert fp.page.text_content("#eg-server") == HOSTILE
    fp.page.evaluate("(s) => window.elicitation.setServer(s)", "Weather & Co <b>")
    assert fp.page.text_content("#eg-server") == "Weather & Co <b>"
    fp.page.evaluate("() => window.elicitation.setServer(null)")
    assert fp.page.text_content("#eg-server") == ir.DEFAULT_SERVER
    fp.page.evaluate("(s) => window.elicitation.setMessage(s)", HOSTILE)
    assert fp.page.text_content("#eg-message") == HOSTILE
    assert (
        fp.page.evaluate("document.querySelectorAll('img, b, iframe, object, embed').length") == 0
    )


def test_default_server_and_message() -> None:
    form = forms("hostile")[0]
    assert ir.DEFAULT_SERVER in elicit_gen.compile_forms([form], ["html"])[0].text
    form = custom_form({"type": "object", "properties": {}})
    assert ir.DEFAULT_MESSAGE in elicit_gen.compile_forms([form], ["html"])[0].text


def _dom_text(text: str) -> str:
    """The DOM text of schema text: exact (controls are written as character references),
    except NUL, which the HTML parser turns into U+FFFD."""
    return text.replace("\0", "\ufffd")


def test_hostile_text_is_shown_and_never_runs(open_form: Opener) -> None:
    form = forms("hostile")[0]
    fp = open_form(form, "?server=" + quote(HOSTILE))
    page = fp.page
    assert page.evaluate("document.scripts.length") == 2
    assert page.evaluate("document.querySelectorAll('img, iframe, object, embed, b').length") == 0
    assert page.text_content("#eg-message") == _dom_text(form.message_text)
    assert page.text_content("#eg-title") == _dom_text(form.title or "")
    for field in form.fields:
        if isinstance(field, ir.MultiSelectField):
            label = page.text_content(f'[id="{field.html_id}"] legend .label-text')
            for i, option in enumerate(field.options):
                assert page.text_content(f'label[for="{field.html_id}_{i}"]') == _dom_text(
                    option.label
                )
        else:
            label = page.text_content(f'label[for="{field.html_id}"] .label-text')
        assert label == _dom_text(field.label)
        if field.description:
            assert page.text_content(f'[id="{field.html_id}_desc"]') == _dom_text(field.description)
        if isinstance(field, ir.SingleSelectField):
            shown = page.eval_on_selector_all(
                f'[id="{field.html_id}"] option', "(os) => os.map((o) => o.textContent)"
            )
            assert shown[-len(field.options) :] == [_dom_text(o.label) for o in field.options]
    expected = valid_content(form)
    fp.fill_all(expected)
    fp.submit()
    content = fp.delivered()["content"]
    assert content == expected  # option consts come back exactly, hostile or not
    schema_validator(form).validate(content)
