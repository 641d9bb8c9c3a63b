"""Rule book F3 (standing and begging): stand, beg, give one, run the pack (repeated while the
kick repeats the begged suit, each kick scoring), the fresh deal by the same dealer when the pack
runs out (points kept), one beg per deal, ``no_give_to_win`` and the hand sizes."""

from __future__ import annotations

import pytest
from allfours_helpers import C, cs, deal, play_out, run

from trickcore import CHANCE, IllegalActionError, Shuffle
from trickcore_allfours import PACK, Beg, GiveOne, Kick, Phase, RunPack, Score, Stand


def test_stand_keeps_the_kick_and_play_begins() -> None:
    """F3: the dealer's right stands: the kick's suit is trump and they lead."""
    game, state = deal({}, "3H")
    assert game.actor(state) == 3 and game.legal_actions(state) == (Stand(), Beg())
    state = run(game, state, "3=stand")
    assert state.phase is Phase.PLAY and state.trump is C("3H").suit and state.turn == 3
    assert state.call == "stand" and state.answer is None and state.scores == (0, 0)


def test_beg_answered_by_give_one() -> None:
    """F3: the dealer gives one: the beggar's side scores 1, trump stays, play begins."""
    game, state = deal({}, "3H")
    state = run(game, state, "3=beg")
    assert state.phase is Phase.GIVE_OR_RUN and game.actor(state) == 0
    assert game.legal_actions(state) == (GiveOne(), RunPack())
    events = [str(e) for e in game.events(state, GiveOne(), 2)]
    state = run(game, state, "0=give_one")
    assert state.scores == (0, 1) and state.scored == (Score(side=1, points=1, reason="give_one"),)
    assert state.trump is C("3H").suit and state.phase is Phase.PLAY and state.turn == 3
    assert state.call == "beg" and state.answer == "give_one"
    assert events[:2] == [
        "Seat 0 gives one.",
        "Side 1 scores 1 (given one for the beg, F3); score: side 0 0, side 1 1.",
    ]


def test_a_run_whose_first_kick_repeats_the_suit_and_whose_second_does_not() -> None:
    """F3: the pack is run: 3 more cards each and a new kick; the first repeats the begged suit
    (hearts), so the dealer runs again; the second (a Six of spades) makes spades trump. Each
    kick scores for the dealer's side: the Ace 1, the Six 2."""
    game, state = deal(
        {3: "KS 2C 3C 4C 5C 6C"},
        "4H",
        runs=[({3: "QS QD QC"}, "AH"), ({3: "JS JD JC"}, "6S")],
    )
    assert state.scores == (0, 0)
    begged = state
    state = run(game, state, "3=beg 0=run_pack")
    assert state.kicks == (
        Kick(card=C("4H")),
        Kick(card=C("AH"), points=1),
        Kick(card=C("6S"), points=2),
    )
    assert state.trump is C("6S").suit and state.scores == (3, 0) and state.answer == "run_pack"
    assert [len(hand) for hand in state.hands] == [12, 12, 12, 12]
    assert set(cs("KS QS QD QC JS JD JC")) <= set(state.hands[3])
    assert len(state.stock) == 52 - 48 - 3
    assert state.phase is Phase.PLAY and state.turn == 3
    texts = [str(e) for e in game.events(run(game, begged, "3=beg"), RunPack(), None)]
    assert texts == [
        "Seat 0 runs the pack: 3 more cards each.",
        "Seat 0 kicks AH: hearts, 1 for the dealer's side.",
        "Side 0 scores 1 (the kick AH, F2); score: side 0 1, side 1 0.",
        "Seat 0 runs the pack: 3 more cards each.",
        "Seat 0 kicks 6S: spades, 2 for the dealer's side.",
        "Side 0 scores 2 (the kick 6S, F2); score: side 0 3, side 1 0.",
        "Trumps: spades. Seat 3 leads.",
    ]


def test_one_run_with_a_new_suit_then_nine_tricks() -> None:
    """F3: one run that changes the suit: 9 cards each, 9 tricks; one beg per deal."""
    game, state = deal({}, "4H", runs=[({}, "5D")])
    state = run(game, state, "3=beg 0=run_pack")
    assert state.phase is Phase.PLAY and [len(h) for h in state.hands] == [9, 9, 9, 9]
    state = play_out(game, state)
    assert state.last_hand is not None and state.phase is Phase.DEAL


