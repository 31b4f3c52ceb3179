"""Random valid schemas for the pydantic target's tests: odd property names (Python keywords,
pydantic's own names, markup, very long), every kind, bounds and defaults."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

NAMES = st.one_of(
    st.sampled_from(
        [
            "",
            "class",
            "first-name",
            "model_config",
            "model_dump",
            "schema",
            "json",
            "Literal",
            "Field",
            "Annotated",
            "datetime",
            "re",
            "AfterValidator",
            "_x",
            "x_",
            "None",
            "self",
            "2fa",
            "a b",
            "naïve",
            "__init__",
            "model_name",
            "text",
            "MESSAGE",
            "REQUESTED_SCHEMA",
            "_Absent",
            "_NOT_NULL",
            "_as_requested",
            "pydantic",
            "BaseModel",
            "ConfigDict",
            '"; import os #',
            "\u2028",
            "{{ x }}",
            "x" * 80,
        ]
    ),
    st.text(max_size=8),
)


LABELS = st.one_of(st.none(), st.sampled_from(["Title", "'''", '"\\', "\n", "{{x}}", "é"]))


@st.composite
def prop(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            [
                "string",
                "format",
                "integer",
                "number",
                "boolean",
                "enum",
                "oneOf",
                "legacy",
                "multi",
                "multiTitled",
            ]
        )
    )
    result: dict[str, Any] = {}
    if kind in ("string", "format"):
        result["type"] = "string"
        if kind == "format":
            fmt = draw(st.sampled_from(["email", "uri", "date", "date-time"]))
            result["format"] = fmt
            if draw(st.booleans()):
                result["default"] = {
                    "email": "a@example.com",
                    "uri": "https://example.com/x",
                    "date": "2024-02-29",
                    "date-time": draw(
                        st.sampled_from(
                            [
                                "2024-02-29T12:30:00Z",
                                "2024-02-29T12:30:00.123-01:30",
                                "2016-12-31T23:59:59.999+00:00",
                            ]
                        )
                    ),
                }[fmt]
        else:
            lo = draw(st.one_of(st.none(), st.integers(0, 5)))
            hi = draw(st.one_of(st.none(), st.integers(max(lo or 0, 1), 12)))
            if lo is not None:
                result["minLength"] = lo
            if hi is not None:
                result["maxLength"] = hi
            if draw(st.booleans()):
                result["default"] = "x" * max(lo or 0, min(3, hi or 3))
    elif kind in ("integer", "number"):
        result["type"] = kind
        bound = st.one_of(
            st.none(),
            st.integers(-(10**12), 10**12),
            st.floats(-1e6, 1e6, allow_nan=False).map(lambda f: round(f, 2)),
        )
        lo, hi = draw(bound), draw(bound)
        if lo is not None and hi is not None and lo > hi:
            lo, hi = hi, lo
        if kind == "integer" and lo is not None and hi is not None:
            assume(math.ceil(lo) <= math.floor(hi))
        if lo is not None:
            result["minimum"] = lo
        if hi is not None:
            result["maximum"] = hi
        if draw(st.booleans()):
            if kind == "integer":
                base = (
                    math.ceil(lo) if lo is not None else (math.floor(hi) if hi is not None else 7)
                )
            else:
                base = lo if lo is not None else (hi if hi is not None else 0.5)
            result["default"] = base
    elif kind == "boolean":
        result["type"] = "boolean"
        if draw(st.booleans()):
            result["default"] = draw(st.booleans())
    else:
        values = draw(
            st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=4, unique=True)
        )
        labels = [f"Label {i}" for i in range(len(values))]
        if kind == "enum":
            result.update(type="string", enum=values)
        elif kind == "oneOf":
            result.update(
                type="string",
                oneOf=[{"const": v, "title": t} for v, t in zip(values, labels, strict=True)],
            )
        elif kind == "legacy":
            result.update(type="string", enum=values, enumNames=labels)
        elif kind == "multi":
            result.update(type="array", items={"type": "string", "enum": values})
        else:
            result.update(
                type="array",
                items={
                    "anyOf": [{"const": v, "title": t} for v, t in zip(values, labels, strict=True)]
                },
            )
        if kind.startswith("multi"):
            if draw(st.booleans()):
                result["minItems"] = draw(st.integers(0, len(values)))
            if draw(st.booleans()):
                result["maxItems"] = draw(
                    st.integers(max(result.get("minItems", 1), 1), len(values))
                )
            if draw(st.booleans()):
                n = max(result.get("minItems", 1), 1)
                result["default"] = values[:n]
        elif draw(st.booleans()):
            result["default"] = values[-1]
    title = draw(LABELS)
    if title is not None:
        result["title"] = title
    description = draw(LABELS)
    if description is not None:
        result["description"] = description
    return result


@st.composite
def schema(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(NAMES, min_size=1, max_size=5, unique=True))
    properties = {name: draw(prop()) for name in names}
    required = [n for n in names if draw(st.booleans())]
    return {"type": "object", "properties": properties, "required": required}
