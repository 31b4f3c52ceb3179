"""The registry is the one place that says what a target can do; every capability it claims
is what the emitter and its output really do."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

import elicit_gen
from elicit_gen.targets import (
    REGISTRY,
    TARGETS,
    consent_target,
    expand,
    get_target,
    runtime_target,
    target_files,
    targets_with,
)
from elicit_gen.targets.common.base import ConsentTarget, SharesRuntime

from ..support.cases import forms

SCHEMA = {"type": "object", "properties": {"name": {"type": "string"}}}


@pytest.mark.parametrize("name", targets_with("per_form"))
def test_each_capability_is_what_the_target_does(name: str) -> None:
    info = REGISTRY[name]
    target = get_target(name)
    assert isinstance(target, ConsentTarget) == info.url_consent
    assert isinstance(target, SharesRuntime) == info.loadable
    (form,) = forms("contact")[:1]
    file = target.emit(form)
    assert file.name.endswith(".py") == info.python
    made = elicit_gen.load_form(SCHEMA, name)
    assert isinstance(made, ModuleType) == info.python
    if info.python:
        # a UI module shows the form; the models module has no elicit()
        assert hasattr(made, "elicit") == info.ui
    else:
        assert isinstance(made, str) and "<form" in made
    if info.url_consent:
        consent = elicit_gen.load_url_consent(name)
        assert isinstance(consent, ModuleType) == info.python
    else:
        with pytest.raises(ValueError, match="no URL consent screen"):
            elicit_gen.load_url_consent(name)


def test_a_target_of_its_own_files_writes_them_whatever_the_forms() -> None:
    """The web module: the same files for every build, no file per form, not in ``all``."""
    (form,) = forms("contact")[:1]
    for name in TARGETS:
        if REGISTRY[name].per_form:
            assert name in expand("all")
            continue
        assert name not in expand("all") and not REGISTRY[name].python
        files = target_files(name)
        assert files and files == target_files(name)
        with pytest.raises(TypeError, match="no file per form"):
            get_target(name).emit(form)


def test_targets_with_asks_every_capability_at_once() -> None:
    assert targets_with() == TARGETS
    assert targets_with("python", "ui") == tuple(
        n for n in TARGETS if REGISTRY[n].python and REGISTRY[n].ui
    )
    assert set(targets_with("url_consent")) <= set(targets_with("ui"))
    assert "pydantic" in targets_with("loadable") and "pydantic" not in targets_with("ui")
    assert "html" in targets_with("ui") and "html" not in targets_with("python")


def test_the_typed_accessors_refuse_what_a_target_cannot_do() -> None:
    for name in TARGETS:
        if REGISTRY[name].url_consent:
            assert consent_target(name) is get_target(name)
        else:
            with pytest.raises(ValueError, match="no URL consent screen"):
                consent_target(name)
        if REGISTRY[name].loadable:
            assert runtime_target(name) is get_target(name)
        else:
            with pytest.raises(ValueError, match="shares its runtime"):
                runtime_target(name)


def test_the_registry_makes_the_emitter_and_patches_no_class() -> None:
    """The name and suffix are given to the one instance the registry makes; the emitter class
    is left as written (importing it alone gives no half-made target)."""
    for name, info in REGISTRY.items():
        emitter = importlib.import_module(info.module).EMITTER
        target = get_target(name)
        assert type(target) is emitter and get_target(name) is target
        assert (target.name, target.suffix) == (info.name, info.suffix)
        assert "name" not in vars(emitter) and "suffix" not in vars(emitter)
