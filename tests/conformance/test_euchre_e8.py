"""Rule book E8 (scoring a hand): every row of the table and the option
``lone_defender_bonus``, each from a hand played out card by card. Maker: seat 0 (side 0),
dealer seat 3, hearts ordered up; the trick winners are arranged, the score is the engine's."""

from __future__ import annotations

import pytest
from euchre_helpers import ARRANGED_UP, arranged, deal, euchre, parse_action, run

from trickcore_euchre.events import HandOver, PointsScored
from trickcore_euchre.state import Phase

BOTH = "0=partner 1=partner 2=partner 3=partner"
LONE_MAKER = "0=alone 1=partner 3=partner"  # seat 2 sits out, seat 1 (the loner's left) leads
LONE_PARTNER = "0=partner 1=partner 2=alone 3=partner"  # the maker sits out; seat 3 leads
LONE_DEFENDER = "0=partner 1=alone 2=partner"  # seat 3 sits out; seat 2 leads
BOTH_ALONE = "0=alone 1=alone"  # seats 2 and 3 sit out; the lone defender 1 leads

# (id, declarations, active seats, first leader, trick winners, bonus, scoring side, points)
CASES = [
    # makers, both playing: 3 or 4 -> 1; 5 (a march) -> 2
    ("makers-3", BOTH, (0, 1, 2, 3), 0, [0, 2, 0, 1, 3], False, 0, 1),
    ("makers-4", BOTH, (0, 1, 2, 3), 0, [0, 2, 0, 2, 1], False, 0, 1),
    ("makers-march", BOTH, (0, 1, 2, 3), 0, [0, 2, 0, 2, 2], False, 0, 2),
    # a lone player of the makers' side: 3 or 4 -> 1; 5 -> 4
    ("lone-maker-3", LONE_MAKER, (0, 1, 3), 1, [0, 0, 0, 1, 3], False, 0, 1),
    ("lone-maker-4", LONE_MAKER, (0, 1, 3), 1, [0, 0, 3, 0, 0], False, 0, 1),
    ("lone-maker-5", LONE_MAKER, (0, 1, 3), 1, [0, 0, 0, 0, 0], False, 0, 4),
    ("lone-partner-3", LONE_PARTNER, (1, 2, 3), 3, [2, 1, 2, 3, 2], False, 0, 1),
    ("lone-partner-5", LONE_PARTNER, (1, 2, 3), 3, [2, 2, 2, 2, 2], False, 0, 4),
    # makers euchred, no lone defender: 0-2 -> defenders 2
    ("euchred-2", BOTH, (0, 1, 2, 3), 0, [1, 3, 1, 0, 2], False, 1, 2),
    ("euchred-1", BOTH, (0, 1, 2, 3), 0, [1, 3, 1, 3, 0], False, 1, 2),
    ("euchred-0", BOTH, (0, 1, 2, 3), 0, [1, 3, 1, 3, 1], False, 1, 2),
    ("lone-maker-euchred", LONE_MAKER, (0, 1, 3), 1, [1, 3, 0, 1, 0], False, 1, 2),
    ("lone-maker-euchred-0", LONE_MAKER, (0, 1, 3), 1, [1, 3, 1, 3, 1], False, 1, 2),
    # makers euchred by a lone defender: 3 or 4 -> 2; 5 -> 4
    ("lone-defender-3", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 0, 2], False, 1, 2),
    ("lone-defender-4", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 1, 0], False, 1, 2),
    ("lone-defender-5", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 1, 1], False, 1, 4),
    # the makers make it against a lone defender: as for makers both playing
    ("makers-3-vs-lone-defender", LONE_DEFENDER, (0, 1, 2), 2, [0, 0, 2, 1, 1], False, 0, 1),
    ("makers-march-vs-lone-def", LONE_DEFENDER, (0, 1, 2), 2, [0, 2, 2, 0, 0], False, 0, 2),
    # both sides alone
    ("both-alone-maker-5", BOTH_ALONE, (0, 1), 1, [0, 0, 0, 0, 0], False, 0, 4),
    ("both-alone-maker-3", BOTH_ALONE, (0, 1), 1, [0, 1, 0, 1, 0], False, 0, 1),
    ("both-alone-defender-3", BOTH_ALONE, (0, 1), 1, [1, 0, 1, 0, 1], False, 1, 2),
    ("both-alone-defender-5", BOTH_ALONE, (0, 1), 1, [1, 1, 1, 1, 1], False, 1, 4),
    # option lone_defender_bonus: a lone defender who wins 3 or more scores 4
    ("bonus-lone-defender-3", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 0, 2], True, 1, 4),
    ("bonus-lone-defender-4", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 1, 0], True, 1, 4),
    ("bonus-lone-defender-5", LONE_DEFENDER, (0, 1, 2), 2, [1, 1, 1, 1, 1], True, 1, 4),
    ("bonus-both-alone-def-3", BOTH_ALONE, (0, 1), 1, [1, 0, 1, 0, 1], True, 1, 4),
    # ... and changes nothing else
    ("bonus-euchred-no-loner", BOTH, (0, 1, 2, 3), 0, [1, 3, 1, 3, 1], True, 1, 2),
    ("bonus-makers-3-vs-lone", LONE_DEFENDER, (0, 1, 2), 2, [0, 0, 2, 1, 1], True, 0, 1),
    ("bonus-lone-maker-4", LONE_MAKER, (0, 1, 3), 1, [0, 0, 3, 0, 0], True, 0, 1),
    ("bonus-lone-maker-5", LONE_MAKER, (0, 1, 3), 1, [0, 0, 0, 0, 0], True, 0, 4),
    ("bonus-makers-march", BOTH, (0, 1, 2, 3), 0, [0, 2, 0, 2, 2], True, 0, 2),
]


