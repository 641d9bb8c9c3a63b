"""Rule book A5 (target card) and A10 (what a player may see): targets set aside in turn from
the auction winner, hidden from the others until the round is scored; views and events show a
player its own hand, pile contribution, returned cards and target, and nothing of the others'."""

from __future__ import annotations

from typing import Any

import pytest
from apples_helpers import HANDS, PASS, C, apples, bid, deal, play_round, run, stacked_pile

from trickcore import Card
from trickcore.kit.hidden import cards_seen
from trickcore_apples import ApplesState, Give, Phase, SetTarget


def at_targets() -> tuple[Any, ApplesState]:
    """Seat 2 wins with one diamond; every seat gives its first card and gets it back."""
    game = apples(3)
    state = run(
        game,
        deal(game, HANDS),
        [(0, PASS), (1, PASS), (2, bid(1, "D")), (3, PASS), (0, PASS), (1, PASS)],
    )
    gifts = {2: "AD", 3: "4S", 0: "AS", 1: "9S"}
    for seat in (2, 3, 0, 1):
        state = run(game, state, [(seat, Give(card=C(gifts[seat])))])
    state = run(game, state, [(None, stacked_pile(3, gifts))])
    return game, state


def test_targets_are_set_aside_in_turn_from_the_auction_winner() -> None:
    game, state = at_targets()
    assert state.phase is Phase.TARGET
    order = []
    for card in ("KD", "AC", "2H", "AH"):
        seat = game.actor(state)
        order.append(seat)
        assert len(game.legal_actions(state)) == 13  # any card of the hand
        state = run(game, state, [(seat, SetTarget(card=C(card)))])
        assert len(state.hands[seat]) == 12
    assert order == [2, 3, 0, 1]
    assert state.targets == ((C("2H"),), (C("AH"),), (C("KD"),), (C("AC"),))
    assert state.phase is Phase.PLAY and game.actor(state) == 2


def test_a_target_is_hidden_from_the_others_until_the_round_is_scored() -> None:
    game, state = at_targets()
    state = run(game, state, [(2, SetTarget(card=C("KD")))])
    mine, theirs = game.view(state, 2), game.view(state, 0)
    assert mine.target == (C("KD"),) and theirs.target == ()
    assert theirs.target_sizes == (0, 0, 1, 0)
    assert C("KD") not in cards_seen(theirs)
    assert "KD" in str(game.events(at_targets()[1], SetTarget(card=C("KD")), 2)[0])
    for seat in (None, 0, 1, 3):
        shown = game.events(at_targets()[1], SetTarget(card=C("KD")), seat)
        assert C("KD") not in cards_seen(shown)


def test_after_the_round_is_scored_targets_and_winnings_are_public() -> None:
    game = apples(3)
    targets = {0: "2S", 1: "2H", 2: "2D", 3: "2C"}
    state = play_round(game, [], targets)
    assert state.last_round is not None
    for seat in range(4):
        view = game.view(state, seat)
        assert view.last_round == state.last_round
        assert [s.target for s in view.last_round.seats] == [C(targets[s]) for s in range(4)]
    # the whole pack is in the scored round: every winnings pile and every target
    shown = {c for s in state.last_round.seats for c in (*s.winnings, s.target)}
    assert len(shown) == 52


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_view_shows_only_the_seats_own_hidden_cards(seat: int) -> None:
    game, state = at_targets()
    view = game.view(state, seat)
    assert view.hand == state.hands[seat]
    assert view.given == state.given[seat] and view.received == state.received[seat]
    assert view.hand_sizes == (13, 13, 13, 13)
    others = {c for s in range(4) if s != seat for c in (*state.hands[s], *state.given[s])}
    hidden: set[Card] = others - set(state.hands[seat]) - set(state.given[seat])
    assert not hidden & cards_seen(view)
    # nothing in the view's type can hold another seat's hand
    assert "hands" not in type(view).__struct_fields__
