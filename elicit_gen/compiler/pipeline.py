"""The front end in one call: bytes -> diagnostics (+ IR forms when asked and possible).

Each stage is pure; problems are diagnostics collected by a :class:`Reporter`. All rules run;
errors stop the pipeline before lowering.
"""

from __future__ import annotations

from collections.abc import Iterable

from .diagnostics import START, Diagnostic, Reporter, Severity, sort_diagnostics
from .envelope import Mode, Shape
from .load import INPUT_CODES, load
from .rules import RULES, RULES_BY_CODE, Context
from .source import Parsed, SourceMap
from .spec import NEWEST, Revision

TYPE_CHECKING = False
if TYPE_CHECKING:  # the IR is needed only when compiling: --lint never imports it
    from . import ir

INPUT_CODES_BY_CODE = {c.code: c for c in INPUT_CODES}
ALL_CODES: frozenset[str] = frozenset(INPUT_CODES_BY_CODE) | frozenset(RULES_BY_CODE)
BLOCKING_CODES: frozenset[str] = frozenset(
    [c.code for c in INPUT_CODES if c.fatal] + [r.code for r in RULES if r.blocking]
)
#: Rules whose errors stop compiling even when ignored: the output would be wrong past them.
COMPILE_BLOCKING_RULES: frozenset[str] = frozenset(r.code for r in RULES if not r.compile_ignorable)
#: The rules that can find an error (a rule of severity warning finds only warnings).
_CAN_FAIL = tuple(rule for rule in RULES if rule.severity is Severity.ERROR)


class SelectionError(ValueError):
    """A ``--select``/``--ignore`` value that names no code, or a blocking code."""


class Selection:
    """Which codes are reported. ``select`` names codes or prefixes (``EG1``) to enable.

    Immutable; a code that names nothing, or ignoring a blocking code, is a :class:`SelectionError`.
    """

    __slots__ = ("fields", "ignore", "select")

    select: frozenset[str] | None
    ignore: frozenset[str]
    #: Codes ignored at one place only: (JSON pointer, codes); a diagnostic at the pointer or
    #: inside it (``/properties/x`` covers ``/properties/x/title``) is not reported.
    fields: tuple[tuple[str, frozenset[str]], ...]

    def __init__(
        self,
        select: frozenset[str] | None = None,
        ignore: frozenset[str] = frozenset(),
        fields: tuple[tuple[str, frozenset[str]], ...] = (),
    ) -> None:
        object.__setattr__(self, "select", select)
        object.__setattr__(self, "ignore", ignore)
        object.__setattr__(self, "fields", fields)
        for code in (
            (self.select or frozenset())
            | self.ignore
            | {c for _, codes in self.fields for c in codes}
        ):
            if not any(c.startswith(code) for c in ALL_CODES):
                raise SelectionError(f"unknown rule code {code!r}")
        for code in self.ignore | {c for _, codes in self.fields for c in codes}:
            blocked = sorted(c for c in BLOCKING_CODES if c.startswith(code))
            if blocked:
                raise SelectionError(
                    f"{', '.join(blocked)} cannot be ignored: a form cannot be built past it"
                )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Selection is immutable: cannot set {name!r}")

    def _key(self) -> tuple[object, ...]:
        return (self.select, self.ignore, self.fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Selection) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Selection(select={self.select!r}, ignore={self.ignore!r}, fields={self.fields!r})"

    def __reduce__(self) -> tuple[type[Selection], tuple[object, ...]]:
        return (Selection, self._key())  # copy and pickle through the checking constructor

    def with_fields(self, fields: Iterable[tuple[str, frozenset[str]]]) -> Selection:
        """This selection, also ignoring ``fields`` (checked like the others)."""
        return Selection(self.select, self.ignore, self.fields + tuple(fields))

    def reported(self, code: str, pointer: str) -> bool:
        """Whether a diagnostic of ``code`` at ``pointer`` is reported."""
        if not self.enabled(code):
            return False
        for at, codes in self.fields:
            if (pointer == at or pointer.startswith(at + "/") or not at) and any(
                code.startswith(c) for c in codes
            ):
                return False
        return True

    def enabled(self, code: str) -> bool:
        if code in BLOCKING_CODES:
            return True
        if any(code.startswith(i) for i in self.ignore):
            return False
        if self.select is not None:
            return any(code.startswith(s) for s in self.select)
        rule = RULES_BY_CODE.get(code)
        return rule.default_enabled if rule is not None else True


class FileResult:
    """What the front end found in one input: its diagnostics, and its forms when asked."""

    def __init__(
        self,
        source: str,
        diagnostics: list[Diagnostic],
        shape: Shape | None = None,
        forms: list[ir.Form] | None = None,
    ) -> None:
        self.source = source
        self.diagnostics = diagnostics
        self.shape = shape
        self.forms: list[ir.Form] = [] if forms is None else forms

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FileResult):
            return NotImplemented
        mine = (self.source, self.diagnostics, self.shape, self.forms)
        return mine == (other.source, other.diagnostics, other.shape, other.forms)

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return (
            f"FileResult(source={self.source!r}, diagnostics={self.diagnostics!r}, "
            f"shape={self.shape!r}, forms={self.forms!r})"
        )

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(not d.is_error for d in self.diagnostics)

    def failed(self, strict: bool = False) -> bool:
        return self.errors > 0 or (strict and self.warnings > 0)


