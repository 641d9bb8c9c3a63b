"""Apples views as text, for the command line: the game's :class:`~trickcore.render.Renderer`."""

from __future__ import annotations

from trickcore.cards import Card
from trickcore.kit.tricks import TrickOrder
from trickcore.render import trick_text, trumps_first
from trickcore_apples.auction import BID_SUITS
from trickcore_apples.events import bid_text, group_text
from trickcore_apples.scoring import winnings_pile
from trickcore_apples.state import Phase, RoundResult
from trickcore_apples.view import ApplesView

__all__ = ["ApplesRenderer", "describe_round"]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards) if cards else "-"


def describe_round(result: RoundResult) -> list[str]:
    """Each player's target, winnings pile and scoring groups of a scored round (A7)."""
    lines = [
        f"Round {result.round_number}: seat {result.declarer} won the auction with "
        f"{bid_text(result.number, result.trump)}."
    ]
    for seat in result.seats:
        scoring = [group_text(group) for group in seat.groups if group.count > 1]
        lines.append(
            f"  Seat {seat.seat}: target {seat.target}, "
            f"{', '.join(scoring) if scoring else 'no pairs'}: {seat.points:+d}"
        )
    return lines


def round_of(view: ApplesView) -> int:
    """The number of the round ``view`` is in (or, once the game is over, of the last one):
    rounds played out, a redeal after an all-pass auction (A3) not counted, as
    :attr:`RoundResult.round_number` numbers them (``view.round_number`` counts deals)."""
    last = view.last_round
    if last is None:
        return 1
    return last.round_number if view.phase is Phase.OVER else last.round_number + 1


class ApplesRenderer:
    """Apples' renderer: the table as a few lines of text, the hand sorted as a player sorts
    it. The game exposes it as ``Apples.renderer``."""

    def describe_view(self, view: ApplesView) -> str:
        """A few lines: totals, the auction, the pile, trump, the trick, the seat's cards."""
        totals = " ".join(f"{seat}:{total}" for seat, total in enumerate(view.scores))
        lines = [
            f"Seat {view.seat}: round {round_of(view)}, dealer seat {view.dealer}, totals {totals}"
        ]
        if view.auction:
            calls = ", ".join(
                f"{call.seat} pass"
                if call.number is None or call.suit is None
                else f"{call.seat} bid {bid_text(call.number, call.suit)}"
                for call in view.auction
            )
            lines.append(f"Auction: {calls}")
        if view.trump is not None:
            lines.append(
                f"Trumps: {view.trump.name.lower()}, auction won by seat {view.declarer} "
                f"({view.number} each to the pile)"
            )
        if view.given:
            lines.append(f"You gave to the pile: {_cards(view.given)}")
        if view.received:
            lines.append(f"You got back: {_cards(view.received)}")
        if view.target:
            lines.append(f"Your target: {_cards(view.target)}")
        if view.tricks:
            lines.append(f"Your winnings: {_cards(winnings_pile(view.tricks, view.seat))}")
        if view.trick:
            lines.append(trick_text(view.trick_seats, view.trick))
        if view.hand:
            lines.append("Your hand: " + " ".join(str(card) for card in self.sorted_hand(view)))
        if view.last_round is not None and view.phase in (Phase.DEAL, Phase.OVER):
            lines += describe_round(view.last_round)
        return "\n".join(lines)

    def sorted_hand(self, view: ApplesView) -> tuple[Card, ...]:
        """The hand sorted by suit (trumps first when known, else in bidding order) and rank,
        high first."""
        hand = view.hand
        if view.trump is None:
            return tuple(sorted(hand, key=lambda c: (-BID_SUITS.index(c.suit), -c.index)))
        return trumps_first(hand, TrickOrder.plain(hand, view.trump))
