"""The Euchre state: a whole game, hidden cards included (its hidden parts: :mod:`.view`).

The field order is part of the replay format (a state's digest is taken over its encoding), so
fields are never reordered.
"""

from __future__ import annotations

import enum
from typing import Literal

from trickcore.cards import Card, Suit
from trickcore.kit.records import Record
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick

__all__ = ["Bid", "Declaration", "EuchreState", "HandResult", "Phase", "Trick"]


class Phase(enum.Enum):
    """Where the game stands; the value is the JSON form."""

    DRAW_DEALER = "draw_dealer"
    """Chance draws the first dealer (E1)."""
    DEAL = "deal"
    """Chance shuffles; the deal follows E3."""
    BID_FIRST = "bid_first"
    """First bidding round: order up or pass (E4)."""
    BID_SECOND = "bid_second"
    """Second bidding round: name a suit or pass (E4)."""
    JOKER_CALL = "joker_call"
    """The joker was turned up: the dealer names trump unseen (E5)."""
    DISCARD = "discard"
    """The dealer discards after taking the up-card (E4, E5)."""
    ALONE = "alone"
    """Players declare whether they play alone (E6)."""
    PLAY = "play"
    """Tricks (E7)."""
    OVER = "over"
    """The game is over."""

    __hash__ = object.__hash__


class Bid(Record, frozen=True):
    """One bid: a pass, an order-up (first round) or a named suit (second round or E5)."""

    seat: SeatField
    """The seat that bid."""
    kind: Literal["pass", "order_up", "call"]
    """A pass, an order-up (first round) or a named suit."""
    suit: Suit | None = None
    """The suit ordered up or named; ``None`` for a pass."""


class Declaration(Record, frozen=True):
    """One answer to "alone?" (E6)."""

    seat: SeatField
    """The seat that answered."""
    alone: bool
    """Whether it plays alone."""


class HandResult(Record, frozen=True):
    """How a hand ended (E8), or that it was thrown in (E4)."""

    hand_number: int
    """The hand's number, from 1."""
    dealer: SeatField
    """The seat that dealt it."""
    thrown_in: bool = False
    """Everyone passed twice: nobody scored (E4)."""
    makers: int | None = None
    """The makers' side (0: seats 0 and 2, 1: seats 1 and 3)."""
    maker: SeatField | None = None
    """The seat that made trump, or ``None`` for a hand thrown in."""
    alone: tuple[SeatField, ...] = ()
    """The seats that played alone."""
    tricks: tuple[int, int] = (0, 0)
    """Tricks won by side 0 and side 1."""
    scoring_side: int | None = None
    """The side that scored, or ``None``."""
    points: int = 0
    """The points it scored (E8)."""


class EuchreState(Record, frozen=True, kw_only=True):
    """A whole game of Euchre. Seats 0 and 2 are side 0, seats 1 and 3 side 1."""

    phase: Phase
    """Where the game stands."""
    dealer: SeatField | None = None
    """The dealer's seat, ``None`` before the first dealer is drawn."""
    scores: tuple[int, int] = (0, 0)
    """Points of side 0 (seats 0 and 2) and side 1 (seats 1 and 3)."""
    hand_number: int = 0
    """Hands dealt so far, thrown-in ones included (the current hand's number)."""
    hands: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    """Each seat's cards (hidden: each seat sees its own)."""
    up_card: Card | None = None
    """The card turned up; still known after it is turned down."""
    undealt: tuple[Card, ...] = ()
    """The cards under the up-card, in deck order; they take no part in the hand."""
    turn: SeatField = 0
    """The seat to act in the bidding, discard, alone and play phases; in the other phases
    (chance deals, the game is over) nobody is to act and it holds 0, which means nothing: ask
    ``actor``, and views show ``None``."""
    auction: tuple[Bid, ...] = ()
    """Every bid of this hand, in order."""
    trump: Suit | None = None
    """The trump suit once named, else ``None``."""
    maker: SeatField | None = None
    """The seat that made trump, once one did."""
    picked_up: bool = False
    """The dealer took the up-card into their hand."""
    discard: Card | None = None
    """The dealer's discard (hidden from the other seats)."""
    declarations: tuple[Declaration, ...] = ()
    """Every answer to "alone?" in this hand, in order (E6)."""
    pending: tuple[SeatField, ...] = ()
    """Seats still to be asked whether they play alone, in order."""
    sitting_out: tuple[SeatField, ...] = ()
    """Partners of lone players, who lay their hands down."""
    tricks: tuple[Trick, ...] = ()
    """Finished tricks of the current hand."""
    trick_seats: tuple[SeatField, ...] = ()
    """The order of play in the current trick, the leader first."""
    trick: tuple[Card, ...] = ()
    """Cards played to the current trick so far."""
    tricks_won: tuple[int, int] = (0, 0)
    """Tricks won in this hand by side 0 and side 1."""
    last_hand: HandResult | None = None
    """How the latest finished hand ended, ``None`` before the first."""
    winner: int | None = None
    """The winning side once the game is over (``None`` for a draw)."""
