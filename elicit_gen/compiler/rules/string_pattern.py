"""EG112 string-pattern: a text field's ``pattern`` is one every validator reads alike.

Beyond the spec's subset (``StringSchema`` has no ``pattern``; EG160 says other clients may drop
it). elicit-gen's forms enforce it as every engine a server may check it with reads it:
ECMAScript with the ``u`` flag (Ajv, the TypeScript SDK), Python's ``re.search`` (jsonschema)
and Rust's regex crate (pydantic, the Python SDK and FastMCP); see runtime/core/pattern.py and
docs/patterns.md. A pattern that is not a string, that the engines read differently
(back-references, named groups, inline flags, ``\\p{...}``, a lone ``{``, ...) or that is too
large to check in bounded time cannot be enforced faithfully: the form would refuse what the
server accepts or the reverse, so it is an error that stops compiling. A ``const`` that the
pattern refuses leaves the form a single option the server refuses: an error too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..diagnostics import Severity
from ..kinds import Kind
from .base import Context, Finding, Rule, json_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...runtime.core.pattern import CompiledPattern

#: The messages, by case: ``str.format`` templates (the web element fills the same slots).
MESSAGES = {
    "not_string": "field {name!r}: `pattern` must be a string (a regular expression), not {found}",
    "refused": "field {name!r}: `pattern` cannot be enforced as every validator reads it: {error}",
    "const": "field {name!r}: `const` {const} does not match `pattern`, so the field allows no "
    "value",
}


def check(ctx: Context) -> Iterator[Finding]:
    props = [p for p in ctx.valid_properties if p.kind is Kind.STRING and "pattern" in p.keys]
    if not props:
        return
    # imported here: most schemas have no pattern, and --lint should not pay for the engine
    from ...runtime.core.pattern import PatternBudget, PatternError, compile_pattern

    # the form's patterns share one budget of compile work, spent in the order of the fields'
    # names (the web element, which gets the properties as a JavaScript object, spends it alike)
    budget = PatternBudget()
    compiled: dict[str, CompiledPattern | PatternError] = {}
    for prop in sorted(props, key=lambda p: p.name):
        pattern = prop.keys["pattern"]
        if isinstance(pattern, str):
            try:
                compiled[prop.name] = compile_pattern(pattern, budget)
            except PatternError as error:
                compiled[prop.name] = error
    for prop in props:
        pattern = prop.keys["pattern"]
        if not isinstance(pattern, str):
            yield Finding(
                prop.at("pattern"),
                MESSAGES["not_string"].format(name=prop.name, found=json_type(pattern)),
            )
            continue
        found = compiled[prop.name]
        if isinstance(found, PatternError):
            yield Finding(
                prop.at("pattern"),
                MESSAGES["refused"].format(name=prop.name, error=found),
                hint="write it with what ECMAScript and Python's re both read alike "
                "(docs/patterns.md), or check the value on the server",
            )
            continue
        const = prop.keys.get("const")
        if isinstance(const, str) and not found.search(const):
            yield Finding(
                prop.at("const"),
                MESSAGES["const"].format(name=prop.name, const=json.dumps(const)),
            )


RULE = Rule(
    code="EG112",
    name="string-pattern",
    summary="a `pattern` must be a regular expression every validator reads alike",
    severity=Severity.ERROR,
    check=check,
    compile_ignorable=False,
    spec="(beyond the subset) JSON Schema `pattern`: an ECMA-262 regular expression.",
    example=(
        '{"type": "object", "properties": {"code": {"type": "string", '
        '"pattern": "^(?<area>[0-9]{3})-[0-9]{4}$"}}}'
    ),
    fix="Use a plain group `(...)` instead of a named one, and the constructs of "
    "docs/patterns.md; or drop the pattern and check the value on the server.",
)
