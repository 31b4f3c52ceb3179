"""Serve MCP elicitation requests with generated forms (optional; needs the ``mcp`` package).

Client side: :class:`FormRouter` is an ``elicitation_callback`` for ``mcp.ClientSession`` /
``mcp.client.Client``. Register the generated UI modules (``*_cli.py``, ``*_textual.py``,
``*_qt.py``); an incoming ``elicitation/create`` request (or an elicitation embedded in a
2026-07-28 ``input_required`` result, which the SDK routes through the same callback) is answered
by the form compiled from the same schema. A request reaches a form only when its whole
``requestedSchema`` means what the form enforces: the same schema as the front end normalises it
(key order and number spelling play no part; the router compares one cheap walk of the request
with the registered schemas, running no front end), and no keyword the form would not enforce
(an unknown keyword, at any depth). Never by the message text. A request without such a form is
handed to a fallback, or else not shown: never declined on the user's behalf, the user is told
which server asked and why, and the server gets a JSON-RPC error naming the reason
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

import asyncio
import functools
import hashlib
import importlib.util
import inspect
import json
import logging
import math
import sys
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import anyio
import anyio.lowlevel
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
from .compiler.diagnostics import visible
from .compiler.kinds import (
    ANNOTATION_TYPES,
    COMMON_KEYS,
    ENFORCED_KEYS,
    ITEMS_KEYS,
    KIND_KEYS,
    OPTION_KEYS,
    is_annotation,
)
from .compiler.source import join_pointer
from .i18n import ENGLISH, Translation, normalise, translation
from .live import (
    DEFAULT_LIMITS,
    FormError,
    LimitExceeded,
    Limits,
    Repairs,
    _load,
    check_limits,
    load_url_consent,
    normalised_key,
    with_repairs,
)
from .runtime.safetext import clip, safe_text
from .runtime.urlcheck import MAX_URL_LENGTH

if TYPE_CHECKING:
    from .compiler.ir import Form

__all__ = [
    "NOT_SHOWN",
    "Fallback",
    "FormRouter",
    "FormRunner",
    "Notifier",
    "Refusal",
    "RouterSession",
    "TextualRunner",
    "UrlRequest",
    "UrlRunner",
    "check_answer",
    "elicit_exact",
    "elicit_request",
    "load_module",
    "run_in_thread",
    "run_url_in_thread",
    "schema_key",
    "unenforced",
]

ModelT = TypeVar("ModelT", bound=BaseModel)

log = logging.getLogger(__name__)


def __getattr__(name: str) -> Any:
    """``QtRunner`` lives in :mod:`elicit_gen.mcp_qt` (it imports PySide6, which a cli or
    Textual client need not have); it is importable from here too."""
    if name == "QtRunner":
        from .mcp_qt import QtRunner

        return QtRunner
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- matching ------------------------------------------------------------------------------------


def _normalised(schema_text: str) -> str | None:
    result = _compile(schema_text, [], name="<requestedSchema>")
    if not result.ok or len(result.forms) != 1:
        return None
    return normalised_key(result.forms[0])


def schema_key(schema: Mapping[str, Any]) -> str | None:
    """The canonical JSON of the normalised ``requestedSchema`` (``required`` listed in the order
    of the fields); ``None`` when elicit-gen would refuse to compile it (then no generated form
    can match it).

    This is the key two registered modules are told apart by: the same front end that compiled
    the forms normalises the schema, so equal keys mean "compiled from the same schema". (The
    router looks requests up by a cheaper key, :func:`_route_key`, that runs no front end.)
    """
    try:
        text = json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return _normalised(text)


#: ``$schema`` dialects in which every keyword of the subset means what the form enforces
#: (draft-06 added ``const``; draft-04 and older spell bounds and ``required`` differently).
_DIALECTS = frozenset(
    {
        "json-schema.org/draft-06/schema",
        "json-schema.org/draft-07/schema",
        "json-schema.org/draft/2019-09/schema",
        "json-schema.org/draft/2020-12/schema",
    }
)


def _known_dialect(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    for scheme in ("https://", "http://"):
        if value.startswith(scheme):
            return value[len(scheme) :].removesuffix("#") in _DIALECTS
    return False


def _same(a: Any, b: Any) -> bool:
    """JSON equality as a validator sees it: ``1`` and ``1.0`` are one number, ``true`` is not
    ``1``, object key order plays no part."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and not math.isfinite(a):
            return False
        return a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a is None and b is None


def _pointer(base: str, token: str | int) -> str:
    return join_pointer(base, visible(str(token)))


