"""The README's quick start, run as a new user runs it (issue 27): its fenced block, read from the
README, in a fresh shell (no virtual environment active, ``python3`` the machine's: on Debian and
Ubuntu an externally managed one, where a bare ``pip install`` fails) on a copy of the checkout.
Then the generated CLI form answers as the README says, and the package installed without the
``[mcp]`` extra says in one line what ``elicit_gen.mcp`` needs.

It installs the package and its dependencies (not the test extras) into a new virtual
environment: 16 to 19 s here (dependencies from a local index), longer where pip downloads them."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from ..support.readme import block, copy_checkout, run_shell, section, user_env

QUICK_START = "## Quick start"
#: Bounds: the README's block (pip resolving and downloading the dependencies), then each
#: command after it.
INSTALL_TIMEOUT = 600
RUN_TIMEOUT = 120


def answers_command() -> str:
    """The README's ``--answers`` example, as written in the quick start."""
    found = re.findall(r"`(python forms/contact_cli\.py --answers [^`]+)`", section(QUICK_START))
    assert len(found) == 1, found
    return found[0]


def test_quick_start_says_what_all_writes() -> None:
    """Issue 40: the quick start said `--target all` writes a form for every target, but `all`
    leaves out the web module (one file for any schema, no form): it names the targets `all`
    expands to, and each it leaves out with the files that target writes."""
    from elicit_gen.targets import REGISTRY, TARGETS, expand, target_files

    text = " ".join(section(QUICK_START).split())
    listed = re.findall(r"makes one form per schema \(([^)]*)\)", text)
    assert len(listed) == 1, "the quick start no longer says which targets `all` writes"
    assert re.findall(r"`([a-z]+)`", listed[0]) == expand("all")
    for name in TARGETS:
        if REGISTRY[name].per_form:
            continue
        assert f"leaves out `{name}`" in text
        for file in target_files(name):
            assert f"`{file.name}`" in text, file.name


@pytest.mark.slow
def test_quick_start_as_written(tmp_path: Path) -> None:
    commands = block(QUICK_START, "sh", "elicit-gen examples/contact.json")
    assert "pip install" in commands and "venv" in commands
    repo = copy_checkout(tmp_path / "elicit-gen")
    env = user_env(tmp_path)

    done = run_shell(commands, repo, env, INSTALL_TIMEOUT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "externally-managed-environment" not in done.stderr
    assert sorted(p.name for p in (repo / "forms").iterdir()) == [
        "contact.html",
        "contact_cli.py",
        "contact_models.py",
        "contact_qt.py",
        "contact_textual.py",
    ]
    venv = repo / ".venv"
    installed = subprocess.run(
        [venv / "bin" / "python", "-c", "import elicit_gen; print(elicit_gen.__file__)"],
        cwd=tmp_path,  # not the checkout: the package as installed
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=True,
    ).stdout
    assert installed.startswith(str(venv)), installed

    # "Scripts can skip the questions": the README's command, in the shell that activated it
    answered = run_shell(f". .venv/bin/activate && {answers_command()}", repo, env, RUN_TIMEOUT)
    assert answered.returncode == 0, answered.stderr
    assert json.loads(answered.stdout) == {
        "action": "accept",
        "content": {"name": "Ada", "email": "ada@example.com"},
    }

    # no [mcp] extra in that install: the adapter says what to install, in one line
    adapter = subprocess.run(
        [venv / "bin" / "python", "-c", "from elicit_gen.mcp import FormRouter"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
    )
    assert adapter.returncode == 1
    assert adapter.stderr.splitlines()[-1] == (
        "ModuleNotFoundError: elicit_gen.mcp needs the MCP SDK: "
        "pip install 'elicit-gen[mcp]' (or 'mcp>=2.3')"
    )
