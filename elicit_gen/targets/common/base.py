"""What a target is: a name, the suffix of the file it writes, and ``emit(form)``.

Every emitter class derives from :class:`Emitter`; the registry (:mod:`elicit_gen.targets`)
makes its one instance with the name and suffix written there, and says what the target can do
(:class:`~elicit_gen.targets.TargetInfo`). What it can do has a Protocol here:
:class:`ConsentTarget` (``url_consent``), :class:`SharesRuntime` (``loadable``).

A Python target also says whether its output is black-stable by construction
(``black_stable = True``: static code is formatted source, data goes through
:mod:`.pyprint`). The format stage (:func:`elicit_gen.targets.emit`) then runs no formatter
when the project's style is covered; otherwise (``False``, the default) its output always goes
through the project's formatter.

``emit_module(form)`` gives the same file as a :class:`Module`: the form's own text and the
:class:`Shared` sections (import block, runtime parts) that every file of the target holding
them holds the same; the golden test stores those once per target (tests/targets/test_golden.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ...records import NamedTuple

if TYPE_CHECKING:  # --lint imports the registry, never the IR
    from collections.abc import Iterable

    from ...compiler.ir import Form


class GeneratedFile(NamedTuple):
    name: str  # file name, e.g. contact_qt.py
    text: str


class Target(Protocol):
    name: str
    suffix: str
    black_stable: bool

    def emit(self, form: Form) -> GeneratedFile: ...


class Emitter:
    """The base of every emitter class. The registry makes the one instance
    (:func:`elicit_gen.targets.get_target`) with the target's name and suffix, so that an
    emitter never repeats them; it reads ``self.name`` and ``self.suffix``."""

    black_stable: bool = False
    #: Whether its modules start with ``from __future__ import annotations`` (a module made at
    #: run time runs its runtime and API code the same way).
    future_annotations: bool = True

    def __init__(self, name: str, suffix: str) -> None:
        self.name = name
        self.suffix = suffix


@runtime_checkable
class ConsentTarget(Target, Protocol):
    """A UI target that also writes the URL-mode consent screen: a module (or page) that takes
    the request at run time (``elicit_url(message, url, *, server, elicitation_id=None)``), so
    one file serves every URL-mode request."""

    def emit_url_consent(self, locale: str = "en") -> GeneratedFile: ...


@runtime_checkable
class EmitsFiles(Target, Protocol):
    """A target that writes the same files once per output directory, whatever the inputs
    (the web target's module and its types): ``emit_files()``."""

    def emit_files(self) -> list[GeneratedFile]: ...


#: The name a module's API part (:attr:`Runtime.api`) gives the form's classes: the emitter
#: writes the form's class name in its place (``FormClassDialog`` -> ``ContactDialog``).
FORM_CLASS = "FormClass"


class Runtime(NamedTuple):
    """The static code a Python target copies into every module it writes: the import block
    that code needs, and the pieces (each a verbatim substring of every emitted module, in
    order). :mod:`elicit_gen.live` runs it once per process and each form's own code in a copy
    of its namespace, so that a form compiled at run time does not compile the runtime again.

    A target that builds a module from data (:class:`AssemblesModule`) also gives ``api``, the
    module's code after the form's data, with :data:`FORM_CLASS` for the form's class name."""

    imports: str
    pieces: tuple[str, ...]
    api: str = ""


@runtime_checkable
class SharesRuntime(Target, Protocol):
    """A Python target whose modules are static runtime code plus the form's own code."""

    def runtime(self, locale: str = "en", pattern: bool = True) -> Runtime:
        """The runtime of the modules of forms with a ``pattern`` (``pattern``), or of those
        without one, which hold no pattern engine (``runtime.uses_pattern``)."""
        ...

    def runtime_parts(self, pattern: bool = True) -> tuple[str, ...]:
        """The runtime part files (``runtime/**/<name>``) the runtime's text is made of, with
        the emitter's own module: what a kept compiled runtime is keyed by."""
        ...


@runtime_checkable
class AssemblesModule(SharesRuntime, Protocol):
    """A :class:`SharesRuntime` target whose form part is data: :mod:`elicit_gen.live` makes a
    form's module without its text, from a copy of the runtime's namespace, ``assemble`` (what
    the form part defines, from the data the emitter prints) and the runtime's ``api`` code."""

    future_annotations: bool

    def module_doc(self, form: Form) -> str: ...

    def assemble(self, form: Form, namespace: dict[str, Any]) -> None: ...


class Shared(NamedTuple):
    """A section of generated text that every file of its target holding it holds the same: a
    runtime part copied verbatim (named by its file, e.g. ``formcore.py``, ``form.js``), or text
    made only of runtime parts (an import block, a catalogue, a page's CSP). ``name`` is a path
    unique within the target; it names the locale when the text depends on it
    (``zh-CN/form.catalogue.py``)."""

    name: str
    text: str


class Module(NamedTuple):
    """A generated file as its pieces, in order: the form's own text (``str``: the header,
    the docstring, the form's data and API, and what joins the rest) and the :class:`Shared`
    sections (its import block, the runtime parts). ``text`` joins them: it is the file."""

    name: str
    pieces: tuple[str | Shared, ...]

    @property
    def text(self) -> str:
        return "".join(p if isinstance(p, str) else p.text for p in self.pieces)

    @property
    def shared(self) -> tuple[Shared, ...]:
        return tuple(p for p in self.pieces if isinstance(p, Shared))

    def file(self) -> GeneratedFile:
        return GeneratedFile(self.name, self.text)

    @classmethod
    def cut(cls, name: str, text: str, sections: Iterable[Shared]) -> Module:
        """``text`` cut at ``sections``, each found verbatim after the one before it; the
        joined pieces are ``text`` again, byte for byte."""
        pieces: list[str | Shared] = []
        at = 0
        for section in sections:
            start = text.find(section.text, at)
            if start < 0:
                raise ValueError(f"{name}: the shared section {section.name} is not in the text")
            if start > at:
                pieces.append(text[at:start])
            pieces.append(section)
            at = start + len(section.text)
        if at < len(text):
            pieces.append(text[at:])
        return cls(name, tuple(pieces))


class EmitsModule(Target, Protocol):
    """A target whose files are also given as a :class:`Module` (the golden test stores the
    form's own pieces per case and each shared section once per target)."""

    def emit_module(self, form: Form) -> Module: ...


class ConsentModule(ConsentTarget, EmitsModule, Protocol):
    """A UI target whose URL-mode consent screen is also given as a :class:`Module`."""

    def emit_url_consent_module(self, locale: str = "en") -> Module: ...