def _extra(given: Any, enforced: Any, at: str, found: list[str], *, names: bool = False) -> None:
    """Appends to ``found`` where ``given`` says more than (or else than) ``enforced``. An
    annotation ``enforced`` leaves out is allowed when it has its type; ``names`` says ``given``
    maps names to schemas (``properties``), where no key is a keyword."""

    if isinstance(given, Mapping) and isinstance(enforced, Mapping):
        for key, value in given.items():
            here = _pointer(at, key)
            if key not in enforced:
                if names or key not in ANNOTATION_TYPES:
                    found.append(f"{here}: `{visible(key)}` is not enforced by the form")
                elif not is_annotation(key, value):
                    found.append(f"{here}: not {ANNOTATION_TYPES[key][1]}")
            else:
                _extra(value, enforced[key], here, found, names=not names and key == "properties")
    elif isinstance(given, list) and isinstance(enforced, list) and len(given) == len(enforced):
        for index, (value, kept) in enumerate(zip(given, enforced, strict=True)):
            _extra(value, kept, _pointer(at, index), found)
    elif not _same(given, enforced):
        found.append(f"{at}: differs from the form's schema")


def unenforced(requested: Mapping[str, Any], enforced: Mapping[str, Any]) -> list[str]:
    """Where ``requested`` (a schema as a server sent it) asks for more than ``enforced`` (the
    ``REQUESTED_SCHEMA`` of a generated module, i.e. exactly what its form enforces), as
    ``pointer: reason`` strings; empty when every content the form can send is valid against
    ``requested`` and the form shows what the server asked.

    Allowed besides what ``enforced`` says: other key order and number spelling (``18.0`` for
    ``18``), ``required`` in another order, a root ``$schema`` naming draft-06, draft-07, 2019-09
    or 2020-12, and annotations anywhere (root, field, ``items``, option): ``title``,
    ``description``, ``$comment``, ``examples``, ``deprecated``, ``readOnly`` and ``writeOnly``
    with the type JSON Schema gives them (``elicit_gen.compiler.kinds.ANNOTATION_TYPES``). They
    change no verdict on any content; the form shows those it knows (a field's title and
    description, an option's title, which must then be the form's). The form may also enforce a
    root ``additionalProperties: false`` the request leaves out: it sends none but its own
    properties anyway (and a 2026-07-28 client drops that key from what the server sent).
    Anything else (a keyword the form drops, such as ``contentEncoding``, a keyword the form
    does not enforce, or an unknown keyword, at any depth) is reported."""

    found: list[str] = []
    for key, value in requested.items():
        here = _pointer("", key)
        if key == "$schema":
            if not _known_dialect(value):
                found.append(f"{here}: the dialect {value!r} is not one the form follows")
        elif key in ANNOTATION_TYPES and key not in enforced:
            if not is_annotation(key, value):
                found.append(f"{here}: not {ANNOTATION_TYPES[key][1]}")
        elif key == "required":
            wanted = enforced.get("required", [])
            if not (
                isinstance(value, list)
                and all(isinstance(name, str) for name in value)
                and set(value) == set(wanted)
            ):
                found.append(f"{here}: differs from the form's required fields")
        elif key not in enforced:
            found.append(f"{here}: `{visible(key)}` is not enforced by the form")
        else:
            _extra(value, enforced[key], here, found, names=key == "properties")
    for key in enforced:
        if key not in requested and not _harmless_omission(key, enforced[key]):
            found.append(f"{_pointer('', key)}: missing")
    return found


def _harmless_omission(key: str, enforced: Any) -> bool:
    """Whether the form may enforce ``key: enforced`` though the request leaves it out: an empty
    ``required``, and ``additionalProperties: false`` (a form sends none but its own properties,
    so no answer it could send is refused for it; a 2026-07-28 client drops it on the way)."""
    if key == "required":
        return not enforced
    return key == "additionalProperties" and enforced is False


#: What a normalised schema can hold at each place (elicit_gen/compiler/lower.py): the router's
#: cheap key keeps only these, so that it is the same for a request and for the form compiled
#: from it. Everything else a request holds is either harmless (root annotations, ``$comment``)
#: or something no form enforces (which :func:`unenforced` then names).
_ROOT_KEYS = frozenset({"type", "properties", "required", "additionalProperties"})
#: What lowering keeps of a property (kinds.py's tables: one list for the form and the key).
_PROPERTY_KEYS = COMMON_KEYS.union(*KIND_KEYS.values(), *ENFORCED_KEYS.values())
_ITEMS_KEYS = frozenset().union(*ITEMS_KEYS.values())


