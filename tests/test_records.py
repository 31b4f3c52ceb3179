"""elicit_gen/records.py: a record behaves as the frozen dataclass with the same body, a
NamedTuple from here as typing.NamedTuple with the same body."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing
from typing import Any, ClassVar

import pytest

from elicit_gen.compiler import ir
from elicit_gen.records import (
    FrozenRecordError,
    NamedTuple,
    field_names,
    is_record,
    record,
    replace,
)


@record
class Base:
    name: str
    size: int
    kind: ClassVar[str] = "base"
    note: str | None = None


@record
class Child(Base):
    extra: tuple[int, ...] = ()
    note: str | None = "child"  # redefined: keeps its place, changes its default


@dataclasses.dataclass(frozen=True)
class DataBase:
    name: str
    size: int
    kind: ClassVar[str] = "base"
    note: str | None = None


@dataclasses.dataclass(frozen=True)
class DataChild(DataBase):
    extra: tuple[int, ...] = ()
    note: str | None = "child"


PAIRS = [(Base, DataBase), (Child, DataChild)]
CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    (("a", 1), {}),
    (("a",), {"size": 2}),
    ((), {"size": 3, "name": "b", "note": None}),
    (("a", 1, "n"), {}),
    (("a", 1), {"note": [1]}),  # a field may hold anything; only defaults must be immutable
]


@pytest.mark.parametrize(("ours", "theirs"), PAIRS)
def test_fields_and_order_are_the_dataclass_s(ours: type, theirs: type) -> None:
    assert field_names(ours) == tuple(f.name for f in dataclasses.fields(theirs))
    assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]
    assert is_record(ours) and not is_record(theirs)


@pytest.mark.parametrize(("ours", "theirs"), PAIRS)
@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_a_record_is_made_and_shown_as_the_dataclass(
    ours: type, theirs: type, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    mine, reference = ours(*args, **kwargs), theirs(*args, **kwargs)
    assert vars(mine) == vars(reference)
    assert repr(mine) == repr(reference).replace("Data", "")
    assert (mine == ours(*args, **kwargs)) is True
    assert mine != reference  # another class is never equal, as with dataclasses
    if not any(isinstance(v, list) for v in kwargs.values()):
        assert hash(mine) == hash(ours(*args, **kwargs))
        assert len({mine, ours(*args, **kwargs)}) == 1


@pytest.mark.parametrize(("ours", "theirs"), PAIRS)
@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((), {}),  # missing both
        (("a",), {}),  # missing size
        (("a", 1), {"name": "b"}),  # twice
        (("a", 1), {"colour": "red"}),  # unknown
        (("a", 1, None, (), "x"), {}),  # too many
    ],
)
def test_bad_calls_fail_as_the_dataclass_s(
    ours: type, theirs: type, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    if ours is Base and len(args) == 5:
        args = args[:4]
    with pytest.raises(TypeError):
        theirs(*args, **kwargs)
    with pytest.raises(TypeError):
        ours(*args, **kwargs)


def test_a_record_is_frozen_and_replaced() -> None:
    child = Child("a", 1)
    with pytest.raises(FrozenRecordError):
        child.name = "b"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del child.size  # type: ignore[misc]
    changed = replace(child, size=5)
    assert (changed.size, child.size, changed.note, type(changed)) == (5, 1, "child", Child)
    with pytest.raises(TypeError):
        replace(child, colour="red")


def test_a_record_copies_and_pickles_equal() -> None:
    child = Child("a", 1, extra=(1, 2))
    for other in (copy.copy(child), copy.deepcopy(child), pickle.loads(pickle.dumps(child))):
        assert other == child and other is not child


def test_a_record_can_be_matched() -> None:
    match Child("a", 7):
        case Child(name, size):
            assert (name, size) == ("a", 7)
        case _:
            pytest.fail("no match")


def test_what_a_class_writes_itself_stays() -> None:
    @record
    class Shown:
        value: int

        def __repr__(self) -> str:
            return "shown"

    assert repr(Shown(1)) == "shown" and Shown(1) == Shown(1)


def test_a_mutable_default_or_a_required_field_after_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="mutable default"):

        @record
        class Shared:
            items: list[int] = []  # noqa: RUF012 - the mistake under test

    with pytest.raises(TypeError, match="without a default"):

        @record
        class Misordered:
            first: int = 0
            second: int  # type: ignore[misc]


def test_the_ir_is_records_with_the_same_fields_as_before() -> None:
    """The IR's field classes keep their inherited order: a base field first, then the kind's."""
    base = ("name", "ident", "html_id", "title", "description", "required", "pointer")
    for cls in (ir.StringField, ir.NumberField, ir.BooleanField, ir.SingleSelectField):
        assert field_names(cls)[: len(base)] == base
        assert "kind" not in field_names(cls)  # a ClassVar
    assert field_names(ir.SingleSelectField)[-1] == "value_type"


# --- NamedTuple: the same class as typing.NamedTuple makes, without typing ------------------


class Point(NamedTuple):
    """A point."""

    x: int
    y: int = 0
    label: str = "p"

    def norm(self) -> int:
        return abs(self.x) + abs(self.y)

    @property
    def shown(self) -> str:
        return f"{self.label}{self.x},{self.y}"


class TypingPoint(typing.NamedTuple):
    """A point."""

    x: int
    y: int = 0
    label: str = "p"

    def norm(self) -> int:
        return abs(self.x) + abs(self.y)

    @property
    def shown(self) -> str:
        return f"{self.label}{self.x},{self.y}"


POINT_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((1, 2), {}),
    ((1, 2, "q"), {}),
    ((), {"x": 3}),
    ((1,), {"label": "k"}),
    ((), {"label": "k", "y": 5, "x": 4}),
]


@pytest.mark.parametrize(("args", "kwargs"), POINT_CALLS)
def test_a_named_tuple_is_made_and_shown_as_typing_s(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    mine, reference = Point(*args, **kwargs), TypingPoint(*args, **kwargs)
    assert tuple(mine) == tuple(reference) and mine == reference and hash(mine) == hash(reference)
    assert repr(mine) == repr(reference).replace("TypingPoint", "Point")
    assert (mine.x, mine.y, mine.label) == (reference.x, reference.y, reference.label)
    assert mine.norm() == reference.norm() and mine.shown == reference.shown
    assert mine._asdict() == reference._asdict()
    assert mine._replace(y=9) == reference._replace(y=9) and type(mine._replace()) is Point
    assert Point._make(reference) == mine and type(Point._make(reference)) is Point


def test_a_named_tuple_class_is_typing_s() -> None:
    assert type(Point) is type and type(TypingPoint) is type
    assert Point.__mro__[1:] == TypingPoint.__mro__[1:] == (tuple, object)
    for name in ("_fields", "_field_defaults", "__match_args__", "__doc__"):
        assert getattr(Point, name) == getattr(TypingPoint, name), name
    assert list(Point.__annotations__) == list(TypingPoint.__annotations__)
    assert Point.__slots__ == () and not hasattr(Point(1), "__dict__")
    assert Point.__qualname__ == "Point" and Point.__module__ == __name__
    assert Point._make.__qualname__ == "Point._make"


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((1, 2, "a", 4), {}), ((1,), {"x": 2}), ((1,), {"z": 2}), ((), {"y": 1})],
)
def test_bad_calls_fail_as_typing_s(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError) as theirs:
        TypingPoint(*args, **kwargs)
    with pytest.raises(TypeError) as mine:
        Point(*args, **kwargs)
    # the same complaint, in __new__'s words (typing's counts the class among the arguments)
    for word in ("missing", "positional arguments", "multiple values", "unexpected keyword"):
        assert (word in str(mine.value)) == (word in str(theirs.value)), (mine, theirs)


def test_a_named_tuple_copies_pickles_and_matches() -> None:
    point = Point(1, 2)
    assert pickle.loads(pickle.dumps(point)) == point and type(copy.deepcopy(point)) is Point
    match point:
        case Point(x, y, label):
            assert (x, y, label) == (1, 2, "p")
        case _:
            pytest.fail("no match")
    with pytest.raises(AttributeError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="unexpected field"):
        point._replace(z=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Expected 3"):
        Point._make([1])


def test_what_a_named_tuple_may_not_be_is_refused() -> None:
    with pytest.raises(TypeError, match="Non-default"):

        class Misordered(NamedTuple):
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError, match="underscore"):

        class Private(NamedTuple):
            _a: int  # type: ignore[misc]

    with pytest.raises(AttributeError, match="_replace"):

        class Overwrites(NamedTuple):
            a: int

            def _replace(self) -> None:  # type: ignore[misc]
                pass

    with pytest.raises(TypeError, match="only inherit"):

        class Mixed(NamedTuple, int):  # type: ignore[misc]
            a: int


def test_a_lint_s_records_are_named_tuples_made_here() -> None:
    """The lint path's NamedTuples come from records (no typing.NamedTuple there)."""
    from elicit_gen.build.config import Config
    from elicit_gen.compiler.diagnostics import Diagnostic

    for cls in (Config, Diagnostic):
        assert cls.__new__.__qualname__ == f"{cls.__qualname__}.__new__"
        assert cls.__new__.__module__ == cls.__module__
        assert "namedtuple" not in cls.__new__.__code__.co_filename
