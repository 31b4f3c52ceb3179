"""Mainstream validators of accepted content, as oracles for the interop differential tests.

``ajv_verdicts`` runs Ajv + ajv-formats (what the MCP TypeScript SDK validates accepted
elicitation content with) in one bounded node process for a batch of (schema, value) pairs;
``jsonschema_verdict`` uses the Python jsonschema package with its format checker (with the
optional format libraries the test extra installs: rfc3339-validator, rfc3987, fqdn,
isoduration); ``pydantic_verdict`` validates a format's value as a Python SDK or FastMCP server
does, with every pydantic type whose JSON schema emits that format (EmailStr runs
email-validator); ``zod_verdicts`` parses it as a TypeScript server does with the zod 3 and zod 4
schemas that send the format (tests/support/zod_formats.mjs).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import shutil
import subprocess
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema
import pydantic
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("ajv_check.mjs")
ZOD_SCRIPT = Path(__file__).with_name("zod_formats.mjs")


def require_ajv(*packages: str) -> str:
    """The node binary, failing (not skipping) when node or the npm packages are missing."""
    node = shutil.which("node") or str(ROOT / "node_modules" / "node" / "bin" / "node")
    if not Path(node).exists():
        pytest.fail("node is missing: the interop tests need it (scripts/test installs npm deps)")
    for package in ("ajv", "ajv-formats", *packages):
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
    "time": [(dt.time, None, None)],
    "uuid": [(uuid.UUID, None, None)],
    "ipv4": [(ipaddress.IPv4Address, None, None)],
    "ipv6": [(ipaddress.IPv6Address, None, None)],
    "duration": [(dt.timedelta, None, None)],
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


class Zod(NamedTuple):
    """zod's verdicts on a value: zod 3's and zod 4's parse (None: no schema of that version
    sends the format) and the verdict of the pattern zod 4 sends beside the format."""

    zod3: bool | None
    zod4: bool | None
    zod4_pattern: bool


def zod_verdicts(fmt: str, values: Sequence[str], timeout: float = 60.0) -> list[Zod]:
    """What zod 3 and zod 4 say of each value of the format ``fmt`` (or ``maxLength:N``)."""
    node = require_ajv("zod", "zod3")
    payload = json.dumps([{"format": fmt, "value": v} for v in values])
    proc = subprocess.run(
        [node, str(ZOD_SCRIPT)],
        input=payload.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"zod_formats.mjs failed: {proc.stderr.decode('utf-8', 'replace')}")
    found = json.loads(proc.stdout)
    assert len(found) == len(values)
    return [Zod(v["zod3"], v["zod4"], v["zod4Pattern"]) for v in found]


def zod_accepts(prop: dict[str, Any], values: Sequence[Any]) -> list[bool]:
    """Whether zod 3 and zod 4 both accept each value of a string property, as far as the
    property's ``format`` and ``maxLength`` go (zod's parse of the schema that sends them; a
    refusal by the pattern zod 4 sends beside a format is the pattern's, not counted)."""
    found = [True] * len(values)
    checks = []
    if isinstance(prop.get("format"), str):
        checks.append(prop["format"])
    if isinstance(prop.get("maxLength"), int):
        checks.append(f"maxLength:{prop['maxLength']}")
    for check in checks:
        for index, z in enumerate(zod_verdicts(check, values)):
            ok = z.zod3 is not False and (z.zod4 is not False or not z.zod4_pattern)
            found[index] = found[index] and ok
    return found


class Verdicts(NamedTuple):
    """Every validator's verdict on one value of a format. zod 4 sends most of its formats with a
    ``pattern`` beside them: where that pattern refuses the value, zod 4's refusal is the
    pattern's (which the forms enforce as a pattern), not the format's, and ``zod4`` is None."""

    ajv: bool
    jsonschema: bool
    pydantic: bool
    zod3: bool | None
    zod4: bool | None

    @property
    def all(self) -> bool:
        """Whether every validator that checks the format accepts the value."""
        return all(v is not False for v in self)


def format_verdicts(fmt: str, values: Sequence[str]) -> list[Verdicts]:
    """Ajv, jsonschema, pydantic, zod 3 and zod 4 on each value of the string format ``fmt``."""
    prop = {"type": "string", "format": fmt}
    ajv = ajv_verdicts([(prop, v) for v in values])
    zod = zod_verdicts(fmt, values)
    return [
        Verdicts(
            a,
            jsonschema_verdict(prop, v),
            pydantic_verdict(fmt, v),
            z.zod3,
            z.zod4 if z.zod4_pattern else None,
        )
        for a, v, z in zip(ajv, values, zod, strict=True)
    ]
