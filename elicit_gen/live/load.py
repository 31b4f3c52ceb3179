"""``load_form``: a ``requestedSchema`` compiled in memory, and its caches.

Every module a Python target writes is static runtime code plus the form's own part. Here the
static part runs once per process and target (:class:`~elicit_gen.targets.common.base.Runtime`
says which text it is); each form's module starts from a copy of that namespace, and its own
part is made from the form's data, with no text written or compiled (:mod:`.bundle`). Results
are cached by a digest of the whole form, in an LRU bounded by count and by the size of the
generated code. See :mod:`elicit_gen.live`.
"""

from __future__ import annotations

import functools
import json
import threading
import types
import warnings
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from ..compiler.diagnostics import visible
from ..compiler.digests import blake2b
from ..compiler.pipeline import check_source
from ..compiler.source import Parsed, dump_json, parse_json
from ..compiler.spec import NEWEST, Revision
from ..i18n import normalise
from ..targets import (
    REGISTRY,
    TARGETS,
    URL_CONSENT_STEM,
    consent_target,
    get_target,
    runtime_target,
    targets_with,
)
from ..targets.common.base import AssemblesModule
from .bundle import _run, assembled
from .limits import DEFAULT_LIMITS, FormError, check_limits
from .repairs import UnusableDefault, _without_unusable_defaults

if TYPE_CHECKING:
    from ..compiler.ir import Form
    from .limits import Limits
    from .repairs import Repairs


#: The logger a repaired default is told on (``logging`` is imported only then).
LOGGER = "elicit_gen.live"

#: The targets :func:`load_form` makes a module of (``html`` gives the page text): the registry's
#: ``loadable`` ones.
MODULE_TARGETS = targets_with("loadable")


# --- the cache -----------------------------------------------------------------------------------

#: Entries of each cache, at most.
_CACHE_SIZE = 128
#: Characters of generated code the cached modules (or pages) may hold together: a module takes a
#: few times its source in memory, so this bounds the cache to tens of MB however large the
#: forms (a form inside the default limits writes up to about 1.5 MB of code).
_CACHE_CHARS = 8 * 1024 * 1024
_lock = threading.Lock()
#: Held while a form is made (a few milliseconds): two threads asking for one new form at once
#: compile it once and share the module. Compiles are serial anyway (the GIL).
_making = threading.Lock()
#: ((target, locale), revision, digest of the input) -> digest of the form: a repeat skips the
#: front end. Keys and values are short digests, never the texts. (An input whose defaults the
#: form could not use is not kept here: a repeat runs the front end again, to say so again.)
_seen: OrderedDict[tuple[tuple[str, str], str, bytes], bytes] = OrderedDict()
#: ((target, locale), revision, digest of the form) -> (the module or page text, its size in
#: characters of generated code).
_loaded: OrderedDict[tuple[tuple[str, str], str, bytes], tuple[Any, int]] = OrderedDict()
#: The sum of the sizes in ``_loaded``.
_loaded_chars = 0


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)


def _keep(key: tuple[tuple[str, str], str, bytes], made: Any, size: int) -> None:
    """Caches a made module (under ``_lock``), evicting the least recently used ones while the
    cache holds more than ``_CACHE_SIZE`` entries or ``_CACHE_CHARS`` of code. A module larger
    than the whole bound is not kept."""
    global _loaded_chars
    old = _loaded.pop(key, None)
    if old is not None:
        _loaded_chars -= old[1]
    if size > _CACHE_CHARS:
        return
    _loaded[key] = (made, size)
    _loaded_chars += size
    while len(_loaded) > _CACHE_SIZE or _loaded_chars > _CACHE_CHARS:
        _, (_, dropped) = _loaded.popitem(last=False)
        _loaded_chars -= dropped


def clear_cache() -> None:
    """Forgets every form :func:`load_form` compiled (the shared runtimes stay)."""
    global _loaded_chars
    with _lock:
        _seen.clear()
        _loaded.clear()
        _loaded_chars = 0


def normalised_key(form: Form) -> str:
    """The canonical JSON of ``form``'s normalised schema, ``required`` in the order of the
    fields: equal keys mean "the same form"."""
    required = [field.name for field in form.fields if field.required]
    listed = f'"required": {json.dumps(required, ensure_ascii=False)}'
    if not required or listed in form.schema_json:  # already in the order of the fields
        return form.schema_json  # (written by json.dumps too: compiler/lower.py)
    schema = form.schema
    order = list(schema["properties"])
    schema["required"] = sorted(schema["required"], key=order.index)
    return json.dumps(schema, ensure_ascii=False)


# --- load_form -----------------------------------------------------------------------------------

