"""What one seat may see (F8): the All Fours view type and the projection that builds it.

The state's hidden parts are declared once in :data:`PROJECTION` (:mod:`trickcore.kit.hidden`):
each seat sees its own hand and the sizes of the others; the undealt stock is seen by nobody.
Everything else is on the table: every kick and the points it scored, the stand or beg and the
dealer's answer, every card played and who won each trick, the scores.
"""

from __future__ import annotations

import msgspec

from trickcore.cards import Card, Suit
from trickcore.kit.hidden import Projection, SeatPart, shown_turn
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick
from trickcore_allfours.state import (
    AllFoursState,
    Answer,
    Call,
    HandResult,
    Kick,
    Phase,
    Score,
)

__all__ = ["PROJECTION", "AllFoursView"]

_ACTING = frozenset({Phase.STAND_OR_BEG, Phase.GIVE_OR_RUN, Phase.PLAY})


class AllFoursView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's view of a game of All Fours (F8).

    Shows the seat's own hand, the number of cards every seat holds, every kick of the deal
    and the points it scored, the stand or beg and the dealer's answer, every card played and
    who won each trick, every point scored and the scores. Other hands and the undealt stock
    are never in a view.

    Its fields follow the state's order (the hands replaced by ``hand`` and ``hand_sizes``, the
    stock left out), so that :data:`PROJECTION` builds it positionally.
    """

    seat: SeatField
    """Whose view this is."""
    phase: Phase
    dealer: SeatField | None
    scores: tuple[int, int]
    hand_number: int
    redeals: int
    hand_points: tuple[int, int]
    hand: tuple[Card, ...]
    """This seat's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    kicks: tuple[Kick, ...]
    trump: Suit | None
    call: Call | None
    answer: Answer | None
    turn: SeatField | None
    """The seat to act, or ``None`` when chance acts or the game is over."""
    tricks: tuple[Trick, ...]
    trick_seats: tuple[SeatField, ...]
    trick: tuple[Card, ...]
    scored: tuple[Score, ...]
    last_hand: HandResult | None
    winner: int | None
    earlier_scored: tuple[Score, ...]


PROJECTION: Projection[AllFoursState, AllFoursView] = Projection(
    AllFoursState,
    AllFoursView,
    per_seat=[SeatPart("hands", own="hand", sizes="hand_sizes")],
    secret=["stock"],
    computed={"turn": shown_turn(_ACTING)},
)
"""All Fours' public and hidden parts (F8)."""
