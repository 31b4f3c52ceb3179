"""Which server asks, in a session without an initialize handshake.

A 2026-07-28 server names itself in each result, ``_meta["io.modelcontextprotocol/serverInfo"]``
(an ``Implementation``: ``name``, ``title``, ...), not once at connection time. mcp 2.3.0 does
not hand that stamp to the elicitation callback: the client's retry loop for an
``input_required`` result calls it with a ``ClientRequestContext`` of the session, the
``inputRequests`` key (``request_id``) and the embedded request's own ``_meta``, and
``session.server_info`` is read only from an ``initialize`` or ``server/discover`` result. So
the router reads the stamp where it passes: :class:`ServerNames` keeps, for each
``inputRequests`` key, the name the result that carried it gave, fed by :func:`watch` (the
client's transport, through which every result arrives before its requests are dispatched) or
by :meth:`ServerNames.note` (a result the application holds: ``client.session.call_tool(...,
allow_input_required=True)``, a ``tasks/get`` snapshot).

The name is server text: its ``title`` (else ``name``) is clipped to what a screen shows
(``safetext.clip``) here, and escaped where it is shown, as the handshake's name is.

A stamp is self-reported and may change with every result: it never outranks what the user saw
when connecting. The router prefers the session's own name (initialize, ``server/discover``);
without one, the first stamped name a client session's requests were shown with names all of
them (:class:`SessionBooks`), and a later stamp that says otherwise is ignored and logged.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from contextlib import suppress
from itertools import islice
from types import TracebackType
from typing import TYPE_CHECKING, Any

from mcp_types import SERVER_INFO_META_KEY

from ..runtime.core.safetext import clip
from .requests import shown_name

if TYPE_CHECKING:
    from mcp.client import Transport
    from mcp.client._transport import TransportStreams

log = logging.getLogger("elicit_gen.mcp")

#: The ``inputRequests`` keys a book keeps names for at most (the oldest go first), and the
#: keys of one result it reads at most.
_MAX_KEYS = 256


def own_name(info: Any) -> str | None:
    """The name an ``Implementation`` (a model or its JSON) shows: its ``title``, else its
    ``name``, clipped; ``None`` when neither is text with something to show."""
    for key in ("title", "name"):
        value = info.get(key) if isinstance(info, Mapping) else getattr(info, key, None)
        if isinstance(value, str) and value.strip():
            return clip(value)
    return None


def _field(result: Any, wire: str, attribute: str) -> Any:
    """A result's field, from its JSON (``wire``) or its SDK model (``attribute``)."""
    return result.get(wire) if isinstance(result, Mapping) else getattr(result, attribute, None)


def stamped_name(result: Any) -> str | None:
    """The name a result's ``_meta`` serverInfo stamp gives (:func:`own_name`), if any."""
    meta = _field(result, "_meta", "meta")
    info = meta.get(SERVER_INFO_META_KEY) if isinstance(meta, Mapping) else None
    return own_name(info) if info is not None else None


class ServerNames:
    """The names the server's results gave, by the ``inputRequests`` keys they carried."""

    def __init__(self) -> None:
        self._by_key: OrderedDict[str, str] = OrderedDict()

    def note(self, result: Any) -> None:
        """Reads a result that carries ``inputRequests`` (an ``input_required`` result, a task
        in status ``input_required``; its JSON or the SDK's model): each key is named by the
        result's serverInfo stamp, or by nothing when it has none."""
        requests = _field(result, "inputRequests", "input_requests")
        if not isinstance(requests, Mapping):
            return
        name = stamped_name(result)
        for key in islice(requests, _MAX_KEYS):
            if not isinstance(key, str):
                continue
            self._by_key.pop(key, None)
            if name is not None:
                self._by_key[key] = name
        while len(self._by_key) > _MAX_KEYS:
            self._by_key.popitem(last=False)

    def name_for(self, request_id: Any) -> str | None:
        """The name the result carrying ``request_id`` (an ``inputRequests`` key) gave."""
        return self._by_key.get(request_id) if isinstance(request_id, str) else None


