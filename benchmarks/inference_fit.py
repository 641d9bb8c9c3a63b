"""How close do the search bots' worlds come to the true deal? (issue 23, point 2.)

The search bots judge moves in *worlds*: deals that fit the bot's view. The closer the worlds
come to the true hidden hands, the better the judgement (a ``pimc`` given the true deal as its
only world beats the ``heuristic`` by far more than one drawing worlds from its view). This
benchmark plays single hands with the game's ``heuristic`` bot at every seat, and at each
decision with a choice of one seat (the seats take turns, one a hand), once the other seats have
made a decision the model judges, draws worlds from that seat's view:

* ``off``: uniformly among the deals that fit the view (``game.determinize``);
* ``own:P``: each world from a pool of its own of ``P`` uniform worlds, picked in proportion to
  its likelihood under ``inference=hand`` (:class:`trickcore_bots.inference.AuctionModel` with
  ``count=1``: how the search bots drew their worlds before they shared a pool);
* ``shared:P``: the worlds of the decision together, from one pool of ``P * --worlds``
  uniform worlds (``AuctionModel.draw(view, rng, count)``: how the search bots draw them now).

For each, the share of the cards held by the other seats that a world puts in the right seat's
hand (the *fit*: 1 for the true deal), averaged over the worlds, with its 95% interval over the
decisions (a normal approximation), and the CPU per world drawn. The worlds see the view only;
the true state is read to score them.

    python benchmarks/inference_fit.py --game euchre --hands 40
    python benchmarks/inference_fit.py --game euchre --hands 40 --pools 4,16,64 --noise 0.02
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import trickcore
from trickcore import CHANCE, BotSpec, Rng
from trickcore.plugins import default_host
from trickcore_bots.inference import AuctionModel

GAMES = ("euchre", "allfours", "apples")


@dataclass(frozen=True)
class Fit:
    """One way of drawing worlds, measured."""

    method: str
    decisions: int
    fit: float
    low: float
    high: float
    cpu_per_world_ms: float


def decisions(game: Any, hands: int, seed: int) -> list[tuple[Any, int]]:
    """``(state, seat)`` at every decision with a choice of the hand's observing seat (seat
    ``hand % seats``) in ``hands`` single hands played by the ``heuristic`` at every seat."""
    factory = default_host().bot_factory("heuristic", game.name)
    found = []
    for hand in range(hands):
        seat = hand % game.seats
        bots = [factory(BotSpec(game, s, Rng(seed, "bots", hand, s))) for s in range(game.seats)]
        state, chance = game.initial_state(), Rng(seed, "chance", hand)
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, chance))
                continue
            legal = game.legal_actions(state)
            if actor == seat and len(legal) > 1:
                found.append((state, seat))
            state = game.apply(state, bots[actor].act(game.view(state, actor), legal))
    return found


def fit(world: Any, true: Any, seat: int) -> float:
    """The share of the cards the other seats hold in ``true`` that ``world`` gives to the same
    seat (1 when nothing is hidden)."""
    held = right = 0
    for other, hand in enumerate(true.hands):
        if other != seat:
            held += len(hand)
            right += len(set(hand) & set(world.hands[other]))
    return right / held if held else 1.0


def measure(
    game: Any, found: list[tuple[Any, int]], method: str, *, worlds: int, noise: float, seed: int
) -> Fit:
    """The fit of ``worlds`` worlds drawn by ``method`` at each decision the model judges."""
    kind, _, size = method.partition(":")
    pool = int(size) if size else 1
    per_decision: list[float] = []
    cpu = 0.0
    for index, (state, seat) in enumerate(found):
        model = AuctionModel(game, seat, Rng(seed, "model"), noise=noise, pool=pool, plays=True)
        if not model.likelihood(state)[1]:
            continue  # nothing judged yet: every method draws uniform worlds
        view, rng = game.view(state, seat), Rng(seed, "draws", index)
        start = time.process_time()
        if kind == "off":
            drawn = [game.determinize(view, rng) for _ in range(worlds)]
        elif kind == "own":
            drawn = [model.draw(view, rng)[0] for _ in range(worlds)]
        else:
            drawn = model.draw(view, rng, worlds)
        cpu += time.process_time() - start
        per_decision.append(statistics.fmean(fit(world, state, seat) for world in drawn))
    mean = statistics.fmean(per_decision)
    half = 1.96 * statistics.stdev(per_decision) / math.sqrt(len(per_decision))
    per_world = cpu / (len(per_decision) * worlds) * 1000
    return Fit(method, len(per_decision), mean, mean - half, mean + half, per_world)


def methods(pools: list[int]) -> list[str]:
    """``off``, then ``own:P`` and ``shared:P`` for each pool size."""
    return ["off", *(f"{kind}:{pool}" for pool in pools for kind in ("own", "shared"))]


def main(argv: list[str] | None = None) -> int:
    """Print the table: one row a method."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="euchre")
    parser.add_argument("--hands", type=int, default=40, help="single hands (default 40)")
    parser.add_argument("--worlds", type=int, default=10, help="worlds a decision (default 10)")
    parser.add_argument("--pools", default="4,16", help="pool sizes, comma-separated")
    parser.add_argument("--noise", type=float, default=0.1, help="the model's inference_noise")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    pools = [int(pool) for pool in args.pools.split(",")]
    game = trickcore.load(args.game, single_hand=True)
    found = decisions(game, args.hands, args.seed)
    print(f"{args.game}, {args.hands} hands, {args.worlds} worlds a decision, noise {args.noise}")
    print("| method | decisions | fit | 95% interval | CPU/world |")
    print("| --- | --- | --- | --- | --- |")
    for method in methods(pools):
        row = measure(game, found, method, worlds=args.worlds, noise=args.noise, seed=args.seed)
        print(
            f"| {row.method} | {row.decisions} | {row.fit:.3f} | [{row.low:.3f}, {row.high:.3f}] "
            f"| {row.cpu_per_world_ms:.2f} ms |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
