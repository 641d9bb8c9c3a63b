"""trickcore.history: the one replay loop, on seeded random Euchre games."""

from __future__ import annotations

import doctest
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore import CHANCE, ReplayMismatchError, Shuffle, Table, UnknownGameError
from trickcore import history as history_module
from trickcore import replay as replays
from trickcore.history import (
    History,
    chance_rng,
    checkpoint,
    decode_action,
    decode_actions,
    load_game,
    steps,
)
from trickcore_euchre import EuchreOptions, Pass, Play

SEED = 7
DOCS = Path(__file__).resolve().parent.parent / "docs"


@cache
def played() -> Table[Any, Any, Any]:
    """A finished random Euchre game at seed 7 (several hands, so several chance actions)."""
    game = trickcore.load("euchre", first_dealer=0)
    table = Table(game, ["random"] * 4, seed=SEED)
    table.run()
    return table


def chance_indexes(history: History[Any, Any]) -> list[int]:
    return [index for index, actor in enumerate(history.actors) if actor is CHANCE]


def mismatch(**kwargs: Any) -> ReplayMismatchError:
    table = played()
    with pytest.raises(ReplayMismatchError) as caught:
        History.replay(table.game, kwargs.pop("actions", table.actions), **kwargs)
    return caught.value


def test_replay_gives_the_tables_states_and_actors() -> None:
    table = played()
    history = History.replay(table.game, table.actions, seed=SEED)
    assert history.actions == table.actions
    assert history.states[0] == table.game.initial_state()
    assert history.final == table.state and history.outcome == table.outcome
    assert history.outcome.finished
    assert len(history.states) == len(history.actions) + 1
    for index, actor in enumerate(history.actors):
        assert actor == table.game.actor(history.states[index])
        assert (
            table.game.apply(history.states[index], history.actions[index])
            == (history.states[index + 1])
        )
    deals = chance_indexes(history)
    assert len(deals) > 2 and deals[0] == 0
    assert history.chance_actions == len(deals)
    assert all(isinstance(history.actions[index], Shuffle) for index in deals)
    assert history == table.history()
    assert history.checkpoints() == table.replay().checkpoints


def test_steps_yield_each_action_with_its_states() -> None:
    table = played()
    history = table.history()
    walked = list(steps(table.game, iter(table.actions), seed=SEED))
    assert [step.index for step in walked] == list(range(len(table.actions)))
    assert tuple(step.actor for step in walked) == history.actors
    assert tuple(step.action for step in walked) == history.actions
    assert tuple(step.before for step in walked) == history.states[:-1]
    assert tuple(step.after for step in walked) == history.states[1:]


def test_an_empty_history_is_the_initial_state() -> None:
    game = trickcore.load("euchre", first_dealer=0)
    history = History.replay(game, [], seed=SEED, checkpoints=[])
    assert history.states == (game.initial_state(),) and history.actors == ()
    assert history.chance_actions == 0 and history.checkpoints() == ()


def test_decode_errors_name_the_index() -> None:
    table = played()
    data = list(table.replay().actions)
    assert decode_actions(table.game, data) == table.actions
    data[5] = {"type": "play", "card": "ZZ"}
    with pytest.raises(ReplayMismatchError) as caught:
        decode_actions(table.game, data)
    assert caught.value.index == 5
    assert str(caught.value).startswith(
        'action 5 ({"type":"play","card":"ZZ"}) is not a euchre action: '
    )
    with pytest.raises(ReplayMismatchError, match=r"^action 9 \(\{\"type\":\"fold\"\}\)") as other:
        decode_action(table.game, {"type": "fold"}, 9)
    assert other.value.index == 9


@pytest.mark.parametrize("which", [0, 1])
def test_a_chance_action_the_seed_does_not_deal_is_named(which: int) -> None:
    table = played()
    index = chance_indexes(table.history())[which]
    dealt = table.actions[index]
    assert dealt == table.game.sample_chance(table.history().states[index], chance_rng(SEED, which))
    actions = list(table.actions)
    actions[index] = Shuffle(order=tuple(reversed(dealt.order)))
    error = mismatch(actions=actions, seed=SEED)
    assert error.index == index
    assert str(error) == f"action {index} (shuffle (24 cards)) differs from what seed 7 deals"
    # another seed deals something else from the very first deal on
    assert mismatch(seed=SEED + 1).index == 0


