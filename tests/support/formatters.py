"""The formatter oracle: what black and ``ruff format`` make of a Python text, at the line lengths
of the covered style a generated module must be stable under (elicit_gen/targets/common/
pyformat.py): black at 88, 100 and 120 columns and ruff at 88 and 120.

Both formatters are in the [test] extra: a missing one fails the test that needs it (a skipped
stability check would hide a broken module). Use it through the ``formatters`` fixture of
tests/targets/conftest.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Hashable, Iterable, Mapping
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
