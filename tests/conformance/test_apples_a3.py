"""Rule book A3 (the auction): who speaks first, bid strength with the suit order Diamonds <
Hearts < Clubs < Spades, the cap of a bid by the bidder's cards in its suit, the end after three
passes, the all-pass redeal by the same dealer, re-entering after a pass, and ``pass_is_final``."""

from __future__ import annotations

import pytest
from apples_helpers import HANDS, PASS, apples, bid, deal, run

import trickcore
from trickcore import CHANCE, IllegalActionError, Rng, Shuffle, Suit
from trickcore.testing import ScriptError
from trickcore_apples import Bid, Call, Phase

# HANDS: dealt with seat 3 as dealer, so seat 0 speaks first.


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_player_on_the_dealers_left_speaks_first_then_clockwise(dealer: int) -> None:
    game = apples(dealer)
    state = deal(game, HANDS)
    seen = []
    for _ in range(3):
        seen.append(game.actor(state))
        state = game.apply(state, PASS)
    assert seen == [(dealer + k) % 4 for k in (1, 2, 3)]


def test_legal_bids_are_capped_by_the_suit_count_and_ordered_by_strength() -> None:
    game = apples(3)
    state = deal(game, HANDS)
    legal = game.legal_actions(state)
    assert legal[0] == PASS
    bids = [(a.number, a.suit.value) for a in legal[1:] if isinstance(a, Bid)]
    # seat 0 holds 2 diamonds, 3 hearts, 3 clubs and 5 spades
    assert bids == [
        (1, "D"), (1, "H"), (1, "C"), (1, "S"),
        (2, "D"), (2, "H"), (2, "C"), (2, "S"),
        (3, "H"), (3, "C"), (3, "S"),
        (4, "S"), (5, "S"),
    ]  # fmt: skip


def test_a_bid_beyond_the_bidders_suit_count_is_refused() -> None:
    game = apples(3)
    state = deal(game, HANDS)
    with pytest.raises(IllegalActionError, match="holds 5 spades") as refused:
        game.apply(state, bid(6, "S"))
    assert refused.value.seat == 0
    with pytest.raises(IllegalActionError, match="holds 2 diamonds"):
        game.apply(state, bid(3, "D"))
    with pytest.raises(IllegalActionError):
        game.apply(state, Bid(number=0, suit=Suit.SPADES))  # the smallest bid is One
    assert state.auction == ()  # nothing changed


def test_a_bid_not_stronger_than_the_highest_is_refused() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(2, "C"))])
    for weaker in (bid(2, "H"), bid(2, "C"), bid(1, "S")):
        with pytest.raises(IllegalActionError, match="not stronger than bid 2 clubs"):
            game.apply(state, weaker)
    # "Two Spades" beats "Two Clubs"; "Three Diamonds" beats "Two Spades"
    state = run(game, state, [(1, bid(2, "S")), (2, bid(3, "D"))])
    assert state.auction[-1] == Call(seat=2, number=3, suit=Suit.DIAMONDS)


def test_a_bid_followed_by_three_passes_wins_and_names_trump() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(3, "S")), (1, PASS), (2, PASS)])
    assert state.phase is Phase.AUCTION
    state = run(game, state, [(3, PASS)])
    assert state.phase is Phase.PILE
    assert (state.declarer, state.trump, state.number) == (0, Suit.SPADES, 3)
    assert game.actor(state) == 0  # the winner gives to the pile first (A4)


def test_all_pass_the_same_dealer_deals_again() -> None:
    game = apples(2)
    hands = {1: HANDS[0], 2: HANDS[1], 3: HANDS[2], 0: HANDS[3]}
    state = run(game, deal(game, hands), [(3, PASS), (0, PASS), (1, PASS)])
    assert state.phase is Phase.AUCTION
    events = game.events(state, PASS, None)
    state = run(game, state, [(2, PASS)])
    assert state.phase is Phase.DEAL and state.dealer == 2  # the deal does not pass
    assert game.actor(state) is CHANCE
    assert "seat 2 deals again" in " ".join(map(str, events))
    assert state.hands == ((), (), (), ()) and state.auction == ()
    # a fresh shuffle of the whole pack, drawn from the seed, then the auction starts again
    shuffle = game.sample_chance(state, Rng(5))
    assert isinstance(shuffle, Shuffle) and len(shuffle.order) == 52
    again = game.apply(state, shuffle)
    assert (again.phase, again.dealer, game.actor(again)) == (Phase.AUCTION, 2, 3)
    assert again.round_number == state.round_number + 1


def test_a_player_who_passed_may_bid_later() -> None:
    """A3 Decision: as in bridge, a pass does not stop a player from bidding on a later turn."""
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, PASS), (1, bid(1, "H")), (2, PASS), (3, PASS)])
    assert game.actor(state) == 0
    state = run(game, state, [(0, bid(2, "S")), (1, PASS), (2, PASS), (3, PASS)])
    assert (state.phase, state.declarer, state.trump) == (Phase.PILE, 0, Suit.SPADES)


def test_pass_is_final_skips_a_player_who_passed() -> None:
    game = apples(3, pass_is_final=True)
    state = run(game, deal(game, HANDS), [(0, PASS), (1, bid(1, "H")), (2, bid(2, "D"))])
    state = run(game, state, [(3, PASS)])
    assert game.actor(state) == 1  # seat 0 passed: skipped
    with pytest.raises(ScriptError, match="seat 1's turn, not seat 0's"):
        run(game, state, [(0, bid(2, "S"))])
    state = run(game, state, [(1, PASS)])  # all but one passed, and that one has bid
    assert (state.phase, state.declarer, state.trump, state.number) == (
        Phase.PILE,
        2,
        Suit.DIAMONDS,
        2,
    )


def test_pass_is_final_the_last_player_may_still_bid_or_pass() -> None:
    game = apples(3, pass_is_final=True)
    state = run(game, deal(game, HANDS), [(0, PASS), (1, PASS), (2, PASS)])
    assert game.actor(state) == 3
    won = run(game, state, [(3, bid(1, "C"))])
    assert (won.phase, won.declarer) == (Phase.PILE, 3)
    redeal = run(game, state, [(3, PASS)])
    assert (redeal.phase, redeal.dealer) == (Phase.DEAL, 3)


def test_pass_is_final_a_table_refuses_the_seat_that_passed() -> None:
    """At a table of four humans, seat 0 passed: its later bid is refused (not its turn)."""
    game = apples(3, pass_is_final=True)
    table = trickcore.Table(game, [None, None, None, None], seed=5)
    table.advance()  # the deal
    table.play(0, PASS)
    for seat in (1, 2):
        cheapest = next(a for a in table.legal_actions(seat) if isinstance(a, Bid))
        table.play(seat, cheapest)
    table.play(3, PASS)
    with pytest.raises(
        trickcore.WrongSeatError, match=r"not seat 0's turn: seat 1 \(human\) is to act"
    ):
        table.play(0, bid(1, "S"))
    assert table.to_act == 1
