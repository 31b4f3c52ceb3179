"""Serve MCP elicitation requests with generated forms (optional; needs the ``mcp`` package).

Client side: :class:`FormRouter` is an ``elicitation_callback`` for ``mcp.ClientSession`` /
``mcp.client.Client``. Register the generated UI modules (``*_cli.py``, ``*_textual.py``,
``*_qt.py``); an incoming ``elicitation/create`` request (or an elicitation embedded in a
2026-07-28 ``input_required`` result, which the SDK routes through the same callback; or in a task
that asks for input, with :class:`TasksExtension`, as mcp 2.3.0 has no client for the tasks
extension) is answered by the form compiled from the same schema. A request reaches a form only
when its whole ``requestedSchema`` means what the form enforces: the same schema as the front end
normalises it (key order and number spelling play no part; the router compares one cheap walk of
the request with the registered schemas, running no front end), and no keyword the form would not
enforce (an unknown keyword, at any depth). Never by the message text. A request without such a
form is handed to a fallback, or else not shown: never declined on the user's behalf, the user is
told which server asked and why, and the server gets a JSON-RPC error naming the reason
(:class:`Refusal`).

Server side: :func:`elicit_exact` sends a generated module's ``REQUESTED_SCHEMA`` verbatim over
the standalone ``elicitation/create`` request and validates the answer with the generated pydantic
model; :func:`elicit_request` and :func:`check_answer` do the same for a hand-written 2026-07-28
``InputRequiredResult`` flow. (The SDK's own ``ctx.elicit(message, Model)`` and
``Resolve``/``Elicit`` render the same schema from a generated model; see docs/mcp.md.)

Generated modules never import this module; only the application that wires them up does.
``elicit_gen`` itself (and ``elicit-gen --lint``) never imports it either.
"""

from __future__ import annotations

from typing import Any

try:  # the MCP SDK (the [mcp] extra): one line that says what to install, rather than a traceback
    import anyio  # noqa: F401
    import mcp  # noqa: F401
except ModuleNotFoundError as _missing:
    if (_missing.name or "").split(".")[0] not in ("anyio", "mcp"):
        raise
    _NEEDS = "elicit_gen.mcp needs the MCP SDK: pip install 'elicit-gen[mcp]' (or 'mcp>=2.3')"
    raise ModuleNotFoundError(_NEEDS, name=_missing.name) from None

from .compiled import load_module
from .matching import schema_key, unenforced
from .requests import NOT_SHOWN, Fallback, FormRunner, Notifier, Refusal, UrlRequest, UrlRunner
from .router import FormRouter, RouterSession
from .runners import TextualRunner, run_in_thread, run_url_in_thread
from .server import check_answer, elicit_exact, elicit_request
from .tasks import TaskCancelledError, TaskRoundsExceededError, TasksExtension, drive_task

__all__ = [
    "NOT_SHOWN",
    "Fallback",
    "FormRouter",
    "FormRunner",
    "Notifier",
    "Refusal",
    "RouterSession",
    "TaskCancelledError",
    "TaskRoundsExceededError",
    "TasksExtension",
    "TextualRunner",
    "UrlRequest",
    "UrlRunner",
    "check_answer",
    "drive_task",
    "elicit_exact",
    "elicit_request",
    "load_module",
    "run_in_thread",
    "run_url_in_thread",
    "schema_key",
    "unenforced",
]


def __getattr__(name: str) -> Any:
    """``QtRunner`` lives in :mod:`elicit_gen.mcp.qt` (it imports PySide6, which a cli or
    Textual client need not have); it is importable from here too."""
    if name == "QtRunner":
        from .qt import QtRunner

        return QtRunner
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
