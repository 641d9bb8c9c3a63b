"""Issue 21 point 9: a finished All Fours hand keeps its whole record, in the state
(``last_hand``) and in the events (``hand_recorded``): every point of the hand (earlier deals of
a redeal included, F3), the last deal's kicks, stand or beg, answer and tricks (F2-F5), and the
redeals; ``validate`` checks it against itself."""

from __future__ import annotations

from typing import Any

import pytest
from allfours_helpers import nothing_scored
from msgspec.structs import replace

import trickcore
from trickcore import InvalidStateError, Table
from trickcore_allfours import AllFoursState, HandResult, Kick, Phase, Score
from trickcore_allfours.deal import HAND_SIZE, RUN_SIZE
from trickcore_allfours.events import HandRecorded


def _hands_ended(options: dict[str, Any], seeds: range) -> list[tuple[Any, Any, Any, Any]]:
    """(game, state before, state after, events) of every action that ended a hand."""
    game = trickcore.load("allfours", **options)
    found = []
    for seed in seeds:
        table = Table(game, ["random"] * game.seats, seed=seed)
        table.run()
        states = table.history().states
        told = table.events(None)
        for index in range(len(table.actions)):
            before, after = states[index], states[index + 1]
            if after.last_hand is not None and after.last_hand is not before.last_hand:
                events = [event for at, event in told if at == index]
                found.append((game, before, after, events))
    return found


@pytest.mark.parametrize("options", [{}, {"players": 2, "tobago": True}])
def test_the_last_hand_keeps_the_whole_deal(options: dict[str, Any]) -> None:
    ended = _hands_ended(options, range(4))
    assert ended
    for game, before, after, events in ended:
        last = after.last_hand
        assert last.kicks == before.kicks and last.kicks  # F2, F3
        assert (last.call, last.answer) == (before.call, before.answer)
        assert len(last.tricks) == HAND_SIZE + RUN_SIZE * (len(last.kicks) - 1)
        assert last.tricks[: len(before.tricks)] == before.tricks
        played = [card for trick in last.tricks for card in trick.cards]
        assert len(played) == len(set(played)) == len(last.tricks) * game.seats
        assert sum(score.points for score in last.scored) == sum(last.hand_points)
        assert last.redeals == before.redeals
        # and the events tell it to everyone, as the state keeps it
        (recorded,) = [event for event in events if isinstance(event, HandRecorded)]
        assert recorded.result == last
        for seat in range(game.seats):
            assert game.view(after, seat).last_hand == last  # all of it was on the table (F8)


def _after_first_hand() -> tuple[Any, AllFoursState]:
    for game, _, after, _ in _hands_ended({}, range(10)):
        if after.phase is Phase.DEAL and after.last_hand.hand_number == 1:
            game.validate(after)
            return game, after
    raise AssertionError("no game went on after its first hand")


def _forged(game: Any, state: AllFoursState, **changes: Any) -> str:
    assert state.last_hand is not None
    bad = replace(state, last_hand=replace(state.last_hand, **changes))
    with pytest.raises(InvalidStateError) as caught:
        game.validate(bad)
    return str(caught.value)


def test_validate_checks_the_record_against_itself() -> None:
    game, state = _after_first_hand()
    last = state.last_hand
    assert last is not None
    tricks = last.tricks
    swapped = replace(tricks[0], winner=next(s for s in tricks[0].seats if s != tricks[0].winner))
    assert "trick 1 was not won" in _forged(game, state, tricks=(swapped, *tricks[1:]))
    assert "tricks, not" in _forged(game, state, tricks=tricks[:-1])
    assert "last kick" in _forged(game, state, kicks=())
    other = next(kick for kick in ("2C", "2D", "2S", "2H") if kick[1] != last.trump.value)
    assert "last kick" in _forged(game, state, kicks=(Kick(card=trickcore.Card(other)),))
    assert "call" in _forged(game, state, call=None)
    wrong = "beg" if last.call == "stand" else "stand"
    assert _forged(game, state, call=wrong, answer=None if wrong == "stand" else "give_one")
    assert state.dealer is not None
    kick = Score(side=game.side_of(last.dealer), points=2, reason="kick", card=trickcore.Card("6S"))
    assert "without a redeal" in _forged(game, state, scored=(kick, *last.scored))


def test_earlier_deals_points_are_kicks_for_the_dealers_side() -> None:
    game, state = _after_first_hand()
    assert state.dealer is not None
    side = game.side_of(state.dealer)
    six = Score(side=side, points=2, reason="kick", card=trickcore.Card("6S"))
    points = (2, 0) if side == 0 else (0, 2)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    redealt = replace(
        state,
        hand_number=state.hand_number + 1,
        redeals=1,
        hand_points=points,
        scores=scores,
        earlier_scored=(six,),
    )
    game.validate(redealt)
    with pytest.raises(InvalidStateError, match="without a redeal"):
        game.validate(replace(state, earlier_scored=(six,)))
    lost = replace(redealt, earlier_scored=())
    with pytest.raises(InvalidStateError, match="not the points of the earlier deals"):
        game.validate(lost)
    given = replace(six, reason="give_one")
    with pytest.raises(InvalidStateError, match="not a kick"):
        game.validate(replace(redealt, earlier_scored=(given,)))


def test_a_hand_that_scored_nothing_is_a_valid_record() -> None:
    game = trickcore.load("allfours", first_dealer=0)
    record: HandResult = nothing_scored(game, game.seating.ahead(0, 3), 4)
    start = replace(game.initial_state(), scores=(5, 0), hand_number=4, last_hand=record)
    game.validate(start)
    with pytest.raises(InvalidStateError, match="count"):
        high = Score(side=0, points=1, reason="high", card=trickcore.Card("9C"))
        game.validate(replace(start, last_hand=replace(record, scored=(high,))))
