"""Random Euchre hands per second: trickcore next to OpenSpiel, in one run.

Both engines are driven the same way from Python: chance is sampled from a seeded generator and
every player action is a uniformly random legal action, until the hand is over.

* trickcore: ``trickcore.load("euchre", single_hand=True)`` with its default options. Player
  actions are ``legal[rng.below(len(legal))]`` from one ``Rng(seed, "bench")`` stream. Chance is
  resolved the way ``Table`` does it: chance action *k* of hand *i* is
  ``game.sample_chance(state, Rng(hand_seed, "chance", k))`` with
  ``hand_seed = seed * 1_000_000 + i`` (the headline figure). A second variant draws all chance
  from one persistent ``Rng(seed, "chance")`` stream, to show what the per-action key derivation
  costs.
* OpenSpiel: ``pyspiel.load_game("euchre")`` with its default parameters; one
  ``random.Random(seed)`` samples chance outcomes by their probabilities and picks legal actions.
  OpenSpiel deals card by card, so its hands have many more chance nodes than trickcore's (one
  dealer draw and one whole shuffle).

Memory: tracemalloc peaks of a 2,000-hand and a 20,000-hand trickcore run (separate from the timed
runs, as tracemalloc slows Python down); "flat" means the 20,000-hand peak is below 1.5 times the
2,000-hand peak. tracemalloc cannot see OpenSpiel's C++ states, so for both engines the script
also reports how far the process's peak RSS rose during untraced 2,000- and 20,000-hand runs
(Linux; the kernel's peak mark is reset through /proc/self/clear_refs).

Run ``python benchmarks/euchre_playouts.py --help`` for the options, or ``tox -e bench``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.metadata
import io
import json
import platform
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import trickcore
from trickcore import CHANCE, Rng

# Hand i of a run with seed s is played as a table seeded with s * HAND_SEED_STRIDE + i.
HAND_SEED_STRIDE = 1_000_000
MEMORY_SMALL = 2_000
MEMORY_LARGE = 20_000
FLAT_FACTOR = 1.5
PROFILE_TOP = 25
TC_TABLE = "trickcore (chance per action)"
TC_PERSISTENT = "trickcore (one chance stream)"
OPENSPIEL = "OpenSpiel"


@dataclass(frozen=True)
class Tally:
    """What a batch of hands did: how many hands, actions and chance actions."""

    hands: int
    actions: int
    chance: int


@dataclass(frozen=True)
class Timing:
    """Timed runs of one driver: the elapsed seconds of each run and the tally of one run."""

    name: str
    seconds: tuple[float, ...]
    tally: Tally

    def rates(self) -> list[float]:
        return [self.tally.hands / s for s in self.seconds]

    def median_rate(self) -> float:
        return statistics.median(self.rates())

    def rate(self, stat: str) -> float:
        """The reported rate: the best run (``best``) or the median run (``median``)."""
        return self.best_rate() if stat == "best" else self.median_rate()

    def best_rate(self) -> float:
        return max(self.rates())


Driver = Callable[[int, int], Tally]


def paired_ratios(a: Timing, b: Timing) -> list[float]:
    """Rate of ``a`` over rate of ``b`` for each repeat: the runs of one repeat are adjacent in
    time, so they share the machine's load better than the medians of whole series do."""
    return [
        seconds_b / seconds_a for seconds_a, seconds_b in zip(a.seconds, b.seconds, strict=True)
    ]


# --- trickcore ------------------------------------------------------------------------------


