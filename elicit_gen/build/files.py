"""What reading inputs and writing outputs share: the one error a file that cannot be
used raises (:class:`FileError`, a one-line message naming it), flags that never block on a FIFO
or take a terminal, the name of a file's kind, and a bounded read.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)


class FileError(OSError):
    """An input or output that cannot be used; ``str()`` is a one-line message naming it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _read_at_most(read: BinaryIO | int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = (
            os.read(read, min(1 << 20, limit - size))
            if isinstance(read, int)
            else read.read(min(1 << 20, limit - size))
        )
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)
