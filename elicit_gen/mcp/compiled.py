"""A form compiled at run time for a request no registered module answers
(``FormRouter(compile_unknown=...)``): refused before the front end when the request asks for
what no form would enforce, and again, from the normalised schema, before anything is emitted.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import weakref
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import anyio

from ..live.limits import FormError
from ..live.load import _load
from ..live.repairs import Repairs, with_repairs
from .matching import _not_enforced, unenforced
from .requests import Refusal, shown_name

if TYPE_CHECKING:
    from ..compiler.ir import Form

log = logging.getLogger("elicit_gen.mcp")


def compile_request(
    requested: Mapping[str, Any],
    projected: dict[str, Any],
    target: str,
    locale: str,
    server: str | None,
) -> tuple[ModuleType | None, Refusal | None]:
    """The module of ``target`` compiled for ``requested`` (``projected`` is its
    :func:`.matching._projected`), or ``None`` and why not. What a form cannot enforce is
    refused before the front end (from the request itself) and again before anything is
    emitted (from the normalised schema): nothing refused is cached. A default the form cannot
    use is left out (see :func:`elicit_gen.load_form`), and said in the log."""
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
        module, repairs = _load(requested, target, locale=locale, admit=admit)
    except FormError as error:  # lint errors, or refused by admit (never compiled)
        if refused:
            return None, refused[0]
        brief = str(error).removeprefix("the schema does not compile: ")
        return None, Refusal("not_a_form", f"the schema does not become a form: {error}", brief)
    # admit saw the very schema the module was made from; a module _load had cached (for a
    # request with more in it) is checked here
    extra = (
        [] if admitted else unenforced(with_repairs(requested, repairs), module.REQUESTED_SCHEMA)
    )
    if extra:
        return None, _not_enforced(extra)
    for repair in repairs:
        log.warning("elicitation request from %s: %s", shown_name(server), repair)
    return module, None


class SessionLocks:
    """The lock each client session's requests are matched and compiled under, one at a time
    (the router's): a server's slow request delays its own next ones, never another's."""

    def __init__(self) -> None:
        self._per_session: weakref.WeakKeyDictionary[Any, anyio.Lock] = weakref.WeakKeyDictionary()
        #: the lock of the requests whose session cannot be weakly referenced
        self._unkeyed: anyio.Lock | None = None

    def __call__(self, session: Any) -> anyio.Lock:
        try:
            lock = self._per_session.get(session)
            if lock is None:
                lock = self._per_session[session] = anyio.Lock()
        except TypeError:  # a session that cannot be weakly referenced: they share one lock
            if self._unkeyed is None:
                self._unkeyed = anyio.Lock()
            lock = self._unkeyed
        return lock


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
