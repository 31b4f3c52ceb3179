"""Loading JSON with a source map.

The standard library's parser forgets where values were and silently keeps the last of two
duplicate keys. This small recursive-descent parser keeps, for every JSON pointer, the offset of
its key (for object members) and of its value, reports duplicate keys, and reports the position
of a syntax error. Strings are decoded by the standard library's C scanner.

Positions are needed only when something is reported, and most inputs report nothing: so
:func:`parse_json` reads a text first with the standard library's C parser, guarded so that it
takes exactly the texts this parser takes and gives the same value, and the source map of such a
text is made by this parser the first time a position is asked for (:class:`SourceMap` is lazy).
Anything the guards doubt (a duplicate key, NaN, a number out of range, an escaped surrogate,
deep nesting, a syntax error) goes to this parser at once, which says what is wrong and where.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from functools import cache
from json.decoder import scanstring  # type: ignore[attr-defined]

from ..records import NamedTuple
from .diagnostics import Position

JSON = object  # a value made of dict, list, str, int, float, bool and None

MAX_DEPTH = 200
_MAX_INT_DIGITS = 309  # the largest double, 1.797...e308, has 309 digits


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Whitespace, a surrogate and a number, for :class:`_Parser`: compiled on first use, since
    most texts never need that parser (:func:`_quick`) and a dict from an SDK no parser at all."""
    return (
        re.compile(r"[ \t\n\r]*"),
        re.compile("[\ud800-\udfff]"),
        re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?"),
    )


#: Why a string with a lone surrogate is no JSON a form can take.
UNPAIRED_SURROGATE = "the string holds an unpaired surrogate (\\ud800-\\udfff): not Unicode text"


def escape_token(token: str) -> str:
    """RFC 6901: ``~`` becomes ``~0`` and ``/`` becomes ``~1``."""
    return token.replace("~", "~0").replace("/", "~1")


def join_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_token(str(token))}"


class SourceMap:
    """Maps JSON pointers to positions in the text they were parsed from.

    ``lazy``: the text parsed well and nothing has asked for a position yet; the first
    :meth:`value` or :meth:`key` parses it again with :class:`_Parser` to note them."""

    def __init__(self, text: str, *, lazy: bool = False) -> None:
        self.text = text
        self.values: dict[str, int] = {}  # pointer -> offset of its value
        self.keys: dict[str, int] = {}  # pointer -> offset of its member name
        self._line_starts: list[int] | None = None
        self._lazy = lazy

    def _offsets(self) -> None:
        if self._lazy:
            self._lazy = False
            _Parser(self.text, self).value(0, "", 0)

    def position(self, offset: int) -> Position:
        starts = self._line_starts
        if starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i != -1:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        line = bisect.bisect_right(starts, offset) - 1
        return Position(line + 1, offset - starts[line] + 1)

    def value(self, pointer: str) -> Position:
        """Position of the value at ``pointer`` (or of its closest parent that exists)."""
        self._offsets()
        while pointer not in self.values and pointer:
            pointer = pointer.rsplit("/", 1)[0]
        return self.position(self.values.get(pointer, 0))

    def key(self, pointer: str) -> Position:
        """Position of the member name at ``pointer``; the value's position for array items."""
        self._offsets()
        if pointer in self.keys:
            return self.position(self.keys[pointer])
        return self.value(pointer)


class SyntaxProblem(NamedTuple):
    message: str
    offset: int
    code: str = "EG001"  # EG008 for a number out of range


class Duplicate(NamedTuple):
    pointer: str
    offset: int


class Parsed(NamedTuple):
    value: JSON
    source_map: SourceMap
    duplicates: list[Duplicate]
    error: SyntaxProblem | None


class _Fail(Exception):
    def __init__(self, message: str, offset: int, code: str = "EG001") -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.code = code