def test_the_pack_runs_out_the_same_dealer_deals_again_points_kept() -> None:
    """F3: 4 players: after two runs whose kicks repeat the begged suit only 1 card is left, too
    few for another run: the cards are collected and the same dealer deals a fresh pack, with a
    new stand or beg; the dealer's side keeps the kick points (Ace 1 + Six 2 + Jack 3)."""
    game, state = deal({}, "AH", runs=[({}, "6H"), ({}, "JH")])
    assert state.scores == (1, 0)
    before = run(game, state, "3=beg")
    events = [str(e) for e in game.events(before, RunPack(), None)]
    state = game.apply(before, RunPack())
    assert events[-1] == "The pack has run out: seat 0 shuffles and deals again."
    assert state.phase is Phase.DEAL and game.actor(state) is CHANCE and state.dealer == 0
    assert state.scores == (6, 0) and state.hand_points == (6, 0)
    assert state.hand_number == 1 and state.redeals == 1
    assert state.hands == ((), (), (), ()) and state.kicks == ()
    game.validate(state)
    state = game.apply(state, Shuffle(order=PACK))  # the kick is 2H: no points
    assert state.hand_number == 1 and state.phase is Phase.STAND_OR_BEG and state.turn == 3
    assert state.scores == (6, 0) and state.hand_points == (6, 0)
    assert game.legal_actions(state) == (Stand(), Beg())
    state = play_out(game, run(game, state, "3=beg 0=give_one"))
    assert state.last_hand is not None and state.last_hand.hand_number == 1
    assert state.hand_number == 1 and state.dealer == 3 and state.redeals == 0
    last = state.last_hand
    # the hand's whole record: the earlier deal's kicks (6 points) first, then the last deal
    assert sum(last.hand_points) == sum(score.points for score in last.scored)
    earlier = [score for score in last.scored if score.reason == "kick"]
    assert sum(score.points for score in earlier) >= 6 and last.redeals == 1
    assert last.call == "beg" and last.answer == "give_one" and len(last.kicks) == 1
    assert len(last.tricks) == 6 and last.trump is last.kicks[-1].card.suit


def test_two_players_run_the_pack_to_the_limit() -> None:
    """F3 with 2 players: five runs take 5 x 7 cards; when the fifth kick changes the suit the
    hand is played with 21 cards each; when it repeats, 4 cards are left and the dealer deals
    again."""
    repeats = [({}, "5H"), ({}, "7H"), ({}, "8H"), ({}, "9H")]
    game, state = deal({}, "4H", runs=[*repeats, ({}, "6S")], players=2)
    state = run(game, state, "1=beg 0=run_pack")
    assert [len(h) for h in state.hands] == [21, 21] and len(state.stock) == 52 - 42 - 6
    assert len(state.kicks) == 6 and state.trump is C("6S").suit and state.scores == (2, 0)
    state = play_out(game, state)
    assert state.phase is Phase.DEAL and state.last_hand is not None
    game, state = deal({}, "4H", runs=[*repeats, ({}, "TH")], players=2)
    state = run(game, state, "1=beg 0=run_pack")
    assert state.phase is Phase.DEAL and state.redeals == 1 and state.dealer == 0


def test_only_the_dealers_right_stands_or_begs_once_per_deal() -> None:
    """F3: one beg per deal: after the answer nobody stands or begs again; other actions are
    refused with the legal ones named."""
    game, state = deal({}, "3H")
    with pytest.raises(IllegalActionError, match="seat 3 in the stand_or_beg phase"):
        game.apply(state, GiveOne())
    state = run(game, state, "3=beg 0=give_one")
    for action in (Stand(), Beg(), GiveOne()):
        with pytest.raises(IllegalActionError):
            game.apply(state, action)


def test_give_one_can_win_the_game() -> None:
    """F3, F5: the given point counts at once: at 13 the beggar's side wins."""
    game, state = deal({}, "3H", scores=(0, 13))
    state = run(game, state, "3=beg 0=give_one")
    assert state.phase is Phase.OVER and state.winner == 1 and state.scores == (0, 14)


def test_no_give_to_win_makes_the_dealer_run_the_pack() -> None:
    """F3 ``no_give_to_win``: when the point would win the game for the beggar's side, the
    dealer may not give one."""
    game, state = deal({}, "3H", scores=(0, 13), no_give_to_win=True)
    state = run(game, state, "3=beg")
    assert game.legal_actions(state) == (RunPack(),)
    with pytest.raises(IllegalActionError, match="no_give_to_win"):
        game.apply(state, GiveOne())
    game, state = deal({}, "3H", scores=(0, 12), no_give_to_win=True)
    assert game.legal_actions(run(game, state, "3=beg")) == (GiveOne(), RunPack())
