"""Runtime forms: a ``requestedSchema`` compiled in memory when the request arrives.

:func:`load_form` runs the same front end and the same emitters as ``elicit-gen schema.json``
and returns, instead of a file, a module object with the generated-code contract
(``REQUESTED_SCHEMA``, ``MESSAGE``, ``validate``, ``elicit`` and the target's classes), or the
page text for ``html``. Nothing touches the disk.

The schema comes straight from a server nobody reviewed, so before anything is compiled
:func:`check_limits` bounds what it may cost (:class:`Limits`): size, fields, options, text
lengths, nesting. The walk stops at the first value past a limit, so a 50 MB string or a million
options is refused in microseconds, not compiled.

Speed: every module a Python target writes is static runtime code (``elicit_gen/runtime/*.py``,
copied verbatim) plus the form's own code. Here the static part runs once per process and target
(:class:`~.targets.base.Runtime` says which text it is); each form's module starts from a copy of
that namespace and only the form's own code is compiled and run. The runtime's functions keep
their own globals (the runtime modules are self-contained: they never read a form's names).

Results are cached by a digest of the whole form the front end makes (the normalised schema, in
which key order, number spelling and the order of ``required`` play no part, and every name and
text the module is made of), in an LRU bounded by count and by the size of the generated code:
the same schema twice compiles once, and one module object answers both. Treat a returned module
as read-only; it is shared.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import math
import re
import sys
import threading
import types
import warnings
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from itertools import chain
from typing import TYPE_CHECKING, Any

from .compiler.diagnostics import Diagnostic, visible
from .compiler.pipeline import check_source
from .compiler.source import dump_json
from .compiler.spec import NEWEST, Revision
from .i18n import normalise
from .runtime.formcore import is_date_time
from .targets import TARGETS, get_target

if TYPE_CHECKING:
    from .compiler.ir import Form
    from .compiler.pipeline import FileResult
    from .targets.base import SharesRuntime

__all__ = [
    "DEFAULT_LIMITS",
    "DefaultRepair",
    "FormError",
    "LimitExceeded",
    "Limits",
    "UnusableDefault",
    "check_limits",
    "clear_cache",
    "load_form",
    "load_url_consent",
    "normalised_key",
    "with_repairs",
]

log = logging.getLogger(__name__)

#: The targets :func:`load_form` makes a module of (``html`` gives the page text).
MODULE_TARGETS = ("cli", "textual", "qt", "pydantic")


@dataclass(frozen=True)
class Limits:
    """What a schema may cost before it is compiled. The defaults are far beyond any real form
    (the largest shipped example is 4 KB and 13 fields) and far below what would slow a client
    down; raise them for a server you trust. Lengths count characters, as the spec does."""

    #: The schema as JSON text (for a parsed schema: the text its strings and values would need).
    max_bytes: int = 256 * 1024
    #: Properties of the form.
    max_fields: int = 100
    #: Options of one select (``enum``, ``oneOf``, ``anyOf``, ``enumNames``), or items of any list.
    max_options: int = 500
    #: Characters of one string: a title, description, option, default or message.
    max_text: int = 10_000
    #: Characters of one property name or keyword.
    max_name: int = 256
    #: JSON values in the whole schema.
    max_values: int = 20_000
    #: Nesting of objects and lists (a flat form needs 6: root, properties, field, items, anyOf,
    #: option).
    max_depth: int = 8
    #: Decimal digits of an integer (a bound past 2**53 already gets lint's EG134).
    max_digits: int = 400
    #: Characters of a URL-mode request's ``elicitationId`` (the router's; URLs are bounded by
    #: the consent screen's check, 8,192 characters).
    max_id: int = 256


DEFAULT_LIMITS = Limits()


class FormError(ValueError):
    """A schema that does not become a form: the linter's ``diagnostics`` (errors first), or a
    limit (:class:`LimitExceeded`, no diagnostics). ``str()`` is one line, safe to log."""

    def __init__(self, message: str, diagnostics: tuple[Diagnostic, ...] = ()) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.is_error)


class LimitExceeded(FormError):
    """The schema is past one of the :class:`Limits`: refused before compiling."""


# --- limits ------------------------------------------------------------------------------------

#: Keywords whose list value is a select's options.
_OPTION_LISTS = frozenset({"enum", "oneOf", "anyOf", "enumNames"})


def check_limits(
    schema: Mapping[str, Any] | str | bytes, limits: Limits = DEFAULT_LIMITS, *, message: str = ""
) -> None:
    """Raises :class:`LimitExceeded` when ``schema`` (parsed, or JSON text) or ``message`` is past
    ``limits``. Text is measured before it is parsed; the parsed schema is walked without
    recursion, and the walk stops at the first value past a limit."""
    if len(message) > limits.max_text:
        raise LimitExceeded(
            f"the message has {len(message):,} characters (limit {limits.max_text:,})"
        )
    if isinstance(schema, (str, bytes)):
        if len(schema) > limits.max_bytes:  # a character is at least a byte: nothing to encode
            what = "bytes" if isinstance(schema, bytes) else "characters"
            raise LimitExceeded(
                f"the schema is {len(schema):,} {what} (limit {limits.max_bytes:,} bytes)"
            )
        size = len(schema) if isinstance(schema, bytes) else len(schema.encode("utf-8", "replace"))
        if size > limits.max_bytes:
            raise LimitExceeded(f"the schema is {size:,} bytes (limit {limits.max_bytes:,})")
        try:
            parsed = json.loads(schema)
        except (ValueError, RecursionError):
            return  # not JSON the standard parser takes: the front end says what is wrong
        _walk(parsed, limits)
        return
    _walk(schema, limits)


def _values_floor(schema: Mapping[str, Any], limits: Limits) -> int:
    """A lower bound of the values in ``schema``, from lengths alone (C loops, no text looked
    at): the fields, their keywords (and ``items``') and their lists' items, then, only when
    that is not yet past ``max_values``, the values of the objects in those lists. A request
    past the limit is refused from this in well under a millisecond, before the walk takes it
    value by value. Nothing past ``max_fields`` or ``max_options`` counts here: the walk names
    that limit, the more precise reason."""
    count = 1 + len(schema)
    fields = schema.get("properties")
    if not isinstance(fields, Mapping) or len(fields) > limits.max_fields:
        return count
    count += len(fields)
    lists: list[Any] = []
    for field in fields.values():
        if not isinstance(field, Mapping):
            continue
        count += len(field)
        for value in field.values():
            if isinstance(value, Mapping):  # items
                count += len(value)
                lists.extend(v for v in value.values() if isinstance(v, (list, tuple)))
            elif isinstance(value, (list, tuple)):
                lists.append(value)
    lists = [value for value in lists if len(value) <= limits.max_options]
    count += sum(map(len, lists))
    if count > limits.max_values:
        return count
    for value in lists:
        if value and set(map(type, value)) == {dict}:
            count += sum(map(len, value))
    return count


def _walk(schema: object, limits: Limits) -> None:
    if isinstance(schema, Mapping) and _values_floor(schema, limits) > limits.max_values:
        raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
    values = 0
    size = 0
    # (value, depth, the key it is under)
    stack: list[tuple[object, int, str]] = [(schema, 1, "")]
    while stack:
        value, depth, key = stack.pop()
        values += 1
        if values > limits.max_values:
            raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
        if isinstance(value, str):
            if len(value) > limits.max_text:
                raise LimitExceeded(
                    f"a string under `{_short(key)}` has {len(value):,} characters "
                    f"(limit {limits.max_text:,})"
                )
            size += json_length(value)
        elif isinstance(value, bool) or value is None:
            size += 5
        elif isinstance(value, int):
            digits = value.bit_length() * 0.30103  # log10(2): no decimal conversion of a huge int
            if digits > limits.max_digits:
                raise LimitExceeded(
                    f"an integer under `{_short(key)}` has about {digits:,.0f} digits "
                    f"(limit {limits.max_digits:,})"
                )
            size += int(digits) + 2
        elif isinstance(value, (Mapping, list, tuple)):
            if depth > limits.max_depth:
                raise LimitExceeded(f"the schema nests deeper than {limits.max_depth} levels")
            if isinstance(value, Mapping):
                if key == "properties" and depth == 2 and len(value) > limits.max_fields:
                    raise LimitExceeded(
                        f"the form has {len(value):,} fields (limit {limits.max_fields:,})"
                    )
                if len(value) > limits.max_values:
                    raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
                for name, item in value.items():
                    if not isinstance(name, str):
                        raise LimitExceeded("the schema has a key that is not a string")
                    if len(name) > limits.max_name:
                        raise LimitExceeded(
                            f"a name has {len(name):,} characters (limit {limits.max_name:,})"
                        )
                    size += json_length(name) + 2  # the colon, and a comma
                    stack.append((item, depth + 1, name))
            else:
                limit = limits.max_options
                if len(value) > limit:
                    what = "options" if key in _OPTION_LISTS else "items"
                    raise LimitExceeded(
                        f"`{_short(key)}` has {len(value):,} {what} (limit {limit:,})"
                    )
                measured = _plain_options(value, values, limits)
                if measured is None:
                    measured = _number_options(value, values, limits)
                if measured is None:
                    measured = _titled_options(value, depth, values, limits)
                if measured is None:  # not such options, or one past a limit: a step each
                    stack.extend((item, depth + 1, key) for item in value)
                    size += len(value)  # the commas
                else:
                    values += measured[0]
                    size += measured[1]
            size += 2
        elif isinstance(value, float) and math.isfinite(value):
            size += len(repr(value)) + 1  # as JSON writes it (2.5, 1e+16), and a comma
        else:  # not JSON at all: the front end reports what it is
            size += 24
        if size > limits.max_bytes:
            raise LimitExceeded(f"the schema is over {limits.max_bytes:,} bytes as JSON")


def _joined(texts: list[Any], most: int, limits: Limits) -> str | None:
    """``texts`` joined into one string with C loops; ``None`` when one is not a string, when
    together they are past ``max_bytes`` (a character is at least a byte) or when one is longer
    than ``most``: the walk then takes them a value at a time, and says exactly which."""
    try:
        if sum(map(len, texts)) > limits.max_bytes:
            return None
        joined = "".join(texts)
    except TypeError:  # not all strings
        return None
    if len(joined) > most and max(map(len, texts)) > most:
        return None
    return joined


def _plain_options(
    options: list[Any] | tuple[Any, ...], values: int, limits: Limits
) -> tuple[int, int] | None:
    """The values and JSON bytes of a list of strings (a select's options), measured at once
    with C loops; ``None`` when the list is not that, or when a string in it is past a limit
    (the walk then takes it a value at a time, and says exactly which)."""
    if not options:
        return None
    if values + len(options) > limits.max_values:  # each item is a value at least: refused now
        raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
    joined = _joined(list(options), limits.max_text, limits)
    if joined is None:
        return None
    # Each string's quotes, and a comma: 3; the escapes and UTF-8 of all at once.
    return len(options), json_length(joined) - 2 + 3 * len(options)


def _number_options(
    options: list[Any] | tuple[Any, ...], values: int, limits: Limits
) -> tuple[int, int] | None:
    """The values and JSON bytes of a list of numbers (a select of numbers' options: ``[1, 2,
    4]``), measured at once with C loops; ``None`` when the list is not that, or when an
    integer in it is past ``max_digits`` (the walk then takes it a value at a time, and says
    which)."""
    if not options or not set(map(type, options)) <= {int, float}:
        return None
    if values + len(options) > limits.max_values:  # each item is a value: refused now
        raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
    biggest = max(map(abs, options))  # infinite, or NaN when it comes first: not JSON
    if isinstance(biggest, float) and not math.isfinite(biggest):
        return None
    if isinstance(biggest, int) and biggest.bit_length() * 0.30103 > limits.max_digits:
        return None
    texts = list(map(repr, options))  # as JSON writes each number: 2.5, 1e+16, an int's digits
    if "nan" in texts:
        return None
    return len(options), sum(map(len, texts)) + len(options)  # and a comma each


def _titled_options(
    options: list[Any] | tuple[Any, ...], depth: int, values: int, limits: Limits
) -> tuple[int, int] | None:
    """The values and JSON bytes of a list of objects whose keys and values are all strings
    (titled options: ``{"const": ..., "title": ...}``), measured at once with C loops; ``None``
    when the list is not that, or when anything in it is past a limit (the walk then takes it a
    value at a time, and says exactly which)."""
    if not options or depth + 1 > limits.max_depth:
        return None
    if set(map(type, options)) != {dict}:
        return None
    pairs = sum(map(len, options))
    count = len(options) + pairs  # each object, and each value (keys are not values)
    if values + count > limits.max_values:
        # at least this many (a value that is itself an object holds more): refused at once,
        # before any text of the list is looked at
        raise LimitExceeded(f"the schema has more than {limits.max_values:,} values")
    texts = _joined(list(chain.from_iterable(map(dict.values, options))), limits.max_text, limits)
    keys = _joined(list(chain.from_iterable(options)), limits.max_name, limits)
    if texts is None or keys is None:
        return None
    # Per object: braces and a comma, 3; per pair: two pairs of quotes, a colon and a comma, 6.
    size = json_length(keys) - 2 + json_length(texts) - 2 + 3 * len(options) + 6 * pairs
    return count, size


#: What JSON writes as an escape: a quote, a backslash and the C0 controls; a lone surrogate too
#: (it has no UTF-8 form). ``_SHORT_ESCAPES`` take two characters (one more than themselves),
#: the other controls six (``\u001b``: five more), a surrogate six (three more than its three
#: bytes of ``surrogatepass`` UTF-8).
_ESCAPED = re.compile(r'["\\\x00-\x1f\ud800-\udfff]')
_SHORT_ESCAPES = frozenset('"\\\b\f\n\r\t')


def json_length(text: str) -> int:
    """The bytes ``text`` takes as a JSON string on the wire, quotes included: UTF-8, non-ASCII
    written as itself (as the MCP SDK's pydantic serialiser and ``ensure_ascii=False`` write it),
    ``"``, ``\\`` and control characters escaped. Exactly ``len(json.dumps(text,
    ensure_ascii=False).encode())`` for text without lone surrogates, without building it."""
    if text.isascii():
        size = len(text) + 2
        if text.isprintable() and '"' not in text and "\\" not in text:
            return size
    else:
        size = len(text.encode("utf-8", "surrogatepass")) + 2
    if _ESCAPED.search(text) is None:
        return size
    for char in _ESCAPED.findall(text):
        if char in _SHORT_ESCAPES:
            size += 1
        elif char < " ":
            size += 5
        else:
            size += 3
    return size


def _short(name: str) -> str:
    return visible(name[:40]) + ("..." if len(name) > 40 else "")


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
    schema = form.schema
    if "required" in schema:
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
        log.warning("%s", repair)
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
    revision = Revision(spec) if spec is not None else NEWEST
    locale = normalise(locale)
    slot = (target, locale)
    data = schema if isinstance(schema, bytes) else None
    if data is None:
        text = schema if isinstance(schema, str) else dump_json(schema)
        data = text.encode("utf-8", "surrogatepass")
    digest = hashlib.blake2b(data, digest_size=20).digest()
    with _lock:
        key = _seen.get((slot, revision.value, digest))
        if key is not None:
            found = _loaded.get((slot, revision.value, key))
            if found is not None:
                _remember(_seen, (slot, revision.value, digest), key)
                _loaded.move_to_end((slot, revision.value, key))
                return found[0], ()
    form, repairs = _front_end(data, revision)
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


def _cache_key(form: Form) -> bytes:
    """A digest of everything the generated module is made of: the whole form (every field of
    the IR: the class and module names an ``input_required`` key gives, the message, the root
    title and description, the revision, the language, ...), its schema as
    :func:`normalised_key` writes it (the order of ``required`` plays no part). Two forms with
    one key make modules that behave alike."""
    rest = replace(form, schema_json="", schema_hash="")
    text = json.dumps([normalised_key(form), repr(rest)], ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).digest()


def _front_end(data: bytes, revision: Revision) -> tuple[Form, Repairs]:
    """The one form of ``data``, and the defaults it was made without (see
    :func:`_without_unusable_defaults`); :class:`FormError` with the linter's diagnostics when
    there is no such form."""
    result = check_source(data, "<requestedSchema>", revision=revision, build_forms=True)
    repaired, repairs = _without_unusable_defaults(data, result, revision)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors and repaired is None:
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


# --- defaults the form cannot use ----------------------------------------------------------------


class UnusableDefault(UserWarning):
    """:func:`load_form` made the form without a ``default`` the server sent, because the default
    fails its own field (EG140), or showed a date-time default without an offset in local
    time. The message names the field and why."""


@dataclass(frozen=True)
class DefaultRepair:
    """A field's ``default`` the form cannot use: where it was (``pointer``, in the input), the
    ``field``, the value the server ``sent``, the one the form shows instead (``used``; ``None``:
    no default) and ``why`` the server's does not fit (the linter's words). ``str()`` is one
    bounded line, safe to log."""

    pointer: str
    field: str
    sent: Any
    used: str | None
    why: str

    def __str__(self) -> str:
        name = f"field '{_short(self.field)}'"
        if self.used is not None:
            return (
                f"{name}: the server's default {_short_json(self.sent)} has no UTC offset: "
                f"shown as local time, {self.used}"
            )
        return f"{name}: the server's default {_short_json(self.sent)} is not used: {self.why}"


Repairs = tuple[DefaultRepair, ...]


def with_repairs(schema: Mapping[str, Any], repairs: Repairs) -> Mapping[str, Any]:
    """``schema`` (the input the repairs were found in) with each repaired default as the form
    has it: left out, or read as local time. Copies only the objects on the way to a repair."""
    for repair in repairs:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in repair.pointer.split("/")[1:]]
        schema = _replaced(schema, tokens, repair.used)
    return schema


def _replaced(value: Any, tokens: list[str], used: str | None) -> Any:
    if not isinstance(value, Mapping) or tokens[0] not in value:
        return value
    copy = dict(value)
    if len(tokens) > 1:
        copy[tokens[0]] = _replaced(value[tokens[0]], tokens[1:], used)
    elif used is None:
        del copy[tokens[0]]
    else:
        copy[tokens[0]] = used
    return copy


#: The linter's code for a default that fails its own field.
_UNUSABLE_DEFAULT = "EG140"
#: Rounds of repair: a naive date-time read as local time may still fail its field (its length
#: bounds, say), and is then left out in the second round.
_REPAIR_ROUNDS = 2


def _without_unusable_defaults(
    data: bytes, result: FileResult, revision: Revision
) -> tuple[FileResult | None, Repairs]:
    """When the only errors of ``result`` (the front end's verdict on ``data``) are defaults
    that fail their own fields (EG140): the verdict on ``data`` with those defaults left out, or
    (a date-time without an offset) read as local time, and what was changed. Otherwise (no
    errors, or others too): ``(None, ())``. A run-time repair of the input: the front end runs
    again on the repaired JSON, and no stage knows of it."""
    repairs: dict[str, DefaultRepair] = {}
    repaired: FileResult | None = None
    for round_ in range(_REPAIR_ROUNDS):
        errors = [d for d in result.diagnostics if d.is_error]
        if not errors:
            break
        if any(d.code != _UNUSABLE_DEFAULT for d in errors):
            return None, ()
        document = json.loads(data.decode("utf-8", "surrogatepass"))
        for diagnostic in {d.pointer: d for d in errors}.values():
            repair = _repair(document, diagnostic, local_time=round_ == 0)
            if repair is None:  # pragma: no cover - EG140 is always about a field's default
                return None, ()
            earlier = repairs.get(repair.pointer)
            if earlier is not None:  # what the server sent, and why that did not fit
                repair = replace(repair, sent=earlier.sent, why=earlier.why)
            repairs[repair.pointer] = repair
        data = dump_json(document).encode("utf-8", "surrogatepass")
        result = repaired = check_source(
            data, "<requestedSchema>", revision=revision, build_forms=True
        )
    if repaired is None or any(d.is_error for d in repaired.diagnostics):
        return None, ()
    return repaired, tuple(repairs.values())


def _repair(document: Any, diagnostic: Diagnostic, *, local_time: bool) -> DefaultRepair | None:
    """Leaves out, in ``document``, the default ``diagnostic`` (an EG140) is about, or with
    ``local_time`` replaces a date-time default without an offset by the same time with this
    computer's offset; says what it did. ``None`` when the pointer names no field's default."""
    tokens = [
        token.replace("~1", "/").replace("~0", "~") for token in diagnostic.pointer.split("/")[1:]
    ]
    if len(tokens) < 3 or tokens[-1] != "default" or tokens[-3] != "properties":
        return None
    field: Any = document
    for token in tokens[:-1]:
        field = field.get(token) if isinstance(field, dict) else None
    if not isinstance(field, dict) or "default" not in field:
        return None
    sent = field.pop("default")
    used = _in_local_time(sent) if local_time and field.get("format") == "date-time" else None
    if used is not None:
        field["default"] = used
    _, _, why = diagnostic.message.partition("does not satisfy the field: ")
    return DefaultRepair(diagnostic.pointer, tokens[-2], sent, used, visible(why[:200]))


def _in_local_time(value: Any) -> str | None:
    """``value``, an RFC 3339 date-time without its offset (``2025-01-06T09:00:00``, as pydantic
    writes a naive ``datetime``), with the offset this computer's time zone has at that moment
    added (``2025-01-06T09:00:00+01:00``); ``None`` for anything else, or an offset RFC 3339
    cannot write (seconds)."""
    if not isinstance(value, str):
        return None
    try:
        naive = datetime.datetime.fromisoformat(value)
        offset = naive.astimezone().utcoffset() if naive.tzinfo is None else None
    except (ValueError, OverflowError, OSError):
        return None
    if offset is None or offset.total_seconds() % 60:
        return None
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    text = f"{value}{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return text if is_date_time(text) else None


def _short_json(value: Any) -> str:
    text = visible(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= 80 else text[:79] + "\u2026"


def _make(form: Form, target: str) -> tuple[Any, int]:
    """The module (or page text) of ``form`` for ``target``, and its size in characters of the
    form's own generated code."""
    emitter = get_target(target)
    file = emitter.emit(form)
    if target not in MODULE_TARGETS:
        return file.text, len(file.text)
    shares: SharesRuntime = emitter  # type: ignore[assignment]
    runtime = shares.runtime(form.locale)
    own = file.text
    for piece in runtime.pieces:
        if own.count(piece) != 1:  # pragma: no cover - every Python emitter copies each once
            raise RuntimeError(f"{target}: the runtime is not in the emitted module")
        own = own.replace(piece, "", 1)
    future = "\nfrom __future__ import annotations\n" in own
    shared = _shared_namespace(target, form.locale, future)
    name = f"elicit_gen.live.{form.stem}_{target}_{form.schema_hash}"
    module = types.ModuleType(name)
    module.__dict__.update(
        (key, value) for key, value in shared.items() if not key.startswith("__")
    )
    code = compile(own, f"<elicit-gen {target} form {form.schema_hash}>", "exec", dont_inherit=True)
    _run(code, module)  # our own emitter's output: schema text is only data in it
    return module, len(own)


_shared: dict[tuple[str, str, bool], dict[str, Any]] = {}
_shared_lock = threading.Lock()


def _shared_namespace(target: str, locale: str, future: bool) -> dict[str, Any]:
    """The namespace of ``target``'s runtime code in ``locale``, run once per process."""
    with _shared_lock:
        namespace = _shared.get((target, locale, future))
        if namespace is None:
            shares: SharesRuntime = get_target(target)  # type: ignore[assignment]
            runtime = shares.runtime(locale)
            source = (
                ("from __future__ import annotations\n\n" if future else "")
                + runtime.imports
                + "\n\n"
                + "\n\n".join(runtime.pieces)
            )
            filename = f"<elicit-gen {target} runtime>"
            _register_source(filename, source)
            runtime_module = types.ModuleType(f"elicit_gen.live.{target}_runtime")
            _run(compile(source, filename, "exec", dont_inherit=True), runtime_module)
            namespace = runtime_module.__dict__
            _shared[(target, locale, future)] = namespace
        return namespace


def _run(code: types.CodeType, module: types.ModuleType) -> None:
    """Runs ``code`` as ``module``'s body, with the module in ``sys.modules`` meanwhile: class
    machinery (``@dataclass``, typing) looks a class's module up there while the class is made.
    It is taken out again, so that the cache alone decides how long a form's module lives."""
    sys.modules[module.__name__] = module
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules.pop(module.__name__, None)


def _register_source(filename: str, source: str) -> None:
    """Lets tracebacks through the runtime show its lines (a handful of entries, one per
    target: forms' own code is not registered, so the line cache stays bounded)."""
    import linecache

    lines = source.splitlines(keepends=True)
    linecache.cache[filename] = (len(source), None, lines, filename)


# --- the URL-mode consent screen -----------------------------------------------------------------

_consent: dict[tuple[str, str], Any] = {}


def load_url_consent(target: str, locale: str = "en") -> Any:
    """The URL-mode consent screen of a UI target in ``locale``, in memory (made once per
    process and language): a module with ``elicit_url(message, url, *, server=None,
    elicitation_id=None)`` for ``cli``, ``textual`` and ``qt``, the page text for ``html``.
    ValueError for another target."""
    from .targets import REGISTRY, URL_CONSENT_STEM

    if target not in REGISTRY or not REGISTRY[target].url_consent:
        raise ValueError(
            f"no URL consent screen for target {target!r}: use html, qt, textual or cli"
        )
    locale = normalise(locale)
    with _shared_lock:
        found = _consent.get((target, locale))
        if found is not None:
            return found
        emitter: Any = get_target(target)
        file = emitter.emit_url_consent(locale)
        if target not in MODULE_TARGETS:
            made: Any = file.text
        else:
            filename = f"<elicit-gen {target} {file.name}>"
            _register_source(filename, file.text)
            made = types.ModuleType(f"elicit_gen.live.{URL_CONSENT_STEM}_{target}_{locale}")
            _run(compile(file.text, filename, "exec", dont_inherit=True), made)
        _consent[(target, locale)] = made
        return made
