"""Mainstream validators of accepted content, as oracles for the interop differential tests.

``ajv_verdicts`` runs Ajv + ajv-formats (what the MCP TypeScript SDK validates accepted
elicitation content with) in one bounded node process for a batch of (schema, value) pairs;
``jsonschema_verdict`` uses the Python jsonschema package with its format checker.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("ajv_check.mjs")


def require_ajv() -> str:
    """The node binary, failing (not skipping) when node or the npm packages are missing."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the interop tests need it (scripts/test installs npm deps)")
    for package in ("ajv", "ajv-formats"):
        if not (ROOT / "node_modules" / package).is_dir():
            pytest.fail(f"npm package {package} is missing: run `npm ci` (scripts/test does)")
    return node


def ajv_verdicts(pairs: Sequence[tuple[dict[str, Any], Any]], timeout: float = 60.0) -> list[bool]:
    """Ajv's verdict (valid or not) for each (schema, value) pair."""
    node = require_ajv()
    payload = json.dumps([{"schema": s, "value": v} for s, v in pairs])
    proc = subprocess.run(
        [node, str(SCRIPT)],
        input=payload.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"ajv_check.mjs failed: {proc.stderr.decode('utf-8', 'replace')}")
    verdicts = json.loads(proc.stdout)
    assert isinstance(verdicts, list) and len(verdicts) == len(pairs)
    return [bool(v) for v in verdicts]


_CHECKER = jsonschema.Draft202012Validator.FORMAT_CHECKER


def jsonschema_verdict(schema: dict[str, Any], value: Any) -> bool:
    """jsonschema's verdict with its format checker (rfc3339-validator, rfc3987 installed)."""
    validator = jsonschema.Draft202012Validator(schema, format_checker=_CHECKER)
    return validator.is_valid(value)
