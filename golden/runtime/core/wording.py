#: What a value of each string format looks like, as a hint phrase (lower case, no full stop):
#: translate it where it is shown (``_t(FORMAT_HINTS[fmt])``).
FORMAT_HINTS: dict[str, str] = {
    "email": _N("an email address, such as name@example.com"),
    "uri": _N("an absolute URI, such as https://example.com/page"),
    "date": _N("a date as YYYY-MM-DD, such as 2025-06-18"),
    "date-time": _N(
        "a date and time with a UTC offset, such as 2025-06-18T14:30:00+02:00",
    ),
    "time": _N("a time with a UTC offset, such as 14:30:00+02:00 or 12:30:00Z"),
    "uuid": _N("a UUID, such as 123e4567-e89b-12d3-a456-426614174000"),
    "ipv4": _N("an IPv4 address, such as 192.0.2.1"),
    "ipv6": _N("an IPv6 address, such as 2001:db8::1"),
    "hostname": _N("a host name, such as mail.example.com"),
    "duration": _N(
        "an ISO 8601 duration, such as PT1H30M (1 hour 30 minutes) or P3D (3 days)",
    ),
}


# --- what is wrong with an answer ---
# An error says what is wrong with the answer given, not again what the hint next to the field
# already says the field takes ("3 to 40 characters" / "Has 45 characters, but at most 40 are
# allowed."; "Choose at most 2 options." / "3 chosen, but at most 2 are allowed."; "A date as
# YYYY-MM-DD" / "There is no 30 February 2026."). The HTML page's script words them alike.


def _needed(shown: str, n: int, lo: int | None, hi: int | None) -> str:
    """What is wrong with a length or count ``n`` (``shown`` says it: "Has 45 characters",
    "3 chosen") and the bound it breaks: ``..., but at least 3 are needed.``, ``..., but at most
    1 is allowed.``, ``..., but exactly 4 are needed.``"""
    if lo is not None and lo == hi:
        return _tn(
            "{shown}, but exactly {n} is needed.",
            "{shown}, but exactly {n} are needed.",
            lo,
            shown=shown,
        )
    if lo is not None and n < lo:
        return _tn(
            "{shown}, but at least {n} is needed.",
            "{shown}, but at least {n} are needed.",
            lo,
            shown=shown,
        )
    assert hi is not None
    return _tn(
        "{shown}, but at most {n} is allowed.",
        "{shown}, but at most {n} are allowed.",
        hi,
        shown=shown,
    )


_MONTHS = (
    _N("January"),
    _N("February"),
    _N("March"),
    _N("April"),
    _N("May"),
    _N("June"),
    _N("July"),
    _N("August"),
    _N("September"),
    _N("October"),
    _N("November"),
    _N("December"),
)


def _date_problem(year: str, month: str, day: str) -> str | None:
    """Why a date of the right form (four, two and two digits) is no day of the calendar
    (``There is no 30 February 2026.``), or None when it is one."""
    if not 1 <= int(month) <= 12:
        return _t("There is no month {month}.", month=int(month))
    if int(year) == 0:
        return _t("There is no year 0000.")
    if not _valid_date(int(year), int(month), int(day)):
        return _t(
            "There is no {day} {month_name} {year}.",
            day=int(day),
            month_name=_t(_MONTHS[int(month) - 1]),
            year=int(year),
        )
    return None


_XN_PROBLEM = _N(
    "{label} is an internationalised (xn--) name, which this form cannot check.",
)
_HYPHENS_PROBLEM = _N(
    "{label} has hyphens in third and fourth place, which only internationalised names may have.",
)
_IPV4_PROBLEM = _N(
    "{host} ends in a number, so it must be an IPv4 address such as 192.0.2.1, and it is not one.",
)


