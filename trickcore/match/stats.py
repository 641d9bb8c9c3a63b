"""The statistics of a match (DESIGN 8): intervals, and each entry's results (``Z95 = 1.96``).

* win rate ``wins / games`` with the **Wilson score interval**
  ``(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` (:func:`wilson_interval`);
* mean points and mean point difference with the **normal approximation**
  ``mean ± z·sd/√n``, ``sd`` the sample standard deviation (``n - 1``) (:func:`mean_interval`);
* the **paired** (duplicate) point difference: the same mean, with its interval computed over
  the per-deal averages, which are independent of each other while the games of one deal are
  not.

Sums use :func:`math.fsum`, so nothing here depends on the order of the values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from trickcore.match.records import EntryStats, Estimate, GameResult

__all__ = ["Z95", "entry_stats", "head_to_head", "mean_interval", "wilson_interval"]

Z95 = 1.96
"""The normal quantile used for every 95% interval (the usual rounded value)."""


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``.

    With ``p = successes / n``: ``(p + z²/(2n) ± z·√(p(1-p)/n + z²/(4n²))) / (1 + z²/n)``,
    clipped to ``[0, 1]`` (exactly 0 at 0 successes, exactly 1 at n). Unlike the plain
    ``p ± z·√(p(1-p)/n)`` it stays inside ``[0, 1]`` and does not shrink to a point at 0 or n
    successes.
    """
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n and n >= 1, not {successes} of {n}")
    p = successes / n
    z2 = z * z
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / scale
    # At 0 (or n) successes the bound is 0 (or 1) exactly; rounding would give 1e-17 away.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``values`` with the normal-approximation interval ``mean ± z·sd/√n``.

    ``sd`` is the sample standard deviation (divided by ``n - 1``); with fewer than two values
    there is no interval (``low`` and ``high`` are ``None``). Sums use :func:`math.fsum`, so the
    result does not depend on the order of the values.
    """
    mean, half = _mean_and_half_width(values, z)
    if half is None:
        return Estimate(value=mean, low=None, high=None, n=len(values))
    return Estimate(value=mean, low=mean - half, high=mean + half, n=len(values))


def _mean_and_half_width(values: Sequence[float], z: float) -> tuple[float, float | None]:
    """The mean of ``values`` and ``z·sd/√n`` (``None`` with fewer than two values)."""
    n = len(values)
    if n < 1:
        raise ValueError("the mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    return mean, z * sd / math.sqrt(n)


def entry_stats(bots: Sequence[str], results: Sequence[GameResult]) -> tuple[EntryStats, ...]:
    """Per distinct bot name of ``bots`` (the seating), in order of first seat, the statistics
    of ``results`` (sorted by ``(deal, rotation)``)."""
    names = list(dict.fromkeys(bots))
    tallies = {name: _Tally() for name in names}
    forfeits = dict.fromkeys(names, 0)
    # The tallies of each side of a seating (the bots on a side, each once), worked out once
    # per seating rather than once per game.
    seatings: dict[tuple[tuple[str, ...], tuple[tuple[int, ...], ...]], list[list[_Tally]]] = {}
    for result in results:
        if result.forfeit is not None and result.forfeit.bot in forfeits:
            forfeits[result.forfeit.bot] += 1
        seats, sides = result.seats, result.sides
        per_side = seatings.get((seats, sides))
        if per_side is None:
            per_side = seatings[(seats, sides)] = [
                [tallies[name] for name in dict.fromkeys(seats[seat] for seat in members)]
                for members in sides
            ]
        scores, winner, deal = result.scores, result.winner, result.deal
        draw = result.draw or winner is None
        for side, (own, best_other) in enumerate(zip(scores, _best_others(scores), strict=True)):
            side_tallies = per_side[side]
            points, margin = float(own), float(own - best_other)
            for tally in side_tallies:
                if winner == side:
                    tally.wins += 1
                elif draw:
                    tally.draws += 1
                tally.points.append(points)
                tally.diffs.append(margin)
                tally.per_deal.setdefault(deal, []).append(margin)
    entries = []
    for name in names:
        tally = tallies[name]
        games, wins, draws = len(tally.points), tally.wins, tally.draws
        low, high = wilson_interval(wins, games)
        diff = mean_interval(tally.diffs)
        deal_means = [math.fsum(values) / len(values) for values in tally.per_deal.values()]
        entries.append(
            EntryStats(
                name=name,
                seats=bots.count(name),
                games=games,
                wins=wins,
                draws=draws,
                losses=games - wins - draws,
                forfeits=forfeits[name],
                win_rate=Estimate(value=wins / games, low=low, high=high, n=games),
                points=mean_interval(tally.points),
                diff=diff,
                paired_diff=_paired(diff.value, deal_means),
            )
        )
    return tuple(entries)


def head_to_head(first: str, second: str, results: Sequence[GameResult]) -> Estimate:
    """How many more points ``first`` scores than ``second`` per game, paired by deal: per deal,
    the mean score of the sides ``first`` sits on minus that of the sides ``second`` sits on,
    with the normal interval of those per-deal differences. Unlike an entry's ``diff`` (against
    the best other side) this compares the two bots with each other, also in games where every
    player is a side of their own and the best other side is often the bot's own twin. A side
    held by both bots counts for neither."""
    per_deal: dict[int, tuple[list[float], list[float]]] = {}
    for result in results:
        own, other = per_deal.setdefault(result.deal, ([], []))
        for members, score in zip(result.sides, result.scores, strict=True):
            names = {result.seats[seat] for seat in members}
            if names == {first}:
                own.append(float(score))
            elif names == {second}:
                other.append(float(score))
    diffs = [
        math.fsum(own) / len(own) - math.fsum(other) / len(other)
        for own, other in per_deal.values()
        if own and other
    ]
    if not diffs:
        return Estimate(value=0.0, low=None, high=None, n=0)
    return mean_interval(diffs)


def _best_others(scores: tuple[int, ...]) -> list[int]:
    """Per side, the best score among the other sides (0 when there is no other side)."""
    if len(scores) < 2:
        return [0] * len(scores)
    first, second = sorted(scores, reverse=True)[:2]
    return [second if score == first else first for score in scores]


class _Tally:
    """What :func:`entry_stats` gathers for one bot name while it reads the results."""

    __slots__ = ("wins", "draws", "points", "diffs", "per_deal")

    def __init__(self) -> None:
        self.wins = 0
        self.draws = 0
        self.points: list[float] = []
        self.diffs: list[float] = []
        self.per_deal: dict[int, list[float]] = {}


def _paired(value: float, deal_means: Sequence[float]) -> Estimate:
    """``value`` (the mean point difference) with the half-width of the normal interval of the
    per-deal means around it."""
    _, half = _mean_and_half_width(deal_means, Z95)
    if half is None:
        return Estimate(value=value, low=None, high=None, n=len(deal_means))
    return Estimate(value=value, low=value - half, high=value + half, n=len(deal_means))
