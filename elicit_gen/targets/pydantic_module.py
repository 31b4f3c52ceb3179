"""The text of a ``pydantic`` target's module around what :mod:`.pydantic` lays out (the field
declarations, the config, the annotations): the layout the other targets keep in a jinja2
template, written here so that compiling to pydantic models imports no template engine (a build
step's whole run, measured in benchmarks/run.py against datamodel-codegen). Schema text reaches
it only as :func:`.common.pyprint.literal` printed it, or laid out by the emitter with the same
printer. Every line is in the covered style (see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from .common.pyprint import literal

_HEAD = '''\
# {header}
"""Typed pydantic models of one MCP elicitation form.

``{content_class}`` validates the ``content`` of an accepted ``ElicitResult`` exactly as the
requested schema does; ``{result_class}`` validates the whole ``ElicitResult``.
``REQUESTED_SCHEMA`` is the schema to send in ``elicitation/create``, ``MESSAGE`` its message.
"""

'''

_MODELS = """
# --- the models ---------------------------------------------------------------------


# The ``content`` of an accepted response. Optional fields the user left out are None and are not
# dumped with ``exclude_unset=True``. Dump with ``mode="json"`` for the wire form.
"""

_RESULT = '''\
    """The whole ``ElicitResult``: ``content`` is present exactly when the action is accept."""

    model_config = ConfigDict(strict=True, extra="ignore")

    action: Literal["accept", "decline", "cancel"]
    content: {content_annotation} = None

    @_pydantic.model_validator(mode="after")
    def _content_exactly_on_accept(self) -> Any:
        return _content_on_accept(self)
'''


def module_text(
    *,
    header: str,
    content_class: str,
    result_class: str,
    imports: str,
    message: str,
    schema: object,
    option_labels_type: str,
    option_labels: object,
    runtime: str,
    content_line: str,
    config: Sequence[str],
    declarations: Sequence[str],
    result_line: str,
    content_annotation: str,
) -> str:
    """The module: header and docstring, imports, the message, the schema and the option labels
    as data, the static runtime, the content model (its config items and field declarations)
    and the result model."""
    parts = [
        _HEAD.format(header=header, content_class=content_class, result_class=result_class),
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
        result_line,
        "\n",
        _RESULT.format(content_annotation=content_annotation),
    ]
    return "".join(parts)
