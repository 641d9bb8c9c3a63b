"""Rule book E1 (the table): seats, partnerships, the first dealer, the rotation of the deal
and the target score."""

from __future__ import annotations

from typing import Any

import pytest
from euchre_helpers import ARRANGED_UP, arranged, deal, euchre, run

import trickcore
from trickcore import CHANCE, DrawDealer, IllegalActionError, Rng, Shuffle
from trickcore_euchre.state import EuchreState, Phase


def test_four_seats_two_partnerships_partners_opposite() -> None:
    """E1: 4 players, seats 0-3 clockwise; seats 0 and 2 are one side, 1 and 3 the other."""
    game = euchre()
    assert game.seats == 4
    assert game.seat_counts == (4,)
    assert game.direction is trickcore.Direction.CLOCKWISE
    assert game.sides == ((0, 2), (1, 3))
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    for seat in range(4):  # partners sit opposite
        assert game.side_of(seat) == game.side_of((seat + 2) % 4)
        assert game.side_of(seat) != game.side_of((seat + 1) % 4)


def test_first_dealer_is_a_chance_draw_before_the_first_shuffle() -> None:
    """E1, E3: without ``first_dealer`` the dealer is drawn (a listable chance action), and
    that draw comes before the first shuffle."""
    game = euchre(None)
    state = game.initial_state()
    assert state.phase is Phase.DRAW_DEALER
    assert game.actor(state) is CHANCE
    assert game.legal_actions(state) == tuple(DrawDealer(seat=seat) for seat in range(4))
    with pytest.raises(IllegalActionError):
        game.apply(state, Shuffle(order=game.deck))  # no shuffle before the draw
    after = game.apply(state, DrawDealer(seat=2))
    assert after.dealer == 2
    assert after.phase is Phase.DEAL
    assert game.actor(after) is CHANCE
    assert game.legal_actions(after) == ()  # now a shuffle, which cannot be listed


def test_first_dealer_is_drawn_from_the_seed() -> None:
    """E1: the draw comes from the seed: the same stream gives the same dealer, and over many
    seeds every seat deals first sometimes."""
    game = trickcore.load("euchre")
    state = game.initial_state()
    drawn = [game.sample_chance(state, Rng(seed, "chance", 0)) for seed in range(64)]
    assert all(isinstance(action, DrawDealer) for action in drawn)
    assert {action.seat for action in drawn} == {0, 1, 2, 3}
    again = [game.sample_chance(state, Rng(seed, "chance", 0)) for seed in range(64)]
    assert again == drawn


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_option_first_dealer_fixes_the_dealer(dealer: int) -> None:
    """E1, E9: option ``first_dealer`` fixes the first dealer: no draw, the game starts with
    the first shuffle, and a dealer draw is refused."""
    game = euchre(dealer)
    state = game.initial_state()
    assert state.phase is Phase.DEAL
    assert state.dealer == dealer
    assert game.actor(state) is CHANCE
    with pytest.raises(IllegalActionError):
        game.apply(state, DrawDealer(seat=(dealer + 1) % 4))
    dealt = game.apply(state, Shuffle(order=game.deck))
    assert dealt.dealer == dealer
    assert game.actor(dealt) == (dealer + 1) % 4


def _play_arranged_hand(game: Any, state: EuchreState, dealer: int) -> EuchreState:
    """A full hand: the dealer's left orders up hearts, side 0 or 1 takes 3 tricks."""
    leader = (dealer + 1) % 4
    winners = [leader, leader, leader, (leader + 1) % 4, (leader + 1) % 4]
    hands, play = arranged(winners, leader)
    state = deal(game, dealer, hands, up=ARRANGED_UP, state=state)
    partners = " ".join(f"{(leader + k) % 4}=with_partner" for k in range(4))
    return run(game, state, f"{leader}=order_up {dealer}=discard:{ARRANGED_UP} {partners} {play}")


def test_deal_passes_clockwise_after_every_hand() -> None:
    """E1: the deal passes one seat clockwise after every hand (3 -> 0 wraps round)."""
    game = euchre(2)
    state = game.initial_state()
    dealers = []
    for _ in range(5):
        dealers.append(state.dealer)
        state = _play_arranged_hand(game, state, state.dealer)
        assert state.phase is Phase.DEAL
        assert state.last_hand is not None and not state.last_hand.thrown_in
    dealers.append(state.dealer)
    assert dealers == [2, 3, 0, 1, 2, 3]
    # the dealer's left (seats 3, 0, 1, 2, 3) made three tricks and 1 point every time
    assert state.scores == (2, 3)


def test_deal_passes_clockwise_after_a_hand_thrown_in() -> None:
    """E1, E4: a hand thrown in (all pass twice) also passes the deal one seat clockwise."""
    game = euchre(3)
    state = deal(game, 3, {}, up="9C")
    state = run(game, state, "0=pass 1=pass 2=pass 3=pass 0=pass 1=pass 2=pass 3=pass")
    assert state.phase is Phase.DEAL
    assert state.dealer == 0
    assert state.scores == (0, 0)
    state = deal(game, 0, {}, up="9D", state=state)
    state = run(game, state, "1=pass 2=pass 3=pass 0=pass 1=pass 2=pass 3=pass 0=pass")
    assert state.dealer == 1


def _side_zero_makes_three(game: Any, state: EuchreState) -> EuchreState:
    """One hand in which side 0 orders up hearts and takes three tricks (1 point)."""
    dealer = state.dealer
    assert dealer is not None
    leader = (dealer + 1) % 4
    maker = leader if leader % 2 == 0 else (leader + 1) % 4
    hands, play = arranged([0, 0, 2, 1, 3], leader)
    state = deal(game, dealer, hands, up=ARRANGED_UP, state=state)
    passes = " ".join(f"{(leader + k) % 4}=pass" for k in range((maker - leader) % 4))
    alone = " ".join(f"{(maker + k) % 4}=with_partner" for k in range(4))
    script = f"{passes} {maker}=order_up {dealer}=discard:{ARRANGED_UP} {alone} {play}"
    return run(game, state, script)


@pytest.mark.parametrize("target", [1, 2, 3])
def test_reaching_the_target_ends_the_game(target: int) -> None:
    """E1, E9: the side that first reaches the target (option ``target``) wins, and the game
    ends at once: no further deal."""
    game = euchre(3, target=target)
    state = game.initial_state()
    for points in range(1, target + 1):
        state = _side_zero_makes_three(game, state)
        assert state.scores == (points, 0)
        if points < target:
            assert state.phase is Phase.DEAL
            assert not game.outcome(state).finished
    assert state.phase is Phase.OVER
    assert game.actor(state) is None
    assert game.legal_actions(state) == ()
    outcome = game.outcome(state)
    assert outcome.finished and outcome.winner == 0 and not outcome.draw
    assert outcome.scores == (target, 0)


def test_target_may_be_passed_by_more_than_one_point() -> None:
    """E1: "10 points or more": a march from 1 point short ends the game above the target."""
    game = euchre(3, target=2)
    state = _side_zero_makes_three(game, game.initial_state())
    assert state.scores == (1, 0) and state.phase is Phase.DEAL and state.dealer == 0
    hands, play = arranged([0, 2, 0, 2, 0], 1)  # seat 1 leads; side 0 takes all five
    state = deal(game, 0, hands, up=ARRANGED_UP, state=state)
    state = run(
        game,
        state,
        f"1=pass 2=order_up 0=discard:9H 2=partner 3=partner 0=partner 1=partner {play}",
    )
    assert state.scores == (3, 0)
    assert state.phase is Phase.OVER
    assert game.outcome(state).winner == 0