class _Parser:
    def __init__(self, text: str, smap: SourceMap) -> None:
        self.text = text
        self.smap = smap
        self.duplicates: list[Duplicate] = []
        self._ws, self._surrogate, self._number = _patterns()

    def ws(self, i: int) -> int:
        m = self._ws.match(self.text, i)
        assert m is not None
        return m.end()

    def value(self, i: int, pointer: str, depth: int) -> tuple[JSON, int]:
        text = self.text
        i = self.ws(i)
        if i >= len(text):
            raise _Fail("unexpected end of input, expected a value", i)
        self.smap.values[pointer] = i
        ch = text[i]
        if ch == "{":
            return self.object(i, pointer, depth + 1)
        if ch == "[":
            return self.array(i, pointer, depth + 1)
        if ch == '"':
            return self.string(i)
        if text.startswith("true", i):
            return True, i + 4
        if text.startswith("false", i):
            return False, i + 5
        if text.startswith("null", i):
            return None, i + 4
        m = self._number.match(text, i)
        if m and m.end() > i:
            return self.number(m, i), m.end()
        if text.startswith(("NaN", "Infinity", "-Infinity"), i):
            raise _Fail("NaN and Infinity are not JSON", i)
        raise _Fail(f"unexpected character {text[i]!r}, expected a value", i)

    def number(self, m: re.Match[str], i: int) -> int | float:
        """The number ``m`` matched at ``i``; one beyond the range of a double is refused.

        JavaScript and most JSON parsers read such a literal as infinity (or fail), so no
        client could compare with it; Python would also refuse to print a long integer back.
        """
        literal = m.group(0)
        if m.group(1) or m.group(2):
            number = float(literal)
            if math.isfinite(number):
                return number
        elif len(literal) - literal.startswith("-") <= _MAX_INT_DIGITS:
            integer = int(literal)
            try:
                float(integer)
            except OverflowError:
                pass
            else:
                return integer
        shown = literal if len(literal) <= 24 else f"{literal[:10]}…{literal[-4:]}"
        digits = f" ({len(literal)} characters)" if len(literal) > 24 else ""
        raise _Fail(
            f"number {shown}{digits} is out of range: beyond a 64-bit float (about ±1.8e308), "
            "JSON parsers read it as infinity or fail",
            i,
            "EG008",
        )

    def string(self, i: int) -> tuple[str, int]:
        try:
            decoded: tuple[str, int] = scanstring(self.text, i + 1, True)
        except json.JSONDecodeError as exc:
            raise _Fail(exc.msg.lower(), exc.pos) from None
        if self._surrogate.search(decoded[0]):
            raise _Fail(UNPAIRED_SURROGATE, i)
        return decoded

    def object(self, i: int, pointer: str, depth: int) -> tuple[JSON, int]:
        if depth > MAX_DEPTH:
            raise _Fail(f"nesting deeper than {MAX_DEPTH} levels", i)
        text = self.text
        result: dict[str, JSON] = {}
        i = self.ws(i + 1)
        if i < len(text) and text[i] == "}":
            return result, i + 1
        while True:
            if i >= len(text) or text[i] != '"':
                raise _Fail("expected a property name in double quotes", i)
            key_offset = i
            key, i = self.string(i)
            child = join_pointer(pointer, key)
            if key in result:
                self.duplicates.append(Duplicate(child, key_offset))
            self.smap.keys[child] = key_offset
            i = self.ws(i)
            if i >= len(text) or text[i] != ":":
                raise _Fail("expected ':' after a property name", i)
            result[key], i = self.value(i + 1, child, depth)
            i = self.ws(i)
            if i < len(text) and text[i] == ",":
                i = self.ws(i + 1)
                continue
            if i < len(text) and text[i] == "}":
                return result, i + 1
            raise _Fail("expected ',' or '}' after an object member", i)

    def array(self, i: int, pointer: str, depth: int) -> tuple[JSON, int]:
        if depth > MAX_DEPTH:
            raise _Fail(f"nesting deeper than {MAX_DEPTH} levels", i)
        text = self.text
        result: list[JSON] = []
        i = self.ws(i + 1)
        if i < len(text) and text[i] == "]":
            return result, i + 1
        while True:
            item, i = self.value(i, join_pointer(pointer, len(result)), depth)
            result.append(item)
            i = self.ws(i)
            if i < len(text) and text[i] == ",":
                i += 1
                continue
            if i < len(text) and text[i] == "]":
                return result, i + 1
            raise _Fail("expected ',' or ']' after an array item", i)


def parse_json(text: str) -> Parsed:
    """Parses ``text``; never raises for bad input."""
    value = _quick(text)
    if value is not _DOUBT:
        return Parsed(value, SourceMap(text, lazy=True), [], None)
    smap = SourceMap(text)
    parser = _Parser(text, smap)
    try:
        value, end = parser.value(0, "", 0)
        end = parser.ws(end)
        if end != len(text):
            raise _Fail("extra data after the JSON value", end)
    except _Fail as fail:
        return Parsed(
            None, smap, parser.duplicates, SyntaxProblem(fail.message, fail.offset, fail.code)
        )
    except RecursionError:  # pragma: no cover - guarded by MAX_DEPTH
        return Parsed(None, smap, parser.duplicates, SyntaxProblem("nesting too deep", 0))
    return Parsed(value, smap, parser.duplicates, None)


