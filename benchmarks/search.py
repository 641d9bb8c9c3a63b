"""What a search bot pays per sampled world: trickcore's ``determinize`` next to OpenSpiel's
``resample_from_infostate``, in one run.

Positions: every decision point (bidding and play) of ``--hands`` random single hands of
Euchre, dealt and played from seeded streams (trickcore with its own rules and streams,
OpenSpiel with ``random.Random``: the same kind of positions, not the same deals). Two figures:

* **µs per sample**: ``--samples`` draws of a full state from each position, as a search bot
  makes them: trickcore ``game.determinize(view, rng)`` with the acting seat's view, the same
  view object each time (what depends on the view only is prepared on the first draw);
  OpenSpiel ``state.resample_from_infostate(player, rng.random)``. The *cold* column draws
  from a fresh copy of the view every time (nothing prepared, the view checked afresh): what
  the first sample of a new view costs; *cold/sample* is that ratio, per game (OpenSpiel
  prepares nothing, so its first sample costs what every sample does).
* **iterations/s**: one sample, a uniformly random playout to the end of the hand and its
  returns, the inner loop of PIMC and ISMCTS: trickcore through the public API (``actor``,
  ``legal_actions``, ``sample_chance``, ``apply``, then ``outcome``), OpenSpiel through
  ``apply_action`` then ``returns()``. The *fast* trickcore column plays out with the game's
  own fast path, as the search bots' random playouts do: the outcome of the playout straight
  (:func:`trickcore.playout.playout_outcome_of`, Euchre's ``random_playout_outcome``), without
  building the final state, like OpenSpiel's iteration.

Every timed run is repeated ``--repeat`` times, engines interleaved; the best run of each is
reported (the least disturbed by other load on a shared machine). The other registered games
are measured for trickcore alone (OpenSpiel has no equivalent).

    python benchmarks/search.py --euchre-only   # Euchre beside OpenSpiel (a few minutes)
    python benchmarks/search.py                 # every game (playouts of whole games: long)
    python benchmarks/search.py --json          # one JSON line
    python benchmarks/search.py --profile       # cProfile of trickcore iterations, top 25
    python benchmarks/search.py --instructions  # callgrind: load-proof, trickcore only

``--instructions`` counts instructions with valgrind's callgrind instead of timing, for
comparing two versions on a loaded machine: the script runs itself under callgrind for each
kind (``sample``, ``cold``, ``fast``, ``iterations``) on ``--hands`` hands (default 40; 8 is
plenty here) of ``--game`` (default Euchre), running the kind once and twice in a row, and
prints the difference per sample or iteration (a second run: the shapes of the positions, and
the tables their deals pick, are then prepared, as in a long search), with the cold/sample
ratio. ``cold`` draws from ``--samples``
copies of each view in a row, so each fresh view follows a copy of itself; ``next`` draws once
from a copy of each view in turn (each fresh view follows another position, as a bot's next
decision does: more of its blank state changes), with the next/sample ratio; ``play`` draws
once from each view of 200 other hands in play order, from a fresh process (the caches of deal
shapes as they come: a bot meets shapes that no cache holds), with the play/sample ratio.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import msgspec

import trickcore
from trickcore import CHANCE, Rng
from trickcore.game import AnyGame
from trickcore.playout import playout_outcome_of, random_playout

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from callgrind import counted_run
from euchre_playouts import load_pyspiel, versions

OPENSPIEL = "OpenSpiel"
PROFILE_TOP = 25


@dataclass
class Figures:
    """One engine on one game: µs per sample (prepared and cold) and iterations per second."""

    engine: str
    game: str
    positions: int
    sample_us: float
    cold_us: float | None
    iterations_per_s: float
    fast_iterations_per_s: float | None


# -- trickcore -----------------------------------------------------------------------------------


def trickcore_positions(game: AnyGame, hands: int, seed: int) -> list[Any]:
    """The acting seat's view at every decision point of ``hands`` random games."""
    pick = Rng(seed, "bench", "players")
    views = []
    for hand in range(hands):
        state = game.initial_state()
        chance = 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(seed, "bench", hand, chance))
                chance += 1
            else:
                views.append(game.view(state, actor))
                legal = game.legal_actions(state)
                action = legal[pick.below(len(legal))]
            state = game.apply(state, action)
    return views


def trickcore_samples(game: AnyGame, views: list[Any], samples: int, seed: int) -> float:
    """Seconds for ``samples`` draws from each view, the same view object each time."""
    rng = Rng(seed, "bench", "determinize")
    started = time.perf_counter()
    for view in views:
        for _ in range(samples):
            game.determinize(view, rng)
    return time.perf_counter() - started


