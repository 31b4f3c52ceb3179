"""The inputs of a run: files named or found by globs, or stdin.

Only regular files (or stdin) are read, and at most :data:`MAX_INPUT_BYTES`; a FIFO, a device
or a directory is refused before anything blocks or fills memory. A problem is a
:class:`BuildError` with a one-line message (exit code 2).
"""

from __future__ import annotations

import fnmatch
import glob
import os
import stat
from collections.abc import Sequence

from ..records import NamedTuple
from .files import _O_BINARY, _O_NOCTTY, _O_NONBLOCK, FileError, _kind, _read_at_most, _reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

#: The largest input elicit-gen reads (a requestedSchema is a few kilobytes).
MAX_INPUT_BYTES = 16 * 1024 * 1024


def _too_large(name: str) -> FileError:
    return FileError(f"{name}: larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB; not a schema")


def read_input_file(path: str | os.PathLike[str], name: str) -> bytes:
    """The bytes of a regular file (symbolic links followed), at most :data:`MAX_INPUT_BYTES`.

    Raises :class:`FileError` with a one-line message for anything else; never blocks on a FIFO.
    """
    try:
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_BINARY)
    except FileNotFoundError:
        raise FileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise FileError(f"{name}: is a directory, expected a JSON file") from None
    except PermissionError:
        if os.path.isdir(path):
            raise FileError(f"{name}: is a directory, expected a JSON file") from None
        raise FileError(f"{name}: permission denied") from None
    except OSError as exc:
        raise FileError(f"{name}: cannot read: {_reason(exc)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileError(f"{name}: is a directory, expected a JSON file")
        if not stat.S_ISREG(mode):
            raise FileError(f"{name}: is {_kind(mode)}, expected a regular JSON file")
        data = _read_at_most(fd, MAX_INPUT_BYTES + 1)
    except PermissionError:
        raise FileError(f"{name}: permission denied") from None
    except FileError:
        raise
    except OSError as exc:
        raise FileError(f"{name}: cannot read: {_reason(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(name)
    return data


def read_input_stream(stream: BinaryIO, name: str) -> bytes:
    """At most :data:`MAX_INPUT_BYTES` from a stream (stdin)."""
    try:
        data = _read_at_most(stream, MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise FileError(f"{name}: cannot read: {_reason(exc)}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(name)
    return data


class BuildError(Exception):
    """A usage or I/O problem that stops the build (exit code 2)."""


class Input(NamedTuple):
    name: str  # as shown in diagnostics and headers ('/'-separated, relative)
    stem: str
    data: bytes
    path: str | None = None  # the file it was read from (None for stdin)


def _stem(name: str) -> str:
    """``PurePath(name).stem``: the name without its last suffix (none for ``.hidden``)."""
    dot = name.rfind(".")
    return name[:dot] if 0 < dot < len(name) - 1 else name


def read_input(path: str | os.PathLike[str], name: str) -> Input:
    """Reads one input file (a regular file, at most 16 MiB); raises BuildError with a one-line
    message, never blocks on a FIFO or reads a device."""
    from .files import FileError

    try:
        file = os.fspath(path)
        return Input(name, _stem(os.path.basename(file)), read_input_file(file, name), file)
    except FileError as exc:
        raise BuildError(str(exc)) from None


def read_stdin(stream: BinaryIO) -> Input:
    """Reads ``-`` (at most 16 MiB)."""
    from .files import FileError

    try:
        return Input("<stdin>", "stdin", read_input_stream(stream, "<stdin>"))
    except FileError as exc:
        raise BuildError(str(exc)) from None


def _hidden(name: str) -> bool:
    return name.startswith(".")


def _entries(directory: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(directory) as it:
            return list(it)
    except OSError:
        return []


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows a link: a linked directory is still searched once
    except OSError:
        return False


def _tree(base: str, start: str) -> list[str]:
    """``start`` and every directory below it (hidden ones excepted), each real directory once:
    a symbolic link back up the tree (a loop) is not descended again."""
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    stack = [start]
    while stack:
        relative = stack.pop()
        try:
            info = os.stat(os.path.join(base, relative) if relative else base or ".")
        except OSError:
            continue
        key = (info.st_dev, info.st_ino)
        if key in seen:
            continue
        seen.add(key)
        found.append(relative)
        children = [
            os.path.join(relative, e.name) if relative else e.name
            for e in _entries(os.path.join(base, relative) if relative else base or ".")
            if not _hidden(e.name) and _is_dir(e)
        ]
        stack.extend(sorted(children, reverse=True))
    return found


def _glob(pattern: str, root: Path) -> list[str]:
    """Matches of ``pattern`` (``*``, ``?``, ``[...]``, ``**``) relative to ``root``, like
    ``glob.glob(recursive=True)`` (hidden names only when the pattern names them) but never
    descending a directory twice through links, so a link loop costs nothing."""
    from pathlib import Path  # (globs: a job's inputs, never a command line's)

    parts = Path(pattern).parts
    if not parts:
        return []
    if os.path.isabs(pattern):
        base, segments, prefix = parts[0], list(parts[1:]), parts[0]
    else:
        base, segments, prefix = str(root), list(parts), ""
    collapsed: list[str] = []
    for segment in segments:
        if not (segment == "**" and collapsed and collapsed[-1] == "**"):
            collapsed.append(segment)
    results: list[str] = []

    def full(relative: str) -> str:
        return os.path.join(base, relative) if relative else base

    def walk(relative: str, index: int) -> None:
        segment = collapsed[index]
        last = index == len(collapsed) - 1
        if segment == "**":
            for directory in _tree(base, relative):
                if last:
                    if directory:
                        results.append(directory)
                    results.extend(
                        os.path.join(directory, e.name) if directory else e.name
                        for e in _entries(full(directory))
                        if not _hidden(e.name) and not _is_dir(e)
                    )
                else:
                    walk(directory, index + 1)
            return
        if not glob.has_magic(segment):
            candidate = os.path.join(relative, segment) if relative else segment
            if last:
                if os.path.lexists(full(candidate)):
                    results.append(candidate)
            elif os.path.isdir(full(candidate)):
                walk(candidate, index + 1)
            return
        entries = _entries(full(relative))
        names = [e.name for e in entries if not _hidden(e.name) or segment.startswith(".")]
        matched = set(fnmatch.filter(names, segment))
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.name not in matched:
                continue
            candidate = os.path.join(relative, entry.name) if relative else entry.name
            if last:
                results.append(candidate)
            elif _is_dir(entry):
                walk(candidate, index + 1)

    walk("", 0)
    return [os.path.join(prefix, r) if prefix else r for r in results]


def expand_globs(patterns: Sequence[str], root: Path) -> list[Path]:
    """Input paths for glob patterns relative to ``root``, sorted, each real file once.

    ``**`` descends every directory once, links included, but never a link back into a
    directory it is already in (a loop); two names of one file (through a link) give one input.
    """
    found: dict[str, Path] = {}
    for pattern in patterns:
        matches = sorted(_glob(pattern, root))
        if not matches and not glob.has_magic(pattern):
            matches = [pattern]  # a plain path that does not exist: reported when read
        for match in matches:
            path = root / match
            found.setdefault(os.path.realpath(path), path)
    return list(found.values())
