"""Helpers for the ``cli`` target's tests: what to type for a value, invalid answers with the
reason the prompt must give, and a driver for a generated module under a real pseudo-terminal."""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import re
import select
import signal
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from elicit_gen.compiler import ir
from elicit_gen.runtime.core.formcore import option_index
from elicit_gen.targets.cli import numbered

from .cases import PATTERNED_TEXTS, sample_value

#: Characters that must never reach the terminal from schema text: C0 controls except newline,
#: DEL, C1 controls, line/paragraph separators and bidi controls.
UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)


def typed(field: ir.Field, value: Any) -> str:
    """What a user types to give ``field`` the value ``value``."""
    if isinstance(field, ir.BooleanField):
        return "y" if value else "n"
    if isinstance(field, ir.NumberField):
        return repr(value) if isinstance(value, float) else str(value)
    if isinstance(field, ir.SingleSelectField):
        return _option_typed(field, value)
    if isinstance(field, ir.MultiSelectField):
        if not value:
            return "none"
        return ",".join(_option_typed(field, v) for v in value)
    return str(value)


def _option_typed(field: ir.SingleSelectField | ir.MultiSelectField, value: Any) -> str:
    """An option's number in the list, or its label where the prompt numbers no option (a
    select of numbers: the user types the option as shown)."""
    index = option_index([o.value for o in field.options], value)
    assert index is not None, (field.name, value)
    return str(index + 1) if numbered(field) else field.options[index].label


def other_values(field: ir.Field) -> list[Any]:
    """Candidate values for ``field`` that differ from :func:`sample_value` (for edit tests;
    the caller keeps the first one the schema accepts)."""
    first = sample_value(field)
    if isinstance(field, ir.StringField):
        by_format = {
            ir.StringFormat.EMAIL: "grace@example.org",
            ir.StringFormat.URI: "https://example.org/",
            ir.StringFormat.DATE: "2025-06-18",
            ir.StringFormat.DATE_TIME: "2025-06-18T14:30:00Z",
            ir.StringFormat.TIME: "08:15:00Z",
            ir.StringFormat.UUID: "00000000-0000-0000-0000-000000000001",
            ir.StringFormat.IPV4: "198.51.100.2",
            ir.StringFormat.IPV6: "::1",
            ir.StringFormat.HOSTNAME: "example.net",
            ir.StringFormat.DURATION: "P2D",
        }
        if field.format is not None:
            return [by_format[field.format]]
        if field.pattern is not None:
            return [text for text in PATTERNED_TEXTS if text != first]
        return [("World" * 20)[: len(first)]]
    if isinstance(field, ir.NumberField):
        return [v for v in (field.minimum, field.maximum, first + 1, first - 1) if v is not None]
    if isinstance(field, ir.BooleanField):
        return [not first]
    if isinstance(field, ir.SingleSelectField):
        return [o.value for o in field.options]
    values = [o.value for o in field.options]
    return [values[-(field.min_items or 1) :], values[: field.max_items or len(values)]]


class Script(io.StringIO):
    """A stdin made of lines; optionally raises KeyboardInterrupt once they run out."""

    def __init__(self, lines: Sequence[str], *, interrupt: bool = False) -> None:
        text = "".join(line + "\n" for line in lines)
        super().__init__(text)
        self.interrupt = interrupt

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(-1 if size is None else size)
        if not line and self.interrupt:
            raise KeyboardInterrupt
        return line


def run(
    module: ModuleType, lines: Sequence[str], *, interrupt: bool = False, **kwargs: Any
) -> tuple[dict[str, Any], str]:
    """Runs ``module.elicit`` in-process on ``lines``; returns (result, everything on stderr)."""
    err = io.StringIO()
    result: dict[str, Any] = module.elicit(
        stdin=Script(lines, interrupt=interrupt), stderr=err, **kwargs
    )
    return result, err.getvalue()


#: Signals a parent may leave ignored (``nohup cmd &`` in a script ignores SIGINT and SIGQUIT,
#: ``nohup`` SIGHUP). An ignored disposition survives ``exec``, and Python installs its
#: KeyboardInterrupt handler only when SIGINT is not ignored at start-up: a child that inherits
#: SIG_IGN never sees the Ctrl-C a test types. Children of the tests start with the defaults.
_DEFAULT_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGQUIT", "SIGHUP", "SIGTERM", "SIGPIPE")
)


