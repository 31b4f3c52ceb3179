"""Fuzzing every target with valid schemas full of hostile and random strings.

For each generated schema: every target compiles; every Python output parses, imports without
side effects (no output, no new files) and exposes its schema unchanged; the HTML parses, has no
event-handler attribute or unexpected element, no two elements share an id, and every executable
script in it is byte-for-byte the target's fixed runtime (schema text only ever lands in JSON data
blocks and text); the Textual screen's ids are distinct too.

Property names are drawn partly from sets that clash after id derivation (``x``, ``x box``,
``x-box``, ``X``, ``x_box``, ``y error``, ...). A second, smaller run checks behaviour: every
target sends untouched hostile string defaults (controls, escape sequences, NUL, line breaks,
bidi controls) back exactly, and the Python UIs never show them raw.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.targets import available
from elicit_gen.targets.common.text import UNSAFE_CLASS

from ..support.hostile import (
    CLASHING_NAMES,
    hostile_requests,
    maybe,
    nonempty,
    text,
)

#: Names that clashed in the Textual target (issue 13 item 2), always among the examples.
CLASHING_REQUEST = {
    "message": "m",
    "requestedSchema": {
        "type": "object",
        "properties": {
            n: {"type": "string"} for n in ["y error", "y", "x", "x box", "x-box", "X", "x_box"]
        },
        "required": ["x box"],
    },
}


class Collector(HTMLParser):
    ALLOWED: ClassVar[set[str]] = {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "script",
        "body",
        "main",
        "header",
        "footer",
        "form",
        "fieldset",
        "legend",
        "label",
        "input",
        "select",
        "option",
        "textarea",
        "button",
        "div",
        "span",
        "p",
        "h1",
        "h2",
        "strong",
        "em",
        "small",
        "ul",
        "li",
        "output",
        "section",
        "svg",
        "path",
        "template",
        "br",
        "abbr",
        "dialog",
        "noscript",
        "b",
        "i",
        "hr",
        "time",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[str | None, str]] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self._in_script: str | bool | None = False
        self._buffer = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.ALLOWED:
            self.problems.append(f"unexpected element <{tag}>")
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
            if name.startswith("on"):
                self.problems.append(f"event handler attribute {name}={value!r} on <{tag}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"javascript: URL in {name} on <{tag}>")
        if tag == "script":
            self._in_script = dict(attrs).get("type")
            self._buffer = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script is not False:
            self.scripts.append(
                (self._in_script if isinstance(self._in_script, str) else None, self._buffer)
            )
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script is not False:
            self._buffer += data


def executable_scripts(html: str) -> tuple[list[str], list[str], list[str]]:
    parser = Collector()
    parser.feed(html)
    parser.close()
    duplicates = sorted({i for i in parser.ids if parser.ids.count(i) > 1})
    if duplicates:
        parser.problems.append(f"ids used twice: {duplicates}")
    code = [body for kind, body in parser.scripts if kind not in ("application/json",)]
    data = [body for kind, body in parser.scripts if kind == "application/json"]
    return code, data, parser.problems


BENIGN = {
    "message": "m",
    "requestedSchema": {"type": "object", "properties": {"a": {"type": "string", "title": "A"}}},
}


def reference_scripts() -> list[str]:
    [page] = elicit_gen.compile(BENIGN, "html").files
    return executable_scripts(page.text)[0]


def import_without_side_effects(path: Path) -> Any:
    before = set(os.listdir(path.parent))
    spec = importlib.util.spec_from_file_location(f"_fuzz_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        spec.loader.exec_module(module)
    assert out.getvalue() == "" and err.getvalue() == "", "import printed something"
    assert set(os.listdir(path.parent)) == before, "import created files"
    return module


def assert_distinct_textual_ids(tree: ast.Module) -> None:
    """Every widget id the Textual module spells out is used once (its "unset-" notes prefix
    the control ids, which are in ``_IDS``)."""
    ids = [
        node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword)
        and node.arg == "id"
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    controls = [
        value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "_IDS"
        and isinstance(node.value, ast.Dict)
        for value in node.value.values
        if isinstance(value, ast.Constant)
    ]
    ids += [f"unset-{i}" for i in controls]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


@pytest.mark.slow
def test_every_target_survives_hostile_schemas(tmp_path: Path) -> None:
    targets = available()
    scripts = reference_scripts() if "html" in targets else []
    examples = int(os.environ.get("ELICIT_GEN_FUZZ_EXAMPLES", "60"))

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(hostile_requests())
    @example(CLASHING_REQUEST)
    def run(request: dict[str, Any]) -> None:
        result = elicit_gen.compile(request, targets, name="fuzz.json")
        assume(result.ok)  # e.g. a random title that reads like a secret (EG170)
        for generated in result.files:
            if generated.name.endswith(".html"):
                code, data, problems = executable_scripts(generated.text)
                assert problems == []
                assert code == scripts, "schema text changed an executable script"
                for block in data:
                    json.loads(block)
                continue
            if generated.name.endswith("_textual.py"):
                assert_distinct_textual_ids(ast.parse(generated.text))
            # (the import compiles the text: no parse of its own for the others, each costs as
            # much as the import)
            path = tmp_path / generated.name
            path.write_text(generated.text, encoding="utf-8")
            module = import_without_side_effects(path)
            assert result.forms[0].schema == module.REQUESTED_SCHEMA
            sys.modules.pop(f"_fuzz_{path.stem}", None)
            path.unlink()

    run()


# --- behaviour: untouched hostile defaults come back exactly ---------------------------------

#: Characters no Python UI may show as themselves (they are shown as escapes).
SHOWN_ESCAPED = re.compile(UNSAFE_CLASS)
#: A bidi isolate the Qt dialog adds around right-to-left text (qt_text.isolate).
ISOLATED = re.compile("\u2068([^\u2066-\u2069]*)\u2069")


#: String defaults that a form could change or a terminal act on (issue 13 items 1 and 14).
HOSTILE_DEFAULTS = [
    "line1\nline2\u0000",
    "\x1b]52;c;SGFja2Vk\x07\x1b]0;title\x07\x1b[2J",
    "\u202egoogle.com\u2066x\u2069",
    "a\r\nb\rc\td\u2028e",
    " padded ",
    "\x00",
    "\ufeffbom\u200b\u2060",
]


@st.composite
def hostile_defaults(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A request whose every field has a default (strings and options full of hostile text, names
    that clash after id derivation), and the content an untouched form must send: the defaults."""
    name = st.one_of(text.filter(lambda s: s != ""), st.sampled_from(CLASHING_NAMES))
    names = draw(st.lists(name, min_size=1, max_size=4, unique=True))
    properties: dict[str, Any] = {}
    content: dict[str, Any] = {}
    for prop_name in names:
        kind = draw(st.sampled_from(["string", "string", "integer", "boolean", "oneOf", "multi"]))
        if kind == "string":
            value: Any = draw(st.sampled_from(HOSTILE_DEFAULTS) | nonempty)
            field: dict[str, Any] = {"type": "string", "default": value}
        elif kind == "integer":
            value = draw(st.integers(-(2**53) + 1, 2**53 - 1))
            field = {"type": "integer", "default": value}
        elif kind == "boolean":
            value = draw(st.booleans())
            field = {"type": "boolean", "default": value}
        else:
            values = draw(st.lists(nonempty, min_size=1, max_size=3, unique=True))
            if kind == "oneOf":
                value = values[-1]
                field = {
                    "type": "string",
                    "oneOf": [{"const": v, "title": draw(text)} for v in values],
                    "default": value,
                }
            else:
                value = values[:1]
                items = {"type": "string", "enum": values}
                field = {"type": "array", "items": items, "default": value}
        field["title"] = draw(text)
        properties[prop_name] = field
        content[prop_name] = value
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if draw(maybe):
        schema["required"] = draw(st.lists(st.sampled_from(names), unique=True))
    return {"message": draw(text), "requestedSchema": schema}, content


