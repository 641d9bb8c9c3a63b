"""Option metadata: what each option of a game is, read from its options struct (DESIGN 4a).

A game declares each option once, on its options struct, with the allowed values in the type
and the words in a :class:`msgspec.Meta`::

    class MyOptions(trickcore.Options, frozen=True):
        target: Annotated[int, Meta(ge=1, description="Points that win the game.")] = 10
        deck: Annotated[Literal[24, 32], Meta(description="Cards in the pack.")] = 24

JSON Schema (``trickcore schema GAME``), the command line (``trickcore games --options``) and
every :class:`~trickcore.errors.OptionError` read it back through :func:`options_info`, so the
descriptions, bounds and allowed values are written in one place. Values are shown as JSON
text (``true``, ``null``, ``"anyone"``), the form replays store; the command line shows and
takes them the same way, strings without quotes (``anyone``, see :func:`value_text`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import msgspec
import msgspec.inspect as mi

from trickcore.codec import json_text
from trickcore.errors import OptionError

__all__ = [
    "INT64_MAX",
    "INT64_MIN",
    "OptionInfo",
    "check_options",
    "check_value",
    "describe_allowed",
    "example_text",
    "options_info",
    "seat_below",
    "value_text",
]

_TYPE_NAMES: dict[type[mi.Type], str] = {
    mi.BoolType: "boolean",
    mi.IntType: "integer",
    mi.FloatType: "number",
    mi.StrType: "string",
}
_ARTICLES = {"integer": "an integer", "array": "an array", "object": "an object"}


def seat_below(seat: str, players: str, counts: Sequence[int]) -> dict[str, Any]:
    """The JSON Schema condition that option ``seat`` (a seat or null) is below option
    ``players`` (one of ``counts``), for an options type's ``json_schema_extra`` (see
    :func:`trickcore.schema.game_schema`): ``if`` players is the first count ``then`` the
    seat is below it, ``else`` the same for the next count.

    >>> seat_below("first_dealer", "players", [2, 4])["then"]["properties"]["first_dealer"]
    {'anyOf': [{'type': 'integer', 'maximum': 1}, {'type': 'null'}]}
    """
    first, *rest = sorted(counts)
    below = {"anyOf": [{"type": "integer", "maximum": first - 1}, {"type": "null"}]}
    condition: dict[str, Any] = {
        "if": {"properties": {players: {"const": first}}},
        "then": {"properties": {seat: below}},
    }
    if rest:
        condition["else"] = seat_below(seat, players, rest)
    return condition


class OptionInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One option of a game, as its options struct declares it."""

    name: str
    """The option's name, as ``trickcore.load(game, name=...)`` and ``--option`` take it."""
    default: Any
    """The default value (:data:`msgspec.NODEFAULT` for an option without one)."""
    description: str | None = None
    """The ``Meta(description=...)`` text, if the option has one."""
    type_text: str
    """The JSON type of the values other than null: ``"integer"``, ``"number"``,
    ``"string"``, ``"boolean"`` (several joined with ``" or "``)."""
    nullable: bool = False
    """Whether null (``None``) is allowed too."""
    allowed: tuple[Any, ...] | None = None
    """Every allowed value (``None`` included when nullable) where they can be listed: a
    ``Literal``, an enumeration (its members) or a boolean. ``None`` when they cannot."""
    minimum: int | float | None = None
    """The lower bound of a number (``Meta(ge=...)``, or ``gt``: see
    :attr:`exclusive_minimum`; ``gt`` on an integer counts as ``ge=gt + 1``)."""
    maximum: int | float | None = None
    """The upper bound of a number (``Meta(le=...)``, or ``lt``: see
    :attr:`exclusive_maximum`; ``lt`` on an integer counts as ``le=lt - 1``)."""
    exclusive_minimum: bool = False
    """Whether :attr:`minimum` itself is refused (``Meta(gt=...)`` on a float)."""
    exclusive_maximum: bool = False
    """Whether :attr:`maximum` itself is refused (``Meta(lt=...)`` on a float)."""


def options_info(options_type: type[Any]) -> tuple[OptionInfo, ...]:
    """Every option of ``options_type`` (a msgspec Struct), in declaration order."""
    struct = mi.type_info(options_type)
    if not isinstance(struct, mi.StructType):
        raise TypeError(f"{options_type!r} is not a msgspec Struct")
    return tuple(_option_info(field) for field in struct.fields)


