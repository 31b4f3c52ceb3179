"""EG180 spec-revision: no feature newer than the chosen spec revision.

Spec: 2025-06-18 has string, number, boolean and untitled/legacy enum fields, with ``default``
only on booleans; 2025-11-25 adds ``default`` on strings, numbers and enums, titled
single-select (``oneOf``), multi-select, ``$schema``, ``mode`` and URL mode; 2026-07-28 adds
``input_required`` results, and with them the tasks extension (SEP-2663), whose task in
status ``input_required`` carries ``inputRequests`` of the same shape, answered with
``tasks/update`` (the experimental tasks of 2025-11-25 carried none, and are not
wire-compatible with it). A client on an older revision does not know the newer feature.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..envelope import TASK_POINTERS, Mode, Shape
from ..kinds import Kind
from ..source import join_pointer
from ..spec import INTRODUCED, Feature, allows
from .base import Context, Finding, Rule

_KIND_FEATURE = {
    Kind.SINGLE_TITLED: Feature.TITLED_SINGLE_SELECT,
    Kind.MULTI_TITLED: Feature.MULTI_SELECT,
    Kind.MULTI_UNTITLED: Feature.MULTI_SELECT,
}
_DEFAULT_FEATURE = {
    Kind.STRING: Feature.STRING_DEFAULT,
    Kind.NUMBER: Feature.NUMBER_DEFAULT,
    Kind.SINGLE_UNTITLED: Feature.ENUM_DEFAULT,
    Kind.SINGLE_LEGACY: Feature.ENUM_DEFAULT,
}


def _finding(ctx: Context, pointer: str, feature: Feature, at_key: bool = True) -> Finding:
    since = INTRODUCED[feature]
    return Finding(
        pointer,
        f"{feature.value} needs spec revision {since} or newer; checking against {ctx.revision}",
        at_key=at_key,
        hint=f"pass --spec {since} if your clients support it",
    )


def check(ctx: Context) -> Iterator[Finding]:
    elicitation = ctx.elicitation
    if ctx.shape in (Shape.INPUT_REQUIRED, Shape.JSONRPC_RESULT) and not allows(
        ctx.revision, Feature.INPUT_REQUIRED
    ):
        yield _finding(
            ctx,
            "/resultType" if ctx.shape is Shape.INPUT_REQUIRED else "/result",
            Feature.INPUT_REQUIRED,
        )
    task = TASK_POINTERS.get(ctx.shape)
    if task is not None and not allows(ctx.revision, Feature.TASK_INPUT):
        yield _finding(ctx, join_pointer(task, "inputRequests"), Feature.TASK_INPUT)
    if elicitation.params_pointer is not None:
        if elicitation.mode is Mode.URL and not allows(ctx.revision, Feature.URL_MODE):
            yield _finding(ctx, join_pointer(elicitation.params_pointer, "mode"), Feature.URL_MODE)
        elif elicitation.mode_given and not allows(ctx.revision, Feature.MODE):
            yield _finding(ctx, join_pointer(elicitation.params_pointer, "mode"), Feature.MODE)
    if not ctx.is_form:
        return
    if "$schema" in ctx.root and not allows(ctx.revision, Feature.SCHEMA_KEYWORD):
        yield _finding(ctx, ctx.at("$schema"), Feature.SCHEMA_KEYWORD)
    for prop in ctx.valid_properties:
        feature = _KIND_FEATURE.get(prop.kind)
        if feature is not None and not allows(ctx.revision, feature):
            yield _finding(ctx, prop.pointer, feature)
        default_feature = _DEFAULT_FEATURE.get(prop.kind)
        if (
            "default" in prop.keys
            and default_feature is not None
            and not allows(ctx.revision, default_feature)
        ):
            yield _finding(ctx, prop.at("default"), default_feature)


RULE = Rule(
    code="EG180",
    name="spec-revision",
    summary="a feature newer than the chosen spec revision (`--spec`)",
    severity=Severity.ERROR,
    check=check,
    spec="Each revision's schema.json lists the keywords it defines.",
    example=(
        '{"type": "object", "properties": {"tags": {"type": "array", "items": '
        '{"type": "string", "enum": ["a", "b"]}}}}'
    ),
    fix=(
        "Target a newer revision with `--spec`, or use only what the chosen "
        "revision defines. (This example is reported with `--spec 2025-06-18`.)"
    ),
)
