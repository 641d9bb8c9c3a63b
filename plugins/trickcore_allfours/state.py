"""The All Fours state: everything about one whole game, hidden cards included.

States are frozen msgspec structs holding only immutable values, so ``apply`` returns a new
state and never changes one. A state is never shown to a player: see :mod:`.view`, which declares
its hidden parts (``hands``, each seen by its own seat; ``stock``, seen by nobody). The field
order is part of the replay format (a state's digest is taken over its encoding), so fields are
never reordered.
"""

from __future__ import annotations

import enum
from typing import Literal

from trickcore.cards import Card, Suit
from trickcore.kit.records import Record
from trickcore.kit.seating import SeatField
from trickcore.kit.tricks import Trick

__all__ = [
    "AllFoursState",
    "Answer",
    "Call",
    "HandResult",
    "Kick",
    "Phase",
    "Reason",
    "Score",
    "Trick",
]


class Phase(enum.Enum):
    """Where the game stands; the value is the JSON form."""

    DRAW_DEALER = "draw_dealer"
    """Chance draws the first dealer (F1)."""
    DEAL = "deal"
    """Chance shuffles a full pack: a new hand, or a redeal when the pack ran out (F2, F3)."""
    STAND_OR_BEG = "stand_or_beg"
    """The player on the dealer's right stands or begs (F3)."""
    GIVE_OR_RUN = "give_or_run"
    """The dealer gives one or runs the pack (F3)."""
    PLAY = "play"
    """Tricks (F4)."""
    OVER = "over"
    """The game is over."""

    __hash__ = object.__hash__


Call = Literal["stand", "beg"]
"""The decision of the player on the dealer's right (F3)."""
Answer = Literal["give_one", "run_pack"]
"""The dealer's answer to a beg (F3)."""
Reason = Literal["kick", "give_one", "high", "low", "jack", "hang_jack", "game"]
"""Why points were scored: a kick (F2), the point given for a beg (F3), or the count (F5)."""


class Kick(Record, frozen=True):
    """A card turned up by the dealer (F2, F3) and the points it scored for the dealer's side."""

    card: Card
    """The card kicked."""
    points: int = 0
    """The points it scored for the dealer's side (F2)."""


class Score(Record, frozen=True):
    """Points scored by a side (0 or 1) and why; ``card`` is the card that earned them (the
    kick, the high or low trump, the jack), ``None`` for the given point and for Game."""

    side: int
    """The side that scored (0 or 1)."""
    points: int
    """How many points."""
    reason: Reason
    """Why (F2, F3, F5)."""
    card: Card | None = None
    """The card that earned them, ``None`` for the given point and for Game."""


class HandResult(Record, frozen=True):
    """A finished hand's whole record: its trump, every point scored in the hand in order
    (the kicks of earlier deals of a redeal, then the last deal's kicks, the given point, High,
    Low, Jack, Game: F2, F3, F5), each side's card points for Game, each side's points in the
    whole hand, and its last deal as played: the kicks, the stand or beg and the answer, the
    tricks, and how many redeals came before it (F3). All of it was on the table (F8)."""

    hand_number: int
    """The hand's number, from 1."""
    dealer: SeatField
    """The seat that dealt it."""
    trump: Suit
    """Its trump suit."""
    scored: tuple[Score, ...]
    """Every point scored in the hand, in order: earlier deals of a redeal included (F3, F5)."""
    game_points: tuple[int, int]
    """Each side's card points for Game (F5)."""
    hand_points: tuple[int, int]
    """Each side's points in the whole hand, earlier deals of a redeal included."""
    kicks: tuple[Kick, ...] = ()
    """Every card kicked in the last deal, in order; the last one's suit is trump (F2, F3)."""
    call: Call | None = None
    """Whether the player on the dealer's right stood or begged in the last deal (F3)."""
    answer: Answer | None = None
    """How the dealer answered a beg in the last deal (F3)."""
    tricks: tuple[Trick, ...] = ()
    """The tricks of the last deal, in order (F4)."""
    redeals: int = 0
    """Fresh deals in the hand after its first, because the pack ran out (F3)."""


class AllFoursState(Record, frozen=True, kw_only=True):
    """A whole game of All Fours. Side 0 is seat 0 (and seat 2), side 1 seat 1 (and seat 3)."""

    phase: Phase
    """Where the game stands."""
    dealer: SeatField | None = None
    """The dealer's seat, ``None`` before the first dealer is drawn."""
    scores: tuple[int, int] = (0, 0)
    """Points of side 0 and side 1."""
    hand_number: int = 0
    """Hands dealt so far (the current hand's number); a redeal is part of its hand."""
    redeals: int = 0
    """Fresh deals in this hand after its first, because the pack ran out (F3)."""
    hand_points: tuple[int, int] = (0, 0)
    """Points each side has scored in this hand so far, earlier deals of a redeal included."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards (hidden: each seat sees its own)."""
    stock: tuple[Card, ...] = ()
    """The cards not dealt yet, in order, top first (hidden from everyone)."""
    kicks: tuple[Kick, ...] = ()
    """Every card kicked in this deal, in order; the last one's suit is trump (F2, F3)."""
    trump: Suit | None = None
    """The trump suit (the last kick's suit), else ``None``."""
    call: Call | None = None
    """Whether the player on the dealer's right stood or begged (F3)."""
    answer: Answer | None = None
    """How the dealer answered a beg (F3)."""
    turn: SeatField = 0
    """The seat to act in the stand-or-beg, give-or-run and play phases; in the other phases
    (chance deals, the game is over) nobody is to act and it holds 0, which means nothing: ask
    ``actor``, and views show ``None``."""
    tricks: tuple[Trick, ...] = ()
    """Finished tricks of the current deal."""
    trick_seats: tuple[SeatField, ...] = ()
    """The order of play in the current trick, the leader first."""
    trick: tuple[Card, ...] = ()
    """Cards played to the current trick so far."""
    scored: tuple[Score, ...] = ()
    """Every point scored in the current deal, in order."""
    last_hand: HandResult | None = None
    """The count of the latest finished hand."""
    winner: int | None = None
    """The winning side once the game is over (``None`` for a draw)."""
    earlier_scored: tuple[Score, ...] = ()
    """Every point scored in this hand's earlier deals, before a redeal (the dealer's side's
    kicks, F3), in order; the hand's record (its ``scored`` points) starts with them."""
