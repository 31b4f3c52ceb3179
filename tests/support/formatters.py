"""The formatter oracle: what black and ``ruff format`` make of a Python text, at the line lengths
of the covered style a generated module must be stable under (elicit_gen/targets/common/
pyformat.py): black at 88, 100 and 120 columns and ruff at 88 and 120.

Both formatters are in the [test] extra: a missing one fails the test that needs it (a skipped
stability check would hide a broken module). Use it through the ``formatters`` fixture of
tests/targets/conftest.py."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Collection, Hashable, Iterable, Mapping
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import TypeVar

BLACK_LENGTHS = (88, 100, 120)
RUFF_LENGTHS = (88, 120)

Key = TypeVar("Key", bound=Hashable)


class Formatters:
    """black in process, ruff as the command a client project runs (``--isolated``: no
    configuration of this repository applies)."""

    def black(self, text: str, line_length: int) -> str:
        import black

        return black.format_str(text, mode=black.Mode(line_length=line_length))

    def ruff_command(self) -> str:
        found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
        assert found is not None, "ruff is not installed (it is in the [test] extra)"
        return found

    def ruff(self, text: str, line_length: int) -> str:
        """``ruff format -`` of ``text`` (lone surrogates pass through, as in a generated
        module's escapes)."""
        result = subprocess.run(
            [self.ruff_command(), "format", "--isolated", "--line-length", str(line_length), "-"],
            input=text.encode("utf-8", "surrogatepass"),
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
        return result.stdout.decode("utf-8", "surrogatepass")

    def ruff_many(self, texts: Mapping[Key, str], line_length: int) -> dict[Key, str]:
        """``ruff format`` of many texts in one run (one file each in a temporary folder)."""
        with tempfile.TemporaryDirectory() as tmp:
            paths = {}
            for index, (key, text) in enumerate(texts.items()):
                path = Path(tmp) / f"m{index}.py"
                path.write_text(text, encoding="utf-8", newline="")
                paths[key] = path
            command = [self.ruff_command(), "format", "--isolated", "--line-length"]
            result = subprocess.run(
                [*command, str(line_length), tmp],
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert result.returncode == 0, result.stderr
            return {key: path.read_text(encoding="utf-8") for key, path in paths.items()}

    def assert_stable(
        self,
        text: str,
        black_lengths: Iterable[int] = BLACK_LENGTHS,
        ruff_lengths: Iterable[int] = RUFF_LENGTHS,
    ) -> None:
        """black and ruff format leave ``text`` unchanged at every given line length."""
        for line_length in black_lengths:
            assert self.black(text, line_length) == text, f"black at {line_length}"
        for line_length in ruff_lengths:
            assert self.ruff(text, line_length) == text, f"ruff format at {line_length}"


@cache
def runtime_parts(target: str) -> frozenset[str]:
    """The runtime parts a Python ``target`` copies verbatim into its modules, in every
    locale, with the pattern engine and without it: what :func:`abridged` cuts."""
    from elicit_gen.i18n import available
    from elicit_gen.targets import get_target
    from elicit_gen.targets.common.base import SharesRuntime

    found = get_target(target)
    if not isinstance(found, SharesRuntime):
        return frozenset()
    return frozenset(
        part
        for locale in available()
        for pattern in (True, False)
        for part in found.runtime(locale, pattern).pieces
    )


def abridged(text: str, parts: Collection[str]) -> str:
    """``text`` with each of ``parts`` it holds cut to the part's first and last top-level
    statements, two blank lines between them: what black is run on where a test checks many
    modules made of the same runtime.

    A runtime part is copied verbatim into every module of its target, and
    ``test_runtime_modules_are_in_the_covered_style`` (tests/targets/test_black_stable.py) holds
    each one black-stable whole, at every covered line length. What black does inside a
    statement does not depend on what is around it, and between two top-level statements it
    looks only at the statements either side (two blank lines after or before a ``def`` or
    ``class``, at most two elsewhere: two are stable everywhere). So the text around each part,
    where the form's own code meets the runtime, keeps exactly the neighbours it has in the
    module, and a module is black-stable if and only if its abridged text is: the middle of a
    part, the same in every module, is not formatted again for each one (a 150 KB module took
    about a second per line length; its abridged text takes milliseconds)."""
    for part in sorted(set(parts), key=len, reverse=True):
        if part in text:
            text = text.replace(part, _edges(part))
    return text


@cache  # each part is parsed once, not once per module that holds it
def _edges(part: str) -> str:
    try:
        body = ast.parse(part).body
    except SyntaxError:
        return part
    if not body:
        return part
    lines = part.splitlines(keepends=True)
    first = _start(lines, body[0])
    end = body[-1].end_lineno or len(lines)
    kept = _statements(lines, body, "\n\n")
    return "".join([*lines[: first - 1], *kept, *lines[end:]])


def _start(lines: list[str], node: ast.stmt) -> int:
    """The first line of ``node`` with its decorators and the comments just above it."""
    start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    while start > 1 and lines[start - 2].lstrip().startswith("#"):
        start -= 1
    return start


def _statements(lines: list[str], body: list[ast.stmt], join: str) -> list[str]:
    """The lines of ``body`` with only its first and last statements (``join`` between: the
    blank lines that are stable between any two statements at that depth), a class among them
    abridged in turn."""
    chosen = [body[0], body[-1]] if len(body) >= 3 else body
    out = _statement(lines, chosen[0])
    for before, node in pairwise(chosen):
        if len(chosen) < len(body):
            out.append(join)
        else:  # neighbours in the part: the lines between them as they are
            out += lines[(before.end_lineno or 0) : _start(lines, node) - 1]
        out += _statement(lines, node)
    return out


def _statement(lines: list[str], node: ast.stmt) -> list[str]:
    start, end = _start(lines, node), node.end_lineno or len(lines)
    if not isinstance(node, ast.ClassDef) or len(node.body) < 3:
        return lines[start - 1 : end]
    header = lines[start - 1 : _start(lines, node.body[0]) - 1]
    return [*header, *_statements(lines, node.body, "\n")]
