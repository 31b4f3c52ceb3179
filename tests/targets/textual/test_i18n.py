"""The textual target in Chinese (issue 18): a form compiled with ``--locale zh-CN`` and the
zh-CN URL consent screen, run headless through Textual's pilot, show no English chrome (every
word elicit-gen writes is from the zh-CN catalogue: buttons, hints, errors, the status line, the
discard question, the keys line, the key bindings a host's footer shows, notifications), and
mixed Chinese and Latin text is laid out by terminal cells (a Chinese character takes two
columns): no label, button or check box is cut, at 80x24 and in smaller terminals."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select, Static, TextArea

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.i18n import translation
from elicit_gen.records import replace

from ...support.cases import forms, write_and_import
from ...support.chrome import english_chrome
from ...support.consent import Recorder, import_generated
from ...support.textual import (
    Host,
    finish,
    focus_field,
    in_host,
    push,
    screen_class,
    screen_text,
    type_text,
)

ZH = forms("travel_booking_zh")[0]
TR = translation("zh-CN")
SERVER = "旅行助手"


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("textual_zh")


@pytest.fixture(scope="module")
def zh_module(directory: Path) -> ModuleType:
    return write_and_import(ZH, "textual", directory)


# --- what the terminal shows ------------------------------------------------------------------


def _words_of(widget: Widget) -> list[str]:
    """The words a widget shows that elicit-gen wrote or chose (labels, prompts, placeholders,
    hints, errors), whether or not it is scrolled into view now."""
    if isinstance(widget, (Button, Checkbox)):
        return [str(widget.label)]
    if isinstance(widget, Input):
        return [widget.placeholder]
    if isinstance(widget, TextArea):
        return [str(widget.placeholder)]
    if isinstance(widget, Select):
        return [widget.prompt]
    if isinstance(widget, Static):
        return [str(widget.render())]
    return []


def shown(app: App[Any]) -> str:
    """Everything the app shows: the terminal (the screenshot's text, which holds notifications
    and open menus), the words of every widget on every screen of the stack, the key bindings a
    footer shows for the active screen (their descriptions and tooltips) and the app's title."""
    parts = [screen_text(app)]
    if not isinstance(app, Host):  # a host app's title is the host's
        parts += [app.title, app.sub_title]
    for screen in app.screen_stack:
        for widget in screen.query("*"):
            parts.extend(_words_of(widget))
    for active in app.screen.active_bindings.values():
        if active.binding.show:
            parts += [active.binding.description, active.binding.tooltip, active.tooltip]
    parts += [str(n.message) + "\n" + str(n.title) for n in app._notifications]
    return "\n".join(parts)


def schema_texts(form: ir.Form) -> list[str]:
    """The texts that come from the schema (the server's words, in whatever language)."""
    texts = [form.message or "", form.title or "", form.description or ""]
    for field in form.fields:
        texts += [field.label, field.description or ""]
        if isinstance(field, (ir.SingleSelectField, ir.MultiSelectField)):
            texts += [option.label for option in field.options]
    return [text for text in texts if text]


def chrome(app: App[Any], form: ir.Form | None = None) -> list[str]:
    """The English chrome left in what the app shows (the schema's own texts left out)."""
    text = shown(app)
    for own in sorted(schema_texts(form) if form else [], key=len, reverse=True):
        text = text.replace(own, " ")
    return english_chrome(text)


# --- the Chinese travel form --------------------------------------------------------------------


def run_zh(module: ModuleType, script: Any, size: tuple[int, int] = (100, 50)) -> None:
    async def main() -> None:
        app = getattr(module, f"{ZH.class_name}App")(server=SERVER)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def field(name: str) -> ir.Field:
    return next(f for f in ZH.fields if f.name == name)


async def type_into(pilot: Pilot[Any], name: str, text: str) -> None:
    await focus_field(pilot, field(name))
    await pilot.press("home", "ctrl+k")
    await type_text(pilot, text)


