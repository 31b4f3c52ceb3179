"""The format stage: generated Python as the client project's formatter leaves it.

Python targets emit black-stable code by construction (``black_stable = True`` on the emitter:
static code is formatted source, data goes through :mod:`.pyprint`), which black and ``ruff format``
leave unchanged whenever the project's style is *covered* (see
:class:`~elicit_gen.targets.common.style.Style`): then nothing runs here. Otherwise the project's
formatter formats the whole file: black in-process with the project's mode, or ``ruff format -`` in
a subprocess (from the project's directory, so ruff reads its own configuration too).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from .style import DEFAULT_LINE_LENGTH, Style

#: The line that tells ruff not to report a generated module's long lines (E501): written when
#: the project's lines are shorter than the covered style's 88 columns (see
#: :func:`marked_for_linters`).
LONG_LINES_NOQA = "# ruff: noqa: E501"


class FormatterError(Exception):
    """The project's formatter cannot run (not installed) or refused the generated code."""


def needs_formatting(black_stable: bool, style: Style) -> bool:
    """Whether a target's output must go through the project's formatter."""
    if style.formatter == "none":
        return not black_stable  # not laid out by construction: black at least makes it readable
    return not (black_stable and style.covered)


def marked_for_linters(source: str, style: Style) -> str:
    """``source`` with :data:`LONG_LINES_NOQA` after its header line when the project's line
    length is below 88 columns. No formatter splits a long string, a comment or a docstring
    line, and a generated module has many (messages, descriptions, the runtime's comments): a
    project that formats at 79 columns and selects E501 would get hundreds of errors it cannot
    fix in files it must not edit. At 88 columns or more (the default, and the goldens) the
    module is left as it is: it is laid out for 88, and a long line there is one that cannot be
    split at all."""
    if style.line_length >= DEFAULT_LINE_LENGTH:
        return source
    header, newline, rest = source.partition("\n")
    if not header.startswith("#"):
        return f"{LONG_LINES_NOQA}\n{source}"
    return f"{header}{newline}{LONG_LINES_NOQA}\n{rest}"


def format_source(source: str, style: Style) -> str:
    """``source`` formatted as ``style`` says (black for ``"none"``: see needs_formatting)."""
    if style.formatter == "ruff":
        return ruff_format(source, style)
    return black_format(source, style)


@lru_cache(maxsize=16)
def _black_mode(style: Style) -> Any:
    import black
    from black.mode import TargetVersion

    versions = set()
    for name in style.target_versions:
        try:
            versions.add(TargetVersion[name.upper()])
        except KeyError:
            raise FormatterError(
                f"{style.path}: [tool.black] target-version {name!r} is not one black knows"
            ) from None
    return black.Mode(
        target_versions=versions,
        line_length=style.line_length,
        string_normalization=style.quote_style != "preserve",
        magic_trailing_comma=style.magic_trailing_comma,
    )


def black_format(source: str, style: Style | None = None) -> str:
    """Whole-file black with the project's mode (black's defaults without a style)."""
    import black
    import black.parsing

    mode = _black_mode(style or Style())
    try:
        result: str = black.format_str(source, mode=mode)
    except black.parsing.InvalidInput as exc:  # pragma: no cover - generated code always parses
        raise FormatterError(f"black cannot format generated code: {exc}") from None
    return result


def find_ruff() -> str | None:
    """``ruff`` on PATH, else next to this Python (an activated-or-not virtual environment)."""
    import shutil  # only the ruff path needs it: keep the default path's imports small

    return shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))


def ruff_format(source: str, style: Style) -> str:
    """``ruff format -`` run from the project's directory, so ruff applies its configuration;
    the line length is passed explicitly (``[tool.elicit-gen] line-length`` may override it)."""
    ruff = find_ruff()
    where = f" ({style.path})" if style.path else ""
    if ruff is None:
        raise FormatterError(
            f"the project formats Python with ruff{where} but ruff is not installed "
            '(not on PATH); install it, or set [tool.elicit-gen] formatter = "black" or "none"'
        )
    import subprocess  # see find_ruff

    cwd = style.path.parent if style.path else None
    command = [ruff, "format", "--line-length", str(style.line_length)]
    if cwd is not None:  # where ruff looks for its configuration
        command += ["--stdin-filename", str(cwd / "elicit_gen_output.py")]
    command.append("-")
    try:
        result = subprocess.run(
            command,
            input=source.encode("utf-8", "surrogatepass"),
            capture_output=True,
            cwd=cwd,
            timeout=120,
            check=False,
            env={**os.environ, "NO_COLOR": "1"},
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise FormatterError(f"ruff format{where} failed: {exc}") from None
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise FormatterError(
            f"ruff format{where} failed: {message[0] if message else result.returncode}"
        )
    return result.stdout.decode("utf-8", "surrogatepass")
