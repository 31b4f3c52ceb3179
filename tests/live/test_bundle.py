"""A form's module made at run time from data (elicit_gen/live/bundle.py) is the module written
ahead of time: on every golden form and every target (each assembles its modules), the same
names with the same data, the same code (bytecode, constants, names, defaults, docstrings), the
same classes, the same ``validate()`` verdicts, and, run for real, the same questions and result
(cli), the same widgets (qt) and the same screen (textual); for pydantic, the same models (their
fields, core and JSON schemas) with the same verdicts and dumps. The compiled runtime kept on
disk is read back into a runtime that behaves the same."""

from __future__ import annotations

import asyncio
import io
import types
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.compiler import ir
from elicit_gen.live import bundle
from elicit_gen.live.bundle import assembled
from elicit_gen.targets import runtime_target, targets_with
from elicit_gen.targets.common.base import AssemblesModule

from ..support.cases import all_forms, sample_value, valid_content, write_and_import
from ..support.cli import typed
from ..support.pydantic import content_model, result_model, shown
from ..support.textual import ready

ASSEMBLED = targets_with("loadable")
#: The targets whose modules hold a form API (``validate``, ``elicit``, ``main``).
UI = [name for name in ASSEMBLED if name != "pydantic"]
FORMS = all_forms()
#: What only a module imported from a file has (the interpreter's, not the form's).
_IMPORT_ONLY = {
    "__builtins__",
    "__file__",
    "__cached__",
    "__loader__",
    "__spec__",
    "__package__",
    "__name__",
    "__annotations__",
}


def _emitter(target: str) -> AssemblesModule:
    emitter = runtime_target(target)
    assert isinstance(emitter, AssemblesModule)
    return emitter


@pytest.fixture(scope="module")
def ahead_of_time(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Any]:
    """Every golden form's module for every assembling target, written and imported."""
    directory = tmp_path_factory.mktemp("aot")
    modules = {}
    for target in ASSEMBLED:
        for key, form in FORMS:
            folder = directory / target / key.replace(":", "_")
            folder.mkdir(parents=True)
            modules[(target, key)] = write_and_import(form, target, folder)
    return modules


def test_every_loadable_target_assembles_its_modules() -> None:
    """load_form makes every module from data: a loadable target that did not would fail here
    (elicit_gen/live/load.py has no path that compiles a form's text)."""
    assert set(UI) == set(targets_with("python", "ui"))
    for target in ASSEMBLED:
        _emitter(target)


# --- the same module -----------------------------------------------------------------------


def _same_code(ours: types.CodeType, theirs: types.CodeType, where: str) -> None:
    """The same code but for where it was compiled (file name, line numbers)."""
    assert ours.co_code == theirs.co_code, where
    assert ours.co_names == theirs.co_names, where
    assert ours.co_varnames == theirs.co_varnames, where
    assert ours.co_name == theirs.co_name, where
    assert getattr(ours, "co_qualname", None) == getattr(theirs, "co_qualname", None), where
    assert ours.co_flags == theirs.co_flags, where
    assert len(ours.co_consts) == len(theirs.co_consts), where
    for mine, other in zip(ours.co_consts, theirs.co_consts, strict=True):
        if isinstance(mine, types.CodeType):
            _same_code(mine, other, f"{where}.{mine.co_name}")
        else:
            assert mine == other and type(mine) is type(other), where