@pytest.mark.parametrize("size", [(100, 50), (80, 24)])
def test_the_chinese_travel_form_shows_no_english_chrome(
    size: tuple[int, int], zh_module: ModuleType
) -> None:
    """As it opens, with a select open, after Submit refused invalid answers (every field's
    error, the status line) and with the discard question open."""
    seen: list[str] = []

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert chrome(app, ZH) == [], shown(app)
        text = shown(app)
        for words in ("提交", "拒绝", "取消", "（必填）", f"{SERVER} 询问：", "2 到 40 个字符"):
            assert words in text, words
        assert TR.gettext("Choose one (optional)") in text  # the select's prompt, not "Select"
        assert "2 到 40 个字符。" in text  # a placeholder: a sentence, with its full stop
        # a select open: its menu over the form
        await focus_field(pilot, field("roomType"))
        await pilot.press("enter")
        await pilot.pause()
        assert chrome(app, ZH) == [], shown(app)
        await pilot.press("escape")
        # invalid answers everywhere a text box takes one, then Submit
        await type_into(pilot, "fullName", "张")
        await type_into(pilot, "email", "zhang@")
        await type_into(pilot, "departureDate", "2026-02-30")
        await type_into(pilot, "travellers", "12")
        await type_into(pilot, "budget", "10")
        await pilot.press("ctrl+s")
        await pilot.pause()
        errors = [str(w.render()) for w in app.screen.query(".error").results(Static) if w.display]
        status = str(app.screen.query_one("#status", Static).render())
        assert status == TR.ngettext(
            "Not sent: {n} field needs attention.", "Not sent: {n} fields need attention.", 6
        )
        assert len([e for e in errors if e]) == 6, errors
        assert chrome(app, ZH) == [], shown(app)
        seen.append(shown(app))
        # the discard question
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "DiscardModal"
        assert chrome(app, ZH) == [], shown(app)
        text = shown(app)
        for words in ("放弃", "继续编辑", TR.gettext("Discard your answers?")):
            assert words in text
        await pilot.press("escape")  # keep editing
        await pilot.pause()
        await pilot.press("ctrl+c")

    run_zh(zh_module, script, size)
    assert seen


def test_the_footer_shows_the_keys_in_chinese(zh_module: ModuleType) -> None:
    """The bindings a host app's footer shows are described in the form's language."""

    async def script(pilot: Pilot[Any]) -> None:
        described = {
            key: active.binding.description
            for key, active in pilot.app.screen.active_bindings.items()
            if active.binding.show
        }
        assert described == {"escape": "取消", "ctrl+s": "提交"}
        await pilot.press("ctrl+c")

    run_zh(zh_module, script)


def test_every_kind_of_field_words_its_hints_in_chinese(tmp_path: Path, paris: None) -> None:
    """The words only some fields show: a date-time's note (and what is sent), an optional
    check box not answered yet, a multi-select without bounds, a long text, a format's example
    with a length; and a form without fields."""
    schema = {
        "type": "object",
        "properties": {
            "start": {"type": "string", "title": "开始时间", "format": "date-time"},
            "agree": {"type": "boolean", "title": "订阅通讯"},
            "tags": {
                "type": "array",
                "title": "标签",
                "items": {"type": "string", "enum": ["甲", "乙"]},
            },
            "single": {"type": "string", "title": "城市", "enum": ["北京", "上海"]},
            "story": {"type": "string", "title": "经历", "maxLength": 2000},
            "site": {"type": "string", "title": "网站", "format": "uri", "maxLength": 80},
        },
        "required": ["single"],
    }
    zh_forms = []
    for stem, body in (("every_zh", schema), ("none_zh", {"type": "object", "properties": {}})):
        path = tmp_path / f"{stem}.json"
        request = {"message": "请填写以下信息。", "requestedSchema": body}
        path.write_text(json.dumps(request), encoding="utf-8")
        result = elicit_gen.compile(path, [])
        assert result.ok, [d.to_text() for d in result.diagnostics]
        zh_forms.append(replace(result.forms[0], locale="zh-CN"))
    every, empty = zh_forms
    every_module = write_and_import(every, "textual", tmp_path)
    empty_module = write_and_import(empty, "textual", tmp_path)

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        results = await push(pilot, screen_class(every, every_module)(server=SERVER))
        text = shown(app)
        assert chrome(app, every) == [], text
        assert "UTC+0" in text  # the note on local time, in Chinese around the offset
        assert TR.gettext("Choose any. Space toggles an option.") in text
        assert TR.gettext("Not answered yet: left out unless you toggle it.") in text
        # placeholders are sentences, as the other targets' hints: the length's, then the
        # format's example
        placeholders = {
            box.id: str(box.placeholder) for box in app.screen.query("#fields Input, TextArea")
        }
        assert placeholders["f-site"] == "最多 80 个字符。示例：https://example.com/page"
        assert placeholders["f-story"] == "最多 2000 个字符。"
        start = next(f for f in every.fields if f.name == "start")
        await focus_field(pilot, start)
        await type_text(pilot, "2026-07-01 09:30")
        await pilot.pause()
        note = str(app.screen.query_one(f"#read-{start.html_id}", Static).render())
        assert note == TR.gettext("Sent as {value}", value="2026-07-01T09:30:00+02:00")
        assert chrome(app, every) == [], shown(app)
        await pilot.press("ctrl+s")  # the city is missing
        await pilot.pause()
        assert chrome(app, every) == [], shown(app)
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}
        results = await push(pilot, screen_class(empty, empty_module)(server=SERVER))
        assert TR.gettext("This form has no fields.") in shown(app)
        assert chrome(app, empty) == [], shown(app)
        await pilot.press("ctrl+c")
        assert await finish(pilot, results) == {"action": "cancel"}

    in_host(script)


