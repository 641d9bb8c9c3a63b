"""Apples' table, deal and bidding pile as kit declarations (A1, A2, A4)."""

from __future__ import annotations

from trickcore.cards import Card, standard_deck
from trickcore.game import Direction
from trickcore.kit.deal import DealSchedule
from trickcore.kit.seating import Seating

__all__ = ["DEAL", "HAND_SIZE", "PACK", "SEATING", "TRICKS", "pile_schedule"]

SEATING = Seating(4, Direction.CLOCKWISE)
"""Four seats, each player for themselves, play going clockwise (A1)."""

PACK: tuple[Card, ...] = standard_deck()
"""The standard 52-card pack, in index order (A1)."""

DEAL = DealSchedule(SEATING, packets=(1,) * 13)
"""All 52 cards one at a time from the dealer's left: 13 each (A2)."""

HAND_SIZE = 13
TRICKS = 12
"""Tricks in a round: 13 cards each, less the target card (A5, A6)."""

_PILES = {n: DealSchedule(SEATING, packets=(1,) * n) for n in range(1, HAND_SIZE + 1)}


def pile_schedule(number: int) -> DealSchedule:
    """How a bidding pile of ``4 * number`` cards is dealt back: one at a time from the dealer's
    left until each player has ``number`` (A2, A4)."""
    return _PILES[number]
