"""Which registered form answers a request: the key a form is registered by
(:func:`schema_key`, the front end's normalised schema), the cheap key a request is looked up by
(:func:`_route_key`, one walk, no front end), and what a request asks that a form would not
enforce (:func:`unenforced`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from typing import Any

from ..api import compile as _compile
from ..compiler.diagnostics import visible
from ..compiler.kinds import (
    ANNOTATION_TYPES,
    COMMON_KEYS,
    ENFORCED_KEYS,
    ITEMS_KEYS,
    KIND_KEYS,
    OPTION_KEYS,
    is_annotation,
)
from ..compiler.source import join_pointer
from ..live.load import normalised_key
from ..runtime.core.safetext import clip
from .requests import Refusal

# --- matching ------------------------------------------------------------------------------------


def _normalised(schema_text: str) -> str | None:
    result = _compile(schema_text, [], name="<requestedSchema>")
    if not result.ok or len(result.forms) != 1:
        return None
    return normalised_key(result.forms[0])


def schema_key(schema: Mapping[str, Any]) -> str | None:
    """The canonical JSON of the normalised ``requestedSchema`` (``required`` listed in the order
    of the fields); ``None`` when elicit-gen would refuse to compile it (then no generated form
    can match it).

    This is the key two registered modules are told apart by: the same front end that compiled
    the forms normalises the schema, so equal keys mean "compiled from the same schema". (The
    router looks requests up by a cheaper key, :func:`_route_key`, that runs no front end.)
    """
    try:
        text = json.dumps(schema, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return _normalised(text)


#: ``$schema`` dialects in which every keyword of the subset means what the form enforces
#: (draft-06 added ``const``; draft-04 and older spell bounds and ``required`` differently).
_DIALECTS = frozenset(
    {
        "json-schema.org/draft-06/schema",
        "json-schema.org/draft-07/schema",
        "json-schema.org/draft/2019-09/schema",
        "json-schema.org/draft/2020-12/schema",
    }
)


def _known_dialect(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    for scheme in ("https://", "http://"):
        if value.startswith(scheme):
            return value[len(scheme) :].removesuffix("#") in _DIALECTS
    return False


def _same(a: Any, b: Any) -> bool:
    """JSON equality as a validator sees it: ``1`` and ``1.0`` are one number, ``true`` is not
    ``1``, object key order plays no part."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and not math.isfinite(a):
            return False
        return a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a is None and b is None


def _pointer(base: str, token: str | int) -> str:
    return join_pointer(base, visible(str(token)))


def _extra(given: Any, enforced: Any, at: str, found: list[str], *, names: bool = False) -> None:
    """Appends to ``found`` where ``given`` says more than (or else than) ``enforced``. An
    annotation ``enforced`` leaves out is allowed when it has its type; ``names`` says ``given``
    maps names to schemas (``properties``), where no key is a keyword."""

    if isinstance(given, Mapping) and isinstance(enforced, Mapping):
        for key, value in given.items():
            here = _pointer(at, key)
            if key not in enforced:
                if names or key not in ANNOTATION_TYPES:
                    found.append(f"{here}: `{visible(key)}` is not enforced by the form")
                elif not is_annotation(key, value):
                    found.append(f"{here}: not {ANNOTATION_TYPES[key][1]}")
            else:
                _extra(value, enforced[key], here, found, names=not names and key == "properties")
    elif isinstance(given, list) and isinstance(enforced, list) and len(given) == len(enforced):
        for index, (value, kept) in enumerate(zip(given, enforced, strict=True)):
            _extra(value, kept, _pointer(at, index), found)
    elif not _same(given, enforced):
        found.append(f"{at}: differs from the form's schema")


def unenforced(requested: Mapping[str, Any], enforced: Mapping[str, Any]) -> list[str]:
    """Where ``requested`` (a schema as a server sent it) asks for more than ``enforced`` (the
    ``REQUESTED_SCHEMA`` of a generated module, i.e. exactly what its form enforces), as
    ``pointer: reason`` strings; empty when every content the form can send is valid against
    ``requested`` and the form shows what the server asked.

    Allowed besides what ``enforced`` says: other key order and number spelling (``18.0`` for
    ``18``), ``required`` in another order, a root ``$schema`` naming draft-06, draft-07, 2019-09
    or 2020-12, and annotations anywhere (root, field, ``items``, option): ``title``,
    ``description``, ``$comment``, ``examples``, ``deprecated``, ``readOnly`` and ``writeOnly``
    with the type JSON Schema gives them (``elicit_gen.compiler.kinds.ANNOTATION_TYPES``). They
    change no verdict on any content; the form shows those it knows (a field's title and
    description, an option's title, which must then be the form's). The form may also enforce a
    root ``additionalProperties: false`` the request leaves out: it sends none but its own
    properties anyway (and a 2026-07-28 client drops that key from what the server sent).
    Anything else (a keyword the form drops, such as ``contentEncoding``, a keyword the form
    does not enforce, or an unknown keyword, at any depth) is reported."""

    found: list[str] = []
    for key, value in requested.items():
        here = _pointer("", key)
        if key == "$schema":
            if not _known_dialect(value):
                found.append(f"{here}: the dialect {value!r} is not one the form follows")
        elif key in ANNOTATION_TYPES and key not in enforced:
            if not is_annotation(key, value):
                found.append(f"{here}: not {ANNOTATION_TYPES[key][1]}")
        elif key == "required":
            wanted = enforced.get("required", [])
            if not (
                isinstance(value, list)
                and all(isinstance(name, str) for name in value)
                and set(value) == set(wanted)
            ):
                found.append(f"{here}: differs from the form's required fields")
        elif key not in enforced:
            found.append(f"{here}: `{visible(key)}` is not enforced by the form")
        else:
            _extra(value, enforced[key], here, found, names=key == "properties")
    for key in enforced:
        if key not in requested and not _harmless_omission(key, enforced[key]):
            found.append(f"{_pointer('', key)}: missing")
    return found


