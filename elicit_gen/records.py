"""Frozen records, made without the :mod:`dataclasses` module.

``@record`` on a class with annotated attributes gives what ``@dataclass(frozen=True)`` gives the
classes of the run-time path (the IR, the field view, a catalogue, a repair, the limits): an
``__init__`` taking the fields by position or by name in order (a base record's first), defaults
from class attributes, equality and a hash over the fields, a ``Name(field=value, ...)`` repr,
``__match_args__``, and an instance that refuses assignment. :func:`replace` and
:func:`field_names` stand for ``dataclasses.replace`` and ``dataclasses.fields``.

Why not dataclasses: a client's first request imports the IR in a fresh process, and
``dataclasses`` costs that process more than anything else it does before reading the schema: the
module with ``inspect``, ``ast`` and ``dis`` under it, then six methods per class written as source
and compiled (about a quarter of a first request's instructions; benchmarks/profile.md). These
methods are closures made once per class; no source is compiled. Mutable defaults are refused
(``dataclasses`` needs a ``default_factory`` for them; use an immutable value).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_options: Any) -> Any:
        """Type checkers read a record as a frozen dataclass (PEP 681); at run time: nothing."""
        return lambda decorator: decorator


T = TypeVar("T")

_MISSING: Any = object()
#: Where a record class keeps its fields, in order, with their defaults (``_MISSING`` for none).
_FIELDS = "__record_fields__"


class FrozenRecordError(AttributeError):
    """An attribute of a record was assigned or deleted (dataclasses' ``FrozenInstanceError``)."""


def _own_fields(cls: type) -> dict[str, Any]:
    """The fields a class declares itself (annotations that are no ``ClassVar``), with their
    defaults (``_MISSING`` for none)."""
    found = {}
    # (not inspect.get_annotations: importing inspect is what records avoid)
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
    for name, annotation in annotations.items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        default = cls.__dict__.get(name, _MISSING)
        if isinstance(default, (list, dict, set)):
            raise TypeError(f"{cls.__name__}.{name}: a mutable default is shared by every record")
        found[name] = default
    return found


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen record (see the module docstring)."""
    fields: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        fields.update(base.__dict__.get(_FIELDS, {}))
    fields.update(_own_fields(cls))
    names = tuple(fields)
    required = tuple(name for name, default in fields.items() if default is _MISSING)
    defaults = {name: default for name, default in fields.items() if default is not _MISSING}
    seen_default = False
    for name in names:
        if name in defaults:
            seen_default = True
        elif seen_default:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with")
    known = frozenset(names)
    required_set = frozenset(required)
    values_of = attrgetter(*names) if names else (lambda _record: ())
    title = cls.__qualname__

    def _by_name(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        if len(args) > len(names):
            raise TypeError(f"{title}() takes {len(names)} positional arguments, {len(args)} given")
        values = dict(zip(names, args, strict=False))
        for name in values.keys() & kwargs.keys():
            raise TypeError(f"{title}() got multiple values for argument {name!r}")
        values.update(kwargs)
        return values

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # set operations and dict updates in C: a form makes dozens of records per request
        if args:
            kwargs = _by_name(args, kwargs)
        if not known.issuperset(kwargs):
            unknown = sorted(kwargs.keys() - known)
            raise TypeError(f"{title}() got an unexpected keyword argument {unknown[0]!r}")
        if len(kwargs) != len(names):
            if not required_set.issubset(kwargs):
                missing = [name for name in required if name not in kwargs]
                raise TypeError(f"{title}() missing required arguments: {', '.join(missing)}")
            self.__dict__.update(defaults)
        self.__dict__.update(kwargs)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(values_of(self) == values_of(other))

    def __hash__(self: Any) -> int:
        return hash(values_of(self))

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{title}({shown})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    methods = {
        "__init__": __init__,
        "__eq__": __eq__,
        "__hash__": __hash__,
        "__repr__": __repr__,
        "__setattr__": __setattr__,
        "__delattr__": __delattr__,
    }
    for name, method in methods.items():
        if name in cls.__dict__:
            continue  # what a class writes itself stays, as with dataclass
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        method.__module__ = cls.__module__
        setattr(cls, name, method)
    for name, value in ((_FIELDS, fields), ("__match_args__", names)):
        setattr(cls, name, value)
    return cls


def field_names(cls_or_record: Any) -> tuple[str, ...]:
    """The fields of a record (or record class), in order."""
    fields: dict[str, Any] = getattr(cls_or_record, _FIELDS)
    return tuple(fields)


def replace(instance: T, **changes: Any) -> T:
    """A copy of a record with ``changes`` (``dataclasses.replace``)."""
    values = {name: getattr(instance, name) for name in field_names(instance)}
    values.update(changes)
    return type(instance)(**values)


def is_record(value: Any) -> bool:
    """Whether ``value`` is a record class or instance."""
    return hasattr(value, _FIELDS)