def trickcore_cold_samples(
    game: AnyGame, views: list[Any], samples: int, seed: int, *, draw: bool = True
) -> float:
    """Seconds for ``samples`` draws from each view, each from a fresh copy of the view (without
    ``draw``: the copies only)."""
    rng = Rng(seed, "bench", "determinize")
    copies = [[msgspec.structs.replace(view) for _ in range(samples)] for view in views]
    if not draw:
        return 0.0
    started = time.perf_counter()
    for fresh in copies:
        for view in fresh:
            game.determinize(view, rng)
    return time.perf_counter() - started


def trickcore_iterations(
    game: AnyGame, views: list[Any], samples: int, seed: int, *, fast: bool
) -> float:
    """Seconds for ``samples`` iterations from each view: a sample, a random playout and its
    outcome (with the returns). The playout through the public API
    (:func:`trickcore.playout.random_playout`, then ``game.outcome``) or, with ``fast``, the
    outcome of the game's own fast playout (:func:`trickcore.playout.playout_outcome_of`)."""
    rng = Rng(seed, "bench", "iterations")
    determinize = game.determinize
    outcome = game.outcome
    if fast:
        play_out = playout_outcome_of(game)
    else:
        public = partial(random_playout, game)

        def play_out(state: Any, rng: Rng) -> Any:
            return outcome(public(state, rng))

    started = time.perf_counter()
    for view in views:
        for _ in range(samples):
            play_out(determinize(view, rng), rng)
    return time.perf_counter() - started


# -- OpenSpiel -----------------------------------------------------------------------------------


