"""What one seat may see (E10): the Euchre view type and :data:`PROJECTION`, the state's hidden
parts (:mod:`trickcore.kit.hidden`), which builds the views and checks the view type's fields.
"""

from __future__ import annotations

import msgspec

from trickcore.cards import Card, Suit
from trickcore.kit.hidden import OwnedBy, Projection, SeatPart, shown_turn
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick
from trickcore_euchre.seen import sees_own_hand
from trickcore_euchre.state import Bid, Declaration, EuchreState, HandResult, Phase

__all__ = ["PROJECTION", "EuchreView"]

_ACTING = frozenset(Phase) - {Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER}


class EuchreView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's view of a game of Euchre (E10).

    Shows the seat's own hand (not the dealer's while naming trump over a turned-up joker,
    E5), the up-card and whether the dealer took it, every bid and declaration, every card
    played and who won each trick, and the scores. The dealer alone sees their discard.
    Other hands and the undealt cards are never in a view.

    Its fields follow the state's order (the hands replaced by ``hand`` and ``hand_sizes``), so
    that :data:`PROJECTION` builds it positionally: views are built for every bot move.
    """

    seat: SeatField
    """Whose view this is."""
    phase: Phase
    dealer: SeatField | None
    scores: tuple[int, int]
    hand_number: int
    hand: tuple[Card, ...]
    """This seat's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    up_card: Card | None
    turn: SeatField | None
    """The seat to act, or ``None`` when chance acts or the game is over."""
    auction: tuple[Bid, ...]
    trump: Suit | None
    maker: SeatField | None
    picked_up: bool
    """The dealer took the up-card (E4, E5)."""
    discard: Card | None
    """The dealer's discard: only in the dealer's own view."""
    declarations: tuple[Declaration, ...]
    pending: tuple[SeatField, ...]
    """Seats still to be asked whether they play alone."""
    sitting_out: tuple[SeatField, ...]
    tricks: tuple[Trick, ...]
    trick_seats: tuple[SeatField, ...]
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int]
    last_hand: HandResult | None
    winner: int | None


PROJECTION: Projection[EuchreState, EuchreView] = Projection(
    EuchreState,
    EuchreView,
    per_seat=[SeatPart("hands", own="hand", sizes="hand_sizes", shown=sees_own_hand)],
    owned={"discard": OwnedBy("dealer")},  # the dealer, who made it (E4, E10)
    secret=["undealt"],
    computed={"turn": shown_turn(_ACTING)},
)
"""Euchre's public and hidden parts (E10)."""
