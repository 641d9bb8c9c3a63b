"""benchmarks/strength_compare.py (issue 23): runs of ``strength.py --out`` compared deal by
deal: the paired difference over the deals both played, with the bootstrap interval of the
per-deal differences; runs on other deals are not compared; a file that is not one of
strength.py's is refused by line."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from benchmark_scripts import benchmark

from trickcore.match.stats import bootstrap_interval


def run_key(seed: int = 1, **options: Any) -> dict[str, Any]:
    return {
        "game": "euchre",
        "reference": "cpp",
        "simulations": 500,
        "seed": seed,
        "bot": "pimc",
        "mode": "cpu",
        "options": options,
    }


def write_run(path: Path, key: dict[str, Any], margins: dict[int, tuple[float, float]]) -> None:
    """A strength.py ``--out`` file: each deal's two games with the given margins."""
    with path.open("a", encoding="utf-8") as file:
        for deal, pair in margins.items():
            games = [
                {
                    "deal": deal,
                    "rotation": rotation,
                    "margin": margin,
                    "ours_cpu": 0.5,
                    "ours_decisions": 5,
                    "theirs_cpu": 1.0,
                    "theirs_decisions": 4,
                }
                for rotation, margin in enumerate(pair)
            ]
            file.write(json.dumps({"run": key, "deal": deal, "games": games}) + "\n")


def test_two_runs_are_compared_over_the_deals_both_played(tmp_path: Path) -> None:
    compare = benchmark("strength_compare")
    base = {0: (1.0, -1.0), 1: (2.0, 0.0), 2: (0.0, 0.0), 3: (1.0, 1.0)}
    other = {0: (1.0, 1.0), 1: (2.0, 2.0), 2: (-1.0, 0.0), 4: (4.0, 4.0)}  # deal 4 unshared
    write_run(tmp_path / "a.jsonl", run_key(trust=1), base)
    write_run(tmp_path / "b.jsonl", run_key(trust=0.5), other)
    runs = compare.read_runs([tmp_path / "a.jsonl", tmp_path / "b.jsonl"])
    assert [len(run.margins) for run in runs] == [4, 4]
    assert runs[0].cpu_ms() == (pytest.approx(100.0), pytest.approx(250.0))
    found = compare.compare(runs[0], runs[1])
    differences = [1.0 - 0.0, 2.0 - 1.0, -0.5 - 0.0]  # deals 0, 1 and 2, paired
    assert found.deals == 3
    assert math.isclose(found.diff, sum(differences) / 3)
    expected = bootstrap_interval(
        differences, f"strength compare {runs[1].name()} - {runs[0].name()}"
    )
    assert (found.low, found.high) == (expected.low, expected.high)
    assert min(differences) <= found.low <= found.diff <= found.high <= max(differences)
    table = compare.report(runs, 1)
    assert "| 2 | 3 | +0.500 |" in table
    assert "trust=0.5" in table


def test_runs_on_other_deals_are_listed_but_not_compared(tmp_path: Path) -> None:
    compare = benchmark("strength_compare")
    path = tmp_path / "runs.jsonl"
    write_run(path, run_key(seed=1), {0: (1.0, 0.0), 1: (0.0, 0.0)})
    write_run(path, run_key(seed=2), {0: (1.0, 1.0), 1: (2.0, 0.0)})
    runs = compare.read_runs([path])
    assert len(runs) == 2
    assert compare.compare(runs[0], runs[1]) is None
    assert "| 2 | — (other deals) | — | — |" in compare.report(runs, 1)


def test_by_file_the_same_run_in_two_files_is_two_runs(tmp_path: Path) -> None:
    compare = benchmark("strength_compare")
    write_run(tmp_path / "before.jsonl", run_key(), {0: (1.0, 1.0), 1: (0.0, 0.0)})
    write_run(tmp_path / "after.jsonl", run_key(), {0: (2.0, 2.0), 1: (1.0, 3.0)})
    paths = [tmp_path / "before.jsonl", tmp_path / "after.jsonl"]
    (merged,) = compare.read_runs(paths)  # one key: the first line of each deal kept
    assert merged.margins == {0: 1.0, 1: 0.0}
    before, after = compare.read_runs(paths, by_file=True)
    assert after.margins == {0: 2.0, 1: 2.0}
    found = compare.compare(before, after)
    assert found.deals == 2 and math.isclose(found.diff, 1.5)
    assert str(tmp_path / "after.jsonl") in found.run


def test_a_deal_met_twice_counts_once(tmp_path: Path) -> None:
    compare = benchmark("strength_compare")
    path = tmp_path / "runs.jsonl"
    write_run(path, run_key(), {0: (1.0, 1.0)})
    write_run(path, run_key(), {0: (-3.0, -3.0), 1: (0.0, 2.0)})
    (run,) = compare.read_runs([path])
    assert run.margins == {0: 1.0, 1: 1.0}
    assert run.ours_decisions == 20  # two deals of two games


def test_a_line_that_is_not_strength_s_is_refused_by_place(tmp_path: Path) -> None:
    compare = benchmark("strength_compare")
    path = tmp_path / "bad.jsonl"
    write_run(path, run_key(), {0: (1.0, 1.0)})
    with path.open("a", encoding="utf-8") as file:
        file.write('{"run": {}, "deal": 1}\n')
    with pytest.raises(SystemExit, match=r"bad\.jsonl:2: not a line of strength\.py --out"):
        compare.read_runs([path])


@pytest.mark.parametrize(
    ("run", "reason"),
    [
        ({key: value for key, value in run_key().items() if key != "bot"}, "its run has no bot"),
        (["euchre"], "its run is not an object"),
    ],
)
def test_a_run_without_its_key_is_refused_by_place_and_reason(
    tmp_path: Path, run: Any, reason: str
) -> None:
    compare = benchmark("strength_compare")
    path = tmp_path / "partial.jsonl"
    write_run(path, run_key(), {0: (1.0, 1.0)})
    write_run(path, run, {1: (1.0, 1.0)})
    with pytest.raises(SystemExit, match=rf"partial\.jsonl:2: .*{reason}"):
        compare.read_runs([path])


def test_the_command_line_checks_its_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    compare = benchmark("strength_compare")
    path = tmp_path / "runs.jsonl"
    write_run(path, run_key(trust=1), {0: (1.0, 1.0), 1: (0.0, 0.0)})
    write_run(path, run_key(trust=0.5), {0: (2.0, 2.0), 1: (1.0, 0.0)})
    assert compare.main([str(path), "--json"]) == 0
    (found,) = json.loads(capsys.readouterr().out)
    assert (found["deals"], found["diff"]) == (2, pytest.approx(0.75))
    for argv, message in [
        ([str(tmp_path / "missing.jsonl")], "no such file"),
        ([str(path), "--base", "3"], "--base is a run's number, 1 to 2"),
    ]:
        with pytest.raises(SystemExit):
            compare.main(argv)
        assert message in capsys.readouterr().err
