"""Action encodings: every action a seat may ever take, numbered ``0`` to ``size - 1``.

Learning libraries (PettingZoo, OpenSpiel) see a game's actions as integers in a fixed range and
its legal actions as a mask over that range. An :class:`ActionEncoding` is that numbering, fixed
for a game and its options, and versioned, because a trained policy depends on it.

:func:`derive_action_encoding` derives one from the game's action union, with no help from the
game: each seat action struct in declaration order, times the values of its fields in declaration
order (a :class:`~trickcore.Card` ranges over the game's pack, a :class:`~trickcore.Suit` over the
four suits, an enumeration over its members, a ``Literal`` over its values, a ``bool`` over
``False, True``, an ``int`` with both bounds (``Meta(ge=..., le=...)``) over that range, an
optional field over ``None`` then its values). The chance actions
(:class:`~trickcore.DrawDealer`, :class:`~trickcore.Shuffle`) are left out: chance is not an
agent. Euchre's pass, order up, call (4 suits), discard (a card), alone, with partner and play (a
card) are 56 actions with its 24-card pack, 72 with 32 cards and 58 with 25.

A game may supply its own, more compact numbering by offering an ``action_encoding()`` method
that returns an :class:`ActionEncoding` built from its own list of actions (see
:func:`trickcore.encoding.action_encoding`).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from types import UnionType
from typing import (
    Annotated,
    Any,
    Generic,
    Literal,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

import msgspec

from trickcore.cards import Card, standard_deck
from trickcore.errors import TrickcoreError
from trickcore.game import DrawDealer, Shuffle, action_text

__all__ = [
    "DERIVED_ACTION_VERSION",
    "ActionEncoding",
    "EncodingError",
    "derive_action_encoding",
    "field_values",
]

A = TypeVar("A")

DERIVED_ACTION_VERSION = 1
"""The version of the numbering :func:`derive_action_encoding` makes; it changes only when the
way of deriving changes (a game changes its own encoding by changing its action union)."""

CHANCE_ACTIONS: tuple[type[msgspec.Struct], ...] = (DrawDealer, Shuffle)
"""The shared chance actions, never numbered."""

ALL_CARDS: tuple[Card, ...] = standard_deck(joker=True)
"""The pack assumed for a game that does not say its own (no ``pack`` attribute)."""


class EncodingError(TrickcoreError, ValueError):
    """An action or index outside an encoding, or a type that cannot be encoded."""


class ActionEncoding(Generic[A]):
    """A fixed numbering of a game's seat actions: index ``i`` is ``actions[i]``.

    >>> from trickcore_euchre.actions import Pass, Play
    >>> encoding = ActionEncoding((Pass(), Play(card=Card("QH"))), version=1)
    >>> encoding.size, encoding.index(Play(card=Card("QH"))), encoding.action(0)
    (2, 1, Pass())
    >>> encoding.mask([Play(card=Card("QH"))])
    [0, 1]
    """

    __slots__ = ("_index", "actions", "version")

    def __init__(self, actions: Sequence[A], *, version: int) -> None:
        """Number ``actions`` in the order given; they must be distinct and hashable.
        ``version`` names this numbering: change it whenever the numbering changes."""
        self.actions: tuple[A, ...] = tuple(actions)
        """Every encoded action, by index."""
        self.version: int = version
        """The version of this numbering (part of the names of environments built on it)."""
        self._index: dict[A, int] = {}
        for i, action in enumerate(self.actions):
            if self._index.setdefault(action, i) != i:
                raise EncodingError(f"action {action_text(action)} is listed twice")

    @property
    def size(self) -> int:
        """How many actions are numbered: indices are ``0`` to ``size - 1``."""
        return len(self.actions)

    def index(self, action: A) -> int:
        """The index of ``action``; :class:`EncodingError` for an action not numbered."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise EncodingError(
                f"{action_text(action)} is not an action of this encoding"
            ) from None

    def action(self, index: int) -> A:
        """The action numbered ``index`` (an ``int`` or anything with ``__index__``, such as a
        numpy integer); :class:`EncodingError` for an index out of range."""
        try:
            position = index.__index__()
        except (AttributeError, TypeError):
            raise EncodingError(f"an action index is an integer, not {index!r}") from None
        if not 0 <= position < len(self.actions):
            raise EncodingError(f"action indices are 0-{self.size - 1}, not {position}")
        return self.actions[position]

    def indices(self, actions: Iterable[A]) -> tuple[int, ...]:
        """The index of each of ``actions``, in their order."""
        return tuple(self.index(action) for action in actions)

    def mask(self, legal: Iterable[A]) -> list[int]:
        """``size`` entries, 1 at the index of each action in ``legal`` and 0 elsewhere."""
        mask = [0] * len(self.actions)
        for action in legal:
            mask[self.index(action)] = 1
        return mask

    def __repr__(self) -> str:
        return f"ActionEncoding(size={self.size}, version={self.version})"


