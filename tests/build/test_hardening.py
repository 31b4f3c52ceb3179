"""The build step under hostile or unlucky conditions (issue 13, items 4, 5, 9, 10, 12).

Every test runs the real command line as a subprocess, with a timeout: a hang is a failure.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GOOD = '{"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}'
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, devices and signals are POSIX")


def one_line_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("elicit-gen: error: "), proc.stderr
    for word in words:
        assert word in lines[0], proc.stderr


def files(directory: Path) -> dict[str, bytes]:
    if not directory.exists():
        return {}
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def project(
    tmp_path: Path,
    names: tuple[str, ...] = ("contact", "travel_booking", "every_kind"),
    targets: str = '["pydantic", "cli"]',
) -> Path:
    root = tmp_path / "client"
    (root / "schemas").mkdir(parents=True)
    for name in names:
        (root / "schemas" / f"{name}.json").write_bytes((EXAMPLES / f"{name}.json").read_bytes())
    (root / "pyproject.toml").write_text(
        "[tool.elicit-gen]\nignore = ['EG181']\n\n"
        "[[tool.elicit-gen.jobs]]\nname = 'forms'\ninputs = ['schemas/*.json']\n"
        f"targets = {targets}\noutput = 'out'\n"
    )
    return root


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait(timeout=30)
    return proc.pid


# -- item 4: temp files ------------------------------------------------------------------------


def test_a_users_tmp_files_survive_and_only_dead_runs_leftovers_go(
    tmp_path: Path, run_cli: CliRun
) -> None:
    from elicit_gen.build.staging import temp_name

    root = project(tmp_path)
    out = root / "out"
    out.mkdir()
    (out / ".thesis.tmp").write_text("three years of work")
    (out / ".contact_models.py.k3j2h1.tmp").write_text("looks like an old temp file, is not ours")
    ours_dead = temp_name("contact_models.py").replace(f"-{os.getpid()}-", f"-{dead_pid()}-")
    ours_alive = temp_name("contact_cli.py")  # this test process is alive: a concurrent run
    (out / ours_dead).write_text("left by a killed run")
    (out / ours_alive).write_text("being written by a live run")
    result = run_cli(cwd=root)
    assert result.returncode == 0, result.stderr
    assert (out / ".thesis.tmp").read_text() == "three years of work"
    assert (out / ".contact_models.py.k3j2h1.tmp").exists()
    assert (out / ours_alive).exists()
    assert not (out / ours_dead).exists()


def test_an_output_directory_made_by_a_concurrent_run_is_used_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs into one new directory: both see it missing, one mkdir wins. The other must
    write into it (it was 'cannot write ...: File exists'), and never remove it on abort."""
    from elicit_gen.build import staging as output

    out = tmp_path / "out"
    real_lexists = os.path.lexists

    def lexists(path: object) -> bool:
        if Path(str(path)) == out and not out.exists():
            out.mkdir()  # the other run, between our look and our mkdir
            return False
        return real_lexists(path)  # type: ignore[arg-type]

    monkeypatch.setattr(output.os.path, "lexists", lexists)
    with output.Staging() as staging:
        assert staging.stage(out / "a.py", "x = 1\n")
        staging.commit()
    monkeypatch.undo()
    assert (out / "a.py").read_text() == "x = 1\n"
    with output.Staging() as staging:  # a run that aborts leaves the directory it did not make
        staging.stage(out / "b.py", "y = 2\n")
        staging.abort()
    assert out.is_dir() and not (out / "b.py").exists()


def test_six_concurrent_runs_into_one_directory_all_succeed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    base = json.loads((EXAMPLES / "every_kind.json").read_text())
    commands = []
    for run_index in range(6):
        inputs = []
        for k in range(5):
            base["requestedSchema"]["title"] = f"Run {run_index} form {k}"
            path = tmp_path / f"r{run_index}_{k}.json"
            path.write_text(json.dumps(base))
            inputs.append(str(path))
        commands.append(
            [
                sys.executable,
                "-m",
                "elicit_gen",
                *inputs,
                "--target",
                "pydantic",
                "--target",
                "cli",
                "-o",
                f"{out}/",
                "-q",
                "--ignore",
                "EG181",
            ]
        )
    env = {**os.environ}
    procs = [
        subprocess.Popen(c, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for c in commands
    ]
    outcomes = []
    for proc in procs:
        try:
            _, err = proc.communicate(timeout=240)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate(timeout=30)
            raise
        outcomes.append((proc.returncode, err))
    assert [code for code, _ in outcomes] == [0] * 6, outcomes
    written = files(out)
    assert len(written) == 60 and not [n for n in written if n.endswith(".tmp")]


# -- item 5: two forms of one input_required result, one file name -------------------------------


def input_required(*keys: str) -> str:
    form = {
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": "m",
            "requestedSchema": {"type": "object", "properties": {"x": {"type": "string"}}},
        },
    }
    return json.dumps(
        {"resultType": "input_required", "inputRequests": {key: form for key in keys}}
    )


