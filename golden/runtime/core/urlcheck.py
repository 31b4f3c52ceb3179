# --- checking a URL before anything opens it --------------------------------
#: Longer URLs are refused: no consent screen can show them honestly.
MAX_URL_LENGTH = 8192

#: The rules of the Public Suffix List (publicsuffix.py, generated), read on
#: first use: a host's public suffix is the longest rule that matches it (an
#: exception, "!city.kawasaki.jp", outranks any), and its registrable domain is
#: one label more: "evil.github.io" is not "github.io", nor is
#: "a.blob.core.windows.net" "windows.net".
_PUBLIC_SUFFIXES: frozenset[str] | None = None


def _public_suffixes() -> frozenset[str]:
    global _PUBLIC_SUFFIXES
    if _PUBLIC_SUFFIXES is None:
        rules = set()
        for group in PUBLIC_SUFFIX_RULES.split(","):
            top, *others = group.split(" ")
            if top.startswith("-"):  # "-ck *": not a rule itself ("*.ck" is)
                top = top[1:]
            else:
                rules.add(top)
            rules.update(f"{other}.{top}" for other in others)
        _PUBLIC_SUFFIXES = frozenset(rules)
    return _PUBLIC_SUFFIXES


def public_suffix_size(labels: list[str]) -> int | None:
    """How many of the host ``labels`` (ASCII, xn-- for international ones) are its public
    suffix by the Public Suffix List; None when no rule matches: its top-level domain is not
    one the list knows, so nothing says where the owner's part of the name begins."""
    rules = _public_suffixes()
    count = len(labels)
    for cut in range(count):
        if "!" + ".".join(labels[cut:]) in rules:
            return count - cut - 1  # an exception: the rule without its first label
    for cut in range(count):
        rest = ".".join(labels[cut + 1 :])
        if ".".join(labels[cut:]) in rules or (rest and "*." + rest in rules):
            return count - cut
    return None


#: Characters that make a URL read as something it is not, or that browsers
#: silently drop: controls, spaces, bidi and other invisible format characters.
_HIDDEN_RE = _re.compile(
    r"[\x00-\x20\x7f-\x9f\xa0\xad\u061c\u115f\u1160\u1680\u180e\u2000-\u200f"
    r"\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\u3164\ufeff\uffa0"
    r"\ufff9-\ufffb\ud800-\udfff\U000e0000-\U000e007f]"
)
_SCHEME_RE = _re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_LABEL_RE = _re.compile(r"[a-z0-9]([a-z0-9\-]*[a-z0-9])?|[a-z0-9]")
_DEFAULT_PORTS = {"https": 443, "http": 80}


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
    #: (WHATWG) would: the scheme, the ASCII host (IPv6 as WHATWG writes it, a
    #: name's trailing dot kept), the port, then the path with backslashes read
    #: as slashes and "." and ".." segments resolved, the query and fragment,
    #: percent-encoded (also what Qt's strict parser refuses). node's URL and
    #: QUrl both read ``ascii_host`` and ``port`` from it. Openers open this,
    #: never ``url``, so what opens is what the screen judged.
    href: str = ""
    ascii_domain: str = ""  # the registrable domain as the browser asks DNS for it
    #: The name imitates another (it mixes scripts, or is written in letters
    #: that look Latin): screens headline ``ascii_domain`` and the warnings.
    lookalike: bool = False

    @property
    def openable(self) -> bool:
        return self.refusal is None

    @property
    def headline(self) -> str:
        """The domain a screen shows in large type: a look-alike's in its xn-- form."""
        return self.ascii_domain if self.lookalike else self.domain


