"""Scoring a round (A7): card values, groups of a rank, and the target bonuses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from trickcore.cards import Card, Rank
from trickcore.kit.tricks import Trick
from trickcore_apples.state import Group

__all__ = ["VALUES", "groups", "points", "points_added", "rank_counts", "value", "winnings_pile"]

VALUES: dict[Rank, int] = {
    **dict.fromkeys((Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE), -15),
    **dict.fromkeys((Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE), 5),
    **dict.fromkeys((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), 10),
    Rank.ACE: 15,
}
"""The value v of each rank (A7)."""

_TIMES = {1: 0, 2: 1, 3: 2, 4: 4}
"""What a single, pair, triple and four of a kind score, in multiples of v (A7)."""
_TARGET_BONUS = {3: 40, 4: 80}
"""Three or four of the target's rank, the target card included (A7)."""


def value(card: Card) -> int:
    """The card's value v (A7)."""
    assert card.rank is not None
    return VALUES[card.rank]


def groups(winnings: Iterable[Card], target: Card) -> tuple[Group, ...]:
    """The winnings pile plus the target card grouped by rank, high rank first, each with its
    points (A7)."""
    counts = Counter(card.rank for card in (*winnings, target))
    found = []
    for rank in sorted(counts, key=lambda rank: rank.order if rank else 0, reverse=True):
        assert rank is not None
        count = counts[rank]
        bonus = rank is target.rank and count in _TARGET_BONUS
        scored = _rank_points(rank, count, target)
        found.append(Group(rank=rank, count=count, points=scored, target_bonus=bonus))
    return tuple(found)


def points(winnings: Iterable[Card], target: Card) -> int:
    """A player's round score from their winnings pile and target card (A7): the total of
    :func:`groups`' points, counted without building the groups."""
    total = 0
    for rank, count in rank_counts(winnings, target).items():
        total += _rank_points(rank, count, target)
    return total


def rank_counts(winnings: Iterable[Card], target: Card) -> dict[Rank | None, int]:
    """How many cards of each rank the winnings pile and the target card make together (A7):
    what :func:`points` scores, and what :func:`points_added` adds to."""
    counts: dict[Rank | None, int] = {target.rank: 1}
    for card in winnings:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


def points_added(counts: dict[Rank | None, int], target: Card, cards: Iterable[Card]) -> int:
    """What winning ``cards`` would add to the round score of a player whose winnings pile and
    ``target`` make ``counts`` (:func:`rank_counts`): :func:`points` after less before, from the
    ranks the cards change only (A7), for a player weighing each card it might win."""
    added: dict[Rank | None, int] = {}
    for card in cards:
        added[card.rank] = added.get(card.rank, 0) + 1
    gain = 0
    for rank, extra in added.items():
        before = counts.get(rank, 0)
        gain += _rank_points(rank, before + extra, target)
        if before:
            gain -= _rank_points(rank, before, target)
    return gain


def _rank_points(rank: Rank | None, count: int, target: Card) -> int:
    """The points of ``count`` cards of ``rank``, the target card among them if of its rank
    (A7)."""
    assert rank is not None
    if rank is target.rank and count in _TARGET_BONUS:
        return _TARGET_BONUS[count]
    return _TIMES[count] * VALUES[rank]


def winnings_pile(tricks: Iterable[Trick], seat: int) -> tuple[Card, ...]:
    """The cards of the tricks ``seat`` won, in the order won: its winnings pile (A6)."""
    return tuple(card for trick in tricks if trick.winner == seat for card in trick.cards)
