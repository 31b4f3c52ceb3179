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
