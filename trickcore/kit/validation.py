"""Helpers for ``validate``: checking a state decoded from outside (DESIGN 4).

The surest check that a legal game can reach a state is to play its hand again: the state holds
each seat's cards and the tricks played, so the deal that started the hand can be rebuilt
(:func:`dealt_cards`, then :meth:`~trickcore.kit.deal.DealSchedule.stack`) and the hand's
recorded actions applied to it (:func:`replay`); the state is valid when that arrives exactly at
it (:func:`differences` names what does not). :func:`card_problems` counts the cards first, so
that a card held twice or foreign to the pack gets a message of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import msgspec

from trickcore.cards import Card
from trickcore.errors import IllegalActionError
from trickcore.game import Seat
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, Trick

__all__ = [
    "card_problems",
    "dealt_cards",
    "differences",
    "replay",
    "seat_problems",
    "trick_problems",
    "undo_exchange",
]

S = TypeVar("S")


def card_problems(located: Iterable[Card], pack: Sequence[Card]) -> list[str]:
    """What is wrong with the cards of a state (``located``: every card in every place, once per
    place): cards held more than once, cards not in the pack, and (when none is foreign) cards
    missing."""
    counts = Counter(located)
    problems = []
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    if twice:
        problems.append("cards held more than once: " + " ".join(twice))
    known = frozenset(pack)
    foreign = sorted(str(card) for card in counts if card not in known)
    if foreign:
        problems.append(f"cards not in the {len(known)}-card pack: " + " ".join(foreign))
    missing = sorted(str(card) for card in pack if card not in counts)
    if missing and not foreign:
        problems.append("cards missing: " + " ".join(missing))
    return problems


def _is_seat(seating: Seating, value: object) -> bool:
    return type(value) is int and 0 <= value < seating.seats


def seat_problems(seating: Seating, **fields: int | Sequence[int] | None) -> list[str]:
    """A problem for each named field that should hold a seat of the table (or ``None``) or a
    sequence of seats and holds anything else: ``seat_problems(SEATING, turn=5)`` gives
    ``["turn 5 is not a seat 0-3"]``."""
    seats = f"a seat 0-{seating.seats - 1}"
    problems = []
    for name, value in fields.items():
        if value is None or _is_seat(seating, value):
            continue
        if isinstance(value, tuple | list):
            if not all(_is_seat(seating, seat) for seat in value):
                problems.append(f"{name} {list(value)} holds something that is not {seats}")
        else:
            problems.append(f"{name} {value} is not {seats}")
    return problems


def trick_problems(
    seating: Seating, tricks: Sequence[Trick], policy: FollowSuit | None = None
) -> list[str]:
    """What is wrong with finished tricks: seats that are not seats of the table, cards and
    seats that do not pair up, a winner who did not play and, given the ``policy`` (whose
    order must know every card), a winner the cards do not make."""
    problems = []
    for number, trick in enumerate(tricks, start=1):
        problems += seat_problems(seating, **{f"the seats of trick {number}": trick.seats})
        if len(trick.cards) != len(trick.seats) or not trick.cards:
            problems.append(
                f"a trick of {len(trick.cards)} cards played by {len(trick.seats)} seats"
            )
        elif not _is_seat(seating, trick.winner) or trick.winner not in trick.seats:
            problems.append(f"trick winner {trick.winner} did not play in the trick")
        elif policy is not None and trick.winner != trick.seats[policy.winner(trick.cards)]:
            problems.append(f"trick {number} was not won by seat {trick.winner}")
    return problems


def dealt_cards(
    hands: Sequence[Sequence[Card]], plays: Iterable[tuple[Sequence[Seat], Sequence[Card]]]
) -> list[list[Card]]:
    """Each seat's cards before play: what it holds now and what it played (``plays``: pairs
    of the seats in their order of play and the cards they played, as for tricks)."""
    held = [list(hand) for hand in hands]
    for seats, cards in plays:
        for seat, card in zip(seats, cards, strict=False):
            held[seat].append(card)
    return held


def undo_exchange(
    held: Sequence[Sequence[Card]],
    given: Sequence[Sequence[Card]],
    received: Sequence[Sequence[Card]],
) -> tuple[list[list[Card]], list[str]]:
    """Each seat's cards before an exchange of cards between hands (Apples' bidding pile, a
    pass in Hearts): what it holds after it (``held``, by seat), less what it ``received``, plus
    what it ``given``. A problem for each received card that the seat does not hold."""
    before = [list(cards) for cards in held]
    problems = []
    for seat, (cards, back, out) in enumerate(zip(before, received, given, strict=True)):
        for card in back:
            if card in cards:
                cards.remove(card)
            else:
                problems.append(f"seat {seat} received {card} but does not hold it")
        cards.extend(out)
    return before, problems


def replay(game: Any, start: S, actions: Iterable[Any]) -> tuple[S, list[str]]:
    """Apply ``actions`` to ``start`` through ``game.apply``: the state reached and no problem,
    or the state before the first illegal step and a problem naming it."""
    state = start
    for number, action in enumerate(actions, start=1):
        try:
            state = game.apply(state, action)
        except IllegalActionError as error:
            return state, [f"step {number} of the recorded hand ({action}) is not legal: {error}"]
    return state, []


def differences(actual: msgspec.Struct, expected: msgspec.Struct) -> list[str]:
    """``"name is X, play gives Y"`` for each field in which ``actual`` and ``expected`` (two
    structs of one type) differ."""
    return [
        f"{name} is {getattr(actual, name)!r}, play gives {getattr(expected, name)!r}"
        for name in actual.__struct_fields__
        if getattr(actual, name) != getattr(expected, name)
    ]
