"""``elicit_gen.load_form``: a requestedSchema compiled in memory behaves as the generated file
does (every golden case x every target), modules are isolated, the cache answers by normalised
schema and stays bounded, bad schemas raise one exception type, hostile inputs are refused before
compiling (fast, without copying them), and random schemas never raise anything else."""

from __future__ import annotations

import difflib
import json
import logging
import math
import os
import sys
import threading
import time
import tracemalloc
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.live import (
    DEFAULT_LIMITS,
    FormError,
    LimitExceeded,
    Limits,
    UnusableDefault,
    check_limits,
    clear_cache,
    load_form,
)
from elicit_gen.live import bundle as live_bundle
from elicit_gen.live import limits as live_limits
from elicit_gen.live import load as live_load
from elicit_gen.targets import targets_with

from ..support.cases import all_forms, emit, valid_content, write_and_import
from ..support.cli import UNSAFE
from ..support.hostile import envelopes, hostile_requests, json_values
from ..support.live import (
    case_input,
    content_class,
    invalid_contents,
    ir_form,
    names,
    nested,
    own_classes,
)
from ..support.pydantic import accepts, dump
from ..support.run import CliRun
from ..support.validators import jsonschema_verdict

FORMS = all_forms()
IDS = [key for key, _ in FORMS]
PY_TARGETS = targets_with("loadable")


def _case(key: str) -> str:
    return key.split(":")[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], ModuleType]:
    """Every golden form x Python target, written to disk and imported (the reference)."""
    root = tmp_path_factory.mktemp("live_files")
    out: dict[tuple[str, str], ModuleType] = {}
    for key, form in FORMS:
        for target in PY_TARGETS:
            directory = root / target
            directory.mkdir(exist_ok=True)
            out[(key, target)] = write_and_import(form, target, directory)
    return out


# --- the same module as the generated file -------------------------------------------------------


@pytest.mark.parametrize("target", targets_with("loadable", "ui"))
@pytest.mark.parametrize(("key", "form"), FORMS, ids=IDS)
def test_ui_module_behaves_as_the_generated_file(
    files: dict[tuple[str, str], ModuleType], key: str, form: ir.Form, target: str
) -> None:
    made = load_form(case_input(_case(key), form), target, locale=form.locale)
    file = files[(key, target)]
    assert isinstance(made, ModuleType)
    assert made.REQUESTED_SCHEMA == file.REQUESTED_SCHEMA == form.schema
    assert json.dumps(made.REQUESTED_SCHEMA) == json.dumps(file.REQUESTED_SCHEMA)  # key order
    assert made.MESSAGE == file.MESSAGE == form.message_text
    assert callable(made.elicit)
    good = valid_content(form)
    assert made.validate(good) == file.validate(good) == {}
    required = valid_content(form, optional=False)
    assert made.validate(required) == file.validate(required) == {}
    refused = 0
    for content in invalid_contents(form):
        verdict = made.validate(content)
        assert verdict == file.validate(content), content  # same fields, same messages
        refused += bool(verdict)
    assert refused >= len(form.fields)  # the contents really are invalid, mostly


@pytest.mark.parametrize(("key", "form"), FORMS, ids=IDS)
def test_pydantic_module_validates_as_the_generated_file(
    files: dict[tuple[str, str], ModuleType], key: str, form: ir.Form
) -> None:
    made = load_form(case_input(_case(key), form), "pydantic")
    file = files[(key, "pydantic")]
    assert made.REQUESTED_SCHEMA == file.REQUESTED_SCHEMA
    assert made.MESSAGE == file.MESSAGE
    mine, theirs = content_class(made), content_class(file)
    for content in (valid_content(form), valid_content(form, optional=False)):
        assert accepts(mine, content) and accepts(theirs, content)
        assert dump(mine, content) == dump(theirs, content) == content  # round trip
    refused = 0
    for content in invalid_contents(form):
        verdict = accepts(mine, content)
        assert verdict == accepts(theirs, content), content
        refused += not verdict
        if verdict:
            assert dump(mine, content) == dump(theirs, content)
    assert refused >= len(form.fields)
    # The result model too: an accept with invalid content is refused by both.
    (result_mine,) = own_classes(made, "Result")
    (result_theirs,) = own_classes(file, "Result")
    for content in [valid_content(form), *invalid_contents(form)[:5]]:
        answer = {"action": "accept", "content": content}
        assert accepts(result_mine, answer) == accepts(result_theirs, answer)
    assert accepts(result_mine, {"action": "decline"})


