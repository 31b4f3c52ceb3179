"""The validation runtime shared by the Python forms (elicit_gen/runtime/core/formcore.py), checked
against the reference implementations jsonschema uses for formats (rfc3987, rfc3339-validator)."""

from __future__ import annotations

import re
from datetime import timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elicit_gen.runtime.core import formats, formcore, wording

uri_alphabet = st.sampled_from([*"ab:/?#[]@!$&'()*+,;=%-._~019AFv", " ", "é", "\n"])


OFFSETS = st.one_of(
    st.integers(-1439, 1439).map(lambda minutes: timezone(timedelta(minutes=minutes))),
    st.integers(-86399, 86399).map(lambda seconds: timezone(timedelta(seconds=seconds))),
)


@settings(max_examples=3000, deadline=None)
@given(
    st.one_of(
        st.text(uri_alphabet, max_size=25),
        st.builds(
            lambda a, b: f"{a}://{b}",
            st.sampled_from(["http", "x", "a+b"]),
            st.text(uri_alphabet, max_size=20),
        ),
    )
)
def test_uri_agrees_with_rfc3987(text: str) -> None:
    """Every URI formcore accepts is one by RFC 3986; what it refuses beyond the RFC it refuses
    for a reason a WHATWG URL parser (pydantic's) has, not for the RFC's grammar."""
    rfc3987 = pytest.importorskip("rfc3987")
    try:
        rfc3987.parse(text, rule="URI")
        expected = True
    except ValueError:
        expected = False
    if text.endswith("\n"):
        expected = False  # documented difference: rfc3987's `$` also matches before a final newline
    if re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:(?:[?#]|$)", text):
        expected = False  # an empty hier-part ("x:", "x:?q"): Ajv (ajv-formats) refuses it
    refusal = formats._uri_refusal(text)
    assert (refusal is None or refusal[0] != "form") is expected, (text, refusal)
    if formcore.is_uri(text):
        assert expected, text


@settings(max_examples=3000, deadline=None)
@given(
    st.one_of(
        # Offsets as isoformat writes them: whole minutes, and the odd seconds of local mean
        # times (+00:17:30), which RFC 3339 has no room for. (Fixed offsets, not
        # st.timezones(): the strings are the same, five times faster to draw.)
        st.datetimes(timezones=OFFSETS).map(lambda d: d.isoformat()),
        st.text(st.sampled_from(list("0123456789-:T+Zz. tx")), max_size=30),
        st.builds(
            lambda d, t, o: f"{d}T{t}{o}",
            st.dates().map(str),
            st.sampled_from(
                ["00:00:00", "23:59:60", "24:00:00", "12:60:00", "1:2:3", "12:30:00.5"]
            ),
            st.sampled_from(["Z", "z", "+00:00", "-23:59", "+24:00", "", "+0100"]),
        ),
    )
)
def test_date_time_agrees_with_rfc3339_validator(text: str) -> None:
    """Documented differences: the RFC allows lower-case "t" and "z" (section 5.6; jsonschema
    upper-cases before it asks rfc3339-validator), which zod 3's ``.datetime()`` refuses, so the
    forms do too; and rfc3339-validator's `$` also matches before a final newline. A leap second
    (:60) is refused, as rfc3339-validator refuses it."""
    validator = pytest.importorskip("rfc3339_validator")
    expected = bool(validator.validate_rfc3339(text)) and not text.endswith("\n")
    expected = expected and "t" not in text and "z" not in text
    assert formcore.is_date_time(text) is expected, text


@pytest.mark.parametrize(
    ("check", "text", "ok"),
    [
        (formcore.is_email, "ada@example.com", True),
        (formcore.is_email, "ada@example.com\n", False),
        (formcore.is_email, "ada.example.com", False),
        (formcore.is_email, "a.b+c@mail.example.org", True),
        (formcore.is_email, "ada@localhost", False),  # WHATWG allows it, Ajv does not
        (formcore.is_email, "a..b@example.com", False),  # jsonschema allows these three,
        (formcore.is_email, ".a@x.org", False),  # Ajv (the TypeScript SDK) refuses them
        (formcore.is_email, "a.@x.org", False),
        (formcore.is_email, "a@" + "b" * 64 + ".org", False),  # a DNS label has 63 octets
        (formcore.is_date, "0000-01-01", False),  # RFC 3339 and Ajv accept it, jsonschema not
        (formcore.is_date_time, "0000-01-01T00:00:00Z", False),
        (formcore.is_date_time, "2024-01-01T00:00:60Z", False),  # no second 60, ever:
        (formcore.is_date_time, "2016-12-31T23:59:60Z", False),  # jsonschema refuses leap seconds
        (formcore.is_date_time, "2016-12-31T23:59:59.999Z", True),
        (formcore.is_date, "2024-02-29", True),
        (formcore.is_date, "2023-02-29", False),
        (formcore.is_date, "2024-02-29\n", False),
        (formcore.is_date_time, "2024-02-29T10:00:00", False),  # no offset
        (formcore.is_date_time, "2024-02-29T10:00:00+01:00\n", False),
        (formcore.is_uri, "https://example.com/a b", False),
        (formcore.is_uri, "relative/path", False),
        (formcore.is_uri, "x:", False),  # RFC 3986 allows an empty path; Ajv does not
        (formcore.is_uri, "x:?q", False),
        (formcore.is_uri, "x:/", True),
        # pydantic's EmailStr (email-validator) and URL types refuse these; Ajv and jsonschema
        # accept them (issue 25)
        (formcore.is_email, "ada@printer.local", False),  # special-use names
        (formcore.is_email, "ada@foo.test", False),
        (formcore.is_email, "ada@mail.Example.LOCALHOST", False),
        (formcore.is_email, "ada@test.com", True),
        (formcore.is_email, "ada@1.2.3.4", False),  # a top-level domain ends in a letter
        (formcore.is_email, "ada@x.1a", False),  # zod: a top-level domain is letters
        (formcore.is_email, "ada@x.io", True),
        (formcore.is_email, "a!b@x.org", False),  # zod: only . _ ' + - besides letters, digits
        (formcore.is_email, "o'brien@x.org", True),
        (formcore.is_email, "ob'@x.org", False),
        (formcore.is_email, "ada@ab--cd.com", False),  # reserved for xn-- names
        (formcore.is_email, "a" * 65 + "@x.org", True),  # 64 only in email-validator strict mode
        (formcore.is_email, "a" * 248 + "@x.org", True),  # 254 characters
        (formcore.is_email, "a" * 249 + "@x.org", False),
        (formcore.is_uri, "https://example.com:65535/", True),
        (formcore.is_uri, "https://example.com:65536/", False),
        (formcore.is_uri, "https://example.com:00080/", True),
        (formcore.is_uri, "http://", False),  # an empty host
        (formcore.is_uri, "http://u@:80/", False),
        (formcore.is_uri, "x://", True),  # a non-special scheme may have an empty host
        (formcore.is_uri, "http:example.com/p", True),  # http://example.com/p to WHATWG
        (formcore.is_uri, "https://256.1.1.1/", False),
        (formcore.is_uri, "https://1.2.3/", True),  # 1.2.0.3 to WHATWG
        (formcore.is_uri, "https://example.123/", False),  # ends in a number: no IPv4 address
        (formcore.is_uri, "x://256.1.1.1/", True),  # an opaque host
        (formcore.is_uri, "http://[v1.x]/", False),  # WHATWG takes only IPv6 in brackets
        (formcore.is_uri, "file://h:80/p", False),
        (formcore.is_uri, "file:///p", True),
    ],
)
def test_format_checks(check, text: str, ok: bool) -> None:  # type: ignore[no-untyped-def]
    assert check(text) is ok


SCHEMA = {
    "type": "object",
    "properties": {
        "s": {"type": "string", "minLength": 2, "maxLength": 3},
        "i": {"type": "integer", "minimum": 1, "maximum": 5},
        "n": {"type": "number", "maximum": 1.5},
        "b": {"type": "boolean"},
        "e": {"type": "string", "enum": ["a", "b"]},
        "o": {"type": "string", "oneOf": [{"const": "x", "title": "X"}]},
        "m": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "maxItems": 1},
        "t": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}, "minItems": 1},
        "x": {
            "type": "array",
            "items": {"enum": ["a", "b", "c"]},
            "minItems": 2,
            "maxItems": 2,
        },
        "w": {"type": "string", "minLength": 1, "maxLength": 1},
    },
    "required": ["s"],
}


