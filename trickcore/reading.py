"""Reading a game's files: what its JSON Schema states beyond the Python types.

A game's types say that a card is a :class:`~trickcore.Card`; the game's JSON Schema
(``trickcore schema GAME``, :mod:`trickcore.schema`) says more: a card is one of *that game's*
cards (:func:`game_cards`, the cards of every pack its options can choose), and a shuffle holds
each card at most once. :func:`check_part` checks a decoded part of a game by these rules;
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
from typing import Any, Literal, get_args

import msgspec
import msgspec.inspect as mi

from trickcore.cards import Card
from trickcore.errors import DecodeError, TrickcoreError
from trickcore.game import GameFactory, Shuffle

__all__ = [
    "PARTS",
    "Part",
    "card_problem",
    "check_part",
    "game_cards",
    "game_types",
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


def game_cards(factory: GameFactory) -> tuple[Card, ...]:
    """Every card a game can use, in :attr:`~trickcore.Card.index` order: the union of its
    ``pack`` (see :class:`~trickcore.kit.TrickGame`) over the values of its options with a
    fixed set of values other than true and false (Euchre's ``deck``, All Fours' ``players``).
    A game without a ``pack`` attribute can use every card."""
    key: Any = factory
    cards: tuple[Card, ...] = _game_cards(key)
    return cards


@functools.lru_cache(maxsize=64)
def _game_cards(factory: Any) -> tuple[Card, ...]:
    values: list[list[tuple[str, Any]]] = []
    for field in msgspec.structs.fields(factory.options_type):
        allowed = _choices(mi.type_info(field.type))
        if allowed:
            values.append([(field.name, value) for value in allowed])
    found: set[Card] = set()
    for combination in itertools.islice(itertools.product(*values), _MAX_PACK_VARIANTS):
        try:
            game = factory(factory.options_type(**dict(combination)))
        except (TrickcoreError, ValueError, TypeError):
            continue
        pack = getattr(game, "pack", None)
        if pack is None:
            return tuple(sorted(Card, key=lambda card: card.index))
        found.update(pack)
    return tuple(sorted(found or Card, key=lambda card: card.index))


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


def check_part(factory: GameFactory, part: Part, value: Any) -> None:
    """Raise :class:`~trickcore.errors.DecodeError` when ``value`` (``part`` of the game
    ``factory``, decoded with the game's type) is not as the game's JSON Schema says: a card
    of another game (:func:`card_problem`), or a replay of another game."""
    problem = card_problem(value, frozenset(game_cards(factory)))
    if problem is None and part in ("replay", "table"):
        replay, at = (value.replay, "$.replay") if part == "table" else (value, "$")
        if replay.game != factory.name:
            problem = f'at {at}.game: "{replay.game}" is not "{factory.name}"'
    if problem is not None:
        raise DecodeError(f"cannot read {_WHAT[part]} from JSON: {problem}")