def _trickcore_playouts(
    hands: int, seed: int, chance_stream: Callable[[int, int], Rng], name: str = "euchre"
) -> Tally:
    """Random hands of game ``name`` (one hand each: ``single_hand``); chance action k of hand
    i is drawn from ``chance_stream(i, k)``."""
    game: Any = trickcore.load(name, single_hand=True)
    initial_state = game.initial_state
    actor = game.actor
    legal_actions = game.legal_actions
    sample_chance = game.sample_chance
    apply = game.apply
    below = Rng(seed, "bench").below
    actions = chance = 0
    for i in range(hands):
        state = initial_state()
        k = 0
        while (who := actor(state)) is not None:
            if who is CHANCE:
                action = sample_chance(state, chance_stream(i, k))
                k += 1
            else:
                legal = legal_actions(state)
                action = legal[below(len(legal))]
            state = apply(state, action)
            actions += 1
        chance += k
    return Tally(hands, actions, chance)


def trickcore_per_action_chance(hands: int, seed: int) -> Tally:
    """Random hands, chance action k of hand i drawn from Rng(hand_seed, "chance", k) (Table)."""
    base = seed * HAND_SEED_STRIDE
    return _trickcore_playouts(hands, seed, lambda i, k: Rng(base + i, "chance", k))


def trickcore_persistent_chance(hands: int, seed: int) -> Tally:
    """Random hands, all chance drawn from one Rng(seed, "chance") stream for the whole run."""
    stream = Rng(seed, "chance")
    return _trickcore_playouts(hands, seed, lambda i, k: stream)


# --- OpenSpiel ------------------------------------------------------------------------------


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        return None
    return pyspiel


def openspiel_driver(pyspiel: Any) -> Driver:
    def openspiel_hands(hands: int, seed: int) -> Tally:
        """Random hands of OpenSpiel's Euchre: chance sampled by probability, random actions."""
        game = pyspiel.load_game("euchre")
        rng = random.Random(seed)
        uniform = rng.random
        randbelow = rng.randrange
        actions = chance = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x = uniform()
                    cumulative = 0.0
                    action = outcomes[-1][0]  # if rounding leaves x above the last sum
                    for outcome, probability in outcomes:
                        cumulative += probability
                        if x < cumulative:
                            action = outcome
                            break
                    chance += 1
                else:
                    legal = state.legal_actions()
                    action = legal[randbelow(len(legal))]
                state.apply_action(action)
                actions += 1
        return Tally(hands, actions, chance)

    return openspiel_hands


# --- measuring ------------------------------------------------------------------------------


def time_drivers(
    drivers: dict[str, Driver], hands: int, seed: int, repeat: int, warmup: int
) -> list[Timing]:
    """Warm every driver up, then time them in turn (interleaved, to share any machine load)."""
    for driver in drivers.values():
        driver(warmup, seed + 1)
    seconds: dict[str, list[float]] = {name: [] for name in drivers}
    tallies: dict[str, Tally] = {}
    names = list(drivers)
    for run in range(repeat):
        # Rotate the order each repeat, so that no driver always runs first or last.
        shift = run % len(names)
        for name in names[shift:] + names[:shift]:
            driver = drivers[name]
            gc.collect()
            start = time.perf_counter()
            tally = driver(hands, seed)
            seconds[name].append(time.perf_counter() - start)
            tallies[name] = tally
    return [Timing(name, tuple(seconds[name]), tallies[name]) for name in drivers]


def _status_kib(field: str) -> int | None:
    """A field of /proc/self/status in KiB (Linux only), or None."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _reset_peak_rss() -> bool:
    """Reset the kernel's peak-RSS mark (VmHWM) of this process; False where not possible."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear_refs:
            clear_refs.write("5")
    except OSError:
        return False
    return True


def traced_peak_kib(driver: Driver, hands: int, seed: int) -> float:
    """The tracemalloc peak (KiB) of one run: Python allocations only."""
    gc.collect()
    tracemalloc.start()
    try:
        driver(hands, seed)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1024


def peak_rss_growth_kib(driver: Driver, hands: int, seed: int) -> int | None:
    """How far the resident set size rose above its starting point during one untraced run
    (KiB), C/C++ allocations included; None where the peak cannot be read or reset."""
    gc.collect()
    start = _status_kib("VmRSS")
    if start is None or not _reset_peak_rss():
        return None
    driver(hands, seed)
    peak = _status_kib("VmHWM")
    return None if peak is None else peak - start


