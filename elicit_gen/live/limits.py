"""The limits on a request compiled at run time (:class:`Limits`), checked before
anything is compiled by a bounded walk (:func:`check_limits`) that stops at the first value past
a limit; and the errors a load raises (:class:`FormError`, :class:`LimitExceeded`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from itertools import chain
from typing import Any

from ..compiler.diagnostics import Diagnostic, visible
from ..records import record


@record
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
#: Why a parsed schema is past the limits: ``str.format`` templates (the web element fills the
#: same slots).
MESSAGES = {
    "values": "the schema has more than {limit:,} values",
    "text": "a string under `{key}` has {length:,} characters (limit {limit:,})",
    "depth": "the schema nests deeper than {limit} levels",
    "fields": "the form has {count:,} fields (limit {limit:,})",
    "name": "a name has {length:,} characters (limit {limit:,})",
    "list": "`{key}` has {count:,} {what} (limit {limit:,})",
    "options": "options",
    "items": "items",
    "bytes": "the schema is over {limit:,} bytes as JSON",
    "clipped": "{start}...",
}
#: The longest key a message shows whole.
_SHOWN_KEY = 40


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
        raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
    values = 0
    size = 0
    # (value, depth, the key it is under)
    stack: list[tuple[object, int, str]] = [(schema, 1, "")]
    while stack:
        value, depth, key = stack.pop()
        values += 1
        if values > limits.max_values:
            raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
        if isinstance(value, str):
            if len(value) > limits.max_text:
                raise LimitExceeded(
                    MESSAGES["text"].format(
                        key=_short(key), length=len(value), limit=limits.max_text
                    )
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
                raise LimitExceeded(MESSAGES["depth"].format(limit=limits.max_depth))
            if isinstance(value, Mapping):
                if key == "properties" and depth == 2 and len(value) > limits.max_fields:
                    raise LimitExceeded(
                        MESSAGES["fields"].format(count=len(value), limit=limits.max_fields)
                    )
                if len(value) > limits.max_values:
                    raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
                for name, item in value.items():
                    if not isinstance(name, str):
                        raise LimitExceeded("the schema has a key that is not a string")
                    if len(name) > limits.max_name:
                        raise LimitExceeded(
                            MESSAGES["name"].format(length=len(name), limit=limits.max_name)
                        )
                    size += json_length(name) + 2  # the colon, and a comma
                    stack.append((item, depth + 1, name))
            else:
                limit = limits.max_options
                if len(value) > limit:
                    what = MESSAGES["options" if key in _OPTION_LISTS else "items"]
                    raise LimitExceeded(
                        MESSAGES["list"].format(
                            key=_short(key), count=len(value), what=what, limit=limit
                        )
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
            raise LimitExceeded(MESSAGES["bytes"].format(limit=limits.max_bytes))


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
        raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
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
        raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
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
        raise LimitExceeded(MESSAGES["values"].format(limit=limits.max_values))
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
_ESCAPED = r'["\\\x00-\x1f\ud800-\udfff]'  # compiled on first use (re's cache keeps it)
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
    if re.search(_ESCAPED, text) is None:
        return size
    for char in re.findall(_ESCAPED, text):
        if char in _SHORT_ESCAPES:
            size += 1
        elif char < " ":
            size += 5
        else:
            size += 3
    return size


def _short(name: str) -> str:
    if len(name) <= _SHOWN_KEY:
        return visible(name)
    return MESSAGES["clipped"].format(start=visible(name[:_SHOWN_KEY]))
