"""All Fours views as text, for the command line: the game's :class:`~trickcore.render.Renderer`."""

from __future__ import annotations

from trickcore.cards import Card
from trickcore.kit.tricks import tricks_by_side
from trickcore.render import trick_text
from trickcore_allfours.deal import TABLES
from trickcore_allfours.scoring import game_points
from trickcore_allfours.state import Phase, Score
from trickcore_allfours.view import AllFoursView

__all__ = ["AllFoursRenderer", "score_text"]

_WORDS = {
    "kick": "kick",
    "give_one": "given one",
    "high": "High",
    "low": "Low",
    "jack": "Jack",
    "hang_jack": "hang jack",
    "game": "Game",
}


def score_text(score: Score) -> str:
    """One scored item in words: ``"High AH: side 1 +1"``."""
    card = f" {score.card}" if score.card is not None else ""
    return f"{_WORDS[score.reason]}{card}: side {score.side} +{score.points}"


class AllFoursRenderer:
    """All Fours' renderer: the table as a few lines of text, the hand sorted as a player sorts
    it. The game exposes it as ``AllFours.renderer``."""

    def describe_view(self, view: AllFoursView) -> str:
        """A few lines: score, kicks and trump, the beg, tricks and Game points won so far, the
        trick in progress, the last hand's count (before a deal) and the seat's hand."""
        sides = "seats 0+2 vs 1+3" if len(view.hand_sizes) == 4 else "seat 0 vs seat 1"
        lines = [
            f"Seat {view.seat}: hand {view.hand_number}, dealer seat {view.dealer}, "
            f"score {view.scores[0]}-{view.scores[1]} ({sides})"
        ]
        if view.kicks:
            kicks = ", ".join(
                f"{kick.card}" + (f" (+{kick.points})" if kick.points else "")
                for kick in view.kicks
            )
            lines.append(f"Kicks: {kicks}")
        if view.trump is not None:
            begs: dict[tuple[str | None, str | None], str] = {
                ("stand", None): "; stood",
                ("beg", None): "; begged",
                ("beg", "give_one"): "; begged, given one",
                ("beg", "run_pack"): "; begged, the pack was run",
            }
            beg = begs.get((view.call, view.answer), "")
            lines.append(f"Trumps: {view.trump.name.lower()}{beg}")
        if view.phase is Phase.PLAY and view.tricks:
            seating = TABLES[len(view.hand_sizes)].seating
            won = tricks_by_side(seating, view.tricks)
            cards = game_points(seating, view.tricks)
            lines.append(f"Tricks {won[0]}-{won[1]}, Game points {cards[0]}-{cards[1]}")
        if view.trick:
            lines.append(trick_text(view.trick_seats, view.trick))
        if view.phase is Phase.DEAL and view.last_hand is not None:
            count = "; ".join(map(score_text, view.last_hand.scored)) or "nothing"
            lines.append(f"Last hand: {count}")
        if view.hand:
            lines.append("Your hand: " + " ".join(str(card) for card in self.sorted_hand(view)))
        return "\n".join(lines)

    def sorted_hand(self, view: AllFoursView) -> tuple[Card, ...]:
        """The seat's hand by suit (trumps first when known), high cards first in each."""

        def key(card: Card) -> tuple[bool, int, int]:
            suit = card.suit.index if card.suit is not None else -1
            return (card.suit is not view.trump, suit, -card.index)

        return tuple(sorted(view.hand, key=key))
