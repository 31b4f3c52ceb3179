"""Derives what the web elements must know that Python decides (elicit_gen/runtime/web/web_data.js).

    python scripts/web_tables.py          rewrites elicit_gen/runtime/web/web_data.js
    python scripts/web_tables.py --check  exits 1 when it differs from what Python says

Nothing in the file is typed by hand: the compiler's keyword tables and field kinds
(compiler/kinds.py, compiler/lower.py), the words of the kinds a field cannot be (kinds.py's
``classify``, run on one property of each shape), the error rules' messages (their
``MESSAGES`` templates) and load_form's limits and their messages (live/limits.py), the
characters Python's ``repr`` escapes, the layout rule of long text
(targets/common/layout.py), the page's field markup tables (targets/html_fields.py,
targets/html.py), the format hints and placeholders (runtime/core/wording.py,
targets/common/hints.py) and the revisions (compiler/spec.py). tests/targets/web/ fails while
the file is stale.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicit_gen.compiler import kinds, lower  # noqa: E402
from elicit_gen.compiler.kinds import Kind, classify  # noqa: E402
from elicit_gen.runtime.core.wording import FORMAT_HINTS  # noqa: E402
from elicit_gen.targets import html, html_fields  # noqa: E402
from elicit_gen.targets.common import hints, layout, view  # noqa: E402

WEB_DATA = ROOT / "elicit_gen" / "runtime" / "web" / "web_data.js"

#: One property of each shape classify() refuses, named by the reason's key in the table.
_REFUSED_SHAPES: dict[str, Any] = {
    "notObject": 1,
    "ref": {"$ref": "#/x"},
    "allOf": {"allOf": []},
    "not": {"not": {}},
    "if": {"if": {}},
    "selectNeedsType": {"enum": ["a"]},
    "multiNeedsArray": {"items": {}},
    "nested": {"properties": {}},
    "anyOfField": {"anyOf": []},
    "noType": {},
    "nullInUnion": {"type": ["string", "null"]},
    "union": {"type": ["string", "number"]},
    "nullType": {"type": "null"},
    "object": {"type": "object"},
    "oneOfNotAnyOf": {"type": "string", "anyOf": []},
    "enumNamesAlone": {"type": "string", "enumNames": []},
    "arrayItems": {"type": "array"},
    "multiOneOf": {"type": "array", "items": {"oneOf": []}},
    "multiItemsType": {"type": "array", "items": {"enum": ["a"]}},
    "arrayList": {"type": "array", "items": {}},
    "typeNotString": {"type": 1},
}


def _refusals() -> dict[str, str]:
    found = {}
    for key, shape in _REFUSED_SHAPES.items():
        prop = classify("x", "/properties/x", shape)
        assert prop.kind is Kind.INVALID and prop.problem, key
        found[key] = prop.problem
    # an unknown type's words: "unknown type {type!r}; " then the kinds
    found["unknownTypeTail"] = kinds._type_hint(None)
    found["typeAliases"] = kinds._TYPE_ALIASES  # type: ignore[assignment]
    return found


def _rules() -> dict[str, Any]:
    """What the verdict (runtime/web/verdict.js) knows of the linter's rules: each error rule's
    messages (its ``MESSAGES``: ``str.format`` templates), the words they are filled with, the
    characters ``repr`` escapes, and the tables the rules read (rules/_shared.py,
    bounds_order.py, secret_field.py, string_format.py)."""
    from elicit_gen.compiler import load, source
    from elicit_gen.compiler.diagnostics import Severity
    from elicit_gen.compiler.rules import (
        RULES,
        _shared,
        base,
        bounds_order,
        keyword_type,
        secret_field,
        string_format,
    )
    from elicit_gen.compiler.rules.base import json_type

    checks = {
        _shared.is_string: "string",
        _shared.is_boolean: "boolean",
        _shared.is_string_array: "stringArray",
        _shared.is_array: "array",
        _shared.is_number_array: "numberArray",
        _shared.is_positive_number: "positiveNumber",
        _shared.is_integer: "integer",
        _shared.is_number: "number",
    }
    errors = [r for r in RULES if r.severity is Severity.ERROR]
    samples = {
        "boolean": True,
        "integer": 1,
        "number": 0.5,
        "string": "",
        "array": [],
        "object": {},
    }
    return {
        # each error rule's messages, str.format templates the element fills as Python does
        "messages": {
            r.code: import_module(r.check.__module__).MESSAGES
            for r in errors
            if hasattr(import_module(r.check.__module__), "MESSAGES")
        },
        "where": _shared.WHERE,
        "jsonTypes": {**{k: json_type(v) for k, v in samples.items()}, "null": json_type(None)},
        "annotationWords": {k: w for k, (_, w) in kinds.ANNOTATION_TYPES.items()},
        "numberDefaultTypes": {
            k: [checks[f], w] for k, (f, w) in _shared.NUMBER_DEFAULT_TYPES.items()
        },
        "shownLength": keyword_type.SHOWN_LENGTH,
        "shownDigits": base.SHOWN_DIGITS,
        "longNumber": base.LONG_NUMBER,
        "formats": list(string_format.FORMATS),
        "formatList": string_format._LIST,
        "formatWhy": string_format._WHY,
        "notPrintable": _not_printable(),
        # a string with a lone surrogate is no JSON the front end reads (EG001, fatal)
        "unpairedSurrogate": load.INVALID_JSON.format(reason=source.UNPAIRED_SURROGATE),
        "expectedTypes": {k: [checks[f], w] for k, (f, w) in _shared.EXPECTED_TYPES.items()},
        "defaultTypes": {k.value: [checks[f], w] for k, (f, w) in _shared.DEFAULT_TYPES.items()},
        "annotationTypes": {
            k: {str: "string", list: "array", bool: "boolean"}[t]
            for k, (t, _) in kinds.ANNOTATION_TYPES.items()
        },
        "lengthKeys": list(_shared.LENGTH_KEYS),
        "maxSafeInteger": _shared.MAX_SAFE_INTEGER,
        "pairs": [list(p) for p in bounds_order.PAIRS],
        "exclusivePairs": [list(p) for p in bounds_order.EXCLUSIVE_PAIRS],
        "rootKeys": sorted(_shared.ROOT_KEYS),
        "commonKeys": sorted(kinds.COMMON_KEYS),
        "kindKeys": {k.value: sorted(v) for k, v in kinds.KIND_KEYS.items()},
        "itemsKeys": {k.value: sorted(v) for k, v in kinds.ITEMS_KEYS.items()},
        "optionKeys": sorted(kinds.OPTION_KEYS),
        "subsetKeywords": sorted(_shared.SUBSET_KEYWORDS),
        "otherKeywords": sorted(_shared.OTHER_KEYWORDS),
        "secret": {
            "word": _shared._WORD.pattern,
            "words": _shared._SECRET_WORDS,
            "pairs": [[a, b, w] for (a, b), w in _shared._SECRET_PAIRS.items()],
            "tokenQuantity": sorted(_shared._TOKEN_QUANTITY),
            "negations": sorted(_shared._NEGATIONS),
            "cjkSecrets": [list(p) for p in _shared._CJK_SECRETS],
            "cjkTokenQuantity": list(_shared._CJK_TOKEN_QUANTITY),
            "cjkNegations": list(_shared._CJK_NEGATIONS),
            "cjkNotSecrets": list(_shared._CJK_NOT_SECRETS),
            "notSecretPairs": [list(p) for p in sorted(_shared._NOT_SECRET_PAIRS)],
            "tokenAlone": _shared.TOKEN_ALONE,
            "checkedFormats": sorted(secret_field._CHECKED_FORMATS),
            "secretFormats": sorted(secret_field._SECRET_FORMATS),
        },
    }


def _not_printable() -> list[int]:
    """The code points ``str.isprintable`` refuses, which ``repr`` of a string escapes: the
    boundaries a0, b0, a1, b1, ... of the ranges a <= c < b, each written as its distance from
    the one before."""
    bounds: list[int] = []
    inside = False
    for code in range(0x110000):
        if (not chr(code).isprintable()) != inside:
            bounds.append(code)
            inside = not inside
    if inside:
        bounds.append(0x110000)
    return [b - a for a, b in zip([0, *bounds], bounds, strict=False)]


def _limits() -> dict[str, Any]:
    """load_form's default limits (live/limits.py), the keywords whose lists are options, and
    the messages of a schema past them."""
    from elicit_gen.live import limits
    from elicit_gen.records import field_names

    found: dict[str, Any] = {
        name: getattr(limits.DEFAULT_LIMITS, name) for name in field_names(limits.DEFAULT_LIMITS)
    }
    found["optionLists"] = sorted(limits._OPTION_LISTS)
    found["messages"] = limits.MESSAGES
    found["shownKey"] = limits._SHOWN_KEY
    return found


def data() -> dict[str, Any]:
    kind_keys = {
        kind.value: sorted(
            kinds.COMMON_KEYS | kinds.KIND_KEYS[kind] | kinds.ENFORCED_KEYS.get(kind, frozenset())
        )
        for kind in kinds.KIND_KEYS
    }
    return {
        "kinds": {k.name: k.value for k in Kind},
        "keyOrder": list(lower._KEY_ORDER),
        "allowed": kind_keys,
        "numberTypes": list(kinds.NUMBER_TYPES),
        "selectTypes": list(kinds.SELECT_TYPES),
        "stringSelectKeys": sorted(kinds._STRING_SELECT_KEYS),
        "formats": [*kinds.SUBSET_FORMATS, *kinds.ENFORCED_FORMATS],
        "refusals": _refusals(),
        "rules": _rules(),
        "limits": _limits(),
        "numberKeywords": list(view.NUMBER_KEYWORDS),
        "formatHints": FORMAT_HINTS,
        "placeholders": hints.FORMAT_PLACEHOLDERS,
        "inputTypes": html_fields._INPUT_TYPES,
        "autocomplete": html_fields._AUTOCOMPLETE,
        "manyOptions": html_fields.MANY_OPTIONS,
        "headingMessageLength": html.HEADING_MESSAGE_LENGTH,
        "longText": {
            "long": layout.LONG_TEXT_LENGTH,
            "short": layout.SHORT_TEXT_LENGTH,
            "names": sorted(layout.LONG_TEXT_NAMES),
            "multiLine": layout._MULTI_LINE,
            "word": layout._WORD,
        },
    }


def text() -> str:
    body = json.dumps(data(), sort_keys=True, ensure_ascii=True)
    return (
        "// GENERATED by scripts/web_tables.py from the compiler's and the emitters' own tables\n"
        "// (run `python scripts/web_tables.py` to rewrite it; tests/targets/web/ fails while it\n"
        "// differs). Do not edit.\n"
        f"const WEB_DATA = {body};\n"
    )


def main(argv: list[str]) -> int:
    made = text()
    if "--check" in argv:
        current = WEB_DATA.read_text(encoding="utf-8") if WEB_DATA.exists() else ""
        if current != made:
            print(f"stale: {WEB_DATA.relative_to(ROOT)} (run scripts/web_tables.py)")
            return 1
        return 0
    WEB_DATA.write_text(made, encoding="utf-8")
    print(f"wrote {WEB_DATA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
