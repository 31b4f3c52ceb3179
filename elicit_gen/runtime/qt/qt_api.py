# --- elicit-gen Qt form runtime: the form's module API (PySide6 and the standard library) ----
# What a generated ``qt`` module offers (validate, the dialog class, elicit, main, the script
# entry point), over the data the module's form part writes above it. ``FormClass`` stands for
# the form's class name (the emitter writes it; a form compiled at run time gets it in its
# code). Copied at the end of each generated ``<stem>_qt.py``; a form compiled at run time
# (elicit_gen.live) runs it once per form in the module's namespace, compiled once per process.
from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from ..core.formcore import validate_content
from .qt_form import _FormDialog
from .qt_run import _run_main, _run_modal

#: The form's data, which the module writes above this part (here: an empty form, so that
#: this module imports and type-checks on its own).
REQUESTED_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}
MESSAGE = DEFAULT_SERVER = WINDOW_TITLE = ""
TITLE: str | None = None
DESCRIPTION: str | None = None
FIELDS: list[dict[str, Any]] = []

# --- end of runtime imports ---


def validate(content: Mapping[str, object]) -> dict[str, str]:
    """Field name -> error message for every problem of ``content``; ``{}`` if it is valid."""
    return validate_content(REQUESTED_SCHEMA, content)


class FormClassDialog(_FormDialog):
    """The elicitation form as a dialog.

    ``exec()`` it, or embed it and listen to ``result_ready``. Submit validates every field
    and refuses (showing the messages, focusing the first invalid field) until all are valid;
    Decline and Cancel finish at once; Escape and closing the window cancel. After it
    finishes, ``elicit_result()`` is the ElicitResult dict; ``result()`` stays QDialog's own
    code (Accepted for accept, Rejected for decline and cancel).
    """

    form_schema = REQUESTED_SCHEMA
    form_message = MESSAGE
    form_server = DEFAULT_SERVER
    form_title = TITLE
    form_window_title = WINDOW_TITLE
    form_description = DESCRIPTION
    form_fields = FIELDS


def elicit(
    message: str | None = None,
    *,
    server: str | None = None,
    initial: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """Shows the form as a modal dialog and returns the ElicitResult dict. Creates the
    QApplication when there is none; Ctrl-C in the terminal cancels."""
    return _run_modal(
        FormClassDialog,
        message,
        server,
        initial,
    )


def main(argv: list[str] | None = None) -> int:
    """Shows the form and prints the ElicitResult as JSON (``--server``, ``--message``)."""
    return _run_main(elicit, argv)


if __name__ == "__main__":
    sys.exit(main())
