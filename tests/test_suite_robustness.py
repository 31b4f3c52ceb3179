"""The test suite itself ends: a run started with SIGINT ignored (``nohup ./.ci/run &`` from a
script) still passes the terminal's Ctrl-C test, a child that never exits fails its test within
the bound, and a stuck test fails the run (pytest-timeout, configured in pyproject.toml) instead
of hanging it; and no test module imports another (what tests share lives in tests/support/ or a
conftest.py)."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .support.cli import PtySession

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and terminals")


def _ignore_interrupts() -> None:
    """In the child: what a non-interactive shell does to a job started with ``&``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)


def _pytest(*args: str, cwd: Path = ROOT, timeout: float = 180) -> tuple[int, str, float]:
    """Runs pytest in a child with SIGINT and SIGQUIT ignored; returns (exit code, output,
    seconds). The child is killed (and this test fails) if it outlives ``timeout``."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_ignore_interrupts,
    )
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start


@pytest.fixture
def sigint_ignored() -> Iterator[None]:
    """This process ignores SIGINT for the test (as under ``nohup ... &``)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def test_pyproject_bounds_every_test(pytestconfig: pytest.Config) -> None:
    """pytest-timeout is installed (the [test] extra) and bounds every test of this run."""
    assert pytestconfig.pluginmanager.hasplugin("timeout")
    assert 0 < float(pytestconfig.getini("timeout")) <= 1800
    assert pytestconfig.getini("timeout_method") == "thread"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"pytest-timeout>=' in pyproject.split("[project.optional-dependencies]")[1]


def test_ctrl_c_on_the_terminal_passes_with_sigint_ignored_by_the_runner() -> None:
    """The defect: with SIGINT ignored in the parent, the generated CLI inherited SIG_IGN, never
    saw the Ctrl-C typed on its terminal, and PtySession.finish waited for ever."""
    code, out, seconds = _pytest("tests/targets/cli/test_pty.py", "-k", "ctrl_c")
    assert code == 0, out
    assert " passed" in out and "failed" not in out and "skipped" not in out, out
    assert seconds < 120, seconds


def test_children_get_the_default_sigint(sigint_ignored: None, tmp_path: Path) -> None:
    script = tmp_path / "show.py"
    script.write_text(
        "import signal, sys\n"
        "sys.stdout.write(repr(signal.getsignal(signal.SIGINT) is signal.default_int_handler))\n",
        encoding="utf-8",
    )
    session = PtySession(script)
    try:
        out, code = session.finish(timeout=30)
    finally:
        session.kill()
    assert (out, code) == ("True", 0)


def test_a_child_that_never_exits_fails_within_the_bound(tmp_path: Path) -> None:
    script = tmp_path / "stuck.py"
    script.write_text(
        "import signal, time\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "print('partial', flush=True)\n"
        "time.sleep(600)\n",
        encoding="utf-8",
    )
    session = PtySession(script)
    start = time.monotonic()
    try:
        with pytest.raises(AssertionError, match=r"did not exit within 1 s \(killed\)"):
            session.finish(timeout=1)
    finally:
        session.kill()
    assert time.monotonic() - start < 15
    assert session.proc.poll() is not None  # killed, not left behind
    session.kill()  # a second call is harmless


@pytest.mark.parametrize(
    "body",
    [
        "import time\n\ndef test_stuck():\n    time.sleep(600)\n",
        # A hang inside C: a modal Qt dialog nobody closes (the signal method could not end it).
        """
        import pytest

        def test_stuck_in_qt():
            widgets = pytest.importorskip("PySide6.QtWidgets")
            app = widgets.QApplication.instance() or widgets.QApplication([])
            widgets.QDialog().exec()
        """,
    ],
    ids=["python", "qt"],
)
def test_a_stuck_test_fails_instead_of_hanging(tmp_path: Path, body: str) -> None:
    """The project's configuration (its pyproject.toml, only the bound shortened) ends a stuck
    test: the run fails, says which test timed out, and ends."""
    test = tmp_path / "test_stuck.py"
    test.write_text(textwrap.dedent(body), encoding="utf-8")
    code, out, seconds = _pytest(
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(tmp_path),
        "-o",
        "timeout=3",
        str(test),
        cwd=tmp_path,
        timeout=120,
    )
    assert code != 0, out
    assert "Timeout" in out, out
    assert "test_stuck" in out, out
    assert seconds < 60, (seconds, out)


# --- the suite's own structure ----------------------------------------------------------------


def _module_parts(path: Path) -> tuple[str, ...]:
    """``tests/targets/cli/test_target.py`` -> ("tests", "targets", "cli", "test_target")."""
    return path.relative_to(ROOT).with_suffix("").parts


def _is_test_module(parts: tuple[str, ...]) -> bool:
    return (
        parts[:1] == ("tests",)
        and parts[-1].startswith("test_")
        and ROOT.joinpath(*parts).with_suffix(".py").is_file()
    )


def imported_test_modules(source: str, package: tuple[str, ...]) -> list[str]:
    """The test modules (``tests/**/test_*.py``) that ``source``, a module of ``package``,
    imports, wherever the import is (top level or inside a function), relative or absolute."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        candidates: list[tuple[str, ...]] = []
        if isinstance(node, ast.Import):
            candidates = [tuple(alias.name.split(".")) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = base + tuple(node.module.split(".") if node.module else ())
            candidates = [module] + [(*module, alias.name) for alias in node.names]
        found += [".".join(c) for c in candidates if _is_test_module(c)]
    return found


def test_no_test_module_imports_another() -> None:
    """A test module imported by another runs its module-level code (and its fixtures) twice,
    ties the two files together and hides what is shared: shared helpers and data belong in
    tests/support/ or in the conftest.py of the folder that shares them."""
    offenders = {
        str(path.relative_to(ROOT)): imported
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (imported := imported_test_modules(path.read_text("utf-8"), _module_parts(path)[:-1]))
    }
    assert offenders == {}


def test_the_import_check_sees_every_spelling() -> None:
    """The check above finds relative, absolute, nested and ``from . import`` imports."""
    spellings = {
        "from ..test_fuzz import hostile_requests\n": ["tests.targets.test_fuzz"],
        "from . import test_target\n": ["tests.targets.cli.test_target"],
        "def f():\n    from ...compiler.test_fuzz import envelopes\n": ["tests.compiler.test_fuzz"],
        "import tests.rules.test_rules\n": ["tests.rules.test_rules"],
        "from ...support.cases import forms\nfrom .. import conftest\n": [],
    }
    for source, expected in spellings.items():
        assert imported_test_modules(source, ("tests", "targets", "cli")) == expected, source
