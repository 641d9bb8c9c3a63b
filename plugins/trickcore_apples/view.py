"""What one seat may see (A10): the Apples view type and the projection that builds it.

The state's hidden parts are declared once in :data:`PROJECTION` (:mod:`trickcore.kit.hidden`):
each seat sees its own hand, its own bidding-pile contribution, the cards it got back from the
pile and its own target card; of the others only how many cards they hold, gave and set aside.
Once a round is scored, its targets and winnings piles, its auction and its tricks are public
through ``last_round``; what each seat gave to the pile and got back in it stays its own
(``last_given`` and ``last_received``).
"""

from __future__ import annotations

import msgspec

from trickcore.cards import Card, Suit
from trickcore.kit.hidden import Projection, SeatPart, shown_turn
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick
from trickcore_apples.state import ApplesState, Call, Phase, RoundResult

__all__ = ["PROJECTION", "ApplesView"]

_ACTING = frozenset(Phase) - {Phase.DRAW_DEALER, Phase.DEAL, Phase.PILE_DEAL, Phase.OVER}


class ApplesView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's view of a game of Apples (A10).

    Shows the seat's own hand, its own bidding-pile contribution and the cards it got back,
    its own target card, every bid and pass, every card played and who won each trick (so its
    own winnings pile), every player's number of cards, and the running totals. Other players'
    hands, contributions, returned cards and targets are never in a view; a scored round's
    targets, winnings, auction and tricks are public in ``last_round``, while of its pile
    exchange each seat sees its own only (``last_given``, ``last_received``).

    Its fields follow the state's order (each per-seat field replaced by the seat's own entry
    and, for some, the sizes of all), so that :data:`PROJECTION` builds it positionally.
    """

    seat: SeatField
    """Whose view this is."""
    phase: Phase
    dealer: SeatField | None
    scores: tuple[int, ...]
    round_number: int
    hand: tuple[Card, ...]
    """This seat's cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    turn: SeatField | None
    """The seat to act, or ``None`` when chance acts or the game is over."""
    auction: tuple[Call, ...]
    trump: Suit | None
    declarer: SeatField | None
    number: int
    given: tuple[Card, ...]
    """This seat's own bidding-pile contribution (A4)."""
    given_sizes: tuple[int, ...]
    """How many cards each seat has put into the pile."""
    received: tuple[Card, ...]
    """The cards this seat got back from the pile (A4)."""
    target: tuple[Card, ...]
    """This seat's target card once set aside (A5), else empty."""
    target_sizes: tuple[int, ...]
    """Which seats have set their target aside (1) or not yet (0)."""
    tricks: tuple[Trick, ...]
    trick_seats: tuple[SeatField, ...]
    trick: tuple[Card, ...]
    overtime: bool
    last_round: RoundResult | None
    winner: SeatField | None
    last_given: tuple[Card, ...]
    """What this seat gave to the bidding pile in the latest round scored (A4, A10)."""
    last_received: tuple[Card, ...]
    """What this seat got back from the bidding pile in the latest round scored (A4, A10)."""


PROJECTION: Projection[ApplesState, ApplesView] = Projection(
    ApplesState,
    ApplesView,
    per_seat=[
        SeatPart("hands", own="hand", sizes="hand_sizes"),
        SeatPart("given", own="given", sizes="given_sizes"),
        SeatPart("received", own="received"),
        SeatPart("targets", own="target", sizes="target_sizes"),
        SeatPart("last_given", own="last_given"),
        SeatPart("last_received", own="last_received"),
    ],
    computed={"turn": shown_turn(_ACTING)},
)
"""Apples' public and hidden parts (A10)."""
