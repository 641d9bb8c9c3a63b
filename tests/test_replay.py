"""Replays: record, verify, tampering, save and load, the per-game schema type."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from toygame import toy_host
from trickcore_example_game.game import PACK, Play

import trickcore
from trickcore import (
    CHANCE,
    DecodeError,
    DrawDealer,
    Outcome,
    ReplayMismatchError,
    Shuffle,
    UnknownGameError,
    build_host,
)
from trickcore.replay import (
    Replay,
    chance_rng,
    checkpoint,
    describe_action,
    dumps,
    final_digest,
    loads,
    record,
    replay_type,
    verify,
)
from trickcore.table import Table

HOST = toy_host()
GAME = HOST.load("high-card")


def played(seed: int = 7, **options: Any) -> tuple[Any, Replay]:
    """A finished bots-only game: its game object and its replay."""
    game = HOST.load("high-card", **options)
    table = Table(game, ["toy-random", "toy-random"], seed=seed, host=HOST)
    table.run()
    return game, table.replay()


def tampered(replay: Replay, **changes: Any) -> Replay:
    return msgspec.structs.replace(replay, **changes)


def with_action(replay: Replay, index: int, action: Any) -> Replay:
    actions = list(replay.actions)
    actions[index] = msgspec.to_builtins(action)
    return tampered(replay, actions=tuple(actions))


def states_of(game: Any, replay: Replay) -> list[Any]:
    state = game.initial_state()
    states = [state]
    for data in replay.actions:
        state = game.apply(state, msgspec.convert(data, game.action_type))
        states.append(state)
    return states


def test_public_names() -> None:
    assert trickcore.Replay is Replay and trickcore.Table is Table
    assert "Table" in trickcore.__all__ and "Replay" in trickcore.__all__


def test_replay_fields() -> None:
    game, replay = played()
    assert replay.format == 2 and replay.trickcore == trickcore.__version__
    assert replay.game == "high-card"
    assert replay.options == {"players": 2, "target": 5, "first_dealer": None}
    assert replay.seed == 7 and replay.seats == ("toy-random", "toy-random")
    assert replay.actions[0]["type"] == "dealer" and replay.actions[1]["type"] == "shuffle"
    states = states_of(game, replay)
    assert replay.checkpoints == tuple(checkpoint(state) for state in states[1:])
    assert all(len(mark) == 16 for mark in replay.checkpoints)
    assert replay.digest == final_digest(game, states[-1])
    assert final_digest(game, states[-1]) == trickcore.digest(
        {"game": "high-card", "options": replay.options, "state": states[-1]}
    )
    assert replay.outcome == game.outcome(states[-1]) and replay.outcome is not None
    assert verify(replay, host=HOST) == replay.outcome


def test_record_matches_the_table() -> None:
    game, replay = played(seed=3)
    actions = [msgspec.convert(data, game.action_type) for data in replay.actions]
    assert record(game, actions, seed=3, seats=replay.seats) == replay


def test_record_without_seed_accepts_a_stacked_deck() -> None:
    stacked = [DrawDealer(seat=0), Shuffle(order=PACK)]
    state = GAME.initial_state()
    for action in stacked:
        state = GAME.apply(state, action)
    moves: list[Any] = []
    while GAME.actor(state) is not None:  # every later hand is dealt from a stacked deck too
        action = (
            Shuffle(order=PACK) if GAME.actor(state) is CHANCE else GAME.legal_actions(state)[0]
        )
        moves.append(action)
        state = GAME.apply(state, action)
    replay = record(GAME, stacked + moves, seed=None, seats=["a", "b"])
    assert verify(replay, host=HOST).finished
    # with a seed, the stacked deck is not what the seed deals
    with pytest.raises(ReplayMismatchError, match="differs from what seed 5 deals"):
        record(GAME, stacked + moves, seed=5, seats=["a", "b"])


def test_record_rejects_illegal_actions_and_wrong_seats() -> None:
    with pytest.raises(ReplayMismatchError, match="action 0") as caught:
        record(GAME, [Play(card=PACK[0])], seed=None, seats=["a", "b"])
    assert caught.value.index == 0
    with pytest.raises(ValueError, match="2 seats"):
        record(GAME, [], seed=None, seats=["a"])


def test_options_are_recorded_and_used() -> None:
    _, replay = played(seed=2, target=3)
    assert replay.options == {"players": 2, "target": 3, "first_dealer": None}
    assert verify(replay, host=HOST) == replay.outcome
    with pytest.raises(ReplayMismatchError, match="does not match the recorded checkpoint"):
        verify(
            tampered(replay, options={"players": 2, "target": 4, "first_dealer": None}), host=HOST
        )


def test_dumps_and_loads() -> None:
    _, replay = played()
    text = dumps(replay)
    assert loads(text) == replay
    assert loads(text.decode()) == replay
    assert json.loads(text)["actions"][2] == replay.actions[2]
    assert b'\n    {"type": "play", "card": ' in text
    with pytest.raises(DecodeError):
        loads(b"{")
    with pytest.raises(DecodeError):
        loads(text.replace(b'"digest"', b'"digest2"'))
    with pytest.raises(DecodeError):
        loads(b'{"game": "high-card"}')


# -- tampering ------------------------------------------------------------------------------


def test_changed_shuffle_differs_from_the_seed() -> None:
    _, replay = played(seed=7)
    reordered = Shuffle(order=tuple(map(trickcore.Card, reversed(replay.actions[1]["order"]))))
    bad = with_action(replay, 1, reordered)
    with pytest.raises(ReplayMismatchError) as caught:
        verify(bad, host=HOST)
    assert caught.value.index == 1
    assert str(caught.value) == "action 1 (shuffle (16 cards)) differs from what seed 7 deals"


def test_changed_shuffle_without_seed_fails_its_checkpoint() -> None:
    _, replay = played(seed=7)
    unseeded = tampered(replay, seed=None)
    assert verify(unseeded, host=HOST) == replay.outcome
    bad = with_action(unseeded, 1, Shuffle(order=tuple(reversed(PACK))))
    with pytest.raises(ReplayMismatchError, match="action 1 \\(chance: shuffle") as caught:
        verify(bad, host=HOST)
    assert caught.value.index == 1


def test_changed_dealer_differs_from_the_seed() -> None:
    _, replay = played(seed=7)
    other = DrawDealer(seat=1 - replay.actions[0]["seat"])
    with pytest.raises(
        ReplayMismatchError, match=r"action 0 .* differs from what seed 7"
    ) as caught:
        verify(with_action(replay, 0, other), host=HOST)
    assert caught.value.index == 0


def test_another_legal_card_fails_the_checkpoint_at_that_index() -> None:
    for seed in range(20):
        game, replay = played(seed=seed)
        states = states_of(game, replay)
        for index in range(2, len(replay.actions)):
            legal = game.legal_actions(states[index])
            played_card = replay.actions[index]["card"]
            others = [action for action in legal if str(action.card) != played_card]
            if others:
                break
        else:
            continue
        seat = game.actor(states[index])
        bad = with_action(replay, index, others[0])
        with pytest.raises(ReplayMismatchError) as caught:
            verify(bad, host=HOST)
        assert caught.value.index == index
        assert str(caught.value) == (
            f"replay diverges at action {index} (seat {seat}: play {others[0].card}): "
            "the state after it does not match the recorded checkpoint"
        )
        return
    pytest.fail("no game with a choice of cards")


def test_an_illegal_card_is_named_with_its_seat() -> None:
    game, replay = played(seed=7)
    states = states_of(game, replay)
    index = 2
    seat = game.actor(states[index])
    foreign = game.view(states[index], 1 - seat).hand[0]
    with pytest.raises(ReplayMismatchError) as caught:
        verify(with_action(replay, index, Play(card=foreign)), host=HOST)
    assert caught.value.index == index
    message = str(caught.value)
    assert message.startswith(
        f"replay diverges at action {index} (seat {seat}: play {foreign}): it is not legal there: "
    )
    assert isinstance(caught.value.__cause__, trickcore.IllegalActionError)


def test_undecodable_action() -> None:
    _, replay = played()
    actions = list(replay.actions)
    actions[4] = {"type": "play", "card": "ZZ"}
    with pytest.raises(
        ReplayMismatchError, match=r"action 4 .* is not a high-card action"
    ) as caught:
        verify(tampered(replay, actions=tuple(actions)), host=HOST)
    assert caught.value.index == 4


def test_action_after_the_end() -> None:
    _, replay = played()
    extra = Play(card=PACK[0])
    bad = tampered(
        replay,
        actions=(*replay.actions, msgspec.to_builtins(extra)),
        checkpoints=(*replay.checkpoints, "0" * 16),
    )
    with pytest.raises(ReplayMismatchError, match="already over") as caught:
        verify(bad, host=HOST)
    assert caught.value.index == len(replay.actions)


def test_counts_digest_outcome_seats_and_format() -> None:
    _, replay = played()
    cases = {
        "checkpoints": tampered(replay, checkpoints=replay.checkpoints[:-1]),
        "digest": tampered(replay, digest="0" * 64),
        "outcome": tampered(replay, outcome=Outcome(scores=(9, 9), finished=True)),
        "seats but": tampered(replay, seats=("x",)),
        "format 3": tampered(replay, format=3),
        "the final state does not match the recorded digest": tampered(replay, format=1),
    }
    for fragment, bad in cases.items():
        with pytest.raises(ReplayMismatchError, match=fragment) as caught:
            verify(bad, host=HOST)
        assert caught.value.index is None
    assert verify(tampered(replay, outcome=None), host=HOST) == replay.outcome


def test_unknown_game() -> None:
    _, replay = played()
    with pytest.raises(UnknownGameError):
        verify(replay, host=build_host(entry_points=False))


def test_chance_rng_convention() -> None:
    assert chance_rng(7, 3).path == (7, "chance", 3)
    state = GAME.initial_state()
    assert GAME.actor(state) is CHANCE
    assert GAME.sample_chance(state, chance_rng(7, 0)) == GAME.sample_chance(
        state, trickcore.Rng(7, "chance", 0)
    )


def test_describe_action() -> None:
    assert describe_action(Play(card=PACK[0])) == "play JC"
    assert describe_action(Shuffle(order=PACK)) == "shuffle (16 cards)"

    class Bare(msgspec.Struct, tag="bare", tag_field="type"):
        n: int

    assert describe_action(Bare(n=1)) == '{"type":"bare","n":1}'


def test_replay_type_for_schema_and_typed_decoding() -> None:
    game, replay = played()
    typed = replay_type(game)
    assert typed.__name__ == "HighCardReplay" and issubclass(typed, Replay)
    schema = msgspec.json.schema(typed)
    props = schema["$defs"]["HighCardReplay"]["properties"]
    assert "play" in json.dumps(props["actions"]) or "$ref" in json.dumps(props["actions"])
    assert "Play" in schema["$defs"] and "HighCardOptions" in schema["$defs"]
    decoded = msgspec.json.decode(dumps(replay), type=typed)
    assert isinstance(decoded.actions[2], Play)
    assert verify(decoded, host=HOST) == replay.outcome
    assert trickcore.json_schema({"replay": typed})["properties"]["replay"]["$ref"].endswith(
        "HighCardReplay"
    )