def _harmless_omission(key: str, enforced: Any) -> bool:
    """Whether the form may enforce ``key: enforced`` though the request leaves it out: an empty
    ``required``, and ``additionalProperties: false`` (a form sends none but its own properties,
    so no answer it could send is refused for it; a 2026-07-28 client drops it on the way)."""
    if key == "required":
        return not enforced
    return key == "additionalProperties" and enforced is False


#: What a normalised schema can hold at each place (elicit_gen/compiler/lower.py): the router's
#: cheap key keeps only these, so that it is the same for a request and for the form compiled
#: from it. Everything else a request holds is either harmless (root annotations, ``$comment``)
#: or something no form enforces (which :func:`unenforced` then names).
_ROOT_KEYS = frozenset({"type", "properties", "required", "additionalProperties"})
#: What lowering keeps of a property (kinds.py's tables: one list for the form and the key).
_PROPERTY_KEYS = COMMON_KEYS.union(*KIND_KEYS.values(), *ENFORCED_KEYS.values())
_ITEMS_KEYS = frozenset().union(*ITEMS_KEYS.values())


def _plain(value: Any) -> Any:
    """A JSON value compared as a validator compares it: an integral float is the integer."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _kept(value: Any, keys: frozenset[str]) -> Any:
    if not isinstance(value, Mapping):
        return _plain(value)
    return {key: _plain(item) for key, item in value.items() if key in keys}


def _options(value: Any) -> Any:
    if not isinstance(value, list):
        return _plain(value)
    return [_kept(option, OPTION_KEYS) for option in value]


def _projected(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` with only what a normalised schema can hold, where it can hold it (see
    ``_ROOT_KEYS``), numbers as a validator compares them and ``required`` as a set: what the
    front end would keep of it, made in one cheap walk, without the front end."""
    result: dict[str, Any] = {}
    for key, value in schema.items():
        if key not in _ROOT_KEYS:
            continue
        if key == "properties" and isinstance(value, Mapping):
            value = {name: _property(prop) for name, prop in value.items()}
        elif key == "required" and isinstance(value, list):
            if not value:
                continue
            try:
                value = sorted(set(value))
            except TypeError:  # not all strings: kept as sent, so that it matches nothing
                value = _plain(value)
        else:
            value = _plain(value)
        result[key] = value
    return result


def _property(prop: Any) -> Any:
    if not isinstance(prop, Mapping):
        return _plain(prop)
    result: dict[str, Any] = {}
    for key, value in prop.items():
        if key not in _PROPERTY_KEYS:
            continue
        if key == "oneOf":
            result[key] = _options(value)
        elif key == "items" and isinstance(value, Mapping):
            items = _kept(value, _ITEMS_KEYS)
            if "anyOf" in items:
                items["anyOf"] = _options(value["anyOf"])
            result[key] = items
        else:
            result[key] = _plain(value)
    return result


def _route_key(projected: Mapping[str, Any]) -> bytes | None:
    """A digest of a projected schema (:func:`_projected`); ``None`` when it is not JSON."""
    try:
        text = json.dumps(projected, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.blake2b(text.encode(), digest_size=20).digest()


def _reasons(extra: list[str]) -> str:
    return "; ".join(extra[:5]) + ("; ..." if len(extra) > 5 else "")


def _keywords(extra: list[str]) -> str:
    """What :func:`unenforced` found, as the user is told it: the keyword (or name) at the end
    of each place, at most three."""
    names: list[str] = []
    for entry in extra:
        name = entry.partition(": ")[0].rpartition("/")[2]
        if name and name not in names:
            names.append(name)
    shown = ", ".join(f"`{clip(name, 40)}`" for name in names[:3])
    return shown + (", \u2026" if len(names) > 3 else "")


def _not_enforced(extra: list[str]) -> Refusal:
    detail = f"the form would not enforce the whole schema: {_reasons(extra)}"
    return Refusal("unenforced", detail, _keywords(extra))
