"""The build step: many inputs, many targets, one process; safe writes and ``--check``.

Inputs are linted and lowered once; every target's emitter is loaded once (templates are
cached). Generated Python is what the client project's formatter leaves unchanged: its settings
come from the pyproject.toml governing the output location (:func:`.config.find_style`).

Output paths are planned for every input before anything is written, so that two
outputs mapping to one file is an error rather than an overwrite. An input with errors writes
nothing; the files of one run are written all or nothing (staged, then renamed: see
:mod:`.output`) and an unchanged file is left alone (its mtime stays).
"""

from __future__ import annotations

import fnmatch
import glob
import os
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from .compiler.naming import module_stem
from .compiler.pipeline import FileResult, Selection, check_source
from .compiler.spec import Revision
from .config import ConfigError, Style, find_style
from .targets import (
    REGISTRY,
    URL_CONSENT_STEM,
    GeneratedFile,
    consent_targets,
    emit,
    emit_url_consent,
    expand,
    get_target,
)

if TYPE_CHECKING:
    from .output import Staging


class BuildError(Exception):
    """A usage or I/O problem that stops the build (exit code 2)."""


class Input(NamedTuple):
    name: str  # as shown in diagnostics and headers ('/'-separated, relative)
    stem: str
    data: bytes
    path: Path | None = None  # the file it was read from (None for stdin)


class FieldIgnores(NamedTuple):
    """The per-field ignores of a config and the directory their file globs start from."""

    #: (file glob, JSON pointer, codes), ...: :attr:`.config.Config.per_field_ignores`
    entries: Sequence[tuple[str, str, Sequence[str]]] = ()
    root: Path | None = None


NO_FIELD_IGNORES = FieldIgnores()


class BuildReport:
    """What one run found and did; the build fills it in as it goes."""

    def __init__(self) -> None:
        self.results: list[tuple[Input, FileResult]] = []
        self.written: list[Path] = []
        self.unchanged: list[Path] = []
        self.stale: list[Path] = []  # with check: missing or different
        self.skipped: list[str] = []  # inputs with errors: nothing written

    def failed(self, strict: bool) -> bool:
        return any(r.failed(strict) for _, r in self.results) or bool(self.stale)


def read_input(path: Path, name: str) -> Input:
    """Reads one input file (a regular file, at most 16 MiB); raises BuildError with a one-line
    message, never blocks on a FIFO or reads a device."""
    from .output import FileError, read_input_file

    try:
        return Input(name, path.stem, read_input_file(path, name), path)
    except FileError as exc:
        raise BuildError(str(exc)) from None


def read_stdin(stream: BinaryIO) -> Input:
    """Reads ``-`` (at most 16 MiB)."""
    from .output import FileError, read_input_stream

    try:
        return Input("<stdin>", "stdin", read_input_stream(stream, "<stdin>"))
    except FileError as exc:
        raise BuildError(str(exc)) from None


def expand_targets(targets: Sequence[str]) -> list[str]:
    try:
        return expand(targets)
    except ValueError as exc:
        raise BuildError(str(exc)) from None


def _hidden(name: str) -> bool:
    return name.startswith(".")


