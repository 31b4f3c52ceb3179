r"""What a request costs the client's ``FormRouter`` (run by hand, never as a test):
``python benchmarks/router_cost.py [--against REV]``.

Writes a Markdown table to benchmarks/router_cost.md (and stdout). Each measurement calls the
router in-process, as the SDK does (``await router(context, params)`` on an asyncio loop, the
runner answering at once, so that only the router's own work is timed), while a ticker task on
the same loop records the longest time the loop went without running it. ``--against REV`` runs
the same measurements, side by side, on the tree of another revision (``git archive`` into a
temporary directory; for instance the commit before issue 24's fixes).

Rows:
  inside     worst cases inside the default limits: 40 selects x 495 options, 25 strings of
             10,000 characters, a 10,000-character message; with and without ``compile_unknown``
             (each request a new schema: nothing from a cache); and a request not shown for a
             keyword no form enforces
  memory     RSS growth after 60 such distinct requests (compiled, and declined)
  hostile    requests past the limits (a 50 MB description, 20,001 values of strings or of
             objects, a 1 MB URL or elicitationId, a 1 MB server name), refused (the name: cut)
             before any screen
  worst      the costliest requests inside the limits found (issue 40): as many distinct
             patterns of 678 x ``[\W\D]`` as fit in 256 KiB (46), and 100 fields (the most)
             with such patterns; time from request to form ready (``--worst-runs`` requests);
             and fairness: a one-field request of another session sent 0.2 s after the first
             of them, timed from its own arrival to its form ready, while the first compiles

Figures are medians of ``--runs`` requests; "loop blocked" is, for each request, the longest gap
of a 1 ms ticker less its 1 ms (how long the request kept the loop from other tasks at most):
its median over the requests, and the worst.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MB = 1_000_000

_serial = iter(range(10**9))


def selects(fields: int = 40, options: int = 495) -> dict[str, Any]:
    """Many selects of many options, inside every default limit (about 150 KB of JSON)."""
    n = next(_serial)
    return {
        "type": "object",
        "properties": {
            f"s{i}": {"type": "string", "enum": [f"{n}.{i}.{k}" for k in range(options)]}
            for i in range(fields)
        },
    }


def long_strings(fields: int = 25, length: int = 10_000) -> dict[str, Any]:
    """As many 10,000-character descriptions as fit in 256 KiB."""
    n = next(_serial)
    return {
        "type": "object",
        "properties": {
            f"t{i}": {"type": "string", "description": f"{n} " + "d" * (length - 8)}
            for i in range(fields)
        },
    }


def unenforced(fields: int = 40, options: int = 495) -> dict[str, Any]:
    """:func:`selects` with a ``contentEncoding`` no form enforces: declined (the forms enforce
    a ``pattern`` now)."""
    schema = selects(fields, options)
    schema["properties"]["code"] = {"type": "string", "contentEncoding": "base64"}
    return schema


def many_values() -> dict[str, Any]:
    """Over 20,000 JSON values: refused after the longest walk (20,001 values)."""
    return {
        "type": "object",
        "properties": {f"s{i}": {"type": "string", "enum": ["x"] * 499} for i in range(40)},
        "required": ["s0"] * 60,
    }


def many_objects() -> dict[str, Any]:
    """Over 20,000 JSON values in titled options (objects: no list of strings to measure at
    once): the slowest refusal, a step per value."""
    options = [{"const": "x", "title": "X"} for _ in range(499)]
    return {
        "type": "object",
        "properties": {f"s{i}": {"type": "string", "oneOf": options} for i in range(40)},
    }


def costly_patterns(fields: int = 46, repeats: int = 678) -> dict[str, Any]:
    r"""The slowest schema to compile found inside the limits (issue 40, defect 2): distinct
    patterns of ``[\W\D]`` repeated (the class sets of a negated-class union are the engine's
    costliest to build), as many as fit in 256 KiB."""
    n = next(_serial)
    return {
        "type": "object",
        "properties": {
            f"p{i}": {"type": "string", "pattern": f"{n}x{i}" + r"[\W\D]" * repeats}
            for i in range(fields)
        },
    }


# --- the measurement (runs in the tree being measured: ``--worker``) ------------------------------


class Session:
    """Stands in for a ``ClientSession``: its ``server_info``, and a weak reference to it (the
    router keeps per-session state)."""

    def __init__(self, name: str) -> None:
        self.server_info = SimpleNamespace(name=name, title=None)


class Context:
    """What the router reads of the SDK's request context: the session's ``server_info``."""

    def __init__(self, name: str = "acme", session: Session | None = None) -> None:
        self.session = session if session is not None else Session(name)


async def answer(module: Any, message: str, server: str | None) -> dict[str, Any]:
    return {"action": "cancel"}


async def consent(module: Any, request: Any) -> dict[str, Any]:
    return {"action": "cancel"}


answer.show_url = consent  # type: ignore[attr-defined]


def notify(server: str, reason: str) -> None:
    """Where the user is told that a request was not shown (a toast, a line): not timed."""


answer.notify = notify  # type: ignore[attr-defined]


def form_params(schema: Any, message: str = "Please fill this in") -> Any:
    from mcp import types

    return types.ElicitRequestFormParams.model_construct(
        mode="form", message=message, requested_schema=schema
    )


def url_params(url: str, elicitation_id: str) -> Any:
    from mcp import types

    return types.ElicitRequestURLParams.model_construct(
        mode="url", message="Sign in", url=url, elicitation_id=elicitation_id
    )


def timed(router: Any, make: Callable[[], tuple[Any, Any]], runs: int) -> dict[str, Any]:
    """Median seconds of ``await router(context, params)`` over ``runs`` fresh requests, the
    loop's longest block, and the actions answered."""
    import anyio

    async def main() -> dict[str, Any]:
        longest = 0.0  # the longest gap of the ticker during the current request
        running = True

        async def ticker() -> None:
            nonlocal longest
            last = time.perf_counter()
            while running:
                await anyio.sleep(0.001)
                now = time.perf_counter()
                longest = max(longest, now - last - 0.001)
                last = now

        times: list[float] = []
        blocks: list[float] = []
        actions: set[str] = set()
        async with anyio.create_task_group() as group:
            group.start_soon(ticker)
            await anyio.sleep(0.01)
            for _ in range(runs):
                context, params = make()
                await anyio.sleep(0.005)  # the ticker's gap while the request was made: not counted
                longest = 0.0
                start = time.perf_counter()
                result = await router(context, params)
                times.append(time.perf_counter() - start)
                await anyio.sleep(0.002)  # the ticker runs once more: the gap ending now counts
                blocks.append(longest)
                actions.add(getattr(result, "action", type(result).__name__))
            running = False
        return {
            "seconds": statistics.median(times),
            "blocked": statistics.median(blocks),
            "worst": max(blocks),
            "actions": sorted(actions),
        }

    return anyio.run(main)


