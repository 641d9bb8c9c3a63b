"""What a Table and a Match cost on top of bare playouts: random bots, any registered game.

Three ways of playing random games on the same deals (game *i* at table seed
``deal_seed(seed, i)``, as the match seeds it; chance action *k* from ``Rng(seed_i, "chance",
k)``, as ``Table`` resolves it):

* **bare**: the game's API in a loop (``actor``, ``legal_actions``, ``sample_chance``,
  ``apply``), the player's choice ``legal[rng.below(len(legal))]`` from one stream per game;
* **table**: ``Table(game, ["random"] * seats, seed=seed_i).run()`` per game;
* **match**: ``Match(game, ["random"] * seats, games=N, seed=seed).run()``, in this process
  (every game is played under each distinct rotation, but random bots in every seat give one
  rotation). Table and match play exactly the same games; bare plays the same deals with other
  choices, so its games may be a little longer or shorter.

Runs are interleaved (the order rotates each repeat) and the best run of each is reported, with
the ratios to bare. The goal for issue 9: ``match`` within 15% of ``bare`` (ratio >= 0.85).

    python benchmarks/match_overhead.py                      # Euchre, one hand per game
    python benchmarks/match_overhead.py --option single_hand=false   # whole Euchre games
    python benchmarks/match_overhead.py --game high-card --games 3000 --json
    python benchmarks/match_overhead.py --instructions --games 300   # load-proof (callgrind)

``--instructions`` counts instructions with valgrind's callgrind instead of timing (each way run
for ``--games`` games and for none, the difference divided by the games, and by the actions they
took): the figure to compare on a loaded machine. The ratios are those per action, which do not
depend on how long the random games happened to be. Needs valgrind (``apt-get install
valgrind``). Callgrind's CPU has no SHA instructions, so the SHA-256 of each game's digest
(``match``) counts several times what it costs on a CPU that has them.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import trickcore
from trickcore import CHANCE, Match, Rng, Table
from trickcore.history import chance_rng
from trickcore.match import deal_seed


def bare(game: Any, games: int, seed: int) -> int:
    """Random games through the game API alone; the number of actions taken."""
    taken = 0
    for number in range(games):
        table_seed = deal_seed(seed, number)
        state = game.initial_state()
        chance = 0
        rng = Rng(table_seed, "bare")
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, chance_rng(table_seed, chance))
                chance += 1
            else:
                legal = game.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = game.apply(state, action)
            taken += 1
    return taken


def table(game: Any, games: int, seed: int) -> int:
    """Random games, each at its own bots-only Table; the number of actions taken."""
    bots = ["random"] * game.seats
    taken = 0
    for number in range(games):
        played = Table(game, bots, seed=deal_seed(seed, number))
        played.run()
        taken += len(played.actions)
    return taken


def match(game: Any, games: int, seed: int, options: dict[str, Any]) -> int:
    """One Match of random bots over ``games`` deals, in this process; the actions taken."""
    bots = ["random"] * game.seats
    result = Match(game.name, bots, games=games, seed=seed, options=options).run()
    return sum(played.actions for played in result.results)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="euchre")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help="a game option (JSON value); Euchre defaults to single_hand=true",
    )
    parser.add_argument("--games", type=int, default=2000, help="games per timed run")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true", help="one JSON line instead of a table")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (callgrind), not time"
    )
    parser.add_argument("--play", choices=("bare", "table", "match"), help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def instructions(args: argparse.Namespace, way: str, games: int) -> tuple[int, int]:
    """Instructions callgrind counts for this script playing ``games`` games ``way``, and the
    number of actions those games took."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    command += [__file__, "--play", way, "--games", str(games), "--game", args.game]
    command += [f"--option={item}" for item in args.option] + ["--seed", str(args.seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError("callgrind printed no instruction count:\n" + done.stderr)
    return int(found.group(1)), int(done.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    options: dict[str, Any] = {"single_hand": True} if args.game == "euchre" else {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    game = trickcore.load(args.game, **options)
    runs: dict[str, Callable[[int, int], int]] = {
        "bare": lambda n, seed: bare(game, n, seed),
        "table": lambda n, seed: table(game, n, seed),
        "match": lambda n, seed: match(game, n, seed, options),
    }
    if args.play is not None:
        print(runs[args.play](args.games, args.seed) if args.games else 0)
        return 0
    if args.instructions:
        per_game, per_action = {}, {}
        for way in runs:
            (played, actions), (idle, _) = (instructions(args, way, n) for n in (args.games, 0))
            per_game[way], per_action[way] = (played - idle) / args.games, (played - idle) / actions
        ratios = {way: per_action["bare"] / per_action[way] for way in ("table", "match")}
        if args.json:
            print(
                json.dumps(
                    {
                        "game": args.game,
                        "options": options,
                        "instructions_per_game": per_game,
                        "instructions_per_action": per_action,
                        **ratios,
                    }
                )
            )
            return 0
        print(
            f"{args.game} {options}: instructions per random game and per action (callgrind, "
            f"{args.games} games)"
        )
        for way in runs:
            ratio = f"  {ratios[way]:.2f}x bare's speed" if way in ratios else ""
            print(f"  {way:6} {per_game[way]:13,.0f} {per_action[way]:9,.0f}{ratio}")
        return 0
    best = dict.fromkeys(runs, float("inf"))
    names = list(runs)
    for name in names:  # warm up
        runs[name](max(1, args.games // 10), args.seed)
    for repeat in range(args.repeat):
        order = names[repeat % len(names) :] + names[: repeat % len(names)]
        for name in order:
            started = time.perf_counter()
            runs[name](args.games, args.seed + repeat)
            best[name] = min(best[name], time.perf_counter() - started)
    rates = {name: args.games / seconds for name, seconds in best.items()}
    ratios = {name: rates[name] / rates["bare"] for name in ("table", "match")}
    if args.json:
        print(json.dumps({"game": args.game, "options": options, "games_per_s": rates, **ratios}))
        return 0
    print(f"{args.game} {options}: {args.games} random games per run, best of {args.repeat}")
    for name in names:
        ratio = f"  {rates[name] / rates['bare']:.2f}x bare" if name != "bare" else ""
        print(f"  {name:6} {rates[name]:9,.0f} games/s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
