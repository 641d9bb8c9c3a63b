"""Euchre options (rule book E9). Defaults are the source's rules or the book's Decisions."""

from __future__ import annotations

from typing import Literal

from trickcore.game import Options

__all__ = ["EuchreOptions", "LoneLead", "WhoMayGoAlone"]

WhoMayGoAlone = Literal["anyone", "maker_or_defenders", "makers", "maker", "nobody"]
LoneLead = Literal["lone_left", "dealer_left"]


class EuchreOptions(Options, frozen=True):
    """The options of E9; ``trickcore.load("euchre", deck=32, stick_the_dealer=True)``."""

    target: int = 10
    """Points that win the game (E1), at least 1."""
    deck: Literal[24, 32, 25] = 24
    """24 (9-A), 32 (7-A) or 25 (9-A and the joker, the Benny) (E2)."""
    stick_the_dealer: bool = False
    """In the second round the dealer must name a suit (E4)."""
    who_may_go_alone: WhoMayGoAlone = "anyone"
    """Who is asked whether they play alone (E6)."""
    lone_lead: LoneLead = "lone_left"
    """Who leads when someone plays alone (E7)."""
    lone_defender_bonus: bool = False
    """A lone defender who wins 3 or more tricks scores 4 (E8)."""
    first_dealer: int | None = None
    """The first dealer's seat, 0-3; ``None`` draws it from the seed (E1)."""
    single_hand: bool = False
    """Stop after one hand (E9): the side that scored wins; a hand thrown in is a draw."""

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError(f"target must be at least 1, not {self.target}")
        if self.first_dealer is not None and not 0 <= self.first_dealer <= 3:
            raise ValueError(f"first_dealer must be a seat 0-3 or None, not {self.first_dealer}")