def openspiel_positions(pyspiel: Any, hands: int, seed: int) -> list[tuple[Any, int]]:
    """(state, player) at every decision point of ``hands`` random hands of OpenSpiel's Euchre."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    found = []
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                found.append((state.clone(), state.current_player()))
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return found


def openspiel_samples(positions: list[tuple[Any, int]], samples: int, seed: int) -> float:
    rng = random.Random(seed)
    started = time.perf_counter()
    for state, player in positions:
        for _ in range(samples):
            state.resample_from_infostate(player, rng.random)
    return time.perf_counter() - started


def play_out_openspiel(world: Any, rng: random.Random) -> None:
    """A uniformly random playout of an OpenSpiel state to its end, in place."""
    while not world.is_terminal():
        if world.is_chance_node():
            outcomes = world.chance_outcomes()
            world.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = world.legal_actions()
            world.apply_action(legal[rng.randrange(len(legal))])
    world.returns()


def openspiel_iterations(positions: list[tuple[Any, int]], samples: int, seed: int) -> float:
    rng = random.Random(seed)
    started = time.perf_counter()
    for state, player in positions:
        for _ in range(samples):
            play_out_openspiel(state.resample_from_infostate(player, rng.random), rng)
    return time.perf_counter() - started


# -- running -------------------------------------------------------------------------------------


def best_of(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


Job = tuple[str, str, int, dict[str, Callable[[], float]]]
"""An engine, a game, its number of positions, and its timed runs by kind."""


def trickcore_job(game: AnyGame, name: str, hands: int, args: argparse.Namespace) -> Job:
    views = trickcore_positions(game, hands, args.seed)
    runs = {
        "sample": lambda: trickcore_samples(game, views, args.samples, args.seed),
        "cold": lambda: trickcore_cold_samples(game, views, args.samples, args.seed),
        "iterations": lambda: trickcore_iterations(
            game, views, args.samples, args.seed, fast=False
        ),
        "fast": lambda: trickcore_iterations(game, views, args.samples, args.seed, fast=True),
    }
    return ("trickcore", name, len(views), runs)


def measure(args: argparse.Namespace, pyspiel: Any | None) -> list[Figures]:
    """Every engine and game, timed runs interleaved ``args.repeat`` times (best run kept)."""
    euchre = trickcore.load("euchre", single_hand=True)
    jobs = [trickcore_job(euchre, "euchre", args.hands, args)]
    if pyspiel is not None:
        positions = openspiel_positions(pyspiel, args.hands, args.seed)
        runs = {
            "sample": lambda: openspiel_samples(positions, args.samples, args.seed),
            "iterations": lambda: openspiel_iterations(positions, args.samples, args.seed),
        }
        jobs.append((OPENSPIEL, "euchre", len(positions), runs))
    for name in sorted(trickcore.default_host().games):
        if name != "euchre" and not args.euchre_only:
            jobs.append(trickcore_job(trickcore.load(name), name, max(1, args.hands // 4), args))
    for _, _, _, runs in jobs:  # warm up: caches, the first preparation of each shape
        for run in runs.values():
            run()
    best: list[dict[str, float]] = [{} for _ in jobs]
    for _ in range(args.repeat):
        for kind in ("sample", "iterations", "fast", "cold"):
            for index, (_, _, _, runs) in enumerate(jobs):
                if kind in runs:
                    seconds = runs[kind]()
                    best[index][kind] = min(best[index].get(kind, seconds), seconds)
    figures = []
    for (engine, game, count, _), times in zip(jobs, best, strict=True):
        draws = count * args.samples
        figures.append(
            Figures(
                engine=engine,
                game=game,
                positions=count,
                sample_us=times["sample"] / draws * 1e6,
                cold_us=times["cold"] / draws * 1e6 if "cold" in times else None,
                iterations_per_s=draws / times["iterations"],
                fast_iterations_per_s=draws / times["fast"] if "fast" in times else None,
            )
        )
    return figures


def print_report(figures: list[Figures], args: argparse.Namespace, info: dict[str, str]) -> None:
    print(
        f"determinize and determinize+random playout: {args.hands} random Euchre hands "
        f"({args.hands // 4} for other games), {args.samples} samples per position, "
        f"best of {args.repeat}"
    )
    print(", ".join(f"{key} {value}" for key, value in info.items()))
    print()
    header = (
        "engine",
        "game",
        "positions",
        "µs/sample",
        "cold µs",
        "cold/sample",
        "iter/s",
        "fast iter/s",
    )
    widths = (-10, -10, 9, 9, 8, 11, 8, 11)
    print(
        " ".join(
            f"{text:{'<' if w < 0 else '>'}{abs(w)}}"
            for text, w in zip(header, widths, strict=True)
        )
    )
    for f in figures:
        cells = (
            f.engine,
            f.game,
            str(f.positions),
            f"{f.sample_us:.1f}",
            "-" if f.cold_us is None else f"{f.cold_us:.1f}",
            "-" if f.cold_us is None else f"{f.cold_us / f.sample_us:.2f}",
            f"{f.iterations_per_s:,.0f}",
            "-" if f.fast_iterations_per_s is None else f"{f.fast_iterations_per_s:,.0f}",
        )
        print(
            " ".join(
                f"{text:{'<' if w < 0 else '>'}{abs(w)}}"
                for text, w in zip(cells, widths, strict=True)
            )
        )
    ours = next(f for f in figures if f.engine == "trickcore" and f.game == "euchre")
    theirs = next((f for f in figures if f.engine == OPENSPIEL), None)
    if theirs is not None:
        print()
        print(
            "Euchre, trickcore / OpenSpiel speed (bar 0.5x, goal 1.0x): "
            f"samples {theirs.sample_us / ours.sample_us:.2f}x, "
            f"iterations {ours.iterations_per_s / theirs.iterations_per_s:.2f}x (public API), "
            f"{(ours.fast_iterations_per_s or 0) / theirs.iterations_per_s:.2f}x "
            "(Euchre's fast playout)"
        )


def profile(args: argparse.Namespace) -> str:
    euchre = trickcore.load("euchre", single_hand=True)
    views = trickcore_positions(euchre, args.hands, args.seed)
    profiler = cProfile.Profile()
    profiler.runcall(trickcore_iterations, euchre, views, args.samples, args.seed, fast=True)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(PROFILE_TOP)
    return out.getvalue()


INSTRUCTION_KINDS = ("sample", "cold", "fast", "iterations")
PLAY_HANDS = 200
"""The hands whose views ``play`` draws from once each, in play order: enough for the bounded
cache of deal shapes to meet new shapes at its usual rate (a fresh process starts empty)."""


def count_once(args: argparse.Namespace, kind: str, runs: int = 1) -> int:
    """Run ``kind`` (or, for ``""``, nothing) ``runs`` times in a row on Euchre's positions in
    a child process under callgrind (:func:`callgrind.counted_run`, with its fixed hash seed);
    the instructions it counted."""
    arguments = ["--count-run", kind, "--count-runs", str(runs), "--hands", str(args.hands)]
    arguments += ["--game", args.game, "--samples", str(args.samples), "--seed", str(args.seed)]
    return counted_run(__file__, arguments)[0]


def counted_again(args: argparse.Namespace, kind: str) -> int:
    """The instructions of a second run of ``kind`` right after a first, from the same streams:
    the caches of the positions' shapes, and of the tables their deals pick, are then as a
    long search leaves them, and what is counted is the draws (and playouts) themselves."""
    return count_once(args, kind, runs=2) - count_once(args, kind)


def count_game(args: argparse.Namespace) -> AnyGame:
    """The game ``--instructions`` counts: ``--game``, Euchre as one hand."""
    if args.game == "euchre":
        return trickcore.load("euchre", single_hand=True)
    return trickcore.load(args.game)


def count_run(args: argparse.Namespace) -> None:
    """The child of :func:`count_once`: positions, then ``args.count_run``'s timed run,
    untimed, ``args.count_runs`` times (``""``: none; ``copies``: the fresh copies of the views
    that the ``cold`` run draws from, without drawing), or once, from a fresh process, on the
    views of :data:`PLAY_HANDS` other hands (``play``; ``play-copies``: their copies only)."""
    game = count_game(args)
    kind = args.count_run
    if kind.startswith("play"):  # a fresh view met in play order, the caches as they come
        # What a process prepares once whatever the views (the swaps' tables of the shuffles),
        # from the views of a few hands of their own, in both runs: the difference is per view.
        trickcore_samples(game, trickcore_positions(game, 5, args.seed + 2), 1, args.seed)
        played = trickcore_positions(game, PLAY_HANDS, args.seed + 1)
        trickcore_cold_samples(game, played, 1, args.seed, draw=kind == "play")
        return
    views = trickcore_positions(game, args.hands, args.seed)
    for _ in range(args.count_runs):
        if kind == "sample":
            trickcore_samples(game, views, args.samples, args.seed)
        elif kind == "cold":
            trickcore_cold_samples(game, views, args.samples, args.seed)
        elif kind == "copies":  # what the cold run does besides drawing
            trickcore_cold_samples(game, views, args.samples, args.seed, draw=False)
        elif kind:
            trickcore_iterations(game, views, args.samples, args.seed, fast=kind == "fast")


def instructions(args: argparse.Namespace) -> dict[str, float]:
    """Instructions per sample or iteration of each kind, and per fresh view drawn once in
    turn (``next``), each counted in a second run (:func:`counted_again`)."""
    game = count_game(args)
    draws = len(trickcore_positions(game, args.hands, args.seed)) * args.samples
    once = argparse.Namespace(**{**vars(args), "samples": 1})
    copies = {
        "cold": count_once(args, "copies") - count_once(args, ""),
        "next": count_once(once, "copies") - count_once(once, ""),
    }
    per = {
        kind: (counted_again(args, kind) - copies.get(kind, 0)) / draws
        for kind in INSTRUCTION_KINDS
    }
    per["next"] = (counted_again(once, "cold") - copies["next"]) / (draws // args.samples)
    played = len(trickcore_positions(game, PLAY_HANDS, args.seed + 1))
    per["play"] = (count_once(args, "play") - count_once(args, "play-copies")) / played
    return per


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="random hands (default 40)")
    parser.add_argument("--samples", type=int, default=20, help="per position (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--skip-openspiel", action="store_true", help="trickcore only")
    parser.add_argument(
        "--euchre-only",
        action="store_true",
        help="skip the other games (their playouts run to the end of a whole game: slow)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON line")
    parser.add_argument("--profile", action="store_true", help="cProfile trickcore iterations")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (callgrind), not time"
    )
    parser.add_argument(
        "--game", default="euchre", help="the game --instructions counts (default euchre)"
    )
    parser.add_argument("--count-run", help=argparse.SUPPRESS)
    parser.add_argument("--count-runs", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if min(args.hands, args.samples, args.repeat) < 1:
        parser.error("--hands, --samples and --repeat must be at least 1")
    if args.profile:
        print(profile(args))
        return 0
    if args.count_run is not None:
        count_run(args)
        return 0
    if args.instructions:
        per = instructions(args)
        if args.json:
            print(json.dumps({"instructions": per}, sort_keys=True))
            return 0
        print(f"{args.game}, trickcore: instructions per draw (callgrind), {args.hands} hands")
        for kind, count in per.items():
            print(f"  {kind:10} {count:10,.0f}")
        print(f"  cold/sample {per['cold'] / per['sample']:.2f}")
        print(f"  next/sample {per['next'] / per['sample']:.2f}")
        print(f"  play/sample {per['play'] / per['sample']:.2f}")
        return 0
    pyspiel = None if args.skip_openspiel else load_pyspiel()
    if pyspiel is None and not args.skip_openspiel:
        print(
            "NOTE: pyspiel is not importable (pip install open_spiel): trickcore only.",
            file=sys.stderr,
        )
    figures = measure(args, pyspiel)
    info = versions(pyspiel)
    if args.json:
        print(json.dumps({"info": info, "figures": [vars(f) for f in figures]}, sort_keys=True))
    else:
        print_report(figures, args, info)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
