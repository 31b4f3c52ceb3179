# --- elicit-gen pattern engine: limits, sets, syntax tree ----------------------------------------
# The first part of the ``pattern`` engine (pattern.py's docstring says what it reads and how):
# its limits, PatternError, sets of characters (with the tables scripts/pattern_tables.py
# generates) and the syntax tree the parser (pattern_parse.py) builds. Copied verbatim, before the
# other parts of the engine, into every generated Python module that checks a pattern.

import bisect as _bisect

# --- end of runtime imports ---

# The engine behind ``pattern`` (see elicit_gen/runtime/core/pattern.py's docstring): a pattern is
# read as ECMAScript (u flag), Python's re and Rust's regex all read it, refused where they
# differ, and matched in linear time by a position automaton over bit sets.

_MAX_LENGTH = 4096
_MAX_DEPTH = 64
_MAX_REPEAT = 1000
_MAX_POSITIONS = 1000
_MAX_STEPS = 64
_MAX_LOOKAROUNDS = 16
# zero-width alternatives (such as (^|\b)) a part may need, combined
_MAX_CONDITIONS = 16
# distinct position sets a search keeps before it forgets them (a bounded DFA cache)
_MAX_STATES = 1024
# the work compiling may take, shared by a form's patterns (each character of a pattern, each
# boundary of the sets a class joins, each part of its automata; see PatternBudget): well above
# what real forms take, far below what a second of compiling does
_MAX_WORK = 300_000
_END = 0x110000


class PatternError(ValueError):
    """Why a pattern cannot be enforced as every engine reads it, and where: ``at`` is the
    0-based index of the character at fault in the pattern (counted in code points), -1 when
    the fault is the pattern as a whole."""

    def __init__(self, reason: str, at: int = -1) -> None:
        super().__init__(reason if at < 0 else f"{reason} (at character {at + 1})")
        self.reason = reason
        self.at = at


_OVER_BUDGET = f"too costly to compile: the form's patterns need over {_MAX_WORK} steps"


class PatternBudget:
    """The work compiling may still take (``left``), shared by the patterns of one form so that
    many patterns cannot each take the whole of it, and the classes already read (``sets``, by
    their text: a class written again costs nothing more). Compiling charges its work before it
    does it; past the limit, the pattern (and every later one) is refused."""

    __slots__ = ("left", "limit", "sets")

    def __init__(self, limit: int = _MAX_WORK) -> None:
        self.limit = limit
        self.left = limit
        self.sets: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def spend(self, work: int) -> None:
        self.left -= work
        if self.left < 0:
            raise PatternError(_OVER_BUDGET)


# --- sets of characters ---
# A set is a tuple of boundaries (a0, b0, a1, b1, ...): the code points a0 <= c < b0, ...


def _span(*pairs: tuple[int, int]) -> tuple[int, ...]:
    """The set of the inclusive ranges ``pairs``."""
    out: list[int] = []
    for lo, hi in sorted(pairs):
        if out and lo <= out[-1]:
            out[-1] = max(out[-1], hi + 1)
        else:
            out += [lo, hi + 1]
    return tuple(out)


def _union(*sets: tuple[int, ...]) -> tuple[int, ...]:
    pairs = [(s[i], s[i + 1] - 1) for s in sets for i in range(0, len(s), 2)]
    return _span(*pairs)


def _invert(bounds: tuple[int, ...]) -> tuple[int, ...]:
    items = list(bounds)
    if items and items[0] == 0:
        items.pop(0)
    else:
        items.insert(0, 0)
    if items and items[-1] == _END:
        items.pop()
    else:
        items.append(_END)
    return tuple(items)


def _has(bounds: tuple[int, ...], code: int) -> bool:
    return _bisect.bisect_right(bounds, code) % 2 == 1


def _decode(text: str) -> tuple[int, ...]:
    """A set from its generated table: boundaries as base-36 differences."""
    out: list[int] = []
    at = 0
    for token in text.split():
        at += int(token, 36)
        out.append(at)
    return tuple(out)