def test_english_forms_keep_their_english_words(tmp_path: Path) -> None:
    """The same form compiled in English (the default) shows the English catalogue."""
    english = replace(ZH, locale="en")
    module = write_and_import(english, "textual", tmp_path)

    async def script(pilot: Pilot[Any]) -> None:
        text = shown(pilot.app)
        for words in ("Submit", "Decline", "Cancel", " (required)", f"{SERVER} asks:"):
            assert words in text, words
        labels = [str(b.label) for b in pilot.app.screen.query("#actions Button").results(Button)]
        assert labels == ["Submit", "Decline", "Cancel"]
        assert "（必填）" not in text
        await pilot.press("ctrl+c")

    run_zh(module, script)


# --- mixed Chinese and Latin text, laid out by terminal cells -----------------------------------


def drawn(widget: Widget) -> str:
    """What the widget draws inside its border and padding (its lines joined, spaces
    dropped)."""
    gutter = widget.styles.gutter
    lines = widget.render_lines(Region(gutter.left, gutter.top, *widget.size))
    return "".join("".join(line.text for line in lines).split())


def _check_whole(app: App[Any]) -> list[str]:
    """Every label, hint and error of the form drawn whole and inside the dialog; every button
    and check box as wide as its label in terminal cells (a Chinese character takes two)."""
    problems: list[str] = []
    screen = app.screen
    dialog = screen.query_one("#dialog").content_region
    for widget in screen.query("Static, Button, Checkbox, Input"):
        if not widget.display or not widget.size.area:
            continue
        region = widget.region
        if not (dialog.x <= region.x and region.right <= dialog.right):
            problems.append(f"{widget!r} sticks out of the dialog: {region} vs {dialog}")
        if isinstance(widget, Button):
            label = str(widget.label)
            if cell_len(label) > widget.content_region.width:
                problems.append(f"button {label!r} is cut: {widget.content_region}")
        elif isinstance(widget, Checkbox):
            label = str(widget.label)
            if "".join(label.split()) not in drawn(widget):
                problems.append(f"check box {label!r} is cut: {drawn(widget)!r}")
        elif isinstance(widget, Input) and screen.size.width >= 50:
            # (a one-line box: a terminal narrower than 50 columns cuts a long placeholder
            # in any language)
            hint = widget.placeholder
            if not widget.value and cell_len(hint) > widget.content_region.width:
                problems.append(f"placeholder {hint!r} is cut: {widget.content_region}")
        elif isinstance(widget, Static) and widget.parent is not None:
            text = "".join(str(widget.render()).split())
            in_select = type(widget.parent).__name__.startswith("Select")
            if text and not in_select and text not in drawn(widget):
                problems.append(f"{text!r} is cut: {drawn(widget)!r}")
    return problems


@pytest.mark.parametrize("size", [(80, 24), (50, 20), (30, 24)])
def test_chinese_labels_buttons_and_check_boxes_are_drawn_whole(
    size: tuple[int, int], zh_module: ModuleType
) -> None:
    """At 80x24 and in smaller terminals, also with every error shown."""

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert _check_whole(app) == []
        await type_into(pilot, "fullName", "张")
        await type_into(pilot, "email", "zhang@")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert _check_whole(app) == []
        await pilot.press("ctrl+c")

    run_zh(zh_module, script, size)


