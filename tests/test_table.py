"""The table: seats, chance from the seed, bots, humans, errors, events, undo, save and resume."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from toygame import ToyPlugin, ToyRandomBot, toy_host
from trickcore_example_game.game import HAND_SIZE, PACK, Play

from trickcore import (
    CHANCE,
    BotError,
    BotSpec,
    DecodeError,
    IllegalActionError,
    ReplayMismatchError,
    Rng,
    Shuffle,
    UnknownBotError,
    WrongSeatError,
    build_host,
    hookimpl,
)
from trickcore.kit.events import Dealt
from trickcore.replay import chance_rng, record, verify
from trickcore.table import Table, TableError, bot_rng

HOST = toy_host()
GAME = HOST.load("high-card")


def table(seats: list[Any], seed: int | str = 0, **kwargs: Any) -> Table[Any, Any, Any]:
    return Table(GAME, seats, seed=seed, host=HOST, **kwargs)


def snapshot(t: Table[Any, Any, Any]) -> tuple[Any, ...]:
    return (t.state, t.actions, t.actor, t.epoch, t.undos)


class CrashBot:
    name = "crash"

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        raise RuntimeError("out of cheese")


class CheatBot:
    name = "cheat"

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        mine = {action.card for action in legal}
        other = next(card for card in PACK if card not in mine and card not in view.hand)
        return Play(card=other)


def human_first_to_act(seed: int = 0) -> Table[Any, Any, Any]:
    """Two human seats, dealt, advanced to the first human turn."""
    t = table([None, None], seed=seed)
    assert t.advance() == 2
    return t


# -- set-up ---------------------------------------------------------------------------------


def test_wrong_number_of_seats() -> None:
    with pytest.raises(TableError, match="played by 2 seats, but 3 were given"):
        table(["first", "first", "first"])


def test_unknown_bot_lists_the_known_ones() -> None:
    with pytest.raises(UnknownBotError, match="first, toy-random"):
        table(["nobody", None])


def test_bad_seat_item() -> None:
    with pytest.raises(TableError, match="seat 1: expected a bot name"):
        table([None, 42])


def test_labels_default_and_given() -> None:
    assert table([None, "first"]).labels == ("human", "first")
    assert table([CrashBot(), None]).labels == ("crash", "human")
    assert table([None, None], labels=["ann", "bob"]).labels == ("ann", "bob")
    with pytest.raises(TableError, match="one text per seat"):
        table([None, None], labels=["ann"])


def test_seat_out_of_range() -> None:
    t = table([None, None])
    with pytest.raises(TableError, match="no seat 2"):
        t.view(2)


# -- bots only ------------------------------------------------------------------------------


def test_bots_only_game_plays_to_the_end_and_verifies() -> None:
    t = table(["toy-random", "toy-random"], seed=5)
    outcome = t.run()
    hands = sum(isinstance(action, Shuffle) for action in t.actions)
    assert t.over and outcome.finished and sum(outcome.scores) == HAND_SIZE * hands
    assert max(outcome.scores) >= GAME.options.target > max(outcome.scores) - HAND_SIZE
    assert t.actor is None and t.to_act is None
    assert len(t.actions) == 1 + hands * (1 + 2 * HAND_SIZE)  # the draw, then deal and plays
    replay = t.replay()
    assert verify(replay, host=HOST) == outcome
    assert record(GAME, t.actions, seed=5, seats=t.labels) == replay


def test_chance_comes_from_the_seed() -> None:
    t = table(["first", "first"], seed=9)
    t.advance()
    state = GAME.initial_state()
    for k in range(2):
        expected = GAME.sample_chance(state, chance_rng(9, k))
        assert t.actions[k] == expected
        state = GAME.apply(state, expected)
    assert isinstance(t.actions[1], Shuffle)


def test_same_seed_same_game_different_seed_different_game() -> None:
    def game(seed: int | str) -> tuple[Any, ...]:
        t = table(["toy-random", "toy-random"], seed=seed)
        t.run()
        return t.actions

    assert game(3) == game(3)
    assert game("abc") == game("abc")
    assert len({game(seed) for seed in range(6)}) > 1


def test_advance_max_steps() -> None:
    t = table(["first", "first"], seed=1)
    assert t.advance(0) == 0
    assert t.advance(3) == 3 and len(t.actions) == 3
    finished = table(["first", "first"], seed=1)
    finished.run()
    assert t.advance() == len(finished.actions) - 3 and t.over
    assert t.actions == finished.actions
    assert t.advance() == 0
    with pytest.raises(TableError):
        t.advance(-1)


def test_run_refuses_human_seats() -> None:
    t = table([None, "first"])
    with pytest.raises(TableError, match="seat 0 is human"):
        t.run()
    assert t.actions == ()


def test_bots_get_their_own_streams() -> None:
    seen: list[BotSpec] = []

    class Spy(ToyRandomBot):
        name = "spy"

        def __init__(self, spec: BotSpec) -> None:
            super().__init__(spec)
            seen.append(spec)

    class SpyPlugin:
        @hookimpl
        def trickcore_register_bots(self, register: Any) -> None:
            register(Spy)

    host = build_host(entry_points=False, plugins=[("toy", ToyPlugin()), ("spy", SpyPlugin())])
    t = Table(host.load("high-card"), ["spy", "spy"], seed=4, host=host)
    assert [spec.seat for spec in seen] == [0, 1]
    assert [spec.rng.path for spec in seen] == [(4, "bot", 0, 0), (4, "bot", 1, 0)]
    assert seen[0].game is t.game
    assert bot_rng(4, 1, 0).path == (4, "bot", 1, 0)


# -- bots that misbehave --------------------------------------------------------------------


@pytest.mark.parametrize("bot", [CrashBot(), CheatBot()])
def test_misbehaving_bot_changes_nothing(bot: Any) -> None:
    t = table([bot, bot], seed=2)
    with pytest.raises(BotError) as caught:
        t.advance()
    # the two chance actions were taken; the bot's turn changed nothing
    assert len(t.actions) == 2 and isinstance(t.actor, int)
    before = snapshot(t)
    with pytest.raises(BotError):
        t.advance()
    assert snapshot(t) == before
    seat = t.actor
    message = str(caught.value)
    assert f"seat {seat} ({bot.name})" in message
    if isinstance(bot, CrashBot):
        assert "RuntimeError: out of cheese" in message
        assert isinstance(caught.value.__cause__, RuntimeError)
    else:
        assert "which is not legal; legal: play " in message


# -- humans ---------------------------------------------------------------------------------


def test_advance_stops_for_a_human() -> None:
    t = table([None, "first"], seed=0)
    t.advance()
    assert t.to_act == 0 and t.actor == 0 and t.human_seats == (0,)
    assert t.advance() == 0
    legal = t.legal_actions(0)
    assert legal and t.legal_actions(1) == ()
    t.play(0, legal[0])
    assert t.to_act is None
    t.advance()
    while not t.over:
        t.play(0, t.legal_actions(0)[0])
        t.advance()
    assert verify(t.replay(), host=HOST).finished


def test_wrong_seat_names_who_is_to_act() -> None:
    t = human_first_to_act()
    seat = t.to_act
    assert seat is not None
    other = 1 - seat
    before = snapshot(t)
    card = t.view(other).hand[0]
    with pytest.raises(WrongSeatError, match=f"not seat {other}'s turn: seat {seat} \\(human\\)"):
        t.play(other, Play(card=card))
    assert snapshot(t) == before


def test_human_cannot_play_for_a_bot_or_before_chance() -> None:
    t = table([None, "first"])
    with pytest.raises(WrongSeatError, match="chance acts next"):
        t.play(0, Play(card=PACK[0]))
    with pytest.raises(WrongSeatError, match="played by a bot"):
        t.play(1, Play(card=PACK[0]))
    assert t.actions == ()


def test_illegal_action_changes_nothing() -> None:
    t = human_first_to_act()
    seat = t.to_act
    assert seat is not None
    before = snapshot(t)
    foreign = t.view(1 - seat).hand[0]
    with pytest.raises(IllegalActionError, match=f"play {foreign} is not legal for seat {seat}"):
        t.play(seat, Play(card=foreign))
    with pytest.raises(IllegalActionError):
        t.play(seat, Shuffle(order=PACK))
    with pytest.raises(IllegalActionError, match="not a high-card action"):
        t.play(seat, "AS")
    assert snapshot(t) == before


def test_play_json() -> None:
    t = human_first_to_act()
    seat = t.to_act
    assert seat is not None
    before = snapshot(t)
    bad_inputs: list[bytes | str] = [
        b"{",
        '{"type": "play", "card": "ZZ"}',
        '{"type": "no"}',
        "{}",
        "[]",
    ]
    for bad in bad_inputs:
        with pytest.raises(DecodeError):
            t.play_json(seat, bad)
    assert snapshot(t) == before
    card = t.legal_actions(seat)[0].card
    t.play_json(seat, json.dumps({"type": "play", "card": str(card)}))
    assert t.actions[-1] == Play(card=card)


def test_game_over_refuses_play() -> None:
    t = table([None, None], seed=1)
    while not t.over:
        t.advance()
        if t.to_act is not None:
            t.play(t.to_act, t.legal_actions(t.to_act)[0])
    with pytest.raises(WrongSeatError, match="game is over"):
        t.play(0, Play(card=PACK[0]))


# -- events ---------------------------------------------------------------------------------


def test_events_per_seat_never_leak_cards() -> None:
    t = table(["toy-random", "toy-random"], seed=11)
    t.advance(2)
    hands = [t.view(seat).hand for seat in (0, 1)]
    for seat in (0, 1):
        (dealt,) = [event for _, event in t.events(seat) if isinstance(event, Dealt)]
        assert dealt.hand == hands[seat] and len(dealt.hand) == HAND_SIZE
    (spectator,) = [event for _, event in t.events(None) if isinstance(event, Dealt)]
    assert spectator.hand is None


def test_events_since_and_indices() -> None:
    t = table(["first", "first"], seed=3)
    t.run()
    everything = t.events(0)
    assert [index for index, _ in everything] == sorted(index for index, _ in everything)
    assert {index for index, _ in everything} == set(range(len(t.actions)))
    assert t.events(0, since=5) == [pair for pair in everything if pair[0] >= 5]
    assert t.events(0, since=len(t.actions)) == []
    kinds = [type(event).__name__ for _, event in everything]
    hands = kinds.count("Dealt")
    assert hands >= 1 and kinds.count("HandOver") == hands and kinds.count("GameOver") == 1
    assert kinds.count("TrickWon") == HAND_SIZE * hands
    assert kinds.count("CardPlayed") == 2 * HAND_SIZE * hands


# -- undo -----------------------------------------------------------------------------------


def test_undo_takes_back_the_human_action_and_what_followed() -> None:
    t = table([None, "toy-random"], seed=6)
    t.advance()
    seat = 0
    assert t.to_act == seat
    before = snapshot(t)
    t.play(seat, t.legal_actions(seat)[0])
    t.advance()
    after = len(t.actions)
    assert t.undo(seat) == after - len(before[1])
    assert (t.state, t.actions, t.actor) == before[:3]
    assert t.epoch == 1 and t.undos == 1
    # bots are rebuilt with the next epoch
    assert t._bots[1].rng.path == (6, "bot", 1, 1)  # type: ignore[union-attr]
    # play on to the end: the replay still verifies (chance counting survived the undo)
    while not t.over:
        t.advance()
        if t.to_act is not None:
            t.play(seat, t.legal_actions(seat)[-1])
    assert verify(t.replay(), host=HOST).finished


def test_undo_errors() -> None:
    t = table([None, "first"], seed=0)
    t.advance()
    with pytest.raises(TableError, match="seat 0 has no action to undo"):
        t.undo(0)
    with pytest.raises(TableError, match="played by a bot"):
        t.undo(1)
    assert t.epoch == 0 and t.undos == 0


def test_undo_does_not_advance_and_deals_stay() -> None:
    t = table([None, None], seed=8)
    t.advance()
    deal = t.actions
    first = t.to_act
    assert first is not None
    t.play(first, t.legal_actions(first)[0])
    t.play(1 - first, t.legal_actions(1 - first)[0])
    assert t.undo(first) == 2
    assert t.actions == deal and t.to_act == first


# -- save and resume ------------------------------------------------------------------------


def test_save_and_resume_mid_game() -> None:
    t = table([None, "toy-random"], seed=12)
    t.advance()
    data = t.to_json()
    resumed = Table.from_json(data, host=HOST)
    assert resumed.state == t.state and resumed.actions == t.actions
    assert resumed.labels == t.labels and resumed.seed == t.seed and resumed.human_seats == (0,)
    assert resumed.epoch == t.epoch + 1 and resumed.undos == 0
    assert resumed.to_act == t.to_act


def finish(t: Table[Any, Any, Any]) -> tuple[Any, ...]:
    while not t.over:
        t.advance()
        if t.to_act is not None:
            t.play(t.to_act, t.legal_actions(t.to_act)[-1])
    return t.actions


def test_resuming_the_same_save_continues_the_same_way() -> None:
    t = table([None, "toy-random"], seed=13)
    t.advance()
    data = t.to_json()
    first = finish(Table.from_json(data, host=HOST))
    second = finish(Table.from_json(data, host=HOST))
    assert first == second
    # resume of a resume: the epoch and undo counters travel with the data
    again = Table.from_json(Table.from_json(data, host=HOST).to_json(), host=HOST)
    assert again.epoch == 2


def test_resume_keeps_the_deals_of_the_seed() -> None:
    original = table(["first", "first"], seed=21)
    original.advance(1)  # the dealer is drawn; the shuffle is not yet
    resumed = Table.from_json(original.to_json(), host=HOST)
    original.run()
    resumed.run()
    # FirstBot has no randomness, so the whole game is the same, shuffle included
    assert resumed.actions == original.actions
    assert isinstance(resumed.actions[1], Shuffle)


def test_resume_keeps_undo_count_and_epoch() -> None:
    t = table([None, None], seed=1)
    t.advance()
    seat = t.to_act
    assert seat is not None
    t.play(seat, t.legal_actions(seat)[0])
    t.undo(seat)
    resumed = Table.from_json(t.to_json(), host=HOST)
    assert resumed.undos == 1 and resumed.epoch == 2


def test_resume_from_a_replay_seats_bots_and_humans_by_their_labels() -> None:
    t = table([None, "toy-random"], seed=14)
    t.advance()
    seat = t.to_act
    assert seat is not None
    t.play(seat, t.legal_actions(seat)[0])
    t.advance()
    replay = t.replay()
    resumed = Table.from_replay(replay, host=HOST)
    assert resumed.state == t.state and resumed.actions == t.actions
    assert resumed.human_seats == (0,) and resumed.labels == ("human", "toy-random")
    assert resumed.epoch == 1 and resumed.seed == 14
    # the same replay always goes on the same way, and its deals are the seed's
    assert finish(Table.from_replay(replay, host=HOST)) == finish(resumed)
    verify(resumed.replay(), host=HOST)
    bots = Table.from_replay(replay, seats=["toy-random", "toy-random"], host=HOST)
    assert bots.human_seats == () and bots.labels == ("human", "toy-random")


def test_resume_from_a_replay_refuses_what_cannot_go_on() -> None:
    t = table([None, "toy-random"], seed=15)
    t.advance()
    replay = t.replay()
    with pytest.raises(DecodeError, match="must have a seed"):
        Table.from_replay(msgspec.structs.replace(replay, seed=None), host=HOST)
    with pytest.raises(UnknownBotError, match="'nobody'"):
        Table.from_replay(msgspec.structs.replace(replay, seats=("human", "nobody")), host=HOST)
    with pytest.raises(DecodeError, match="format 99"):
        Table.from_replay(msgspec.structs.replace(replay, format=99), host=HOST)
    actions = list(replay.actions)
    actions[-1] = {"type": "nope"}
    with pytest.raises(ReplayMismatchError, match=r"at \$\.actions\[\d+\]\.type"):
        Table.from_replay(msgspec.structs.replace(replay, actions=tuple(actions)), host=HOST)


def test_saving_a_ready_bot() -> None:
    unnamed = table([CrashBot(), None])
    with pytest.raises(TableError, match="no registered name"):
        unnamed.to_json()
    registered = ToyRandomBot(BotSpec(GAME, 0, Rng(0)))
    t = table([registered, None])
    saved = json.loads(t.to_json())
    assert saved["seats"] == ["toy-random", None]
    assert Table.from_json(t.to_json(), host=HOST).labels == ("toy-random", "human")


def test_from_json_rejects_corrupt_data() -> None:
    t = table([None, "first"], seed=3)
    t.advance()
    good = t.to_json()
    with pytest.raises(DecodeError):
        Table.from_json(b"{not json", host=HOST)
    with pytest.raises(DecodeError):
        Table.from_json(good.replace(b'"epoch"', b'"epoch_"'), host=HOST)
    data = json.loads(good)
    data["seats"] = [None]
    with pytest.raises(DecodeError, match="1 seats"):
        Table.from_json(json.dumps(data), host=HOST)
    data = json.loads(good)
    data["replay"]["actions"][0]["seat"] = 7  # no table of the game has it: the schema refuses it
    with pytest.raises(DecodeError, match="7 is not a seat 0-3"):
        Table.from_json(json.dumps(data), host=HOST)
    data["replay"]["actions"][0]["seat"] = 3  # a seat of a larger table: replaying refuses it
    with pytest.raises(ReplayMismatchError, match="action 0") as caught:
        Table.from_json(json.dumps(data), host=HOST)
    assert caught.value.index == 0
    data = json.loads(good)
    data["replay"]["seed"] = None
    with pytest.raises(DecodeError, match="seed"):
        Table.from_json(json.dumps(data), host=HOST)


def test_to_json_is_plain_json() -> None:
    t = table([None, "first"], seed="s")
    t.advance()
    saved = msgspec.json.decode(t.to_json())
    assert saved["replay"]["seed"] == "s" and saved["epoch"] == 0
    assert saved["replay"]["actions"][0]["type"] == "dealer"


def test_replay_of_a_table_uses_the_stored_states() -> None:
    t = table(["toy-random", None], seed=4)
    t.advance()
    replay = t.replay()
    assert replay.seats == ("toy-random", "human")
    assert len(replay.checkpoints) == len(t.actions) == len(replay.actions)
    assert not verify(replay, host=HOST).finished


def test_repr() -> None:
    t = table(["first", None], seed=1)
    assert "high-card" in repr(t) and "next=chance" in repr(t)
    assert t.actor is CHANCE


def test_undo_is_deterministic() -> None:
    def session() -> tuple[Any, ...]:
        t = table([None, "toy-random"], seed=17)
        t.advance()
        t.play(0, t.legal_actions(0)[0])
        t.advance()
        t.undo(0)
        t.advance()
        return finish(t)

    assert session() == session()
