# --- elicit-gen pattern engine: the parser -------------------------------------------------------
# The parser of the ``pattern`` engine: a pattern read into the syntax tree (pattern_base.py)
# where ECMAScript (u flag), Python's re and Rust's regex all read it alike, refused with a reason
# and a place elsewhere. Copied verbatim after pattern_base.py.

from .pattern_base import (
    _DOT,
    _DOT_WIDE,
    _MAX_DEPTH,
    _MAX_POSITIONS,
    _MAX_REPEAT,
    _MAX_STEPS,
    PatternBudget,
    PatternError,
    _Alt,
    _Anchor,
    _class_escape,
    _invert,
    _Look,
    _Node,
    _Rep,
    _Seq,
    _Set,
    _union,
)

# --- end of runtime imports ---

_SYNTAX = "^$\\.*+?()[]{}|/"
_CONTROLS = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13}
_HEX = "0123456789abcdefABCDEF"


def _char(code: int) -> _Set:
    bounds = (code, code + 1)
    return _Set(bounds, bounds)


class _Parser:
    """Reads a pattern into a syntax tree, refusing what the engines do not all read alike."""

    def __init__(self, text: str, budget: PatternBudget) -> None:
        self.text = text
        self.budget = budget
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
            self.budget.spend(sum(len(s.narrow) + len(s.wide) for s in sets))
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
        # a class written before is read once: its sets joined the first time only
        key = self.text[start : self.at]
        found = self.budget.sets.get(key)
        if found is None:
            self.budget.spend(sum(map(len, narrow)) + sum(map(len, wide)))
            if negated:
                found = (_invert(_union(*wide)), _invert(_union(*narrow)))
            else:
                found = (_union(*narrow), _union(*wide))
            self.budget.sets[key] = found
        return _Set(*found)

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
