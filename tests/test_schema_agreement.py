"""Schema and readers agree (issue 14, Deliver 2): the same verdict from Python ``jsonschema``
(Draft 2020-12, the game's document from ``trickcore schema``) and from trickcore's readers
(:func:`trickcore.schema.read`, :func:`trickcore.replay.loads`) on what the engine writes and on
adversarial edits of it, for options, actions, views, events, states, replays and saved tables.

Only documented semantic checks refuse more than the schema: ``game.validate`` (states),
``replay.verify`` and resuming a table (legal actions, deals, digests), ``load`` (an option
combination), and the nesting limit of free-form data (``trickcore.codec.MAX_DEPTH``); none of
them is run here.

The sweep that validates at least 10**5 engine objects per game is opt-in:
``TRICKCORE_SCHEMA_SWEEP=1 pytest -s tests/test_schema_agreement.py -k sweep`` (or
``tox -e schema-sweep``); ``TRICKCORE_SCHEMA_SWEEP_OBJECTS`` sets the number per game. By
default it runs a fast slice.
"""

from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Iterator
from typing import Any

import jsonschema
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweeps import sweep_size

import trickcore
from trickcore.codec import json_form
from trickcore.errors import DecodeError, UnknownGameError
from trickcore.game import CHANCE
from trickcore.history import History, chance_rng
from trickcore.replay import dumps, from_history, loads, replay_type
from trickcore.rng import Rng
from trickcore.schema import PARTS, Part, game_schema, read
from trickcore.table import saved_table_type
from trickcore.testing import option_combinations

HOST = trickcore.default_host()
GAMES = sorted(HOST.games)
SWEEP = os.environ.get("TRICKCORE_SCHEMA_SWEEP", "") not in ("", "0")


@functools.cache
def validator(name: str, part: Part) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(game_schema(HOST.game_factory(name), part=part))


def schema_verdict(name: str, part: Part, value: Any) -> bool:
    return bool(validator(name, part).is_valid(value))


def reader_verdict(name: str, part: Part, text: str) -> bool:
    try:
        read(HOST.game_factory(name), part, text)
    except DecodeError:
        return False
    if part == "replay":
        loads(text, host=HOST)  # the replay reader agrees with read()
    return True


def same_verdict(name: str, part: Part, value: Any) -> bool:
    text = json.dumps(value)
    by_schema = schema_verdict(name, part, value)
    by_reader = reader_verdict(name, part, text)
    assert by_schema == by_reader, (
        f"{name} {part}: the schema {'accepts' if by_schema else 'refuses'} and the reader "
        f"{'accepts' if by_reader else 'refuses'}: {text[:2000]}"
    )
    return by_schema


def random_game(game: Any, seed: int, *, max_actions: int = 2000) -> tuple[list[Any], list[Any]]:
    """The actions and states of a game played by random legal choices from ``seed``."""
    rng = Rng(seed, "schema-test")
    state = game.initial_state()
    actions: list[Any] = []
    states = [state]
    chance = 0
    while len(actions) < max_actions and (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, chance_rng(seed, chance))
            chance += 1
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return actions, states


def engine_objects(name: str, options: dict[str, Any], seed: int) -> Iterator[tuple[Part, Any]]:
    """Every part the engine writes in one random game: the options, every action, every
    seat's view and events after each action, every state, the replay and a saved table."""
    game = HOST.load(name, **options)
    actions, states = random_game(game, seed)
    yield "options", json_form(game.options)
    for index, action in enumerate(actions):
        before, after = states[index], states[index + 1]
        yield "action", json_form(action)
        yield "state", json_form(after)
        for seat in range(game.seats):
            yield "view", json_form(game.view(after, seat))
            for event in game.events(before, action, seat):
                yield "event", json_form(event)
    replay = from_history(History.replay(game, actions, seed=seed), seats=("random",) * game.seats)
    yield "replay", json.loads(dumps(replay))
    table = saved_table_type(game)(
        seats=("random",) * game.seats,
        epoch=1,
        undos=0,
        replay=msgspec.convert(json_form(replay), replay_type(game)),
    )
    yield "table", json_form(table)


