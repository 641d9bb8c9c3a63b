"""Issue 21 point 9 (DESIGN 9a): one call applies a move and returns the new state with its
events, for one viewer or for every viewer, and no driver (Table, the CLI, replay narration)
runs a transition twice to tell what happened."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trickcore
from trickcore import CHANCE, EventsBySeat, Table, apply_with_all_events, apply_with_events
from trickcore.kit.base import TrickGame

GAMES = [
    ("euchre", {}),
    ("euchre", {"deck": 25, "stick_the_dealer": True}),
    ("allfours", {}),
    ("allfours", {"players": 4}),
    ("apples", {}),
]


def _played(game: Any, seed: int) -> list[Any]:
    table = Table(game, ["random"] * game.seats, seed=seed)
    table.run()
    return list(table.actions)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_one_call_gives_the_state_and_the_events_of_every_viewer(
    name: str, options: dict[str, Any]
) -> None:
    game = trickcore.load(name, **options)
    viewers = [None, *range(game.seats)]
    for seed in range(6):
        state = game.initial_state()
        for action in _played(game, seed):
            after = game.apply(state, action)
            moved, told = game.apply_with_all_events(state, action)
            assert moved == after
            assert isinstance(told, EventsBySeat)
            for seat in viewers:
                expected = game.events(state, action, seat)
                assert told.seen_by(seat) == expected
                assert game.apply_with_events(state, action, seat) == (after, expected)
            state = after
        assert game.actor(state) is None


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = trickcore.load("euchre", first_dealer=0)
    state = game.initial_state()
    bad = trickcore.from_json(b'{"type":"pass"}', game.action_type)
    for call in (
        lambda: game.apply_with_events(state, bad, 0),
        lambda: game.apply_with_all_events(state, bad),
    ):
        with pytest.raises(trickcore.IllegalActionError):
            call()
    assert state == game.initial_state()


class _Plain:
    """A game written to the protocol before ``apply_with_events`` existed: the helpers fall
    back on ``apply`` and ``events``."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.events_calls = 0

    def apply(self, state: Any, action: Any) -> Any:
        return self._game.apply(state, action)

    def events(self, state: Any, action: Any, seat: Any) -> Any:
        self.events_calls += 1
        return self._game.events(state, action, seat)


def test_the_protocol_helpers_serve_a_game_without_the_methods() -> None:
    game = trickcore.load("apples")
    plain = _Plain(game)
    state = game.initial_state()
    action = game.sample_chance(state, trickcore.Rng(1))
    after, events = apply_with_events(plain, state, action, 2)  # type: ignore[arg-type]
    assert (after, events) == game.apply_with_events(state, action, 2)
    after, told = apply_with_all_events(plain, state, action)  # type: ignore[arg-type]
    assert after == game.apply(state, action)
    assert plain.events_calls == 1  # asked lazily, once per viewer
    assert told.seen_by(0) == game.events(state, action, 0)
    assert told.seen_by(0) == game.events(state, action, 0)
    assert plain.events_calls == 2
    # and a game that has them is asked for them
    assert apply_with_events(game, state, action, 1) == game.apply_with_events(state, action, 1)


# -- counting transitions ----------------------------------------------------------------------

_ENTRIES = ("apply", "events", "apply_with_events", "apply_with_all_events")


@pytest.fixture
def transitions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every run of a kit game's transition through the public entries, by entry name."""
    calls: list[str] = []
    for entry in _ENTRIES:
        original = getattr(TrickGame, entry)

        def counted(self: Any, *args: Any, _original: Any = original, _entry: str = entry) -> Any:
            calls.append(_entry)
            return _original(self, *args)

        monkeypatch.setattr(TrickGame, entry, counted)
    yield calls


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_table_runs_each_transition_once_however_often_events_are_asked(
    name: str, options: dict[str, Any], transitions: list[str]
) -> None:
    game = trickcore.load(name, **options)
    table = Table(game, ["random"] * game.seats, seed=11)
    table.run()
    actions = len(table.actions)
    for seat in [None, *range(game.seats)]:
        told = table.events(seat)
        assert told and told == table.events(seat)
    assert len(transitions) == actions
    # what the table tells is what game.events tells, action by action
    states = table.history().states
    transitions.clear()
    for seat in (None, 0):
        expected = [
            (index, event)
            for index, action in enumerate(table.actions)
            for event in game.events(states[index], action, seat)
        ]
        assert table.events(seat) == expected


def test_a_human_move_resume_and_undo_keep_events_without_playing_again(
    transitions: list[str],
) -> None:
    game = trickcore.load("euchre", first_dealer=0, single_hand=True)
    table = Table(game, [None, "random", "random", "random"], seed=4)
    table.advance()
    while table.to_act == 0:
        table.play(0, table.legal_actions(0)[0])
        table.advance()
    assert len(transitions) == len(table.actions)
    before = {seat: table.events(seat) for seat in (None, 0, 1, 2, 3)}
    resumed = Table.from_json(table.to_json())
    transitions.clear()
    for seat, events in before.items():
        assert resumed.events(seat) == events
    assert transitions == []  # resuming played each action once, keeping its events
    table.undo(0)
    kept = len(table.actions)
    assert table.events(1) == [pair for pair in before[1] if pair[0] < kept]
    assert transitions == []


# -- the command line ---------------------------------------------------------------------------

click = pytest.importorskip("click")
from click.testing import CliRunner  # noqa: E402

from trickcore.cli.app import cli  # noqa: E402


def _run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=input)


def test_play_and_replay_show_narrate_without_playing_again(
    tmp_path: Path, transitions: list[str]
) -> None:
    saved = tmp_path / "game.json"
    played = _run("play", "allfours", "--bots", "random", "--seed", "5", "--save", str(saved))
    assert played.exit_code == 0, played.output
    actions = len(json.loads(saved.read_text())["actions"])
    assert len(transitions) == actions
    transitions.clear()
    shown = _run("replay", "show", str(saved))
    assert shown.exit_code == 0, shown.output
    assert len(transitions) == actions  # verified and narrated from one run of each action
    assert "Game over" in shown.output


def test_a_human_at_the_terminal_is_told_without_playing_again(
    tmp_path: Path, transitions: list[str]
) -> None:
    saved = tmp_path / "human.json"
    args = ("play", "euchre", "--seat", "0", "--seed", "3", "--bots", "random")
    result = _run(*args, "--option", "single_hand=true", "--save", str(saved), input="1\n" * 40)
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output
    actions = len(json.loads(saved.read_text())["actions"])
    assert len(transitions) == actions


def test_the_narrator_tells_each_action_as_its_actor_sees_it() -> None:
    game = trickcore.load("apples")
    table = Table(game, ["random"] * game.seats, seed=2)
    table.run()
    states = table.history().states
    for index, action in enumerate(table.actions):
        actor = game.actor(states[index])
        viewer = None if actor is CHANCE else actor
        mine = [event for at, event in table.events(viewer) if at == index]
        assert mine == list(game.events(states[index], action, viewer))


def test_a_table_without_events_plays_the_same_game_on_the_bare_apply(
    transitions: list[str],
) -> None:
    game = trickcore.load("euchre")
    quiet = Table(game, ["random"] * 4, seed=9, keep_events=False)
    quiet.run()
    assert set(transitions) == {"apply"}
    watched = Table(game, ["random"] * 4, seed=9)
    watched.run()
    assert quiet.actions == watched.actions and quiet.state == watched.state
    with pytest.raises(trickcore.TableError, match="keep_events=False"):
        quiet.events(0)
