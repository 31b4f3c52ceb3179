# --- elicit-gen form runtime (standard library only) -------------------------------------------
# Validation of ElicitResult content against a normalised requestedSchema, shared by every
# generated Python form (qt, textual, cli). It is copied verbatim into each generated module so
# that generated code never imports elicit_gen, after the format checks (formats.py) and the
# wording of formats and problems (wording.py). Their public names are importable from here too
# (``formcore.FORMAT_CHECKS``, ``formcore.is_email``, ``formcore.FORMAT_HINTS``, ...).
from __future__ import annotations

import datetime as _dt
import math as _math
import re as _re
from collections.abc import Mapping as _Mapping
from collections.abc import Sequence as _Sequence

from .formats import _DATE_TIME_RE, _NAIVE_TIME_RE, _LazyPattern
from .formats import FORMAT_CHECKS as FORMAT_CHECKS
from .formats import is_date as is_date
from .formats import is_date_time as is_date_time
from .formats import is_duration as is_duration
from .formats import is_email as is_email
from .formats import is_hostname as is_hostname
from .formats import is_ipv4 as is_ipv4
from .formats import is_ipv6 as is_ipv6
from .formats import is_time as is_time
from .formats import is_uri as is_uri
from .formats import is_uuid as is_uuid
from .formats import utf16_length as utf16_length
from .i18n import _t
from .pattern import CompiledPattern, PatternError, compile_pattern
from .wording import FORMAT_HINTS as FORMAT_HINTS
from .wording import _length_problem, _needed
from .wording import format_problem as format_problem

TYPE_CHECKING = False
if TYPE_CHECKING:  # a lint imports this module; generated ones import it plainly
    from typing import Any as _Any

# --- end of runtime imports ---

# A surrogate code point is not Unicode text: it cannot be encoded as UTF-8, and a pair of them
# in a Python str is one character (one code point) for a JavaScript validator's minLength.
_SURROGATE_RE = _LazyPattern("[\ud800-\udfff]")


def local_offset_now() -> str:
    """The machine's current UTC offset as ``+hh:mm``."""
    now = _dt.datetime.now().astimezone()
    return now.isoformat(timespec="seconds")[-6:]


# A date and a time that may lack seconds or an offset; a space may separate
# the date and the time.
_LOOSE_DATE_TIME_RE = _LazyPattern(
    r"([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt ]([0-9]{2}:[0-9]{2})"
    r"(:[0-9]{2}(?:\.[0-9]+)?)?"
    r" ?([Zz]|[+-][0-9]{2}:[0-9]{2})?"
)


# A time that may lack seconds or an offset, a space before the offset.
_LOOSE_TIME_RE = _LazyPattern(
    r"([0-9]{2}:[0-9]{2})(:[0-9]{2}(?:\.[0-9]+)?)? ?([Zz]|[+-][0-9]{2}:[0-9]{2})?",
)


