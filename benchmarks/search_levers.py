"""Where do the search bots win their points, and what makes them stronger? (issue 23, point 2.)

Plays duplicate matches (:class:`trickcore.Match`, one hand per game: ``single_hand=true``,
every deal under both seatings) between variants of the search bots, registered in-process,
and a reference bot (``heuristic`` unless ``--against`` says otherwise):

* ``pimc@PHASE`` / ``ismcts@PHASE``: the search bot (default options) in one phase of the
  hand only, the ``heuristic`` everywhere else. The phases, by the legal actions' tags:
  ``bid`` (Euchre E4 order up / call / pass, All Fours F3 stand / beg / give one / run the pack,
  Apples A3 bid / pass), ``alone`` (Euchre E6), ``exchange`` (Euchre's discard, Apples A4-A5
  bidding pile and target) and ``play`` (the tricks), which splits into ``lead`` (a card led
  to an empty trick) and ``follow`` (a card played to a trick already led). What each gains
  over the ``heuristic`` is what the search is worth in that phase.
* ``pimc:KEY=VALUE,...`` / ``ismcts:KEY=VALUE,...``: the search bot with those options, e.g.
  ``pimc:solve=3`` (the endgame solver, :mod:`trickcore.kit.solver`),
  ``pimc:inference=auction`` (worlds resampled by the other seats' bids,
  :mod:`trickcore_bots.inference`) or ``pimc:iterations=80``.
* ``pimc:KEY=VALUE,...@PHASE``: both at once, the search bot with those options in that phase
  only (``pimc:iterations=400@bid``: 400 playouts a bid, the ``heuristic`` elsewhere).

``--against`` names a registered bot (``heuristic``, ``pimc``), or a variant written as above
when it holds ``:`` or ``@`` (``--against pimc@bid``): then both sides are variants, and the
difference between them is what the options are worth in that phase.

The figure is :func:`trickcore.match.stats.head_to_head` (points per hand of the variant minus
the reference's, paired by deal, bootstrap 95% interval) with the variant's CPU per decision
(``time.process_time()`` around ``act``, decisions with a choice only; the match runs
in-process for that), and the reference's too when it is a variant.

    python benchmarks/search_levers.py --game euchre --deals 200 pimc@bid pimc@play
    python benchmarks/search_levers.py --game euchre --deals 200 --against pimc pimc:solve=3
    python benchmarks/search_levers.py --game euchre --against pimc pimc:inference=auction
    python benchmarks/search_levers.py --game euchre --deals 400 --against pimc@bid \
        pimc:iterations=400@bid pimc:iterations=400,inference=auction@bid
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, cast

import msgspec

from trickcore import BotSpec
from trickcore.bots import BotFactory
from trickcore.hookspecs import BotRegistrar, hookimpl
from trickcore.match import Match
from trickcore.match.stats import head_to_head
from trickcore.plugins import PluginHost, build_host, default_host
from trickcore_bots import IsmctsBot, PimcBot

GAMES = ("euchre", "allfours", "apples")
SEARCH: dict[str, type[Any]] = {"pimc": PimcBot, "ismcts": IsmctsBot}
PHASE_OF_TAG = {
    "pass": "bid",
    "order_up": "bid",
    "call": "bid",
    "bid": "bid",
    "stand": "bid",
    "beg": "bid",
    "give_one": "bid",
    "run_pack": "bid",
    "alone": "alone",
    "with_partner": "alone",
    "discard": "exchange",
    "give": "exchange",
    "target": "exchange",
    "play": "play",
}
PLAY_PARTS = ("lead", "follow")
"""The two parts of ``play``: a card led to an empty trick, or played to one already led."""
PHASES = frozenset({*PHASE_OF_TAG.values(), *PLAY_PARTS})


def phase(legal: tuple[Any, ...]) -> str:
    """The phase of a decision, from its first legal action's tag."""
    return PHASE_OF_TAG[str(type(legal[0]).__struct_config__.tag)]


def in_phase(only: str, view: Any, legal: tuple[Any, ...]) -> bool:
    """Whether a decision belongs to the phase ``only``: ``lead`` and ``follow`` are the
    ``play`` decisions whose view shows the current trick empty, or not (the kit's views'
    ``trick``)."""
    found = phase(legal)
    if only not in PLAY_PARTS:
        return found == only
    return found == "play" and (only == "lead") == (not view.trick)