@functools.cache
def pool(name: str) -> dict[Part, list[Any]]:
    """A few engine objects per part of a game (short games over some option sets)."""
    found: dict[Part, list[Any]] = {part: [] for part in PARTS}
    factory = HOST.game_factory(name)
    for seed, combination in enumerate(option_combinations(factory.options_type)[:4]):
        options = (
            {**combination, "single_hand": True} if "single_hand" in combination else combination
        )
        if not _loads(name, options):
            continue
        for part, value in engine_objects(name, options, seed):
            if len(found[part]) < 60 or part in ("options", "replay", "table"):
                found[part].append(value)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_engine_objects_are_valid(name: str) -> None:
    for part, values in pool(name).items():
        assert values, part
        for value in values:
            assert same_verdict(name, part, value), f"{name} {part} refused: {value}"


# -- adversarial edits ------------------------------------------------------------------------


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``value`` (not the root)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index)
            yield from places(item, (*path, index))


def replacements(value: Any) -> list[Any]:
    """Values to put in the place of ``value``: near misses of each kind."""
    common: list[Any] = [None, True, "", [], {}, 0.5]
    if isinstance(value, bool):
        return [*common, 0, 1, "true", not value]
    if isinstance(value, int):
        return [*common, float(value), value + 0.5, -1, value + 1, 2**63, 2**64, 2**300, -(2**300)]
    if isinstance(value, float):
        return [*common, 0, -1.0, 1e300]
    if isinstance(value, str):
        texts = [value.lower(), f" {value} ", value.replace("T", "10"), "2C", "7C", "JK", "XX"]
        return [*common, *texts, "0" * 64, "g" * 64, "a" * 16, "play", "bogus", 4, 0]
    if isinstance(value, list):
        doubled = [*value, value[0]] if value else [1]
        return [*common, doubled, value[:-1], [*value, None]]
    return [*common, {"bogus": 1}, {"type": "bogus"}, 4, "x"]


def edit(value: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    edited = copy.deepcopy(value)
    *parents, last = path
    holder = edited
    for step in parents:
        holder = holder[step]
    if how == "delete":
        del holder[last]
    elif how == "unknown" and isinstance(holder, dict):
        holder["bogus"] = new
    else:
        holder[last] = new
    return edited


@st.composite
def edits(draw: st.DrawFn, name: str) -> tuple[Part, Any]:
    part = draw(st.sampled_from(PARTS))
    value = draw(st.sampled_from(pool(name)[part]))
    paths = list(places(value))
    if not paths:
        return part, draw(st.sampled_from(replacements(value)))
    path = draw(st.sampled_from(paths))
    holder = value
    for step in path[:-1]:
        holder = holder[step]
    how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "unknown"]))
    new = draw(st.sampled_from(replacements(holder[path[-1]])))
    return part, edit(value, path, how, new)


@pytest.mark.slow_sweep
@pytest.mark.parametrize("name", GAMES)
def test_adversarial_edits_get_the_same_verdict(name: str) -> None:
    pool(name)  # built once, outside the examples

    @settings(max_examples=sweep_size(100, 30), suppress_health_check=[HealthCheck.too_slow])
    @given(edits(name))
    def check(case: tuple[Part, Any]) -> None:
        same_verdict(name, *case)

    check()


# -- must hold ---------------------------------------------------------------------------------


def replay_of(name: str) -> dict[str, Any]:
    return copy.deepcopy(pool(name)["replay"][0])


@pytest.mark.parametrize(
    ("name", "part", "change", "accepted"),
    [
        ("euchre", "options", {"target": 0}, False),
        ("euchre", "options", {"first_dealer": 4}, False),
        ("allfours", "options", {"first_dealer": 4}, False),
        ("allfours", "options", {"players": 2, "first_dealer": 3}, False),
        ("allfours", "options", {"players": 2, "first_dealer": 1}, True),
        ("euchre", "options", {"target": 10.0}, True),
        ("euchre", "options", {"target": 10.5}, False),
        ("euchre", "options", {"deck": "24"}, False),
        ("euchre", "options", {"bogus": 1}, False),
    ],
)
def test_options_must_hold(name: str, part: Part, change: dict[str, Any], accepted: bool) -> None:
    options = {**pool(name)["options"][0], **change}
    assert same_verdict(name, part, options) is accepted


