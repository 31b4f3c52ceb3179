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
