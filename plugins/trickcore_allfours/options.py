"""All Fours options (rule book F7). Defaults are the source's rules or the book's Decisions.

Each option's allowed values and description are declared once, in its type (see
:mod:`trickcore.kit.options`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from trickcore.errors import OptionError
from trickcore.game import Options
from trickcore.kit.options import check_options, seat_below

__all__ = ["AllFoursOptions"]


class AllFoursOptions(Options, frozen=True):
    """The options of F7; ``trickcore.load("allfours", players=2, target=7)``."""

    players: Annotated[
        Literal[4, 2],
        Meta(description="4 players in two partnerships, or 2 players each for themselves (F1)."),
    ] = 4
    target: Annotated[int, Meta(ge=1, description="Points that win the game (F1).")] = 14
    tobago: Annotated[
        bool, Meta(description="A kicked Two scores 2 and a kicked Six nothing (F2).")
    ] = False
    hang_jack: Annotated[
        int,
        Meta(
            ge=1,
            le=10,
            description="Points to the side that captures the opponents' jack of trumps (F5).",
        ),
    ] = 3
    no_give_to_win: Annotated[
        bool,
        Meta(
            description="The dealer may not give one when that point would win the game for "
            "the beggar's side: they must run the pack (F3)."
        ),
    ] = False
    no_undertrump: Annotated[
        bool,
        Meta(
            description="A player who can follow a trumped plain lead may not play a trump "
            "lower than the best trump in the trick (F4)."
        ),
    ] = False
    first_dealer: Annotated[
        Annotated[int, Meta(ge=0, le=3)] | None,
        Meta(
            description="The first dealer's seat (0-3, 0-1 with 2 players); null draws it "
            "from the seed (F1)."
        ),
    ] = None
    single_hand: Annotated[
        bool,
        Meta(
            description="Stop after one hand (redeals included): the side with more points in "
            "it wins, equal points are a draw; reaching the target still ends the game (F7)."
        ),
    ] = False

    json_schema_extra: ClassVar[Mapping[str, Any]] = seat_below("first_dealer", "players", [2, 4])
    """What ``__post_init__`` checks across options, for the JSON Schema."""

    def __post_init__(self) -> None:
        check_options(self)  # bounds and allowed values also when built directly
        if self.first_dealer is not None and self.first_dealer >= self.players:
            raise OptionError(
                f"first_dealer must be a seat 0-{self.players - 1} with {self.players} players, "
                f"not {self.first_dealer}"
            )
