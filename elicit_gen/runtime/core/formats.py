# --- elicit-gen format checks (standard library only) ----------------------------------------
# Whether a text is a value of a string ``format`` (``FORMAT_CHECKS``), and why not (the
# ``_*_refusal`` functions the wording reads), shared by every generated Python form (qt,
# textual, cli: before wording.py and formcore.py) and copied verbatim into the pydantic models
# too (elicit_gen/targets/pydantic.py), so that generated code never imports elicit_gen.
from __future__ import annotations

import datetime as _dt
import re as _re

# --- end of runtime imports ---


class _LazyPattern:
    """A regular expression compiled when first used: a form checks a few formats at most, and
    compiling every one of them cost each process that imports this (a lint, a client's first
    request) more than all the rest of this module."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: _re.Pattern[str] | None = None

    @property
    def pattern(self) -> str:
        """The expression's source, as ``re.Pattern.pattern``."""
        return self._source

    def _pattern(self) -> _re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = _re.compile(self._source, self._flags)
        return compiled

    def fullmatch(self, text: str) -> _re.Match[str] | None:
        return self._pattern().fullmatch(text)

    def search(self, text: str) -> _re.Match[str] | None:
        return self._pattern().search(text)


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
_EMAIL_RE = _LazyPattern(
    r"^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$"
)
# zod's local part: no ! # $ % & * / = ? ^ ` { | } ~, and no ' last
_ZOD_LOCAL_RE = _LazyPattern(r"[a-zA-Z0-9_'+.-]*[a-zA-Z0-9_+-]")
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
_URI_RE = _LazyPattern(
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
_IPV4_RE = _LazyPattern(f"(?:{_OCTET}\\.){{3}}{_OCTET}")
_IPVFUTURE_RE = _LazyPattern(r"v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+")
_HEX4_RE = _LazyPattern(r"[0-9A-Fa-f]{1,4}")
_DATE_RE = _LazyPattern(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")
# T and Z in upper case: zod 3's .datetime() refuses t and z, which the others accept.
_DATE_TIME_RE = _LazyPattern(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?"
    r"(?:Z|([+-])([0-9]{2}):([0-9]{2}))$"
)
# A date-time as it is often written: t, z or a space where RFC 3339 has T and Z (groups as in
# _DATE_TIME_RE, the offset's sign in 8 or a z in 11). Only to say what is wrong with it.
_LOWER_DATE_TIME_RE = _LazyPattern(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?"
    r"(?:([+-])([0-9]{2}):([0-9]{2})|([Zz]))$"
)
# RFC 3339 full-time (ajv-formats' and jsonschema's "time": the offset is required; pydantic
# has no leap second and no offset of 24 hours). Groups: 1 hour, 2 minute, 3 second,
# 4 fraction, 5 the offset's sign, 6 and 7 its hours and minutes.
_TIME_RE = _LazyPattern(
    r"([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))",
)
# A time without its offset (or its seconds): pydantic's naive ``time`` default, or what a user
# types. Groups: 1 hh:mm, 2 :ss and its fraction.
_NAIVE_TIME_RE = _LazyPattern(r"([0-9]{2}:[0-9]{2})(:[0-9]{2}(?:\.[0-9]+)?)?")
_UUID_RE = _LazyPattern(r"[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}")
# A UUID written another way that a parser reads (no hyphens, braces, urn:uuid:).
_LOOSE_UUID_RE = _LazyPattern(
    r"(?:urn:uuid:|\{)?[0-9a-f]{8}-?(?:[0-9a-f]{4}-?){3}[0-9a-f]{12}\}?",
    _re.IGNORECASE,
)
_IPV4_PARTS_RE = _LazyPattern(r"([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)")
# Where zod 3's .ip({version: "v6"}) takes an IPv4 address at the end of an IPv6 address: after
# "::", "::ffff:" or "::ffff:0:", or after one to four groups and "::".
_IPV6_V4_PREFIX_RE = _LazyPattern(
    r"::(?:ffff:(?:0{1,4}:)?)?|(?:[0-9A-Fa-f]{1,4}:){1,4}:",
)
# ajv-formats' hostname: labels of letters, digits and hyphens (none first or last), at most 63
# characters each and 253 in all (a final dot aside).
_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOSTNAME_RE = _LazyPattern(f"{_LABEL}(?:\\.{_LABEL})*\\.?")
# ISO 8601 duration as ajv-formats, jsonschema (isoduration), pydantic and zod all read it: whole
# numbers only, weeks alone. Groups: 1 weeks, 2 years, 3 months, 4 days, 5 hours, 6 minutes,
# 7 seconds.
_DURATION_RE = _LazyPattern(
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
