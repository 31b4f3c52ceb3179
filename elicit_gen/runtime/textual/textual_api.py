# --- elicit-gen Textual form runtime: the form's module API (Textual and the standard library)
# What a generated ``textual`` module offers (validate, the screen and app classes, elicit,
# main, the script entry point), over the data the module's form part writes above it.
# ``FormClass`` stands for the form's class name (the emitter writes it; a form compiled at run
# time gets it in its code). Copied at the end of each generated ``<stem>_textual.py``; a form
# compiled at run time (elicit_gen.live) runs it once per form in the module's namespace,
# compiled once per process.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.formcore import validate_content
from .textual_app import FormApp, run_form, run_main
from .textual_form import FormModal
from .textual_widgets import FormSpec

#: The form's data, which the module writes above this part (here: an empty form, so that
#: this module imports and type-checks on its own).
_FORM: FormSpec = {
    "schema": {"type": "object", "properties": {}},
    "message": "",
    "server": "",
    "title": None,
    "description": None,
    "fields": [],
}
REQUESTED_SCHEMA: dict[str, Any] = _FORM["schema"]

# --- end of runtime imports ---


def validate(content: Mapping[str, object]) -> dict[str, str]:
    """Field name -> error message for every problem of ``content``; ``{}`` if valid."""
    return validate_content(REQUESTED_SCHEMA, content)


class FormClassScreen(FormModal):
    """The form as a modal screen; dismissed with the ElicitResult.

    ``app.push_screen(screen, callback)``, or ``await app.push_screen_wait(screen)`` from a
    worker, with ``screen = <this class>(message, server="my-server", initial={...})``.
    """

    FORM = _FORM


class FormClassApp(FormApp):
    """Runs the screen on its own; ``run()`` returns the ElicitResult (None when the app was
    quit another way, which :func:`elicit` reports as cancel).
    """

    SCREEN = FormClassScreen


_App = FormClassApp


def elicit(
    message: str | None = None,
    *,
    server: str | None = None,
    initial: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """Shows the form in the terminal until the user answers; returns the ElicitResult."""
    return run_form(_App(message, server=server, initial=initial))


def main(argv: list[str] | None = None) -> int:
    """``python <this file> [--server NAME] [--message TEXT]``: prints the ElicitResult."""
    return run_main(elicit, argv)


if __name__ == "__main__":
    raise SystemExit(main())