# --- generated tables (scripts/pattern_tables.py) ---
# What some engine counts as a word character (\w) or a digit (\d): Python's re (str.isalnum()
# and _, Nd), Rust's regex (Alphabetic, M, Nd, Pc, Join_Control) and ECMAScript ([A-Za-z0-9_],
# [0-9]), with every code point still unassigned in Unicode 15.1 (a newer engine may call it a
# letter or a digit).
_WORD_TABLE = (
    "1c a 7 q 4 1 1 q 1b 1 7 2 1 1 3 2 1 3 1 n 1 v 1 cq 4 c e 5 7 1 1 1 h 39 "
    "1 8 1 5 2 1 1 32 1 3v 1 5z 6 15 2 2 3 1a 1 1 1 2 1 2 1 18 2 b g b 5 22 4 "
    "2u 1 8 2 a 1 j 2 1 e 1 1 6e 4 4 2 1c f v 1 15 1 7 2 28 1 3l 2 a 1 3l 2 6 "
    "2 1 1 3c 1 3d 2 3i 1 3m 8 3g 1 7 1 4 1 5m 1 15 1 3e 1 22 1 f 1 a 2 4l n "
    "2 6 k 1 1 1 1 1 1 4 1z 1 1k 8 1 6 1 d 33 6 26 2 2j 1 h0 9 13 a 2u 1 h8 2 "
    "h 1 q 2 26 3 1z 2 4d 3 1 4 10 b 3 1 8h 1 3 2 48 y u 2 3k 7 1 6 4g 2 a h "
    "9 c 3g 4 1n 5 1q 2 1s 8 b 1 kp 1 1 3 b 3 d 3 d 3 d 2 1 c 2 1d 2 j 1 g 1 "
    "a a 5 b 5 h y 1q 2 1 4 1 2 a 1 1 3 5 6 1 1 1 1 1 1 4 1 b 2 4 5 5 4 1 1 "
    "1m 2 4 ii m b 29 q 22 hi u rk 2 3u 6d 6 e 4 1 2 34 1 3z 1b 1 1a y q 1 2h "
    "c 5y q l 3 p f 1 5 2 5 3 2j 2 3 1 2i 1 44 2 4 a w 12 9 1 g v b u 8 1 f w "
    "a 13 f 8w 534 1s h3k 1j 1j 2 7h 3 2r 1 a 1 37 6 8 n 9 2 2v 2 4d 4 a 4 1m "
    "4 2e 2 14 3 1 1 1d 2 1b 1 2p d g 2 3g 4 n 3 2s 2 g 2 2x 1 e 2 3j 1 8pg "
    "6io fd 1 3s x a3 i 1s 2 1i 8 18 4 g a m 3 2 o 3 3 1 j 1 4 43 1 1 f a 7 q "
    "4 1 1 q b 3e 7 1 7 a 5 76 3 1g 9 1l h 2 3 1 d 3 1 1b 19 bm 1 1c 1 bi 1 "
    "kn 1 v 2 4m 1 v 1 7k 9 12 1 20 1 13 7 1u 7 2h 4 cx 1 v 2 7x 1 y 9 3g 5 "
    "18 4 59 7 31 7 b 1 36 4 1c 2 27 4 4 1 d 1 1 3 2g 6 2z 1 8a 2 1 2 36 5 a "
    "2 1 1 2w 1 6y n 2x 3 s d 24 1 3m 4 6z 1 7c 3 4b 1 2k 8 2b 3 1 5 2l a 5z "
    "1 2n 5 16 2 hx 2 22 d 3p t d 1 vk 5 29o 2 u5 g apa 2 3p 1 1t 9 4 2 fb 3 "
    "87 4 93 1 f5l 1 2 5 318 6o a 3 3 c4 6 n f h 2n 38 1o 6u a 13 2 1o 5 3 6 "
    "8 8 2 7 u 4 1p l 1u 3 1 3e k 18 2f oa 1 p 1 v 1 p 1 v 1 p 1 v 1 p 1 v 1 "
    "p 1 1o e8 1j 4 1e 8 1 e 1 7 1c3 1 bz 1 lb 1 ny 2 ng 1 3 1 3h 1 ch 2 7i "
    "18 4 2s c f 2 f 1 f 1 11 n z q 6 q 6 q 10 1k t d 18 4 9 7 2 e 6 4a rd 3 "
    "h 3 d 3 62 6 c 4 1 f c 4 1k 8 a 6 14 8 u 2 c 4 2 e 9 13 9k 8 e 2 d 3 b 3 "
    "1l 1 1 4 g 2 c 4 a 7 43 1 2k a 1 gvly 1 u 2o 1egw 1eke 2 1eke 2"
)
_DIGIT_TABLE = (
    "1c a n2 2 6 4 7 1 1 1 k 1 b1 1 12 2 1e 2 3 1 1j 8 r 4 6 b 2o a 3q a k 1 "
    "1o 2 2t o 1d 2 1d 2 f 1 s 2 1 1 b 5 y 5 5r a k 1 8 2 2 2 m 1 7 1 1 3 4 2 "
    "9 2 2 2 4 8 1 4 2 1 5 c f 2 3 1 6 4 2 2 m 1 7 1 2 1 2 1 2 2 1 1 5 4 2 2 "
    "3 3 1 7 4 1 1 h 7 a 3 1 9 1 3 1 m 1 7 1 2 1 5 2 a 1 3 1 3 2 1 f 4 c 2 7 "
    "7 1 3 1 8 2 2 2 m 1 7 1 2 1 5 2 9 2 2 2 3 7 3 4 2 1 5 c 8 a 2 1 6 3 3 1 "
    "4 3 2 1 1 1 2 3 2 3 3 3 c 4 5 3 3 1 4 2 1 6 1 o b 5 d 1 3 1 n 1 g 2 9 1 "
    "3 1 4 7 2 1 3 1 2 2 4 j m 1 3 1 n 1 a 1 5 2 9 1 3 1 4 7 2 5 3 1 4 d 3 c "
    "d 1 3 1 1f 1 3 1 6 4 g c g 1 3 1 i 3 o 1 9 1 1 2 7 3 1 4 6 1 1 1 8 i 3 c "
    "1m 4 h a 2 11 2 1 1 1 5 1 o 1 1 1 n 2 5 1 1 1 7 d 4 w w a u 1 10 4 13 1 "
    "10 1 f 1 d 11 1s a 1y a 18 1 1 5 1 2 ah 1 4 2 7 1 1 1 4 2 15 1 4 2 x 1 4 "
    "2 7 1 1 1 4 2 f 1 1l 1 4 2 1v 2 w 3 q 6 2e 2 6 2 il 3 2h 7 m 9 o 9 k c d "
    "1 3 1 2 c 2m i a 6 g g 2h 7 17 5 1y a v 1 c 4 c 4 1 3 2 a u 2 5 b 18 4 q "
    "g 1 3 1q 2 1t 1 t 2 1 w e 2 1a 2 c k 25 1 2 a 2e a 1m 8 1o 3 5 d 3 a 1d "
    "5 17 2 b 8 17 5 eu 2 6 2 12 2 6 2 8 1 1 1 1 1 1 1 v 2 1h 1 f 1 e 2 6 1 j "
    "2 3 1 9 1 2t 1 c 2 r 1 d 3 y e x f 3w 4 ii m b l 1ec 2 am 5 19 1 1 5 1 2 "
    "1k 7 2 e o 9 7 1 7 1 7 1 7 1 7 1 7 1 7 1 7 1 3i y q 1 2h c 5y q 28 1 2e "
    "2 2v 5 17 1 2m 1 2e 9 1c 1 mlp 3 1j 9 9c a 2 k 54 8 65 k 1o 3 a 6 1k 8 "
    "1y 8 2 g w a 22 b u 3 26 1 1 e i a 5 1 1j 9 e e 2v o s a 6 2 6 2 6 9 7 1 "
    "7 1 1o 4 3i i 8mc c n 4 1d 4 6su 2 2y 12 7 c 5 5 q 1 5 1 1 1 2 1 2 1 i2 "
    "w 16 6 1f 1 j 1 4 4 5 1 3r 2 1 1 f a 4l 3 6 2 6 2 6 2 3 3 7 1 7 a 5 2 c "
    "1 q 1 j 1 2 1 f 2 e y 3f 5 3 4 19 3 2g 1 d 3 1 1b 1a 3m t 3 1d f s 4 10 "
    "9 u 5 17 5 u 1 11 4 e 16 4e i 10 4 10 4 14 8 1g b c 1 f 1 7 1 2 1 b 1 f "
    "1 7 1 2 3 1g c 8n 9 m a 8 o 6 1 16 1 9 1x 6 2 1 1 18 1 2 3 1 2 n 1 20 8 "
    "9 1c j 1 2 5 x 3 r 5 r 12 1k 4 k 2 1e 1 2 5 8 1 3 1 t 2 3 4 a 7 9 7 1s w "
    "13 4 c 9 1i 3 t 2 r 5 q 7 4 c 7 28 21 1j 1f d 1f 7 1a y s 3 t 8 2 5s v 1 "
    "16 1 3 2 2 g 6 8 9 x 1a 8 16 m q 12 s k n 9 26 4 k a 6 9 1w a 1 2 p n 1h "
    "b 8 8 13 9 28 a 6 1 k b i 1 1b 1q 7 1 1 1 4 1 f 1 b 6 1n l 4 1 8 2 2 2 m "
    "1 7 1 2 1 5 1 a 2 2 2 3 2 1 6 1 5 7 2 7 3 5 b a 1 1 2 1 1 12 1 a 1 1 2 1 "
    "1 4 1 a 1 2 8 2 t 28 a 2 1 5 u 20 54 1i 2 12 y 1x r d j 1m 1y r 2 f e d "
    "55 1o 2s 1s a 9 c 8 2 1 2 8 1 2 1 u 1 2 2 c 2h 8 2 1a 2 b r 20 8 2b d 21 "
    "7 a 2e 8 2g y u 9 1 19 1 e k j 3 w 2 m 1 e 21 7 1 2 1 18 3 1 1 2 1 9 o 6 "
    "1 2 1 11 1 2 1 6 n 18 78 p 7 h 1 15 3 i a 1 2d 1 f 1e d pn 2u 33 1 5 b "
    "5g 218 2r d uu a 32z 5 g7 5a1 1c 1cg ft 7 v f 29 h u 2 6 a 1y l 7 1 l 5 "
    "j c0 1c 5s 2j 5 p 2 p 18 23 4 1l 7 h 1s 5 b 7 9 5p2 15 w 2p 37 6pp 4 1 7 "
    "1 2 1 83 f 1 t 3 2 1 e 4 8 b0 1s4 2z 5 d 3 9 7 a 2 8 318 6o a 3 3 c4 6 n "
    "f h f 1a 2 n 9 38 1o 6u a 13 2 5e l 1y 3e k c k c 2f 9 p 3r 2d 1 1z 1 2 "
    "2 1 2 2 2 4 1 c 1 1 1 7 1 1t 1 4 2 8 1 7 1 s 1 4 1 5 1 1 3 7 1 9g 2 84 "
    "1g i4 f 5 1 f uo v 6 6 5x 7 1 h 2 7 1 2 1 5 5 1q x 1 34 19 3 e g 2 8w v "
    "h 1c f 1 cw w 68 x e 1 5c v 1 m 8 2 68 7 1 4 1 2 1 f 1 5h 2 g 15 24 i 2 "
    "lt 1w 24 1p 5e 4 1 r 1 2 1 1 2 1 1 a 1 4 1 1 1 1 6 1 4 1 1 1 1 1 1 3 1 2 "
    "1 1 2 1 1 1 1 1 1 1 1 1 1 2 1 1 2 4 1 7 1 4 1 4 1 1 1 a 1 h 5 3 1 5 1 h "
    "1g 2 7i 18 4 2s c f 2 f 1 f 1 11 a 4u 1k t d 18 4 9 7 2 e 6 4a rd 3 h 3 "
    "d 3 62 6 c 4 1 f c 4 1k 8 a 6 14 8 u 2 c 4 2 e 9 13 9k 8 e 2 d 3 b 3 1l "
    "1 1 4 g 2 c 4 a 7 43 1 2k a 1 sl wyo w 3dq 2 4ge 2 5rl f ha 1wi f2 15u "
    "3t7 5 6ju f5vr 1 u 2o 3k 6o 1e6o 1eke 2 1eke 2"
)
# --- end of generated tables ---

