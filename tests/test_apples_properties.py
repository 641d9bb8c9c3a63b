"""Property tests over random Apples play (hypothesis): every card accounted for at every step,
twelve tricks a round, and round scores equal to an independent recount from the winnings piles
and targets (A6, A7), the totals the running sum of them; each scored round's record
(auction, tricks, pile exchange) accounts for every card and gives back its scores.

Sizes: 2,000 random rounds (single rounds, each with its redeals) and 60 whole games to the
default target of 250 (about 12 rounds each, so some 700 more rounds): about 20 s. Both tests
are slow sweeps: the fast slice of ``tests/sweeps.py`` plays 400 rounds and 12 games. The heavy
sweep over every option combination is ``tox -e conformance``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sweeps import sweep_size

import trickcore
from trickcore import CHANCE, Card, Rng
from trickcore_apples import (
    PACK,
    ApplesState,
    Phase,
    Play,
    points,
    points_added,
    rank_counts,
)

# A7, written again here from the rule book (not imported from the plugin).
RANK_VALUE = {
    **dict.fromkeys("2345", -15),
    **dict.fromkeys("6789", 5),
    **dict.fromkeys("TJQK", 10),
    "A": 15,
}
MULTIPLE = {1: 0, 2: 1, 3: 2, 4: 4}
ORDER = "23456789TJQKA"


def recount(winnings: list[Card], target: Card) -> int:
    counts = Counter(str(card)[0] for card in [*winnings, target])
    total = 0
    for rank, count in counts.items():
        if rank == str(target)[0] and count >= 3:
            total += 40 if count == 3 else 80
        else:
            total += MULTIPLE[count] * RANK_VALUE[rank]
    return total


def trick_winner(seats: tuple[int, ...], cards: tuple[Card, ...], trump: str) -> int:
    led = str(cards[0])[1]

    def power(card: Card) -> int:
        text = str(card)
        if text[1] == trump:
            return 100 + ORDER.index(text[0])
        return ORDER.index(text[0]) if text[1] == led else -1

    return seats[max(range(len(cards)), key=lambda i: power(cards[i]))]


def located(state: ApplesState) -> list[Card]:
    found = [card for hand in state.hands for card in hand]
    found += [card for target in state.targets for card in target]
    found += [card for trick in state.tricks for card in trick.cards]
    found += state.trick
    if state.phase in (Phase.PILE, Phase.PILE_DEAL):
        found += [card for given in state.given for card in given]
    return found


def check_record(before: ApplesState, after: ApplesState) -> None:
    """Issue 21.9: the scored round's record (A3-A7) accounts for every card and gives back
    its scores; each seat's dealt hand, rebuilt from the record, held what it bid."""
    result = after.last_round
    assert result is not None and result.auction == before.auction
    top = [call for call in result.auction if call.number is not None][-1]
    assert (top.seat, top.number, top.suit) == (result.declarer, result.number, result.trump)
    assert len(result.tricks) == 12 and result.tricks[:11] == before.tricks
    targets = [seat.target for seat in result.seats]
    cards = [card for trick in result.tricks for card in trick.cards] + targets
    assert len(set(cards)) == len(cards) == 52
    for trick in result.tricks:
        assert trick.winner == trick_winner(trick.seats, trick.cards, result.trump.value)
    for seat, scored in enumerate(result.seats):
        won = [c for trick in result.tricks if trick.winner == seat for c in trick.cards]
        assert scored.points == recount(won, scored.target)
    given, received = after.last_given, after.last_received
    assert (given, received) == (before.given, before.received)
    assert Counter(c for cards in given for c in cards) == Counter(
        c for cards in received for c in cards
    )
    assert all(card.suit is result.trump for card in given[result.declarer])  # A4
    for seat in range(4):
        assert len(given[seat]) == len(received[seat]) == result.number
        held = Counter(
            c
            for trick in result.tricks
            for s, c in zip(trick.seats, trick.cards, strict=True)
            if s == seat
        )
        held[targets[seat]] += 1
        held.subtract(received[seat])
        held.update(given[seat])
        dealt = [card for card, count in held.items() for _ in range(count)]
        assert len(dealt) == 13 and min(held.values()) >= 0
        for call in result.auction:
            if call.seat == seat and call.number is not None:
                assert sum(card.suit is call.suit for card in dealt) >= call.number  # A3


def play(game: Any, seed: int) -> int:
    """One random game, checked at every step; the rounds played out."""
    rng = Rng(seed, "actions")
    state = game.initial_state()
    chance = 0
    rounds = 0
    totals = [0, 0, 0, 0]
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, Rng(seed, "chance", chance))
            chance += 1
        else:
            action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        if after.phase not in (Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER):
            cards = located(after)
            assert len(cards) == 52 and len(set(cards)) == 52, "cards not accounted for"
        if after.last_round is not state.last_round:  # a round was scored
            assert isinstance(action, Play) and state.trump is not None
            assert len(state.tricks) == 11 and len(state.trick) == 3  # the 12th trick ends it
            tricks = [(t.seats, t.cards) for t in state.tricks]
            tricks.append((state.trick_seats, (*state.trick, action.card)))
            result = after.last_round
            assert result is not None
            for seat in range(4):
                won = [
                    c
                    for seats, cards in tricks
                    for c in cards
                    if trick_winner(seats, cards, state.trump.value) == seat
                ]
                (target,) = state.targets[seat]
                assert sorted(won, key=str) == sorted(result.seats[seat].winnings, key=str)
                assert result.seats[seat].points == recount(won, target)
                totals[seat] += recount(won, target)
            assert list(after.scores) == totals
            check_record(state, after)
            rounds += 1
        state = after
    assert rounds >= 1
    return rounds


@pytest.mark.slow_sweep
@settings(max_examples=sweep_size(2000, 400), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), final=st.booleans())
def test_random_rounds_account_for_every_card_and_score_as_recounted(
    seed: int, final: bool
) -> None:
    assert play(trickcore.load("apples", single_hand=True, pass_is_final=final), seed) == 1


@pytest.mark.slow_sweep
@settings(max_examples=sweep_size(60, 12), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_to_the_target(seed: int) -> None:
    game = trickcore.load("apples")
    rounds = play(game, seed)
    assert rounds >= 1


@given(st.data())
def test_points_added_is_the_recount_after_less_before(data: st.DataObject) -> None:
    """``points_added(rank_counts(pile, target), target, cards)`` (what the heuristic weighs
    a trick by) is what the pile and the cards score less what the pile scores (A7), by the
    independent recount above and by ``points``."""
    pack = list(PACK)
    chosen = data.draw(st.lists(st.sampled_from(pack), min_size=1, max_size=16, unique=True))
    target, *rest = chosen
    cut = data.draw(st.integers(0, len(rest)))
    pile, cards = rest[:cut], rest[cut:]
    added = points_added(rank_counts(pile, target), target, cards)
    assert added == recount([*pile, *cards], target) - recount(pile, target)
    assert added == points([*pile, *cards], target) - points(pile, target)