def _email_problem(text: str) -> str:
    """Why ``text`` is no email address every validator accepts (is_email refused it)."""
    reason, part = _email_refusal(text) or ("form", text)
    if reason == "punycode":
        return _t(_XN_PROBLEM, label=part)
    if reason == "hyphens":
        return _t(_HYPHENS_PROBLEM, label=part)
    if reason == "local":
        return _t(
            "Before the @, only letters, digits and . _ ' + - are accepted, and the last "
            "character cannot be ' or a dot."
        )
    if reason == "tld":
        return _t(
            "{domain} does not end in a top-level domain such as .com or .org.",
            domain=part,
        )
    if reason == "special-use":
        return _t(
            "{domain} is a special-use name that cannot receive email.",
            domain=part,
        )
    if reason == "length":
        return _t(
            "Has {length} characters, but an email address has at most 254.",
            length=part,
        )
    return _t("Not an email address.")


def _uri_problem(text: str) -> str:
    """Why ``text`` is no absolute URI every validator accepts (is_uri refused it)."""
    reason, part = _uri_refusal(text) or ("form", text)
    if reason == "ip-future":
        return _t(
            "{host} is no IP address: only an IPv6 address can stand in brackets.",
            host=part,
        )
    if reason == "port":
        return _t(
            "There is no port {port}: a port is a number from 0 to 65535.",
            port=part,
        )
    if reason == "host-needed":
        return _t("A user name or a port needs a host name to go with it.")
    if reason == "no-host":
        return _t(
            "After {scheme}: must come // and a host name, as in {scheme}://example.com/.",
            scheme=part,
        )
    if reason == "file-authority":
        return _t("A file URI cannot have a user name or a port.")
    if reason == "host-percent":
        return _t(
            "{host}: a host name cannot contain a percent-escape such as %41.",
            host=part,
        )
    if reason == "punycode":
        return _t(_XN_PROBLEM, label=part)
    if reason == "ipv4":
        return _t(_IPV4_PROBLEM, host=part)
    return _t("Not an absolute URI.")


def _date_problem_text(text: str) -> str:
    m = _DATE_RE.fullmatch(text)
    if m is None:
        return _t("Not in the form YYYY-MM-DD.")
    return _date_problem(m[1], m[2], m[3]) or _t("Not a date.")


def _clock_problem(hour: str, minute: str, second: str) -> str | None:
    """Why a time of day of the right form does not exist (``There is no time 24:00:00.``,
    a leap second), or None."""
    if int(hour) > 23 or int(minute) > 59 or int(second) > 60:
        time = f"{hour}:{minute}:{second}"
        return _t("There is no time {time}.", time=time)
    if int(second) == 60:
        return _t("Second 60 (a leap second) is not accepted.")
    return None


def _offset_problem(sign: str | None, hours: str, minutes: str) -> str | None:
    if sign is not None and (int(hours) > 23 or int(minutes) > 59):
        offset = f"{sign}{hours}:{minutes}"
        return _t("There is no UTC offset {offset}.", offset=offset)
    return None


def _date_time_problem(text: str) -> str:
    m = _DATE_TIME_RE.fullmatch(text)
    if m is None:
        if _LOWER_DATE_TIME_RE.fullmatch(text) is not None:
            fixed = text[:10] + "T" + text[11:-1] + text[-1].upper()
            return _t(
                "Write {fixed}: some servers refuse t, z or a space there.",
                fixed=fixed,
            )
        return _t("Not in the form YYYY-MM-DDThh:mm:ss+hh:mm.")
    return (
        _date_problem(m[1], m[2], m[3])
        or _clock_problem(m[4], m[5], m[6])
        or _offset_problem(m[8], m[9], m[10])
        or _t("Not a date and time.")
    )


def _time_problem(text: str) -> str:
    reason = _time_refusal(text)
    m = _TIME_RE.fullmatch(text)
    naive = _NAIVE_TIME_RE.fullmatch(text)
    if reason == "offset" and naive is not None:
        time = f"{naive[1]}{naive[2] or ':00'}"
        return _t(
            "Add the UTC offset of its time zone, as in {time}+01:00, or {time}Z for UTC.",
            time=time,
        )
    if m is None:
        return _t("Not in the form hh:mm:ss+hh:mm.")
    problem = _clock_problem(m[1], m[2], m[3]) or _offset_problem(m[5], m[6], m[7])
    return problem or _t("Not a time.")