@pytest.mark.parametrize(("key", "form"), FORMS, ids=IDS)
def test_html_page_is_the_compiled_page(key: str, form: ir.Form) -> None:
    """By design the pages differ only in the provenance comment of the first line: the file
    names its input (``golden/cases/x.json``); a page compiled in memory has no file, and says
    ``?requestedSchema?`` (the name ``<requestedSchema>``, with ``<>`` made harmless)."""
    page = load_form(case_input(_case(key), form), "html", locale=form.locale)
    text = emit(form, "html").text
    assert isinstance(page, str)
    changed = [
        line
        for line in difflib.unified_diff(text.splitlines(), page.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and line[:3] not in ("---", "+++")
    ]
    hash_note = f"(schema sha256:{form.schema_hash})"
    assert changed == [
        f"-<!-- Generated by elicit-gen from {form.source} {hash_note}. Do not edit. -->",
        f"+<!-- Generated by elicit-gen from ?requestedSchema? {hash_note}. Do not edit. -->",
    ]


# --- isolation -----------------------------------------------------------------------------------

ONE: dict[str, Any] = {"type": "object", "properties": {"one": {"type": "string", "maxLength": 3}}}
TWO: dict[str, Any] = {
    "type": "object",
    "properties": {"two": {"type": "integer", "minimum": 5}, "mail": {"type": "string"}},
    "required": ["two"],
}


@pytest.mark.parametrize("target", PY_TARGETS)
def test_two_forms_share_no_form_globals(target: str) -> None:
    clear_cache()
    a, b = load_form(ONE, target), load_form(TWO, target)
    assert a is not b and a.__name__ != b.__name__
    assert a.__name__.startswith("elicit_gen.live.") and target in a.__name__
    assert vars(a) is not vars(b)
    assert a.REQUESTED_SCHEMA == ONE and b.REQUESTED_SCHEMA == TWO
    assert a.REQUESTED_SCHEMA is not b.REQUESTED_SCHEMA
    # Every per-form name holds the form's own value; the runtime's are the same objects.
    (shared,) = [
        found.namespace
        for (name, locale, _, pattern), found in live_bundle._bundles.items()
        if name == target
        and locale == "en"
        and not pattern  # neither form has a `pattern`: the runtime without the engine
        and any(vars(a).get(k) is v for k, v in found.namespace.items() if callable(v))
    ]
    for name in set(vars(a)) & set(vars(b)):
        if name.startswith("__"):
            continue
        if name in shared and vars(a)[name] is shared[name]:
            assert vars(b)[name] is shared[name], name
    own = [n for n in vars(a) if not n.startswith("__") and vars(a)[n] is not shared.get(n, a)]
    assert "REQUESTED_SCHEMA" in own and "MESSAGE" in own
    # A form's functions read their own module's globals, the runtime's their namespace.
    for name in own:
        value = vars(a)[name]
        if isinstance(value, type(test_two_forms_share_no_form_globals)):
            assert value.__globals__ is vars(a), name
    if target != "pydantic":
        assert a.validate({"one": "abcd"}) and not a.validate({"one": "abc"})
        assert b.validate({"two": 4}) and not b.validate({"two": 5})
        assert "two" in a.validate({"one": "abcd", "two": 4}) or "one" in a.validate(
            {"one": "abcd", "two": 4}
        )
        assert set(b.validate({"one": "abcd"})) == {"two"}  # a's field means nothing to b
    else:
        assert accepts(content_class(a), {"one": "abc"})
        assert not accepts(content_class(a), {"one": "abcd"})
        assert accepts(content_class(b), {"two": 5}) and not accepts(content_class(b), {})
    # Writing into one module's namespace does not reach the other (nor the runtime).
    vars(a)["_probe_only_in_a"] = 1
    try:
        assert "_probe_only_in_a" not in vars(b) and "_probe_only_in_a" not in shared
    finally:
        del vars(a)["_probe_only_in_a"]


def test_the_runtime_functions_work_in_a_loaded_module() -> None:
    module = load_form(
        {"type": "object", "properties": {"m": {"type": "string", "format": "email"}}}, "cli"
    )
    runtime = {
        name: value
        for name, value in vars(module).items()
        if callable(value) and getattr(value, "__globals__", None) is not vars(module)
    }
    assert runtime  # the cli runtime: prompt loop, format checks, ...
    for value in runtime.values():
        globals_ = getattr(value, "__globals__", None)
        if globals_ is not None:
            assert globals_ is not vars(module)  # runs in the shared namespace
    checks = [n for n in runtime if "email" in n.lower()]
    assert checks, sorted(runtime)
    assert module.validate({"m": "ada@example.com"}) == {}
    assert "m" in module.validate({"m": "ada(at)example.com"})


def test_the_textual_screen_lookup_finds_one_screen() -> None:
    pytest.importorskip("mcp")
    from textual.screen import ModalScreen

    from elicit_gen.mcp.runners import _screen_class

    for schema in (ONE, TWO):
        module = load_form(schema, "textual")
        screen = _screen_class(module)
        assert isinstance(screen, type) and issubclass(screen, ModalScreen)
        assert screen.__module__ == module.__name__
        assert [c.__name__ for c in own_classes(module, "Screen")] == [screen.__name__]
        # The toolkit's ModalScreen is in the namespace too, and is not the form's screen.
        assert getattr(module, "ModalScreen", None) is ModalScreen
        assert len(own_classes(module, "App")) == 1
    assert _screen_class(load_form(ONE, "textual")) is not _screen_class(load_form(TWO, "textual"))


def test_a_qt_dialog_runs_offscreen(qtbot: Any) -> None:
    pytest.importorskip("PySide6")
    from ..support.qt import fill, submit

    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name", "minLength": 2},
            "age": {"type": "integer", "minimum": 18, "default": 30},
            "ok": {"type": "boolean", "default": True},
            "color": {"type": "string", "enum": ["red", "green"]},
        },
        "required": ["name"],
    }
    module = load_form(schema, "qt")
    form = ir_form(schema)
    (dialog_class,) = own_classes(module, "Dialog")
    dialog = dialog_class(server="acme")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.submit()  # name is required
    content = {"name": "Ada", "age": 41, "color": "green"}
    fill(qtbot, dialog, form, content)
    submit(qtbot, dialog)
    assert dialog.elicit_result() == {"action": "accept", "content": {**content, "ok": True}}
    # A second dialog of another form, in the same process: its own fields.
    other = own_classes(load_form(ONE, "qt"), "Dialog")[0](server="acme")
    qtbot.addWidget(other)
    assert other.submit()
    assert other.elicit_result() == {"action": "accept", "content": {}}


# --- the cache -----------------------------------------------------------------------------------

AGE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "age": {"type": "integer", "title": "Age", "minimum": 18},
        "name": {"type": "string"},
    },
    "required": ["age", "name"],
}


@pytest.mark.parametrize("target", [*PY_TARGETS, "html"])
def test_the_same_schema_gives_the_same_object(target: str) -> None:
    clear_cache()
    first = load_form(AGE, target)
    assert load_form(AGE, target) is first
    assert load_form(json.dumps(AGE), target) is first
    assert load_form(json.dumps(AGE).encode(), target) is first
    reordered = {
        "required": ["name", "age"],
        "properties": {  # the order of the fields is the form's: kept
            "age": {"minimum": 18.0, "title": "Age", "type": "integer"},
            "name": {"type": "string"},
        },
        "type": "object",
    }
    assert load_form(reordered, target) is first
    swapped = {**AGE, "properties": dict(reversed(list(AGE["properties"].items())))}
    assert load_form(swapped, target) is not first  # another field order: another form
    spaced = json.dumps(AGE, indent=7).replace("18", "1.8e1").encode()
    assert load_form(spaced, target) is first
    # A different field title, constraint or kind is a different form.
    retitled = json.loads(json.dumps(AGE))
    retitled["properties"]["age"]["title"] = "Your age"
    assert load_form(retitled, target) is not first
    bounded = json.loads(json.dumps(AGE))
    bounded["properties"]["age"]["minimum"] = 19
    assert load_form(bounded, target) is not first
    # Another target is another module; and the original is still cached.
    other = "cli" if target != "cli" else "pydantic"
    assert load_form(AGE, other) is not first
    assert load_form(AGE, target) is first


