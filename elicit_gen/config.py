"""``[tool.elicit-gen]`` in pyproject.toml, found from the current directory upward; and the
client project's Python formatter settings (:class:`Style`), found from the output location."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple


class ConfigError(ValueError):
    """A bad configuration: the message names the file and the key."""


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
FORMATTERS = ("black", "ruff", "none")


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
    from .i18n import UnknownLocale, normalise

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


def _read_toml(path: Path) -> dict[str, Any]:
    # imported here: a lint in a project without a pyproject.toml never parses TOML
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    return data


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


def _overrides(table: dict[str, Any], path: Path) -> tuple[int | None, str | None]:
    """``line-length`` and ``formatter`` of a [tool.elicit-gen] table."""
    line_length = table.get("line-length")
    if line_length is not None and (
        not isinstance(line_length, int) or isinstance(line_length, bool) or line_length < 1
    ):
        raise ConfigError(f"{path}: [tool.elicit-gen] line-length must be a positive integer")
    formatter = table.get("formatter")
    if formatter is not None and formatter not in FORMATTERS:
        raise ConfigError(
            f"{path}: [tool.elicit-gen] formatter must be one of {', '.join(map(repr, FORMATTERS))}"
        )
    return line_length, formatter


#: Where black and ruff format without configuration, and the shortest lines generated Python is
#: laid out for: black and ruff leave it unchanged at this line length and any longer one.
DEFAULT_LINE_LENGTH = 88


class Style(NamedTuple):
    """How the client project formats Python, as far as generated modules are concerned.

    ``covered`` means generated Python as emitted (black-stable by construction: see
    elicit_gen/targets/_pyprint.py) is already what the project's formatter gives, so no formatter
    runs: lines of at least 88 columns, magic trailing commas honoured, double (or preserved)
    quotes, four-space indents.
    """

    formatter: str = "black"  # "black", "ruff" or "none" (emit as is)
    line_length: int = DEFAULT_LINE_LENGTH
    quote_style: str = "double"  # "double", "single" (ruff) or "preserve"
    magic_trailing_comma: bool = True
    indent: str = "    "  # ruff's indent-style/indent-width; black always uses four spaces
    target_versions: tuple[str, ...] = ()  # black's target-version (e.g. "py310")
    path: Path | None = None  # the pyproject.toml it came from (for messages and ruff's cwd)

    @property
    def covered(self) -> bool:
        if self.formatter == "none":
            return True
        return (
            self.line_length >= DEFAULT_LINE_LENGTH
            and self.magic_trailing_comma
            and self.quote_style in ("double", "preserve")
            and self.indent == "    "
        )

    def describe(self) -> str:
        origin = f" ({self.path})" if self.path else " (defaults)"
        return f"{self.formatter} at {self.line_length} columns{origin}"


def _table(data: dict[str, Any], *keys: str) -> dict[str, Any] | None:
    value: Any = data
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else None


def _setting(table: dict[str, Any], key: str, kind: type, path: Path, where: str) -> Any:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(
            f"{path}: {where} {key} must be {'an integer' if kind is int else 'a ' + kind.__name__}"
        )
    return value


def style_from_data(data: dict[str, Any], path: Path | None) -> Style:
    """The style a parsed pyproject.toml describes (see :func:`find_style`)."""
    where = path or Path("pyproject.toml")
    black = _table(data, "tool", "black")
    ruff = _table(data, "tool", "ruff")
    ruff_format = _table(data, "tool", "ruff", "format")
    own = _table(data, "tool", "elicit-gen") or {}
    line_length_override, formatter = _overrides(own, where)
    if formatter is None:
        # the project formats with ruff when it configures ruff's formatter, or configures ruff
        # and not black; otherwise black (with its defaults when [tool.black] is absent)
        formatter = (
            "ruff" if ruff_format is not None or (ruff is not None and black is None) else "black"
        )
    style: dict[str, Any] = {"formatter": formatter, "path": path}
    if formatter == "ruff" and ruff is not None:
        fmt = ruff_format or {}
        length = _setting(ruff, "line-length", int, where, "[tool.ruff]")
        quote = _setting(fmt, "quote-style", str, where, "[tool.ruff.format]")
        skip = _setting(fmt, "skip-magic-trailing-comma", bool, where, "[tool.ruff.format]")
        indent_style = _setting(fmt, "indent-style", str, where, "[tool.ruff.format]")
        width = _setting(ruff, "indent-width", int, where, "[tool.ruff]")
        if length is not None:
            style["line_length"] = length
        if quote is not None:
            style["quote_style"] = quote
        if skip is not None:
            style["magic_trailing_comma"] = not skip
        if indent_style == "tab":
            style["indent"] = "\t"
        elif width is not None:
            style["indent"] = " " * width
    elif formatter == "black" and black is not None:
        length = _setting(black, "line-length", int, where, "[tool.black]")
        skip_strings = _setting(black, "skip-string-normalization", bool, where, "[tool.black]")
        skip_commas = _setting(black, "skip-magic-trailing-comma", bool, where, "[tool.black]")
        versions = black.get("target-version", [])
        if isinstance(versions, str):
            versions = [versions]
        if not isinstance(versions, list) or not all(isinstance(v, str) for v in versions):
            raise ConfigError(f"{where}: [tool.black] target-version must be a list of strings")
        if length is not None:
            style["line_length"] = length
        if skip_strings:
            style["quote_style"] = "preserve"
        if skip_commas is not None:
            style["magic_trailing_comma"] = not skip_commas
        style["target_versions"] = tuple(v.lower() for v in versions)
    if line_length_override is not None:
        style["line_length"] = line_length_override
    return Style(**style)


_RUFF_FILES = (".ruff.toml", "ruff.toml")  # ruff's own files, before pyproject.toml


def _nearest_config(start: Path) -> list[Path]:
    """The configuration files of the nearest directory at or above ``start`` holding a
    pyproject.toml, ruff.toml or .ruff.toml (several when a directory holds more than one)."""
    for directory in (start, *start.parents):
        found = [
            directory / name
            for name in (*_RUFF_FILES, "pyproject.toml")
            if os.path.isfile(directory / name)  # never raises
        ]
        if found:
            return found
    return []


def find_style(output: Path | None = None) -> Style:
    """The formatter settings governing ``output`` (a file or directory, which need not exist):
    those of the nearest directory above it with a pyproject.toml (or ruff.toml / .ruff.toml),
    else the nearest above the current directory; black's defaults when there is none. Its
    ``[tool.elicit-gen]`` line-length and formatter override what ``[tool.black]`` /
    ``[tool.ruff]`` say. A ruff.toml counts as ``[tool.ruff]`` (ruff prefers it to the
    pyproject.toml beside it)."""
    cwd = Path.cwd()
    files: list[Path] = []
    if output is not None:
        files = _nearest_config((cwd / output).absolute())
    if not files:
        files = _nearest_config(cwd)
    if not files:
        return Style()
    pyproject = next((f for f in files if f.name == "pyproject.toml"), None)
    data = _read_toml(pyproject) if pyproject is not None else {}
    ruff_file = next((f for f in files if f.name in _RUFF_FILES), None)
    if ruff_file is not None:
        tool = data.setdefault("tool", {})
        if isinstance(tool, dict):
            tool["ruff"] = _read_toml(ruff_file)
    return style_from_data(data, pyproject or ruff_file)
