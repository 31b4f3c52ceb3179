"""The range a number field's spinner steps within (html's min and max, Qt's spin box): its
inclusive bounds, or for an integer field the whole numbers just inside exclusive bounds. The
spinner only steers: every form validates against the schema's own bounds (formcore)."""

from __future__ import annotations

import math

from ...compiler.ir import NumberField


def lowest(field: NumberField) -> int | float | None:
    """The spinner's least value: ``minimum``, or for an integer field the whole number just
    above ``exclusiveMinimum`` when that is higher (a number field's open bound has no least
    value: ``minimum`` alone steers it)."""
    lo, above = field.minimum, field.exclusive_minimum
    if not field.integer or above is None or not math.isfinite(above):
        return lo
    first = math.floor(above) + 1
    return first if lo is None or first > lo else lo


def highest(field: NumberField) -> int | float | None:
    """The spinner's greatest value (see :func:`lowest`)."""
    hi, below = field.maximum, field.exclusive_maximum
    if not field.integer or below is None or not math.isfinite(below):
        return hi
    last = math.ceil(below) - 1
    return last if hi is None or last < hi else hi
