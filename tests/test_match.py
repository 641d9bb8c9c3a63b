"""Match: validation, rotations, executors, the out file and resuming, statistics."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from toygame import ToyPlugin

import trickcore
from trickcore import (
    GameResult,
    GameTask,
    Match,
    MatchError,
    MatchResult,
    OptionError,
    Rng,
    Table,
    TableError,
    UnknownBotError,
    UnknownGameError,
    build_host,
    hookimpl,
)
from trickcore.match import (
    MatchHeader,
    bootstrap_interval,
    deal_seed,
    mean_interval,
    play_game,
    rotations,
    wilson_interval,
)
from trickcore.match.stats import entry_stats, head_to_head

HR = ["heuristic", "random", "heuristic", "random"]
SPAWN = multiprocessing.get_context("spawn")  # no fork of a test process that runs threads
ONE_HAND = {"single_hand": True}


class CrashBot:
    """Raises on every decision."""

    name = "crash"
    description = "raises"
    games = ("high-card",)

    def __init__(self, spec: Any) -> None:
        pass

    def act(self, view: Any, legal: Any) -> Any:
        raise RuntimeError("boom")


class CrashPlugin:
    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(CrashBot)


HOST = build_host(
    entry_points=False, plugins=[("toy", ToyPlugin()), ("crash", CrashPlugin())], strict=True
)


class SyncExecutor(concurrent.futures.Executor):
    """Runs each task at once in submit(), counting them: an Executor that is not a pool."""

    def __init__(self, transform: Callable[[Any], Any] = lambda result: result) -> None:
        self.submitted: list[Any] = []
        self.transform = transform

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        self.submitted.append(args[0])
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_result(self.transform(fn(*args, **kwargs)))
        return future


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


# -- validation -----------------------------------------------------------------------------------


def test_validation_errors_are_raised_before_playing() -> None:
    with pytest.raises(UnknownGameError, match="eucher"):
        Match("eucher", HR, games=1)
    with pytest.raises(OptionError, match="decks"):
        Match("euchre", HR, games=1, options={"decks": 32})
    with pytest.raises(OptionError):
        Match("euchre", HR, games=1, options={"deck": 33})
    with pytest.raises(UnknownBotError, match="genius"):
        Match("euchre", ["heuristic", "genius", "heuristic", "random"], games=1)
    with pytest.raises(TableError, match="4 seats, but 2"):
        Match("euchre", ["heuristic", "random"], games=1)
    with pytest.raises(TableError, match="string"):
        Match("euchre", "hrhr", games=1)
    with pytest.raises(TableError, match="by name"):
        Match("euchre", ["heuristic", "random", "heuristic", None], games=1)  # type: ignore[list-item]
    for games in (0, -3, True, 1.5):
        with pytest.raises(MatchError, match="games"):
            Match("euchre", HR, games=games)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        Match("euchre", HR, games=1, seed=True)
    assert issubclass(MatchError, trickcore.TrickcoreError)


def test_the_toy_game_validates_through_its_host() -> None:
    match = Match("high-card", ["toy-random", "first"], games=2, host=HOST)
    assert match.total == 4
    with pytest.raises(UnknownGameError):
        Match("euchre", HR, games=1, host=HOST)


# -- rotations and duplicate deals ----------------------------------------------------------------


def test_rotations_skip_repeated_seatings() -> None:
    assert rotations(["A", "B", "A", "B"]) == (("A", "B", "A", "B"), ("B", "A", "B", "A"))
    assert rotations(["A", "B", "C", "D"]) == (
        ("A", "B", "C", "D"),
        ("D", "A", "B", "C"),
        ("C", "D", "A", "B"),
        ("B", "C", "D", "A"),
    )
    assert rotations(["A", "B"]) == (("A", "B"), ("B", "A"))
    assert rotations(["A", "A"]) == (("A", "A"),)
    assert rotations(["A"] * 4) == (("A",) * 4,)
    assert rotations(["A", "A", "B"]) == (("A", "A", "B"), ("B", "A", "A"), ("A", "B", "A"))


@pytest.mark.parametrize(
    "bots", [list("ABAB"), list("ABCD"), list("AB"), list("AAB"), list("AAAA"), list("ABCABC")]
)
def test_rotation_r_puts_bot_s_minus_r_at_seat_s(bots: list[str]) -> None:
    n = len(bots)
    every = [tuple(bots[(s - r) % n] for s in range(n)) for r in range(n)]
    found = rotations(bots)
    assert list(found) == every[: len(found)]  # rotation r at index r
    assert len(set(found)) == len(found)  # distinct
    assert set(found) == set(every)  # and none missing


def test_tasks_are_deals_times_rotations_with_one_seed_per_deal() -> None:
    match = Match("euchre", HR, games=3, seed="cup")
    tasks = match.tasks
    assert match.deals == 3 and len(match.seatings) == 2 and match.total == len(tasks) == 6
    assert [(t.deal, t.rotation) for t in tasks] == [(d, r) for d in range(3) for r in range(2)]
    for task in tasks:
        assert task.seats == match.seatings[task.rotation]
        assert task.seed == deal_seed("cup", task.deal)
        assert task.options == match.options and task.options["single_hand"] is False
    assert len({t.seed for t in tasks}) == 3
    assert deal_seed("cup", 1) == Rng("cup", "match", "deal", 1).next_u64() >> 11
    assert all(0 <= deal_seed(seed, d) < 2**53 for seed in (0, 1, "x") for d in range(20))


def test_every_rotation_of_a_deal_gets_the_same_cards() -> None:
    match = Match("euchre", ["heuristic", "random", "random", "random"], games=2)
    for deal in range(2):
        firsts = set()
        for rotation in range(len(match.seatings)):
            task = match.task(deal, rotation)
            table = Table(match.game, task.seats, seed=task.seed)
            table.advance(max_steps=2)  # the first dealer and the shuffle: chance only
            firsts.add(tuple(msgspec.json.encode(a) for a in table.actions))
        assert len(firsts) == 1
    assert len(match.seatings) == 4


# -- playing --------------------------------------------------------------------------------------


def test_play_game_records_plain_data() -> None:
    task = Match("euchre", HR, games=1, options=ONE_HAND).task(0, 1)
    result = play_game(task)
    table = Table(trickcore.load("euchre", **ONE_HAND), task.seats, seed=task.seed)
    outcome = table.run()
    assert result.task == task
    assert result.seats == ("random", "heuristic", "random", "heuristic")
    assert result.sides == ((0, 2), (1, 3))
    assert result.scores == outcome.scores and result.winner == outcome.winner
    assert result.draw == outcome.draw
    assert result.actions == len(table.actions)
    assert result.digest == trickcore.digest(table.state)
    assert pickle.loads(pickle.dumps(task)) == task
    assert pickle.loads(pickle.dumps(result)) == result
    assert msgspec.json.decode(msgspec.json.encode(result), type=GameResult) == result


def test_in_process_threads_processes_and_any_executor_agree() -> None:
    match = Match("euchre", HR, games=3, seed=11, options=ONE_HAND)
    alone = match.run()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        threads = match.run(pool)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=SPAWN) as pool:
        processes = match.run(pool)
    sync = SyncExecutor()
    other = match.run(sync)
    assert alone == threads == processes == other
    assert len(sync.submitted) == alone.games == 6
    assert [(r.deal, r.rotation) for r in alone.results] == [
        (d, r) for d in range(3) for r in (0, 1)
    ]
    assert MatchResult is type(alone)
    assert msgspec.json.decode(msgspec.json.encode(alone), type=MatchResult) == alone


def test_a_two_seat_game_with_its_own_host_in_a_thread_pool() -> None:
    match = Match("high-card", ["toy-random", "first"], games=4, seed=3, host=HOST)
    alone = match.run()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        assert match.run(pool) == alone
    assert alone.rotations == 2 and alone.games == 8
    assert [entry.name for entry in alone.entries] == ["toy-random", "first"]
    for entry in alone.entries:
        assert entry.games == 8 and entry.wins + entry.draws + entry.losses == 8
    first, rand = alone.entry("first"), alone.entry("toy-random")
    assert first.wins == rand.losses and first.diff.value == -rand.diff.value


def test_a_result_for_the_wrong_task_is_refused() -> None:
    match = Match("high-card", ["toy-random", "first"], games=1, host=HOST)
    other = match.task(0, 1)

    def swap(result: GameResult) -> GameResult:
        return msgspec.structs.replace(result, rotation=other.rotation, seats=other.seats)

    with pytest.raises(MatchError, match="answered deal 0, rotation 0"):
        match.run(SyncExecutor(swap))


def test_a_failing_bot_forfeits_its_games_and_the_match_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "crash.jsonl"
    match = Match("high-card", ["crash", "first"], games=2, host=HOST)
    result = match.run(out=out)
    assert result.games == 4
    for game in result.results:
        crash = game.seats.index("crash")
        assert game.forfeit is not None
        assert (game.forfeit.seat, game.forfeit.bot, game.forfeit.kind) == (
            crash,
            "crash",
            "raised",
        )
        assert "boom" in game.forfeit.detail
        assert game.winner == 1 - crash and not game.draw  # two players: the other one wins
    assert (result.entry("crash").forfeits, result.entry("crash").losses) == (4, 4)
    assert (result.entry("first").forfeits, result.entry("first").wins) == (0, 4)
    kinds = [msgspec.json.decode(line)["type"] for line in lines_of(out)]
    assert kinds == ["match"] + ["game"] * 4
    assert match.run(out=out) == result  # read back, forfeits included


# -- the out file and resuming --------------------------------------------------------------------


def test_results_are_written_one_line_per_game_as_they_finish(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    match = Match("euchre", HR, games=3, options=ONE_HAND)
    seen: list[tuple[int, int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total, len(lines_of(out)) if out.exists() else 0))

    result = match.run(out=out, progress=progress)
    # Before playing: nothing done (the header is written after); then one line per game.
    assert seen[0][:2] == (0, 6)
    assert seen[1:] == [(done, 6, 1 + done) for done in range(1, 7)]
    lines = lines_of(out)
    header = msgspec.json.decode(lines[0])
    assert header["type"] == "match" and header["bots"] == HR and header["seed"] == 0
    assert header["options"]["single_hand"] is True
    written = [msgspec.json.decode(line, type=GameResult) for line in lines[1:]]
    assert sorted(written, key=lambda r: (r.deal, r.rotation)) == list(result.results)
    assert out.read_bytes().endswith(b"\n")


def test_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    match = Match("euchre", HR, games=4, seed=5, options=ONE_HAND)
    full = match.run(out=out)
    lines = lines_of(out)
    assert len(lines) == 1 + 8
    # An interruption after the header and three games.
    out.write_bytes(b"\n".join(lines[:4]) + b"\n")
    calls: list[tuple[int, int]] = []
    sync = SyncExecutor()
    # verify=False: what is played anew, without the games read back played again to check them
    resumed = match.run(
        sync, out=out, progress=lambda done, total: calls.append((done, total)), verify=False
    )
    assert resumed == full
    assert len(sync.submitted) == 5
    done_before = {
        (r.deal, r.rotation) for r in (msgspec.json.decode(x, type=GameResult) for x in lines[1:4])
    }
    assert not done_before & {(t.deal, t.rotation) for t in sync.submitted}
    assert calls == [(3, 8), (4, 8), (5, 8), (6, 8), (7, 8), (8, 8)]
    assert len(lines_of(out)) == 1 + 8
    # Everything is there: nothing is played again, the file is unchanged.
    before = out.read_bytes()
    calls.clear()
    assert match.run(out=out, progress=lambda done, total: calls.append((done, total))) == full
    assert calls == [(8, 8)]
    assert out.read_bytes() == before


def test_resume_with_a_process_pool(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    match = Match("euchre", HR, games=2, seed=1, options=ONE_HAND)
    full = match.run()
    match.run(out=out)
    out.write_bytes(b"\n".join(lines_of(out)[:2]) + b"\n")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=SPAWN) as pool:
        assert match.run(pool, out=out) == full
    assert len(lines_of(out)) == 5


def test_a_line_cut_short_is_dropped_and_played_again(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    match = Match("euchre", HR, games=2, options=ONE_HAND)
    full = match.run(out=out)
    data = out.read_bytes()
    lines = data.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:3]) + lines[3][:40])  # killed in the middle of a write
    sync = SyncExecutor()
    assert match.run(sync, out=out, verify=False) == full
    assert len(sync.submitted) == 2
    assert all(msgspec.json.decode(line) for line in lines_of(out))
    # A complete last line without its newline is kept, and the next line starts on its own.
    out.write_bytes(b"".join(lines[:3]) + lines[3].rstrip(b"\n"))
    sync = SyncExecutor()
    assert match.run(sync, out=out, verify=False) == full
    assert len(sync.submitted) == 1
    assert len(lines_of(out)) == 5


def test_an_empty_file_or_a_header_cut_short_is_a_new_match(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    match = Match("euchre", HR, games=1, options=ONE_HAND)
    expected = match.run()
    for start in (b"", b"\n", msgspec.json.encode(match.header())[:25]):
        out.write_bytes(start)
        assert match.run(out=out) == expected
        assert len(lines_of(out)) == 3
        assert msgspec.json.decode(lines_of(out)[0], type=MatchHeader) == match.header()


def test_a_longer_file_extends_and_a_shorter_match_ignores_extra_deals(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    kwargs: dict[str, Any] = {"seed": 2, "options": ONE_HAND}
    Match("euchre", HR, games=2, **kwargs).run(out=out)
    sync = SyncExecutor()
    longer = Match("euchre", HR, games=3, **kwargs).run(sync, out=out, verify=False)
    assert longer == Match("euchre", HR, games=3, **kwargs).run()
    assert [(t.deal, t.rotation) for t in sync.submitted] == [(2, 0), (2, 1)]
    shorter = Match("euchre", HR, games=1, **kwargs).run(out=out)
    assert shorter == Match("euchre", HR, games=1, **kwargs).run()
    assert len(lines_of(out)) == 7


def test_a_file_from_another_match_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "m.jsonl"
    Match("euchre", HR, games=1, seed=1, options=ONE_HAND).run(out=out)
    before = out.read_bytes()
    with pytest.raises(MatchError, match="another match: seed 1 \\(this match: 2\\)"):
        Match("euchre", HR, games=1, seed=2, options=ONE_HAND).run(out=out)
    with pytest.raises(MatchError, match="another match: bots"):
        Match("euchre", ["random", "heuristic"] * 2, games=1, seed=1, options=ONE_HAND).run(out=out)
    with pytest.raises(MatchError, match="another match: options"):
        Match("euchre", HR, games=1, seed=1).run(out=out)
    with pytest.raises(MatchError, match="another match: game 'euchre'"):
        Match("high-card", ["first", "first"], games=1, seed=1, host=HOST).run(out=out)
    assert out.read_bytes() == before  # nothing written


def test_a_file_that_is_not_a_match_file_is_refused(tmp_path: Path) -> None:
    match = Match("euchre", HR, games=1, options=ONE_HAND)
    garbage = tmp_path / "notes.txt"
    garbage.write_text("shopping list\n")
    with pytest.raises(MatchError, match="not a trickcore match file"):
        match.run(out=garbage)
    garbage.write_text("no newline at the end")
    with pytest.raises(MatchError, match="not a trickcore match file"):
        match.run(out=garbage)
    assert garbage.read_text() == "no newline at the end"  # someone else's file: left alone
    out = tmp_path / "m.jsonl"
    match.run(out=out)
    lines = lines_of(out)
    headless = tmp_path / "headless.jsonl"
    headless.write_bytes(b"\n".join(lines[1:]) + b"\n")
    with pytest.raises(MatchError, match="first line is a game result"):
        match.run(out=headless)
    edited = tmp_path / "edited.jsonl"
    record = msgspec.json.decode(lines[1])
    record["seed"] += 1
    edited.write_bytes(lines[0] + b"\n" + msgspec.json.encode(record) + b"\n")
    with pytest.raises(MatchError, match="line 2: the result of deal 0"):
        match.run(out=edited)
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(lines[0] + b"\n{oops\n" + lines[1] + b"\n")
    with pytest.raises(MatchError, match="line 2: not a game result"):
        match.run(out=broken)
    twice = tmp_path / "twice.jsonl"
    record = msgspec.json.decode(lines[1])
    record["scores"] = [9, 9]
    twice.write_bytes(b"\n".join([*lines, msgspec.json.encode(record)]) + b"\n")
    with pytest.raises(MatchError, match="different result"):
        match.run(out=twice)


# -- statistics -----------------------------------------------------------------------------------


def test_wilson_interval_against_hand_computed_values() -> None:
    # p = 0.8, z² = 3.8416: centre 0.99208 / 1.38416, half 1.96·√0.025604 / 1.38416.
    assert wilson_interval(8, 10) == pytest.approx((0.490157, 0.943319), abs=1e-6)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.277540), abs=1e-6)
    assert wilson_interval(10, 10) == pytest.approx((0.722460, 1.0), abs=1e-6)
    assert wilson_interval(0, 4)[0] == 0.0 and wilson_interval(100, 100)[1] == 1.0
    assert wilson_interval(3, 6) == pytest.approx((0.187612, 0.812388), abs=1e-6)
    assert wilson_interval(2, 6) == pytest.approx((0.096770, 0.700012), abs=1e-6)
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(4, 3)


def test_mean_interval_against_hand_computed_values() -> None:
    # mean 2.5, sample variance 5/3, sd/√n = 0.645497, times 1.96 = 1.265174.
    estimate = mean_interval([1, 2, 3, 4])
    assert estimate.n == 4 and estimate.value == 2.5
    assert (estimate.low, estimate.high) == pytest.approx((1.234826, 3.765174), abs=1e-6)
    assert mean_interval([4.0, 4.0]).low == mean_interval([4.0, 4.0]).high == 4.0
    single = mean_interval([7])
    assert (single.value, single.low, single.high, single.n) == (7.0, None, None, 1)
    with pytest.raises(ValueError):
        mean_interval([])


def fake(task: GameTask, scores: tuple[int, int], winner: int | None) -> GameResult:
    return GameResult(
        game=task.game,
        options=task.options,
        deal=task.deal,
        rotation=task.rotation,
        seed=task.seed,
        seats=task.seats,
        sides=((0,), (1,)),
        scores=scores,
        winner=winner,
        draw=winner is None,
        actions=0,
        digest="",
    )


def test_entry_statistics_against_hand_computed_values() -> None:
    match = Match("high-card", ["toy-random", "first"], games=3, host=HOST)
    # Rotation 0 seats (toy-random, first), rotation 1 (first, toy-random).
    plan = {
        (0, 0): ((2, 1), 0),  # toy-random wins, +1
        (0, 1): ((3, 0), 0),  # first wins, toy-random -3
        (1, 0): ((1, 2), 1),  # first wins, toy-random -1
        (1, 1): ((3, 0), 0),  # first wins, toy-random -3
        (2, 0): ((3, 0), 0),  # toy-random wins, +3
        (2, 1): ((1, 1), None),  # a draw, 0
    }
    results = [fake(match.task(*key), *plan[key]) for key in reversed(sorted(plan))]
    summary = match.summarise(results)
    assert [(r.deal, r.rotation) for r in summary.results] == sorted(plan)
    rand, first = summary.entry("toy-random"), summary.entry("first")
    assert (rand.games, rand.wins, rand.draws, rand.losses, rand.seats) == (6, 2, 1, 3, 1)
    assert (first.games, first.wins, first.draws, first.losses) == (6, 3, 1, 2)
    assert rand.win_rate.value == pytest.approx(1 / 3)
    assert (rand.win_rate.low, rand.win_rate.high) == pytest.approx((0.096770, 0.700012), abs=1e-6)
    assert (first.win_rate.low, first.win_rate.high) == pytest.approx(
        (0.187612, 0.812388), abs=1e-6
    )
    # Points of toy-random's side: 2 0 1 0 3 1 -> mean 7/6, a bootstrap interval inside [0, 3]
    # (the normal one is [0.231236, 2.102098]; issue 21.4).
    assert rand.points.value == pytest.approx(7 / 6)
    assert rand.points == bootstrap_interval([2, 0, 1, 0, 3, 1], "points toy-random")
    assert 0 <= rand.points.low < 7 / 6 < rand.points.high <= 3  # type: ignore[operator]
    # Differences: +1 -3 -1 -3 +3 0 -> mean -0.5.
    assert rand.diff.value == -0.5 and rand.diff.n == 6
    assert rand.diff == bootstrap_interval([1, -3, -1, -3, 3, 0], "diff toy-random")
    # Per deal: -1, -2, +1.5 -> mean -0.5, n = 3.
    assert rand.paired_diff.value == -0.5 and rand.paired_diff.n == 3
    boot = bootstrap_interval([-1, -2, 1.5], "paired toy-random")
    assert (rand.paired_diff.low, rand.paired_diff.high) == (boot.low, boot.high)
    assert -2 <= rand.paired_diff.low < -0.5 < rand.paired_diff.high <= 1.5  # type: ignore[operator]
    assert first.diff.value == 0.5
    assert (first.paired_diff.low, first.paired_diff.high) != (None, None)
    with pytest.raises(MatchError, match="5 results for a match of 6"):
        match.summarise(results[:5])
    with pytest.raises(MatchError, match="repeated"):
        match.summarise([*results, results[0]])
    with pytest.raises(KeyError):
        summary.entry("heuristic")


def test_partners_and_mirrors_count_per_side() -> None:
    match = Match("euchre", ["heuristic", "random", "random", "random"], games=1)
    summary = match.summarise(
        GameResult(
            game="euchre",
            options=task.options,
            deal=0,
            rotation=task.rotation,
            seed=task.seed,
            seats=task.seats,
            sides=((0, 2), (1, 3)),
            scores=(10, 4),
            winner=0,
            draw=False,
            actions=0,
            digest="",
        )
        for task in match.tasks
    )
    heuristic, rand = summary.entry("heuristic"), summary.entry("random")
    # Four rotations; heuristic sits on side 0 in rotations 0 and 2 (won), side 1 otherwise.
    assert (heuristic.games, heuristic.wins, heuristic.losses, heuristic.seats) == (4, 2, 2, 1)
    assert heuristic.diff.value == 0.0 and heuristic.points.value == 7.0
    # random sits on both sides of every game: once per side, so 8 observations.
    assert (rand.games, rand.wins, rand.losses, rand.seats) == (8, 4, 4, 3)
    assert rand.paired_diff.value == 0.0 and rand.paired_diff.low is None  # one deal only


def test_heuristic_beats_random() -> None:
    result = Match("euchre", HR, games=10, seed=2024, options={"target": 5}).run()
    heuristic = result.entry("heuristic")
    assert result.games == 20 and heuristic.games == 20
    assert heuristic.win_rate.value > 0.5
    assert result.entry("random").win_rate.value < 0.5
    assert heuristic.diff.value > 0 and heuristic.paired_diff.value > 0


def test_head_to_head_compares_the_two_bots_where_everyone_plays_alone() -> None:
    seats = ("first", "toy-random", "first", "toy-random")
    deals = {0: (5, 1, 3, 2), 1: (0, 4, 1, 1), 2: (6, 0, 2, 0)}
    results = [
        GameResult(
            game="high-card",
            options={},
            deal=deal,
            rotation=0,
            seed=deal,
            seats=seats,
            sides=((0,), (1,), (2,), (3,)),
            scores=scores,
            winner=None,
            draw=False,
            actions=0,
            digest="",
        )
        for deal, scores in deals.items()
    ]
    # Per deal, first's mean minus toy-random's: 4 - 1.5, 0.5 - 2.5, 4 - 0 -> +2.5, -2, +4;
    # mean 1.5, with the bootstrap interval of those three (inside [-2, 4]).
    paired = head_to_head("first", "toy-random", results)
    assert paired.value == pytest.approx(1.5) and paired.n == 3
    assert paired == bootstrap_interval([2.5, -2, 4], "head to head first toy-random")
    assert -2 <= paired.low < 1.5 < paired.high <= 4  # type: ignore[operator]
    assert head_to_head("toy-random", "first", results).value == pytest.approx(-1.5)
    # Against the best other player, first's two seats cancel out in deal 0 (+2 and -2).
    assert entry_stats(seats, results)[0].diff.value != pytest.approx(paired.value)
    assert head_to_head("first", "nobody", results).n == 0
