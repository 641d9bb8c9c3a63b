"""The statistics of a match (DESIGN 8): intervals, and each entry's results (``Z95 = 1.96``).

* win rate ``wins / games`` with the **Wilson score interval**
  ``(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` (:func:`wilson_interval`);
* mean points and mean point difference with a **percentile bootstrap** interval
  (:func:`bootstrap_interval`): the means of 1,000 resamples drawn with replacement by a seeded,
  deterministic resampler, from the 26th smallest to the 26th largest. Points and differences
  are bounded (a score cannot be negative in most games), and a bootstrap interval never leaves
  the range of the values, where the normal ``mean ± z·sd/√n`` (:func:`mean_interval`, still
  public) did (points per game ``[-0.24, 1.44]``, issue 21.4);
* the **paired** (duplicate) point difference: the same mean, with its interval bootstrapped
  over the per-deal averages, which are independent of each other while the games of one deal
  are not.

Sums use :func:`math.fsum` and the bootstrap resamples the values in sorted order, so nothing
here depends on the order of the values.
"""

from __future__ import annotations

import hashlib
import math
import struct
from collections.abc import Sequence

from trickcore.match.records import EntryStats, Estimate, GameResult

__all__ = [
    "BOOTSTRAP_RESAMPLES",
    "Z95",
    "bootstrap_interval",
    "entry_stats",
    "head_to_head",
    "mean_interval",
    "wilson_interval",
]

Z95 = 1.96
"""The normal quantile used for the Wilson and normal 95% intervals (the usual rounded value)."""

BOOTSTRAP_RESAMPLES = 1000
"""How many resamples :func:`bootstrap_interval` draws."""


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


def bootstrap_interval(
    values: Sequence[float], label: str = "", resamples: int = BOOTSTRAP_RESAMPLES
) -> Estimate:
    """The mean of ``values`` with its 95% **percentile bootstrap** interval.

    ``resamples`` times, ``n`` values are drawn with replacement from ``values`` (sorted first,
    so the order they come in does not matter) and averaged; the interval runs from the
    ``⌊0.025·resamples⌋``-th to the ``⌈0.975·resamples⌉``-th of those means in increasing order
    (counted from 1: the 26th smallest and the 26th largest of 1,000; ``resamples`` is at
    least 40). It never leaves ``[min(values), max(values)]``, so a bounded quantity keeps its
    bounds. The resampler is deterministic: resample ``i`` takes its indices from the SHAKE-256
    output of ``("trickcore bootstrap", label, n, i)``, 32 bits per index scaled to ``n``
    (``index = word·n >> 32``, a bias below ``n / 2³²``), so the same values give the same
    interval on every platform. With fewer than two values there is no interval."""
    if resamples < 40:
        raise ValueError(f"a bootstrap needs 40 resamples or more, not {resamples}")
    n = len(values)
    if n < 1:
        raise ValueError("the mean of no values")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(value=mean, low=None, high=None, n=n)
    ordered = sorted(values)
    if ordered[0] == ordered[-1]:
        return Estimate(value=mean, low=ordered[0], high=ordered[0], n=n)
    prefix = f"trickcore bootstrap\0{label}\0{n}\0".encode()
    unpack = struct.Struct(f"<{n}I").unpack
    means = []
    for resample in range(resamples):
        words = unpack(hashlib.shake_256(prefix + str(resample).encode()).digest(4 * n))
        means.append(math.fsum([ordered[(word * n) >> 32] for word in words]) / n)
    means.sort()
    low = means[math.floor(0.025 * resamples)]
    high = means[math.ceil(0.975 * resamples) - 1]
    return Estimate(value=mean, low=low, high=high, n=n)


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
    crashes = dict.fromkeys(names, 0)
    # The tallies of each side of a seating (the bots on a side, each once), worked out once
    # per seating rather than once per game.
    seatings: dict[tuple[tuple[str, ...], tuple[tuple[int, ...], ...]], list[list[_Tally]]] = {}
    for result in results:
        if result.forfeit is not None and result.forfeit.bot in forfeits:
            forfeits[result.forfeit.bot] += 1
            crashes[result.forfeit.bot] += result.forfeit.kind == "raised"
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
        diff = bootstrap_interval(tally.diffs, f"diff {name}")
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
                crashes=crashes[name],
                win_rate=Estimate(value=wins / games, low=low, high=high, n=games),
                points=bootstrap_interval(tally.points, f"points {name}"),
                diff=diff,
                paired_diff=_paired(diff.value, deal_means, f"paired {name}"),
            )
        )
    return tuple(entries)


def head_to_head(first: str, second: str, results: Sequence[GameResult]) -> Estimate:
    """How many more points ``first`` scores than ``second`` per game, paired by deal: per deal,
    the mean score of the sides ``first`` sits on minus that of the sides ``second`` sits on,
    with the normal interval of those per-deal differences. Unlike an entry's ``diff`` (against
    the best other side) this compares the two bots with each other, also in games where every
    player is a side of their own and the best other side is often the bot's own twin. A side
    held by both bots counts for neither. The interval is :func:`bootstrap_interval`'s."""
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
    return bootstrap_interval(diffs, f"head to head {first} {second}")


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


def _paired(value: float, deal_means: Sequence[float], label: str) -> Estimate:
    """``value`` (the mean point difference) with the bootstrap interval of the per-deal
    means (:func:`bootstrap_interval`)."""
    if not deal_means:
        return Estimate(value=value, low=None, high=None, n=0)
    boot = bootstrap_interval(deal_means, label)
    return Estimate(value=value, low=boot.low, high=boot.high, n=len(deal_means))
