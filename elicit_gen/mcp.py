"""Serve MCP elicitation requests with generated forms (optional; needs the ``mcp`` package).

Client side: :class:`FormRouter` is an ``elicitation_callback`` for ``mcp.ClientSession`` /
``mcp.client.Client``. Register the generated UI modules (``*_cli.py``, ``*_textual.py``,
``*_qt.py``); an incoming ``elicitation/create`` request (or an elicitation embedded in a
2026-07-28 ``input_required`` result, which the SDK routes through the same callback) is answered
by the form compiled from the same schema. Schemas are matched by their *normalised* form (the
canonical JSON elicit-gen's front end makes of a ``requestedSchema``), never by the message text,
so a server that sends the original, un-normalised schema (other key order, a root title, unknown
keywords) still reaches its form. A schema without a form is declined, or handed to a fallback.

Server side: :func:`elicit_exact` sends a generated module's ``REQUESTED_SCHEMA`` verbatim over
the standalone ``elicitation/create`` request and validates the answer with the generated pydantic
model; :func:`elicit_request` and :func:`check_answer` do the same for a hand-written 2026-07-28
``InputRequiredResult`` flow. (The SDK's own ``ctx.elicit(message, Model)`` and
``Resolve``/``Elicit`` render the same schema from a generated model; see docs/mcp.md.)

Generated modules never import this module; only the application that wires them up does.
``elicit_gen`` itself (and ``elicit-gen --lint``) never imports it either.
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import json
import sys
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from mcp import types
from mcp.client.session import ClientRequestContext
from mcp.server.elicitation import (
    AcceptedElicitation,
    CancelledElicitation,
    DeclinedElicitation,
    ElicitationResult,
)
from pydantic import BaseModel, ValidationError

from .api import compile as _compile

__all__ = [
    "Fallback",
    "FormRouter",
    "FormRunner",
    "TextualRunner",
    "check_answer",
    "elicit_exact",
    "elicit_request",
    "load_module",
    "run_in_thread",
    "schema_key",
]

ModelT = TypeVar("ModelT", bound=BaseModel)


# --- matching ------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _normalised(schema_text: str) -> str | None:
    result = _compile(schema_text, [], name="<requestedSchema>")
    if not result.ok or len(result.forms) != 1:
        return None
    return result.forms[0].schema_json


def schema_key(schema: Mapping[str, Any]) -> str | None:
    """The canonical JSON of the normalised ``requestedSchema``; ``None`` when elicit-gen would
    refuse to compile it (then no generated form can match it).

    This is the key forms are registered and looked up by: the same front end that compiled the
    form normalises the incoming schema, so equal keys mean "compiled from the same schema".
    """
    try:
        text = json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return _normalised(text)


# --- running a form ------------------------------------------------------------------------------


FormRunner = Callable[[ModuleType, str, str | None], Awaitable[Mapping[str, Any]]]
"""Shows a module's form: ``(module, message, server) -> ElicitResult dict``."""


async def run_in_thread(module: ModuleType, message: str, server: str | None) -> Mapping[str, Any]:
    """The default runner: the module's blocking ``elicit()`` in a worker thread, so that the
    client's event loop keeps serving the session while the user answers."""
    call = functools.partial(module.elicit, message, server=server)
    result: Mapping[str, Any] = await anyio.to_thread.run_sync(call)
    return result


