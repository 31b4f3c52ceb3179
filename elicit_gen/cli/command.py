"""What the command does once its options are parsed (:func:`execute`): options ->
library API -> print -> exit code. :mod:`.click_app` parses the command line with click;
:mod:`.entry`, the ``elicit-gen`` console script, reads a lint's itself.

Exit codes (:mod:`.options`): 0 success (warnings allowed), 1 a schema has errors or ``--check``
found stale output, 2 usage or I/O error. Bad input never produces a traceback.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from ..build.config import Config, Job, check_locales, load_config, split_codes
from ..build.files import FileError
from ..build.inputs import BuildError, Input, expand_globs, read_input, read_stdin
from ..build.jobs import BuildReport, FieldIgnores, build
from ..build.plan import Claims
from ..build.signals import interrupt_now
from ..compiler.diagnostics import visible
from ..compiler.pipeline import Selection, SelectionError
from ..compiler.spec import NEWEST, REVISION_NAMES, Revision
from ..targets import TARGETS
from ..targets.common.style import ConfigError
from .options import EXIT_ERRORS, EXIT_OK, EXIT_USAGE
from .report import FORMATTERS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..build.staging import Staging
    from .options import Options


def _posix(path: str) -> str:
    """``PurePath(path).as_posix()`` without pathlib (a lint of the files named on the command
    line never imports it): '/'-separated, empty and ``.`` parts dropped, one root (``//`` kept,
    as POSIX reads it), ``.`` for nothing."""
    text = path.replace(os.sep, "/")
    if text.startswith("//") and not text.startswith("///"):
        head = "//"
    else:
        head = "/" if text.startswith("/") else ""
    parts = [part for part in text.split("/") if part not in ("", ".")]
    return head + "/".join(parts) if head or parts else "."


def _display(path: str | os.PathLike[str], root: str | os.PathLike[str]) -> str:
    """``path`` as a message names it, '/'-separated: relative to ``root`` (the current
    directory) when it is inside it, as every message of a run inside a project names its files;
    absolute when it is not (a chain of ``../`` says less than where the file is); a relative
    path as the user typed it."""
    shown = _posix(os.fspath(path))
    if not os.path.isabs(path):
        return shown  # as the user typed it
    for inner, outer in ((path, root), (os.path.realpath(path), os.path.realpath(root))):
        inner_text, outer_text = _posix(os.fspath(inner)), _posix(os.fspath(outer))
        if inner_text == outer_text:
            return "."
        prefix = outer_text.rstrip("/") + "/"
        if inner_text.startswith(prefix):
            return inner_text[len(prefix) :]
    return shown


def _write(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Prints to stdout or stderr; a closed or failing stdout (a full disk, a closed pipe) is a
    one-line I/O error, not an internal error or a silently lost output."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        if err:
            return  # nowhere to say anything
        raise BuildError("cannot write to stdout: it is closed")
    try:
        stream.write(text + "\n" if nl else text)
        stream.flush()
    except OSError as exc:
        if err:
            return
        with contextlib.suppress(OSError, ValueError):  # no second failure when Python exits
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
        raise BuildError(f"cannot write to stdout: {exc.strerror or exc}") from None


def _read_args(paths: Sequence[str]) -> list[Input]:
    inputs = []
    for path in paths:
        if path == "-":
            if sys.stdin is None:
                raise BuildError("<stdin>: is closed")
            inputs.append(read_stdin(sys.stdin.buffer))
        else:
            inputs.append(read_input(path, _display(path, os.getcwd())))
    return inputs


def _read_job(job: Job, root: Path) -> list[Input]:
    if not job.inputs:  # a job that only writes the URL consent screen
        return []
    paths = expand_globs(job.inputs, root)
    if not paths:
        raise BuildError(f"{job.name}: no input matches {', '.join(job.inputs)}")
    return [read_input(p, _display(p.resolve(), root.resolve())) for p in paths]


def _selection(config: Config, select: Sequence[str], ignore: Sequence[str]) -> Selection:
    chosen = split_codes(select) or config.select
    ignored = split_codes(ignore) + config.ignore
    try:
        selection = Selection(frozenset(chosen) if chosen is not None else None, frozenset(ignored))
    except SelectionError as exc:
        raise BuildError(str(exc)) from None
    for pattern, pointer, codes in config.per_field_ignores:  # checked once, before any input
        try:
            Selection(fields=((pointer, frozenset(codes)),))
        except SelectionError as exc:
            where = f"{pattern}#{pointer}" if pointer else pattern
            raise ConfigError(f"{config.path}: per-field-ignores {where!r}: {exc}") from None
    return selection


def _revision(spec: str | None, config: Config) -> Revision:
    chosen = spec or config.spec or NEWEST.value
    if chosen not in REVISION_NAMES:
        raise ConfigError(
            f"{config.path}: spec {chosen!r} is not one of {', '.join(REVISION_NAMES)}"
        )
    return Revision(chosen)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _print_report(report: BuildReport, opts: Options, strict: bool, to_files: bool) -> int:
    diagnostics = [d for _, r in report.results for d in r.diagnostics]
    if opts.verbose:
        for inp, r in report.results:
            shape = r.shape.value if r.shape else "unrecognised"
            _write(f"{visible(inp.name)}: {shape}", err=True)
    if opts.fmt in ("json", "sarif") or diagnostics:
        _write(FORMATTERS[opts.fmt](diagnostics), nl=False, err=not opts.lint_only)
    for path in report.stale:
        _write(f"{visible(_display(path, os.getcwd()))}: missing or out of date", err=True)
    count = len(report.results)
    if not opts.quiet and opts.fmt == "text":
        errors = sum(r.errors for _, r in report.results)
        warnings = sum(r.warnings for _, r in report.results)
        if opts.lint_only and count > 1:
            _write(
                f"{count} files checked: {_count(errors, 'error')}, {_count(warnings, 'warning')}",
                err=True,
            )
        elif opts.check and report.stale:
            _write(
                f"{len(report.stale)} output(s) missing or out of date; run without --check",
                err=True,
            )
        elif not opts.lint_only and not opts.check and to_files and count <= 1:
            # one input: name each file, so that a first run shows where its output went
            for path in report.written:
                _write(f"wrote {visible(_display(path, os.getcwd()))}", err=True)
            for path in report.unchanged:
                _write(f"{visible(_display(path, os.getcwd()))} is up to date", err=True)
        elif not opts.lint_only and not opts.check and to_files and count > 1:
            _write(
                f"{count} schemas: {len(report.written)} files written, "
                f"{len(report.unchanged)} unchanged"
                + (f", {len(report.skipped)} skipped for errors" if report.skipped else ""),
                err=True,
            )
    return EXIT_ERRORS if report.failed(strict) else EXIT_OK


def _per_form(targets: Sequence[str]) -> list[str]:
    """The targets among ``targets`` that write a file per form (all but the web module);
    an unknown name counts as one (the build says it is unknown)."""
    from ..targets import REGISTRY

    return [t for t in targets if t == "all" or t not in REGISTRY or REGISTRY[t].per_form]


def _run(schemas: Sequence[str], opts: Options, staging: Staging | None) -> int:
    """Runs the jobs or the command line's inputs; every file is staged in ``staging`` and
    renamed into place only when all are staged (one run, all or nothing)."""
    if opts.lint_only and (
        opts.targets or opts.output or opts.check or opts.url_consent or opts.locale
    ):
        raise BuildError(
            "--lint reports diagnostics only; drop --target, -o, --check, --url-consent and "
            "--locale"
        )
    config = load_config()
    if not opts.lint_only:
        check_locales(config)
    selection = _selection(config, opts.select, opts.ignore)
    strict = config.strict if opts.strict is None else opts.strict
    progress = None if opts.quiet else (lambda line: _write(visible(line), err=True))
    # the web module needs no schema (it takes any at run time): the targets alone
    only_files = bool(opts.targets) and not opts.lint_only and not _per_form(opts.targets)
    if not schemas and not opts.url_consent and not only_files:
        if opts.targets or opts.output:
            raise BuildError("--target and -o need a SCHEMA (jobs come from pyproject.toml)")
        if not config.jobs and opts.check:
            # A repository that only lints (the pre-commit check hook run there): no output
            # can be stale, which is a pass, said in one line rather than a usage error.
            if not opts.quiet:
                _write("nothing to check: no [[tool.elicit-gen.jobs]] in pyproject.toml", err=True)
            return EXIT_OK
        if not config.jobs:
            raise BuildError(
                "no SCHEMA given and no [[tool.elicit-gen.jobs]] in pyproject.toml; see --help"
            )
        claims: Claims = {}
        reports = []
        for job in config.jobs:
            output = (config.root / job.output).as_posix().rstrip("/") + "/"
            reports.append(
                build(
                    _read_job(job, config.root),
                    job.targets,
                    output,
                    revision=_revision(opts.spec or job.spec, config),
                    selection=selection,
                    strict=strict,
                    check=opts.check,
                    lint_only=opts.lint_only,
                    progress=progress,
                    staging=staging,
                    claims=claims,
                    job=job.name if len(config.jobs) > 1 else None,
                    url_consent=job.url_consent,
                    field_ignores=FieldIgnores(config.per_field_ignores, config.root),
                    locale=opts.locale or job.locale or config.locale or "en",
                )
            )
        if staging is not None:
            staging.commit()
        code = EXIT_OK
        for report in reports:
            code = max(code, _print_report(report, opts, strict, to_files=True))
        return code
    if not opts.lint_only and not opts.targets:
        raise BuildError(f"choose --target ({', '.join(TARGETS)}, all) or --lint")
    if opts.check and opts.output is None:
        raise BuildError("--check compares against files: give -o PATH")
    report = build(
        _read_args(schemas),
        opts.targets,
        opts.output,
        revision=_revision(opts.spec, config),
        selection=selection,
        strict=strict,
        check=opts.check,
        lint_only=opts.lint_only,
        emit_stdout=lambda text: _write(text, nl=False),
        progress=progress,
        staging=staging if opts.output is not None else None,
        url_consent=opts.url_consent,
        # (the root only for ignores: Config.root would import pathlib for a plain lint)
        field_ignores=FieldIgnores(
            config.per_field_ignores, config.root if config.per_field_ignores else None
        ),
        locale=opts.locale or config.locale or "en",
    )
    if staging is not None and opts.output is not None:
        staging.commit()
    return _print_report(report, opts, strict, to_files=opts.output is not None)


#: Set once the run's work is complete (every output written or checked): a signal after that
#: has nothing left to stop, so the process finishes with the run's own exit code and message.
_work_done = False


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM (and SIGINT) unwind like Ctrl-C, so that staged temp files are removed on the
    way out; in the rename phase the signal waits until every rename is done."""
    if _work_done:
        return
    if interrupt_now(signum):
        raise KeyboardInterrupt


