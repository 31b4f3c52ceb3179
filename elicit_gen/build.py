"""The build step: many inputs, many targets, one process; safe writes and ``--check``.

Inputs are linted and lowered once; every target's emitter is loaded once (templates and black
are cached). Output paths are planned for every input before anything is written, so that two
inputs mapping to one file is an error rather than an overwrite. An input with errors writes
nothing; every write is atomic and an unchanged file is left alone (its mtime stays).
"""

from __future__ import annotations

import contextlib
import glob
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .compiler.naming import module_stem
from .compiler.pipeline import FileResult, Selection, check_source
from .compiler.spec import Revision
from .targets import REGISTRY, expand, get_target


class BuildError(Exception):
    """A usage or I/O problem that stops the build (exit code 2)."""


@dataclass(frozen=True)
class Input:
    name: str  # as shown in diagnostics and headers ('/'-separated, relative)
    stem: str
    data: bytes


@dataclass
class BuildReport:
    results: list[tuple[Input, FileResult]] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    stale: list[Path] = field(default_factory=list)  # with check: missing or different
    skipped: list[str] = field(default_factory=list)  # inputs with errors: nothing written

    def failed(self, strict: bool) -> bool:
        return any(r.failed(strict) for _, r in self.results) or bool(self.stale)


def read_input(path: Path, name: str) -> Input:
    """Reads one input file; raises BuildError with a one-line message."""
    try:
        if path.is_dir():
            raise BuildError(f"{name}: is a directory, expected a JSON file")
        return Input(name, path.stem, path.read_bytes())
    except FileNotFoundError:
        raise BuildError(f"{name}: no such file") from None
    except PermissionError:
        raise BuildError(f"{name}: permission denied") from None
    except OSError as exc:
        raise BuildError(f"{name}: cannot read: {exc.strerror or exc}") from None


def expand_targets(targets: Sequence[str]) -> list[str]:
    try:
        return expand(targets)
    except ValueError as exc:
        raise BuildError(str(exc)) from None


def expand_globs(patterns: Sequence[str], root: Path) -> list[Path]:
    """Input paths for glob patterns relative to ``root``, sorted, without duplicates."""
    found: dict[Path, None] = {}
    for pattern in patterns:
        matches = sorted(glob.glob(pattern, root_dir=root, recursive=True))
        if not matches and not glob.has_magic(pattern):
            matches = [pattern]  # a plain path that does not exist: reported when read
        for match in matches:
            found[root / match] = None
    return list(found)


def plan_outputs(
    results: list[tuple[Input, FileResult]], targets: list[str], output: str
) -> dict[tuple[str, str, str], Path]:
    """(input name, form stem, target) -> output path, for every output of every input.

    ``output`` names a directory when it ends with '/', is an existing directory, or when there
    is more than one output.
    """
    units = [
        (inp.name, stem, target)
        for inp, result in results
        for stem in ([f.stem for f in result.forms] or [module_stem(inp.stem)])
        for target in targets
    ]
    out = Path(output)
    as_dir = output.endswith(("/", os.sep)) or out.is_dir() or len(units) > 1
    paths: dict[tuple[str, str, str], Path] = {}
    owner: dict[Path, str] = {}
    for name, stem, target in units:
        path = out / f"{stem}{REGISTRY[target].suffix}" if as_dir else out
        if path in owner and owner[path] != name:
            raise BuildError(
                f"{owner[path]} and {name} would both write {path.as_posix()}; rename one of them"
            )
        owner[path] = name
        paths[(name, stem, target)] = path
    return paths


def remove_stale_temp_files(directories: set[Path]) -> None:
    """Removes temp files a killed earlier run may have left (``.<name>.<random>.tmp``)."""
    for directory in directories:
        for leftover in glob.glob(".*.tmp", root_dir=directory):
            with contextlib.suppress(OSError):
                (directory / leftover).unlink()


def build(
    inputs: Sequence[Input],
    targets: Sequence[str],
    output: str | None,
    *,
    revision: Revision,
    selection: Selection,
    strict: bool = False,
    check: bool = False,
    lint_only: bool = False,
    emit_stdout: Callable[[str], None] | None = None,
    progress: Callable[[str], None] | None = None,
) -> BuildReport:
    """Lints every input, then (unless ``lint_only``) compiles and writes or checks outputs."""
    from .output import WriteStatus, is_current, write_atomic

    names = expand_targets(targets) if not lint_only else []
    report = BuildReport()
    for inp in inputs:
        result = check_source(
            inp.data,
            inp.name,
            revision=revision,
            selection=selection,
            build_forms=not lint_only,
            stem=module_stem(inp.stem),
        )
        report.results.append((inp, result))
    if lint_only:
        return report
    if output is None:
        if sum(max(len(r.forms), 1) for _, r in report.results) * len(names) > 1:
            raise BuildError("several outputs would be written: name a directory with -o DIR/")
        paths = None
    else:
        paths = plan_outputs(report.results, names, output)
        if not check:
            remove_stale_temp_files({p.parent for p in paths.values() if p.parent.is_dir()})
    emitters = {name: get_target(name) for name in names}
    total = len(report.results)
    for index, (inp, result) in enumerate(report.results, 1):
        if progress is not None and total >= 20 and (index % 50 == 0 or index == total):
            progress(f"[{index}/{total}] {inp.name}")
        if not result.forms or result.failed(strict):
            report.skipped.append(inp.name)
            continue
        generated = [
            (form, target, emitters[target].emit(form)) for form in result.forms for target in names
        ]
        for form, target, file in generated:
            if paths is None:
                if emit_stdout is not None:
                    emit_stdout(file.text)
                continue
            path = paths[(inp.name, form.stem, target)]
            if check:
                if not is_current(path, file.text):
                    report.stale.append(path)
                continue
            try:
                status = write_atomic(path, file.text)
            except OSError as exc:
                raise BuildError(f"cannot write {path.as_posix()}: {exc.strerror or exc}") from None
            (report.written if status is WriteStatus.WRITTEN else report.unchanged).append(path)
    return report
