# --- elicit-gen pattern engine (standard library only) -----------------------------------------
"""JSON Schema ``pattern``, checked as every validator a server may run reads it, in linear time.

Which engines a server may run, and what this module makes of each construct
-------------------------------------------------------------------------------

A server checks an answer's ``pattern`` with one of three engines:

- **ECMAScript with the ``u`` flag**: Ajv (the MCP TypeScript SDK) compiles ``new RegExp(p,
  "u")`` and calls ``.test`` (a search: the pattern may match anywhere in the value).
- **Python's re**: jsonschema calls ``re.search(p, value)``.
- **Rust's regex crate**: pydantic (the Python SDK and FastMCP validate accepted content with it)
  compiles ``Field(pattern=...)`` with it, also a search. It has no look-around: a pydantic model
  with ``pattern=r"^(?=a)"`` fails to build, so such a pattern never comes from a pydantic server.

A value the form accepts must be accepted by every engine that can compile the pattern. The form
therefore reads a pattern only where ECMAScript (``u``) and Python's re both compile it and read
its syntax alike (Rust's reading is accounted for wherever Rust compiles it too), and refuses the
rest at compile time with a reason:

=====================================  =========================================================
construct                              what the form does
=====================================  =========================================================
literals, ``\\t \\n \\v \\f \\r``,         the same in every engine
``\\xhh``, ``\\uhhhh``, ``\\0``, ``\\/``,
escaped syntax characters
``.``                                  every engine's: any character but ``\\n \\r`` U+2028
                                       U+2029 (Python and Rust also take ``\\r`` and the
                                       separators)
``\\d \\w \\s``                           what every engine takes: ``[0-9]``, ``[A-Za-z0-9_]``,
                                       the white space all three agree on (Python and Rust take
                                       other scripts' digits and letters, Python ``\\x1c``-
                                       ``\\x1f``, ECMAScript U+FEFF)
``\\D \\W \\S``, ``[^...]``               what no engine's opposite takes (generated tables of
                                       digits, word characters and unassigned code points)
``^``                                  the start of the value (no engine is multi-line)
``$``                                  the very end only (Python's also matches before a final
                                       ``\\n``)
``\\b \\B``                               only where every engine's holds (ECMAScript's word
                                       characters are ASCII, Python's and Rust's Unicode)
groups ``(...)``, ``(?:...)``,           the same in every engine; laziness does not change
alternation, ``* + ? {n} {n,} {n,m}``  whether a value matches
greedy or lazy
look-ahead ``(?=...)`` ``(?!...)``,     ECMAScript and Python (Rust has none, so no pydantic
look-behind ``(?<=...)`` ``(?<!...)``  server sends one); a look-behind of a fixed length only
                                       (Python's re requires it). Under a negative look-around
                                       the inside takes what ANY engine would (widest), so that
                                       its negation is what every engine's is
back-references, named groups,         refused: not translatable faithfully (named groups are
inline flags ``(?i)``, ``(?#...)``,     ``(?<n>...)`` in ECMAScript, ``(?P<n>...)`` in Python),
atomic and possessive forms,           unknown to one engine (``\\p{L}``: Python's re has no
conditionals, ``\\p{...}``, ``\\cX``,    properties; ``\\A \\Z``: not ECMAScript), or an error
``\\A \\Z \\z``, ``\\u{...}``,             with the ``u`` flag (a lone ``{ } ]``, ``\\-`` outside
a lone ``{ } ]``, identity escapes     a class, ``\\@``), or read differently (``[[``, ``&&``,
(``\\@``, ``\\-`` outside a class),       ``--``, ``~~`` and ``||`` in a class are operators or
``[[``, ``&&`` ``--`` ``~~`` ``||`` in  warnings in Rust and Python; ``[]`` and ``[^]``)
a class, ``[]``, ``[^]``
=====================================  =========================================================

Intersection by construction: every atom gets two sets of characters, what every engine matches
with it and what any engine does; every operator (sequence, alternation, repetition, look-around)
is monotone, so a pattern read with the first sets matches only what every engine matches. Inside
a negative look-around the polarity flips and the second sets are used.

Bounded cost: no backtracking. The pattern becomes a position automaton (Glushkov's), run as a
set of positions (a Python int as a bit set) over the text, one character at a time, with a
bounded cache of the sets already seen (a lazily built DFA). The look-arounds are decided for all
places of the text at once: the look-aheads in one pass right to left (their reversed automata),
the look-behinds in the pass left to right that finds the match. A search costs at most
len(text) x steps bit-set operations. Refused for its size: a pattern longer than 4,096
characters, expanding to more than 1,000 positions (counted repetition such as
``(a{1000}){1000}`` expands), nesting groups deeper than 64, with more than 16 look-arounds or a
look-behind inside a look-ahead (a third pass), or needing more than 64 operations a character
(each shift and bundle, and 16 a pass). Compiling is counted too, against a PatternBudget a
form's patterns share (a class written again is joined once). ``runtime/html/pattern.js`` is
the same engine for the page's script (tests/runtime/test_pattern.py holds the two equal);
docs/patterns.md says more.
"""

