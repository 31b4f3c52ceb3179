"""Measured comparisons (run by hand, never as tests): ``python benchmarks/run.py``.

Writes a Markdown table to benchmarks/results.md (and stdout). Every comparison runs both tools
side by side in the same run on the same files; figures are medians of several runs.

Sections:
  lint       whole-process ``elicit-gen --lint`` on 1 and 1,000 files vs ``check-jsonschema``
             validating the same files against the official requestedSchema definition
  pydantic   whole-process ``--target pydantic`` vs ``datamodel-codegen``; in-process per schema
  targets    every target on the every-kind example: in-process (warm) and whole process (cold)
  scaling    in-process compile time for 10, 100 and 1,000 fields per target (linear?)
  batch      one run over 200 schemas, all targets, whole process; time per schema
  runtime    ``load_form`` (forms compiled at run time): a new 20-field schema, warm, per Python
             target; the first request of a process, imports included; a hostile request
             (a 50 MB description) refused
  router     the ``FormRouter``'s worst cases inside the limits (benchmarks/router_cost.py's
             ``worst`` rows, at most 3 requests each: each takes seconds): time from request to
             form ready for the costliest schemas found, and another session's one-field
             request's while the first compiles
  jsonschema ``load_form(schema, "cli")`` against a jsonschema check of the same schema against
             the official requestedSchema definition (with format checking), side by side:
             warm in one process, and a fresh process's first request against the check as a
             whole process (both in the regular install's Python)

Needs the [bench] extra: ``pip install -e '.[bench]'``.

Whole-process figures run elicit-gen as users install it: the tree is installed (not editable)
into a fresh virtual environment under the run's temporary directory first (about 20 s). An
editable install adds an import-hook finder to every start-up (about 12 ms here), which no user
pays; ``--editable`` measures the current environment's ``elicit-gen`` instead.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "tests" / "spec" / "2026-07-28" / "schema.json"
POINTER = "#/$defs/ElicitRequestFormParams/properties/requestedSchema"
EVERY_KIND = ROOT / "examples" / "every_kind.json"
BIN = Path(sys.executable).parent


_INSTALLED: dict[str, str] = {}  # tool name -> executable, from a regular install (see main)


def tool(name: str) -> str:
    if name in _INSTALLED:
        return _INSTALLED[name]
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: pip install -e '.[bench]'")
    return found


def regular_install(directory: Path) -> str:
    """``elicit-gen`` of this tree installed as a user installs it (a wheel, not editable)."""
    venv = directory / "release-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = [
        str(venv / "bin" / "python"),
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ]
    # and jsonschema, which the run-time comparison runs in the same Python
    subprocess.run([*pip, str(ROOT), "jsonschema"], check=True, timeout=900)
    return str(venv / "bin" / "elicit-gen")


def median_seconds(cmd: Sequence[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, timeout=600)  # a hung tool ends the run
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {proc.stderr.decode()[:500]}")
    return statistics.median(times)


#: Rounds per run for a pair of whole processes that last well under a second (a lint of one
#: file, a first request): on a shared host one of them is now and then 20 ms slower, which
#: moves a median of 7 by a fifth; three times the rounds cost seconds and hold it still.
SHORT_PAIR = 3


def median_pair(
    ours: Sequence[str], theirs: Sequence[str], runs: int, env: dict[str, str] | None = None
) -> tuple[float, float]:
    """Median times of two whole-process commands run in turn, one of each per round (so that
    what else the machine does falls on both alike), after one warm-up run of each."""
    times: tuple[list[float], list[float]] = ([], [])
    for round_ in range(runs + 1):
        for index, cmd in enumerate((ours, theirs)):
            start = time.perf_counter()
            proc = subprocess.run(cmd, capture_output=True, timeout=600, env=env)
            elapsed = time.perf_counter() - start
            if proc.returncode not in (0, 1):
                problem = proc.stderr.decode()[:500]
                raise SystemExit(f"{cmd[0]} failed ({proc.returncode}): {problem}")
            if round_:
                times[index].append(elapsed)
    return statistics.median(times[0]), statistics.median(times[1])


def median_inprocess_pair(
    ours: Callable[[int], Any], theirs: Callable[[int], Any], runs: int
) -> tuple[float, float]:
    """Median times of two in-process calls made in turn (after one warm-up call of each)."""
    ours(0)
    theirs(0)
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(1, runs + 1):
        for index, fn in enumerate((ours, theirs)):
            start = time.perf_counter()
            fn(i)
            times[index].append(time.perf_counter() - start)
    return statistics.median(times[0]), statistics.median(times[1])


def median_inprocess(fn: Callable[[int], Any], runs: int) -> float:
    """Median time of ``fn(i)`` after one warm-up call; ``fn`` gets a fresh ``i`` every call so
    that it can vary its input (nothing may be served from a cache of an earlier identical run)."""
    fn(0)  # warm: imports, templates, the statements every form shares
    times = []
    for i in range(1, runs + 1):
        start = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


_serial = iter(range(10**9))


def compile_ok(data: bytes, targets: str | list[str]) -> None:
    import elicit_gen

    result = elicit_gen.compile(data, targets)
    if not result.ok or not result.files:
        raise SystemExit(f"benchmark input does not compile: {result.diagnostics[:3]}")


def variant(document: dict[str, Any]) -> bytes:
    """The document with a new title, message and first description: a different form."""
    n = next(_serial)
    copy = json.loads(json.dumps(document))
    schema = copy.get("requestedSchema", copy)
    schema["title"] = f"Variant {n}"
    if "message" in copy:
        copy["message"] = f"Message {n}"
    for prop in schema["properties"].values():
        prop["description"] = f"Description {n}"
        break
    return json.dumps(copy).encode()


def per_form_targets() -> list[str]:
    """The installed targets that write a file per form (the web module is one for all)."""
    from elicit_gen.targets import REGISTRY, available

    return [name for name in available() if REGISTRY[name].per_form]


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def requested_schemas(directory: Path, count: int) -> list[Path]:
    """``count`` distinct bare requestedSchemas (variants of the every-kind example)."""
    base = json.loads(EVERY_KIND.read_text())["requestedSchema"]
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        schema = json.loads(json.dumps(base))
        schema["title"] = f"Form {i}"
        schema["properties"]["project_name"]["description"] = f"Variant {i}"
        path = directory / f"form_{i:04d}.json"
        path.write_text(json.dumps(schema, indent=2))
        paths.append(path)
    return paths


def official_schema_file(directory: Path) -> Path:
    document = json.loads(SPEC.read_text())
    path = directory / "requested_schema.json"
    path.write_text(json.dumps(dict(document, **{"$ref": POINTER})))
    return path


Row = tuple[str, str, str, str]


def bench_lint(work: Path, runs: int) -> list[Row]:
    files = requested_schemas(work / "lint", 1000)
    schema = official_schema_file(work)
    eg, cj = tool("elicit-gen"), tool("check-jsonschema")
    rows: list[Row] = []
    for label, chosen in (("1 file", files[:1]), ("1,000 files", files)):
        names = [str(p) for p in chosen]
        ours, theirs = median_pair(
            [eg, "--lint", *names],
            [cj, "--schemafile", str(schema), *names],
            runs * SHORT_PAIR if len(chosen) == 1 else runs,
        )
        rows.append(
            (
                f"`--lint`, {label}",
                fmt(ours),
                f"check-jsonschema {fmt(theirs)}",
                f"{ours / theirs:.2f}x",
            )
        )
    return rows


def bench_pydantic(work: Path, runs: int) -> list[Row]:

    files = requested_schemas(work / "pyd", 3)
    eg, dm = tool("elicit-gen"), tool("datamodel-codegen")
    rows: list[Row] = []
    out = work / "pyd_out"
    out.mkdir(exist_ok=True)
    command = [eg, str(files[0]), "--target", "pydantic", "-o", str(out / "a.py")]
    ours, theirs = median_pair(
        command,
        [
            dm,
            "--input",
            str(files[0]),
            "--input-file-type",
            "jsonschema",
            "--output-model-type",
            "pydantic_v2.BaseModel",
            "--output",
            str(out / "b.py"),
        ],
        runs,
    )
    rows.append(
        (
            "`--target pydantic`, 1 schema, whole process",
            fmt(ours),
            f"datamodel-codegen {fmt(theirs)}",
            f"{ours / theirs:.2f}x",
        )
    )
    document = json.loads(files[0].read_bytes())
    per = median_inprocess(lambda i: compile_ok(variant(document), "pydantic"), runs * 3)
    rows.append(("`--target pydantic`, in-process per schema (warm)", fmt(per), "", ""))
    return rows


def bench_targets(work: Path, runs: int) -> list[Row]:

    document = json.loads(EVERY_KIND.read_bytes())
    eg = tool("elicit-gen")
    rows: list[Row] = []
    names = per_form_targets()
    warm_all = median_inprocess(lambda i: compile_ok(variant(document), names), runs * 3)
    rows.append(
        (f"all {len(names)} targets, every-kind example, in-process (warm)", fmt(warm_all), "", "")
    )
    for name in names:
        warm = median_inprocess(
            lambda i, n=name: compile_ok(variant(document), n),
            runs * 3,  # type: ignore[misc]
        )
        cold = median_seconds(
            [eg, str(EVERY_KIND), "--target", name, "-o", str(work / f"t_{name}")], runs
        )
        rows.append((f"`{name}`, every-kind example", f"{fmt(warm)} warm", f"{fmt(cold)} cold", ""))
    return rows


def scaling_schema(fields: int) -> dict[str, Any]:
    base = json.loads(EVERY_KIND.read_text())["requestedSchema"]["properties"]
    kinds = list(base.values())
    properties = {f"field_{i}": kinds[i % len(kinds)] for i in range(fields)}
    return {"type": "object", "properties": properties}


def bench_scaling(runs: int) -> list[Row]:

    rows: list[Row] = []
    for name in per_form_targets():
        cells = []
        for fields in (10, 100, 1000):
            document = scaling_schema(fields)
            cells.append(
                median_inprocess(
                    lambda i, d=document, n=name: compile_ok(variant(d), n),  # type: ignore[misc]
                    max(3, runs // (2 if fields == 1000 else 1)),
                )
            )
        growth = cells[2] / cells[1]
        rows.append(
            (
                f"`{name}`: 10 / 100 / 1,000 fields",
                " / ".join(fmt(c) for c in cells),
                f"x{growth:.1f} from 100 to 1,000",
                "linear" if growth < 15 else "SUPERLINEAR",
            )
        )
    return rows


def bench_batch(work: Path, runs: int) -> list[Row]:
    files = requested_schemas(work / "batch", 200)
    eg = tool("elicit-gen")
    out = work / "batch_out"
    command = [eg, *map(str, files), "--target", "all", "-o", f"{out}/", "-q"]
    total = median_seconds(command, max(1, runs // 2))
    check = median_seconds([*command, "--check"], max(1, runs // 2))  # the outputs exist now
    return [
        (
            "200 schemas x all targets, one process",
            fmt(total),
            f"{fmt(total / 200)} per schema",
            "",
        ),
        ("200 schemas x all targets, `--check`, one process", fmt(check), "", ""),
    ]


def twenty_fields(serial: int) -> dict[str, Any]:
    """A new 20-field requestedSchema (the every-kind field kinds, renamed per ``serial``)."""
    schema = scaling_schema(20)
    schema["title"] = f"Runtime form {serial}"
    schema["properties"] = {f"{name}_{serial}": prop for name, prop in schema["properties"].items()}
    return schema


_FIRST_REQUEST = """
import json, sys, time
preload = sys.argv[2]
if preload:
    __import__(preload)
