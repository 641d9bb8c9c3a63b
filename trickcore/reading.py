"""Reading a game's files: what its JSON Schema states beyond the Python types.

A game's types say that a card is a :class:`~trickcore.Card`; the game's JSON Schema
(``trickcore schema GAME``, :mod:`trickcore.schema`) says more: a card is one of *that game's*
cards (:func:`game_cards`, the cards of every pack its options can choose), a seat one of its
largest table's (:func:`game_seats`, :func:`seat_problem`), and a shuffle holds each card at
most once; the schema of given options (a pack, a table) says the same of those options.
:func:`check_part` checks a decoded part of a game by these rules;
:func:`trickcore.schema.read` (any part), :func:`trickcore.replay.loads` and
:meth:`trickcore.Table.from_json` read by them, so that they refuse exactly what the schema
refuses. What neither checks is left to the
semantic checks: ``game.validate(state)``, :func:`trickcore.replay.verify` and ``load`` (an
option combination, a card of another pack of the same game).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from typing import Any, Literal, get_args

import msgspec
import msgspec.inspect as mi

from trickcore.cards import Card
from trickcore.codec import json_text
from trickcore.errors import DecodeError, OptionError, TrickcoreError
from trickcore.game import SEAT_MARK, GameFactory, Shuffle
from trickcore.kit.options import check_options

__all__ = [
    "PARTS",
    "Part",
    "card_problem",
    "check_part",
    "game_cards",
    "game_packs",
    "game_seats",
    "game_types",
    "seat_problem",
    "type_prefix",
]

Part = Literal["options", "action", "view", "event", "state", "replay", "table"]
"""A kind of file (or message) of a game."""

PARTS: tuple[Part, ...] = get_args(Part)
"""Every :data:`Part`, in the order ``trickcore schema`` lists them."""

_WHAT: dict[str, str] = {
    "options": "options",
    "action": "an action",
    "view": "a view",
    "event": "an event",
    "state": "a state",
    "replay": "a replay",
    "table": "a saved table",
}

_MAX_PACK_VARIANTS = 64
"""At most this many option combinations are loaded to find a game's cards."""


def type_prefix(game: str, options_type: Any) -> str:
    """The prefix of the type names of the game named ``game``: its options type's name
    without ``Options`` (``AllFours``), else the name in capitals (``high-card`` ->
    ``HighCard``)."""
    name: str = options_type.__name__
    if name.endswith("Options") and len(name) > len("Options"):
        return name[: -len("Options")]
    words = re.split(r"[^A-Za-z0-9]+", game)
    return "".join(word[:1].upper() + word[1:] for word in words)


def game_cards(factory: GameFactory, options: Any = None) -> tuple[Card, ...]:
    """Every card a game can use, in :attr:`~trickcore.Card.index` order: the union of its
    ``pack`` (see :class:`~trickcore.kit.TrickGame`) over the values of its options with a
    fixed set of values other than true and false (Euchre's ``deck``, All Fours' ``players``),
    or with ``options`` (the game's options struct) the pack of those options alone. A game
    without a ``pack`` attribute can use every card."""
    if options is not None:
        pack = getattr(factory(options), "pack", None)
        return _in_order(Card if pack is None else pack)
    key: Any = factory  # a game class, hashable
    return _in_order(card for pack, _ in _packs(key) for card in pack)


def game_packs(factory: GameFactory) -> tuple[tuple[tuple[Card, ...], dict[str, Any]], ...]:
    """Each pack a game's options can choose (in :attr:`~trickcore.Card.index` order), with
    the options that choose it: those of :func:`game_cards`' choices that have the same value
    in every combination giving this pack (Euchre's 24-card pack: ``{"deck": 24}``). One
    entry, with no options, for a game whose pack never changes."""
    key: Any = factory
    found: tuple[tuple[tuple[Card, ...], dict[str, Any]], ...] = _packs(key)
    return found


def game_seats(factory: GameFactory, options: Any = None) -> int:
    """The number of seats of a game with ``options`` (the game's options struct), or without
    them the most it can have (the bound of a seat in the game's JSON Schema)."""
    if options is not None:
        seats: int = factory(options).seats
        return seats
    return max(factory.seat_counts)


def _in_order(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(set(cards), key=lambda card: card.index))


