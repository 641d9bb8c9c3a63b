"""``determinize`` for Apples (A10): full states that agree with a seat's view, respecting what
the seat put into the bidding pile and got back, the auction winner's trumps, every bid's
minimum and the suits a player showed out of; and varying where the view leaves room."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import trickcore
from trickcore import CHANCE, Card, Rng
from trickcore_apples import ApplesState, Phase, bid_minimums, voids


def random_state(seed: int, phase: Phase, tricks: int = 0, **options: Any) -> ApplesState:
    """A state of a random game: the first one in ``phase`` with ``tricks`` tricks played."""
    game = trickcore.load("apples", **options)
    state = game.initial_state()
    pick = Rng(seed, "pick")
    k = 0
    while not (state.phase is phase and len(state.tricks) >= tricks):
        who = game.actor(state)
        assert who is not None, "the game ended first"
        if who is CHANCE:
            action = game.sample_chance(state, Rng(seed, "chance", k))
            k += 1
        else:
            legal = game.legal_actions(state)
            action = legal[pick.below(len(legal))]
        state = game.apply(state, action)
    return state


def dealt(state: ApplesState, seat: int) -> Counter[Card]:
    """What ``seat`` was dealt: held, set aside and played, the pile exchange undone."""
    played = [c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat]
    played += [c for s, c in zip(state.trick_seats, state.trick, strict=False) if s == seat]
    cards = Counter([*state.hands[seat], *state.targets[seat], *played, *state.given[seat]])
    cards.subtract(state.received[seat])
    return cards


def check_sample(game: Any, state: ApplesState, seat: int, sample: ApplesState) -> None:
    view = game.view(state, seat)
    assert game.view(sample, seat) == view
    game.validate(sample)
    # the seat's own parts are as they were
    assert sample.given[seat] == state.given[seat]
    assert sample.received[seat] == state.received[seat]
    # what it gave and did not get back went to the others through the pile
    for card in set(state.given[seat]) - set(state.received[seat]):
        assert any(card in sample.received[other] for other in range(4) if other != seat)
    # the auction winner gave trumps; every bidder was dealt its bids
    if sample.declarer is not None:
        assert all(card.suit is sample.trump for card in sample.given[sample.declarer])
    for bidder, minimums in bid_minimums(state.auction).items():
        cards = dealt(sample, bidder)
        for suit, count in minimums.items():
            assert sum(n for card, n in cards.items() if card.suit is suit) >= count
    # no seat holds a suit it showed out of
    for other, suits in voids(game, view).items():
        assert not any(card.suit in suits for card in sample.hands[other])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("phase", [Phase.AUCTION, Phase.PILE, Phase.TARGET, Phase.PLAY])
def test_samples_agree_with_the_view_and_the_pile(seed: int, phase: Phase) -> None:
    game = trickcore.load("apples")
    state = random_state(seed, phase, tricks=6 if phase is Phase.PLAY else 0)
    for seat in range(4):
        for draw in range(5):
            sample = game.determinize(game.view(state, seat), Rng(seed, "det", seat, draw))
            check_sample(game, state, seat, sample)


def test_samples_vary_where_the_view_leaves_room() -> None:
    game = trickcore.load("apples")
    state = random_state(3, Phase.PLAY, tricks=2)
    view = game.view(state, 0)
    hands = {game.determinize(view, Rng(3, "vary", k)).hands for k in range(8)}
    assert len(hands) > 1


def test_voids_are_respected_late_in_a_round() -> None:
    game = trickcore.load("apples", pass_is_final=True)
    found = 0
    for seed in range(30):
        state = random_state(seed, Phase.PLAY, tricks=9, pass_is_final=True)
        view = game.view(state, 1)
        shown_out = voids(game, view)
        if not any(shown_out[s] for s in range(4) if s != 1):
            continue
        found += 1
        for draw in range(3):
            check_sample(game, state, 1, game.determinize(view, Rng(seed, draw)))
    assert found > 5
