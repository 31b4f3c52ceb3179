# --- elicit-gen terminal prompt: the form's module API (standard library only) ---------------
# What a generated ``cli`` module offers (validate, elicit, main, the script entry point), over
# the data the module's form part writes above it (``REQUESTED_SCHEMA``, ``_FORM``). Copied
# verbatim at the end of each generated ``<stem>_cli.py``; a form compiled at run time
# (elicit_gen.live) runs it once per form in the module's namespace, compiled once per process.
from __future__ import annotations

from collections.abc import Mapping as _Mapping
from collections.abc import Sequence
from typing import Any as _Any
from typing import TextIO

from ..core.formcore import validate_content
from .prompt import _command_line, _elicit
from .prompt_questions import _Form
from .terminal import _interruptible

#: The form's data, which the module writes above this part (here: an empty form, so that
#: this module imports and type-checks on its own).
REQUESTED_SCHEMA: dict[str, _Any] = {"type": "object", "properties": {}}
_FORM = _Form(
    REQUESTED_SCHEMA,
    [],
    message="",
    title=None,
    description=None,
    default_server="",
)

# --- end of runtime imports ---


def validate(content: _Mapping[str, object]) -> dict[str, str]:
    """Field name -> error message for every problem of ``content``; {} when it
    is valid (the same rules as the questions).
    """
    return validate_content(REQUESTED_SCHEMA, content)


def elicit(
    message: str | None = None,
    *,
    server: str | None = None,
    initial: _Mapping[str, object] | None = None,
    stdin: TextIO | None = None,
    stderr: TextIO | None = None,
) -> dict[str, _Any]:
    """Asks the form's questions and returns the ElicitResult.

    ``message`` replaces the form's message, ``server`` names who asks,
    ``initial`` pre-fills answers (over the schema's defaults). Questions and
    prompts go to ``stderr`` (default sys.stderr), answers are read from
    ``stdin`` (default sys.stdin). End of input, Ctrl-C or a broken terminal
    return ``{"action": "cancel"}``.
    """
    return _elicit(
        _FORM,
        message,
        server=server,
        initial=initial,
        stdin=stdin,
        stderr=stderr,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: runs the form and prints the ElicitResult as JSON on
    stdout.

    Returns 0 whatever the user chose (the action is in the JSON), 1 when the
    result could not be written or ``--answers`` were not valid (the problems
    are on stderr, nothing on stdout); argparse exits with 2 on a usage error.
    """
    return _command_line(_FORM, argv)


if __name__ == "__main__":
    _interruptible()
    raise SystemExit(main())
