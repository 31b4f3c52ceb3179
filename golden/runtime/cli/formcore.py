# A surrogate code point is not Unicode text: it cannot be encoded as UTF-8, and a pair of them
# in a Python str is one character (one code point) for a JavaScript validator's minLength.
_SURROGATE_RE = _re.compile("[\ud800-\udfff]")

# --- format checks ---
# (copied verbatim into the pydantic models too: elicit_gen/targets/pydantic.py)
# Formats accept only what every mainstream validator of the answer accepts: the intersection of
# Ajv + ajv-formats (the MCP TypeScript SDK's check), jsonschema's format checker, pydantic (the
# Python SDK's and FastMCP's check: EmailStr runs email-validator, AnyUrl / HttpUrl / FileUrl /
# WebsocketUrl run pydantic-core's WHATWG URL parser) and the RFCs.
# A TypeScript server parses the answer again with its zod schema, which checks more than the
# schema it sent says (zod 3's z.string().email(), .uuid(), .ip(), .datetime(); zod 4's z.email(),
# z.url(), z.ipv6()): those checks are in the intersection too.
# An email is what the WHATWG HTML grammar (browsers, type=email), ajv-formats and zod accept: a
# dot-atom local part (no leading, trailing or doubled dot) of letters, digits and . _ ' + -
# only, and a domain of at least two labels.
_EMAIL_RE = _re.compile(
    r"^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$"
)
# zod's local part: no ! # $ % & * / = ? ^ ` { | } ~, and no ' last
_ZOD_LOCAL_RE = _re.compile(r"[a-zA-Z0-9_'+.-]*[a-zA-Z0-9_+-]")
# email-validator (behind pydantic's EmailStr) refuses these names and every name under them:
# special-use or reserved, no address there can receive email (RFC 6761, 6762, 7686).
_SPECIAL_USE_DOMAINS = ("arpa", "invalid", "local", "localhost", "onion", "test")
_EMAIL_MAX_LENGTH = 254  # RFC 5321 with errata, as email-validator counts
# RFC 3986 "URI": scheme ":" hier-part [ "?" query ] [ "#" fragment ] (the HTML form's check too),
# without an empty hier-part (``x:``, ``x:?q``): ajv-formats refuses it. Groups: 1 the scheme,
# 2 the userinfo and its "@", 3 the host (None without an authority), 4 the port's digits.
_PCT = "%[0-9A-Fa-f]{2}"
_UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;="
_PCHAR = f"(?:[{_UNRESERVED_SUB}:@]|{_PCT})"
_URI_RE = _re.compile(
    "([A-Za-z][A-Za-z0-9+.\\-]*):"
    f"(?://((?:[{_UNRESERVED_SUB}:]|{_PCT})*@)?(\\[[^\\]]*\\]|(?:[{_UNRESERVED_SUB}]|{_PCT})*)"
    f"(?::([0-9]*))?(?:/{_PCHAR}*)*"
    f"|/(?:{_PCHAR}+(?:/{_PCHAR}*)*)?"
    f"|{_PCHAR}+(?:/{_PCHAR}*)*)"
    f"(?:\\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
)
# The schemes a WHATWG URL parser (pydantic-core's) treats as special: their host is a domain
# name or an IP address, and it is required (except for file).
_SPECIAL_SCHEMES = ("http", "https", "ws", "wss", "ftp", "file")
_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_IPV4_RE = _re.compile(f"(?:{_OCTET}\\.){{3}}{_OCTET}")
_IPVFUTURE_RE = _re.compile(r"v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")
_HEX4_RE = _re.compile(r"[0-9A-Fa-f]{1,4}")
_DATE_RE = _re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")
# T and Z in upper case: zod 3's .datetime() refuses t and z, which the others accept.
_DATE_TIME_RE = _re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?"
    r"(?:Z|([+-])([0-9]{2}):([0-9]{2}))$"
)
# A date-time as it is often written: t, z or a space where RFC 3339 has T and Z (groups as in
# _DATE_TIME_RE, the offset's sign in 8 or a z in 11). Only to say what is wrong with it.
_LOWER_DATE_TIME_RE = _re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?"
    r"(?:([+-])([0-9]{2}):([0-9]{2})|([Zz]))$"
)
# RFC 3339 full-time (ajv-formats' and jsonschema's "time": the offset is required; pydantic
# has no leap second and no offset of 24 hours). Groups: 1 hour, 2 minute, 3 second,
# 4 fraction, 5 the offset's sign, 6 and 7 its hours and minutes.
_TIME_RE = _re.compile(
    r"([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))",
)
# A time without its offset (or its seconds): pydantic's naive ``time`` default, or what a user
# types. Groups: 1 hh:mm, 2 :ss and its fraction.
_NAIVE_TIME_RE = _re.compile(r"([0-9]{2}:[0-9]{2})(:[0-9]{2}(?:\.[0-9]+)?)?")
_UUID_RE = _re.compile(r"[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}")
# A UUID written another way that a parser reads (no hyphens, braces, urn:uuid:).
_LOOSE_UUID_RE = _re.compile(
    r"(?:urn:uuid:|\{)?[0-9a-f]{8}-?(?:[0-9a-f]{4}-?){3}[0-9a-f]{12}\}?",
    _re.IGNORECASE,
)
_IPV4_PARTS_RE = _re.compile(r"([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)")
# Where zod 3's .ip({version: "v6"}) takes an IPv4 address at the end of an IPv6 address: after
# "::", "::ffff:" or "::ffff:0:", or after one to four groups and "::".
_IPV6_V4_PREFIX_RE = _re.compile(
    r"::(?:ffff:(?:0{1,4}:)?)?|(?:[0-9A-Fa-f]{1,4}:){1,4}:",
)
# ajv-formats' hostname: labels of letters, digits and hyphens (none first or last), at most 63
# characters each and 253 in all (a final dot aside).
_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOSTNAME_RE = _re.compile(f"{_LABEL}(?:\\.{_LABEL})*\\.?")
# ISO 8601 duration as ajv-formats, jsonschema (isoduration), pydantic and zod all read it: whole
# numbers only, weeks alone. Groups: 1 weeks, 2 years, 3 months, 4 days, 5 hours, 6 minutes,
# 7 seconds.
_DURATION_RE = _re.compile(
    r"P(?:([0-9]+)W|(?=[0-9]|T[0-9])(?:([0-9]+)Y)?(?:([0-9]+)M)?(?:([0-9]+)D)?"
    r"(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?)?)"
)
# pydantic's timedelta: at most 999,999,999 days (and 23:59:59), a time part of at most
# 2**32 - 1 seconds (it counts them in 32 bits); a year is 365 days, a month 30.
_DURATION_MAX_DAYS = 999_999_999
_DURATION_MAX_TIME_SECONDS = 2**32 - 1