def _plain(value: Any) -> Any:
    """A JSON value compared as a validator compares it: an integral float is the integer."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _kept(value: Any, keys: frozenset[str]) -> Any:
    if not isinstance(value, Mapping):
        return _plain(value)
    return {key: _plain(item) for key, item in value.items() if key in keys}


def _options(value: Any) -> Any:
    if not isinstance(value, list):
        return _plain(value)
    return [_kept(option, OPTION_KEYS) for option in value]


def _projected(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` with only what a normalised schema can hold, where it can hold it (see
    ``_ROOT_KEYS``), numbers as a validator compares them and ``required`` as a set: what the
    front end would keep of it, made in one cheap walk, without the front end."""
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key not in _ROOT_KEYS:
            continue
        if key == "properties" and isinstance(value, Mapping):
            value = {name: _property(prop) for name, prop in value.items()}
        elif key == "required" and isinstance(value, list):
            if not value:
                continue
            try:
                value = sorted(set(value))
            except TypeError:  # not all strings: kept as sent, so that it matches nothing
                value = _plain(value)
        else:
            value = _plain(value)
        result[key] = value
    return result


def _property(prop: Any) -> Any:
    if not isinstance(prop, Mapping):
        return _plain(prop)
    result: dict[str, Any] = {}
    for key, value in prop.items():
        if key not in _PROPERTY_KEYS:
            continue
        if key == "oneOf":
            result[key] = _options(value)
        elif key == "items" and isinstance(value, Mapping):
            items = _kept(value, _ITEMS_KEYS)
            if "anyOf" in items:
                items["anyOf"] = _options(value["anyOf"])
            result[key] = items
        else:
            result[key] = _plain(value)
    return result


def _route_key(projected: Mapping[str, Any]) -> bytes | None:
    """A digest of a projected schema (:func:`_projected`); ``None`` when it is not JSON."""
    try:
        text = json.dumps(projected, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.blake2b(text.encode(), digest_size=20).digest()


def _reasons(extra: list[str]) -> str:
    return "; ".join(extra[:5]) + ("; ..." if len(extra) > 5 else "")


def _keywords(extra: list[str]) -> str:
    """What :func:`unenforced` found, as the user is told it: the keyword (or name) at the end
    of each place, at most three."""
    names: list[str] = []
    for entry in extra:
        name = entry.partition(": ")[0].rpartition("/")[2]
        if name and name not in names:
            names.append(name)
    shown = ", ".join(f"`{clip(name, 40)}`" for name in names[:3])
    return shown + (", \u2026" if len(names) > 3 else "")


def _not_enforced(extra: list[str]) -> Refusal:
    detail = f"the form would not enforce the whole schema: {_reasons(extra)}"
    return Refusal("unenforced", detail, _keywords(extra))


# --- a request that is not shown -----------------------------------------------------------------

#: The JSON-RPC error code of a request the router does not show: -32602, Invalid params, which
#: the spec gives a request whose parameters the receiver cannot serve ("Elicitation: Server
#: requests an elicitation mode not declared in client capabilities", 2026-07-28). The error's
#: ``data`` is ``{"reason": <Refusal.kind>}``.
NOT_SHOWN = types.INVALID_PARAMS

#: Characters of the error message a server gets, at most.
_MAX_ERROR = 500


@dataclass(frozen=True)
class Refusal:
    """Why the router did not show a request.

    ``kind`` is one of ``too_large`` (past the :class:`~elicit_gen.Limits`), ``no_form`` (no
    registered form, and no ``compile_unknown``), ``not_a_form`` (the linter rejects the schema),
    ``unenforced`` (the form would not enforce all of it) and ``url_mode`` (no ``url_consent``);
    ``detail`` is for the log and the server's error (the places in the schema, the limit), and
    ``brief`` what the user is told of it (keywords, the linter's first error; may be empty).
    Both are escaped and bounded: no schema text is echoed beyond a clipped name."""

    kind: str
    detail: str = ""
    brief: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "detail", clip(visible(self.detail), _MAX_ERROR))
        object.__setattr__(self, "brief", clip(visible(self.brief), 160))

    def reason(self, tr: Translation) -> str:
        """The reason in plain words, in the language of ``tr``."""
        if self.kind == "too_large":
            return tr.gettext("the request is too large to show safely")
        if self.kind == "no_form":
            return tr.gettext("this app has no form for it")
        if self.kind == "not_a_form":
            return tr.gettext("it is not a valid form")
        if self.kind == "unenforced":
            return tr.gettext("this app's forms cannot check everything it asks for")
        return tr.gettext("it asks to open a web page, which this app does not do for servers")

    def notice(self, tr: Translation) -> str:
        """What the user is told (after the server's name), one line in the language of ``tr``."""
        reason = self.reason(tr)
        if self.brief:
            reason = tr.gettext("{reason} ({detail})", reason=reason, detail=self.brief)
        return safe_text(
            tr.gettext(
                "This request was not shown: {reason}. The server has been told.", reason=reason
            )
        )

    def error(self) -> types.ErrorData:
        """What the server gets: a JSON-RPC error, code :data:`NOT_SHOWN`, whose message names
        the reason (in English) and whose ``data`` is ``{"reason": kind}``."""
        message = f"elicitation not shown to the user: {self.reason(ENGLISH)}"
        if self.detail:
            message += f" ({self.detail})"
        return types.ErrorData(
            code=NOT_SHOWN, message=clip(message, _MAX_ERROR), data={"reason": self.kind}
        )


