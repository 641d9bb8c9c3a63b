"""Random All Fours hands per second beside Euchre's, and bytes per state.

Every game is driven the same way as in ``euchre_playouts.py`` (its trickcore driver is reused):
``trickcore.load(game, single_hand=True)``, player actions ``legal[rng.below(len(legal))]`` from
one ``Rng(seed, "bench")`` stream, chance action *k* of hand *i* drawn from
``Rng(seed * 1_000_000 + i, "chance", k)`` as a ``Table`` draws it. There is no external engine
to compare All Fours with, so the yardstick is Euchre in the same run: hands per second, and
microseconds per card played (All Fours hands have 24 cards or more, Euchre's 20).

Bytes per state: every state of the first 200 hands (played again, untimed) is encoded as
MessagePack and JSON (the sizes a frontend or a replay store pays), and measured in memory as
the state struct plus the tuples and records it owns (cards and other enums are shared
singletons and not counted). The same pass counts the cards played per hand.

Run ``python benchmarks/allfours_playouts.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import enum
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import msgspec
from euchre_playouts import HAND_SEED_STRIDE, Tally, _trickcore_playouts

import trickcore
from trickcore import CHANCE, Rng

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "Euchre": ("euchre", {}),
    "All Fours, 4 players": ("allfours", {}),
    "All Fours, 2 players": ("allfours", {"players": 2}),
}
STATE_HANDS = 200


def driver(name: str, options: dict[str, Any]) -> Callable[[int, int], Tally]:
    """Random hands of one game, chance as a ``Table`` draws it."""

    def run(hands: int, seed: int) -> Tally:
        base = seed * HAND_SEED_STRIDE
        return _trickcore_playouts(
            hands, seed, lambda i, k: Rng(base + i, "chance", k), name, **options
        )

    return run


def owned_bytes(value: object, seen: set[int] | None = None) -> int:
    """The memory of ``value`` and the tuples and structs it owns (shared enums not counted)."""
    seen = set() if seen is None else seen
    if id(value) in seen or value is None or isinstance(value, (int, str, bool, enum.Enum)):
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, tuple):
        size += sum(owned_bytes(item, seen) for item in value)
    elif isinstance(value, msgspec.Struct):
        size += sum(owned_bytes(getattr(value, f), seen) for f in value.__struct_fields__)
    return size


def untimed(name: str, options: dict[str, Any], hands: int, seed: int) -> dict[str, float]:
    """Cards played per hand in the timed run's first hands (from the finished tricks), and the
    mean bytes of every state on the way; played again apart from the timing."""
    game: Any = trickcore.load(name, single_hand=True, **options)
    below = Rng(seed, "bench").below
    cards, packed, text, memory = [], [], [], []
    for i in range(hands):
        state = game.initial_state()
        k = 0
        while (who := game.actor(state)) is not None:
            if who is CHANCE:
                action = game.sample_chance(state, Rng(seed * HAND_SEED_STRIDE + i, "chance", k))
                k += 1
            else:
                legal = game.legal_actions(state)
                action = legal[below(len(legal))]
            state = game.apply(state, action)
            packed.append(len(trickcore.to_msgpack(state)))
            text.append(len(trickcore.to_json(state)))
            memory.append(owned_bytes(state))
        cards.append(sum(len(trick.cards) for trick in state.tricks))
    return {
        "cards_per_hand": statistics.mean(cards),
        "msgpack": statistics.mean(packed),
        "json": statistics.mean(text),
        "memory": statistics.mean(memory),
    }


def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    for label, (name, options) in GAMES.items():
        run = driver(name, options)
        run(args.warmup, args.seed + 1)
        seconds = []
        tally = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            tally = run(args.hands, args.seed)
            seconds.append(time.perf_counter() - start)
        assert tally is not None
        best = min(seconds)
        stats = untimed(name, options, STATE_HANDS, args.seed)
        rows.append(
            {
                "game": label,
                "hands_per_s": args.hands / best,
                "median_hands_per_s": args.hands / statistics.median(seconds),
                "actions_per_hand": tally.actions / tally.hands,
                "cards_per_hand": stats["cards_per_hand"],
                "us_per_card": best / args.hands / stats["cards_per_hand"] * 1e6,
                "bytes": stats,
            }
        )
    return rows


def print_table(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"{args.hands} random hands per run, best of {args.repeat}, seed {args.seed}")
    header = (
        f"{'game':<22} {'hands/s':>9} {'median':>9} {'actions/hand':>13} {'cards/hand':>11} "
        f"{'us/card':>8} {'msgpack B':>10} {'JSON B':>8} {'memory B':>9}"
    )
    print(header)
    for row in rows:
        size = row["bytes"]
        print(
            f"{row['game']:<22} {row['hands_per_s']:>9,.0f} {row['median_hands_per_s']:>9,.0f} "
            f"{row['actions_per_hand']:>13.2f} {row['cards_per_hand']:>11.2f} "
            f"{row['us_per_card']:>8.1f} {size['msgpack']:>10.0f} {size['json']:>8.0f} "
            f"{size['memory']:>9.0f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per timed run (3000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per game (5)")
    parser.add_argument("--warmup", type=int, default=300, help="untimed hands first (300)")
    parser.add_argument("--seed", type=int, default=2024, help="base seed (2024)")
    parser.add_argument("--json", action="store_true", help="one JSON line instead of a table")
    args = parser.parse_args(argv)
    rows = measure(args)
    if args.json:
        print(json.dumps({"hands": args.hands, "repeat": args.repeat, "rows": rows}))
    else:
        print_table(rows, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
