"""The web target's files: ``elicit-gen --target web -o DIR/`` writes the module and its types
whatever the schemas (which are linted as usual); the module is one ES module with no import,
no evaluation of text and no markup written as text, and it loads under a strict
Content-Security-Policy with its styles applied."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from elicit_gen.targets.web import MODULE_NAME, TYPES_NAME, module_text

from ...support.html import ROOT
from ...support.run import CliRun
from .conftest import Host

GOLDEN = ROOT / "golden"


def test_the_command_line_writes_the_module_and_its_types(tmp_path: Path, run_cli: CliRun) -> None:
    out = run_cli("--target", "web", "-o", f"{tmp_path}/")
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [TYPES_NAME, MODULE_NAME]
    assert (tmp_path / MODULE_NAME).read_text(encoding="utf-8") == module_text()
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


def test_the_module_evaluates_no_text_and_imports_nothing() -> None:
    text = module_text()
    assert not re.search(
        r"^\s*import\b|\bimport\(|\beval\(|new Function\b|\.innerHTML\b|"
        r"\.outerHTML\b|insertAdjacentHTML|document\.write|setAttribute\(\"style|"
        r"\.style\.|fetch\(|XMLHttpRequest|WebSocket|importScripts",
        text,
        re.M,
    )
    assert text.count("\nexport ") == 1


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
