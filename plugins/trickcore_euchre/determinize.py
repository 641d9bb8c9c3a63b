"""Full states consistent with a view, for search bots (DESIGN 4, ``determinize``).

The unseen cards (other hands, the dealer's discard, the undealt cards, and the dealer's own
hand while naming trump over a joker, E5) are dealt at random by
:class:`~trickcore.kit.hidden.HiddenDeal` (exactly uniform, :mod:`trickcore.sampling`),
honouring what the view reveals: hand sizes, suits a player showed out of (E7, through the
follow policy: the left bower and the joker count as trumps, E2), and that a picked-up up-card
is in the dealer's hand or discard (E4, E10).

A search bot draws many states from one view, so the work that depends on the view only (the
unseen cards, the voids, the counting of consistent deals, the public part of the state) is
done once by :func:`determinizer`; each draw then costs one deal and one struct copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.kit.hidden import HiddenDeal, unseen_cards
from trickcore.kit.tricks import hand_plays, revealed_voids
from trickcore.rng import Rng
from trickcore.sampling import Slot
from trickcore_euchre.state import EuchreState, Phase
from trickcore_euchre.view import PROJECTION, EuchreView

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = ["determinize", "determinizer", "voids"]


def voids(game: Euchre, view: EuchreView) -> dict[Seat, set[Suit]]:
    """The suits each seat is known to hold none of: those it did not follow (E7)."""
    if view.trump is None:
        return {seat: set() for seat in range(game.seats)}
    plays = hand_plays(view.tricks, view.trick_seats, view.trick)
    return revealed_voids(game.follow_policy(view.trump), plays, game.seats)


def determinize(game: Euchre, view: EuchreView, rng: Rng) -> EuchreState:
    """A state agreeing with ``view``; the unseen cards are dealt from ``rng``."""
    return determinizer(game, view)(rng)


def determinizer(game: Euchre, view: EuchreView) -> Callable[[Rng], EuchreState]:
    """Draws of states agreeing with ``view``, prepared once: call it with a stream for each."""
    if view.phase is Phase.DRAW_DEALER or view.phase is Phase.DEAL:
        before_deal = PROJECTION.state(view)
        return lambda rng: before_deal
    seat, dealer, up_card = view.seat, view.dealer, view.up_card
    assert dealer is not None and up_card is not None
    own_hidden = view.phase is Phase.JOKER_CALL and seat == dealer
    hide_discard = (
        view.picked_up and view.phase not in (Phase.DISCARD, Phase.JOKER_CALL) and seat != dealer
    )
    played = {card for trick in view.tricks for card in trick.cards}.union(view.trick)
    seen: set[Card] = played.union(view.hand, (up_card,))
    if view.discard is not None:
        seen.add(view.discard)
    unseen = unseen_cards(game.deck, seen)
    # A picked-up up-card that the dealer has not played is in the dealer's hand or, face
    # down, their discard (E4, E10): it is dealt with the unseen cards, to those two places only.
    up_with_dealer = view.picked_up and seat != dealer and up_card not in played
    if up_with_dealer:
        unseen.append(up_card)
    seats = range(game.seats)
    hidden = {s: view.hand_sizes[s] for s in seats if s != seat or own_hidden}
    order = game.trick_order(view.trump) if view.trump is not None else None
    deal = HiddenDeal(
        unseen,
        hidden,
        voids=voids(game, view),
        suit_of=order.suit_of if order is not None else None,
        barred={s: (up_card,) for s in hidden if s != dealer} if up_with_dealer else None,
        rest=[
            Slot(1 if hide_discard else 0),
            Slot(len(game.deck) - 21, frozenset({up_card} if up_with_dealer else ())),
        ],
    )
    # Each seat's hand: the hidden seats' come first in a draw, in seat order, then the
    # discard and the undealt cards; the seat's own hand is the view's unless it is hidden too.
    count = game.seats
    me = None if own_hidden else seat
    known = view.hand
    discard_at, undealt_at = len(hidden), len(hidden) + 1
    discard = view.discard
    public = PROJECTION.state(view)  # the hidden parts are filled in by each draw
    sample = deal.sampler

    def draw(rng: Rng) -> EuchreState:
        dealt = sample(rng)
        return replace(
            public,
            hands=tuple(dealt[:count])
            if me is None
            else (*dealt[:me], known, *dealt[me : count - 1]),
            discard=dealt[discard_at][0] if hide_discard else discard,
            undealt=dealt[undealt_at],
        )

    return draw