def _entries(directory: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(directory) as it:
            return list(it)
    except OSError:
        return []


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows a link: a linked directory is still searched once
    except OSError:
        return False


def _tree(base: str, start: str) -> list[str]:
    """``start`` and every directory below it (hidden ones excepted), each real directory once:
    a symbolic link back up the tree (a loop) is not descended again."""
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    stack = [start]
    while stack:
        relative = stack.pop()
        try:
            info = os.stat(os.path.join(base, relative) if relative else base or ".")
        except OSError:
            continue
        key = (info.st_dev, info.st_ino)
        if key in seen:
            continue
        seen.add(key)
        found.append(relative)
        children = [
            os.path.join(relative, e.name) if relative else e.name
            for e in _entries(os.path.join(base, relative) if relative else base or ".")
            if not _hidden(e.name) and _is_dir(e)
        ]
        stack.extend(sorted(children, reverse=True))
    return found


def _glob(pattern: str, root: Path) -> list[str]:
    """Matches of ``pattern`` (``*``, ``?``, ``[...]``, ``**``) relative to ``root``, like
    ``glob.glob(recursive=True)`` (hidden names only when the pattern names them) but never
    descending a directory twice through links, so a link loop costs nothing."""
    parts = Path(pattern).parts
    if not parts:
        return []
    if os.path.isabs(pattern):
        base, segments, prefix = parts[0], list(parts[1:]), parts[0]
    else:
        base, segments, prefix = str(root), list(parts), ""
    collapsed: list[str] = []
    for segment in segments:
        if not (segment == "**" and collapsed and collapsed[-1] == "**"):
            collapsed.append(segment)
    results: list[str] = []

    def full(relative: str) -> str:
        return os.path.join(base, relative) if relative else base

    def walk(relative: str, index: int) -> None:
        segment = collapsed[index]
        last = index == len(collapsed) - 1
        if segment == "**":
            for directory in _tree(base, relative):
                if last:
                    if directory:
                        results.append(directory)
                    results.extend(
                        os.path.join(directory, e.name) if directory else e.name
                        for e in _entries(full(directory))
                        if not _hidden(e.name) and not _is_dir(e)
                    )
                else:
                    walk(directory, index + 1)
            return
        if not glob.has_magic(segment):
            candidate = os.path.join(relative, segment) if relative else segment
            if last:
                if os.path.lexists(full(candidate)):
                    results.append(candidate)
            elif os.path.isdir(full(candidate)):
                walk(candidate, index + 1)
            return
        entries = _entries(full(relative))
        names = [e.name for e in entries if not _hidden(e.name) or segment.startswith(".")]
        matched = set(fnmatch.filter(names, segment))
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.name not in matched:
                continue
            candidate = os.path.join(relative, entry.name) if relative else entry.name
            if last:
                results.append(candidate)
            elif _is_dir(entry):
                walk(candidate, index + 1)

    walk("", 0)
    return [os.path.join(prefix, r) if prefix else r for r in results]


def expand_globs(patterns: Sequence[str], root: Path) -> list[Path]:
    """Input paths for glob patterns relative to ``root``, sorted, each real file once.

    ``**`` descends every directory once, links included, but never a link back into a
    directory it is already in (a loop); two names of one file (through a link) give one input.
    """
    found: dict[str, Path] = {}
    for pattern in patterns:
        matches = sorted(_glob(pattern, root))
        if not matches and not glob.has_magic(pattern):
            matches = [pattern]  # a plain path that does not exist: reported when read
        for match in matches:
            path = root / match
            found.setdefault(os.path.realpath(path), path)
    return list(found.values())


def _collision_key(path: Path) -> str:
    """One key for every spelling of one file: resolved, and case- and Unicode-folded (two
    names that differ only in case are one file on macOS and Windows)."""
    return unicodedata.normalize("NFC", os.path.realpath(path)).casefold()


#: Output claims of one run: collision key -> (shown owner, input name, form stem, target).
Claims = dict[str, tuple[str, str, str, str]]


#: The name the URL-mode consent screen's outputs are listed under (as an input's would be).
URL_CONSENT = "--url-consent"


def plan_outputs(
    results: list[tuple[Input, FileResult]],
    targets: list[str],
    output: str,
    *,
    claims: Claims | None = None,
    job: str | None = None,
    consent: Sequence[str] = (),
) -> dict[tuple[str, str, str], Path]:
    """(input name, form stem, target) -> output path, for every output of every input.

    ``output`` names a directory when it ends with '/', is an existing directory, or when there
    is more than one output. Two outputs that would be one file (across inputs, across the
    forms of one ``input_required`` input, across the jobs sharing ``claims``, or differing only
    in case) are a BuildError before anything is written.
    """
    units: list[tuple[str, str, str]] = [
        (inp.name, stem, target)
        for inp, result in results
        for stem in ([f.stem for f in result.forms] or [module_stem(inp.stem)])
        for target in targets
    ]
    units += [(URL_CONSENT, URL_CONSENT_STEM, target) for target in consent]
    out = Path(output)
    as_dir = output.endswith(("/", os.sep)) or os.path.isdir(out) or len(units) > 1
    paths: dict[tuple[str, str, str], Path] = {}
    claimed: Claims = {} if claims is None else claims
    for name, stem, target in units:
        path = out / f"{stem}{REGISTRY[target].suffix}" if as_dir else out
        shown = name if job is None else f"{name} ({job})"
        key = _collision_key(path)
        unit = (shown, name, stem, target)
        previous = claimed.get(key)
        if previous is not None:
            if previous[0] == shown:
                raise BuildError(
                    f"{name}: two of its forms would both write {path.as_posix()} (their "
                    "inputRequests keys differ only in case or punctuation); rename one of them"
                )
            raise BuildError(
                f"{previous[0]} and {shown} would both write {path.as_posix()}; rename one of them"
            )
        claimed[key] = unit
        paths[(name, stem, target)] = path
    return paths


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
    staging: Staging | None = None,
    claims: Claims | None = None,
    job: str | None = None,
    style: Style | None = None,
    url_consent: bool = False,
    field_ignores: FieldIgnores = NO_FIELD_IGNORES,
    locale: str = "en",
) -> BuildReport:
    """Lints every input, then (unless ``lint_only``) compiles and writes or checks outputs.

    One of four modes: lint only, stdout (no ``output``), ``check``, or write. Files are written
    all or nothing (see :mod:`.output`): every changed output is staged, then all are renamed.
    With a ``staging`` of the caller's (several jobs, one run), this only stages:
    ``report.written`` lists what the caller's :meth:`Staging.commit` will write. ``claims``
    shared between calls makes two jobs writing one file an error. ``style``: the project's
    formatter settings, by default those governing ``output`` (see :func:`.config.find_style`).
    ``url_consent`` adds the URL-mode consent screen of each UI target among ``targets``.
    ``field_ignores``: the config's per-field ignores and the directory their globs start from.
    ``locale``: the language of what the forms write themselves (see :mod:`.i18n`).
    """
    names = expand_targets(targets) if not lint_only else []
    consent = consent_targets(names) if url_consent else []
    if url_consent and not consent:
        raise BuildError(
            "--url-consent writes a consent screen for a UI target: add --target html, qt, "
            "textual or cli"
        )
    report = lint_inputs(
        inputs,
        revision=revision,
        selection=selection,
        build_forms=not lint_only,
        field_ignores=field_ignores,
    )
    if lint_only:
        return report
    if output is None:
        count = sum(max(len(r.forms), 1) for _, r in report.results) * len(names) + len(consent)
        if count > 1:
            raise BuildError("several outputs would be written: name a directory with -o DIR/")
        paths = None
    else:
        paths = plan_outputs(report.results, names, output, claims=claims, job=job, consent=consent)
    if style is None:
        try:
            style = find_style(Path(output) if output is not None else None)
        except ConfigError as exc:
            raise BuildError(str(exc)) from None
    from .i18n import UnknownLocale, normalise  # only compiling needs the catalogues

    try:
        locale = normalise(locale)
    except UnknownLocale as exc:
        raise BuildError(str(exc)) from None
    outputs = _generate(
        report, names, style, strict=strict, progress=progress, consent=consent, locale=locale
    )
    if paths is None:
        _to_stdout(outputs, emit_stdout)
    elif check:
        _check(outputs, paths, report)
    else:
        _write(outputs, paths, report, staging)
    return report


