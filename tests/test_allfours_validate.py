"""``validate`` for All Fours: reachable states pass (decoded from JSON too); a state no legal
game reaches is refused with every problem named."""

from __future__ import annotations

import pytest
from allfours_helpers import C, deal, run
from msgspec.structs import replace

import trickcore
from trickcore import InvalidStateError
from trickcore_allfours import AllFoursState, Kick, Phase, Score


def after_a_run() -> tuple[object, AllFoursState]:
    game, state = deal({3: "KS 2C 3C 4C 5C 6C"}, "4H", runs=[({}, "AH"), ({}, "6S")])
    return game, run(game, state, "3=beg 0=run_pack 3=KS")


def test_a_reachable_state_passes_also_from_json() -> None:
    game, state = after_a_run()
    decoded = trickcore.from_json(trickcore.to_json(state), type=AllFoursState)
    game.validate(decoded)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda s: replace(s, hands=(s.hands[0] + (s.hands[1][0],), *s.hands[1:])),
            "more than once",
        ),
        (lambda s: replace(s, trump=C("AH").suit), "not the suit of the last kick"),
        (lambda s: replace(s, scores=(14, 0)), "reached the target"),
        (lambda s: replace(s, hand_points=(4, 0)), "a new hand has no points yet"),
        (
            lambda s: replace(s, kicks=(s.kicks[0], Kick(card=C("AH"), points=3), s.kicks[2])),
            "does not follow",
        ),
        (lambda s: replace(s, call="stand"), "not legal"),
        (lambda s: replace(s, turn=7), "not a seat"),
        (lambda s: replace(s, scored=(Score(side=1, points=9, reason="game"),)), "exceed"),
        (
            lambda s: replace(
                s, hands=(s.hands[0][1:], *s.hands[1:]), stock=(*s.stock, s.hands[0][0])
            ),
            "dealt",
        ),
    ],
)
def test_a_broken_state_is_refused_naming_the_problem(change: object, words: str) -> None:
    game, state = after_a_run()
    broken = change(state)  # type: ignore[operator]
    with pytest.raises(InvalidStateError, match=words):
        game.validate(broken)  # type: ignore[attr-defined]


def test_nothing_is_dealt_before_the_deal() -> None:
    game, state = deal({}, "3H")
    before = game.initial_state()
    game.validate(before)
    with pytest.raises(InvalidStateError, match="nothing may be dealt"):
        game.validate(replace(before, hands=state.hands))
    with pytest.raises(InvalidStateError, match="a new hand has no points yet"):
        game.validate(replace(before, hand_points=(1, 0)))
    assert state.phase is Phase.STAND_OR_BEG
