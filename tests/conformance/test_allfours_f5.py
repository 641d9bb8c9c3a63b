"""Rule book F5 (scoring a hand): High, Low (to the side dealt it), Jack and hang jack, Game
(a tie scores nothing), in that order, each scored the moment it is counted, so that the game
can end mid-count."""

from __future__ import annotations

import pytest
from allfours_helpers import C, deal, play_out, run

from trickcore_allfours import Phase, Score
from trickcore_allfours.events import GameCounted
from trickcore_allfours.rules import AllFours
from trickcore_allfours.state import AllFoursState

# Two players, seat 0 deals, seat 1 stands and leads; hearts are trumps (the kick 3H is out).
LOW_CAPTURED = {1: "2H 4C 5C 7D 8D 9S", 0: "AH 3C 3D 4D 5D 2S"}
LOW_CAPTURED_PLAY = "1=stand 1=2H 0=AH 0=3C 1=4C 1=5C 0=3D 1=7D 0=4D 1=8D 0=5D 1=9S 0=2S"
# Seat 1 would take Low, Jack and Game; seat 0 holds only the Ace of trumps (High).
HIGH_FIRST = {1: "JH 2H TC TD AC KC", 0: "AH 3C 4C 5D 6D 7S"}
HIGH_FIRST_PLAY = "1=stand 1=TC 0=3C 1=AC 0=4C 1=KC 0=7S 1=TD 0=5D 1=2H 0=AH 0=6D 1=JH"


def scored(state: AllFoursState) -> tuple[Score, ...]:
    assert state.last_hand is not None
    return state.last_hand.scored


def test_low_is_scored_by_its_original_holder_after_the_opponents_capture_it() -> None:
    """F5: seat 1 leads its 2 of trumps and seat 0 takes it with the Ace: High and Game to
    seat 0, Low to seat 1, who was dealt it."""
    game, state = deal(LOW_CAPTURED, "3H", players=2)
    state = run(game, state, LOW_CAPTURED_PLAY)
    assert scored(state) == (
        Score(side=0, points=1, reason="high", card=C("AH")),
        Score(side=1, points=1, reason="low", card=C("2H")),
        Score(side=0, points=1, reason="game"),
    )
    assert state.scores == (2, 1) and state.phase is Phase.DEAL
    assert state.last_hand is not None and state.last_hand.game_points == (4, 0)


def test_the_count_is_told_in_f5s_order() -> None:
    """F5, F8: the events of the last card tell High, Low, Jack and Game in that order."""
    game, state = deal(HIGH_FIRST, "3H", players=2)
    state = run(game, state, HIGH_FIRST_PLAY.rsplit(" ", 1)[0])
    texts = [str(e) for e in game.events(state, game.legal_actions(state)[0], None)]
    assert texts[2:] == [
        "Side 0 scores 1 (High AH, F5); score: side 0 1, side 1 0.",
        "Side 1 scores 1 (Low 2H, F5); score: side 0 1, side 1 1.",
        "Side 1 scores 1 (Jack JH, F5); score: side 0 1, side 1 2.",
        "Game: side 0 counts 4, side 1 counts 28.",
        "Side 1 scores 1 (Game, F5); score: side 0 1, side 1 3.",
        "Hand 1 is over; tricks: side 0 1, side 1 5; score: side 0 1, side 1 3.",
        "Hand 1 (6 tricks): side 0 +1, side 1 +3.",
    ]


def test_a_game_won_at_13_13_by_high_before_low_jack_and_game() -> None:
    """F5: points count the moment they are scored: at 13-13 High wins the game for seat 0
    though seat 1 would take Low, Jack and Game."""
    game, state = deal(HIGH_FIRST, "3H", players=2, scores=(13, 13))
    last = run(game, state, HIGH_FIRST_PLAY.rsplit(" ", 1)[0])
    events = game.events(last, game.legal_actions(last)[0], 1)
    state = run(game, last, HIGH_FIRST_PLAY.rsplit(" ", 1)[1])
    assert state.phase is Phase.OVER and state.winner == 0 and state.scores == (14, 13)
    assert scored(state) == (Score(side=0, points=1, reason="high", card=C("AH")),)
    assert game.outcome(state).winner == 0 and game.actor(state) is None
    assert not any(isinstance(e, GameCounted) for e in events)
    assert str(events[-1]) == "Game over: side 0 wins; score: side 0 14, side 1 13."