def _same(ours: Any, theirs: Any, where: str, seen: set[int]) -> None:
    if id(ours) in seen:
        return
    seen.add(id(ours))
    if isinstance(ours, types.FunctionType):
        assert isinstance(theirs, types.FunctionType), where
        _same_code(ours.__code__, theirs.__code__, where)
        assert ours.__doc__ == theirs.__doc__, where
        assert ours.__defaults__ == theirs.__defaults__, where
        assert ours.__kwdefaults__ == theirs.__kwdefaults__, where
        assert ours.__qualname__ == theirs.__qualname__, where
    elif isinstance(ours, type):
        assert isinstance(theirs, type), where
        assert (ours.__name__, ours.__qualname__) == (theirs.__name__, theirs.__qualname__), where
        assert [b.__qualname__ for b in ours.__mro__] == [b.__qualname__ for b in theirs.__mro__]
        if ours.__module__.startswith("elicit_gen.live.") and "_runtime" not in ours.__module__:
            mine, other = vars(ours), vars(theirs)  # a class the form's part defines
            assert set(mine) == set(other), where
            for name in mine:
                if name not in ("__module__", "__dict__", "__weakref__"):
                    _same(mine[name], other[name], f"{where}.{name}", seen)
    elif isinstance(ours, types.ModuleType):
        assert ours is theirs, where  # a module the form's code imported (PySide6, textual)
    elif isinstance(ours, (list, tuple)):
        assert type(ours) is type(theirs) and len(ours) == len(theirs), where
        for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            _same(mine, other, f"{where}[{index}]", seen)
    elif isinstance(ours, dict):
        assert type(ours) is type(theirs) and list(ours) == list(theirs), where
        for name in ours:
            _same(ours[name], theirs[name], f"{where}[{name!r}]", seen)
    elif isinstance(ours, (str, int, float, bool, type(None))):
        assert type(ours) is type(theirs) and ours == theirs, where
    else:  # an instance (the cli's _FORM, what Textual keeps on a class): the same state
        assert type(ours).__qualname__ == type(theirs).__qualname__, where
        mine, other = _state(ours), _state(theirs)
        assert set(mine) == set(other), where
        for name in mine:
            _same(mine[name], other[name], f"{where}.{name}", seen)


def _state(value: Any) -> dict[str, Any]:
    """An object's attributes: its ``__dict__``, or its slots; the items of a mapping."""
    if isinstance(value, (frozenset, set)):
        return {repr(item): item for item in value}
    if hasattr(value, "__dict__"):
        return dict(vars(value))
    slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
    if slots:
        return {s: getattr(value, s) for s in slots if hasattr(value, s)}
    return {"repr": repr(value)}


@pytest.mark.parametrize("target", UI)
@pytest.mark.parametrize(("key", "form"), FORMS, ids=[key for key, _ in FORMS])
def test_the_module_made_from_data_is_the_module_written_ahead_of_time(
    target: str, key: str, form: ir.Form, ahead_of_time: dict[tuple[str, str], Any]
) -> None:
    theirs = ahead_of_time[(target, key)]
    ours = assembled(form, target, _emitter(target))
    assert ours.__doc__ == theirs.__doc__
    names = set(vars(ours)) - _IMPORT_ONLY
    assert names == set(vars(theirs)) - _IMPORT_ONLY
    runtime = bundle.shared(target, form.locale, True).namespace
    own = [n for n in names if n not in runtime]  # the form part's and the API's names
    assert {"REQUESTED_SCHEMA", "MESSAGE", "validate", "elicit", "main"} <= set(own)
    for name in own:
        _same(vars(ours)[name], vars(theirs)[name], name, set())
    for name in names - set(own):  # the runtime's: the same definitions
        mine, other = vars(ours)[name], vars(theirs)[name]
        if isinstance(mine, (types.FunctionType, type)):
            _same(mine, other, name, set())
    for content in _contents(form):
        assert ours.validate(content) == theirs.validate(content), content


def _outcome(model: Any, value: Any) -> tuple[Any, ...]:
    """What ``model`` makes of ``value``: its dumps, or its errors (type, where, message)."""
    import pydantic

    try:
        made = model.model_validate(value)
    except pydantic.ValidationError as error:
        return ("refused", [(e["type"], e["loc"], e["msg"]) for e in error.errors()])
    return (
        "accepted",
        made.model_dump(mode="json"),
        made.model_dump(mode="json", exclude_unset=True),
        made.model_dump_json(by_alias=True),
    )


