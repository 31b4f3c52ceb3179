"""EG153 confusable-options: two options of one select read the same.

Three options all labelled "Keep my files", one of them with a zero-width space, that send
``keep``, ``delete_all`` and ``wipe``: the user cannot tell which one they pick. Labels are the
option titles (``oneOf``/``anyOf`` titles, ``enumNames``) or, for untitled selects, the values.
They are compared as they read: NFKC-normalised, case-folded, without format characters
(category Cf: zero-width spaces, bidi controls), and with runs of whitespace collapsed.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind, Prop
from ..source import JSON
from ._shared import label_key
from .base import Context, Finding, Rule


def _labels(prop: Prop) -> list[tuple[str, JSON, JSON]]:
    """(pointer, label, value) of each option."""
    options = prop.raw_options() or []
    pointer = prop.options_pointer
    if prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
        return [
            (f"{pointer}/{i}/title", o.get("title"), o.get("const"))
            for i, o in enumerate(options)
            if isinstance(o, dict)
        ]
    names = prop.keys.get("enumNames") if prop.kind is Kind.SINGLE_LEGACY else None
    if isinstance(names, list) and len(names) == len(options):
        return [
            (prop.at("enumNames", i), n, v)
            for i, (n, v) in enumerate(zip(names, options, strict=True))
        ]
    return [(f"{pointer}/{i}", v, v) for i, v in enumerate(options)]


def check(ctx: Context) -> Iterator[Finding]:
    for prop in ctx.valid_properties:
        if not (prop.kind.is_single or prop.kind.is_multi):
            continue
        seen: dict[str, tuple[str, JSON]] = {}
        for pointer, label, value in _labels(prop):
            if not isinstance(label, str):
                continue  # EG150, EG152
            key = label_key(label)
            if key not in seen:
                seen[key] = (label, value)
                continue
            first_label, first_value = seen[key]
            if value == first_value:
                continue  # the same value twice: EG150
            how = "the same label" if label == first_label else "labels that read the same"
            yield Finding(
                pointer,
                f"field {prop.name!r}: options {first_value!r} and {value!r} have {how} "
                f"({first_label!r}, {label!r}): the user cannot tell which one they pick",
                hint="give every option a distinct label",
            )


RULE = Rule(
    code="EG153",
    name="confusable-options",
    summary="two options of one select have labels that read the same",
    severity=Severity.WARNING,
    check=check,
    spec="Option titles are the display labels the user chooses by.",
    example=(
        '{"type": "object", "properties": {"files": {"type": "string", "oneOf": ['
        '{"const": "keep", "title": "Keep my files"}, '
        '{"const": "wipe", "title": "Keep my\\u200b files"}]}}}'
    ),
    fix="Give every option a label that says what it does, distinct from the others.",
)
