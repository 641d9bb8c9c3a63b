"""The options of the search bots ``pimc`` and ``ismcts`` (:mod:`trickcore_bots.search`), in a
module of their own: a msgspec struct, which keeps its behaviour only in an interpreted module,
while the compiled build compiles the search."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from trickcore.bots import BotSpec
from trickcore.errors import OptionError

__all__ = ["AUTO_PLAYOUT", "SEARCH_BOTS", "SearchOptions"]

SEARCH_BOTS = frozenset({"pimc", "ismcts"})
"""The search bots' names: neither may be the playout policy of a search."""
AUTO_PLAYOUT = "auto"
"""The ``playout`` option's default: the game's ``heuristic`` bot when one is registered."""


class SearchOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options of ``pimc`` and ``ismcts``; the defaults (40 playouts by the game's
    ``heuristic`` bot) keep a move of Euchre, All Fours or Apples under about 0.1 s (see
    ``docs/bots.md`` for the measured times)."""

    iterations: (
        Annotated[int, msgspec.Meta(ge=1, description="playouts per move (default: the bot's)")]
        | None
    ) = None
    time_budget: (
        Annotated[float, msgspec.Meta(gt=0, description="seconds per move (opt-in)")] | None
    ) = None
    playout: Annotated[str, msgspec.Meta(description="auto, random, or a registered bot")] = (
        AUTO_PLAYOUT
    )
    exploration: Annotated[
        float, msgspec.Meta(ge=0, description="UCB1 constant, on returns scaled to [0, 1] (ismcts)")
    ] = 0.7
    confidence: Annotated[
        float,
        msgspec.Meta(
            ge=0, description="standard errors needed to overrule the playout bot's own move"
        ),
    ] = 1.0
    prune: Annotated[
        float,
        msgspec.Meta(
            ge=0,
            description="pimc: standard errors by which an action must trail the best over the "
            "move's worlds so far to get no more playouts (0: every action in every world)",
        ),
    ] = 0.0
    horizon: Annotated[
        Literal["hand", "game"], msgspec.Meta(description="where a playout stops")
    ] = "hand"
    value: Annotated[
        Literal["points", "returns"], msgspec.Meta(description="what a playout is worth")
    ] = "points"
    solve: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            description="cards in the hand of the seat to play at or below which the rest of "
            "the hand is solved exactly instead of played out (0: never)",
        ),
    ] = 0
    search: Annotated[
        Literal["all", "play"],
        msgspec.Meta(
            description="all: every decision with a choice is searched; play: only the card "
            "play (the game's play phase), the playout bot takes the other decisions"
        ),
    ] = "all"
    inference: Annotated[
        Literal["off", "auction", "hand"],
        msgspec.Meta(
            description="off: worlds drawn uniformly; auction: weighted by how likely the "
            "other seats' decisions before the first card play were (heuristic model); hand: "
            "by how likely all their decisions of the hand so far were, card plays included"
        ),
    ] = "off"
    inference_noise: Annotated[
        float,
        msgspec.Meta(
            gt=0,
            lt=1,
            description="inference=auction or hand: the chance that a seat decides otherwise than "
            "the heuristic would",
        ),
    ] = 0.1
    inference_pool: Annotated[
        int,
        msgspec.Meta(
            ge=1,
            description="inference=auction or hand: worlds drawn for each world kept (by weight)",
        ),
    ] = 4
    inference_trust: Annotated[
        float,
        msgspec.Meta(
            gt=0,
            le=1,
            description="inference=auction or hand: the prior chance that a seat plays like the "
            "heuristic; otherwise its decisions are read as saying nothing of its cards",
        ),
    ] = 0.5

    @classmethod
    def of(cls, bot: str, spec: BotSpec) -> SearchOptions:
        """The options in ``spec`` (text values such as ``"500"`` converted), or an
        :class:`~trickcore.errors.OptionError` naming the bot, the option and the fields."""
        try:
            options = msgspec.convert(dict(spec.options), cls, strict=False)
        except msgspec.ValidationError as error:
            fields = ", ".join(cls.__struct_fields__)
            raise OptionError(f"{bot} bot: {error} (options: {fields})") from None
        if options.playout in SEARCH_BOTS:
            raise OptionError(f"{bot} bot: a search bot cannot be the playout policy")
        if options.search == "play" and options.playout == "random":
            raise OptionError(
                f"{bot} bot: search=play needs a playout bot to take the other decisions, "
                "not playout=random"
            )
        if options.solve and options.horizon != "hand":
            raise OptionError(f"{bot} bot: solve needs horizon=hand (it solves one hand)")
        return options