@pytest.mark.parametrize(
    "change",
    [
        {"title": "Shipping"},
        {"description": "Where to send it"},
        {"message": "Another message"},
    ],
    ids=["title", "description", "message"],
)
def test_what_the_form_shows_is_part_of_the_cache_key(change: dict[str, str]) -> None:
    clear_cache()
    request = {"message": "First message", "requestedSchema": AGE}
    first = load_form(request, "cli")
    if "message" in change:
        changed: dict[str, Any] = {**request, **change}
    else:
        changed = {**request, "requestedSchema": {**AGE, **change}}
    file = emit(ir_form(changed), "cli").text
    second = load_form(changed, "cli")
    assert ir_form(changed).message_text == second.MESSAGE
    assert (
        repr(next(iter(change.values()))) in file or json.dumps(next(iter(change.values()))) in file
    )
    assert second is not first


def test_the_cache_is_bounded_and_least_recently_used() -> None:
    clear_cache()
    size = live_load._CACHE_SIZE
    assert size == 128

    def schema(i: int) -> dict[str, Any]:
        return {"type": "object", "properties": {f"f{i}": {"type": "boolean"}}}

    first = load_form(schema(0), "pydantic")
    kept = load_form(schema(1), "pydantic")
    for i in range(2, size + 1):  # 128 forms in all: nothing evicted yet
        load_form(schema(i), "pydantic")
        if i % 16 == 0:
            assert load_form(schema(1), "pydantic") is kept  # touched: most recent again
    assert len(live_load._loaded) <= size
    assert load_form(schema(0), "pydantic") is not first  # the least recently used went
    assert load_form(schema(1), "pydantic") is kept
    for i in range(size + 1, size * 2 + 40):
        load_form(schema(i), "pydantic")
    assert len(live_load._loaded) == size and len(live_load._seen) == size
    assert load_form(schema(1), "pydantic") is not kept


def test_clear_cache_forgets_every_form() -> None:
    first = load_form(AGE, "cli")
    page = load_form(AGE, "html")
    clear_cache()
    assert not live_load._loaded and not live_load._seen
    again = load_form(AGE, "cli")
    assert again is not first
    assert again.REQUESTED_SCHEMA == first.REQUESTED_SCHEMA
    assert again.validate({"age": 17, "name": "x"}) == first.validate({"age": 17, "name": "x"})
    assert load_form(AGE, "html") == page


def test_loading_from_several_threads_at_once() -> None:
    clear_cache()
    schemas = [
        {"type": "object", "properties": {f"t{i}": {"type": "integer", "maximum": i}}}
        for i in range(6)
    ]
    barrier = threading.Barrier(8)
    results: list[list[Any]] = [[] for _ in range(8)]
    errors: list[BaseException] = []

    def work(slot: int) -> None:
        try:
            barrier.wait(timeout=30)
            for round_ in range(3):
                for i, schema in enumerate(schemas):
                    target = ("cli", "pydantic")[(slot + i + round_) % 2]
                    results[slot].append((i, target, load_form(schema, target)))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(slot,)) for slot in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []
    for slot in results:
        assert len(slot) == 18
        for i, target, module in slot:
            assert schemas[i] == module.REQUESTED_SCHEMA
            if target == "cli":
                assert set(module.validate({f"t{i}": i + 1})) == {f"t{i}"}
    # Afterwards the cache answers each schema with one object.
    for i, schema in enumerate(schemas):
        assert load_form(schema, "cli") is load_form(json.dumps(schema), "cli"), i
    assert len(live_load._loaded) <= live_load._CACHE_SIZE


