"""Real-world ``pattern`` values, with texts they should take, and the generators of random
patterns and texts for the differential tests of the pattern engine (runtime/core/pattern.py).

``ZOD`` is what zod 4.6.7's ``z.toJSONSchema`` writes for its string helpers (``z.email()``,
``z.iso.datetime()``, ...; got with ``npm install zod@4`` outside the repository), with the email
pattern of zod 4.0 beside it; the others are patterns found in pydantic's and FastMCP's examples,
public schemas and the usual validation recipes (postal codes, phone numbers, slugs, colours).
"""

from __future__ import annotations

import random

#: name -> (pattern, texts it accepts in every engine)
ZOD: dict[str, tuple[str, list[str]]] = {
    "zod email": (
        "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9]"
        "[A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
        ["ada@example.com", "a.b+c@mail.example.org", "o'brien@example.ie"],
    ),
    "zod 4.0 email": (
        "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)"
        "+[A-Za-z]{2,}$",
        ["ada@example.com", "a.b+c@mail.example.org"],
    ),
    "zod iso datetime": (
        "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)"
        "-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|"
        "[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d"
        "(?:\\.\\d+)?(?:Z))$",
        ["2024-02-29T12:30:00Z", "2025-12-31T23:59:59.123Z"],
    ),
    "zod iso datetime offset": (
        "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)"
        "-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|"
        "[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d"
        "(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$",
        ["2024-02-29T12:30:00+02:00", "2025-01-06T09:00:00Z"],
    ),
    "zod iso datetime local": (
        "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)"
        "-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|"
        "[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d"
        "(?:\\.\\d+)?(?:Z)|(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?)$",
        ["2025-01-06T09:00:00", "2025-01-06T09:00", "2024-02-29T12:30:00Z"],
    ),
    "zod iso date": (
        "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)"
        "-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|"
        "[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))$",
        ["2024-02-29", "2025-06-18", "1999-12-31"],
    ),
    "zod iso time": (
        "^(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?$",
        ["09:30", "23:59:59.5"],
    ),
    "zod iso duration": (
        "^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?"
        "(\\d+([.,]\\d+)?S)?)?)$",
        ["P1W", "P1Y2M3D", "PT1H30M", "P1DT12H"],
    ),
    "zod uuid": (
        "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-"
        "[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-"
        "ffffffffffff)$",
        ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
    ),
    "zod guid": (
        "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$",
        ["123e4567-e89b-12d3-a456-426614174000"],
    ),
    "zod cuid": ("^[cC][0-9a-z]{6,}$", ["cjld2cjxh0000qzrmn831i7rn"]),
    "zod ulid": ("^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$", ["01ARZ3NDEKTSV4RRFFQ69G5FAV"]),
    "zod nanoid": ("^[a-zA-Z0-9_-]{21}$", ["V1StGXR8_Z5jdHi6B-myT"]),
    "zod ipv4": (
        "^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}"
        "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$",
        ["192.0.2.1", "255.255.255.255"],
    ),
    "zod ipv6": (
        "^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|"
        "([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4})"
        "{1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}"
        "(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|"
        "[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$",
        ["2001:db8::1", "::1", "fe80:0:0:0:0:0:0:1"],
    ),
    "zod cidrv4": (
        "^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}"
        "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\/([0-9]|[1-2][0-9]|3[0-2])$",
        ["192.0.2.0/24"],
    ),
    "zod base64": (
        "^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$",
        ["", "aGVsbG8=", "aGk="],
    ),
    "zod base64url": ("^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$", ["aGVsbG8", "aGk"]),
    "zod e164": ("^\\+[1-9]\\d{6,14}$", ["+14155552671"]),
    "zod hostname": (
        "^(?=.{1,253}\\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9]"
        "(?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\\.?$",
        ["example.com", "a.b-c.example.org."],
    ),
    "zod hex": ("^[0-9a-fA-F]*$", ["deadBEEF", ""]),
    "zod regex": ("^[a-z0-9-]+$", ["hello-world-2"]),
    "zod startsWith": ("^ab.*", ["abc", "ab"]),
    "zod endsWith": (".*yz$", ["xyz"]),
    "zod includes": ("q", ["aqb"]),
    "zod lowercase": ("^[^A-Z]*$", ["hello world", "é"]),
    "zod uppercase": ("^[^a-z]*$", ["HELLO WORLD"]),
}