_DIGIT = _span((0x30, 0x39))
_WORD = _span((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
# white space in all three engines; the widest adds Python's \x1c-\x1f and \x85, ECMAScript's
# U+FEFF, and U+180E (white space in older engines)
_SPACE = _span(
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
)
_SPACE_WIDE = _union(
    _SPACE,
    _span((0x1C, 0x1F), (0x85, 0x85), (0x180E, 0x180E), (0xFEFF, 0xFEFF)),
)
# . in ECMAScript excludes the line terminators; in Python and Rust only \n
_DOT = _invert(_span((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)))
_DOT_WIDE = _invert(_span((0x0A, 0x0A)))
_WIDE: dict[str, tuple[int, ...]] = {}
_ESCAPES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _wide(name: str) -> tuple[int, ...]:
    """The widest \\w (``word``) or \\d (``digit``) of any engine, decoded on first use."""
    if name not in _WIDE:
        _WIDE[name] = _decode(_WORD_TABLE if name == "word" else _DIGIT_TABLE)
    return _WIDE[name]


def _class_escape(letter: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(what every engine matches, what any engine matches) for \\d \\D \\w \\W \\s \\S,
    computed once (the same sets each time)."""
    found = _ESCAPES.get(letter)
    if found is None:
        found = _ESCAPES[letter] = _class_sets(letter)
    return found


def _class_sets(letter: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    lower = letter.lower()
    narrow = {"d": _DIGIT, "w": _WORD, "s": _SPACE}[lower]
    wide = _SPACE_WIDE if lower == "s" else _wide("digit" if lower == "d" else "word")
    if letter.islower():
        return narrow, wide
    return _invert(wide), _invert(narrow)


# --- the syntax tree ---


class _Node:
    """A part of the syntax tree: one of the classes below."""

    __slots__ = ()


class _Set(_Node):
    """One character: ``narrow`` every engine matches, ``wide`` any engine does."""

    __slots__ = ("narrow", "wide")

    def __init__(self, narrow: tuple[int, ...], wide: tuple[int, ...]) -> None:
        self.narrow = narrow
        self.wide = wide


class _Seq(_Node):
    __slots__ = ("items",)

    def __init__(self, items: list[_Node]) -> None:
        self.items = items


class _Alt(_Node):
    __slots__ = ("items",)

    def __init__(self, items: list[_Node]) -> None:
        self.items = items


class _Rep(_Node):
    __slots__ = ("high", "item", "low")

    def __init__(self, item: _Node, low: int, high: int | None) -> None:
        self.item = item
        self.low = low
        self.high = high  # None: no upper bound


class _Anchor(_Node):
    """``^``, ``$``, ``\\b`` (``b``) or ``\\B`` (``B``)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind


class _Look(_Node):
    __slots__ = ("behind", "item", "negative")

    def __init__(self, item: _Node, behind: bool, negative: bool) -> None:
        self.item = item
        self.behind = behind
        self.negative = negative