def run_rules(
    ctx: Context,
    smap: SourceMap,
    reporter: Reporter,
    selection: Selection,
    forced: frozenset[str] = frozenset(),
    unignorable: set[Diagnostic] | None = None,
    positions: bool = True,
) -> None:
    """Runs every rule ``selection`` enables, and the rules of ``forced`` in any case.

    Adds to ``unignorable`` the diagnostics whose finding compiling cannot go past. Without
    ``positions``, only the rules that can find an error run (a rule of severity warning
    finds nothing else: ``tests/rules/test_rules.py``), and every diagnostic is at line 1,
    column 1 (see :func:`check_source`).
    """
    for rule in RULES if positions else _CAN_FAIL:
        if not selection.enabled(rule.code) and rule.code not in forced:
            continue
        for finding in rule.check(ctx):
            if not positions:
                position = START
            elif finding.at_key:
                position = smap.key(finding.pointer)
            else:
                position = smap.value(finding.pointer)
            reporter.report(
                rule.code,
                finding.severity or rule.severity,
                finding.message,
                position,
                finding.pointer,
                finding.hint,
            )
            ignorable = finding.compile_ignorable
            if unignorable is not None and not (
                rule.compile_ignorable if ignorable is None else ignorable
            ):
                unignorable.add(reporter.diagnostics[-1])


def check_source(
    data: bytes,
    source: str,
    *,
    revision: Revision = NEWEST,
    selection: Selection | None = None,
    build_forms: bool = False,
    stem: str = "form",
    positions: bool = True,
    parsed: Parsed | None = None,
) -> FileResult:
    """Lints one input; with ``build_forms``, also lowers every form it holds to the IR.

    Without ``positions``, the verdict alone: the rules that only warn do not run, and the
    errors are all at line 1, column 1, in the order the rules found them. For a caller that
    shows nothing unless there is an error (a form made at run time), and then asks again with
    positions. Finding where a pointer is in the text means parsing it again
    (:class:`~.source.SourceMap` is lazy), and the warnings cost half the rules' time.
    ``parsed``: ``data`` as :func:`~.source.parse_json` read it already (a caller that wrote
    ``data``)."""
    selection = selection or Selection()
    reporter = Reporter(source)
    loaded = load(data, reporter, parsed)
    forms: list[ir.Form] = []
    unignorable: set[Diagnostic] = set()
    contexts: list[Context] = []
    shape = loaded.envelope.shape if loaded and loaded.envelope else None
    if loaded is not None and loaded.envelope is not None:
        contexts = [
            Context(e, revision, loaded.envelope.shape) for e in loaded.envelope.elicitations
        ]
        forced = COMPILE_BLOCKING_RULES if build_forms else frozenset()
        for ctx in contexts:
            run_rules(ctx, loaded.source_map, reporter, selection, forced, unignorable, positions)
            if build_forms and ctx.elicitation.mode is Mode.URL:
                params = ctx.elicitation.params_pointer or ""
                reporter.report(
                    "EG007",
                    Severity.ERROR,
                    "this is a URL-mode request: there is no form to compile (lint it with --lint)",
                    loaded.source_map.value(params) if positions else START,
                    params,
                )
    kept = _kept(reporter.diagnostics, selection, unignorable)
    if build_forms and contexts and not any(d.is_error for d in kept):
        from .lower import lower

        forms = [
            lower(ctx.elicitation, ctx.properties, stem=stem, source=source, revision=revision)
            for ctx in contexts
        ]
    # without positions, in the order found: each rule's in the order of the document
    found = sort_diagnostics(kept) if positions else list(dict.fromkeys(kept))
    return FileResult(source, found, shape, forms)


def _kept(
    diagnostics: list[Diagnostic], selection: Selection, unignorable: set[Diagnostic]
) -> list[Diagnostic]:
    """The diagnostics ``selection`` reports, and the errors compiling cannot go past."""
    kept = []
    for d in diagnostics:
        if selection.reported(d.code, d.pointer):
            kept.append(d)
        elif d.is_error and d in unignorable:
            note = (
                f" ({d.code} cannot be ignored when compiling: the generated form would be "
                "wrong; it is ignored only with --lint)"
            )
            kept.append(d._replace(message=d.message + note))
    return kept


def codes_summary() -> Iterable[tuple[str, str, str, str, bool]]:
    """(code, name, severity, summary, default enabled) for every code, input codes first."""
    for c in INPUT_CODES:
        yield c.code, c.name, c.severity.value, c.summary, True
    for r in RULES:
        yield r.code, r.name, r.severity.value, r.summary, r.default_enabled
