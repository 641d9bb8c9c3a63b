"""Rule book E6 (going alone): who is asked, in which order, who sits out, and the option
``who_may_go_alone``."""

from __future__ import annotations

from typing import Any

import pytest
from euchre_helpers import deal, euchre, run

from trickcore import IllegalActionError
from trickcore_euchre.actions import GoAlone, OrderUp, Pass, WithPartner
from trickcore_euchre.events import WentAlone
from trickcore_euchre.state import Declaration, EuchreState, Phase

DEALER = 0

# Who is asked, in order, by option and maker (dealer 0): clockwise from the maker, leaving
# out those the option does not allow (E6).
ASKED = {
    ("anyone", 1): [1, 2, 3, 0],
    ("maker_or_defenders", 1): [1, 2, 0],
    ("makers", 1): [1, 3],
    ("maker", 1): [1],
    ("nobody", 1): [],
    ("anyone", 0): [0, 1, 2, 3],
    ("maker_or_defenders", 0): [0, 1, 3],
    ("makers", 0): [0, 2],
    ("maker", 0): [0],
    ("nobody", 0): [],
    ("anyone", 3): [3, 0, 1, 2],
    ("maker_or_defenders", 3): [3, 0, 2],
    ("makers", 3): [3, 1],
    ("maker", 3): [3],
    ("nobody", 3): [],
}


def _trump_fixed(maker: int, **options: Any) -> tuple[Any, EuchreState]:
    """Dealer 0; ``maker`` orders up (the seats before pass); the dealer discards the
    up-card. Returns the state just after the dealer's exchange."""
    game = euchre(DEALER, **options)
    state = deal(game, DEALER, {}, up="9H")
    for seat in [1, 2, 3, 0]:
        if seat == maker:
            state = game.apply(state, OrderUp())
            break
        state = game.apply(state, Pass())
    assert state.phase is Phase.DISCARD  # E6: the exchange comes before any declaration
    state = run(game, state, "0=discard:9H")
    return game, state


@pytest.mark.parametrize(("mode", "maker"), list(ASKED), ids=[f"{m}-maker{s}" for m, s in ASKED])
def test_who_is_asked_and_in_which_order(mode: str, maker: int) -> None:
    """E6: declarations go clockwise from the maker; those the option ``who_may_go_alone``
    does not allow are not asked; when all say "with partner" nobody sits out."""
    game, state = _trump_fixed(maker, who_may_go_alone=mode)
    expected = ASKED[(mode, maker)]
    assert list(state.pending) == expected
    asked = []
    while state.phase is Phase.ALONE:
        seat = game.actor(state)
        asked.append(seat)
        assert game.legal_actions(state) == (GoAlone(), WithPartner())
        assert game.view(state, (seat + 1) % 4).pending == state.pending  # public
        state = game.apply(state, WithPartner())
    assert asked == expected
    assert state.declarations == tuple(Declaration(seat=s, alone=False) for s in expected)
    assert state.phase is Phase.PLAY
    assert state.sitting_out == ()
    assert game.actor(state) == (DEALER + 1) % 4


@pytest.mark.parametrize(("mode", "maker"), list(ASKED), ids=[f"{m}-maker{s}" for m, s in ASKED])
def test_first_asked_may_go_alone(mode: str, maker: int) -> None:
    """E6: the first player asked may play alone: their partner sits out and is not asked;
    only allowed seats are ever asked."""
    game, state = _trump_fixed(maker, who_may_go_alone=mode)
    expected = ASKED[(mode, maker)]
    if not expected:
        assert state.phase is Phase.PLAY and state.declarations == ()
        with pytest.raises(IllegalActionError):
            game.apply(state, GoAlone())
        return
    loner = expected[0]
    state = game.apply(state, GoAlone())
    rest = [seat for seat in expected[1:] if seat != (loner + 2) % 4]
    asked = []
    while state.phase is Phase.ALONE:
        asked.append(game.actor(state))
        state = game.apply(state, WithPartner())
    assert asked == rest
    assert state.sitting_out == ((loner + 2) % 4,)


def test_partner_of_a_lone_defender_is_not_asked() -> None:
    """E6: maker 1 plays with partner, defender 2 goes alone: seat 3 is asked, seat 0 (whose
    partner went alone) is not; seat 0 sits out."""
    game, state = _trump_fixed(1)
    state = run(game, state, "1=partner 2=alone 3=partner")
    assert state.phase is Phase.PLAY
    assert state.declarations == (
        Declaration(seat=1, alone=False),
        Declaration(seat=2, alone=True),
        Declaration(seat=3, alone=False),
    )
    assert state.sitting_out == (0,)


def test_maker_says_with_partner_then_partner_goes_alone_maker_sits_out() -> None:
    """E6: "with partner" only means "not alone": if the maker's partner then goes alone, the
    maker sits out."""
    game, state = _trump_fixed(1)
    state = run(game, state, "1=partner 2=partner 3=alone 0=partner")
    assert state.phase is Phase.PLAY
    assert state.sitting_out == (1,)
    assert state.maker == 1


def test_both_sides_alone() -> None:
    """E6: at most one player per side plays alone, and both sides may: maker 1 and defender 2
    go alone; their partners 3 and 0 are not asked and sit out."""
    game, state = _trump_fixed(1)
    state = run(game, state, "1=alone 2=alone")
    assert state.phase is Phase.PLAY
    assert set(state.sitting_out) == {3, 0}
    assert [d.seat for d in state.declarations] == [1, 2]


def test_both_sides_alone_defender_then_makers_partner() -> None:
    """E6: maker 3 (dealer 0) says with partner, defender 0 goes alone, maker's partner 1 goes
    alone: the maker and defender 2 sit out; nobody else is asked."""
    game, state = _trump_fixed(3)
    state = run(game, state, "3=partner 0=alone 1=alone")
    assert state.phase is Phase.PLAY
    assert set(state.sitting_out) == {3, 2}


def test_maker_or_defenders_never_asks_the_makers_partner() -> None:
    """E6 ``maker_or_defenders``: the maker's partner is never asked, even when nobody is
    alone yet; a lone defender's partner is not asked either."""
    game, state = _trump_fixed(1, who_may_go_alone="maker_or_defenders")
    state = run(game, state, "1=partner 2=alone")
    assert state.phase is Phase.PLAY
    assert state.sitting_out == (0,)


def test_makers_mode_partner_may_go_alone() -> None:
    """E6 ``makers``: the maker or the maker's partner; the partner going alone makes the maker
    sit out."""
    game, state = _trump_fixed(1, who_may_go_alone="makers")
    state = run(game, state, "1=partner 3=alone")
    assert state.phase is Phase.PLAY
    assert state.sitting_out == (1,)


def test_went_alone_event() -> None:
    """E6, E10: going alone is public: every seat sees it, and the partner who sits out."""
    game, state = _trump_fixed(1)
    after = game.apply(state, GoAlone())
    for seat in (None, 0, 1, 2, 3):
        assert WentAlone(seat=1, partner=3) in game.events(state, GoAlone(), seat)
    for seat in range(4):
        assert game.view(after, seat).declarations == (Declaration(seat=1, alone=True),)


def test_only_declarations_are_legal_while_asking() -> None:
    """E6: while declaring, a play or a bid is refused and nothing changes."""
    game, state = _trump_fixed(2)
    assert state.phase is Phase.ALONE
    for refused in (Pass(), OrderUp()):
        with pytest.raises(IllegalActionError, match="alone"):
            game.apply(state, refused)
