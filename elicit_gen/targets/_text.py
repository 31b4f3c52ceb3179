"""Small wording helpers the emitters share for the hints they show next to fields."""

from __future__ import annotations


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
_UNSAFE_PARTS = (
    r"[\x00-\x08\x0a-\x1f\x7f-\x9f\xad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028\u2029",
    r"\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff",
    r"\U000e0000-\U000e007f]",
)
UNSAFE_CLASS = "".join(_UNSAFE_PARTS)
# The code that shows text with these escaped is runtime/safetext.py, copied into the qt, textual
# and cli modules; tests/test_target_cli.py keeps its pattern equal to this class.
