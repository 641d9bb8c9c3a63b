"""The match verdict counts forfeits and crashes, and intervals of bounded quantities stay in
their range (issue 21.4): a percentile bootstrap with a seeded, deterministic resampler for
points and differences, Wilson for win rates (docs/match.md)."""

from __future__ import annotations

import hashlib
import math
import struct
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import ToyPlugin

from trickcore import BotSpec, build_host, hookimpl
from trickcore.cli.tables import match_table, verdict
from trickcore.match import Estimate, Match, bootstrap_interval, mean_interval


class CrashBot:
    """Raises on every move."""

    name = "crash"
    description = "raises"
    games = None

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        raise RuntimeError("boom")


class CheatBot(CrashBot):
    """Answers with something that is not a legal action."""

    name = "cheat"
    description = "cheats"

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return "not an action"


class FaultyPlugin:
    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(CrashBot)
        register(CheatBot)


HOST = build_host(
    entry_points=False, plugins=[("toy", ToyPlugin()), ("faulty", FaultyPlugin())], strict=True
)


def test_a_bot_that_forfeited_every_game_is_never_called_even() -> None:
    result = Match("high-card", ["crash", "first"], games=5, host=HOST).run()
    crash = result.entry("crash")
    assert (crash.forfeits, crash.crashes, crash.games) == (10, 10, 10)
    (line,) = verdict(result)
    assert "no significant difference" not in line
    assert line.startswith("first beats crash by forfeit: crash forfeited 10 of 10 games")
    assert "(10 crashes)" in line


def test_the_table_shows_forfeits_and_crashes() -> None:
    result = Match("high-card", ["cheat", "first"], games=3, host=HOST).run()
    lines = match_table(result)
    header = lines[1].split()
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    forfeits, crashes = header.index("forfeits"), header.index("crashes")
    assert (rows["cheat"][forfeits], rows["cheat"][crashes]) == ("6", "0")  # illegal, no crash
    assert (rows["first"][forfeits], rows["first"][crashes]) == ("0", "0")
    (line,) = verdict(result)
    assert "cheat forfeited 6 of 6 games" in line and "crash" not in line


def test_both_forfeiting_alike_gives_no_verdict() -> None:
    result = Match("high-card", ["crash", "cheat"], games=2, host=HOST).run()
    (line,) = verdict(result)
    # Each game is lost by whoever acts first, so each bot forfeits in its turn.
    crash, cheat = result.entry("crash"), result.entry("cheat")
    if crash.forfeits == cheat.forfeits:
        assert line.startswith("no verdict between crash and cheat")
    else:
        assert " by forfeit: " in line
    assert "no significant difference" not in line


def test_more_than_two_bots_name_their_forfeits() -> None:
    result = Match(
        "high-card", ["crash", "first", "toy-random"], games=2, options={"players": 3}, host=HOST
    ).run()
    lines = verdict(result)
    assert lines[0].startswith("crash ") and "crash forfeited" in lines[0]
    assert "no significant difference between crash" not in lines[0]


def test_points_that_cannot_be_negative_get_an_interval_that_is_not() -> None:
    """Issue 21.4: points 0 or 2, mostly 0, showed ``[-0.24, 1.44]`` with the normal interval."""
    values = [0] * 9 + [2]
    assert mean_interval(values).low < 0  # type: ignore[operator]
    boot = bootstrap_interval(values, "points")
    assert boot.low is not None and boot.high is not None
    assert 0 <= boot.low <= boot.value <= boot.high <= 2
    assert boot.value == pytest.approx(0.2)


def test_the_bootstrap_is_deterministic_order_free_and_sensible() -> None:
    values = [float(i % 2) for i in range(400)]  # a fair coin: mean 0.5, sd 0.5
    first = bootstrap_interval(values, "x")
    assert first == bootstrap_interval(list(reversed(values)), "x")  # order does not matter
    assert first == bootstrap_interval(values, "x")  # the same every time
    assert first.low is not None and first.high is not None
    # Close to the normal interval 0.5 ± 1.96·0.5/20 = [0.451, 0.549] for such data.
    assert first.low == pytest.approx(0.451, abs=0.015)
    assert first.high == pytest.approx(0.549, abs=0.015)
    assert bootstrap_interval(values, "y") != first  # another label, another resampler
    assert bootstrap_interval([3.0], "x").low is None  # one value: no interval
    assert bootstrap_interval([2.0, 2.0], "x") == mean_interval([2.0, 2.0])
    with pytest.raises(ValueError):
        bootstrap_interval([], "x")
    with pytest.raises(ValueError):
        bootstrap_interval(values, "x", resamples=10)


def test_match_entries_keep_their_points_in_range() -> None:
    result = Match("euchre", ["heuristic", "random"] * 2, games=12, options={"single_hand": True})
    for entry in result.run().entries:
        assert entry.points.low is not None and entry.points.low >= 0
        assert entry.diff.low is not None and entry.diff.high is not None
        assert -4 <= entry.diff.low <= entry.diff.high <= 4  # a hand scores at most 4 (E8)


def _bootstrap_as_documented(values: list[float], label: str, resamples: int) -> Estimate:
    """bootstrap_interval's definition, one word at a time (its docstring, written out)."""
    n, ordered = len(values), sorted(values)
    prefix = f"trickcore bootstrap\0{label}\0{n}\0".encode()
    unpack = struct.Struct(f"<{n}I").unpack
    means = []
    for resample in range(resamples):
        words = unpack(hashlib.shake_256(prefix + str(resample).encode()).digest(4 * n))
        means.append(math.fsum([ordered[(word * n) >> 32] for word in words]) / n)
    means.sort()
    low, high = means[math.floor(0.025 * resamples)], means[math.ceil(0.975 * resamples) - 1]
    return Estimate(value=math.fsum(values) / n, low=low, high=high, n=n)


_AWKWARD = [0.0, 1.0, 2.0, -3.0, 0.5, 1 / 3, 0.1, 1e-9, 2.0**60, 7.25, -0.75, 4.0]


@settings(max_examples=120)
@given(
    st.lists(st.sampled_from(_AWKWARD), min_size=1, max_size=12, unique=True),
    st.integers(2, 1500),
    st.randoms(use_true_random=False),
)
def test_the_bootstrap_counts_runs_of_equal_values_to_the_same_bit(
    pool: list[float], n: int, random: Random
) -> None:
    """Scores over many games are a few values repeated: the bootstrap counts how many of a
    resample's words land in each run of equal values rather than looking each word up (a match
    of 3,000 one-hand Euchre games spent three quarters of its time on the lookups). Its
    intervals are those of the definition to the last bit, whatever the values."""
    values = [random.choice(pool) for _ in range(n)]
    if len(set(values)) == 1:
        return  # no resampling: every value is the mean
    assert bootstrap_interval(values, "runs", resamples=60) == _bootstrap_as_documented(
        values, "runs", 60
    )
