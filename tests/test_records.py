"""elicit_gen/records.py: a record behaves as the frozen dataclass with the same body."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any, ClassVar

import pytest

from elicit_gen.compiler import ir
from elicit_gen.records import FrozenRecordError, field_names, is_record, record, replace


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
