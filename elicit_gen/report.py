"""Diagnostic output formats: text, json, github (workflow commands) and sarif (2.1.0)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from .compiler.diagnostics import Diagnostic
from .compiler.pipeline import codes_summary

FORMATS = ("text", "json", "github", "sarif")


def to_text(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(d.to_text() + "\n" for d in diagnostics)


def to_json(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def to_github(diagnostics: Sequence[Diagnostic]) -> str:
    """GitHub Actions workflow commands: annotations on the pull request's files."""
    lines = []
    for d in diagnostics:
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        props = (
            f"file={_escape_property(d.file)},line={d.line},col={d.column},"
            f"title={_escape_property(d.code)}"
        )
        lines.append(f"::{d.severity.value} {props}::{_escape_data(message)}\n")
    return "".join(lines)


def to_sarif(diagnostics: Sequence[Diagnostic]) -> str:
    """SARIF 2.1.0, as GitHub code scanning accepts it."""
    from . import __version__

    rules = [
        {
            "id": code,
            "name": name,
            "shortDescription": {"text": summary},
            "helpUri": f"https://github.com/elicit-gen/elicit-gen/blob/main/docs/rules.md#{code.lower()}",
            "defaultConfiguration": {"level": severity, "enabled": enabled},
        }
        for code, name, severity, summary, enabled in codes_summary()
    ]
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = []
    for d in diagnostics:
        message = d.message + (f" (hint: {d.hint})" if d.hint else "")
        results.append(
            {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": d.severity.value,
                "message": {"text": message},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": d.file},
                            "region": {"startLine": d.line, "startColumn": d.column},
                        },
                        **(
                            {"logicalLocations": [{"fullyQualifiedName": d.pointer}]}
                            if d.pointer
                            else {}
                        ),
                    }
                ],
            }
        )
    sarif = {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "elicit-gen",
                        "version": __version__,
                        "informationUri": "https://github.com/elicit-gen/elicit-gen",
                        "rules": rules,
                    }
                },
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False) + "\n"


FORMATTERS: dict[str, Callable[[Sequence[Diagnostic]], str]] = {
    "text": to_text,
    "json": to_json,
    "github": to_github,
    "sarif": to_sarif,
}
