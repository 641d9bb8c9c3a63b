"""The Apples ``heuristic`` bot against ``random``: mean score per round, duplicate deals.

Runs a :class:`trickcore.Match` of single rounds (``single_hand=True``) with the heuristic at
one seat and ``random`` at the other three, over duplicate deals: each deal is played four times
with the bots rotated, so the heuristic plays every seat's cards once and ``random`` three
times. Per deal, the heuristic's mean round score minus ``random``'s is one observation; the
script reports the mean of those with its 95% interval (normal approximation), beside each bot's
mean score per round.

    python benchmarks/apples_heuristic.py --deals 125   # 500 rounds for the heuristic
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import trickcore
from trickcore.match.stats import mean_interval

BOTS = ["heuristic", "random", "random", "random"]


def measure(deals: int, seed: int | str = 0) -> dict[str, Any]:
    """Play the match; the figures as a dict (rounds, means, the paired difference)."""
    match = trickcore.Match("apples", BOTS, games=deals, seed=seed, options={"single_hand": True})
    result = match.run()
    per_deal: dict[int, dict[str, list[int]]] = {}
    for game in result.results:
        scores = per_deal.setdefault(game.deal, {"heuristic": [], "random": []})
        for seat, bot in enumerate(game.seats):
            scores[bot].append(game.scores[seat])  # each player is their own side
    heuristic = [s for deal in per_deal.values() for s in deal["heuristic"]]
    random = [s for deal in per_deal.values() for s in deal["random"]]
    paired = mean_interval(
        [
            sum(deal["heuristic"]) / len(deal["heuristic"])
            - sum(deal["random"]) / len(deal["random"])
            for deal in per_deal.values()
        ]
    )
    return {
        "deals": deals,
        "seed": seed,
        "heuristic_rounds": len(heuristic),
        "heuristic_mean": sum(heuristic) / len(heuristic),
        "random_mean": sum(random) / len(random),
        "difference": paired.value,
        "low": paired.low,
        "high": paired.high,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=125, help="deals (4 rounds each)")
    parser.add_argument("--seed", default="0", help="the match seed")
    parser.add_argument("--json", action="store_true", help="one JSON line")
    args = parser.parse_args()
    start = time.perf_counter()
    seed: int | str = int(args.seed) if args.seed.isdigit() else args.seed
    figures = measure(args.deals, seed)
    figures["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"apples, single rounds, {figures['deals']} duplicate deals x 4 rotations, "
        f"seed {figures['seed']}: the heuristic played {figures['heuristic_rounds']} rounds\n"
        f"mean score per round: heuristic {figures['heuristic_mean']:.2f}, "
        f"random {figures['random_mean']:.2f}\n"
        f"heuristic - random, per deal: {figures['difference']:+.2f} "
        f"[{figures['low']:+.2f}, {figures['high']:+.2f}] (95%)  in {figures['seconds']} s"
    )


if __name__ == "__main__":
    main()
