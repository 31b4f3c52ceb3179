"""Fuzzing every target with valid schemas full of hostile and random strings.

For each generated schema: every target compiles; every Python output parses, imports without
side effects (no output, no new files) and exposes its schema unchanged; the HTML parses, has no
event-handler attribute or unexpected element, and every executable script in it is byte-for-byte
the target's fixed runtime (schema text only ever lands in JSON data blocks and text).
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import json
import os
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.targets import available

HOSTILE = [
    "</script><script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }}",
    "{% raw %}",
    "${7*7}",
    "'''",
    '"""',
    "\\",
    "\\n",
    "\n",
    "\r\n",
    "\u2028",
    "\u2029",
    "\x00",
    "\u202e",
    "\u2066",
    "\x1b[2J",
    "\x1b]0;title\x07",
    "[bold red]x[/]",
    "[@click=app.quit]",
    "__import__('os').system('touch pwned')",
    "-->",
    "<!--",
    "]]>",
    "&amp;",
    "&#0;",
    "%s",
    "\ud7ff",
    "\U0001f600",
    "",
    " ",
    "x" * 300,
    "javascript:alert(1)",
    "<b>b</b>",
    "\t",
]
text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=12),
    st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=3).map("".join),
)
nonempty = text.filter(lambda s: s != "")
maybe = st.booleans()


@st.composite
def hostile_field(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            [
                "string",
                "number",
                "integer",
                "boolean",
                "enum",
                "oneOf",
                "legacy",
                "multi",
                "multi_titled",
            ]
        )
    )
    field: dict[str, Any] = {
        "type": {
            "enum": "string",
            "oneOf": "string",
            "legacy": "string",
            "multi": "array",
            "multi_titled": "array",
        }.get(kind, kind)
    }
    if draw(maybe):
        field["title"] = draw(text)
    if draw(maybe):
        field["description"] = draw(text)
    values = draw(st.lists(nonempty, min_size=1, max_size=4, unique=True))
    if kind == "string":
        if draw(maybe):
            field["format"] = draw(st.sampled_from(["email", "uri", "date", "date-time"]))
        elif draw(maybe):
            field["default"] = draw(text)
    elif kind in ("number", "integer") and draw(maybe):
        field["minimum"] = draw(st.integers(-(2**60), 2**60))
    elif kind == "enum":
        field["enum"] = values
    elif kind == "legacy":
        field["enum"] = values
        field["enumNames"] = [draw(text) for _ in values]
    elif kind == "oneOf":
        field["oneOf"] = [{"const": v, "title": draw(text)} for v in values]
    elif kind == "multi":
        field["items"] = {"type": "string", "enum": values}
    elif kind == "multi_titled":
        field["items"] = {"anyOf": [{"const": v, "title": draw(text)} for v in values]}
    if kind in ("enum", "oneOf", "legacy") and draw(maybe):
        field["default"] = values[0]
    return field


@st.composite
def hostile_requests(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(text, max_size=5, unique=True))
    properties = {name: draw(hostile_field()) for name in names}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if draw(maybe):
        schema["title"] = draw(text)
    if names and draw(maybe):
        schema["required"] = draw(st.lists(st.sampled_from(names), unique=True))
    return {"message": draw(text), "requestedSchema": schema}


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
        self._in_script: str | bool | None = False
        self._buffer = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.ALLOWED:
            self.problems.append(f"unexpected element <{tag}>")
        for name, value in attrs:
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


@pytest.mark.slow
def test_every_target_survives_hostile_schemas(tmp_path: Path) -> None:
    targets = available()
    scripts = reference_scripts() if "html" in targets else []
    examples = int(os.environ.get("ELICIT_GEN_FUZZ_EXAMPLES", "60"))

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(hostile_requests())
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
            ast.parse(generated.text)
            path = tmp_path / generated.name
            path.write_text(generated.text, encoding="utf-8")
            module = import_without_side_effects(path)
            assert result.forms[0].schema == module.REQUESTED_SCHEMA
            sys.modules.pop(f"_fuzz_{path.stem}", None)
            path.unlink()

    run()
