# --- elicit-gen pattern engine: the position automaton -------------------------------------------
# The compiler of the ``pattern`` engine: a syntax tree (pattern_parse.py) made into a position
# automaton over bit sets. Copied verbatim after pattern_parse.py.

from .pattern_base import (
    _END,
    _MAX_CONDITIONS,
    PatternBudget,
    PatternError,
    _Alt,
    _Anchor,
    _Look,
    _Node,
    _Rep,
    _Seq,
    _Set,
)

# --- end of runtime imports ---

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


# what building one part of an automaton costs (joining it to the next included), against the
# PatternBudget
_PART_WORK = 32


class _Looks:
    """Where an automaton registers the look-arounds it meets (the _Program), and the budget
    its work is charged to."""

    budget: PatternBudget

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
        self.program.budget.spend(len(last) * len(first))
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
        # parts are counted, not only positions: (?:(?:^){1000}){1000} has none
        self.program.budget.spend(_PART_WORK)
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
        # by identity: a class written again is the same sets (PatternBudget.sets), and two
        # equal sets apart toggle the same boundaries
        by_set: dict[int, tuple[tuple[int, ...], int]] = {}
        for index, bounds in enumerate(self.sets):
            known = by_set.get(id(bounds))
            by_set[id(bounds)] = (bounds, (known[1] if known else 0) | 1 << index)
        self.program.budget.spend(sum(len(bounds) for bounds, _ in by_set.values()))
        toggles: dict[int, int] = {0: 0}
        for bounds, positions in by_set.values():
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
