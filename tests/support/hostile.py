"""Hypothesis strategies shared by the fuzzing tests: hostile requests (every field kind, text full
of markup, escapes, controls and names whose ids clash) and arbitrary JSON in every envelope."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

HOSTILE = [
    "</script><script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }}",
    "{% raw %}",
    "${7*7}",
    "'''",
    '"""',
    "\\",
    "\\n",
    "\n",
    "\r\n",
    "\u2028",
    "\u2029",
    "\x00",
    "\u202e",
    "\u2066",
    "\x1b[2J",
    "\x1b]0;title\x07",
    "[bold red]x[/]",
    "[@click=app.quit]",
    "__import__('os').system('touch pwned')",
    "-->",
    "<!--",
    "]]>",
    "&amp;",
    "&#0;",
    "%s",
    "\ud7ff",
    "\U0001f600",
    "",
    " ",
    "x" * 300,
    "javascript:alert(1)",
    "<b>b</b>",
    "\t",
    "\x1b]52;c;SGFja2Vk\x07",  # a clipboard write (OSC 52)
    "line1\nline2\u0000",
    "\u200b",
    "\u2060",
    "\U000e0041",  # a tag character
    "\x9b31m",  # a C1 control sequence introducer
]


#: Property names whose ids clash under naive derivation (a suffix equal to another name, names
#: that differ only in case or punctuation, names like the ids a target gives its own widgets).
CLASHING_NAMES = [
    "x",
    "x box",
    "x-box",
    "X",
    "x_box",
    "x-error",
    "x error",
    "x_err",
    "x-2",
    "x 2",
    "x_2",
    "y",
    "y error",
    "y-error",
    "Y_ERROR",
    "box x",
    "error y",
    "unset-x",
    "x unset",
    "x_0",
    "x 0",
    "x_desc",
    "x_hint",
    "f",
    "f x",
    "f-x",
    "field_x",
    "label_x",
    "submit",
    "cancel",
    "status",
    "fields",
    "message",
    "server",
    "title",
    "eg-accept",
]


text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=12),
    st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=3).map("".join),
)


nonempty = text.filter(lambda s: s != "")


maybe = st.booleans()


@st.composite
def hostile_field(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            [
                "string",
                "number",
                "integer",
                "boolean",
                "enum",
                "oneOf",
                "legacy",
                "multi",
                "multi_titled",
            ]
        )
    )
    field: dict[str, Any] = {
        "type": {
            "enum": "string",
            "oneOf": "string",
            "legacy": "string",
            "multi": "array",
            "multi_titled": "array",
        }.get(kind, kind)
    }
    if draw(maybe):
        field["title"] = draw(text)
    if draw(maybe):
        field["description"] = draw(text)
    values = draw(st.lists(nonempty, min_size=1, max_size=4, unique=True))
    if kind == "string":
        if draw(maybe):
            field["format"] = draw(st.sampled_from(["email", "uri", "date", "date-time"]))
        elif draw(maybe):
            field["default"] = draw(text)
    elif kind in ("number", "integer") and draw(maybe):
        field["minimum"] = draw(st.integers(-(2**60), 2**60))
    elif kind == "enum":
        field["enum"] = values
    elif kind == "legacy":
        field["enum"] = values
        field["enumNames"] = [draw(text) for _ in values]
    elif kind == "oneOf":
        field["oneOf"] = [{"const": v, "title": draw(text)} for v in values]
    elif kind == "multi":
        field["items"] = {"type": "string", "enum": values}
    elif kind == "multi_titled":
        field["items"] = {"anyOf": [{"const": v, "title": draw(text)} for v in values]}
    if kind in ("enum", "oneOf", "legacy") and draw(maybe):
        field["default"] = values[0]
    return field


@st.composite
def hostile_requests(draw: st.DrawFn) -> dict[str, Any]:
    name = st.one_of(text, st.sampled_from(CLASHING_NAMES))
    names = draw(st.lists(name, max_size=6, unique=True))
    properties = {name: draw(hostile_field()) for name in names}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if draw(maybe):
        schema["title"] = draw(text)
    if names and draw(maybe):
        schema["required"] = draw(st.lists(st.sampled_from(names), unique=True))
    return {"message": draw(text), "requestedSchema": schema}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "properties",
                    "required",
                    "enum",
                    "oneOf",
                    "anyOf",
                    "items",
                    "const",
                    "title",
                    "default",
                    "minLength",
                    "format",
                    "message",
                    "mode",
                    "url",
                    "params",
                    "method",
                    "requestedSchema",
                    "inputRequests",
                    "resultType",
                    "result",
                    "jsonrpc",
                    "taskId",
                    "status",
                ]
            )
            | st.text(max_size=5),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


def envelopes(schema: Any) -> list[Any]:
    params = {"message": "m", "requestedSchema": schema}
    request = {"method": "elicitation/create", "params": params}
    return [
        schema,
        params,
        request,
        {"jsonrpc": "2.0", "id": 1, **request},
        {"resultType": "input_required", "inputRequests": {"k": request, "j": schema}},
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {"resultType": "input_required", "inputRequests": schema},
        },
        {"taskId": "t", "status": "input_required", "inputRequests": {"k": request}},
        {"jsonrpc": "2.0", "id": 1, "result": {"taskId": "t", "status": schema}},
        {"method": "notifications/tasks", "params": {"taskId": "t", "inputRequests": schema}},
    ]
