"""The one wording of the constraint hints every form shows next to a field.

A hint says what the field accepts before the user types: "3 to 40 characters", "A whole number,
at least 18", "Choose at most 2 options". The html, qt and textual emitters all phrase them from
here, so a constraint reads the same in every target, in the words of the error message the
form shows when it is broken. That message says what is wrong with the answer instead of
repeating the hint (formcore's "Has 45 characters, but at most 40 are allowed.", "3 chosen, but
at most 2 are allowed."): both say "at least" / "at most" / "exactly", and count options.

Phrases (``*_phrase``) are lower-case fragments without a full stop, for a target that embeds
them ("email (at most 40 characters)"); hints (``*_hint``) are the phrase as a sentence
("At most 40 characters."). Every function returns "" when the field has no such constraint: a
hint states a constraint, and no constraint means no hint. A lower bound of 0 on a length or a
count is no constraint (every answer meets it), so it is left out: "at most 40 characters", never
"0 to 40 characters".
"""

from __future__ import annotations

from elicit_gen.targets._text import number_text, plural


def sentence(phrase: str) -> str:
    """``phrase`` as a sentence: first letter upper-case, a full stop at the end ("" stays "")."""
    if not phrase:
        return ""
    return phrase[0].upper() + phrase[1:] + "."


def _span(lo: int | None, hi: int | None, word: str) -> str:
    """A length or count span: ``exactly 1 {word}``, ``3 to 40 {word}s``, ``at least 3 {word}s``,
    ``at most 40 {word}s``; a lower bound of 0 is dropped (unless it is also the upper one)."""
    if lo == 0 and hi != 0:
        lo = None
    if lo is not None and hi is not None:
        if lo == hi:
            return f"exactly {plural(lo, word)}"
        return f"{lo} to {hi} {word}s"
    if lo is not None:
        return f"at least {plural(lo, word)}"
    if hi is not None:
        return f"at most {plural(hi, word)}"
    return ""


def length_phrase(lo: int | None, hi: int | None) -> str:
    """A text length: ``3 to 40 characters``, ``at most 40 characters``, ... ("" for none)."""
    return _span(lo, hi, "character")


def range_phrase(lo: float | None, hi: float | None) -> str:
    """A number's bounds: ``from 1 to 10``, ``exactly 5``, ``at least 18``, ``at most 99`` ("" for
    none). Unlike a length, a minimum of 0 is a real constraint (no negative numbers): it stays."""
    if lo is not None and hi is not None:
        if lo == hi:
            return f"exactly {number_text(lo)}"
        return f"from {number_text(lo)} to {number_text(hi)}"
    if lo is not None:
        return f"at least {number_text(lo)}"
    if hi is not None:
        return f"at most {number_text(hi)}"
    return ""


def number_phrase(integer: bool, lo: float | None, hi: float | None) -> str:
    """What a number field takes: ``a whole number from 1 to 10``, ``a number, at least 18``,
    ``a number`` (never "": that a field wants a number is worth saying)."""
    noun = "a whole number" if integer else "a number"
    bounds = range_phrase(lo, hi)
    if not bounds:
        return noun
    if bounds.startswith("from "):
        return f"{noun} {bounds}"
    return f"{noun}, {bounds}"


def count_phrase(lo: int | None, hi: int | None, *, optional: bool = False) -> str:
    """How many options a multi-select takes: ``choose 1 to 3 options``, ``choose exactly 1
    option``, ``choose at least 2 options``, ``choose at most 2 options`` ("" for no bounds).

    An ``optional`` field with a lower bound also takes no answer at all, which "choose at least
    1 option" would deny: it says ``if you choose any, choose at least 1 option``."""
    span = _span(lo, hi, "option")
    if not span:
        return ""
    if optional and lo:
        return f"if you choose any, choose {span}"
    return f"choose {span}"


def length_hint(lo: int | None, hi: int | None) -> str:
    """:func:`length_phrase` as a sentence: ``3 to 40 characters.``"""
    return sentence(length_phrase(lo, hi))


def number_hint(integer: bool, lo: float | None, hi: float | None) -> str:
    """:func:`number_phrase` as a sentence: ``A whole number, at least 18.``"""
    return sentence(number_phrase(integer, lo, hi))


def count_hint(lo: int | None, hi: int | None, *, optional: bool = False) -> str:
    """:func:`count_phrase` as a sentence: ``Choose at most 2 options.``, ``If you choose any,
    choose at least 1 option.``"""
    return sentence(count_phrase(lo, hi, optional=optional))


#: The hint of a date-time picked in local time, before the offset the page adds when it runs:
#: the whole hint reads ``In your time zone (UTC+01:00).`` (the offset and the full stop are the
#: run-time part, so the sentence ends once, after the offset).
LOCAL_TIME_PHRASE = "In your time zone"
