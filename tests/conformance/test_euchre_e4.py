"""Rule book E4 (bidding): the first round and ordering up, the dealer's compulsory pick-up
and discard, the second round with the turned-down suit barred, hands thrown in, stick the
dealer, and the makers."""

from __future__ import annotations

import pytest
from euchre_helpers import ARRANGED_UP, C, arranged, cs, deal, euchre, run

from trickcore import CHANCE, IllegalActionError, Rng, Shuffle, Suit, digest
from trickcore_euchre.actions import Call, Discard, OrderUp, Pass
from trickcore_euchre.state import Bid, Phase

HANDS = {
    0: "9C TC JC QC KC",
    1: "AC 9D TD JD QD",
    2: "KD AD 9H TH JH",
    3: "QH KH AH 9S TS",
}
# up-card JS; undealt QS KS AS


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_first_round_goes_clockwise_from_the_dealers_left(dealer: int) -> None:
    """E4: the first round starts on the dealer's left and goes clockwise; every pass is
    recorded; after four passes the second round starts on the dealer's left again."""
    game = euchre(dealer)
    state = deal(game, dealer, HANDS, up="JS")
    seen = []
    for _ in range(4):
        assert state.phase is Phase.BID_FIRST
        assert game.legal_actions(state) == (Pass(), OrderUp())
        seen.append(game.actor(state))
        state = game.apply(state, Pass())
    assert seen == [(dealer + k) % 4 for k in range(1, 5)]
    assert state.auction == tuple(Bid(seat=seat, kind="pass") for seat in seen)
    assert state.phase is Phase.BID_SECOND
    assert game.actor(state) == (dealer + 1) % 4


ORDERERS = [(1, "left opponent"), (2, "partner assists"), (3, "right opponent"), (0, "dealer")]


@pytest.mark.parametrize(("offset", "who"), ORDERERS, ids=[o[1] for o in ORDERERS])
def test_order_up_by_any_seat_makes_the_up_suit_trump(offset: int, who: str) -> None:
    """E4: any seat may accept the up-card's suit (order up, assist, pick up); the first
    acceptance ends the bidding, that seat is the maker, and the dealer must take the up-card
    (6 cards) and discard."""
    dealer = 2
    seat = (dealer + offset) % 4
    game = euchre(dealer)
    state = deal(game, dealer, HANDS, up="JS")
    before_pickup = state.hands[dealer]
    passes = " ".join(f"{(dealer + k) % 4}=pass" for k in range(1, offset or 4))
    state = run(game, state, f"{passes} {seat}=order_up")
    assert state.trump is Suit.SPADES
    assert state.maker == seat
    assert state.auction[-1] == Bid(seat=seat, kind="order_up", suit=Suit.SPADES)
    assert len(state.auction) == (offset or 4)
    assert state.phase is Phase.DISCARD
    assert game.actor(state) == dealer
    assert state.picked_up
    assert sorted(state.hands[dealer], key=str) == sorted((*before_pickup, C("JS")), key=str)
    assert set(game.legal_actions(state)) == {Discard(card=card) for card in state.hands[dealer]}
    for refused in (Pass(), OrderUp(), Call(suit=Suit.HEARTS)):
        with pytest.raises(IllegalActionError):
            game.apply(state, refused)


def test_ordering_up_needs_no_card_of_the_suit() -> None:
    """E4: a player need not hold the suit to order it up (seat 1 holds no spade)."""
    game = euchre(0)
    state = deal(game, 0, HANDS, up="JS")
    assert not any(card.suit is Suit.SPADES for card in state.hands[1])
    state = run(game, state, "1=order_up")
    assert state.trump is Suit.SPADES and state.maker == 1


def test_dealer_may_discard_the_up_card_itself() -> None:
    """E4: the dealer takes the up-card and discards any card, the up-card included."""
    game = euchre(0)
    state = deal(game, 0, HANDS, up="JS")
    dealt = state.hands[0]
    state = run(game, state, "1=pass 2=order_up 0=discard:JS")
    assert state.hands[0] == dealt
    assert state.discard == C("JS")
    assert state.picked_up
    assert state.phase is Phase.ALONE and game.actor(state) == 2  # the maker is asked first


def test_dealer_discards_a_card_of_their_own() -> None:
    """E4: the dealer keeps the up-card and discards another card; a card the dealer does not
    hold cannot be discarded (and nothing changes)."""
    game = euchre(0)
    state = deal(game, 0, HANDS, up="JS")
    state = run(game, state, "1=pass 2=pass 3=pass 0=order_up")
    before = digest(state)
    with pytest.raises(IllegalActionError, match="discard"):
        game.apply(state, Discard(card=C("AS")))
    assert digest(state) == before
    state = run(game, state, "0=discard:9C")
    assert set(state.hands[0]) == set(cs("TC JC QC KC JS"))
    assert state.discard == C("9C")
    assert state.maker == 0


@pytest.mark.parametrize("up", ["9C", "TD", "QH", "JS"])
def test_second_round_bars_the_turned_down_suit(up: str) -> None:
    """E4: after four passes the up-card is turned down; in the second round each player
    passes or names one of the three other suits; the turned-down suit is refused."""
    game = euchre(3)
    state = deal(game, 3, {}, up=up)
    state = run(game, state, "0=pass 1=pass 2=pass 3=pass")
    assert state.phase is Phase.BID_SECOND
    up_suit = C(up).suit
    assert up_suit is not None
    others = [Call(suit=suit) for suit in Suit if suit is not up_suit]
    assert set(game.legal_actions(state)) == {Pass(), *others}
    assert len(game.legal_actions(state)) == 4
    before = digest(state)
    with pytest.raises(IllegalActionError, match="turned-down"):
        game.apply(state, Call(suit=up_suit))
    with pytest.raises(IllegalActionError):
        game.apply(state, OrderUp())
    assert digest(state) == before


