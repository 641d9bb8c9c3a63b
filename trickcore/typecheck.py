"""Exact type checks for values built in Python, such as the actions a caller or a bot hands in.

A msgspec struct checks its field types when it is decoded, not when it is built:
``Call(suit="H")`` is a ``Call`` whose suit is a string. Such a value may compare equal to a
legal action, or slip past a rule that only compares it with something, and then break what
comes later (a saved game that cannot be read back, a crash several moves on). :func:`type_problem`
says whether a value is exactly of a type, recursively through its fields, the way decoding
would have made it: an enumeration member and not its value, an ``int`` and not a ``bool``, a
struct of one of a union's classes.

The check of each type is built once (on first use) and cached, so checking an action costs a
few ``type(...) is ...`` comparisons.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, cast

import msgspec
import msgspec.inspect as mi

__all__ = ["TypeCheck", "struct_classes", "type_check", "type_problem"]

TypeCheck = Callable[[Any], str | None]
"""A compiled check: ``None`` when the value is of the type, else what is wrong with it."""
_Check = TypeCheck


def type_problem(value: Any, annotation: Any) -> str | None:
    """``None`` when ``value`` is exactly of type ``annotation`` (a struct, a tagged union of
    structs, or any type msgspec decodes), field by field; otherwise a short text naming the
    first field at fault, e.g. ``"Call.suit: expected a Suit, got 'H' (str)"``."""
    return type_check(annotation)(value)


@functools.cache
def type_check(annotation: Any) -> TypeCheck:
    """The check :func:`type_problem` runs for ``annotation``, built once: keep it to check
    many values (``check(value)`` is ``type_problem(value, annotation)``)."""
    return _check_of(mi.type_info(annotation), {})


@functools.cache
def struct_classes(annotation: Any) -> frozenset[type]:
    """The struct classes of ``annotation`` (a struct or a union of structs): a value of
    another class is never of the type (a cheap first check before :func:`type_problem`)."""
    kind = _unwrap(mi.type_info(annotation))
    members = kind.types if isinstance(kind, mi.UnionType) else (kind,)
    return frozenset(m.cls for m in map(_unwrap, members) if isinstance(m, mi.StructType))


def _unwrap(kind: Any) -> Any:
    while isinstance(kind, mi.Metadata):
        kind = kind.type
    return kind


def _shown(value: Any) -> str:
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{text} ({type(value).__name__})"


def _expected(what: str) -> _Check:
    def wrong(value: Any) -> str:
        return f"expected {what}, got {_shown(value)}"

    return wrong


def _exact(cls: type, what: str) -> _Check:
    wrong = _expected(what)

    def check(value: Any) -> str | None:
        return None if type(value) is cls else wrong(value)

    return check


def _bounded(kind: Any, cls: type, what: str) -> _Check:
    """An int or a float of exactly ``cls`` within the bounds of ``kind``, if it has any."""
    base = _exact(cls, what)
    ge, gt = getattr(kind, "ge", None), getattr(kind, "gt", None)
    le, lt = getattr(kind, "le", None), getattr(kind, "lt", None)
    if ge is None and gt is None and le is None and lt is None:
        return base

    def check(value: Any) -> str | None:
        if (problem := base(value)) is not None:
            return problem
        if (
            (ge is not None and value < ge)
            or (gt is not None and value <= gt)
            or (le is not None and value > le)
            or (lt is not None and value >= lt)
        ):
            return f"{value!r} is out of bounds"
        return None

    return check


def _items(container: type, what: str, item: _Check, item_class: type | None) -> _Check:
    if item_class is not None:  # items of one exact class: checked in C, no call per item
        only = {item_class}

        def same_class(value: Any) -> str | None:
            if type(value) is not container:
                return f"expected {what}, got {_shown(value)}"
            if not value or set(map(type, cast(Iterable[Any], value))) == only:
                return None
            return _first_problem(value, item)

        return same_class

    def check(value: Any) -> str | None:
        if type(value) is not container:
            return f"expected {what}, got {_shown(value)}"
        return _first_problem(value, item)

    return check


def _first_problem(value: Any, item: _Check) -> str | None:
    for index, element in enumerate(value):
        if (problem := item(element)) is not None:
            return f"[{index}]: {problem}"
    return None


def _exact_class(kind: Any) -> type | None:
    """The class a value of ``kind`` must be exactly, when that is all there is to check."""
    if isinstance(kind, mi.Metadata):
        return _exact_class(kind.type)
    if isinstance(kind, (mi.IntType, mi.FloatType)) and any(
        getattr(kind, bound, None) is not None for bound in ("ge", "gt", "le", "lt")
    ):
        return None
    simple: dict[type, type] = {
        mi.BoolType: bool,
        mi.IntType: int,
        mi.FloatType: float,
        mi.StrType: str,
        mi.BytesType: bytes,
    }
    if type(kind) in simple:
        return simple[type(kind)]
    if isinstance(kind, mi.EnumType):
        return kind.cls
    return None


def _check_of(kind: Any, structs: dict[type, _Check]) -> _Check:
    """The check of one :mod:`msgspec.inspect` type; ``structs`` holds the structs being
    compiled, so that a recursive struct refers to its own check."""
    if isinstance(kind, mi.Metadata):
        return _check_of(kind.type, structs)
    if isinstance(kind, mi.AnyType):
        return lambda value: None
    if isinstance(kind, mi.NoneType):
        return lambda value: None if value is None else f"expected null, got {_shown(value)}"
    if isinstance(kind, mi.BoolType):
        return _exact(bool, "true or false")
    if isinstance(kind, mi.IntType):
        return _bounded(kind, int, "an integer")
    if isinstance(kind, mi.FloatType):
        return _bounded(kind, float, "a number")
    if isinstance(kind, mi.StrType):
        return _exact(str, "a string")
    if isinstance(kind, mi.BytesType):
        return _exact(bytes, "bytes")
    if isinstance(kind, mi.EnumType):
        return _exact(kind.cls, f"a {kind.cls.__name__}")
    if isinstance(kind, mi.LiteralType):
        allowed = tuple(kind.values)

        def literal(value: Any) -> str | None:
            if any(type(value) is type(v) and value == v for v in allowed):
                return None
            return f"expected one of {allowed!r}, got {_shown(value)}"

        return literal
    if isinstance(kind, (mi.VarTupleType, mi.ListType, mi.SetType, mi.FrozenSetType)):
        container = _CONTAINERS[type(kind)]
        item = kind.item_type
        what = f"a {container.__name__}"
        return _items(container, what, _check_of(item, structs), _exact_class(item))
    if isinstance(kind, mi.TupleType):
        return _fixed_tuple([_check_of(item, structs) for item in kind.item_types])
    if isinstance(kind, mi.DictType):
        return _mapping(_check_of(kind.key_type, structs), _check_of(kind.value_type, structs))
    if isinstance(kind, mi.StructType):
        return _struct(kind, structs)
    if isinstance(kind, mi.UnionType):
        return _union([_check_of(member, structs) for member in kind.types], kind, structs)
    # A type this module does not know (datetime, UUID, ...): whatever msgspec converts to it.
    return lambda value: None


_CONTAINERS: dict[type, type] = {
    mi.VarTupleType: tuple,
    mi.ListType: list,
    mi.SetType: set,
    mi.FrozenSetType: frozenset,
}


def _fixed_tuple(items: list[_Check]) -> _Check:
    def check(value: Any) -> str | None:
        if type(value) is not tuple or len(value) != len(items):
            return f"expected a tuple of {len(items)} items, got {_shown(value)}"
        for index, (item, element) in enumerate(zip(items, value, strict=True)):
            if (problem := item(element)) is not None:
                return f"[{index}]: {problem}"
        return None

    return check


def _mapping(key: _Check, item: _Check) -> _Check:
    def check(value: Any) -> str | None:
        if type(value) is not dict:
            return f"expected an object, got {_shown(value)}"
        for name, element in value.items():
            if (problem := key(name) or item(element)) is not None:
                return f"[{name!r}]: {problem}"
        return None

    return check


_WORDS: dict[type, str] = {
    bool: "true or false",
    int: "an integer",
    float: "a number",
    str: "a string",
    bytes: "bytes",
}

_Plan = tuple[tuple[tuple[str, type], ...], tuple[tuple[str, _Check], ...]]
"""A struct's fields to check: those of one exact class, and the others with their checks."""