def value_text(value: Any, *, as_text: bool = False) -> str:
    """``value`` as JSON text (``true``, ``null``, ``"anyone"``) or, with ``as_text``, as the
    command line takes it (``--option name=VALUE``): the same, but a string without quotes
    (``anyone``)."""
    if as_text:
        if isinstance(value, enum.Enum):
            value = value.value
        if isinstance(value, str):
            return value
    return json_text(value)


def example_text(info: OptionInfo) -> str:
    """A value of ``info`` to show in an example, as the command line takes it: the first
    allowed value that is not the default (``true`` for an option that defaults to
    ``false``), else the default, else the lower bound."""
    for value in info.allowed or ():
        if value != info.default:
            return value_text(value, as_text=True)
    if info.default is not msgspec.NODEFAULT:
        return value_text(info.default, as_text=True)
    return value_text(info.minimum if info.minimum is not None else 0, as_text=True)


def describe_allowed(info: OptionInfo, *, as_text: bool = False) -> str:
    """The values ``info`` allows, in words.

    ``"one of 24, 25, 32"``, ``"true or false"``, ``"an integer >= 1"``, ``"an integer from
    0 to 3, or null"``, ``"a string"``. With ``as_text``, strings are shown without quotes,
    as the command line takes them (see :func:`value_text`).
    """
    if info.allowed is not None:
        texts = [value_text(value, as_text=as_text) for value in info.allowed]
        if len(texts) == 1:
            return f"only {texts[0]}"
        if len(texts) == 2:
            return f"{texts[0]} or {texts[1]}"
        return "one of " + ", ".join(texts)
    noun = _ARTICLES.get(info.type_text, f"a {info.type_text}")
    low, high = info.minimum, info.maximum
    if (
        low is not None
        and high is not None
        and not (info.exclusive_minimum or info.exclusive_maximum)
    ):
        words = f"{noun} from {json_text(low)} to {json_text(high)}"
    else:
        bounds = [
            f"{sign} {json_text(bound)}"
            for sign, bound in (
                (">" if info.exclusive_minimum else ">=", low),
                ("<" if info.exclusive_maximum else "<=", high),
            )
            if bound is not None
        ]
        words = " ".join([noun, " and ".join(bounds)]) if bounds else noun
    return f"{words}, or null" if info.nullable else words


INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
"""The integers an option may hold: MessagePack's signed 64 bits (options are digested)."""
_SHOWN_LONGEST = 80
_REFUSED = object()


def check_value(
    options_type: type[msgspec.Struct],
    name: str,
    value: Any,
    *,
    from_text: bool = False,
    owner: str | None = None,
) -> Any:
    """``value`` converted to the type of option ``name`` of ``options_type``.

    Raises :class:`~trickcore.errors.OptionError` (``invalid option name=value for owner:
    name must be <allowed values>``; ``owner`` defaults to the struct's name) when the option
    does not allow it, and ``KeyError`` for an unknown ``name``. ``from_text=True`` accepts
    values given as text (``"32"``, ``"true"``, ``"null"``), as the command line gives them;
    its errors then show the value as typed and the allowed values as they are typed
    (``invalid option deck=7 for euchre: deck must be one of 24, 25, 32``).
    """
    try:
        converted = msgspec.convert(value, _field_types(options_type)[name], strict=not from_text)
    except msgspec.ValidationError:
        converted = _REFUSED
    # Options are digested and saved as MessagePack, whose integers have 64 bits: a bigger one
    # would pass here and fail later, far from its cause.
    if converted is _REFUSED or (
        type(converted) is int and not INT64_MIN <= converted <= INT64_MAX
    ):
        info = next(info for info in options_info(options_type) if info.name == name)
        shown = _shown(value, from_text=from_text)
        raise OptionError(
            f"invalid option {name}={shown} for {owner or options_type.__name__}: "
            f"{name} must be {describe_allowed(info, as_text=from_text)}"
            + (" (and fit in 64 bits)" if converted is not _REFUSED else ""),
            option=name,
        )
    return converted


