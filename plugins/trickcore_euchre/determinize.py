"""Full states consistent with a view, for search bots (DESIGN 4, ``determinize``).

The unseen cards (other hands, the dealer's discard, the undealt cards, and the dealer's own
hand while naming trump over a joker, E5) are dealt at random, honouring what the view reveals:
hand sizes, suits a player showed out of (the left bower and the joker count as trumps, E2),
and that a picked-up up-card is in the dealer's hand or discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import Card, Suit
from trickcore.rng import Rng
from trickcore.sampling import Slot, fill_slots
from trickcore_euchre.state import EuchreState, Phase
from trickcore_euchre.view import EuchreView

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["determinize", "voids"]


def voids(game: Euchre, view: EuchreView) -> dict[int, set[Suit]]:
    """The suits each seat is known to hold none of: those it did not follow (E7)."""
    found: dict[int, set[Suit]] = {seat: set() for seat in range(4)}
    if view.trump is None:
        return found
    suit_of = game.trick_order(view.trump).suit_of
    plays = [(trick.seats, trick.cards) for trick in view.tricks]
    if view.trick:
        plays.append((view.trick_seats[: len(view.trick)], view.trick))
    for seats, cards in plays:
        led = suit_of[cards[0]]
        for seat, card in zip(seats[1:], cards[1:], strict=True):
            if suit_of[card] is not led:
                found[seat].add(led)
    return found


def _public_state(view: EuchreView, **hidden: object) -> EuchreState:
    return EuchreState(
        phase=view.phase,
        dealer=view.dealer,
        scores=view.scores,
        hand_number=view.hand_number,
        up_card=view.up_card,
        turn=view.turn if view.turn is not None else 0,
        auction=view.auction,
        trump=view.trump,
        maker=view.maker,
        picked_up=view.picked_up,
        declarations=view.declarations,
        pending=view.pending,
        sitting_out=view.sitting_out,
        tricks=view.tricks,
        trick_seats=view.trick_seats,
        trick=view.trick,
        tricks_won=view.tricks_won,
        last_hand=view.last_hand,
        winner=view.winner,
        **hidden,  # type: ignore[arg-type]
    )


def determinize(game: Euchre, view: EuchreView, rng: Rng) -> EuchreState:
    """A state agreeing with ``view``; the unseen cards are dealt from ``rng``."""
    if view.phase is Phase.DRAW_DEALER or view.phase is Phase.DEAL:
        return _public_state(view)
    seat, dealer, up_card = view.seat, view.dealer, view.up_card
    assert dealer is not None and up_card is not None
    played = {card for trick in view.tricks for card in trick.cards} | set(view.trick)
    own_hidden = view.phase is Phase.JOKER_CALL and seat == dealer
    discard_exists = view.picked_up and view.phase not in (Phase.DISCARD, Phase.JOKER_CALL)
    hide_discard = discard_exists and seat != dealer
    known = set(view.hand) | played | ({view.discard} if view.discard is not None else set())
    known.add(up_card)  # face up, turned down, or (below) with the dealer
    unseen = [card for card in game.deck if card not in known]
    # A picked-up up-card that the dealer has not played is in the dealer's hand or, face
    # down, their discard (E4, E10): it is dealt with the unseen cards, to those two places only.
    up_with_dealer = view.picked_up and seat != dealer and up_card not in played
    if up_with_dealer:
        unseen.append(up_card)

    void = voids(game, view)
    order = game.trick_order(view.trump) if view.trump is not None else None
    hidden_seats = [s for s in range(4) if s != seat or own_hidden]

    def excluded(s: int) -> frozenset[Card]:
        barred = {up_card} if up_with_dealer and s != dealer else set()
        if order is not None and void[s]:
            barred.update(card for card in unseen if order.suit_of[card] in void[s])
        return frozenset(barred)

    slots = [Slot(view.hand_sizes[s], excluded(s)) for s in hidden_seats]
    slots.append(Slot(1 if hide_discard else 0))
    slots.append(Slot(len(game.deck) - 21, frozenset({up_card} if up_with_dealer else ())))
    dealt = fill_slots(unseen, slots, rng)

    hands = [view.hand if s == seat and not own_hidden else () for s in range(4)]
    for s, cards in zip(hidden_seats, dealt[: len(hidden_seats)], strict=True):
        hands[s] = cards
    discard = dealt[-2][0] if hide_discard else view.discard
    return _public_state(view, hands=tuple(hands), discard=discard, undealt=dealt[-1])
