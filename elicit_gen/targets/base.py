"""What a target is: a name, the suffix of the file it writes, and ``emit(form)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..compiler.ir import Form


@dataclass(frozen=True)
class GeneratedFile:
    name: str  # file name, e.g. contact_qt.py
    text: str


class Target(Protocol):
    name: str
    suffix: str

    def emit(self, form: Form) -> GeneratedFile: ...
