"""Rule book E3 (the deal): the stacked deck, the up-card, the undealt cards, a fresh shuffle
for every deal, and the checks on a supplied shuffle."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from euchre_helpers import ARRANGED_UP, arranged, cs, deal, euchre, run, stacked_order

from trickcore import CHANCE, Card, DrawDealer, IllegalActionError, Rng, Shuffle, digest
from trickcore_euchre.actions import Pass
from trickcore_euchre.state import Phase

PACK_24 = cs("9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS")


def test_stacked_deal_worked_example() -> None:
    """E3: for the order c0 c1 ..., the dealer's left gets c0 c4 c8 c12 c16, the next seat
    c1 c5 ..., the dealer c3 c7 ...; c20 is turned up; the rest stay undealt in order."""
    game = euchre(0)
    state = game.apply(game.initial_state(), Shuffle(order=PACK_24))
    assert state.hands[1] == cs("9C KC JD 9H KH")  # dealer's left: c0 c4 c8 c12 c16
    assert state.hands[2] == cs("TC AC QD TH AH")
    assert state.hands[3] == cs("JC 9D KD JH 9S")
    assert state.hands[0] == cs("QC TD AD QH TS")  # the dealer: c3 c7 c11 c15 c19
    assert state.up_card == cs("JS")[0]  # c20
    assert state.undealt == cs("QS KS AS")
    assert state.phase is Phase.BID_FIRST and not state.picked_up


@pytest.mark.parametrize("deck", [24, 32, 25])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_stacked_deal_for_every_dealer_and_pack(dealer: int, deck: int) -> None:
    """E3: the mapping of the stacked deck, for every dealer and every pack (the up-card of
    the 25-card pack may be the joker only when dealt so; see E5)."""
    game = euchre(dealer, deck=deck)
    for seed in range(5):
        order = Rng(seed, "e3", dealer, deck).shuffled(game.deck)
        state = game.apply(game.initial_state(), Shuffle(order=order))
        for k in range(4):  # k = 0 is the dealer's left, k = 3 the dealer
            assert state.hands[(dealer + 1 + k) % 4] == tuple(order[k + 4 * i] for i in range(5))
        assert state.up_card == order[20]
        assert state.undealt == tuple(order[21:])
        assert len(state.undealt) == deck - 21
        game.validate(state)


def test_helper_stacked_order_deals_the_given_hands() -> None:
    """E3: the test helper builds the shuffle that deals chosen hands (checked through the
    engine's deal)."""
    game = euchre(2)
    hands = {3: "AS KS QS JS TS", 1: "9H TH QH KH AH"}
    order = stacked_order(game, 2, hands, up="JH", rest="9C")
    state = game.apply(game.initial_state(), Shuffle(order=order))
    assert state.hands[3] == cs(hands[3])
    assert state.hands[1] == cs(hands[1])
    assert state.up_card == cs("JH")[0]
    assert state.undealt[0] == cs("9C")[0]
    assert game.actor(state) == 3


def test_every_deal_is_a_fresh_shuffle() -> None:
    """E3: after a hand (here one thrown in) the next deal starts from a fresh full pack: the
    state is back at a chance shuffle, nothing of the old order is kept, and the same second
    shuffle deals the same hands whatever the first order was."""
    game = euchre(1)
    seconds = []
    for seed in range(3):
        state = game.apply(game.initial_state(), Shuffle(order=Rng(seed).shuffled(game.deck)))
        state = run(game, state, " ".join(["pass"] * 8))
        assert state.phase is Phase.DEAL and game.actor(state) is CHANCE
        assert game.legal_actions(state) == ()
        assert state.hands == ((), (), (), ())
        assert state.up_card is None and state.undealt == ()
        sampled = game.sample_chance(state, Rng(seed, "chance", 1))
        assert isinstance(sampled, Shuffle) and sorted(sampled.order, key=str) == sorted(
            game.deck, key=str
        )
        seconds.append(game.apply(state, Shuffle(order=PACK_24)))
    assert seconds[0].hands == seconds[1].hands == seconds[2].hands
    assert seconds[0].dealer == 2  # the deal passed to the left
    assert seconds[0].hands[3] == cs("9C KC JD 9H KH")


def test_sampled_shuffles_differ_by_stream() -> None:
    """E3: a shuffle drawn from the seed is the whole pack in some order; different streams
    give different deals, the same stream the same deal."""
    game = euchre(0)
    state = game.initial_state()
    first = game.sample_chance(state, Rng(1, "chance", 0))
    assert first == game.sample_chance(state, Rng(1, "chance", 0))
    assert first != game.sample_chance(state, Rng(2, "chance", 0))
    assert set(first.order) == set(game.deck) and len(first.order) == 24


BAD_SHUFFLES = [
    ("a card twice", lambda pack: (*pack[:-1], pack[0]), "more than once"),
    ("a card missing (23 cards)", lambda pack: pack[:-1], "got 23 cards"),
    ("25 cards", lambda pack: (*pack, cs("8C")[0]), "got 25 cards"),
    ("a foreign card", lambda pack: (*pack[:-1], cs("8C")[0]), "not in this pack"),
    ("the joker in a 24-card pack", lambda pack: (*pack[:-1], cs("JK")[0]), "JK"),
    ("empty", lambda pack: (), "got 0 cards"),
]


@pytest.mark.parametrize(("name", "make", "needle"), BAD_SHUFFLES, ids=[b[0] for b in BAD_SHUFFLES])
def test_bad_shuffle_is_refused_and_changes_nothing(
    name: str, make: Callable[[tuple[Card, ...]], tuple[Card, ...]], needle: str
) -> None:
    """E3: a supplied shuffle must hold exactly the pack's cards once each; anything else is
    an IllegalActionError naming the problem, and the state is unchanged."""
    game = euchre(0)
    state = game.initial_state()
    before = digest(state)
    order = make(PACK_24)
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, Shuffle(order=order))
    assert needle in str(error.value)
    assert "chance" in str(error.value)
    assert digest(state) == before
    assert state == game.initial_state()