def _shown(value: Any, *, from_text: bool) -> str:
    """``value`` as an error message shows it: as typed when it came as text, cut short when
    long (Python refuses to write out an integer of more than 4,300 digits at all)."""
    if isinstance(value, int) and value.bit_length() > 4 * _SHOWN_LONGEST:
        return f"<an integer of {value.bit_length()} bits>"
    shown = str(value) if from_text and isinstance(value, str) else repr(value)
    return f"{shown[:_SHOWN_LONGEST]}…" if len(shown) > _SHOWN_LONGEST else shown


def check_options(options: msgspec.Struct) -> None:
    """Check every field of an options struct against its declared type and bounds.

    msgspec checks them when it decodes or converts, but not when the struct is built
    directly (``MyOptions(target=0)``); call this from the struct's ``__post_init__`` so such
    a struct is refused too, with the same :class:`~trickcore.errors.OptionError`.
    """
    for name in _field_types(type(options)):
        check_value(type(options), name, getattr(options, name))


@functools.lru_cache(maxsize=64)
def _field_types(options_type: type[msgspec.Struct]) -> Mapping[str, Any]:
    """Each field's type by name (resolving them is slow, and options are built often)."""
    return MappingProxyType(
        {field.name: field.type for field in msgspec.structs.fields(options_type)}
    )


def _option_info(field: mi.Field) -> OptionInfo:
    kind, description = _unwrap(field.type)
    members = kind.types if isinstance(kind, mi.UnionType) else (kind,)
    kinds = [_unwrap(member)[0] for member in members]
    nullable = any(isinstance(member, mi.NoneType) for member in kinds)
    values = [member for member in kinds if not isinstance(member, mi.NoneType)]
    listed = [_listed(member) for member in values]
    allowed: tuple[Any, ...] | None = None
    if all(items is not None for items in listed):
        allowed = tuple(item for items in listed if items is not None for item in items)
        allowed += (None,) if nullable else ()
    bounds = _bounds(values[0]) if len(values) == 1 else {}
    default = field.default
    if default is msgspec.NODEFAULT and field.default_factory is not msgspec.NODEFAULT:
        default = field.default_factory()
    return OptionInfo(
        name=field.name,
        default=default,
        description=description,
        type_text=" or ".join(dict.fromkeys(_type_name(member) for member in values)),
        nullable=nullable,
        allowed=allowed,
        **bounds,
    )


def _unwrap(kind: mi.Type) -> tuple[mi.Type, str | None]:
    """The type inside any ``Annotated`` layers, and the outermost description."""
    description = None
    while isinstance(kind, mi.Metadata):
        text = (kind.extra_json_schema or {}).get("description")
        description = description or (text if isinstance(text, str) else None)
        kind = kind.type
    return kind, description


def _listed(kind: mi.Type) -> Sequence[Any] | None:
    if isinstance(kind, mi.LiteralType):
        return kind.values
    if isinstance(kind, mi.EnumType):
        return tuple(kind.cls)
    if isinstance(kind, mi.BoolType):
        return (True, False)
    return None


def _bounds(kind: mi.Type) -> dict[str, Any]:
    """The :class:`OptionInfo` fields for a number's bounds."""
    if isinstance(kind, mi.IntType):
        return {
            "minimum": kind.ge if kind.gt is None else kind.gt + 1,
            "maximum": kind.le if kind.lt is None else kind.lt - 1,
        }
    if isinstance(kind, mi.FloatType):
        return {
            "minimum": kind.ge if kind.gt is None else kind.gt,
            "maximum": kind.le if kind.lt is None else kind.lt,
            "exclusive_minimum": kind.gt is not None,
            "exclusive_maximum": kind.lt is not None,
        }
    return {}


def _type_name(kind: mi.Type) -> str:
    if isinstance(kind, (mi.LiteralType, mi.EnumType)):
        values = kind.values if isinstance(kind, mi.LiteralType) else [m.value for m in kind.cls]
        return " or ".join(dict.fromkeys(_type_name(mi.type_info(type(v))) for v in values))
    for type_class, name in _TYPE_NAMES.items():
        if isinstance(kind, type_class):
            return name
    if isinstance(kind, (mi.ListType, mi.TupleType, mi.VarTupleType, mi.SetType)):
        return "array"
    if isinstance(kind, (mi.DictType, mi.StructType)):
        return "object"
    return type(kind).__name__.removesuffix("Type").lower()