@dataclass(frozen=True)
class Memory:
    """Memory of a small and a large run of one driver: tracemalloc peaks (Python heap), when
    measured, and peak RSS growth (whole process), when the platform allows."""

    name: str
    traced_small: float | None
    traced_large: float | None
    rss_small: int | None
    rss_large: int | None

    @property
    def ratio(self) -> float | None:
        if self.traced_small is None or self.traced_large is None:
            return None
        return self.traced_large / self.traced_small

    @property
    def flat(self) -> bool | None:
        ratio = self.ratio
        return None if ratio is None else ratio < FLAT_FACTOR


def measure_memory(name: str, driver: Driver, seed: int, *, traced: bool) -> Memory:
    driver(200, seed + 1)  # imports, caches and lazy tables are not part of the peak
    small = large = None
    if traced:
        small = traced_peak_kib(driver, MEMORY_SMALL, seed)
        large = traced_peak_kib(driver, MEMORY_LARGE, seed)
    rss_small = peak_rss_growth_kib(driver, MEMORY_SMALL, seed)
    rss_large = peak_rss_growth_kib(driver, MEMORY_LARGE, seed)
    return Memory(name, small, large, rss_small, rss_large)


def profile_trickcore(hands: int, seed: int) -> str:
    """cProfile over random trickcore hands: the top functions by own time."""
    trickcore_per_action_chance(200, seed + 1)
    profiler = cProfile.Profile()
    profiler.enable()
    trickcore_per_action_chance(hands, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(PROFILE_TOP)
    return out.getvalue()


# --- reporting ------------------------------------------------------------------------------


def versions(pyspiel: Any | None) -> dict[str, str]:
    try:
        open_spiel = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        open_spiel = "not installed" if pyspiel is None else "unknown"
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "trickcore": trickcore.__version__,
        "open_spiel": open_spiel,
    }


