"""Drives generated Textual forms with the keyboard, through Textual's pilot.

Everything here presses keys the way a user would: Tab from field to field (asserting the focus
order), typing characters, Space on check boxes and multi-select options, Enter/arrows in selects.
Typed text reaches the app as a terminal delivers a fast typist's keys: a burst of key events,
each handled in order (:func:`type_text`). A text may be pasted instead (``paste=True``): the
terminal's bracketed paste, one ``Paste`` event through the app to the focused box, where a test
is about what a value does, not about typing it.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Input, Select, SelectionList, Static, TextArea

from elicit_gen.compiler import ir

from .cases import all_forms, write_and_import

SIZE = (100, 50)

#: the value a test leaves out on purpose (``values`` maps a field to it: empty the field)
EMPTY = object()


def generate_all(directory: Path) -> dict[str, tuple[ir.Form, ModuleType]]:
    """Every golden form's textual module, written into ``directory`` and imported."""
    return {key: (form, write_and_import(form, "textual", directory)) for key, form in all_forms()}


def app_class(form: ir.Form, module: ModuleType) -> type[App[dict[str, Any]]]:
    cls: type[App[dict[str, Any]]] = getattr(module, f"{form.class_name}App")
    return cls


def run(
    form: ir.Form,
    module: ModuleType,
    script: Callable[[Pilot[dict[str, Any]]], Awaitable[None]],
    **kwargs: Any,
) -> dict[str, Any] | None:
    """Runs the form's App headless, lets ``script`` drive it, returns ``app.return_value``."""
    app = app_class(form, module)(**kwargs)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await ready(pilot, lambda screen: isinstance(screen, ModalScreen))
            await script(pilot)
            await pilot.pause()

    asyncio.run(main())
    return app.return_value


def number_text(value: int | float) -> str:
    return str(value)


def screen_class(form: ir.Form, module: ModuleType) -> Callable[..., Screen[dict[str, Any]]]:
    """The form's ``<ClassName>Screen`` class."""
    cls: Callable[..., Screen[dict[str, Any]]] = getattr(module, f"{form.class_name}Screen")
    return cls


class Host(App[None]):
    """A host application: tests push form screens onto it, as a Textual MCP client would."""

    def compose(self) -> ComposeResult:
        yield Static("host application", id="host")


