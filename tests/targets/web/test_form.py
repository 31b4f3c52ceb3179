"""``<elicitation-form>`` driven like a user in Chromium: answers go out as the
``elicitation-result`` event (bubbles, composed) with the ElicitResult; the page's keyboard
behaviour (Enter submits from a text box, Escape cancels or asks first); a refused schema shows
why and offers only Decline and Cancel; the element's properties."""

from __future__ import annotations

from typing import Any

import pytest

from elicit_gen.live import load_form
from elicit_gen.live.limits import FormError

from ...support.html import TIME_ZONE
from .conftest import TIMEOUT, Host

SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Sign up",
    "properties": {
        "name": {"type": "string", "title": "Name", "minLength": 2},
        "age": {"type": "integer", "title": "Age", "minimum": 18},
        "plan": {"type": "string", "title": "Plan", "enum": ["free", "pro"]},
        "news": {"type": "boolean", "title": "Newsletter", "default": False},
    },
    "required": ["name", "age"],
}
NESTED: dict[str, Any] = {
    "type": "object",
    "properties": {"address": {"type": "object", "properties": {"city": {"type": "string"}}}},
}


def show(host: Host, schema: Any, **props: Any) -> None:
    host.add("elicitation-form", {"requestedSchema": schema, **props})
    host.page.wait_for_selector("#eg-main", timeout=TIMEOUT)


def test_an_answer_is_sent_as_the_event(host: Host) -> None:
    show(host, SCHEMA, server="Acme", message="Tell us about you")
    host.page.fill("#f-name", "Ada")
    host.page.fill("#f-age", "36")
    host.page.select_option("#f-plan", "1")
    host.page.click("#eg-accept")
    assert host.wait_events(1) == [
        {"action": "accept", "content": {"name": "Ada", "age": 36, "plan": "pro", "news": False}}
    ]
    assert host.page.text_content("#eg-server") == "Acme"
    host.clean()


def test_errors_are_shown_and_nothing_is_sent(host: Host) -> None:
    show(host, SCHEMA)
    host.page.fill("#f-name", "A")
    host.page.fill("#f-age", "12")
    host.page.press("#f-age", "Enter")  # Enter in a text box submits, as in the page
    host.page.wait_for_selector("#f-age_err:not(:empty)", timeout=TIMEOUT)
    module = load_form(SCHEMA, "cli")
    errors = module.validate({"name": "A", "age": 12})
    assert host.page.text_content("#f-name_err") == errors["name"]
    assert host.page.text_content("#f-age_err") == errors["age"]
    assert host.page.text_content("#eg-status") == "Please correct the 2 highlighted fields."
    assert host.events() == []
    host.clean()


def test_escape_cancels_or_asks_first(host: Host) -> None:
    show(host, SCHEMA)
    host.page.focus("#f-name")
    host.page.keyboard.press("Escape")
    assert host.wait_events(1) == [{"action": "cancel"}]
    host.page.evaluate("() => document.getElementById('subject').remove()")
    show(host, SCHEMA)
    host.page.fill("#f-name", "Ada")
    host.page.keyboard.press("Escape")
    host.page.wait_for_selector("#eg-confirm[open]", timeout=TIMEOUT)
    assert (
        host.page.evaluate("() => document.getElementById('subject').shadowRoot.activeElement.id")
        == "eg-keep"
    )
    host.page.click("#eg-discard")
    assert host.wait_events(2)[1] == {"action": "cancel"}
    host.clean()


def test_a_refused_schema_says_why_and_offers_decline_and_cancel(host: Host) -> None:
    with pytest.raises(FormError) as refused:
        load_form(NESTED, "cli")
    show(host, NESTED)
    problems = host.page.evaluate("() => document.getElementById('subject').problems")
    assert problems == [f"{d.code} {d.message}" for d in refused.value.errors]
    assert host.page.locator(".refused-reasons li").all_text_contents() == problems
    assert host.page.query_selector("#eg-accept") is None
    assert host.page.query_selector("input, select, textarea") is None
    with pytest.raises(Exception, match="refused"):
        host.page.evaluate("() => document.getElementById('subject').validate({})")
    host.page.click("#eg-decline")
    assert host.wait_events(1) == [{"action": "decline"}]
    host.clean()


