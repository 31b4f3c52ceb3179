"""The pre-commit hook, run the way users run it: ``pre-commit try-repo`` against this checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


@pytest.mark.slow
def test_lint_hook_with_try_repo(tmp_path: Path) -> None:
    repo = tmp_path / "client"
    (repo / "schemas").mkdir(parents=True)
    (repo / "schemas" / "good.json").write_text(
        '{"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}'
    )
    (repo / "package.json").write_text('{"name": "not-a-schema"}')  # outside the hook's files
    git(repo, "init", "-q")
    git(repo, "add", ".")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    cmd = [
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        str(ROOT),
        "elicit-gen-lint",
        "--all-files",
    ]
    ok = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    (repo / "schemas" / "bad.json").write_text(
        '{"type": "object",\n "properties": {"password": {"type": "string"}}}'
    )
    git(repo, "add", ".")
    bad = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode == 1
    assert "schemas/bad.json:2:17: error EG170" in bad.stdout


@pytest.mark.slow
def test_check_hook_with_try_repo(tmp_path: Path) -> None:
    repo = tmp_path / "client"
    (repo / "schemas").mkdir(parents=True)
    (repo / "schemas" / "contact.json").write_bytes(
        (ROOT / "examples" / "contact.json").read_bytes()
    )
    (repo / "pyproject.toml").write_text(
        "[[tool.elicit-gen.jobs]]\ninputs = ['schemas/*.json']\ntargets = ['pydantic']\n"
        "output = 'forms'\n"
    )
    git(repo, "init", "-q")
    git(repo, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")}
    cmd = [
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        str(ROOT),
        "elicit-gen-check",
        "--all-files",
    ]
    stale = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "forms/contact_models.py: missing or out of date" in stale.stdout
    subprocess.run(
        [sys.executable, "-m", "elicit_gen"], cwd=repo, check=True, capture_output=True, timeout=120
    )
    git(repo, "add", ".")
    current = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert current.returncode == 0, current.stdout + current.stderr
