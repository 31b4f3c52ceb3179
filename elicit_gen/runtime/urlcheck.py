# --- elicit-gen URL check (standard library only) ---------------------------
# What a URL-mode elicitation's URL is, for the consent screen that shows it:
# whether it may be opened at all, the host and the registrable domain to show,
# and what a careful user should be warned about. Copied verbatim into each
# generated consent module (the imports above the marker are merged with the
# module's own); the HTML consent page does the same in JavaScript, and both are
# tested against one table of cases (tests/support/url_cases.json).
from __future__ import annotations

import encodings.idna as _idna
import ipaddress as _ipaddress
import re as _re
import unicodedata as _unicodedata
from typing import NamedTuple as _NamedTuple

from .i18n import _N, _t

# --- end of runtime imports ---

# --- checking a URL before anything opens it --------------------------------
#: Longer URLs are refused: no consent screen can show them honestly.
MAX_URL_LENGTH = 8192

#: Public suffixes of more than one label (a subset of the Public Suffix List:
#: the second-level domains of common country codes, and hosting services
#: whose customers each get a subdomain). Under them, the registrable domain is
#: one more label: "evil.github.io" is not "github.io". A suffix missing here
#: makes the shown domain too short, never another site's name.
MULTI_LABEL_SUFFIXES = frozenset(
    {
        "ac.jp",
        "ac.uk",
        "appspot.com",
        "azurewebsites.net",
        "blogspot.com",
        "cloudfront.net",
        "co.in",
        "co.jp",
        "co.kr",
        "co.nz",
        "co.uk",
        "co.za",
        "com.au",
        "com.br",
        "com.cn",
        "com.hk",
        "com.mx",
        "com.sg",
        "com.tr",
        "com.tw",
        "edu.au",
        "firebaseapp.com",
        "github.io",
        "gitlab.io",
        "gov.uk",
        "herokuapp.com",
        "ne.jp",
        "net.au",
        "netlify.app",
        "or.jp",
        "org.au",
        "org.uk",
        "pages.dev",
        "s3.amazonaws.com",
        "vercel.app",
        "web.app",
        "workers.dev",
    }
)

#: Characters that make a URL read as something it is not, or that browsers
#: silently drop: controls, spaces, bidi and other invisible format characters.
_HIDDEN_RE = _re.compile(
    r"[\x00-\x20\x7f-\x9f\xa0\xad\u061c\u115f\u1160\u1680\u180e\u2000-\u200f"
    r"\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\u3164\ufeff\uffa0"
    r"\ufff9-\ufffb\ud800-\udfff\U000e0000-\U000e007f]"
)
_HEX_RE = _re.compile(r"[0-9A-Fa-f]*")
_OCTAL_RE = _re.compile(r"[0-7]+")
_SCHEME_RE = _re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_LABEL_RE = _re.compile(r"[a-z0-9]([a-z0-9\-]*[a-z0-9])?|[a-z0-9]")
_DEFAULT_PORTS = {"https": 443, "http": 80}

#: Scripts a label may not mix (a Latin "p" beside a Cyrillic "а" imitates
#: "apple"). Han, Hiragana, Katakana and Hangul count as one group, which may
#: also stand beside Latin, as Japanese, Chinese and Korean names do.
_SCRIPT_WORDS = {
    "LATIN": _N("Latin"),
    "GREEK": _N("Greek"),
    "CYRILLIC": _N("Cyrillic"),
    "ARMENIAN": _N("Armenian"),
    "HEBREW": _N("Hebrew"),
    "ARABIC": _N("Arabic"),
    "GEORGIAN": _N("Georgian"),
    "DEVANAGARI": _N("Devanagari"),
    "THAI": _N("Thai"),
    "CJK": "CJK",
    "HIRAGANA": "CJK",
    "KATAKANA": "CJK",
    "HANGUL": "CJK",
}


class UrlCheck(_NamedTuple):
    """What the consent screen shows of a URL, and whether it may open it."""

    url: str  # as the server sent it
    refusal: str | None = None  # why it cannot be opened; None when it can
    scheme: str = ""
    host: str = ""  # as a person reads it (international names in their script)
    ascii_host: str = ""  # as the browser asks DNS for it (xn-- labels)
    domain: str = ""  # the registrable domain: who the destination belongs to
    port: int | None = None  # when not the scheme's default
    loopback: bool = False  # this computer (http allowed, for development)
    warnings: tuple[str, ...] = ()
    #: The URL every opener hands to the browser, serialised once as a browser
    #: (WHATWG) would: the scheme, the ASCII host, the port, then the rest with
    #: backslashes read as slashes and everything else percent-encoded. Openers
    #: open this, never ``url``, so what opens is what the screen judged.
    href: str = ""
    ascii_domain: str = ""  # the registrable domain as the browser asks DNS for it
    #: The name imitates another (it mixes scripts, or is written in letters
    #: that look Latin): screens headline ``ascii_domain`` and the warnings.
    lookalike: bool = False

    @property
    def openable(self) -> bool:
        return self.refusal is None


