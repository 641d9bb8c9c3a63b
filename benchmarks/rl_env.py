"""The PettingZoo AEC env's turns per second, per game, next to OpenSpiel's ``rl_environment``
steps per second on Euchre, in one process.

Our side is PettingZoo's ``performance_benchmark`` loop on ``trickcore.rl.env(game)`` (the
wrapped env users get): ``last()``, a uniformly random action among the mask's ones (numpy's
``flatnonzero``), ``step``; a terminated agent steps ``None``; when every agent is terminated
the env is reset (the next game's seed). OpenSpiel's side is ``rl_environment.Environment(
"euchre")``: a uniformly random legal action of the current player, ``step([action])``, reset
at the end. Both draw their choices from seeded ``random.Random`` streams, so a run plays the
same games every time. Rates are CPU time (``time.process_time``), runs alternated between the
drivers (the order rotates every repeat), the median (or best) run reported.

    python benchmarks/rl_env.py                         # the table
    python benchmarks/rl_env.py --json                  # one JSON line
    python benchmarks/rl_env.py --profile euchre        # cProfile of the env, top 30 by own time
    python benchmarks/rl_env.py --instructions          # callgrind instructions per turn / step

``--instructions`` runs itself under ``valgrind --tool=callgrind`` twice per driver, both times
after ``--warmup`` turns (first-use costs: imports, caches), then for ``--count`` turns and for
none, and prints the difference divided by the turns: a figure the machine's load does not
move.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import shutil
import statistics
import sys
import time
from collections.abc import Callable

from callgrind import counted_run

GAMES = ("euchre", "allfours", "apples")
OPENSPIEL = "openspiel_euchre"

Driver = Callable[[int, int], int]
"""``driver(turns, seed)`` plays at least ``turns`` turns and returns how many it played."""


def trickcore_driver(name: str) -> Driver:
    """PettingZoo's ``performance_benchmark`` loop on ``trickcore.rl.env(name)``."""
    import numpy as np  # noqa: PLC0415

    from trickcore import rl  # noqa: PLC0415

    environment = rl.env(name)
    flatnonzero = np.flatnonzero

    def play(turns: int, seed: int) -> int:
        choice = random.Random(seed).choice
        environment.reset(seed=seed)
        turn = 0
        while turn < turns:
            for _agent in environment.agent_iter(environment.num_agents):
                observation, _, termination, truncation, _ = environment.last()
                if termination or truncation:
                    action = None
                else:
                    action = choice(flatnonzero(observation["action_mask"]).tolist())
                environment.step(action)
                turn += 1
                if all(environment.terminations.values()) or all(environment.truncations.values()):
                    environment.reset()
        return turn

    return play


def openspiel_driver() -> Driver | None:
    """Random legal steps of OpenSpiel's ``rl_environment.Environment("euchre")``, or None
    when OpenSpiel is not installed."""
    try:
        from open_spiel.python import rl_environment  # noqa: PLC0415
    except ImportError:
        return None
    environment = rl_environment.Environment("euchre")

    def play(turns: int, seed: int) -> int:
        choice = random.Random(seed).choice
        environment.seed(seed)
        time_step = environment.reset()
        steps = 0
        while steps < turns:
            if time_step.last():
                time_step = environment.reset()
            observations = time_step.observations
            player = observations["current_player"]
            action = choice(observations["legal_actions"][player])
            time_step = environment.step([action])
            steps += 1
        return steps

    return play


def drivers(games: list[str], openspiel: bool) -> dict[str, Driver]:
    found: dict[str, Driver] = {name: trickcore_driver(name) for name in games}
    if openspiel:
        driver = openspiel_driver()
        if driver is not None:
            found[OPENSPIEL] = driver
    return found


def time_drivers(
    found: dict[str, Driver], turns: int, seed: int, repeat: int, warmup: int
) -> dict[str, list[float]]:
    """Turns (steps) per CPU second of each driver, ``repeat`` runs each, alternated."""
    names = list(found)
    for name in names:
        found[name](warmup, seed)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for run in range(repeat):
        for name in names[run % len(names) :] + names[: run % len(names)]:
            start = time.process_time()
            played = found[name](turns, seed + run)
            rates[name].append(played / (time.process_time() - start))
    return rates


def instructions(driver: str, count: int, seed: int, warmup: int) -> int:
    """Instructions callgrind counts for this script playing ``count`` turns of ``driver``
    after ``warmup`` turns."""
    arguments = [
        "--play",
        driver,
        "--count",
        str(count),
        "--seed",
        str(seed),
        "--warmup",
        str(warmup),
    ]
    return counted_run(__file__, arguments)[0]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--turns", type=int, default=20000, help="turns per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per driver")
    parser.add_argument(
        "--warmup", type=int, default=500, help="untimed turns per driver (and per callgrind run)"
    )
    parser.add_argument("--stat", choices=("median", "best"), default="median")
    parser.add_argument("--seed", type=int, default=1, help="base seed")
    parser.add_argument("--no-openspiel", action="store_true", help="our env only")
    parser.add_argument("--json", action="store_true", help="one JSON line")
    parser.add_argument("--profile", metavar="GAME", help="cProfile of the env on GAME")
    parser.add_argument(
        "--instructions", action="store_true", help="callgrind instructions per turn"
    )
    parser.add_argument("--count", type=int, default=1000, help="turns for --instructions")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the run under valgrind
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    games = [name for name in args.games.split(",") if name]
    if args.play is not None:
        play = drivers([] if args.play == OPENSPIEL else [args.play], args.play == OPENSPIEL)
        play[args.play](args.warmup, args.seed)  # in both runs: first-use costs cancel out
        if args.count:
            play[args.play](args.count, args.seed + 1)
        return 0
    if args.profile:
        driver = trickcore_driver(args.profile)
        driver(args.warmup, args.seed)
        profile = cProfile.Profile()
        profile.runcall(driver, args.turns, args.seed)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return 0
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
            return 1
        names = [*games, *([] if args.no_openspiel else [OPENSPIEL])]
        per_turn = {
            name: (
                instructions(name, args.count, args.seed, args.warmup)
                - instructions(name, 0, args.seed, args.warmup)
            )
            / args.count
            for name in names
        }
        if args.json:
            print(json.dumps({"instructions_per_turn": per_turn, "count": args.count}))
        else:
            for name, figure in per_turn.items():
                unit = "step" if name == OPENSPIEL else "turn"
                print(f"{name:>18}: {figure:,.0f} instructions per {unit} ({args.count})")
        return 0
    found = drivers(games, not args.no_openspiel)
    rates = time_drivers(found, args.turns, args.seed, args.repeat, args.warmup)
    pick = statistics.median if args.stat == "median" else max
    rate = {name: pick(runs) for name, runs in rates.items()}
    base = rate.get(OPENSPIEL)
    ratio = {name: rate[name] / base for name in games} if base else {}
    if args.json:
        print(json.dumps({"stat": args.stat, "turns": args.turns, "rates": rate, "ratio": ratio}))
        return 0
    print(f"{args.stat} of {args.repeat} runs of {args.turns} turns, CPU time")
    for name, figure in rate.items():
        unit = "steps/s" if name == OPENSPIEL else "turns/s"
        extra = f"  ratio {ratio[name]:.2f}" if name in ratio else ""
        print(f"{name:>18}: {figure:>9,.0f} {unit}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