class TextualRunner:
    """Pushes a generated Textual module's ``<Class>Screen`` onto a running Textual app and waits
    for it to be dismissed. The MCP client must run on the app's event loop (for instance in a
    worker of the app, or in the same ``asyncio`` loop as ``app.run_test()``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        screen = _screen_class(module)(message, server=server)
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Mapping[str, Any] | None] = loop.create_future()

        answered = False

        def dismissed(result: Mapping[str, Any] | None) -> None:
            nonlocal answered
            answered = True
            if not done.done():
                done.set_result(result)

        self.app.push_screen(screen, callback=dismissed)
        try:
            result = await done
        finally:
            if not answered and screen in self.app.screen_stack:
                # The request was cancelled (by the server, or a client timeout): take the
                # form off the screen rather than leave it waiting for an answer nobody reads.
                screen.dismiss(None)
        return result if result is not None else {"action": "cancel"}


def _screen_class(module: ModuleType) -> Callable[..., Any]:
    found = [
        value
        for name, value in vars(module).items()
        if name.endswith("Screen")
        and isinstance(value, type)
        and value.__module__ == module.__name__
    ]
    if len(found) != 1:
        raise TypeError(f"{module.__name__} is not a generated Textual module (no single *Screen)")
    screen: Callable[..., Any] = found[0]
    return screen


# --- the router ----------------------------------------------------------------------------------


Fallback = Callable[
    [ClientRequestContext, types.ElicitRequestParams],
    Awaitable[types.ElicitResult | types.ErrorData],
]
"""Answers a request no form was compiled for (the SDK's elicitation callback signature)."""


class FormRouter:
    """An ``elicitation_callback`` that answers each request with the form compiled from its
    schema.

    >>> router = FormRouter([contact_cli, travel_booking_cli], server="Acme CRM")
    >>> async with Client(server, elicitation_callback=router) as client: ...

    ``server`` is the name the form shows as the requester; without it, the name the server gave
    in its ``serverInfo``. ``runner`` shows a form (default :func:`run_in_thread`, which calls the
    module's blocking ``elicit()`` in a worker thread; :class:`TextualRunner` pushes the screen
    onto a running Textual app). ``fallback`` answers requests no form matches, URL-mode requests
    included; without one they are declined.

    Forms are shown one at a time: a 2026-07-28 ``input_required`` result may carry several
    elicitations, which the SDK dispatches concurrently; the router queues them, so that two
    prompts never read the same terminal at once.
    """

    def __init__(
        self,
        modules: Iterable[ModuleType] = (),
        *,
        server: str | None = None,
        runner: FormRunner = run_in_thread,
        fallback: Fallback | None = None,
    ) -> None:
        self.server = server
        self.runner = runner
        self.fallback = fallback
        self._forms: dict[str, tuple[ModuleType, FormRunner]] = {}
        self._showing: anyio.Lock | None = None
        for module in modules:
            self.register(module)

    def register(self, module: ModuleType, *, runner: FormRunner | None = None) -> str:
        """Adds a generated UI module (anything with ``REQUESTED_SCHEMA``, ``validate`` and
        ``elicit``); returns its key. A second module for the same schema is an error."""
        for name in ("REQUESTED_SCHEMA", "validate"):
            if not hasattr(module, name):
                raise TypeError(f"{module.__name__} has no {name}: not a generated UI module")
        key = schema_key(module.REQUESTED_SCHEMA)
        if key is None:
            raise ValueError(f"{module.__name__}.REQUESTED_SCHEMA does not compile")
        known = self._forms.get(key)
        if known is not None and known[0] is not module:
            raise ValueError(
                f"{module.__name__} and {known[0].__name__} were compiled from the same schema"
            )
        self._forms[key] = (module, runner or self.runner)
        return key

    def form_for(self, requested_schema: Mapping[str, Any]) -> ModuleType | None:
        """The registered module compiled from ``requested_schema``, if any."""
        key = schema_key(requested_schema)
        entry = self._forms.get(key) if key is not None else None
        return entry[0] if entry is not None else None

    @property
    def modules(self) -> list[ModuleType]:
        """The registered modules, in registration order. (The router defines no ``__len__``:
        the SDK tests ``elicitation_callback or default``, so an empty router must stay true.)"""
        return [module for module, _ in self._forms.values()]

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        schema = getattr(params, "requested_schema", None)
        key = schema_key(schema) if isinstance(schema, Mapping) else None
        entry = self._forms.get(key) if key is not None else None
        if entry is None:
            if self.fallback is not None:
                return await self.fallback(context, params)
            return types.ElicitResult(action="decline")
        module, runner = entry
        if self._showing is None:
            self._showing = anyio.Lock()
        async with self._showing:
            answer = dict(await runner(module, params.message, self._server_name(context)))
        action = answer.get("action")
        if action == "accept":
            content = answer.get("content")
            if not isinstance(content, Mapping) or module.validate(content):
                # A generated form never does this; a hand-edited one must not reach the server.
                return types.ErrorData(
                    code=types.INTERNAL_ERROR, message="the form returned invalid content"
                )
            return types.ElicitResult(action="accept", content=dict(content))
        if action in ("decline", "cancel"):
            return types.ElicitResult(action=action)
        return types.ErrorData(code=types.INTERNAL_ERROR, message="the form returned no action")

    def _server_name(self, context: ClientRequestContext) -> str | None:
        if self.server:
            return self.server
        info = getattr(context.session, "server_info", None)
        name = getattr(info, "title", None) or getattr(info, "name", None)
        return name if isinstance(name, str) and name else None


def load_module(path: str | Path, name: str | None = None) -> ModuleType:
    """Imports a generated module from its file (for registering a directory of forms)."""
    path = Path(path)
    name = name or f"elicit_gen_forms.{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# --- server side ---------------------------------------------------------------------------------


def elicit_request(message: str, requested_schema: Mapping[str, Any]) -> types.ElicitRequest:
    """The ``elicitation/create`` request for one entry of an ``InputRequiredResult``'s
    ``inputRequests``, carrying ``requested_schema`` exactly as given."""
    return types.ElicitRequest(
        params=types.ElicitRequestFormParams(
            message=message, requested_schema=dict(requested_schema)
        )
    )


def check_answer(
    answer: types.ElicitResult | types.InputResponse | None, model: type[ModelT]
) -> ElicitationResult[ModelT] | None:
    """Validates one client answer with a generated content model: the SDK's outcome types
    (``AcceptedElicitation`` with ``data``, ``DeclinedElicitation``, ``CancelledElicitation``), or
    ``None`` when there is no answer yet (ask again). Raises ``ValueError`` when an accepted
    answer's content does not validate, or the answer is not an elicitation result."""
    if answer is None:
        return None
    if not isinstance(answer, types.ElicitResult):
        raise ValueError("the answer is not an elicitation result")
    if answer.action == "accept":
        if answer.content is None:
            raise ValueError("an accepted elicitation without content")
        try:
            data = model.model_validate(answer.content)
        except ValidationError as error:
            raise ValueError("accepted content does not match the requested schema") from error
        return AcceptedElicitation(data=data)
    if answer.action == "decline":
        return DeclinedElicitation()
    return CancelledElicitation()


async def elicit_exact(
    ctx: Any, message: str, requested_schema: Mapping[str, Any], model: type[ModelT]
) -> ElicitationResult[ModelT]:
    """``ctx.elicit`` with the schema sent verbatim (for instance a generated module's
    ``REQUESTED_SCHEMA``) instead of the one the SDK renders from ``model``; the accepted content
    is validated with ``model``. ``ctx`` is the tool's ``mcp.server.mcpserver.Context``. Only on
    sessions with a back channel (2025-11-25 and older); on 2026-07-28 return an
    ``InputRequiredResult`` built with :func:`elicit_request` instead."""
    answer = await ctx.session.elicit_form(
        message=message,
        requested_schema=dict(requested_schema),
        related_request_id=ctx.request_id,
    )
    outcome = check_answer(answer, model)
    assert outcome is not None
    return outcome