#: name -> (pattern, texts it accepts in every engine): recipes, pydantic and FastMCP examples
COMMON: dict[str, tuple[str, list[str]]] = {
    "us zip": ("^\\d{5}(-\\d{4})?$", ["12345", "12345-6789"]),
    "uk postcode": (
        "^([Gg][Ii][Rr] 0[Aa]{2})|((([A-Za-z][0-9]{1,2})|(([A-Za-z][A-Ha-hJ-Yj-y][0-9]{1,2})|"
        "(([A-Za-z][0-9][A-Za-z])|([A-Za-z][A-Ha-hJ-Yj-y][0-9][A-Za-z]?))))\\s?[0-9][A-Za-z]{2})$",
        ["SW1A 1AA", "M1 1AE", "GIR 0AA"],
    ),
    "canadian postcode": ("^[A-Za-z]\\d[A-Za-z][ -]?\\d[A-Za-z]\\d$", ["K1A 0B1"]),
    "german plz": ("^[0-9]{5}$", ["10115"]),
    "dutch postcode": ("^[1-9][0-9]{3} ?(?!sa|sd|ss|SA|SD|SS)[A-Za-z]{2}$", ["1012 AB"]),
    "e164 phone": ("^\\+[1-9]\\d{1,14}$", ["+442071838750"]),
    "us phone": (
        "^\\+?1?[-. ]?\\(?\\d{3}\\)?[-. ]?\\d{3}[-. ]?\\d{4}$",
        ["(415) 555-2671", "415.555.2671"],
    ),
    "slug": ("^[a-z0-9]+(?:-[a-z0-9]+)*$", ["my-first-post", "a1"]),
    "iso date": ("^\\d{4}-\\d{2}-\\d{2}$", ["2025-06-18"]),
    "hex colour": ("^#(?:[0-9a-fA-F]{3}){1,2}$", ["#fff", "#C0FFEE"]),
    "hex colour with alpha": (
        "^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$",
        ["#abc", "#aabbccdd"],
    ),
    "simple email": ("^\\S+@\\S+$", ["ada@example.com", "ü@ñ"]),
    "email-ish": ("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", ["ada@example.com"]),
    "semver": (
        "^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-]"
        "[0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+"
        "(?:\\.[0-9a-zA-Z-]+)*))?$",
        ["1.2.3", "1.0.0-alpha.1+build.5"],
    ),
    "password strength": (
        "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,}$",
        ["Passw0rd!", "Zz9#Zz9#"],
    ),
    "password no spaces": (
        "^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?!.*\\s).{8,64}$",
        ["Secret123", "abcDEF123"],
    ),
    "iban": ("^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$", ["DE89370400440532013000"]),
    "mac address": ("^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$", ["00:1A:2b:3C:4d:5E"]),
    "24h time": ("^([01]\\d|2[0-3]):[0-5]\\d$", ["23:59", "07:05"]),
    "username": ("^[a-zA-Z0-9_]{3,16}$", ["ada_lovelace"]),
    "github repository": ("^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", ["octo-org/hello.world"]),
    "isbn 13": ("^97[89]-?\\d{1,5}-?\\d{1,7}-?\\d{1,6}-?\\d$", ["978-3-16-148410-0"]),
    "rfc 5322 email": (
        "(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|\"(?:[\\x01-\\x08"
        '\\x0b\\x0c\\x0e-\\x1f\\x21\\x23-\\x5b\\x5d-\\x7f]|\\\\[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])*")'
        "@(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\\[(?:(?:25"
        "[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?|"
        "[a-z0-9-]*[a-z0-9]:(?:[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x21-\\x5a\\x53-\\x7f]|\\\\"
        "[\\x01-\\x09\\x0b\\x0c\\x0e-\\x7f])+)\\])",
        ["ada@example.com", "x@[192.0.2.1]"],
    ),
    "http url": (
        "^https?:\\/\\/(www\\.)?[-a-zA-Z0-9@:%._\\+~#=]{1,256}\\.[a-zA-Z0-9()]{1,6}\\b"
        "([-a-zA-Z0-9()@:%_\\+.~#?&\\/=]*)$",
        ["https://www.example.com/a?b=c", "http://example.org"],
    ),
    "no digits": ("^\\D*$", ["Zoë Ådahl", "hello"]),
    "word characters": ("^\\w+$", ["hello_42"]),
    "no spaces": ("^\\S*$", ["hello", "é"]),
    "trimmed": ("^\\S(.*\\S)?$", ["a b", "x"]),
    "uuid v1-5": (
        "^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
        ["123e4567-e89b-12d3-a456-426614174000"],
    ),
    "dotted quad": ("^(\\d{1,3}\\.){3}\\d{1,3}$", ["10.0.0.1"]),
    "domain": ("^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$", ["example.co.uk"]),
    "card number": (
        "^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|3[47][0-9]{13})$",
        ["4111111111111111"],
    ),
    "amount": ("^\\d+(\\.\\d{1,2})?$", ["12", "12.50"]),
    "percent": ("^(100|[1-9]?\\d)%$", ["100%", "7%"]),
    "latin name": ("^[A-Za-zÀ-ÖØ-öø-ÿ' -]+$", ["Zoë O'Brien-Ådahl"]),
    "cjk name": ("^[\\u4e00-\\u9fff]+$", ["张伟"]),
    "a word": ("\\bcat\\b", ["the cat sat", "cat"]),
    "a price": ("(?<=\\$)\\d+(\\.\\d\\d)?", ["$100", "costs $9.99"]),
    "no final dot": ("^.*(?<!\\.)$", ["done", ""]),
    "pydantic phone": ("^\\d{3}-\\d{3}-\\d{4}$", ["555-555-5555"]),
    "pydantic lowercase": ("^[a-z]+$", ["abc"]),
    "fastmcp sku": ("^[A-Z]{3}-\\d{4}$", ["ABC-1234"]),
    "datetime recipe": (
        "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
        ["2025-06-18T14:30:00+02:00"],
    ),
    "us ssn": ("^(?!000|666)[0-8]\\d{2}-(?!00)\\d{2}-(?!0000)\\d{4}$", ["123-45-6789"]),
    "hashtag": ("^#[A-Za-z0-9_]+$", ["#mcp"]),
    "handle": ("^@?(\\w){1,15}$", ["@ada", "ada"]),
    "empty or digits": ("^$|^\\d+$", ["", "42"]),
    "version": ("^v?\\d+(\\.\\d+){0,2}$", ["v1.2", "3"]),
    "astral": ("^[😀-🙏]+$", ["😀🙂"]),
    "escapes": ("^\\x41\\u00e9\\t\\/\\.[\\-]?$", ["Aé\t/.", "Aé\t/.-"]),
}