@pytest.mark.parametrize(
    ("declarations", "active", "leader", "winners", "bonus", "side", "points"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_score_table(
    *,
    declarations: str,
    active: tuple[int, ...],
    leader: int,
    winners: list[int],
    bonus: bool,
    side: int,
    points: int,
) -> None:
    """E8: the points of the table (and of ``lone_defender_bonus``) go to one side only, for
    the trick counts arranged; the hand's result and the PointsScored and HandOver events agree."""
    game = euchre(3, lone_defender_bonus=bonus)
    hands, play = arranged(winners, leader, active)
    state = deal(game, 3, hands, up=ARRANGED_UP)
    state = run(game, state, f"0=order_up 3=discard:9H {declarations}")
    assert state.phase is Phase.PLAY
    assert game.actor(state) == leader
    tokens = play.split()
    state = run(game, state, " ".join(tokens[:-1]))
    before = state
    state = run(game, state, tokens[-1])
    made = sum(1 for seat in winners if seat % 2 == 0)
    result = state.last_hand
    assert result is not None
    assert result.tricks == (made, 5 - made)
    assert result.makers == 0 and result.maker == 0
    assert result.scoring_side == side and result.points == points
    expected = [0, 0]
    expected[side] = points  # only one side scores
    assert state.scores == tuple(expected)
    assert game.outcome(state).scores == tuple(expected)
    assert state.phase is Phase.DEAL  # 4 points are short of 10
    last = parse_action(tokens[-1].split("=")[1])
    events = game.events(before, last, None)
    (scored,) = [e for e in events if isinstance(e, PointsScored)]
    assert (scored.side, scored.points, scored.scores) == (side, points, tuple(expected))
    assert scored.rule == "E8"
    (over,) = [e for e in events if isinstance(e, HandOver)]
    assert over.tricks == (made, 5 - made) and over.scores == tuple(expected)


def test_scores_accumulate_over_hands() -> None:
    """E8: each hand's points are added to the side's score; the other side's score stays."""
    game = euchre(3)
    state = game.initial_state()
    hands, play = arranged([0, 2, 0, 2, 2], 0)  # side 0 marches: 2
    state = deal(game, 3, hands, up=ARRANGED_UP, state=state)
    state = run(game, state, f"0=order_up 3=discard:9H {BOTH} {play}")
    assert state.scores == (2, 0)
    # dealer 0; seat 1 orders up and is euchred: side 0 scores 2 more
    hands, play = arranged([0, 2, 0, 1, 3], 1)
    state = deal(game, 0, hands, up=ARRANGED_UP, state=state)
    state = run(
        game, state, f"1=order_up 0=discard:9H 1=partner 2=partner 3=partner 0=partner {play}"
    )
    assert state.last_hand is not None and state.last_hand.makers == 1
    assert state.scores == (4, 0)