def complete_date_time(text: str) -> str:
    """RFC 3339 ``date-time`` from what a user types.

    Kept as is when already valid; otherwise a space may stand for ``T``,
    seconds default to ``:00`` and, when no offset is given, the local UTC
    offset in force at that date and time is appended. Unreadable text is
    returned unchanged (the format check then explains the expected form).
    """
    if is_date_time(text):
        return text
    m = _LOOSE_DATE_TIME_RE.fullmatch(text)
    if m is None:
        return text
    seconds = m[3] or ":00"
    if m[4] is not None:
        return f"{m[1]}T{m[2]}{seconds}{m[4].upper()}"
    local = f"{m[1]}T{m[2]}{seconds[:3]}"
    try:
        naive = _dt.datetime.strptime(local, "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return text
    offset = naive.astimezone().isoformat()[-6:]
    return f"{m[1]}T{m[2]}{seconds}{offset}"


def _utc_offset(offset: _dt.timedelta | None) -> str | None:
    """``+hh:mm`` for a UTC offset in whole minutes; None for none, or one with seconds (local
    mean time before the zones), which RFC 3339 cannot write."""
    if offset is None or offset.total_seconds() % 60:
        return None
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def local_time(text: object) -> str | None:
    """A time without a UTC offset (``09:00:00``, as pydantic writes a naive ``time`` default;
    ``09:00``) read as this computer's local time: with the offset in force today added
    (``09:00:00+01:00``); None for anything else (a time with an offset is no naive time).

    The time-format sibling of reading a naive date-time default as local time: a server's
    ``time`` default without an offset fails every validator's ``time`` (EG140), and this is
    the one reading of it that a form can show and send."""
    if not isinstance(text, str):
        return None
    m = _NAIVE_TIME_RE.fullmatch(text)
    if m is None:
        return None
    offset = _utc_offset(_dt.datetime.now().astimezone().utcoffset())
    if offset is None:
        return None
    full = f"{m[1]}{m[2] or ':00'}{offset}"
    return full if is_time(full) else None


def complete_time(text: str) -> str:
    """RFC 3339 ``full-time`` from what a user types: kept as is when already valid; otherwise
    seconds default to ``:00``, a typed ``z`` becomes ``Z`` and, when no offset is given, the
    local UTC offset in force today is appended. Unreadable text is returned unchanged (the
    format check then explains the expected form)."""
    if is_time(text):
        return text
    m = _LOOSE_TIME_RE.fullmatch(text)
    if m is None:
        return text
    if m[3] is None:
        return local_time(f"{m[1]}{m[2] or ''}") or text
    return f"{m[1]}{m[2] or ':00'}{m[3].upper()}"


def to_rfc3339(value: _dt.datetime) -> str:
    """An aware datetime as RFC 3339; a naive one gets the local offset."""
    if value.tzinfo is None:
        value = value.astimezone()
    return value.isoformat(timespec="seconds")


def _num(n: float) -> str:
    if isinstance(n, float) and n.is_integer() and abs(n) < 1e16:
        return str(int(n))
    return str(n)


def _double(n: float) -> float:
    """``n`` as the double a JavaScript validator (Ajv) reads it as: a huge int is infinite."""
    try:
        return float(n)
    except OverflowError:
        return _math.inf if n > 0 else -_math.inf


def _above(a: float, b: float) -> bool:
    """``a > b`` both exactly (as Python validators compare) and as doubles (as Ajv does):
    2**53 + 1 is not above 2**53 as doubles, so no server is sent it as such."""
    return a > b and _double(a) > _double(b)


def _pydantic_multiple(value: float, step: float) -> bool:
    """pydantic-core's ``multiple_of`` of a float (the Python SDK's check of a ``float`` field):
    ``value / step`` rounded half away from zero, times ``step``, within 1e-9 of ``value``, all
    in doubles. 100000000.07 is refused for 0.01 (1.49e-8 away), 123456789.17 is not."""
    quotient = _double(value) / _double(step)
    rounded = float(_math.trunc(quotient))
    if abs(quotient - rounded) >= 0.5:
        rounded += _math.copysign(1.0, quotient)
    return not abs(_double(value) - rounded * _double(step)) > 1e-9


def _multiple(value: float, step: float, binary: bool = False) -> bool | None:
    """Whether ``value`` is a multiple of ``step`` (> 0) for every validator: True when it is
    one, exactly as written in decimal (0.3 of 0.1) and as Ajv and jsonschema compute it in
    doubles (``value / step`` a whole number), and, for a ``number`` field (``binary``), as
    pydantic-core does (:func:`_pydantic_multiple`); False when it is no multiple; None when
    it is one in decimal but not in doubles (0.3 / 0.1 is 2.9999999999999996: Ajv and jsonschema
    refuse it, though pydantic takes it; 100000000.07 of 0.01: pydantic refuses it, though Ajv
    takes it). Ajv tests ``q === parseInt(q)``, which fails from 1e21 on (``parseInt("1e+21")``
    is 1)."""
    # only a multipleOf needs it; a lint never does
    from fractions import Fraction as _Fraction

    exact = _Fraction(repr(value) if isinstance(value, float) else value) / _Fraction(
        repr(step) if isinstance(step, float) else step
    )
    if exact.denominator != 1:
        return False
    quotient = _double(value) / _double(step)
    if not (abs(quotient) < 1e21 and quotient.is_integer()):
        return None
    # an integer field is an int to pydantic, whose check of an int is exact
    return True if not binary or _pydantic_multiple(value, step) else None


# Compiled patterns by their text (a form has few; a process running many forms keeps the last
# ones): a pattern the engine refuses is None, and no value matches it.
_PATTERNS: dict[str, CompiledPattern | None] = {}
_UNSEEN = object()


def matches_pattern(pattern: str, text: str) -> bool:
    """Whether ``text`` has the form ``pattern`` describes for every engine a server may check
    it with (runtime/pattern.py); False for a pattern the engine refuses."""
    # (read once: another thread's clear() may come between a store and a second read)
    compiled = _PATTERNS.get(pattern, _UNSEEN)
    if compiled is _UNSEEN:
        if len(_PATTERNS) >= 64:
            _PATTERNS.clear()
        try:
            compiled = compile_pattern(pattern)
        except PatternError:
            compiled = None
        _PATTERNS[pattern] = compiled
    return isinstance(compiled, CompiledPattern) and compiled.search(text)


def _utc_text(text: str) -> str | None:
    """A date-time with a numeric offset as the same instant in UTC written with ``Z``, its
    fraction kept; None for one in ``Z`` already, or out of years 1 to 9999 in UTC."""
    m = _DATE_TIME_RE.fullmatch(text)
    if m is None or m[8] is None:
        return None
    offset = _dt.timedelta(hours=int(m[9]), minutes=int(m[10]))
    zone = _dt.timezone(-offset if m[8] == "-" else offset)
    year, month, day, hour, minute, second = (int(m[i]) for i in range(1, 7))
    try:
        local = _dt.datetime(year, month, day, hour, minute, second, tzinfo=zone)
        moment = local.astimezone(_dt.timezone(_dt.timedelta(0)))
    except (OverflowError, ValueError):
        return None
    date = f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"
    clock = f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}"
    return f"{date}T{clock}{m[7] or ''}Z"