def fairness(router: Any, make_a: Callable[[], Any], runs: int) -> dict[str, Any]:
    """Session A sends ``make_a()``'s request; 0.2 s later session B sends a one-field one. B's
    seconds from its request to its form ready (the runner called), median over ``runs``; and
    whether A was still compiling when B's form was ready."""
    import anyio

    ready: dict[str, float] = {}

    async def runner(module: Any, message: str, server: str | None) -> dict[str, Any]:
        ready[message] = time.perf_counter()
        return {"action": "cancel"}

    async def main() -> dict[str, Any]:
        router.runner = runner
        waits: list[float] = []
        totals: list[float] = []
        before: list[bool] = []
        for _ in range(runs):
            ready.clear()
            a, b = Context("server-a"), Context("server-b")
            params_a = form_params(make_a(), "A")
            one = {"type": "object", "properties": {f"b{next(_serial)}": {"type": "boolean"}}}
            params_b = form_params(one, "B")
            async with anyio.create_task_group() as group:
                start = time.perf_counter()
                group.start_soon(router, a, params_a)
                await anyio.sleep(0.2)
                sent = time.perf_counter()
                await router(b, params_b)
            waits.append(ready["B"] - sent)
            totals.append(ready.get("A", time.perf_counter()) - start)
            before.append(ready["B"] < ready.get("A", float("inf")))
        return {
            "seconds": statistics.median(waits),
            "a_seconds": statistics.median(totals),
            "b_first": sum(before),
            "runs": runs,
        }

    return anyio.run(main)


def rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0  # pragma: no cover - Linux only


def worst(runs: int) -> dict[str, Any]:
    """The ``worst`` rows (see the module's docstring)."""
    import logging

    logging.disable(logging.WARNING)
    from elicit_gen.mcp import FormRouter

    compiling = FormRouter(runner=answer, compile_unknown="cli")
    timed(compiling, lambda: (Context(), form_params(selects(3, 3))), 2)
    out: dict[str, Any] = {}
    rows = {
        "46 patterns of 678 x [\\W\\D]": lambda: costly_patterns(),
        "100 fields, patterns of 320 x [\\W\\D]": lambda: costly_patterns(100, 320),
    }
    for name, make in rows.items():
        size = len(json.dumps(make()))
        request = functools.partial(lambda make: (Context(), form_params(make())), make)
        out[f"{name}, compile_unknown=cli"] = {**timed(compiling, request, runs), "bytes": size}
    fair = FormRouter(compile_unknown="cli")
    out["a one-field request 0.2 s after the 46 patterns' (another session)"] = fairness(
        fair, costly_patterns, runs
    )
    return out


def worker(runs: int) -> dict[str, Any]:
    import logging

    logging.disable(logging.WARNING)  # declines are logged; not what is timed
    from elicit_gen.live import load as live
    from elicit_gen.mcp import FormRouter

    plain = FormRouter(runner=answer, url_consent="cli")
    compiling = FormRouter(runner=answer, compile_unknown="cli")
    # Warm: imports, the shared runtime, the consent module.
    timed(compiling, lambda: (Context(), form_params(selects(3, 3))), 2)
    timed(plain, lambda: (Context(), url_params("https://a.example.com/", "e")), 2)
    out: dict[str, Any] = {}
    inside = {
        "40 selects x 495 options": lambda: selects(),
        "25 strings of 10,000 characters": lambda: long_strings(),
        "40 x 495 options and a contentEncoding (declined)": lambda: unenforced(),
    }
    for name, make in inside.items():
        for label, router in (("no compile_unknown", plain), ("compile_unknown=cli", compiling)):
            request = functools.partial(lambda make: (Context(), form_params(make())), make)
            out[f"{name}, {label}"] = timed(router, request, runs)
    message = "m" * 10_000
    out["a 10,000-character message, compile_unknown=cli"] = timed(
        compiling, lambda: (Context(), form_params(selects(3, 3), message)), runs
    )

    # Memory: 60 distinct big requests, compiled; then 60 declined.
    for name, make, router in (
        ("60 requests of 40 x 495 options, compiled", selects, compiling),
        ("60 requests of 40 x 495 options with a contentEncoding, declined", unenforced, compiling),
    ):
        live.clear_cache()
        gc.collect()
        before = rss()
        request = functools.partial(lambda make: (Context(), form_params(make())), make)
        result = timed(router, request, 60)
        gc.collect()
        out[name] = {**result, "rss": rss() - before}

    huge = "x" * 50 * MB
    hostile = {
        "a 50 MB description": lambda: (
            Context(),
            form_params({"type": "object", "properties": {"a": {"description": huge}}}),
        ),
        "20,001 JSON values walked, option strings": lambda: (
            Context(),
            form_params(many_values()),
        ),
        "20,001 JSON values walked, option objects": lambda: (
            Context(),
            form_params(many_objects()),
        ),
        "a 1 MB URL": lambda: (Context(), url_params("https://a.example.com/" + "a" * MB, "e")),
        "a 1 MB elicitationId": lambda: (
            Context(),
            url_params("https://a.example.com/", "e" * MB),
        ),
    }
    for name, make in hostile.items():
        built = [make() for _ in range(runs)]  # the SDK parsed them: not the router's cost
        queue = iter(built)
        out[f"{name}, refused"] = timed(plain, functools.partial(next, queue), runs)
    # A 1 MB server name: the request is shown (here: answered at once by the runner).
    out["a 1 MB server name, URL mode (shown)"] = timed(
        plain, lambda: (Context("n" * MB), url_params("https://a.example.com/", "e")), runs
    )
    return out


