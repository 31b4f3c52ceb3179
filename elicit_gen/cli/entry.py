"""The ``elicit-gen`` console script (and ``python -m elicit_gen``). A lint, the command
line pre-commit runs on every commit (``elicit-gen --lint FILES``), is read here without click
(:func:`.options.lint_options`), so that it does not pay for importing click (a fifth of its whole
run); every other command line goes to the click front end (:mod:`.click_app`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .command import execute
from .options import lint_options


def main(argv: Sequence[str] | None = None) -> None:
    """The ``elicit-gen`` command: a plain ``--lint`` runs here, everything else through click
    (:func:`.click_app.main`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    read = lint_options(args)
    if read is None:
        from .click_app import main as click_main

        click_main(args, prog_name="elicit-gen")
        return  # click exits; not reached
    schemas, opts = read
    sys.exit(execute(schemas, opts))
