"""A seeded corpus of URLs for the URL checks (the page's JavaScript and the Python runtime's
urlcheck): every scheme, user info, host (names, IDN, look-alikes, IPv4 numbers in every base,
IPv6), port, path and hidden character."""

from __future__ import annotations

import random

_IDN_LETTERS = [
    "a",
    "e",
    "o",
    "p",
    "x",
    "1",
    "-",
    "é",
    "ü",
    "ß",
    "ø",
    "ñ",
    "а",  # Cyrillic
    "е",
    "р",
    "ѕ",
    "α",
    "ο",
    "ν",
    "例",
    "え",
    "カ",
    "한",
    "ا",
    "ب",
    "ש",
    "א",
    "ก",
    "क",
    "Ⅸ",
    "ｆ",
    "Ａ",
    "K",
    "İ",
    "ς",
    "Σ",
    "ﬁ",
    "\u0301",
    "\u034f",
    "☃",
    "\U0001f600",
    "\u00b5",
    "ǅ",
    "_",
    "．",
    "。",  # UTS #46 full stops
    "｡",
    "ꭰ",  # newer than Unicode 3.2: UTS #46 converts it otherwise
    "ӏ",
    "٠",  # IDNA 2003 and UTS #46 differ
    "\u0221",
]


_SUFFIXES = ["com", "co.uk", "github.io", "de", "jp", "рф", "xn--p1ai", "localhost", "123", ""]


def _label(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.5:
        return "".join(
            rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(1, 12))
        )
    if kind < 0.8:
        return "".join(rng.choice(_IDN_LETTERS) for _ in range(rng.randint(1, 8)))
    if kind < 0.9:
        return "xn--" + "".join(
            rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(1, 10))
        )
    return rng.choice(["", "a" * 64, "xn--80ak6aa92e", "xn--pple-43d", "xn--mnchen-3ya", "XN--ZZ"])


def _ipv4(rng: random.Random) -> str:
    part = [
        lambda: str(rng.randint(0, 300)),
        lambda: "0x" + format(rng.randint(0, 300), rng.choice(["x", "X"])),
        lambda: "0" + format(rng.randint(0, 300), "o"),
        lambda: str(rng.randint(0, 2**33)),
        lambda: rng.choice(["0x", "0x1_0", "0x+1", "09", "00", "0o7", ""]),
    ]
    return ".".join(rng.choice(part)() for _ in range(rng.randint(1, 5)))


def _ipv6(rng: random.Random) -> str:
    hextets = [format(rng.choice([0, 0, 0, 1, rng.randint(0, 0xFFFF)]), "x") for _ in range(8)]
    text = ":".join(hextets)
    choice = rng.random()
    if choice < 0.4:
        start = rng.randint(0, 7)
        end = rng.randint(start, 8)
        text = ":".join(hextets[:start]) + "::" + ":".join(hextets[end:])
    elif choice < 0.55:
        text = "::ffff:" + ".".join(str(rng.randint(0, 260)) for _ in range(rng.choice([3, 4])))
    elif choice < 0.65:
        text = rng.choice(
            ["::1", "::", "1::2::3", ":1::", "fe80::1%25eth0", "::1%", "12345::", "g::"]
        )
    return "[" + text + "]"


def generated_urls(count: int, seed: int = 17) -> list[str]:
    """A seeded mix of schemes, user info, hosts (names, IDN, look-alikes, IPv4 numbers in
    every base, IPv6), ports, paths and hidden characters."""
    rng = random.Random(seed)
    urls = []
    for _ in range(count):
        rare = rng.random
        scheme = (
            "https" if rare() < 0.7 else rng.choice(["HTTPS", "http", "ftp", "javascript", "h"])
        )
        sep = "://" if rare() < 0.9 else rng.choice([":", ":/", ""])
        user = "" if rare() < 0.92 else rng.choice(["user@", "u:p@", "@"])
        kind = rng.random()
        if kind < 0.55:
            labels = [_label(rng) for _ in range(rng.randint(1, 3))]
            suffix = rng.choice(_SUFFIXES)
            host = ".".join([*labels, suffix] if suffix else labels)
            if rng.random() < 0.1:
                host = host.upper() if rng.random() < 0.5 else host + "."
        elif kind < 0.75:
            host = _ipv4(rng)
        elif kind < 0.9:
            host = _ipv6(rng)
        else:
            host = rng.choice(
                [
                    "localhost",
                    "app.localhost",
                    "127.0.0.1",
                    "evil.com\\@good.com",
                    "",
                    "good.com\\@evil.com",
                    "paypal.com\u3002xyz",
                    "192.168.1.1\u3002",
                    "0x7f\u30021",
                    "ex%61mple.com",
                    "example.com.",
                    "example.com..",
                    "\u0441\u043e\u0441\u043e.com",
                    "\u03bf\u03c1\u03c4\u03b1.com",
                ]
            )
        port = (
            "" if rare() < 0.7 else rng.choice([":443", ":80", ":8080", ":0", ":65536", ":x", ":"])
        )
        path = rng.choice(
            ["", "/", "/login?next=/a#b", "?q=1", "#@evil.com", "/a\\b@c", "/a/../%2e/b", "\\@x"]
        )
        if rare() < 0.04:
            path += rng.choice([" ", "\u200b", "\x00", "\u202e"])
        urls.append(f"{scheme}{sep}{user}{host}{port}{path}")
    return urls
