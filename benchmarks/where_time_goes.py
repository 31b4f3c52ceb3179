"""Where the time goes: the profile behind benchmarks/run.py's figures.

    python benchmarks/where_time_goes.py            # writes benchmarks/profile.md

1. In-process (warm) compile of the every-kind example for all five targets, a new variant of
   the form each time: cProfile, cumulative time by component.
2. Whole-process ``--target pydantic`` on one schema: ``-X importtime`` of the imports, and the
   wall time of the process.
3. Whole-process ``--lint`` on one file, from a regular install (as benchmarks/run.py measures
   it): the wall time of processes that stop after each layer of imports, and which modules a
   lint imports.
4. A client's first request (``load_form(schema, "cli")`` in a fresh process), from a regular
   install: the same layers, the compiled runtime kept or not, and what it imports.
5. ``load_form(schema, "cli")`` warm against the jsonschema check: instructions per call.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import (
    _CHECK_PROCESS,
    EVERY_KIND,
    POINTER,
    ROOT,
    SPEC,
    compile_ok,
    median_seconds,
    official_schema_file,
    per_form_targets,
    regular_install,
    tool,
    variant,
)


def instructions(cmd: list[str]) -> int | None:
    """The instructions a whole process executes (callgrind's Ir): the same in every run, where
    wall time on a shared host is not; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        timeout=900,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found[1]) if found else None


def instruction_row(label: str, ours: list[str], theirs: list[str], name: str) -> list[str]:
    mine, other = instructions(ours), instructions(theirs)
    if mine is None or other is None:
        return [f"- instructions ({label}): not measured (no valgrind)"]
    return [
        f"- instructions, deterministic (callgrind, {label}): {mine / 1e6:,.0f} M, "
        f"{name}: {other / 1e6:,.0f} M; {mine / other:.3f}x"
    ]


def inprocess_profile() -> str:
    import json

    document = json.loads(EVERY_KIND.read_text())
    names = per_form_targets()
    compile_ok(variant(document), names)  # warm
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for _ in range(10):
        compile_ok(variant(document), names)
    profiler.disable()
    per_run = (time.perf_counter() - start) / 10
    stats = pstats.Stats(profiler)
    groups = {
        "the printer of data literals (py filter)": (
            "elicit_gen/targets/common/pyprint.py",
            "literal",
        ),
        "black (only for formatter settings the printer does not cover)": ("", "black.format_str"),
        "jinja2 rendering": ("jinja2/environment.py", "render"),
        "front end (load, rules, lower)": ("elicit_gen/compiler/pipeline.py", "check_source"),
    }
    rows = [f"- one compile of all {len(names)} targets: {per_run * 1000:.0f} ms (mean of 10)"]
    for label, (path_part, func) in groups.items():
        cumulative = sum(
            value[3]
            for key, value in stats.stats.items()  # type: ignore[attr-defined]
            if path_part in key[0] and (key[2] == func or f"method {func}" in key[2])
        )
        rows.append(f"- {label}: {cumulative / 10 * 1000:.0f} ms per compile")
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(18)
    top = "\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000]
    return "\n".join(rows) + "\n\n```\n" + top + "\n```\n"


def cold_profile() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "elicit_gen",
            str(EVERY_KIND),
            "--target",
            "pydantic",
            "-o",
            f"{tmp}/x.py",
            "-q",
        ]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=300)
        wall = time.perf_counter() - start
    imports = []
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = (part.strip() for part in line[len("import time:") :].split("|"))
            if cumulative.isdigit() and name.split(".")[0] == name.strip():
                imports.append((int(cumulative), name.strip()))
    imports.sort(reverse=True)
    rows = [f"- whole process, with -X importtime overhead: {wall * 1000:.0f} ms"]
    rows += [f"- import {name}: {us / 1000:.0f} ms" for us, name in imports[:8]]
    return "\n".join(rows) + "\n"


_LINT_IMPORTS = """
import sys
from elicit_gen.cli.entry import main
try:
    main(sys.argv[1:])
finally:
    ours = sorted(m for m in sys.modules if m.split(".")[0] == "elicit_gen")
    print(
        len(sys.modules), len(ours), "dataclasses" in sys.modules, "click" in sys.modules,
        "typing" in sys.modules,
    )
"""


