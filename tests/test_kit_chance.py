"""How the kit serves chance (``trickcore/kit/chance.py``): the functions behind
:class:`TrickGame`'s ``sample_chance``, ``shuffle``, ``shuffled_pack`` and ``deal_shuffle``,
which reach the game through its methods, so that a game's own method is what the others use.

High card (the example game) is the game under test: it writes none of these methods.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from trickcore_example_game.game import HighCard, HighCardOptions, HighCardState, Phase

from trickcore import Card, IllegalActionError, Rng, Shuffle
from trickcore.kit import EventLog, chance
from trickcore.kit import events as ev
from trickcore.testing import stacked_shuffle

DRAWN = HighCard(HighCardOptions(players=3))  # chance draws the first dealer
DEALT = HighCard(HighCardOptions(players=2, first_dealer=0))  # chance shuffles at once
HANDS = {0: "AS KS QS", 1: "JS AH KH"}


class Reversed(HighCard):
    """High card whose shuffles come out back to front: a game's own ``shuffle``."""

    def shuffle(self, rng: Rng, cards: Sequence[Card] | None = None) -> Shuffle:
        return Shuffle(order=tuple(reversed(super().shuffle(rng, cards).order)))


class Strict(HighCard):
    """High card that refuses every supplied shuffle: a game's own ``shuffled_pack``."""

    def shuffled_pack(
        self, state: HighCardState, action: object, cards: Sequence[Card] | None = None
    ) -> tuple[Card, ...]:
        raise self.illegal(state, action, "this table deals no shuffle")


class Quiet(HighCard):
    """High card with its own error when no chance is due: a game's own ``no_chance``."""

    def no_chance(self, state: HighCardState) -> IllegalActionError:
        return IllegalActionError("chance sleeps")


def test_sample_chance_is_the_kits_function_a_listed_outcome_or_a_shuffle() -> None:
    draws, shuffles = set(), set()
    for seed in range(12):
        start = DRAWN.initial_state()
        drawn = chance.sample_chance(DRAWN, start, Rng(seed, "chance"))
        assert drawn == DRAWN.sample_chance(start, Rng(seed, "chance"))
        assert drawn == Rng(seed, "chance").choice(DRAWN.dealer_draws)
        draws.add(drawn)
        start = DEALT.initial_state()
        shuffled = chance.sample_chance(DEALT, start, Rng(seed, "chance"))
        assert shuffled == DEALT.sample_chance(start, Rng(seed, "chance"))
        assert shuffled == Shuffle(order=Rng(seed, "chance").shuffled(DEALT.pack))
        shuffles.add(shuffled.order)
    assert len(draws) > 1 and len(shuffles) > 1  # the stream decides


def test_sample_chance_shuffles_with_the_games_own_shuffle() -> None:
    game = Reversed(HighCardOptions(players=2, first_dealer=0))
    drawn = game.sample_chance(game.initial_state(), Rng(5))
    assert drawn.order == tuple(reversed(Rng(5).shuffled(game.pack)))
    assert chance.shuffle(game, Rng(5)) == DEALT.shuffle(Rng(5)) != drawn  # the kit's own


def test_sample_chance_raises_the_games_own_no_chance() -> None:
    game = Quiet(HighCardOptions(players=2, first_dealer=0))
    played = game.apply(game.initial_state(), stacked_shuffle(game, HANDS, dealer=0))
    with pytest.raises(IllegalActionError, match=r"^chance sleeps$"):
        chance.sample_chance(game, played, Rng(1))
    with pytest.raises(IllegalActionError, match=r"^no chance action is due: the game is in the"):
        chance.sample_chance(DEALT, played, Rng(1))


def test_shuffle_of_a_pile_holds_the_pile_only() -> None:
    pile = DEALT.pack[:5]
    order = chance.shuffle(DEALT, Rng(2), pile).order
    assert order == Rng(2).shuffled(pile) and set(order) == set(pile) and len(order) == 5


def test_shuffled_pack_checks_against_the_pack_or_a_pile() -> None:
    start = DEALT.initial_state()
    pile = DEALT.pack[:4]
    assert chance.shuffled_pack(DEALT, start, Shuffle(order=pile[::-1]), pile) == pile[::-1]
    with pytest.raises(IllegalActionError, match="got 4 cards"):
        chance.shuffled_pack(DEALT, start, Shuffle(order=pile))


def test_deal_shuffle_is_the_kits_function_and_asks_the_games_shuffled_pack() -> None:
    state, shuffle = DEALT.initial_state(), stacked_shuffle(DEALT, HANDS, dealer=0)
    log, method_log = EventLog(1), EventLog(1)
    dealt = chance.deal_shuffle(DEALT, state, shuffle, 0, 4, log=log, shown=None)
    assert dealt == DEALT.deal_shuffle(state, shuffle, 0, 4, method_log)
    assert dealt.hands[1] == tuple(Card(text) for text in HANDS[1].split())
    told = ev.Dealt(hand_number=4, dealer=0, hand=dealt.hands[1])
    assert log.events == method_log.events == [told]
    strict = Strict(HighCardOptions(players=2, first_dealer=0))
    with pytest.raises(IllegalActionError, match="this table deals no shuffle"):
        strict.deal_shuffle(state, shuffle, 0, 1, None)
    assert strict.initial_state().phase is Phase.DEAL  # nothing changed


def test_the_kits_chance_text_is_the_whole_pack() -> None:
    start = DEALT.initial_state()
    assert DEALT.chance_text(start) == chance.WHOLE_PACK
    message = str(DEALT.illegal(start, DEALT.plays[DEALT.pack[0]]))
    assert message.endswith(f"; legal: {chance.WHOLE_PACK}")