#: Says why a form must not be made (a reason) or ``None`` to go on: see :func:`_load`. It sees
#: the form and the server's defaults the form does not use (:class:`DefaultRepair`).
Admit = Callable[["Form", "Repairs"], "str | None"]


def load_form(
    schema: Mapping[str, Any] | str | bytes,
    target: str,
    *,
    spec: str | Revision | None = None,
    limits: Limits = DEFAULT_LIMITS,
    locale: str = "en",
) -> Any:
    """Lints ``schema`` (a requestedSchema, parsed or JSON text; or any input that holds exactly
    one form) and compiles it in memory for ``target``.

    Returns a module with the generated-code contract for ``cli``, ``textual``, ``qt`` and
    ``pydantic``, and the page text for ``html``. ``spec`` is the revision to lint against
    (default the newest); ``locale`` the language of what the form writes itself (a tag
    :mod:`elicit_gen.i18n` knows: ``en``, ``zh-CN``). Raises :class:`LimitExceeded` for a
    schema past ``limits`` (checked first, in microseconds), :class:`FormError` with the
    diagnostics for a schema with lint errors, and ``ValueError`` for an unknown target,
    revision or locale.

    A ``default`` the form cannot use (EG140: out of its field's bounds, not one of its options,
    not its format) is the server's mistake, not the user's: the form is shown without it, and a
    date-time default without a UTC offset (pydantic's naive ``datetime``) is read as this
    computer's local time and shown with that offset. Each such repair is logged on the
    ``elicit_gen.live`` logger and issued as an :class:`UnusableDefault` warning (``warnings``:
    a caller who would rather refuse the schema makes it an error with
    ``warnings.simplefilter("error", UnusableDefault)``). ``elicit-gen --lint`` and ``--target``
    keep EG140 an error for the schema's author.

    Like the command line, it compiles what the linter only warns about, and enforces every
    keyword its forms can enforce. ``elicit_gen.mcp.unenforced(schema, module.REQUESTED_SCHEMA)``
    lists what a module leaves out; :class:`~elicit_gen.mcp.FormRouter` does not show such
    requests.
    """
    check_limits(schema, limits)
    made, repairs = _load(schema, target, spec=spec, locale=locale)
    for repair in repairs:
        import logging

        logging.getLogger(LOGGER).warning("%s", repair)
        warnings.warn(str(repair), UnusableDefault, stacklevel=2)
    return made


def _load(
    schema: Mapping[str, Any] | str | bytes,
    target: str,
    *,
    spec: str | Revision | None = None,
    locale: str = "en",
    admit: Admit | None = None,
) -> tuple[Any, Repairs]:
    """:func:`load_form` past its limits check (the router has checked the request already), and
    the defaults the form does not use as the server sent them (said by the caller). ``admit``,
    when given, sees the form after the front end and before anything is emitted: a reason it
    returns raises :class:`FormError` with it, and nothing of that form is cached (a module
    already cached is returned without asking ``admit``)."""
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; known targets: {', '.join(TARGETS)}")
    if not REGISTRY[target].per_form:
        raise ValueError(
            f"target {target!r} writes no file per form (its module renders any schema in the "
            "browser): use one of " + ", ".join(t for t in TARGETS if REGISTRY[t].per_form)
        )
    revision = Revision(spec) if spec is not None else NEWEST
    locale = normalise(locale)
    slot = (target, locale)
    data = schema if isinstance(schema, bytes) else None
    parsed: Parsed | None = None
    if isinstance(schema, str):
        data = schema.encode("utf-8", "surrogatepass")
    elif data is None:
        text, parsed = _json_text(cast(Mapping[str, Any], schema))
        data = text.encode("utf-8", "surrogatepass")
    digest = blake2b(data, digest_size=20).digest()
    with _lock:
        key = _seen.get((slot, revision.value, digest))
        if key is not None:
            found = _loaded.get((slot, revision.value, key))
            if found is not None:
                _remember(_seen, (slot, revision.value, digest), key)
                _loaded.move_to_end((slot, revision.value, key))
                return found[0], ()
    form, repairs = _front_end(data, revision, parsed)
    form = form.in_locale(locale)
    if admit is not None:
        reason = admit(form, repairs)
        if reason is not None:
            raise FormError(reason)
    key = _cache_key(form)
    with _making:  # one compile of a form, however many threads ask for it at once
        with _lock:
            if not repairs:
                _remember(_seen, (slot, revision.value, digest), key)
            cached = _loaded.get((slot, revision.value, key))
        if cached is None:
            made, size = _make(form, target)
        else:
            made, size = cached
        with _lock:
            _keep((slot, revision.value, key), made, size)
    return made, repairs