def _email_refusal(text: str) -> tuple[str, str] | None:
    """Why ``text`` is no email address that every validator accepts, as (reason, the part at
    fault), or None when it is one. Reasons: ``form`` (the grammar), ``local`` (a character
    before the @ that zod refuses: ``a!b``, or a final ``'``), ``punycode`` (an ``xn--``
    label: email-validator checks it as IDNA 2008, which a form cannot), ``hyphens`` (``--`` in a
    label's third and fourth places, reserved for such names), ``tld`` (the last label is not
    two letters or more, as no top-level domain is: email-validator and zod refuse it),
    ``special-use`` (``printer.local``) and ``length`` (more than 254 characters)."""
    if _EMAIL_RE.fullmatch(text) is None:
        return ("form", text)
    local, _, domain = text.rpartition("@")
    if _ZOD_LOCAL_RE.fullmatch(local) is None:
        return ("local", local)
    for label in domain.split("."):
        if label[:4].lower() == "xn--":
            return ("punycode", label)
        if label[2:4] == "--":
            return ("hyphens", label)
    tld = domain.rpartition(".")[2]
    if len(tld) < 2 or not tld.isalpha():
        return ("tld", domain)
    lowered = domain.lower()
    for name in _SPECIAL_USE_DOMAINS:
        if lowered == name or lowered.endswith("." + name):
            return ("special-use", domain)
    if len(text) > _EMAIL_MAX_LENGTH:
        return ("length", str(len(text)))
    return None


def is_email(text: str) -> bool:
    """``a.b+c@example.org``; not ``a..b@x.org``, ``.a@x.org``, ``a.@x.org``, ``a@localhost``,
    ``ada@printer.local``, ``ada@1.2.3.4``."""
    return _email_refusal(text) is None


def _is_ipv6(text: str) -> bool:
    halves = text.split("::")
    if len(halves) > 2:
        return False
    groups = [half.split(":") if half else [] for half in halves]
    units = sum(len(g) for g in groups)
    last = groups[-1]
    if last and "." in last[-1]:
        if _IPV4_RE.fullmatch(last.pop()) is None:
            return False
        units += 1
    if not all(_HEX4_RE.fullmatch(part) for g in groups for part in g):
        return False
    return units <= 7 if len(halves) == 2 else units == 8


