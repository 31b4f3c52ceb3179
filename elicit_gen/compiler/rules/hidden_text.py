"""EG192 hidden-text: displayed text holds bidi controls or invisible characters.

A title that holds U+202E RIGHT-TO-LEFT OVERRIDE displays "moc.elgoog" as "google.com"; a
zero-width space makes two labels that look the same different strings. Checked: the message, a
URL-mode `url`, the requestedSchema's `title` and `description`, every property name (the label
when there is no `title`), field titles, descriptions and string defaults, untitled option
values, option titles and `enumNames`. Line breaks and tabs are allowed in the message and in
descriptions; a zero-width joiner inside an emoji sequence and a zero-width non-joiner after a
non-Latin letter are ordinary text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from ..diagnostics import Severity
from ..envelope import Mode
from ..kinds import Kind, Prop
from ..source import JSON, join_pointer
from ._shared import BIDI_CONTROLS, describe, hidden_characters
from .base import Context, Finding, Rule


def _finding(
    text: JSON, pointer: str, where: str, *, multiline: bool = False, at_key: bool = False
) -> Finding | None:
    if not isinstance(text, str):
        return None
    hidden = hidden_characters(text, multiline=multiline)
    if not hidden:
        return None
    more = f" and {len(hidden) - 1} more" if len(hidden) > 1 else ""
    if any(ch in BIDI_CONTROLS for ch in hidden):
        first = next(ch for ch in hidden if ch in BIDI_CONTROLS)
        effect = "a bidi control reorders the text around it, so it can display as something else"
    elif any(unicodedata.category(ch) == "Cc" for ch in hidden):
        first = next(ch for ch in hidden if unicodedata.category(ch) == "Cc")
        effect = "a control character is not text: a terminal may act on it, other clients hide it"
    else:
        first = hidden[0]
        effect = "an invisible character makes text look like what it is not"
    return Finding(
        pointer,
        f"{where} holds {describe(first)}{more}: {effect}",
        at_key=at_key,
        hint="remove invisible and bidi control characters from displayed text",
    )


def _options(prop: Prop) -> Iterator[Finding | None]:
    options = prop.raw_options() or []
    pointer = prop.options_pointer
    if prop.kind in (Kind.SINGLE_TITLED, Kind.MULTI_TITLED):
        for index, option in enumerate(options):
            if isinstance(option, dict):
                yield _finding(
                    option.get("title"),
                    join_pointer(join_pointer(pointer, index), "title"),
                    f"field {prop.name!r}: the title of option {index}",
                )
        return
    for index, value in enumerate(options):
        yield _finding(
            value, join_pointer(pointer, index), f"field {prop.name!r}: option value {index}"
        )
    names = prop.keys.get("enumNames") if prop.kind is Kind.SINGLE_LEGACY else None
    for index, name in enumerate(names if isinstance(names, list) else []):
        yield _finding(
            name, prop.at("enumNames", index), f"field {prop.name!r}: `enumNames` item {index}"
        )


def _findings(ctx: Context) -> Iterator[Finding | None]:
    elicitation = ctx.elicitation
    if elicitation.params_pointer is not None:
        params = elicitation.params_pointer
        yield _finding(elicitation.message, f"{params}/message", "the message", multiline=True)
        if elicitation.mode is Mode.URL:
            yield _finding(elicitation.url, f"{params}/url", "the URL")
    if not ctx.is_form:
        return
    yield _finding(ctx.root.get("title"), ctx.at("title"), "the form's `title`")
    yield _finding(
        ctx.root.get("description"),
        ctx.at("description"),
        "the form's `description`",
        multiline=True,
    )
    for prop in ctx.properties:
        yield _finding(prop.name, prop.pointer, f"property name {prop.name!r}", at_key=True)
        if prop.problem is not None:
            continue
        keys = prop.keys
        yield _finding(keys.get("title"), prop.at("title"), f"field {prop.name!r}: `title`")
        yield _finding(
            keys.get("description"),
            prop.at("description"),
            f"field {prop.name!r}: `description`",
            multiline=True,
        )
        if prop.kind is Kind.STRING:
            yield _finding(
                keys.get("default"), prop.at("default"), f"field {prop.name!r}: `default`"
            )
        yield from _options(prop)


def check(ctx: Context) -> Iterator[Finding]:
    for finding in _findings(ctx):
        if finding is not None:
            yield finding


RULE = Rule(
    code="EG192",
    name="hidden-text",
    summary="displayed text holds bidi controls or invisible characters",
    severity=Severity.WARNING,
    check=check,
    spec="title and description are what clients show the user; they must say what they show.",
    example=(
        '{"type": "object", "properties": {"site": {"type": "string", '
        '"title": "Open \\u202emoc.elgoog"}}}'
    ),
    fix="Remove bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), "
    "zero-width and other invisible characters from text the user sees.",
)
