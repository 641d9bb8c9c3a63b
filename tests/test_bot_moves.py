"""benchmarks/bot_moves.py (issue 23): the search bots' CPU per move, counted over the moves
with a choice only."""

from __future__ import annotations

import pytest
from benchmark_scripts import benchmark

import trickcore
from trickcore.errors import OptionError

moves = benchmark("bot_moves")


def test_a_row_counts_the_searched_moves_and_their_times() -> None:
    row = moves.measure("euchre", "pimc", 1, 3)
    assert row.build == trickcore.build_kind()
    assert (row.game, row.bot, row.hands) == ("euchre", "pimc", 1)
    assert row.moves > 0
    assert 0 < row.mean_s <= row.slowest_s
    assert moves.line(row).startswith("| euchre | `pimc` |")


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(SystemExit) as stop:
        moves.main(["--games", "bridge"])
    assert stop.value.code == 2


def test_the_counted_run_plays_the_hands_and_prints_the_moves_searched(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What ``--instructions`` runs under callgrind (``--count``): the same hands as a row,
    printing how many moves it searched, by which the instructions are divided."""
    assert moves.main(["--count", "euchre", "pimc", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out.split()
    assert printed == [str(moves.measure("euchre", "pimc", 1, 3).moves)]
    assert int(printed[0]) > 0


def test_options_reach_the_search_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """``--options`` gives the search bots their options (one they refuse shows they got it;
    the heuristic seats take none), and a malformed pair is refused."""
    assert moves.measure("euchre", "pimc", 1, 3, {"iterations": "3"}).moves > 0
    with pytest.raises(OptionError, match="iterations"):
        moves.measure("euchre", "pimc", 1, 3, {"iterations": "0"})
    assert moves.main(["--count", "euchre", "pimc", "1", "--seed", "3", "--options", ""]) == 0
    assert capsys.readouterr().out.split() == [str(moves.measure("euchre", "pimc", 1, 3).moves)]
    with pytest.raises(SystemExit) as stop:
        moves.main(["--games", "euchre", "--options", "iterations"])
    assert stop.value.code == 2
