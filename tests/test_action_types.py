"""Actions with fields of the wrong type are refused everywhere (issue 10), for every game:
building one, ``apply``, ``events``, ``Table.play`` and a bot's answer."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

import msgspec
import pytest

import trickcore
from trickcore import CHANCE, BotError, IllegalActionError, Rng, Table
from trickcore.cards import Card, Suit
from trickcore.typecheck import struct_classes, type_problem
from trickcore_euchre.actions import Call

GAMES = sorted(trickcore.default_host().games)


def _actions_seen(name: str) -> tuple[Any, list[Any]]:
    """The game, and one action of each class with fields that a random game plays."""
    game = trickcore.load(name)
    rng = Rng(5, "types", name)
    state = game.initial_state()
    seen: dict[type, Any] = {}
    for _ in range(400):
        actor = game.actor(state)
        if actor is None:
            break
        if actor is CHANCE:
            action = game.sample_chance(state, rng)
        else:
            legal = game.legal_actions(state)
            action = legal[rng.below(len(legal))]
        if msgspec.structs.fields(action):
            seen.setdefault(type(action), action)
        state = game.apply(state, action)
    return game, list(seen.values())


def test_the_games_are_all_checked() -> None:
    assert {"euchre", "allfours", "apples", "high-card"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_an_action_with_a_field_of_the_wrong_type_cannot_be_built(name: str) -> None:
    _, actions = _actions_seen(name)
    assert actions  # every game has actions with fields (a card, a seat, a shuffle)
    for action in actions:
        for field in msgspec.structs.fields(action):
            value = getattr(action, field.name)
            wrongs: list[object] = [None, "x", 7.5, True]
            if isinstance(value, enum.Enum):
                wrongs.append(value.value)  # "H" for Suit.H: the text the issue found applied
            for wrong in wrongs:
                with pytest.raises(IllegalActionError, match=rf"\.{field.name}: expected"):
                    msgspec.structs.replace(action, **{field.name: wrong})


def _state_with_a_human_to_act(name: str) -> tuple[Table[Any, Any, Any], Any]:
    game = trickcore.load(name)
    table = Table(game, [None] + ["random"] * (game.seats - 1), seed=3)
    table.advance()
    assert table.to_act == 0
    return table, game


@pytest.mark.parametrize("name", GAMES)
def test_apply_events_and_play_refuse_anything_but_an_action_of_the_game(name: str) -> None:
    table, game = _state_with_a_human_to_act(name)
    state = table.state
    legal = game.legal_actions(state)
    others = [7, "play", None, {"type": "play"}, msgspec.Struct(), trickcore.Outcome]
    for bad in others:
        with pytest.raises(IllegalActionError, match="not legal"):
            game.apply(state, bad)
        with pytest.raises(IllegalActionError):
            game.events(state, bad, 0)
    # The table, where untrusted actions come in, also checks each field of an action of the
    # game, even one forced past the checks made when it was built.
    for bad in [*others, _forced(legal)]:
        with pytest.raises(IllegalActionError, match=f"not a {name} action"):
            table.play(0, bad)
    assert table.state is state and table.to_act == 0  # nothing changed


def _forced(legal: tuple[Any, ...]) -> Any:
    """A legal action whose first field was forced to text past the checks, as a tampering
    caller could (``msgspec.structs.force_setattr``), or ``7`` when no legal action has one."""
    for action in legal:
        fields = msgspec.structs.fields(action)
        if fields:
            copy = msgspec.structs.replace(action)
            msgspec.structs.force_setattr(copy, fields[0].name, "H")
            return copy
    return 7


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_answering_a_malformed_action_is_a_bot_fault_not_a_crash(name: str) -> None:
    game = trickcore.load(name)

    class Forcing:
        name = "forcing"

        def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
            return _forced(legal)

    table = Table(game, [Forcing()] + ["random"] * (game.seats - 1), seed=3)
    with pytest.raises(BotError, match=r"seat 0 \(forcing\) answered .*which is not legal"):
        table.advance()
    before = len(table.actions)
    forfeiting = Table(
        game, [Forcing()] + ["random"] * (game.seats - 1), seed=3, bot_faults="forfeit"
    )
    forfeiting.advance()
    assert forfeiting.forfeit is not None and forfeiting.forfeit.kind == "illegal"
    assert len(forfeiting.actions) == before


def test_the_euchre_call_of_the_issue_is_refused_with_a_clear_message() -> None:
    with pytest.raises(IllegalActionError, match=r"Call\.suit: expected a Suit, got 'H' \(str\)"):
        Call(suit="H")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Call\.suit: expected a Suit, got None"):
        Call(suit=None)  # type: ignore[arg-type]
    assert Call(suit=Suit.HEARTS).suit is Suit.HEARTS


# -- the checker itself -----------------------------------------------------------------------


class _Inner(msgspec.Struct, frozen=True):
    cards: tuple[Card, ...]


class _Sample(msgspec.Struct, frozen=True):
    count: int
    bounded: Annotated[int, msgspec.Meta(ge=0, le=3)]
    maybe: str | None
    kind: Literal["a", "b"]
    inner: _Inner
    names: dict[str, list[int]]


def _sample(**changes: Any) -> _Sample:
    base = _Sample(
        count=1, bounded=2, maybe=None, kind="a", inner=_Inner(cards=(Card("AS"),)), names={}
    )
    return msgspec.structs.replace(base, **changes)


def test_type_problem_names_the_first_field_at_fault() -> None:
    assert type_problem(_sample(), _Sample) is None
    assert type_problem(_sample(maybe="x", names={"a": [1, 2]}), _Sample) is None
    cases = {
        "_Sample.count: expected an integer, got True (bool)": {"count": True},
        "_Sample.bounded: 4 is out of bounds": {"bounded": 4},
        "_Sample.kind: expected one of ('a', 'b'), got 'c' (str)": {"kind": "c"},
        "_Sample.inner: _Inner.cards: [1]: expected a Card, got 'KS' (str)": {
            "inner": _Inner(cards=(Card("AS"), "KS"))  # type: ignore[arg-type]
        },
        "_Sample.names: ['a']: [0]: expected an integer, got '1' (str)": {"names": {"a": ["1"]}},
        "_Sample.inner: expected a _Inner, got 3 (int)": {"inner": 3},
    }
    for words, changes in cases.items():
        assert type_problem(_sample(**changes), _Sample) == words
    assert type_problem(7, _Sample) == "expected a _Sample, got 7 (int)"
    assert struct_classes(_Sample | None) == frozenset({_Sample})
