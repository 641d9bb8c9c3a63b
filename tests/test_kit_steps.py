"""The hand steps and checks the kit's ``TrickGame`` writes once for every game: the default
``sample_chance``, ``deal_shuffle``, ``play_card``, ``finish_trick``, ``replay_problems``, and
``hand_plays`` and ``Projection.deal_unseen`` for ``determinize``. High card (the example game)
is the game under test: it uses each of them."""

from __future__ import annotations

import msgspec
import pytest
from trickcore_example_game.game import (
    PACK,
    POLICY,
    PROJECTION,
    HighCard,
    HighCardOptions,
    HighCardState,
    Play,
)

from trickcore import CHANCE, Card, DrawDealer, IllegalActionError, Rng, Shuffle, Suit, cards, kit
from trickcore.kit import events as ev
from trickcore.kit.validation import replay_problems
from trickcore.testing import stacked_shuffle

GAME = HighCard(HighCardOptions(players=2, first_dealer=0))
HANDS = {0: "AS KS QS", 1: "JS AH KH"}
SHUFFLE = stacked_shuffle(GAME, HANDS, dealer=0)


def _dealt() -> HighCardState:
    return GAME.apply(GAME.initial_state(), SHUFFLE)


def test_sample_chance_draws_a_listed_outcome_or_shuffles_and_refuses_out_of_turn() -> None:
    drawn = HighCard(HighCardOptions(players=3))
    draw = drawn.sample_chance(drawn.initial_state(), Rng(5))
    assert isinstance(draw, DrawDealer) and draw in drawn.dealer_draws
    shuffle = GAME.sample_chance(GAME.initial_state(), Rng(5))
    assert (
        isinstance(shuffle, Shuffle)
        and set(shuffle.order) == set(PACK)
        and len(shuffle.order) == len(PACK)
    )
    assert shuffle == GAME.sample_chance(GAME.initial_state(), Rng(5))  # the stream decides
    state = _dealt()
    assert GAME.actor(state) is not CHANCE
    with pytest.raises(IllegalActionError, match="no chance action is due"):
        GAME.sample_chance(state, Rng(5))


def test_deal_shuffle_deals_by_the_schedule_and_shows_each_seat_its_own_hand() -> None:
    state = GAME.initial_state()
    for seat in (0, 1, None):
        log = kit.EventLog(seat)
        dealt = GAME.deal_shuffle(state, SHUFFLE, 0, 1, log)
        assert [set(hand) for hand in dealt.hands] == [set(cards(HANDS[0])), set(cards(HANDS[1]))]
        own = None if seat is None else dealt.hands[seat]
        assert log.events == [ev.Dealt(hand_number=1, dealer=0, hand=own)]
    with pytest.raises(IllegalActionError, match="missing"):
        GAME.deal_shuffle(state, Shuffle(order=PACK[1:]), 0, 1, None)


def test_play_card_takes_a_held_card_the_policy_allows_and_tells_the_log() -> None:
    state = _dealt()  # seat 1 leads
    hands, lead = state.hands, Card("AH")
    log = kit.EventLog(None)
    after = GAME.play_card(
        state, Play(card=lead), lead, seat=1, hands=hands, trick=(), policy=POLICY, log=log
    )
    assert lead not in after[1] and after[0] == hands[0] and len(after[1]) == 2
    assert log.events == [ev.CardPlayed(seat=1, card=lead)]
    with pytest.raises(IllegalActionError, match="does not hold AD"):
        GAME.play_card(
            state,
            Play(card=Card("AD")),
            Card("AD"),
            seat=1,
            hands=hands,
            trick=(),
            policy=POLICY,
            log=None,
        )
    # Seat 0 holds only spades: after a heart lead anything goes; after a spade lead, a spade.
    spade = Card("JS")
    with pytest.raises(IllegalActionError, match="the suit led must be followed;"):
        GAME.play_card(
            state,
            Play(card=Card("AH")),
            Card("AH"),
            seat=1,
            hands=hands,
            trick=(spade,),
            policy=POLICY,
            log=None,
        )