CORPUS: dict[str, tuple[str, list[str]]] = {**ZOD, **COMMON}

#: Texts where the engines read characters differently: other scripts' digits and letters, the
#: line terminators, white space only some call white space, marks, astral characters.
EDGE_TEXTS = [
    "",
    "\n",
    "a",
    "a\n",
    "\r",
    "\u2028",
    "\u2029",
    "\u0661\u0662\u0663",  # Arabic-Indic digits: \d in Python and Rust
    "\U0001d7d8",  # MATHEMATICAL DOUBLE-STRUCK DIGIT ZERO: Nd
    "é",
    "e\u0301",  # a combining mark: \w in Rust only
    "\u24b6",  # CIRCLED LATIN CAPITAL LETTER A: alphabetic in Rust only
    "\ufeff",  # \s in ECMAScript only
    "\x1c",  # \s in Python only
    "\x85",  # \s in Python and Rust
    "\xa0",
    "😀",
    "_",
    " ",
    "\t",
    "A1_",
]


def mutations(text: str, rng: random.Random, alphabet: str) -> list[str]:
    """``text`` with one change each: a character inserted, dropped or replaced (from
    ``alphabet``), a final newline, a leading space."""
    out = [text + "\n", " " + text, text + "\r"]
    for _ in range(4):
        at = rng.randrange(len(text) + 1)
        char = rng.choice(alphabet)
        out.append(text[:at] + char + text[at:])
        if text:
            out.append(text[:at] + text[at + 1 :])
            out.append(text[:at] + char + text[at + 1 :])
    return out