def _uuid_problem(text: str) -> str:
    if _LOOSE_UUID_RE.fullmatch(text) is not None:
        return _t(
            "Write the UUID as 36 characters, 32 hexadecimal digits with hyphens in groups of "
            "8-4-4-4-12, without braces or urn:uuid:."
        )
    return _t("Not a UUID: 32 hexadecimal digits (0-9, a-f) in groups of 8-4-4-4-12.")


def _ipv4_problem(text: str) -> str:
    reason = _ipv4_refusal(text)
    if reason == "zero":
        return _t(
            "A number of an IPv4 address cannot start with 0: some servers read it as octal.",
        )
    if reason == "range":
        return _t("Each number of an IPv4 address is from 0 to 255.")
    return _t("Not an IPv4 address: four numbers from 0 to 255, separated by dots.")


def _ipv6_problem(text: str) -> str:
    reason = _ipv6_refusal(text)
    if reason == "zone":
        return _t("An IPv6 address here cannot have a zone (the part from %).")
    if reason == "ipv4-tail":
        return _t(
            "An IPv4 address at the end of an IPv6 address is accepted only after :: or "
            "::ffff:, as in ::ffff:192.0.2.1."
        )
    return _t("Not an IPv6 address.")


def _hostname_problem(text: str) -> str:
    if len(text.rstrip(".")) > 253 and _HOSTNAME_RE.fullmatch(text) is not None:
        return _t(
            "Has {length} characters, but a host name has at most 253.",
            length=len(text),
        )
    return _t(
        "Not a host name: labels of 1 to 63 letters, digits or inner hyphens, joined by dots.",
    )


def _duration_problem(text: str) -> str:
    if _duration_refusal(text) == "long":
        return _t("This duration is too long for servers to read.")
    return _t(
        "Not an ISO 8601 duration: P, then whole numbers of Y (years), M (months), D (days), "
        "then T and H (hours), M (minutes), S (seconds); or P and W (weeks) alone."
    )


#: Why a value is no value of each format, when FORMAT_CHECKS refused it.
_FORMAT_PROBLEMS = {
    "email": _email_problem,
    "uri": _uri_problem,
    "date": _date_problem_text,
    "date-time": _date_time_problem,
    "time": _time_problem,
    "uuid": _uuid_problem,
    "ipv4": _ipv4_problem,
    "ipv6": _ipv6_problem,
    "hostname": _hostname_problem,
    "duration": _duration_problem,
}


def format_problem(fmt: str, text: str) -> str:
    """Why ``text`` is no value of the string format ``fmt`` (which refused it): the form an
    answer must have, or the day, time or offset that does not exist."""
    return _FORMAT_PROBLEMS[fmt](text)


def _length_problem(text: str, lo: int | None, hi: int | None) -> str | None:
    """What is wrong with the length of ``text`` for ``minLength`` ``lo`` and ``maxLength``
    ``hi``, or None. JSON Schema, Ajv and pydantic count code points; zod 3 counts UTF-16 units
    (as many or more), so a text must fit ``hi`` in both."""
    length = len(text)
    if (lo is not None and length < lo) or (hi is not None and length > hi):
        if not length:
            return _needed(_t("Is empty"), length, lo, hi)
        shown = _tn("Has {n} character", "Has {n} characters", length)
        return _needed(shown, length, lo, hi)
    if hi is not None and 2 * length > hi and (units := utf16_length(text)) > hi:
        shown = _tn("Has {n} character", "Has {n} characters", length)
        return _tn(
            "{shown}, but some servers count emoji and other rare characters twice: {units} "
            "by their count, and at most {n} is allowed.",
            "{shown}, but some servers count emoji and other rare characters twice: {units} "
            "by their count, and at most {n} are allowed.",
            hi,
            shown=shown,
            units=units,
        )
    return None
