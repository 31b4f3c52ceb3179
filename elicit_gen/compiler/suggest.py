"""'Did you mean ...?': the known word closest to a misspelt one (keywords, types)."""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    neighbouring letters (``requried`` -> ``required`` is 1) each cost 1."""
    if abs(len(a) - len(b)) > 3:
        return 4  # farther than any suggestion goes; saves the table
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def closest(word: str, known: Iterable[str]) -> str | None:
    """The one word of ``known`` that ``word`` is a likely misspelling of: the same word in
    another case, or within 1 edit (2 for words of 7 letters or more, 3 for 10 or more), and
    nearer than any other. ``None`` when nothing is that close, or two are equally close."""
    lowered = word.lower()
    scored: list[tuple[int, str]] = []
    for candidate in known:
        if candidate == word:
            return None  # not misspelt
        if candidate.lower() == lowered:
            return candidate
        scored.append((distance(lowered, candidate.lower()), candidate))
    limit = 1 if len(word) < 7 else 2 if len(word) < 10 else 3
    scored = sorted(s for s in scored if s[0] <= limit)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]
