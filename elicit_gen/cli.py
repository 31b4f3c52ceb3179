"""The command line: options -> library API -> print -> exit code.

Exit codes: 0 success (warnings allowed), 1 a schema has errors or ``--check`` found stale
output, 2 usage or I/O error. Bad input never produces a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import click

from .compiler.diagnostics import Diagnostic
from .compiler.naming import module_stem
from .compiler.pipeline import FileResult, Selection, SelectionError, check_source, codes_summary
from .compiler.spec import NEWEST, REVISIONS, Revision
from .config import Config, ConfigError, load_config
from .report import FORMATS, FORMATTERS
from .targets import REGISTRY, TARGETS

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageProblem(Exception):
    """A usage or I/O problem: printed as one line, exit code 2."""


@dataclass(frozen=True)
class Input:
    name: str  # as shown in diagnostics and headers
    stem: str
    data: bytes


def _read_inputs(paths: Sequence[str]) -> list[Input]:
    inputs = []
    for path in paths:
        if path == "-":
            inputs.append(Input("<stdin>", "stdin", sys.stdin.buffer.read()))
            continue
        p = Path(path)
        try:
            if p.is_dir():
                raise UsageProblem(f"{path}: is a directory, expected a JSON file")
            data = p.read_bytes()
        except UsageProblem:
            raise
        except FileNotFoundError:
            raise UsageProblem(f"{path}: no such file") from None
        except PermissionError:
            raise UsageProblem(f"{path}: permission denied") from None
        except OSError as exc:
            raise UsageProblem(f"{path}: cannot read: {exc.strerror or exc}") from None
        inputs.append(Input(_display(p), p.stem, data))
    return inputs


def _display(path: Path) -> str:
    """The path as given, '/'-separated and relative where possible (stable across machines)."""
    if path.is_absolute():
        with contextlib.suppress(ValueError):
            path = path.relative_to(Path.cwd())
    return path.as_posix()


def _split_codes(values: Sequence[str]) -> list[str]:
    return [c.strip().upper() for v in values for c in v.split(",") if c.strip()]


def _selection(config: Config, select: Sequence[str], ignore: Sequence[str]) -> Selection:
    chosen = _split_codes(select) or (list(config.select) if config.select is not None else None)
    ignored = _split_codes(ignore) + list(config.ignore)
    try:
        return Selection(frozenset(chosen) if chosen is not None else None, frozenset(ignored))
    except SelectionError as exc:
        raise UsageProblem(str(exc)) from None


def _emit_diagnostics(diagnostics: list[Diagnostic], fmt: str, stream: str) -> None:
    if fmt in ("json", "sarif") or diagnostics:
        text = FORMATTERS[fmt](diagnostics)
        click.echo(text, nl=False, err=stream == "stderr")


def _list_rules() -> None:
    for code, name, severity, summary, enabled in codes_summary():
        note = "" if enabled else " (off by default)"
        click.echo(f"{code}  {name:<22} {severity:<7} {summary}{note}")


def _output_paths(
    results: list[tuple[Input, FileResult]], targets: list[str], output: str
) -> dict[tuple[str, str, str], Path]:
    """(input name, form stem, target) -> path, for every output of every input.

    ``-o`` names a directory when it ends with '/', is an existing directory, or when there is
    more than one output; two inputs mapping to the same path are a usage error.
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
            raise UsageProblem(
                f"{owner[path]} and {name} would both write {path.as_posix()}; rename one of them"
            )
        owner[path] = name
        paths[(name, stem, target)] = path
    return paths


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("schemas", nargs=-1, metavar="SCHEMA...")
@click.option(
    "-t",
    "--target",
    "targets",
    multiple=True,
    type=click.Choice([*TARGETS, "all"]),
    help="Output to generate (repeatable).",
)
@click.option("-o", "--output", type=str, help="Output file, or directory (DIR/) for several.")
@click.option("--lint", "lint_only", is_flag=True, help="Only report diagnostics.")
@click.option(
    "--check", is_flag=True, help="Write nothing; exit 1 if an output is missing or stale."
)
@click.option("--strict", is_flag=True, default=None, help="Warnings make the run fail.")
@click.option(
    "--spec",
    type=click.Choice([r.value for r in REVISIONS]),
    help=f"Spec revision (default {NEWEST}).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Diagnostics format.",
)
@click.option(
    "--select", multiple=True, metavar="CODE", help="Report only these codes (or prefixes)."
)
@click.option("--ignore", multiple=True, metavar="CODE", help="Do not report these codes.")
@click.option("-v", "--verbose", is_flag=True, help="Say which input shape each file is.")
@click.option("-q", "--quiet", is_flag=True, help="No summary line.")
@click.option("--list-rules", is_flag=True, help="List every diagnostic code and exit.")
@click.version_option(package_name="elicit-gen", prog_name="elicit-gen")
def main(
    schemas: tuple[str, ...],
    targets: tuple[str, ...],
    output: str | None,
    lint_only: bool,
    check: bool,
    strict: bool | None,
    spec: str | None,
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    verbose: bool,
    quiet: bool,
    list_rules: bool,
) -> None:
    """Compile MCP elicitation requestedSchemas into forms, or lint them.

    \b
    elicit-gen contact.json --target html > contact.html
    elicit-gen schemas/*.json --target all -o forms/
    elicit-gen --lint schemas/*.json
    """
    try:
        code = _run(
            schemas,
            targets,
            output,
            lint_only,
            check,
            strict,
            spec,
            fmt,
            select,
            ignore,
            verbose,
            quiet,
            list_rules,
        )
    except UsageProblem as exc:
        click.echo(f"elicit-gen: error: {exc}", err=True)
        code = EXIT_USAGE
    except ConfigError as exc:
        click.echo(f"elicit-gen: config error: {exc}", err=True)
        code = EXIT_USAGE
    except KeyboardInterrupt:
        click.echo("elicit-gen: interrupted", err=True)
        code = 130
    except Exception as exc:  # an exception here is a bug: say so in one line
        if os.environ.get("ELICIT_GEN_DEBUG"):
            raise
        click.echo(
            f"elicit-gen: internal error: {type(exc).__name__}: {exc} (please report this; set "
            "ELICIT_GEN_DEBUG=1 for the traceback)",
            err=True,
        )
        code = EXIT_USAGE
    sys.exit(code)


