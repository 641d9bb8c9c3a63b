"""A fresh view's first ``determinize`` (issue 24, point 3): a kit game checks a view it has not
seen by showing back its skeleton (the view's public part, hidden parts of the right sizes)
instead of drawing a witness state, so the first sample of a view costs one draw, not two; the
verdict is the witness's on every real view and every corruption of one."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_viewcheck import _SETTINGS, GAMES, PUBLIC, SERVED, _corrupted, game_of, positions

from trickcore import InvalidViewError, Rng
from trickcore.cards import Card, cards
from trickcore.kit import TrickGame
from trickcore.kit.hidden import _unseen_classes
from trickcore.kit.tricks import hand_plays, revealed_voids
from trickcore.viewcheck import checked_draws, view_shape_problems

SKELETON_GAMES = ("euchre", "euchre-joker", "allfours", "high-card")
"""The games whose determinizer proves a deal fits when it prepares (the kit's, All Fours')."""


def _draws_counted(monkeypatch: pytest.MonkeyPatch, label: str) -> tuple[Any, list[int]]:
    """A new game ``label`` whose determinizer's draws are counted (a game binds its
    determinizer when it is made; the rules are native classes in the compiled build, whose
    Python-level attribute this replaces, so the count is taken in both builds)."""
    calls: list[int] = []
    game_type = type(game_of(label))
    determinizer = game_type.determinizer

    def counted_determinizer(self: Any, view: Any) -> Any:
        draw = determinizer(self, view)

        def counted(rng: Rng) -> Any:
            calls.append(1)
            return draw(rng)

        return counted

    # The kit tells its own determinizer by identity; the counted one is still it.
    fit = game_type.prepared_draws_fit
    if fit is None:
        fit = determinizer is TrickGame.determinizer
    monkeypatch.setattr(game_type, "prepared_draws_fit", fit)
    monkeypatch.setattr(game_type, "determinizer", counted_determinizer)
    return game_of(label), calls


@pytest.mark.parametrize("label", SKELETON_GAMES)
def test_a_fresh_view_costs_one_deal(label: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_of(label)
    views = [
        game.view(state, seat)
        for state in positions(label)
        for seat in range(game.seats)
        if game.actor(state) is not None and state.phase is game.play_phase
    ]
    assert views
    counted_game, calls = _draws_counted(monkeypatch, label)
    for view in views:
        fresh = msgspec.structs.replace(view)
        sample = counted_game.determinize(fresh, Rng(5, "fresh"))
        assert game.view(sample, view.seat) == view
    assert len(calls) == len(views)  # no witness dealt besides the sample


def test_a_game_with_its_own_determinizer_still_draws_a_witness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = game_of("apples")
    assert not game.prepared_draws_fit
    state = next(s for s in positions("apples") if s.phase is game.play_phase)
    witnesses: list[Rng] = []
    determinize = type(game).determinizer

    def watched(self: Any, view: Any) -> Any:
        draw = determinize(self, view)

        def counted(rng: Rng) -> Any:
            witnesses.append(rng)
            return draw(rng)

        return counted

    monkeypatch.setattr(type(game), "determinizer", watched)
    fresh = game_of("apples")  # checked_views binds the patched determinizer
    fresh.determinize(fresh.view(state, 1), Rng(5))
    assert [rng.path[1:] for rng in witnesses[:1]] == [("trickcore", "validate_view")]
    assert len(witnesses) == 2


@pytest.mark.parametrize("label", GAMES)
def test_the_skeleton_shows_every_real_view_back(label: str) -> None:
    game = game_of(label)
    for state in positions(label):
        for seat in range(game.seats):
            view = game.view(state, seat)
            assert game.view(game.skeleton(view), seat) == view
            before_deal = view.phase in (game.draw_phase, game.deal_phase)
            assert game.skeleton_shows_back(view) is not before_deal


def _verdict(game: Any, view: Any, *, skeleton: bool) -> str:
    try:
        checked_draws(
            game,
            view,
            game.determinizer,
            shape=game.view_problems,
            full=False,
            skeleton=game.skeleton if skeleton else None,
            shows_back=game.skeleton_shows_back if skeleton else None,
        )
    except InvalidViewError:
        return "refused"
    return "served"


@pytest.mark.parametrize("label", SKELETON_GAMES)
@_SETTINGS
@given(data=st.data())
def test_the_skeleton_gives_the_witness_verdict_on_corrupted_views(
    label: str, data: st.DataObject
) -> None:
    game, view = _corrupted(label, {**SERVED, **PUBLIC}, data)
    if view is None:
        return
    assert _verdict(game, view, skeleton=True) == _verdict(game, view, skeleton=False)


@pytest.mark.parametrize("label", ["euchre", "euchre-joker", "allfours"])
def test_the_skeleton_refuses_what_no_state_shows(label: str) -> None:
    game = game_of(label)
    state = next(s for s in positions(label) if s.phase is game.play_phase)
    view = game.view(state, 0)
    wrong_turn = msgspec.structs.replace(view, turn=None)  # the play phase shows whose turn
    assert _verdict(game, wrong_turn, skeleton=False) == "refused"
    assert _verdict(game, wrong_turn, skeleton=True) == "refused"
    with pytest.raises(InvalidViewError, match="view is inconsistent"):
        game.determinize(wrong_turn, Rng(1))


@pytest.mark.parametrize("label", SKELETON_GAMES)
@_SETTINGS
@given(data=st.data())
def test_every_draw_from_a_view_the_skeleton_served_shows_it_back(
    label: str, data: st.DataObject
) -> None:
    """Draws from a view served by the skeleton check are not shown back one by one (a search
    bot's repeated samples pay nothing for the check): the skeleton's argument holds for every
    draw, corrupted views that are still served included."""
    game, view = _corrupted(label, {**SERVED, **PUBLIC}, data)
    if view is None:
        return
    try:
        game.determinize(view, Rng(0))
    except InvalidViewError:
        return
    for k in range(6):
        assert game.view(game.determinize(view, Rng(k, "again")), view.seat) == view


@pytest.mark.parametrize("label", SKELETON_GAMES)
@_SETTINGS
@given(data=st.data())
def test_shows_back_says_yes_only_when_the_skeleton_shows_the_view_back(
    label: str, data: st.DataObject
) -> None:
    """``skeleton_shows_back``, the check of a fresh view without building its skeleton: never
    yes on a view that the skeleton does not show back (a no makes ``determinize`` build the
    skeleton and compare, so only a yes must be right)."""
    game, view = _corrupted(label, {**SERVED, **PUBLIC}, data)
    if view is None or view_shape_problems(game, view, deep=False) or game.view_problems(view):
        return  # refused before the skeleton is asked
    try:
        said = game.skeleton_shows_back(view)
    except Exception:  # a malformed view: determinize takes the long way
        return
    if said:
        assert game.view(game.skeleton(view), view.seat) == view


@pytest.mark.parametrize("label", SKELETON_GAMES)
@_SETTINGS
@given(data=st.data())
def test_the_checks_at_once_say_yes_only_when_each_check_does(
    label: str, data: st.DataObject
) -> None:
    """``fits_at_once``, every check of a fresh view in one walk: never yes on a view that one
    of the checks it stands for refuses (a no sends ``determinize`` the long way, which names
    the defect, so only a yes must be right)."""
    game, view = _corrupted(label, {**SERVED, **PUBLIC}, data)
    if view is None or not game.fits_at_once(view):
        return
    assert view_shape_problems(game, view, deep=False) == []
    assert game.view_problems(view) == []
    assert game.skeleton_shows_back(view)


@pytest.mark.parametrize("label", SKELETON_GAMES)
def test_the_checks_at_once_serve_every_real_view_after_the_deal(label: str) -> None:
    """Every view of a state after the deal passes the checks at once (the long way is kept
    for views before it and for views that fail them), and is drawn from as before."""
    game = game_of(label)
    served = 0
    for state in positions(label):
        if state.phase in (game.draw_phase, game.deal_phase):
            continue
        for seat in range(game.seats):
            view = game.view(state, seat)
            assert game.fits_at_once(view)
            sample = game.determinize(view, Rng(3, "at once"))
            assert game.view(sample, seat) == view
            served += 1
    assert served > 50


@pytest.mark.parametrize("label", GAMES)
@_SETTINGS
@given(data=st.data())
def test_a_blank_made_from_the_last_views_is_the_blank_built_by_name(
    label: str, data: st.DataObject
) -> None:
    """A fresh view's blank state is made from the last view's, replacing only the public
    values that are other objects (issue 24.3): it equals the state built from every public
    field by name, whatever view came before (of another seat, position or seat count)."""
    game = game_of(label)
    projection = game.projection
    states = positions(label)
    for _ in range(3):
        state = states[data.draw(st.integers(0, len(states) - 1), label="state")]
        view = game.view(state, data.draw(st.integers(0, game.seats - 1), label="seat"))
        seats = data.draw(st.sampled_from([game.seats, game.seats, 3]), label="seats")
        empty = {part.field: ((),) * seats for part in projection.per_seat}
        by_name = projection.state(view, **empty, **dict.fromkeys(projection.secret, ()))
        assert projection.blank(view, seats) == by_name


@pytest.mark.parametrize("label", GAMES)
def test_the_kit_voids_read_in_one_pass_are_the_revealed_voids(label: str) -> None:
    """Under the plain follow-suit policy the kit reads a view's voids off its tricks in one
    pass (issue 24.3, a fresh view's cost): the suits :func:`revealed_voids` finds from the
    hand's plays, for every seat's view of every position (All Fours has its own policy and
    takes the long way, compared here too)."""
    game = game_of(label)
    if not isinstance(game, TrickGame) or type(game).voids is not TrickGame.voids:
        pytest.skip("the game finds its voids its own way")
    compared = 0
    for state in positions(label):
        trump = getattr(state, "trump", None)
        if game.policy is None and trump is None:
            continue
        policy = game.policy if game.policy is not None else game.policies[trump]
        for seat in range(game.seats):
            view = game.view(state, seat)
            plays = hand_plays(view.tricks, view.trick_seats, view.trick)
            voids = game.voids(view)
            assert voids == revealed_voids(policy, plays, game.seats)
            assert list(voids) == list(range(game.seats))  # every seat, in seat order
            # What determinize and the heuristics ask: the same, the seats that showed out of
            # nothing may be left out.
            shown_out = game.shown_out(view)
            assert set(shown_out) <= set(voids)
            assert {seat: out for seat, out in shown_out.items() if out} == {
                seat: out for seat, out in voids.items() if out
            }
            compared += any(voids.values())
    assert compared  # some views did show a void


@pytest.mark.parametrize("seen_held", [True, False])
def test_held_cards_come_last_whether_or_not_they_were_seen(seen_held: bool) -> None:
    """The unseen cards are the pack's cards not seen, in pack order, then the held ones
    (``Projection.unseen_dealer``): the same list whether or not the held card is among the
    cards seen (Euchre's taken up-card is; the list no longer copies the seen cards then)."""
    pack = cards("9S TS JS QS KS AS 9H TH")
    seen = set(cards("TS KS")) | ({Card("JS")} if seen_held else set())
    unseen, _ = _unseen_classes(
        pack, seen, (2, 4), (0, 2), (), voids=None, suit_of=None, held={Card("JS"): 2}
    )
    assert unseen == [*cards("9S QS AS 9H TH"), Card("JS")]
    plain, _ = _unseen_classes(
        pack, list(seen), (6,), (0,), (), voids=None, suit_of=None, held=None
    )
    assert plain == [c for c in pack if c not in seen]
