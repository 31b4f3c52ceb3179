"""The web target's files: ``elicit-gen --target web -o DIR/`` writes the module and its types
whatever the schemas (which are linted as usual); the module is one ES module with no import,
no evaluation of text and no markup written as text, and it loads under a strict
Content-Security-Policy with its styles applied. The module written is the readable text
minified (scripts/web_module.py): current, and no bigger than it has been."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elicit_gen.targets.web import (
    HEADER,
    MODULE_NAME,
    TYPES_NAME,
    module_text,
    shipped_module,
    source_digest,
)

from ...support.html import ROOT
from ...support.run import CliRun
from .conftest import Host

GOLDEN = ROOT / "golden"


def test_the_command_line_writes_the_module_and_its_types(tmp_path: Path, run_cli: CliRun) -> None:
    out = run_cli("--target", "web", "-o", f"{tmp_path}/")
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [TYPES_NAME, MODULE_NAME]
    assert (tmp_path / MODULE_NAME).read_text(encoding="utf-8") == shipped_module()
    # schemas on the same command line are linted as usual; the module is the same
    both = tmp_path / "both"
    out = run_cli(
        GOLDEN / "cases" / "contact.json", "--target", "web", "--target", "html", "-o", f"{both}/"
    )
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in both.iterdir()) == ["contact.html", TYPES_NAME, MODULE_NAME]
    bad = run_cli(
        GOLDEN / "invalid" / "number_range.json", "--target", "web", "-o", f"{tmp_path}/x/"
    )
    assert bad.returncode != 0 and "EG" in bad.stdout + bad.stderr


@pytest.mark.parametrize("which", ["shipped", "readable"])
def test_the_module_evaluates_no_text_and_imports_nothing(which: str) -> None:
    text = shipped_module() if which == "shipped" else module_text()
    assert not re.search(
        r"(^|[;}])\s*import\b|\bimport\(|\beval\(|new Function\b|\.innerHTML\b|"
        r"\.outerHTML\b|insertAdjacentHTML|document\.write|setAttribute\(\"style|"
        r"\.style\.|fetch\(|XMLHttpRequest|WebSocket|importScripts",
        text,
        re.M,
    )
    assert len(re.findall(r"(^|[;}])\s*export\s*\{", text, re.M)) == 1
    assert text.startswith(HEADER + "\n")


def test_the_shipped_module_is_the_readable_one_minified() -> None:
    """It names the readable text it was made from, and minifying that text again (terser, as
    npm installed it) gives it byte for byte: a change to a source without
    ``python scripts/web_module.py`` fails here."""
    recorded = re.search(r"^// source sha256 ([0-9a-f]{64})$", shipped_module(), re.M)
    assert recorded is not None and recorded[1] == source_digest(module_text()), (
        "the shipped module is stale: run `python scripts/web_module.py`"
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "web_module.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


#: What the shipped module may weigh, gzipped (gzip -9): a ceiling just over today's 111.3 KB
#: (113,957 bytes), so that what makes it heavier is noticed. It was 71.9 KB until the URL check
#: took the whole Public Suffix List (issue 40: about 40 KB gzipped of rules). The aim (issue
#: 29, then 44) is 40 KB for a form alone: docs/targets/web.md says what stands between.
GZIPPED_CEILING = 112 * 1024


def test_the_shipped_module_is_smaller_than_the_readable_one() -> None:
    shipped = gzip.compress(shipped_module().encode("utf-8"), 9)
    readable = gzip.compress(module_text().encode("utf-8"), 9)
    assert len(shipped) < GZIPPED_CEILING
    # minifying saves what it did before the list's rules came (which it cannot shorten)
    assert len(readable) - len(shipped) > 20 * 1024


def test_it_loads_under_a_strict_policy_with_its_styles(host: Host) -> None:
    host.add("elicitation-url-consent", {"url": "https://example.com/"})
    host.page.wait_for_selector("#eg-decline", timeout=10_000)
    radius = host.page.evaluate(
        "() => getComputedStyle(document.getElementById('subject').shadowRoot"
        ".querySelector('.card')).borderTopLeftRadius"
    )
    assert radius == "18px"
    host.clean()


def test_the_types_name_every_property_of_the_elements(host: Host) -> None:
    types = (ROOT / "elicit_gen" / "runtime" / "web" / TYPES_NAME).read_text(encoding="utf-8")
    declared: dict[str, set[str]] = {}
    for name, body in re.findall(
        r"export declare class (\w+) extends HTMLElement \{(.*?)\n\}", types, re.S
    ):
        declared[name] = set(re.findall(r"^  (?:readonly )?(\w+)[(:]", body, re.M))
    found: dict[str, Any] = host.page.evaluate(
        """() => Object.fromEntries(["elicitation-form", "elicitation-url-consent"]
            .filter((tag) => customElements.get(tag))
            .map((tag) => { const c = customElements.get(tag);
              return [c.name, Object.getOwnPropertyNames(c.prototype)
                .filter((n) => n !== "constructor" && !n.endsWith("Callback"))]; }))"""
    )
    assert found and {k: set(v) for k, v in found.items()} == declared


def test_the_generated_tables_are_current() -> None:
    """web_data.js is what scripts/web_tables.py derives from the compiler's own tables."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "web_tables.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_documented_members_are_the_elements(host: Host) -> None:
    """docs/targets/web.md's tables name each element's members, and only those."""
    doc = (ROOT / "docs" / "targets" / "web.md").read_text(encoding="utf-8")
    documented: dict[str, set[str]] = {}
    for tag, table in re.findall(r"^## `<([a-z-]+)>`\n(.*?)(?=^## )", doc, re.M | re.S):
        names = re.findall(r"^\| `([A-Za-z]+)(?:\(content\))?`", table, re.M)
        names += [n for pair in re.findall(r"^\| `(\w+)`, `(\w+)`", table, re.M) for n in pair]
        documented[tag] = set(names) - {"elicitation"}
    found = host.page.evaluate(
        """(tags) => Object.fromEntries(tags.map((tag) => [tag,
            Object.getOwnPropertyNames(customElements.get(tag).prototype)
              .filter((n) => n !== "constructor" && !n.endsWith("Callback"))]))""",
        sorted(documented),
    )
    assert {k: set(v) for k, v in found.items()} == documented


