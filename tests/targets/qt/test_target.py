"""Behaviour of the ``qt`` target: every golden form's generated module is written to disk,
imported, and its dialog driven offscreen with real key input (pytest-qt)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import elicit_gen

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QTextDocumentFragment, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from elicit_gen.compiler import ir
from elicit_gen.i18n import translation
from elicit_gen.targets.common.text import UNSAFE_CLASS
from elicit_gen.targets.qt import QT_FORM_PARTS, window_title

from ...support.cases import all_forms, forms, sample_value, valid_content, write_and_import
from ...support.formatters import Formatters
from ...support.lint import assert_lint_clean
from ...support.qt import (
    choose,
    clear_and_type,
    fill,
    focus,
    open_dialog,
    press_space,
    submit,
    tick,
    type_date,
)

FORMS = all_forms()
IDS = [name for name, _ in FORMS]
WITH_FIELDS = [(name, form) for name, form in FORMS if form.fields]
WITH_FIELDS_IDS = [name for name, _ in WITH_FIELDS]


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("qt")


@pytest.fixture(scope="module")
def modules(out_dir: Path) -> dict[str, ModuleType]:
    """Every golden form's generated module, written to ``out_dir`` and imported."""
    return {name: write_and_import(form, "qt", out_dir) for name, form in FORMS}