@pytest.mark.parametrize("keys", [("pay", "PAY"), ("a-b", "a_b"), ("a.b", "A-B")])
def test_two_forms_of_one_result_with_one_file_name_is_an_error(
    tmp_path: Path, keys: tuple[str, str], run_cli: CliRun
) -> None:
    (tmp_path / "r.json").write_text(input_required(*keys))
    result = run_cli("r.json", "--target", "pydantic", "-o", "out/", cwd=tmp_path)
    one_line_error(result, "would both write", "out/r_")
    assert not (tmp_path / "out").exists()
    check = run_cli("r.json", "--target", "pydantic", "-o", "out/", "--check", cwd=tmp_path)
    one_line_error(check, "would both write")


def test_two_jobs_writing_one_file_is_an_error(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, names=("contact",))
    with (root / "pyproject.toml").open("a") as handle:
        handle.write(
            "\n[[tool.elicit-gen.jobs]]\nname = 'again'\ninputs = ['schemas/contact.json']\n"
            "targets = ['pydantic']\noutput = 'out/'\n"
        )
    result = run_cli(cwd=root)
    one_line_error(result, "would both write", "out/contact_models.py", "(forms)", "(again)")
    assert not (root / "out").exists()


def test_two_jobs_whose_outputs_differ_only_in_case_is_an_error(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """One file on macOS and Windows: an error on every system, so a project stays portable."""
    root = project(tmp_path, names=("contact",), targets='["pydantic"]')
    with (root / "pyproject.toml").open("a") as handle:
        handle.write(
            "\n[[tool.elicit-gen.jobs]]\nname = 'upper'\ninputs = ['schemas/contact.json']\n"
            "targets = ['pydantic']\noutput = 'OUT'\n"
        )
    result = run_cli(cwd=root)
    one_line_error(result, "would both write", "OUT/contact_models.py")
    assert not (root / "out").exists() and not (root / "OUT").exists()


# -- item 9: ** and symbolic link loops --------------------------------------------------------


@POSIX
def test_globs_do_not_follow_a_symlink_loop(tmp_path: Path, run_cli: CliRun) -> None:
    root = project(tmp_path, names=("contact",))
    (root / "schemas" / "nested").mkdir()
    (root / "schemas" / "nested" / "inner.json").write_text(GOOD)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "linked.json").write_text(GOOD.replace("Name", "Linked"))
    os.symlink(shared, root / "schemas" / "shared")  # a linked directory, no loop: searched
    for name in ("loop1", "loop2"):
        os.symlink(".", root / name)
        os.symlink("..", root / "schemas" / name)
    text = (root / "pyproject.toml").read_text().replace("schemas/*.json", "**/*.json")
    (root / "pyproject.toml").write_text(text)
    started = time.monotonic()
    check = run_cli("--check", cwd=root, timeout=60)
    assert check.returncode == 1, check.stderr
    assert time.monotonic() - started < 30
    stale = sorted(line.split(":")[0] for line in check.stderr.splitlines() if ": missing" in line)
    assert stale == [  # named as every message of a run names files inside its directory
        f"out/{n}"
        for n in sorted(
            f"{stem}{suffix}"
            for stem in ("contact", "inner", "linked")
            for suffix in ("_cli.py", "_models.py")
        )
    ]


# -- item 10: I/O problems are one-line diagnostics --------------------------------------------


def test_check_with_a_directory_in_an_output_place(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "f.json").write_text(GOOD)
    (tmp_path / "out" / "f_models.py").mkdir(parents=True)
    check = run_cli("f.json", "--target", "pydantic", "-o", "out/", "--check", cwd=tmp_path)
    one_line_error(check, "out/f_models.py is a directory")
    write = run_cli("f.json", "--target", "pydantic", "-o", "out/", cwd=tmp_path)
    one_line_error(write, "out/f_models.py is a directory")


