"""A Python module carries the ``pattern`` engine only when its form has a ``pattern`` (issue 40:
a 3-field schema with none made an 89 KB models file, most of it the engine). Without one, the
cli, qt, textual and pydantic modules copy ``pattern_absent.py`` in its place, pass the linters
users run, and validate as formcore does; with one, they hold the whole engine and enforce it.
A form compiled at run time gets the same: one kept runtime for each kind of form."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pydantic
import pytest

import elicit_gen
from elicit_gen.compiler import ir
from elicit_gen.live import bundle
from elicit_gen.runtime.core.formcore import validate_content
from elicit_gen.targets import REGISTRY, emit, get_target, targets_with
from elicit_gen.targets.common.runtime import PATTERN_ABSENT, PATTERN_PARTS, runtime_part

from ..support.cases import write_and_import
from ..support.lint import assert_lint_clean
from ..support.pydantic import accepts, content_model

#: The Python targets that write a module per form.
PYTHON = [name for name in targets_with("python") if REGISTRY[name].per_form]

THREE: dict[str, Any] = {
    "type": "object",
    "title": "Sign up",
    "properties": {
        "name": {"type": "string", "title": "Name", "maxLength": 40},
        "age": {"type": "integer", "minimum": 0, "maximum": 150},
        "subscribe": {"type": "boolean", "default": False},
    },
    "required": ["name"],
}
PATTERNED: dict[str, Any] = json.loads(json.dumps(THREE))
PATTERNED["properties"]["name"]["pattern"] = "^[A-Z][a-z]+$"

PROBES: list[dict[str, Any]] = [
    {"name": "Ada"},
    {"name": "ada", "age": 36},
    {"name": "x" * 41},
    {"age": 3},
    {"name": "Ada", "age": -1},
    {"name": "Ada", "age": 3.5},
    {"name": "Ada", "subscribe": "yes"},
    {"name": 5},
]

ENGINE = [runtime_part(name).body for name in PATTERN_PARTS]
ABSENT = runtime_part(PATTERN_ABSENT).body


def _form(schema: dict[str, Any]) -> ir.Form:
    result = elicit_gen.compile(json.dumps(schema), [], name="signup.json")
    assert result.ok, [d.to_text() for d in result.diagnostics]
    (form,) = result.forms
    return form


@pytest.mark.parametrize("target", PYTHON)
def test_a_form_without_pattern_carries_no_pattern_engine(target: str) -> None:
    plain = emit(get_target(target), _form(THREE)).text
    patterned = emit(get_target(target), _form(PATTERNED)).text
    assert not [body for body in ENGINE if body in plain]
    assert ABSENT in plain and "class _Parser" not in plain
    assert all(body in patterned for body in ENGINE) and ABSENT not in patterned
    # the engine was most of a models module: 89 KB before, now about 34 KB
    saved = len(patterned.encode()) - len(plain.encode())
    assert saved > 50_000, saved
    if target == "pydantic":
        assert len(plain.encode()) < 40_000


def test_the_modules_without_the_engine_pass_the_linters_users_run(tmp_path: Path) -> None:
    form = _form(THREE)
    files = []
    for target in PYTHON:
        generated = emit(get_target(target), form)
        path = tmp_path / generated.name
        path.write_text(generated.text, encoding="utf-8")
        files.append(path)
    assert_lint_clean(files, cwd=tmp_path)


@pytest.mark.parametrize("target", targets_with("python", "ui"))
@pytest.mark.parametrize("schema", [THREE, PATTERNED], ids=["plain", "patterned"])
def test_the_ui_modules_validate_as_formcore(
    target: str, schema: dict[str, Any], tmp_path: Path
) -> None:
    module = write_and_import(_form(schema), target, tmp_path)
    for probe in PROBES:
        assert module.validate(probe) == validate_content(schema, probe), probe
    if schema is PATTERNED:
        assert module.validate({"name": "ada"}) == {
            "name": "Does not have the form the server expects."
        }


@pytest.mark.parametrize("schema", [THREE, PATTERNED], ids=["plain", "patterned"])
def test_the_models_validate_as_formcore(schema: dict[str, Any], tmp_path: Path) -> None:
    form = _form(schema)
    model = content_model(write_and_import(form, "pydantic", tmp_path), form)
    for probe in PROBES:
        assert accepts(model, probe) == (validate_content(schema, probe) == {}), probe
    if schema is PATTERNED:
        with pytest.raises(pydantic.ValidationError, match="must match the pattern"):
            model.model_validate({"name": "ada"})


def test_the_stand_in_refuses_every_pattern() -> None:
    """Nothing calls it in a module without a pattern; were something to, no value would pass
    unchecked."""
    namespace: dict[str, Any] = {}
    exec(compile(ABSENT, PATTERN_ABSENT, "exec"), namespace)
    with pytest.raises(namespace["PatternError"]) as refused:
        namespace["compile_pattern"]("^a$")
    assert isinstance(refused.value, ValueError)
    assert namespace["CompiledPattern"]().search("a") is False


@pytest.mark.parametrize("target", targets_with("loadable"))
def test_a_form_made_at_run_time_gets_the_runtime_of_its_kind(target: str) -> None:
    plain = elicit_gen.load_form(THREE, target)
    patterned = elicit_gen.load_form(PATTERNED, target)
    assert "_Parser" not in vars(plain) and "_Parser" in vars(patterned)
    assert vars(plain)["compile_pattern"] is not vars(patterned)["compile_pattern"]
    assert bundle._cache_key(target, "en", True, False) != bundle._cache_key(target, "en", True)
    if target != "pydantic":
        assert plain.validate({"name": "ada"}) == {}
        assert patterned.validate({"name": "ada"}) != {}
    # one runtime for every form of a kind
    other = json.loads(json.dumps(THREE))
    other["properties"]["name"]["title"] = "Full name"
    assert (
        vars(elicit_gen.load_form(other, target))["compile_pattern"]
        is (vars(plain)["compile_pattern"])
    )