def _run(
    schemas: tuple[str, ...],
    targets: tuple[str, ...],
    output: str | None,
    lint_only: bool,
    check: bool,
    strict: bool | None,
    spec: str | None,
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    verbose: bool,
    quiet: bool,
    list_rules: bool,
) -> int:
    if list_rules:
        _list_rules()
        return EXIT_OK
    if not schemas:
        raise UsageProblem("no SCHEMA given (use - for standard input); see --help")
    if lint_only and (targets or output or check):
        raise UsageProblem("--lint reports diagnostics only; drop --target, -o and --check")
    if not lint_only and not targets:
        raise UsageProblem(f"choose --target ({', '.join(TARGETS)}, all) or --lint")
    if check and output is None:
        raise UsageProblem("--check compares against files: give -o PATH")
    config = load_config()
    selection = _selection(config, select, ignore)
    if config.spec and config.spec not in [r.value for r in REVISIONS]:
        raise ConfigError(
            f"{config.path}: [tool.elicit-gen] spec {config.spec!r} is not one of "
            f"{', '.join(r.value for r in REVISIONS)}"
        )
    revision = Revision(spec or config.spec or NEWEST.value)
    strict = config.strict if strict is None else strict
    inputs = _read_inputs(schemas)
    names = list(TARGETS) if "all" in targets else list(dict.fromkeys(targets))

    results = [
        (
            inp,
            check_source(
                inp.data,
                inp.name,
                revision=revision,
                selection=selection,
                build_forms=not lint_only,
                stem=module_stem(inp.stem),
            ),
        )
        for inp in inputs
    ]
    diagnostics = [d for _, r in results for d in r.diagnostics]
    if verbose:
        for inp, r in results:
            shape = r.shape.value if r.shape else "unrecognised"
            click.echo(f"{inp.name}: {shape}", err=True)
    _emit_diagnostics(diagnostics, fmt, "stdout" if lint_only else "stderr")
    failed = any(r.failed(strict) for _, r in results)
    if lint_only:
        if not quiet and fmt == "text" and len(inputs) > 1:
            errors = sum(r.errors for _, r in results)
            warnings = sum(r.warnings for _, r in results)
            click.echo(
                f"{len(inputs)} files checked: {errors} errors, {warnings} warnings", err=True
            )
        return EXIT_ERRORS if failed else EXIT_OK
    return _compile(results, names, output, check, strict, quiet) or (
        EXIT_ERRORS if failed else EXIT_OK
    )


def _compile(
    results: list[tuple[Input, FileResult]],
    targets: list[str],
    output: str | None,
    check: bool,
    strict: bool,
    quiet: bool,
) -> int:
    from .output import WriteStatus, is_current, write_atomic
    from .targets import get_target

    if output is None:
        if sum(max(len(r.forms), 1) for _, r in results) * len(targets) > 1:
            raise UsageProblem("several outputs would be written: name a directory with -o DIR/")
        paths = None
    else:
        paths = _output_paths(results, targets, output)
    stale: list[str] = []
    written = unchanged = 0
    for inp, result in results:
        if not result.forms or result.failed(strict):
            continue  # nothing is written for an input with errors
        for form in result.forms:
            for target in targets:
                generated = get_target(target).emit(form)
                if paths is None:
                    click.echo(generated.text, nl=False)
                    continue
                path = paths[(inp.name, form.stem, target)]
                if check:
                    if not is_current(path, generated.text):
                        stale.append(path.as_posix())
                    continue
                try:
                    status = write_atomic(path, generated.text)
                except OSError as exc:
                    raise UsageProblem(
                        f"cannot write {path.as_posix()}: {exc.strerror or exc}"
                    ) from None
                written += status is WriteStatus.WRITTEN
                unchanged += status is WriteStatus.UNCHANGED
    if check:
        for path_text in stale:
            click.echo(f"{path_text}: missing or out of date", err=True)
        if stale:
            click.echo(f"{len(stale)} output(s) out of date; regenerate without --check", err=True)
            return EXIT_ERRORS
    elif paths is not None and not quiet and len(results) > 1:
        click.echo(
            f"{len(results)} schemas: {written} files written, {unchanged} unchanged", err=True
        )
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    main()
