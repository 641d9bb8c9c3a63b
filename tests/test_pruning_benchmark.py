"""benchmarks/pruning.py (issue 23): what ``pimc``'s ``prune`` saves at the same playouts."""

from __future__ import annotations

import json

import pytest
from benchmark_scripts import benchmark

import trickcore

pruning = benchmark("pruning")


def test_the_rows_count_playouts_worlds_and_changed_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert pruning.main(["--hands", "1", "--iterations", "60", "--prune", "2", "--json"]) == 0
    plain, pruned = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert plain["build"] == pruned["build"] == trickcore.build_kind()
    assert plain["decisions"] == pruned["decisions"] > 0
    assert (plain["prune"], pruned["prune"]) == (0.0, 2.0)
    assert plain["playouts"] >= 60 and plain["one_left"] == 0 and plain["moves_changed"] == 0
    assert pruned["playouts"] <= plain["playouts"]
    assert 0 <= pruned["moves_changed"] <= pruned["decisions"]


def test_the_decisions_are_the_heuristics_hands_with_a_choice() -> None:
    game = trickcore.load("euchre", single_hand=True)
    found = pruning.decisions(game, 1, 4)
    assert found and all(len(legal) > 1 for _, _, legal in found)
    assert found == pruning.decisions(game, 1, 4)  # seeded: the same hands again


def test_no_hands_or_playouts_is_refused() -> None:
    for bad in (["--hands", "0"], ["--iterations", "0"]):
        with pytest.raises(SystemExit) as stop:
            pruning.main(bad)
        assert stop.value.code == 2
