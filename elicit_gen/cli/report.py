"""Diagnostic output formats: text, json, github (workflow commands) and sarif (2.1.0)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..compiler.diagnostics import Diagnostic, visible
from ..compiler.pipeline import codes_summary

FORMATS = ("text", "json", "github", "sarif")


def to_text(diagnostics: Sequence[Diagnostic]) -> str:
    """One ``file:line:col: severity CODE message`` line each; non-printable text escaped."""
    return "".join(d.to_text() + "\n" for d in diagnostics)


def _dumps(value: object) -> str:
    """JSON that keeps readable text (é, 中文) as it is and escapes every non-printable character.

    ``ensure_ascii=False`` alone writes C1 controls, bidi controls and U+2028 raw; escaped as
    ``\\u202e`` they reach a terminal as text, and a JSON parser still reads the exact string.
    """
    text = json.dumps(value, indent=2, ensure_ascii=False)
    if not text.replace("\n", "").isprintable():
        text = "".join(
            ch if ch.isprintable() or ch == "\n" else json.dumps(ch)[1:-1] for ch in text
        )
    return text + "\n"


def to_json(diagnostics: Sequence[Diagnostic]) -> str:
    """Exact strings, as JSON escapes (non-printable characters included)."""
    return _dumps([d.to_json() for d in diagnostics])


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def to_github(diagnostics: Sequence[Diagnostic]) -> str:
    """GitHub Actions workflow commands: annotations on the pull request's files.

    A workflow command is a line of the job's log: non-printable schema text and file names are
    shown as escapes (see :func:`visible`) before the command's own escaping.
    """
    lines = []
    for d in diagnostics:
        message = visible(d.message + (f" (hint: {d.hint})" if d.hint else ""))
        props = (
            f"file={_escape_property(visible(d.file))},line={d.line},col={d.column},"
            f"title={_escape_property(d.code)}"
        )
        lines.append(f"::{d.severity.value} {props}::{_escape_data(message)}\n")
    return "".join(lines)


def to_sarif(diagnostics: Sequence[Diagnostic]) -> str:
    """SARIF 2.1.0, as GitHub code scanning accepts it (exact strings, escaped by JSON).

    A location's ``uri`` must be a URI reference (SARIF 3.10.3): the file name is
    percent-encoded, so that a name with spaces, ``#`` or ``%`` still names that file.
    """
    from urllib.parse import quote  # (with ipaddress: only a SARIF report needs it)

    from .. import __version__

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
                            "artifactLocation": {"uri": quote(d.file, safe="/")},
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
    return _dumps(sarif)


FORMATTERS: dict[str, Callable[[Sequence[Diagnostic]], str]] = {
    "text": to_text,
    "json": to_json,
    "github": to_github,
    "sarif": to_sarif,
}
