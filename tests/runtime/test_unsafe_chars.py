"""One set of unsafe characters for every target (issue 24, defect 8): the HTML form page's
script, and the URL consent page's, escape exactly the characters runtime/core/safetext.py's
``safe_text`` escapes, and write each escape as it does, for every code point; their ``clip``
bounds a server's name as Python's does. Both pages get the set and the bound generated from
safetext.py (targets/html.py, ``safetext_data``) and share runtime/html/safetext.js: the
scripts run here are the texts the emitted pages carry."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import elicit_gen
from elicit_gen.runtime.core import safetext
from elicit_gen.targets import html

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or str(ROOT / "node_modules" / "node" / "bin" / "node")

#: The safe-text part of the page's script: the generated constants, then safetext.js.
PAGE_SAFETEXT = html._asset("safetext_data.js") + "\n" + html._asset("safetext.js")

#: Prints, as JSON, every code point whose one-character string safeText changes, and how.
EVERY_CODE_POINT = """
const changed = {};
for (let cp = 0; cp <= 0x10ffff; cp += 1) {
  const char = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  const shown = safeText(char);
  if (shown !== char) changed[cp] = shown;
}
process.stdout.write(JSON.stringify(changed));
"""


#: The URL consent page's whole script (one block), as the emitted page carries it.
CONSENT_SCRIPT = html._assets(html._CONSENT_SCRIPTS, ("style.css", "url_consent.css"))[0]

#: A stand-in for the DOM that the consent page's script runs in: each element remembers what
#: the script sets on it (``elements[id].textContent``); any method it calls does nothing.
FAKE_DOM = """
const elements = {};
const element = (id) => {
  const own = { id, textContent: "", dataset: {}, style: {}, childNodes: [] };
  return new Proxy(own, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
};
globalThis.window = globalThis;
globalThis.location = { search: "" };
globalThis.addEventListener = () => undefined;
globalThis.document = new Proxy(
  {
    getElementById: (id) => (id === "eg-data" ? null : (elements[id] ??= element(id))),
    createElement: (tag) => element(tag),
  },
  { get: (target, key) => (key in target ? target[key] : () => element(String(key))) },
);
"""


def _node(script: str, stdin: str = "", *, page: str = PAGE_SAFETEXT) -> str:
    if not Path(NODE).exists():
        pytest.skip("node is not installed")
    # from a file: the consent page's script (with the Public Suffix List) is longer than one
    # command-line argument may be
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "script.js"
        path.write_text("{\n" + page + "\n" + script + "\n}", encoding="utf-8")
        proc = subprocess.run(
            [NODE, str(path)], input=stdin.encode(), capture_output=True, timeout=120
        )
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode()


def test_the_page_and_safe_text_escape_every_code_point_alike() -> None:
    page = {int(cp): shown for cp, shown in json.loads(_node(EVERY_CODE_POINT)).items()}
    python = {}
    for cp in range(0x110000):
        char = chr(cp)
        shown = safetext.safe_text(char)
        if shown != char:
            python[cp] = shown
    # The characters the old page showed raw, where safe_text and the consent page escape them.
    for cp in (0x3164, 0x115F, 0x1160, 0xFFA0, 0xAD, 0xE0001, 0xE0041, 0xE007F):
        assert python[cp] == page.get(cp), hex(cp)
    assert page == python


def test_the_consent_page_and_safe_text_escape_every_code_point_alike() -> None:
    """The consent page's own safeText (window.elicitation.safeText, which shows the server's
    name, message, domain and address) changes the same code points as ``safe_text``, alike."""
    script = "const safeText = window.elicitation.safeText;\n" + EVERY_CODE_POINT
    page = json.loads(_node("{\n" + script + "\n}", page=FAKE_DOM + CONSENT_SCRIPT))
    python = {}
    for cp in range(0x110000):
        char = chr(cp)
        shown = safetext.safe_text(char)
        if shown != char:
            python[str(cp)] = shown
    assert page == python


def test_the_consent_page_takes_its_set_from_safetext(monkeypatch: pytest.MonkeyPatch) -> None:
    """One source: a character added to safetext.py's set is escaped by the consent page too
    (U+17B4, which no set holds yet), as the page is generated from the set."""
    pattern = safetext._UNSAFE_RE.pattern
    monkeypatch.setattr(html, "_UNSAFE_RE", re.compile(pattern[:-1] + "\\u17b4]"))
    html._asset.cache_clear()
    html._assets.cache_clear()
    try:
        script = html._assets(html._CONSENT_SCRIPTS, ("style.css", "url_consent.css"))[0]
    finally:
        monkeypatch.undo()
        html._asset.cache_clear()
        html._assets.cache_clear()
    shown = _node(
        'process.stdout.write(window.elicitation.safeText("a\\u17b4b"));', page=FAKE_DOM + script
    )
    assert shown == "a\\u17b4b"  # the escape, as text


def test_the_consent_page_clips_a_server_name_as_python_does() -> None:
    """setServer shows the name clipped to safetext.py's MAX_NAME_LENGTH, then made safe."""
    names = ["Acme", "a" * 1_000_000, "\U0001f600" * 121, "\x1b" * 200, "b" * 118 + "\u202e\u202e"]
    script = """
const names = JSON.parse(require("fs").readFileSync(0, "utf8"));
const shown = names.map((name) => {
  window.elicitation.setServer(name);
  return [elements["eg-server"].textContent, elements["eg-asks-server"].textContent];
});
process.stdout.write(JSON.stringify(shown));
"""
    shown = json.loads(_node(script, json.dumps(names), page=FAKE_DOM + CONSENT_SCRIPT))
    expected = [safetext.safe_text(safetext.clip(name)) for name in names]
    assert shown == [[text, text] for text in expected]