def _take_terminal() -> None:
    """In the child: every signal in :data:`_DEFAULT_SIGNALS` back to its default action,
    whatever the test runner's parent did to them; then make the pseudo-terminal on fd 0 the
    controlling terminal, so that Ctrl-C typed on it sends SIGINT (start_new_session already
    made the child a session leader)."""
    import fcntl
    import termios

    for signum in _DEFAULT_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtySession:
    """Runs a generated module with stdin and stderr on a real pseudo-terminal (stdout is a pipe,
    so that the test sees exactly what a caller reading the JSON result would).

    Every wait is bounded: a child that does not exit in time is killed (its whole session) and
    the test fails with what the terminal showed, rather than hang."""

    def __init__(
        self,
        module_path: Path,
        *args: str,
        env: dict[str, str] | None = None,
        columns: int | None = None,
    ) -> None:
        import sys

        master, slave = os.openpty()
        if columns is not None:
            # A terminal window ``columns`` wide (and 24 lines); without it a new
            # pseudo-terminal has no size (0 x 0), as when nobody told it one.
            import fcntl
            import struct
            import termios

            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, str(module_path), *args],
            stdin=slave,
            stderr=slave,
            stdout=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=_take_terminal,
            env=env,
        )
        os.close(slave)
        self.master: int | None = master
        self.screen = ""  # everything the terminal showed, "\r\n" as "\n"
        self._seen = 0
        # One decoder for the whole session: a read may end inside a character (a CJK character
        # is three bytes of UTF-8), whose rest comes with the next read.
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._cr = False  # the last read ended in "\r" (its "\n" may come next)

    def _pump(self, timeout: float) -> bool:
        if self.master is None:
            return False
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not data:
            return False
        text = ("\r" if self._cr else "") + self._decoder.decode(data)
        self._cr = text.endswith("\r")
        if self._cr:
            text = text[:-1]
        self.screen += text.replace("\r\n", "\n")
        return True

    def expect(self, text: str, timeout: float = 20.0) -> str:
        """Waits until ``text`` appears after what earlier calls consumed; returns the output
        up to and including it."""
        deadline = time.monotonic() + timeout
        while True:
            index = self.screen.find(text, self._seen)
            if index >= 0:
                chunk = self.screen[self._seen : index + len(text)]
                self._seen = index + len(text)
                return chunk
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {text!r}; screen:\n{self.screen}")
            if not self._pump(0.2) and self.proc.poll() is not None:
                while self._pump(0.05):
                    pass
                if self.screen.find(text, self._seen) < 0:
                    raise AssertionError(f"exited before {text!r}; screen:\n{self.screen}")

    def send(self, text: str) -> None:
        assert self.master is not None, "the session is finished"
        os.write(self.master, text.encode("utf-8"))

    def answer(self, line: str, prompt: str = "  > ") -> str:
        """Waits for the next prompt, then types ``line`` and Enter; returns the text shown."""
        shown = self.expect(prompt)
        self.send(line + "\r")
        return shown

    def finish(self, timeout: float = 20.0) -> tuple[str, int]:
        """Waits for the child to exit; returns (stdout, exit code). A child still running
        after ``timeout`` seconds is killed and the test fails; so does a stdout that does not
        reach its end by then (a grandchild holding the pipe)."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        out = b""
        stdout = self.proc.stdout.fileno()
        open_ = True
        while time.monotonic() < deadline:
            # Keep reading the terminal so the child never blocks on it, and stdout so that it
            # never blocks on a full pipe; done once the child exited and stdout reached its end.
            ready, _, _ = select.select([stdout] if open_ else [], [], [], 0.05)
            if ready:
                data = os.read(stdout, 65536)
                out += data
                open_ = bool(data)
            self._pump(0.05)
            if not open_ and self.proc.poll() is not None:
                break
        else:
            self.kill()
            raise AssertionError(
                f"the child did not exit within {timeout:g} s (killed); stdout: {out!r};"
                f" screen:\n{self.screen}"
            )
        while self._pump(0.05):
            pass
        self._close()
        return out.decode("utf-8"), self.proc.returncode

    def kill(self) -> None:
        """Ends the child and everything it started (its session), and closes the terminal;
        safe to call more than once."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self._close()

    def _close(self) -> None:
        if self.master is not None:
            os.close(self.master)
            self.master = None
        if self.proc.stdout is not None:
            self.proc.stdout.close()