def check_schema(form: ir.Form, content: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(
        form.schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = [e.message for e in validator.iter_errors(content)]
    assert not errors, errors


def defaults(form: ir.Form) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for f in form.fields:
        if f.default is not None:
            result[f.name] = list(f.default) if isinstance(f.default, tuple) else f.default
    return result


def by_name(form: ir.Form, name: str) -> ir.Field:
    return next(f for f in form.fields if f.name == name)


def long_text(dialog: Any) -> set[str]:
    """The fields of ``dialog`` with a multi-line editor (qt_support's fill types only
    into one-line ones)."""
    return {
        name
        for name in dialog.form_schema["properties"]
        if isinstance(dialog.field_widget(name), QPlainTextEdit)
    }


def find(case: str, stem: str | None = None) -> tuple[str, ir.Form]:
    form = next(f for f in forms(case) if stem is None or f.stem == stem)
    return f"{case}:{form.stem}", form


# --- the happy path --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_keyboard_input_is_accepted_and_valid(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    dialog = open_dialog(qtbot, modules[name], form, server="Test server")
    content = valid_content(form)
    fill(qtbot, dialog, form, content)
    with qtbot.waitSignal(dialog.result_ready, timeout=2000) as blocker:
        submit(qtbot, dialog)
    result = dialog.elicit_result()
    assert result == {"action": "accept", "content": content}
    assert blocker.args == [result]
    check_schema(form, result["content"])
    assert modules[name].validate(result["content"]) == {}
    for f in form.fields:  # JSON types as the spec wants them, not strings
        assert type(result["content"][f.name]) is type(sample_value(f))
    assert dialog.result() == dialog.DialogCode.Accepted.value
    assert not dialog.isVisible()


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_untouched_optional_fields_are_absent(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    dialog = open_dialog(qtbot, modules[name], form)
    required = valid_content(form, optional=False)
    fill(qtbot, dialog, form, required)
    submit(qtbot, dialog)
    # Defaults are pre-filled (and so sent); every other optional field is left out.
    assert dialog.elicit_result() == {"action": "accept", "content": defaults(form) | required}


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_decline_cancel_escape_and_close(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    module = modules[name]
    dialog = open_dialog(qtbot, module, form)
    qtbot.mouseClick(dialog.decline_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "decline"}
    assert dialog.result() == dialog.DialogCode.Rejected.value

    dialog = open_dialog(qtbot, module, form)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "cancel"}

    # Escape on an untouched form cancels at once
    dialog = open_dialog(qtbot, module, form)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
    assert dialog.elicit_result() == {"action": "cancel"}
    assert not dialog.isVisible()

    # on a form the user filled in, it asks first (tests/targets/qt/test_ux.py drives the question)
    dialog = open_dialog(qtbot, module, form)
    content = valid_content(form, optional=False)
    if content:
        fill(qtbot, dialog, form, content)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
    if dialog.has_changes():
        assert dialog.elicit_result() is None
        assert dialog.discard_question is not None and dialog.discard_question.isVisible()
        qtbot.mouseClick(dialog.discard_button, Qt.MouseButton.LeftButton)
    assert dialog.elicit_result() == {"action": "cancel"}
    assert not dialog.isVisible()

    dialog = open_dialog(qtbot, module, form)
    dialog.close()
    assert dialog.elicit_result() == {"action": "cancel"}


def test_enter_submits_and_alt_d_declines(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("contact")
    dialog = open_dialog(qtbot, modules[name], form)
    fill(qtbot, dialog, form, {"name": "Ada", "email": "ada@example.com"})
    qtbot.keyClick(dialog.field_widget("email"), Qt.Key.Key_Return)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"name": "Ada", "email": "ada@example.com"},
    }
    dialog = open_dialog(qtbot, modules[name], form)
    focus(qtbot, dialog.field_widget("name"))
    qtbot.keyClick(dialog.field_widget("name"), Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: dialog.elicit_result() is not None, timeout=2000)  # animateClick
    assert dialog.elicit_result() == {"action": "decline"}


def test_result_is_final(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("contact")
    dialog = open_dialog(qtbot, modules[name], form)
    qtbot.mouseClick(dialog.decline_button, Qt.MouseButton.LeftButton)
    dialog.cancel()
    assert dialog.elicit_result() == {"action": "decline"}


# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "form"), WITH_FIELDS, ids=WITH_FIELDS_IDS)
def test_missing_required_fields_are_refused(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    dialog = open_dialog(qtbot, modules[name], form)
    missing = [
        f
        for f in form.fields
        if f.required
        and f.default is None
        and not isinstance(f, (ir.BooleanField, ir.MultiSelectField))
    ]
    submit(qtbot, dialog)
    if not missing:
        assert dialog.elicit_result() is not None
        return
    assert dialog.elicit_result() is None
    assert dialog.isVisible()
    for f in missing:
        error = dialog.error_label(f.name)
        assert error.isVisible()
        # in the form's language (travel_booking_zh is compiled for zh-CN)
        assert error.text() == translation(form.locale).gettext("This field is required.")
        assert dialog.field_widget(f.name).accessibleDescription() == error.text()
    # The first invalid field has the focus.
    first = dialog.editor(missing[0].name).focus_target()
    qtbot.waitUntil(first.hasFocus, timeout=2000)
    summary = dialog.findChild(QLabel, "summary")
    shown = sum(dialog.error_label(f.name).isVisible() for f in form.fields)
    expected = translation(form.locale).ngettext(
        "Please correct {n} field before submitting.",
        "Please correct {n} fields before submitting.",
        shown,
    )
    assert summary.isVisible() and summary.text() == expected
    # Fixing them clears the messages live, and then Submit goes through.
    fill(qtbot, dialog, form, valid_content(form, optional=False))
    assert not any(dialog.error_label(f.name).isVisible() for f in form.fields)
    submit(qtbot, dialog)
    assert dialog.elicit_result() is not None
    check_schema(form, dialog.elicit_result()["content"])


INVALID_INPUT = [
    # (case, field, what is typed, the message shown)
    ("contact", "email", "not-an-email", "Not an email address."),
    ("contact", "age", "17", "Must be at least 18."),
    ("contact", "age", "eighteen", "Must be a number."),
    ("every_kind", "project_name", "ab", "Has 2 characters, but at least 3 are needed."),
    (
        "every_kind",
        "homepage",
        "example.com",
        "Not an absolute URI.",
    ),
    ("every_kind", "team_size", "501", "Must be at most 500."),
    ("every_kind", "team_size", "2.5", "Must be a whole number."),
    ("every_kind", "budget", "1000000.75", "Must be at most 1000000.5."),
    ("bounds", "big", "9007199254740992", "Must be at most 9007199254740991."),
    ("bounds", "beyond32", "2999999999", "Must be at least 3000000000."),
    ("bounds", "negative", "-9", "Must be at most -10."),
    ("bounds", "code", "abcde", "Has 5 characters, but exactly 4 are needed."),
    ("formats", "email", "a@b@c", "Not an email address."),
]


@pytest.mark.parametrize(("case", "field", "typed", "message"), INVALID_INPUT)
def test_invalid_input_is_refused_with_a_visible_message(
    qtbot: QtBot, modules: dict[str, ModuleType], case: str, field: str, typed: str, message: str
) -> None:
    name, form = find(case)
    dialog = open_dialog(qtbot, modules[name], form)
    fill(qtbot, dialog, form, valid_content(form))
    widget = dialog.field_widget(field)
    clear_and_type(qtbot, widget, typed)
    qtbot.keyClick(widget, Qt.Key.Key_Tab)  # leaving the field shows its message at once
    error = dialog.error_label(field)
    assert error.isVisible() and error.text() == message
    submit(qtbot, dialog)
    assert dialog.elicit_result() is None
    qtbot.waitUntil(widget.hasFocus, timeout=2000)
    # Correcting it is enough.
    fill(qtbot, dialog, form, {field: valid_content(form)[field]})
    assert not error.isVisible()
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": valid_content(form)}


def test_multi_select_counts_are_enforced(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("bounds")
    dialog = open_dialog(qtbot, modules[name], form)
    content = valid_content(form)
    fill(qtbot, dialog, form, content)
    items = dialog.field_widget("exact")
    tick(qtbot, items, {0, 1, 2})
    error = dialog.error_label("exact")
    assert error.isVisible() and error.text() == "3 chosen, but exactly 2 are needed."
    submit(qtbot, dialog)
    assert dialog.elicit_result() is None
    tick(qtbot, items, {3})
    assert error.text() == "1 chosen, but exactly 2 are needed."
    tick(qtbot, items, {1, 3})
    assert not error.isVisible()
    submit(qtbot, dialog)
    assert dialog.elicit_result()["content"]["exact"] == ["b", "d"]


def test_required_multi_select_below_minimum(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("every_kind")
    dialog = open_dialog(qtbot, modules[name], form)
    fill(qtbot, dialog, form, valid_content(form, optional=False))
    tick(qtbot, dialog.field_widget("platforms"), set())  # optional: unticking all = absent
    tick(qtbot, dialog.field_widget("features"), {0, 1, 2})
    submit(qtbot, dialog)
    assert dialog.elicit_result() is None
    assert dialog.error_label("features").text() == "3 chosen, but at most 2 are allowed."
    tick(qtbot, dialog.field_widget("features"), {2})
    submit(qtbot, dialog)
    content = dialog.elicit_result()["content"]
    assert "platforms" not in content and content["features"] == ["release"]


# --- numbers beyond 32 bits, empty numbers, stepping ------------------------------------------


def test_spin_boxes_step_within_bounds_beyond_32_bits(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("bounds")
    dialog = open_dialog(qtbot, modules[name], form)
    beyond = dialog.field_widget("beyond32")
    assert beyond.text() == "3000000001"  # the default, beyond QSpinBox's 32 bits
    qtbot.keyClick(beyond, Qt.Key.Key_Up)
    assert beyond.text() == "3000000002"
    for _ in range(5):
        qtbot.keyClick(beyond, Qt.Key.Key_Down)
    assert beyond.text() == "3000000000"  # stops at the minimum
    big = dialog.field_widget("big")
    assert big.text() == ""  # optional, no default: empty until the user acts
    clear_and_type(qtbot, big, "9007199254740990")
    qtbot.keyClick(big, Qt.Key.Key_Up)
    qtbot.keyClick(big, Qt.Key.Key_Up)
    assert big.text() == "9007199254740991"
    negative = dialog.field_widget("negative")
    focus_widget = negative
    qtbot.keyClick(focus_widget, Qt.Key.Key_Up)  # empty: the first step enters a bounded value
    assert negative.text() == "-10"
    ratio = dialog.field_widget("ratio")
    qtbot.keyClick(ratio, Qt.Key.Key_Up)
    assert ratio.text() == "1"
    clear_and_type(qtbot, dialog.field_widget("code"), "abcd")
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {
            "big": 9007199254740991,
            "beyond32": 3000000000,
            "negative": -10,
            "ratio": 1,
            "code": "abcd",
        },
    }


def wheel(widget: QWidget, steps: int) -> None:
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        centre,
        widget.mapToGlobal(centre),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_mouse_wheel_changes_only_the_focused_control(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("every_kind")
    dialog = open_dialog(qtbot, modules[name], form)
    team, language = dialog.field_widget("team_size"), dialog.field_widget("language")
    focus(qtbot, dialog.field_widget("project_name"))
    wheel(team, 1)
    wheel(language, -1)
    assert team.text() == "5" and language.currentIndex() == 0  # scrolling past them
    focus(qtbot, team)
    wheel(team, 1)
    assert team.text() == "6"


def test_clearing_an_optional_number_makes_it_absent(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("defaults")
    dialog = open_dialog(qtbot, modules[name], form)
    clear_and_type(qtbot, dialog.field_widget("age"), "")
    clear_and_type(qtbot, dialog.field_widget("name"), "")
    choose(qtbot, dialog.field_widget("status"), 0)  # the "(no answer)" entry
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"score": 95.5, "verified": True},
    }


# --- booleans --------------------------------------------------------------------------------


def test_optional_boolean_without_default_is_unanswered_until_clicked(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("odd_names")
    dialog = open_dialog(qtbot, modules[name], form)
    check = dialog.field_widget("2fa")
    assert isinstance(check, QCheckBox)
    assert check.checkState() == Qt.CheckState.PartiallyChecked
    press_space(qtbot, check)
    assert check.checkState() == Qt.CheckState.Checked
    press_space(qtbot, check)
    press_space(qtbot, check)  # never back to "not answered"
    assert check.checkState() == Qt.CheckState.Checked
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    assert check.checkState() == Qt.CheckState.Unchecked
    fill(qtbot, dialog, form, valid_content(form, optional=False))
    submit(qtbot, dialog)
    assert dialog.elicit_result()["content"]["2fa"] is False


def test_required_boolean_without_default_is_false_when_unticked(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("travel_booking")
    dialog = open_dialog(qtbot, modules[name], form)
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"confirmBooking": False, "travelInsurance": False},
    }


def test_a_long_boolean_title_wraps_beside_its_check_box(qtbot: QtBot, tmp_path: Path) -> None:
    """A check box's own text never wraps: a long title is a wrapped label beside the box,
    which a click ticks; the box keeps the title as its accessible name and Space ticks it."""
    title = "I have read the booking terms & conditions and agree to them " * 4
    schema = {
        "type": "object",
        "properties": {
            "agree": {"type": "boolean", "title": title},
            "short": {"type": "boolean", "title": "Short"},
        },
        "required": ["agree"],
    }
    form, module = compile_qt(schema, tmp_path, "long_check")
    dialog = open_dialog(qtbot, module, form)
    check = dialog.field_widget("agree")
    label = dialog.editor("agree").text_label
    assert isinstance(check, QCheckBox) and label is not None
    assert check.text() == "" and check.accessibleName() == title
    assert label.text() == title.replace("&", "&&") + " *"
    assert label.wordWrap() and label.height() >= 2 * label.fontMetrics().lineSpacing()
    assert label.buddy() is check
    right = label.mapTo(dialog, QPoint(label.width(), 0)).x()
    assert right <= dialog.width()
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert check.isChecked()
    press_space(qtbot, check)
    assert not check.isChecked()
    assert dialog.editor("short").text_label is None  # a short title stays on the box
    assert dialog.field_widget("short").text() == "Short"
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": {"agree": True}}


# --- dates and times -------------------------------------------------------------------------


def test_untouched_date_time_default_is_returned_verbatim(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("formats")
    dialog = open_dialog(qtbot, modules[name], form)
    clear_and_type(qtbot, dialog.field_widget("email"), "ada@example.com")
    editor = dialog.editor("callback")
    assert editor.toggle is None  # required with a default: always set
    assert editor.offset.currentData() == "+01:00"
    submit(qtbot, dialog)
    content = dialog.elicit_result()["content"]
    assert content == {
        "email": "ada@example.com",
        "birthday": "2000-01-31",
        "callback": "2026-12-01T09:30:00+01:00",
    }


def test_date_time_is_rfc3339_with_the_chosen_offset(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("formats")
    dialog = open_dialog(qtbot, modules[name], form)
    clear_and_type(qtbot, dialog.field_widget("email"), "ada@example.com")
    editor = dialog.editor("callback")
    type_date(qtbot, editor, "2027-03-04T05:06:00-05:30")
    birthday = dialog.editor("birthday")
    press_space(qtbot, birthday.toggle)  # optional with a default: untick = absent
    submit(qtbot, dialog)
    content = dialog.elicit_result()["content"]
    assert content == {"email": "ada@example.com", "callback": "2027-03-04T05:06:00-05:30"}
    check_schema(form, content)


@pytest.fixture
def berlin_time() -> Iterator[None]:
    """The process's local time zone set to Europe/Berlin (CET/CEST) for one test."""
    if not Path("/usr/share/zoneinfo/Europe/Berlin").exists() or not hasattr(time, "tzset"):
        pytest.skip("needs the tz database and time.tzset")
    saved = os.environ.get("TZ")
    os.environ["TZ"] = "Europe/Berlin"
    time.tzset()
    try:
        yield
    finally:
        if saved is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = saved
        time.tzset()


def test_date_time_offset_follows_local_rules_until_chosen(
    qtbot: QtBot, modules: dict[str, ModuleType], berlin_time: None
) -> None:
    name, form = find("every_kind")
    dialog = open_dialog(qtbot, modules[name], form)
    editor = dialog.editor("kickoff")
    press_space(qtbot, editor.toggle)
    type_date(qtbot, editor, "2027-07-01T12:00")
    assert editor.read() == "2027-07-01T12:00:00+02:00"  # summer time
    type_date(qtbot, editor, "2027-01-15T12:00")
    assert editor.read() == "2027-01-15T12:00:00+01:00"  # winter time
    choose(qtbot, editor.offset, editor.offset.findData("+05:30"))  # the user's choice sticks
    type_date(qtbot, editor, "2027-07-01T12:00")
    assert editor.read() == "2027-07-01T12:00:00+05:30"


def test_initial_values_prefill_and_z_offsets_round_trip(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("formats")
    initial = {
        "email": "x@example.org",
        "callback": "2030-01-02T03:04:05Z",
        "website": 7,  # not text: ignored
        "birthday": "2024-01-01T10:00:00Z",  # a date-time for a date field: ignored
    }
    dialog = open_dialog(qtbot, modules[name], form, initial=initial)
    submit(qtbot, dialog)
    assert dialog.elicit_result()["content"] == {
        "email": "x@example.org",
        "birthday": "2000-01-31",
        "callback": "2030-01-02T03:04:05Z",
    }


def test_required_date_without_default_needs_a_deliberate_value(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("every_kind")
    dialog = open_dialog(qtbot, modules[name], form)
    editor = dialog.editor("start_date")
    assert editor.toggle is not None and not editor.toggle.isChecked()
    assert not editor.edit.isEnabled()
    fill(qtbot, dialog, form, valid_content(form, optional=False))
    submit(qtbot, dialog)
    assert "start_date" not in dialog.elicit_result()["content"]  # optional and untouched


# --- text is text ----------------------------------------------------------------------------


def visible_texts(dialog: QWidget) -> list[str]:
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    texts += [check.text() for check in dialog.findChildren(QCheckBox)]
    for combo in dialog.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    for items in dialog.findChildren(QListWidget):
        texts += [items.item(i).text() for i in range(items.count())]
    return texts


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_every_label_is_plain_text_and_shows_the_schema_literally(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    server = "<b>Evil</b> & [*] co"
    module = modules[name]
    # Shown literally, except controls, bidi and invisible characters, shown as escapes.
    line, block = module.safe_text, module.safe_block
    dialog = open_dialog(qtbot, module, form, server=server)
    for label in dialog.findChildren(QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText, label.text()
        assert not label.openExternalLinks()
    assert dialog.findChild(QLabel, "message").text() == block(form.message_text)
    tr = translation(form.locale)
    asker = tr.gettext("Request from {server}", server=server)
    assert dialog.findChild(QLabel, "server").text() == asker
    title = window_title(form)
    # The title the window system gets: "[*]" is not eaten as the modified placeholder.
    shown = tr.gettext("{title} — {server}", title=line(title), server=server)
    assert dialog.windowHandle().title() == shown
    heading = dialog.findChild(QLabel, "title")
    if form.title and form.title.strip():
        assert heading.text() == block(form.title)
    else:
        assert heading is None
    texts = visible_texts(dialog)
    for f in form.fields:
        marked = line(f.label) + (" *" if f.required else "")
        if isinstance(f, ir.BooleanField):
            check = dialog.field_widget(f.name)
            text_label = dialog.editor(f.name).text_label  # a long title: beside the box
            shown = check.text() if text_label is None else text_label.text()
            assert shown == marked.replace("&", "&&")  # '&' shows as itself
        else:
            label = dialog.field_label(f.name)
            assert label.text() == marked.replace("&", "&&")
            assert label.buddy() is dialog.field_widget(f.name)
        if f.description:
            assert block(f.description) in texts
        if isinstance(f, (ir.SingleSelectField, ir.MultiSelectField)):
            for option in f.options:
                assert line(option.label) in texts
        if isinstance(f, ir.MultiSelectField):
            items = dialog.field_widget(f.name)
            for row, option in enumerate(f.options):
                # Tooltips guess rich text: the label goes in escaped, and comes out as itself.
                tip = items.item(row).toolTip()
                assert tip.startswith("<qt>") and "<" not in tip[4:-5]
                assert QTextDocumentFragment.fromHtml(tip).toPlainText() == line(option.label)


def test_hostile_text_renders_as_text(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("hostile")
    dialog = open_dialog(qtbot, modules[name], form)
    message = dialog.findChild(QLabel, "message")
    assert message.text() == form.message_text.replace("\x1b", "\\x1b")  # ESC made visible
    # A rich-text label would have turned the markup into an <img>/<script> document; the
    # rendered plain text keeps every character.
    assert "<script>" in message.text()
    label = dialog.field_label("</script><script>alert(3)</script>")
    assert label.text() == "</script><script>alert(1)</script> *"
    choice = dialog.field_widget("choice")
    assert choice.itemText(1) == '"><img src=x onerror=alert(2)>'
    # And it still works: valid input through the keyboard is accepted exactly.
    content = valid_content(form)
    fill(qtbot, dialog, form, content)
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": content}


@pytest.mark.parametrize(("name", "form"), FORMS, ids=IDS)
def test_first_field_has_the_focus(
    qtbot: QtBot, name: str, form: ir.Form, modules: dict[str, ModuleType]
) -> None:
    dialog = open_dialog(qtbot, modules[name], form)
    first = (
        dialog.editor(form.fields[0].name).focus_target() if form.fields else dialog.submit_button
    )
    qtbot.waitUntil(first.hasFocus, timeout=2000)


def compile_qt(schema: dict[str, Any], directory: Path, stem: str) -> tuple[ir.Form, ModuleType]:
    result = elicit_gen.compile(schema, [], name=f"{stem}.json", stem=stem)
    assert result.ok, [d.to_text() for d in result.diagnostics]
    form = result.forms[0]
    return form, write_and_import(form, "qt", directory)


def test_bidi_text_is_isolated_from_the_text_around_it(qtbot: QtBot, tmp_path: Path) -> None:
    schema = {
        "type": "object",
        "title": "\u05d8\u05d5\u05e4\u05e1",  # Hebrew
        "properties": {
            "a": {"type": "string", "title": "\u202eevil"},
            "b": {"type": "boolean", "title": "ok \u202e!"},
            "c": {"type": "string", "title": "plain & simple"},
        },
        "required": ["a", "b", "c"],
    }
    form, module = compile_qt(schema, tmp_path, "bidi")
    dialog = open_dialog(qtbot, module, form, server="\u202eSrv")
    fsi, pdi = "\u2068", "\u2069"
    # An override is shown as an escape (inside an isolate it would still reverse the text) ...
    assert dialog.field_label("a").text() == "\\u202eevil *"
    assert dialog.field_widget("b").text() == "ok \\u202e! *"
    assert dialog.findChild(QLabel, "server").text() == "Request from \\u202eSrv"
    # ... right-to-left letters are isolated, so they cannot reorder the text around them ...
    assert dialog.windowTitle() == f"{fsi}{schema['title']}{pdi} — \\u202eSrv"
    # ... and text without right-to-left content is left exactly as it is.
    assert dialog.field_label("c").text() == "plain && simple *"


#: The characters no Qt slot may show as themselves (the same set the cli and textual targets show
#: as escapes): controls, bidi controls, invisible format characters.
UNSAFE = re.compile(UNSAFE_CLASS)

#: A default that reads differently once shown (a control, a NUL, a line break, an override).
HOSTILE_DEFAULT = "\x1b]0;title\x07\x1b[2Jline1\nline2\x00\u202eevil\u200b"


def shown_texts(dialog: QDialog) -> list[str]:
    """Every text the dialog shows or gives to assistive technology."""
    texts = [dialog.windowTitle()]
    for widget in dialog.findChildren(QWidget):
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QLineEdit, QCheckBox)):
            texts.append(widget.text())
        if isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        if isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            for row in range(widget.count()):
                texts += [widget.item(row).text(), widget.item(row).toolTip()]
    return texts


def test_every_displayed_slot_shows_controls_bidi_and_invisibles_as_escapes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 13 items 1 and 16: labels, descriptions, option labels, the message, the server
    name, tooltips, the window title and line-edit text never show a control, bidi or invisible
    character as itself; untouched defaults are still sent exactly (item 14)."""
    bad = "\x1b[2J\u202emoc.elgoog\u2066\u200e\u061c\u200b\u2060\x85\x00"
    schema = {
        "type": "object",
        "title": bad,
        "description": bad,
        "properties": {
            "text": {
                "type": "string",
                "title": bad,
                "description": bad,
                "default": HOSTILE_DEFAULT,
            },
            "pick": {
                "type": "string",
                "title": bad,
                "description": bad,
                "oneOf": [
                    {"const": "k", "title": "Keep\u200b my files"},
                    {"const": "w", "title": bad},
                ],
                "default": "w",
            },
            "many": {
                "type": "array",
                "title": bad,
                "items": {"anyOf": [{"const": "a", "title": bad}, {"const": "b", "title": "B"}]},
            },
            "flag": {"type": "boolean", "title": bad, "description": bad},
            "when": {"type": "string", "format": "date-time", "title": bad},
            "n": {"type": "integer", "title": bad, "description": bad},
        },
        "required": ["text"],
    }
    form, module = compile_qt(schema, tmp_path, "spoof")
    dialog = open_dialog(qtbot, module, form, message=bad, server=bad)
    submit(qtbot, dialog)
    texts = shown_texts(dialog)
    leaks = [t for t in texts if UNSAFE.search(t)]
    assert not leaks, leaks
    assert dialog.field_widget("text").text() == module.safe_text(HOSTILE_DEFAULT)
    combo = dialog.field_widget("pick")
    assert combo.itemText(1) == "Keep\\u200b my files"
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"text": HOSTILE_DEFAULT, "pick": "w"},
    }


def test_untouched_hostile_default_and_initial_are_sent_exactly(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Item 14: ``"line1\\nline2\\u0000"``, escape sequences and U+202E come back exactly when
    untouched, also with a maxLength that only the unescaped text fits; an edited box sends what
    it shows."""
    plain = "line1\nline2\u0000"
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "default": HOSTILE_DEFAULT, "maxLength": len(HOSTILE_DEFAULT)},
            "b": {"type": "string", "default": plain},
            "c": {"type": "string"},
        },
    }
    form, module = compile_qt(schema, tmp_path, "exact")
    dialog = open_dialog(qtbot, module, form, initial={"c": "\u202ex"})
    assert "\x1b" not in dialog.field_widget("a").text()
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"a": HOSTILE_DEFAULT, "b": plain, "c": "\u202ex"},
    }
    dialog = open_dialog(qtbot, module, form)
    edit = dialog.field_widget("b")
    focus(qtbot, edit)
    qtbot.keyClick(edit, Qt.Key.Key_End)
    qtbot.keyClicks(edit, "!")
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {
        "action": "accept",
        "content": {"a": HOSTILE_DEFAULT, "b": "line1\\nline2\\x00!"},
    }


#: Property names whose derived names could clash (suffixes, case, punctuation).
CLASHING_NAMES = [
    "x",
    "x box",
    "x-box",
    "X",
    "x_box",
    "x error",
    "y",
    "y error",
    "y-error",
    "field x",
    "field_x",
    "error_x",
    "label_x",
    "f",
    "x 2",
    "x_2",
    "summary",
    "message",
    "server",
    "title",
]


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    names=st.lists(st.sampled_from(CLASHING_NAMES), min_size=2, max_size=8, unique=True),
    data=st.data(),
)
def test_object_names_are_unique_and_clashing_names_submit_exactly(
    qtbot: QtBot, tmp_path_factory: pytest.TempPathFactory, names: list[str], data: st.DataObject
) -> None:
    integers = set(data.draw(st.sets(st.sampled_from(names))))
    schema = {
        "type": "object",
        "properties": {n: {"type": "integer" if n in integers else "string"} for n in names},
        "required": sorted(data.draw(st.sets(st.sampled_from(names)))),
    }
    form, module = compile_qt(schema, tmp_path_factory.mktemp("clash"), "clash")
    dialog = open_dialog(qtbot, module, form)
    # (names starting with "qt_" are Qt's own: every scroll area has a "qt_scrollarea_viewport")
    named = [
        w.objectName()
        for w in dialog.findChildren(QWidget)
        if w.objectName() and not w.objectName().startswith("qt_")
    ]
    assert len(named) == len(set(named)), sorted(named)
    content: dict[str, Any] = {n: i + 1 if n in integers else f"v{i}" for i, n in enumerate(names)}
    for name in [n for n in names if isinstance(dialog.field_widget(n), QPlainTextEdit)]:
        clear_and_type(qtbot, dialog.field_widget(name), content[name])  # "message": prose
    fill(qtbot, dialog, form, {n: v for n, v in content.items() if n not in long_text(dialog)})
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": content}


def test_keyboard_navigation_reaches_every_field_in_order(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    name, form = find("every_kind")
    dialog = open_dialog(qtbot, modules[name], form)
    first = dialog.field_widget(form.fields[0].name)
    first.setFocus()
    qtbot.waitUntil(first.hasFocus, timeout=2000)
    seen: list[QWidget] = []
    for _ in range(60):
        widget = QApplication.focusWidget()
        if widget is dialog.submit_button:
            break
        seen.append(widget)
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    order = [dialog.editor(f.name).focus_target() for f in form.fields]
    positions = [seen.index(w) for w in order]
    assert positions == sorted(positions)


# --- the module API --------------------------------------------------------------------------


def test_elicit_runs_a_modal_dialog(qtbot: QtBot, modules: dict[str, ModuleType]) -> None:
    name, form = find("contact")
    module = modules[name]

    def decline_when_shown() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, decline_when_shown)
            return
        assert dialog.findChild(QLabel, "message").text() == "Hi"
        assert dialog.field_widget("name").text() == "Ada"
        qtbot.mouseClick(dialog.decline_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(20, decline_when_shown)
    assert module.elicit("Hi", server="S", initial={"name": "Ada"}) == {"action": "decline"}
    assert form.message_text == module.MESSAGE
    assert form.schema == module.REQUESTED_SCHEMA
    assert module.validate({"name": "x"}) == {"email": "This field is required."}


def _run(path: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.Popen(
        [sys.executable, str(path), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_command_line_prints_json_and_ctrl_c_cancels(
    out_dir: Path, modules: dict[str, ModuleType]
) -> None:
    path = out_dir / "contact_qt.py"
    proc = _run(path, "--server", "Srv", "--message", "Hello")
    assert proc.stderr is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stderr or ()), daemon=True)
    reader.start()
    # The offscreen plugin logs a warning when the dialog is shown, i.e. once elicit() has
    # installed its Ctrl-C handler; without that line, give it generous time.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any("propagateSizeHints" in t for t in lines):
        assert proc.poll() is None, "".join(lines)
        time.sleep(0.1)
    time.sleep(0.3)
    assert proc.poll() is None, "".join(lines)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:  # a stuck dialog fails the test, it never outlives it
            proc.kill()
            proc.wait(timeout=10)
    reader.join(timeout=10)
    out, err = (proc.stdout.read() if proc.stdout else ""), "".join(lines)
    assert proc.returncode == 0, err
    assert json.loads(out) == {"action": "cancel"}
    assert "Traceback" not in err
    helped = subprocess.run(
        [sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=60
    )
    assert helped.returncode == 0 and "--server" in helped.stdout


# --- the generated code itself ---------------------------------------------------------------


def test_generated_code_passes_ruff_and_mypy_strict(
    out_dir: Path, modules: dict[str, ModuleType]
) -> None:
    files = sorted(out_dir.glob("*_qt.py"))
    assert_lint_clean(files)


def test_generated_module_imports_only_pyside6_and_the_stdlib(
    modules: dict[str, ModuleType],
) -> None:
    for module in modules.values():
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        imported = {
            line.split()[1].split(".")[0]
            for line in source.splitlines()
            if line.startswith(("import ", "from "))
        }
        assert imported <= set(sys.stdlib_module_names) | {"PySide6", "__future__"}, imported


# --- the runtime modules (elicit_gen/runtime/qt/qt_*.py), imported directly -----------------


def test_every_field_spec_names_an_editor_of_the_runtime(qapp: QApplication) -> None:
    """The emitter's kinds and the runtime's dispatch agree, every spec key an editor reads
    is there, and each editor gives back its default (every field of every golden form)."""
    from elicit_gen.runtime.qt import qt_pickers
    from elicit_gen.targets.qt import field_spec

    # a prose field (no golden form has one) gets the multi-line editor
    (prose,) = elicit_gen.compile(
        {
            "type": "object",
            "properties": {
                "body": {"type": "string", "description": "Markdown is supported.", "default": "x"}
            },
        },
        [],
    ).forms
    kinds = set()
    for _, form in [*FORMS, ("prose", prose)]:
        for field in form.fields:
            spec = field_spec(field)
            kinds.add(spec["kind"])
            editor = qt_pickers._EDITORS[spec["kind"]](spec)
            assert (editor.name, editor.ident, editor.required) == (
                field.name,
                field.ident,
                field.required,
            )
            if field.default is not None:
                given = field.default
                assert spec["default"] == (list(given) if isinstance(given, tuple) else given)
                editor.write(spec["default"])
                assert editor.read() == spec["default"]
            else:
                assert "default" not in spec
    assert kinds == set(qt_pickers._EDITORS)


def test_runtime_editors_read_back_what_they_are_given(qapp: QApplication) -> None:
    from elicit_gen.runtime.qt import qt_editors, qt_pickers

    base = {"ident": "f", "label": "F", "required": True, "description": None, "hint": ""}
    text = qt_editors._TextEditor(
        {**base, "name": "t", "kind": "text", "format": None, "placeholder": ""},
    )
    hostile = "a\u202eb\x1b[2J"
    text.write(hostile)
    assert text.edit.text() == "a\\u202eb\\x1b[2J"  # shown escaped
    assert text.read() == hostile  # sent exactly
    number = qt_editors._NumberEditor(
        {**base, "name": "n", "kind": "number", "integer": True, "minimum": 0, "maximum": 5},
    )
    number.write(2**40)
    assert number.read() == 2**40  # beyond 32 bits, exact
    number.spin.stepBy(1)
    assert number.read() == 5  # stepping clamps to the maximum
    single = qt_pickers._ChoiceEditor(
        {**base, "name": "s", "kind": "single", "values": ["x", "y"], "labels": ["X", "Y"]}
        | {"blank": "Choose one…"},
    )
    single.write("y")
    assert single.read() == "y" and single.combo.currentText() == "Y"
    single.write("nope")
    assert single.read() == "y"
    multi = qt_pickers._MultiEditor(
        {**base, "name": "m", "kind": "multi", "values": ["x", "y"], "labels": ["X", "Y"]},
    )
    assert multi.read() == []  # required: an empty answer is an answer
    multi.write(["y"])
    assert multi.read() == ["y"]


def test_generated_module_holds_the_runtime_verbatim(modules: dict[str, ModuleType]) -> None:
    """The generated module is self-contained: each runtime module's body (after its imports
    marker) appears in it unchanged, and none of their relative imports does."""
    runtime = Path(elicit_gen.__file__).parent / "runtime"
    marker = "# --- end of runtime imports ---\n"
    bodies = [
        next(runtime.glob(f"*/{name}")).read_text(encoding="utf-8").split(marker)[1].strip("\n")
        for name in ("formats.py", "wording.py", "formcore.py", "safetext.py", *QT_FORM_PARTS)
    ]
    for module in modules.values():
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        for body in bodies:
            assert body in source
        lines = source.splitlines()
        assert not [line for line in lines if line.lstrip().startswith("from .")]
        assert not [line for line in lines if "import elicit_gen" in line]


def test_merged_imports_are_sorted_and_without_duplicates() -> None:
    from elicit_gen.targets.common.runtime import merge_imports

    block = merge_imports(
        "from __future__ import annotations\nimport sys\nfrom typing import Any\n",
        "import re as _re\nfrom typing import ClassVar, Any\nfrom .formcore import x\n",
        "from PySide6.QtCore import Qt, QDate\nimport json\nfrom typing import Any as _Any\n",
    )
    assert block == (
        "import json\n"
        "import re as _re\n"
        "import sys\n"
        "from typing import Any, ClassVar\n"
        "from typing import Any as _Any\n"
        "\n"
        "from PySide6.QtCore import QDate, Qt\n"
    )


def test_a_long_class_name_keeps_the_class_statement_black_stable(formatters: Formatters) -> None:
    from elicit_gen.targets.common.runtime import class_statement

    (form,) = elicit_gen.compile(
        {"type": "object", "properties": {}},
        [],
        stem="word_" * 20,  # class names come from the stem
    ).forms
    text = class_statement(f"{form.class_name}Dialog", "_FormDialog") + "\n    pass\n"
    assert len(f"class {form.class_name}Dialog(_FormDialog):") > 88
    formatters.assert_stable(text, ruff_lengths=())


def test_a_megabyte_server_name_is_clipped_before_the_dialog_is_built(
    qtbot: QtBot, modules: dict[str, ModuleType]
) -> None:
    """Issue 24, defect 5: a 1 MB server name kept the GUI thread busy for ~19 s; the name is
    one short line, cut (safetext.clip) before any widget is built from it."""
    name = "evil" + "e" * 1_000_000  # a megabyte without a break (wrapping it took ~23 s)
    (key, form), *_ = FORMS
    module = modules[key]
    started = time.monotonic()
    dialog = open_dialog(qtbot, module, form, server=name)
    assert time.monotonic() - started < 5
    clipped = module.clip(name)
    assert len(clipped) == module.MAX_NAME_LENGTH and clipped.endswith("\u2026")
    tr = translation(form.locale)
    asker = tr.gettext("Request from {server}", server=clipped)
    assert dialog.findChild(QLabel, "server").text() == asker
    assert clipped in dialog.windowHandle().title()
    assert len(dialog.windowHandle().title()) < 1000
