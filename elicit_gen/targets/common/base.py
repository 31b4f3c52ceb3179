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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

if TYPE_CHECKING:  # --lint imports the registry, never the IR
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

    def __init__(self, name: str, suffix: str) -> None:
        self.name = name
        self.suffix = suffix


#: The stem of the URL-mode consent screen's files: url_consent.html, url_consent_qt.py, ...
URL_CONSENT_STEM = "url_consent"


@runtime_checkable
class ConsentTarget(Target, Protocol):
    """A UI target that also writes the URL-mode consent screen: a module (or page) that takes
    the request at run time (``elicit_url(message, url, *, server, elicitation_id=None)``), so
    one file serves every URL-mode request."""

    def emit_url_consent(self, locale: str = "en") -> GeneratedFile: ...


class Runtime(NamedTuple):
    """The static code a Python target copies into every module it writes: the import block
    that code needs, and the pieces (each a verbatim substring of every emitted module, in
    order). :mod:`elicit_gen.live` runs it once per process and each form's own code in a copy
    of its namespace, so that a form compiled at run time does not compile the runtime again."""

    imports: str
    pieces: tuple[str, ...]


@runtime_checkable
class SharesRuntime(Target, Protocol):
    """A Python target whose modules are static runtime code plus the form's own code."""

    def runtime(self, locale: str = "en") -> Runtime: ...