# --- the report -----------------------------------------------------------------------------------


def run_tree(tree: Path, runs: int, section: str = "--worker") -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), section, "--runs", str(runs)],
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
    )
    if proc.returncode != 0:
        raise SystemExit(f"the measurement failed in {tree}: {proc.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def export(revision: str, directory: Path) -> Path:
    tree = directory / revision.replace("/", "_")
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "elicit_gen"],
        capture_output=True,
        check=True,
        timeout=300,
    )
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True, timeout=300)
    return tree


def fmt_time(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms" if seconds < 0.01 else f"{seconds * 1000:.1f} ms"


def cell(result: dict[str, Any] | None) -> str:
    if result is None:
        return ""
    if "a_seconds" in result:
        return (
            f"form ready {fmt_time(result['seconds'])} after its request; the first request's "
            f"form {fmt_time(result['a_seconds'])}; ready first in {result['b_first']} of "
            f"{result['runs']}"
        )
    blocked, worst = max(result["blocked"], 0), max(result.get("worst", 0), 0)
    text = (
        f"{fmt_time(result['seconds'])}, loop blocked {fmt_time(blocked)} (worst {fmt_time(worst)})"
    )
    if "rss" in result:
        text += f", RSS +{result['rss'] / MB:.0f} MB"
    if "bytes" in result:
        text += f", {result['bytes']:,} bytes of JSON"
    return text + f" ({'/'.join(result['actions'])})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="requests per measurement (median)")
    parser.add_argument("--against", help="a git revision to measure side by side")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks" / "router_cost.md")
    parser.add_argument(
        "--worst-runs", type=int, default=3, help="requests per row of the worst cases (median)"
    )
    parser.add_argument("--only-worst", action="store_true", help="measure the worst rows only")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--worker-worst", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.runs)))
        return
    if args.worker_worst:
        print(json.dumps(worst(args.runs)))
        return

    def measure(tree: Path) -> dict[str, Any]:
        found = {} if args.only_worst else run_tree(tree, args.runs)
        return {**found, **run_tree(tree, args.worst_runs, "--worker-worst")}

    with tempfile.TemporaryDirectory() as tmp:
        print("== this tree", file=sys.stderr)
        mine = measure(ROOT)
        other = None
        if args.against:
            print(f"== {args.against}", file=sys.stderr)
            other = measure(export(args.against, Path(tmp)))
    head = ["| request | this tree |"] + ([f" `{args.against}` |"] if other else [])
    rule = "|---|---|" + ("---|" if other else "")
    rows = [
        f"| {name} | {cell(result)} |" + (f" {cell(other.get(name))} |" if other else "")
        for name, result in mine.items()
    ]
    against = f" --against {args.against}" if args.against else ""
    against += f" --worst-runs {args.worst_runs}" + (" --only-worst" if args.only_worst else "")
    text = (
        f"Measured with `python benchmarks/router_cost.py --runs {args.runs}{against}` on "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"medians of {args.runs} requests, each a new schema (memory: 60 requests); the runner "
        "answers at once, so only the router's work is timed; loop blocked: a request's longest "
        "gap of a 1 ms ticker on the same loop, less 1 ms (median over the requests; worst).\n\n"
        + "".join(head)
        + "\n"
        + rule
        + "\n"
        + "\n".join(rows)
        + "\n"
    )
    print(text)
    args.output.write_text(text)


if __name__ == "__main__":
    main()
