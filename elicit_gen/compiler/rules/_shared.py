"""Helpers several rules share, in one place (a rule module imports only this and ``base``).

- keyword types: the JSON type each keyword and each kind's ``default`` must have
  (EG120 keyword-type, EG140 default-valid); the length keywords and the largest exact
  integer (EG131 negative-bound, EG134, EG135);
- secrets: what secret a name, title or description asks for (EG170 secret-field, EG203);
- displayed text: invisible and bidi characters, labels that read alike (EG180, EG190);
- URLs: the URL of a URL-mode elicitation, local hosts (EG201-EG203);
- keywords outside the subset, where they stand, and the subset keyword a misspelt one means
  (EG160 not-portable, EG161 keyword-typo); annotations, wherever they stand (EG120, EG160).
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterator

from ..envelope import Mode
from ..kinds import ANNOTATION_KEYS, COMMON_KEYS, ITEMS_KEYS, KIND_KEYS, OPTION_KEYS, Kind, Prop
from ..source import JSON, join_pointer
from .base import Context, is_integer, is_number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from urllib.parse import SplitResult

    from ...runtime.core.urlcheck import UrlCheck

# --- keyword types ------------------------------------------------------------------------------


def is_string(v: JSON) -> bool:
    return isinstance(v, str)


def is_boolean(v: JSON) -> bool:
    return isinstance(v, bool)


def is_string_array(v: JSON) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def is_array(v: JSON) -> bool:
    return isinstance(v, list)


def is_number_array(v: JSON) -> bool:
    return isinstance(v, list) and all(is_number(x) for x in v)


def is_positive_number(v: JSON) -> bool:
    return is_number(v) and v > 0


#: The JSON type each keyword of a field must have: (check, what the spec asks for).
EXPECTED_TYPES = {
    "title": (is_string, "a string"),
    "description": (is_string, "a string"),
    "format": (is_string, "a string"),
    "minLength": (is_integer, "an integer"),
    "maxLength": (is_integer, "an integer"),
    "minItems": (is_integer, "an integer"),
    "maxItems": (is_integer, "an integer"),
    "minimum": (is_number, "a number"),
    "maximum": (is_number, "a number"),
    # JSON Schema 2020-12's numeric form; draft 4's boolean form (beside `minimum`) is an error
    "exclusiveMinimum": (is_number, "a number (the bound itself, as in JSON Schema 2020-12)"),
    "exclusiveMaximum": (is_number, "a number (the bound itself, as in JSON Schema 2020-12)"),
    "multipleOf": (is_positive_number, "a number greater than 0"),
    "uniqueItems": (is_boolean, "a boolean"),
    "enum": (is_array, "an array"),
    "oneOf": (is_array, "an array of options"),
    "enumNames": (is_string_array, "an array of strings"),
}

#: The keywords that bound a length or an item count (EG131 negative-bound, EG135 length-range).
LENGTH_KEYS = ("minLength", "maxLength", "minItems", "maxItems")

#: The largest integer an IEEE double holds exactly: JavaScript's ``Number.MAX_SAFE_INTEGER``
#: (EG134 unsafe-integer, EG135 length-range).
MAX_SAFE_INTEGER = 2**53 - 1

#: The JSON type of a field's ``default``, by kind: (check, what the spec asks for).
DEFAULT_TYPES = {
    Kind.STRING: (is_string, "a string"),
    Kind.NUMBER: (is_number, "a number"),
    Kind.BOOLEAN: (is_boolean, "a boolean (true or false, without quotes)"),
    Kind.SINGLE_UNTITLED: (is_string, "a string"),
    Kind.SINGLE_TITLED: (is_string, "a string"),
    Kind.SINGLE_LEGACY: (is_string, "a string"),
    Kind.MULTI_UNTITLED: (is_string_array, "an array of strings"),
    Kind.MULTI_TITLED: (is_string_array, "an array of strings"),
}


#: The JSON type of a select of numbers' ``default``: (check, what the spec asks for), for a
#: single-select and a multi-select.
NUMBER_DEFAULT_TYPES: dict[str, tuple[Callable[[JSON], bool], str]] = {
    "single": (is_number, "a number"),
    "multi": (is_number_array, "an array of numbers"),
}


def default_type(prop: Prop) -> tuple[Callable[[JSON], bool], str]:
    """The JSON type ``prop``'s ``default`` must have: its kind's (``DEFAULT_TYPES``), but a
    number, or an array of numbers, for a select of numbers."""
    if prop.numeric:
        return NUMBER_DEFAULT_TYPES["single" if prop.kind.is_single else "multi"]
    return DEFAULT_TYPES[prop.kind]


# --- secrets ------------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")

# Single words that name a secret on their own.
_SECRET_WORDS = {
    "password": "a password",
    "passwd": "a password",
    "passphrase": "a passphrase",
    "pwd": "a password",
    "apikey": "an API key",
    "cvc": "a card security code",
    "cvv": "a card security code",
    "cvv2": "a card security code",
    "cvc2": "a card security code",
    "secret": "a secret",
    "privkey": "a private key",
    "cardnumber": "a card number",
    "credentials": "credentials",
    "credential": "credentials",
    "otp": "a one-time password",
    "totp": "a one-time password",
    "mfa": "a one-time password",
    "pin": "a PIN",
}
# Pairs of adjacent words.
_SECRET_PAIRS = {
    ("api", "key"): "an API key",
    ("access", "key"): "an access key",
    ("secret", "key"): "a secret key",
    ("private", "key"): "a private key",
    ("ssh", "key"): "a private key",
    ("signing", "key"): "a private key",
    ("card", "number"): "a card number",
    ("card", "no"): "a card number",
    ("card", "num"): "a card number",
    ("credit", "card"): "payment card details",
    ("debit", "card"): "payment card details",
    ("security", "code"): "a card security code",
    ("access", "token"): "an access token",
    ("auth", "token"): "an access token",
    ("bearer", "token"): "an access token",
    ("refresh", "token"): "a refresh token",
    ("session", "token"): "an access token",
    ("api", "token"): "an API token",
    ("personal", "token"): "an access token",
    ("id", "token"): "an identity token",
    ("one", "time"): "a one-time password",
    ("pass", "code"): "a passcode",
}
# "token" alone is a secret unless it counts or limits something (token_count, max_tokens).
_TOKEN_QUANTITY = {
    "count",
    "counts",
    "limit",
    "limits",
    "budget",
    "usage",
    "used",
    "length",
    "size",
    "number",
    "max",
    "min",
    "maximum",
    "minimum",
    "estimate",
    "cost",
    "price",
    "total",
    "per",
    "rate",
}
_NEGATIONS = {"not", "never", "no", "without"}
#: What "token" alone (not counting or limiting something) asks for.
TOKEN_ALONE = "an access token"


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


# Chinese names of secrets. Chinese text has no spaces between words: these are found as
# substrings, longest first ("支付密码" before "密码").
_CJK_SECRETS = (
    ("银行卡号", "a card number"),
    ("信用卡", "payment card details"),
    ("安全码", "a card security code"),
    ("卡号", "a card number"),
    ("私钥", "a private key"),
    ("密钥", "a secret key"),
    ("密码", "a password"),
    ("口令", "a password"),
    ("令牌", "an access token"),
)
# "令牌" counts or limits something in "令牌数", "令牌上限", "最大令牌数".
_CJK_TOKEN_QUANTITY = ("数", "上限", "限额", "用量", "预算", "最大", "最多", "费用")
# "不要输入密码" (do not enter a password), "无需密码" (no password needed), "我们绝不会索要口令".
_CJK_NEGATIONS = ("不要", "不用", "无需", "无须", "不需", "不必", "勿", "不会", "绝不", "从不")
# Words that hold a term without naming a secret: 密码学 is cryptography (a course, a book).
_CJK_NOT_SECRETS = ("密码学",)
# English words that are part of another language's words: "pin yin" is pinyin, not a PIN.
_NOT_SECRET_PAIRS = {("pin", "yin")}


def _cjk_secret(text: str) -> str | None:
    """What secret a Chinese ``text`` names, if any (None also when it says not to give it)."""
    for word in _CJK_NOT_SECRETS:
        text = text.replace(word, "")
    for term, what in _CJK_SECRETS:
        if term in text:
            if any(negation in text for negation in _CJK_NEGATIONS):
                return None
            if term == "令牌" and any(q in text for q in _CJK_TOKEN_QUANTITY):
                return None
            return what
    return None


def secret_kind(text: str) -> str | None:
    """What secret ``text`` (a name, title or description) asks for, if any: English words
    (``api_key``, "Your password") and Chinese terms (密码, 口令, 密钥, 令牌, 卡号, 安全码)."""
    if not text.isascii():
        found = _cjk_secret(text)
        if found is not None or any(n in text for n in _CJK_NEGATIONS):
            return found
    words = _words(text)
    if any(w in _NEGATIONS for w in words):
        return None  # "do not enter your password here"
    for index, word in enumerate(words):
        if tuple(words[index : index + 2]) in _NOT_SECRET_PAIRS:
            continue
        if word in _SECRET_WORDS:
            return _SECRET_WORDS[word]
    for pair in itertools.pairwise(words):
        if pair in _SECRET_PAIRS:
            return _SECRET_PAIRS[pair]
    if "token" in words and not _TOKEN_QUANTITY.intersection(words):
        return TOKEN_ALONE
    return None


# --- displayed text -----------------------------------------------------------------------------

#: Characters that reorder the text around them (Unicode bidi embeddings, overrides, isolates
#: and marks): "moc.elgoog" with U+202E in front displays as "google.com".
BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)

#: Letters that display as nothing (Hangul fillers), besides the format characters (Cf).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

#: Where a text may span lines (message, description): a line break or tab is layout there.
MULTILINE_OK = frozenset("\n\t")


def _allowed_joiner(text: str, index: int) -> bool:
    """ZWJ inside an emoji sequence and ZWNJ after a letter of a non-Latin script are text."""
    ch = text[index]
    before = text[index - 1] if index else ""
    if ch == "\u200d":
        return before != "" and unicodedata.category(before) in ("So", "Sk", "Mn")
    if ch == "\u200c":
        return before != "" and ord(before) >= 0x370 and unicodedata.category(before)[0] in "LM"
    return False


def hidden_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` that display as nothing or change how the rest displays.

    Controls (C0, C1), format characters (Cf: bidi controls, zero-width spaces, soft hyphens),
    line and paragraph separators, and blank letters; ``multiline`` allows line breaks and tabs.
    """
    if text.isascii() and text.isprintable():  # most text: none of those is printable ASCII
        return []
    found = []
    for index, ch in enumerate(text):
        if ch.isprintable() and ch not in _BLANK_LETTERS:
            if unicodedata.category(ch) != "Cf":
                continue
        elif ch == " " or unicodedata.category(ch) in ("Zs", "Co", "Cn"):
            continue  # a space, a private-use or unassigned character show as a gap or a box
        if multiline and ch in MULTILINE_OK:
            continue
        if _allowed_joiner(text, index):
            continue
        found.append(ch)
    return found