def test_concurrent_first_loads_compile_once(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_cache()
    schema = {"type": "object", "properties": {"race": {"type": "string"}}}
    threads_count = 4
    entered: list[int] = []
    all_in = threading.Event()
    make = live_load._make

    def gated_make(form: ir.Form, target: str) -> Any:
        # Holds each compile until every thread has started one (or 1 s passed, which is what
        # a loader that compiles once per schema makes the one compiling thread wait).
        entered.append(1)
        if len(entered) == threads_count:
            all_in.set()
        all_in.wait(timeout=1.0)
        return make(form, target)

    monkeypatch.setattr(live_load, "_make", gated_make)
    barrier = threading.Barrier(threads_count)
    out: list[Any] = []

    def work() -> None:
        barrier.wait(timeout=30)
        out.append(load_form(schema, "cli"))

    threads = [threading.Thread(target=work) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(out) == threads_count
    assert len(entered) == 1, f"compiled {len(entered)} times"
    assert all(module is out[0] for module in out)


# --- errors --------------------------------------------------------------------------------------


def test_lint_errors_raise_form_error_with_the_diagnostics() -> None:
    schema = {
        "type": "object",
        "properties": {
            "address": {"type": "object", "properties": {}},
            "n": {"type": "integer", "minimum": 5, "maximum": 1},
        },
    }
    with pytest.raises(FormError) as caught:
        load_form(schema, "cli")
    error = caught.value
    assert type(error) is FormError
    codes = [d.code for d in error.diagnostics]
    assert "EG110" in codes
    assert all(d.is_error for d in error.errors) and error.errors
    assert error.diagnostics[: len(error.errors)] == error.errors  # errors first
    assert str(error).startswith(f"the schema does not compile: {error.errors[0].code} ")
    if len(error.errors) > 1:
        assert f"(and {len(error.errors) - 1} more)" in str(error)
    # The same schema as text, and as bytes: the same verdict, with positions.
    for text in (json.dumps(schema, indent=2), json.dumps(schema, indent=2).encode()):
        with pytest.raises(FormError) as again:
            load_form(text, "pydantic")
        assert [d.code for d in again.value.diagnostics] == codes
        assert all(d.line > 1 for d in again.value.errors)


@pytest.mark.parametrize("target", [*PY_TARGETS, "html"])
def test_the_error_message_is_one_safe_line(target: str) -> None:
    name = "a\n\x1b]52;c;aGk=\x07\u202e\u2028\x9b"
    schema = {"type": "object", "properties": {name: {"type": "object"}}}
    with pytest.raises(FormError) as caught:
        load_form(schema, target)
    message = str(caught.value)
    assert "\n" not in message and "\r" not in message
    assert not UNSAFE.search(message), message
    assert "\\u001b]52" in message or "\\x1b]52" in message, message


def test_invalid_json_text_is_a_form_error() -> None:
    for text in ("{", '{"type": "object", "properties": {}', "\xff", b"\xff\xfe"):
        with pytest.raises(FormError) as caught:
            load_form(text, "cli")
        assert caught.value.errors and caught.value.errors[0].code in ("EG001", "EG003")


def test_an_unknown_target_or_revision_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown target") as caught:
        load_form(ONE, "tk")
    assert type(caught.value) is ValueError  # not a FormError: the schema is fine
    with pytest.raises(ValueError, match="writes no file per form") as whole:
        load_form(ONE, "web")
    assert type(whole.value) is ValueError
    with pytest.raises(ValueError) as bad_spec:
        load_form(ONE, "cli", spec="2024-01-01")
    assert not isinstance(bad_spec.value, FormError)


def test_a_feature_newer_than_the_revision_is_an_error() -> None:
    titled = {
        "type": "object",
        "properties": {"c": {"type": "string", "oneOf": [{"const": "a", "title": "A"}]}},
    }
    assert titled == load_form(titled, "cli", spec="2025-11-25").REQUESTED_SCHEMA
    with pytest.raises(FormError) as caught:
        load_form(titled, "cli", spec="2025-06-18")
    assert caught.value.errors


def test_several_forms_in_one_input_are_a_form_error() -> None:
    from ..support.cases import CASES_DIR

    data = (CASES_DIR / "input_required.json").read_bytes()
    with pytest.raises(FormError, match="2 forms") as caught:
        load_form(data, "cli")
    assert not isinstance(caught.value, LimitExceeded)
    assert caught.value.diagnostics == ()
    one = json.loads(data)
    one["inputRequests"] = dict(list(one["inputRequests"].items())[:1])
    assert load_form(one, "cli").MESSAGE == "Where should we ship the order?"


# --- defaults the form cannot use ----------------------------------------------------------------

#: What the MCP SDK renders for a pydantic model with ``when: datetime = datetime(2025, 1, 6, 9,
#: 0)`` and ``seats: int = Field(default=500, le=100)``, and a few more defaults that fail their
#: own fields (EG140): not an option, not the format, options repeated or unknown.
BAD_DEFAULTS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "topic": {"type": "string", "title": "Topic"},
        "when": {"type": "string", "format": "date-time", "default": "2025-01-06T09:00:00"},
        "precise": {
            "type": "string",
            "format": "date-time",
            "default": "2025-07-01T17:45:30.250000",
        },
        "seats": {"type": "integer", "maximum": 100, "default": 500},
        "size": {"type": "string", "enum": ["S", "M"], "default": "XL"},
        "email": {"type": "string", "format": "email", "default": "nobody"},
        "tags": {
            "type": "array",
            "items": {"type": "string", "enum": ["a", "b"]},
            "default": ["a", "z"],
        },
        "day": {"type": "string", "format": "date", "default": "2025-01-06"},
    },
    "required": ["topic"],
}


@pytest.fixture
def in_new_york(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's local time zone is New York's for the test: -05:00 in January, -04:00
    in July (a default is read in the offset its own date has)."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("target", PY_TARGETS)
def test_a_default_the_form_cannot_use_is_left_out_and_said(
    target: str, in_new_york: None, caplog: pytest.LogCaptureFixture
) -> None:
    clear_cache()
    logged = caplog.at_level(logging.WARNING, logger="elicit_gen.live")
    with logged, pytest.warns(UnusableDefault) as warned:
        module = load_form(BAD_DEFAULTS, target)
    fields = module.REQUESTED_SCHEMA["properties"]
    # A naive date-time: the same wall-clock time, with this computer's offset on that date.
    assert fields["when"]["default"] == "2025-01-06T09:00:00-05:00"
    assert fields["precise"]["default"] == "2025-07-01T17:45:30.250000-04:00"
    # The others: no default; the field as sent otherwise.
    for name in ("seats", "size", "email", "tags"):
        assert "default" not in fields[name], name
        assert fields[name] == {
            k: v for k, v in BAD_DEFAULTS["properties"][name].items() if k != "default"
        }
    assert fields["day"]["default"] == "2025-01-06"  # a usable default stays
    messages = [str(w.message) for w in warned]
    assert messages == [r.getMessage() for r in caplog.records if r.name == "elicit_gen.live"]
    assert len(messages) == 6 and all(m.startswith("field '") for m in messages)
    said = "\n".join(messages)
    assert "field 'when': the server's default \"2025-01-06T09:00:00\" has no UTC offset: " in said
    assert "shown as local time, 2025-01-06T09:00:00-05:00" in said
    assert "field 'seats': the server's default 500 is not used: must be at most 100" in said
    assert "field 'size': the server's default \"XL\" is not used: " in said
    assert 'field \'tags\': the server\'s default ["a", "z"] is not used: ' in said
    # The form is the one compiled from the repaired schema, and validates as it does.
    repaired = json.loads(json.dumps(BAD_DEFAULTS))
    for name in ("seats", "size", "email", "tags"):
        del repaired["properties"][name]["default"]
    repaired["properties"]["when"]["default"] = "2025-01-06T09:00:00-05:00"
    repaired["properties"]["precise"]["default"] = "2025-07-01T17:45:30.250000-04:00"
    expected = ir_form(repaired).schema
    assert expected == module.REQUESTED_SCHEMA
    # The cache answers a repeat with the same module, and says it again.
    with pytest.warns(UnusableDefault) as again:
        assert load_form(json.dumps(BAD_DEFAULTS), target) is module
    assert [str(w.message) for w in again] == messages


def test_an_accepted_default_is_valid_for_the_server() -> None:
    """Accepting the form untouched sends the local date-time: RFC 3339 with an offset, which
    the server's schema (jsonschema's format checker) and its pydantic ``datetime`` take."""
    from datetime import datetime

    from pydantic import BaseModel

    with pytest.warns(UnusableDefault):
        module = load_form(BAD_DEFAULTS, "cli")
    content = {"topic": "Standup", "when": module.REQUESTED_SCHEMA["properties"]["when"]["default"]}
    assert module.validate(content) == {}
    assert jsonschema_verdict(
        BAD_DEFAULTS | {"properties": {"when": {"type": "string", "format": "date-time"}}}, content
    )

    class Meeting(BaseModel):
        topic: str
        when: datetime = datetime(2025, 1, 6, 9, 0)

    when = Meeting.model_validate(content).when
    assert when.tzinfo is not None and when.replace(tzinfo=None) == datetime(2025, 1, 6, 9, 0)


def test_the_author_still_gets_the_error() -> None:
    """Ahead of time (``--lint``, ``--target``) EG140 stays an error; a caller who would rather
    refuse such a schema at run time too turns the warning into an error."""
    lint = elicit_gen.lint(BAD_DEFAULTS)
    assert sum(d.code == "EG140" and d.is_error for d in lint.diagnostics) == 6
    assert not elicit_gen.compile(BAD_DEFAULTS, ["cli"]).ok
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnusableDefault)
        with pytest.raises(UnusableDefault, match="field 'when'"):
            load_form(BAD_DEFAULTS, "cli")


