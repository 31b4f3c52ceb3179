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
        budget: PatternBudget,
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
        budget.spend(sum(len(auto.starts) for auto, _, _ in parts))
        self.starts = sorted({start for auto, _, _ in parts for start in auto.starts})
        self.runs: list[int] = []
        self.masks: list[int] = []  # each class: the positions that match it
        numbers: dict[int, int] = {}
        budget.spend(len(self.starts) * len(self.parts))
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

    def __init__(self, root: _Node, budget: PatternBudget) -> None:
        self.budget = budget
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
        budget = self.budget
        return [_Pass(parts[s], s % 2 == 0, budget) for s in sorted(parts)]

    def earliest(self, auto: _Automaton, ahead: bool, stages: list[int]) -> int:
        """The earliest pass ``auto`` can run in (even: right to left, for look-aheads)."""
        stage = 0 if ahead else 1
        for index, other in enumerate(stages):
            if auto.uses & 1 << (_FIXED + index):
                stage = max(stage, other + (self.looks[index][1] != ahead))
        return stage
