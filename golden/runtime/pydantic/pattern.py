# The engine behind ``pattern`` (see elicit_gen/runtime/pattern.py's docstring): a pattern is
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
_END = 0x110000


class PatternError(ValueError):
    """Why a pattern cannot be enforced as every engine reads it, and where: ``at`` is the
    0-based index of the character at fault in the pattern (counted in code points), -1 when
    the fault is the pattern as a whole."""

    def __init__(self, reason: str, at: int = -1) -> None:
        super().__init__(reason if at < 0 else f"{reason} (at character {at + 1})")
        self.reason = reason
        self.at = at


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


def _wide(name: str) -> tuple[int, ...]:
    """The widest \\w (``word``) or \\d (``digit``) of any engine, decoded on first use."""
    if name not in _WIDE:
        _WIDE[name] = _decode(_WORD_TABLE if name == "word" else _DIGIT_TABLE)
    return _WIDE[name]


def _class_escape(letter: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(what every engine matches, what any engine matches) for \\d \\D \\w \\W \\s \\S."""
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


_SYNTAX = "^$\\.*+?()[]{}|/"
_CONTROLS = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13}
_HEX = "0123456789abcdefABCDEF"


def _char(code: int) -> _Set:
    bounds = (code, code + 1)
    return _Set(bounds, bounds)


class _Parser:
    """Reads a pattern into a syntax tree, refusing what the engines do not all read alike."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.depth = 0
        self.size = 0  # positions, counted as repetition expands them

    def fail(self, reason: str, at: int | None = None) -> PatternError:
        return PatternError(reason, self.at if at is None else at)

    def peek(self, ahead: int = 0) -> str:
        at = self.at + ahead
        return self.text[at] if at < len(self.text) else ""

    def parse(self) -> _Node:
        node = self.alternation()
        if self.at < len(self.text):
            raise self.fail("a ) without an ( before it")
        if self.size > _MAX_POSITIONS:
            raise PatternError(_TOO_LARGE)
        return node

    def alternation(self) -> _Node:
        """The branches up to a ``)`` or the end."""
        branches = [self.sequence()]
        while self.peek() == "|":
            self.at += 1
            branches.append(self.sequence())
        if len(branches) == 1:
            return branches[0]
        sets = [node for node in branches if isinstance(node, _Set)]
        if len(sets) == len(branches):
            # a|b|c is the class [abc]: one position, not three
            self.size -= len(sets) - 1
            narrow = _union(*(s.narrow for s in sets))
            return _Set(narrow, _union(*(s.wide for s in sets)))
        return _Alt(branches)

    def sequence(self) -> _Node:
        items: list[_Node] = []
        while self.at < len(self.text) and self.peek() not in "|)":
            before, start = self.size, self.at
            atom = self.atom()
            items.append(self.quantifier(atom, start, self.size - before))
        if len(items) == 1:
            return items[0]
        return _Seq(items)

    def quantifier(self, atom: _Node, start: int, size: int) -> _Node:
        """``atom`` (from ``start``) with the quantifier that follows it, if any (``size``: its
        positions)."""
        at = self.at
        bounds = self.repeat_bounds()
        if bounds is None:
            return atom
        # ^, $, \b, \B and a look-around cannot be repeated; a group holding one can
        head = self.text[start : start + 4]
        look = head[:3] in ("(?=", "(?!") or head in ("(?<=", "(?<!")
        if look or (isinstance(atom, _Anchor) and head[:1] != "("):
            raise self.fail(
                "an assertion (^, $, \\b, \\B or a look-around) cannot be repeated",
                at,
            )
        low, high = bounds
        if self.peek() == "?":
            self.at += 1  # lazy: the same values match
        brace = self.peek() == "{" and self.brace(self.at) is not None
        if self.peek() in ("*", "+", "?") or brace:
            raise self.fail(
                "two quantifiers in a row (such as a** or a*+) are an error in ECMAScript",
            )
        copies = max(low, 1) if high is None else high
        self.size += size * (copies - 1)
        if self.size > _MAX_POSITIONS:
            raise self.fail(_TOO_LARGE, at)
        return _Rep(atom, low, high)

    def brace(self, at: int) -> tuple[int, int | None, int] | None:
        """``{n}``, ``{n,}`` or ``{n,m}`` at ``at``: (n, m or None, the index after it)."""
        text = self.text
        end = text.find("}", at)
        if end < 0:
            return None
        inner = text[at + 1 : end]
        low_text, comma, high_text = inner.partition(",")
        if not low_text.isdigit() or not low_text.isascii():
            return None
        if high_text and not (high_text.isdigit() and high_text.isascii()):
            return None
        if len(low_text) > 6 or len(high_text) > 6:
            raise self.fail(f"a repeat count above {_MAX_REPEAT}", at)
        low = int(low_text)
        high = low if not comma else (int(high_text) if high_text else None)
        return low, high, end + 1

    def repeat_bounds(self) -> tuple[int, int | None] | None:
        char = self.peek()
        if char in ("*", "+", "?"):
            self.at += 1
            return {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
        if char != "{":
            return None
        found = self.brace(self.at)
        if found is None:
            raise self.fail(_LONE_BRACE)
        low, high, end = found
        if max(low, high or 0) > _MAX_REPEAT:
            raise self.fail(f"a repeat count above {_MAX_REPEAT}")
        if high is not None and high < low:
            raise self.fail("a repeat {n,m} with n above m")
        self.at = end
        return low, high

    def atom(self) -> _Node:
        char = self.peek()
        at = self.at
        if char == "(":
            return self.group()
        if char == "[":
            return self.klass()
        if char == "\\":
            return self.escape()
        self.at += 1
        if char == ".":
            self.size += 1
            return _Set(_DOT, _DOT_WIDE)
        if char in ("^", "$"):
            return _Anchor(char)
        if char in ("*", "+", "?"):
            raise self.fail("a quantifier with nothing to repeat", at)
        if char == "{":
            if self.brace(at) is not None:
                raise self.fail("a quantifier with nothing to repeat", at)
            raise self.fail(_LONE_BRACE, at)
        if char in ("}", "]"):
            raise self.fail(
                f"a lone {char} is an error in ECMAScript with the u flag; write \\{char}",
                at,
            )
        self.size += 1
        return _char(self.code(char, at))

    def code(self, char: str, at: int) -> int:
        code = ord(char)
        if 0xD800 <= code <= 0xDFFF:
            raise self.fail("a surrogate code point is half a character", at)
        return code

    def group(self) -> _Node:
        start = self.at
        self.at += 1
        behind = negative = False
        look = False
        if self.peek() == "?":
            head = self.text[self.at : self.at + 3]
            if head.startswith("?:"):
                self.at += 2
            elif head[:2] in ("?=", "?!"):
                look, negative = True, head[1] == "!"
                self.at += 2
            elif head in ("?<=", "?<!"):
                look, behind, negative = True, True, head[2] == "!"
                self.at += 3
            else:
                raise self.fail(_group_refusal(head), start)
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise self.fail(f"groups nested more than {_MAX_DEPTH} deep", start)
        node = self.alternation()
        self.depth -= 1
        if self.peek() != ")":
            raise self.fail("an ( without its )", start)
        self.at += 1
        if not look:
            return node
        if behind:
            low, high = _width(node)
            if low != high:
                raise self.fail(_LOOK_BEHIND, start)
        return _Look(node, behind, negative)

    def escape(self) -> _Node:
        start = self.at
        letter = self.peek(1)
        if letter in ("b", "B"):
            self.at += 2
            return _Anchor(letter)
        found = self.escaped(in_class=False)
        self.size += 1
        if isinstance(found, _Set):
            return found
        return _char(self.code(chr(found), start))

    def escaped(self, in_class: bool) -> _Set | int:
        """The escape at ``self.at`` (a backslash): a class such as \\d, or a code point."""
        start = self.at
        letter = self.peek(1)
        self.at += 2
        if letter == "":
            raise self.fail("a \\ at the end of the pattern", start)
        if letter in "dDwWsS":
            narrow, wide = _class_escape(letter)
            return _Set(narrow, wide)
        if letter in _CONTROLS:
            return _CONTROLS[letter]
        if letter == "0":
            if self.peek() != "" and self.peek() in "0123456789":
                raise self.fail(_OCTAL, start)
            return 0
        if letter in "123456789":
            raise self.fail(_OCTAL, start)
        if letter == "x":
            digits = self.text[self.at : self.at + 2]
            if len(digits) < 2 or any(d not in _HEX for d in digits):
                raise self.fail("\\x needs two hexadecimal digits", start)
            self.at += 2
            return int(digits, 16)
        if letter == "u":
            return self.unicode_escape(start)
        if letter in _SYNTAX or (in_class and letter == "-"):
            return ord(letter)
        raise self.fail(_escape_refusal(letter, in_class), start)

    def unicode_escape(self, start: int) -> int:
        if self.peek() == "{":
            raise self.fail(
                "\\u{...} is unknown to Python's re; write the character itself",
                start,
            )
        digits = self.text[self.at : self.at + 4]
        if len(digits) < 4 or any(d not in _HEX for d in digits):
            raise self.fail("\\u needs four hexadecimal digits", start)
        self.at += 4
        code = int(digits, 16)
        if 0xD800 <= code <= 0xDFFF:
            raise self.fail(
                "a surrogate escape such as \\ud83d is half a character in Python's re and "
                "joins the next one in ECMAScript; write the character itself",
                start,
            )
        return code

    def klass(self) -> _Node:
        start = self.at
        self.at += 1
        negated = self.peek() == "^"
        if negated:
            self.at += 1
        narrow: list[tuple[int, ...]] = []
        wide: list[tuple[int, ...]] = []
        first = True
        while True:
            char = self.peek()
            if char == "":
                raise self.fail("a [ without its ]", start)
            if char == "]":
                if first:
                    raise self.fail(
                        "[] and [^] mean nothing and anything in ECMAScript, but not in "
                        "Python's re; escape the ] (\\]) if it is part of the class",
                        self.at,
                    )
                self.at += 1
                break
            self.class_item(narrow, wide, first)
            first = False
        self.size += 1
        if negated:
            return _Set(_invert(_union(*wide)), _invert(_union(*narrow)))
        return _Set(_union(*narrow), _union(*wide))

    def class_item(
        self,
        narrow: list[tuple[int, ...]],
        wide: list[tuple[int, ...]],
        first: bool,
    ) -> None:
        """One character, escape or range of a class, added to both lists of sets."""
        at = self.at
        char = self.peek()
        self.doubled_operator(at)
        if char == "-":
            if not first and self.peek(1) != "]":
                raise self.fail(_LONE_DASH)
            self.at += 1
            narrow.append((0x2D, 0x2E))
            wide.append((0x2D, 0x2E))
            return
        low = self.class_atom()
        if self.peek() == "-" and self.peek(1) not in ("]", ""):
            self.doubled_operator(self.at)
            self.at += 1
            self.doubled_operator(self.at)
            high = self.class_atom()
            if isinstance(low, _Set) or isinstance(high, _Set):
                raise self.fail(
                    "a range cannot start or end with a class such as \\d",
                    at,
                )
            if high < low:
                raise self.fail("a range whose end comes before its start", at)
            narrow.append((low, high + 1))
            wide.append((low, high + 1))
            return
        if isinstance(low, _Set):
            narrow.append(low.narrow)
            wide.append(low.wide)
        else:
            narrow.append((low, low + 1))
            wide.append((low, low + 1))

    def doubled_operator(self, at: int) -> None:
        pair = self.text[at : at + 2]
        if pair in ("&&", "--", "~~", "||"):
            raise self.fail(
                f"{pair} inside a class is an operator or a warning in Rust's regex and "
                "Python's re; escape one of the two",
                at,
            )
        if pair[:1] == "[":
            raise self.fail(
                "a [ inside a class starts a nested class in Rust's regex; escape it as \\[",
                at,
            )

    def class_atom(self) -> _Set | int:
        at = self.at
        char = self.peek()
        if char == "":
            raise self.fail("a [ without its ]", at)
        if char == "\\":
            if self.peek(1) in ("b", "B"):
                raise self.fail(_CLASS_B, at)
            found = self.escaped(in_class=True)
            if isinstance(found, int):
                self.code(chr(found), at)
            return found
        self.at += 1
        return self.code(char, at)


_TOO_LARGE = f"too large to check quickly: over {_MAX_POSITIONS} characters to match"
_TOO_COSTLY = f"too costly to check quickly: over {_MAX_STEPS} operations a character"
_NESTED_LOOKS = "a look-behind inside a look-ahead (or the reverse, twice) is too deep"
_LOOK_BEHIND = "a look-behind must have a fixed length (Python's re requires it)"
_CLASS_B = "\\b inside a class means different things to the engines; write \\x08"
_LONE_BRACE = "a lone { is an error in ECMAScript with the u flag; write \\{"
_LONE_DASH = "a - inside a class that is not first, last or a range's; write \\-"
_OCTAL = (
    "back-references and octal escapes (\\1, \\01) are read differently by the engines "
    "or not at all; write \\x01 for a character"
)


def _group_refusal(head: str) -> str:
    """Why a group that starts ``(`` + ``head`` is refused."""
    if head.startswith(("?<", "?P")):
        return (
            "named groups are written (?<name>...) in ECMAScript and (?P<name>...) in "
            "Python's re; use a plain group (...)"
        )
    if head.startswith("?#"):
        return "comments (?#...) are unknown to ECMAScript"
    if head.startswith("?>"):
        return "atomic groups (?>...) are unknown to ECMAScript"
    if head.startswith("?("):
        return "conditionals (?(...)...) are unknown to ECMAScript"
    return "inline flags and other (?...) groups are not read alike by ECMAScript and Python"


def _escape_refusal(letter: str, in_class: bool) -> str:
    """Why the escape ``\\`` + ``letter`` is refused."""
    if letter in "pP":
        return "Unicode property classes (\\p{...}) are unknown to Python's re"
    if letter == "k":
        return "named back-references (\\k<name>) are not supported"
    if letter == "c":
        return "control escapes (\\cA) are unknown to Python's re; write \\x01"
    if letter in "AZz":
        return f"\\{letter} is unknown to ECMAScript; use ^ and $"
    if letter == "-":
        return "\\- outside a class is an error in ECMAScript with the u flag; write -"
    if letter.isascii() and letter.isalnum():
        return f"\\{letter} is not an escape every engine knows"
    return f"\\{letter} is an error with ECMAScript's u flag; write {letter} alone"


def _width(node: _Node) -> tuple[int, int | None]:
    """The fewest and most characters ``node`` matches (None: no most)."""
    if isinstance(node, _Set):
        return 1, 1
    if isinstance(node, (_Anchor, _Look)):
        return 0, 0
    if isinstance(node, _Rep):
        low, high = _width(node.item)
        if node.high is None:
            return low * node.low, None if high != 0 else 0
        return low * node.low, None if high is None else high * node.high
    assert isinstance(node, (_Seq, _Alt))
    widths = [_width(item) for item in node.items]
    if isinstance(node, _Seq):
        highs = [high for _, high in widths]
        total = None if None in highs else sum(h for h in highs if h is not None)
        return sum(low for low, _ in widths), total
    highs = [high for _, high in widths]
    most = None if None in highs else max(h for h in highs if h is not None)
    return min(low for low, _ in widths), most


def _reverse(node: _Node) -> _Node:
    """``node`` matching the same texts backwards (look-arounds stay: they hold at places)."""
    if isinstance(node, _Seq):
        return _Seq([_reverse(item) for item in reversed(node.items)])
    if isinstance(node, _Alt):
        return _Alt([_reverse(item) for item in node.items])
    if isinstance(node, _Rep):
        return _Rep(_reverse(node.item), node.low, node.high)
    return node


# --- the position automaton ---
# A part of a pattern compiles to: the positions that can match its first character and its last
# one, and whether it can match nothing. Each comes with conditions: the zero-width assertions
# (^, $, \b, \B, look-arounds) that must hold at that place, as a bit set of assertion numbers
# (0: none). A condition map is {conditions: positions}; ``empty`` lists the conditions under
# which the part matches nothing. Where one part follows another, each last position of the
# first is linked to each first position of the second: a link "p to p + d" is kept in a shift
# (all links of one distance are one bit-set operation); a bundle "any of L to all of F" where
# that is cheaper.

# assertion numbers 0-6: ^, $ (end only), $ (or before a final \n), \b where every engine
# has one, \b where some engine has one, \B where every engine has one, \B where some has one;
# 7 and up: the look-arounds, in the order they are decided
_START, _END_ONLY, _END_OR_NEWLINE = 0, 1, 2
_BOUNDARY, _BOUNDARY_WIDE, _INSIDE, _INSIDE_WIDE = 3, 4, 5, 6
_FIXED = 7

_Conditions = dict[int, int]
# what a step does where some assertions hold: the first and last positions, whether nothing
# matches there, the shifts ahead and back (positions, distance), the bundles (sources, targets)
_Pairs = list[tuple[int, int]]
_Plan = tuple[int, int, bool, _Pairs, _Pairs, _Pairs]


class _Part:
    __slots__ = ("empty", "first", "last")

    def __init__(
        self,
        first: _Conditions,
        last: _Conditions,
        empty: tuple[int, ...],
    ) -> None:
        self.first = first
        self.last = last
        self.empty = empty


_NOTHING = _Part({}, {}, (0,))
_TOO_MANY_CONDITIONS = "too many alternatives of assertions such as (^|\\b) in a row"


def _least(conditions: set[int]) -> tuple[int, ...]:
    """The conditions of which no other is a part (``a`` holds whenever ``a | b`` does)."""
    kept = [c for c in conditions if not any(d != c and d & c == d for d in conditions)]
    return tuple(sorted(kept))


class _Looks:
    """Where an automaton registers the look-arounds it meets (the _Program)."""

    def look(self, node: _Look, wide: bool) -> int:
        """The assertion number of the look-around ``node`` read ``wide`` or not."""
        raise NotImplementedError


class _Automaton:
    """The position automaton of one pattern, or of one look-around's inside."""

    def __init__(self, program: _Looks, wide: bool) -> None:
        self.program = program
        self.wide = wide  # read with the sets any engine matches (inside a negative look-around)
        self.sets: list[tuple[int, ...]] = []
        self.shifts: dict[tuple[int, int], int] = {}
        self.bundles: list[tuple[int, int, int]] = []
        self.uses = 0  # the assertion numbers it tests, as bits
        self.first: _Conditions = {}
        self.last: _Conditions = {}
        self.empty: tuple[int, ...] = ()
        self.starts: list[int] = []  # where each run of characters begins
        self.runs: list[int] = []  # the class of each run
        self.classes: list[int] = []  # the positions that match each class
        self.plans: dict[int, _Plan] = {}

    def build(self, node: _Node) -> None:
        part = self.part(node)
        self.first, self.last, self.empty = part.first, part.last, part.empty
        self.partition()

    def steps(self) -> int:
        return len(self.shifts) + len(self.bundles) + 1

    def limit(self, found: set[int]) -> tuple[int, ...]:
        conditions = _least(found)
        if len(conditions) > _MAX_CONDITIONS:
            raise PatternError(_TOO_MANY_CONDITIONS)
        return conditions

    def merge(self, *maps: _Conditions) -> _Conditions:
        """The union of condition maps, without a position under conditions that include
        other conditions it has already."""
        out: _Conditions = {}
        for found in maps:
            for condition, positions in found.items():
                out[condition] = out.get(condition, 0) | positions
        if len(out) > _MAX_CONDITIONS:
            raise PatternError(_TOO_MANY_CONDITIONS)
        merged: _Conditions = {}
        for condition in sorted(out, key=int.bit_count):
            positions = out[condition]
            for smaller, seen in merged.items():
                if smaller & condition == smaller:
                    positions &= ~seen
            if positions:
                merged[condition] = positions
        return merged

    def under(self, found: _Conditions, conditions: tuple[int, ...]) -> _Conditions:
        """``found`` where one of ``conditions`` also holds."""
        if conditions == (0,):
            return found
        return self.merge(*({c | n: m} for c, m in found.items() for n in conditions))

    def link(self, last: _Conditions, first: _Conditions) -> None:
        for before, sources in last.items():
            for after, targets in first.items():
                self.edges(sources, targets, before | after)

    def edges(self, sources: int, targets: int, condition: int) -> None:
        if sources.bit_count() * targets.bit_count() > 4:
            self.bundles.append((sources, targets, condition))
            return
        for p in _bits(sources):
            for q in _bits(targets):
                key = (q - p, condition)
                self.shifts[key] = self.shifts.get(key, 0) | 1 << p

    def then(self, a: _Part, b: _Part) -> _Part:
        self.link(a.last, b.first)
        first = self.merge(a.first, self.under(b.first, a.empty))
        last = self.merge(b.last, self.under(a.last, b.empty))
        empty = self.limit({x | y for x in a.empty for y in b.empty})
        return _Part(first, last, empty)

    def part(self, node: _Node) -> _Part:
        if isinstance(node, _Set):
            position = 1 << len(self.sets)
            self.sets.append(node.wide if self.wide else node.narrow)
            return _Part({0: position}, {0: position}, ())
        if isinstance(node, _Anchor):
            bit = 1 << self.anchor(node.kind)
            self.uses |= bit
            return _Part({}, {}, (bit,))
        if isinstance(node, _Look):
            bit = 1 << self.program.look(node, self.wide)
            self.uses |= bit
            return _Part({}, {}, (bit,))
        if isinstance(node, _Seq):
            part = _NOTHING
            for item in node.items:
                part = self.then(part, self.part(item))
            return part
        if isinstance(node, _Alt):
            parts = [self.part(item) for item in node.items]
            return _Part(
                self.merge(*(p.first for p in parts)),
                self.merge(*(p.last for p in parts)),
                self.limit({c for p in parts for c in p.empty}),
            )
        assert isinstance(node, _Rep)
        return self.repeat(node)

    def repeat(self, node: _Rep) -> _Part:
        low, high = node.low, node.high
        if high == 0:
            return _NOTHING
        if high is None:
            copies = [self.part(node.item) for _ in range(max(low, 1))]
            loop = copies[-1]
            self.link(loop.last, loop.first)
            copies[-1] = _Part(loop.first, loop.last, (0,) if low == 0 else loop.empty)
            optional: list[_Part] = []
        else:
            copies = [self.part(node.item) for _ in range(low)]
            optional = [self.part(node.item) for _ in range(high - low)]
        tail: _Part | None = None
        for copy in reversed(optional):
            joined = copy if tail is None else self.then(copy, tail)
            tail = _Part(joined.first, joined.last, (0,))
        part = _NOTHING
        for copy in copies:
            part = self.then(part, copy)
        return part if tail is None else self.then(part, tail)

    def anchor(self, kind: str) -> int:
        if kind == "^":
            return _START
        if kind == "$":
            return _END_OR_NEWLINE if self.wide else _END_ONLY
        if kind == "b":
            return _BOUNDARY_WIDE if self.wide else _BOUNDARY
        return _INSIDE_WIDE if self.wide else _INSIDE

    def partition(self) -> None:
        """Splits the code points into runs that every position matches alike, and numbers
        the distinct sets of positions they match (the classes)."""
        by_set: dict[tuple[int, ...], int] = {}
        for index, bounds in enumerate(self.sets):
            by_set[bounds] = by_set.get(bounds, 0) | 1 << index
        toggles: dict[int, int] = {0: 0}
        for bounds, positions in by_set.items():
            for boundary in bounds:
                toggles[boundary] = toggles.get(boundary, 0) ^ positions
        numbers: dict[int, int] = {}
        current = 0
        for boundary in sorted(toggles):
            current ^= toggles[boundary]
            if boundary >= _END:
                break
            if current not in numbers:
                numbers[current] = len(self.classes)
                self.classes.append(current)
            self.starts.append(boundary)
            self.runs.append(numbers[current])

    def plan(self, context: int) -> _Plan:
        """What a step does where the assertions ``context`` hold (and no others)."""
        plan = self.plans.get(context)
        if plan is None:

            def holds(condition: int) -> bool:
                return condition & ~context == 0

            first = 0
            for condition, positions in self.first.items():
                if holds(condition):
                    first |= positions
            last = 0
            for condition, positions in self.last.items():
                if holds(condition):
                    last |= positions
            ahead: list[tuple[int, int]] = []
            back: list[tuple[int, int]] = []
            for (distance, condition), sources in self.shifts.items():
                if holds(condition):
                    if distance >= 0:
                        ahead.append((sources, distance))
                    else:
                        back.append((sources, -distance))
            bundles = [(s, t) for s, t, c in self.bundles if holds(c)]
            empty = any(holds(c) for c in self.empty)
            plan = (first, last, empty, ahead, back, bundles)
            self.plans[context] = plan
        return plan


def _bits(positions: int) -> list[int]:
    out = []
    while positions:
        low = positions & -positions
        out.append(low.bit_length() - 1)
        positions ^= low
    return out


# --- the search ---
# A search runs in passes: one right to left that decides the look-aheads, one left to right
# that decides the look-behinds and finds the match (more only where look-aheads and
# look-behinds nest in turn). Every automaton of a pass steps on each character together: its
# state is their position sets, and a bounded cache keeps the steps between states seen.

_MAX_PASSES = 2
# what a pass costs a character it has not seen in that state, counted in bit-set operations
_PASS_STEPS = 16


class _Pass:
    """Automata that step together over the text in one direction (``backward``): each part
    is (automaton, the assertion number it decides or -1 for the pattern itself, negative).
    Their positions share one bit set, each part's at its own offset."""

    def __init__(
        self,
        parts: list[tuple[_Automaton, int, bool]],
        backward: bool,
    ) -> None:
        self.backward = backward
        self.parts: list[tuple[_Automaton, int, bool, int]] = []
        offset = made = uses = 0
        for auto, bit, negative in parts:
            self.parts.append((auto, bit, negative, offset))
            offset += len(auto.sets)
            uses |= auto.uses
            if bit >= 0:
                made |= 1 << bit
        self.uses = uses
        self.given = uses & ~made  # the assertions it reads: decided before it runs
        self.steps = sum(auto.steps() for auto, _, _ in parts) + _PASS_STEPS
        # the characters split into runs every automaton matches alike
        self.starts = sorted({start for auto, _, _ in parts for start in auto.starts})
        self.runs: list[int] = []
        self.masks: list[int] = []  # each class: the positions that match it
        numbers: dict[int, int] = {}
        for start in self.starts:
            mask = 0
            for auto, _, _, at in self.parts:
                run = _bisect.bisect_right(auto.starts, start) - 1
                mask |= auto.classes[auto.runs[run]] << at
            if mask not in numbers:
                numbers[mask] = len(self.masks)
                self.masks.append(mask)
            self.runs.append(numbers[mask])
        self.deciders = [(i, bit, neg) for i, (_, bit, neg, _) in enumerate(self.parts)]
        self.endings: dict[int, tuple[int, bool]] = {}
        self.plans: dict[int, tuple[int, _Pairs, _Pairs, _Pairs]] = {}
        self.width = len(self.masks)
        self.memo: dict[str, int] = {}
        self.misses = 0
        self.forget()

    def forget(self) -> None:
        self.numbers: dict[int, int] = {0: 0}
        self.states: list[int] = [0]
        self.rows: list[dict[int, int]] = [{}]

    def klasses(self, text: str) -> list[int]:
        memo = self.memo
        if len(memo) > 4096:
            memo.clear()
        out = []
        for char in text:
            found = memo.get(char)
            if found is None:
                run = _bisect.bisect_right(self.starts, ord(char)) - 1
                found = memo[char] = self.runs[run]
            out.append(found)
        return out

    def ending(self, index: int, context: int) -> tuple[int, bool]:
        """Part ``index``'s last positions where ``context`` holds, and whether it matches
        nothing there."""
        key = context << 6 | index
        found = self.endings.get(key)
        if found is None:
            auto, _, _, at = self.parts[index]
            _, last, empty, _, _, _ = auto.plan(context & auto.uses)
            found = self.endings[key] = (last << at, empty)
        return found

    def plan(self, context: int) -> tuple[int, _Pairs, _Pairs, _Pairs]:
        """Every part's first positions, shifts (merged by distance) and bundles where
        ``context`` holds."""
        first = 0
        ahead: dict[int, int] = {}
        back: dict[int, int] = {}
        bundles: _Pairs = []
        for auto, _, _, at in self.parts:
            own = auto.plan(context & auto.uses)
            first |= own[0] << at
            for sources, distance in own[3]:
                ahead[distance] = ahead.get(distance, 0) | sources << at
            for sources, distance in own[4]:
                back[distance] = back.get(distance, 0) | sources << at
            bundles += [(s << at, t << at) for s, t in own[5]]
        found = (
            first,
            [(m, d) for d, m in ahead.items()],
            [(m, d) for d, m in back.items()],
            bundles,
        )
        self.plans[context] = found
        return found

    def decide(self, positions: int, context: int) -> tuple[int, int]:
        """What this pass decides at a place where its automata stand at ``positions`` and
        ``context`` holds: the decided assertions as bits shifted left by one, with 1 for a
        match of the pattern; and the context with them."""
        found = 0
        endings = self.endings
        for index, bit, negative in self.deciders:
            ending = endings.get(context << 6 | index)
            if ending is None:
                ending = self.ending(index, context)
            if ending[1] or positions & ending[0]:
                if bit < 0:
                    found |= 1
                elif not negative:
                    found |= 2 << bit
                    context |= 1 << bit
            elif bit >= 0 and negative:
                found |= 2 << bit
                context |= 1 << bit
        return found, context

    def advance(self, positions: int, key: int) -> tuple[int, int]:
        """From the positions ``positions`` over ``key`` (the context where they stand times
        the number of classes, plus the class of the character read): the decided bits and
        the next positions."""
        context, klass = divmod(key, self.width)
        found, decided = self.decide(positions, context)
        plan = self.plans.get(decided)
        if plan is None:
            plan = self.plan(decided)
        reached, ahead, back, bundles = plan
        for sources, distance in ahead:
            moved = positions & sources
            if moved:
                reached |= moved << distance
        for sources, distance in back:
            moved = positions & sources
            if moved:
                reached |= moved >> distance
        for sources, targets in bundles:
            if positions & sources:
                reached |= targets
        return found, reached & self.masks[klass]

    def step(self, state: int, key: int) -> int:
        """The step from state ``state`` over ``key`` (see :meth:`advance`): the next state's
        number shifted left by 48, with the decided bits. A new step is remembered; when
        there are too many states, the cache is forgotten and scan stops caching."""
        self.misses += 1
        found, reached = self.advance(self.states[state], key)
        numbers = self.numbers
        number = numbers.get(reached)
        if number is None:
            if len(numbers) >= _MAX_STATES:
                self.forget()
                numbers = self.numbers
                self.thrashing = True
                state = -1
            number = numbers[reached] = len(numbers)
            self.states.append(reached)
            self.rows.append({})
        result = number << 48 | found
        if state >= 0:
            self.rows[state][key] = result
        return result

    def scan(self, text: str, contexts: list[int], stop: bool) -> list[int]:
        """The bits this pass decides at each place 0..n of ``text`` (``contexts``: the
        assertions known there); with ``stop``, up to the first match of the pattern."""
        keys = self.klasses(text)
        given = self.given
        if self.backward:
            keys.reverse()
            contexts = contexts[::-1]
        if given:
            width = self.width
            pairs = zip(contexts, keys, strict=False)
            keys = [(c & given) * width + k for c, k in pairs]
        out = [0] * len(contexts)
        rows = self.rows
        state = 0
        self.thrashing = False
        for at, key in enumerate(keys):
            found = rows[state].get(key)
            if found is None:
                found = self.step(state, key)
                rows = self.rows
                if self.thrashing:
                    # new states at nearly every character: stop caching for this text
                    return self.run(keys, contexts, at, found, out, stop)
            low = found & 0xFFFFFFFFFFFF
            if low:
                out[at] = low
                if stop and low & 1:
                    return out
            state = found >> 48
        return self.finish(self.states[state], contexts, out)

    def run(
        self,
        keys: list[int],
        contexts: list[int],
        at: int,
        found: int,
        out: list[int],
        stop: bool,
    ) -> list[int]:
        """:meth:`scan` from place ``at`` on (where the step gave ``found``), without the
        cache: each step computed from the positions."""
        low = found & 0xFFFFFFFFFFFF
        if low:
            out[at] = low
            if stop and low & 1:
                return out
        positions = self.states[found >> 48]
        advance = self.advance
        for place in range(at + 1, len(keys)):
            low, positions = advance(positions, keys[place])
            if low:
                out[place] = low
                if stop and low & 1:
                    self.misses += place - at
                    return out
        self.misses += len(keys) - at - 1
        return self.finish(positions, contexts, out)

    def finish(self, positions: int, contexts: list[int], out: list[int]) -> list[int]:
        """``out`` with what this pass decides at the last place, in the text's order."""
        out[-1] = self.decide(positions, contexts[-1] & self.given)[0]
        if self.backward:
            out.reverse()
        return out


class _Program(_Looks):
    """A compiled pattern: its automaton, and those of its look-arounds (inner ones first)."""

    def __init__(self, root: _Node) -> None:
        # each look-around: its automaton, whether it looks ahead, whether it is negative
        self.looks: list[tuple[_Automaton, bool, bool]] = []
        self.known: dict[tuple[int, bool], int] = {}
        self.nodes: list[_Look] = []  # keeps the nodes ``known`` is keyed by alive
        self.main = _Automaton(self, wide=False)
        self.main.build(root)
        self.uses = self.main.uses
        for auto, _, _ in self.looks:
            self.uses |= auto.uses

    def look(self, node: _Look, wide: bool) -> int:
        """The assertion number of the look-around ``node`` read ``wide`` or not."""
        key = (id(node), wide)
        if key not in self.known:
            if len(self.looks) >= _MAX_LOOKAROUNDS:
                raise PatternError(f"more than {_MAX_LOOKAROUNDS} look-arounds")
            # under a negative look-around the inside is read the other way
            inside = _Automaton(self, wide != node.negative)
            inside.build(node.item if node.behind else _reverse(node.item))
            self.known[key] = _FIXED + len(self.looks)
            self.nodes.append(node)
            self.looks.append((inside, not node.behind, node.negative))
        return self.known[key]

    def passes(self) -> list[_Pass]:
        """The passes, in order. A look-around is decided in the pass of what uses it when
        both run the same way, else in the pass before; passes alternate, the last (the
        pattern's own) left to right."""
        count = len(self.looks)
        ahead = [a for _, a, _ in self.looks]
        # the earliest pass of each (even: right to left), to know how many there are
        earliest: list[int] = []
        for index, (auto, _, _) in enumerate(self.looks):
            earliest.append(self.earliest(auto, ahead[index], earliest))
        main = self.earliest(self.main, False, earliest)
        # then each look-around as late as its users allow: fewer passes
        stages = [0] * count
        for index in reversed(range(count)):
            bit = 1 << (_FIXED + index)
            users = [main - ahead[index]] if self.main.uses & bit else []
            users += [
                stages[other] - (ahead[other] != ahead[index])
                for other in range(index + 1, count)
                if self.looks[other][0].uses & bit
            ]
            stages[index] = min(users)
        parts: dict[int, list[tuple[_Automaton, int, bool]]] = {}
        for index, (auto, _, negative) in enumerate(self.looks):
            parts.setdefault(stages[index], []).append((auto, _FIXED + index, negative))
        parts.setdefault(main, []).append((self.main, -1, False))
        if len(parts) > _MAX_PASSES:
            raise PatternError(_NESTED_LOOKS)
        return [_Pass(parts[stage], stage % 2 == 0) for stage in sorted(parts)]

    def earliest(self, auto: _Automaton, ahead: bool, stages: list[int]) -> int:
        """The earliest pass ``auto`` can run in (even: right to left, for look-aheads)."""
        stage = 0 if ahead else 1
        for index, other in enumerate(stages):
            if auto.uses & 1 << (_FIXED + index):
                stage = max(stage, other + (self.looks[index][1] != ahead))
        return stage


class CompiledPattern:
    """A pattern as every engine reads it: ``search(text)`` says whether every engine that
    compiles it finds a match in ``text``. ``work`` counts the steps of the last search (at
    most len(text) x ``steps`` bit-set operations, and one lookup a character a pass).
    """

    def __init__(self, source: str) -> None:
        self.source = source
        program = _Program(_Parser(source).parse())
        self.uses = program.uses
        self.passes = program.passes()
        self.steps = sum(one.steps for one in self.passes)
        if self.steps > _MAX_STEPS:
            raise PatternError(_TOO_COSTLY)
        self.work = 0
        # a search fills the passes' caches: one at a time
        self.lock = _threading.Lock()

    def search(self, text: str) -> bool:
        """Whether every engine that compiles the pattern finds a match in ``text``."""
        with self.lock:
            return self.find(text)

    def find(self, text: str) -> bool:
        contexts = self.contexts(text)
        found = False
        self.work = 0
        for index, one in enumerate(self.passes):
            one.misses = 0
            last = index == len(self.passes) - 1
            decided = one.scan(text, contexts, stop=last)
            # a character read, and the bit-set operations of each new step
            self.work += len(text) + 1 + one.misses * one.steps
            if last:
                found = any(bits & 1 for bits in decided)
            else:
                contexts = [c | d >> 1 for c, d in zip(contexts, decided, strict=True)]
        return found

    def contexts(self, text: str) -> list[int]:
        """The fixed assertions (0-6) that hold at each place 0..n of ``text``."""
        uses = self.uses
        size = len(text)
        contexts = [0] * (size + 1)
        if uses & 1 << _START:
            contexts[0] |= 1 << _START
        if uses & 1 << _END_ONLY:
            contexts[size] |= 1 << _END_ONLY
        if uses & 1 << _END_OR_NEWLINE:
            contexts[size] |= 1 << _END_OR_NEWLINE
            if text.endswith("\n"):
                contexts[size - 1] |= 1 << _END_OR_NEWLINE
        if uses & 0b1111 << _BOUNDARY:
            self.boundaries(text, contexts)
        return contexts

    def boundaries(self, text: str, contexts: list[int]) -> None:
        """\\b and \\B: a boundary every engine sees is a word character of every engine
        next to a character (or an end) no engine counts as one; likewise for no boundary.
        """
        word, wide = _WORD, _wide("word")
        sure = [False] + [_has(word, ord(c)) for c in text] + [False]
        maybe = [False] + [_has(wide, ord(c)) for c in text] + [False]
        for at in range(len(text) + 1):
            a_sure, a_maybe, b_sure, b_maybe = (
                sure[at],
                maybe[at],
                sure[at + 1],
                maybe[at + 1],
            )
            boundary = (a_sure and not b_maybe) or (not a_maybe and b_sure)
            # Python's re (before 3.14) finds no \\B at all in an empty text
            inside = (a_sure and b_sure) or (not a_maybe and not b_maybe and bool(text))
            bits = 0
            if boundary:
                bits |= 1 << _BOUNDARY
            if inside:
                bits |= 1 << _INSIDE
            if not inside:
                bits |= 1 << _BOUNDARY_WIDE
            if not boundary:
                bits |= 1 << _INSIDE_WIDE
            contexts[at] |= bits


def compile_pattern(source: str) -> CompiledPattern:
    """``source`` compiled; raises PatternError (with a reason and a place) for a pattern the
    engines do not all read alike, or one too large to check quickly."""
    if len(source) > _MAX_LENGTH:
        raise PatternError(
            f"the pattern is longer than {_MAX_LENGTH} characters",
            _MAX_LENGTH,
        )
    return CompiledPattern(source)
