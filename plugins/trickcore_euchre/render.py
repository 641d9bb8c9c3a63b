"""Euchre views as text, for the command line: the game's :class:`~trickcore.render.Renderer`."""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.cards import Card
from trickcore.render import trick_text, trumps_first
from trickcore_euchre.actions import EuchreAction, GoAlone
from trickcore_euchre.deal import SEATING
from trickcore_euchre.ranking import trick_order
from trickcore_euchre.state import Phase
from trickcore_euchre.view import EuchreView

__all__ = ["EuchreRenderer"]


class EuchreRenderer:
    """Euchre's renderer: the table as a few lines of text, the hand sorted as a player sorts
    it. The game exposes it as ``Euchre.renderer``."""

    def describe_view(self, view: EuchreView) -> str:
        """A few lines: score, trump and maker, the trick so far, and the seat's hand."""
        lines = [
            f"Seat {view.seat}: hand {view.hand_number}, dealer seat {view.dealer}; "
            f"score: {_by_side(view.scores, view.seat)}"
        ]
        if view.up_card is not None:
            if view.picked_up:
                status = "taken by the dealer"
            elif view.phase in (Phase.BID_FIRST, Phase.JOKER_CALL):
                status = "face up"
            else:
                status = "turned down"
            lines.append(f"Up-card: {view.up_card} ({status})")
        if view.trump is not None:
            alone = [d.seat for d in view.declarations if d.alone]
            extra = f", alone: seat {' and '.join(map(str, alone))}" if alone else ""
            lines.append(
                f"Trumps: {view.trump.name.lower()}, made by seat {view.maker}{extra}; "
                f"tricks: {_by_side(view.tricks_won, view.seat)}"
            )
        if view.trick:
            lines.append(trick_text(view.trick_seats, view.trick))
        if view.discard is not None:
            lines.append(f"Your discard: {view.discard}")
        if view.hand:
            lines.append("Your hand: " + " ".join(str(card) for card in self.sorted_hand(view)))
        elif view.phase is Phase.JOKER_CALL and view.seat == view.dealer:
            lines.append("Your hand: (not seen yet: name trump first, E5)")
        return "\n".join(lines)

    def order_actions(
        self, view: EuchreView, legal: Sequence[EuchreAction]
    ) -> tuple[EuchreAction, ...]:
        """The menu order: the game's, but "go alone" after "play with partner" (E6), so that
        typing 1 (or a slip of the finger) never sends a player alone."""
        return tuple(sorted(legal, key=lambda action: isinstance(action, GoAlone)))

    def sorted_hand(self, view: EuchreView) -> tuple[Card, ...]:
        """The seat's hand sorted by suit (trumps first when known) and strength, high first."""
        hand = view.hand
        if view.trump is None:
            return tuple(sorted(hand, key=lambda c: (c.suit.index if c.suit else -1, -c.index)))
        return trumps_first(hand, trick_order(hand, view.trump))


def _by_side(counts: Sequence[int], seat: int) -> str:
    """``"seats 0+2 (you) 1, seats 1+3 0"``: a count per side, the viewer's side marked."""
    return ", ".join(
        f"seats {'+'.join(map(str, seats))}{' (you)' if seat in seats else ''} {count}"
        for seats, count in zip(SEATING.sides, counts, strict=True)
    )
