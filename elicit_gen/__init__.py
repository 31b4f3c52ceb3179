"""elicit-gen: compile MCP elicitation requestedSchemas into forms, and lint them.

>>> import elicit_gen
>>> result = elicit_gen.compile({"type": "object", "properties": {}}, "pydantic")

Names are loaded on first use, so that ``elicit-gen --lint`` starts without the code generators.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

_EXPORTS = {
    "CompileResult": "elicit_gen.api",
    "compile": "elicit_gen.api",
    "compile_forms": "elicit_gen.api",
    "compile_url_consent": "elicit_gen.api",
    "lint": "elicit_gen.api",
    "Diagnostic": "elicit_gen.compiler.diagnostics",
    "Severity": "elicit_gen.compiler.diagnostics",
    "Form": "elicit_gen.compiler.ir",
    "FileResult": "elicit_gen.compiler.pipeline",
    "NEWEST": "elicit_gen.compiler.spec",
    "REVISIONS": "elicit_gen.compiler.spec",
    "Revision": "elicit_gen.compiler.spec",
    "TARGETS": "elicit_gen.targets",
    "FormError": "elicit_gen.live",
    "LimitExceeded": "elicit_gen.live",
    "Limits": "elicit_gen.live",
    "UnusableDefault": "elicit_gen.live",
    "load_form": "elicit_gen.live",
    "load_url_consent": "elicit_gen.live",
    "GeneratedFile": "elicit_gen.targets",
}

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .api import CompileResult, compile, compile_forms, compile_url_consent, lint
    from .compiler.diagnostics import Diagnostic, Severity
    from .compiler.ir import Form
    from .compiler.pipeline import FileResult
    from .compiler.spec import NEWEST, REVISIONS, Revision
    from .live.limits import FormError, LimitExceeded, Limits
    from .live.load import load_form, load_url_consent
    from .live.repairs import UnusableDefault
    from .targets import TARGETS, GeneratedFile


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'elicit_gen' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*_EXPORTS, "__version__"])


__all__ = [
    "NEWEST",
    "REVISIONS",
    "TARGETS",
    "CompileResult",
    "Diagnostic",
    "FileResult",
    "Form",
    "FormError",
    "GeneratedFile",
    "LimitExceeded",
    "Limits",
    "Revision",
    "Severity",
    "UnusableDefault",
    "__version__",
    "compile",
    "compile_forms",
    "compile_url_consent",
    "lint",
    "load_form",
    "load_url_consent",
]
