"""Writing outputs safely: one run is all or nothing.

:class:`Staging` first writes every changed output to a temp file beside its destination
(``.<name>.elicit-gen-<host>-<pid>-<random>.tmp``); only when every file of the run is staged
does :meth:`Staging.commit` rename them all into place. A failure or an interruption before that
removes the temp files (and any directory the run created) and leaves every output as it was. The
rename phase is a short window (one rename per changed file, no writing); SIGINT, SIGTERM and
SIGHUP arriving in it (through the CLI's handlers) are deferred until it ends, so an interrupted
run has either replaced every changed output or none. A run killed outright (SIGKILL) leaves its
temp files, and no output changed; the next run that writes into that directory removes them
(only ours, by exact name, from a process that is gone). Only a rename that itself fails (the
directory changed under the run) can leave some outputs replaced; the error then says how many.
An identical existing file is not touched (its mtime stays). Existing outputs must be regular
files: a directory, a symbolic link, a FIFO or a device in an output's place is an error.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import stat
import sys
from pathlib import Path

from ..records import NamedTuple
from .files import (
    _O_BINARY,
    _O_NOCTTY,
    _O_NOFOLLOW,
    _O_NONBLOCK,
    FileError,
    _kind,
    _read_at_most,
    _reason,
)
from .signals import deferring_signals


def read_output(path: Path, expected: bytes | None = None) -> bytes | None:
    """The bytes of an existing output file, or None when there is none.

    Raises :class:`FileError` when something other than a regular file is in its place (a
    directory, a symbolic link, a FIFO, a device) or it cannot be read. With ``expected``, a
    file of another size is not read: its first byte is returned, which differs.
    """
    shown = path.as_posix()
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None  # a file where a parent directory should be: reported when written
    except OSError as exc:
        raise FileError(f"cannot read {shown}: {_reason(exc)}") from None
    if not stat.S_ISREG(mode):
        raise FileError(f"{shown} is {_kind(mode)}; an output must be a regular file")
    try:
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_NOFOLLOW | _O_BINARY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileError(f"cannot read {shown}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(f"{shown} is {_kind(info.st_mode)}; an output must be a regular file")
        if expected is not None and info.st_size != len(expected):
            return _read_at_most(fd, 1)
        return _read_at_most(fd, max(info.st_size, len(expected or b"")) + 1)
    except OSError as exc:
        if isinstance(exc, FileError):
            raise
        raise FileError(f"cannot read {shown}: {_reason(exc)}") from None
    finally:
        os.close(fd)


def is_current(path: Path, text: str) -> bool:
    """Whether ``path`` holds exactly ``text``; raises :class:`FileError` as :func:`read_output`."""
    data = text.encode("utf-8")
    return read_output(path, data) == data


# -- temp files ---------------------------------------------------------------------------------

_TEMP = re.compile(r"\A\..+\.elicit-gen-(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)-[0-9a-f]{16}\.tmp\Z")


@functools.cache
def _host() -> str:
    # Imported here: only a run that writes needs them, and they cost the --lint path ~8 ms.
    import hashlib
    import socket

    return hashlib.sha256(socket.gethostname().encode("utf-8", "surrogateescape")).hexdigest()[:8]


def temp_name(name: str) -> str:
    """A fresh temp file name for the output ``name``, recognisably this process's."""
    return f".{name}.elicit-gen-{_host()}-{os.getpid()}-{os.urandom(8).hex()}.tmp"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists (perhaps another user's) or we cannot tell
    return True


def remove_leftovers(directory: Path) -> list[str]:
    """Removes temp files that a killed earlier run of elicit-gen left in ``directory``.

    Only names of exactly our pattern, made on this host by a process that no longer runs;
    a user's own ``.*.tmp`` files and a concurrent run's temp files are never touched. Does
    nothing on Windows (where no process can be probed safely).
    """
    if sys.platform == "win32":
        return []
    removed = []
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            match = _TEMP.match(entry.name)
            if match is None or match["host"] != _host():
                continue
            pid = int(match["pid"])
            if pid == os.getpid() or _alive(pid):
                continue
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed.append(entry.name)
    return removed


# -- staging ------------------------------------------------------------------------------------


class _Staged(NamedTuple):
    temp: Path
    path: Path


class Staging:
    """Every changed output of one run, written beside its destination, renamed at the end.

    Use as a context manager: leaving it by an exception before :meth:`commit` removes every
    staged temp file and every directory it created. ``state`` is ``"staging"``, ``"committed"``
    or ``"aborted"``; ``replaced`` lists the outputs renamed into place so far.
    """

    def __init__(self) -> None:
        self._staged: list[_Staged] = []
        self._temps: list[Path] = []  # every temp path claimed, written or not
        self._created_dirs: list[Path] = []
        self._seen_dirs: set[Path] = set()
        self._umask: int | None = None
        self.replaced: list[Path] = []
        self.state = "staging"

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if self.state == "staging":
            self.abort()

    @property
    def staged(self) -> list[Path]:
        return [s.path for s in self._staged]

    def _mode_for(self, path: Path) -> int:
        with contextlib.suppress(OSError):
            return os.lstat(path).st_mode & 0o777
        if self._umask is None:
            self._umask = os.umask(0)
            os.umask(self._umask)
        return 0o666 & ~self._umask

    def _make_parents(self, directory: Path) -> None:
        missing: list[Path] = []
        current = directory
        while not os.path.lexists(current) and current != current.parent:
            missing.append(current)
            current = current.parent
        for path in reversed(missing):
            try:
                os.mkdir(path)  # NotADirectoryError, PermissionError: the caller's
            except FileExistsError:
                # a concurrent run made it between our look and our mkdir: theirs, not ours
                if os.path.isdir(path) and not os.path.islink(path):
                    continue
                raise
            self._created_dirs.append(path)

    def stage(self, path: Path, text: str) -> bool:
        """Writes ``text`` for ``path`` to a temp file; False when ``path`` already holds it.

        Raises :class:`FileError` with a one-line message; nothing is renamed yet.
        """
        if self.state != "staging":
            raise RuntimeError("staging is over")
        data = text.encode("utf-8")
        if read_output(path, data) == data:
            return False
        shown = path.as_posix()
        try:
            self._make_parents(path.parent)
            if path.parent not in self._seen_dirs:
                self._seen_dirs.add(path.parent)
                remove_leftovers(path.parent)
            while True:
                temp = path.parent / temp_name(path.name)
                self._temps.append(temp)  # before it exists: an interruption still removes it
                try:
                    fd = os.open(
                        temp,
                        os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_BINARY,
                        self._mode_for(path),
                    )
                    break
                except FileExistsError:
                    continue
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            with contextlib.suppress(OSError):  # the mode wanted, whatever the umask
                os.chmod(temp, self._mode_for(path))
        except OSError as exc:
            if isinstance(exc, FileError):
                raise
            raise FileError(f"cannot write {shown}: {_reason(exc)}") from None
        self._staged.append(_Staged(temp, path))
        return True

    def commit(self) -> list[Path]:
        """Renames every staged file into place (the short rename phase); returns their paths.

        SIGINT, SIGTERM and SIGHUP (through the CLI's handlers) wait until every rename is done.
        A rename that fails stops the phase: the rest of the temp files are removed and
        :class:`FileError` says how many outputs were already replaced.
        """
        if self.state != "staging":
            raise RuntimeError("staging is over")
        with deferring_signals():
            try:
                for staged in self._staged:
                    try:
                        os.replace(staged.temp, staged.path)
                    except OSError as exc:
                        done = len(self.replaced)
                        raise FileError(
                            f"cannot write {staged.path.as_posix()}: {_reason(exc)}; "
                            + (
                                f"{done} other output(s) of this run were already replaced"
                                if done
                                else "no output was changed"
                            )
                        ) from None
                    self.replaced.append(staged.path)
                self.state = "committed"
            finally:
                if self.state != "committed":
                    self.state = "aborted"
                    self._remove_temps()
        for directory in {s.path.parent for s in self._staged}:
            _fsync_dir(directory)
        return self.replaced

    def abort(self) -> None:
        """Removes every staged temp file and every directory this run created."""
        self.state = "aborted"
        self._remove_temps()
        for directory in reversed(self._created_dirs):
            with contextlib.suppress(OSError):
                os.rmdir(directory)  # only when empty: never another process's files

    def _remove_temps(self) -> None:
        for temp in self._temps:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        self._temps = []


def _fsync_dir(directory: Path) -> None:
    """Makes the renames durable where the platform allows it (best effort)."""
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
