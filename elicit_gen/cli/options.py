"""The command line as data: :class:`Options` (what click or :func:`lint_options`
read), the exit codes, and the one command line a lint reads without click.

Exit codes: 0 success (warnings allowed), 1 a schema has errors or ``--check`` found stale
output, 2 usage or I/O error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..compiler.spec import REVISION_NAMES
from .report import FORMATS

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Options(NamedTuple):
    """The command line, read (by click, or by :func:`lint_options`); the defaults are the
    command line's own."""

    targets: tuple[str, ...] = ()
    output: str | None = None
    lint_only: bool = False
    check: bool = False
    strict: bool | None = None  # None: the config's
    spec: str | None = None
    fmt: str = "text"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    verbose: bool = False
    quiet: bool = False
    url_consent: bool = False
    locale: str | None = None


# --- the console script ---------------------------------------------------------------------------

#: The options a ``--lint`` command line may have for :func:`lint_options` to read it: flags,
#: and options with a value (``--format json`` or ``--format=json``). Anything else is click's.
_LINT_FLAGS = {"--lint": "lint_only", "-q": "quiet", "--quiet": "quiet", "-v": "verbose",
               "--verbose": "verbose", "--strict": "strict"}  # fmt: skip
_LINT_VALUES = {"--format": "fmt", "--spec": "spec", "--select": "select", "--ignore": "ignore"}


def lint_options(args: Sequence[str]) -> tuple[list[str], Options] | None:
    """The inputs and options of a ``--lint`` command line made only of files (or ``-``) and the
    options above, exactly as click would read them; None for any other command line (help,
    ``--``, short flags run together, an unknown option or value), which click then reads and
    reports on. Tested against click's own reading of every shape (tests/cli/test_lint_fast.py)."""
    values: dict[str, object] = {}
    chosen: dict[str, list[str]] = {"select": [], "ignore": []}
    schemas: list[str] = []
    position = 0
    while position < len(args):
        arg = args[position]
        position += 1
        name, has_value, value = arg.partition("=")
        if arg in _LINT_FLAGS:
            values[_LINT_FLAGS[arg]] = True
        elif name in _LINT_VALUES:
            if not has_value:
                if position == len(args):
                    return None
                value = args[position]
                position += 1
            key = _LINT_VALUES[name]
            if key in chosen:
                chosen[key].append(value)
            elif value not in {"fmt": FORMATS, "spec": REVISION_NAMES}[key]:
                return None
            else:
                values[key] = value
        elif arg == "-" or not arg.startswith("-"):
            schemas.append(arg)
        else:
            return None
    if not values.get("lint_only"):
        return None
    opts = Options(
        **values,  # type: ignore[arg-type]
        select=tuple(chosen["select"]),
        ignore=tuple(chosen["ignore"]),
    )
    return schemas, opts
