"""The build step: many inputs, many targets, one process; safe writes and ``--check``.

Inputs are linted and lowered once; every target's emitter is loaded once (templates are cached).
Generated Python is what the client project's formatter leaves unchanged: its settings come from the
pyproject.toml governing the output location (:func:`.targets.common.style.find_style`).

Output paths are planned for every input before anything is written, so that two
outputs mapping to one file is an error rather than an overwrite. An input with errors writes
nothing; the files of one run are written all or nothing (staged, then renamed: see
:mod:`.staging`) and an unchanged file is left alone (its mtime stays).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterator, Sequence

from ..compiler.naming import module_stem
from ..compiler.pipeline import FileResult, Selection, check_source
from ..compiler.spec import Revision
from ..records import NamedTuple
from ..targets import (
    URL_CONSENT_STEM,
    consent_target,
    consent_targets,
    emit,
    emit_url_consent,
    file_targets,
    get_target,
    target_files,
)
from ..targets.common.style import ConfigError, Style, find_style
from .inputs import BuildError
from .plan import TARGET_FILES, URL_CONSENT, expand_targets, plan_outputs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..targets.common.base import GeneratedFile
    from .inputs import Input
    from .plan import Claims
    from .staging import Staging

    #: One generated output: (input name, form stem, target) and the file.
    Output = tuple[tuple[str, str, str], GeneratedFile]


class FieldIgnores(NamedTuple):
    """The per-field ignores of a config and the directory their file globs start from."""

    #: (file glob, JSON pointer, codes), ...: :attr:`.config.Config.per_field_ignores`
    entries: Sequence[tuple[str, str, Sequence[str]]] = ()
    root: str | os.PathLike[str] | None = None


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

    One of four modes: lint only, stdout (no ``output``), ``check``, or write. Files are written all
    or nothing (see :mod:`.staging`): every changed output is staged, then all are renamed. With a
    ``staging`` of the caller's (several jobs, one run), this only stages: ``report.written`` lists
    what the caller's :meth:`Staging.commit` will write. ``claims`` shared between calls makes two
    jobs writing one file an error. ``style``: the project's formatter settings, by default those
    governing ``output`` (see :func:`.targets.common.style.find_style`). ``url_consent`` adds the
    URL-mode consent screen of each UI target among ``targets``. ``field_ignores``: the config's
    per-field ignores and the directory their globs start from. ``locale``: the language of what the
    forms write themselves (see :mod:`.i18n`).
    """
    names = expand_targets(targets) if not lint_only else []
    # the targets that write the same files once per directory (the web module), not per form
    whole = [(t, f) for t in file_targets(names) for f in target_files(t)]
    names = [n for n in names if n not in {t for t, _ in whole}]
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
        count += len(whole)
        if count > 1:
            raise BuildError("several outputs would be written: name a directory with -o DIR/")
        paths = None
    else:
        paths = plan_outputs(
            report.results,
            names,
            output,
            claims=claims,
            job=job,
            consent=consent,
            files=[(t, f.name) for t, f in whole],
        )
    if style is None:
        try:
            from pathlib import Path

            style = find_style(Path(output) if output is not None else None)
        except ConfigError as exc:
            raise BuildError(str(exc)) from None
    from ..i18n import UnknownLocale, normalise  # only compiling needs the catalogues

    try:
        locale = normalise(locale)
    except UnknownLocale as exc:
        raise BuildError(str(exc)) from None
    outputs = _generate(
        report,
        names,
        style,
        strict=strict,
        progress=progress,
        consent=consent,
        locale=locale,
        whole=whole,
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
        relative = os.path.relpath(os.path.realpath(inp.path), os.path.realpath(root))
    except ValueError:  # another drive (Windows)
        return selection
    name = relative.replace(os.sep, "/")
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


def _generate(
    report: BuildReport,
    names: list[str],
    style: Style,
    *,
    strict: bool,
    progress: Callable[[str], None] | None,
    consent: Sequence[str] = (),
    locale: str = "en",
    whole: Sequence[tuple[str, GeneratedFile]] = (),
) -> Iterator[Output]:
    """Every output of every input without errors (those are recorded as skipped), generated
    lazily: a write stops at the first error having generated no more than it needs."""
    from ..targets.common.pyformat import FormatterError
    from .files import FileError

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
            file = emit_url_consent(consent_target(target), style, locale)
        except FormatterError as exc:
            raise BuildError(str(exc)) from None
        yield (URL_CONSENT, URL_CONSENT_STEM, target), file
    for target, file in whole:
        yield (TARGET_FILES, file.name, target), file


def _to_stdout(outputs: Iterator[Output], emit_stdout: Callable[[str], None] | None) -> None:
    """The stdout mode: the one output's text to ``emit_stdout``."""
    for _, file in outputs:
        if emit_stdout is not None:
            emit_stdout(file.text)


def _check(
    outputs: Iterator[Output], paths: dict[tuple[str, str, str], Path], report: BuildReport
) -> None:
    """The check mode: writes nothing; a missing or different output is stale."""
    from .files import FileError
    from .staging import is_current

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
    from .files import FileError
    from .staging import Staging

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
