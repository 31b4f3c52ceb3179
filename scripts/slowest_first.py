"""Writes tests/slowest_first.txt from a pytest ``--durations=0`` log of a whole run.

    ./scripts/test --durations=0 | tee /tmp/durations.log
    python scripts/slowest_first.py /tmp/durations.log

pytest-xdist's ``--dist loadfile`` hands test files to the workers in the order collected, so a
long file collected last keeps one worker busy alone at the end of the run. tests/conftest.py
collects the files listed first, longest first; this script lists every file that took
``--min`` seconds or more (setup, call and teardown of its tests added up), with its time.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"\s*(?P<seconds>[\d.]+)s (?:call|setup|teardown)\s+(?P<node>\S+)")


def file_times(log: str) -> Counter[str]:
    """Seconds per test file, from the lines of pytest's "slowest durations" section."""
    times: Counter[str] = Counter()
    for line in log.splitlines():
        found = LINE.match(line)
        if found:
            times[found["node"].partition("::")[0]] += float(found["seconds"])
    return times


def listing(times: Counter[str], minimum: float) -> str:
    lines = [
        "# Test files collected first, longest first (tests/conftest.py), with their seconds in",
        "# a whole run (written by scripts/slowest_first.py from a --durations=0 log).",
    ]
    lines += [
        f"{name}  # {seconds:.0f} s" for name, seconds in times.most_common() if seconds >= minimum
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, help="the output of a run with --durations=0")
    parser.add_argument("--min", type=float, default=30.0, help="seconds a file must take")
    parser.add_argument("-o", type=Path, default=ROOT / "tests" / "slowest_first.txt")
    args = parser.parse_args(argv)
    times = file_times(args.log.read_text(encoding="utf-8", errors="replace"))
    if not times:
        print(f"{args.log}: no --durations lines found", file=sys.stderr)
        return 1
    args.o.write_text(listing(times, args.min), encoding="utf-8")
    print(f"wrote {args.o} ({sum(t >= args.min for t in times.values())} files)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