@pytest.mark.parametrize(
    ("content", "errors"),
    [
        ({"s": "ab"}, {}),
        ({}, {"s": "This field is required."}),
        ({"s": "é😀"}, {}),  # lengths count code points (2), and UTF-16 units (zod 3) for a max
        (
            {"s": "😀😀"},
            {
                "s": "Has 2 characters, but some servers count emoji and other rare characters "
                "twice: 4 by their count, and at most 3 are allowed."
            },
        ),
        ({"s": "a"}, {"s": "Has 1 character, but at least 2 are needed."}),
        ({"s": ""}, {"s": "Is empty, but at least 2 are needed."}),
        ({"s": "abcd"}, {"s": "Has 4 characters, but at most 3 are allowed."}),
        # a surrogate pair as two code points: 2 for Python, 1 character for Ajv's minLength
        (
            {"s": "\ud83d\ude00"},
            {"s": "Must be valid Unicode text (it holds a surrogate code point)."},
        ),
        ({"s": "a\udcff"}, {"s": "Must be valid Unicode text (it holds a surrogate code point)."}),
        # JSON Schema counts 3.0 an integer, pydantic's strict int does not: a form sends 3
        (
            {"s": "ab", "i": 3.0},
            {"i": "Must be a whole number, written without a decimal point or exponent."},
        ),
        ({"s": "ab", "i": True}, {"i": "Must be a number."}),
        ({"s": "ab", "i": 2.5}, {"i": "Must be a whole number."}),
        ({"s": "ab", "i": 9}, {"i": "Must be at most 5."}),
        ({"s": "ab", "n": 2}, {"n": "Must be at most 1.5."}),
        ({"s": "ab", "b": "yes"}, {"b": "Must be true or false."}),
        ({"s": "ab", "e": "c"}, {"e": "Must be one of the listed options."}),
        ({"s": "ab", "o": "x"}, {}),
        ({"s": "ab", "m": ["a", "b"]}, {"m": "2 chosen, but at most 1 is allowed."}),
        ({"s": "ab", "t": []}, {"t": "None chosen, but at least 1 is needed."}),
        ({"s": "ab", "x": ["a"]}, {"x": "1 chosen, but exactly 2 are needed."}),
        ({"s": "ab", "x": ["a", "b", "c"]}, {"x": "3 chosen, but exactly 2 are needed."}),
        ({"s": "abc", "w": "abcd"}, {"w": "Has 4 characters, but exactly 1 is needed."}),
        ({"s": None}, {"s": "Must have a value (null is not allowed)."}),
    ],
)
def test_validate_content(content: dict[str, object], errors: dict[str, str]) -> None:
    assert formcore.validate_content(SCHEMA, content) == errors


