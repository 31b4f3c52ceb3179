"""The pydantic target's expressions (elicit_gen/targets/pydantic_expr.py): what ``evaluate``
makes of a tree is what Python makes of its printed text, in a models module's namespace; data
values come out fresh; what the printer refuses, ``data`` refuses."""

from __future__ import annotations

import pytest

from elicit_gen.live import bundle
from elicit_gen.targets.common.pyprint import literal
from elicit_gen.targets.pydantic_expr import (
    Call,
    Kw,
    Lit,
    Node,
    Or,
    call,
    data,
    evaluate,
    flat,
    sub,
)
from elicit_gen.targets.pydantic_module import layout

from ...support.pydantic import shown


def _namespace() -> dict[str, object]:
    """A models module's globals before its form part: the runtime's, as load_form has them."""
    return dict(bundle.shared("pydantic", "en", False).namespace)


TREES: list[Node] = [
    "str",
    "None",
    "False",
    "_EMAIL",
    sub("Annotated", "str", call("Field", Kw("min_length", Lit(1)), Kw("max_length", Lit(5)))),
    sub("Literal", Lit("a"), Lit("b"), Lit(2)),
    sub("list", sub("Literal", Lit("red"))),
    Or(sub("Annotated", "int", call("Field", Kw("ge", Lit(0)))), "_Absent"),
    call("_pydantic.WithJsonSchema", Lit({"type": "string", "enum": ["x", "y"]})),
    call("_number", Lit(None), Lit(2.5), Kw("above", Lit(0)), Kw("step", Lit(0.5))),
    call("Field", Kw("json_schema_extra", Lit({"items": [1, 2.0, True, None, "é\n"]}))),
    call("ConfigDict", Kw("protected_namespaces", Lit(())), Kw("title", Lit("a"))),
    call("Field", Kw("examples", Lit([("a",), (1, 2)]))),
    call("_date_default", Lit("2025-01-06")),
]


@pytest.mark.parametrize("tree", TREES, ids=flat)
def test_a_tree_evaluates_as_its_text_does(tree: Node) -> None:
    namespace = _namespace()
    printed = eval(flat(tree), namespace)
    laid_out = eval("(" + layout(tree, 4, 4, 0) + ")", namespace)
    made = evaluate(tree, namespace)
    assert type(made) is type(printed)
    assert shown(made) == shown(printed) == shown(laid_out)


def test_data_is_a_fresh_copy_as_the_text_would_make() -> None:
    value = {"a": [1, {"b": (2, 3)}], "c": "d"}
    copied = data(value)
    assert copied == value and copied is not value
    assert copied["a"] is not value["a"] and copied["a"][1] is not value["a"][1]
    assert type(copied["a"][1]["b"]) is tuple


def test_data_gives_plain_types_as_the_printed_text_does() -> None:
    class Text(str):
        pass

    class Number(int):
        pass

    copied = data([Text("x"), Number(3), 2.5, True])
    assert [type(v) for v in copied] == [str, int, float, bool]
    assert copied == eval(literal([Text("x"), Number(3), 2.5, True]))


def test_data_refuses_what_the_printer_refuses() -> None:
    for value in (object(), {1, 2}, b"bytes"):
        with pytest.raises(TypeError):
            literal(value)
        with pytest.raises(TypeError):
            data(value)


def test_a_keyword_outside_a_call_is_refused() -> None:
    with pytest.raises(TypeError, match="outside a call"):
        evaluate(Kw("ge", Lit(1)), {})


def test_call_and_sub_leave_out_what_is_not_given() -> None:
    assert call("Field", None, Kw("ge", Lit(1)), None) == Call("Field", (Kw("ge", Lit(1)),))
    assert sub("Annotated", "int", None).items == ("int",)