def _ipv4_number(part: str) -> int | None:
    """A part of a WHATWG IPv4 address (``0x1f`` hex, ``017`` octal, ``17``), or None."""
    radix, digits = 10, part
    if part[:2] in ("0x", "0X"):
        radix, digits = 16, part[2:]
    elif len(part) > 1 and part[0] == "0":
        radix, digits = 8, part[1:]
    allowed = {16: "[0-9A-Fa-f]*", 10: "[0-9]*", 8: "[0-7]*"}[radix]
    if part == "" or _re.fullmatch(allowed, digits) is None:
        return None
    digits = digits.lstrip("0")
    # far beyond any part's bound (and int() of any length would be slow)
    if len(digits) > 12:
        return 2**48
    return int(digits or "0", radix)


def _is_whatwg_ipv4(host: str) -> bool | None:
    """Whether a host name that ends in a number (``1.2.3.4``, ``example.123``) is an IPv4
    address as a WHATWG URL parser reads one (which then refuses the URL if not); None when it
    does not end in a number (a domain name)."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    last = parts[-1]
    if _re.fullmatch("[0-9]+", last) is None and _ipv4_number(last) is None:
        return None
    numbers = [_ipv4_number(part) for part in parts]
    if len(numbers) > 4 or None in numbers:
        return False
    *head, tail = [n for n in numbers if n is not None]
    return all(n <= 255 for n in head) and tail < 256 ** (5 - len(numbers))


def _uri_refusal(text: str) -> tuple[str, str] | None:
    """Why ``text`` is no absolute URI that every validator accepts, as (reason, the part at
    fault), or None when it is one. Reasons: ``form`` (RFC 3986's grammar), ``ip-future``
    (``[v1.x]``: WHATWG URL parsers take only IPv6 in brackets), ``port`` (above 65535),
    ``host-needed`` (a userinfo or port without a host), ``no-host`` (an http, https, ws, wss
    or ftp URI without a host),
    ``file-authority`` (a file URI with a userinfo or port), ``host-percent`` (a
    percent-escape in a special scheme's host name), ``punycode`` (an ``xn--`` label, checked as
    IDNA by the parser, which a form cannot) and ``ipv4`` (a host that ends in a number but is
    no IPv4 address, such as ``256.1.1.1``)."""
    m = _URI_RE.fullmatch(text)
    if m is None:
        return ("form", text)
    scheme, userinfo, host, port = m[1].lower(), m[2], m[3], m[4]
    special = scheme in _SPECIAL_SCHEMES
    rest = text[len(scheme) + 1 :]
    if special and scheme != "file" and (rest[:2] != "//" or rest[2:3] == "/"):
        # A WHATWG parser skips the slashes (any number) after a special scheme: http:p,
        # http:/p and http:///p all name the host p, so each is checked as http://p.
        after = rest.lstrip("/")
        if after[:1] in ("", "?", "#"):
            return ("no-host", scheme)
        found = _uri_refusal(f"{m[1]}://{after}")
        if found is not None and found[0] == "form":
            return ("no-host", scheme)
        return found
    if host is None:
        return None
    if host.startswith("["):
        inner = host[1:-1]
        if _IPVFUTURE_RE.fullmatch(inner) is not None:
            return ("ip-future", host)
        if not _is_ipv6(inner):
            return ("form", text)
    if port and (len(port.lstrip("0")) > 5 or int(port) > 65535):
        return ("port", port)
    if host == "" and (userinfo is not None or port is not None):
        return ("host-needed", scheme)
    if scheme == "file" and (userinfo is not None or port is not None):
        # file://c: is a Windows drive letter (the path /c:), not a host and a port
        drive = userinfo is None and port == "" and _re.fullmatch("[A-Za-z]", host)
        if not drive:
            return ("file-authority", scheme)
    if not special or host.startswith("["):
        return None
    if host == "":
        return None if scheme == "file" else ("no-host", scheme)
    if "%" in host:
        return ("host-percent", host)
    for label in host.split("."):
        if label[:4].lower() == "xn--":
            return ("punycode", label)
    if _is_whatwg_ipv4(host) is False:
        return ("ipv4", host)
    return None


def is_uri(text: str) -> bool:
    """An absolute URI by RFC 3986 (IP literals included) with a non-empty hier-part, that a
    WHATWG URL parser reads too: ``https://example.com/a``, ``mailto:a@b.c``, ``urn:isbn:1``;
    not ``https://example.com:65536/``, ``http://``, ``https://256.1.1.1/``."""
    return _uri_refusal(text) is None


def _valid_date(year: int, month: int, day: int) -> bool:
    try:
        _dt.date(year, month, day)
    except ValueError:
        return False
    return True


def is_date(text: str) -> bool:
    """RFC 3339 ``full-date``: a real calendar date, year 0001 to 9999 (Ajv accepts 0000,
    jsonschema does not, so neither does a form)."""
    m = _DATE_RE.fullmatch(text)
    return m is not None and _valid_date(int(m[1]), int(m[2]), int(m[3]))


def is_date_time(text: str) -> bool:
    """RFC 3339 ``date-time``: a full date, a full time and a mandatory offset (Z or +hh:mm).

    No leap second: jsonschema refuses second 60 always, Ajv except at 23:59:60 UTC, so a form
    that sent one could be refused. Year 0000 is refused too (jsonschema does), as by
    is_date."""
    m = _DATE_TIME_RE.fullmatch(text)
    if m is None or not _valid_date(int(m[1]), int(m[2]), int(m[3])):
        return False
    if int(m[4]) > 23 or int(m[5]) > 59 or int(m[6]) > 59:
        return False
    return m[8] is None or (int(m[9]) <= 23 and int(m[10]) <= 59)


def _time_refusal(text: str) -> str | None:
    """Why ``text`` is no RFC 3339 ``full-time`` every validator accepts, or None: ``form``,
    ``offset`` (none: ajv-formats and jsonschema require one), ``time`` (no such time),
    ``leap`` (second 60) or ``offset-range`` (an offset beyond 23:59)."""
    m = _TIME_RE.fullmatch(text)
    if m is None:
        return "offset" if _NAIVE_TIME_RE.fullmatch(text) is not None else "form"
    if int(m[1]) > 23 or int(m[2]) > 59 or int(m[3]) > 60:
        return "time"
    if int(m[3]) == 60:
        return "leap"
    if m[5] is not None and (int(m[6]) > 23 or int(m[7]) > 59):
        return "offset-range"
    return None


def is_time(text: str) -> bool:
    """RFC 3339 ``full-time``: ``14:30:00+02:00``, ``09:00:00.5Z``; not ``09:00:00`` (no
    offset: ajv-formats and jsonschema refuse it), ``9:00:00Z``, ``23:59:60Z``."""
    return _time_refusal(text) is None


def is_uuid(text: str) -> bool:
    """A UUID as 36 characters, hyphens at 8-4-4-4-12 (any version, either case):
    ``123e4567-e89b-12d3-a456-426614174000``; not without hyphens, in braces or after
    ``urn:uuid:`` (pydantic reads those, jsonschema refuses them)."""
    return _UUID_RE.fullmatch(text) is not None


def _ipv4_refusal(text: str) -> str | None:
    """Why ``text`` is no IPv4 address in dotted decimal, or None: ``form``, ``range`` (a part
    above 255) or ``zero`` (a part with a leading zero, which some read as octal)."""
    m = _IPV4_PARTS_RE.fullmatch(text)
    if m is None:
        return "form"
    parts = m.groups()
    if any(len(p) > 1 and p[0] == "0" for p in parts):
        return "zero"
    if any(len(p) > 3 or int(p) > 255 for p in parts):
        return "range"
    return None


def is_ipv4(text: str) -> bool:
    """Four decimal numbers from 0 to 255: ``192.0.2.1``; not ``192.0.2.01``, ``1.2.3``."""
    return _ipv4_refusal(text) is None


def _ipv6_refusal(text: str) -> str | None:
    """Why ``text`` is no IPv6 address every validator accepts, or None: ``zone`` (a ``%``
    zone, which ajv-formats and jsonschema refuse), ``ipv4-tail`` (an IPv4 address at its end
    where zod 3 takes none) or ``form``."""
    head, percent, _ = text.partition("%")
    if not _is_ipv6(head):
        return "form"
    if percent:
        return "zone"
    if "." in head:
        prefix = head[: head.rindex(":") + 1]
        if _IPV6_V4_PREFIX_RE.fullmatch(prefix) is None:
            return "ipv4-tail"
    return None


def is_ipv6(text: str) -> bool:
    """An IPv6 address (RFC 4291 text, no zone): ``2001:db8::1``, ``::ffff:192.0.2.1``; not
    ``fe80::1%eth0``, ``1:2:3:4:5:6:1.2.3.4`` (zod 3 refuses it)."""
    return _ipv6_refusal(text) is None


def is_hostname(text: str) -> bool:
    """A DNS host name (RFC 1123): ``example.com``, ``db-1``; not ``-a.com``, ``a_b.com``."""
    return len(text.rstrip(".")) <= 253 and _HOSTNAME_RE.fullmatch(text) is not None


def _duration_refusal(text: str) -> str | None:
    """Why ``text`` is no ISO 8601 duration every validator accepts, or None: ``form`` or
    ``long`` (beyond what pydantic's timedelta holds)."""
    m = _DURATION_RE.fullmatch(text)
    if m is None:
        return "form"
    numbers = [int(g.lstrip("0")[:20] or "0") for g in m.groups("0")]
    weeks, years, months, days, hours, minutes, seconds = numbers
    time_seconds = hours * 3600 + minutes * 60 + seconds
    total_days = years * 365 + months * 30 + weeks * 7 + days
    if time_seconds > _DURATION_MAX_TIME_SECONDS:
        return "long"
    if total_days * 86400 + time_seconds >= (_DURATION_MAX_DAYS + 1) * 86400:
        return "long"
    return None


def is_duration(text: str) -> bool:
    """An ISO 8601 duration in whole units: ``PT1H30M``, ``P3D``, ``P2W``, ``P1Y2M``; not
    ``PT1.5S``, ``P1W2D``, ``pt1h``, ``P``."""
    return _duration_refusal(text) is None


def utf16_length(text: str) -> int:
    """The length of ``text`` in UTF-16 code units, as JavaScript's ``length`` counts it (zod 3's
    ``.max()``): a character beyond U+FFFF (most emoji) counts twice."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


FORMAT_CHECKS = {
    "email": is_email,
    "uri": is_uri,
    "date": is_date,
    "date-time": is_date_time,
    "time": is_time,
    "uuid": is_uuid,
    "ipv4": is_ipv4,
    "ipv6": is_ipv6,
    "hostname": is_hostname,
    "duration": is_duration,
}
# --- end of format checks ---

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


def local_offset_now() -> str:
    """The machine's current UTC offset as ``+hh:mm``."""
    now = _dt.datetime.now().astimezone()
    return now.isoformat(timespec="seconds")[-6:]


# A date and a time that may lack seconds or an offset; a space may separate
# the date and the time.
_LOOSE_DATE_TIME_RE = _re.compile(
    r"([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt ]([0-9]{2}:[0-9]{2})"
    r"(:[0-9]{2}(?:\.[0-9]+)?)?"
    r" ?([Zz]|[+-][0-9]{2}:[0-9]{2})?"
)


# A time that may lack seconds or an offset, a space before the offset.
_LOOSE_TIME_RE = _re.compile(
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


def _multiple(value: float, step: float) -> bool | None:
    """Whether ``value`` is a multiple of ``step`` (> 0) for every validator: True when it is
    one, exactly as written in decimal (0.3 of 0.1) and as Ajv and jsonschema compute it in
    doubles (``value / step`` a whole number); False when it is no multiple; None when it is one
    in decimal but not in doubles (0.3 / 0.1 is 2.9999999999999996: Ajv and jsonschema refuse
    it, though pydantic takes it). Ajv tests ``q === parseInt(q)``, which fails from 1e21 on
    (``parseInt("1e+21")`` is 1)."""
    # only a multipleOf needs it; a lint never does
    from fractions import Fraction as _Fraction

    exact = _Fraction(repr(value) if isinstance(value, float) else value) / _Fraction(
        repr(step) if isinstance(step, float) else step
    )
    if exact.denominator != 1:
        return False
    quotient = _double(value) / _double(step)
    return True if abs(quotient) < 1e21 and quotient.is_integer() else None


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


# Compiled patterns by their text (a form has few; a process running many forms keeps the last
# ones): a pattern the engine refuses is None, and no value matches it.
_PATTERNS: dict[str, CompiledPattern | None] = {}


def matches_pattern(pattern: str, text: str) -> bool:
    """Whether ``text`` has the form ``pattern`` describes for every engine a server may check
    it with (runtime/pattern.py); False for a pattern the engine refuses."""
    if pattern not in _PATTERNS:
        if len(_PATTERNS) >= 64:
            _PATTERNS.clear()
        try:
            _PATTERNS[pattern] = compile_pattern(pattern)
        except PatternError:
            _PATTERNS[pattern] = None
    compiled = _PATTERNS[pattern]
    return compiled is not None and compiled.search(text)


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
            multiple = _multiple(value, step)
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


_DECIMAL_RE = _re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]{1,9}))?")


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
