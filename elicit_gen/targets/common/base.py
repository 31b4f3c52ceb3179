"""What a target is: a name, the suffix of the file it writes, and ``emit(form)``.

A Python target also says whether its output is black-stable by construction
(``black_stable = True``: static code is formatted source, data goes through
:mod:`.pyprint`). The format stage (:func:`elicit_gen.targets.emit`) then runs no formatter
when the project's style is covered; a target without the attribute counts as ``False`` and its
output always goes through the project's formatter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:  # --lint imports the registry, never the IR
    from ...compiler.ir import Form


class GeneratedFile(NamedTuple):
    name: str  # file name, e.g. contact_qt.py
    text: str


class Target(Protocol):
    name: str
    suffix: str
    # black_stable: bool (optional; read with getattr, False when absent)

    def emit(self, form: Form) -> GeneratedFile: ...


#: The stem of the URL-mode consent screen's files: url_consent.html, url_consent_qt.py, ...
URL_CONSENT_STEM = "url_consent"


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


class SharesRuntime(Target, Protocol):
    """A Python target whose modules are static runtime code plus the form's own code."""

    def runtime(self, locale: str = "en") -> Runtime: ...
