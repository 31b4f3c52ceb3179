"""The digests the compiler and the run-time loader take, without loading OpenSSL.

``hashlib`` loads OpenSSL's library to offer its algorithms (about 4 ms of a process's start,
a tenth of a form's first request at run time); the standard library's own blake2b and sha256
modules give the same digests. They are used when present, as ``hashlib`` itself falls back to
them.
"""

from __future__ import annotations

import importlib
from typing import Any


def _own(name: str, modules: tuple[str, ...]) -> Any:
    """``name`` from the first of ``modules`` that imports, else from ``hashlib``."""
    for module in modules:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    return getattr(importlib.import_module("hashlib"), name)  # pragma: no cover


#: ``hashlib.blake2b``.
blake2b: Any = _own("blake2b", ("_blake2",))
#: ``hashlib.sha256`` (``_sha2`` from Python 3.12, ``_sha256`` before).
sha256: Any = _own("sha256", ("_sha2", "_sha256"))
