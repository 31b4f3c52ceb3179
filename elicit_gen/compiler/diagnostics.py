"""Diagnostics: values, never exceptions.

Every stage reports problems by adding :class:`Diagnostic` values to a :class:`Reporter`.
Diagnostics carry the 1-based line and column of the offending key or value and an RFC 6901
pointer, so that every output format (text, json, github, sarif) can be derived from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from ..records import NamedTuple

_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def visible(text: str) -> str:
    """``text`` with every non-printable character shown as a Python-style escape.

    Schema text (keyword names, values, option labels) and file names reach a terminal or a CI
    log through the human formats: control characters (ESC, BEL, C1), bidi and other format
    characters (U+202E, U+200B), line and paragraph separators and non-ASCII spaces would act
    there instead of being shown. They become ``\\x1b``, ``\\u202e``, ...; every printable
    character, letters of any script included, stays as it is (``str.isprintable``).
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
            continue
        code = ord(ch)
        if ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


class Position(NamedTuple):
    """A 1-based line and column (columns count Unicode code points)."""

    line: int
    column: int


START = Position(1, 1)


class Diagnostic(NamedTuple):
    """One problem at one place. A NamedTuple, like the other records ``--lint`` imports: far
    cheaper to create than a dataclass (docs/architecture.md, "Start-up of --lint")."""

    file: str
    line: int
    column: int
    code: str
    severity: Severity
    message: str
    pointer: str = ""
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        return (self.file, self.line, self.column, self.code, self.pointer, self.message)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_text(self) -> str:
        """``file:line:col: severity CODE message (hint: ...)``, safe to print on a terminal."""
        text = (
            f"{visible(self.file)}:{self.line}:{self.column}: {self.severity} {self.code} "
            f"{visible(self.message)}"
        )
        if self.hint:
            text += f" (hint: {visible(self.hint)})"
        return text

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "pointer": self.pointer,
        }
        if self.hint:
            data["hint"] = self.hint
        return data


class Reporter:
    """Collects the diagnostics of one input file."""

    def __init__(self, file: str, diagnostics: list[Diagnostic] | None = None) -> None:
        self.file = file
        self.diagnostics: list[Diagnostic] = [] if diagnostics is None else diagnostics

    def __repr__(self) -> str:
        return f"Reporter(file={self.file!r}, diagnostics={self.diagnostics!r})"

    def report(
        self,
        code: str,
        severity: Severity,
        message: str,
        position: Position = START,
        pointer: str = "",
        hint: str | None = None,
    ) -> None:
        self.diagnostics.append(
            Diagnostic(
                self.file, position.line, position.column, code, severity, message, pointer, hint
            )
        )

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics)


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Sorted by position and deduplicated: the same input always gives the same list."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)
