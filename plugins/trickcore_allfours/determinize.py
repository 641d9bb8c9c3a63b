"""Full states consistent with a view, for search bots (DESIGN 4, ``determinize``).

The cards a seat has not seen (the other hands and the undealt stock) are dealt at random by
:func:`~trickcore.kit.hidden.deal_hidden`, honouring what the view shows (F8): hand sizes, the
cards kicked in this deal (out of play, F2), the cards played, and the suits a player showed out
of. Under F4 a player holding the suit led may trump instead of following, so trumping a plain
lead reveals nothing; only a card that neither follows nor trumps (or, with ``no_undertrump``,
an under-trump) reveals a void: the kit's :class:`~trickcore.kit.tricks.FollowOrTrump` answers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.kit.hidden import HiddenDeal, unseen_cards
from trickcore.rng import Rng
from trickcore.sampling import Slot
from trickcore_allfours.deal import PACK
from trickcore_allfours.state import AllFoursState, Phase
from trickcore_allfours.view import PROJECTION, AllFoursView

if TYPE_CHECKING:
    from trickcore_allfours.rules import AllFours

__all__ = ["determinize", "determinizer", "seen_cards", "voids"]


def voids(game: AllFours, view: AllFoursView) -> dict[Seat, set[Suit]]:
    """The suits each seat is known to hold none of, from the tricks of this deal (F4)."""
    return game.voids(view)  # the kit's: the tricks so far, under the follow policy


def seen_cards(view: AllFoursView) -> set[Card]:
    """The cards of this deal that the view's seat has seen: its hand, the kicks and the cards
    played (the last hand's count names cards of an earlier shuffle: not these)."""
    seen = set(view.hand)
    for kick in view.kicks:  # loops: a heuristic playout asks at every card it plays
        seen.add(kick.card)
    for trick in view.tricks:
        seen.update(trick.cards)
    seen.update(view.trick)
    return seen


def determinize(game: AllFours, view: AllFoursView, rng: Rng) -> AllFoursState:
    """A state agreeing with ``view``; the unseen cards are dealt from ``rng``."""
    return determinizer(game, view)(rng)


def determinizer(game: AllFours, view: AllFoursView) -> Callable[[Rng], AllFoursState]:
    """Draws of states agreeing with ``view``, prepared once (the unseen cards, the voids and
    the counting of consistent deals, the public part of the state): call it with a stream for
    each. Each draw deals exactly what :func:`determinize` deals from the same stream."""
    if view.phase is Phase.DRAW_DEALER or view.phase is Phase.DEAL:
        before_deal = PROJECTION.state(view, hands=((),) * game.seats, stock=())
        return lambda rng: before_deal
    seat = view.seat
    unseen = unseen_cards(PACK, seen_cards(view))
    others = {other: view.hand_sizes[other] for other in range(game.seats) if other != seat}
    deal = HiddenDeal(
        unseen,
        others,
        voids=voids(game, view),
        rest=[Slot(len(unseen) - sum(others.values()))],
    )
    # The other seats come first in a draw, in seat order, then the stock.
    sample, own, count = deal.sampler, view.hand, game.seats
    stock_at = count - 1
    public = PROJECTION.blank(view, count)  # the one a fresh view's check starts from too

    def draw(rng: Rng) -> AllFoursState:
        dealt = sample(rng)
        hands = (*dealt[:seat], own, *dealt[seat:stock_at])
        return replace(public, hands=hands, stock=dealt[stock_at])

    return draw