start = time.perf_counter()
from elicit_gen import load_form
load_form(json.loads(sys.argv[3]), sys.argv[1])
print(time.perf_counter() - start)
"""

#: A client's first request as a whole process: Python, the import, one new form.
_LOAD_PROCESS = """
import json, sys
from elicit_gen import load_form
load_form(json.loads(sys.argv[1]), "cli")
"""

#: The same schema checked as a whole process by jsonschema against the official
#: ``requestedSchema`` definition, with format checking.
_CHECK_PROCESS = """
import json, sys
from pathlib import Path
from jsonschema import Draft202012Validator
document = json.loads(Path(sys.argv[2]).read_text())
document["$ref"] = sys.argv[3]
validator = Draft202012Validator(document, format_checker=Draft202012Validator.FORMAT_CHECKER)
validator.validate(json.loads(sys.argv[1]))
"""

#: What a client of each target has imported before its first elicitation request.
_TOOLKIT = {"cli": "", "textual": "textual.app", "qt": "PySide6.QtWidgets", "pydantic": "pydantic"}


def official_validator() -> Any:
    """A jsonschema validator of the official ``requestedSchema`` definition, formats checked:
    what the run-time comparisons check a schema with."""
    from jsonschema import Draft202012Validator

    document = json.loads(SPEC.read_text())
    document["$ref"] = POINTER
    return Draft202012Validator(document, format_checker=Draft202012Validator.FORMAT_CHECKER)


def bench_against_jsonschema(runs: int) -> list[Row]:
    """``load_form(schema, "cli")`` against merely checking the schema with jsonschema: warm in
    one process, and a fresh process's first request against the check as a whole process."""
    from elicit_gen.live import load_form

    validator = official_validator()
    count = runs * 40
    ours_in = [twenty_fields(10_000 + i) for i in range(count + 1)]
    theirs_in = [twenty_fields(20_000 + i) for i in range(count + 1)]
    warm, check = median_inprocess_pair(
        lambda i: load_form(ours_in[i], "cli"), lambda i: validator.validate(theirs_in[i]), count
    )
    python = _INSTALLED.get("python", sys.executable)
    schema = json.dumps(twenty_fields(0))
    load = [python, "-c", _LOAD_PROCESS, schema]
    checked = [python, "-c", _CHECK_PROCESS, schema, str(SPEC), POINTER]
    first, process = median_pair(load, checked, runs * SHORT_PAIR)
    cold, _ = median_pair(
        load, checked, runs * SHORT_PAIR, env={**os.environ, "ELICIT_GEN_CACHE": ""}
    )
    return [
        (
            '`load_form(schema, "cli")` warm, a new 20-field schema',
            fmt(warm),
            f"jsonschema `Draft202012Validator` check of it (formats checked) {fmt(check)}",
            f"{warm / check:.2f}x",
        ),
        (
            "first request of a fresh process (`load_form`), whole process",
            fmt(first),
            f"the jsonschema check as a whole process {fmt(process)}",
            f"{first / process:.2f}x",
        ),
        (
            "the same, with no compiled runtime kept (`ELICIT_GEN_CACHE=`)",
            fmt(cold),
            "",
            f"{cold / process:.2f}x",
        ),
    ]


