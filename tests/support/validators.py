"""Mainstream validators of accepted content, as oracles for the interop differential tests.

``ajv_verdicts`` runs Ajv + ajv-formats (what the MCP TypeScript SDK validates accepted
elicitation content with) in one bounded node process for a batch of (schema, value) pairs;
``jsonschema_verdict`` uses the Python jsonschema package with its format checker;
``pydantic_verdict`` validates a format's value as a Python SDK or FastMCP server does, with every
pydantic type whose JSON schema emits that format (EmailStr runs email-validator).
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pydantic
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


# --- pydantic, as the Python MCP SDK and FastMCP validate accepted content ---------------------
# A server declares a field with a pydantic type; the requestedSchema it sends holds the format
# that type's JSON schema names, and the server checks the answer with ``model_validate`` (lax
# mode). So a value of a format must pass every type that emits it. A type that also allows only
# some schemes (HttpUrl: http and https) cannot say so in the schema: it is held to the values of
# its schemes. HttpUrl and WebsocketUrl also emit maxLength 2083, which a form checks as such.
# The DSN types (PostgresDsn, ...) are left out: their schemes are databases' and several of
# them emit "multi-host-uri", which the MCP SDK refuses to send.
_URI_TYPES: list[tuple[Any, frozenset[str] | None, int | None]] = [
    (pydantic.AnyUrl, None, None),
    (pydantic.AnyHttpUrl, frozenset({"http", "https"}), None),
    (pydantic.HttpUrl, frozenset({"http", "https"}), 2083),
    (pydantic.FileUrl, frozenset({"file"}), None),
    (pydantic.FtpUrl, frozenset({"ftp"}), None),
    (pydantic.AnyWebsocketUrl, frozenset({"ws", "wss"}), None),
    (pydantic.WebsocketUrl, frozenset({"ws", "wss"}), 2083),
]
PYDANTIC_TYPES: dict[str, list[tuple[Any, frozenset[str] | None, int | None]]] = {
    "email": [(pydantic.EmailStr, None, None)],
    "uri": _URI_TYPES,
    "date": [(dt.date, None, None)],
    "date-time": [(dt.datetime, None, None), (pydantic.AwareDatetime, None, None)],
}
_MODELS: dict[Any, type[pydantic.BaseModel]] = {}


def _model(kind: Any) -> type[pydantic.BaseModel]:
    if kind not in _MODELS:
        _MODELS[kind] = pydantic.create_model("Content", v=(kind, ...))
    return _MODELS[kind]


def _scheme(text: str) -> str:
    head, colon, _ = text.partition(":")
    return head.strip().lower() if colon else ""


def pydantic_verdicts(fmt: str, value: Any) -> dict[str, bool]:
    """Each pydantic type that emits ``format: fmt`` and can hold ``value``: whether a model with
    a field of that type accepts ``{"v": value}``, by ``model_validate`` and by
    ``model_validate_json`` (lax mode, pydantic's default and the SDK's)."""
    found: dict[str, bool] = {}
    for kind, schemes, max_length in PYDANTIC_TYPES[fmt]:
        if isinstance(value, str):
            if schemes is not None and _scheme(value) not in schemes:
                continue
            if max_length is not None and len(value) > max_length:
                continue
        model = _model(kind)
        try:  # the parsed content, as the SDK's elicit does, and the raw JSON text
            model.model_validate({"v": value})
            model.model_validate_json(json.dumps({"v": value}))
        except pydantic.ValidationError:
            found[getattr(kind, "__name__", str(kind))] = False
        else:
            found[getattr(kind, "__name__", str(kind))] = True
    return found


def pydantic_verdict(fmt: str, value: Any) -> bool:
    """Whether every pydantic type that emits ``format: fmt`` (and may hold the value) accepts
    ``value``; True for a format no pydantic type emits."""
    if fmt not in PYDANTIC_TYPES:
        return True
    return all(pydantic_verdicts(fmt, value).values())


def format_verdicts(fmt: str, values: Sequence[str]) -> list[tuple[bool, bool, bool]]:
    """(Ajv, jsonschema, pydantic) for each value of the string format ``fmt``."""
    prop = {"type": "string", "format": fmt}
    ajv = ajv_verdicts([(prop, v) for v in values])
    return [
        (a, jsonschema_verdict(prop, v), pydantic_verdict(fmt, v))
        for a, v in zip(ajv, values, strict=True)
    ]
