"""What each measured rule of the Euchre and the All Fours ``heuristic`` is worth (issue 23,
point 3): the game's ``heuristic`` against itself with one rule taken back, over duplicate
deals of one hand (:class:`trickcore.Match`, ``single_hand=true``, both seatings of every
deal). The variants are subclasses of the game's heuristic bot, registered in-process.

Euchre (:class:`~trickcore_bots.euchre_heuristic.EuchreHeuristicBot`):

* ``sure-march-only``: the makers go alone only on a near-certain march, as defenders do
  (:meth:`~trickcore_bots.euchre_heuristic.EuchreHeuristicBot.likely_march` taken back, E6);
* ``no-second-hand-low``: second to play, it trumps a plain card it cannot follow whenever
  trumping wins the trick (:meth:`~trickcore_bots.euchre_heuristic.EuchreHeuristicBot.
  second_hand_low` taken back, E7);
* ``up-card-six-tenths``: the up-card counts for 0.6 of its worth, not 0.8, for the dealer's
  partner and against the dealer's opponents in the first round (E4);
* ``before-rules``: all three taken back: the ``heuristic`` as it played up to commit 63cfa56
  (2026-12-07; see the CHANGELOG).

All Fours (:class:`~trickcore_bots.allfours_heuristic.AllFoursHeuristicBot`):

* ``stand-at-3``: the dealer's right stands only on a hand worth 3.0, not 1.5 (F3);
* ``give-at-5``: the dealer gives one only on a hand worth 5.0, not 3.5 (F3);
* ``trump-for-4``: it trumps a plain lead it could follow for 4 Game points in the trick, not
  10 (F4, F5);
* ``before-rules``: all three taken back: the ``heuristic`` as it played up to commit b9b60f9.

The figure is :func:`trickcore.match.stats.head_to_head`: points per hand of the ``heuristic``
minus the variant's, paired by deal, with its bootstrap 95% interval.

    python benchmarks/heuristic_ablation.py --deals 20000
    python benchmarks/heuristic_ablation.py --game allfours --deals 20000
    python benchmarks/heuristic_ablation.py --deals 2000 --option deck=25 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from trickcore.cards import Card, Suit
from trickcore.hookspecs import BotRegistrar, hookimpl
from trickcore.match import Match
from trickcore.match.stats import head_to_head
from trickcore.plugins import PluginHost, build_host
from trickcore_bots.allfours_heuristic import AllFoursHeuristicBot
from trickcore_bots.euchre_heuristic import EuchreHeuristicBot, PlayFacts

HEURISTIC = "heuristic"
EARLIER_UP_CARD_SHARE = 0.6
"""The up-card's share before it was measured (E4)."""


class SureMarchOnly(EuchreHeuristicBot):
    """The makers go alone only on a near-certain march."""

    name: ClassVar[str] = "sure-march-only"

    def likely_march(self, hand: Sequence[Card], trump: Suit, dead: Collection[Card] = ()) -> bool:
        return self.sure_march(hand, trump, dead)


class NoSecondHandLow(EuchreHeuristicBot):
    """Second to play, it trumps whatever it can beat."""

    name: ClassVar[str] = "no-second-hand-low"

    def second_hand_low(
        self, facts: PlayFacts, lead: Card, led: Suit, playable: Sequence[Card]
    ) -> bool:
        return False


class UpCardSixTenths(EuchreHeuristicBot):
    """The up-card's earlier share."""

    name: ClassVar[str] = "up-card-six-tenths"
    UP_CARD_SHARE: ClassVar[float] = EARLIER_UP_CARD_SHARE


class BeforeRules(SureMarchOnly, NoSecondHandLow, UpCardSixTenths):
    """All three rules taken back."""

    name: ClassVar[str] = "before-rules"


class StandAtThree(AllFoursHeuristicBot):
    """The earlier stand threshold (F3)."""

    name: ClassVar[str] = "stand-at-3"
    STAND_THRESHOLD: ClassVar[float] = 3.0