def in_host(script: Callable[[Pilot[None]], Awaitable[None]], size: tuple[int, int] = SIZE) -> None:
    """Runs a host app headless for the whole ``script`` (one app for many screens is faster)."""

    async def main() -> None:
        app = Host()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def push(pilot: Pilot[Any], screen: Screen[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """Pushes a form screen; the returned list receives its result when it is dismissed."""
    results: list[dict[str, Any] | None] = []
    pilot.app.push_screen(screen, callback=results.append)
    await ready(pilot, lambda top: top is screen)
    return results


async def ready(
    pilot: Pilot[Any], is_it: Callable[[Screen[Any]], bool], limit_s: float = 30.0
) -> Screen[Any]:
    """Waits until the app's top screen is the one ``is_it`` picks, drawn and focused, and
    returns it. The form and consent screens drop every key read before their first refresh
    (typed ahead, never meant for them: ``_FreshKeysModal``), so a key pressed as soon as the
    screen is pushed is lost on a busy machine: each test that presses keys waits here first."""
    for _ in range(int(limit_s / 0.02)):
        screen = pilot.app.screen
        drawn = getattr(screen, "_shown_at", 0.0) is not None  # (screens without the guard: 0)
        if is_it(screen) and drawn and pilot.app.focused is not None:
            await pilot.pause()
            return screen
        await pilot.pause(0.02)
    raise AssertionError(f"no screen was ready within {limit_s} s (on top: {pilot.app.screen!r})")


async def finish(pilot: Pilot[Any], results: list[dict[str, Any] | None]) -> dict[str, Any] | None:
    """Waits for the screen to be dismissed and returns its result."""
    for _ in range(20):
        if results:
            break
        await pilot.pause()
    assert len(results) == 1, results
    return results[0]


async def type_text(pilot: Pilot[Any], text: str, *, paste: bool = False) -> None:
    """Types ``text`` into the focused control: one key event per character, sent as a terminal
    delivers a fast typist's keys (in one burst, handled in order, one refresh for the lot, where
    ``pilot.press`` waits for the screen after each key); or, with ``paste``, one ``Paste``."""
    if paste and text:
        pilot.app.post_message(events.Paste(text))
        await pilot.pause()
        return
    driver = pilot.app._driver
    assert driver is not None
    for character in text:
        key = events.Key(_character_to_key(character), character)
        key.set_sender(pilot.app)
        driver.send_message(key)
    await pilot.pause()


async def set_field(
    pilot: Pilot[Any], field: ir.Field, value: object, *, paste: bool = False
) -> None:
    """Sets the focused control of ``field`` to ``value`` with the keyboard (EMPTY: clear it);
    a text is pasted rather than typed with ``paste``."""
    app = pilot.app
    widget = app.focused
    assert widget is not None and widget.id == field.html_id, (
        f"focus is on {widget!r}, expected the control of {field.name!r}"
    )
    if isinstance(widget, Input):
        if widget.value:
            await pilot.press("home", "ctrl+k")  # clear the box
        if value is not EMPTY:
            text = value if isinstance(value, str) else number_text(value)  # type: ignore[arg-type]
            await type_text(pilot, text, paste=paste)
            assert widget.value == text, (widget.value, text)
        else:
            assert widget.value == ""
    elif isinstance(widget, TextArea):  # a long text: Enter starts a line, Tab leaves
        if widget.text:
            await pilot.press("f7", "backspace")  # select all, delete
        if value is not EMPTY:
            assert isinstance(value, str)
            await type_text(pilot, value, paste=paste)
        assert widget.text == ("" if value is EMPTY else value)
    elif isinstance(widget, Checkbox):
        assert isinstance(value, bool)
        # Toggle twice when it already shows the value: that answers an optional check box.
        await pilot.press("space")
        if widget.value != value:
            await pilot.press("space")
        assert widget.value == value
        assert not app.screen.query(f"#unset-{field.html_id}")  # no "not answered" note now
    elif isinstance(widget, Select):
        assert isinstance(field, ir.SingleSelectField)
        values = [o.value for o in field.options]
        offset = 1 if widget._allow_blank else 0
        index = 0 if value is EMPTY else values.index(value) + offset
        await pilot.press("enter", "home", *["down"] * index, "enter")
        assert widget.is_blank() if value is EMPTY else widget.value == value
        assert app.focused is widget
    elif isinstance(widget, SelectionList):
        assert isinstance(field, ir.MultiSelectField)
        wanted = [] if value is EMPTY else list(value)  # type: ignore[call-overload]
        await pilot.press("home")
        for option in field.options:
            if (option.value in widget.selected) != (option.value in wanted):
                await pilot.press("space")
            await pilot.press("down")
        assert sorted(widget.selected) == sorted(wanted)
    else:  # pragma: no cover - a new widget kind needs a branch here
        raise AssertionError(f"unexpected control {widget!r}")


async def fill(
    pilot: Pilot[Any], form: ir.Form, values: Mapping[str, object], *, paste: bool = False
) -> None:
    """Tabs through every field in order, setting those named in ``values`` (texts pasted with
    ``paste``); ends on Submit."""
    for field in form.fields:
        if field.name in values:
            await set_field(pilot, field, values[field.name], paste=paste)
        else:
            focused = pilot.app.focused
            assert focused is not None and focused.id == field.html_id, (focused, field.name)
        await pilot.press("tab")
    focused = pilot.app.focused
    assert focused is not None and focused.id == "submit", focused


async def focus_field(pilot: Pilot[Any], field: ir.Field) -> None:
    pilot.app.screen.query_one(f"#{field.html_id}").focus()
    await pilot.pause()


def error_text(app: App[Any], field: ir.Field) -> str:
    return str(app.screen.query_one(f"#error-{field.html_id}", Static).render())


def screen_text(app: App[Any]) -> str:
    """What the terminal shows, as text (from the SVG screenshot, tags removed)."""
    svg = app.export_screenshot()
    body = svg[svg.index("<g class=") :]
    text = html.unescape(re.sub(r"<[^>]+>", "", body))
    return text.replace("\xa0", " ")
