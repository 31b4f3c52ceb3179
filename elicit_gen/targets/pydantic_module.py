"""The text of a ``pydantic`` target's module around what :mod:`.pydantic` lays out (the field
declarations, the config, the annotations): the layout the other targets keep in a jinja2
template, written here so that compiling to pydantic models imports no template engine (a build
step's whole run, measured in benchmarks/run.py against datamodel-codegen). Schema text reaches
it only as :func:`.common.pyprint.literal` printed it, or laid out by the emitter with the same
printer. Every line is in the covered style (see docs/architecture.md).

The layout of :mod:`.pydantic_expr`'s trees is here too: only a module written ahead of time is
printed (a module made at run time evaluates the same trees).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .common.pyprint import LINE_LENGTH, literal
from .pydantic_expr import Call, Kw, Lit, Node, Or, call, flat

# --- the layout of expressions --------------------------------------------------------------------
# A type or default expression is a small tree, laid out by :func:`layout` in black's layout for the
# covered style. Only a subscript with a single item cannot carry a magic trailing comma (black
# reads ``X[a,]`` as a tuple index): it stays on one line when that surely fits 88 columns, and
# otherwise holds a comment, which no formatter joins across.


#: The comment that keeps a lone item on its own line: no formatter joins lines across a comment.
_OWN_LINE = "# (on a line of its own)"


def _width(text: str) -> int:
    """An upper bound of the columns ``text`` takes for black (wide characters count 2)."""
    if text.isascii():  # the usual case, without a look at each character
        return len(text)
    return len(text) + sum(1 for ch in text if not ch.isascii())


def layout(node: Node, indent: int, lead: int, trail: int) -> str:
    """``node`` laid out from column ``lead`` on a line at ``indent``, followed by ``trail``
    columns of text on its last line: on one line when that surely fits 88 columns, else
    exploded (each item in turn on one line if it fits)."""
    one_line = flat(node)
    if lead + _width(one_line) + trail <= LINE_LENGTH or isinstance(node, str):
        return one_line
    if isinstance(node, Lit):
        return literal(node.value, indent)
    if isinstance(node, Kw):
        head = node.name + "="
        return head + layout(node.value, indent, lead + len(head), trail)
    if isinstance(node, Or):
        tail = " | " + node.right
        left = layout(node.left, indent, lead, trail + len(tail))
        if "\n" in left:
            return left + "\n" + " " * indent + "| " + node.right
        if lead + _width(left + tail) + trail > LINE_LENGTH:
            # A name too long to share a line: black splits before "|" at some line lengths
            # only; a comment after the name keeps the split at all.
            return f"{left}  {_OWN_LINE}\n{' ' * indent}| {node.right}"
        return left + tail
    opening, closing = "[]" if node.square else "()"
    if not node.items:
        return one_line
    pad = " " * (indent + 4)
    if node.square and len(node.items) == 1:
        inner = layout(node.items[0], indent + 4, indent + 4, 0)
        note = "" if "\n" in inner else pad + _OWN_LINE + "\n"
        return f"{node.head}{opening}\n{note}{pad}{inner}\n{' ' * indent}{closing}"
    lines = [node.head + opening]
    for item in node.items:
        lines.append(pad + layout(item, indent + 4, indent + 4, 1) + ",")
    lines.append(" " * indent + closing)
    return "\n".join(lines)


# --- the fields ---------------------------------------------------------------------------------


def statement(lead: str, value: Any) -> str:
    """``lead`` (``NAME: type = ``) and a data value: on one line when it surely fits, else
    the value on a line of its own in parentheses (black does that to a long string at some
    line lengths only, unless a comment holds it there)."""
    text = literal(value, 0)
    if "\n" in text or _width(lead + text) <= LINE_LENGTH:
        return lead + text
    return f"{lead}(\n    {_OWN_LINE}\n    {text}\n)"


def declaration(ident: str, annotation: Node, default: Node | None) -> str:
    """A field's line(s) in the content model's class body, at indent 4 (``default`` None:
    it has none)."""
    lead = f"    {ident}: "
    if default is None:
        return lead + layout(annotation, 4, len(lead), 0)
    one_line = lead + flat(annotation) + " = " + flat(default)
    if _width(one_line) <= LINE_LENGTH:
        return one_line
    if isinstance(annotation, Call) and len(annotation.items) > 1:
        # Exploded (a magic trailing comma), the default after its closing bracket.
        text = layout(annotation, 4, LINE_LENGTH, 0)
        return lead + text + " = " + layout(default, 4, 8, 0)
    # A bare type with a default that does not fit: black would put the default in parentheses
    # at some line lengths and not at others; a call keeps one layout at all.
    line = lead + flat(annotation) + " = "
    return line + layout(call("Field", Kw("default", default)), 4, LINE_LENGTH, 0)


def config_line(item: Kw) -> str:
    """An item of the content model's ``model_config``, at indent 8."""
    if item.name == "json_schema_extra":
        return item.name + "=" + layout(item.value, 8, 26, 1)
    return flat(item)


_MODELS = """
# --- the models ---------------------------------------------------------------------


# The ``content`` of an accepted response. Optional fields the user left out are None and are not
# dumped with ``exclude_unset=True``. Dump with ``mode="json"`` for the wire form.
"""


def module_text(
    *,
    header: str,
    doc: str,
    imports: str,
    message: str,
    schema: object,
    option_labels_type: str,
    option_labels: object,
    runtime: str,
    content_line: str,
    config: Sequence[str],
    declarations: Sequence[str],
    result: str,
) -> str:
    """The module: header and docstring, imports, the message, the schema and the option labels
    as data, the static runtime, the content model (its config items and field declarations)
    and the result model."""
    parts = [
        f'# {header}\n"""{doc}"""\n\n',
        imports,
        "\n",
        message,
        "\n\n",
        f"REQUESTED_SCHEMA: dict[str, Any] = {literal(schema, 0)}\n\n",
        "# Labels of the options of titled selects: property name -> option value -> label.\n",
        f"OPTION_LABELS: {option_labels_type} = {literal(option_labels, 0)}\n\n\n",
        runtime,
        "\n",
        _MODELS,
        content_line,
        "\n    model_config = ConfigDict(\n",
        *(f"        {item},\n" for item in config),
        "    )\n",
        *(f"\n{declaration}\n" for declaration in declarations),
        "\n\n",
        result,
    ]
    return "".join(parts)
