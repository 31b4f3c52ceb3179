""":class:`FormRouter`: the ``elicitation_callback`` that answers each request with the
form compiled from its schema, a form compiled at run time (:mod:`.compiled`), the URL consent
screen, the fallback, or a decline (the reason logged on the ``elicit_gen.mcp`` logger);
:class:`RouterSession`, the router for one client session with its own URL-mode steps
(:mod:`.steps`); :func:`load_module` for registering generated files.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
from mcp import types
from mcp.client.session import ClientRequestContext

from ..compiler.diagnostics import visible
from ..i18n import normalise, translation
from ..live.limits import DEFAULT_LIMITS, Limits
from ..live.load import load_url_consent
from ..runtime.core.safetext import clip, safe_text
from ..targets import targets_with
from .compiled import SessionLocks, compile_request
from .matching import (
    _keywords,
    _projected,
    _reasons,
    _route_key,
    schema_key,
    unenforced,
)
from .names import NamedBy, ServerNames, SessionBooks, own_name
from .notices import TerminalNotices
from .requests import Refusal, UrlRequest, past_limits, shown_name
from .runners import _complete_in_module, run_in_thread, run_url_in_thread
from .steps import _Steps, session_revision

if TYPE_CHECKING:
    from .requests import Fallback, FormRunner, Notifier, UrlRunner


log = logging.getLogger("elicit_gen.mcp")


# --- the router ----------------------------------------------------------------------------------

#: The targets whose modules show a form that :func:`~elicit_gen.load_form` makes at run time
#: (``compile_unknown``), and those with a consent module (``url_consent``).
_COMPILE_TARGETS = targets_with("loadable", "ui")
_CONSENT_TARGETS = targets_with("python", "url_consent")

#: Requests matched or compiled at once, each in its own worker thread, one per client session
#: at most: a server whose request is slow to compile delays only its own next requests, and
#: MAX_COMPILES sessions' slow requests at once are needed to make another session's wait.
MAX_COMPILES = 8


class FormRouter(NamedBy):
    """An ``elicitation_callback`` that answers each request with the form compiled from its
    schema.

    >>> router = FormRouter([contact_cli, travel_booking_cli], server="Acme CRM")
    >>> async with Client(server, elicitation_callback=router) as client: ...

    ``server`` is the name the form shows as the requester; without it, the name the server gave
    in its ``serverInfo``: a 2026-07-28 server gives it in each result, which the router reads
    when the client connects through :meth:`watch`. ``runner`` shows a form (default
    :func:`run_in_thread`, which calls the module's blocking ``elicit()`` in a worker thread;
    :class:`TextualRunner` pushes the screen onto a running Textual app).

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
    user the step is done. A 2026-07-28 session has no such notification: the screen is told
    the session's revision and, after Open, waits for the user's "I've finished" (``accept``,
    and the SDK retries the original request) or Cancel.

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
      terminal forms write; the name is clipped, both texts escaped, no schema text echoed.
      One notice per server at a time: the toast or box up counts the server's next requests
      not shown ("And 199 more requests were not shown."); on stderr, a line per server at
      most every :data:`NOTICE_QUIET` seconds, then one with the count;
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
    matching and compiling run in a worker thread, so the event loop keeps serving: one request
    at a time per client session, several sessions at once (up to :data:`MAX_COMPILES`), so
    that one server's request slow to compile never delays another server's; what no form
    would enforce is refused before compiling, and nothing refused is cached.

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
        if compile_unknown not in (None, *_COMPILE_TARGETS):
            raise ValueError(
                f"compile_unknown must be one of {', '.join(_COMPILE_TARGETS)}, "
                f"not {compile_unknown!r}"
            )
        self.server = clip(server) if server else server
        self.runner = runner
        self.fallback = fallback
        self.compile_unknown = compile_unknown
        self.limits = limits
        if isinstance(url_consent, str) and url_consent not in _CONSENT_TARGETS:
            raise ValueError(
                f"url_consent must be one of {', '.join(_CONSENT_TARGETS)} or a module, "
                f"not {url_consent!r}"
            )
        if isinstance(url_consent, ModuleType) and not hasattr(url_consent, "elicit_url"):
            raise TypeError(f"{url_consent.__name__} is not a URL consent module (no elicit_url)")
        self.url_consent = url_consent
        self.locale = normalise(locale)
        #: URL-mode steps the user opened, for :meth:`message_handler` (each
        #: :meth:`session` has its own)
        self._steps = _Steps()
        #: the names the server's results gave (:meth:`watch`), and each session's book
        self._names = ServerNames()
        self._books = SessionBooks()
        self._forms: dict[str, tuple[ModuleType, FormRunner]] = {}
        #: the cheap key (:func:`_route_key`) of each registered module -> its schema_key
        self._routes: dict[bytes, str] = {}
        self._showing: anyio.Lock | None = None
        #: requests matched or compiled at once, each in a worker thread (all sessions)
        self._compiling: anyio.CapacityLimiter | None = None
        #: one request at a time per client session: no server holds more than one of them
        self._session_lock = SessionLocks()
        #: the default notice: a line on the terminal per server at a time (notices.py)
        self._terminal = TerminalNotices(lambda: self.locale, self._showing_lock)
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
        """A form compiled at run time (:func:`.compiled.compile_request`), shown by the
        router's runner."""
        assert self.compile_unknown is not None
        module, refusal = compile_request(
            requested, projected, self.compile_unknown, self.locale, server
        )
        return ((module, self.runner), None) if module is not None else (None, refusal)

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await self._answer(context, params, self._steps, self._names)

    async def _answer(
        self,
        context: ClientRequestContext,
        params: types.ElicitRequestParams,
        steps: _Steps,
        names: ServerNames,
    ) -> types.ElicitResult | types.ErrorData:
        steps.serve(context.session)
        self._books.bind(context.session, names)
        too_large = past_limits(params, self.limits)
        if too_large is not None:  # never handed on: the fallback need not bear it either
            return await self._not_shown(context, Refusal("too_large", too_large))
        if isinstance(params, types.ElicitRequestURLParams):
            return await self._url_mode(context, params, steps)
        requested = getattr(params, "requested_schema", None)
        if self._compiling is None:
            self._compiling = anyio.CapacityLimiter(MAX_COMPILES)
        # Off the event loop: matching walks the schema, compiling runs the front end and the
        # emitter (up to seconds for a form at the limits with costly patterns). One request
        # at a time per session, up to MAX_COMPILES sessions at once: a server's slow request
        # delays its own next ones, never another server's.
        server = self._server_name(context)
        async with self._session_lock(context.session):
            entry, refusal = await anyio.to_thread.run_sync(
                self._resolve, requested, server, limiter=self._compiling
            )
        if entry is None:
            assert refusal is not None
            return await self._fall_back(context, params, refusal)
        module, runner = entry
        async with self._showing_lock():
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

    def _showing_lock(self) -> anyio.Lock:
        """The lock of the screen: one form, consent screen or notice at a time."""
        if self._showing is None:
            self._showing = anyio.Lock()
        return self._showing

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
            params.message,
            params.url,
            self._server_name(context),
            params.elicitation_id,
            session_revision(context.session),  # 2026-07-28: the user says when it is done
        )
        show: UrlRunner = getattr(self.runner, "show_url", None) or run_url_in_thread
        async with self._showing_lock():  # one screen at a time, each with its own server and URL
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
            shown_name(self._server_name(context)),
            refusal.detail,
        )
        return await self.fallback(context, params)

    async def _not_shown(self, context: ClientRequestContext, refusal: Refusal) -> types.ErrorData:
        """Never a decline on the user's behalf: the user is told which server asked and why
        it was not shown (the runner's ``notify``, else a line on the terminal), and the server
        gets a JSON-RPC error naming the reason (:meth:`Refusal.error`)."""
        server = self._server_name(context)
        log.warning("elicitation request from %s not shown: %s", shown_name(server), refusal.detail)
        tr = translation(self.locale)
        who = safe_text(server) if server else tr.gettext("An MCP server")
        reason = refusal.notice(tr)
        notify: Notifier | None = getattr(self.runner, "notify", None)
        if notify is None:  # a line on the terminal, one per server at most every few seconds
            line = self._terminal.line(who, reason)
            if line is None:
                return refusal.error()
            notify, reason = self._terminal.write, line
        elif getattr(self.runner, "counts_notices", False):
            notify = functools.partial(cast(Any, notify), locale=self.locale)
        async with self._showing_lock():  # not in the middle of a form on the same screen
            try:
                told = notify(who, reason)
                if inspect.isawaitable(told):
                    await told
            except Exception:  # the server still gets its answer
                log.exception("could not tell the user that a request was not shown")
        return refusal.error()

    def _server_name(self, context: ClientRequestContext) -> str | None:
        """``server=``, else the session's name (initialize, server/discover: what the user saw
        when connecting), else the first name the connection's results gave (2026-07-28,
        :meth:`watch`; a stamp never outranks the session's name, nor an earlier stamp); server
        text, cut to what a screen shows before any screen gets it (:func:`.names.own_name`)."""
        if self.server:
            return self.server
        own = own_name(getattr(context.session, "server_info", None))
        if own is not None:
            return own
        return self._books.name_for(context.session, getattr(context, "request_id", None))


class RouterSession(NamedBy):
    """:meth:`FormRouter.session`: the router for one client session, with URL-mode steps of
    its own (and server names: :meth:`watch`). Pass it as ``elicitation_callback`` and
    :meth:`message_handler` as the same client's ``message_handler``."""

    def __init__(self, router: FormRouter) -> None:
        self.router = router
        self._steps = _Steps()
        self._names = ServerNames()

    async def __call__(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await self.router._answer(context, params, self._steps, self._names)

    async def message_handler(self, message: Any) -> None:
        """Completes this session's URL-mode steps (see :meth:`FormRouter.message_handler`)."""
        await self.router._complete(message, self._steps)
