"""Defaults a form cannot use, repaired at run time: a ``default`` that fails its own
field (EG140) is left out, a date-time default without an offset is read as local time; each
repair is a :class:`DefaultRepair` (and an :class:`UnusableDefault` warning), and
:func:`with_repairs` gives the schema as the form has it.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..compiler.diagnostics import Diagnostic, visible
from ..compiler.pipeline import check_source
from ..compiler.source import dump_json
from ..compiler.spec import Revision
from ..records import record, replace
from .limits import _short

if TYPE_CHECKING:
    from ..compiler.pipeline import FileResult


# --- defaults the form cannot use ----------------------------------------------------------------


class UnusableDefault(UserWarning):
    """:func:`load_form` made the form without a ``default`` the server sent, because the default
    fails its own field (EG140), or showed a date-time default without an offset in local
    time. The message names the field and why."""


@record
class DefaultRepair:
    """A field's ``default`` the form cannot use: where it was (``pointer``, in the input), the
    ``field``, the value the server ``sent``, the one the form shows instead (``used``; ``None``:
    no default) and ``why`` the server's does not fit (the linter's words). ``str()`` is one
    bounded line, safe to log."""

    pointer: str
    field: str
    sent: Any
    used: str | None
    why: str

    def __str__(self) -> str:
        name = f"field '{_short(self.field)}'"
        if self.used is not None:
            return (
                f"{name}: the server's default {_short_json(self.sent)} has no UTC offset: "
                f"shown as local time, {self.used}"
            )
        return f"{name}: the server's default {_short_json(self.sent)} is not used: {self.why}"


Repairs = tuple[DefaultRepair, ...]


def with_repairs(schema: Mapping[str, Any], repairs: Repairs) -> Mapping[str, Any]:
    """``schema`` (the input the repairs were found in) with each repaired default as the form
    has it: left out, or read as local time. Copies only the objects on the way to a repair."""
    for repair in repairs:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in repair.pointer.split("/")[1:]]
        schema = _replaced(schema, tokens, repair.used)
    return schema


def _replaced(value: Any, tokens: list[str], used: str | None) -> Any:
    if not isinstance(value, Mapping) or tokens[0] not in value:
        return value
    copy = dict(value)
    if len(tokens) > 1:
        copy[tokens[0]] = _replaced(value[tokens[0]], tokens[1:], used)
    elif used is None:
        del copy[tokens[0]]
    else:
        copy[tokens[0]] = used
    return copy


#: The linter's code for a default that fails its own field.
_UNUSABLE_DEFAULT = "EG140"
#: Rounds of repair: a naive date-time read as local time may still fail its field (its length
#: bounds, say), and is then left out in the second round.
_REPAIR_ROUNDS = 2


def _without_unusable_defaults(
    data: bytes, result: FileResult, revision: Revision
) -> tuple[FileResult | None, Repairs]:
    """When the only errors of ``result`` (the front end's verdict on ``data``) are defaults
    that fail their own fields (EG140): the verdict on ``data`` with those defaults left out, or
    (a date-time without an offset) read as local time, and what was changed. Otherwise (no
    errors, or others too): ``(None, ())``. A run-time repair of the input: the front end runs
    again on the repaired JSON, and no stage knows of it."""
    repairs: dict[str, DefaultRepair] = {}
    repaired: FileResult | None = None
    for round_ in range(_REPAIR_ROUNDS):
        errors = [d for d in result.diagnostics if d.is_error]
        if not errors:
            break
        if any(d.code != _UNUSABLE_DEFAULT for d in errors):
            return None, ()
        document = json.loads(data.decode("utf-8", "surrogatepass"))
        for diagnostic in {d.pointer: d for d in errors}.values():
            repair = _repair(document, diagnostic, local_time=round_ == 0)
            if repair is None:  # pragma: no cover - EG140 is always about a field's default
                return None, ()
            earlier = repairs.get(repair.pointer)
            if earlier is not None:  # what the server sent, and why that did not fit
                repair = replace(repair, sent=earlier.sent, why=earlier.why)
            repairs[repair.pointer] = repair
        data = dump_json(document).encode("utf-8", "surrogatepass")
        result = repaired = check_source(
            data, "<requestedSchema>", revision=revision, build_forms=True, positions=False
        )
    if repaired is None or any(d.is_error for d in repaired.diagnostics):
        return None, ()
    return repaired, tuple(repairs.values())


def _repair(document: Any, diagnostic: Diagnostic, *, local_time: bool) -> DefaultRepair | None:
    """Leaves out, in ``document``, the default ``diagnostic`` (an EG140) is about, or with
    ``local_time`` replaces a date-time default without an offset by the same time with this
    computer's offset; says what it did. ``None`` when the pointer names no field's default."""
    tokens = [
        token.replace("~1", "/").replace("~0", "~") for token in diagnostic.pointer.split("/")[1:]
    ]
    if len(tokens) < 3 or tokens[-1] != "default" or tokens[-3] != "properties":
        return None
    field: Any = document
    for token in tokens[:-1]:
        field = field.get(token) if isinstance(field, dict) else None
    if not isinstance(field, dict) or "default" not in field:
        return None
    sent = field.pop("default")
    used = _in_local_time(sent) if local_time and field.get("format") == "date-time" else None
    if used is not None:
        field["default"] = used
    _, _, why = diagnostic.message.partition("does not satisfy the field: ")
    return DefaultRepair(diagnostic.pointer, tokens[-2], sent, used, visible(why[:200]))


def _in_local_time(value: Any) -> str | None:
    """``value``, an RFC 3339 date-time without its offset (``2025-01-06T09:00:00``, as pydantic
    writes a naive ``datetime``), with the offset this computer's time zone has at that moment
    added (``2025-01-06T09:00:00+01:00``); ``None`` for anything else, or an offset RFC 3339
    cannot write (seconds)."""
    if not isinstance(value, str):
        return None
    try:
        naive = datetime.datetime.fromisoformat(value)
        offset = naive.astimezone().utcoffset() if naive.tzinfo is None else None
    except (ValueError, OverflowError, OSError):
        return None
    if offset is None or offset.total_seconds() % 60:
        return None
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    text = f"{value}{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    from ..runtime.core.formats import is_date_time  # only when a default is repaired

    return text if is_date_time(text) else None


def _short_json(value: Any) -> str:
    text = visible(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= 80 else text[:79] + "\u2026"