@pytest.mark.parametrize("width", [24, 26])
def test_chinese_buttons_are_stacked_by_their_width_in_cells(
    width: int, zh_module: ModuleType
) -> None:
    """提交 拒绝 取消 take 3 x 4 columns, not 3 x 2: at these widths the row of buttons would fit
    by ``len()`` but not on the terminal, so the buttons are stacked, each drawn whole."""
    labels = ["提交", "拒绝", "取消"]
    room = width - 4  # the dialog's border and padding
    by_len = sum(len(label) + 4 for label in labels)  # compact: line padding, margin
    by_cells = sum(cell_len(label) + 4 for label in labels)
    assert by_len <= room < by_cells

    async def script(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert screen.has_class("-narrow")
        buttons = list(screen.query("#actions Button").results(Button))
        assert [str(b.label) for b in buttons] == labels
        assert len({b.region.y for b in buttons}) == 3  # one a row
        assert _check_whole(pilot.app) == []
        await pilot.press("ctrl+c")

    run_zh(zh_module, script, (width, 24))


def test_a_long_check_box_label_wraps_instead_of_being_cut(
    zh_module: ModuleType,
) -> None:
    """Textual's check box cuts a label wider than the box with an ellipsis: the form's wraps
    (确认预订（必填） is 8 characters, but 16 columns)."""

    async def script(pilot: Pilot[Any]) -> None:
        box = pilot.app.screen.query_one(f"#{field('confirmBooking').html_id}", Checkbox)
        assert "…" not in drawn(box)
        assert "确认预订（必填）" in drawn(box)
        assert box.region.height > 3  # a border above and below, and two lines
        await pilot.press("ctrl+c")

    run_zh(zh_module, script, (24, 30))


# --- the zh-CN URL consent screen ---------------------------------------------------------------


@pytest.fixture(scope="module")
def zh_consent(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    (file,) = elicit_gen.compile_url_consent("textual", locale="zh-CN")
    path = tmp_path_factory.mktemp("consent_zh") / file.name
    path.write_text(file.text, encoding="utf-8")
    return import_generated(path)


def consent_run(
    consent: ModuleType,
    url: str,
    keys: tuple[str, ...],
    *,
    server: str | None = "日历助手",
    opener: Recorder | None = None,
    size: tuple[int, int] = (80, 24),
    revision: str | None = None,
) -> tuple[list[str], dict[str, Any] | None]:
    """Shows the consent screen, presses ``keys``; returns the chrome found before and after,
    and the result."""
    found: list[str] = []
    results: list[dict[str, Any] | None] = []

    async def main() -> None:
        app = Host()
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            screen = consent.UrlConsentScreen(
                "请登录以连接您的日历。",
                url,
                server=server,
                elicitation_id="请求-42",
                revision=revision,
                opener=opener if opener is not None else Recorder(),
            )
            app.push_screen(screen, callback=results.append)
            await pilot.pause()
            found.extend(english_chrome(shown(app)))
            assert "取消" in shown(app)
            await pilot.press(*keys)
            await pilot.pause()
            found.extend(english_chrome(shown(app)))

    asyncio.run(main())
    return found, (results[0] if results else None)


def test_the_chinese_consent_screen_shows_no_english_chrome(zh_consent: ModuleType) -> None:
    """Opened (the notification after Open too), refused, warned about, with no server name,
    with a failing browser (the screen stays, for the address to be opened elsewhere), after
    Open in a 2026-07-28 session (waiting for "I've finished"), and when the step is
    complete."""
    url = "https://login.example.com/authorize?x=1"
    found, result = consent_run(zh_consent, url, ("tab", "enter"))
    assert found == [] and result == {"action": "accept"}
    found, result = consent_run(zh_consent, "javascript:alert(1)", ("escape",))
    assert found == [] and result == {"action": "cancel"}
    found, result = consent_run(zh_consent, "https://xn--pple-43d.com/", ("escape",), server=None)
    assert found == [] and result == {"action": "cancel"}
    failing = Recorder(fail=OSError("没有浏览器"))
    found, result = consent_run(zh_consent, url, ("tab", "enter"), opener=failing)
    assert found == [] and result is None
    for opener in (None, failing):
        found, result = consent_run(
            zh_consent, url, ("tab", "enter"), opener=opener, revision="2026-07-28"
        )
        assert found == [] and result is None
    found, result = consent_run(
        zh_consent, url, ("tab", "enter", "tab", "enter"), revision="2026-07-28"
    )  # Open, then "I've finished"
    assert found == [] and result == {"action": "accept"}
    found, result = consent_run(zh_consent, url, ("escape",), size=(50, 20))
    assert found == [] and result == {"action": "cancel"}

    async def complete() -> None:
        app = Host()
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            zh_consent.notify_complete(app, url)
            await pilot.pause()
            text = shown(app)
            assert "已在浏览器中完成" in text and english_chrome(text) == []

    asyncio.run(complete())


def test_the_chinese_consent_screen_words(zh_consent: ModuleType) -> None:
    assert zh_consent.DEFAULT_SERVER == TR.gettext("An MCP server") != "An MCP server"

    async def main() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = zh_consent.UrlConsentScreen("", "https://example.com/a", server=None)
            app.push_screen(screen)
            await pilot.pause()
            text = shown(app)
            assert TR.gettext("An MCP server") in text
            assert TR.gettext("Open in browser") in text
            described = {
                key: a.binding.description
                for key, a in app.screen.active_bindings.items()
                if a.binding.show
            }
            assert described == {"escape": "取消"}
            buttons = list(app.screen.query("#actions Button").results(Button))
            for button in buttons:
                assert cell_len(str(button.label)) <= button.content_region.width

    asyncio.run(main())