class _Seen:
    """A client session's book, and the first stamped name its requests were shown with."""

    __slots__ = ("book", "name")

    def __init__(self, book: ServerNames) -> None:
        self.book = book
        self.name: str | None = None


class SessionBooks:
    """Which book names the requests of each client session: the one of the router view
    (:class:`~elicit_gen.mcp.FormRouter` or one of its sessions) that serves it; and the name
    the user first saw for the session, which later stamps do not change."""

    def __init__(self) -> None:
        self._seen: weakref.WeakKeyDictionary[Any, _Seen] = weakref.WeakKeyDictionary()

    def bind(self, session: Any, book: ServerNames) -> None:
        with suppress(TypeError):  # a session that cannot be weakly referenced: no book
            seen = self._seen.get(session)
            if seen is None:
                self._seen[session] = _Seen(book)
            else:
                seen.book = book

    def name_for(self, session: Any, request_id: Any) -> str | None:
        """The session's first stamped name: the stamp of the request's result names the
        session until then (a server cannot rename itself once the user saw its name; a later
        stamp that differs is logged and ignored, one without a name changes nothing)."""
        try:
            seen = self._seen.get(session)
        except TypeError:
            return None
        if seen is None:
            return None
        name = seen.book.name_for(request_id)
        if seen.name is None:
            seen.name = name
        elif name is not None and name != seen.name:
            log.warning(
                "a result of %s stamped another name, %s: ignored",
                shown_name(seen.name),
                shown_name(name),
            )
        return seen.name


class _WatchedStream:
    """The client's read stream, unchanged, but for the book reading each result that carries
    ``inputRequests`` before the client gets it."""

    def __init__(self, inner: Any, book: ServerNames) -> None:
        self._inner = inner
        self._book = book

    @property
    def last_context(self) -> Any:  # the SDK's context-carrying streams have it
        return getattr(self._inner, "last_context", None)

    def _see(self, item: Any) -> Any:
        result = getattr(getattr(item, "message", None), "result", None)
        if isinstance(result, Mapping) and "inputRequests" in result:
            self._book.note(result)
        return item

    async def receive(self) -> Any:
        return self._see(await self._inner.receive())

    def __aiter__(self) -> _WatchedStream:
        return self

    async def __anext__(self) -> Any:
        return self._see(await self._inner.__anext__())

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _WatchedStream:
        await self._inner.__aenter__()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        exited: bool | None = await self._inner.__aexit__(exc_type, exc_val, exc_tb)
        return exited


class _WatchedTransport:
    def __init__(self, transport: Transport, book: ServerNames) -> None:
        self._transport = transport
        self._book = book

    async def __aenter__(self) -> TransportStreams:
        read, write = await self._transport.__aenter__()
        return _WatchedStream(read, self._book), write

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        return await self._transport.__aexit__(exc_type, exc_val, exc_tb)


class NamedBy:
    """How :class:`~elicit_gen.mcp.FormRouter` and each of its sessions learn the name a
    2026-07-28 server gives in its results (their own book of names)."""

    _names: ServerNames

    def watch(self, transport: Transport) -> Transport:
        """The client's transport (``InMemoryTransport(server)``, ``stdio_client(params)``,
        ``streamable_http_client(url)``, ...), unchanged but for the router reading the
        serverInfo stamp of each result that carries input requests, to name the server that
        asks: ``Client(router.watch(transport), elicitation_callback=router)``. Several
        clients at once: one ``router.session()`` each, with its own ``watch``."""
        return _WatchedTransport(transport, self._names)

    def note(self, result: Any) -> None:
        """Reads the serverInfo stamp of a result with input requests that the application
        holds (``client.session.call_tool(..., allow_input_required=True)``), as :meth:`watch`
        does, before its requests reach the router."""
        self._names.note(result)
