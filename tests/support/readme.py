"""The README's snippets, as the tests that run them read them: fenced code blocks taken from a
section of README.md (so a test follows the README, never a copy of it), a copy of the checkout
to run them in, and a shell command bounded in time (its whole process group killed when over)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

_FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


def section(heading: str, path: Path = README) -> str:
    """The text under the Markdown heading ``heading`` (e.g. ``"## Quick start"``), up to the
    next heading of the same or a higher level."""
    text = path.read_text(encoding="utf-8")
    level = len(heading) - len(heading.lstrip("#"))
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.rstrip("\n") == heading]
    assert len(starts) == 1, f"{path.name}: {heading!r} found {len(starts)} times"
    body = []
    fenced = False
    for line in lines[starts[0] + 1 :]:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(rf"#{{1,{level}}} ", line):
            break
        body.append(line)
    return "".join(body)


def blocks(heading: str, lang: str, path: Path = README) -> list[str]:
    """The fenced ``lang`` blocks of a section, in order."""
    return [m["body"] for m in _FENCE.finditer(section(heading, path)) if m["lang"] == lang]


def block(heading: str, lang: str, containing: str, path: Path = README) -> str:
    """The one fenced ``lang`` block of a section that contains ``containing``."""
    found = [b for b in blocks(heading, lang, path) if containing in b]
    assert len(found) == 1, (
        f"{path.name} {heading!r}: {len(found)} {lang} blocks with {containing!r}"
    )
    return found[0]


def copy_checkout(to: Path) -> Path:
    """The checkout's files as git sees them (tracked, and untracked but not ignored: what a
    fresh clone of this work would hold), copied to ``to``; no .venv, caches or node_modules."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if name.split("/")[0] == "node_modules" or source.is_symlink() or not source.is_file():
            continue  # a deleted file, or the shared node_modules link of a worktree
        target = to / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return to


def user_env(home: Path | None = None) -> dict[str, str]:
    """The environment of a user's fresh shell: no virtual environment active (the test's own
    ``bin`` directory off PATH, so ``python3`` is the machine's), no PYTHONPATH pointing at the
    checkout. When PATH then holds no ``python3``, the test's base interpreter stands in."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")
    }
    ours = {Path(sys.executable).parent, Path(sys.prefix) / "bin"}
    if "VIRTUAL_ENV" in os.environ:
        ours.add(Path(os.environ["VIRTUAL_ENV"]) / "bin")
    kept = [p for p in env.get("PATH", os.defpath).split(os.pathsep) if p and Path(p) not in ours]
    env["PATH"] = os.pathsep.join(kept)
    if shutil.which("python3", path=env["PATH"]) is None and home is not None:
        bin_dir = home / "python3-bin"
        bin_dir.mkdir(parents=True, exist_ok=True)
        base = getattr(sys, "_base_executable", sys.executable)
        (bin_dir / "python3").symlink_to(base)
        env["PATH"] = os.pathsep.join([str(bin_dir), env["PATH"]])
    return env


def run_shell(
    script: str,
    cwd: Path,
    env: Mapping[str, str],
    timeout: float,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``bash -e -c script`` (a user's shell, stopping at the first failing line) in its own
    process group, killed whole (pip and what it started too) after ``timeout`` seconds."""
    proc = subprocess.Popen(
        ["bash", "-e", "-c", script],
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise AssertionError(f"over {timeout} s: {script!r}\n{out}\n{err}") from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
