"""elicit-gen: compile MCP elicitation requestedSchemas into forms, and lint them.

>>> import elicit_gen
>>> result = elicit_gen.compile({"type": "object", "properties": {}}, "pydantic")
"""

from __future__ import annotations

from .api import CompileResult, compile, compile_forms, lint
from .compiler.diagnostics import Diagnostic, Severity
from .compiler.ir import Form
from .compiler.pipeline import FileResult
from .compiler.spec import NEWEST, REVISIONS, Revision
from .targets import TARGETS, GeneratedFile

__version__ = "0.1.0"

__all__ = [
    "NEWEST",
    "REVISIONS",
    "TARGETS",
    "CompileResult",
    "Diagnostic",
    "FileResult",
    "Form",
    "GeneratedFile",
    "Revision",
    "Severity",
    "__version__",
    "compile",
    "compile_forms",
    "lint",
]
