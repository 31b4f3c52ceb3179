"""What displayed text may hide: invisible and bidi characters, and labels that read alike."""

from __future__ import annotations

import unicodedata

#: Characters that reorder the text around them (Unicode bidi embeddings, overrides, isolates
#: and marks): "moc.elgoog" with U+202E in front displays as "google.com".
BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)

#: Letters that display as nothing (Hangul fillers), besides the format characters (Cf).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

#: Where a text may span lines (message, description): a line break or tab is layout there.
MULTILINE_OK = frozenset("\n\t")


def _allowed_joiner(text: str, index: int) -> bool:
    """ZWJ inside an emoji sequence and ZWNJ after a letter of a non-Latin script are text."""
    ch = text[index]
    before = text[index - 1] if index else ""
    if ch == "\u200d":
        return before != "" and unicodedata.category(before) in ("So", "Sk", "Mn")
    if ch == "\u200c":
        return before != "" and ord(before) >= 0x370 and unicodedata.category(before)[0] in "LM"
    return False


def hidden_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` that display as nothing or change how the rest displays.

    Controls (C0, C1), format characters (Cf: bidi controls, zero-width spaces, soft hyphens),
    line and paragraph separators, and blank letters; ``multiline`` allows line breaks and tabs.
    """
    found = []
    for index, ch in enumerate(text):
        if ch.isprintable() and ch not in _BLANK_LETTERS:
            if unicodedata.category(ch) != "Cf":
                continue
        elif ch == " " or unicodedata.category(ch) in ("Zs", "Co", "Cn"):
            continue  # a space, a private-use or unassigned character show as a gap or a box
        if multiline and ch in MULTILINE_OK:
            continue
        if _allowed_joiner(text, index):
            continue
        found.append(ch)
    return found


def describe(ch: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    fallback = "CONTROL CHARACTER" if unicodedata.category(ch) == "Cc" else "NO NAME"
    return f"U+{ord(ch):04X} {unicodedata.name(ch, fallback)}"


def label_key(label: str) -> str:
    """How a label reads: NFKC, case-folded, without invisible characters, spaces collapsed."""
    text = unicodedata.normalize("NFKC", label)
    text = "".join(
        " " if unicodedata.category(ch) in ("Zs", "Zl", "Zp", "Cc") else ch
        for ch in text
        if unicodedata.category(ch) != "Cf" and ch not in _BLANK_LETTERS
    )
    return " ".join(text.casefold().split())