def test_check_with_an_output_that_cannot_be_read(tmp_path: Path, run_cli: CliRun) -> None:
    """Any I/O error reading an output (here ENAMETOOLONG, which root gets too) is one line."""
    (tmp_path / "f.json").write_text(GOOD)
    name = "x" * 300 + ".py"
    check = run_cli("f.json", "--target", "pydantic", "-o", name, "--check", cwd=tmp_path)
    one_line_error(check, "cannot read", "name too long")
    write = run_cli("f.json", "--target", "pydantic", "-o", name, cwd=tmp_path)
    one_line_error(write, "name too long")


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads any file")
def test_check_with_an_unreadable_output(tmp_path: Path, run_cli: CliRun) -> None:
    (tmp_path / "f.json").write_text(GOOD)
    out = tmp_path / "f_models.py"
    out.write_text("x")
    out.chmod(0)
    check = run_cli("f.json", "--target", "pydantic", "-o", str(out), "--check", cwd=tmp_path)
    one_line_error(check, "permission denied")


@POSIX
@pytest.mark.parametrize("mode", ["write", "check"])
def test_a_fifo_as_input_or_output_does_not_hang(
    tmp_path: Path, mode: str, run_cli: CliRun
) -> None:
    os.mkfifo(tmp_path / "in.json")
    result = run_cli("in.json", "--target", "pydantic", cwd=tmp_path, timeout=30)
    one_line_error(result, "in.json: is a FIFO")
    (tmp_path / "f.json").write_text(GOOD)
    os.mkfifo(tmp_path / "f_models.py")
    extra = ["--check"] if mode == "check" else []
    result = run_cli(
        "f.json", "--target", "pydantic", "-o", "f_models.py", *extra, cwd=tmp_path, timeout=30
    )
    one_line_error(result, "f_models.py is a FIFO")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "f_models.py").st_mode)


@POSIX
def test_a_device_as_input_is_refused(tmp_path: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "/dev/zero", cwd=tmp_path, timeout=30)
    one_line_error(result, "/dev/zero: is a device")


@POSIX
def test_stdin_and_files_are_capped(tmp_path: Path, run_cli: CliRun) -> None:
    with open("/dev/zero", "rb") as zero:
        result = run_cli("--lint", "-", cwd=tmp_path, stdin=zero, timeout=60)
    one_line_error(result, "<stdin>: larger than 16 MiB")
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(16 * 1024 * 1024 + 1)  # sparse
    result = run_cli("--lint", "big.json", cwd=tmp_path, timeout=60)
    one_line_error(result, "big.json: larger than 16 MiB")


@POSIX
def test_an_output_that_is_a_symlink_is_refused_and_left_alone(
    tmp_path: Path, run_cli: CliRun
) -> None:
    (tmp_path / "f.json").write_text(GOOD)
    (tmp_path / "elsewhere.py").write_text("precious")
    os.symlink("elsewhere.py", tmp_path / "f_models.py")
    result = run_cli("f.json", "--target", "pydantic", "-o", "f_models.py", cwd=tmp_path)
    one_line_error(result, "f_models.py is a symbolic link")
    assert os.readlink(tmp_path / "f_models.py") == "elsewhere.py"
    assert (tmp_path / "elsewhere.py").read_text() == "precious"


def test_output_into_a_new_directory_is_created_and_removed_on_failure(
    tmp_path: Path, run_cli: CliRun
) -> None:
    (tmp_path / "f.json").write_text(GOOD)
    (tmp_path / "g.json").write_text(GOOD.replace("Name", "G"))
    ok = run_cli("f.json", "--target", "pydantic", "-o", "new/deeper/", cwd=tmp_path)
    assert ok.returncode == 0 and (tmp_path / "new" / "deeper" / "f_models.py").exists()
    (tmp_path / "blocked" / "g_models.py").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text(
        "[[tool.elicit-gen.jobs]]\ninputs = ['f.json']\ntargets = ['pydantic']\n"
        "output = 'fresh/deeper'\n\n"
        "[[tool.elicit-gen.jobs]]\ninputs = ['g.json']\ntargets = ['pydantic']\n"
        "output = 'blocked'\n"
    )
    failed = run_cli(cwd=tmp_path)  # the first job's files are staged in fresh/deeper/, then
    assert not (tmp_path / "fresh").exists()  # the second fails: the new directories go too
    assert sorted(p.name for p in (tmp_path / "blocked").iterdir()) == ["g_models.py"]
    one_line_error(failed, "blocked/g_models.py is a directory")