def derivation_us(seed: int, count: int = 20_000, repeat: int = 3) -> float:
    """Microseconds per ``Rng(hand_seed, "chance", k)``, as derived for every chance action
    (best of ``repeat`` timed batches of ``count``)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for i in range(count):
            Rng(seed * HAND_SEED_STRIDE + i, "chance", i & 1)
        best = min(best, time.perf_counter() - start)
    return best / count * 1e6


def ratio_of(a: Timing, b: Timing, stat: str) -> float:
    """Rate of ``a`` over rate of ``b``: best over best, or the median of the paired runs."""
    if stat == "best":
        return a.best_rate() / b.best_rate()
    return statistics.median(paired_ratios(a, b))


def print_report(
    info: dict[str, str],
    args: argparse.Namespace,
    timings: list[Timing],
    memory: list[Memory],
    *,
    note: str | None,
    derive_us: float,
) -> None:
    stat = args.stat
    other = "median" if stat == "best" else "best"
    print("Euchre random playouts: trickcore vs OpenSpiel")
    print(
        f"Python {info['python']} ({info['implementation']}) on {info['platform']}; "
        f"trickcore {info['trickcore']}; open_spiel {info['open_spiel']}"
    )
    print(
        f"{args.hands} hands per timed run, {args.repeat} runs each (interleaved), "
        f"{args.warmup} warm-up hands, seed {args.seed}; reported rate = the {stat} run"
    )
    if note:
        print(note)
    print()
    header = (
        f"{'engine':<34} {f'hands/s ({stat})':>16} {other:>8} {'worst':>8} "
        f"{'actions/hand':>13} {'chance/hand':>12}"
    )
    print(header)
    print("-" * len(header))
    for timing in timings:
        tally = timing.tally
        print(
            f"{timing.name:<34} {timing.rate(stat):>16,.0f} {timing.rate(other):>8,.0f} "
            f"{min(timing.rates()):>8,.0f} {tally.actions / tally.hands:>13.2f} "
            f"{tally.chance / tally.hands:>12.2f}"
        )
    print()
    by_name = {timing.name: timing for timing in timings}
    headline = by_name[TC_TABLE]
    persistent = by_name[TC_PERSISTENT]
    cost = 1 - ratio_of(headline, persistent, stat)
    per_hand = headline.tally.chance / headline.tally.hands
    share = derive_us * 1e-6 * per_hand * headline.rate(stat)
    print(
        f"chance stream per action vs one persistent stream: {headline.rate(stat):,.0f} vs "
        f"{persistent.rate(stat):,.0f} hands/s ({cost:.1%} slower, {stat}); one "
        f'Rng(hand_seed, "chance", k) takes {derive_us:.1f} us, x {per_hand:.0f} per hand = '
        f"{share:.1%} of a hand"
    )
    if OPENSPIEL in by_name:
        openspiel = by_name[OPENSPIEL]
        ratio = ratio_of(headline, openspiel, stat)
        paired = paired_ratios(headline, openspiel)
        verdict = "goal met" if ratio >= 1.0 else "bar met" if ratio >= 0.5 else "BELOW THE BAR"
        print(
            f"ratio trickcore / OpenSpiel: {ratio:.2f} ({stat}) -- bar >= 0.5, goal >= 1.0: "
            f"{verdict}; paired runs {min(paired):.2f} to {max(paired):.2f}, median "
            f"{statistics.median(paired):.2f}"
        )
        print(
            "(OpenSpiel deals card by card, so it has more chance nodes and actions per hand; "
            "both count whole hands)"
        )
    if memory:
        print()
        print_memory(memory)


def _kib(value: float | None, decimals: int = 0) -> str:
    return "n/a" if value is None else f"{value:,.{decimals}f} KiB"


def print_memory(memory: list[Memory]) -> None:
    small, large = f"{MEMORY_SMALL:,} hands", f"{MEMORY_LARGE:,} hands"
    header = f"{'memory':<34} {'measure':<24} {small:>14} {large:>14} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for entry in memory:
        if entry.traced_small is not None:
            ratio = entry.ratio
            print(
                f"{entry.name:<34} {'tracemalloc peak':<24} {_kib(entry.traced_small, 1):>14} "
                f"{_kib(entry.traced_large, 1):>14} {'' if ratio is None else f'{ratio:.2f}':>6}"
            )
        print(
            f"{entry.name:<34} {'peak RSS above start':<24} {_kib(entry.rss_small):>14} "
            f"{_kib(entry.rss_large):>14}"
        )
    tc = next((entry for entry in memory if entry.name == TC_TABLE), None)
    if tc is not None and tc.flat is not None:
        print(
            f"memory flat: {'yes' if tc.flat else 'no'} (trickcore tracemalloc peak, "
            f"{MEMORY_LARGE:,} hands {'<' if tc.flat else '>='} {FLAT_FACTOR} x {MEMORY_SMALL:,} "
            "hands)"
        )
    print(
        "(tracemalloc sees Python allocations only, so it is not run for OpenSpiel, whose states "
        "live in C++; peak RSS above start = the process's peak resident memory during an "
        "untraced run minus its resident memory before it, C++ included)"
    )


def report_json(
    info: dict[str, str],
    args: argparse.Namespace,
    timings: list[Timing],
    memory: list[Memory],
    derive_us: float,
) -> dict[str, Any]:
    stat = args.stat
    by_name = {timing.name: timing for timing in timings}
    headline = by_name[TC_TABLE]
    return {
        "versions": info,
        "hands": args.hands,
        "repeat": args.repeat,
        "warmup": args.warmup,
        "seed": args.seed,
        "statistic": stat,
        "engines": {
            timing.name: {
                "hands_per_s": timing.rate(stat),
                "best_hands_per_s": timing.best_rate(),
                "median_hands_per_s": timing.median_rate(),
                "runs_hands_per_s": timing.rates(),
                "actions_per_hand": timing.tally.actions / timing.tally.hands,
                "chance_per_hand": timing.tally.chance / timing.tally.hands,
            }
            for timing in timings
        },
        "ratio": (ratio_of(headline, by_name[OPENSPIEL], stat) if OPENSPIEL in by_name else None),
        "paired_ratios": (
            paired_ratios(headline, by_name[OPENSPIEL]) if OPENSPIEL in by_name else None
        ),
        "chance_per_action_cost": 1 - ratio_of(headline, by_name[TC_PERSISTENT], stat),
        "chance_derivation_us": derive_us,
        "memory": {
            entry.name: {
                f"tracemalloc_peak_kib_{MEMORY_SMALL}": entry.traced_small,
                f"tracemalloc_peak_kib_{MEMORY_LARGE}": entry.traced_large,
                "tracemalloc_ratio": entry.ratio,
                "flat": entry.flat,
                f"peak_rss_growth_kib_{MEMORY_SMALL}": entry.rss_small,
                f"peak_rss_growth_kib_{MEMORY_LARGE}": entry.rss_large,
            }
            for entry in memory
        },
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random Euchre hands per second, trickcore next to OpenSpiel."
    )
    parser.add_argument(
        "--hands", type=int, default=5_000, help="hands per timed run (default 5000)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="base seed (default 2024)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="timed runs per engine (default 5)",
    )
    parser.add_argument(
        "--stat",
        choices=("best", "median"),
        default="best",
        help="which run gives the reported rates and ratio (default best: the least disturbed "
        "by other load; median: the median run, and the median of the paired-run ratios)",
    )
    parser.add_argument(
        "--warmup", type=int, default=500, help="untimed hands per engine first (default 500)"
    )
    parser.add_argument(
        "--skip-openspiel", action="store_true", help="time trickcore only, even if pyspiel loads"
    )
    parser.add_argument(
        "--skip-memory", action="store_true", help="skip the tracemalloc 2,000/20,000-hand runs"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON line instead of the table"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help=f"instead of benchmarking, cProfile --hands trickcore hands and print the top "
        f"{PROFILE_TOP} functions by own time",
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1 or args.warmup < 0:
        parser.error("--hands and --repeat must be at least 1, --warmup at least 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.profile:
        print(f"cProfile of {args.hands} random trickcore hands (chance per action, as Table)")
        print(profile_trickcore(args.hands, args.seed))
        return 0

    started = time.perf_counter()
    pyspiel = None if args.skip_openspiel else load_pyspiel()
    note = None
    if args.skip_openspiel:
        note = "OpenSpiel skipped (--skip-openspiel): trickcore only, no ratio."
    elif pyspiel is None:
        note = (
            "NOTE: pyspiel is not importable (pip install open_spiel, or run `tox -e bench`): "
            "trickcore only, no ratio."
        )
        print(note, file=sys.stderr)

    drivers: dict[str, Driver] = {
        TC_TABLE: trickcore_per_action_chance,
        TC_PERSISTENT: trickcore_persistent_chance,
    }
    if pyspiel is not None:
        drivers[OPENSPIEL] = openspiel_driver(pyspiel)
    timings = time_drivers(drivers, args.hands, args.seed, args.repeat, args.warmup)

    memory: list[Memory] = []
    if not args.skip_memory:
        memory.append(measure_memory(TC_TABLE, trickcore_per_action_chance, args.seed, traced=True))
        if pyspiel is not None:
            memory.append(measure_memory(OPENSPIEL, drivers[OPENSPIEL], args.seed, traced=False))

    derive_us = derivation_us(args.seed)
    info = versions(pyspiel)
    wall = time.perf_counter() - started
    if args.json:
        result = report_json(info, args, timings, memory, derive_us)
        result["wall_s"] = wall
        print(json.dumps(result, sort_keys=True))
    else:
        print_report(info, args, timings, memory, note=note, derive_us=derive_us)
        print(f"\nwhole run: {wall:.1f} s wall time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