@pytest.mark.parametrize(
    ("action", "accepted"),
    [
        ({"type": "play", "card": "QH"}, True),
        ({"type": "play", "card": "2C"}, False),  # a card of another deck
        ({"type": "play", "card": "qh"}, False),
        ({"type": "play", "card": "10H"}, False),
        ({"type": "play", "card": " QH "}, False),
        ({"type": "bogus"}, False),
        ({"type": "play"}, False),
        ({"type": "dealer", "seat": 1.0}, True),
        ({"type": "dealer", "seat": 1.5}, False),
    ],
)
def test_actions_must_hold(action: dict[str, Any], accepted: bool) -> None:
    assert same_verdict("euchre", "action", action) is accepted


@pytest.mark.parametrize("name", GAMES)
def test_replays_must_hold(name: str) -> None:
    unknown_action = replay_of(name)
    unknown_action["actions"][-1] = {"type": "bogus"}
    assert same_verdict(name, "replay", unknown_action) is False
    unknown_option = replay_of(name)
    unknown_option["options"]["bogus"] = 1
    assert same_verdict(name, "replay", unknown_option) is False
    missing_option = replay_of(name)
    del missing_option["options"][next(iter(missing_option["options"]))]
    assert same_verdict(name, "replay", missing_option) is False
    float_seed = replay_of(name)
    float_seed["seed"] = float(float_seed["seed"])
    assert same_verdict(name, "replay", float_seed) is True
    huge_seed = replay_of(name)
    huge_seed["seed"] = 2**256
    assert same_verdict(name, "replay", huge_seed) is False
    other_game = replay_of(name)
    other_game["game"] = "euchre" if name != "euchre" else "allfours"
    assert same_verdict(name, "replay", other_game) is False
    numbers = [key for key, value in replay_of(name)["options"].items() if type(value) is int]
    for number in numbers:  # beyond 64 bits, whether the game bounds the option or not
        for huge in (2**63, 2**64):
            huge_option = replay_of(name)
            huge_option["options"][number] = huge
            assert same_verdict(name, "replay", huge_option) is False, (number, huge)
    with pytest.raises(DecodeError, match="bogus"):
        loads(json.dumps(unknown_action), host=HOST)
    with pytest.raises(UnknownGameError):
        loads(json.dumps({**replay_of(name), "game": "no-such-game"}), host=HOST)


# -- the sweep ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_sweep_engine_objects(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """At least 10**5 engine objects per game (opt-in; a fast slice by default) all valid."""
    wanted = int(os.environ.get("TRICKCORE_SCHEMA_SWEEP_OBJECTS", "100000")) if SWEEP else 300
    factory = HOST.game_factory(name)
    combinations = [
        options for options in option_combinations(factory.options_type) if _loads(name, options)
    ]
    checked = games = failures = 0
    while checked < wanted:
        options = combinations[games % len(combinations)]
        if not SWEEP and "single_hand" in options:
            options = {**options, "single_hand": True}  # the fast slice: short games
        for part, value in engine_objects(name, options, 1000 + games):
            checked += 1
            if not validator(name, part).is_valid(value):
                failures += 1
            if not SWEEP and checked >= wanted:
                break
        games += 1
    with capsys.disabled():
        if SWEEP:
            print(f"\n{name}: {checked} objects from {games} games, {failures} failures")
    assert failures == 0


def _loads(name: str, options: dict[str, Any]) -> bool:
    try:
        HOST.load(name, **options)
    except trickcore.OptionError:
        return False
    return True


@pytest.mark.parametrize("name", ["euchre", "allfours"])
@pytest.mark.parametrize("scores", [[], [3], [3, 1, 0]])
def test_an_event_without_one_score_per_side_is_refused_by_both(
    name: str, scores: list[int]
) -> None:
    """Two sides (E1, F1): the schema and the reader both refuse a ``points_scored`` whose
    ``scores`` is not one number per side (found by the adversarial edits above)."""
    event = {"type": "points_scored", "side": 1, "points": 1, "reason": "r", "rule": "X1"}
    assert same_verdict(name, "event", {**event, "scores": [3, 1]})
    assert not same_verdict(name, "event", {**event, "scores": scores})
