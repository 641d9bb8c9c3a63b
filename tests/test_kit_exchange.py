"""Kit pieces first needed by Apples: for cards that move between hands within a hand (its
bidding pile, A4), shuffling a pile rather than the whole pack, undoing an exchange in
``validate``, and dealing hidden hands that hold at least so many cards of a suit (what a bid
shows); and ``TrickGame.play_to_trick``, one card played to a trick."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from trickcore_example_game.game import HighCard, HighCardOptions

from trickcore import Card, IllegalActionError, Rng, Shuffle, Suit, cards
from trickcore.kit.events import EventLog
from trickcore.kit.hidden import AT_LEAST_TRIES, deal_hidden
from trickcore.kit.tricks import FollowSuit, TrickOrder
from trickcore.kit.validation import undo_exchange

PILE = cards("AS KH QD JC")


def test_a_shuffle_of_a_pile_holds_the_piles_cards_only() -> None:
    game = HighCard()
    drawn = game.shuffle(Rng(3), PILE)
    assert sorted(drawn.order, key=lambda c: c.index) == sorted(PILE, key=lambda c: c.index)
    assert drawn == game.shuffle(Rng(3), PILE)  # the same stream, the same order
    assert len(game.shuffle(Rng(3)).order) == len(game.pack)  # without cards: the whole pack


def test_a_supplied_pile_shuffle_is_checked_against_the_pile() -> None:
    game = HighCard()
    state = game.initial_state()
    order = tuple(reversed(PILE))
    assert game.shuffled_pack(state, Shuffle(order=order), PILE) == order
    with pytest.raises(IllegalActionError, match="missing JC"):
        game.shuffled_pack(state, Shuffle(order=PILE[:3]), PILE)
    with pytest.raises(IllegalActionError, match="more than once AS"):
        game.shuffled_pack(state, Shuffle(order=(*PILE[:3], Card("AS"))), PILE)


def test_the_chance_text_of_an_illegal_action_defaults_to_the_whole_pack() -> None:
    game = HighCard()
    state = game.initial_state()
    assert game.chance_text(state) == "a shuffle of the whole pack"


def test_undo_exchange_gives_back_the_hands_before_it() -> None:
    held = [cards("AS 2C"), cards("KH 3D")]
    given = [cards("QS"), cards("JH")]
    received = [cards("2C"), cards("3D")]
    before, problems = undo_exchange(held, given, received)
    assert problems == []
    assert before == [list(cards("AS QS")), list(cards("KH JH"))]
    # a card received that the seat does not hold is named
    _, problems = undo_exchange(held, given, [cards("3D"), cards("2C")])
    assert problems == [
        "seat 0 received 3D but does not hold it",
        "seat 1 received 2C but does not hold it",
    ]


SPADES = list(cards("AS KS QS JS TS 9S 8S 7S"))
OTHERS = list(cards("AH KH QH JH TH 9H 8H 7H"))


@pytest.mark.parametrize("seed", range(20))
def test_at_least_gives_every_seat_its_minimum_of_a_suit(seed: int) -> None:
    unseen = SPADES + OTHERS
    hands, _ = deal_hidden(
        Rng(seed), unseen, {1: 8, 2: 8}, at_least={1: {Suit.SPADES: 6}, 2: {Suit.SPADES: 2}}
    )
    assert sum(card.suit is Suit.SPADES for card in hands[1]) >= 6
    assert sum(card.suit is Suit.SPADES for card in hands[2]) >= 2
    assert sorted(c.index for hand in hands.values() for c in hand) == sorted(
        c.index for c in unseen
    )


def test_at_least_is_uniform_when_rejection_finds_a_deal() -> None:
    """Seat 1 must hold one spade of two: of the six two-card hands from AS KS AH KH, the five
    with a spade remain, each as likely (a light minimum that rejection always meets)."""
    unseen = cards("AS KS AH KH")
    seen: Counter[frozenset[Card]] = Counter()
    for seed in range(2000):
        hands, _ = deal_hidden(Rng(seed), unseen, {1: 2, 2: 2}, at_least={1: {Suit.SPADES: 1}})
        seen[frozenset(hands[1])] += 1
    assert len(seen) == 5
    assert max(seen.values()) - min(seen.values()) < 150  # ~400 each


def test_at_least_places_minimums_first_when_rejection_fails() -> None:
    """All eight spades to seat 1: a random deal almost never does it (1 in 12870), so the
    minimums are placed first."""
    assert AT_LEAST_TRIES < 12870
    hands, _ = deal_hidden(Rng(1), SPADES + OTHERS, {1: 8, 2: 8}, at_least={1: {Suit.SPADES: 8}})
    assert set(hands[1]) == set(SPADES)


def test_at_least_that_cannot_be_met_raises() -> None:
    with pytest.raises(ValueError, match="minimum"):
        deal_hidden(
            Rng(1),
            SPADES + OTHERS,
            {1: 8, 2: 8},
            at_least={1: {Suit.SPADES: 5}, 2: {Suit.SPADES: 5}},
        )


# -- one card played to a trick (TrickGame.play_to_trick) ---------------------------------------


def _high_card_in_play() -> tuple[Any, Any]:
    game = HighCard(HighCardOptions(players=2, first_dealer=0))
    state = game.initial_state()
    state = game.apply(state, game.sample_chance(state, Rng(4)))
    return game, state


def test_play_to_trick_plays_checks_logs_and_finishes_the_trick() -> None:
    game, state = _high_card_in_play()
    order = TrickOrder.plain(game.pack, None)
    policy = FollowSuit(order)
    hands = (cards("AS KH"), cards("QS JH"))
    log = EventLog(None)
    after, trick, done = game.play_to_trick(
        state, "lead", Card("KH"), hands=hands, seats=(0, 1), trick=(), policy=policy,
        finished=2, log=log,
    )  # fmt: skip
    assert after == (cards("AS"), cards("QS JH")) and trick == (Card("KH"),) and done is None
    with pytest.raises(IllegalActionError, match="the suit led must be followed"):
        game.play_to_trick(
            state, "off", Card("QS"), hands=after, seats=(0, 1), trick=trick, policy=policy,
            finished=2, log=None,
        )  # fmt: skip
    with pytest.raises(IllegalActionError, match="seat 1 does not hold AS"):
        game.play_to_trick(
            state, "not held", Card("AS"), hands=after, seats=(0, 1), trick=trick, policy=policy,
            finished=2, log=None,
        )  # fmt: skip
    after, trick, done = game.play_to_trick(
        state, "follow", Card("JH"), hands=after, seats=(0, 1), trick=trick, policy=policy,
        finished=2, log=log,
    )  # fmt: skip
    assert trick == () and done is not None
    assert (done.leader, done.seats, done.cards, done.winner) == (0, (0, 1), cards("KH JH"), 0)
    assert [str(event) for event in log.events] == [
        "Seat 0 plays KH.",
        "Seat 1 plays JH.",
        "Seat 0 wins trick 3 (KH JH).",
    ]


def test_at_least_ignores_counts_of_zero_or_below() -> None:
    unseen = SPADES + OTHERS
    minimums = {1: {Suit.SPADES: 8, Suit.HEARTS: -2}}  # rejection fails: minimums placed first
    hands, _ = deal_hidden(Rng(2), unseen, {1: 8, 2: 8}, at_least=minimums)
    assert set(hands[1]) == set(SPADES)