def test_second_round_first_suit_named_is_trump_without_pick_up() -> None:
    """E4: the first suit named is trump; its caller is the maker; the dealer does not take
    the turned-down card (no discard); the up-card stays known."""
    game = euchre(3)
    state = deal(game, 3, HANDS, up="JS")
    state = run(game, state, "0=pass 1=pass 2=pass 3=pass 0=pass 1=call:H")
    assert state.trump is Suit.HEARTS
    assert state.maker == 1
    assert state.auction[-1] == Bid(seat=1, kind="call", suit=Suit.HEARTS)
    assert not state.picked_up and state.discard is None
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert state.up_card == C("JS")
    assert state.phase is Phase.ALONE and game.actor(state) == 1


@pytest.mark.parametrize("dealer", [0, 3])
def test_second_round_pass_out_throws_the_hand_in(dealer: int) -> None:
    """E4: all four pass again: the hand is thrown in, nobody scores, the deal passes to the
    left and the next deal is a new shuffle."""
    game = euchre(dealer)
    state = deal(game, dealer, HANDS, up="JS")
    state = run(game, state, " ".join(["pass"] * 8))
    assert state.phase is Phase.DEAL and game.actor(state) is CHANCE
    assert state.dealer == (dealer + 1) % 4
    assert state.scores == (0, 0)
    assert state.last_hand is not None and state.last_hand.thrown_in
    assert state.last_hand.dealer == dealer and state.last_hand.points == 0
    assert state.auction == () and state.trump is None
    state = game.apply(state, game.sample_chance(state, Rng(5, "chance", 1)))
    assert state.phase is Phase.BID_FIRST and state.hand_number == 2
    assert game.actor(state) == (dealer + 2) % 4


def test_stick_the_dealer_dealer_may_not_pass() -> None:
    """E4 option ``stick_the_dealer``: in the second round the others may pass, but the dealer
    must name one of the three suits other than the turned-down one."""
    game = euchre(1, stick_the_dealer=True)
    state = deal(game, 1, HANDS, up="JS")
    state = run(game, state, "2=pass 3=pass 0=pass 1=pass")  # the dealer may pass in round 1
    state = run(game, state, "2=pass 3=pass 0=pass")
    assert game.actor(state) == 1
    assert set(game.legal_actions(state)) == {
        Call(suit=Suit.CLUBS),
        Call(suit=Suit.DIAMONDS),
        Call(suit=Suit.HEARTS),
    }
    assert len(game.legal_actions(state)) == 3
    before = digest(state)
    with pytest.raises(IllegalActionError, match="dealer"):
        game.apply(state, Pass())
    with pytest.raises(IllegalActionError):
        game.apply(state, Call(suit=Suit.SPADES))
    assert digest(state) == before
    state = run(game, state, "1=call:D")
    assert state.trump is Suit.DIAMONDS and state.maker == 1


def test_without_stick_the_dealer_the_dealer_may_pass() -> None:
    """E4: by default the dealer's second-round choices include passing."""
    game = euchre(1)
    state = deal(game, 1, HANDS, up="JS")
    state = run(game, state, "2=pass 3=pass 0=pass 1=pass 2=pass 3=pass 0=pass")
    assert Pass() in game.legal_actions(state)
    assert len(game.legal_actions(state)) == 4


def test_single_hand_thrown_in_is_a_draw() -> None:
    """E4, E9: with ``single_hand`` a hand thrown in ends the game with no points and no
    winner (a draw)."""
    game = euchre(0, single_hand=True)
    state = deal(game, 0, HANDS, up="JS")
    state = run(game, state, " ".join(["pass"] * 8))
    assert state.phase is Phase.OVER
    assert game.actor(state) is None and game.legal_actions(state) == ()
    outcome = game.outcome(state)
    assert outcome.finished and outcome.draw and outcome.winner is None
    assert outcome.scores == (0, 0)
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(state, Shuffle(order=game.deck))


@pytest.mark.parametrize("maker", [0, 1, 2, 3])
def test_makers_and_maker_recorded(maker: int) -> None:
    """E4: the side that chose trump are the makers, the player who chose it the maker; both
    are recorded with the hand's result (here the makers take 3 tricks: 1 point)."""
    dealer = 3
    game = euchre(dealer)
    makers_seats = [maker, (maker + 2) % 4]
    defenders = [(maker + 1) % 4, (maker + 3) % 4]
    winners = [makers_seats[0], makers_seats[1], makers_seats[0], defenders[0], defenders[1]]
    hands, play = arranged(winners, 0)
    state = deal(game, dealer, hands, up=ARRANGED_UP)
    passes = " ".join(f"{k}=pass" for k in range(maker))  # seats 0 .. maker-1 pass
    alone = " ".join(f"{(maker + k) % 4}=partner" for k in range(4))
    state = run(game, state, f"{passes} {maker}=order_up 3=discard:9H {alone} {play}")
    result = state.last_hand
    assert result is not None
    assert result.maker == maker
    assert result.makers == maker % 2
    assert result.scoring_side == maker % 2 and result.points == 1
    expected = [0, 0]
    expected[maker % 2] = 1
    assert state.scores == tuple(expected)