def selection_for(inp: Input, selection: Selection, field_ignores: FieldIgnores) -> Selection:
    """``selection`` plus the per-field ignores whose file glob matches ``inp``'s file."""
    entries, root = field_ignores
    if not entries or inp.path is None or root is None:
        return selection
    try:
        relative = Path(os.path.relpath(os.path.realpath(inp.path), os.path.realpath(root)))
    except ValueError:  # another drive (Windows)
        return selection
    name = relative.as_posix()
    fields = [
        (pointer, frozenset(codes))
        for pattern, pointer, codes in entries
        if fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name, pattern.lstrip("./"))
    ]
    if not fields:
        return selection
    return selection.with_fields(fields)


def lint_inputs(
    inputs: Sequence[Input],
    *,
    revision: Revision,
    selection: Selection,
    build_forms: bool,
    field_ignores: FieldIgnores = NO_FIELD_IGNORES,
) -> BuildReport:
    """The lint mode (and the first step of every other): every input checked, in order."""
    report = BuildReport()
    for inp in inputs:
        result = check_source(
            inp.data,
            inp.name,
            revision=revision,
            selection=selection_for(inp, selection, field_ignores),
            build_forms=build_forms,
            stem=module_stem(inp.stem),
        )
        report.results.append((inp, result))
    return report


