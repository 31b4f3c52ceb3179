"""The statement-wise black formatter and its disk cache (elicit_gen/targets/_pyformat.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

Result = subprocess.CompletedProcess[str]

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EVERY_KIND = EXAMPLES / "every_kind.json"

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


def elicit_gen(
    *args: str, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300
) -> Result:
    proc = subprocess.run(
        [sys.executable, "-m", "elicit_gen", *args], capture_output=True, text=True,
        timeout=timeout, cwd=cwd, env={**os.environ, "ELICIT_GEN_NO_CACHE": "1", **(env or {})},
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_check_does_not_write_the_statement_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {"ELICIT_GEN_NO_CACHE": "", "ELICIT_GEN_CACHE_DIR": str(cache)}
    schema = EXAMPLES / "contact.json"
    result = elicit_gen(
        str(schema), "--target", "all", "-o", f"{tmp_path}/out/", "--check", cwd=tmp_path, env=env
    )
    assert result.returncode == 1, result.stderr
    assert not cache.exists()


def test_a_poisoned_cache_entry_with_a_valid_checksum_never_reaches_output(tmp_path: Path) -> None:
    import hashlib

    cache = tmp_path / "cache"
    env = {"ELICIT_GEN_NO_CACHE": "", "ELICIT_GEN_CACHE_DIR": str(cache)}
    schema = EXAMPLES / "every_kind.json"
    reference = elicit_gen(
        str(schema),
        "--target",
        "pydantic",
        "--target",
        "cli",
        "-o",
        f"{tmp_path}/ref/",
        cwd=tmp_path,
    )  # no cache
    assert reference.returncode == 0, reference.stderr
    warm = elicit_gen(
        str(schema),
        "--target",
        "pydantic",
        "--target",
        "cli",
        "-o",
        f"{tmp_path}/warm/",
        cwd=tmp_path,
        env=env,
    )
    assert warm.returncode == 0 and files(tmp_path / "warm") == files(tmp_path / "ref")
    entries = [p for p in (cache / "black").rglob("*") if p.is_file()]
    assert entries
    payloads = [
        "import os; os.system('touch PWNED')\n",  # a statement added after the formatted text
        "# -*- coding: utf-7 -*-\n",  # a comment added: changes nothing in the AST
    ]
    for index, entry in enumerate(entries):
        _, text = entry.read_text(encoding="utf-8").split("\n", 1)
        payload = payloads[index % len(payloads)]
        poisoned = payload + text if payload.startswith("#") else text + payload
        digest = hashlib.sha256(poisoned.encode("utf-8", "surrogatepass")).hexdigest()
        entry.write_text(digest + "\n" + poisoned, encoding="utf-8")
    result = elicit_gen(
        str(schema),
        "--target",
        "pydantic",
        "--target",
        "cli",
        "-o",
        f"{tmp_path}/out/",
        cwd=tmp_path,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert files(tmp_path / "out") == files(tmp_path / "ref")
    assert not (tmp_path / "PWNED").exists()



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


def test_only_the_same_program_passes_the_cache_check() -> None:
    import black
    from black.mode import TargetVersion

    from elicit_gen.targets._pyformat import _same_program

    source = _WRAPPER_CODE
    mode = black.Mode(target_versions={TargetVersion.PY310}, line_length=100)
    formatted = black.format_str(source, mode=mode)
    assert formatted != source and _same_program(source, formatted)
    assert not _same_program(source, formatted + "import os\n")
    assert not _same_program(source, "# coding: utf-7\n" + formatted)
    assert not _same_program(source, formatted.replace("return 1", "return 2"))
    assert not _same_program(source, formatted.rstrip("\n"))  # would swallow the next line
    assert not _same_program(source, formatted.replace("# about f", "# about g"))
    assert not _same_program(source, "def (:\n")
    joined = 'x = ("a"\n     "b")\n'  # a comment hidden between implicitly joined parts
    assert _same_program(joined, 'x = "a" "b"\n')
    assert not _same_program(joined, 'x = ("a"\n# -*- coding: utf-7 -*-\n     "b")\n')
    assert not _same_program('x = "#a"\n', 'x = ""  #a"\n')


_WRAPPER_CODE = '''class _Wrapper:
    def f(self)->int:
        """Doc,
           indented oddly."""
        # about f
        return 1
'''


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_fifo_or_device_planted_in_the_cache_does_not_block_the_build(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {"ELICIT_GEN_NO_CACHE": "", "ELICIT_GEN_CACHE_DIR": str(cache)}
    schema = EXAMPLES / "contact.json"
    reference = elicit_gen(str(schema), "--target", "pydantic", "-o", "ref.py", cwd=tmp_path)
    assert reference.returncode == 0, reference.stderr
    assert elicit_gen(str(schema), "--target", "pydantic", "-o", "warm.py", cwd=tmp_path,
                      env=env).returncode == 0
    entries = [p for p in (cache / "black").rglob("*") if p.is_file()]
    for index, entry in enumerate(entries):
        entry.unlink()
        if index % 2:
            os.mkfifo(entry)
        else:
            os.symlink("/dev/zero", entry)
    result = elicit_gen(str(schema), "--target", "pydantic", "-o", "out.py", cwd=tmp_path,
                        env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.py").read_bytes() == (tmp_path / "ref.py").read_bytes()
