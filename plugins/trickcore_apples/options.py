"""Apples options (rule book A9). Defaults are the source's rules or the book's Decisions.

Each option's allowed values and description are declared once, in its type (see
:mod:`trickcore.kit.options`).
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from trickcore.game import Options
from trickcore.kit.options import check_options

__all__ = ["ApplesOptions", "SeatNumber"]

SeatNumber = Annotated[int, Meta(ge=0, le=3)]
"""A seat at the Apples table, 0-3."""


class ApplesOptions(Options, frozen=True):
    """The options of A9; ``trickcore.load("apples", target=500, pass_is_final=True)``."""

    target: Annotated[
        int,
        Meta(ge=1, description="Total that ends the game (A8); the source's long game is 500."),
    ] = 250
    first_dealer: Annotated[
        SeatNumber | None,
        Meta(description="The first dealer's seat; null draws it from the seed (A1)."),
    ] = None
    pass_is_final: Annotated[
        bool,
        Meta(description="A player who passed may not bid again in that auction (A3)."),
    ] = False
    single_hand: Annotated[
        bool,
        Meta(
            description="Stop after one round (A9): the highest round score wins; "
            "a tie for it is a draw."
        ),
    ] = False

    def __post_init__(self) -> None:
        check_options(self)  # bounds and allowed values also when built directly
