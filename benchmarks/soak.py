"""Soak: many Euchre hands in one process, and whether its memory stays flat (issue 10).

Random players through the public API, the way a server runs games for a long time: each hand is
a game of ``trickcore.load("euchre", single_hand=True)`` played from ``initial_state()`` with
``apply``; chance is drawn as :class:`~trickcore.Table` draws it (``sample_chance`` with
``Rng(hand_seed, "chance", k)``), each player's action uniformly from ``legal_actions``, and every
step also asks for the seat's ``view`` and seat 0's ``events`` (what a server sends out).
Every ``--table-every`` hands, one hand is played through a :class:`~trickcore.Table` of random
bots instead, saved with ``to_json`` and resumed with ``Table.from_json``.

Memory is sampled at checkpoints (1,000, 10,000 and 100,000 hands by default, and the end):

* ``tracemalloc``: Python memory in use now (after ``gc.collect()``) and the peak since the last
  checkpoint;
* ``resource.getrusage``: the process's peak resident set size (``ru_maxrss``), which includes
  the interpreter and tracemalloc's own bookkeeping.

Memory is "flat after warm-up" when the traced memory in use at each checkpoint after the first
stays within ``--tolerance`` (default 1 MiB) of the first checkpoint's: a leak of even a few
bytes a hand grows well past it over 10**5 hands.

    python benchmarks/soak.py                     # 100,000 hands (tox -e soak), several minutes
    python benchmarks/soak.py --hands 2000 --checkpoints 500,2000
    python benchmarks/soak.py --json              # one JSON line
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import trickcore
from trickcore import CHANCE, Rng, Table

HAND_SEED_STRIDE = 1_000_000
MIB = 1024 * 1024


@dataclass(frozen=True)
class Checkpoint:
    """Memory after ``hands`` hands."""

    hands: int
    seconds: float
    current_bytes: int
    """Traced Python memory in use, after a full collection."""
    peak_bytes: int
    """The traced peak since the previous checkpoint."""
    max_rss_bytes: int
    """The process's peak resident set size so far."""


@dataclass(frozen=True)
class Soak:
    """A soak run: its checkpoints and the verdict."""

    hands: int
    actions: int
    table_hands: int
    checkpoints: tuple[Checkpoint, ...]
    growth_bytes: int
    """How far the traced memory in use rose above the first checkpoint's, at most."""
    tolerance_bytes: int
    flat: bool


def _max_rss() -> int:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024  # Linux counts KiB


def play_hand(game: Any, hand_seed: int, players: Rng) -> int:
    """One hand through the public API, views and events asked at every step; the actions."""
    state = game.initial_state()
    chance = 0
    actions = 0
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, Rng(hand_seed, "chance", chance))
            chance += 1
        else:
            game.view(state, actor)
            legal = game.legal_actions(state)
            action = legal[players.below(len(legal))]
        game.events(state, action, 0)  # what seat 0 is told
        state = game.apply(state, action)
        actions += 1
    game.validate(state)
    return actions


def play_table_hand(game: Any, hand_seed: int) -> int:
    """One hand through a Table of random bots, saved and resumed half-way; the actions."""
    table = Table(game, ["random"] * game.seats, seed=hand_seed)
    table.advance(max_steps=12)
    table = Table.from_json(table.to_json())
    table.run()
    return len(table.replay().actions)


def soak(
    hands: int,
    checkpoints: Sequence[int],
    *,
    seed: int = 2026,
    table_every: int = 100,
    tolerance: int = MIB,
    report: Any = None,
) -> Soak:
    """Play ``hands`` hands, measuring memory after each of ``checkpoints`` hands (and the
    last); ``report`` is called with each checkpoint as it is reached."""
    game = trickcore.load("euchre", single_hand=True)
    players = Rng(seed, "soak")
    marks = sorted({mark for mark in checkpoints if 0 < mark < hands} | {hands})
    found: list[Checkpoint] = []
    actions = table_hands = 0
    start = time.perf_counter()
    tracemalloc.start()
    try:
        for hand in range(1, hands + 1):
            hand_seed = seed * HAND_SEED_STRIDE + hand
            if table_every and hand % table_every == 0:
                actions += play_table_hand(game, hand_seed)
                table_hands += 1
            else:
                actions += play_hand(game, hand_seed, players)
            if hand == marks[len(found)]:
                gc.collect()
                current, peak = tracemalloc.get_traced_memory()
                tracemalloc.reset_peak()
                mark = Checkpoint(hand, time.perf_counter() - start, current, peak, _max_rss())
                found.append(mark)
                if report is not None:
                    report(mark)
    finally:
        tracemalloc.stop()
    base = found[0].current_bytes
    growth = max(mark.current_bytes - base for mark in found)
    return Soak(
        hands=hands,
        actions=actions,
        table_hands=table_hands,
        checkpoints=tuple(found),
        growth_bytes=growth,
        tolerance_bytes=tolerance,
        flat=growth <= tolerance,
    )


def _line(mark: Checkpoint) -> str:
    return (
        f"{mark.hands:>8} hands {mark.seconds:>8.1f} s   traced now {mark.current_bytes / MIB:7.2f}"
        f" MiB, peak {mark.peak_bytes / MIB:7.2f} MiB   max RSS {mark.max_rss_bytes / MIB:7.1f} MiB"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--checkpoints", default="1000,10000,100000")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--table-every", type=int, default=100)
    parser.add_argument("--tolerance-mib", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    checkpoints = [int(mark) for mark in args.checkpoints.split(",") if mark]
    result = soak(
        args.hands,
        checkpoints,
        seed=args.seed,
        table_every=args.table_every,
        tolerance=int(args.tolerance_mib * MIB),
        report=None if args.json else lambda mark: print(_line(mark), flush=True),
    )
    if args.json:
        print(json.dumps(asdict(result)))
    else:
        verdict = "yes" if result.flat else "NO"
        print(
            f"{result.hands} hands ({result.table_hands} through a Table), {result.actions} "
            f"actions; memory flat after warm-up: {verdict} (traced memory rose at most "
            f"{result.growth_bytes / 1024:.1f} KiB above the first checkpoint, tolerance "
            f"{result.tolerance_bytes / 1024:.0f} KiB)"
        )
    return 0 if result.flat else 1


if __name__ == "__main__":
    sys.exit(main())
