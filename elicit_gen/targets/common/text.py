"""What the emitters share with the runtime the generated forms copy, named here and written
once there: the words of numbers (formcore's) and the unsafe characters (safetext's)."""

from __future__ import annotations

from ...runtime.core.formcore import _num as number_text
from ...runtime.core.safetext import _UNSAFE_RE

# A bound as people write it (``5`` for 5.0, ``0.25`` as is), as formcore's error messages write
# it, so that hints and errors read alike. (Plural words come from the catalogue: elicit_gen.i18n.)
__all__ = ["UNSAFE_CLASS", "base36", "number_text"]


#: The characters a generated Python form never shows as themselves, as a regex character class:
#: C0 and C1 controls (ESC starts terminal escape sequences, CR returns to the line start, NUL
#: ends strings in C code), DEL, line and paragraph separators, the Arabic letter mark, bidi
#: marks, embeddings, overrides and isolates, zero-width and other invisible format characters
#: (soft hyphen, word joiner, tag characters), blank Hangul fillers, the BOM, interlinear
#: annotation marks and lone surrogates. Tab is shown as a space. Zero-width (non-)joiners stay:
#: scripts and emoji need them. (The linter warns about all of these.)
UNSAFE_CLASS = (
    _UNSAFE_RE.pattern
)  # written once, in runtime/core/safetext.py (generated code's copy)


_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(number: int) -> str:
    """``number`` (>= 0) in base 36, lower case: how the pages' and the web module's tables write
    code points and distances (JavaScript reads them with ``parseInt(text, 36)``)."""
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = _DIGITS36[rest] + text
        if number == 0:
            return text
