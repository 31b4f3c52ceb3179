"""``[tool.elicit-gen]`` in pyproject.toml, found from the current directory upward."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]


class ConfigError(ValueError):
    """A bad configuration: the message names the file and the key."""


@dataclass(frozen=True)
class Job:
    """One ``[[tool.elicit-gen.jobs]]`` entry: inputs (globs), targets and an output directory,
    all relative to the directory of the pyproject.toml."""

    name: str
    inputs: tuple[str, ...]
    targets: tuple[str, ...]
    output: str
    spec: str | None = None


@dataclass(frozen=True)
class Config:
    path: Path | None = None  # the pyproject.toml it came from
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    spec: str | None = None
    strict: bool = False
    jobs: tuple[Job, ...] = ()

    @property
    def root(self) -> Path:
        return self.path.parent if self.path else Path.cwd()


_KNOWN = {"select", "ignore", "spec", "strict", "jobs"}


def _codes(value: Any, key: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.elicit-gen] {key} must be a list of rule codes")
    return tuple(value)


_JOB_KEYS = {"name", "inputs", "targets", "output", "spec"}


def _strings(value: Any, where: str, key: str, path: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: {where} {key} must be a non-empty list of strings")
    return tuple(value)


def _jobs(value: Any, path: Path) -> tuple[Job, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"{path}: [tool.elicit-gen] jobs must be an array of tables ([[...]])")
    jobs = []
    for index, table in enumerate(value):
        where = f"[[tool.elicit-gen.jobs]] #{index + 1}"
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {where} must be a table")
        unknown = sorted(set(table) - _JOB_KEYS)
        if unknown:
            raise ConfigError(
                f"{path}: {where} has unknown key {unknown[0]!r}; known keys: "
                f"{', '.join(sorted(_JOB_KEYS))}"
            )
        for key in ("inputs", "targets", "output"):
            if key not in table:
                raise ConfigError(f"{path}: {where} needs {key!r}")
        output = table["output"]
        if not isinstance(output, str) or not output:
            raise ConfigError(f"{path}: {where} output must be a directory path")
        spec = table.get("spec")
        if spec is not None and not isinstance(spec, str):
            raise ConfigError(f'{path}: {where} spec must be a string such as "2025-11-25"')
        name = table.get("name", f"job {index + 1}")
        if not isinstance(name, str):
            raise ConfigError(f"{path}: {where} name must be a string")
        jobs.append(
            Job(
                name=name,
                inputs=_strings(table["inputs"], where, "inputs", path),
                targets=_strings(table["targets"], where, "targets", path),
                output=output,
                spec=spec,
            )
        )
    return tuple(jobs)


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.elicit-gen] table, from ``start`` upward."""
    for directory in (start, *start.parents):
        candidate = directory / "pyproject.toml"
        if os.path.isfile(candidate):  # never raises (Path.is_file does for EACCES)
            try:
                text = candidate.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "tool.elicit-gen" in text or '"elicit-gen"' in text:
                return candidate
    return None


def load_config(start: Path | None = None, path: Path | None = None) -> Config:
    path = path or find_pyproject(start or Path.cwd())
    if path is None:
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    table = data.get("tool", {}).get("elicit-gen")
    if table is None:
        return Config()
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.elicit-gen] must be a table")
    unknown = sorted(set(table) - _KNOWN)
    if unknown:
        raise ConfigError(
            f"{path}: [tool.elicit-gen] has unknown key {unknown[0]!r}; known keys: "
            f"{', '.join(sorted(_KNOWN))}"
        )
    spec = table.get("spec")
    if spec is not None and not isinstance(spec, str):
        raise ConfigError(f'{path}: [tool.elicit-gen] spec must be a string such as "2025-11-25"')
    strict = table.get("strict", False)
    if not isinstance(strict, bool):
        raise ConfigError(f"{path}: [tool.elicit-gen] strict must be true or false")
    return Config(
        path=path,
        select=_codes(table["select"], "select", path) if "select" in table else None,
        ignore=_codes(table.get("ignore", []), "ignore", path),
        spec=spec,
        strict=strict,
        jobs=_jobs(table["jobs"], path) if "jobs" in table else (),
    )
