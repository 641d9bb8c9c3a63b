"""Chance in a game on the kit (DESIGN 2.3: a shuffle is an action of the chance player,
carrying the order of the cards), apart from the rules of :class:`~trickcore.kit.TrickGame`,
whose methods of the same names call these:

* :func:`sample_chance`, chance's action drawn from a stream: a uniform choice among the
  outcomes the game lists (the draw for the first dealer), or a shuffle;
* :func:`shuffle`, a shuffle of the pack (or of a pile gathered during the hand) drawn from a
  stream, and :func:`shuffled_pack`, a supplied one checked;
* :func:`deal_shuffle`, a supplied shuffle dealt by the game's schedule, each seat told its own
  hand;
* :data:`WHOLE_PACK`, how the kit's ``chance_text`` names the shuffle chance owes.

The functions reach the game through its methods (``actor``, ``legal_actions``, ``shuffle``,
``shuffled_pack``, ``no_chance``, ``illegal``), so a game that overrides one of them (Apples
shuffles its bidding pile) is served by the others. A game overrides the methods, never these
functions: the methods say what the game is, these how the kit serves it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

import msgspec

from trickcore.cards import Card
from trickcore.game import CHANCE, Seat, Shuffle
from trickcore.kit import events
from trickcore.kit.deal import Dealt, shuffle_problem
from trickcore.kit.events import EventLog
from trickcore.rng import Rng

if TYPE_CHECKING:
    from trickcore.kit.base import TrickGame

__all__ = ["WHOLE_PACK", "deal_shuffle", "sample_chance", "shuffle", "shuffled_pack"]

S = TypeVar("S", bound=msgspec.Struct)
A = TypeVar("A")

WHOLE_PACK: Final = "a shuffle of the whole pack"
"""What chance may do when its actions cannot be listed, unless the game says more
(:meth:`TrickGame.chance_text <trickcore.kit.TrickGame.chance_text>`)."""


def sample_chance(game: TrickGame[Any, A, Any, Any], state: Any, rng: Rng) -> A:
    """:meth:`TrickGame.sample_chance <trickcore.kit.TrickGame.sample_chance>`: a uniform
    choice from ``rng`` among the outcomes ``game.legal_actions`` lists, or ``game.shuffle``
    when it lists none; ``game.no_chance`` when chance is not to act."""
    if game.actor(state) is not CHANCE:
        raise game.no_chance(state)
    listed = game.legal_actions(state)
    if listed:
        return rng.choice(listed)
    # A Shuffle is one of every game's actions; no typing.cast: a call in the pure build.
    return game.shuffle(rng)  # type: ignore[return-value]


def shuffle(
    game: TrickGame[Any, Any, Any, Any], rng: Rng, cards: Sequence[Card] | None = None
) -> Shuffle:
    """:meth:`TrickGame.shuffle <trickcore.kit.TrickGame.shuffle>`: the game's whole pack, or
    ``cards``, in the order :meth:`Rng.shuffled <trickcore.Rng.shuffled>` draws."""
    return Shuffle(order=rng.shuffled(game.pack if cards is None else cards))


def shuffled_pack(
    game: TrickGame[S, Any, Any, Any],
    state: S,
    action: object,
    cards: Sequence[Card] | None = None,
) -> tuple[Card, ...]:
    """:meth:`TrickGame.shuffled_pack <trickcore.kit.TrickGame.shuffled_pack>`: the order of
    ``action``, a :class:`~trickcore.Shuffle` holding the game's pack (or ``cards``) once each;
    else ``game.illegal``, naming what is missing, doubled or foreign
    (:func:`~trickcore.kit.deal.shuffle_problem`)."""
    if not isinstance(action, Shuffle):
        raise game.illegal(state, action)
    order = action.order
    if cards is None:
        expected, listed = game._pack_set, game.pack
    else:
        expected, listed = frozenset(cards), tuple(cards)
    if len(order) != len(expected) or expected.symmetric_difference(order):
        raise game.illegal(state, action, shuffle_problem(order, listed))
    return order


def deal_shuffle(
    game: TrickGame[S, Any, Any, Any],
    state: S,
    action: object,
    dealer: Seat,
    hand_number: int,
    *,
    log: EventLog | None,
    shown: Callable[[Dealt, Seat], bool] | None,
) -> Dealt:
    """:meth:`TrickGame.deal_shuffle <trickcore.kit.TrickGame.deal_shuffle>`: ``action``
    checked by ``game.shuffled_pack`` and dealt by ``game.deal`` from ``dealer``; ``log`` told
    each seat's own hand (:class:`~trickcore.kit.events.Dealt`) where ``shown(dealt, seat)``
    allows (``None``: every seat sees its own)."""
    schedule = game.deal
    if schedule is None:
        raise TypeError(f"{type(game).__name__} declares no deal schedule")
    dealt = schedule.deal(game.shuffled_pack(state, action), dealer)
    if log is not None:
        seen = None if shown is None else functools.partial(shown, dealt)
        own = log.own_entry(dealt.hands, seen)
        log.add(events.Dealt(hand_number=hand_number, dealer=dealer, hand=own))
    return dealt
