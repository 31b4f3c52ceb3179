"""The target registry.

Each target is one emitter module in this package exposing ``TARGET`` (see :mod:`.common.base`),
with its templates in ``elicit_gen/templates/<name>/``. Emitters are imported only when used, so
that ``--lint`` never loads jinja2, black or pydantic.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .common.base import URL_CONSENT_STEM, ConsentTarget, GeneratedFile, Target
from .common.style import Style

if TYPE_CHECKING:
    from ..compiler.ir import Form


class TargetInfo(NamedTuple):
    name: str
    suffix: str  # appended to the form's stem: "<stem><suffix>"
    module: str  # emitter module, imported on first use
    summary: str
    url_consent: bool = False  # also writes the URL-mode consent screen (a UI target)


REGISTRY: dict[str, TargetInfo] = {
    info.name: info
    for info in (
        TargetInfo(
            "html", ".html", "elicit_gen.targets.html", "self-contained HTML page", url_consent=True
        ),
        TargetInfo("qt", "_qt.py", "elicit_gen.targets.qt", "PySide6 dialog", url_consent=True),
        TargetInfo(
            "textual",
            "_textual.py",
            "elicit_gen.targets.textual",
            "Textual screen",
            url_consent=True,
        ),
        TargetInfo(
            "cli", "_cli.py", "elicit_gen.targets.cli", "plain terminal prompt", url_consent=True
        ),
        TargetInfo("pydantic", "_models.py", "elicit_gen.targets.pydantic", "pydantic models"),
    )
}

#: Every target name, in a stable order.
TARGETS: tuple[str, ...] = tuple(REGISTRY)


def available() -> tuple[str, ...]:
    """Targets whose emitter module is present in this installation."""
    return tuple(name for name in TARGETS if importlib.util.find_spec(REGISTRY[name].module))


def expand(targets: Iterable[str] | str) -> list[str]:
    """Target names without repeats, ``all`` expanded; ValueError for an unknown name."""
    names = [targets] if isinstance(targets, str) else list(targets)
    expanded: list[str] = []
    for name in names:
        for n in TARGETS if name == "all" else (name,):
            if n not in TARGETS:
                raise ValueError(f"unknown target {n!r}; known targets: {', '.join(TARGETS)}, all")
            if n not in expanded:
                expanded.append(n)
    return expanded


def get_target(name: str) -> Target:
    """The emitter of ``name``; raises KeyError for a name not in :data:`TARGETS`."""
    info = REGISTRY[name]
    module = importlib.import_module(info.module)
    target: Target = module.TARGET
    # the name and suffix are written once, here in the registry: an emitter need not repeat
    # them (it reads self.name / self.suffix), and one that does must agree
    for attribute, value in (("name", info.name), ("suffix", info.suffix)):
        declared = getattr(target, attribute, None)
        if declared is None:
            setattr(type(target), attribute, value)
        elif declared != value:
            raise RuntimeError(f"{info.module}: {attribute} {declared!r}, registered as {value!r}")
    return target


def consent_targets(names: Iterable[str]) -> list[str]:
    """The names among ``names`` that write a URL-mode consent screen (the UI targets)."""
    return [name for name in names if REGISTRY[name].url_consent]


def emit_url_consent(
    target: Target, style: Style | None = None, locale: str = "en"
) -> GeneratedFile:
    """The format stage after the emitter, for ``target``'s URL-mode consent screen in the
    language ``locale`` (a BCP 47 tag elicit_gen.i18n knows)."""
    consent: ConsentTarget = target  # type: ignore[assignment]
    return _formatted(target, consent.emit_url_consent(locale), style)


def is_black_stable(target: Target) -> bool:
    """Whether ``target`` emits Python that black leaves unchanged (see :mod:`.common.base`)."""
    return bool(getattr(target, "black_stable", False))


def emit(target: Target, form: Form, style: Style | None = None) -> GeneratedFile:
    """The format stage after the emitter: ``target``'s file for ``form`` as the project's
    formatter (``style``; black's defaults without one) leaves it. A black-stable target under a
    covered style is not formatted at all (black is not even imported). The form's words are
    in ``form.locale`` (:meth:`.ir.Form.in_locale`)."""
    return _formatted(target, target.emit(form), style)


def _formatted(target: Target, file: GeneratedFile, style: Style | None) -> GeneratedFile:
    if not file.name.endswith(".py"):
        return file
    from .common.pyformat import format_source, needs_formatting

    style = style or Style()
    if not needs_formatting(is_black_stable(target), style):
        return file
    return GeneratedFile(file.name, format_source(file.text, style))


__all__ = [
    "REGISTRY",
    "TARGETS",
    "URL_CONSENT_STEM",
    "GeneratedFile",
    "Target",
    "TargetInfo",
    "available",
    "consent_targets",
    "emit",
    "emit_url_consent",
    "expand",
    "get_target",
    "is_black_stable",
]
