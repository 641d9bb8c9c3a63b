"""Rule book E10 (what a player may see): views and per-seat events. A seat sees its own hand,
the up-card (also once turned down), whether the dealer took it but not the discard (unless
it is the dealer), every bid, declaration, card played and trick, and the scores; never other
hands, the discard or the undealt cards."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from euchre_helpers import C, actions, cards_in_view, cs, deal, euchre, run, stacked_order

from trickcore import Card, Rng, Shuffle, Suit, from_json, to_json
from trickcore_euchre.actions import Pass, Play
from trickcore_euchre.events import CardPlayed, Dealt, Discarded
from trickcore_euchre.state import EuchreState, Phase
from trickcore_euchre.view import EuchreView

HANDS = {
    1: "AC KC 9S TS JH",
    2: "QC AS KS KH 9D",
    3: "AD KD QD JS QH",
    0: "JC TC 9C AH TH",  # the dealer
}
UP = "9H"
UNDEALT = {"QS", "TD", "JD"}


def _seen(view: EuchreView) -> set[str]:
    return cards_in_view(msgspec.to_builtins(view))


def _start(**options: Any) -> tuple[Any, EuchreState]:
    game = euchre(0, **options)
    return game, deal(game, 0, HANDS, up=UP)


def test_own_hand_only_during_the_first_round() -> None:
    """E10: each seat sees its own hand and the up-card, nothing else."""
    game, state = _start()
    for seat in range(4):
        view = game.view(state, seat)
        assert isinstance(view, EuchreView) and not isinstance(view, EuchreState)
        assert view.seat == seat
        assert view.hand == cs(HANDS[seat])
        assert view.up_card == C(UP)
        assert _seen(view) == {*HANDS[seat].split(), UP}
        assert view.hand_sizes == (5, 5, 5, 5)


def test_up_card_known_after_it_is_turned_down() -> None:
    """E10: the up-card stays known after it is turned down, in the second round and in play;
    it was not taken (``picked_up`` false)."""
    game, state = _start()
    state = run(game, state, "1=pass 2=pass 3=pass 0=pass")
    assert state.phase is Phase.BID_SECOND
    for seat in range(4):
        view = game.view(state, seat)
        assert view.up_card == C(UP) and not view.picked_up
    state = run(game, state, "1=call:S 1=partner 2=partner 3=partner 0=partner 1=AC")
    for seat in range(4):
        view = game.view(state, seat)
        assert view.up_card == C(UP) and not view.picked_up and view.discard is None


@pytest.mark.parametrize("discard", ["9H", "TC"])
def test_pick_up_is_public_the_discard_is_not(discard: str) -> None:
    """E10: every seat knows the dealer took the up-card; only the dealer sees the discard.
    Whether the dealer discarded the up-card or a card of their own cannot be told apart by
    another seat: its view is the same either way."""
    game, state = _start()
    state = run(game, state, "1=order_up")
    assert all(game.view(state, seat).picked_up for seat in range(4))
    after = run(game, state, f"0=discard:{discard}")
    other = run(game, state, "0=discard:9H" if discard != "9H" else "0=discard:TC")
    assert game.view(after, 0).discard == C(discard)
    assert game.view(other, 0) != game.view(after, 0)
    for seat in (1, 2, 3):
        view = game.view(after, seat)
        assert view.discard is None and view.picked_up
        assert _seen(view) == {*HANDS[seat].split(), UP}
        assert view == game.view(other, seat)  # nothing tells the two discards apart


def test_bids_declarations_tricks_and_scores_are_public() -> None:
    """E10: every bid, pass and named suit, who plays alone, every card played and who won
    each trick, and the scores: the same in every seat's view."""
    game, state = _start()
    state = run(game, state, "1=pass 2=pass 3=pass 0=pass 1=pass 2=call:C")
    state = run(game, state, "2=alone 3=partner 1=partner")
    assert state.sitting_out == (0,)
    state = run(game, state, "3=AD 1=9S 2=9D")  # trick 1 (seat 3 leads: the loner's left)
    state = run(game, state, "3=QH")
    views = [game.view(state, seat) for seat in range(4)]
    public = [
        (v.auction, v.declarations, v.tricks, v.trick, v.trick_seats, v.scores, v.trump, v.maker)
        for v in views
    ]
    assert all(item == public[0] for item in public)
    assert len(views[0].auction) == 6 and views[0].auction[-1].suit is not None
    assert [d.alone for d in views[0].declarations] == [True, False, False]
    assert views[0].tricks[0].cards == cs("AD 9S 9D") and views[0].tricks[0].winner == 3
    assert views[0].trick == cs("QH")


def test_sitting_out_player_still_sees_the_public_play() -> None:
    """E10: the partner of a lone player lays the hand down but still sees every card played
    and every trick, and their own cards; nobody else sees those cards."""
    game, state = _start()
    state = run(game, state, "1=pass 2=pass 3=pass 0=pass 1=pass 2=call:C")
    state = run(game, state, "2=alone 3=partner 1=partner")
    before = state
    state = run(game, state, "3=AD")
    view = game.view(state, 0)
    assert 0 in view.sitting_out
    assert view.trick == cs("AD")
    assert view.hand == cs(HANDS[0])
    assert CardPlayed(seat=3, card=C("AD")) in game.events(before, Play(card=C("AD")), 0)
    for seat in (1, 2, 3):
        assert not set(HANDS[0].split()) & _seen(game.view(state, seat))