class GiveAtFive(AllFoursHeuristicBot):
    """The earlier give-one threshold (F3)."""

    name: ClassVar[str] = "give-at-5"
    GIVE_THRESHOLD: ClassVar[float] = 5.0


class TrumpForFour(AllFoursHeuristicBot):
    """The earlier Game points worth a trump (F4, F5)."""

    name: ClassVar[str] = "trump-for-4"
    WORTH_TRUMPING: ClassVar[int] = 4


class AllFoursBeforeRules(StandAtThree, GiveAtFive, TrumpForFour):
    """All three All Fours rules taken back."""

    name: ClassVar[str] = "before-rules"


VARIANTS: dict[str, tuple[type[EuchreHeuristicBot] | type[AllFoursHeuristicBot], ...]] = {
    "euchre": (SureMarchOnly, NoSecondHandLow, UpCardSixTenths, BeforeRules),
    "allfours": (StandAtThree, GiveAtFive, TrumpForFour, AllFoursBeforeRules),
}
"""Each game's variants (each class plays only its heuristic's game)."""


class AblationPlugin:
    """Registers the variants in-process."""

    @hookimpl
    def trickcore_register_bots(self, register: BotRegistrar) -> None:
        for variants in VARIANTS.values():
            for variant in variants:
                register(variant)


def host_with_variants() -> PluginHost:
    """The installed plugins and the variants."""
    return build_host(plugins=[("heuristic-ablation", AblationPlugin())])


@dataclass
class Row:
    """The heuristic against one variant."""

    game: str
    variant: str
    deals: int
    seed: int
    options: dict[str, Any]
    diff: float
    """Points per hand, heuristic minus variant, paired by deal."""
    low: float | None
    high: float | None


def compare(
    variant: str,
    deals: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    host: PluginHost | None = None,
    game: str = "euchre",
) -> Row:
    """The heuristic against ``variant`` over ``deals`` duplicate deals of one hand of
    ``game``."""
    host = host if host is not None else host_with_variants()
    options = dict(options or {})
    match = Match(
        game,
        [HEURISTIC, variant] * 2,
        games=deals,
        seed=seed,
        options={**options, "single_hand": True},
        host=host,
    )
    estimate = head_to_head(HEURISTIC, variant, match.run().results)
    return Row(game, variant, deals, seed, options, estimate.value, estimate.low, estimate.high)


def table(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| game | variant | options | deals | heuristic - it (points per hand) | 95% interval |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        shown = ", ".join(f"{k}={v}" for k, v in r.options.items()) or "default"
        interval = "(no interval)" if r.low is None else f"[{r.low:+.4f}, {r.high:+.4f}]"
        lines.append(
            f"| {r.game} | {r.variant} | {shown} | {r.deals} | {r.diff:+.4f} | {interval} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "variants", nargs="*", help="some of the game's variants (default all; see above)"
    )
    parser.add_argument(
        "--game", default="euchre", choices=sorted(VARIANTS), help="the game (default euchre)"
    )
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, the value as JSON (deck=25, players=2); repeatable",
    )
    parser.add_argument("--json", action="store_true", help="JSON instead of a table")
    args = parser.parse_args(argv)
    names = [variant.name for variant in VARIANTS[args.game]]
    unknown = [name for name in args.variants if name not in names]
    if unknown or args.deals < 2:
        parser.error(
            f"{args.game}'s variants are {', '.join(names)}; --deals at least 2 (not {unknown})"
        )
    options: dict[str, Any] = {}
    for text in args.option:
        key, equals, value = text.partition("=")
        if not equals:
            parser.error(f"--option takes KEY=VALUE, not {text!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value  # a plain word, such as who_may_go_alone=maker
    host = host_with_variants()
    rows = [
        compare(name, args.deals, args.seed, options, host=host, game=args.game)
        for name in args.variants or names
    ]
    print(json.dumps([asdict(row) for row in rows]) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
