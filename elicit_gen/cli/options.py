"""The command line as data: :class:`Options` (what click or :func:`plain_options`
read), the exit codes, and the plain command lines read without click.

Exit codes: 0 success (warnings allowed), 1 a schema has errors or ``--check`` found stale
output, 2 usage or I/O error.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..compiler.spec import REVISION_NAMES
from ..records import NamedTuple
from .report import FORMATS

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Options(NamedTuple):
    """The command line, read (by click, or by :func:`plain_options`); the defaults are the
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

#: The options a plain command line may have for :func:`plain_options` to read it: flags, and
#: options with a value (``--format json``, ``--format=json``; a short one, ``-t html``, only with
#: its value apart). Anything else is click's.
_FLAGS = {"--lint": "lint_only", "-q": "quiet", "--quiet": "quiet", "-v": "verbose",
          "--verbose": "verbose", "--strict": "strict", "--check": "check",
          "--url-consent": "url_consent"}  # fmt: skip
_VALUES = {"--format": "fmt", "--spec": "spec", "--select": "select", "--ignore": "ignore",
           "--target": "targets", "-t": "targets", "--output": "output", "-o": "output",
           "--locale": "locale"}  # fmt: skip
#: The options that may be given more than once, each adding a value.
_REPEATED = ("select", "ignore", "targets")


def plain_options(args: Sequence[str]) -> tuple[list[str], Options] | None:
    """The inputs and options of a plain command line, exactly as click would read them: a
    ``--lint``, or a compile with ``--target`` (not both), made only of files (or ``-``) and
    the options above; None for any other command line (help, the version, the rule list, the
    jobs of pyproject.toml, ``--``, short flags run together, an unknown option or value), which
    click then reads and reports on. Tested against click's own reading of every shape
    (tests/cli/test_plain_options.py)."""
    from ..targets import TARGETS

    choices = {"fmt": FORMATS, "spec": REVISION_NAMES, "targets": (*TARGETS, "all")}
    values: dict[str, object] = {}
    chosen: dict[str, list[str]] = {key: [] for key in _REPEATED}
    schemas: list[str] = []
    position = 0
    while position < len(args):
        arg = args[position]
        position += 1
        name, has_value, value = arg.partition("=")
        if arg in _FLAGS:
            values[_FLAGS[arg]] = True
        elif name in _VALUES and not (has_value and not name.startswith("--")):
            if not has_value:
                if position == len(args):
                    return None
                value = args[position]
                position += 1
            key = _VALUES[name]
            if key in choices and value not in choices[key]:
                return None
            if key in chosen:
                chosen[key].append(value)
            else:
                values[key] = value
        elif arg == "-" or not arg.startswith("-"):
            schemas.append(arg)
        else:
            return None
    if bool(values.get("lint_only")) == bool(chosen["targets"]):
        return None  # neither (the jobs of pyproject.toml), or both (click says why not)
    opts = Options(**values, **{key: tuple(chosen[key]) for key in _REPEATED})  # type: ignore[arg-type]
    return schemas, opts
