"""The ``elicit-gen`` console script (and ``python -m elicit_gen``). The plain command lines, a
lint (pre-commit runs ``elicit-gen --lint FILES`` on every commit) and a compile (a build step
runs ``elicit-gen FILES --target NAME -o OUT``), are read here without click
(:func:`.options.plain_options`), so that they do not pay for importing click (a fifth of a
lint's whole run); every other command line goes to the click front end (:mod:`.click_app`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .command import execute
from .options import plain_options


def main(argv: Sequence[str] | None = None) -> None:
    """The ``elicit-gen`` command: a plain command line runs here, everything else through
    click (:func:`.click_app.main`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    read = plain_options(args)
    if read is None:
        from .click_app import main as click_main

        click_main(args, prog_name="elicit-gen")
        return  # click exits; not reached
    schemas, opts = read
    sys.exit(execute(schemas, opts))
