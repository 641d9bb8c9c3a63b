"""Rule book E5 (the joker turned up, ``deck = 25``): no bidding, the dealer names any suit
without seeing their hand, takes the joker and discards; the dealer is the maker."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from euchre_helpers import (
    ARRANGED_UP,
    C,
    arranged,
    cards_in_view,
    cs,
    deal,
    euchre,
    run,
    stacked_order,
)

from trickcore import Card, IllegalActionError, Rng, Shuffle, Suit, digest
from trickcore_euchre.actions import Call, Discard, OrderUp, Pass
from trickcore_euchre.events import CardTurnedUp, Dealt, Discarded, TrumpCalled
from trickcore_euchre.state import Bid, EuchreState, Phase

DEALER = 2
HANDS = {
    3: "9C TC JC QC KC",
    0: "AC 9D TD JD QD",
    1: "KD AD 9H TH JH",
    2: "QH KH AH 9S TS",  # the dealer
}


def _joker_up(dealer: int = DEALER) -> tuple[Any, EuchreState, EuchreState]:
    game = euchre(dealer, deck=25)
    start = game.initial_state()
    state = deal(game, dealer, HANDS, up="JK")
    return game, start, state


def test_joker_turned_up_means_no_bidding() -> None:
    """E5: with the joker turned up the dealer acts first and may only name a suit: any of
    the four; passing or ordering up is refused."""
    game, _, state = _joker_up()
    assert state.phase is Phase.JOKER_CALL
    assert state.up_card is Card.JOKER
    assert game.actor(state) == DEALER
    assert set(game.legal_actions(state)) == {Call(suit=suit) for suit in Suit}
    assert len(game.legal_actions(state)) == 4
    before = digest(state)
    for refused in (Pass(), OrderUp()):
        with pytest.raises(IllegalActionError):
            game.apply(state, refused)
    assert digest(state) == before


def test_dealer_view_shows_no_hand_at_the_call() -> None:
    """E5, E10: the dealer names trump before seeing their hand: the dealer's view holds no
    card of the dealer's hand (only the face-up joker); the other seats see their own hands."""
    game, _, state = _joker_up()
    view = game.view(state, DEALER)
    assert view.hand == ()
    assert cards_in_view(msgspec.to_builtins(view)) == {"JK"}
    for seat in (0, 1, 3):
        other = game.view(state, seat)
        assert other.hand == cs(HANDS[seat])
        assert cards_in_view(msgspec.to_builtins(other)) == {*HANDS[seat].split(), "JK"}


def test_dealt_event_to_the_dealer_shows_no_hand() -> None:
    """E5, E10: the Dealt event shows the dealer no hand when the joker is turned up; each
    other seat gets its own hand; a spectator none."""
    game, start, state = _joker_up()
    shuffle = Shuffle(order=stacked_order(game, DEALER, HANDS, up="JK"))
    assert game.apply(start, shuffle) == state
    for seat in (None, 0, 1, 2, 3):
        events = game.events(start, shuffle, seat)
        (event,) = [e for e in events if isinstance(e, Dealt)]
        assert CardTurnedUp(card=Card.JOKER) in events and event.dealer == DEALER
        if seat is None or seat == DEALER:
            assert event.hand is None
            assert not cards_in_view(msgspec.to_builtins(event)) - {"JK"}
        else:
            assert event.hand == cs(HANDS[seat])


@pytest.mark.parametrize("suit", list(Suit))
def test_dealer_names_any_suit_takes_the_joker_and_discards(suit: Suit) -> None:
    """E5: the dealer names any suit (the suit of no up-card is barred), becomes the maker
    (the dealer's side the makers), takes the joker and must discard; the dealer's view now
    shows the six cards, and the call's event shows them to the dealer only."""
    game, _, state = _joker_up()
    after = game.apply(state, Call(suit=suit))
    assert after.trump is suit
    assert after.maker == DEALER
    assert after.auction == (Bid(seat=DEALER, kind="call", suit=suit),)
    assert after.phase is Phase.DISCARD and game.actor(after) == DEALER
    assert after.picked_up
    assert set(after.hands[DEALER]) == {*cs(HANDS[DEALER]), Card.JOKER}
    assert set(game.view(after, DEALER).hand) == set(after.hands[DEALER])
    for seat in (None, 0, 1, 2, 3):
        (event,) = game.events(state, Call(suit=suit), seat)
        assert isinstance(event, TrumpCalled) and event.joker_up and event.suit is suit
        if seat == DEALER:
            assert event.hand is not None and set(event.hand) == set(after.hands[DEALER])
        else:
            assert event.hand is None


def test_dealer_may_discard_the_joker() -> None:
    """E5: the dealer discards any card, the joker included; only the dealer learns it."""
    game, _, state = _joker_up()
    called = run(game, state, f"{DEALER}=call:C")
    after = run(game, called, f"{DEALER}=discard:JK")
    assert after.discard is Card.JOKER
    assert after.hands[DEALER] == cs(HANDS[DEALER])
    assert after.phase is Phase.ALONE and game.actor(after) == DEALER  # the maker is asked first
    discard = Discard(card=Card.JOKER)
    for seat in (None, 0, 1, 3):
        (event,) = game.events(called, discard, seat)
        assert isinstance(event, Discarded) and event.card is None and event.seat == DEALER
    for seat in (0, 1, 3):
        assert game.view(after, seat).discard is None
    (mine,) = game.events(called, discard, DEALER)
    assert isinstance(mine, Discarded) and mine.card is Card.JOKER
    assert game.view(after, DEALER).discard is Card.JOKER


def test_dealer_may_keep_the_joker_and_discard_another_card() -> None:
    """E5: the dealer keeps the joker and discards a card of their own."""
    game, _, state = _joker_up()
    after = run(game, state, f"{DEALER}=call:S {DEALER}=discard:QH")
    assert Card.JOKER in after.hands[DEALER] and C("QH") not in after.hands[DEALER]
    assert after.discard == C("QH")


def test_joker_hand_played_out_the_dealers_side_are_the_makers() -> None:
    """E5, E8: the dealer (seat 2) is the maker: side 0 are the makers; here they take four
    tricks (1 point to side 0)."""
    game = euchre(DEALER, deck=25)
    hands, play = arranged([0, 2, 2, 0, 1], 3)  # seat 3 leads (the dealer's left)
    state = deal(game, DEALER, hands, up="JK", rest=ARRANGED_UP)
    state = run(
        game,
        state,
        f"2=call:H 2=discard:JK 2=partner 3=partner 0=partner 1=partner {play}",
    )
    result = state.last_hand
    assert result is not None
    assert result.maker == DEALER and result.makers == 0
    assert result.tricks == (4, 1)
    assert result.scoring_side == 0 and result.points == 1
    assert state.scores == (1, 0)


def test_determinize_the_dealers_unseen_hand() -> None:
    """E5, E10: a state drawn from the dealer's view at the call agrees with that view (no
    hand shown) and is a valid state; the joker stays turned up."""
    game, _, state = _joker_up()
    view = game.view(state, DEALER)
    for seed in range(5):
        drawn = game.determinize(view, Rng(seed))
        game.validate(drawn)
        assert game.view(drawn, DEALER) == view
        assert drawn.up_card is Card.JOKER
        assert Card.JOKER not in {card for hand in drawn.hands for card in hand}
