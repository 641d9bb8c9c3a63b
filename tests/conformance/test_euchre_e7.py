"""Rule book E7 (play): who leads (both ``lone_lead`` options), following suit, no duty to
trump or overtrump, the trick winner, the winner leading, skipping the player sitting out,
five tricks."""

from __future__ import annotations

from typing import Any

import pytest
from euchre_helpers import ARRANGED_UP, C, arranged, cs, deal, euchre, run

from trickcore import IllegalActionError, digest
from trickcore_euchre.actions import Play
from trickcore_euchre.state import EuchreState, Phase

# Dealer 0, seat 1 orders up, the dealer discards the up-card; then the declarations.
# (script of declarations, expected leader with lone_left, with dealer_left, sitting out)
LEADS = [
    ("1=partner 2=partner 3=partner 0=partner", 1, 1, ()),  # no loner: dealer's left
    ("1=alone 2=partner 0=partner", 2, 1, (3,)),  # lone maker 1: seat 2
    ("1=partner 2=alone 3=partner", 3, 1, (0,)),  # lone defender 2: seat 3
    ("1=partner 2=partner 3=alone 0=partner", 0, 2, (1,)),  # maker sits out
    ("1=partner 2=partner 3=partner 0=alone", 1, 1, (2,)),  # the dealer alone
    ("1=alone 2=alone", 2, 1, (3, 0)),  # both alone: the lone defender leads
    ("1=partner 2=alone 3=alone", 2, 2, (0, 1)),  # both alone, maker sits out
    ("1=partner 2=partner 3=alone 0=alone", 0, 3, (1, 2)),  # seats 1 and 2 both sit out
]


@pytest.mark.parametrize("lone_lead", ["lone_left", "dealer_left"])
@pytest.mark.parametrize(("script", "lone_left", "dealer_left", "out"), LEADS)
def test_first_lead(
    script: str, lone_left: int, dealer_left: int, out: tuple[int, ...], lone_lead: str
) -> None:
    """E7: with ``lone_lead = lone_left`` (default) the dealer's left leads, or the lone
    player's left, or with both sides alone the lone defender; with ``dealer_left`` the
    dealer's left or the next active player clockwise. The order of play skips those
    sitting out."""
    game = euchre(0, lone_lead=lone_lead)
    state = deal(game, 0, {}, up="9H")
    state = run(game, state, f"1=order_up 0=discard:9H {script}")
    assert state.phase is Phase.PLAY
    assert set(state.sitting_out) == set(out)
    leader = lone_left if lone_lead == "lone_left" else dealer_left
    assert game.actor(state) == leader
    assert state.trick_seats == tuple(
        seat for seat in ((leader + k) % 4 for k in range(4)) if seat not in out
    )


def test_default_lone_lead_is_lone_left() -> None:
    """E7, E9: the default is ``lone_left``: a lone maker's left leads, not the dealer's."""
    game = euchre(0)
    state = deal(game, 0, {}, up="9H")
    state = run(game, state, "1=order_up 0=discard:9H 1=alone 2=partner 0=partner")
    assert game.actor(state) == 2


# A hand played out with the legal choices checked at each step (dealer 3, hearts trump).
FOLLOW_HANDS = {
    0: "AC KC 9S TS JH",
    1: "QC AS KS KH 9D",
    2: "AD KD QD JS QH",
    3: "JC TC 9C AH TH",
}


def _legal(game: Any, state: EuchreState) -> set[str]:
    return {str(action.card) for action in game.legal_actions(state)}