#: Characters for random texts: ASCII and the edge characters.
ALPHABET = "ab1A_ -.@\n\r\u2028\ufeff\x1c\x85\xa0é\u0301\u0661\U0001d7d8\u24b6😀"


def random_text(rng: random.Random, longest: int = 8) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, longest)))


# --- random patterns from the grammar the engine reads (and some it refuses) ---------------------

_LITERALS = ["a", "b", "1", "é", " ", "_", "A", "\\.", "-", "\\n", "\\r", "\\x41", "\\u00e9"]
_LITERALS += ["😀", "\u0661", "\\/", "@"]
_CLASS_ITEMS = ["a", "b-d", "0-9", "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "é", "_", "."]
_CLASS_ITEMS += ["\\n", "\\u2028", "A-Z", "\\]", "\\-", "😀"]
_ESCAPES = ["\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "."]
_ANCHORS = ["^", "$", "\\b", "\\B"]
_QUANTIFIERS = ["*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "+?", "{2,3}?"]


def _class(rng: random.Random) -> str:
    items = "".join(rng.choice(_CLASS_ITEMS) for _ in range(rng.randint(1, 3)))
    return "[" + ("^" if rng.random() < 0.3 else "") + items + "]"


def _atom(rng: random.Random, depth: int) -> str:
    roll = rng.random()
    if depth > 3 or roll < 0.35:
        return rng.choice(_LITERALS)
    if roll < 0.5:
        return _class(rng)
    if roll < 0.6:
        return rng.choice(_ESCAPES)
    if roll < 0.7:
        return rng.choice(_ANCHORS)
    if roll < 0.85:
        return "(" + rng.choice(["", "?:"]) + random_pattern(rng, depth + 1) + ")"
    kind = rng.choice(["?=", "?!", "?<=", "?<!"])
    return "(" + kind + _sequence(rng, depth + 1, fixed=kind.startswith("?<")) + ")"


def _sequence(rng: random.Random, depth: int, fixed: bool = False) -> str:
    out = []
    for _ in range(rng.randint(0, 4)):
        atom = _atom(rng, depth)
        if fixed:
            # a look-behind of a fixed length: no quantifier, no group of varying length
            out.append(rng.choice(_LITERALS) if atom.startswith("(") else atom)
            continue
        plain = atom not in _ANCHORS and not atom.startswith("(?")
        if plain and rng.random() < 0.4:
            atom += rng.choice(_QUANTIFIERS)
        out.append(atom)
    return "".join(out)


def random_pattern(rng: random.Random, depth: int = 0) -> str:
    """A pattern of the grammar the engine reads: literals, escapes, classes, anchors, groups,
    alternation, quantifiers and look-arounds, nested a few deep."""
    branches = 1 if rng.random() < 0.7 else rng.randint(2, 3)
    return "|".join(_sequence(rng, depth) for _ in range(branches))
