"""The pre-commit hooks, run the way users run them: ``pre-commit try-repo`` against this
checkout, and the README's two configurations (read from the README) in a new repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..support.readme import block, copy_checkout

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def hook_status(output: str, name: str) -> str:
    """What pre-commit printed for the hook named ``name``: Passed, Failed or Skipped."""
    found = re.search(
        rf"^{re.escape(name)}\.+(\(no files to check\))?(Passed|Failed|Skipped)$",
        output,
        re.MULTILINE,
    )
    assert found, output
    return found[2]


LINT_HOOK = "elicit-gen lint (MCP elicitation schemas)"
CHECK_HOOK = "elicit-gen check (generated forms are current)"


@pytest.mark.slow
def test_both_hooks_with_try_repo(tmp_path: Path) -> None:
    """Both hooks of .pre-commit-hooks.yaml, each seen passing and failing, in two try-repo runs
    (each installs this checkout into a new environment: the slow part)."""
    repo = tmp_path / "client"
    (repo / "schemas").mkdir(parents=True)
    (repo / "schemas" / "contact.json").write_bytes(
        (ROOT / "examples" / "contact.json").read_bytes()
    )
    (repo / "elicitations").mkdir()
    (repo / "elicitations" / "good.json").write_text(
        '{"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}'
    )
    (repo / "package.json").write_text('{"name": "not-a-schema"}')  # outside the lint's files
    (repo / "pyproject.toml").write_text(
        "[[tool.elicit-gen.jobs]]\ninputs = ['schemas/*.json']\ntargets = ['pydantic']\n"
        "output = 'forms'\n"
    )
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
    cmd = [*PRE_COMMIT, "try-repo", str(ROOT), "--all-files"]  # every hook the repo offers
    # the schemas lint clean (package.json is not read); the job's output is missing
    stale = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert hook_status(stale.stdout, LINT_HOOK) == "Passed", stale.stdout
    assert hook_status(stale.stdout, CHECK_HOOK) == "Failed", stale.stdout
    assert "forms/contact_models.py: missing or out of date" in stale.stdout
    # the job's output made; a schema that asks for a password added
    subprocess.run(
        [sys.executable, "-m", "elicit_gen"], cwd=repo, check=True, capture_output=True, timeout=120
    )
    (repo / "elicitations" / "bad.json").write_text(
        '{"type": "object",\n "properties": {"password": {"type": "string"}}}'
    )
    git(repo, "add", ".")
    bad = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, env=env, timeout=600)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert hook_status(bad.stdout, LINT_HOOK) == "Failed", bad.stdout
    assert hook_status(bad.stdout, CHECK_HOOK) == "Passed", bad.stdout
    assert "elicitations/bad.json:2:17: error EG170" in bad.stdout
    assert "good.json" not in bad.stdout


# --- the README's snippets (section "Lint", "pre-commit"), read from the README ------------------

GOOD = '{"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}'
BAD = '{"type": "object",\n "properties": {"password": {"type": "string"}}}'
JOBS = (
    "[[tool.elicit-gen.jobs]]\ninputs = ['schemas/*.json']\ntargets = ['pydantic']\n"
    "output = 'forms'\n"
)


def readme_config(containing: str) -> str:
    return block("## Lint", "yaml", containing)


def client_repo(tmp_path: Path, config: str) -> tuple[Path, dict[str, str]]:
    """A new repository that lints its schemas only (no [[tool.elicit-gen.jobs]]), with
    ``config`` as its .pre-commit-config.yaml; the environment to commit in: this checkout's
    elicit-gen on PATH (the console script beside the test's Python), as in a project's venv."""
    repo = tmp_path / "client"
    (repo / "schemas").mkdir(parents=True)
    (repo / "schemas" / "good.json").write_text(GOOD)
    (repo / ".pre-commit-config.yaml").write_text(config)
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "PYTHONPATH": path,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@t",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@t",
    }
    git(repo, "init", "-q")
    git(repo, "add", ".")
    return repo, env


def run(cmd: list[str], repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``cmd`` in ``repo``, its stderr in its stdout (git shows a hook's output on stderr)."""
    return subprocess.run(
        cmd,
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        timeout=600,
    )


def test_readme_local_hooks_as_written(tmp_path: Path) -> None:
    """The README's ``repo: local`` snippet, as written: the first commit of a repository that
    only lints passes (issue 27: the check hook used to block it with exit 2), a schema with an
    error is refused, and once the repository has jobs the check hook holds them to date."""
    repo, env = client_repo(tmp_path, readme_config("repo: local"))
    assert run([*PRE_COMMIT, "install"], repo, env).returncode == 0
    first = run(["git", "commit", "-m", "first"], repo, env)
    assert first.returncode == 0, first.stdout
    assert "elicit-gen lint" in first.stdout and "elicit-gen check" in first.stdout
    said = run([*PRE_COMMIT, "run", "elicit-gen-check", "--all-files", "--verbose"], repo, env)
    assert said.returncode == 0, said.stdout
    assert "nothing to check: no [[tool.elicit-gen.jobs]] in pyproject.toml" in said.stdout

    (repo / "schemas" / "bad.json").write_text(BAD)
    git(repo, "add", ".")
    refused = run(["git", "commit", "-m", "bad"], repo, env)
    assert refused.returncode == 1
    assert "schemas/bad.json:2:17: error EG170" in refused.stdout
    (repo / "schemas" / "bad.json").unlink()

    (repo / "pyproject.toml").write_text(JOBS)
    git(repo, "add", "-A")
    stale = run(["git", "commit", "-m", "jobs"], repo, env)
    assert stale.returncode == 1
    assert "forms/good_models.py: missing or out of date" in stale.stdout
    built = run([sys.executable, "-m", "elicit_gen"], repo, env)
    assert built.returncode == 0, built.stdout
    git(repo, "add", "-A")
    current = run(["git", "commit", "-m", "jobs"], repo, env)
    assert current.returncode == 0, current.stdout


@pytest.mark.slow
def test_readme_remote_hooks_pinned_as_documented(tmp_path: Path) -> None:
    """The README's remote-repository snippet with a clone of this checkout in place of the URL
    (its branch ``main`` holding the files as they are now): ``pre-commit autoupdate
    --bleeding-edge --freeze`` pins ``rev`` to the commit, and the hooks run from it."""
    upstream = copy_checkout(tmp_path / "upstream")
    git(upstream, "init", "-q", "-b", "main")
    git(upstream, "add", ".")
    git(upstream, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "snapshot")
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=upstream, capture_output=True, text=True, check=True
    ).stdout.strip()
    config = readme_config("rev: main")
    config, replaced = re.subn(r"(?m)^(\s*- repo: )https://\S+", rf"\g<1>{upstream}", config)
    assert replaced == 1, config
    repo, env = client_repo(tmp_path, config)

    pinned = run([*PRE_COMMIT, "autoupdate", "--bleeding-edge", "--freeze"], repo, env)
    assert pinned.returncode == 0, pinned.stdout
    written = (repo / ".pre-commit-config.yaml").read_text()
    assert re.search(rf"(?m)^\s*rev: {head}\b", written), written
    git(repo, "add", ".")
    ok = run([*PRE_COMMIT, "run", "--all-files"], repo, env)
    assert ok.returncode == 0, ok.stdout
    assert "elicit-gen lint" in ok.stdout and "elicit-gen check" in ok.stdout
    (repo / "schemas" / "bad.json").write_text(BAD)
    git(repo, "add", ".")
    bad = run([*PRE_COMMIT, "run", "--all-files"], repo, env)
    assert bad.returncode == 1
    assert "schemas/bad.json:2:17: error EG170" in bad.stdout