def describe(ch: str) -> str:
    """``U+202E RIGHT-TO-LEFT OVERRIDE``."""
    fallback = "CONTROL CHARACTER" if unicodedata.category(ch) == "Cc" else "NO NAME"
    return f"U+{ord(ch):04X} {unicodedata.name(ch, fallback)}"


def label_key(label: str) -> str:
    """How a label reads: NFKC, case-folded, without invisible characters, spaces collapsed."""
    text = unicodedata.normalize("NFKC", label)
    text = "".join(
        " " if unicodedata.category(ch) in ("Zs", "Zl", "Zp", "Cc") else ch
        for ch in text
        if unicodedata.category(ch) != "Cf" and ch not in _BLANK_LETTERS
    )
    return " ".join(text.casefold().split())


# --- URLs ---------------------------------------------------------------------------------------

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def url_of(ctx: Context) -> tuple[str, str, SplitResult | None] | None:
    """(url, pointer, parsed) of a URL-mode elicitation; parsed is None when unparseable."""
    elicitation = ctx.elicitation
    if elicitation.mode is not Mode.URL or elicitation.url is None:
        return None
    pointer = join_pointer(elicitation.params_pointer or "", "url")
    from urllib.parse import urlsplit  # (with ipaddress: only for a URL-mode request)

    try:
        parsed = urlsplit(elicitation.url)
        parsed.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        return elicitation.url, pointer, None
    return elicitation.url, pointer, parsed


