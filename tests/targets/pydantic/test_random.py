"""Random valid schemas (odd names, every kind, bounds, defaults) through the pydantic target: the
module imports without output, the MCP SDK renders exactly the requested properties, valid
content round-trips, null and missing required values are refused."""

from __future__ import annotations

import contextlib
import io
import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from mcp.server.elicitation import render_elicitation_schema

import elicit_gen

from ...support.cases import emit, valid_content
from ...support.pydantic import accepts, content_model, dump, import_path
from ...support.random_schemas import schema

counter = itertools.count()


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(schema())
def test_random_schemas(tmp_path_factory: pytest.TempPathFactory, value: dict[str, Any]) -> None:
    result = elicit_gen.compile(value, [], name="random.json", stem=f"random{next(counter)}")
    assume(result.ok)
    (form,) = result.forms
    directory: Path = tmp_path_factory.mktemp("random")
    generated = emit(form, "pydantic")
    path = directory / generated.name
    path.write_text(generated.text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        module = import_path(path)
    assert out.getvalue() == "" and err.getvalue() == ""
    assert list(directory.iterdir()) == [path]
    model = content_model(module, form)
    rendered = render_elicitation_schema(model)
    assert rendered["properties"] == form.schema["properties"]
    assert sorted(rendered.get("required", [])) == sorted(form.schema.get("required", []))
    for optional in (True, False):
        content = valid_content(form, optional=optional)
        assert dump(model, content) == content
    required = valid_content(form, optional=False)
    for field in form.fields:
        assert not accepts(model, {**required, field.name: None})
        if field.required:
            assert not accepts(model, {k: v for k, v in required.items() if k != field.name})
