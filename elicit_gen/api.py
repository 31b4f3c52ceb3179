"""The library API behind the command line: :func:`lint` and :func:`compile`."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .compiler.diagnostics import Diagnostic
from .compiler.ir import Form
from .compiler.naming import module_stem
from .compiler.pipeline import FileResult, Selection, check_source
from .compiler.source import dump_json
from .compiler.spec import NEWEST, Revision
from .i18n import normalise
from .targets import (
    REGISTRY,
    GeneratedFile,
    consent_target,
    consent_targets,
    emit,
    emit_url_consent,
    expand,
    get_target,
    targets_with,
)
from .targets.common.style import Style

SchemaInput = str | bytes | Path | Mapping[str, Any]


def _read(schema: SchemaInput, name: str | None) -> tuple[bytes, str, str]:
    """(data, display name, stem) for any accepted input.

    A ``str`` is JSON text, unless it does not start with ``{`` or ``[`` and names an existing
    path: ``lint("schemas/contact.json")`` reads that file. Files are read as the command line
    reads them: regular files only, at most 16 MiB (:class:`~.build.files.FileError`, an OSError).
    """
    if isinstance(schema, str) and _names_a_file(schema):
        schema = Path(schema)
    if isinstance(schema, Path):
        from .build.inputs import read_input_file

        shown = name or schema.as_posix()
        return read_input_file(schema, shown), shown, schema.stem
    if isinstance(schema, bytes):
        return schema, name or "<bytes>", Path(name).stem if name else "form"
    if isinstance(schema, str):
        return schema.encode("utf-8"), name or "<string>", Path(name).stem if name else "form"
    # ASCII escapes let lone surrogates reach the parser; deep nesting and huge integers
    # become diagnostics there instead of exceptions here
    data = dump_json(schema).encode("ascii")
    return data, name or "<schema>", Path(name).stem if name else "form"


def _names_a_file(text: str) -> bool:
    if text.lstrip(" \t\r\n\ufeff")[:1] in ("{", "[", "") or "\0" in text or len(text) > 4096:
        return False
    try:
        return os.path.exists(text)
    except (OSError, ValueError):
        return False


def _selection(select: Iterable[str] | None, ignore: Iterable[str]) -> Selection:
    return Selection(frozenset(select) if select is not None else None, frozenset(ignore))


def lint(
    schema: SchemaInput,
    *,
    name: str | None = None,
    spec: str | Revision = NEWEST,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] = (),
) -> FileResult:
    """Lints one input (a path, JSON text or bytes, or a parsed dict).

    A ``str`` that names an existing path and does not start with ``{`` or ``[`` is a path.
    Raises OSError for an unreadable path (also a FIFO, a device, a directory or more than
    16 MiB: never blocks) and ValueError for an unknown code or revision.
    """
    data, display, stem = _read(schema, name)
    return check_source(
        data, display, revision=Revision(spec), selection=_selection(select, ignore), stem=stem
    )


@dataclass
class CompileResult:
    diagnostics: list[Diagnostic]
    forms: list[Form] = field(default_factory=list)
    files: list[GeneratedFile] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def compile_forms(
    forms: Iterable[Form],
    targets: Iterable[str] | str,
    style: Style | None = None,
    *,
    locale: str | None = None,
) -> list[GeneratedFile]:
    """Emits every form for every target (``all`` expands to every target), generated Python as
    the formatter of ``style`` leaves it (default: black's defaults, 88 columns). ``locale``
    (``en``, ``zh-CN``, see :mod:`elicit_gen.i18n`) is the language of what the forms write
    themselves; default: each form's own (English unless set)."""
    # the targets that write a file per form (the web module is one file for every schema)
    names = [name for name in expand(targets) if REGISTRY[name].per_form]
    emitters = [get_target(t) for t in names]
    if locale is not None:
        tag = normalise(locale)
        forms = [form.in_locale(tag) for form in forms]
    return [emit(target, form, style) for form in forms for target in emitters]


def compile(
    schema: SchemaInput,
    targets: Iterable[str] | str,
    *,
    name: str | None = None,
    stem: str | None = None,
    spec: str | Revision = NEWEST,
    select: Iterable[str] | None = None,
    ignore: Iterable[str] = (),
    style: Style | None = None,
    locale: str = "en",
) -> CompileResult:
    """Lints and, when there is no error, compiles one input for ``targets``.

    ``name`` is the input's path as shown in diagnostics and headers; ``stem`` names the output
    files (default: the file name's stem, made a valid module name). ``style`` is the client
    project's formatter settings (default: black's defaults;
    :func:`elicit_gen.targets.common.style.find_style` reads them from a pyproject.toml as the
    command line does): generated Python is what that formatter leaves unchanged. ``locale`` is the
    language of the words the forms add (buttons, hints, errors): ``en`` or ``zh-CN``
    (:func:`elicit_gen.i18n.available`); UnknownLocale (a ValueError) for another.
    """
    names = expand(targets)
    data, display, default_stem = _read(schema, name)
    result = check_source(
        data,
        display,
        revision=Revision(spec),
        selection=_selection(select, ignore),
        build_forms=True,
        stem=module_stem(stem or default_stem),
    )
    tag = normalise(locale)
    files = compile_forms(result.forms, names, style, locale=tag) if result.forms else []
    return CompileResult(result.diagnostics, result.forms, files)


def compile_url_consent(
    targets: Iterable[str] | str = "all", style: Style | None = None, *, locale: str = "en"
) -> list[GeneratedFile]:
    """The URL-mode consent screen of each UI target among ``targets`` (``all``: html, qt,
    textual and cli): one file per target that takes each request at run time. ValueError when
    ``targets`` names no UI target."""
    names = consent_targets(expand(targets))
    if not names:
        ui = ", ".join(targets_with("url_consent"))
        raise ValueError(f"the URL consent screen exists for the UI targets: {ui}")
    tag = normalise(locale)
    return [emit_url_consent(consent_target(name), style, tag) for name in names]
