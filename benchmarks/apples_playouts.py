"""Random-playout rounds per second for Apples beside Euchre's hands per second, and the bytes
of a state.

Both games are driven exactly as ``euchre_playouts.py`` drives Euchre (the same function):
``single_hand=True``, so one playout is one Apples round (with its redeals, when all four
pass) or one Euchre hand; player actions ``legal[rng.below(len(legal))]`` from one stream;
chance action k of playout i from ``Rng(seed * 1_000_000 + i, "chance", k)``, as ``Table``
draws it. The two games' runs alternate, ``--repeat`` times.

Bytes per state: every state reached in ``--sample`` playouts of each game, encoded as the
replay digest encodes it (MessagePack, ``trickcore.to_msgpack``) and as JSON
(``trickcore.to_json``): the mean and the largest.

    python benchmarks/apples_playouts.py                 # about 15 s
    python benchmarks/apples_playouts.py --json          # one JSON line
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from euchre_playouts import HAND_SEED_STRIDE, Tally, _trickcore_playouts

import trickcore
from trickcore import CHANCE, Rng

GAMES = ("apples", "euchre")
UNIT = {"apples": "rounds/s", "euchre": "hands/s"}


def playouts(name: str, count: int, seed: int) -> Tally:
    """``count`` random playouts of ``name``, chance per action as ``Table`` draws it."""
    base = seed * HAND_SEED_STRIDE
    return _trickcore_playouts(count, seed, lambda i, k: Rng(base + i, "chance", k), name)


def state_bytes(name: str, count: int, seed: int) -> dict[str, float]:
    """Mean and largest MessagePack and JSON sizes of every state of ``count`` playouts."""
    game: Any = trickcore.load(name, single_hand=True)
    pick = Rng(seed, "bytes")
    packed: list[int] = []
    text: list[int] = []
    for i in range(count):
        state = game.initial_state()
        k = 0
        while (who := game.actor(state)) is not None:
            if who is CHANCE:
                action = game.sample_chance(state, Rng(seed * HAND_SEED_STRIDE + i, "chance", k))
                k += 1
            else:
                legal = game.legal_actions(state)
                action = legal[pick.below(len(legal))]
            state = game.apply(state, action)
            packed.append(len(trickcore.to_msgpack(state)))
            text.append(len(trickcore.to_json(state)))
    return {
        "msgpack_mean": statistics.fmean(packed),
        "msgpack_max": max(packed),
        "json_mean": statistics.fmean(text),
        "json_max": max(text),
        "states": len(packed),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playouts", type=int, default=2000, help="playouts per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per game")
    parser.add_argument("--warmup", type=int, default=200, help="untimed playouts per game")
    parser.add_argument("--sample", type=int, default=200, help="playouts for bytes per state")
    parser.add_argument("--seed", type=int, default=2024, help="base seed")
    parser.add_argument("--json", action="store_true", help="one JSON line")
    args = parser.parse_args()
    for name in GAMES:
        playouts(name, args.warmup, args.seed + 1)
    seconds: dict[str, list[float]] = {name: [] for name in GAMES}
    tallies: dict[str, Tally] = {}
    for repeat in range(args.repeat):
        order = GAMES if repeat % 2 == 0 else tuple(reversed(GAMES))
        for name in order:
            start = time.perf_counter()
            tallies[name] = playouts(name, args.playouts, args.seed)
            seconds[name].append(time.perf_counter() - start)
    report: dict[str, Any] = {"playouts": args.playouts, "repeat": args.repeat}
    for name in GAMES:
        rates = [args.playouts / s for s in seconds[name]]
        tally = tallies[name]
        report[name] = {
            "best": max(rates),
            "median": statistics.median(rates),
            "actions_per_playout": tally.actions / tally.hands,
            "chance_per_playout": tally.chance / tally.hands,
            **state_bytes(name, args.sample, args.seed),
        }
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{'game':<8} {'best':>10} {'median':>10} {'unit':<9} {'actions':>8} {'chance':>7} "
        f"{'msgpack B/state':>16} {'JSON B/state':>13}"
    )
    for name in GAMES:
        row = report[name]
        print(
            f"{name:<8} {row['best']:>10,.0f} {row['median']:>10,.0f} {UNIT[name]:<9} "
            f"{row['actions_per_playout']:>8.1f} {row['chance_per_playout']:>7.2f} "
            f"{row['msgpack_mean']:>9.0f} (max {row['msgpack_max']}) "
            f"{row['json_mean']:>6.0f} (max {row['json_max']})"
        )


if __name__ == "__main__":
    main()