@pytest.mark.parametrize(
    ("field", "why"),
    [
        # read as local time, the text is longer than the field allows: left out after all
        ({"type": "string", "format": "date-time", "maxLength": 19}, "not in the form"),
        # no date-time at all: left out, never guessed at
        ({"type": "string", "format": "date-time"}, "not in the form"),
    ],
)
def test_a_date_time_that_still_does_not_fit_is_left_out(field: dict[str, Any], why: str) -> None:
    default = "2025-01-06T09:00:00" if "maxLength" in field else "Monday at nine"
    schema = {"type": "object", "properties": {"at": {**field, "default": default}}}
    with pytest.warns(UnusableDefault) as warned:
        module = load_form(schema, "cli")
    assert module.REQUESTED_SCHEMA["properties"]["at"] == field
    (message,) = [str(w.message) for w in warned]
    assert message.startswith(
        f"field 'at': the server's default {json.dumps(default)} is not used: "
    )
    assert why in message


def test_other_errors_are_not_repaired() -> None:
    """Only when every error is a default that fails its field: with another error too, the
    schema is refused as before, with all of them."""
    schema = json.loads(json.dumps(BAD_DEFAULTS))
    schema["properties"]["n"] = {"type": "integer", "minimum": 5, "maximum": 1}
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnusableDefault)
        with pytest.raises(FormError) as caught:
            load_form(schema, "cli")
    codes = {d.code for d in caught.value.errors}
    assert "EG140" in codes and len(codes) > 1


def test_a_repair_message_is_one_bounded_safe_line() -> None:
    name = "a\x1b]52;c;aGk=\x07\u202e" + "n" * 200
    schema = {
        "type": "object",
        "properties": {
            name: {"type": "string", "maxLength": 3, "default": "\x1b[2J" + "x" * 9_000}
        },
    }
    with pytest.warns(UnusableDefault) as warned:
        load_form(schema, "cli")
    (message,) = [str(w.message) for w in warned]
    assert not UNSAFE.search(message) and "\n" not in message and len(message) < 400, message


# --- limits --------------------------------------------------------------------------------------


def _field(**extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"a": {"type": "string", **extra}}}


#: (Limits field, a small limit, a schema at the limit, one just past it, words of the reason)
LIMIT_CASES: list[tuple[str, int, Any, Any, str]] = [
    (
        "max_fields",
        3,
        {"type": "object", "properties": {n: {"type": "string"} for n in names("f", 3)}},
        {"type": "object", "properties": {n: {"type": "string"} for n in names("f", 4)}},
        "4 fields (limit 3)",
    ),
    (
        "max_options",
        3,
        _field(enum=["a", "b", "c"]),
        _field(enum=["a", "b", "c", "d"]),
        "`enum` has 4 options (limit 3)",
    ),
    (
        "max_text",
        10,
        _field(description="x" * 10),
        _field(description="x" * 11),
        "a string under `description` has 11 characters (limit 10)",
    ),
    (
        "max_text",
        10,
        _field(enum=["a", "x" * 10, "b"]),
        _field(enum=["a", "x" * 11, "b"]),
        "a string under `enum` has 11 characters (limit 10)",
    ),
    (
        "max_name",
        12,
        {"type": "object", "properties": {"a" * 12: {"type": "string"}}},
        {"type": "object", "properties": {"a" * 13: {"type": "string"}}},
        "a name has 13 characters (limit 12)",
    ),
    (
        "max_values",
        9,
        _field(enum=["a", "b"]),  # root, type, properties, a, type, enum, a, b: 8
        _field(enum=["a", "b", "c", "d"]),
        "more than 9 values",
    ),
    (
        "max_depth",
        5,
        _field(items={"enum": ["a"]}),
        _field(items={"anyOf": [{"const": "a"}]}),
        "nests deeper than 5 levels",
    ),
    (
        "max_digits",
        10,
        {"type": "object", "properties": {"a": {"type": "integer", "maximum": 10**8}}},
        {"type": "object", "properties": {"a": {"type": "integer", "maximum": 10**12}}},
        "digits (limit 10)",
    ),
    ("max_bytes", 120, _field(), _field(description="x" * 120), "bytes"),
]


@pytest.mark.parametrize("form", ["dict", "text", "bytes"])
@pytest.mark.parametrize(
    ("field", "limit", "at", "past", "reason"), LIMIT_CASES, ids=[c[0] for c in LIMIT_CASES]
)
def test_each_limit_refuses_what_is_past_it(
    field: str, limit: int, at: Any, past: Any, reason: str, form: str
) -> None:
    limits = Limits(**{field: limit})
    assert getattr(limits, field) == limit

    def shaped(value: Any) -> Any:
        if form == "dict":
            return value
        text = json.dumps(value)
        return text if form == "text" else text.encode()

    check_limits(shaped(at), limits)  # at the limit: fine
    with pytest.raises(LimitExceeded) as caught:
        check_limits(shaped(past), limits)
    assert reason in str(caught.value), str(caught.value)
    assert isinstance(caught.value, FormError) and caught.value.diagnostics == ()
    with pytest.raises(LimitExceeded):
        load_form(shaped(past), "cli", limits=limits)
    # The defaults let both through.
    check_limits(shaped(past), DEFAULT_LIMITS)


