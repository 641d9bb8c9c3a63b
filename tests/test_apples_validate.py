"""``validate`` for Apples: a state decoded from outside is accepted only when a legal game can
reach it (cards once each, seats, totals, and the round's own history: bids within the bidders'
suits, the auction winner's trumps, the pile's returns, suits followed); illegal actions are
refused with errors that name the seat, the action and the legal ones."""

from __future__ import annotations

from typing import Any

import pytest
from apples_helpers import HANDS, PASS, C, apples, bid, deal, run, stacked_pile, start_play
from msgspec.structs import replace

import trickcore
from trickcore import IllegalActionError, InvalidStateError, Suit
from trickcore_apples import ApplesState, Call, Give, Play

TARGETS = {0: "4C", 1: "7C", 2: "8C", 3: "9C"}


def refused(game: Any, state: ApplesState, *words: str) -> None:
    with pytest.raises(InvalidStateError) as error:
        game.validate(state)
    for word in words:
        assert word in str(error.value)


def at_play() -> tuple[Any, ApplesState]:
    game = apples(3)
    return game, start_play(game, HANDS, TARGETS)


def test_reachable_states_are_valid_and_survive_json() -> None:
    game, state = at_play()
    game.validate(state)
    game.validate(trickcore.from_json(trickcore.to_json(state), game.state_type))


def test_a_card_held_twice_or_missing() -> None:
    game, state = at_play()
    hands = list(state.hands)
    hands[1] = (*hands[1][:-1], C("AS"))
    refused(game, replace(state, hands=tuple(hands)), "more than once: AS")


def test_a_bid_beyond_the_bidders_suit_count_in_the_record() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(2, "S")), (1, PASS)])
    forged = replace(state, auction=(Call(seat=0, number=6, suit=Suit.SPADES), state.auction[1]))
    refused(game, forged, "bid 6 spades", "holds 5 spades")


def test_the_auction_winner_must_have_given_trumps() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(1, "S")), (1, PASS), (2, PASS), (3, PASS)])
    state = run(game, state, [(0, Give(card=C("AS")))])
    hands = list(state.hands)
    hands[0] = tuple(C("AS") if c == C("2H") else c for c in hands[0])
    forged = replace(state, hands=tuple(hands), given=((C("2H"),), (), (), ()))
    refused(game, forged, "gives trumps only")


def test_cards_got_back_must_be_held() -> None:
    game, state = at_play()
    received = list(state.received)
    received[1], received[2] = received[2], received[1]
    refused(game, replace(state, received=tuple(received)), "received", "does not hold")


def test_a_pile_deal_that_gives_back_nothing() -> None:
    game, state = at_play()
    refused(game, replace(state, received=((), (), (), ())), "nothing came back")


def test_a_turn_that_does_not_follow_from_the_round() -> None:
    game, state = at_play()
    refused(game, replace(state, turn=2), "does not follow from its own round", "turn is 2")


def test_totals_that_should_have_ended_the_game() -> None:
    game = apples(3, target=100)
    state = deal(game, HANDS)
    refused(game, replace(state, scores=(120, 0, 0, 0)), "reached the target")
    refused(game, replace(state, scores=(120, 0, 0, 0), overtime=True), "one player alone")
    tied = replace(state, scores=(120, 120, 0, 0), overtime=True)
    # issue 10: no score before the first round is scored (A7), in round 1 or any later deal
    refused(game, tied, "before the first round is scored")
    refused(game, replace(tied, round_number=5), "before the first round is scored")
    refused(game, replace(state, winner=1), "has won but play goes on")


def test_a_wrong_number_of_hands_or_a_seat_out_of_range() -> None:
    game, state = at_play()
    refused(game, replace(state, hands=state.hands[:3]), "3 entries in hands")
    refused(game, replace(state, dealer=7), "dealer 7 is not a seat 0-3")


def test_illegal_actions_name_the_seat_the_action_and_the_legal_ones() -> None:
    game, state = at_play()
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, PASS)
    message = str(error.value)
    assert "pass is not legal for seat 0 in the play phase" in message
    assert "legal: play" in message
    assert error.value.seat == 0 and error.value.action == PASS
    assert Play(card=C("AS")) in error.value.legal
    state = run(game, state, [(0, Play(card=C("2H")))])
    with pytest.raises(IllegalActionError, match="the suit led must be followed"):
        game.apply(state, Play(card=C("9S")))


def test_a_pile_shuffle_is_checked_against_the_pile() -> None:
    game = apples(3)
    state = run(game, deal(game, HANDS), [(0, bid(1, "S")), (1, PASS), (2, PASS), (3, PASS)])
    for seat, card in ((0, "AS"), (1, "9S"), (2, "7S"), (3, "4S")):
        state = run(game, state, [(seat, Give(card=C(card)))])
    with pytest.raises(IllegalActionError, match="4 cards of the pack once each; missing 4S") as e:
        game.apply(state, stacked_pile(3, {0: "AS", 1: "9S", 2: "7S", 3: "2C"}))
    assert str(e.value).endswith("legal: a shuffle of the 4 cards of the bidding pile")
