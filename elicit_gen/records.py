"""Frozen records, made without the :mod:`dataclasses` module.

``@record`` on a class with annotated attributes gives what ``@dataclass(frozen=True)`` gives the
classes of the run-time path (the IR, the field view, a catalogue, a repair, the limits): an
``__init__`` taking the fields by position or by name in order (a base record's first), defaults
from class attributes, equality and a hash over the fields, a ``Name(field=value, ...)`` repr,
``__match_args__``, and an instance that refuses assignment. :func:`replace` and
:func:`field_names` stand for ``dataclasses.replace`` and ``dataclasses.fields``.

``class Name(NamedTuple)`` with :class:`NamedTuple` from here is ``typing.NamedTuple`` to a type
checker and at run time (the same tuple subclass: field properties, defaults, ``_fields``,
``_field_defaults``, ``_make``, ``_replace``, ``_asdict``, repr, pickling), without importing
:mod:`typing` and without compiling a ``__new__`` per class as ``collections.namedtuple`` does.

Why not dataclasses: a client's first request imports the IR in a fresh process, and
``dataclasses`` costs that process more than anything else it does before reading the schema: the
module with ``inspect``, ``ast`` and ``dis`` under it, then six methods per class written as source
and compiled (about a quarter of a first request's instructions; benchmarks/profile.md). These
methods are closures made once per class; no source is compiled. Mutable defaults are refused
(``dataclasses`` needs a ``default_factory`` for them; use an immutable value). Why not
``typing.NamedTuple``: a lint imports some fifteen of them; :mod:`typing` and one compiled
``__new__`` each came to a seventh of a lint's whole process (benchmarks/profile.md).

Modules of the lint and run-time paths write ``TYPE_CHECKING = False`` and import what only
annotations use under ``if TYPE_CHECKING:`` (which type checkers read as true), so that a lint
never imports :mod:`typing`.
"""

from __future__ import annotations

from collections import _tuplegetter  # type: ignore[attr-defined]  # namedtuple's field accessor
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar
    from typing import NamedTuple as NamedTuple

    from typing_extensions import dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_options: Any) -> Any:
        """Type checkers read a record as a frozen dataclass (PEP 681); at run time: nothing."""
        return lambda decorator: decorator


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


# --- NamedTuple -------------------------------------------------------------------------------

#: What a NamedTuple class may not define itself (typing.NamedTuple refuses the same).
_RESERVED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make"}
    | {"_replace", "_asdict", "_source"}
)


def _named_tuple(name: str, namespace: dict[str, Any]) -> type:
    """The tuple subclass ``typing.NamedTuple`` makes of a class body, made without compiling."""
    annotations: dict[str, Any] = namespace.get("__annotations__", {})
    fields = tuple(annotations)
    for field in fields:
        if field.startswith("_"):
            raise ValueError(f"{name}: field names cannot start with an underscore: {field!r}")
    defaults = {field: namespace[field] for field in fields if field in namespace}
    for index, field in enumerate(fields):
        if field not in defaults and any(f in defaults for f in fields[:index]):
            raise TypeError(
                f"Non-default namedtuple field {field} cannot follow default field"
                f"{'s' if len(defaults) > 1 else ''} {', '.join(defaults)}"
            )
    count = len(fields)
    trailing = tuple(defaults.values())  # the defaults are the last fields, in order
    first_default = count - len(trailing)
    tuple_new = tuple.__new__

    def _bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        if len(args) > count:
            raise TypeError(
                f"{name}.__new__() takes {count + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        values = list(args)
        for index in range(len(args), count):
            field = fields[index]
            if field in kwargs:
                values.append(kwargs.pop(field))
            elif index >= first_default:
                values.append(trailing[index - first_default])
            else:
                missing = [f for f in fields[index:first_default] if f not in kwargs]
                raise TypeError(
                    f"{name}.__new__() missing {len(missing)} required argument"
                    f"{'s' if len(missing) > 1 else ''}: {', '.join(map(repr, missing))}"
                )
        for field in kwargs:
            problem = "multiple values for" if field in fields else "an unexpected keyword"
            raise TypeError(f"{name}.__new__() got {problem} argument {field!r}")
        return tuple(values)

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        if kwargs or len(args) != count:
            args = _bind(args, kwargs)
        return tuple_new(cls, args)

    def _make(cls: type, iterable: Any) -> Any:
        values = tuple(iterable)
        if len(values) != count:
            raise TypeError(f"Expected {count} arguments, got {len(values)}")
        return tuple_new(cls, values)

    def _replace(self: Any, /, **changes: Any) -> Any:
        values = [changes.pop(field, value) for field, value in zip(fields, self, strict=True)]
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return tuple_new(type(self), values)

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{field}={value!r}" for field, value in zip(fields, self, strict=True))
        return f"{self.__class__.__name__}({shown})"

    def _asdict(self: Any) -> dict[str, Any]:
        return dict(zip(fields, self, strict=True))

    def __getnewargs__(self: Any) -> tuple[Any, ...]:
        return tuple(self)

    qualname = namespace.get("__qualname__", name)
    body: dict[str, Any] = {
        "__doc__": f"{name}({', '.join(fields)})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": defaults,
        "__match_args__": fields,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
    }
    for method in (__new__, _make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f"{qualname}.{method.__name__}"
        method.__module__ = namespace.get("__module__", __name__)
    for index, field in enumerate(fields):
        body[field] = _tuplegetter(index, f"Alias for field number {index}")
    for key, value in namespace.items():
        if key in _RESERVED:
            raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
        if key not in fields:
            body[key] = value
    body.pop("__annotations__", None)
    made = type(name, (tuple,), body)
    made.__annotations__ = dict(annotations)
    return made


class _NamedTupleMeta(type):
    def __new__(
        cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **_kw: Any
    ) -> Any:
        if not bases:
            return super().__new__(cls, name, bases, namespace)
        if bases != (_NamedTupleBase,):
            raise TypeError("a NamedTuple class can only inherit from NamedTuple")
        return _named_tuple(name, namespace)


class _NamedTupleBase(metaclass=_NamedTupleMeta):
    """``class Name(NamedTuple)`` (see the module docstring)."""


if not TYPE_CHECKING:
    NamedTuple = _NamedTupleBase