def test_follow_suit_no_duty_to_trump_or_overtrump_and_trick_winners() -> None:
    """E7: follow suit if you can, else any card; no duty to trump or overtrump; the highest
    trump wins, else the highest card of the suit led; the winner leads; 5 tricks; then E8
    scores the hand (maker seat 0 takes 2: euchred, defenders 2)."""
    game = euchre(3)
    state = deal(game, 3, FOLLOW_HANDS, up="9H")
    state = run(game, state, "0=order_up 3=discard:9H 0=partner 1=partner 2=partner 3=partner")
    assert game.actor(state) == 0
    # trick 1: clubs led
    state = run(game, state, "0=AC")
    assert _legal(game, state) == {"QC"}  # seat 1 must follow
    before = digest(state)
    with pytest.raises(IllegalActionError, match="followed"):
        game.apply(state, Play(card=C("AS")))
    with pytest.raises(IllegalActionError, match="does not hold"):
        game.apply(state, Play(card=C("JC")))
    assert digest(state) == before
    state = run(game, state, "1=QC")
    assert _legal(game, state) == set(FOLLOW_HANDS[2].split())  # void: anything
    state = run(game, state, "2=AD")  # holds the QH but need not trump
    assert _legal(game, state) == {"JC", "TC", "9C"}
    state = run(game, state, "3=9C")
    assert state.tricks[-1].winner == 0
    # trick 2: the winner leads; a trump beats the suit led; no duty to overtrump
    assert game.actor(state) == 0
    state = run(game, state, "0=KC 1=KH")
    assert _legal(game, state) == {"KD", "QD", "JS", "QH"}
    state = run(game, state, "2=QH")  # a lower trump: legal
    assert _legal(game, state) == {"JC", "TC"}
    state = run(game, state, "3=TC")
    assert state.tricks[-1].winner == 1
    # trick 3: seat 1 leads; seat 3 trumps in with the ace
    state = run(game, state, "1=AS")
    assert _legal(game, state) == {"JS"}
    state = run(game, state, "2=JS")
    assert _legal(game, state) == {"JC", "AH", "TH"}
    state = run(game, state, "3=AH")
    assert _legal(game, state) == {"9S", "TS"}
    state = run(game, state, "0=9S")
    assert state.tricks[-1].winner == 3
    # trick 4: the right bower wins
    state = run(game, state, "3=JC 0=JH 1=9D 2=KD")
    assert state.tricks[-1].winner == 0
    # trick 5
    assert [trick.winner for trick in state.tricks] == [0, 1, 3, 0]
    assert [trick.leader for trick in state.tricks] == [0, 0, 1, 3]
    state = run(game, state, "0=TS 1=KS 2=QD")
    assert state.phase is Phase.PLAY and state.trick == cs("TS KS QD")
    state = run(game, state, "3=TH")  # the last card: seat 3 trumps and wins trick 5
    result = state.last_hand
    assert result is not None and result.tricks == (2, 3)
    assert result.scoring_side == 1 and result.points == 2
    assert state.scores == (0, 2)
    assert state.phase is Phase.DEAL and state.dealer == 0


def test_player_sitting_out_is_skipped() -> None:
    """E7: a player sitting out never acts; each trick has three cards; their hand stays
    laid down (five cards) while the lone player plays all five tricks."""
    game = euchre(0)
    winners = [1, 1, 2, 1, 1]
    hands, play = arranged(winners, 2, active=(0, 1, 2))
    state = deal(game, 0, hands, up=ARRANGED_UP)
    state = run(game, state, "1=order_up 0=discard:9H 1=alone 2=partner 0=partner")
    laid_down = state.hands[3]
    assert len(laid_down) == 5
    actors = []
    tokens = play.split()
    for token in tokens[:-1]:
        actors.append(game.actor(state))
        state = run(game, state, token)
        assert state.hands[3] == laid_down
    assert all(len(trick.cards) == 3 and 3 not in trick.seats for trick in state.tricks)
    assert [trick.winner for trick in state.tricks] == winners[:4]
    actors.append(game.actor(state))
    state = run(game, state, tokens[-1])
    assert 3 not in actors
    assert len(actors) == 15
    assert state.last_hand is not None and state.last_hand.tricks == (1, 4)
    assert state.scores == (0, 1)  # a lone maker with 4 tricks: 1 point (E8)


def test_five_tricks_then_the_next_deal() -> None:
    """E7: there are 5 tricks; after the fifth the hand is scored and play stops."""
    game = euchre(3)
    hands, play = arranged([0, 1, 2, 3, 0], 0)
    state = deal(game, 3, hands, up=ARRANGED_UP)
    state = run(game, state, "0=order_up 3=discard:9H 0=partner 1=partner 2=partner 3=partner")
    tokens = play.split()
    state = run(game, state, " ".join(tokens[:16]))
    assert state.phase is Phase.PLAY and len(state.tricks) == 4
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    state = run(game, state, " ".join(tokens[16:19]))
    assert state.phase is Phase.PLAY and len(state.trick) == 3
    state = run(game, state, tokens[19])
    assert state.phase is Phase.DEAL
    assert state.last_hand is not None and sum(state.last_hand.tricks) == 5


def test_helper_hands_hold_what_they_play() -> None:
    """E7 helper check: an arranged hand's seats hold exactly the cards they play."""
    hands, play = arranged([0, 1, 2, 3, 0], 0)
    played: dict[int, list[str]] = {}
    for token in play.split():
        seat, card = token.split("=")
        played.setdefault(int(seat), []).append(card)
    assert {seat: cs(" ".join(cards)) for seat, cards in played.items()} == hands
