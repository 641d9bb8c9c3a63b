"""What ``pimc``'s ``prune`` option saves, and what it changes (issue 23): each decision with a
choice of single hands that the game's ``heuristic`` plays at every seat is searched twice
from the same seed, by ``pimc`` with ``--iterations`` playouts a move and by the same with
``prune`` added; the table gives, per setting, the mean CPU per decision
(``time.process_time()`` around ``act``), the playouts and worlds a decision, the share of
decisions that ended with one action left, and how many moves differ from the unpruned search.

    python benchmarks/pruning.py               # Euchre, 8 hands, 1,000 playouts a move
    python benchmarks/pruning.py --game allfours --hands 4 --prune 2,3
    python benchmarks/pruning.py --json

A move that differs is not a worse move: the pruned search gives the close actions more
worlds. What the moves are worth is measured by ``strength.py`` and ``search_levers.py``.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass
from typing import Any

import trickcore
from trickcore import CHANCE, BotSpec, Rng
from trickcore_bots import PimcBot


class CountingPimc(PimcBot):
    """``pimc`` that counts the playouts and worlds of its last move, and keeps the actions
    left at its end (indices into the legal actions)."""

    def __init__(self, spec: BotSpec) -> None:
        super().__init__(spec)
        self.playouts = 0
        self.worlds = 0
        self.contenders: list[int] = []

    def _returns(self, start: Any, state: Any, rng: Rng) -> list[float]:
        self.playouts += 1
        return super()._returns(start, state, rng)

    def _chosen(
        self, view: Any, legal: tuple[Any, ...], columns: list[list[float]], contenders: list[int]
    ) -> Any:
        self.worlds, self.contenders = max(map(len, columns)), contenders
        return super()._chosen(view, legal, columns, contenders)


@dataclass
class Row:
    """One setting over every decision."""

    game: str
    build: str
    iterations: int
    prune: float
    decisions: int
    cpu_ms: float
    playouts: float
    worlds: float
    one_left: float
    moves_changed: int


def decisions(game: Any, hands: int, seed: int) -> list[tuple[int, Any, tuple[Any, ...]]]:
    """(seat, view, legal) at every decision with a choice of ``hands`` single hands played by
    the ``heuristic`` at every seat, each dealt from its own chance stream."""
    factory = trickcore.default_host().bot_factory("heuristic", game.name)
    found = []
    for hand in range(hands):
        bots = [
            factory(BotSpec(game, seat, Rng(seed, "heuristic", hand, seat)))
            for seat in range(game.seats)
        ]
        state, chance = game.initial_state(), Rng(seed, "chance", hand)
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, chance))
                continue
            legal, view = game.legal_actions(state), game.view(state, actor)
            if len(legal) > 1:
                found.append((actor, view, legal))
            state = game.apply(state, bots[actor].act(view, legal))
    return found


def measure(
    game: Any,
    found: list[tuple[int, Any, tuple[Any, ...]]],
    iterations: int,
    prune: float,
    seed: int,
) -> tuple[Row, list[Any]]:
    """Every decision of ``found`` searched with these options: the row and the moves."""
    moves, cpu, playouts, worlds, one_left = [], 0.0, 0, 0, 0
    for number, (seat, view, legal) in enumerate(found):
        options = {"iterations": iterations, "prune": prune}
        bot = CountingPimc(BotSpec(game, seat, Rng(seed, "pimc", number), options))
        started = time.process_time()
        moves.append(bot.act(view, legal))
        cpu += time.process_time() - started
        playouts += bot.playouts
        worlds += bot.worlds
        one_left += len(bot.contenders) == 1
    count = len(found)
    row = Row(
        game=game.name,
        build=trickcore.build_kind(),
        iterations=iterations,
        prune=prune,
        decisions=count,
        cpu_ms=cpu / count * 1000,
        playouts=playouts / count,
        worlds=worlds / count,
        one_left=one_left / count,
        moves_changed=0,
    )
    return row, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", default="euchre", help="a registered game (default euchre)")
    parser.add_argument("--hands", type=int, default=8, help="single hands (default 8)")
    parser.add_argument("--iterations", type=int, default=1000, help="playouts a move")
    parser.add_argument("--prune", default="3", help="comma-separated prune values (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON line per row")
    arguments = parser.parse_args(argv)
    if arguments.hands < 1 or arguments.iterations < 1:
        parser.error("--hands and --iterations take a whole number of at least 1")
    game = trickcore.load(arguments.game, single_hand=True)
    found = decisions(game, arguments.hands, arguments.seed)
    rows = []
    plain, plain_moves = measure(game, found, arguments.iterations, 0.0, arguments.seed)
    rows.append(plain)
    for value in arguments.prune.split(","):
        row, moves = measure(game, found, arguments.iterations, float(value), arguments.seed)
        row.moves_changed = sum(
            mine != theirs for mine, theirs in zip(moves, plain_moves, strict=True)
        )
        rows.append(row)
    if arguments.json:
        for row in rows:
            print(json.dumps(asdict(row)))
        return 0
    print(
        "| game | build | iterations | prune | decisions | CPU/decision | playouts | worlds "
        "| one action left | moves changed |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(
            f"| {row.game} | {row.build} | {row.iterations:,} | {row.prune:g} | {row.decisions} "
            f"| {row.cpu_ms:.1f} ms | {row.playouts:.0f} | {row.worlds:.0f} "
            f"| {row.one_left:.0%} | {row.moves_changed} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
