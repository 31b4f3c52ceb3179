"""Runtime forms: a ``requestedSchema`` compiled in memory when the request arrives.

:func:`load_form` runs the same front end and the same emitters as ``elicit-gen schema.json``
and returns, instead of a file, a module object with the generated-code contract
(``REQUESTED_SCHEMA``, ``MESSAGE``, ``validate``, ``elicit`` and the target's classes), or the
page text for ``html``. Nothing touches the disk.

The schema comes straight from a server nobody reviewed, so before anything is compiled
:func:`check_limits` bounds what it may cost (:class:`Limits`): size, fields, options, text
lengths, nesting. The walk stops at the first value past a limit, so a 50 MB string or a million
options is refused in microseconds, not compiled.

Speed: every module a Python target writes is static runtime code (``elicit_gen/runtime/*/*.py``,
copied verbatim) plus the form's own code. Here the static part runs once per process and target
(:class:`~.targets.common.base.Runtime` says which text it is); each form's module starts from a
copy of that namespace and only the form's own code is compiled and run. The runtime's functions
keep their own globals (the runtime modules are self-contained: they never read a form's names).

Results are cached by a digest of the whole form the front end makes (the normalised schema, in
which key order, number spelling and the order of ``required`` play no part, and every name and
text the module is made of), in an LRU bounded by count and by the size of the generated code:
the same schema twice compiles once, and one module object answers both. Treat a returned module
as read-only; it is shared.
"""

from __future__ import annotations

from .limits import DEFAULT_LIMITS, FormError, LimitExceeded, Limits, check_limits
from .load import clear_cache, load_form, load_url_consent, normalised_key
from .repairs import DefaultRepair, UnusableDefault, with_repairs

__all__ = [
    "DEFAULT_LIMITS",
    "DefaultRepair",
    "FormError",
    "LimitExceeded",
    "Limits",
    "UnusableDefault",
    "check_limits",
    "clear_cache",
    "load_form",
    "load_url_consent",
    "normalised_key",
    "with_repairs",
]
