"""The client project's Python formatter settings (:class:`Style`), found from the
output location: ``[tool.black]``, ``[tool.ruff]`` / ``[tool.ruff.format]``, overridden by
``[tool.elicit-gen]`` ``line-length`` / ``formatter``; black's defaults without any.
"""

from __future__ import annotations

import os
import sys

from ...records import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


class ConfigError(ValueError):
    """A bad configuration: the message names the file and the key."""


FORMATTERS = ("black", "ruff", "none")


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
    elicit_gen/targets/common/pyprint.py) is already what the project's formatter gives, so no
    formatter runs: lines of at least 88 columns, magic trailing commas honoured, double (or
    preserved) quotes, four-space indents.
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
    from pathlib import Path  # (a lint reads no style: pathlib only for compiling)

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
    from pathlib import Path

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