@pytest.mark.parametrize(
    ("text", "integer", "value"),
    [
        ("42", True, 42),
        (" -7 ", True, -7),
        ("3.0", True, 3),
        ("9007199254740993", True, 9007199254740993),
        ("9007199254740993.0", True, 9007199254740993),  # exactly, not the nearest double
        ("12345678901234567890.000", True, 12345678901234567890),
        ("-1.2345678901234567891e19", True, -12345678901234567891),
        ("1e300", True, 10**300),
        ("2.50e1", True, 25),
        ("-0.0", True, 0),
        ("1_000.0", True, 1000),
        ("\u0663.\u0660", True, 3),  # Arabic-Indic digits, as int() and float() read them
        ("2.5", False, 2.5),
        ("10", False, 10),
        ("1e3", False, 1000.0),
    ],
)
def test_parse_number(text: str, integer: bool, value: float) -> None:
    parsed = formcore.parse_number(text, integer)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize(
    ("text", "integer"),
    [
        ("2.5", True),
        ("abc", False),
        ("inf", False),
        ("nan", False),
        ("", True),
        ("9007199254740993.5", True),
        ("1e-999999999", True),
        ("1e999999999", True),  # refused at once, never built
        (".", True),
        ("e5", True),
    ],
)
def test_parse_number_refuses(text: str, integer: bool) -> None:
    with pytest.raises(ValueError):
        formcore.parse_number(text, integer)