def test_wrong_chance_action_in_the_deal_phase() -> None:
    """E3: at the deal only a shuffle is legal: a dealer draw or a player action is refused."""
    game = euchre(0)
    state = game.initial_state()
    for action in (DrawDealer(seat=1), Pass()):
        with pytest.raises(IllegalActionError, match="deal"):
            game.apply(state, action)
    assert state == game.initial_state()


def test_a_32_card_shuffle_is_refused_by_the_24_card_game() -> None:
    """E2, E3: the shuffle must be this game's pack."""
    small, big = euchre(0), euchre(0, deck=32)
    with pytest.raises(IllegalActionError, match="24"):
        small.apply(small.initial_state(), Shuffle(order=big.deck))
    with pytest.raises(IllegalActionError, match="32"):
        big.apply(big.initial_state(), Shuffle(order=small.deck))


def test_deal_helper_draws_the_dealer_first_when_the_game_draws_one() -> None:
    """E1, E3: the dealer draw comes before the first shuffle; the helper goes through it."""
    game = euchre(None)
    state = deal(game, 2, {3: "AS KS QS JS TS"}, up="9H")
    assert state.dealer == 2 and state.hands[3] == cs("AS KS QS JS TS")
    assert game.actor(state) == 3


def test_after_a_scored_hand_the_next_deal_is_a_fresh_shuffle() -> None:
    """E3: after a hand played out, nothing of its cards is kept: the next deal is a chance
    shuffle of the full pack, and any order (even the previous one) deals afresh."""
    game = euchre(3)
    hands, play = arranged([0, 2, 0, 1, 3], 0)
    order = stacked_order(game, 3, hands, up=ARRANGED_UP)
    state = game.apply(game.initial_state(), Shuffle(order=order))
    state = run(game, state, f"0=order_up 3=discard:9H {' '.join(['partner'] * 4)} {play}")
    assert state.phase is Phase.DEAL and game.actor(state) is CHANCE
    assert state.hands == ((), (), (), ()) and state.undealt == () and state.up_card is None
    assert state.tricks == () and state.trump is None and state.discard is None
    assert not state.picked_up and state.auction == () and state.declarations == ()
    again = game.apply(state, Shuffle(order=order))  # the same order, now dealt by seat 0
    assert again.dealer == 0
    for k in range(4):
        assert again.hands[(1 + k) % 4] == tuple(order[k + 4 * i] for i in range(5))
    assert again.up_card == order[20] and again.scores == (1, 0)