def fit_date_time(prop: _Mapping[str, _Any], value: str) -> str:
    """A date-time ``value`` a form made (with the local offset, or the one chosen) spelt as the
    field's pattern takes it: when the pattern refuses it but takes the same instant in UTC
    with ``Z`` (zod's ``z.iso.datetime()`` takes nothing else), that spelling; else
    ``value``."""
    pattern = prop.get("pattern")
    if prop.get("format") != "date-time" or not isinstance(pattern, str):
        return value
    if not is_date_time(value) or matches_pattern(pattern, value):
        return value
    utc = _utc_text(value)
    if utc is None or check_value(prop, utc) is not None:
        return value
    return utc


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _is_number(value: object) -> bool:
    """A JSON number: an int or a float, never a bool (which Python counts as an int)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def option_index(options: _Sequence[object], value: object) -> int | None:
    """Which of ``options`` (a select's values: strings, or numbers) ``value`` is, by JSON
    equality, or None: ``1.0`` is the option 1 (one JSON number, for Ajv, jsonschema and
    pydantic alike), ``-0.0`` the option 0; neither ``true`` nor ``"1"`` is option 1."""
    if isinstance(value, str):
        for index, option in enumerate(options):
            if isinstance(option, str) and option == value:
                return index
    elif _is_number(value):
        for index, option in enumerate(options):
            if _is_number(option) and option == value:
                return index
    return None


def option_values(prop: _Mapping[str, _Any]) -> list[_Any] | None:
    """The values a select field allows (strings, or numbers), or None when ``prop`` is not a
    select."""
    if "enum" in prop:
        return list(prop["enum"])
    if "oneOf" in prop:
        return [o["const"] for o in prop["oneOf"]]
    if "const" in prop and prop.get("type") == "string":
        return [prop["const"]]  # a text that must be one value: a choice of one
    items = prop.get("items")
    if isinstance(items, _Mapping):
        if "enum" in items:
            return list(items["enum"])
        if "anyOf" in items:
            return [o["const"] for o in items["anyOf"]]
    return None


def check_value(prop: _Mapping[str, _Any], value: object) -> str | None:
    """Why ``value`` does not satisfy the field schema ``prop``, or None when it does."""
    kind = prop.get("type")
    if value is None:
        return _t("Must have a value (null is not allowed).")
    if kind == "boolean":
        if not isinstance(value, bool):
            return _t("Must be true or false.")
        if "const" in prop and value is not prop["const"]:
            return _t("Must be {value}.", value="true" if prop["const"] else "false")
        return None
    if kind in ("number", "integer"):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return _t("Must be a number.")
        options = option_values(prop)
        if options is not None:  # a select of numbers: its options are valid numbers
            if option_index(options, value) is not None:
                return None
            return _t("Must be one of the listed options.")
        if isinstance(value, float) and not _math.isfinite(value):
            return _t("Must be a finite number.")
        if kind == "integer" and not isinstance(value, int):
            # 5.0 is a float: JSON Schema counts it as an integer, pydantic's strict int (and
            # its lax int from 2**63 on) refuses it; a form sends 5
            if value.is_integer():
                return _t(
                    "Must be a whole number, written without a decimal point or exponent.",
                )
            return _t("Must be a whole number.")
        if "minimum" in prop and value < prop["minimum"]:
            return _t("Must be at least {minimum}.", minimum=_num(prop["minimum"]))
        if "maximum" in prop and value > prop["maximum"]:
            return _t("Must be at most {maximum}.", maximum=_num(prop["maximum"]))
        low, high = prop.get("exclusiveMinimum"), prop.get("exclusiveMaximum")
        if low is not None and not _above(value, low):
            return _t("Must be more than {bound}.", bound=_num(low))
        if high is not None and not _above(high, value):
            return _t("Must be less than {bound}.", bound=_num(high))
        if "multipleOf" in prop:
            step = prop["multipleOf"]
            multiple = _multiple(value, step, binary=kind == "number")
            if multiple is False:
                return _t("Must be a multiple of {step}.", step=_num(step))
            if multiple is None:
                return _t(
                    "{value} is a multiple of {step}, but servers that compute in binary "
                    "floating point would refuse it: enter another multiple.",
                    value=_num(value),
                    step=_num(step),
                )
        if "const" in prop:
            const = prop["const"]
            if not (value == const and _double(value) == _double(const)):
                return _t("Must be {value}.", value=_num(const))
        return None
    if kind == "string":
        if not isinstance(value, str):
            return _t("Must be text.")
        options = option_values(prop)
        if options is not None:
            if option_index(options, value) is not None:
                return None
            return _t("Must be one of the listed options.")
        if _SURROGATE_RE.search(value):
            return _t("Must be valid Unicode text (it holds a surrogate code point).")
        problem = _length_problem(value, prop.get("minLength"), prop.get("maxLength"))
        if problem is not None:
            return problem
        fmt = prop.get("format")
        if fmt in FORMAT_CHECKS and not FORMAT_CHECKS[fmt](value):
            return format_problem(fmt, value)
        pattern = prop.get("pattern")
        if isinstance(pattern, str) and not matches_pattern(pattern, value):
            return _t("Does not have the form the server expects.")
        return None
    if kind == "array":
        options = option_values(prop) or []
        # the items are of the options' type: strings, or numbers
        of_type = _is_number if any(_is_number(o) for o in options) else _is_text
        if not isinstance(value, list) or not all(of_type(v) for v in value):
            return _t("Must be a list of choices.")
        if any(option_index(options, v) is None for v in value):
            return _t("Must only contain the listed options.")
        if prop.get("uniqueItems") is True and len(set(value)) != len(value):
            return _t("Must not choose an option more than once.")
        count = len(value)
        lo, hi = prop.get("minItems"), prop.get("maxItems")
        if (lo is not None and count < lo) or (hi is not None and count > hi):
            shown = _t("{count} chosen", count=count) if count else _t("None chosen")
            return _needed(shown, count, lo, hi)
        return None
    return None


def validate_content(
    schema: _Mapping[str, _Any],
    content: _Mapping[str, object],
) -> dict[str, str]:
    """Field name -> error message for every field of ``content`` that fails ``schema``."""
    errors: dict[str, str] = {}
    properties: _Mapping[str, _Any] = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in content:
            errors[name] = _t("This field is required.")
    closed = schema.get("additionalProperties") is False
    for name, value in content.items():
        prop = properties.get(name)
        if prop is None:
            if closed:
                errors[name] = _t("Is not a field of this form, which allows no other.")
            continue
        problem = check_value(prop, value)
        if problem is not None:
            errors[name] = problem
    return errors


_DECIMAL_RE = _LazyPattern(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]{1,9}))?")


def _exact_integer(text: str) -> int | None:
    """The integer a decimal literal (``12345678901234567890.0``, ``1.5e3``) denotes exactly, or
    None when it denotes no whole number of at most 4000 digits (or is no such literal).
    """
    m = _DECIMAL_RE.fullmatch(text)
    if m is None or not (m[2] or m[3]):
        return None
    fraction = m[3] or ""
    digits = (m[2] + fraction).lstrip("0")
    if not digits:
        return 0
    significant = digits.rstrip("0")
    exponent = int(m[4] or 0) - len(fraction) + len(digits) - len(significant)
    if exponent < 0 or len(significant) + exponent > 4000:
        return None
    value = int(significant + "0" * exponent)
    return -value if m[1] == "-" else value


def parse_number(text: str, integer: bool) -> int | float:
    """Reads a number the user typed; raises ValueError with a message for the user. A whole
    number is read exactly (``9007199254740993.0`` stays 9007199254740993, not the nearest
    double), as JSON Schema compares it with the bounds."""
    cleaned = text.strip().replace("_", "")
    if integer:
        try:
            return int(cleaned)
        except ValueError:
            if _DECIMAL_RE.fullmatch(cleaned) is not None:
                exact = _exact_integer(cleaned)
                if exact is None:
                    raise ValueError(_t("Must be a whole number.")) from None
                return exact
            try:  # digits of other scripts, which float() reads too
                as_float = float(cleaned)
            except ValueError:
                raise ValueError(_t("Must be a whole number.")) from None
            if _math.isfinite(as_float) and as_float.is_integer():
                return int(as_float)
            raise ValueError(_t("Must be a whole number.")) from None
    try:
        if _re.fullmatch(r"[+-]?[0-9]+", cleaned):
            return int(cleaned)
        number = float(cleaned)
    except ValueError:
        raise ValueError(_t("Must be a number.")) from None
    if not _math.isfinite(number):
        raise ValueError(_t("Must be a finite number."))
    return number
