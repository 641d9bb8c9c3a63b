"""Text tables for a terminal: the statistics of a match.

Needs nothing but the core (not click), so a script may print the same table as the command
line: ``print("\\n".join(match_table(match.run())))``.
"""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.match import EntryStats, Estimate, MatchResult
from trickcore.match.stats import head_to_head

__all__ = ["match_table", "verdict"]


def match_table(result: MatchResult) -> list[str]:
    """``result`` as lines of text: a title, a header and one row per entry (games, wins,
    draws, losses, forfeits and crashes; win rate, mean points and mean point difference, each
    with its 95% interval)."""
    title = (
        f"{result.game}: {result.deals} deal{'s' if result.deals != 1 else ''} x "
        f"{result.rotations} rotation{'s' if result.rotations != 1 else ''} = "
        f"{result.games} game{'s' if result.games != 1 else ''}, seed {result.seed!r}"
    )
    header = (
        "bot",
        "games",
        "wins",
        "draws",
        "losses",
        "forfeits",
        "crashes",
        "win rate",
        "95% CI",
        "points",
        "95% CI",
        "diff",
        "95% CI",
        "paired 95% CI",
    )
    rows = [
        (
            entry.name,
            str(entry.games),
            str(entry.wins),
            str(entry.draws),
            str(entry.losses),
            str(entry.forfeits),
            str(entry.crashes),
            f"{entry.win_rate.value:.3f}",
            _interval(entry.win_rate, 3),
            f"{entry.points.value:.2f}",
            _interval(entry.points, 2),
            f"{entry.diff.value:+.2f}",
            _interval(entry.diff, 2, sign=True),
            _interval(entry.paired_diff, 2, sign=True),
        )
        for entry in result.entries
    ]
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    return [title, line(header), *(line(row) for row in rows)]


def _interval(estimate: Estimate, digits: int, sign: bool = False) -> str:
    """``estimate``'s interval as ``[low, high]`` with ``digits`` decimals, or ``n/a``."""
    if estimate.low is None or estimate.high is None:
        return "n/a"
    spec = f"{'+' if sign else ''}.{digits}f"
    return f"[{estimate.low:{spec}}, {estimate.high:{spec}}]"


def verdict(result: MatchResult) -> list[str]:
    """What the match says, in words, from paired (duplicate) point differences: with two bots,
    whether one beats the other (the 95% interval of :func:`~trickcore.match.stats.head_to_head`
    excludes zero) and by how much per game; with more, each bot against the best other side;
    a mirror match has none.

    Forfeits count first (issue 21.4): a bot that forfeited games is never called even with
    another. With two bots, the one that forfeited more games loses to the other *by forfeit*
    unless the points say otherwise; when both forfeited as many, there is no verdict. Every
    verdict that involves a forfeiting bot says how many games it forfeited, and how many of
    them it crashed in."""
    entries = result.entries
    if len(entries) < 2:
        return ["a mirror match (one bot): no verdict"]
    if len(entries) == 2:
        first, second = entries
        paired = head_to_head(first.name, second.name, result.results)
        line = _head_to_head(first.name, paired, second.name, result.deals)
        return [_with_forfeits(line, paired, first, second)]
    lines = []
    for entry in entries:
        line = _head_to_head(entry.name, entry.paired_diff, "the best other side", result.deals)
        if entry.forfeits and not _significant(entry.paired_diff):
            line = (
                f"{entry.name} vs the best other side: {_forfeited(entry)}; the points of the "
                f"games do not separate them ({_points(entry.paired_diff)})"
            )
        elif entry.forfeits:
            line += f"; {_forfeited(entry)}"
        lines.append(line)
    return lines


def _significant(paired: Estimate) -> bool:
    return (
        paired.low is not None and paired.high is not None and (paired.low > 0 or paired.high < 0)
    )


def _forfeited(entry: EntryStats) -> str:
    """``"crash forfeited 10 of 10 games (10 crashes)"``."""
    crashes = entry.crashes
    kinds = f" ({crashes} crash{'es' if crashes != 1 else ''})" if crashes else ""
    return f"{entry.name} forfeited {entry.forfeits} of {entry.games} games{kinds}"


def _points(paired: Estimate) -> str:
    if paired.low is None or paired.high is None:
        return f"{paired.value:+.2f} points per game, too few deals for an interval"
    return (
        f"{paired.value:+.2f} points per game, 95% CI {_interval(paired, 2, sign=True)} over "
        f"{paired.n} deals"
    )


def _with_forfeits(line: str, paired: Estimate, first: EntryStats, second: EntryStats) -> str:
    """The two-bot verdict ``line`` with the forfeits of either bot counted."""
    if not first.forfeits and not second.forfeits:
        return line
    notes = "; ".join(_forfeited(entry) for entry in (first, second) if entry.forfeits)
    if _significant(paired):
        return f"{line}; {notes}"
    if first.forfeits == second.forfeits:
        return (
            f"no verdict between {first.name} and {second.name}: {notes}; on points "
            f"{_points(paired)}"
        )
    worse, better = (first, second) if first.forfeits > second.forfeits else (second, first)
    return (
        f"{better.name} beats {worse.name} by forfeit: {notes}; the points of the games do not "
        f"separate them ({_points(paired)})"
    )


def _head_to_head(name: str, paired: Estimate, other: str, deals: int) -> str:
    if paired.low is None or paired.high is None:
        return f"{name} vs {other}: too few deals for a verdict ({deals})"
    interval = f"95% CI {_interval(paired, 2, sign=True)} over {paired.n} deals"
    per_game = f"{abs(paired.value):.2f} points per game ({interval})"
    if paired.low > 0:
        return f"{name} beats {other} by {per_game}"
    if paired.high < 0:
        return f"{name} loses to {other} by {per_game}"
    return (
        f"no significant difference between {name} and {other}: "
        f"{paired.value:+.2f} points per game ({interval})"
    )
