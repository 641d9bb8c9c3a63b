"""Euchre options (rule book E9). Defaults are the source's rules or the book's Decisions.

Each option's allowed values and description are declared once, in its type (see
:mod:`trickcore.kit.options`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from trickcore.game import Options
from trickcore.kit.options import check_options

__all__ = ["EuchreOptions", "LoneLead", "SeatNumber", "WhoMayGoAlone"]

WhoMayGoAlone = Literal["anyone", "maker_or_defenders", "makers", "maker", "nobody"]
LoneLead = Literal["lone_left", "dealer_left"]
SeatNumber = Annotated[int, Meta(ge=0, le=3)]
"""A seat at the Euchre table, 0-3."""


class EuchreOptions(Options, frozen=True):
    """The options of E9; ``trickcore.load("euchre", deck=32, stick_the_dealer=True)``."""

    target: Annotated[int, Meta(ge=1, description="Points that win the game (E1).")] = 10
    deck: Annotated[
        Literal[24, 32, 25],
        Meta(description="24 (9-A), 32 (7-A) or 25 (9-A and the joker, the Benny) (E2)."),
    ] = 24
    stick_the_dealer: Annotated[
        bool, Meta(description="In the second round the dealer must name a suit (E4).")
    ] = False
    who_may_go_alone: Annotated[
        WhoMayGoAlone, Meta(description="Who is asked whether they play alone (E6).")
    ] = "anyone"
    lone_lead: Annotated[
        LoneLead,
        Meta(description="Who leads when someone plays alone (E7)."),
    ] = "lone_left"
    lone_defender_bonus: Annotated[
        bool, Meta(description="A lone defender who wins 3 or more tricks scores 4 (E8).")
    ] = False
    first_dealer: Annotated[
        SeatNumber | None,
        Meta(description="The first dealer's seat; null draws it from the seed (E1)."),
    ] = None
    single_hand: Annotated[
        bool,
        Meta(
            description="Stop after one hand (E9): the side that scored wins; "
            "a hand thrown in is a draw."
        ),
    ] = False

    def __post_init__(self) -> None:
        check_options(self)  # bounds and allowed values also when built directly
