"""What a ``pattern`` check costs the forms (runtime/core/pattern.py): real-world patterns, the
patterns that freeze a backtracking engine, and the nastiest patterns the engine's limits let
through, each against a 10,000-character text; and what refusing a hostile pattern costs.

    python benchmarks/pattern_cost.py [--runs 7]

CPU time (``time.process_time``) of one search, the best of ``--runs`` (the machine is shared);
``work`` is the engine's own count (a lookup a character and pass, and the bit-set operations of
each step not in its cache), which the tests bound. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.runtime.core.pattern import (  # noqa: E402
    PatternBudget,
    PatternError,
    compile_pattern,
)
from tests.support.pattern_corpus import CORPUS  # noqa: E402

SIZE = 10_000


def text_of(alphabet: str, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(SIZE))


def near_miss(samples: list[str]) -> str:
    """A 10,000-character text made of a pattern's samples, one character short of a match."""
    joined = " ".join(samples)
    return (joined * (SIZE // max(len(joined), 1) + 1))[: SIZE - 1] + "\x00"


def chain(count: int) -> str:
    """Alternatives of different lengths in a row: a link of another distance each, so as many
    bit-set operations a step as the limit allows."""
    return "".join(f"(?:x|y{{{i + 1}}})" for i in range(count))


#: A window class written long (one position, many characters of the pattern), so that the
#: nastiest patterns are about 1,000 characters long.
WIDE = "[" + "abc" + "".join(chr(c) for c in range(0x100, 0x100 + 190)) + "]"


def nastiest() -> list[tuple[str, str, str]]:
    """Patterns built to cost the most under the limits, each a new state at every character:
    a window (a memory of where the last hundred a's were) in each pass, plus a chain."""
    found = []
    for count in (8, 12, 16):
        source = f"{WIDE}*a{WIDE}{{300}}(?={WIDE}{{200}}c){WIDE}d" + chain(count)
        found.append((f"two windows and a chain of {count}", source, text_of("abc")))
    source = "[ab]*a[ab]{300}c" + chain(30)
    found.append(("one window and a chain of 30", source, text_of("ab")))
    source = "(?![abc]*c[abc]{100}d)[abc]*a[abc]{300}d" + chain(12)
    found.append(("a window under a negative look-ahead", source, text_of("abc")))
    source = r"[ab ]*a[ab ]{300}\b" + chain(30)
    found.append(("a window and word boundaries", source, text_of("ab ")))
    spaced = WIDE.replace("abc", "ab ")
    source = f"{spaced}*a{spaced}{{300}}\\b(?={spaced}{{100}}\\B)" + chain(24)
    found.append(("the same, 1,000 characters", source, text_of("ab ")))
    return found


HOSTILE = [
    ("(a+)+$", "a" * (SIZE - 1) + "!"),
    ("(a|a)*b", "a" * SIZE),
    ("(a|aa)*c", "a" * SIZE),
    ("(.*){20}x", "y" * SIZE),
    ("^(\\w+\\s?)*$", ("word " * SIZE)[: SIZE - 1] + "!"),
    ("(x+x+)+y", "x" * SIZE),
    ("((a*)*)*b", "a" * SIZE),
    ("(a{30}){30}b", "a" * SIZE),
]

REFUSED = [
    ("10,000 characters", "a" * 10_000),
    ("1,000 nested groups", "(" * 1000 + "a" + ")" * 1000),
    ("(a{1000}){1000}", "(a{1000}){1000}"),
    ("((a{1000}){1000}){1000}", "((a{1000}){1000}){1000}"),
    ("a?{1000}", "(?:a?){1000}"),
    ("17 look-aheads", "".join(f"(?=.*{c})" for c in "abcdefghijklmnopq") + "x"),
]


def best(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times) * 1000


#: Forms whose patterns share one PatternBudget (issue 40: compiling was unbounded inside the
#: limits): (name, the form's patterns).
FORMS = [
    (
        "issue 40: 46 patterns of 678 [\\W\\D]",
        ["^" + "[\\W\\D]" * 678 + f"{index:04d}$" for index in range(46)],
    ),
    ("every real-world pattern", [source for source, _ in CORPUS.values()]),
    ("(?:(?:^){1000}){1000}", ["(?:(?:^){1000}){1000}"]),
    ("a class of 2,040 \\W \\D \\S", ["[" + "\\W\\D\\S" * 680 + "]"]),
]


def compile_form(patterns: list[str]) -> tuple[int, int, int]:
    """The form's patterns compiled with one budget: (read, refused, work spent)."""
    budget = PatternBudget()
    read = 0
    for source in patterns:
        try:
            compile_pattern(source, budget)
            read += 1
        except PatternError:
            pass
    return read, len(patterns) - read, budget.limit - budget.left


def forms_table(runs: int) -> None:
    print("| form | patterns read | refused | work charged | compile time |")
    print("|---|---|---|---|---|")
    for name, patterns in FORMS:
        read, refused, work = compile_form(patterns)
        took = best(lambda p=patterns: compile_form(p), runs)  # type: ignore[misc]
        print(f"| {name} | {read} | {refused} | {work:,} | {took:.1f} ms |")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--forms", action="store_true", help="only the table of forms")
    args = parser.parse_args()
    runs = args.runs
    if args.forms:
        forms_table(runs)
        return 0
    print("| pattern | length | steps | compile | search of 10,000 characters | work |")
    print("|---|---|---|---|---|---|")
    rows: list[tuple[str, str, str]] = []
    for name, (source, samples) in CORPUS.items():
        rows.append((name, source, near_miss(samples)))
    rows += [(source, source, text) for source, text in HOSTILE]
    rows += nastiest()
    for name, source, text in rows:
        compiled = compile_pattern(source)
        took = best(lambda s=source: compile_pattern(s), runs)  # type: ignore[misc]
        searched = best(lambda c=compiled, t=text: c.search(t), runs)  # type: ignore[misc]
        label = name if len(name) <= 40 else name[:37] + "..."
        print(
            f"| {label.replace('|', '&#124;')} | {len(source)} | {compiled.steps} | "
            f"{took:.1f} ms | {searched:.1f} ms | {compiled.work} |"
        )
    print()
    print("| refused | length | refused in | reason |")
    print("|---|---|---|---|")
    for name, source in REFUSED:

        def refuse(s: str = source) -> str:
            try:
                compile_pattern(s)
            except PatternError as error:
                return error.reason
            raise AssertionError(f"{s[:40]!r} is not refused")

        reason = refuse()
        print(f"| {name} | {len(source)} | {best(refuse, runs):.2f} ms | {reason} |")
    print()
    forms_table(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