@functools.lru_cache(maxsize=64)
def _packs(factory: Any) -> tuple[tuple[tuple[Card, ...], dict[str, Any]], ...]:
    values: list[list[tuple[str, Any]]] = []
    for field in msgspec.structs.fields(factory.options_type):
        allowed = _choices(mi.type_info(field.type))
        if allowed:
            values.append([(field.name, value) for value in allowed])
    chosen: dict[tuple[Card, ...], list[dict[str, Any]]] = {}
    for combination in itertools.islice(itertools.product(*values), _MAX_PACK_VARIANTS):
        try:
            game = factory(factory.options_type(**dict(combination)))
        except (TrickcoreError, ValueError, TypeError):
            continue
        pack = getattr(game, "pack", None)
        if pack is None:
            return ((_in_order(Card), {}),)
        chosen.setdefault(_in_order(pack), []).append(dict(combination))
    if len(chosen) < 2:
        return tuple((pack, {}) for pack in chosen) or ((_in_order(Card), {}),)
    return tuple(
        (
            pack,
            {
                name: value
                for name, value in ways[0].items()
                if all(way[name] == value for way in ways)
            },
        )
        for pack, ways in chosen.items()
    )


def _choices(kind: Any) -> tuple[Any, ...]:
    while isinstance(kind, mi.Metadata):
        kind = kind.type
    if isinstance(kind, mi.LiteralType) and not all(isinstance(v, bool) for v in kind.values):
        return tuple(kind.values)
    if isinstance(kind, mi.EnumType):
        return tuple(kind.cls)
    return ()


def game_types(factory: GameFactory) -> Any:
    """Something with the game's types as attributes (``action_type``, ``view_type``,
    ``event_type``, ``state_type``, ``options_type``): the registered class itself, or, for a
    factory that is not a game class, the game it builds with the default options."""
    if all(hasattr(factory, kind) for kind in _TYPES):
        return factory
    return factory(factory.options_type())


_TYPES = ("action_type", "view_type", "event_type", "state_type", "options_type")