def test_hostile_words_in_a_refusal_are_shown_as_text(host: Host) -> None:
    """A refusal's lines quote the server's text (names, misspelt keywords): the reasons show it
    as text, its unsafe characters made visible, never as markup."""
    schema = {
        "type": "object",
        "properties": {"<img src=x onerror=alert(1)>": {"type": "object"}},
        "required": ["<b>x</b>"],
        "requried\u202e": ["x"],
    }
    with pytest.raises(FormError) as refused:
        load_form(schema, "cli")
    show(host, schema)
    problems = host.page.evaluate("() => document.getElementById('subject').problems")
    assert problems == [f"{d.code} {d.message}" for d in refused.value.errors]
    assert any("\u202e" in p for p in problems)
    shown = host.page.evaluate(
        """() => [...document.getElementById('subject').shadowRoot
            .querySelectorAll('.refused-reasons li')]
            .map((li) => [li.children.length, li.textContent])"""
    )
    assert [children for children, _ in shown] == [0] * len(problems)
    texts = [text for _, text in shown]
    assert any("<img src=x onerror=alert(1)>" in t for t in texts)
    assert any("<b>x</b>" in t for t in texts)
    assert not any("\u202e" in t for t in texts)  # shown as an escape, not acted on
    assert host.page.query_selector("img, b") is None
    host.clean()


def test_a_new_schema_starts_over_and_answers_once(host: Host) -> None:
    show(host, NESTED)
    host.page.evaluate("(s) => { document.getElementById('subject').requestedSchema = s; }", SCHEMA)
    host.page.wait_for_selector("#f-name", timeout=TIMEOUT)
    assert host.page.evaluate("() => document.getElementById('subject').problems") == []
    host.page.focus("#f-name")
    host.page.keyboard.press("Escape")
    host.wait_events(1)
    host.page.wait_for_timeout(100)
    assert host.events() == [{"action": "cancel"}]  # the refused screen's listeners are gone
    host.clean()


def test_validate_before_it_is_shown(host: Host) -> None:
    """validate() and problems answer as soon as the schema is set, even off the page."""
    got = host.page.evaluate(
        """(s) => { const e = document.createElement("elicitation-form");
        e.requestedSchema = s; return [e.problems, e.validate({ name: "A" })]; }""",
        SCHEMA,
    )
    assert got == [[], load_form(SCHEMA, "cli").validate({"name": "A"})]


def test_a_default_that_fails_its_field_is_not_used(host: Host) -> None:
    """As load_form: the form is shown without it (EG140 alone refuses nothing)."""
    schema = {
        "type": "object",
        "properties": {
            "email": {"type": "string", "format": "email", "default": "not an email"},
            "size": {"type": "integer", "minimum": 1, "default": 0},
            "name": {"type": "string", "default": "Ada"},
        },
    }
    with pytest.warns(UserWarning, match="is not used"):
        module = load_form(schema, "cli")
    assert "default" not in module.REQUESTED_SCHEMA["properties"]["email"]
    show(host, schema)
    assert host.page.input_value("#f-email") == ""
    assert host.page.input_value("#f-size") == ""
    assert host.page.input_value("#f-name") == "Ada"
    assert host.page.evaluate("() => document.getElementById('subject').problems") == []
    host.page.click("#eg-accept")
    assert host.wait_events(1) == [{"action": "accept", "content": {"name": "Ada"}}]


def test_a_date_time_default_without_offset_is_read_as_local_time(host: Host) -> None:
    """As load_form (live/repairs.py): the offset of the user's time zone at that moment."""
    import os
    import time

    from elicit_gen.live.repairs import _in_local_time

    sent = ["2025-06-18T10:00:00", "2025-01-06T09:00:00.5"]
    saved = os.environ.get("TZ")
    os.environ["TZ"] = TIME_ZONE  # the test browser's: Python's repair in the same zone
    time.tzset()
    try:
        expected = [_in_local_time(value) for value in sent]
    finally:
        if saved is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = saved
        time.tzset()
    assert expected == ["2025-06-18T10:00:00+02:00", "2025-01-06T09:00:00.5+01:00"]
    schema = {
        "type": "object",
        "properties": {
            f"when{i}": {"type": "string", "format": "date-time", "default": value}
            for i, value in enumerate(sent)
        },
    }
    show(host, schema)
    host.page.click("#eg-accept")
    assert host.wait_events(1) == [
        {"action": "accept", "content": {f"when{i}": v for i, v in enumerate(expected)}}
    ]
