"""Names computed once for every target: Python identifiers, HTML ids, class and module names.

Property names are arbitrary strings (``first-name``, ``class``, ``2fa``, ``model_config``, ``""``).
Each gets a stable, distinct Python identifier: names that are already good identifiers keep
themselves; the others are sanitised and de-duplicated in sorted order of the original names, so
that the result does not depend on the order of properties in the schema.
"""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections.abc import Iterable


class PyIdent(str):
    """A Python identifier that is safe as a field, attribute or keyword argument name."""

    __slots__ = ()


class HtmlId(str):
    """An HTML id made of ``[a-z0-9-]`` only, unique within one page."""

    __slots__ = ()


class ClassName(str):
    """A CamelCase Python class name prefix, e.g. ``Contact``."""

    __slots__ = ()


class ModuleStem(str):
    """A valid Python module name used to name output files, e.g. ``travel_booking``."""

    __slots__ = ()


#: Names a generated module or pydantic's BaseModel already uses, plus builtins a
#: field name would shadow in generated code.
RESERVED: frozenset[str] = frozenset(
    {
        # pydantic BaseModel API (v2 and the deprecated v1 names still on the class)
        "model_config",
        "model_fields",
        "model_computed_fields",
        "model_extra",
        "model_fields_set",
        "model_construct",
        "model_copy",
        "model_dump",
        "model_dump_json",
        "model_json_schema",
        "model_parametrized_name",
        "model_post_init",
        "model_rebuild",
        "model_validate",
        "model_validate_json",
        "model_validate_strings",
        "copy",
        "dict",
        "json",
        "parse_obj",
        "parse_raw",
        "parse_file",
        "from_orm",
        "construct",
        "schema",
        "schema_json",
        "validate",
        "update_forward_refs",
        "fields",
        "register",
        # names generated modules import or define
        "Any",
        "Annotated",
        "Field",
        "Literal",
        "BaseModel",
        "ConfigDict",
        "Mapping",
        "Optional",
        "Union",
        "datetime",
        "date",
        "re",
        "sys",
        "typing",
        # builtins that would be shadowed by a class attribute of the same name
        "str",
        "int",
        "float",
        "bool",
        "list",
        "type",
        "object",
        "self",
        "cls",
    }
)

_NOT_IDENT = r"(?a)\W+"  # compiled when a name is first made (re's cache keeps it)

#: The longest identifier a field gets (a longer property name is aliased): generated Python is
#: black-stable only while ``    <ident>: Annotated[`` fits 88 columns; beyond it black lays the
#: line out differently at 88 and at 120 columns.
MAX_IDENT = 60


def is_plain_identifier(name: str) -> bool:
    return (
        name.isidentifier()
        and name.isascii()
        and len(name) <= MAX_IDENT
        and not keyword.iskeyword(name)
        and not keyword.issoftkeyword(name)
        and not name.startswith("_")
        and name not in RESERVED
    )


def _sanitise(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    ident = re.sub(_NOT_IDENT, "_", ascii_name).strip("_")[:MAX_IDENT].rstrip("_")
    if not ident:
        return "field"
    if ident[0].isdigit():
        ident = "f_" + ident
    if keyword.iskeyword(ident) or keyword.issoftkeyword(ident) or ident in RESERVED:
        ident += "_"
    return ident


def python_identifiers(names: Iterable[str]) -> dict[str, PyIdent]:
    """Maps every property name to a distinct Python identifier."""
    names = list(dict.fromkeys(names))
    result: dict[str, PyIdent] = {}
    taken: set[str] = set()
    for name in names:
        if is_plain_identifier(name):
            result[name] = PyIdent(name)
            taken.add(name)
    for name in sorted(n for n in names if n not in result):
        base = _sanitise(name)
        candidate, n = base, 2
        while candidate in taken:
            candidate = f"{base}_{n}"
            n += 1
        taken.add(candidate)
        result[name] = PyIdent(candidate)
    return result


def html_ids(names: Iterable[str], prefix: str = "f-") -> dict[str, HtmlId]:
    """Maps every property name to a distinct, readable HTML id (``f-first-name``)."""
    names = list(dict.fromkeys(names))
    result: dict[str, HtmlId] = {}
    taken: set[str] = set()
    for name in sorted(names):
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "field"
        candidate, n = prefix + slug, 2
        while candidate in taken:
            candidate = f"{prefix}{slug}-{n}"
            n += 1
        taken.add(candidate)
        result[name] = HtmlId(candidate)
    return result


def class_name(text: str) -> ClassName:
    """``travel booking`` / ``travel-booking`` / ``travelBooking`` -> ``TravelBooking``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", ascii_text)
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Form"
    if name[0].isdigit():
        name = "Form" + name
    if keyword.iskeyword(name) or name in RESERVED:
        name += "Form"
    return ClassName(name)


def module_stem(text: str) -> ModuleStem:
    """A file stem made a valid module name: ``travel-booking.v2`` -> ``travel_booking_v2``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    stem = re.sub(r"\W+", "_", ascii_text, flags=re.ASCII).strip("_").lower() or "form"
    if stem[0].isdigit():
        stem = "form_" + stem
    if keyword.iskeyword(stem):
        stem += "_"
    return ModuleStem(stem)
