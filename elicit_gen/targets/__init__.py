"""The target registry: every target's name, suffix, emitter module and what it can do.

Each target is one emitter module in this package exposing ``EMITTER``, its emitter class (an
:class:`~.common.base.Emitter`), with its templates in ``elicit_gen/templates/<name>/``. Emitters
are imported only when used, so that ``--lint`` never loads jinja2, black or pydantic.

What a target can do is written here and nowhere else (:class:`TargetInfo`); the rest of the
package, and the tests, ask :func:`targets_with`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from ..records import NamedTuple
from .common.style import Style

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    from ..compiler.ir import Form
    from .common.base import ConsentTarget, GeneratedFile, SharesRuntime, Target

    #: What :func:`targets_with` asks for: a boolean field of :class:`TargetInfo`.
    Capability = Literal["python", "ui", "url_consent", "loadable", "per_form"]

#: The stem of the URL-mode consent screen's files: url_consent.html, url_consent_qt.py, ...
URL_CONSENT_STEM = "url_consent"

#: Names this package gives from :mod:`.common.base`, imported when first asked for: the target
#: protocols come with :mod:`typing`, which a lint (it reads this registry) never imports.
_FROM_BASE = frozenset({"ConsentTarget", "GeneratedFile", "SharesRuntime", "Target"})


def __getattr__(name: str) -> Any:
    if name in _FROM_BASE:
        from .common import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class TargetInfo(NamedTuple):
    name: str
    suffix: str  # appended to the form's stem: "<stem><suffix>"
    module: str  # emitter module, imported on first use
    summary: str
    python: bool = False  # writes a Python module (load_form gives a module, not the text)
    ui: bool = False  # shows the form to the user (a Python one: a module with elicit())
    url_consent: bool = False  # also writes the URL-mode consent screen (a ConsentTarget)
    loadable: bool = False  # load_form runs its runtime once per process (a SharesRuntime)
    #: writes a file per form (``emit(form)``); else the same files once per output directory,
    #: whatever the inputs (an ``EmitsFiles``: the web target's module)
    per_form: bool = True


REGISTRY: dict[str, TargetInfo] = {
    info.name: info
    for info in (
        TargetInfo(
            "html",
            ".html",
            "elicit_gen.targets.html",
            "self-contained HTML page",
            ui=True,
            url_consent=True,
        ),
        TargetInfo(
            "qt",
            "_qt.py",
            "elicit_gen.targets.qt",
            "PySide6 dialog",
            python=True,
            ui=True,
            url_consent=True,
            loadable=True,
        ),
        TargetInfo(
            "textual",
            "_textual.py",
            "elicit_gen.targets.textual",
            "Textual screen",
            python=True,
            ui=True,
            url_consent=True,
            loadable=True,
        ),
        TargetInfo(
            "cli",
            "_cli.py",
            "elicit_gen.targets.cli",
            "plain terminal prompt",
            python=True,
            ui=True,
            url_consent=True,
            loadable=True,
        ),
        TargetInfo(
            "pydantic",
            "_models.py",
            "elicit_gen.targets.pydantic",
            "pydantic models",
            python=True,
            loadable=True,
        ),
        TargetInfo(
            "web",
            ".js",
            "elicit_gen.targets.web",
            "custom elements <elicitation-form> for web hosts (one ES module, any schema)",
            per_form=False,
        ),
    )
}

#: Every target name, in a stable order.
TARGETS: tuple[str, ...] = tuple(REGISTRY)


def available() -> tuple[str, ...]:
    """Targets whose emitter module is present in this installation."""
    import importlib.util

    return tuple(name for name in TARGETS if importlib.util.find_spec(REGISTRY[name].module))


def expand(targets: Iterable[str] | str) -> list[str]:
    """Target names without repeats, ``all`` expanded (to every target that writes a file per
    form: the web module, one for every schema, is asked for by name); ValueError for an
    unknown name."""
    names = [targets] if isinstance(targets, str) else list(targets)
    expanded: list[str] = []
    every = tuple(n for n in TARGETS if REGISTRY[n].per_form)
    for name in names:
        for n in every if name == "all" else (name,):
            if n not in TARGETS:
                raise ValueError(f"unknown target {n!r}; known targets: {', '.join(TARGETS)}, all")
            if n not in expanded:
                expanded.append(n)
    return expanded


def targets_with(*capabilities: Capability) -> tuple[str, ...]:
    """The targets that have every one of ``capabilities``, in the registry's order:
    ``targets_with("python", "ui")`` is the Python modules that show a form."""
    return tuple(
        name for name, info in REGISTRY.items() if all(getattr(info, c) for c in capabilities)
    )


_emitters: dict[str, Target] = {}


def get_target(name: str) -> Target:
    """The emitter of ``name`` (one per process); raises KeyError for a name not in
    :data:`TARGETS`."""
    target = _emitters.get(name)
    if target is None:
        info = REGISTRY[name]
        emitter: Callable[[str, str], Target] = importlib.import_module(info.module).EMITTER
        target = _emitters.setdefault(name, emitter(info.name, info.suffix))
    return target


def consent_target(name: str) -> ConsentTarget:
    """The emitter of ``name``, a target that writes the URL-mode consent screen; ValueError
    for a target that does not."""
    from .common.base import ConsentTarget

    target = get_target(name)
    if not REGISTRY[name].url_consent or not isinstance(target, ConsentTarget):
        raise ValueError(
            f"no URL consent screen for target {name!r}: "
            f"use one of {', '.join(targets_with('url_consent'))}"
        )
    return target


def runtime_target(name: str) -> SharesRuntime:
    """The emitter of ``name``, a target whose modules :func:`elicit_gen.load_form` makes at
    run time from its shared runtime; ValueError for a target that is not."""
    target = _runtime_targets.get(name)
    if target is None:
        from .common.base import SharesRuntime

        found = get_target(name)
        if not REGISTRY[name].loadable or not isinstance(found, SharesRuntime):
            raise ValueError(f"target {name!r} writes no module that shares its runtime")
        target = _runtime_targets[name] = found
    return target


#: The emitters :func:`runtime_target` has checked (``isinstance`` of a protocol is slow).
_runtime_targets: dict[str, SharesRuntime] = {}


def file_targets(names: Iterable[str]) -> list[str]:
    """The names among ``names`` that write the same files once per output directory (not one
    per form): the web target."""
    return [name for name in names if not REGISTRY[name].per_form]


def target_files(name: str) -> list[GeneratedFile]:
    """The files of ``name``, a target that writes the same files for every build."""
    from .common.base import EmitsFiles

    target = get_target(name)
    if REGISTRY[name].per_form or not isinstance(target, EmitsFiles):
        raise ValueError(f"target {name!r} writes a file per form")
    return target.emit_files()


def consent_targets(names: Iterable[str]) -> list[str]:
    """The names among ``names`` that write a URL-mode consent screen (the UI targets)."""
    return [name for name in names if REGISTRY[name].url_consent]


def emit_url_consent(
    target: ConsentTarget, style: Style | None = None, locale: str = "en"
) -> GeneratedFile:
    """The format stage after the emitter, for ``target``'s URL-mode consent screen in the
    language ``locale`` (a BCP 47 tag elicit_gen.i18n knows)."""
    return _formatted(target, target.emit_url_consent(locale), style)


def is_black_stable(target: Target) -> bool:
    """Whether ``target`` emits Python that black leaves unchanged (see :mod:`.common.base`)."""
    return target.black_stable


def emit(target: Target, form: Form, style: Style | None = None) -> GeneratedFile:
    """The format stage after the emitter: ``target``'s file for ``form`` as the project's
    formatter (``style``; black's defaults without one) leaves it. A black-stable target under a
    covered style is not formatted at all (black is not even imported). The form's words are
    in ``form.locale`` (:meth:`.ir.Form.in_locale`)."""
    return _formatted(target, target.emit(form), style)


def _formatted(target: Target, file: GeneratedFile, style: Style | None) -> GeneratedFile:
    if not file.name.endswith(".py"):
        return file
    from .common.base import GeneratedFile
    from .common.pyformat import format_source, marked_for_linters, needs_formatting

    style = style or Style()
    text = file.text
    if needs_formatting(is_black_stable(target), style):
        text = format_source(text, style)
    text = marked_for_linters(text, style)
    return file if text == file.text else GeneratedFile(file.name, text)


__all__ = [
    "REGISTRY",
    "TARGETS",
    "URL_CONSENT_STEM",
    "GeneratedFile",
    "Target",
    "TargetInfo",
    "available",
    "consent_target",
    "consent_targets",
    "emit",
    "emit_url_consent",
    "expand",
    "file_targets",
    "get_target",
    "is_black_stable",
    "runtime_target",
    "target_files",
    "targets_with",
]