def derive_action_encoding(
    action_type: Any, pack: Sequence[Card] | None = None
) -> ActionEncoding[Any]:
    """The numbering of ``action_type`` (a tagged union of action structs, a game's
    ``action_type``) described in the module text, cards ranging over ``pack`` (all 52 cards
    and the joker when ``None``). :class:`EncodingError` names a field whose values cannot be
    listed (an ``int`` without bounds, a tuple): such a game supplies its own encoding."""
    cards = tuple(pack) if pack is not None else ALL_CARDS
    actions: list[Any] = []
    for member in _members(action_type):
        if not (isinstance(member, type) and issubclass(member, msgspec.Struct)):
            raise EncodingError(f"an action type is a union of structs, not {member!r}")
        if issubclass(member, CHANCE_ACTIONS):
            continue
        hints = get_type_hints(member, include_extras=True)
        names = member.__struct_fields__
        domains = [
            field_values(hints[name], cards, where=f"{member.__name__}.{name}") for name in names
        ]
        actions.extend(
            member(**dict(zip(names, values, strict=True)))
            for values in itertools.product(*domains)
        )
    return ActionEncoding(actions, version=DERIVED_ACTION_VERSION)


def field_values(
    annotation: Any, cards: Sequence[Card], *, where: str = "a field"
) -> tuple[Any, ...]:
    """Every value of a field annotated ``annotation``, in a fixed order: cards in ``cards``
    order, enumeration members in declaration order, ``Literal`` values as written, ``False``
    before ``True``, integers with both bounds (``Meta(ge=..., le=...)``) upwards, ``None``
    first in an optional field. :class:`EncodingError` (naming ``where``) when they cannot be
    listed."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        base, metas = args[0], [meta for meta in args[1:] if isinstance(meta, msgspec.Meta)]
        if base is int and metas:
            low = next((m.ge for m in metas if m.ge is not None), None)
            high = next((m.le for m in metas if m.le is not None), None)
            if isinstance(low, int) and isinstance(high, int):
                return tuple(range(low, high + 1))
        return field_values(base, cards, where=where)
    if origin is Literal:
        return args
    if origin is Union or origin is UnionType:
        members = sorted(args, key=lambda member: member is not type(None))
        return tuple(
            value for member in members for value in field_values(member, cards, where=where)
        )
    if annotation is type(None) or annotation is None:
        return (None,)
    if annotation is bool:
        return (False, True)
    if annotation is Card:
        return tuple(cards)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return tuple(annotation)
    raise EncodingError(
        f"the values of {where} ({_type_name(annotation)}) cannot be listed: the game must supply "
        "its own action_encoding()"
    )


def _members(union: Any) -> tuple[Any, ...]:
    """The members of a union (a lone type is a union of one)."""
    if get_origin(union) is Union or get_origin(union) is UnionType:
        return get_args(union)
    return (union,)


def _type_name(annotation: Any) -> str:
    if annotation is int:
        return "an integer without both bounds"
    return getattr(annotation, "__name__", None) or repr(annotation)
