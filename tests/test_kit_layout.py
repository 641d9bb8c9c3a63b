"""The kit's layout (``trickcore/kit/base.py``): what ``TrickGame`` writes for a state with a
``turn``, the trick's order of play, its cards, the finished tricks, the hidden hands, scores per
side and a winner, and the helpers around it (``kit.scoring``, ``events.tell_hand_over``).

High card (the example game) is the game under test: its state is in the layout and it writes
none of these methods. A trump game is checked through Euchre, whose policies go by trump.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from trickcore_example_game.game import (
    PACK,
    POLICY,
    HighCard,
    HighCardOptions,
    HighCardState,
    Phase,
    Play,
)

import trickcore
from trickcore import CHANCE, Card, DrawDealer, IllegalActionError, Rng, Shuffle, Suit, cards, kit
from trickcore.kit import events as ev
from trickcore.kit.base import OUTCOMES_KEPT
from trickcore.kit.scoring import add_points, top_side
from trickcore.kit.validation import hand_problems
from trickcore.testing import stacked_shuffle

GAME = HighCard(HighCardOptions(players=2, first_dealer=0))
HANDS = {0: "AS KS QS", 1: "JS AH KH"}  # seat 1 (the dealer's left) leads


def _dealt() -> HighCardState:
    return GAME.apply(GAME.initial_state(), stacked_shuffle(GAME, HANDS, dealer=0))


def _played(*played: str) -> HighCardState:
    state = _dealt()
    for card in played:
        state = GAME.apply(state, Play(card=Card(card)))
    return state


def test_add_points_changes_one_side_only() -> None:
    assert add_points((7, 4), 0, 3) == (10, 4)
    assert add_points((1, 2, 3, 4), 2, -1) == (1, 2, 2, 4)
    assert add_points((0,), 0, 0) == (0,)


def test_top_side_is_the_one_side_in_the_lead_or_none_for_a_tie() -> None:
    assert top_side((3, 6, 5)) == 1
    assert top_side((5, 3, 5)) is None
    assert top_side((2,)) == 0


def test_tell_hand_over_tells_the_hand_and_the_game_only_when_over() -> None:
    log = kit.EventLog(None)
    ev.tell_hand_over(log, hand_number=2, tricks=(3, 2), scores=(7, 4))
    assert log.events == [ev.HandOver(hand_number=2, tricks=(3, 2), scores=(7, 4))]
    log = kit.EventLog(1)
    ev.tell_hand_over(log, hand_number=3, tricks=(1, 4), scores=(7, 8), over=True, winner=None)
    assert log.events[1:] == [ev.GameOver(winner=None, scores=(7, 8))]
    ev.tell_hand_over(None, hand_number=1, tricks=(0, 0), scores=(0, 0))  # no log: nothing
    assert ev.cards_text(tuple(cards("AS 9H"))) == "AS 9H"


def test_actor_is_chance_then_the_turn_then_nobody() -> None:
    drawn = HighCard(HighCardOptions(players=3))
    assert drawn.actor(drawn.initial_state()) is CHANCE  # the draw
    assert GAME.actor(GAME.initial_state()) is CHANCE  # the deal
    state = _dealt()
    assert GAME.actor(state) == 1 == state.turn
    assert GAME.actor(_played("AH")) == 0
    assert GAME.actor(msgspec.structs.replace(state, phase=Phase.OVER)) is None


def test_legal_actions_are_the_draws_the_plays_or_none() -> None:
    drawn = HighCard(HighCardOptions(players=3))
    assert drawn.legal_actions(drawn.initial_state()) == drawn.dealer_draws
    assert GAME.legal_actions(GAME.initial_state()) == ()  # a shuffle cannot be listed
    assert GAME.legal_actions(_dealt()) == tuple(Play(card=c) for c in cards("JS AH KH"))
    # seat 0 must follow the spade led with its spades
    assert GAME.legal_actions(_played("JS")) == tuple(Play(card=c) for c in cards("AS KS QS"))
    assert GAME.legal_plays(_played("AH")) == tuple(GAME.plays[c] for c in cards("AS KS QS"))
    assert GAME.follow_policy(Suit.HEARTS) is POLICY  # one policy: no trumps
    assert GAME.trick_order(Suit.CLUBS) is POLICY.order


def test_play_refuses_a_card_not_held_one_the_policy_forbids_and_any_other_action() -> None:
    state = _played("JS")
    with pytest.raises(IllegalActionError, match="seat 0 does not hold AH"):
        GAME.apply(state, Play(card=Card("AH")))
    with pytest.raises(IllegalActionError, match="play QH is not legal for seat 0"):
        GAME.apply(state, Play(card=Card("QH")))
    with pytest.raises(IllegalActionError, match="seat 1 deals first is not legal for seat 0"):
        GAME.apply(state, DrawDealer(seat=1))
    follow = msgspec.structs.replace(state, hands=(cards("AS AH QS"), state.hands[1]))
    with pytest.raises(IllegalActionError, match="the suit led must be followed"):
        GAME.apply(follow, Play(card=Card("AH")))


def test_play_passes_the_turn_then_settles_the_trick_and_the_winner_leads() -> None:
    state = _played("AH")
    assert (state.turn, state.trick, state.hands[1]) == (0, (Card("AH"),), tuple(cards("JS KH")))
    assert GAME.events(state, Play(card=Card("QS")), None) == (
        ev.CardPlayed(seat=0, card=Card("QS")),
        ev.TrickWon(seat=1, number=1, cards=tuple(cards("AH QS"))),
        ev.PointsScored(side=1, points=1, reason="trick", rule="H5", scores=(0, 1)),
    )
    after = GAME.apply(state, Play(card=Card("QS")))
    (done,) = after.tricks
    assert (done.leader, done.seats, done.winner) == (1, (1, 0), 1)
    assert (after.trick, after.turn, after.trick_seats, after.scores) == ((), 1, (1, 0), (0, 1))


def test_the_last_trick_ends_the_hand_and_the_next_deal_passes_on() -> None:
    state = _played("AH", "QS", "KH", "KS", "JS", "AS")  # seat 1, seat 1, then seat 0 wins
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.scores == (1, 2)
    assert state.hands == ((), ()) and state.tricks == () and state.hand_number == 1


def test_the_game_ends_at_the_target_with_a_winner_or_a_draw() -> None:
    short = HighCard(HighCardOptions(players=2, first_dealer=0, target=1))
    state = short.apply(short.initial_state(), stacked_shuffle(short, HANDS, dealer=0))
    for card in ("AH", "QS", "KH", "KS", "JS", "AS"):
        state = short.apply(state, Play(card=Card(card)))
    assert state.phase is Phase.OVER and state.winner == 1
    outcome = short.outcome(state)
    assert (outcome.finished, outcome.winner, outcome.scores, outcome.returns) == (
        True,
        1,
        (1, 2),
        (-1.0, 1.0),
    )
    tie = short.outcome(msgspec.structs.replace(state, scores=(2, 2), winner=None))
    assert tie.draw and tie.returns == (0.0, 0.0)
    assert not GAME.outcome(_dealt()).finished


def test_outcomes_kept_by_scores_are_those_settled_afresh_beyond_the_limit_too() -> None:
    """``outcome`` keeps the outcomes it settled by seating, scores, end and winner (up to
    ``OUTCOMES_KEPT``); each is the outcome ``Outcome.settle`` gives, before and after the
    limit, and a state with the same scores but another end or winner, or of a game with
    other sides, gets its own."""
    short = HighCard(HighCardOptions(players=2, first_dealer=0, target=1))
    dealt = short.apply(short.initial_state(), stacked_shuffle(short, HANDS, dealer=0))
    over = msgspec.structs.replace(dealt, phase=Phase.OVER, scores=(1, 2), winner=1)
    drawn = msgspec.structs.replace(over, winner=None)
    for state in [dealt, over, drawn] * 2 + [
        msgspec.structs.replace(dealt, scores=(points, 0)) for points in range(1, 1200)
    ]:
        settled = trickcore.Outcome.settle(
            short.sides, state.scores, finished=state.phase is Phase.OVER, winner=state.winner
        )
        assert short.outcome(state) == settled
    assert short.outcome(over).returns == (-1.0, 1.0) and short.outcome(drawn).draw
    assert len(kit.base._settled) == OUTCOMES_KEPT  # bounded: a long game keeps no more
    euchre: Any = trickcore.load("euchre")  # two sides as well, of two seats each
    ended = msgspec.structs.replace(
        euchre.initial_state(), phase=euchre.over_phase, scores=(1, 2), winner=1
    )
    assert euchre.outcome(ended).returns == (-1.0, 1.0, -1.0, 1.0)
    assert short.outcome(over).returns == (-1.0, 1.0)
    listed = short.outcome(msgspec.structs.replace(dealt, scores=[1, 2]))  # (not a key)
    assert listed.scores == [1, 2] and not listed.finished


def test_lead_starts_the_play_with_the_order_from_the_leader_skipping_seats() -> None:
    four = HighCard(HighCardOptions(players=4))
    state = four.initial_state()
    led = four.lead(state, 2, (3,), hand_number=5)
    assert (led.phase, led.turn, led.trick_seats, led.hand_number) == (Phase.PLAY, 2, (2, 0, 1), 5)


def test_kit_rules_name_the_kits_rules_by_the_declared_phases() -> None:
    rules = GAME.kit_rules()
    assert set(rules) == {Phase.DRAW_DEALER, Phase.PLAY, Phase.OVER}
    assert rules[Phase.PLAY] == GAME.play and rules[Phase.OVER] == GAME.game_over


def test_shuffled_pack_refuses_an_action_that_is_no_shuffle() -> None:
    with pytest.raises(IllegalActionError, match="play AS is not legal for chance"):
        GAME.apply(GAME.initial_state(), Play(card=Card("AS")))
    assert GAME.shuffled_pack(GAME.initial_state(), Shuffle(order=PACK)) == PACK


def test_determinize_before_the_deal_has_empty_hidden_parts() -> None:
    view = GAME.view(GAME.initial_state(), 1)
    state = GAME.determinize(view, Rng(1))
    assert state == GAME.initial_state() and GAME.view(state, 1) == view


def test_determinize_deals_the_unseen_cards_honouring_revealed_voids() -> None:
    state = _played("AH", "QS")  # seat 0 showed out of hearts
    view = GAME.view(state, 1)
    hands = set()
    for seed in range(30):
        drawn = GAME.determinize(view, Rng(seed))
        assert GAME.view(drawn, 1) == view
        assert not any(card.suit is Suit.HEARTS for card in drawn.hands[0])
        assert len(drawn.stock) == len(PACK) - 6
        GAME.validate(drawn)
        hands.add(drawn.hands[0])
    assert len(hands) > 1
    assert GAME.secret_sizes(view) == {"stock": len(PACK) - 6}


def test_secret_sizes_needs_a_schedule_for_one_secret_field() -> None:
    no_deal = kit.TrickGame[Any, Any, Any, Any](
        HighCardOptions(), GAME.seating, GAME.projection, PACK, policy=POLICY
    )
    with pytest.raises(TypeError, match="must say how many cards its secrets hold"):
        no_deal.secret_sizes(GAME.view(_dealt(), 0))


def test_hand_problems_accepts_a_reached_state_and_names_what_breaks_one() -> None:
    state = _played("AH", "QS")
    start = GAME.initial_state()
    assert hand_problems(GAME, state, start) == []
    assert hand_problems(GAME, msgspec.structs.replace(state, turn=0), start) == [
        "the state does not follow from its own hand: turn is 0, play gives 1"
    ]
    assert hand_problems(GAME, msgspec.structs.replace(state, trick_seats=(1, 5)), start) == [
        "trick_seats [1, 5] holds something that is not a seat 0-1"
    ]
    assert hand_problems(GAME, msgspec.structs.replace(state, dealer=None), start) == [
        "no dealer during a hand"
    ]


def test_deal_shuffle_hides_a_hand_where_shown_says_so() -> None:
    state, shuffle = GAME.initial_state(), stacked_shuffle(GAME, HANDS, dealer=0)
    for seat in (0, 1):
        log = kit.EventLog(seat)
        dealt = GAME.deal_shuffle(state, shuffle, 0, 1, log, shown=lambda d, s: s != 0)
        shown = None if seat == 0 else dealt.hands[1]
        assert log.events == [ev.Dealt(hand_number=1, dealer=0, hand=shown)]


def test_a_game_with_policies_by_trump_plays_by_the_state_s_trump() -> None:
    euchre = trickcore.load("euchre")
    assert euchre.trick_order(Suit.HEARTS).suit_of[Card("JD")] is Suit.HEARTS  # the left bower
    assert euchre.follow_policy(Suit.HEARTS) is euchre.policies[Suit.HEARTS]
    state = euchre.initial_state()
    while state.phase.value != "play":
        legal = euchre.legal_actions(state)
        state = euchre.apply(state, legal[-1] if legal else euchre.sample_chance(state, Rng(3)))
    assert state.trump is not None and euchre.legal_plays(state) == euchre.legal_actions(state)


def test_give_adds_cards_to_one_seat_only() -> None:
    hands = (tuple(cards("AS")), (), tuple(cards("KH QH")))
    assert kit.give(hands, 1, tuple(cards("9D TD"))) == (
        tuple(cards("AS")),
        tuple(cards("9D TD")),
        tuple(cards("KH QH")),
    )
    assert kit.give(hands, 2, ()) == hands


_SHARED_KEYS_LIMIT = 30
"""From this many instance attributes on, CPython 3.11 stops keeping an instance's attributes in
its class's shared key table and gives it a dictionary of its own; every method call and
attribute read on that instance then takes the interpreter's slow, unspecialised way (a random
Euchre hand cost 4 % more instructions in the pure build when the game had 30)."""


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("euchre", {}),
        ("euchre", {"deck": 25, "single_hand": True}),
        ("allfours", {}),
        ("allfours", {"players": 2}),
        ("apples", {}),
    ],
)
def test_a_game_keeps_its_attributes_in_the_shared_key_table(
    name: str, options: dict[str, Any]
) -> None:
    game = trickcore.load(name, **options)
    attributes = vars(game) if hasattr(game, "__dict__") else {}  # a compiled game has none
    assert len(attributes) < _SHARED_KEYS_LIMIT, sorted(attributes)
