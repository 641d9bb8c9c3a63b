"""``trickcore match``: seating, bot options, the table and verdict, JSON, resuming an
interrupted run, and the same results file in-process, on a process pool and on Dask."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

pytest.importorskip("click")
from click.testing import CliRunner
from toygame import toy_host

import trickcore
from trickcore.cli.app import cli
from trickcore.cli.errors import CliUsageError
from trickcore.cli.matches import parse_bot_options, seat_bots
from trickcore.cli.tables import verdict
from trickcore.match import Match, MatchResult

HOST = toy_host()
EUCHRE = ["euchre", "--option", "single_hand=true"]


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), obj=HOST)
    return result.exit_code, result.stdout, result.stderr


def test_bots_are_seated_round_the_table() -> None:
    euchre = trickcore.load("euchre")
    assert seat_bots(euchre, "a,b") == ["a", "b", "a", "b"]
    assert seat_bots(euchre, "a") == ["a"] * 4
    assert seat_bots(euchre, "a,b,c,d") == ["a", "b", "c", "d"]
    with pytest.raises(CliUsageError, match="give 4 bots, or a number of bots that divides it"):
        seat_bots(euchre, "a,b,c")
    with pytest.raises(CliUsageError, match="names separated by commas"):
        seat_bots(euchre, "a,,b")


def test_bot_options_read_json_values_and_fall_back_to_text() -> None:
    parsed = parse_bot_options(["pimc.iterations=200", "pimc.playout=random", "x.on=true"])
    assert parsed == {"pimc": {"iterations": 200, "playout": "random"}, "x": {"on": True}}
    for bad in ("iterations=200", "pimc.=1", ".x=1", "pimc.iterations"):
        with pytest.raises(CliUsageError, match=r"BOT\.KEY=VALUE"):
            parse_bot_options([bad])
    with pytest.raises(CliUsageError, match="given twice"):
        parse_bot_options(["a.b=1", "a.b=2"])


def test_the_table_and_the_verdict() -> None:
    code, out, _ = _run("match", "high-card", "--bots", "first,toy-random", "--deals", "6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "high-card: 6 deals x 2 rotations = 12 games, seed 0"
    assert lines[1].split()[:5] == ["bot", "games", "wins", "draws", "losses"]
    result = Match("high-card", ["first", "toy-random"], games=6, host=HOST).run()
    assert lines[-1] == verdict(result)[0]
    assert lines[-1].startswith(("first ", "no significant difference between first"))


def test_verdicts_say_who_wins_and_when_nothing_is_known() -> None:
    strong = Match("euchre", ["heuristic", "random"] * 2, games=30, options={"single_hand": True})
    (line,) = verdict(strong.run())
    assert line.startswith("heuristic beats random by ") and "over 30 deals" in line
    one_deal = Match("high-card", ["first", "toy-random"], games=1, host=HOST).run()
    assert verdict(one_deal) == ["first vs toy-random: too few deals for a verdict (1)"]
    mirror = Match("high-card", ["first", "first"], games=2, host=HOST).run()
    assert verdict(mirror) == ["a mirror match (one bot): no verdict"]


def test_json_output_is_the_match_result() -> None:
    code, out, _ = _run(
        "match", "high-card", "--bots", "first,toy-random", "--deals", "3", "--json"
    )
    assert code == 0
    decoded = msgspec.json.decode(out, type=MatchResult)
    assert decoded == Match("high-card", ["first", "toy-random"], games=3, host=HOST).run()


def test_usage_errors_exit_2() -> None:
    assert _run("match", "high-card", "--bots", "first,first,first", "--deals", "2")[0] == 2
    assert _run("match", "high-card", "--bots", "nobody", "--deals", "2")[0] == 2
    code, _, err = _run("match", "high-card", "--bots", "first", "--workers", "0")
    assert code == 2 and "--workers must be 1 or more" in err
    code, _, err = _run("match", "high-card", "--bots", "first", "--workers", "2", "--dask", "x")
    assert code == 2 and "cannot be used together" in err


def test_out_is_resumed_with_more_deals(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    args = ("match", "high-card", "--bots", "first,toy-random", "--out", str(out), "--quiet")
    assert _run(*args, "--deals", "2")[0] == 0
    code, more, err = _run(*args, "--deals", "4")
    assert code == 0 and "resuming: 4 of 8 games are in the out file" in err
    assert more.splitlines()[0].startswith("high-card: 4 deals x 2 rotations = 8 games")
    assert len(out.read_bytes().splitlines()) == 1 + 8


def _match_command(out: Path, deals: int, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "trickcore",
        "match",
        *EUCHRE,
        "--bots",
        "heuristic,random",
        "--deals",
        str(deals),
        "--out",
        str(out),
        "--quiet",
        *extra,
    ]


def _sorted_lines(path: Path) -> list[bytes]:
    header, *games = path.read_bytes().splitlines()
    return [header, *sorted(games)]


def test_a_killed_match_resumes_to_the_same_file(tmp_path: Path) -> None:
    deals = 250
    whole = tmp_path / "whole.jsonl"
    subprocess.run(_match_command(whole, deals), check=True, capture_output=True)
    killed = tmp_path / "killed.jsonl"
    process = subprocess.Popen(_match_command(killed, deals), stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if killed.exists() and killed.read_bytes().count(b"\n") > 40:
            break
        time.sleep(0.01)
    if process.poll() is not None:
        pytest.fail("the match finished before it could be killed: give it more deals")
    os.kill(process.pid, signal.SIGKILL)  # no clean-up at all: a power cut
    process.wait()
    before = killed.read_bytes().count(b"\n")
    assert 40 < before < 1 + 2 * deals
    command = _match_command(killed, deals)
    resumed = subprocess.run(command, check=False, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {before - 1} of {2 * deals} games" in resumed.stderr
    assert killed.read_bytes() == whole.read_bytes()


def test_two_workers_write_the_same_results(tmp_path: Path) -> None:
    alone, pooled = tmp_path / "alone.jsonl", tmp_path / "pooled.jsonl"
    subprocess.run(_match_command(alone, 20), check=True, capture_output=True)
    subprocess.run(_match_command(pooled, 20, "--workers", "2"), check=True, capture_output=True)
    assert _sorted_lines(pooled) == _sorted_lines(alone)


def test_a_dask_cluster_writes_the_same_results(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="the 'dask' extra is not installed")
    alone, clustered = tmp_path / "alone.jsonl", tmp_path / "dask.jsonl"
    subprocess.run(_match_command(alone, 10), check=True, capture_output=True)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        command = _match_command(clustered, 10, "--dask", cluster.scheduler_address)
        subprocess.run(command, check=True, capture_output=True)
    assert _sorted_lines(clustered) == _sorted_lines(alone)
