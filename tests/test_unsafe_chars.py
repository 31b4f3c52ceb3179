"""One set of unsafe characters for every target (issue 24, defect 8): the HTML form page's
script escapes exactly the characters runtime/safetext.py's ``safe_text`` escapes, and writes
each escape as it does, for every code point; its ``clip`` bounds a server's name as Python's
does. The page gets the set and the bound generated from safetext.py (targets/html.py,
``safetext_data``): the script run here is the text the emitted page carries."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import elicit_gen
from elicit_gen.runtime import safetext
from elicit_gen.targets import html

ROOT = Path(__file__).resolve().parent.parent
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


def _node(script: str, stdin: str = "") -> str:
    if not Path(NODE).exists():
        pytest.skip("node is not installed")
    proc = subprocess.run(
        [NODE, "-e", "{\n" + PAGE_SAFETEXT + "\n" + script + "\n}"],
        input=stdin.encode(),
        capture_output=True,
        timeout=120,
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
    form_js = (ROOT / "elicit_gen" / "templates" / "html" / "form.js").read_text(encoding="utf-8")
    assert "UNSAFE_RE" not in form_js  # not retyped: the one set comes from safetext.py


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
