"""The printer of data in generated Python (elicit_gen/targets/common/pyprint.py): what it prints is
the value (``ast.literal_eval``), safe to show (no raw line breaks or bidi controls), and what
black at 88/100/120 and ``ruff format`` at 88/120 leave unchanged."""

from __future__ import annotations

import ast
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicit_gen.targets.common.pyprint import literal, string
from elicit_gen.targets.common.render import environment

from ...support.formatters import Formatters

HOSTILE = "\"'\\\n\r\t\x00\x1b\x7f\u2028\u2029\u200e\u202e\u2066\ufeff\ud800é中😀 #{}[](),:"
texts = st.text(alphabet=st.sampled_from(HOSTILE) | st.characters(), max_size=30) | st.text(
    alphabet=st.sampled_from("ab\"' "), min_size=60, max_size=130
)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts
)


def _tuples(children: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, ...]]:
    """Tuples of any size but one, and one-element tuples of a non-empty collection (a
    one-element tuple of a scalar is joined by black when it fits: tested on its own below)."""
    collections = st.lists(children, min_size=1, max_size=3) | st.dictionaries(
        texts, children, min_size=1, max_size=3
    )
    return st.lists(children, max_size=4).filter(lambda v: len(v) != 1).map(tuple) | st.tuples(
        collections
    )


values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | _tuples(children)
        | st.dictionaries(texts, children, max_size=4)
    ),
    max_leaves=12,
)


def _module(items: list[Any]) -> str:
    """Every value as a top-level assignment and inside a function at indents 4 and 8.

    A scalar stands in a list: a long string alone after ``=`` is laid out differently by black
    at 88 columns (in parentheses) and at 120 (bare), so templates never print one there (form
    texts go into an exploded dict or call); the printer is not asked to make that stable."""
    lines = []
    for index, item in enumerate(items):
        value = item if isinstance(item, (list, dict)) else [item]
        lines.append(f"X{index} = {literal(value, 0)}\n")
        lines.append(
            f"\n\ndef f{index}() -> object:\n    x = {literal(value, 4)}\n"
            f"    if x:\n        y = {literal(value, 8)}\n        return y\n    return x\n\n\n"
        )
    return "".join(lines).rstrip("\n") + "\n"


def _check_module(items: list[Any], formatters: Formatters) -> None:
    text = _module(items)
    tree = ast.parse(text)
    for index, item in enumerate(items):
        value = item if isinstance(item, (list, dict)) else [item]
        assign = tree.body[2 * index]
        assert isinstance(assign, ast.Assign)
        assert ast.literal_eval(assign.value) == value
        assert ast.literal_eval(literal(item)) == item
    for ch in "\r\u2028\u2029\u200e\u202e\u2066\ufeff\x00":
        assert ch not in text
    formatters.assert_stable(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(values, min_size=1, max_size=12))
def test_literals_are_the_value_and_formatter_stable(
    formatters: Formatters, items: list[Any]
) -> None:
    _check_module(items, formatters)


def test_hostile_strings_and_quote_choice(formatters: Formatters) -> None:
    items: list[Any] = [
        "plain",
        'say "hi"',
        "it's",
        'both \' and ""',
        "both '' and \"",
        "back\\slash\\",
        "\\'",
        '\\"',
        "\u2028\u2029\u202e\ufeff\x00\x1b",
        "\ud800",
        "x" * 200,
        {"k" * 100: ["v" * 100, {"": ""}]},
        ["é中😀", ("a", "b"), (["x"],), ({"a": 1},), (), [], {}],
        [1.5, -0.0, 1e100, 1e-7, -(10**25), True, False, None],
    ]
    _check_module(items, formatters)
    assert string('say "hi"') == "'say \"hi\"'"
    assert string("it's") == '"it\'s"'
    assert string("\u2028") == '"\\u2028"'


def test_one_element_tuples_of_scalars_are_inline(formatters: Formatters) -> None:
    items = [("short",), (1,), (None,), ([],), ({},)]
    assert literal(("short",), 4) == '("short",)'
    _check_module(items, formatters)


@pytest.mark.parametrize("size", range(36, 42))
def test_one_element_tuples_at_88_columns_count_wide_characters(
    size: int, formatters: Formatters
) -> None:
    """A one-element tuple of a scalar is joined when its line fits 88 columns (its comma is
    not magic), exploded otherwise; wide characters count two columns, as black counts them."""
    for text in ("中" * size, "x" * (2 * size)):
        value = {"key": [(text,)]}
        printed = f"X = {literal(value, 0)}\n"
        formatters.assert_stable(printed, (88,), (88,))


def test_layout() -> None:
    assert literal({"a": [1, (2, 3)], "b": {}}, 4) == (
        '{\n        "a": [\n            1,\n            (\n                2,\n                3,\n'
        '            ),\n        ],\n        "b": {},\n    }'
    )
    assert literal({"a": [1, (2,)]}) == '{"a": [1, (2,)]}'
    with pytest.raises(TypeError):
        literal({1, 2}, 0)
    with pytest.raises(ValueError):
        literal(float("inf"))


def test_the_py_filter_takes_an_optional_indent(formatters: Formatters) -> None:
    env = environment(False)
    template = env.from_string("A = {{ v|py }}\n\n\ndef f() -> object:\n    return {{ v|py(4) }}\n")
    text = template.render(v={"k": ["x", None]})
    assert text == (
        'A = {"k": ["x", None]}\n\n\ndef f() -> object:\n    return {\n        "k": [\n'
        '            "x",\n            None,\n        ],\n    }\n'
    )
    assert formatters.black(text, 88) == text


@pytest.mark.parametrize("line_length", [88, 120])
def test_ruff_runs_in_a_batch(line_length: int, formatters: Formatters) -> None:
    """One ruff process formats a batch of files (as the test above does per example)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.py"
        text = _module([{"a": [1, 2]}, ["x" * 130]])
        path.write_text(text, encoding="utf-8")
        result = subprocess.run(
            [
                formatters.ruff_command(),
                "format",
                "--isolated",
                "--check",
                "--line-length",
                str(line_length),
                tmp,
            ],
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stdout
