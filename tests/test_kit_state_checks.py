"""The kit's checks for ``problems`` on a state in the kit's layout (``TrickGame``):
``draw_problems`` (the dealer against the draw for the first dealer), ``located_cards`` (every
card in its places), ``hand_problems`` with a hand that is more than a deal and its tricks
(actions before the plays, the cards as dealt), and ``shown_turn`` for the views' ``turn``.
High card (the example game, H3-H5) is the game under test."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace
from trickcore_example_game.game import PACK, HighCard, HighCardOptions, HighCardState, Phase, Play

from trickcore import cards
from trickcore.kit.hidden import shown_turn
from trickcore.kit.validation import draw_problems, hand_problems, located_cards
from trickcore.testing import stacked_shuffle

GAME = HighCard(HighCardOptions(players=2))
FIXED = HighCard(HighCardOptions(players=2, first_dealer=0))
HANDS = {0: "AS KS QS", 1: "JS AH KH"}


def _dealt() -> HighCardState:
    return FIXED.apply(FIXED.initial_state(), stacked_shuffle(FIXED, HANDS, dealer=0))


def test_draw_problems_tie_the_dealer_to_the_draw() -> None:
    drawing = GAME.initial_state()
    assert draw_problems(GAME, drawing) == []
    assert draw_problems(GAME, replace(drawing, dealer=1)) == [
        "there is no dealer before the first dealer is drawn"
    ]
    assert draw_problems(GAME, replace(drawing, phase=Phase.DEAL)) == [
        "no dealer in the deal phase"
    ]
    assert draw_problems(FIXED, drawing) == ["no dealer is drawn when first_dealer is 0"]
    assert draw_problems(FIXED, FIXED.initial_state()) == []


def test_located_cards_are_every_card_in_every_place_once_per_place() -> None:
    state = FIXED.apply(_dealt(), Play(card=cards("JS")[0]))  # seat 1 leads (H4)
    located = located_cards(FIXED, state)
    assert Counter(located) == Counter(PACK)
    doubled = replace(state, stock=(*state.stock, state.trick[0]))
    assert Counter(located_cards(FIXED, doubled))[state.trick[0]] == 2


def test_hand_problems_take_the_actions_before_the_plays_and_the_cards_as_dealt() -> None:
    state = FIXED.apply(_dealt(), Play(card=cards("JS")[0]))
    start = FIXED.initial_state()
    assert hand_problems(FIXED, state, start) == []
    early = hand_problems(FIXED, state, start, actions=[Play(card=cards("AS")[0])])
    assert early and "step 2 of the recorded hand (play AS) is not legal" in early[0]
    swapped = [list(cards("AS KS JS")), list(cards("QS AH KH"))]
    assert hand_problems(FIXED, state, start, dealt=swapped) != []


def test_shown_turn_hides_the_turn_outside_the_acting_phases() -> None:
    turn = shown_turn({Phase.PLAY})
    state = _dealt()
    assert turn.view(state, 0) == state.turn == 1
    assert turn.view(replace(state, phase=Phase.OVER), 0) is None
    assert turn.state(replace(FIXED.view(state, 0), turn=None)) == 0
    assert turn.state(FIXED.view(state, 0)) == 1
