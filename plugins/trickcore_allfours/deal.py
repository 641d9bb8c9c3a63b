"""All Fours' pack, tables and deals, as kit declarations (F1, F2, F3).

Deal and play go anticlockwise (to the right). The first deal gives 6 cards to each player one
at a time, starting on the dealer's right and ending with the dealer, then kicks the next card;
a run of the pack deals 3 more each the same way from the stock, then kicks again (F2).
"""

from __future__ import annotations

from typing import NamedTuple

from trickcore.cards import Card, standard_deck
from trickcore.game import Direction
from trickcore.kit.deal import DealSchedule
from trickcore.kit.seating import Seating

__all__ = ["HAND_SIZE", "PACK", "RUN_SIZE", "TABLES", "Table"]

PACK: tuple[Card, ...] = standard_deck()
"""One standard 52-card pack; in every suit A K Q J 10 ... 2, high to low (F1)."""
HAND_SIZE = 6
"""Cards dealt to each player by a fresh deal (F2)."""
RUN_SIZE = 3
"""Cards dealt to each player by a run of the pack (F3)."""


class Table(NamedTuple):
    """A table of 4 or 2 players: the seating, the fresh deal and a run of the pack."""

    seating: Seating
    deal: DealSchedule
    run: DealSchedule


def _table(players: int) -> Table:
    sides = 2  # partners opposite at four seats; a side each at two (F1)
    seating = Seating(players, Direction.ANTICLOCKWISE, sides=sides)
    return Table(
        seating,
        DealSchedule(seating, packets=(1,) * HAND_SIZE, kick=1),
        DealSchedule(seating, packets=(1,) * RUN_SIZE, kick=1),
    )


TABLES: dict[int, Table] = {players: _table(players) for players in (4, 2)}
"""The table for each number of players (F1)."""