@pytest.mark.parametrize(
    ("fmt", "text", "problem"),
    [
        # The right form, no such day: say so, not "must be a date as YYYY-MM-DD".
        ("date", "2026-02-30", "There is no 30 February 2026."),
        ("date", "2023-02-29", "There is no 29 February 2023."),
        ("date", "2026-04-31", "There is no 31 April 2026."),
        ("date", "2026-01-00", "There is no 0 January 2026."),
        ("date", "2026-13-01", "There is no month 13."),
        ("date", "2026-00-10", "There is no month 0."),
        ("date", "0000-01-01", "There is no year 0000."),
        ("date", "2026-2-3", "Not in the form YYYY-MM-DD."),
        ("date", "30/02/2026", "Not in the form YYYY-MM-DD."),
        ("date-time", "2026-02-30T09:30:00Z", "There is no 30 February 2026."),
        ("date-time", "2026-03-01T24:00:00Z", "There is no time 24:00:00."),
        ("date-time", "2026-03-01T09:60:00+01:00", "There is no time 09:60:00."),
        ("date-time", "2026-03-01T09:30:61Z", "There is no time 09:30:61."),
        ("date-time", "2026-12-31T23:59:60Z", "Second 60 (a leap second) is not accepted."),
        ("date-time", "2026-03-01T09:30:00+24:00", "There is no UTC offset +24:00."),
        ("date-time", "2026-03-01T09:30:00-05:60", "There is no UTC offset -05:60."),
        ("date-time", "2026-03-01T09:30:00", "Not in the form YYYY-MM-DDThh:mm:ss+hh:mm."),
        ("date-time", "2026-03-01 09:30", "Not in the form YYYY-MM-DDThh:mm:ss+hh:mm."),
        ("email", "ada(at)example.com", "Not an email address."),
        ("uri", "example.com", "Not an absolute URI."),
    ],
)
def test_format_problem_says_what_is_wrong(fmt: str, text: str, problem: str) -> None:
    assert not formcore.FORMAT_CHECKS[fmt](text)
    assert formcore.check_value({"type": "string", "format": fmt}, text) == problem


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("0123456789-:T+Z")), max_size=26))
def test_every_refused_date_or_date_time_gets_a_reason(text: str) -> None:
    for fmt in ("date", "date-time"):
        problem = formcore.check_value({"type": "string", "format": fmt}, text)
        assert (problem is None) == formcore.FORMAT_CHECKS[fmt](text)
        assert problem not in ("Not a date.", "Not a date and time.")  # the fallbacks


@pytest.mark.parametrize(
    ("lo", "hi", "n", "needed"),
    [
        (2, None, 1, "X, but at least 2 are needed."),
        (1, None, 0, "X, but at least 1 is needed."),
        (None, 1, 2, "X, but at most 1 is allowed."),
        (None, 3, 4, "X, but at most 3 are allowed."),
        (3, 3, 4, "X, but exactly 3 are needed."),
        (3, 3, 2, "X, but exactly 3 are needed."),
    ],
)
def test_needed(lo: int | None, hi: int | None, n: int, needed: str) -> None:
    assert wording._needed("X", n, lo, hi) == needed