@functools.lru_cache(maxsize=8)
def url_verdict(url: str) -> UrlCheck:
    """What the consent screens decide of ``url`` (``runtime/core/urlcheck.py``'s check_url), once
    for all the URL rules; imported here, so that only URL-mode inputs pay for its imports."""
    from ...runtime.core.urlcheck import check_url

    return check_url(url)


def is_local(host: str | None) -> bool:
    return host is not None and (host in LOCAL_HOSTS or host.endswith(".localhost"))


# --- keywords outside the subset ---------------------------------------------------------------

ROOT_KEYS = frozenset({"$schema", "type", "properties", "required", "title", "description"})

#: Every keyword of the subset, wherever it may stand: what a misspelt keyword is compared with.
SUBSET_KEYWORDS = frozenset(
    ROOT_KEYS
    | COMMON_KEYS
    | OPTION_KEYS
    | {"items", "anyOf"}
    | {key for keys in KIND_KEYS.values() for key in keys}
    | {key for keys in ITEMS_KEYS.values() for key in keys}
)

#: JSON Schema keywords outside the subset (and common extensions): real keywords, never typos.
OTHER_KEYWORDS = frozenset(
    {
        "$id", "$ref", "$defs", "$anchor", "$comment", "$vocabulary", "$dynamicRef",
        "definitions", "allOf", "not", "if", "then", "else", "dependentSchemas",
        "dependentRequired", "dependencies", "prefixItems", "contains", "minContains",
        "maxContains", "uniqueItems", "unevaluatedItems", "unevaluatedProperties",
        "additionalItems", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "pattern", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "examples", "example", "readOnly", "writeOnly", "deprecated",
        "contentEncoding", "contentMediaType", "contentSchema", "nullable", "placeholder",
    }
)  # fmt: skip