def _shown_name(server: str | None) -> str:
    """A server's name as the log shows it."""
    return repr(visible(server)) if server else "a server without a name"


# --- running a form ------------------------------------------------------------------------------


FormRunner = Callable[[ModuleType, str, str | None], Awaitable[Mapping[str, Any]]]
"""Shows a module's form: ``(module, message, server) -> ElicitResult dict``."""

Notifier = Callable[[str, str], "Awaitable[None] | None"]
"""Tells the user that a request was not shown: ``(server, reason)``, both one line of safe,
bounded text in the router's language (the server's name, already clipped; the reason, a
sentence). A runner's ``notify`` method, when it has one (see :class:`FormRouter`)."""


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

    #: How long the toast saying that a request was not shown stays up, at most.
    notice_seconds = 30.0

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(
        self, module: ModuleType, message: str, server: str | None
    ) -> Mapping[str, Any]:
        return await self._show(_screen_class(module)(message, server=server))

    async def _show(self, screen: Any) -> Mapping[str, Any]:
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

    async def show_url(self, module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
        """Pushes a Textual consent module's ``UrlConsentScreen`` and waits for its answer."""
        screen = module.UrlConsentScreen(
            request.message,
            request.url,
            server=request.server,
            elicitation_id=request.elicitation_id,
        )
        return await self._show(screen)

    def complete_url(self, module: ModuleType, request: UrlRequest) -> None:
        """A toast on the app: the step the user opened in the browser is complete."""
        module.notify_complete(self.app, request.url)

    def notify(self, server: str, reason: str) -> None:
        """A request was not shown (see :class:`FormRouter`): a warning toast on the app, titled
        with the server's name, that stays until the user dismisses it (a click) or for
        :attr:`notice_seconds`; the app keeps running. Both texts are shown literally."""
        self.app.notify(
            reason, title=server, severity="warning", timeout=self.notice_seconds, markup=False
        )


@dataclass(frozen=True)
class UrlRequest:
    """A URL-mode request as the consent screen takes it: the server's ``message`` and ``url``,
    who asks (``server``), and the ``elicitation_id`` a later completion notification names."""

    message: str
    url: str
    server: str | None = None
    elicitation_id: str | None = None


UrlRunner = Callable[[ModuleType, UrlRequest], Awaitable[Mapping[str, Any]]]
"""Shows a URL consent module's screen: ``(module, request) -> ElicitResult dict``."""


async def run_url_in_thread(module: ModuleType, request: UrlRequest) -> Mapping[str, Any]:
    """The default URL runner: the consent module's blocking ``elicit_url()`` in a worker
    thread (the ``cli`` consent prompt)."""
    call = functools.partial(
        module.elicit_url,
        request.message,
        request.url,
        server=request.server,
        elicitation_id=request.elicitation_id,
    )
    result: Mapping[str, Any] = await anyio.to_thread.run_sync(call)
    return result


def _complete_in_module(module: ModuleType, request: UrlRequest) -> None:
    """Tells the user a URL-mode step is done, the module's way (the cli prints a line)."""
    notice = getattr(module, "complete_notice", None)
    if notice is not None:
        notice(request.url, server=request.server)


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

#: The targets whose modules show a form (``compile_unknown``).
_UI_TARGETS = ("cli", "textual", "qt")


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
    onto a running Textual app).

    ``compile_unknown`` (``"cli"``, ``"textual"`` or ``"qt"``) answers a form-mode request that no
    registered module matches with a form compiled at run time (:func:`elicit_gen.load_form`,
    cached by schema), shown by ``runner`` like any other. Registered modules still win. A
    ``default`` the form cannot use (out of its field's bounds, say, or pydantic's naive
    ``datetime``) is the server's mistake: the form is shown without it (a naive date-time
    read as local time), and a warning naming the field is logged.

    ``url_consent`` (``"cli"``, ``"textual"``, ``"qt"``, or a consent module such as a generated
    ``url_consent_qt``) shows URL-mode requests on that target's consent screen (see
    :func:`elicit_gen.load_url_consent`): the requesting server, the message, the destination's
    domain and full URL, look-alike warnings; it opens the URL only on the user's click, and the
    answer is ``accept`` only for "the user agreed to open it". ``runner`` shows the consent
    screen too when it can (:class:`TextualRunner` and the Qt runner have ``show_url``);
    otherwise the module's blocking ``elicit_url()`` runs in a worker thread. After an accept,
    the ``elicitationId`` is kept: pass :meth:`message_handler` as the client's
    ``message_handler`` so that the server's ``notifications/elicitation/complete`` tells the
    user the step is done.

    **Never declined on the user's behalf.** A request the router cannot show faithfully (no
    registered form and no ``compile_unknown``; a schema the linter rejects, or whose form would
    not enforce all of it; a URL-mode request without ``url_consent``) goes to ``fallback``
    first, an async callable with the SDK's callback signature. Without one, or for a request
    past ``limits`` (which no fallback gets), the request is not shown, and

    - the user is told, on the surface the forms are shown on, which server asked and why in
      plain words: ``runner.notify(server, reason)`` when the runner has that method
      (:class:`TextualRunner`: a warning toast; the Qt runner: a non-modal message box the user
      closes; a function or awaitable function of your own: see :data:`Notifier`), else a line
      on stderr (``acme: This request was not shown: ... The server has been told.``), as the
      terminal forms write; the name is clipped, both texts escaped, no schema text echoed;
    - the server gets a JSON-RPC error (``types.ErrorData``, code :data:`NOT_SHOWN`, -32602
      Invalid params) whose message names the reason and whose ``data`` is ``{"reason":
      kind}`` (:class:`Refusal`): a server's ``ctx.elicit`` raises ``MCPError`` instead of
      reading a ``decline`` the user never chose. (On 2026-07-28 an ``input_required``
      answer cannot carry an error: the client SDK ends the call with that ``MCPError``.)

    The reason is logged at WARNING on the ``elicit_gen.mcp`` logger either way.

    ``locale`` (``en``, ``zh-CN``; see :mod:`elicit_gen.i18n`) is the language of what the forms
    compiled at run time, the consent screen and the "not shown" notice write themselves
    (buttons, hints, errors); generated modules you register speak the language they were
    compiled in.

    ``limits`` bounds every request before anything is compiled or matched (schema size as the
    JSON the server sent, fields, options, string lengths, nesting, the message, a URL-mode
    request's ``elicitationId`` and URL; see :class:`elicit_gen.Limits`): a request past them
    is not shown, at once (no front end runs, nothing of the schema is echoed). The name a
    server gives itself is cut to what a screen shows (``safetext.clip``). Inside the limits,
    matching and compiling run in a worker thread, one request at a time, so the event loop
    keeps serving; what no form would enforce is refused before compiling, and nothing refused
    is cached.

    URL-mode completions: a notification names an ``elicitationId`` but not the session it
    came from. :meth:`message_handler` completes only steps of the client session the router
    served last; a router serving several clients at once gives each its own
    :meth:`session` (callback and message handler of one client), so that no server completes
    another's step.

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
        compile_unknown: str | None = None,
        limits: Limits = DEFAULT_LIMITS,
        url_consent: str | ModuleType | None = None,
        locale: str = "en",
    ) -> None:
        if compile_unknown not in (None, *_UI_TARGETS):
            raise ValueError(
                f"compile_unknown must be one of {', '.join(_UI_TARGETS)}, not {compile_unknown!r}"
            )
        self.server = clip(server) if server else server
        self.runner = runner
        self.fallback = fallback
        self.compile_unknown = compile_unknown
        self.limits = limits
        if isinstance(url_consent, str) and url_consent not in _UI_TARGETS:
            raise ValueError(
                f"url_consent must be one of {', '.join(_UI_TARGETS)} or a module, "
                f"not {url_consent!r}"
            )
        if isinstance(url_consent, ModuleType) and not hasattr(url_consent, "elicit_url"):
            raise TypeError(f"{url_consent.__name__} is not a URL consent module (no elicit_url)")
        self.url_consent = url_consent
        self.locale = normalise(locale)
        #: URL-mode steps the user opened, for :meth:`message_handler` (each
        #: :meth:`session` has its own)
        self._steps = _Steps()
        self._forms: dict[str, tuple[ModuleType, FormRunner]] = {}
        #: the cheap key (:func:`_route_key`) of each registered module -> its schema_key
        self._routes: dict[bytes, str] = {}
        self._showing: anyio.Lock | None = None
        #: one request at a time is matched or compiled, in a worker thread
        self._compiling: anyio.CapacityLimiter | None = None
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
        route = _route_key(_projected(module.REQUESTED_SCHEMA))
        if route is None:  # pragma: no cover - a schema that compiled is JSON
            raise ValueError(f"{module.__name__}.REQUESTED_SCHEMA is not JSON")
        self._forms[key] = (module, runner or self.runner)
        self._routes[route] = key
        return key

    def session(self) -> RouterSession:
        """A view of this router for one client session: pass it as the client's
        ``elicitation_callback`` and its :meth:`RouterSession.message_handler` as the
        ``message_handler``. Forms, caches and the one-at-a-time queue are the router's; the
        URL-mode steps a completion notification may complete are the session's own."""
        return RouterSession(self)

    def form_for(self, requested_schema: Mapping[str, Any]) -> ModuleType | None:
        """The registered module whose form enforces exactly ``requested_schema``, if any."""
        if not isinstance(requested_schema, Mapping):
            return None
        entry, _, _ = self._registered(requested_schema, _projected(requested_schema))
        return entry[0] if entry is not None else None

    def _registered(
        self, requested_schema: Mapping[str, Any], projected: dict[str, Any]
    ) -> tuple[tuple[ModuleType, FormRunner] | None, Refusal | None, bool]:
        """The registered entry for a schema (``projected`` is its :func:`_projected`), or
        ``None`` with the reason no form answers it, and whether a registered form was compiled
        from the schema (though the request may ask for more than it enforces). One walk of the
        schema and, for a hit, :func:`unenforced`: no front end runs."""
        route = _route_key(projected)
        if route is None:
            return None, Refusal("not_a_form", "elicit-gen would not compile the schema"), False
        key = self._routes.get(route)
        if key is None and "additionalProperties" not in projected:
            # A 2026-07-28 client reads the request into a wire model that drops a root
            # `additionalProperties: false`: the form compiled with it answers the request as
            # well (it sends none but its own properties), see `unenforced`.
            key = self._routes.get(_route_key({**projected, "additionalProperties": False}) or b"")
        entry = self._forms.get(key) if key is not None else None
        if entry is None:
            return (
                None,
                Refusal("no_form", "no registered form was compiled from this schema"),
                False,
            )
        extra = unenforced(requested_schema, entry[0].REQUESTED_SCHEMA)
        if extra:
            detail = f"{entry[0].__name__} does not enforce the whole schema: {_reasons(extra)}"
            return None, Refusal("unenforced", detail, _keywords(extra)), True
        return entry, None, True

    @property
    def _waiting(self) -> dict[str, tuple[ModuleType, UrlRequest]]:
        """The URL-mode steps :meth:`message_handler` may complete, by elicitationId."""
        return self._steps._waiting

    @property
    def modules(self) -> list[ModuleType]:
        """The registered modules, in registration order. (The router defines no ``__len__``:
        the SDK tests ``elicitation_callback or default``, so an empty router must stay true.)"""
        return [module for module, _ in self._forms.values()]

    def _resolve(
        self, requested: Any, server: str | None
    ) -> tuple[tuple[ModuleType, FormRunner] | None, Refusal | None]:
        """The form that answers a form-mode request: a registered one, else (``compile_unknown``)
        one compiled now; or ``None`` and why not. Runs in a worker thread."""
        if not isinstance(requested, Mapping):
            return None, Refusal("not_a_form", "not a form-mode request (no requestedSchema)")
        projected = _projected(requested)
        entry, refusal, known = self._registered(requested, projected)
        if entry is not None or known or self.compile_unknown is None:
            # (A registered form's schema asking for more: compiled, it would be the same form.)
            return entry, refusal
        return self._compiled(requested, projected, server)

    def _compiled(
        self, requested: Mapping[str, Any], projected: dict[str, Any], server: str | None
    ) -> tuple[tuple[ModuleType, FormRunner] | None, Refusal | None]:
        """A form compiled at run time for a schema no registered module answers. What a form
        cannot enforce is refused before the front end (from the request itself) and again
        before anything is emitted (from the normalised schema): nothing refused is cached. A
        default the form cannot use is left out (see :func:`elicit_gen.load_form`), and said in
        the log."""
        assert self.compile_unknown is not None
        extra = unenforced(requested, projected)
        if extra:
            return None, _not_enforced(extra)

        refused: list[Refusal] = []
        admitted: list[bool] = []

        def admit(form: Form, repairs: Repairs) -> str | None:
            admitted.append(True)
            extra = unenforced(with_repairs(requested, repairs), form.schema)
            if extra:
                refused.append(_not_enforced(extra))
                return refused[-1].detail
            return None

        try:
            module, repairs = _load(
                requested, self.compile_unknown, locale=self.locale, admit=admit
            )
        except FormError as error:  # lint errors, or refused by admit (never compiled)
            if refused:
                return None, refused[0]
            brief = str(error).removeprefix("the schema does not compile: ")
            return None, Refusal("not_a_form", f"the schema does not become a form: {error}", brief)
        # admit saw the very schema the module was made from; a module _load had cached (for a
        # request with more in it) is checked here
        extra = (
            []
            if admitted
            else unenforced(with_repairs(requested, repairs), module.REQUESTED_SCHEMA)
        )
        if extra:
            return None, _not_enforced(extra)
        for repair in repairs:
            log.warning("elicitation request from %s: %s", _shown_name(server), repair)
        return (module, self.runner), None

    def _too_large(self, params: types.ElicitRequestParams) -> str | None:
        """Why a request is past the limits (and refused before anything else), or ``None``.
        Every text the request carries is measured: the schema, the message, and in URL mode
        the elicitationId and the URL. Costs microseconds for a request far past them."""
        message = params.message if isinstance(params.message, str) else ""
        if isinstance(params, types.ElicitRequestURLParams):
            url, elicitation_id = params.url, params.elicitation_id
            if isinstance(url, str) and len(url) > MAX_URL_LENGTH:
                return f"the URL has {len(url):,} characters (limit {MAX_URL_LENGTH:,})"
            if isinstance(elicitation_id, str) and len(elicitation_id) > self.limits.max_id:
                return (
                    f"the elicitationId has {len(elicitation_id):,} characters "
                    f"(limit {self.limits.max_id:,})"
                )
        requested = getattr(params, "requested_schema", None)
        try:
            check_limits(
                requested if isinstance(requested, Mapping) else {}, self.limits, message=message
            )
        except LimitExceeded as error:
            return str(error)
        return None

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await self._answer(context, params, self._steps)

    async def _answer(
        self, context: ClientRequestContext, params: types.ElicitRequestParams, steps: _Steps
    ) -> types.ElicitResult | types.ErrorData:
        steps.serve(context.session)
        too_large = self._too_large(params)
        if too_large is not None:  # never handed on: the fallback need not bear it either
            return await self._not_shown(context, Refusal("too_large", too_large))
        if isinstance(params, types.ElicitRequestURLParams):
            return await self._url_mode(context, params, steps)
        requested = getattr(params, "requested_schema", None)
        if self._compiling is None:
            self._compiling = anyio.CapacityLimiter(1)
        # Off the event loop: matching walks the schema, compiling runs the front end and the
        # emitter (up to a few hundred milliseconds for a form at the limits); one at a time.
        server = self._server_name(context)
        entry, refusal = await anyio.to_thread.run_sync(
            self._resolve, requested, server, limiter=self._compiling
        )
        if entry is None:
            assert refusal is not None
            return await self._fall_back(context, params, refusal)
        module, runner = entry
        if self._showing is None:
            self._showing = anyio.Lock()
        async with self._showing:
            answer = dict(await runner(module, params.message, server))
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

    async def _url_mode(
        self, context: ClientRequestContext, params: types.ElicitRequestURLParams, steps: _Steps
    ) -> types.ElicitResult | types.ErrorData:
        if self.url_consent is None:
            refusal = Refusal("url_mode", "a URL-mode request, and no url_consent screen is set")
            return await self._fall_back(context, params, refusal)
        module = (
            load_url_consent(self.url_consent, self.locale)
            if isinstance(self.url_consent, str)
            else self.url_consent
        )
        request = UrlRequest(
            params.message, params.url, self._server_name(context), params.elicitation_id
        )
        show: UrlRunner = getattr(self.runner, "show_url", None) or run_url_in_thread
        if self._showing is None:
            self._showing = anyio.Lock()
        async with self._showing:  # one screen at a time, each with its own server and URL
            answer = dict(await show(module, request))
        action = answer.get("action")
        if action == "accept":
            if not module.check_url(request.url).openable:
                # A generated consent screen never does this; a hand-edited one must not.
                return types.ErrorData(
                    code=types.INTERNAL_ERROR, message="the consent screen accepted a refused URL"
                )
            if request.elicitation_id is not None:
                steps.wait(context.session, request.elicitation_id, module, request)
            return types.ElicitResult(action="accept")
        if action in ("decline", "cancel"):
            return types.ElicitResult(action=action)
        return types.ErrorData(
            code=types.INTERNAL_ERROR, message="the consent screen gave no action"
        )

    async def message_handler(self, message: Any) -> None:
        """A ``message_handler`` for the client: a ``notifications/elicitation/complete`` for a
        URL-mode step the user opened tells the user it is complete (and closes a waiting Qt
        dialog). Call it from your own handler if you have one; other messages are ignored.

        A notification does not say which client session it came from: this handler completes
        only steps of the client session the router served last. A router serving several
        clients at once gives each its own :meth:`session`."""
        await self._complete(message, self._steps)

    async def _complete(self, message: Any, steps: _Steps) -> None:
        if not isinstance(message, types.ElicitCompleteNotification):
            await anyio.lowlevel.checkpoint()
            return
        entry = steps.done(message.params.elicitation_id)
        if entry is None:
            log.info(
                "completion of an unknown or finished URL-mode elicitation: %s",
                visible(clip(message.params.elicitation_id)),
            )
            return
        module, request = entry
        complete = getattr(self.runner, "complete_url", None)
        if complete is not None:
            complete(module, request)
        else:
            await anyio.to_thread.run_sync(_complete_in_module, module, request)

    async def _fall_back(
        self,
        context: ClientRequestContext,
        params: types.ElicitRequestParams,
        refusal: Refusal,
    ) -> types.ElicitResult | types.ErrorData:
        """A request the router cannot show: the fallback's, when there is one; else not shown
        (:meth:`_not_shown`)."""
        if self.fallback is None:
            return await self._not_shown(context, refusal)
        log.warning(
            "elicitation request from %s handed to the fallback: %s",
            _shown_name(self._server_name(context)),
            refusal.detail,
        )
        return await self.fallback(context, params)

    async def _not_shown(self, context: ClientRequestContext, refusal: Refusal) -> types.ErrorData:
        """Never a decline on the user's behalf: the user is told which server asked and why
        it was not shown (the runner's ``notify``, else a line on the terminal), and the server
        gets a JSON-RPC error naming the reason (:meth:`Refusal.error`)."""
        server = self._server_name(context)
        log.warning(
            "elicitation request from %s not shown: %s", _shown_name(server), refusal.detail
        )
        tr = translation(self.locale)
        who = safe_text(server) if server else tr.gettext("An MCP server")
        reason = refusal.notice(tr)
        notify: Notifier = getattr(self.runner, "notify", None) or self._notify_terminal
        if self._showing is None:
            self._showing = anyio.Lock()
        async with self._showing:  # not in the middle of a form on the same screen
            try:
                told = notify(who, reason)
                if inspect.isawaitable(told):
                    await told
            except Exception:  # the server still gets its answer
                log.exception("could not tell the user that a request was not shown")
        return refusal.error()

    def _notify_terminal(self, server: str, reason: str) -> None:
        """The default ``notify``: ``<server>: <reason>`` on stderr, as the terminal forms write
        their notices."""
        err = sys.stderr
        if err is None:
            return
        tr = translation(self.locale)
        try:
            err.write(tr.gettext("{server}: {notice}", server=server, notice=reason) + "\n")
            err.flush()
        except (OSError, ValueError):
            pass

    def _server_name(self, context: ClientRequestContext) -> str | None:
        if self.server:
            return self.server
        info = getattr(context.session, "server_info", None)
        name = getattr(info, "title", None) or getattr(info, "name", None)
        # The server names itself: cut to what a screen shows before any screen gets it.
        return clip(name) if isinstance(name, str) and name else None


