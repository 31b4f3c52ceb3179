"""What a rule is and what it sees.

A rule is a module with one ``RULE = Rule(...)``: a stable code, a short name, a one-line summary,
its severity, whether it runs by default, and ``check(ctx)`` yielding :class:`Finding` values.
The runner turns findings into diagnostics with positions from the source map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property

from ...records import NamedTuple
from ..diagnostics import Severity
from ..envelope import Elicitation, Mode, Shape
from ..kinds import Prop, classify
from ..source import JSON, join_pointer
from ..spec import Revision

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeGuard


class Finding(NamedTuple):
    pointer: str
    message: str
    at_key: bool = False  # point at the member name rather than its value
    hint: str | None = None
    severity: Severity | None = None  # overrides the rule's severity for this finding
    compile_ignorable: bool | None = None  # overrides the rule's compile_ignorable


class Context:
    """One elicitation of one input, as the rules see it."""

    def __init__(
        self, elicitation: Elicitation, revision: Revision, shape: Shape = Shape.BARE
    ) -> None:
        self.elicitation = elicitation
        self.revision = revision
        self.shape = shape

    def __repr__(self) -> str:
        return f"Context({self.elicitation!r}, {self.revision!r}, {self.shape!r})"

    @property
    def schema(self) -> JSON:
        return self.elicitation.schema

    @property
    def root(self) -> dict[str, JSON]:
        schema = self.elicitation.schema
        return schema if isinstance(schema, dict) else {}

    @property
    def is_form(self) -> bool:
        return self.elicitation.mode is Mode.FORM

    def at(self, *tokens: str | int) -> str:
        pointer = self.elicitation.schema_pointer
        for token in tokens:
            pointer = join_pointer(pointer, token)
        return pointer

    @cached_property
    def properties(self) -> list[Prop]:
        """Every property, classified by kind (empty when ``properties`` is not an object)."""
        props = self.root.get("properties") if self.is_form else None
        if not isinstance(props, dict):
            return []
        return [
            classify(name, self.at("properties", name), schema) for name, schema in props.items()
        ]

    @property
    def valid_properties(self) -> list[Prop]:
        return [p for p in self.properties if p.problem is None]


Check = Callable[[Context], Iterator[Finding]]


class Rule(NamedTuple):
    code: str  # stable, never renumbered: EG101
    name: str  # kebab-case: root-object
    summary: str  # one line
    severity: Severity
    check: Check
    default_enabled: bool = True
    spec: str = ""  # the spec sentence it enforces
    blocking: bool = False  # its errors make the form impossible to build: never ignorable
    # whether compiling may go on past its errors when the code is ignored; False when the
    # generated output would be wrong (fail to import, accept what the server rejects, or
    # accept nothing): then its errors still stop compiling, and only linting ignores them
    compile_ignorable: bool = True
    example: str = ""  # a requestedSchema (JSON) the rule reports, for docs/rules.md
    fix: str = ""  # how to fix it


def json_type(value: JSON) -> str:
    """How a message names the JSON type of ``value``."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "null"


def is_number(value: JSON) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value: JSON) -> TypeGuard[int | float]:
    """JSON Schema's integer: any number with a zero fractional part (``2.0`` counts)."""
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and value.is_integer()
    )


#: The longest number a message shows whole, and how it shows a longer one (``str.format``).
SHOWN_DIGITS = 24
LONG_NUMBER = "{start}…{end} ({digits} digits)"


def show_number(value: int | float) -> str:
    """``value`` as a message shows it: a long integer shortened to its ends and digit count."""
    text = repr(value)
    if len(text) <= SHOWN_DIGITS:
        return text
    return LONG_NUMBER.format(start=text[:10], end=text[-4:], digits=len(text.lstrip("-")))