@pytest.mark.parametrize(("key", "form"), FORMS, ids=[key for key, _ in FORMS])
def test_the_pydantic_models_made_from_data_are_the_models_written_ahead_of_time(
    key: str, form: ir.Form, ahead_of_time: dict[tuple[str, str], Any]
) -> None:
    theirs = ahead_of_time[("pydantic", key)]
    ours = assembled(form, "pydantic", _emitter("pydantic"))
    assert ours.__doc__ == theirs.__doc__
    names = set(vars(ours)) - _IMPORT_ONLY
    assert names == set(vars(theirs)) - _IMPORT_ONLY
    for name in ("MESSAGE", "REQUESTED_SCHEMA", "OPTION_LABELS"):
        _same(vars(ours)[name], vars(theirs)[name], name, set())
    runtime = bundle.shared("pydantic", form.locale, False).namespace
    for name in names - set(runtime) - {"__doc__", "MESSAGE", "REQUESTED_SCHEMA", "OPTION_LABELS"}:
        assert name.startswith(form.class_name), name  # the two models, and nothing else
    modules = (ours.__name__, theirs.__name__)
    for model in (content_model, result_model):
        mine, other = model(ours, form), model(theirs, form)
        assert (mine.__qualname__, mine.__doc__) == (other.__qualname__, other.__doc__)
        assert [b.__qualname__ for b in mine.__mro__] == [b.__qualname__ for b in other.__mro__]
        assert list(vars(mine)) == list(vars(other))
        assert shown(mine.model_fields, *modules) == shown(other.model_fields, *modules)
        assert shown(mine.__pydantic_core_schema__, *modules) == shown(
            other.__pydantic_core_schema__, *modules
        )
        for mode in ("validation", "serialization"):
            assert mine.model_json_schema(mode=mode) == other.model_json_schema(mode=mode)
    for value in _contents(form):
        mine, other = content_model(ours, form), content_model(theirs, form)
        assert _outcome(mine, value) == _outcome(other, value)
        for action in ("accept", "decline", "cancel"):
            answer = {"action": action, "content": value}
            mine, other = result_model(ours, form), result_model(theirs, form)
            assert _outcome(mine, answer) == _outcome(other, answer)
    decline = {"action": "decline"}
    assert _outcome(result_model(ours, form), decline) == _outcome(
        result_model(theirs, form), decline
    )


def _contents(form: ir.Form) -> list[dict[str, Any]]:
    """Valid content, none, and each field given a wrong value, left out or set alone."""
    valid = valid_content(form)
    contents = [valid, {}, {**valid, "unexpected": 1}]
    for field in form.fields:
        contents.append({k: v for k, v in valid.items() if k != field.name})
        contents.append({field.name: sample_value(field)})
        for wrong in ("", "x" * 300, -1, 10**20, 0.5, True, None, [], ["?"], {"a": 1}):
            contents.append({**valid, field.name: wrong})
    return contents


# --- the same behaviour, run for real -------------------------------------------------------


@pytest.mark.parametrize(("key", "form"), FORMS, ids=[key for key, _ in FORMS])
def test_the_cli_module_asks_and_answers_the_same(
    key: str, form: ir.Form, ahead_of_time: dict[tuple[str, str], Any]
) -> None:
    content = valid_content(form)
    lines = [
        typed(field, content[field.name]) if field.name in content else "" for field in form.fields
    ]
    script = "\n".join([*lines, "s", ""])
    runs = []
    for module in (assembled(form, "cli", _emitter("cli")), ahead_of_time[("cli", key)]):
        shown = io.StringIO()
        result = module.elicit(stdin=io.StringIO(script), stderr=shown, server="srv")
        runs.append((result, shown.getvalue()))
    assert runs[0] == runs[1]
    assert runs[0][0]["action"] == "accept"


def _widgets(dialog: Any) -> list[tuple[str, str, str]]:
    from PySide6.QtWidgets import QWidget

    found = []
    for widget in [dialog, *dialog.findChildren(QWidget)]:
        text = widget.text() if hasattr(widget, "text") and callable(widget.text) else ""
        found.append((type(widget).__name__, widget.objectName(), str(text)))
    return found


@pytest.mark.parametrize(("key", "form"), FORMS, ids=[key for key, _ in FORMS])
def test_the_qt_dialog_is_the_same(
    key: str, form: ir.Form, ahead_of_time: dict[tuple[str, str], Any], qtbot: Any
) -> None:
    shown = []
    for module in (assembled(form, "qt", _emitter("qt")), ahead_of_time[("qt", key)]):
        dialog = getattr(module, f"{form.class_name}Dialog")(server="srv")
        qtbot.addWidget(dialog, before_close_func=lambda d: d.cancel())
        shown.append((_widgets(dialog), dialog.windowTitle(), type(dialog).__name__))
        dialog.cancel()
        assert dialog.elicit_result() == {"action": "cancel"}
    assert shown[0] == shown[1]