def test_finish_trick_names_the_winner_and_tells_the_log() -> None:
    log = kit.EventLog(0)
    played = tuple(cards("KH AH"))
    done = GAME.finish_trick(POLICY, (1, 0), played, 2, log)
    assert (done.winner, done.seats, done.cards) == (0, (1, 0), played)
    assert log.events == [ev.TrickWon(seat=0, number=2, cards=played)]


def test_hand_plays_lists_the_finished_tricks_then_the_trick_in_progress() -> None:
    done = POLICY.finish((1, 0), tuple(cards("KH AH")))
    assert kit.hand_plays([done], (0, 1), (Card("AS"),)) == [
        ((1, 0), done.cards),
        ((0, 1), (Card("AS"),)),
    ]
    assert kit.hand_plays([]) == [((), ())]


def test_replay_problems_accepts_a_reached_state_and_names_what_breaks_one() -> None:
    start, state = GAME.initial_state(), _dealt()
    for card in ("AH", "AS"):  # seat 1 leads AH, seat 0 shows out with AS
        state = GAME.apply(state, Play(card=Card(card)))
    dealt = [list(cards(HANDS[0])), list(cards(HANDS[1]))]
    plays = [Play(card=Card("AH")), Play(card=Card("AS"))]
    stock = state.stock
    assert (
        replay_problems(GAME, state, start, dealer=0, dealt=dealt, actions=plays, stock=stock) == []
    )
    twice = [list(cards("AS KS QS")), list(cards("AS AH KH"))]
    assert replay_problems(
        GAME, state, start, dealer=0, dealt=twice, actions=plays, stock=stock
    ) == ["cards given more than once: AS"]
    (illegal,) = replay_problems(
        GAME, state, start, dealer=0, dealt=dealt, actions=plays[::-1], stock=stock
    )
    assert illegal.startswith("step 2 of the recorded hand (play AS) is not legal")
    scored = msgspec.structs.replace(state, scores=(1, 0))  # seat 1 won the trick
    (different,) = replay_problems(
        GAME, scored, start, dealer=0, dealt=dealt, actions=plays, stock=stock
    )
    assert different == (
        "the state does not follow from its own hand: scores is (1, 0), play gives (0, 1)"
    )


def test_deal_unseen_keeps_the_view_and_deals_the_rest_honouring_voids() -> None:
    state = _dealt()
    for card in ("AH", "AS"):  # seat 0 shows out of hearts
        state = GAME.apply(state, Play(card=Card(card)))
    view = GAME.view(state, 1)
    voids = {0: {Suit.HEARTS}}
    stock = len(PACK) - 6
    seen_hands = set()
    for seed in range(20):
        drawn = PROJECTION.deal_unseen(view, Rng(seed), PACK, secret={"stock": stock}, voids=voids)
        assert GAME.view(drawn, 1) == view
        assert not any(card.suit is Suit.HEARTS for card in drawn.hands[0])
        placed = [*drawn.hands[0], *drawn.hands[1], *drawn.stock, Card("AH"), Card("AS")]
        assert len(placed) == len(PACK) and set(placed) == set(PACK)
        seen_hands.add(drawn.hands[0])
    assert len(seen_hands) > 1
    with pytest.raises(ValueError, match="cannot fill"):
        PROJECTION.deal_unseen(view, Rng(0), PACK, secret={"stock": stock + 1})


def test_deal_unseen_needs_one_per_seat_part_with_sizes() -> None:
    class State(msgspec.Struct, frozen=True):
        hands: tuple[tuple[Card, ...], ...]

    class View(msgspec.Struct, frozen=True):
        seat: int
        hand: tuple[Card, ...]

    projection = kit.Projection(State, View, per_seat=[kit.SeatPart("hands", own="hand")])
    with pytest.raises(TypeError, match="exactly one per-seat part with sizes"):
        projection.deal_unseen(View(seat=0, hand=()), Rng(0), PACK)