def test_the_jack_wins_for_its_side_when_the_partner_captures_it() -> None:
    """F5: seat 3 leads the jack of trumps and its partner (seat 1) takes the trick with the
    Ace: Jack, 1 point, to their side."""
    hands = {3: "JH", 2: "4H", 1: "AH", 0: "5H"}
    game, state = deal(hands, "3H")
    state = play_out(game, run(game, state, "3=stand 3=JH 2=4H 1=AH 0=5H"))
    items = scored(state)
    assert Score(side=1, points=1, reason="jack", card=C("JH")) in items
    assert items[:2] == (
        Score(side=1, points=1, reason="high", card=C("AH")),
        Score(side=0, points=1, reason="low", card=C("4H")),
    )


def test_the_jack_wins_for_its_holder_who_takes_the_trick() -> None:
    """F5: seat 1 plays the jack last, on seat 0's lead of diamonds, and wins it."""
    game, state = deal(HIGH_FIRST, "3H", players=2)
    state = run(game, state, HIGH_FIRST_PLAY)
    assert Score(side=1, points=1, reason="jack", card=C("JH")) in scored(state)


@pytest.mark.parametrize("hang_jack", [3, 5])
def test_the_jack_hanged_by_the_opponents(hang_jack: int) -> None:
    """F5: seat 1 leads the jack, seat 0 captures it with the queen: seat 0's side scores
    ``hang_jack`` (3 by default); the jack is also the lowest trump in play, Low to seat 1."""
    hands = {1: "JH 4C 5C 6C 7C 8C", 0: "QH 2D 3D 4D 5D 6D"}
    game, state = deal(hands, "3H", players=2, hang_jack=hang_jack)
    state = run(game, state, "1=stand 1=JH 0=QH")
    state = play_out(game, state)
    assert scored(state) == (
        Score(side=0, points=1, reason="high", card=C("QH")),
        Score(side=1, points=1, reason="low", card=C("JH")),
        Score(side=0, points=hang_jack, reason="hang_jack", card=C("JH")),
        Score(side=0, points=1, reason="game"),
    )
    assert state.scores == (2 + hang_jack, 1)


def test_a_game_tie_scores_nothing_and_no_trump_in_play_no_high_or_low() -> None:
    """F5: 10 card points each: nobody scores Game; no trump was dealt: nobody scores High or
    Low; the jack was not dealt: no Jack."""
    hands = {1: "TC 2S 3S 4S 5S 6S", 0: "TD 7S 8S 9S 2C 3C"}
    game, state = deal(hands, "3H", players=2)
    last = run(game, state, "1=stand 1=TC 0=2C 1=2S 0=7S 0=TD 1=3S 0=8S 1=4S 0=9S 1=5S 0=3C")
    events = [str(e) for e in game.events(last, game.legal_actions(last)[0], None)]
    state = run(game, last, "1=6S")
    assert scored(state) == () and state.scores == (0, 0)
    assert state.last_hand is not None and state.last_hand.game_points == (10, 10)
    assert "Game: side 0 counts 10, side 1 counts 10: a tie, no point." in events


def test_one_trump_in_play_scores_both_high_and_low() -> None:
    """F5: exactly one trump in play: its holder's side scores High and Low."""
    hands = {1: "5H 2C 3C 4C 5C 6C", 0: "7C 8C 9C 2D 3D 4D"}
    game, state = deal(hands, "3H", players=2)
    state = play_out(game, run(game, state, "1=stand"))
    assert scored(state)[:2] == (
        Score(side=1, points=1, reason="high", card=C("5H")),
        Score(side=1, points=1, reason="low", card=C("5H")),
    )


def test_points_per_hand_add_up_in_the_record() -> None:
    """F5: the hand's record holds every point of its deal in order; the scores agree."""
    game, state = deal(LOW_CAPTURED, "AS", players=2)  # the kick: 1 for seat 0
    state = run(game, state, "1=beg 0=give_one")
    state = play_out(game, state)
    assert isinstance(game, AllFours) and state.last_hand is not None
    items = scored(state)
    assert [s.reason for s in items[:2]] == ["kick", "give_one"]
    per_side = [sum(s.points for s in items if s.side == side) for side in (0, 1)]
    assert tuple(per_side) == state.scores == state.last_hand.hand_points
