"""The auction's arithmetic (A3): how strong a bid is, the highest bid so far, who has passed.

Suits rank for bidding only, low to high: Diamonds, Hearts, Clubs, Spades (A1). A bid is
stronger than another when its number is higher, whatever the suits; with equal numbers, the
stronger suit wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.cards import Suit
from trickcore_apples.state import Call

__all__ = ["BID_SUITS", "highest", "passed", "strength", "trailing_passes"]

BID_SUITS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES)
"""The suits in bidding order, weakest first (A1)."""

_SUIT_RANK = {suit: rank for rank, suit in enumerate(BID_SUITS)}


def strength(number: int, suit: Suit) -> int:
    """A number that orders bids: higher is stronger (A3)."""
    return number * len(BID_SUITS) + _SUIT_RANK[suit]


def highest(auction: Sequence[Call]) -> Call | None:
    """The highest bid so far (bids only ever rise, so the last one), or ``None``."""
    for call in reversed(auction):
        if not call.is_pass:
            return call
    return None


def passed(auction: Sequence[Call]) -> frozenset[int]:
    """The seats that have passed at least once."""
    return frozenset(call.seat for call in auction if call.is_pass)


def trailing_passes(auction: Sequence[Call]) -> int:
    """How many passes in a row end the auction so far."""
    count = 0
    for call in reversed(auction):
        if not call.is_pass:
            break
        count += 1
    return count
