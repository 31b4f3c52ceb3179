"""The pydantic target's expressions: a model field's type, default and metadata as a small tree
(names, data values, calls, subscripts, unions) that the emitter builds once and uses twice.
:mod:`.pydantic_module` prints it into a module written ahead of time, in black's layout;
:func:`evaluate` makes of it, at run time, what Python makes of that text (the same lookups and
calls, in the same order), so that a form's models are made without writing or compiling text.
:func:`flat` writes a tree on one line; only a data value in it imports the printer.
"""

from __future__ import annotations

import builtins

from ..records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias


@record
class Lit:
    """A data value, printed by :func:`.common.pyprint.literal`."""

    value: Any


@record
class Kw:
    """A keyword argument ``name=value``."""

    name: str
    value: Node


@record
class Call:
    """``head(items...)``, or ``head[items...]`` when ``square``."""

    head: str
    items: tuple[Node, ...]
    square: bool = False


@record
class Or:
    """``left | right`` (``right`` a plain name)."""

    left: Node
    right: str


#: A name (dotted: ``_pydantic.WithJsonSchema``; or ``None``, ``True``, ``False``), or a tree.
Node: TypeAlias = "str | Lit | Kw | Call | Or"


def call(head: str, *items: Node | None) -> Call:
    """``head(items...)``, the items that are ``None`` left out."""
    return Call(head, tuple(i for i in items if i is not None))


def sub(head: str, *items: Node | None) -> Call:
    """``head[items...]``, the items that are ``None`` left out."""
    return Call(head, tuple(i for i in items if i is not None), square=True)


def kw(name: str, value: Any) -> Kw | None:
    """``name=value`` for a data value that is set (None: left out)."""
    return None if value is None else Kw(name, Lit(value))


def flat(node: Node) -> str:
    """``node`` on one line."""
    if isinstance(node, str):
        return node
    if isinstance(node, Lit):
        from .common.pyprint import literal

        return literal(node.value)
    if isinstance(node, Kw):
        return node.name + "=" + flat(node.value)
    if isinstance(node, Or):
        return flat(node.left) + " | " + node.right
    opening, closing = "[]" if node.square else "()"
    return node.head + opening + ", ".join(map(flat, node.items)) + closing


# --- evaluated -------------------------------------------------------------------------------

#: The names the layout writes that are not looked up: Python's constants.
_CONSTANTS: dict[str, Any] = {"None": None, "True": True, "False": False}


def data(value: Any) -> Any:
    """A fresh copy of a data value, as Python reads :func:`.common.pyprint.literal`'s text of
    it: plain ``str``, ``int`` and ``float``, lists, tuples and dicts (never the IR's own)."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, list):
        return [data(item) for item in value]
    if isinstance(value, tuple):
        return tuple(data(item) for item in value)
    if isinstance(value, dict):
        return {data(key): data(item) for key, item in value.items()}
    raise TypeError(f"no literal for {type(value).__name__}")  # as the printer says


def evaluate(node: Node, namespace: dict[str, Any]) -> Any:
    """What Python makes of ``node``'s text in ``namespace`` (a module's globals): names looked
    up there, then among the builtins; data values fresh; calls and subscripts made."""
    if isinstance(node, str):
        if node in _CONSTANTS:
            return _CONSTANTS[node]
        head, *attributes = node.split(".")
        found = namespace[head] if head in namespace else getattr(builtins, head)
        for attribute in attributes:
            found = getattr(found, attribute)
        return found
    if isinstance(node, Lit):
        return data(node.value)
    if isinstance(node, Or):
        return evaluate(node.left, namespace) | evaluate(node.right, namespace)
    if isinstance(node, Kw):
        raise TypeError(f"a keyword argument ({node.name}=) outside a call")
    head = evaluate(node.head, namespace)
    if node.square:
        items = tuple(evaluate(item, namespace) for item in node.items)
        return head[items[0] if len(items) == 1 else items]
    args = [evaluate(item, namespace) for item in node.items if not isinstance(item, Kw)]
    kwargs = {
        item.name: evaluate(item.value, namespace) for item in node.items if isinstance(item, Kw)
    }
    return head(*args, **kwargs)
