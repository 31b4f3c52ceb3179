"""``[tool.elicit-gen]`` in pyproject.toml, found from the current directory upward: the
rule selection, spec, strictness, locale, per-field ignores and the jobs of a build. (The client
project's formatter settings are :mod:`elicit_gen.targets.common.style`.)
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from ..records import NamedTuple
from ..targets.common.style import ConfigError, _overrides, _read_toml

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class Job(NamedTuple):
    """One ``[[tool.elicit-gen.jobs]]`` entry: inputs (globs), targets and an output directory,
    all relative to the directory of the pyproject.toml."""

    name: str
    inputs: tuple[str, ...]
    targets: tuple[str, ...]
    output: str
    spec: str | None = None
    url_consent: bool = False  # also write the URL-mode consent screen of each UI target
    locale: str | None = None  # the forms' language, as written; None: the config's


class Config(NamedTuple):
    path: Path | None = None  # the pyproject.toml it came from
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    spec: str | None = None
    strict: bool = False
    locale: str | None = None  # [tool.elicit-gen] locale: the forms' language, as written
    jobs: tuple[Job, ...] = ()
    #: [tool.elicit-gen.per-field-ignores]: (file glob relative to the pyproject.toml's
    #: directory, JSON pointer inside the file or "" for all of it, codes)
    per_field_ignores: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    @property
    def root(self) -> Path:
        from pathlib import Path  # (asked for by jobs and per-field ignores, not by a lint)

        return self.path.parent if self.path else Path.cwd()


_KNOWN = {
    "select",
    "ignore",
    "spec",
    "strict",
    "jobs",
    "line-length",
    "formatter",
    "per-field-ignores",
    "locale",
}


def split_codes(values: Sequence[str]) -> tuple[str, ...]:
    """Rule codes as a user writes them (``eg170``, ``"EG170,EG181"``), as codes: ``EG170``."""
    return tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())


def _codes(value: Any, key: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path}: [tool.elicit-gen] {key} must be a list of rule codes")
    return split_codes(value)


_JOB_KEYS = {"name", "inputs", "targets", "output", "spec", "url-consent", "locale"}


def _locale(value: Any, where: str, path: Path) -> str | None:
    """A ``locale`` key, as written. Whether elicit-gen has its catalogue is checked when
    compiling (:func:`check_locales`): a lint never reads the catalogues."""
    if value is not None and not isinstance(value, str):
        raise ConfigError(f'{path}: {where} locale must be a string such as "zh-CN"')
    return value


def check_locales(config: Config) -> None:
    """Every ``locale`` of ``config`` names a catalogue elicit-gen has; the error names the file
    and the key. Run before compiling anything, never for a lint."""
    from ..i18n import UnknownLocale, normalise

    keys = [("[tool.elicit-gen]", config.locale)]
    keys += [(f"[[tool.elicit-gen.jobs]] #{i}", job.locale) for i, job in enumerate(config.jobs, 1)]
    for where, locale in keys:
        if locale is not None:
            try:
                normalise(locale)
            except UnknownLocale as exc:
                raise ConfigError(f"{config.path}: {where} locale: {exc}") from None


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
        url_consent = table.get("url-consent", False)
        if not isinstance(url_consent, bool):
            raise ConfigError(f"{path}: {where} url-consent must be true or false")
        for key in ("inputs", "targets", "output"):
            if key not in table and not (key == "inputs" and url_consent):
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
                inputs=_strings(table["inputs"], where, "inputs", path)
                if "inputs" in table
                else (),
                targets=_strings(table["targets"], where, "targets", path),
                output=output,
                spec=spec,
                url_consent=url_consent,
                locale=_locale(table.get("locale"), where, path),
            )
        )
    return tuple(jobs)


#: A [tool.elicit-gen] table as TOML may write it (``[tool.elicit-gen]``, ``[tool."elicit-gen"]``,
#: ``tool.elicit-gen.strict = true``, spaces around the dot): a pyproject.toml without one (whose
#: ``name`` or ``dependencies`` merely say "elicit-gen") is not parsed at all.
_TABLE = re.compile(r"""\btool\s*\.\s*["']?elicit-gen\b""")


def find_pyproject(start: str | os.PathLike[str]) -> Path | None:
    """The nearest pyproject.toml with a [tool.elicit-gen] table, from ``start`` upward."""
    directory = os.path.abspath(start)
    while True:
        candidate = os.path.join(directory, "pyproject.toml")
        if os.path.isfile(candidate):  # never raises (Path.is_file does for EACCES)
            try:
                with open(candidate, encoding="utf-8") as file:
                    text = file.read()
            except (OSError, UnicodeDecodeError):
                text = ""
            if _TABLE.search(text):
                from pathlib import Path  # (a lint without a config never imports pathlib)

                return Path(candidate)
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def load_config(start: str | os.PathLike[str] | None = None, path: Path | None = None) -> Config:
    path = path or find_pyproject(start or os.getcwd())
    if path is None:
        return Config()
    data = _read_toml(path)
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
    _overrides(table, path)  # checked here; find_style applies them
    return Config(
        path=path,
        select=_codes(table["select"], "select", path) if "select" in table else None,
        ignore=_codes(table.get("ignore", []), "ignore", path),
        spec=spec,
        strict=strict,
        locale=_locale(table.get("locale"), "[tool.elicit-gen]", path),
        jobs=_jobs(table["jobs"], path) if "jobs" in table else (),
        per_field_ignores=_field_ignores(table.get("per-field-ignores", {}), path),
    )


def _field_ignores(value: Any, path: Path) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``"schemas/signup.json#/properties/secret_santa" = ["EG170"]``: a file glob (relative to
    the pyproject.toml's directory), optionally ``#`` and a JSON pointer into the file, and the
    codes to ignore there (like ruff's per-file-ignores, down to one field)."""
    where = "[tool.elicit-gen.per-field-ignores]"
    if not isinstance(value, dict):
        raise ConfigError(f'{path}: {where} must be a table of "file#/pointer" = ["CODE", ...]')
    entries = []
    for key, codes in value.items():
        glob_part, _, pointer = key.partition("#")
        if not glob_part or (pointer and not pointer.startswith("/")):
            raise ConfigError(
                f"{path}: {where} key {key!r} must be a file (glob) with an optional "
                '"#/pointer", such as "schemas/signup.json#/properties/secret_santa"'
            )
        entries.append((glob_part, pointer, _codes(codes, f"per-field-ignores {key!r}", path)))
    return tuple(entries)
