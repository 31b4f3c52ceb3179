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

#: The same code in the qt, textual and cli modules: how they show schema, server and user text
#: (one line, or several), with every unsafe character as a visible Python-style escape.
SAFE_TEXT_SOURCE = f'''
# --- showing text safely --------------------------------------------------------------------------
# Characters a terminal or a text widget acts on instead of showing, or that hide or reorder the
# text around them: C0 and C1 controls (ESC starts escape sequences, CR returns to the line start),
# DEL, line and paragraph separators, bidi marks, embeddings, overrides and isolates, zero-width
# and other invisible format characters, the BOM and lone surrogates. Text from the schema, the
# server or the user is shown with these as visible escapes (\\x1b, \\u202e, ...), so that no text
# can clear the screen, move the cursor, fake a prompt or read as something it is not.
_UNSAFE_RE = _re.compile(
    r"{_UNSAFE_PARTS[0]}"
    r"{_UNSAFE_PARTS[1]}"
    r"{_UNSAFE_PARTS[2]}"
)


def _escape(match: _re.Match[str]) -> str:
    char = match.group()
    shown = repr(char)[1:-1]  # \\x1b, \\r, \\u202e, ...
    return shown if shown != char else f"\\\\u{{ord(char):04x}}"  # a blank letter repr keeps


def safe_text(text: str) -> str:
    """``text`` as one line shown literally: unsafe characters escaped, tabs as spaces."""
    return _UNSAFE_RE.sub(_escape, text.replace("\\t", " "))


def safe_lines(text: str) -> list[str]:
    """Multi-line text (the message, descriptions) as lines shown literally."""
    return [safe_text(line) for line in text.replace("\\r\\n", "\\n").split("\\n")]


def safe_block(text: str) -> str:
    """Multi-line text as one string shown literally (its line breaks kept)."""
    return "\\n".join(safe_lines(text))
'''
