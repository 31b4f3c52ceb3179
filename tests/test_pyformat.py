"""The statement-wise black formatter and its disk cache (elicit_gen/targets/_pyformat.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EVERY_KIND = ROOT / "examples" / "every_kind.json"

CODE = '''"""Doc."""
from __future__ import annotations
import os
# a comment about X


X = {'a': 1,
  'b': [1,2,3]}
class A:
    """A."""
    x: int=1
    # about f
    def f(self)->int:
        return 1
    @property
    def g(self):
        ...
def h(): ...
def i(): ...
if X:
    pass
'''


def test_statement_wise_equals_whole_file_black() -> None:
    import black
    from black.mode import TargetVersion

    from elicit_gen.targets._pyformat import _format_module

    mode = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)
    assert _format_module(CODE) == black.format_str(CODE, mode=mode)


def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=300,
        env={**os.environ, **env},
    )


def test_disk_cache_gives_the_same_bytes_and_skips_black(tmp_path: Path) -> None:
    cache = {"ELICIT_GEN_CACHE_DIR": str(tmp_path / "cache")}
    out = tmp_path / "out"
    first = run("-m", "elicit_gen", str(EVERY_KIND), "--target", "all", "-o", f"{out}/", "-q",
                env=cache)
    assert first.returncode == 0, first.stderr
    expected = {p.name: p.read_bytes() for p in out.iterdir()}
    assert any((tmp_path / "cache" / "black").iterdir())
    for p in out.iterdir():
        p.unlink()
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['elicit-gen', {str(EVERY_KIND)!r}, '--target', 'all',"
        f" '-o', {f'{out}/'!r}, '-q']\n"
        "try:\n    runpy.run_module('elicit_gen', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print('black' in sys.modules)\n"
    )
    second = run("-c", code, env=cache)
    assert second.stdout.strip().splitlines()[-1] == "False", second.stdout + second.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == expected


@pytest.mark.parametrize("setup", ["unwritable", "damaged"])
def test_a_broken_cache_never_breaks_a_build(tmp_path: Path, setup: str) -> None:
    cache = tmp_path / "cache"
    env = {"ELICIT_GEN_CACHE_DIR": str(cache)}
    out = tmp_path / "x.py"
    if setup == "unwritable":
        cache.write_text("a file where the cache directory should be")
    else:
        assert run("-m", "elicit_gen", str(EVERY_KIND), "--target", "pydantic", "-o", str(out),
                   env=env).returncode == 0
        entries = [p for p in (cache / "black").rglob("*") if p.is_file()]
        assert entries
        for entry in entries:  # truncated, or garbage with a wrong checksum
            entry.write_text(entry.read_text()[: len(entry.read_text()) // 2])
        out.unlink()
    result = run("-m", "elicit_gen", str(EVERY_KIND), "--target", "pydantic", "-o", str(out),
                 env=env)
    assert result.returncode == 0, result.stderr
    reference = run("-m", "elicit_gen", str(EVERY_KIND), "--target", "pydantic",
                    env={"ELICIT_GEN_NO_CACHE": "1"})
    assert out.read_text() == reference.stdout
