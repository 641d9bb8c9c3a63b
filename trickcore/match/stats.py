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

__all__ = ["Z95", "entry_stats", "mean_interval", "wilson_interval"]

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
    outcomes: dict[str, list[str]] = {name: [] for name in names}
    points: dict[str, list[float]] = {name: [] for name in names}
    diffs: dict[str, list[float]] = {name: [] for name in names}
    per_deal: dict[str, dict[int, list[float]]] = {name: {} for name in names}
    forfeits = dict.fromkeys(names, 0)
    for result in results:
        if result.forfeit is not None and result.forfeit.bot in forfeits:
            forfeits[result.forfeit.bot] += 1
        for side, seats in enumerate(result.sides):
            own = result.scores[side]
            best_other = max(
                (score for other, score in enumerate(result.scores) if other != side), default=0
            )
            if result.winner == side:
                kind = "win"
            elif result.draw or result.winner is None:
                kind = "draw"
            else:
                kind = "loss"
            for name in dict.fromkeys(result.seats[seat] for seat in seats):
                outcomes[name].append(kind)
                points[name].append(float(own))
                diffs[name].append(float(own - best_other))
                per_deal[name].setdefault(result.deal, []).append(float(own - best_other))
    entries = []
    for name in names:
        games = len(outcomes[name])
        wins = outcomes[name].count("win")
        draws = outcomes[name].count("draw")
        low, high = wilson_interval(wins, games)
        diff = mean_interval(diffs[name])
        deal_means = [math.fsum(values) / len(values) for values in per_deal[name].values()]
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
                points=mean_interval(points[name]),
                diff=diff,
                paired_diff=_paired(diff.value, deal_means),
            )
        )
    return tuple(entries)


def _paired(value: float, deal_means: Sequence[float]) -> Estimate:
    """``value`` (the mean point difference) with the half-width of the normal interval of the
    per-deal means around it."""
    _, half = _mean_and_half_width(deal_means, Z95)
    if half is None:
        return Estimate(value=value, low=None, high=None, n=len(deal_means))
    return Estimate(value=value, low=value - half, high=value + half, n=len(deal_means))
