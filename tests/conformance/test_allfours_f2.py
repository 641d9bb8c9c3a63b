"""Rule book F2 (deal and kick): the stacked deck for 4 and 2 players, the kick and its points
(Ace 1, Six 2, Jack 3; ``tobago``: the Two 2 instead of the Six), kicked cards out of play, and
a fresh shuffle for every deal."""

from __future__ import annotations

import pytest
from allfours_helpers import C, allfours, cs, deal, play_out, run, stacked

from trickcore import CHANCE, Rng, Shuffle
from trickcore.testing import stacked_shuffle
from trickcore_allfours import PACK, Kick, Phase, Score


def test_stacked_deal_four_players() -> None:
    """F2: one card at a time from the top, the dealer's right (seat 3 when seat 0 deals) first,
    anticlockwise, the dealer last; c24 is the kick; the rest is the stock in order."""
    game = allfours(0)
    state = game.apply(game.initial_state(), Shuffle(order=PACK))
    order = PACK
    for k, seat in enumerate((3, 2, 1, 0)):
        assert state.hands[seat] == tuple(order[k + 4 * i] for i in range(6))
    assert state.kicks == (Kick(card=order[24], points=0),)  # 2H: no points
    assert state.trump is order[24].suit
    assert state.stock == order[25:]


@pytest.mark.parametrize("dealer", [0, 1])
def test_stacked_deal_two_players(dealer: int) -> None:
    """F2 with 2 players: the non-dealer gets c0 c2 ... c10, the dealer c1 ... c11; c12 kicks."""
    game = allfours(dealer, players=2)
    order = Rng(dealer, "f2").shuffled(PACK)
    state = game.apply(game.initial_state(), Shuffle(order=order))
    assert state.hands[1 - dealer] == tuple(order[0:12:2])
    assert state.hands[dealer] == tuple(order[1:12:2])
    assert state.kicks[0].card == order[12] and state.stock == tuple(order[13:])


@pytest.mark.parametrize(
    ("kick", "tobago", "points"),
    [
        ("AS", False, 1),
        ("6D", False, 2),
        ("JC", False, 3),
        ("2H", False, 0),
        ("2H", True, 2),
        ("6D", True, 0),
        ("KS", False, 0),
        ("TS", True, 0),
    ],
)
@pytest.mark.parametrize("dealer", [0, 1])
def test_kick_points_go_to_the_dealers_side(
    kick: str, tobago: bool, points: int, dealer: int
) -> None:
    """F2: a kicked Ace scores 1, a Six 2, a Jack 3 for the dealer's side at once; with
    ``tobago`` the Two scores 2 and the Six nothing."""
    game, state = deal({}, kick, dealer=dealer, tobago=tobago)
    side = game.side_of(dealer)
    expected = [0, 0]
    expected[side] = points
    assert state.scores == tuple(expected) and state.hand_points == tuple(expected)
    assert state.kicks == (Kick(card=C(kick), points=points),)
    assert state.scored == (
        (Score(side=side, points=points, reason="kick", card=C(kick)),) if points else ()
    )
    assert state.trump is C(kick).suit and state.phase is Phase.STAND_OR_BEG


def test_kick_points_are_told_in_the_events() -> None:
    """F2, F8: everyone sees the kick and the points it scored."""
    game = allfours(0)
    shuffle = stacked(4, 0, {}, "JS")
    texts = [str(event) for event in game.events(game.initial_state(), shuffle, None)]
    assert texts[1] == "Seat 0 kicks JS: spades, 3 for the dealer's side."
    assert texts[2].startswith("Side 0 scores 3 (the kick JS, F2)")


def test_kicked_cards_are_out_of_play() -> None:
    """F2 (Decision): a kicked jack belongs to no hand: nobody scores Jack; kicked cards count
    for none of High, Low or Game."""
    game, state = deal({1: "AH 2C 3C 4C 5C 6C", 0: "2H 7D 8D 9D 2S 3S"}, "JH", players=2)
    assert state.scores == (3, 0)
    state = play_out(game, run(game, state, "1=stand"))
    assert state.last_hand is not None
    reasons = [score.reason for score in state.last_hand.scored]
    assert "jack" not in reasons and "hang_jack" not in reasons
    high, low = state.last_hand.scored[1:3]
    assert (high.card, low.card) == (C("AH"), C("2H"))
    assert sum(state.last_hand.game_points) == sum(
        {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}.get(str(c)[0], 0)
        for c in cs("AH 2C 3C 4C 5C 6C 2H 7D 8D 9D 2S 3S")
    )


def test_every_fresh_deal_is_its_own_shuffle() -> None:
    """F2: after a hand the next deal starts from a full pack at a chance shuffle; nothing of
    the old order is kept."""
    game, state = deal({}, "3H")
    state = play_out(game, run(game, state, "3=stand"))
    assert state.phase is Phase.DEAL and game.actor(state) is CHANCE
    assert state.hands == ((), (), (), ()) and state.stock == () and state.kicks == ()
    assert game.legal_actions(state) == ()
    again = game.apply(state, Shuffle(order=PACK))
    assert again.hand_number == 2 and again.hands[2] == tuple(PACK[k] for k in range(0, 24, 4))


def test_the_kits_stacked_shuffle_deals_as_f2_says() -> None:
    """F2: ``trickcore.testing.stacked_shuffle`` stacks the fresh deal through the game's deal
    schedule; it agrees with the rule book's order, written out independently in the test
    helper."""
    game = allfours(2)
    hands = {1: "AS KS QS JS TS 9S", 2: "AH KH QH JH TH 9H"}
    kit = stacked_shuffle(game, hands, dealer=2, kick="6D")
    state = game.apply(game.initial_state(), kit)
    assert state.hands[1] == cs(hands[1]) and state.hands[2] == cs(hands[2])
    assert state.kicks == (Kick(card=C("6D"), points=2),) and state.scores == (2, 0)
    assert kit.order[:25] == stacked(4, 2, hands, "6D").order[:25]
