"""Shared machinery of the emitters: the jinja2 environment and safe literals (the header line:
:mod:`.header`).

Schema text only ever reaches generated Python through the ``py`` filter (:func:`.pyprint.literal`,
``repr``-safe: quotes, backslashes, newlines, U+2028 and bidi controls are escaped) and
generated HTML through jinja2's autoescaping or :func:`js_json` (for data inside
``<script type="application/json">``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from .pyprint import literal
from .runtime import class_statement

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def js_json(value: Any) -> str:
    """JSON safe to place inside a ``<script>`` element: ``<``, ``>``, ``&``, U+2028/9 escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


@cache
def environment(autoescape: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["py"] = literal  # {{ value|py }} on one line, {{ value|py(4) }} exploded
    env.filters["js_json"] = js_json
    env.globals["class_statement"] = class_statement
    return env


def render(template: str, *, autoescape: bool = False, **context: Any) -> str:
    return environment(autoescape).get_template(template).render(**context)