def bench_runtime(runs: int) -> list[Row]:
    from elicit_gen.live import LimitExceeded, load_form

    rows: list[Row] = []
    serial = iter(range(10**9))
    for target in ("cli", "textual", "qt", "pydantic"):
        warm = median_inprocess(
            lambda i, t=target: load_form(twenty_fields(next(serial)), t),  # type: ignore[misc]
            runs * 5,
        )
        firsts = []
        for _ in range(runs):
            proc = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    _FIRST_REQUEST,
                    target,
                    _TOOLKIT[target],
                    json.dumps(twenty_fields(0)),
                ],
                capture_output=True,
                text=True,
                timeout=300,
                env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
            )
            if proc.returncode != 0:
                raise SystemExit(f"first request failed: {proc.stderr[-500:]}")
            firsts.append(float(proc.stdout))
        toolkit = f" ({_TOOLKIT[target]} already imported)" if _TOOLKIT[target] else ""
        rows.append(
            (
                f"`load_form`, new 20-field schema, `{target}`",
                f"{fmt(warm)} warm",
                f"{fmt(statistics.median(firsts))} first request of a process{toolkit}",
                "",
            )
        )
    hostile = {
        "type": "object",
        "properties": {"a": {"type": "string", "description": "x" * 50_000_000}},
    }

    def refuse(i: int) -> None:
        try:
            load_form(hostile, "cli")
        except LimitExceeded:
            return
        raise SystemExit("a 50 MB description was not refused")

    rows.append(
        ("`load_form`, a 50 MB description, refused", fmt(median_inprocess(refuse, runs)), "", "")
    )
    return rows