def lint_profile() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        elicit_gen = regular_install(Path(tmp))
        python = str(Path(elicit_gen).parent / "python")
        # the every-kind form, as benchmarks/run.py lints it: its defaults are checked (the
        # form runtime and the pattern engine are imported for them)
        schema = Path(tmp) / "every_kind.json"
        schema.write_text(json.dumps(json.loads(EVERY_KIND.read_text())["requestedSchema"]))
        layers = [
            ("Python start-up (`-c pass`)", [python, "-c", "pass"]),
            (
                "+ the standard library the code uses (enum, json, re, datetime)",
                [python, "-c", "import enum, json, re, datetime"],
            ),
            (
                "+ the linter (`import elicit_gen.compiler.pipeline`)",
                [python, "-c", "import elicit_gen.compiler.pipeline"],
            ),
            (
                "+ the command without click (`import elicit_gen.cli.command`; a lint never "
                "imports click)",
                [python, "-c", "import elicit_gen.cli.command"],
            ),
            (
                "(for comparison: + click, which every other command line imports)",
                [python, "-c", "import elicit_gen.cli.command, click"],
            ),
            (
                "(for comparison: + dataclasses, which compiling imports for the IR; a lint's "
                "records are NamedTuples and plain classes)",
                [python, "-c", "import elicit_gen.cli.command, dataclasses"],
            ),
            (
                "(for comparison: + typing, which a lint of forms never imports: its named "
                "tuples are records.NamedTuple)",
                [python, "-c", "import elicit_gen.cli.command, typing"],
            ),
            ("the whole `elicit-gen --lint` run", [elicit_gen, "--lint", str(schema)]),
        ]
        rows = [
            f"- {label}: {median_seconds(cmd, 21) * 1000:.1f} ms (median of 21)"
            for label, cmd in layers
        ]
        rows += instruction_row(
            "the same lint",
            [python, elicit_gen, "--lint", str(schema)],
            [
                sys.executable,
                tool("check-jsonschema"),
                "--schemafile",
                str(official_schema_file(Path(tmp))),
                str(schema),
            ],
            "check-jsonschema",
        )
        found = subprocess.run(
            [python, "-c", _LINT_IMPORTS, "--lint", str(schema)],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout.split()
    modules, ours, dataclasses, click, typing = found[-5:]
    rows.append(
        f"- a lint imports {modules} modules, {ours} of them elicit-gen's; "
        f"dataclasses: {'yes' if dataclasses == 'True' else 'no'}, "
        f"click: {'yes' if click == 'True' else 'no'}, "
        f"typing: {'yes' if typing == 'True' else 'no'}"
    )
    return "\n".join(rows) + "\n"


_FIRST_IMPORTS = """
import json, sys
from elicit_gen import load_form
load_form(json.loads(sys.argv[1]), "cli")
names = sorted(sys.modules)
ours = [m for m in names if m.split(".")[0] == "elicit_gen"]
writers = [m for m in names if m.split(".")[0] in ("jinja2", "black", "click")]
writers += [m for m in ours if m.rsplit(".", 1)[-1] in ("render", "pyprint", "pyformat")]
print(len(names), len(ours), "dataclasses" in sys.modules, ",".join(writers) or "none")
"""


def first_request_profile() -> str:
    from run import twenty_fields

    schema = json.dumps(twenty_fields(0))
    with tempfile.TemporaryDirectory() as tmp:
        elicit_gen = regular_install(Path(tmp))
        python = str(Path(elicit_gen).parent / "python")
        load = [python, "-c", _FIRST_IMPORTS, schema]
        subprocess.run(load, check=True, capture_output=True, timeout=120)  # keeps the runtime
        layers = [
            ("Python start-up (`-c pass`)", [python, "-c", "pass"]),
            ("+ `import elicit_gen.live.load`", [python, "-c", "import elicit_gen.live.load"]),
            (
                "+ `from elicit_gen.targets.cli import EMITTER`",
                [python, "-c", "import elicit_gen.live.load, elicit_gen.targets.cli"],
            ),
            ("the first request, the compiled runtime kept (as after any earlier run)", load),
        ]
        rows = [
            f"- {label}: {median_seconds(cmd, 21) * 1000:.1f} ms (median of 21)"
            for label, cmd in layers
        ]
        env = {**os.environ, "ELICIT_GEN_CACHE": ""}
        times = []
        for _ in range(11):
            start = time.perf_counter()
            subprocess.run(load, check=True, capture_output=True, timeout=120, env=env)
            times.append(time.perf_counter() - start)
        rows.append(
            "- the first request with no compiled runtime kept (`ELICIT_GEN_CACHE=`): "
            f"{statistics.median(times) * 1000:.1f} ms (median of 11)"
        )
        rows += instruction_row(
            "the first request, the compiled runtime kept",
            load,
            [python, "-c", _CHECK_PROCESS, schema, str(SPEC), POINTER],
            "the jsonschema check (a whole process)",
        )
        found = subprocess.run(load, capture_output=True, text=True, timeout=120).stdout.split()
        timed = subprocess.run(
            [python, "-X", "importtime", "-c", _FIRST_IMPORTS, schema],
            capture_output=True,
            text=True,
            timeout=120,
        )
    modules, ours, dataclasses, writers = found[-4:]
    rows.append(
        f"- it imports {modules} modules, {ours} of them elicit-gen's; dataclasses (the IR): "
        f"{'yes' if dataclasses == 'True' else 'no'}; jinja2, black, click, the printer: "
        f"{writers}"
    )
    imports = []
    for line in timed.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = (part.strip() for part in line[len("import time:") :].split("|"))
            if cumulative.isdigit() and name == name.lstrip() and "." not in name.strip():
                imports.append((int(cumulative), name.strip()))
    imports.sort(reverse=True)
    rows += [f"- import {name}: {us / 1000:.0f} ms (-X importtime)" for us, name in imports[:6]]
    return "\n".join(rows) + "\n"


#: ``count`` warm calls of one side of benchmarks/run.py's warm comparison, after 20 of each:
#: ``load_form(schema, "cli")`` on new 20-field schemas, or the jsonschema check of such schemas
#: against the official ``requestedSchema`` definition (formats checked).
_WARM_CALLS = """
import sys
sys.path.insert(0, sys.argv[3])
from run import official_validator, twenty_fields
from elicit_gen.live import load_form
count, side = int(sys.argv[1]), sys.argv[2]
validator = official_validator()
ours = [twenty_fields(10_000 + i) for i in range(count + 20)]
theirs = [twenty_fields(20_000 + i) for i in range(count + 20)]
for i in range(20):
    load_form(ours[i], "cli")
    validator.validate(theirs[i])
for i in range(20, 20 + count):
    load_form(ours[i], "cli") if side == "ours" else validator.validate(theirs[i])
"""


def warm_profile() -> str:
    """Instructions per warm call, each side's count of 200 calls less its count of none: the
    deterministic view of benchmarks/run.py's warm ratio, whose times move by a tenth or more
    from run to run on a shared host."""
    here = str(Path(__file__).resolve().parent)
    per_call = {}
    for side in ("ours", "theirs"):
        counts = [
            instructions([sys.executable, "-c", _WARM_CALLS, str(n), side, here]) for n in (0, 200)
        ]
        if None in counts:
            return "- not measured (no valgrind)\n"
        per_call[side] = (counts[1] - counts[0]) / 200  # type: ignore[operator]
    ours, theirs = per_call["ours"], per_call["theirs"]
    return (
        f"- instructions per warm call (callgrind, 200 calls less none): `load_form(schema, "
        f'"cli")` {ours / 1e6:.1f} M, the jsonschema check {theirs / 1e6:.1f} M; '
        f"{ours / theirs:.3f}x\n"
    )


def main() -> None:
    text = (
        "# Profiles\n\nMade by `python benchmarks/where_time_goes.py`.\n\n"
        "## In-process, all targets, every-kind example (warm, a new form each run)\n\n"
        + inprocess_profile()
        + "\n## Whole process, `--target pydantic`, top-level imports\n\n"
        + cold_profile()
        + "\n## Whole process, `--lint` one file, regular install: start-up layers\n\n"
        + lint_profile()
        + "\n## Whole process, a client's first request (`load_form`, cli), regular install\n\n"
        + first_request_profile()
        + '\n## In-process, `load_form(schema, "cli")` warm against the jsonschema check\n\n'
        + warm_profile()
    )
    (ROOT / "benchmarks" / "profile.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