@POSIX
@pytest.mark.parametrize(
    ("redirect", "args", "words"),
    [
        ("<&-", ["--lint", "-"], "<stdin>: is closed"),
        (">&-", ["{contact}", "--target", "pydantic"], "cannot write to stdout: it is closed"),
        (">/dev/full", ["{contact}", "--target", "pydantic"], "cannot write to stdout: No space"),
        (">/dev/full", ["--lint", "--format", "json", "{contact}"], "cannot write to stdout"),
    ],
)
def test_closed_or_full_standard_streams_are_io_errors(
    tmp_path: Path, redirect: str, args: list[str], words: str
) -> None:
    """A closed stdin was an internal error, a closed stdout lost the output with exit 0."""
    argv = [a.format(contact=EXAMPLES / "contact.json") for a in args]
    proc = subprocess.run(
        ["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, "-m", "elicit_gen", *argv],
        cwd=tmp_path,
        capture_output=not redirect.startswith(">"),
        stderr=subprocess.PIPE if redirect.startswith(">") else None,
        text=True,
        timeout=120,
        env={**os.environ},
    )
    one_line_error(proc, words)


def test_file_names_in_errors_are_shown_escaped(tmp_path: Path, run_cli: CliRun) -> None:
    result = run_cli("--lint", "\x1b]0;owned\x07.json", cwd=tmp_path)
    one_line_error(result, "\\x1b]0;owned\\x07.json: no such file")
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr


# -- item 12: one run, all or nothing ----------------------------------------------------------


def test_a_failed_write_leaves_every_existing_output_byte_identical(
    tmp_path: Path, run_cli: CliRun
) -> None:
    root = project(tmp_path)
    assert run_cli(cwd=root).returncode == 0
    before = files(root / "out")
    assert len(before) == 6
    for path in (root / "schemas").iterdir():  # every output changes
        data = json.loads(path.read_text())
        data.get("params", data)["message"] = "Changed"
        path.write_text(json.dumps(data))
    victim = root / "out" / "travel_booking_models.py"  # the last output written
    victim.unlink()
    victim.mkdir()
    del before["travel_booking_models.py"]
    result = run_cli(cwd=root)
    assert files(root / "out") == before
    assert sorted(p.name for p in (root / "out").iterdir()) == sorted(
        [*before, "travel_booking_models.py"]
    )
    one_line_error(result, "travel_booking_models.py is a directory")


@POSIX
def test_sigterm_in_the_rename_phase_waits_for_every_rename(
    tmp_path: Path, run_cli: CliRun
) -> None:
    """The rename phase defers SIGTERM: the run ends with every output replaced, and says so."""
    root = project(tmp_path)
    code = (
        "import os, signal, sys, runpy\n"
        "real = os.replace\n"
        "calls = []\n"
        "def replace(a, b):\n"
        "    calls.append(b)\n"
        "    if len(calls) == 2:\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "    real(a, b)\n"
        "os.replace = replace\n"
        "sys.argv = ['elicit-gen']\n"
        "runpy.run_module('elicit_gen', run_name='__main__')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ},
    )
    assert proc.returncode == 130, proc.stderr
    assert "interrupted after every output of this run was written" in proc.stderr
    assert len(files(root / "out")) == 6
    assert not [p for p in (root / "out").iterdir() if p.name.endswith(".tmp")]
    assert run_cli("--check", cwd=root).returncode == 0


# -- the library reads files as the command line does ------------------------------------------


def test_library_reads_a_path_string_and_refuses_non_regular_files(tmp_path: Path) -> None:
    """README: ``elicit_gen.lint("schemas/contact.json")``; a FIFO or device never blocks."""
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "contact.json").write_bytes((EXAMPLES / "contact.json").read_bytes())
    if sys.platform != "win32":
        os.mkfifo(tmp_path / "fifo.json")
    code = (
        "import sys, elicit_gen\n"
        "from pathlib import Path\n"
        "result = elicit_gen.lint('schemas/contact.json')\n"
        "assert result.source == 'schemas/contact.json', result.source\n"
        "assert not [d for d in result.diagnostics if d.is_error], result.diagnostics\n"
        "assert elicit_gen.compile('schemas/contact.json', 'pydantic').ok\n"
        "assert [d.code for d in elicit_gen.lint('not json').diagnostics] == ['EG001']\n"
        "for bad in (['fifo.json', '/dev/zero'] if sys.platform != 'win32' else []):\n"
        "    for arg in (bad, Path(bad)):\n"
        "        try:\n"
        "            elicit_gen.lint(arg)\n"
        "        except OSError as exc:\n"
        "            print(exc)\n"
        "        else:\n"
        "            raise AssertionError(arg)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    if sys.platform != "win32":
        assert proc.stdout.splitlines() == [
            "fifo.json: is a FIFO, expected a regular JSON file",
            "fifo.json: is a FIFO, expected a regular JSON file",
            "/dev/zero: is a device, expected a regular JSON file",
            "/dev/zero: is a device, expected a regular JSON file",
        ]


@POSIX
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGHUP])
def test_sigint_and_sighup_leave_all_or_nothing_and_no_temp_file(
    tmp_path: Path, signum: int
) -> None:
    root = project(tmp_path, names=("every_kind",))
    base = json.loads((EXAMPLES / "every_kind.json").read_text())
    for i in range(40):
        base["requestedSchema"]["title"] = f"Form {i}"
        (root / "schemas" / f"form_{i:03d}.json").write_text(json.dumps(base))
    proc = subprocess.Popen(
        [sys.executable, "-m", "elicit_gen", "-q"],
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
        start_new_session=True,  # SIGHUP and SIGINT as a closed terminal or Ctrl-C send them
    )
    out = root / "out"
    deadline = time.monotonic() + 90
    while proc.poll() is None and time.monotonic() < deadline:  # until files are being staged
        if out.exists() and any(p.name.endswith(".tmp") for p in out.iterdir()):
            break
        time.sleep(0.02)
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate(timeout=30)
        raise
    assert "Traceback" not in err
    names = [p.name for p in out.iterdir()] if out.exists() else []
    assert not [n for n in names if n.endswith(".tmp")], names
    if proc.returncode == 0 or "every output of this run was written" in err:
        assert len(names) == 82, err
    else:
        assert names == [], err
        assert proc.returncode == 130 and "no output was changed" in err, err