def bench_router(runs: int) -> list[Row]:
    """benchmarks/router_cost.py's worst rows, in a fresh process of this tree."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "router_cost", ROOT / "benchmarks" / "router_cost.py"
    )
    assert spec is not None and spec.loader is not None
    router_cost = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(router_cost)
    found = router_cost.run_tree(ROOT, min(runs, 3), "--worker-worst")
    return [(f"router, {name}", router_cost.cell(result), "", "") for name, result in found.items()]


SECTIONS = {
    "lint": lambda w, r: bench_lint(w, r),
    "pydantic": lambda w, r: bench_pydantic(w, r),
    "targets": lambda w, r: bench_targets(w, r),
    "scaling": lambda w, r: bench_scaling(r),
    "batch": lambda w, r: bench_batch(w, r),
    "runtime": lambda w, r: bench_runtime(r),
    "jsonschema": lambda w, r: bench_against_jsonschema(r),
    "router": lambda w, r: bench_router(r),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sections", nargs="*", choices=[[], *SECTIONS], default=[])
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median)")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks" / "results.md")
    parser.add_argument(
        "--editable",
        action="store_true",
        help="time this environment's elicit-gen (editable install) instead of a regular install",
    )
    args = parser.parse_args()
    args.sections = args.sections or list(SECTIONS)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        whole = {"lint", "pydantic", "targets", "batch", "jsonschema"}
        if not args.editable and whole & set(args.sections):
            print(
                "== installing this tree (regular install) for whole-process runs", file=sys.stderr
            )
            _INSTALLED["elicit-gen"] = regular_install(Path(tmp))
            _INSTALLED["python"] = str(Path(_INSTALLED["elicit-gen"]).with_name("python"))
        for section in args.sections:
            print(f"== {section}", file=sys.stderr)
            rows.extend(SECTIONS[section](Path(tmp), args.runs))
    import platform

    table = [
        "| measurement | elicit-gen | compared with | ratio |",
        "|---|---|---|---|",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows],
    ]
    flags = " --editable" if args.editable else ""
    installed = (
        "the current environment's (editable) install"
        if args.editable
        else "a regular (non-editable) install of the tree"
    )
    text = (
        f"Measured with `python benchmarks/run.py --runs {args.runs}{flags} "
        f"{' '.join(args.sections)}` on {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; medians of {args.runs} runs "
        f"({args.runs * SHORT_PAIR} rounds for the pairs of short whole processes: a lint of "
        f"one file, a first request); whole-process runs use {installed}.\n\n"
        + "\n".join(table)
        + "\n"
    )
    print(text)
    args.output.write_text(text)


if __name__ == "__main__":
    main()