#: What :func:`_quick` returns for a text it leaves to :class:`_Parser`.
_DOUBT = object()
#: An escaped surrogate (``\\ud800``-``\\udfff``), paired or not: :class:`_Parser` decides.
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class _Doubt(Exception):
    """Raised from the standard library's parser's hooks: the text goes to :class:`_Parser`."""


def _members(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    members = dict(pairs)
    if len(members) != len(pairs):
        raise _Doubt  # a duplicate key: _Parser reports each
    return members


def _constant(name: str) -> JSON:
    raise _Doubt  # NaN, Infinity


def _float(literal: str) -> float:
    number = float(literal)
    if not math.isfinite(number):
        raise _Doubt
    return number


def _int(literal: str) -> int:
    if len(literal) - literal.startswith("-") > _MAX_INT_DIGITS:
        raise _Doubt
    number = int(literal)
    float(number)  # OverflowError past a double: caught below
    return number


_decode = json.JSONDecoder(
    object_pairs_hook=_members,
    parse_float=_float,
    parse_int=_int,
    parse_constant=_constant,
    strict=True,
).decode


def _quick(text: str) -> JSON:
    """The value of ``text`` read by the standard library's C parser, or :data:`_DOUBT` when
    :class:`_Parser` would read it differently or refuse it (then it is left to that parser,
    which says where). The two take the same grammar (RFC 8259's whitespace, strict strings);
    what the standard library takes and :class:`_Parser` does not is caught here: duplicate
    keys, NaN and Infinity, numbers beyond a double, escaped surrogates (looked for in the
    text), nesting past :data:`MAX_DEPTH` (counted when the text has that many brackets)."""
    if _ESCAPED_SURROGATE.search(text):
        return _DOUBT
    try:
        value = _decode(text)
    except (_Doubt, ValueError, OverflowError, RecursionError):
        return _DOUBT
    if text.count("{") + text.count("[") > MAX_DEPTH and _depth(value) > MAX_DEPTH:
        return _DOUBT
    return value


def _depth(value: JSON) -> int:
    """How deep ``value`` nests (a scalar is 0, ``[]`` is 1), without recursion."""
    deepest = 0
    stack: list[tuple[JSON, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            depth += 1
            deepest = max(deepest, depth)
            stack.extend((member, depth) for member in item)
    return deepest


def dump_json(value: JSON) -> str:
    """``value`` as ASCII JSON text, like ``json.dumps``, but never failing on deep or big data.

    For a parsed value handed to the library (rather than text): nesting is written without
    recursion (the parser then reports it past :data:`MAX_DEPTH`), and an integer too long for
    Python to print in decimal is written as a power of ten of its size (the parser then reports
    it out of range, EG008). Raises TypeError for a value that is not JSON data and ValueError for
    a circular one, as ``json.dumps`` does.
    """
    out: list[str] = []
    on_path: set[int] = set()
    # a stack of pending work: values to write, or literal text (closing brackets, separators)
    stack: list[tuple[bool, object]] = [(False, value)]
    while stack:
        is_text, item = stack.pop()
        if is_text:
            if isinstance(item, int):  # leaving a container
                on_path.discard(item)
            else:
                out.append(str(item))
            continue
        if isinstance(item, (str, bool)) or item is None:
            out.append(json.dumps(item))
        elif isinstance(item, int):
            out.append(_dump_int(item))
        elif isinstance(item, float):
            out.append(json.dumps(item))
        elif isinstance(item, (dict, list)):
            if id(item) in on_path:
                raise ValueError("Circular reference detected")
            on_path.add(id(item))
            if isinstance(item, dict):
                members = list(item.items())
                pending: list[tuple[bool, object]] = [(True, "{")]
                for n, (key, member) in enumerate(members):
                    if not isinstance(key, str):
                        raise TypeError(f"keys must be str, not {type(key).__name__}")
                    pending += [
                        (True, (", " if n else "") + json.dumps(key) + ": "),
                        (False, member),
                    ]
                pending += [(True, "}"), (True, id(item))]
            else:
                pending = [(True, "[")]
                for n, member in enumerate(item):
                    pending += [(True, ", ")] * bool(n) + [(False, member)]
                pending += [(True, "]"), (True, id(item))]
            stack.extend(reversed(pending))
        else:
            raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")
    return "".join(out)


def _dump_int(number: int) -> str:
    try:
        return repr(number)
    except ValueError:  # more digits than sys.get_int_max_str_digits()
        return ("-" if number < 0 else "") + f"1e{int(number.bit_length() * math.log10(2))}"