def card_problem(value: Any, cards: frozenset[Card], *, path: str = "$") -> str | None:
    """What in a decoded ``value`` is not as a game's JSON Schema says: a card that is not in
    ``cards``, or a shuffle that holds a card twice (``at $.order[5]: "2C" is not a card of
    this game``); ``None`` when nothing is."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, Card):
            if item not in cards:
                return f'at {where}: "{item.value}" is not a card of this game'
        elif isinstance(item, msgspec.Struct):
            if isinstance(item, Shuffle) and len(set(item.order)) != len(item.order):
                return f"at {where}.order: a shuffle holds each card once"
            stack.extend(
                (getattr(item, field), f"{where}.{field}")
                for field in reversed(item.__struct_fields__)
            )
        elif isinstance(item, (tuple, list)):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))
        elif isinstance(item, dict):
            stack.extend((child, f"{where}.{key}") for key, child in item.items())
    return None


def seat_problem(value: Any, seats: int, *, path: str = "$") -> str | None:
    """What in a decoded struct ``value`` is not a seat of a table of ``seats`` seats where
    its type says a seat goes (a :data:`~trickcore.game.SeatField`: ``at $.dealer: 4 is not a
    seat 0-3``); ``None`` when nothing is."""
    cls: Any = type(value)
    return _seat_problem(value, _type_info(cls), seats - 1, path)


@functools.cache  # kept for good: _holds_seat knows its types by id
def _type_info(cls: type) -> mi.Type:
    return mi.type_info(cls)


def _seat_problem(value: Any, kind: mi.Type, last: int, where: str) -> str | None:
    if not _holds_seat(kind):
        return None
    if isinstance(kind, mi.Metadata):
        if _is_seat(kind) and type(value) is int and value > last:
            return f"at {where}: {value} is not a seat 0-{last}"
        return _seat_problem(value, kind.type, last, where)
    if isinstance(kind, mi.StructType):
        for field in kind.fields:
            found = _seat_problem(
                getattr(value, field.name), field.type, last, f"{where}.{field.encode_name}"
            )
            if found is not None:
                return found
        return None
    if isinstance(kind, mi.UnionType):
        member = next((each for each in kind.types if _fits(value, each)), None)
        return None if member is None else _seat_problem(value, member, last, where)
    items: Iterable[tuple[Any, mi.Type]]
    if isinstance(kind, (mi.ListType, mi.VarTupleType)):
        items = ((item, kind.item_type) for item in value)
    elif isinstance(kind, mi.TupleType):
        items = zip(value, kind.item_types, strict=False)
    else:
        return None
    for index, (item, item_kind) in enumerate(items):
        found = _seat_problem(item, item_kind, last, f"{where}[{index}]")
        if found is not None:
            return found
    return None


def _is_seat(kind: mi.Metadata) -> bool:
    return (kind.extra or {}).get("trickcore") == SEAT_MARK


def _fits(value: Any, kind: mi.Type) -> bool:
    """Whether ``value`` is of the union member ``kind`` (enough to tell the members of a
    union msgspec can decode apart)."""
    while isinstance(kind, mi.Metadata):
        kind = kind.type
    if isinstance(kind, mi.StructType):
        return type(value) is kind.cls
    if isinstance(kind, mi.IntType):
        return type(value) is int
    if isinstance(kind, (mi.ListType, mi.VarTupleType, mi.TupleType)):
        return isinstance(value, (list, tuple))
    return False


_HOLDS_SEAT: dict[int, bool] = {}
"""Per type (by the id of its :func:`_type_info`, which is kept), whether a seat is in it."""


def _holds_seat(kind: mi.Type) -> bool:
    known = _HOLDS_SEAT.get(id(kind))
    if known is None:
        _HOLDS_SEAT[id(kind)] = False  # a recursive type holds no more than what it adds
        known = _HOLDS_SEAT[id(kind)] = any(_holds_seat(child) for child in _children(kind)) or (
            isinstance(kind, mi.Metadata) and _is_seat(kind)
        )
    return known


def _children(kind: mi.Type) -> tuple[mi.Type, ...]:
    if isinstance(kind, mi.Metadata):
        return (kind.type,)
    if isinstance(kind, mi.StructType):
        return tuple(field.type for field in kind.fields)
    if isinstance(kind, mi.UnionType):
        return tuple(kind.types)
    if isinstance(kind, (mi.ListType, mi.VarTupleType)):
        return (kind.item_type,)
    if isinstance(kind, mi.TupleType):
        return tuple(kind.item_types)
    return ()


def check_part(factory: GameFactory, part: Part, value: Any, options: Any = None) -> None:
    """Raise :class:`~trickcore.errors.DecodeError` when ``value`` (``part`` of the game
    ``factory``, decoded with the game's type) is not as the game's JSON Schema says: a card
    of another game (:func:`card_problem`), a seat beyond the game's largest table
    (:func:`seat_problem`), or a replay of another game. With ``options`` (the game's options
    struct), as the schema of those options says (``game_schema(factory, options=...)``):
    their pack's cards, their number of seats, and these options wherever options are
    written."""
    problem = card_problem(value, frozenset(game_cards(factory, options)))
    if problem is None:
        problem = seat_problem(value, game_seats(factory, options))
    if problem is None and part == "event":
        problem = sides_problem(factory, value)
    if problem is None and part in ("replay", "table"):
        replay, at = (value.replay, "$.replay") if part == "table" else (value, "$")
        if replay.game != factory.name:
            problem = f'at {at}.game: "{replay.game}" is not "{factory.name}"'
    written, at = _written_options(part, value)
    if problem is None and written is not None:
        try:  # the bounds every game's options have (64-bit integers), declared or not
            check_options(written)
        except OptionError as error:
            problem = f"at {at}: {error}"
    if problem is None and options is not None:
        problem = _options_problem(part, value, options)
    if problem is not None:
        raise DecodeError(f"cannot read {_WHAT[part]} from JSON: {problem}")


def sides_problem(factory: GameFactory, event: Any) -> str | None:
    """What in a decoded ``event`` has not one number per side where the game's JSON Schema
    says so: a per-side field (``scores``, or ``tricks`` counted per side, a tuple of integers
    of any length in the event's type) must be as long as the view's ``scores`` wherever that
    is fixed (two sides), as :func:`trickcore.schema.game_schema` writes it."""
    sides = _fixed_sides(game_types(factory).view_type)
    if sides is None or not isinstance(event, msgspec.Struct):
        return None
    for field in _type_info(type(event)).fields:  # type: ignore[attr-defined]
        if field.name in ("scores", "tricks") and _is_int_tuple(field.type):
            value = getattr(event, field.name)
            if len(value) != sides:
                return f"at $.{field.encode_name}: {len(value)} numbers, not one per side ({sides})"
    return None


@functools.cache
def _fixed_sides(view_type: type) -> int | None:
    """The length of a view type's ``scores`` when its type fixes it, else ``None``."""
    info = _type_info(view_type)
    for field in getattr(info, "fields", ()):
        if field.name == "scores" and isinstance(field.type, mi.TupleType):
            return len(field.type.item_types)
    return None


def _is_int_tuple(kind: mi.Type) -> bool:
    return isinstance(kind, mi.VarTupleType) and isinstance(kind.item_type, mi.IntType)


def _written_options(part: Part, value: Any) -> tuple[Any, str]:
    """The options written in a decoded ``part`` (``None`` in a part without them) and where."""
    return {
        "options": (value, "$"),
        "replay": (getattr(value, "options", None), "$.options"),
        "table": (getattr(getattr(value, "replay", None), "options", None), "$.replay.options"),
    }.get(part, (None, "$"))


def _options_problem(part: Part, value: Any, options: Any) -> str | None:
    written, at = _written_options(part, value)
    if written is None:
        written = options
    if written != options:
        return f"at {at}: not the options {json_text(options)}"
    return None
