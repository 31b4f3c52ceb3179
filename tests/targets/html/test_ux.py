"""The HTML form as a user meets it (issue 16 items 4, 5, 9, 10, 11), driven in headless Chromium
with real mouse and key events: a click after an error appears still lands where it was aimed,
Enter submits only from a text box or Submit, Escape asks before discarding changed answers,
the buttons put the primary action last, long messages are body text, many options go in
columns, long text gets a textarea, and the page's words are formcore's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.runtime.core import formcore
from elicit_gen.targets import html

from ...support.html import RECORDER, TIME_ZONE, FormPage, write_page

pytestmark = pytest.mark.browser

LABELS = ["bug", "enhancement", "documentation", "question", "help wanted", "good first issue"]

#: A GitHub-issue form: a titled single-select and a 6-label multi-select under the title.
ISSUE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "title": "Title", "minLength": 10, "maxLength": 40},
        "labels": {
            "type": "array",
            "title": "Labels",
            "items": {"anyOf": [{"const": v, "title": v.capitalize()} for v in LABELS]},
        },
        "kind": {
            "type": "string",
            "title": "Kind",
            "oneOf": [{"const": "bug", "title": "Bug"}, {"const": "feature", "title": "Feature"}],
        },
        "confirm": {"type": "boolean", "title": "I searched for duplicates"},
        "body": {
            "type": "string",
            "title": "Description",
            "description": "Markdown is supported.",
        },
    },
    "required": ["title"],
}

MANY = [f"option {i}" for i in range(12)]


def compiled(schema: dict[str, Any], message: str | None = None) -> ir.Form:
    source: dict[str, Any] = (
        schema if message is None else {"message": message, "requestedSchema": schema}
    )
    result = elicit_gen.compile(source, [], name="ux.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    return result.forms[0]


@pytest.fixture
def open_page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    context = browser.new_context(
        timezone_id=TIME_ZONE, locale="en-US", viewport={"width": 900, "height": 900}
    )
    context.add_init_script(RECORDER)
    problems: list[str] = []
    pages: list[FormPage] = []

    def open_form(form: ir.Form) -> FormPage:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
        url = write_page(form, tmp_path).as_uri()
        page.goto(url)
        fp = FormPage(page, form, url)
        pages.append(fp)
        return fp

    try:
        yield open_form
        for fp in pages:
            problems += [f"CSP: {v}" for v in fp.log("violations")]
            problems += [f"error: {e}" for e in fp.log("errors")]
        assert not problems, problems
    finally:
        context.close()


def box(fp: FormPage, selector: str) -> dict[str, float]:
    found = fp.page.locator(selector).bounding_box()
    assert found is not None, selector
    return dict(found)


def centre(rect: dict[str, float]) -> tuple[float, float]:
    return rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2


# --- item 4: an error shown on leaving a field does not eat the next click ----------------------


def test_click_after_an_invalid_field_lands_where_it_was_aimed(open_page: Any) -> None:
    """Type a too-short title, then click the first label where it was before the blur: the
    checkbox is checked (on main the error pushed it 27 px down and the click hit nothing)."""
    form = compiled(ISSUE)
    fp = open_page(form)
    title, labels = form.fields[0], form.fields[1]
    for attempt in range(3):
        fp.page.evaluate("window.scrollTo(0, 0)")
        fp.type_text(title, "Crash" + "!" * attempt)
        option = f'label[for="{labels.html_id}_{attempt}"]'
        x, y = centre(box(fp, option))
        fp.page.mouse.click(x, y)
        fp.page.wait_for_function(
            "(id) => document.getElementById(id).textContent !== ''", arg=f"{title.html_id}_err"
        )
        assert fp.page.is_checked(f'[id="{labels.html_id}_{attempt}"]'), f"click {attempt} lost"
        assert fp.error_text(title).startswith("Has "), fp.error_text(title)
        fp.page.click(option)  # uncheck, for the next attempt
    assert fp.events() == []


def test_error_still_shows_after_tabbing_away(open_page: Any) -> None:
    form = compiled(ISSUE)
    fp = open_page(form)
    fp.type_text(form.fields[0], "Crash")
    fp.page.keyboard.press("Tab")
    assert fp.error_text(form.fields[0]) == "Has 5 characters, but at least 10 are needed."


# --- item 5: Enter and Escape ----------------------------------------------------------------


def _valid_issue(fp: FormPage, form: ir.Form) -> None:
    fp.page.fill(f'[id="{form.fields[0].html_id}"]', "Crash on start")


@pytest.mark.parametrize("where", ["checkbox", "multi", "select"])
def test_enter_on_a_choice_does_not_submit(open_page: Any, where: str) -> None:
    form = compiled(ISSUE)
    fp = open_page(form)
    _valid_issue(fp, form)
    selector = {
        "checkbox": f'[id="{form.fields[3].html_id}"]',
        "multi": f'[id="{form.fields[1].html_id}_0"]',
        "select": f'[id="{form.fields[2].html_id}"]',
    }[where]
    fp.page.focus(selector)
    fp.page.keyboard.press("Enter")
    # A submit would deliver at once (synchronously in the key's handler); the page still waits.
    assert fp.events() == []
    assert fp.page.evaluate("document.getElementById('eg-done').hidden")


@pytest.mark.parametrize("where", ["text", "submit"])
def test_enter_submits_from_a_text_box_or_submit(open_page: Any, where: str) -> None:
    form = compiled(ISSUE)
    fp = open_page(form)
    _valid_issue(fp, form)
    fp.page.focus(f'[id="{form.fields[0].html_id}"]' if where == "text" else "#eg-accept")
    fp.page.keyboard.press("Enter")
    assert fp.delivered() == {"action": "accept", "content": {"title": "Crash on start"}}


def test_escape_on_an_unchanged_form_cancels_at_once(open_page: Any) -> None:
    fp = open_page(compiled(ISSUE))
    fp.page.focus('[id="f-title"]')
    fp.page.keyboard.press("Escape")
    assert fp.delivered() == {"action": "cancel"}


def confirm_state(fp: FormPage) -> dict[str, Any]:
    state: dict[str, Any] = fp.page.evaluate("""() => {
        const box = document.getElementById("eg-confirm");
        return {open: box.open, modal: box.matches(":modal"),
                focused: document.activeElement && document.activeElement.id};
    }""")
    return state


@pytest.mark.parametrize("how", ["escape", "keep"])
def test_escape_on_a_changed_form_asks_and_keep_editing_keeps(open_page: Any, how: str) -> None:
    form = compiled(ISSUE)
    fp = open_page(form)
    fp.page.check(f'[id="{form.fields[1].html_id}_2"]')
    fp.page.keyboard.press("Escape")
    assert confirm_state(fp) == {"open": True, "modal": True, "focused": "eg-keep"}
    assert fp.page.text_content("#eg-confirm-title") == "Discard your answers?"
    assert fp.events() == []
    if how == "escape":
        fp.page.keyboard.press("Escape")
    else:
        fp.page.keyboard.press("Enter")  # Keep editing has the focus: Enter keeps
    assert confirm_state(fp)["open"] is False
    assert fp.focused_id() == f"{form.fields[1].html_id}_2"
    assert fp.events() == []
    assert fp.page.is_checked(f'[id="{form.fields[1].html_id}_2"]')


def test_discard_cancels_a_changed_form(open_page: Any) -> None:
    fp = open_page(compiled(ISSUE))
    fp.type_text(fp.form.fields[0], "half a title")
    fp.page.keyboard.press("Escape")
    fp.page.click("#eg-discard")
    assert fp.delivered() == {"action": "cancel"}
    assert confirm_state(fp)["open"] is False


def test_cancel_button_and_host_values_never_ask(open_page: Any) -> None:
    form = compiled(ISSUE)
    fp = open_page(form)
    fp.page.evaluate("window.elicitation.setValues({title: 'Set by the host'})")
    fp.page.focus('[id="f-title"]')
    fp.page.keyboard.press("Escape")  # values the host set are not the user's changes
    assert fp.delivered() == {"action": "cancel"}
    fp2 = open_page(form)
    fp2.type_text(form.fields[0], "typed")
    fp2.page.click("#eg-cancel")
    assert fp2.delivered() == {"action": "cancel"}


# --- item 9: primary last --------------------------------------------------------------------


def test_buttons_put_the_primary_action_last(open_page: Any) -> None:
    fp = open_page(compiled(ISSUE))
    order = fp.page.evaluate(
        "Array.from(document.querySelectorAll('#eg-form .buttons button')).map((b) => b.id)"
    )
    assert order == ["eg-cancel", "eg-decline", "eg-accept"]
    lefts = [box(fp, f"#{i}")["x"] for i in order]
    assert lefts == sorted(lefts)  # Submit on the right, at the end of the reading order
    assert fp.page.get_attribute("#eg-accept", "type") == "submit"


# --- item 11: layout -------------------------------------------------------------------------

LONG_MESSAGE = (
    "We need a few details to finish booking your trip: who travels, where to, and when. "
    "Your answers go only to the travel agent that asked."
)


def test_a_long_message_without_title_is_body_text(open_page: Any) -> None:
    fp = open_page(compiled(ISSUE, LONG_MESSAGE))
    tag, weight, size = fp.page.evaluate("""() => {
        const m = document.getElementById("eg-message");
        const s = getComputedStyle(m);
        return [m.tagName, Number(s.fontWeight), parseFloat(s.fontSize)];
    }""")
    assert tag == "P"
    assert weight < 600 and size <= 17, (weight, size)
    assert fp.page.evaluate("document.querySelectorAll('h1').length") == 1
    assert fp.page.get_attribute("#eg-form", "aria-labelledby") == "eg-message"


def test_a_short_message_without_title_stays_the_heading(open_page: Any) -> None:
    fp = open_page(compiled(ISSUE, "Report a bug"))
    assert fp.page.evaluate("document.getElementById('eg-message').tagName") == "H1"


def test_many_options_are_laid_out_in_columns(open_page: Any) -> None:
    schema = {
        "type": "object",
        "properties": {
            "many": {"type": "array", "items": {"type": "string", "enum": MANY}},
            "few": {"type": "array", "items": {"type": "string", "enum": MANY[:6]}},
        },
    }
    form = compiled(schema)
    fp = open_page(form)
    many = {round(box(fp, f'[id="f-many_{i}"]')["x"]) for i in range(len(MANY))}
    few = {round(box(fp, f'[id="f-few_{i}"]')["x"]) for i in range(6)}
    assert len(many) >= 2, many
    assert len(few) == 1, few
    many_height = box(fp, '[id="f-many"] .choices')["height"]
    few_height = box(fp, '[id="f-few"] .choices')["height"]
    assert many_height <= few_height, (many_height, few_height)  # 12 options, no taller than 6


def test_long_text_gets_a_textarea(open_page: Any) -> None:
    form = compiled(ISSUE)
    body = form.fields[4]
    fp = open_page(form)
    assert fp.page.evaluate(f"document.getElementById('{body.html_id}').tagName") == "TEXTAREA"
    assert fp.page.evaluate(f"document.getElementById('{form.fields[0].html_id}').tagName") == (
        "INPUT"
    )
    _valid_issue(fp, form)
    fp.page.focus(f'[id="{body.html_id}"]')
    fp.page.keyboard.type("Steps:")
    fp.page.keyboard.press("Enter")  # a new line, not a submit
    fp.page.keyboard.type("1. start it")
    assert fp.events() == []
    fp.page.keyboard.press("Control+Enter")
    content = fp.delivered()["content"]
    assert content["body"] == "Steps:\n1. start it"


def test_long_text_default_keeps_its_lines(open_page: Any) -> None:
    schema = {
        "type": "object",
        "properties": {"notes": {"type": "string", "maxLength": 500, "default": "a\nb"}},
    }
    fp = open_page(compiled(schema))
    assert fp.page.input_value('[id="f-notes"]') == "a\nb"
    fp.submit()
    assert fp.delivered()["content"] == {"notes": "a\nb"}


def test_is_long_text_decides_the_control() -> None:
    from elicit_gen.targets.common.layout import is_long_text

    form = compiled(ISSUE)
    for field in form.fields:
        macro = html.field_view(field).macro
        assert (macro == "textarea") == is_long_text(field), field.name


# --- item 10 (HTML): one wording ---------------------------------------------------------------

WORDING_PROBES: list[tuple[dict[str, Any], Any]] = [
    ({"type": "string", "maxLength": 40}, "x" * 45),
    ({"type": "string", "minLength": 3}, "ab"),
    ({"type": "string", "minLength": 1}, ""),
    ({"type": "string", "minLength": 2, "maxLength": 2}, "\U0001f600"),
    ({"type": "string", "format": "email"}, "ada.example.com"),
    ({"type": "string", "format": "uri"}, "example.com/page"),
    ({"type": "string", "format": "date"}, "2026-02-30"),
    ({"type": "string", "format": "date"}, "2026-13-01"),
    ({"type": "string", "format": "date"}, "0000-01-01"),
    ({"type": "string", "format": "date"}, "2026-2-3"),
    ({"type": "string", "format": "date-time"}, "2026-02-30T10:00:00Z"),
    ({"type": "string", "format": "date-time"}, "2026-02-03T24:00:00Z"),
    ({"type": "string", "format": "date-time"}, "2026-02-03T23:59:60Z"),
    ({"type": "string", "format": "date-time"}, "2026-02-03T10:00:00+24:00"),
    ({"type": "string", "format": "date-time"}, "2026-02-03 10:00"),
    (
        {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "maxItems": 2},
        [
            "a",
            "b",
            "c",
        ],
    ),
    ({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1}, []),
    (
        {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "minItems": 2},
        ["a"],
    ),
    (
        {
            "type": "array",
            "items": {"type": "string", "enum": ["a", "b", "c"]},
            "minItems": 1,
            "maxItems": 1,
        },
        ["a", "b"],
    ),
]


def test_page_errors_are_formcores_words(open_page: Any) -> None:
    """The page's script says exactly what runtime/core/formcore.py says, probe by probe."""
    props = {f"p{i}": prop for i, (prop, _) in enumerate(WORDING_PROBES)}
    fp = open_page(compiled({"type": "object", "properties": props}))
    for i, (prop, value) in enumerate(WORDING_PROBES):
        expected = formcore.check_value(prop, value)
        assert expected is not None, (prop, value)
        js = fp.page.evaluate(
            "([name, v]) => window.elicitation.validate({[name]: v})[name] || null",
            [f"p{i}", value],
        )
        assert js == expected, (prop, value)


def test_page_hints_end_once_and_allow_no_answer(open_page: Any) -> None:
    schema = {
        "type": "object",
        "properties": {
            "when": {"type": "string", "format": "date-time"},
            "tags": {
                "type": "array",
                "items": {"type": "string", "enum": ["a", "b"]},
                "minItems": 1,
            },
        },
    }
    fp = open_page(compiled(schema))
    zone = fp.page.text_content('[id="f-when_hint"]') or ""
    assert re.fullmatch(r"In your time zone \(UTC[+-]\d\d:\d\d\)\.", zone.strip()), zone
    hint = fp.page.text_content('[id="f-tags_hint"]')
    assert hint == "If you choose any, choose at least 1 option."
    fp.page.check('[id="f-tags_0"]')
    fp.page.uncheck('[id="f-tags_0"]')
    fp.submit()
    assert fp.delivered() == {"action": "accept", "content": {}}
