"""What scores in All Fours: the kick (F2) and the count after the last trick (F5).

Pure functions over cards and tricks; the rules (:mod:`.rules`) award the points one at a time,
in F5's order, so that the game can end the moment a side reaches the target.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from trickcore.cards import Card, Rank, Suit
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import Trick
from trickcore_allfours.state import Reason

__all__ = ["GAME_VALUES", "Award", "card_points", "count", "game_points", "kick_points"]

GAME_VALUES: dict[Rank, int] = {
    Rank.ACE: 4,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.JACK: 1,
    Rank.TEN: 10,
}
"""What each card is worth towards Game (F5); other ranks count 0."""


def kick_points(card: Card, *, tobago: bool) -> int:
    """The points a kicked card scores for the dealer's side (F2): Ace 1, Six 2, Jack 3; with
    ``tobago`` the Two scores 2 and the Six nothing."""
    rank = card.rank
    if rank is Rank.ACE:
        return 1
    if rank is Rank.JACK:
        return 3
    if rank is (Rank.TWO if tobago else Rank.SIX):
        return 2
    return 0


_POINTS: dict[Card, int] = {
    card: GAME_VALUES.get(card.rank, 0) for card in Card if card.rank is not None
}


def card_points(cards: Iterable[Card]) -> int:
    """The cards' total towards Game (F5)."""
    return sum(map(_POINTS.__getitem__, cards))


class Award(NamedTuple):
    """One item of the count: ``points`` to ``side`` for ``reason``, earned by ``card``."""

    side: int
    points: int
    reason: Reason
    card: Card | None


def game_points(seating: Seating, tricks: Iterable[Trick]) -> tuple[int, int]:
    """Each side's card points for Game: the cards of the tricks it won (F5)."""
    totals = [0, 0]
    for trick in tricks:
        totals[seating.side(trick.winner)] += card_points(trick.cards)
    return totals[0], totals[1]


def count(
    seating: Seating, tricks: tuple[Trick, ...], trump: Suit, *, hang_jack: int
) -> Iterator[Award]:
    """The count after the last trick, in F5's order: High, Low, Jack (or hang jack), Game.

    Every card dealt has been played, so the trumps in play are the trumps in ``tricks`` and
    each was dealt to the seat that played it (kicked cards are in no trick: out of play, F2).
    """
    holder: dict[Card, int] = {}
    captor: dict[Card, int] = {}
    for trick in tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            holder[card] = seat
            captor[card] = trick.winner
    trumps = sorted((card for card in holder if card.suit is trump), key=lambda c: c.index)
    if trumps:
        high, low = trumps[-1], trumps[0]
        yield Award(seating.side(holder[high]), 1, "high", high)
        yield Award(seating.side(holder[low]), 1, "low", low)
    jack = Card(f"J{trump.value}")
    if jack in holder:
        held_by, won_by = seating.side(holder[jack]), seating.side(captor[jack])
        if held_by == won_by:
            yield Award(held_by, 1, "jack", jack)
        else:
            yield Award(won_by, hang_jack, "hang_jack", jack)
    totals = game_points(seating, tricks)
    if totals[0] != totals[1]:
        yield Award(0 if totals[0] > totals[1] else 1, 1, "game", None)
