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
from bisect import bisect_right
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
    draw = _RunDraw(ordered) if _RunDraw.suits(ordered) else _IndexDraw(ordered)
    means = []
    for resample in range(resamples):
        digest = hashlib.shake_256(prefix + str(resample).encode()).digest(4 * n)
        means.append(math.fsum(draw(digest)) / n)
    means.sort()
    low = means[math.floor(0.025 * resamples)]
    high = means[math.ceil(0.975 * resamples) - 1]
    return Estimate(value=mean, low=low, high=high, n=n)


class _IndexDraw:
    """The values a resample draws from ``ordered`` (sorted, ``n`` long): for each 32-bit
    little-endian word of its ``digest``, ``ordered[word·n >> 32]``."""

    def __init__(self, ordered: Sequence[float]) -> None:
        self.ordered = ordered
        self.unpack = struct.Struct(f"<{len(ordered)}I").unpack

    def __call__(self, digest: bytes) -> list[float]:
        ordered, n = self.ordered, len(self.ordered)
        return [ordered[(word * n) >> 32] for word in self.unpack(digest)]


class _RunDraw:
    """The same multiset of values as :class:`_IndexDraw`, found without a Python step per word
    when ``ordered`` is a few runs of equal values (points and differences over many games).

    The words that land in a run of indices ``[start, end)`` are those from ``⌈start·2³²/n⌉``
    to below ``⌈end·2³²/n⌉``. Most values of a word's top byte lie inside one run's words: the
    digest's top bytes, translated to run numbers and counted (in C), give those; a word whose
    top byte straddles the end of a run is placed by its whole value. ``math.fsum`` rounds the
    exact sum of a multiset, so the means are the same to the last bit."""

    STRADDLES = 255
    """The run number written for a top byte whose words lie in more than one run."""

    @staticmethod
    def suits(ordered: Sequence[float]) -> bool:
        """Whether ``ordered`` has few enough runs for this draw to pay."""
        runs = len(set(ordered))
        return runs < _RunDraw.STRADDLES and runs * 8 <= len(ordered)

    def __init__(self, ordered: Sequence[float]) -> None:
        n = len(ordered)
        self.values: list[float] = []
        self.pasts: list[int] = []  # per run, the first word past it
        for end in range(1, n + 1):
            if end == n or ordered[end] != ordered[end - 1]:
                self.values.append(ordered[end - 1])
                self.pasts.append(-((-end << 32) // n))
        table = bytearray()
        for top in range(256):
            first = bisect_right(self.pasts, top << 24)
            last = bisect_right(self.pasts, ((top + 1) << 24) - 1)
            table.append(first if first == last else self.STRADDLES)
        self.table = bytes(table)
        # value·count is exact (a float) when the value's significant bits and the count's fit
        # in a double's 53: then the products sum to the same as the values one by one.
        self.exact = all(_significant_bits(value) + n.bit_length() <= 53 for value in self.values)

    def __call__(self, digest: bytes) -> list[float]:
        runs = digest[3::4].translate(self.table)
        counts = [runs.count(run) for run in range(len(self.values))]
        at = runs.find(self.STRADDLES)
        while at >= 0:
            (word,) = _WORD.unpack_from(digest, 4 * at)
            counts[bisect_right(self.pasts, word)] += 1
            at = runs.find(self.STRADDLES, at + 1)
        if self.exact:
            return [value * count for value, count in zip(self.values, counts, strict=True)]
        drawn: list[float] = []
        for value, count in zip(self.values, counts, strict=True):
            drawn += [value] * count
        return drawn


_WORD = struct.Struct("<I")


def _significant_bits(value: float) -> int:
    """The bits of ``value``'s odd mantissa (``3.0``: 2, ``0.5``: 1, ``0.1``: 53 or so)."""
    numerator = abs(value.as_integer_ratio()[0])
    if not numerator:
        return 0
    odd = numerator >> ((numerator & -numerator).bit_length() - 1)
    return odd.bit_length()


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
