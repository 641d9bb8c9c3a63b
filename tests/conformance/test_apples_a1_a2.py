"""Rule book A1 (table) and A2 (deal): four players each for themselves, the first dealer drawn
from the seed or fixed by option, the deal passing clockwise, rank A high; the stacked deck
(c0 to the dealer's left, c3 to the dealer ...) and a fresh shuffle of the whole pack."""

from __future__ import annotations

import pytest
from apples_helpers import HANDS, C, apples, cs, deal, stacked_order

import trickcore
from trickcore import CHANCE, DrawDealer, Rng, Shuffle
from trickcore.cards import standard_deck
from trickcore_apples import Phase


def test_four_players_each_for_themselves() -> None:
    game = apples()
    assert game.seats == 4 and game.seat_counts == (4,)
    assert game.sides == ((0,), (1,), (2,), (3,))
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]


def test_the_first_dealer_is_drawn_from_the_seed_unless_fixed() -> None:
    drawn = trickcore.load("apples")
    state = drawn.initial_state()
    assert state.phase is Phase.DRAW_DEALER and drawn.actor(state) is CHANCE
    assert drawn.legal_actions(state) == tuple(DrawDealer(seat=s) for s in range(4))
    after = drawn.apply(state, drawn.sample_chance(state, Rng(9)))
    assert after.phase is Phase.DEAL and after.dealer in range(4)
    fixed = apples(2).initial_state()
    assert (fixed.phase, fixed.dealer) == (Phase.DEAL, 2)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_stacked_deck_deals_one_at_a_time_from_the_dealers_left(dealer: int) -> None:
    game = apples(dealer)
    order = standard_deck()
    state = game.apply(game.initial_state(), Shuffle(order=order))
    left = (dealer + 1) % 4
    assert state.hands[left] == order[0::4]  # c0, c4, ...
    assert state.hands[(dealer + 2) % 4] == order[1::4]
    assert state.hands[dealer] == order[3::4]  # the dealer gets c3, c7, ...
    assert game.actor(state) == left


def test_stacked_hands_come_out_as_stacked() -> None:
    game = apples(3)
    state = deal(game, HANDS)
    assert state.hands == tuple(cs(HANDS[seat]) for seat in range(4))
    assert stacked_order(3, HANDS)[:4] == (C("AS"), C("9S"), C("7S"), C("4S"))


def test_every_deal_is_a_fresh_shuffle_of_the_whole_pack() -> None:
    game = apples(0)
    state = game.initial_state()
    shuffle = game.sample_chance(state, Rng(1))
    assert isinstance(shuffle, Shuffle) and sorted(c.index for c in shuffle.order) == list(
        range(52)
    )
    with pytest.raises(trickcore.IllegalActionError, match="missing"):
        game.apply(state, Shuffle(order=shuffle.order[:51]))
