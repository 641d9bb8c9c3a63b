"""What a view keeps hidden in Euchre, for the kit's ``determinize`` (DESIGN 4,
:meth:`~trickcore.kit.base.TrickGame.determinizer`).

The unseen cards (other hands, the dealer's discard, the undealt cards, and the dealer's own
hand while naming trump over a joker, E5) are dealt at random by the kit (exactly uniform,
:mod:`trickcore.sampling`), honouring what the view reveals: hand sizes, suits a player showed
out of (E7, through the follow policy: the left bower and the joker count as trumps, E2), and
that a picked-up up-card is in the dealer's hand or discard (E4, E10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore_euchre.deal import DEAL
from trickcore_euchre.state import Phase
from trickcore_euchre.view import EuchreView

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

_DISCARD: Final = Phase.DISCARD
_JOKER_CALL: Final = Phase.JOKER_CALL

__all__ = ["held_cards", "secret_sizes", "seen_and_held", "seen_cards", "voids"]


def voids(game: Euchre, view: EuchreView) -> dict[Seat, set[Suit]]:
    """The suits each seat is known to hold none of: those it did not follow (E7)."""
    return game.voids(view)


def secret_sizes(game: Euchre, view: EuchreView) -> dict[str, int]:
    """The cards of the hidden fields: the undealt ones, and the dealer's discard once made,
    for any other seat (E4, E10)."""
    phase = view.phase
    discarded = view.picked_up and phase is not _DISCARD and phase is not _JOKER_CALL
    return {
        "discard": int(discarded and view.seat != view.dealer),
        "undealt": len(game.deck) - DEAL.size,
    }


def seen_cards(game: Euchre, view: EuchreView) -> set[Card]:
    """The cards a Euchre view shows: its hand, the up-card, the discard and the tricks."""
    return seen_and_held(game, view)[0]


def held_cards(game: Euchre, view: EuchreView) -> dict[Card, Seat]:
    """A picked-up up-card that the dealer has not played is in the dealer's hand or, face
    down, their discard (E4, E10), for any other seat."""
    return seen_and_held(game, view)[1]


def seen_and_held(game: Euchre, view: EuchreView) -> tuple[set[Card], dict[Card, Seat]]:
    """:func:`seen_cards` and :func:`held_cards` from one walk of the tricks (what the kit's
    determinizer asks): the up-card is held, by the dealer, exactly when another seat than the
    dealer's sees it picked up and it was not played (E4, E10)."""
    seen = set(view.trick)
    for trick in view.tricks:
        seen.update(trick.cards)
    held: dict[Card, Seat] = {}
    up_card, dealer = view.up_card, view.dealer
    if up_card is not None:
        if view.picked_up and view.seat != dealer and dealer is not None and up_card not in seen:
            held[up_card] = dealer
        seen.add(up_card)
    seen.update(view.hand)
    if view.discard is not None:
        seen.add(view.discard)
    return seen, held