def _play_whole_hand(game: Any, state: EuchreState) -> list[tuple[EuchreState, Any, EuchreState]]:
    """The E7 follow-suit hand, every step: (before, action, after)."""
    script = (
        "1=order_up 0=discard:TC 1=partner 2=partner 3=partner 0=partner "
        "1=AC 2=QC 3=AD 0=JC "
        "1=KC 2=KH 3=QH 0=9C "
        "2=AS 3=JS 0=AH 1=9S "
        "0=9H 1=JH 2=9D 3=KD "
        "1=TS 2=KS 3=QD 0=TH"
    )
    steps = []
    for seat, action in actions(script):
        assert game.actor(state) == seat
        after = game.apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


def test_events_and_views_leak_nothing_over_a_whole_hand() -> None:
    """E10: at every step of a hand, a seat's view and events show only its own cards and
    public ones (cards played, the up-card, its own discard); a spectator sees no hand, the
    Dealt event shows each seat its own hand only, and Discarded shows the card only to the
    dealer."""
    game = euchre(0)
    start = game.initial_state()
    shuffle_state = deal(game, 0, HANDS, up=UP)
    shuffle = Shuffle(order=stacked_order(game, 0, HANDS, up=UP))
    steps = [(start, shuffle, shuffle_state), *_play_whole_hand(game, shuffle_state)]
    ever_held = {seat: set(HANDS[seat].split()) for seat in range(4)}
    ever_held[0] |= {UP}  # the dealer takes the up-card
    played: set[str] = set()
    for before, action, after in steps:
        if isinstance(action, Play):
            played.add(str(action.card))  # public from now on
        for seat in (None, 0, 1, 2, 3):
            events = game.events(before, action, seat)
            seen = cards_in_view(msgspec.to_builtins(list(events)))
            allowed = {UP} | played
            if seat is not None:
                allowed |= ever_held[seat]
                view_seen = _seen(game.view(after, seat))
                assert view_seen <= allowed, (seat, action, view_seen - allowed)
                assert not view_seen & UNDEALT
            assert seen <= allowed, (seat, str(action), seen - allowed)
            for event in events:
                if isinstance(event, Dealt):
                    expected = None if seat is None else cs(HANDS[seat])
                    assert event.hand == expected
                if isinstance(event, Discarded):
                    assert event.card == (C("TC") if seat == 0 else None)
    assert steps[-1][2].phase is Phase.DEAL  # the hand was played to the end


def test_views_at_the_deal_show_no_cards() -> None:
    """E10: between hands (a shuffle is due) no view shows any card; the last hand's result
    and the scores are public."""
    game, state = _start()
    state = run(game, state, " ".join(["pass"] * 8))
    for seat in range(4):
        view = game.view(state, seat)
        assert view.phase is Phase.DEAL
        assert _seen(view) == set()
        assert view.last_hand == state.last_hand and view.scores == state.scores


def test_joker_dealer_hand_hidden_only_from_the_dealer() -> None:
    """E5, E10: at the joker call only the dealer's own hand is hidden (from the dealer)."""
    game = euchre(0, deck=25)
    state = deal(game, 0, HANDS, up="JK")
    assert game.view(state, 0).hand == ()
    assert _seen(game.view(state, 0)) == {"JK"}
    for seat in (1, 2, 3):
        assert game.view(state, seat).hand == cs(HANDS[seat])
    assert Card.JOKER not in {card for hand in state.hands for card in hand}


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_determinize_mid_trick_agrees_with_the_view_and_voids(seat: int) -> None:
    """E10, E7 (DESIGN 4 determinize): in the middle of a trick, a state drawn from a seat's
    view validates, gives the same view back, keeps that seat's hand, puts the picked-up
    up-card with the dealer (hand or discard) and gives seat 3, who showed out of clubs, no
    club (hearts are trump: every club is a plain club)."""
    game, state = _start()
    state = run(game, state, "1=order_up 0=discard:TC 1=partner 2=partner 3=partner 0=partner")
    state = run(game, state, "1=AC 2=QC 3=AD")  # seat 3 shows out of clubs; seat 0 to play
    view = game.view(state, seat)
    for k in range(20):
        drawn = game.determinize(view, Rng(k, "e10", seat))
        game.validate(drawn)
        assert game.view(drawn, seat) == view
        assert drawn.hands[seat] == state.hands[seat]
        assert not [card for card in drawn.hands[3] if card.suit is Suit.CLUBS], drawn.hands[3]
        assert C(UP) in drawn.hands[0] or drawn.discard == C(UP)


def test_events_do_not_depend_on_object_identity() -> None:
    """E10 events (DESIGN 4): the events of an action depend on the states' contents only, so
    states decoded from JSON (a saved game) give the same events as the originals; here the
    first pass of a hand after a hand thrown in must not repeat "thrown in"."""
    game, state = _start()
    state = run(game, state, " ".join(["pass"] * 8))  # hand 1 thrown in: last_hand is set
    state = deal(game, 1, HANDS, up=UP, state=state)
    before_json = from_json(to_json(state), game.state_type)
    for seat in (None, 0, 1, 2, 3):
        expected = game.events(state, Pass(), seat)
        assert [type(event).__name__ for event in expected] == ["Passed"]
        assert game.events(before_json, Pass(), seat) == expected