def _install_signal_handlers(previous: dict[int, object]) -> None:
    """SIGINT, SIGTERM and SIGHUP unwind (see :func:`_terminate`); ``previous`` gets each
    handler replaced, as it is replaced (a signal may land in between), to be restored. A
    signal ignored by whoever started us (nohup, a background job) stays ignored."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        with contextlib.suppress(ValueError, OSError):  # not the main thread (tests): keep them
            handler = signal.getsignal(signum)
            if handler in (signal.SIG_IGN, None):
                continue
            previous[signum] = handler
            signal.signal(signum, _terminate)


def _restore_signal_handlers(previous: dict[int, object]) -> None:
    for signum, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(signum, handler)  # type: ignore[arg-type]


def _interrupted(staging: Staging | None) -> str:
    if staging is not None and staging.state == "committed":
        return "elicit-gen: interrupted after every output of this run was written"
    if staging is not None and staging.replaced:
        return (
            f"elicit-gen: interrupted; {len(staging.replaced)} of {len(staging.staged)} changed "
            "outputs were replaced, the others were left as they were"
        )
    return "elicit-gen: interrupted; no output was changed (no partial output was left)"


def execute(schemas: Sequence[str], opts: Options) -> int:
    """Runs the command for ``schemas`` and returns its exit code: every expected failure is a
    one-line message on stderr, never a traceback."""
    global _work_done
    _work_done = False
    handlers: dict[int, object] = {}
    staging: Staging | None = None
    try:
        _install_signal_handlers(handlers)
        if not opts.lint_only and not opts.check:  # --lint and --check write nothing
            from ..build.staging import Staging  # (a signal here unwinds like any other)

            staging = Staging()
        with staging if staging is not None else contextlib.nullcontext():
            code = _run(schemas, opts, staging)
            _work_done = True  # a signal from here on must not turn into "Aborted!" or 130
    except BuildError as exc:
        _write(f"elicit-gen: error: {visible(str(exc))}", err=True)
        code = EXIT_USAGE
    except ConfigError as exc:
        _write(f"elicit-gen: config error: {visible(str(exc))}", err=True)
        code = EXIT_USAGE
    except KeyboardInterrupt:
        _write(_interrupted(staging), err=True)
        code = 130
    except Exception as exc:  # an exception here is a bug (a FileError aside): one line
        if isinstance(exc, FileError):  # a file that could not be read or written
            _write(f"elicit-gen: error: {visible(str(exc))}", err=True)
        else:
            if os.environ.get("ELICIT_GEN_DEBUG"):
                raise
            _write(
                f"elicit-gen: internal error: {type(exc).__name__}: {visible(str(exc))} "
                "(please report this; set ELICIT_GEN_DEBUG=1 for the traceback)",
                err=True,
            )
        code = EXIT_USAGE
    finally:
        _restore_signal_handlers(handlers)
    return code
