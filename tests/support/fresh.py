"""Determinism checked where it can fail: the same work in fresh interpreters.

Two calls in one process share every cache (compiled templates, read runtime files, ``@cache``d
forms) and one string-hash seed, so they agree even when the output depends on set order or on
what ran before. These helpers run the work in a new ``python`` per hash seed (two seeds that
order sets differently) and return what each printed, for comparison with each other and with
the result in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: Two PYTHONHASHSEED values: ``set`` and ``frozenset`` iteration orders of strings differ.
SEEDS = ("1", "2")


def fresh_runs(code: str, *args: str, timeout: float = 300) -> list[Any]:
    """The JSON that ``code`` (run as ``python -c code *args`` from the repository root)
    prints, once per hash seed, each in a new interpreter."""
    results = []
    for seed in SEEDS:
        path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        proc = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": path},
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        results.append(json.loads(proc.stdout))
    return results


_EMIT = """\
import importlib, json, sys
from elicit_gen.records import replace
from tests.support.cases import emit
target, where, locale = sys.argv[1:]
module, name = where.split(":")
found = getattr(importlib.import_module(module), name)
pairs = found() if callable(found) else found
if locale:
    pairs = [(key, replace(form, locale=locale)) for key, form in pairs]
json.dump({key: emit(form, target).text for key, form in pairs}, sys.stdout)
"""

_CONSENT = """\
import json, sys
import elicit_gen
json.dump([f.text for f in elicit_gen.compile_url_consent(sys.argv[1])], sys.stdout)
"""

_LINT = """\
import json, sys
from elicit_gen import lint
result = lint(sys.argv[1], name="t.json", spec=sys.argv[2])
json.dump([d.to_text() for d in result.diagnostics], sys.stdout)
"""


@cache
def fresh_outputs(
    target: str, forms: str = "tests.support.cases:all_forms", locale: str = ""
) -> tuple[dict[str, str], ...]:
    """key -> text of every form emitted for ``target``, in each fresh interpreter. ``forms``
    names the (key, form) pairs, or a function that gives them (``module:name``; by default
    every golden case's forms, keyed ``case:stem``); ``locale``, when given, replaces theirs."""
    return tuple(fresh_runs(_EMIT, target, forms, locale))


def fresh_consent_outputs(target: str) -> list[list[str]]:
    """The URL consent files of ``target``, in each fresh interpreter."""
    return fresh_runs(_CONSENT, target)


def fresh_lint(text: str, spec: str) -> list[list[str]]:
    """The diagnostics (as text) of linting ``text``, in each fresh interpreter."""
    return fresh_runs(_LINT, text, spec)
