"""The printer of data in generated Python: JSON-like values as literals in black's layout.

Every schema-derived value (the schema literal, field specs, names, labels, messages) reaches
generated Python through :func:`literal`, so the output is black-stable by construction, without
running black: a non-empty dict, list or tuple is always exploded one item per line with a magic
trailing comma (black and ``ruff format`` keep such a layout at every line length); an empty one is
``{}``, ``[]`` or ``()``. Strings take black's quote preference (double quotes unless single
quotes need fewer escapes) and are ``repr``-safe: backslashes, the quote, every character that is
not printable, and the ones editors and terminals treat as line breaks or direction changes
(U+2028, U+2029, bidi controls, BOM) are escaped, so schema text can never end a string or a
line, nor reorder what a reviewer sees.

``literal(value)`` is the one-line form (collections inline, as ``repr``), for expressions short
by construction; ``literal(value, indent)`` is the exploded form for a value that starts a line's
expression at ``indent`` spaces (its continuation lines are indented from there).
"""

from __future__ import annotations

from typing import Any

from .style import DEFAULT_LINE_LENGTH

#: Printable characters escaped all the same: line and paragraph separators, bidi controls, BOM.
_ESCAPED = frozenset(
    "\u2028\u2029\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
)
_SIMPLE = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _char(ch: str) -> str:
    simple = _SIMPLE.get(ch)
    if simple is not None:
        return simple
    if ch.isprintable() and ch not in _ESCAPED:  # what repr keeps as is
        return ch
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def string(text: str) -> str:
    """A string literal: black's quotes (double unless single ones need fewer escapes)."""
    if text.isascii() and text.isprintable() and "\\" not in text:
        body = text  # the common case: nothing to escape but a quote
    else:
        body = "".join(map(_char, text))
    quote = '"' if text.count('"') <= text.count("'") else "'"
    return quote + body.replace(quote, "\\" + quote) + quote


def _scalar(value: Any) -> str | None:
    if value is None:
        return "None"
    if isinstance(value, str):
        return string(value)
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        text = float.__repr__(value)
        if text in ("inf", "-inf", "nan"):
            raise ValueError(f"no literal for {text}")
        return text.replace("e+", "e")  # black's spelling of an exponent: 1e16, 1e-07
    return None


def literal(value: Any, indent: int | None = None) -> str:
    """A Python literal for a JSON-like value (None, bool, int, float, str, list, tuple, dict
    with string keys). Without ``indent``, on one line; with it, in black's exploded layout for a
    value at that indent. Raises TypeError for any other type."""
    scalar = _scalar(value)
    if scalar is not None:
        return scalar
    if indent is None:
        return _inline(value)
    parts: list[str] = []
    _exploded(value, indent, parts, indent)
    return "".join(parts)


def _inline(value: Any) -> str:
    scalar = _scalar(value)
    if scalar is not None:
        return scalar
    if isinstance(value, list):
        return "[" + ", ".join(map(_inline, value)) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(map(_inline, value))
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)}: {_inline(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no literal for {type(value).__name__}")


def _key(key: Any) -> str:
    scalar = _scalar(key)
    if scalar is None:
        raise TypeError(f"no literal for a key of type {type(key).__name__}")
    return scalar


_BRACKETS: dict[type, tuple[str, str]] = {list: ("[", "]"), tuple: ("(", ")"), dict: ("{", "}")}


def _width(text: str) -> int:
    """Columns as black counts them (East Asian wide and fullwidth characters take two)."""
    if text.isascii():
        return len(text)
    from unicodedata import east_asian_width

    return sum(2 if east_asian_width(ch) in ("W", "F") else 1 for ch in text)


#: The line length the layout is made for (black's default): black and ruff keep it at any longer.
LINE_LENGTH = DEFAULT_LINE_LENGTH


def _exploded(value: Any, indent: int, out: list[str], lead: int = 0) -> None:
    """``value`` exploded at ``indent``; ``lead`` is the width of the line before it."""
    scalar = _scalar(value)
    if scalar is not None:
        out.append(scalar)
        return
    brackets = _BRACKETS.get(type(value))
    if brackets is None:
        for kind, pair in _BRACKETS.items():  # subclasses (rare): by isinstance
            if isinstance(value, kind):
                brackets = pair
                break
        else:
            raise TypeError(f"no literal for {type(value).__name__}")
    opening, closing = brackets
    if not value:
        out.append(opening + closing)
        return
    if len(value) == 1 and opening == "(":
        (only,) = value
        if _scalar(only) is not None or not only:
            # black does not treat a one-element tuple's comma as magic: it joins such a tuple
            # when it fits, and explodes it when it does not (stable only below 88 columns)
            inline = _inline(value)
            if lead + _width(inline) + 1 <= LINE_LENGTH:
                out.append(inline)
                return
    inner = " " * (indent + 4)
    out.append(opening + "\n")
    if isinstance(value, dict):
        for key, item in value.items():
            head = f"{inner}{_key(key)}: "
            out.append(head)
            _exploded(item, indent + 4, out, len(head))
            out.append(",\n")
    else:
        for item in value:
            out.append(inner)
            _exploded(item, indent + 4, out, len(inner))
            out.append(",\n")
    out.append(" " * indent + closing)