def misspelt_keyword(key: str) -> str | None:
    """The subset keyword ``key`` is a likely misspelling of (``requried`` -> ``required``), or
    None for a real keyword of JSON Schema, an extension (``x-...``) or nothing close."""
    from ..suggest import closest

    if key in SUBSET_KEYWORDS or key in OTHER_KEYWORDS or key.startswith(("x-", "$")):
        return None
    return closest(key, sorted(SUBSET_KEYWORDS))


def _extra_keys(allowed: frozenset[str], value: JSON) -> list[str]:
    return [k for k in value if k not in allowed] if isinstance(value, dict) else []


#: The kind each kind-specific keyword belongs to (``minimum``: numbers).
_KIND_OF_KEY = {key: kind for kind, keys in KIND_KEYS.items() for key in keys}


def keys_outside_subset(ctx: Context) -> Iterator[tuple[str, str, str, Kind | None]]:
    """Every keyword of a form that the subset does not allow where it stands, annotations aside
    (:func:`annotations_outside_subset`): (pointer, key, where it stands for a message, the kind
    it belongs to when it is another kind's keyword)."""
    for pointer, key, where, other, _ in _outside_subset(ctx):
        if key not in ANNOTATION_KEYS:
            yield pointer, key, where, other


def annotations_outside_subset(ctx: Context) -> Iterator[tuple[str, str, str, JSON]]:
    """Every annotation (``examples``, ``deprecated``, a ``title`` in ``items``, ...; see
    ``kinds.ANNOTATION_TYPES``) where the subset has no such keyword: (pointer, key, where it
    stands for a message, its value)."""
    for pointer, key, where, _, value in _outside_subset(ctx):
        if key in ANNOTATION_KEYS:
            yield pointer, key, where, value


#: Where a keyword stands, as a message says it: ``str.format`` templates (the web element fills
#: the same slots).
WHERE = {
    "root": "requestedSchema",
    "field": "field {name!r}",
    "items": "{where} items",
    "option": "{where} option",
}


def every_annotation(ctx: Context) -> Iterator[tuple[str, str, str, JSON]]:
    """Every annotation of a form, wherever it stands (root, field, ``items``, option; a titled
    option's ``title`` aside, which EG152 checks): (the pointer of the schema it stands in, key,
    where, value). The annotation's own pointer is ``join_pointer(parent, key)``, made only by
    a caller that reports it."""
    if not ctx.is_form:
        return
    yield from _annotations_of(ctx.root, ctx.at(), WHERE["root"])
    for prop in ctx.valid_properties:
        where = WHERE["field"].format(name=prop.name)
        yield from _annotations_of(prop.keys, prop.pointer, where)
        if prop.kind.is_multi:
            items = WHERE["items"].format(where=where)
            yield from _annotations_of(prop.keys.get("items"), prop.at("items"), items)
        if prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
            for index, option in enumerate(prop.raw_options() or []):
                pointer = f"{prop.options_pointer}/{index}"
                found = _annotations_of(option, pointer, WHERE["option"].format(where=where))
                yield from (a for a in found if a[1] != "title")


def _annotations_of(schema: JSON, pointer: str, where: str) -> Iterator[tuple[str, str, str, JSON]]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ANNOTATION_KEYS:
                yield pointer, key, where, value


def _outside_subset(ctx: Context) -> Iterator[tuple[str, str, str, Kind | None, JSON]]:
    if not ctx.is_form:
        return
    for key in _extra_keys(ROOT_KEYS, ctx.schema):
        yield ctx.at(key), key, WHERE["root"], None, ctx.root[key]
    for prop in ctx.valid_properties:
        yield from _field_keys(prop)


def _field_keys(prop: Prop) -> Iterator[tuple[str, str, str, Kind | None, JSON]]:
    where = WHERE["field"].format(name=prop.name)
    for key in _extra_keys(COMMON_KEYS | KIND_KEYS[prop.kind], prop.keys):
        other = _KIND_OF_KEY.get(key)
        kind = other if other and other != prop.kind else None
        if kind is Kind.NUMBER and prop.numeric:
            kind = None  # `minimum` on a select of numbers applies (but no form enforces it)
        yield prop.at(key), key, where, kind, prop.keys[key]
    items = prop.keys.get("items")
    if prop.kind.is_multi and isinstance(items, dict):  # always a dict for a multi-select
        for key in _extra_keys(ITEMS_KEYS[prop.kind], items):
            yield prop.at("items", key), key, WHERE["items"].format(where=where), None, items[key]
    if prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
        for index, option in enumerate(prop.raw_options() or []):
            if isinstance(option, dict):
                for key in _extra_keys(OPTION_KEYS, option):
                    pointer = f"{prop.options_pointer}/{index}/{key}"
                    yield pointer, key, WHERE["option"].format(where=where), None, option[key]