def _plan(kind: mi.StructType, structs: dict[type, _Check]) -> _Plan:
    exact: list[tuple[str, type]] = []
    others: list[tuple[str, _Check]] = []
    for field in kind.fields:
        cls = _exact_class(field.type)
        if cls is not None:
            exact.append((field.name, cls))
        else:
            others.append((field.name, _check_of(field.type, structs)))
    return tuple(exact), tuple(others)


def _fields_problem(value: Any, plan: _Plan) -> str | None:
    exact, others = plan
    for name, cls in exact:
        field = getattr(value, name)
        if type(field) is not cls:
            what = _WORDS.get(cls, f"a {cls.__name__}")
            return f"{type(value).__name__}.{name}: expected {what}, got {_shown(field)}"
    for name, check in others:
        if (problem := check(getattr(value, name))) is not None:
            return f"{type(value).__name__}.{name}: {problem}"
    return None


def _struct(kind: mi.StructType, structs: dict[type, _Check]) -> _Check:
    cls = kind.cls
    if cls in structs:
        return structs[cls]
    plans: list[_Plan] = []

    def check(value: Any) -> str | None:
        if type(value) is not cls:
            return f"expected a {cls.__name__}, got {_shown(value)}"
        return _fields_problem(value, plans[0])

    structs[cls] = check
    plans.append(_plan(kind, structs))
    return check


def _union(members: list[_Check], kind: mi.UnionType, structs: dict[type, _Check]) -> _Check:
    plans: dict[type, _Plan | None] = {}  # None: a struct without fields, nothing to check
    others: list[_Check] = []
    for member_kind, member in zip(kind.types, members, strict=True):
        inner = member_kind.type if isinstance(member_kind, mi.Metadata) else member_kind
        if isinstance(inner, mi.StructType):
            plan = _plan(inner, structs)
            plans[inner.cls] = plan if plan != ((), ()) else None
        else:
            others.append(member)
    names = [cls.__name__ for cls in plans]
    absent = object()

    def check(value: Any) -> str | None:
        plan = plans.get(type(value), absent)
        if plan is None:
            return None
        if plan is not absent:
            return _fields_problem(value, plan)  # type: ignore[arg-type]
        problems = [other(value) for other in others]
        if others and None in problems:
            return None
        if isinstance(value, msgspec.Struct) or not others:
            listed = ", ".join(names) if names else "the union's types"
            return f"expected one of {listed}, got {_shown(value)}"
        return problems[0]

    return check
