"""Writing outputs safely: atomic replace, unchanged files left alone, and ``--check``."""

from __future__ import annotations

import contextlib
import os
import tempfile
from enum import Enum
from pathlib import Path


class WriteStatus(str, Enum):
    WRITTEN = "written"
    UNCHANGED = "unchanged"


def _current(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def write_atomic(path: Path, text: str) -> WriteStatus:
    """Writes ``text`` to ``path`` via a temp file in the same directory and a rename.

    An identical existing file is not touched (its mtime stays). Raises OSError on failure,
    leaving any existing file as it was and no temp file behind.
    """
    data = text.encode("utf-8")
    if _current(path) == data:
        return WriteStatus.UNCHANGED
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            if path.exists():
                os.chmod(tmp, path.stat().st_mode & 0o777)
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return WriteStatus.WRITTEN


def is_current(path: Path, text: str) -> bool:
    return _current(path) == text.encode("utf-8")