def check_url(url: str) -> UrlCheck:
    """What the consent screen needs to know of ``url``: only ``https`` (and
    ``http`` to this computer) can be opened; a URL with credentials, hidden
    characters, no host, or a host a browser could read otherwise than shown
    cannot; look-alike risks are warnings, the look-alike one first."""

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
    # a browser ends the authority at "\" as at "/" (Qt does not: the href has "/")
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
    if "%" in raw_host:
        # a browser decodes escapes in a host (and refuses IPv6 zone ids), Qt does not
        return refuse(_t("The host name is not valid."), scheme=scheme)
    warnings: list[str] = []
    ip: _ipaddress.IPv4Address | _ipaddress.IPv6Address | None = None
    lookalike_warning: str | None = None
    unsure: str | None = None  # why the headline is the whole host, where it is
    root = False  # "example.com.": browsers keep the dot
    if raw_host.startswith("["):
        try:
            ip = _ipaddress.IPv6Address(raw_host[1:-1])
        except ValueError:
            return refuse(_t("The host name is not valid."), scheme=scheme)
        ascii_host = host = domain = ascii_domain = f"[{_ipv6_text(ip)}]"
    else:
        # browsers read these as full stops (UTS #46) before anything else
        dots = sorted({char for char in raw_host if char in _DOTS})
        for dot in dots:
            raw_host = raw_host.replace(dot, ".")
        name = raw_host.lower()
        root = name.endswith(".") and name != "."
        name = name[:-1] if root else name
        if not name or name == ".":
            return refuse(
                _t("This is not a complete web address (it has no host)."),
                scheme=scheme,
            )
        if _unlike_browsers(raw_host + name):
            return refuse(
                _t("The host name has letters that browsers may read differently."),
                scheme=scheme,
            )
        try:
            labels = [str(_idna.ToASCII(label), "ascii") for label in name.split(".")]
            host_labels = [_unicode_label(label) for label in labels]
        except (UnicodeError, ValueError):
            return refuse(_t("The host name is not valid."), scheme=scheme)
        starts = [label[0] for label in host_labels if label]
        if any(_unicodedata.category(char).startswith("M") for char in starts):
            # a label may not begin with a combining mark (UTS #46); IDNA 2003 lets it
            return refuse(_t("The host name is not valid."), scheme=scheme)
        given = _unicodedata.normalize("NFC", name).split(".")
        pairs = zip(host_labels, given, strict=True)
        changed = any(a != b and not _ace(b) for a, b in pairs)
        unjudged = any(_rtl_unjudged(label) for label in host_labels)
        if changed or unjudged or _unlike_browsers("".join(host_labels)):
            # "faß" would be shown as "fass" while a browser may go to "xn--fa-hia":
            # a name that changes when converted is not shown as either; nor a name whose
            # direction or letters IDNA 2003 cannot judge
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
            suffix = public_suffix_size(labels) if len(labels) > 1 else None
            size = len(labels)  # where the owner's part is unknown: the whole host
            if len(labels) == 1:
                unsure = _t(
                    "{host} is a name without a domain: on each network it can be "
                    # (kept on two lines at every line length)
                    "another computer.",
                    host=host,
                )
            elif suffix is None:
                unsure = _t(
                    "The name ends in .{tld}, which is not a known top-level domain: nothing "
                    # (kept on two lines at every line length)
                    "says who owns it, so the whole name is shown.",
                    tld=host_labels[-1],
                )
            elif suffix >= len(labels):
                unsure = _t(
                    "{host} is a public suffix, under which anyone can have a name: nothing "
                    # (kept on two lines at every line length)
                    "says who owns it, so the whole name is shown.",
                    host=host,
                )
            else:
                size = suffix + 1
            domain = ".".join(host_labels[-size:])
            ascii_domain = ".".join(labels[-size:])
            if any(label.startswith("xn--") for label in labels):
                warnings.append(
                    _t(
                        "An international domain name: it is {ascii_host} underneath. "
                        # (kept on two lines at every line length)
                        "Check it is the site you expect.",
                        ascii_host=ascii_host + ("." if root else ""),
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
                    lookalike_warning = _t(
                        "The name mixes {scripts} letters, as look-alike domains do.",
                        scripts=names,
                    )
                    break
            alike = None if lookalike_warning else _latin_alike(host_labels)
            if alike is not None:
                lookalike_warning = _t(
                    "The name is written in {script} letters that look like Latin ones, "
                    # (kept on two lines at every line length)
                    "as look-alike domains are.",
                    script=_t(alike),
                )
            if root:
                host += "."
                ascii_host += "."
        if dots:
            warnings.append(
                _t(
                    "The host name is written with {dots} where browsers read a full stop "
                    # (kept on two lines at every line length)
                    '(".").',
                    dots=" ".join(dots),
                ),
            )
    bare = ascii_host.removesuffix(".")  # "localhost." is this computer too
    loopback = (ip is not None and ip.is_loopback) or (
        ip is None and (bare == "localhost" or bare.endswith(".localhost"))
    )
    if unsure is not None and not loopback:  # "app.localhost" is this computer
        warnings.insert(0, unsure)
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
    if lookalike_warning is not None:  # first, whatever else is said
        warnings.insert(0, lookalike_warning)
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
        lookalike=lookalike_warning is not None,
    )
