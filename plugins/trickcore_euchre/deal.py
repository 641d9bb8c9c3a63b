"""Euchre's table and deal, as kit declarations (E1, E3)."""

from __future__ import annotations

from trickcore.game import Direction
from trickcore.kit.deal import DealSchedule
from trickcore.kit.seating import Seating

__all__ = ["DEAL", "SEATING"]

SEATING = Seating(4, Direction.CLOCKWISE, sides=2)
"""Four seats, partners opposite: seats 0 and 2 against 1 and 3 (E1)."""

DEAL = DealSchedule(SEATING, packets=(1, 1, 1, 1, 1), kick=1, rest_seen=False)
"""Five cards each, one at a time from the dealer's left, then the up-card; the rest stay
undealt in order, face down, and take no part in the hand (E3)."""
