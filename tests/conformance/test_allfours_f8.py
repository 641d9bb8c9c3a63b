"""Rule book F8 (what a player may see): the own hand, every kick and its points, the stand /
beg / give / run decisions, every card played and who won each trick, the scores; never the
other hands nor the stock. ``determinize`` respects all of it, and events leak nothing."""

from __future__ import annotations

import pytest
from allfours_helpers import C, cs, deal, run

from trickcore import Rng
from trickcore.kit.hidden import cards_seen
from trickcore_allfours import Kick, Phase, RunPack, voids
from trickcore_allfours.events import PackRun


def test_a_view_shows_the_own_hand_the_kicks_and_the_decisions_only() -> None:
    """F8: seat 1 sees its hand, the sizes of the others, every kick and its points, the beg
    and the run; not the other hands, not the stock."""
    game, state = deal({1: "AS KS QS 2C 3C 4C"}, "4H", runs=[({}, "AH"), ({}, "6S")])
    state = run(game, state, "3=beg 0=run_pack")
    view = game.view(state, 1)
    assert set(cs("AS KS QS 2C 3C 4C")) <= set(view.hand) and len(view.hand) == 12
    assert view.hand_sizes == (12, 12, 12, 12)
    assert view.kicks == (
        Kick(card=C("4H")),
        Kick(card=C("AH"), points=1),
        Kick(card=C("6S"), points=2),
    )
    assert (view.call, view.answer, view.scores) == ("beg", "run_pack", (3, 0))
    others = {card for seat in (0, 2, 3) for card in state.hands[seat]} | set(state.stock)
    assert not cards_seen(view) & others
    assert not hasattr(view, "stock") and not hasattr(view, "hands")


def test_the_run_of_the_pack_shows_each_seat_only_its_own_cards() -> None:
    """F8: the run's event shows each seat its own new hand; a spectator none."""
    game, state = deal({}, "4H", runs=[({}, "5D")])
    state = run(game, state, "3=beg")
    for seat in range(4):
        (run_event,) = [e for e in game.events(state, RunPack(), seat) if isinstance(e, PackRun)]
        assert run_event.hand == game.apply(state, RunPack()).hands[seat]
    public = [e for e in game.events(state, RunPack(), None) if isinstance(e, PackRun)]
    assert public[0].hand is None


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_determinize_respects_voids_and_the_kicks(seat: int) -> None:
    """F8, F4: seat 1 threw a diamond on a club lead (void in clubs); seat 2 trumped (which
    reveals nothing: it may still hold clubs). Every determinized state keeps the kicks out of
    the hands and gives seat 1 no club. (Diamonds were begged; the run made hearts trump.)"""
    hands = {3: "AC 2S 3S 4S 5S 6S", 2: "9H 8C 7S 8S 9S TS", 1: "2D 4D 5D 6D 7D JD"}
    runs = [({3: "JS QS KS", 2: "AS 2H 8H", 1: "8D 9D TD"}, "4H")]
    game, state = deal(hands, "3D", runs=runs)
    state = run(game, state, "3=beg 0=run_pack 3=AC 2=9H 1=2D")
    view = game.view(state, seat)
    known = voids(game, view)
    assert C("AC").suit in known[1] and not known[2]
    kicked = {kick.card for kick in view.kicks}
    for k in range(20):
        sample = game.determinize(view, Rng(k, "f8", seat))
        assert game.view(sample, seat) == view
        game.validate(sample)
        assert not kicked & {card for hand in sample.hands for card in hand}
        assert seat == 1 or not any(card.suit is C("AC").suit for card in sample.hands[1])


def test_views_before_the_deal_show_no_cards() -> None:
    game, state = deal({}, "3H")
    state = run(game, state, "3=beg 0=give_one")
    assert state.phase is Phase.PLAY
    for seat in range(4):
        assert game.view(game.initial_state(), seat).hand == ()
