"""Small wording helpers the emitters share for the hints they show next to fields."""

from __future__ import annotations

from ..runtime.safetext import _UNSAFE_RE


def number_text(value: float) -> str:
    """A bound as people write it: ``5`` for 5.0, ``0.25`` as is."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return str(value)


def plural(n: int, word: str) -> str:
    """``1 character``, ``3 characters``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


#: The characters a generated Python form never shows as themselves, as a regex character class:
#: C0 and C1 controls (ESC starts terminal escape sequences, CR returns to the line start, NUL
#: ends strings in C code), DEL, line and paragraph separators, the Arabic letter mark, bidi
#: marks, embeddings, overrides and isolates, zero-width and other invisible format characters
#: (soft hyphen, word joiner, tag characters), blank Hangul fillers, the BOM, interlinear
#: annotation marks and lone surrogates. Tab is shown as a space. Zero-width (non-)joiners stay:
#: scripts and emoji need them. (The linter warns about all of these.)
UNSAFE_CLASS = _UNSAFE_RE.pattern  # written once, in runtime/safetext.py (generated code's copy)
