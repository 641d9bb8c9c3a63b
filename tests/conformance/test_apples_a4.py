"""Rule book A4 (the bidding pile): the winner's N trumps, everyone else's N cards of their
choice, in turn from the winner clockwise; the pile's own shuffle (a chance action of the 4N
cards) dealt back from the dealer's left; each player sees only its own part."""

from __future__ import annotations

from typing import Any

import pytest
from apples_helpers import HANDS, PASS, apples, bid, cs, deal, run, stacked_pile

from trickcore import CHANCE, IllegalActionError, Rng, Shuffle
from trickcore_apples import ApplesState, Give, Phase


def won_with_two_spades(dealer: int = 3) -> tuple[Any, ApplesState]:
    game = apples(dealer)
    state = run(game, deal(game, HANDS), [(0, bid(2, "S")), (1, PASS), (2, PASS), (3, PASS)])
    return game, state


def test_the_winner_gives_trumps_only_then_each_player_in_turn() -> None:
    game, state = won_with_two_spades()
    legal = game.legal_actions(state)
    assert {a.card for a in legal if isinstance(a, Give)} == set(cs("AS KS QS JS TS"))
    with pytest.raises(IllegalActionError, match="gives trumps only"):
        game.apply(state, Give(card=cs("2H")[0]))
    order = []
    for card in cs("AS KS 9S AH 7S AD 4S AC"):
        order.append(game.actor(state))
        state = run(game, state, [(game.actor(state), Give(card=card))])
    assert order == [0, 0, 1, 1, 2, 2, 3, 3]
    assert state.phase is Phase.PILE_DEAL and game.actor(state) is CHANCE
    assert [len(hand) for hand in state.hands] == [11, 11, 11, 11]
    # a seat other than the winner may give any card of its own
    assert state.given == (cs("AS KS"), cs("9S AH"), cs("7S AD"), cs("4S AC"))


def give_all(game: Any, state: ApplesState) -> ApplesState:
    for card in cs("AS KS 9S AH 7S AD 4S AC"):
        state = run(game, state, [(game.actor(state), Give(card=card))])
    return state


def test_the_pile_round_trip() -> None:
    """The 8 pile cards are shuffled and dealt back one at a time from the dealer's left
    (seat 0 here) as A2 says; a player may get its own cards back; 13 cards each again."""
    game, state = won_with_two_spades()
    state = give_all(game, state)
    drawn = game.sample_chance(state, Rng(1))
    assert isinstance(drawn, Shuffle) and set(drawn.order) == set(cs("AS KS 9S AH 7S AD 4S AC"))
    back = {0: "AC 9S", 1: "AS 4S", 2: "KS AD", 3: "AH 7S"}
    pile = stacked_pile(3, back)
    assert pile.order == cs("AC AS KS AH 9S 4S AD 7S")  # c0 to seat 0, c1 to seat 1, ...
    after = run(game, state, [(None, pile)])
    assert after.phase is Phase.TARGET and game.actor(after) == 0
    assert after.received == tuple(cs(back[seat]) for seat in range(4))
    assert all(len(hand) == 13 for hand in after.hands)
    for seat in range(4):
        expected = set(cs(HANDS[seat])) - set(after.given[seat]) | set(cs(back[seat]))
        assert set(after.hands[seat]) == expected
    # seat 2 got its own AD back
    assert cs("AD")[0] in after.given[2] and cs("AD")[0] in after.received[2]


def test_a_pile_shuffle_with_other_cards_is_refused() -> None:
    game, state = won_with_two_spades()
    state = give_all(game, state)
    with pytest.raises(IllegalActionError, match="missing"):
        game.apply(state, Shuffle(order=cs("AS KS 9S AH 7S AD 4S 2C")))
    with pytest.raises(IllegalActionError):
        game.apply(state, Shuffle(order=cs("AS KS 9S AH 7S AD 4S")))


def test_each_player_sees_only_its_own_part_of_the_pile() -> None:
    game, state = won_with_two_spades()
    state = give_all(game, state)
    state = run(
        game, state, [(None, stacked_pile(3, {0: "AC 9S", 1: "AS 4S", 2: "KS AD", 3: "AH 7S"}))]
    )
    for seat in range(4):
        view = game.view(state, seat)
        assert view.given == state.given[seat]
        assert view.received == state.received[seat]
        assert view.given_sizes == (2, 2, 2, 2)
    events = game.events(
        give_all(game, won_with_two_spades()[1]),
        stacked_pile(3, {0: "AC 9S", 1: "AS 4S", 2: "KS AD", 3: "AH 7S"}),
        1,
    )
    assert "You get AS 4S" in " ".join(map(str, events))
    public = game.events(
        give_all(game, won_with_two_spades()[1]),
        stacked_pile(3, {0: "AC 9S", 1: "AS 4S", 2: "KS AD", 3: "AH 7S"}),
        None,
    )
    assert "You get" not in " ".join(map(str, public))
    # a card given is shown to its giver only
    _, fresh = won_with_two_spades()
    assert "AS" in str(game.events(fresh, Give(card=cs("AS")[0]), 0)[0])
    assert "AS" not in str(game.events(fresh, Give(card=cs("AS")[0]), 1)[0])