#: One generated output: (input name, form stem, target) and the file.
Output = tuple[tuple[str, str, str], GeneratedFile]


def _generate(
    report: BuildReport,
    names: list[str],
    style: Style,
    *,
    strict: bool,
    progress: Callable[[str], None] | None,
    consent: Sequence[str] = (),
    locale: str = "en",
) -> Iterator[Output]:
    """Every output of every input without errors (those are recorded as skipped), generated
    lazily: a write stops at the first error having generated no more than it needs."""
    from .output import FileError
    from .targets._pyformat import FormatterError

    emitters = {name: get_target(name) for name in names}
    total = len(report.results)
    for index, (inp, result) in enumerate(report.results, 1):
        if progress is not None and total >= 20 and (index % 50 == 0 or index == total):
            progress(f"[{index}/{total}] {inp.name}")
        if not result.forms or result.failed(strict):
            report.skipped.append(inp.name)
            continue
        for form in (form.in_locale(locale) for form in result.forms):
            for target in names:
                try:
                    file = emit(emitters[target], form, style)
                except (FileError, FormatterError) as exc:
                    raise BuildError(str(exc)) from None
                yield (inp.name, form.stem, target), file
    for target in consent:
        try:
            file = emit_url_consent(get_target(target), style, locale)
        except FormatterError as exc:
            raise BuildError(str(exc)) from None
        yield (URL_CONSENT, URL_CONSENT_STEM, target), file


def _to_stdout(outputs: Iterator[Output], emit_stdout: Callable[[str], None] | None) -> None:
    """The stdout mode: the one output's text to ``emit_stdout``."""
    for _, file in outputs:
        if emit_stdout is not None:
            emit_stdout(file.text)


def _check(
    outputs: Iterator[Output], paths: dict[tuple[str, str, str], Path], report: BuildReport
) -> None:
    """The check mode: writes nothing; a missing or different output is stale."""
    from .output import FileError, is_current

    for key, file in outputs:
        path = paths[key]
        try:
            current = is_current(path, file.text)
        except FileError as exc:
            raise BuildError(str(exc)) from None
        if not current:
            report.stale.append(path)


def _write(
    outputs: Iterator[Output],
    paths: dict[tuple[str, str, str], Path],
    report: BuildReport,
    staging: Staging | None,
) -> None:
    """The write mode: every changed output staged; committed here (all renamed into place)
    unless the caller's ``staging`` collects several builds. An error discards what was staged."""
    from .output import FileError, Staging

    def stage_all(stage: Staging) -> None:
        for key, file in outputs:
            path = paths[key]
            (report.written if stage.stage(path, file.text) else report.unchanged).append(path)

    try:
        if staging is not None:
            stage_all(staging)  # the caller commits (or discards) it
            return
        with Staging() as own:
            stage_all(own)
            own.commit()
    except FileError as exc:
        raise BuildError(str(exc)) from None