class Clock:
    """CPU time of a variant's decisions with a choice."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decisions = 0

    def per_decision_ms(self) -> float:
        return 1000 * self.seconds / max(self.decisions, 1)


def bot_name(spec: str) -> str:
    """The registered name of the variant ``spec`` (``pimc:solve=3`` -> ``pimc-solve-3``;
    ``pimc`` -> ``pimc-variant``, as the name ``pimc`` is taken)."""
    name = re.sub(r"[^a-z0-9_-]+", "-", spec.lower())
    return f"{name}-variant" if name in SEARCH else name


def is_variant(spec: str) -> bool:
    """Whether ``spec`` describes a variant (options or a phase) rather than a registered bot."""
    return ":" in spec or "@" in spec


def variant(name: str, clock: Clock) -> BotFactory:
    """The bot a variant's name describes (see the module text), timing its decisions."""
    base, _, rest = name.partition("@")
    only = rest or None
    base, _, text = base.partition(":")
    options = dict(item.split("=", 1) for item in text.split(",") if item)
    search_class = SEARCH[base]
    if only is not None and only not in PHASES:
        raise SystemExit(f"{name}: the phase is one of {', '.join(sorted(PHASES))}")

    class Variant:
        games: ClassVar[tuple[str, ...] | None] = None
        description: ClassVar[str] = f"search variant {name}"

        def __init__(self, spec: BotSpec) -> None:
            merged = {**options, **spec.options}
            self._search = search_class(msgspec.structs.replace(spec, options=merged))
            heuristic = default_host().bot_factory("heuristic", spec.game.name)
            self._heuristic = heuristic(BotSpec(spec.game, spec.seat, spec.rng.derive("heuristic")))

        def act(self, view: object, legal: tuple[Any, ...]) -> Any:
            if only is not None and not in_phase(only, view, legal):
                return self._heuristic.act(view, legal)
            start = time.process_time()
            action = self._search.act(view, legal)
            if len(legal) > 1:
                clock.seconds += time.process_time() - start
                clock.decisions += 1
            return action

    Variant.name = bot_name(name)  # type: ignore[attr-defined]
    return cast("BotFactory", Variant)


class VariantsPlugin:
    """Registers the variants in-process."""

    def __init__(self, factories: list[BotFactory]) -> None:
        self._factories = factories

    @hookimpl
    def trickcore_register_bots(self, register: BotRegistrar) -> None:
        for factory in self._factories:
            register(factory)


@dataclass
class Row:
    """One variant against the reference in one game."""

    game: str
    variant: str
    against: str
    deals: int
    seed: int
    diff: float
    """Points per hand, variant minus reference, paired by deal."""
    low: float | None
    high: float | None
    cpu_ms: float
    """The variant's CPU per decision with a choice (search phases only)."""
    decisions: int
    against_cpu_ms: float | None = None
    """The reference's CPU per decision likewise, when it is a variant (else ``None``)."""
    against_decisions: int | None = None


def compare(game: str, name: str, against: str, deals: int, seed: int) -> Row:
    """The variant ``name`` against ``against`` (a registered bot or a variant, see
    :func:`is_variant`) over ``deals`` duplicate deals of one hand."""
    clock, against_clock = Clock(), Clock()
    factories = [variant(name, clock)]
    reference = against
    if is_variant(against):
        reference = bot_name(against)
        if reference == bot_name(name):
            raise SystemExit(f"{name}: the same bot as --against {against}")
        factories.append(variant(against, against_clock))
    plugin = VariantsPlugin(factories)
    host: PluginHost = build_host(plugins=[("search-levers", plugin)])
    if host.failures:
        raise SystemExit(f"{name}: {host.failures[0].error}")
    registered = bot_name(name)
    match = Match(
        game,
        [registered, reference] * 2,
        games=deals,
        seed=seed,
        options={"single_hand": True},
        host=host,
    )
    estimate = head_to_head(registered, reference, match.run().results)
    timed = is_variant(against)
    return Row(
        game,
        name,
        against,
        deals,
        seed,
        estimate.value,
        estimate.low,
        estimate.high,
        clock.per_decision_ms(),
        clock.decisions,
        against_clock.per_decision_ms() if timed else None,
        against_clock.decisions if timed else None,
    )


def _interval(row: Row) -> str:
    if row.low is None or row.high is None:
        return "(no interval)"
    return f"[{row.low:+.3f}, {row.high:+.3f}]"


def _its_cpu(row: Row) -> str:
    if row.against_cpu_ms is None:
        return "—"
    return f"{row.against_cpu_ms:.1f} ms ({row.against_decisions})"


def line(row: Row) -> str:
    """One row of the Markdown table."""
    return (
        f"| {row.game} | {row.variant} | {row.against} | {row.deals} | {row.diff:+.3f} | "
        f"{_interval(row)} | {row.cpu_ms:.1f} ms | {row.decisions} | {_its_cpu(row)} |"
    )


HEADER = (
    "| game | variant | against | deals | variant - it (points per hand) | 95% interval | "
    "CPU/decision | decisions | its CPU/decision (decisions) |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "variants", nargs="+", help="pimc@PHASE, pimc:KEY=VALUE,..., both (ismcts too)"
    )
    parser.add_argument("--game", default="euchre", help=f"one of {', '.join(GAMES)}")
    parser.add_argument(
        "--against",
        default="heuristic",
        help="the reference: a registered bot, or a variant (pimc@bid, pimc:solve=2)",
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    parser.add_argument("--json", action="store_true", help="JSON lines instead of a table")
    args = parser.parse_args(argv)
    if args.game not in GAMES or args.deals < 2:
        parser.error(f"--game is one of {', '.join(GAMES)}; --deals at least 2")
    if not args.json:
        print(HEADER, flush=True)
    for name in args.variants:
        row = compare(args.game, name, args.against, args.deals, args.seed)
        print(json.dumps(asdict(row)) if args.json else line(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