def test_a_signal_after_the_work_is_done_finishes_the_run_normally(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CI caught it: a SIGTERM landing after every output was renamed into place, while the
    handlers were being restored, escaped as click's "Aborted!" (exit 1) though nothing was
    left undone. Once the work is done, a signal no longer interrupts."""
    from elicit_gen.cli import command

    monkeypatch.setattr(command, "_work_done", False)
    with pytest.raises(KeyboardInterrupt):
        command._terminate(signal.SIGTERM, None)
    monkeypatch.setattr(command, "_work_done", True)
    command._terminate(signal.SIGTERM, None)  # returns: the run ends with its own code and message


def test_a_signal_during_the_staging_import_unwinds_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """CI caught it: a SIGTERM landing while ``build.staging`` was being imported found the
    module half made (in ``sys.modules``, without ``interrupt_now``, which the handler asked it
    then) and died of an AttributeError with a traceback; and the import sat outside the
    ``try`` that reports an interruption. The handler now asks ``build.signals``, imported with
    the CLI, so a half-made staging module means nothing to it; nothing is being renamed then:
    the run ends as interrupted, code 130."""
    import types

    from elicit_gen.build import staging as staging_module
    from elicit_gen.cli import command
    from elicit_gen.cli.options import Options

    monkeypatch.setattr(command, "_work_done", False)
    monkeypatch.setitem(sys.modules, "elicit_gen.build.staging", types.ModuleType("half"))
    with pytest.raises(KeyboardInterrupt):
        command._terminate(signal.SIGTERM, None)
    monkeypatch.setitem(sys.modules, "elicit_gen.build.staging", staging_module)

    def interrupted(self: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(staging_module.Staging, "__init__", interrupted)
    schema = tmp_path / "form.json"
    schema.write_text((EXAMPLES / "every_kind.json").read_text())
    opts = Options(targets=("html",), output=str(tmp_path / "out"))
    assert command.execute([str(schema)], opts) == 130
    assert not (tmp_path / "out").exists()