def test_the_message_counts_against_max_text() -> None:
    check_limits(ONE, Limits(max_text=10), message="x" * 10)
    with pytest.raises(LimitExceeded, match="the message has 11 characters"):
        check_limits(ONE, Limits(max_text=10), message="x" * 11)
    with pytest.raises(LimitExceeded):
        load_form({"message": "x" * 10_001, "requestedSchema": ONE}, "cli")


def _deep_text(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


#: Hostile inputs, each refused (LimitExceeded, or for text the standard parser cannot read, the
#: front end's FormError) before any compiling.
HOSTILE: dict[str, Callable[[], Any]] = {
    "50 MB description": lambda: _field(description="x" * 50_000_000),
    "50 MB description, bytes": lambda: json.dumps(_field(description="x" * 50_000_000)).encode(),
    "a million options": lambda: _field(enum=[str(i) for i in range(1_000_000)]),
    "a million options, bytes": lambda: json.dumps(_field(enum=list(range(1_000_000)))).encode(),
    "10**5000": lambda: {
        "type": "object",
        "properties": {"a": {"type": "integer", "maximum": 10**5000}},
    },
    "10**100000": lambda: {
        "type": "object",
        "properties": {"a": {"type": "integer", "maximum": 10**100000}},
    },
    "10**100000 as text": lambda: (
        '{"type":"object","properties":{"a":{"type":"integer","maximum":1' + "0" * 100_000 + "}}}"
    ),
    "3000 digits as text": lambda: (
        '{"type":"object","properties":{"a":{"type":"integer","maximum":1' + "0" * 3000 + "}}}"
    ),
    "10000 deep": lambda: nested(10_000),
    "10000 deep as text": lambda: _deep_text(10_000),
    "100k fields": lambda: {
        "type": "object",
        "properties": {f"f{i}": {"type": "string"} for i in range(100_000)},
    },
    "100k keys at the root": lambda: {f"k{i}": i for i in range(100_000)},
    "a 1 MB property name": lambda: {"type": "object", "properties": {"x" * 1_000_000: {}}},
}


@pytest.mark.parametrize("make", HOSTILE.values(), ids=list(HOSTILE))
def test_a_hostile_schema_is_refused_fast_and_small(make: Callable[[], Any]) -> None:
    schema = make()
    load_form(ONE, "cli")  # the runtime is loaded: count the refusal's own work only
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    tracemalloc.start()
    sys.setprofile(count)
    try:
        with pytest.raises(FormError) as caught:
            load_form(schema, "cli")
    finally:
        sys.setprofile(None)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    # Work done, not wall time (a loaded machine must not fail it): each input holds up to
    # millions of values, and refusing it walks only as far as the first limit it passes (a few
    # thousand calls at most: the 10,000-deep text is the costliest, ~4,500).
    assert calls < 10_000, f"{calls:,} function calls to refuse it"
    assert peak < 4_000_000, f"{peak / 1e6:.1f} MB allocated to refuse it"
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message[:400]


def test_hostile_inputs_as_json_text_fail_the_limits_not_the_parser() -> None:
    """Inputs the standard parser can read are refused by a named limit, not compiled."""
    for make in ("a million options", "10**5000", "3000 digits as text", "10000 deep"):
        with pytest.raises(LimitExceeded):
            load_form(HOSTILE[make](), "pydantic")


def test_a_huge_text_schema_is_refused_without_copying_it() -> None:
    text = json.dumps(_field(description="x" * 50_000_000))
    tracemalloc.start()
    try:
        with pytest.raises(LimitExceeded):
            load_form(text, "cli")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000, f"{peak / 1e6:.1f} MB allocated to refuse it"


def test_a_form_just_under_every_limit_compiles() -> None:
    options = [f"option {i}" for i in range(DEFAULT_LIMITS.max_options)]
    properties: dict[str, Any] = {
        f"f{i}": {"type": "string", "title": f"Field {i}"}
        for i in range(DEFAULT_LIMITS.max_fields - 3)
    }
    properties["choice"] = {"type": "string", "enum": options, "default": options[-1]}
    properties["long"] = {"type": "string", "description": "d" * DEFAULT_LIMITS.max_text}
    properties["n" * DEFAULT_LIMITS.max_name] = {
        "type": "integer",
        "maximum": 2**53 - 1,
        "minimum": -(2**53) + 1,
    }
    schema = {"type": "object", "properties": properties, "required": ["choice"]}
    assert len(properties) == DEFAULT_LIMITS.max_fields
    text = json.dumps(schema)
    assert len(text) < DEFAULT_LIMITS.max_bytes
    check_limits(schema)
    check_limits(text)
    for target in ("cli", "pydantic"):
        module = load_form(text, target)
        assert schema == module.REQUESTED_SCHEMA
    cli = load_form(schema, "cli")
    assert cli.validate({"choice": options[0]}) == {}
    assert set(cli.validate({"choice": "nope"})) == {"choice"}


def test_limits_can_be_raised_for_a_trusted_server() -> None:
    schema = {
        "type": "object",
        "properties": {f"f{i}": {"type": "boolean"} for i in range(150)},
    }
    with pytest.raises(LimitExceeded, match="150 fields"):
        load_form(schema, "cli")
    module = load_form(schema, "cli", limits=Limits(max_fields=200))
    assert len(module.REQUESTED_SCHEMA["properties"]) == 150


# --- fuzzing -------------------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("ELICIT_GEN_FUZZ_EXAMPLES", "25"))
_FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def _load(document: Any, target: str) -> Any | None:
    """load_form's module, or None when it refused with one of its own exceptions."""
    try:
        return load_form(document, target)
    except FormError:
        return None


def _agrees_with_jsonschema(form: ir.Form, module: ModuleType, target: str) -> None:
    schema = form.schema
    contents = [valid_content(form), valid_content(form, optional=False)]
    for content in contents:
        assert jsonschema_verdict(schema, content)
        if target == "cli":
            assert module.validate(content) == {}, content
        else:
            assert dump(content_class(module), content) == content
    # Invalid contents, leaving out the format near misses (the documented differences of
    # formcore's format checks from jsonschema's are covered by test_interop_python).
    formats = {f.name for f in form.fields if isinstance(f, ir.StringField) and f.format}
    for content in invalid_contents(form):
        if any(content.get(n) != valid_content(form).get(n) for n in formats):
            continue
        if any(isinstance(v, float) and not math.isfinite(v) for v in content.values()):
            continue  # NaN and infinities: no JSON value
        expected = jsonschema_verdict(schema, content)
        if target == "cli":
            got = not module.validate(content)
        else:
            got = accepts(content_class(module), content)
        assert got == expected, content


@pytest.mark.parametrize("target", ["cli", "pydantic"])
def test_fuzz_hostile_requests(target: str) -> None:
    compiled: list[str] = []

    @_FUZZ
    @given(hostile_requests())
    def run(request: dict[str, Any]) -> None:
        module = _load(request, target)
        if module is None:
            return
        compiled.append(module.__name__)
        form = ir_form(request)
        assert form.schema == module.REQUESTED_SCHEMA
        # (MESSAGE is not compared: a schema seen before with another message keeps the first
        # one; test_what_the_form_shows_is_part_of_the_cache_key records that bug.)
        assert load_form(json.dumps(request), target) is module  # the cache, from text
        _agrees_with_jsonschema(form, module, target)

    run()
    assert len(compiled) >= EXAMPLES // 3  # most random requests are forms


@pytest.mark.parametrize("target", ["cli", "pydantic"])
def test_fuzz_arbitrary_json_in_every_envelope(target: str) -> None:
    @settings(
        max_examples=EXAMPLES * 4,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(json_values)
    def run(value: Any) -> None:
        for document in envelopes(value):
            for shaped in (document, json.dumps(document)):
                _load(shaped, target)  # anything but FormError fails the test

    run()


@pytest.mark.parametrize("target", ["cli", "pydantic"])
def test_fuzz_limits_never_raise_anything_else(target: str) -> None:
    """Random small limits over random schemas: refused with LimitExceeded, or compiled."""

    @_FUZZ
    @given(
        hostile_requests(),
        st.builds(
            Limits,
            max_bytes=st.integers(1, 4000),
            max_fields=st.integers(0, 6),
            max_options=st.integers(0, 5),
            max_text=st.integers(0, 300),
            max_name=st.integers(0, 20),
            max_values=st.integers(1, 100),
            max_depth=st.integers(1, 8),
            max_digits=st.integers(1, 20),
        ),
    )
    def run(request: dict[str, Any], limits: Limits) -> None:
        try:
            check_limits(request, limits)
        except LimitExceeded as error:
            assert "\n" not in str(error)
            with pytest.raises(LimitExceeded):
                load_form(request, target, limits=limits)
            return
        try:
            load_form(request, target, limits=limits)
        except LimitExceeded:  # pragma: no cover - the same check, so a bug
            raise AssertionError("load_form refused what check_limits let through") from None
        except FormError:
            pass

    run()


def test_golden_inputs_compile_from_disk_and_memory_alike(tmp_path: Path, run_cli: CliRun) -> None:
    """One more cross-check: the module from load_form and the CLI's file for the same bytes
    give the same verdicts on every golden form's contents (through the real CLI command)."""
    key, form = FORMS[0]
    source = tmp_path / "in.json"
    source.write_bytes(case_input(_case(key), form))
    out = tmp_path / "out"
    result = run_cli(source, "--target", "cli", "-o", f"{out}/")
    assert result.returncode == 0, result.stderr
    (path,) = out.iterdir()
    import importlib.util

    spec = importlib.util.spec_from_file_location("_live_cli_check", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    made = load_form(source.read_bytes(), "cli")
    assert made.REQUESTED_SCHEMA == module.REQUESTED_SCHEMA
    for content in [valid_content(form), *invalid_contents(form)]:
        assert made.validate(content) == module.validate(content)
    assert elicit_gen.compile(source.read_bytes(), [], name="x.json").ok


# --- issue 24: what the cache keys and holds, and the size of a parsed schema -------------------


def _keyed(key: str) -> dict[str, Any]:
    """An ``input_required`` result with one elicitation of :data:`AGE` under ``key``."""
    return {
        "resultType": "input_required",
        "inputRequests": {
            key: {
                "method": "elicitation/create",
                "params": {"message": "Tell us", "requestedSchema": AGE},
            }
        },
    }


@pytest.mark.parametrize("target", [*PY_TARGETS, "html"])
def test_the_names_an_input_required_key_gives_are_part_of_the_cache_key(target: str) -> None:
    """The same schema under the keys "shipping" and "gift" makes two modules, each the module a
    fresh compile makes, with the classes its key names (the cache once answered "gift" with
    the "shipping" module: ``ShippingContent``, no ``GiftContent``)."""
    clear_cache()
    shipping = load_form(_keyed("shipping"), target)
    gift = load_form(_keyed("gift"), target)
    assert gift is not shipping
    assert load_form(_keyed("gift"), target) is gift
    clear_cache()
    fresh = load_form(_keyed("gift"), target)
    if target == "html":  # the page names no class: the same text either way
        assert gift == fresh
        return
    assert gift.__name__ == fresh.__name__ and "gift" in gift.__name__
    assert "shipping" not in gift.__name__
    names = [c.__name__ for c in own_classes(gift, "")]
    assert names == [c.__name__ for c in own_classes(fresh, "")]
    assert not any(name.startswith("Shipping") for name in names)
    if target == "pydantic":
        assert hasattr(gift, "GiftContent") and not hasattr(gift, "ShippingContent")


def test_every_part_of_the_form_that_changes_the_module_changes_the_cache_key() -> None:
    """For each field of the IR, a form that differs in it alone and emits another module has
    another cache key (so that no field the emitters read can be forgotten by the key)."""
    from elicit_gen.records import field_names, replace

    form = ir_form({"message": "Tell us", "requestedSchema": {**AGE, "title": "T"}})
    other = ir_form({"properties": {"b": {"type": "boolean"}}, "type": "object"})
    changes: dict[str, dict[str, Any]] = {
        "stem": {"stem": "other_stem"},
        "class_name": {"class_name": "OtherName"},
        "message": {"message": "Another message"},
        "title": {"title": "Another title"},
        "description": {"description": "A description"},
        "schema": {
            "fields": other.fields,
            "schema_json": other.schema_json,
            "schema_hash": other.schema_hash,
        },
        "source": {"source": "elsewhere.json"},
        "revision": {"revision": next(r for r in type(form.revision) if r is not form.revision)},
        "locale": {"locale": "zh-CN"},
        "closed": {"closed": not form.closed},
    }
    covered = {name for change in changes.values() for name in change}
    assert covered == set(field_names(ir.Form)), "a new IR field: add it here"
    for what, change in changes.items():
        changed = replace(form, **change)
        differs = [t for t in PY_TARGETS if emit(changed, t).text != emit(form, t).text]
        if differs:
            assert live_load._cache_key(changed) != live_load._cache_key(form), (what, differs)


def test_the_caches_hold_digests_not_texts() -> None:
    """Neither cache keeps the schema's text (or its normalised JSON) as a key or a value."""
    clear_cache()
    big = {
        "type": "object",
        "properties": {f"f{i}": {"type": "string", "description": "d" * 5_000} for i in range(40)},
    }
    load_form(big, "pydantic")
    for key, value in live_load._seen.items():
        assert isinstance(value, bytes) and len(value) <= 32
        assert all(len(repr(part)) < 100 for part in key)
    for key in live_load._loaded:
        assert all(len(repr(part)) < 100 for part in key)


def test_the_cache_is_bounded_by_the_size_of_its_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """However few the forms, the cache never holds more generated code than its bound: large
    forms evict the least recently used ones, and one larger than the bound is not kept."""
    clear_cache()

    def schema(i: int, width: int) -> dict[str, Any]:
        options = [f"option {i}-{n}" for n in range(width)]
        return {"type": "object", "properties": {f"f{i}": {"type": "string", "enum": options}}}

    first = load_form(schema(0, 300), "cli")
    size = live_load._loaded_chars
    assert size > 0
    monkeypatch.setattr(live_load, "_CACHE_CHARS", size * 3 + size // 2)
    for i in range(1, 8):
        load_form(schema(i, 300), "cli")
        assert live_load._loaded_chars <= live_load._CACHE_CHARS
        assert live_load._loaded_chars == sum(entry[1] for entry in live_load._loaded.values())
    assert len(live_load._loaded) == 3
    assert load_form(schema(0, 300), "cli") is not first  # evicted by size, far below 128 forms
    monkeypatch.setattr(live_load, "_CACHE_CHARS", size // 2)
    clear_cache()
    huge = load_form(schema(99, 300), "cli")
    assert not live_load._loaded and live_load._loaded_chars == 0
    assert huge.validate({"f99": "option 99-7"}) == {}


@pytest.mark.parametrize(
    "char",
    ['"', "\\", "\n", "\x01", "\x1b", "\u00e9", "\u4e2d", "\U0001f600", "a"],
    ids=["quote", "backslash", "newline", "control", "escape", "e-acute", "cjk", "emoji", "ascii"],
)
def test_a_parsed_schema_is_measured_as_the_json_the_sdk_sends(char: str) -> None:
    """``max_bytes`` of a parsed schema counts the bytes of its JSON as the SDK writes it
    (pydantic: UTF-8, escapes for quotes, backslashes and controls): a schema whose text is one
    byte over the limit is refused parsed too (escapes were counted as one character each), and
    the count stays within a few bytes of the text."""
    from pydantic_core import to_json

    schema = {
        "type": "object",
        "properties": {f"f{i}": {"type": "string", "description": char * 900} for i in range(6)},
        "required": ["f0", "f1"],
    }
    options = {  # strings in a list are measured together: the same count
        "type": "object",
        "properties": {"pick": {"type": "string", "enum": [char * 90 + str(n) for n in range(60)]}},
    }
    for parsed in (schema, options):
        wire = len(to_json(parsed))
        assert wire == len(json.dumps(parsed, ensure_ascii=False, separators=(",", ":")).encode())
        with pytest.raises(LimitExceeded, match="bytes"):
            check_limits(parsed, Limits(max_bytes=wire - 1))
        with pytest.raises(LimitExceeded, match="bytes"):
            check_limits(to_json(parsed), Limits(max_bytes=wire - 1))
        check_limits(parsed, Limits(max_bytes=wire + 16))  # the commas of the containers, at most


def test_json_length_is_the_length_of_the_json_string() -> None:
    from pydantic_core import to_json

    texts = ["", "plain", 'a"b\\c', "\x00\x07\x08\t\n\x0b\x0c\r\x1f\x7f", "\u00e9\u4e2d\U0001f600"]
    for text in texts:
        assert (
            live_limits.json_length(text)
            == len(to_json(text))
            == len(json.dumps(text, ensure_ascii=False).encode())
        )
    assert live_limits.json_length("\ud800") == len(json.dumps("\ud800"))


def test_lists_measured_at_once_agree_with_a_step_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """check_limits measures a list of option strings, or of objects of strings, with C loops;
    its verdict and message are the walk's a value at a time, whatever the limits."""
    import random

    rng = random.Random(24)
    chars = ["a", '"', "\\", "\n", "\x01", "\u00e9", "\u4e2d", "\U0001f600"]

    def text(most: int) -> str:
        return "".join(rng.choice(chars) for _ in range(rng.randint(0, most)))

    def outcome(schema: Any, limits: Limits) -> str | None:
        try:
            check_limits(schema, limits)
        except LimitExceeded as error:
            return str(error)
        return None

    at_once = (live_limits._plain_options, live_limits._titled_options)
    for _ in range(1500):
        titled = [
            {text(6): (text(8) if rng.random() > 0.05 else 1) for _ in range(rng.randint(0, 3))}
            for _ in range(rng.randint(0, 12))
        ]
        plain = [text(8) if rng.random() > 0.02 else None for _ in range(rng.randint(0, 12))]
        schema = {"type": "object", "properties": {"p": {"oneOf": titled}, "q": {"enum": plain}}}
        limits = Limits(
            max_bytes=rng.randint(20, 900),
            max_values=rng.randint(5, 80),
            max_text=rng.randint(3, 9),
            max_name=rng.randint(3, 7),
            max_depth=rng.choice([3, 4, 5, 8]),
        )
        fast = outcome(schema, limits)
        monkeypatch.setattr(live_limits, "_plain_options", lambda *args: None)
        monkeypatch.setattr(live_limits, "_titled_options", lambda *args: None)
        slow = outcome(schema, limits)
        monkeypatch.setattr(live_limits, "_plain_options", at_once[0])
        monkeypatch.setattr(live_limits, "_titled_options", at_once[1])
        assert fast == slow, (schema, limits)
