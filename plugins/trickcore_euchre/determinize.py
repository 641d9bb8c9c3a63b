"""Full states consistent with a view, for search bots (DESIGN 4, ``determinize``).

The unseen cards (other hands, the dealer's discard, the undealt cards, and the dealer's own
hand while naming trump over a joker, E5) are dealt at random by
:func:`~trickcore.sampling.fill_slots`, honouring what the view reveals: hand sizes, suits a
player showed out of (E7, through the follow policy: the left bower and the joker count as
trumps, E2), and that a picked-up up-card is in the dealer's hand or discard (E4, E10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import Suit
from trickcore.game import Seat
from trickcore.kit.hidden import cards_seen, deal_hidden, unseen_cards
from trickcore.kit.tricks import hand_plays, revealed_voids
from trickcore.rng import Rng
from trickcore.sampling import Slot
from trickcore_euchre.state import EuchreState, Phase
from trickcore_euchre.view import PROJECTION, EuchreView

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["determinize", "voids"]


def voids(game: Euchre, view: EuchreView) -> dict[Seat, set[Suit]]:
    """The suits each seat is known to hold none of: those it did not follow (E7)."""
    if view.trump is None:
        return {seat: set() for seat in range(game.seats)}
    plays = hand_plays(view.tricks, view.trick_seats, view.trick)
    return revealed_voids(game.follow_policy(view.trump), plays, game.seats)


def determinize(game: Euchre, view: EuchreView, rng: Rng) -> EuchreState:
    """A state agreeing with ``view``; the unseen cards are dealt from ``rng``."""
    if view.phase is Phase.DRAW_DEALER or view.phase is Phase.DEAL:
        return PROJECTION.state(view)
    seat, dealer, up_card = view.seat, view.dealer, view.up_card
    assert dealer is not None and up_card is not None
    own_hidden = view.phase is Phase.JOKER_CALL and seat == dealer
    hide_discard = (
        view.picked_up and view.phase not in (Phase.DISCARD, Phase.JOKER_CALL) and seat != dealer
    )
    unseen = unseen_cards(game.deck, cards_seen(view))
    # A picked-up up-card that the dealer has not played is in the dealer's hand or, face
    # down, their discard (E4, E10): it is dealt with the unseen cards, to those two places only.
    played = {card for trick in view.tricks for card in trick.cards} | set(view.trick)
    up_with_dealer = view.picked_up and seat != dealer and up_card not in played
    if up_with_dealer:
        unseen.append(up_card)
    hidden = {s: view.hand_sizes[s] for s in range(game.seats) if s != seat or own_hidden}
    order = game.trick_order(view.trump) if view.trump is not None else None
    not_the_dealer = {s: (up_card,) for s in hidden if s != dealer} if up_with_dealer else {}
    hands, (discard, undealt) = deal_hidden(
        rng,
        unseen,
        hidden,
        voids=voids(game, view),
        suit_of=order.suit_of if order is not None else None,
        barred=not_the_dealer,
        rest=[
            Slot(1 if hide_discard else 0),
            Slot(len(game.deck) - 21, frozenset({up_card} if up_with_dealer else ())),
        ],
    )
    if not own_hidden:
        hands[seat] = view.hand
    return PROJECTION.state(
        view,
        hands=tuple(hands[s] for s in range(game.seats)),
        discard=discard[0] if hide_discard else view.discard,
        undealt=undealt,
    )
