"""The pydantic target is black-stable by construction on random schemas, not only on the golden
cases (tests/targets/test_black_stable.py): odd and long names, long and wide (CJK) titles,
descriptions, messages and option values, every kind, bounds and defaults. Black at 88, 100 and 120
columns leaves every generated module unchanged, byte for byte."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import elicit_gen
from elicit_gen.targets import get_target

from ...support.cases import emit
from ...support.formatters import Formatters, abridged, runtime_parts
from ...support.random_schemas import schema

#: Text that ends up in the module as string literals: long, wide (2 columns each), escaped.
TEXT = st.one_of(
    st.none(),
    st.sampled_from(["x" * 70, "x" * 76, "x" * 84, "字" * 38, "字" * 45, "é" * 75, "\x1b" * 20]),
    st.text(max_size=100),
)


@st.composite
def long_schema(draw: st.DrawFn) -> dict[str, Any]:
    value = draw(schema())
    for prop in value["properties"].values():
        for key in ("title", "description"):
            text = draw(TEXT)
            if text is not None:
                prop[key] = text
        if "enum" in prop and draw(st.booleans()):
            prop["enum"] = [draw(st.sampled_from(["o" * 80, "字" * 40, "a"]))]
            prop.pop("default", None)
    for key in ("title", "description"):
        text = draw(TEXT)
        if text is not None:
            value[key] = text
    return value


def test_the_target_says_it_is_black_stable() -> None:
    assert get_target("pydantic").black_stable is True


@settings(
    max_examples=80,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(long_schema(), st.one_of(st.none(), TEXT))
def test_black_leaves_random_modules_unchanged(
    formatters: Formatters, value: dict[str, Any], message: str | None
) -> None:
    source = {"message": message, "requestedSchema": value} if message is not None else value
    result = elicit_gen.compile(source, [], name="random.json", stem="random")
    assume(result.ok)
    (form,) = result.forms
    text = emit(form, "pydantic").text
    # the runtime parts whole: tests/targets/test_black_stable.py
    formatters.assert_stable(abridged(text, runtime_parts("pydantic")), ruff_lengths=())