def test_without_a_seed_any_legal_deal_plays() -> None:
    table = played()
    first = table.actions[0]
    actions = [Shuffle(order=tuple(reversed(first.order)))]
    history = History.replay(table.game, actions, seed=None)
    assert history.actors == (CHANCE,) and history.final != table.history().states[1]
    assert History.replay(table.game, table.actions, seed=None).final == table.state


def test_a_checkpoint_mismatch_is_named() -> None:
    table = played()
    marks = list(table.replay().checkpoints)
    assert History.replay(table.game, table.actions, seed=SEED, checkpoints=marks).final == (
        table.state
    )
    index = 9
    marks[index] = "0" * 16
    error = mismatch(seed=SEED, checkpoints=marks)
    seat = table.history().actors[index]
    assert error.index == index
    assert str(error) == (
        f"replay diverges at action {index} (seat {seat}: {table.actions[index]}): "
        "the state after it does not match the recorded checkpoint"
    )


def test_checkpoint_counts_must_match() -> None:
    table = played()
    marks = table.replay().checkpoints
    short = mismatch(seed=SEED, checkpoints=marks[:-1])
    assert short.index == len(marks) - 1 and "has no checkpoint" in str(short)
    long = mismatch(seed=SEED, checkpoints=(*marks, "0" * 16))
    assert long.index is None
    assert str(long) == (
        f"{len(marks)} actions but {len(marks) + 1} checkpoints (one per action expected)"
    )


def test_steps_before_a_failure_are_yielded() -> None:
    table = played()
    history = table.history()
    index = next(i for i, action in enumerate(history.actions) if isinstance(action, Play))
    seat = history.actors[index]
    before = history.states[index]
    others = [table.game.view(before, other).hand for other in range(4) if other != seat]
    foreign = next(card for hand in others for card in hand)
    assert Play(card=foreign) not in table.game.legal_actions(before)
    actions = [*table.actions[:index], Play(card=foreign), *table.actions[index + 1 :]]
    walked = []
    with pytest.raises(ReplayMismatchError) as caught:
        for step in steps(table.game, actions, seed=SEED):
            walked.append(step)
    assert len(walked) == index == caught.value.index
    assert str(caught.value).startswith(
        f"replay diverges at action {index} (seat {seat}: play {foreign}): it is not legal there: "
    )
    assert isinstance(caught.value.__cause__, trickcore.IllegalActionError)


def test_an_action_after_the_end_is_named() -> None:
    table = played()
    error = mismatch(actions=(*table.actions, Pass()), seed=SEED)
    count = len(table.actions)
    assert error.index == count
    assert str(error) == f"replay diverges at action {count} (pass): the game was already over"


def test_a_history_must_have_one_state_more_than_actions() -> None:
    table = played()
    history = table.history()
    with pytest.raises(ValueError, match="needs as many actors and one state more"):
        History(
            game=table.game,
            seed=SEED,
            actions=history.actions,
            actors=history.actors,
            states=history.states[:-1],
        )
    with pytest.raises(ValueError, match="got 0 actors"):
        History(table.game, SEED, history.actions, (), history.states)


def test_load_game_takes_json_values_or_an_options_struct() -> None:
    game = load_game("euchre", {"first_dealer": 0, "target": 5})
    assert game.options == EuchreOptions(first_dealer=0, target=5)
    assert load_game("euchre", game.options).options == game.options
    with pytest.raises(UnknownGameError):
        load_game("eucher", {})


def test_the_replay_module_re_exports_the_conventions() -> None:
    for name in ("chance_rng", "checkpoint", "describe_action", "CHECKPOINT_LENGTH"):
        assert getattr(replays, name) is getattr(history_module, name)
        assert name in replays.__all__
    assert chance_rng(SEED, 3).path == (SEED, "chance", 3)
    assert checkpoint(played().state) == trickcore.digest(played().state)[:16]


def test_reproduce_returns_the_history_of_a_replay() -> None:
    table = played()
    replay = table.replay()
    assert replays.reproduce(replay, table.game) == table.history()
    assert replays.from_history(table.history(), seats=table.labels) == replay


def test_the_module_docstring_example_runs() -> None:
    results = doctest.testmod(history_module, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0


def test_the_api_guide_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    api = (DOCS / "api.md").read_text()
    section = api.split("\n## History\n", 1)[1].split("\n## ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(code) == 1
    exec(compile(code[0], "docs/api.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    deals = chance_indexes(played().history())
    assert [int(line.split()[0]) for line in printed] == deals
