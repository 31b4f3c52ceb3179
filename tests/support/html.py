"""Driving generated HTML pages in headless Chromium (Playwright for Python, Debian's chromium).

One browser per test module (see the ``browser`` fixtures in the test modules); pages are written
to a temporary directory and loaded from ``file://``. An init script records every
``elicitation-result`` event, CSP violation and page error before the page's own script runs.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from elicit_gen.compiler import ir

from .cases import emit

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The time zone of every test browser context: DST in the year, so offsets differ by date.
TIME_ZONE = "Europe/Berlin"
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

RECORDER = """
(() => {
  const log = { events: [], violations: [], errors: [] };
  Object.defineProperty(window, "__egLog", { value: log });
  document.addEventListener("elicitation-result", (e) => log.events.push(JSON.stringify(e.detail)));
  document.addEventListener("securitypolicyviolation", (e) =>
    log.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  window.addEventListener("error", (e) => log.errors.push(String(e.message)));
})();
"""


@contextmanager
def launch() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def formcore_language(locale: str) -> Iterator[None]:
    """formcore's messages in ``locale`` while the block runs: the catalogue a generated module of
    that language carries, in place of the package's English one (what the page must match)."""
    from elicit_gen.i18n import translation
    from elicit_gen.runtime.core import i18n as runtime_i18n

    tr = translation(locale)
    saved = runtime_i18n._CATALOG
    runtime_i18n._CATALOG = runtime_i18n._Catalog(tr.locale, tr.plural_forms, dict(tr.messages))
    try:
        yield
    finally:
        runtime_i18n._CATALOG = saved


def write_page(form: ir.Form, directory: Path) -> Path:
    generated = emit(form, "html")
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    return path


class FormPage:
    """A generated page open in a browser tab, with helpers that fill fields like a user."""

    def __init__(self, page: Any, form: ir.Form, url: str) -> None:
        self.page = page
        self.form = form
        self.url = url
        self.problems: list[str] = []  # console errors, dialogs, requests seen by the test

    # --- filling -------------------------------------------------------------------------------

    def sel(self, field: ir.Field) -> str:
        return f'[id="{field.html_id}"]'

    def control(self, field: ir.Field) -> str:
        """The element that gets focus for ``field`` (the first checkbox of a group)."""
        if isinstance(field, ir.MultiSelectField):
            return f'[id="{field.html_id}_0"]'
        return self.sel(field)

    def fill(self, field: ir.Field, value: Any) -> None:
        """Enters ``value`` (a content value, as it would be delivered) into the field."""
        page = self.page
        if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE_TIME:
            page.fill(self.sel(field), local_input(value) if value else "")
        elif isinstance(field, ir.StringField):
            page.fill(self.sel(field), value)
        elif isinstance(field, ir.NumberField):
            page.fill(self.sel(field), "" if value is None else str(value))
        elif isinstance(field, ir.BooleanField):
            page.set_checked(self.sel(field), bool(value))
        elif isinstance(field, ir.SingleSelectField):
            values = [o.value for o in field.options]
            index = "" if value is None else str(values.index(value))
            # the <option> element itself: a string would also match a label ("2" of [2, 1, 4])
            option = page.query_selector(f'{self.sel(field)} option[value="{index}"]')
            page.select_option(self.sel(field), element=option)
        else:
            for i, option in enumerate(field.options):
                page.set_checked(f'[id="{field.html_id}_{i}"]', option.value in (value or ()))

    def fill_all(self, content: Mapping[str, Any]) -> None:
        for field in self.form.fields:
            if field.name in content:
                self.fill(field, content[field.name])

    def type_text(self, field: ir.Field, text: str) -> None:
        """Replaces the field's text by typing (key events, like a user)."""
        self.page.fill(self.sel(field), "")
        self.page.type(self.sel(field), text)

    # --- actions and results --------------------------------------------------------------------

    def submit(self) -> None:
        self.page.click("#eg-accept")

    def events(self) -> list[dict[str, Any]]:
        raw: list[str] = self.page.evaluate("window.__egLog.events")
        return [json.loads(e) for e in raw]

    def log(self, key: str) -> list[str]:
        result: list[str] = self.page.evaluate(f"window.__egLog.{key}")
        return result

    def result(self) -> dict[str, Any] | None:
        """The value of ``window.elicitation.result`` (JSON round trip), None while pending."""
        text = self.page.evaluate("""async () => {
                 const pending = new Promise((r) => setTimeout(() => r(null), 30));
                 const value = await Promise.race([window.elicitation.result, pending]);
                 return value === null ? null : JSON.stringify(value);
               }""")
        return None if text is None else dict(json.loads(text))

    def delivered(self) -> dict[str, Any]:
        """The one result the page delivered: the same by event and by promise."""
        events = self.events()
        assert len(events) == 1, f"expected one elicitation-result event, got {events}"
        assert self.result() == events[0]
        return events[0]

    def error_text(self, field: ir.Field) -> str:
        text: str = self.page.text_content(f'[id="{field.html_id}_err"]') or ""
        return text

    def error_visible(self, field: ir.Field) -> bool:
        visible: bool = self.page.is_visible(f'[id="{field.html_id}_err"]')
        return visible

    def focused_id(self) -> str:
        focused: str = self.page.evaluate("document.activeElement && document.activeElement.id")
        return focused

    def aria_invalid(self, field: ir.Field) -> str | None:
        value: str | None = self.page.get_attribute(self.control(field), "aria-invalid")
        return value


def local_input(rfc3339: str, zone: str = TIME_ZONE) -> str:
    """The ``datetime-local`` value a user in ``zone`` types for the instant ``rfc3339``."""
    local = dt.datetime.fromisoformat(rfc3339).astimezone(ZoneInfo(zone))
    return local.strftime("%Y-%m-%dT%H:%M:%S" if local.second else "%Y-%m-%dT%H:%M")


def same_content(form: ir.Form, actual: Mapping[str, Any], expected: Mapping[str, Any]) -> bool:
    """Content equality where date-times compare as instants (the page uses local offsets)."""
    if set(actual) != set(expected):
        return False
    for field in form.fields:
        if field.name not in actual:
            continue
        a, e = actual[field.name], expected[field.name]
        if isinstance(field, ir.StringField) and field.format is ir.StringFormat.DATE_TIME:
            if dt.datetime.fromisoformat(a) != dt.datetime.fromisoformat(e):
                return False
        elif a != e or isinstance(a, bool) != isinstance(e, bool):
            return False
    return True


def defaults(form: ir.Form) -> dict[str, Any]:
    """What an untouched page delivers for its optional fields: their pre-filled defaults."""
    result: dict[str, Any] = {}
    for field in form.fields:
        if field.default is None:
            continue
        if isinstance(field, ir.MultiSelectField):
            if field.default:
                result[field.name] = list(field.default)
        else:
            result[field.name] = field.default
    return result


EMOJI = "\U0001f600"  # one code point, two UTF-16 units: JSON Schema counts it as one character


def invalid_inputs(field: ir.Field) -> list[tuple[str, Any]]:
    """(what, value) pairs the field must refuse; each value as :meth:`FormPage.fill` takes it."""
    cases: list[tuple[str, Any]] = []
    if isinstance(field, ir.StringField):
        if field.required:
            cases.append(("empty required", ""))
        if field.min_length is not None and field.min_length > 1:
            cases.append(("too short (code points)", EMOJI * (field.min_length - 1)))
        if field.max_length is not None:
            cases.append(("too long (code points)", EMOJI * (field.max_length + 1)))
        if field.format is ir.StringFormat.EMAIL:
            cases += [("not an email", "ada.example.com"), ("email with space", "ada @example.com")]
        if field.format is ir.StringFormat.URI:
            cases += [("relative URI", "example.com/page"), ("URI with space", "https://a b.com/")]
    elif isinstance(field, ir.NumberField):
        if field.required:
            cases.append(("empty required", None))
        if field.minimum is not None:
            cases.append(("below minimum", field.minimum - 1))
        if field.maximum is not None:
            cases.append(("above maximum", field.maximum + 1))
        if field.integer:
            lo = field.minimum if field.minimum is not None else 0
            cases.append(("not whole", f"{math.ceil(lo)}.5"))
    elif isinstance(field, ir.SingleSelectField):
        if field.required and field.default is None:
            cases.append(("no choice", None))
    elif isinstance(field, ir.MultiSelectField):
        n = len(field.options)
        if field.min_items is not None and field.min_items > 1:
            cases.append(("too few", [o.value for o in field.options[: field.min_items - 1]]))
        elif field.required and (field.min_items or 0) >= 1:
            cases.append(("none chosen", []))
        if field.max_items is not None and field.max_items < n:
            cases.append(("too many", [o.value for o in field.options[: field.max_items + 1]]))
    return cases


def violations(page: Any, axe_source: str) -> list[str]:
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source)
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"])
        for v in found
    ]
