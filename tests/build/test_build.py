"""elicit-gen as a build step in a sample client project (pyproject jobs, --check, safe writes)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..support.run import CliRun

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TARGETS = '["pydantic", "cli"]'


@pytest.fixture
def client(tmp_path: Path) -> Path:
    project = tmp_path / "client"
    (project / "schemas").mkdir(parents=True)
    for name in ("contact", "travel_booking", "every_kind"):
        (project / "schemas" / f"{name}.json").write_bytes((EXAMPLES / f"{name}.json").read_bytes())
    (project / "pyproject.toml").write_text(
        "[project]\nname = 'client'\n\n"
        "[tool.elicit-gen]\nignore = ['EG181']\n\n"
        "[[tool.elicit-gen.jobs]]\nname = 'forms'\ninputs = ['schemas/*.json']\n"
        f"targets = {TARGETS}\noutput = 'src/forms'\n"
    )
    return project


def outputs(project: Path) -> dict[str, bytes]:
    out = project / "src" / "forms"
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())} if out.exists() else {}


def mtimes(project: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (project / "src" / "forms").iterdir()}


def test_first_run_writes_second_run_keeps_mtimes(client: Path, run_cli: CliRun) -> None:
    first = run_cli(cwd=client)
    assert first.returncode == 0, first.stderr
    assert sorted(outputs(client)) == [
        "contact_cli.py",
        "contact_models.py",
        "every_kind_cli.py",
        "every_kind_models.py",
        "travel_booking_cli.py",
        "travel_booking_models.py",
    ]
    assert "3 schemas: 6 files written, 0 unchanged" in first.stderr
    before = mtimes(client)
    time.sleep(0.05)
    second = run_cli(cwd=client)
    assert second.returncode == 0 and "0 files written, 6 unchanged" in second.stderr
    assert mtimes(client) == before


def test_editing_a_schema_rewrites_exactly_its_outputs(client: Path, run_cli: CliRun) -> None:
    assert run_cli(cwd=client).returncode == 0
    before = mtimes(client)
    schema_path = client / "schemas" / "contact.json"
    data = json.loads(schema_path.read_text())
    data["params"]["message"] = "Please tell us who you are"
    schema_path.write_text(json.dumps(data))
    time.sleep(0.05)
    result = run_cli(cwd=client)
    assert "2 files written, 4 unchanged" in result.stderr
    after = mtimes(client)
    changed = sorted(n for n in after if after[n] != before[n])
    assert changed == ["contact_cli.py", "contact_models.py"]


def test_check_names_stale_files_then_passes(client: Path, run_cli: CliRun) -> None:
    assert run_cli(cwd=client).returncode == 0
    (client / "src" / "forms" / "every_kind_models.py").write_text("# hand edit\n")
    (client / "src" / "forms" / "contact_cli.py").unlink()
    check = run_cli("--check", cwd=client)
    assert check.returncode == 1
    assert "src/forms/every_kind_models.py: missing or out of date" in check.stderr
    assert "src/forms/contact_cli.py: missing or out of date" in check.stderr
    assert (client / "src" / "forms" / "every_kind_models.py").read_text() == "# hand edit\n"
    assert run_cli(cwd=client).returncode == 0
    assert run_cli("--check", cwd=client).returncode == 0


@pytest.mark.parametrize(
    "pyproject",
    [None, "[project]\nname = 'lints-only'\n", "[tool.elicit-gen]\nignore = ['EG181']\n"],
    ids=["no pyproject.toml", "no [tool.elicit-gen]", "no jobs"],
)
def test_check_with_no_jobs_passes_and_says_so(
    tmp_path: Path, run_cli: CliRun, pyproject: str | None
) -> None:
    """A repository that only lints (issue 27): the check hook there has nothing to compare, so
    it passes (exit 0) with one line saying why, where it used to be a usage error (exit 2)
    blocking every commit. Building without a SCHEMA or jobs is still a usage error."""
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "contact.json").write_bytes((EXAMPLES / "contact.json").read_bytes())
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject)
    check = run_cli("--check", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
    assert check.stdout == ""
    assert check.stderr == "nothing to check: no [[tool.elicit-gen.jobs]] in pyproject.toml\n"
    quiet = run_cli("--check", "-q", cwd=tmp_path)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    build = run_cli(cwd=tmp_path)
    assert build.returncode == 2
    assert "no SCHEMA given and no [[tool.elicit-gen.jobs]]" in build.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["schemas", *(["pyproject.toml"] if pyproject is not None else [])]
    )


def test_schema_with_an_error_leaves_previous_outputs_byte_identical(
    client: Path, run_cli: CliRun
) -> None:
    assert run_cli(cwd=client).returncode == 0
    before = outputs(client)
    (client / "schemas" / "contact.json").write_text(
        '{"type": "object", "properties": {"password": {"type": "string"}}}'
    )
    result = run_cli(cwd=client)
    assert result.returncode == 1 and "EG170" in result.stderr
    assert "1 skipped for errors" in result.stderr
    assert outputs(client) == before


def test_relative_paths_resolve_from_the_config(client: Path, run_cli: CliRun) -> None:
    sub = client / "schemas"
    result = run_cli(cwd=sub)
    assert result.returncode == 0, result.stderr
    header = (client / "src" / "forms" / "contact_models.py").read_text().splitlines()[0]
    assert "from schemas/contact.json" in header


def test_output_is_identical_across_directories_and_hash_seeds(
    client: Path, tmp_path: Path, run_cli: CliRun
) -> None:
    assert run_cli(cwd=client, env={"PYTHONHASHSEED": "1"}).returncode == 0
    first = outputs(client)
    other = tmp_path / "elsewhere" / "client"
    other.parent.mkdir()
    os.rename(client, other)
    for p in (other / "src" / "forms").iterdir():
        p.unlink()
    assert run_cli(cwd=other / "schemas", env={"PYTHONHASHSEED": "987"}).returncode == 0
    assert outputs(other) == first


@pytest.mark.parametrize(
    ("table", "words"),
    [
        (
            "[[tool.elicit-gen.jobs]]\ninputs = ['a.json']\ntargets = ['qt']\noutptu = 'x'\n",
            "unknown key 'outptu'",
        ),
        ("[[tool.elicit-gen.jobs]]\ninputs = ['a.json']\ntargets = ['qt']\n", "needs 'output'"),
        ("[tool.elicit-gen]\nstrict = 'yes'\n", "strict must be true or false"),
        ("[tool.elicit-gen]\nspec = '2024-01-01'\n", "is not one of"),
        ("[tool.elicit-gen\n", "invalid TOML"),
        ("[tool.elicit-gen]\nformatter = 'yapf'\n", "formatter must be one of"),
        ("[tool.elicit-gen]\nline-length = '88'\n", "line-length must be a positive integer"),
    ],
)
def test_bad_config_is_a_clear_error(
    tmp_path: Path, table: str, words: str, run_cli: CliRun
) -> None:
    (tmp_path / "pyproject.toml").write_text(table)
    (tmp_path / "a.json").write_text('{"type": "object", "properties": {}}')
    result = (
        run_cli("--lint", "a.json", cwd=tmp_path) if "jobs" not in table else run_cli(cwd=tmp_path)
    )
    assert result.returncode == 2 and words in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_lint_without_arguments_lints_every_job_input(client: Path, run_cli: CliRun) -> None:
    (client / "schemas" / "bad.json").write_text('{"type": "object", "properties": {"x": {}}}')
    result = run_cli("--lint", cwd=client)
    assert result.returncode == 1 and "schemas/bad.json:1:35: error EG110" in result.stdout


def test_killing_the_process_leaves_no_truncated_or_temp_file(
    client: Path, run_cli: CliRun
) -> None:
    schemas = client / "schemas"
    base = json.loads((EXAMPLES / "every_kind.json").read_text())
    for i in range(150):
        base["requestedSchema"]["title"] = f"Form {i}"
        (schemas / f"form_{i:03d}.json").write_text(json.dumps(base))
    reference = run_cli(cwd=client)
    assert reference.returncode == 0
    complete = outputs(client)
    for path in (client / "src" / "forms").iterdir():
        path.unlink()
    # Generation is fast now (~1-2 s for all of it): short delays land in the middle of the run.
    for delay in (0.3, 0.6, 1.0, 1.5):
        proc = subprocess.Popen(
            [sys.executable, "-m", "elicit_gen", "-q"],
            cwd=client,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        assert "Traceback" not in err
        leftovers = (
            [p.name for p in (client / "src" / "forms").iterdir() if p.name.endswith(".tmp")]
            if (client / "src" / "forms").exists()
            else []
        )
        assert leftovers == []
        found = outputs(client)
        for name, data in found.items():
            assert data == complete[name], f"{name} is truncated or different"
        # one run is all or nothing, and the message says which
        if proc.returncode == 0 or "every output of this run was written" in err:
            assert found == complete, err
        elif proc.returncode == -signal.SIGTERM:
            # before the handler was installed (nothing written), or after the run had finished
            # and restored the default handler (everything written): never a part of it
            assert found in ({}, complete), f"{len(found)} of {len(complete)} files replaced: {err}"
        else:
            assert found == {}, f"{len(found)} of {len(complete)} files replaced: {err}"
            # 130, or the process ended by SIGINT after saying so (a KeyboardInterrupt raised
            # again on the way out, seen once on a loaded CI machine): a shell's $? is 130 both
            # ways, and nothing was written
            assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, err)
            assert "no output was changed" in err, err


def test_python_dash_m_and_console_script_agree(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "elicit_gen", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and "elicit-gen" in proc.stdout


def test_bad_formatter_settings_of_the_output_project_are_a_clear_error(
    tmp_path: Path, run_cli: CliRun
) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "pyproject.toml").write_text("[tool.black]\nline-length = 'long'\n")
    (tmp_path / "a.json").write_text('{"type": "object", "properties": {}}')
    result = run_cli("a.json", "--target", "pydantic", "-o", "out/", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "[tool.black] line-length must be an integer" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["pyproject.toml"]


def test_every_registered_target_is_named_once() -> None:
    """The registry holds each target's name and suffix; its emitter agrees (or leaves them to
    the registry) and names its files with that suffix."""
    from elicit_gen.targets import REGISTRY, get_target

    from ..support.cases import forms

    form = forms("contact")[0]
    for name, info in REGISTRY.items():
        target = get_target(name)
        assert (target.name, target.suffix) == (info.name, info.suffix)
        if not info.per_form:  # the web module: its own files, none per form
            continue
        assert target.emit(form).name == form.stem + info.suffix