def test_the_page_clips_a_name_as_python_does() -> None:
    names = [
        "",
        "a" * 119,
        "a" * 120,
        "a" * 121,
        "a" * 1_000_000,
        "\U0001f600" * 119,
        "\U0001f600" * 120,  # 240 UTF-16 units, 120 code points: not cut
        "\U0001f600" * 121,
        "b" * 118 + "\U0001f600\U0001f600" + "c",
        "\u4e2d" * 200,
    ]
    script = """
const names = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(names.map((name) => clip(name))));
"""
    clipped = json.loads(_node(script, json.dumps(names)))
    assert clipped == [safetext.clip(name) for name in names]
    assert len(clipped[4]) == safetext.MAX_NAME_LENGTH


def test_the_emitted_page_carries_the_generated_set_and_no_other() -> None:
    (form,) = elicit_gen.compile({"type": "object", "properties": {}}, [], stem="set").forms
    (page,) = elicit_gen.compile_forms([form], ["html"])
    assert PAGE_SAFETEXT in page.text
    assert safetext.MAX_NAME_LENGTH == 120
    form_js = (ROOT / "elicit_gen" / "runtime" / "html" / "form.js").read_text(encoding="utf-8")
    assert "UNSAFE_RE" not in form_js  # not retyped: the one set comes from safetext.py


def test_the_consent_page_carries_the_generated_set_and_no_other() -> None:
    """The consent page inlines the form page's safe-text part (its script is what its CSP
    hashes) and url_consent.js retypes neither the set nor the bound nor the functions."""
    (page,) = elicit_gen.compile_url_consent("html")
    assert PAGE_SAFETEXT in CONSENT_SCRIPT
    assert f"<script>{CONSENT_SCRIPT}</script>" in page.text
    assert html._sha256(CONSENT_SCRIPT) in page.text  # the Content-Security-Policy allows it
    assert page.text.count("const UNSAFE_RE") == 1
    templates = ROOT / "elicit_gen" / "runtime" / "html"
    consent_js = (templates / "url_consent.js").read_text(encoding="utf-8")
    for retyped in ("UNSAFE_RE", "MAX_NAME_LENGTH =", "function clip", "const safeText"):
        assert retyped not in consent_js, retyped


def test_page_data_keeps_every_unsafe_character_exactly() -> None:
    """The page's JSON writes the unsafe characters as escapes; a tag character beyond U+FFFF
    as its surrogate pair, so that the script reads back the very text."""
    unsafe = [chr(cp) for cp in range(0x110000) if safetext._UNSAFE_RE.fullmatch(chr(cp))]
    # Joined, a lone high surrogate and a lone low one would pair up: not in the joined text.
    joined = "".join(c for c in unsafe if not "\ud800" <= c <= "\udfff")
    value = {"texts": unsafe, "joined": joined}
    text = str(html.script_json(value))
    assert not safetext._UNSAFE_RE.search(text)
    assert json.loads(text) == value


def test_the_safe_text_part_makes_no_global() -> None:
    """The pages' scripts are one block: no name of safetext.js becomes a property of window
    (a function declaration in a block of a sloppy-mode script would)."""
    names = ["escapeUnsafe", "safeText", "safeBlock", "clip", "UNSAFE_RE", "MAX_NAME_LENGTH"]
    found = f"{json.dumps(names)}.filter((name) => name in globalThis)"
    script = f"process.stdout.write(JSON.stringify({found}));"
    assert json.loads(_node(script)) == []
    assert json.loads(_node(script, page=FAKE_DOM + CONSENT_SCRIPT)) == []