def _scripts(label: str) -> list[str]:
    found: list[str] = []
    for char in label:
        word = _unicodedata.name(char, "").split(" ")[0]
        script = _SCRIPT_WORDS.get(word)
        if script is None and word and char not in "-0123456789":
            script = word.title()
        if script is not None and script not in found:
            found.append(script)
    return found


def _mixed(scripts: list[str]) -> bool:
    others = [s for s in scripts if s not in ("Latin", "CJK")]
    return len(others) > 1 or (len(others) == 1 and "Latin" in scripts)


def _ipv4_number(part: str) -> int | None:
    """One part of a host as the WHATWG URL standard reads IPv4 numbers:
    decimal, 0x hex or 0-led octal (what browsers accept in a host); digits
    only: no sign, no underscore, no second prefix (int() would take those)."""
    if part[:2].lower() == "0x":
        digits = part[2:]
        return int(digits or "0", 16) if _HEX_RE.fullmatch(digits) else None
    if len(part) > 1 and part[0] == "0":
        return int(part[1:], 8) if _OCTAL_RE.fullmatch(part[1:]) else None
    return int(part) if part.isascii() and part.isdigit() else None


def _ipv4(host: str) -> str | None:
    """The dotted form of ``host`` when a browser reads it as an IPv4 address
    (``2130706433``, ``0x7f.1``), else None."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if not parts or _ipv4_number(parts[-1]) is None:
        return None
    numbers = [_ipv4_number(p) for p in parts]
    if len(numbers) > 4 or any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if any(n > 255 for n in values[:-1]) or values[-1] >= 256 ** (5 - len(values)):
        return None
    address = values[-1]
    for index, value in enumerate(values[:-1]):
        address += value * 256 ** (3 - index)
    return str(_ipaddress.IPv4Address(address))


def _unicode_label(label: str) -> str:
    if label.startswith("xn--"):
        return str(_idna.ToUnicode(label))
    return label


#: What a browser percent-encodes in each part of a special URL (WHATWG:
#: the path, query and fragment percent-encode sets; controls and spaces are
#: refused before this).
_PATH_ENCODE = frozenset('"#<>?`{}')
_QUERY_ENCODE = frozenset("\"#<>'")
_FRAGMENT_ENCODE = frozenset('"<>`')


def _encoded(text: str, encode: frozenset[str]) -> str:
    out: list[str] = []
    for char in text:
        if char in encode or not char.isascii():
            out.extend(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))
        else:
            out.append(char)
    return "".join(out)


def _href(scheme: str, ascii_host: str, port: int | None, tail: str) -> str:
    """The URL as a browser serialises it, from the parts the check judged."""
    path, hash_mark, fragment = tail.partition("#")
    path, question, query = path.partition("?")
    path = path.replace("\\", "/")
    out = f"{scheme}://{ascii_host}" + (f":{port}" if port is not None else "")
    out += _encoded(path, _PATH_ENCODE) or "/"
    if question:
        out += "?" + _encoded(query, _QUERY_ENCODE)
    if hash_mark:
        out += "#" + _encoded(fragment, _FRAGMENT_ENCODE)
    return out


def check_url(url: str) -> UrlCheck:
    """What the consent screen needs to know of ``url``: only ``https`` (and
    ``http`` to this computer) can be opened; a URL with credentials, hidden
    characters or no host cannot; look-alike risks are warnings."""

    def refuse(reason: str, **known: object) -> UrlCheck:
        return UrlCheck(url, refusal=reason, **known)  # type: ignore[arg-type]

    if not isinstance(url, str) or not url:
        return UrlCheck("", refusal=_t("The server sent no URL."))
    if len(url) > MAX_URL_LENGTH:
        length = f"{len(url):,}"
        return refuse(
            _t("The URL is too long to show ({length} characters).", length=length),
        )
    if _HIDDEN_RE.search(url):
        return refuse(_t("The URL contains spaces, control or invisible characters."))
    scheme_match = _SCHEME_RE.match(url)
    if scheme_match is None:
        return refuse(
            _t("This is not a complete web address (it has no https:// part)."),
        )
    scheme = scheme_match.group(1).lower()
    if scheme not in _DEFAULT_PORTS:
        return refuse(
            _t(
                "Links of the type {scheme}: cannot be opened from here; only https:// links can.",
                scheme=scheme,
            ),
            scheme=scheme,
        )
    rest = url[scheme_match.end() :]
    if not rest.startswith("//"):
        return refuse(
            _t("This is not a complete web address (it has no host)."),
            scheme=scheme,
        )
    authority = _re.split(r"[/?#\\]", rest[2:], maxsplit=1)[0]
    tail = rest[2 + len(authority) :]
    if "@" in authority:
        return refuse(
            _t(
                "The URL carries a user name or password (before an @), a trick that can "
                # (kept on two lines at every line length)
                "disguise where it really goes."
            ),
            scheme=scheme,
        )
    if authority.startswith("["):
        end = authority.find("]")
        raw_host, port_text = authority[: end + 1], authority[end + 1 :]
        if end < 0 or (port_text and not port_text.startswith(":")):
            return refuse(_t("The host name is not valid."), scheme=scheme)
        port_text = port_text[1:]
    else:
        raw_host, _, port_text = authority.partition(":")
    port: int | None = None
    if port_text:
        if not port_text.isdigit() or not port_text.isascii() or int(port_text) > 65535:
            return refuse(_t("The port number is not valid."), scheme=scheme)
        port = int(port_text)
    if port == _DEFAULT_PORTS[scheme]:
        port = None
    warnings: list[str] = []
    ip: _ipaddress.IPv4Address | _ipaddress.IPv6Address | None = None
    lookalike = False
    if raw_host.startswith("["):
        try:
            ip = _ipaddress.IPv6Address(raw_host[1:-1])
        except ValueError:
            return refuse(_t("The host name is not valid."), scheme=scheme)
        ascii_host = host = domain = ascii_domain = f"[{ip.compressed}]"
    else:
        name = raw_host.lower().rstrip(".") if raw_host not in ("", ".") else ""
        if not name:
            return refuse(
                _t("This is not a complete web address (it has no host)."),
                scheme=scheme,
            )
        try:
            labels = [str(_idna.ToASCII(label), "ascii") for label in name.split(".")]
            host_labels = [_unicode_label(label) for label in labels]
        except (UnicodeError, ValueError):
            return refuse(_t("The host name is not valid."), scheme=scheme)
        given = _unicodedata.normalize("NFC", name).split(".")
        pairs = zip(host_labels, given, strict=True)
        if any(a != b and not b.startswith("xn--") for a, b in pairs):
            # "faß" would be shown as "fass" while a browser may go to "xn--fa-hia":
            # a name that changes when converted is not shown as either
            return refuse(
                _t("The host name has letters that browsers may read differently."),
                scheme=scheme,
            )
        ascii_host = ".".join(labels)
        dotted = _ipv4(ascii_host)
        if dotted is not None:
            ip = _ipaddress.IPv4Address(dotted)
            ascii_host = host = domain = ascii_domain = dotted
        elif labels[-1].isdigit() or _ipv4_number(labels[-1]) is not None:
            # a host ending in a number is an IPv4 address to a browser, or invalid
            return refuse(_t("The host name is not valid."), scheme=scheme)
        else:
            if not all(_LABEL_RE.fullmatch(label) for label in labels):
                return refuse(_t("The host name is not valid."), scheme=scheme)
            host = ".".join(host_labels)
            size = 2 if len(labels) > 1 else 1
            for cut in range(len(labels) - 1):
                if ".".join(labels[cut + 1 :]) in MULTI_LABEL_SUFFIXES:
                    size = len(labels) - cut
                    break
            domain = ".".join(host_labels[-size:])
            ascii_domain = ".".join(labels[-size:])
            if any(label.startswith("xn--") for label in labels):
                warnings.append(
                    _t(
                        "An international domain name: it is {ascii_host} underneath. "
                        # (kept on two lines at every line length)
                        "Check it is the site you expect.",
                        ascii_host=ascii_host,
                    ),
                )
            for label in host_labels:
                scripts = _scripts(label)
                if _mixed(scripts):
                    names = _t(scripts[0])
                    for script in scripts[1:]:
                        names = _t(
                            "{first} and {second}",
                            first=names,
                            second=_t(script),
                        )
                    lookalike = True
                    warnings.append(
                        _t(
                            "The name mixes {scripts} letters, as look-alike domains do.",
                            scripts=names,
                        ),
                    )
                    break
    loopback = (ip is not None and ip.is_loopback) or (
        ip is None and (ascii_host == "localhost" or ascii_host.endswith(".localhost"))
    )
    if ip is not None and not loopback:
        warnings.insert(
            0,
            _t(
                "The destination is an IP address, not a name: nothing says who runs it.",
            ),
        )
    if scheme == "http" and not loopback:
        return refuse(
            _t(
                "Plain http:// links are not opened: the page would not be private. "
                # (kept on two lines at every line length)
                "Only https:// links can be opened."
            ),
            scheme=scheme,
            host=host,
            ascii_host=ascii_host,
            domain=domain,
            ascii_domain=ascii_domain,
            port=port,
        )
    if scheme == "http":
        warnings.insert(
            0,
            _t("A plain http:// page on this computer: for development only."),
        )
    if port is not None:
        warnings.append(_t("It uses port {port}, not the usual one.", port=port))
    return UrlCheck(
        url,
        scheme=scheme,
        host=host,
        ascii_host=ascii_host,
        domain=domain,
        port=port,
        loopback=loopback,
        warnings=tuple(warnings),
        href=_href(scheme, ascii_host, port, tail),
        ascii_domain=ascii_domain,
        lookalike=lookalike,
    )