def _json_text(schema: Mapping[str, Any]) -> tuple[str, Parsed | None]:
    """``schema`` as JSON text, as :func:`~elicit_gen.compiler.source.dump_json` writes it, and
    that text read by :func:`~elicit_gen.compiler.source.parse_json` (so that the front end
    need not read it again). The standard library's C encoder writes it when it reads back as
    ``schema`` (no tuple, no key that is not a string, no NaN, no integer too long to print);
    otherwise ``dump_json`` does, and the front end reads it (and says what is wrong)."""
    try:
        text = json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return dump_json(schema), None
    parsed = parse_json(text)
    if parsed.error is None and not parsed.duplicates and parsed.value == schema:
        return text, parsed
    return dump_json(schema), None


def _cache_key(form: Form) -> bytes:
    """A digest of everything the generated module is made of: the form's schema as
    :func:`normalised_key` writes it (the order of ``required`` plays no part), which its fields
    are lowered from, and every other field of the IR (the class and module names an
    ``input_required`` key gives, the message, the root title and description, the revision,
    the language, ...). Two forms with one key make modules that behave alike."""
    rest = [getattr(form, name) for name in _form_attributes()]
    text = json.dumps([normalised_key(form), repr(rest)], ensure_ascii=False)
    digest: bytes = blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).digest()
    return digest


@functools.cache
def _form_attributes() -> tuple[str, ...]:
    """The fields of the IR's :class:`~elicit_gen.compiler.ir.Form` but its schema (its
    ``fields``, lowered from it, and its JSON and digest)."""
    from ..compiler.ir import Form
    from ..records import field_names

    schema = {"fields", "schema_json", "schema_hash"}
    return tuple(name for name in field_names(Form) if name not in schema)


def _front_end(
    data: bytes, revision: Revision, parsed: Parsed | None = None
) -> tuple[Form, Repairs]:
    """The one form of ``data``, and the defaults it was made without (see
    :func:`_without_unusable_defaults`); :class:`FormError` with the linter's diagnostics when
    there is no such form."""
    result = check_source(
        data,
        "<requestedSchema>",
        revision=revision,
        build_forms=True,
        positions=False,
        parsed=parsed,
    )
    repaired, repairs = _without_unusable_defaults(data, result, revision)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors and repaired is None:  # shown: now with where each is
        result = check_source(data, "<requestedSchema>", revision=revision, build_forms=True)
        errors = [d for d in result.diagnostics if d.is_error]
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        message = f"the schema does not compile: {first.code} {first.message}{more}"
        raise FormError(
            visible(message),
            tuple(errors) + tuple(d for d in result.diagnostics if not d.is_error),
        )
    result = repaired or result
    if len(result.forms) != 1:
        raise FormError(f"the input holds {len(result.forms)} forms, not one")
    return result.forms[0], repairs


def _make(form: Form, target: str) -> tuple[Any, int]:
    """The module (or page text) of ``form`` for ``target``, and its size in characters of the
    form's own generated code. A module is made from data (every loadable target assembles
    its modules: tests/live/test_bundle.py); its size is about what its text would hold (the
    schema, and the field specs and texts made from it), measured without writing that text."""
    if not REGISTRY[target].loadable:
        text = get_target(target).emit(form).text
        return text, len(text)
    emitter = cast(AssemblesModule, runtime_target(target))
    return assembled(form, target, emitter), 3 * len(form.schema_json)


def _register_text(filename: str, source: str) -> None:
    """Lets tracebacks through a consent module show its lines."""
    import linecache

    lines = source.splitlines(keepends=True)
    linecache.cache[filename] = (len(source), None, lines, filename)


# --- the URL-mode consent screen -----------------------------------------------------------------

_consent: dict[tuple[str, str], Any] = {}
_consent_lock = threading.Lock()


def load_url_consent(target: str, locale: str = "en") -> Any:
    """The URL-mode consent screen of a UI target in ``locale``, in memory (made once per
    process and language): a module with ``elicit_url(message, url, *, server=None,
    elicitation_id=None)`` for ``cli``, ``textual`` and ``qt``, the page text for ``html``.
    ValueError for another target."""
    if target not in targets_with("url_consent"):
        raise ValueError(
            f"no URL consent screen for target {target!r}: "
            f"use one of {', '.join(targets_with('url_consent'))}"
        )
    locale = normalise(locale)
    with _consent_lock:
        found = _consent.get((target, locale))
        if found is not None:
            return found
        file = consent_target(target).emit_url_consent(locale)
        if not REGISTRY[target].python:
            made: Any = file.text
        else:
            filename = f"<elicit-gen {target} {file.name}>"
            _register_text(filename, file.text)
            made = types.ModuleType(f"elicit_gen.live.{URL_CONSENT_STEM}_{target}_{locale}")
            _run(compile(file.text, filename, "exec", dont_inherit=True), made)
        _consent[(target, locale)] = made
        return made