@pytest.mark.parametrize(("key", "form"), FORMS, ids=[key for key, _ in FORMS])
def test_the_textual_screen_is_the_same(
    key: str, form: ir.Form, ahead_of_time: dict[tuple[str, str], Any]
) -> None:
    shown = []
    for module in (
        assembled(form, "textual", _emitter("textual")),
        ahead_of_time[("textual", key)],
    ):
        app = getattr(module, f"{form.class_name}App")(server="srv")

        async def main(app: Any = app) -> tuple[Any, ...]:
            async with app.run_test(size=(100, 60)) as pilot:
                screen = await ready(pilot, lambda top: top is not app.screen_stack[0])
                widgets = [
                    (type(w).__name__, w.id, sorted(w.classes)) for w in screen.walk_children()
                ]
                await pilot.press("escape")
                await pilot.pause()
                return type(screen).__name__, widgets, type(screen)._css_type_name

        shown.append(asyncio.run(asyncio.wait_for(main(), 60)))
    assert shown[0] == shown[1]


# --- the compiled runtime kept on disk -----------------------------------------------------


def test_the_compiled_runtime_is_kept_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setenv(bundle.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(bundle, "_bundles", {})
    _, form = FORMS[0]
    first = assembled(form, "cli", _emitter("cli"))
    kept = list(tmp_path.iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("cli-en-"), kept
    compiles: list[str] = []
    real_compile = compile
    monkeypatch.setattr(bundle, "_bundles", {})
    monkeypatch.setattr(
        "builtins.compile", lambda *a, **k: compiles.append(a[1]) or real_compile(*a, **k)
    )
    again = assembled(form, "cli", _emitter("cli"))
    assert compiles == []  # read back, not compiled
    content = valid_content(form)
    assert again.validate(content) == first.validate(content) == {}
    assert again.validate({}) == first.validate({})


def test_a_torn_or_foreign_cache_file_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setenv(bundle.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(bundle, "_bundles", {})
    _, form = FORMS[0]
    assembled(form, "cli", _emitter("cli"))
    (kept,) = tmp_path.iterdir()
    for junk in (b"", b"\x00" * 10, kept.read_bytes()[:100]):
        kept.write_bytes(junk)
        monkeypatch.setattr(bundle, "_bundles", {})
        module = assembled(form, "cli", _emitter("cli"))
        assert module.validate(valid_content(form)) == {}
        assert kept.read_bytes() != junk  # written anew


def test_nothing_is_kept_when_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setenv(bundle.CACHE_VARIABLE, str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(bundle, "_bundles", {})
    assembled(FORMS[0][1], "cli", _emitter("cli"))
    assert list(tmp_path.iterdir()) == []


_IMPORTS = """
import json, sys
from elicit_gen import load_form
load_form(json.loads(sys.argv[1]), sys.argv[2])
print(json.dumps(sorted(sys.modules)))
"""

#: What writing a module's text takes, which making one at run time must not import.
_TEXT_MAKERS = (
    "jinja2",
    "black",
    "click",
    "elicit_gen.targets.common.render",
    "elicit_gen.targets.common.pyprint",
    "elicit_gen.targets.common.pyformat",
    "elicit_gen.targets.pydantic_module",
)


@pytest.mark.parametrize("target", ASSEMBLED)
def test_a_form_made_at_run_time_imports_nothing_that_writes_text(
    target: str, tmp_path: Path
) -> None:
    """A client's first request, in a fresh process, whether the compiled runtime is kept
    (the second process) or not yet (the first): no template engine, no printer."""
    import json
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update({bundle.CACHE_VARIABLE: str(tmp_path), "QT_QPA_PLATFORM": "offscreen"})
    schema = json.dumps(FORMS[0][1].schema)
    for attempt in ("compiled", "read back"):
        done = subprocess.run(
            [sys.executable, "-c", _IMPORTS, schema, target],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        imported = json.loads(done.stdout)
        found = [m for m in imported if m.split(".")[0] in _TEXT_MAKERS or m in _TEXT_MAKERS]
        assert found == [], (attempt, found)
    assert [p.name.split("-")[0] for p in tmp_path.iterdir()] == [target]


def _assert_keyed_by(target: str, locale: str, paths: list[Path]) -> None:
    """Touching each file (its time, as Python sees a module's source) names another compiled
    runtime; putting the time back names the same one again."""
    import os

    for path in paths:
        before = bundle._cache_key(target, locale, True)
        state = path.stat()
        try:
            os.utime(path, ns=(state.st_atime_ns, state.st_mtime_ns + 1_000_000_000))
            assert bundle._cache_key(target, locale, True) != before, path
        finally:
            os.utime(path, ns=(state.st_atime_ns, state.st_mtime_ns))
        assert bundle._cache_key(target, locale, True) == before


def test_the_kept_runtime_is_keyed_by_the_files_it_is_made_of() -> None:
    """A change to the runtime's code, the emitter or the language's catalogue names another
    compiled runtime."""
    from elicit_gen.i18n import po_path
    from elicit_gen.targets.common.runtime import runtime_file

    paths = [runtime_file("formcore.py"), runtime_file("prompt_api.py"), po_path("zh_CN")]
    _assert_keyed_by("cli", "zh-CN", paths)
    assert bundle._cache_key("cli", "en", True) != bundle._cache_key("cli", "zh-CN", True)
    assert bundle._cache_key("cli", "en", True) != bundle._cache_key("qt", "en", True)


def test_the_pydantic_runtime_is_keyed_by_its_files_too() -> None:
    """pydantic names its parts as the assembling targets do: its key needs no runtime text
    (a first request used to build and hash the whole text to find the kept code)."""
    from elicit_gen.targets.common.runtime import runtime_file

    names = ("formats.py", "pattern.py", "pydantic_models.py")
    _assert_keyed_by("pydantic", "en", [runtime_file(name) for name in names])


@pytest.mark.parametrize("pattern", [True, False], ids=["pattern", "no-pattern"])
@pytest.mark.parametrize("target", targets_with("loadable"))
def test_every_part_the_runtime_holds_is_one_it_names(target: str, pattern: bool) -> None:
    """A part file whose code is in the runtime's text but not in ``runtime_parts()`` would
    change the runtime without changing the key of its kept compiled code (with the pattern
    engine, and without it: the runtime of forms with no ``pattern``)."""
    from elicit_gen.targets.common.runtime import RUNTIME, runtime_part

    emitter = runtime_target(target)
    runtime = emitter.runtime("en", pattern)
    text = "\n".join((runtime.imports, *runtime.pieces, runtime.api))
    named = set(emitter.runtime_parts(pattern))
    held = {
        path.name
        for path in RUNTIME.rglob("*.py")
        if path.name != "__init__.py" and (body := runtime_part(path.name).body).strip()
        if body in text
    }
    assert held, target
    assert held <= named, held - named


def test_a_cli_first_request_imports_no_dataclasses(tmp_path: Path) -> None:
    """The run-time path's records (the IR, the view, limits, repairs, catalogues) are
    :mod:`elicit_gen.records`: importing ``dataclasses`` (with inspect, ast and dis) and making
    a class of it cost a fresh process about a quarter of its first request."""
    import json
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env[bundle.CACHE_VARIABLE] = str(tmp_path)
    schema = json.dumps(FORMS[0][1].schema)
    # the first process compiles the runtime (reading its imports takes ast); the second reads
    # it back, as every later process does
    # (nor linecache and tokenize, which only a traceback needs: test_a_traceback_through_...)
    later = {"dataclasses", "inspect", "ast", "dis", "linecache", "tokenize"}
    for unwanted in ({"dataclasses", "inspect"}, later):
        done = subprocess.run(
            [sys.executable, "-c", _IMPORTS, schema, "cli"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert set(json.loads(done.stdout)) & unwanted == set()


def test_a_traceback_through_the_runtime_shows_its_lines() -> None:
    """The runtime is compiled from text no file holds; a traceback through it shows its lines
    all the same (its module's loader gives the text, as for a module in a zip)."""
    import linecache
    import traceback

    shared = bundle.shared("cli", "en", True)
    linecache.cache.pop("elicit-gen:cli-runtime.py", None)  # only the loader can tell now
    try:
        shared.namespace["check_value"](None, "x")
    except AttributeError as exc:
        shown = traceback.format_exception(exc)
    else:
        pytest.fail("check_value took a schema of None")
    frames = [entry for entry in shown if 'File "elicit-gen:cli-runtime.py"' in entry]
    assert frames, shown
    assert all(len(entry.strip().splitlines()) >= 2 for entry in frames), frames  # with a line