def compiled(request: dict[str, Any], target: str, directory: Path) -> tuple[Any, ModuleType]:
    result = elicit_gen.compile(request, [target], name="fuzz.json")
    assume(result.ok)
    [generated] = result.files
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    module = import_without_side_effects(path)
    return result.forms[0], module


_BEHAVIOUR = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


@_BEHAVIOUR
@given(case=hostile_defaults())
def test_cli_sends_untouched_hostile_defaults_exactly(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    request, content = case
    _, module = compiled(request, "cli", tmp_path_factory.mktemp("cli"))
    err = io.StringIO()
    answers = io.StringIO("\n" * (len(content) + 1) + "s\n")  # start, keep every default, submit
    result = module.elicit(server="\x1b]0;srv\x07", stdin=answers, stderr=err)
    assert result == {"action": "accept", "content": content}
    leaks = [c for c in err.getvalue().replace("\n", "") if SHOWN_ESCAPED.match(c)]
    assert not leaks, leaks


@_BEHAVIOUR
@given(case=hostile_defaults())
def test_pydantic_keeps_hostile_defaults_exactly(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    request, content = case
    form, module = compiled(request, "pydantic", tmp_path_factory.mktemp("pydantic"))
    model = getattr(module, f"{form.class_name}Content")
    valid = model.model_validate(content)
    assert valid.model_dump(mode="json", by_alias=True, exclude_unset=True) == content


@_BEHAVIOUR
@given(case=hostile_defaults())
def test_qt_shows_hostile_defaults_escaped_and_sends_them_exactly(
    qtbot: Any,
    tmp_path_factory: pytest.TempPathFactory,
    case: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    pytest.importorskip("PySide6")
    from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QListWidget, QWidget

    request, content = case
    form, module = compiled(request, "qt", tmp_path_factory.mktemp("qt"))
    dialog = getattr(module, f"{form.class_name}Dialog")(server="s\u202erv")
    qtbot.addWidget(dialog)
    shown = [dialog.windowTitle()]
    for widget in dialog.findChildren(QWidget):
        shown += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, (QLabel, QLineEdit, QCheckBox)):
            shown.append(widget.text())
        if isinstance(widget, QComboBox):
            shown += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            shown += [widget.item(r).text() for r in range(widget.count())]
    # the dialog wraps right-to-left text in a bidi isolate (FSI ... PDI) of its own, so that
    # it cannot reorder the text around it: those two are no leak, what is inside them must be
    unwrapped = [ISOLATED.sub(r"\1", t.replace("\n", "")) for t in shown]
    leaks = [t for t in unwrapped if SHOWN_ESCAPED.search(t)]
    assert not leaks, leaks
    named = [w.objectName() for w in dialog.findChildren(QWidget)]
    named = [n for n in named if n and not n.startswith("qt_")]
    assert len(named) == len(set(named)), sorted(named)
    assert dialog.submit()
    assert dialog.elicit_result() == {"action": "accept", "content": content}


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=hostile_defaults())
def test_textual_shows_hostile_defaults_escaped_and_sends_them_exactly(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    from textual.widgets import Input

    from ..support.textual import finish, in_host, push, screen_text

    request, content = case
    form, module = compiled(request, "textual", tmp_path_factory.mktemp("textual"))

    async def script(pilot: Any) -> None:
        results = await push(pilot, getattr(module, f"{form.class_name}Screen")())
        for box in pilot.app.screen.query(Input):
            assert not SHOWN_ESCAPED.search(box.value), box.value
        text = screen_text(pilot.app)
        assert not SHOWN_ESCAPED.search(text.replace("\n", "")), text
        await pilot.press("ctrl+s")
        assert await finish(pilot, results) == {"action": "accept", "content": content}

    in_host(script)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=hostile_defaults())
def test_html_sends_untouched_hostile_defaults_exactly(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    from ..support.html import launch

    request, content = case
    result = elicit_gen.compile(request, ["html"], name="fuzz.json")
    assume(result.ok)
    [page_file] = result.files
    path = tmp_path_factory.mktemp("html") / page_file.name
    path.write_text(page_file.text, encoding="utf-8")
    with launch() as browser:
        page = browser.new_page()
        page.goto(path.as_uri())
        page.click("#eg-accept")
        delivered = page.evaluate("async () => JSON.stringify(await window.elicitation.result)")
    assert json.loads(delivered) == {"action": "accept", "content": content}