def test_the_minified_style_sheets_are_the_readable_ones(host: Host) -> None:
    """Each style sheet the module carries, minified (``minify_css``), is the readable one to
    the browser: the same rules, serialized the same (selectors, declarations, media)."""
    from elicit_gen.targets.html import _asset
    from elicit_gen.targets.web import _ELEMENT_CSS, minify_css, shadow_css

    sheets = [shadow_css(_asset(n)) for n in ("style.css", "form.css", "url_consent.css")]
    for readable in [*sheets, _ELEMENT_CSS]:
        minified = minify_css(readable)
        assert len(minified) < len(readable)
        rules = host.page.evaluate(
            """(texts) => texts.map((text) => { const sheet = new CSSStyleSheet();
                sheet.replaceSync(text); return [...sheet.cssRules].map((r) => r.cssText); })""",
            [readable, minified],
        )
        assert rules[0] and rules[0] == rules[1]


@pytest.mark.parametrize("table", ["scriptRuns", "mapping"])
def test_the_url_checks_short_tables_read_back_as_the_page_has_them(table: str) -> None:
    """The module carries two of urlcheck_data.js's tables in shorter forms; its decoders (run
    in node here) give the URL check the page's text, character for character."""
    import json
    import shutil

    from elicit_gen.targets.html import _asset
    from elicit_gen.targets.web import _MAPPING, _SCRIPT_RUNS, short_mapping, short_runs

    pattern, short, read = {
        "scriptRuns": (_SCRIPT_RUNS, short_runs, "scriptRuns"),
        "mapping": (_MAPPING, short_mapping, "mappingTable"),
    }[table]
    found = pattern.search(_asset("urlcheck_data.js"))
    assert found is not None
    text = found[1]
    shorter = short(text)
    assert len(shorter) < 0.8 * len(text)
    node = shutil.which("node") or str(ROOT / "node_modules" / "node" / "bin" / "node")
    decoders = (ROOT / "elicit_gen" / "runtime" / "web" / "short_tables.js").read_text("utf-8")
    script = f"{decoders}\nprocess.stdout.write({read}({json.dumps(shorter)}));"
    done = subprocess.run(
        [node, "-e", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == text


def test_a_table_out_of_order_has_no_shorter_form() -> None:
    from elicit_gen.targets.web import short_mapping, short_runs

    with pytest.raises(ValueError):
        short_runs("0.0,1.2")  # a word named before it is new
    with pytest.raises(ValueError):
        short_mapping("b:1,a:2")  # codes not rising
