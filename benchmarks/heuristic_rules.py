"""Is each game's ``heuristic`` worth beating? (issue 23, point 3.) It plays duplicate matches
(:class:`trickcore.Match`, one hand per game: ``single_hand=true``) against ``random`` and
against bots that follow one-line rules, registered in-process:

* ``highest`` / ``lowest``: play (or discard, give, set as target) the highest / lowest legal
  card by rank (ties: by suit), and never bid: pass, stand, play with partner, run the pack;
* ``bid-highest`` / ``bid-lowest``: the same cards, but always bid the minimum: order up or
  call a suit (Euchre E4), beg and give one (All Fours F3), bid the lowest number (Apples
  A3).

Seats alternate (the heuristic at the even seats, the rule at the odd ones, and rotated: every
deal is played under both seatings). The figure is :func:`trickcore.match.stats.head_to_head`:
points per hand of the heuristic minus the rule's, paired by deal, with its bootstrap 95%
interval.

    python benchmarks/heuristic_rules.py --deals 200
    python benchmarks/heuristic_rules.py --game apples --deals 100 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, cast

from trickcore import BotSpec
from trickcore.bots import BotFactory
from trickcore.hookspecs import BotRegistrar, hookimpl
from trickcore.match import Match
from trickcore.match.stats import head_to_head
from trickcore.plugins import PluginHost, build_host

GAMES = ("euchre", "allfours", "apples")
HEURISTIC = "heuristic"
PASSIVE = ("pass", "with_partner", "stand", "run_pack")
"""The tags of the actions that decline to bid or to ask (never ``alone``)."""
BIDS = ("order_up", "call", "bid", "beg", "give_one")
"""The tags of the actions that bid or ask for something."""
JOKER_ORDER = 15
"""The joker's place above the ace (14)."""


def _tag(action: Any) -> str:
    return str(type(action).__struct_config__.tag)


def card_key(action: Any) -> tuple[int, int]:
    """An action's card by rank (2 to 14, the joker 15), then suit."""
    card = action.card
    rank = JOKER_ORDER if card.rank is None else card.rank.order
    return rank, -1 if card.suit is None else card.suit.index


def bid_key(action: Any) -> tuple[int, int]:
    """How big a bid is: a number first (Apples), then the suit named."""
    suit = getattr(action, "suit", None)
    return getattr(action, "number", 0), -1 if suit is None else suit.index


Rule = Callable[[tuple[Any, ...]], Any]


def rule(*, highest: bool, bids: bool) -> Rule:
    """A one-line rule: bid the minimum (``bids``) or never, and play the highest or lowest
    card; anything else (going alone) declined where it can be, otherwise the first legal."""
    pick = max if highest else min

    def choose(legal: tuple[Any, ...]) -> Any:
        bidding = [action for action in legal if _tag(action) in BIDS]
        if bids and bidding:
            return min(bidding, key=bid_key)
        passive = [action for action in legal if _tag(action) in PASSIVE]
        if passive:
            return passive[0]
        cards = [action for action in legal if hasattr(action, "card")]
        return pick(cards, key=card_key) if cards else legal[0]

    return choose


RULES: dict[str, Rule] = {
    "highest": rule(highest=True, bids=False),
    "lowest": rule(highest=False, bids=False),
    "bid-highest": rule(highest=True, bids=True),
    "bid-lowest": rule(highest=False, bids=True),
}


def rule_bot(name: str, choose: Rule) -> BotFactory:
    """A bot class playing ``choose`` in every game."""

    class RuleBot:
        games: ClassVar[tuple[str, ...] | None] = None
        reads_view: ClassVar[bool] = False
        description: ClassVar[str] = f"one-line rule: {name}"

        def __init__(self, spec: BotSpec) -> None:
            del spec

        def act(self, view: object, legal: tuple[Any, ...]) -> Any:
            return choose(legal)

    RuleBot.name = name  # type: ignore[attr-defined]
    RuleBot.__qualname__ = RuleBot.__name__ = f"RuleBot_{name.replace('-', '_')}"
    return cast("BotFactory", RuleBot)


class RulesPlugin:
    """Registers the rule bots in-process."""

    @hookimpl
    def trickcore_register_bots(self, register: BotRegistrar) -> None:
        for name, choose in RULES.items():
            register(rule_bot(name, choose))


def host_with_rules() -> PluginHost:
    """The installed plugins and the rule bots."""
    return build_host(plugins=[("heuristic-rules", RulesPlugin())])


@dataclass
class Row:
    """The heuristic against one opponent in one game."""

    game: str
    opponent: str
    deals: int
    seed: int
    diff: float
    """Points per hand, heuristic minus opponent, paired by deal."""
    low: float | None
    high: float | None


def compare(game: str, opponent: str, deals: int, seed: int, host: PluginHost | None = None) -> Row:
    """The heuristic against ``opponent`` over ``deals`` duplicate deals of one hand."""
    host = host if host is not None else host_with_rules()
    match = Match(
        game,
        [HEURISTIC, opponent] * 2,
        games=deals,
        seed=seed,
        options={"single_hand": True},
        host=host,
    )
    estimate = head_to_head(HEURISTIC, opponent, match.run().results)
    return Row(game, opponent, deals, seed, estimate.value, estimate.low, estimate.high)


def _interval(row: Row) -> str:
    if row.low is None or row.high is None:
        return "(no interval)"
    return f"[{row.low:+.3f}, {row.high:+.3f}]"


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| game | heuristic against | deals | heuristic - it (points per hand) | 95% interval |",
        "| --- | --- | --- | --- | --- |",
    ]
    lines += [
        f"| {r.game} | {r.opponent} | {r.deals} | {r.diff:+.3f} | {_interval(r)} |" for r in rows
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="all", help=f"one of {', '.join(GAMES)}, or all")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    parser.add_argument("--json", action="store_true", help="JSON instead of a table")
    args = parser.parse_args(argv)
    games = GAMES if args.game == "all" else (args.game,)
    if any(game not in GAMES for game in games) or args.deals < 2:
        parser.error(f"--game is one of {', '.join(GAMES)} or all; --deals at least 2")
    host = host_with_rules()
    rows = [
        compare(game, opponent, args.deals, args.seed, host)
        for game in games
        for opponent in ("random", *RULES)
    ]
    print(json.dumps([asdict(row) for row in rows]) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
