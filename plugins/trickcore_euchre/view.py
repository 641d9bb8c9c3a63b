"""What one seat may see (E10), as a struct of its own type so that mypy catches a state
passed where a view belongs."""

from __future__ import annotations

import msgspec

from trickcore.cards import Card, Suit
from trickcore_euchre.state import Bid, Declaration, EuchreState, HandResult, Phase, Trick

__all__ = ["EuchreView", "view_of"]


class EuchreView(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat's view of a game of Euchre.

    Shows the seat's own hand (not the dealer's while naming trump over a turned-up joker,
    E5), the up-card and whether the dealer took it, every bid and declaration, every card
    played and who won each trick, and the scores. The dealer alone sees their discard.
    Other hands and the undealt cards are never in a view.
    """

    seat: int
    """Whose view this is."""
    phase: Phase
    turn: int | None
    """The seat to act, or ``None`` when chance acts or the game is over."""
    dealer: int | None
    scores: tuple[int, int]
    hand_number: int
    hand: tuple[Card, ...]
    """This seat's cards."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat holds."""
    up_card: Card | None
    picked_up: bool
    """The dealer took the up-card (E4, E5)."""
    discard: Card | None
    """The dealer's discard: only in the dealer's own view."""
    auction: tuple[Bid, ...]
    trump: Suit | None
    maker: int | None
    declarations: tuple[Declaration, ...]
    pending: tuple[int, ...]
    """Seats still to be asked whether they play alone."""
    sitting_out: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick_seats: tuple[int, ...]
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int]
    last_hand: HandResult | None
    winner: int | None


def view_of(state: EuchreState, seat: int) -> EuchreView:
    """Project ``state`` onto what ``seat`` may see (E10)."""
    phase = state.phase
    is_dealer = seat == state.dealer
    hidden_hand = phase is Phase.JOKER_CALL and is_dealer
    acting = phase not in (Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER)
    hands = state.hands
    return EuchreView(
        seat=seat,
        phase=phase,
        turn=state.turn if acting else None,
        dealer=state.dealer,
        scores=state.scores,
        hand_number=state.hand_number,
        hand=() if hidden_hand else hands[seat],
        hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        up_card=state.up_card,
        picked_up=state.picked_up,
        discard=state.discard if is_dealer else None,
        auction=state.auction,
        trump=state.trump,
        maker=state.maker,
        declarations=state.declarations,
        pending=state.pending,
        sitting_out=state.sitting_out,
        tricks=state.tricks,
        trick_seats=state.trick_seats,
        trick=state.trick,
        tricks_won=state.tricks_won,
        last_hand=state.last_hand,
        winner=state.winner,
    )