# The engine is five runtime parts, copied in this order (each imports the names of the ones
# before it above its marker): pattern_base.py (limits, sets, the syntax tree), pattern_parse.py
# (the parser), pattern_automaton.py (the position automaton), pattern_search.py (the passes of a
# search), then this one (CompiledPattern, compile_pattern). The names imported as themselves are
# re-exported: the engine's API, and the limits and tables the HTML page's pattern_data.js reads.
import _thread  # threading's Lock, without importing threading (a lint does not)

from .pattern_automaton import (
    _BOUNDARY,
    _BOUNDARY_WIDE,
    _END_ONLY,
    _END_OR_NEWLINE,
    _INSIDE,
    _INSIDE_WIDE,
    _START,
)
from .pattern_automaton import _PART_WORK as _PART_WORK
from .pattern_base import _DIGIT_TABLE as _DIGIT_TABLE
from .pattern_base import _MAX_CONDITIONS as _MAX_CONDITIONS
from .pattern_base import _MAX_DEPTH as _MAX_DEPTH
from .pattern_base import _MAX_LENGTH as _MAX_LENGTH
from .pattern_base import _MAX_LOOKAROUNDS as _MAX_LOOKAROUNDS
from .pattern_base import _MAX_POSITIONS as _MAX_POSITIONS
from .pattern_base import _MAX_REPEAT as _MAX_REPEAT
from .pattern_base import _MAX_STATES as _MAX_STATES
from .pattern_base import _MAX_STEPS as _MAX_STEPS
from .pattern_base import _MAX_WORK as _MAX_WORK
from .pattern_base import _WORD, _has, _wide
from .pattern_base import _WORD_TABLE as _WORD_TABLE
from .pattern_base import PatternBudget as PatternBudget
from .pattern_base import PatternError as PatternError
from .pattern_parse import _TOO_COSTLY, _Parser
from .pattern_search import _MAX_PASSES as _MAX_PASSES
from .pattern_search import _PASS_STEPS as _PASS_STEPS
from .pattern_search import _Program

# --- end of runtime imports ---


class CompiledPattern:
    """A pattern as every engine reads it: ``search(text)`` says whether every engine that
    compiles it finds a match in ``text``. ``work`` counts the steps of the last search (at
    most len(text) x ``steps`` bit-set operations, and one lookup a character a pass).
    """

    def __init__(self, source: str, budget: PatternBudget) -> None:
        self.source = source
        budget.spend(len(source) + 1)
        program = _Program(_Parser(source, budget).parse(), budget)
        self.uses = program.uses
        self.passes = program.passes()
        self.steps = sum(one.steps for one in self.passes)
        if self.steps > _MAX_STEPS:
            raise PatternError(_TOO_COSTLY)
        self.work = 0
        # a search fills the passes' caches: one at a time
        self.lock = _thread.allocate_lock()

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


def compile_pattern(
    source: str,
    budget: PatternBudget | None = None,
) -> CompiledPattern:
    """``source`` compiled; raises PatternError (with a reason and a place) for a pattern the
    engines do not all read alike, or one too large to check quickly. Its work is charged to
    ``budget``, shared by a form's patterns (None: a budget of its own)."""
    if len(source) > _MAX_LENGTH:
        raise PatternError(
            f"the pattern is longer than {_MAX_LENGTH} characters",
            _MAX_LENGTH,
        )
    return CompiledPattern(source, PatternBudget() if budget is None else budget)