#: URL-mode steps one session keeps waiting for their completion at most (2026-07-28 servers
#: send none; a step the user opened long ago is forgotten first).
_MAX_WAITING = 64


class _Steps:
    """The URL-mode steps one message handler may complete: those the user opened in the
    client session the handler serves, by elicitationId.

    A completion notification names an elicitationId and nothing else, and a message handler is
    given to one client; but one callback object may serve several clients. The steps belong
    to the session of the latest request: when a request of another session arrives, the steps
    of the one before are forgotten (a notification can no longer complete them), and a step
    its session opens later is not kept. So one server never completes another's step."""

    def __init__(self) -> None:
        self._session: weakref.ref[Any] | None = None
        self._waiting: dict[str, tuple[ModuleType, UrlRequest]] = {}

    def _serves(self, session: Any) -> bool:
        return self._session is not None and self._session() is session

    def serve(self, session: Any) -> None:
        """A request of ``session`` arrived: the steps are that session's from now on."""
        if self._serves(session):
            return
        if self._waiting:
            # Info, not a warning: a client reconnecting after a 2026-07-28 session (which has
            # no completion notifications) leaves steps waiting too.
            log.info(
                "another client session uses this router: URL-mode steps of the one before will "
                "not be completed by notifications (clients served at once: give each its own "
                "router.session())"
            )
            self._waiting.clear()
        try:
            self._session = weakref.ref(session)
        except TypeError:  # pragma: no cover - the SDK's sessions take weak references
            self._session = None

    def wait(
        self, session: Any, elicitation_id: str, module: ModuleType, request: UrlRequest
    ) -> None:
        """The user opened ``request``'s URL: its completion may come."""
        if self._serves(session):
            self._waiting.pop(elicitation_id, None)
            self._waiting[elicitation_id] = (module, request)
            while len(self._waiting) > _MAX_WAITING:  # the oldest: its notification never came
                del self._waiting[next(iter(self._waiting))]

    def done(self, elicitation_id: str) -> tuple[ModuleType, UrlRequest] | None:
        return self._waiting.pop(elicitation_id, None)


class RouterSession:
    """:meth:`FormRouter.session`: the router for one client session, with URL-mode steps of
    its own. Pass it as ``elicitation_callback`` and :meth:`message_handler` as the same
    client's ``message_handler``."""

    def __init__(self, router: FormRouter) -> None:
        self.router = router
        self._steps = _Steps()

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await self.router._answer(context, params, self._steps)

    async def message_handler(self, message: Any) -> None:
        """Completes this session's URL-mode steps (see :meth:`FormRouter.message_handler`)."""
        await self.router._complete(message, self._steps)


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
