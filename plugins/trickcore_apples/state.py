"""The Apples state: everything about one whole game, hidden cards included.

States are frozen msgspec structs holding only immutable values, so ``apply`` returns a new
state and never changes one. A state is never shown to a player: see :mod:`.view`, which declares
its hidden parts (``hands``, ``given``, ``received`` and ``targets``, and the last round's
``last_given`` and ``last_received``, each entry seen by its own seat only, A10). The field
order is part of the replay format: a state's digest is taken over its encoding, so fields are
never reordered.
"""

from __future__ import annotations

import enum

from trickcore.cards import Card, Rank, Suit
from trickcore.kit.records import Record
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick

__all__ = ["ApplesState", "Call", "Group", "Phase", "RoundResult", "SeatScore", "Trick"]


class Phase(enum.Enum):
    """Where the game stands; the value is the JSON form."""

    DRAW_DEALER = "draw_dealer"
    """Chance draws the first dealer (A1)."""
    DEAL = "deal"
    """Chance shuffles the whole pack; the deal follows A2."""
    AUCTION = "auction"
    """Bids and passes (A3)."""
    PILE = "pile"
    """Players put cards into the bidding pile, one at a time, the auction winner first (A4)."""
    PILE_DEAL = "pile_deal"
    """Chance shuffles the bidding pile; it is dealt back as A2 says (A4)."""
    TARGET = "target"
    """Players set their target cards aside, the auction winner first (A5)."""
    PLAY = "play"
    """Tricks (A6)."""
    OVER = "over"
    """The game is over (A8)."""

    __hash__ = object.__hash__


class Call(Record, frozen=True):
    """One call of the auction: a bid (``number`` and ``suit``) or a pass (both ``None``)."""

    seat: SeatField
    """The seat that called."""
    number: int | None = None
    """The bid's number, ``None`` for a pass."""
    suit: Suit | None = None
    """The bid's suit, ``None`` for a pass."""

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.number is None


class Group(Record, frozen=True):
    """The cards of one rank in a player's winnings pile plus target card, and what they
    score (A7): a single 0, a pair v, a triple 2v, four 4v; three or four of the target's rank
    40 or 80 (``target_bonus``)."""

    rank: Rank
    """The rank."""
    count: int
    """How many cards of it."""
    points: int
    """What they score (A7)."""
    target_bonus: bool = False
    """Three or four of the target's rank: 40 or 80 (A7)."""


class SeatScore(Record, frozen=True):
    """One player's round: their target card, winnings pile, scoring groups and points (A7)."""

    seat: SeatField
    """The player."""
    target: Card
    """Their target card."""
    winnings: tuple[Card, ...]
    """Their winnings pile."""
    groups: tuple[Group, ...]
    """Their scoring groups (A7)."""
    points: int
    """Their points this round."""


class RoundResult(Record, frozen=True):
    """A round played out and scored (A7), with its whole public record: every call of its
    auction and every trick (A3, A6). All of it is public once scored (A10); what each seat gave
    to the bidding pile and got back stays its own (the state's ``last_given`` and
    ``last_received``)."""

    round_number: int
    """The round's number, from 1: rounds played out, a redeal after an all-pass auction (A3)
    not counted (the state's round number counts deals)."""
    dealer: SeatField
    """The seat that dealt it."""
    declarer: SeatField
    """The auction winner (A3)."""
    number: int
    """The winning bid's number (N, A4)."""
    trump: Suit
    """Its trump suit."""
    seats: tuple[SeatScore, ...]
    """One per seat, by seat."""
    auction: tuple[Call, ...] = ()
    """Every call of the round's auction, in order, the winning bid last but for the passes
    after it (A3). An all-pass auction before it, which only led to a redeal, is not kept."""
    tricks: tuple[Trick, ...] = ()
    """The round's twelve tricks, in order (A6)."""


_EMPTY: tuple[tuple[Card, ...], ...] = ((), (), (), ())


class ApplesState(Record, frozen=True, kw_only=True):
    """A whole game of Apples: four players, each for themselves (A1)."""

    phase: Phase
    """Where the game stands."""
    dealer: SeatField | None = None
    """The dealer's seat, ``None`` before the first dealer is drawn."""
    scores: tuple[int, ...] = (0, 0, 0, 0)
    """Running totals, by seat (A7)."""
    round_number: int = 0
    """Deals so far, redeals after an all-pass auction included (the current deal's number)."""
    hands: tuple[tuple[Card, ...], ...] = _EMPTY
    """Each seat's cards (hidden: each seat sees its own)."""
    turn: SeatField = 0
    """The seat to act in the auction, pile, target and play phases; in the other phases
    (chance deals, the game is over) nobody is to act and it holds 0, which means nothing: ask
    ``actor``, and views show ``None``."""
    auction: tuple[Call, ...] = ()
    """Every call of this round's auction, in order (A3)."""
    trump: Suit | None = None
    """The trump suit once the auction is won, else ``None``."""
    declarer: SeatField | None = None
    """The auction winner (A3)."""
    number: int = 0
    """The winning bid's number N: the cards each player gives to the bidding pile (A4)."""
    given: tuple[tuple[Card, ...], ...] = _EMPTY
    """Each seat's bidding-pile contribution, in the order given (A4)."""
    received: tuple[tuple[Card, ...], ...] = _EMPTY
    """The cards each seat got back from the bidding pile (A4)."""
    targets: tuple[tuple[Card, ...], ...] = _EMPTY
    """Each seat's target card, once set aside (A5): one card or none."""
    tricks: tuple[Trick, ...] = ()
    """Finished tricks of the current round."""
    trick_seats: tuple[SeatField, ...] = ()
    """The order of play in the current trick, the leader first."""
    trick: tuple[Card, ...] = ()
    """Cards played to the current trick so far."""
    overtime: bool = False
    """The target was reached with two or more sharing the highest total: rounds go on until
    one player alone has it (A8)."""
    last_round: RoundResult | None = None
    """The latest round scored, ``None`` before the first."""
    winner: SeatField | None = None
    """The winning seat once the game is over (``None`` for a draw)."""
    last_given: tuple[tuple[Card, ...], ...] = _EMPTY
    """What each seat gave to the bidding pile in the latest round scored, in the order given
    (A4); empty before the first. Hidden: each seat sees its own (A10)."""
    last_received: tuple[tuple[Card, ...], ...] = _EMPTY
    """What each seat got back from the bidding pile in the latest round scored (A4); empty
    before the first. Hidden: each seat sees its own (A10)."""
