"""``determinize`` on forged views (issue 22.3): it refuses what ``validate_view`` refuses with
:class:`InvalidViewError`, or returns only states that show the view back; never a plain
``ValueError``, never a state showing another view."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import fields, replace

import trickcore
from trickcore import CHANCE, InvalidViewError, Rng, Table, validate_view

APPLES = trickcore.load("apples", first_dealer=0)


def _state(seed: int, until: Callable[[Any], bool]) -> Any:
    table = Table(APPLES, ["random"] * 4, seed=seed)
    while not until(table.state):
        assert table.advance(max_steps=1) == 1
    return table.state


def _after_tricks(tricks: int) -> Callable[[Any], bool]:
    return lambda state: (
        state.phase.value == "play" and len(state.tricks) == tricks and not state.trick
    )


def _draws_agree_or_refuse(view: Any, draws: int = 40) -> list[str]:
    """What goes wrong over ``draws`` draws from ``view``: a draw showing another view, or an
    error other than InvalidViewError."""
    wrong = []
    for k in range(draws):
        try:
            state = APPLES.determinize(view, Rng(7, "draw", k))
        except InvalidViewError:
            continue
        except Exception as error:
            wrong.append(f"draw {k}: {type(error).__name__}: {error}")
            continue
        if APPLES.view(state, view.seat) != view:
            wrong.append(f"draw {k} shows another view")
    return wrong


def test_a_seat_playing_twice_in_a_trick_is_refused_by_determinize() -> None:
    """The forged view kind that gave wrong draws (4 of 40 here): one seat twice in a trick."""
    state = _state(0, _after_tricks(4))
    view = APPLES.view(state, state.turn)
    trick = view.tricks[1]
    seats = (*trick.seats[:2], trick.seats[2] + 1, *trick.seats[3:])
    forged = replace(view, tricks=(view.tricks[0], replace(trick, seats=seats), *view.tricks[2:]))
    with pytest.raises(InvalidViewError):
        validate_view(APPLES, forged)
    with pytest.raises(InvalidViewError, match="plays twice in trick 2"):
        APPLES.determinize(forged, Rng(7, "draw", 0))
    assert _draws_agree_or_refuse(forged) == []


def test_a_bid_no_deal_fits_is_an_invalid_view_error_not_value_error() -> None:
    """Was ``ValueError: no state fits seat 2's view after 200 draws`` on the first draw."""
    in_round_7 = _after_tricks(10)
    state = _state(2, lambda state: state.round_number == 7 and in_round_7(state))
    view = APPLES.view(state, state.turn)
    call = view.auction[4]
    assert call.number is not None
    raised = replace(call, number=call.number + 2)
    forged = replace(view, auction=(*view.auction[:4], raised, *view.auction[5:]))
    with pytest.raises(InvalidViewError):
        validate_view(APPLES, forged)
    assert _draws_agree_or_refuse(forged, draws=3) == []


def _nudged(value: Any, depth: int = 0) -> list[Any]:
    """Small changes of ``value`` and of what it holds: numbers moved by one, flags flipped."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1]
    if isinstance(value, msgspec.Struct) and depth < 3:
        return [
            replace(value, **{field.name: wrong})
            for field in fields(value)
            for wrong in _nudged(getattr(value, field.name), depth + 1)
        ]
    if isinstance(value, tuple) and depth < 3:
        return [
            (*value[:index], wrong, *value[index + 1 :])
            for index, item in enumerate(value)
            for wrong in _nudged(item, depth + 1)
        ]
    return []


@functools.cache
def _forged_views() -> list[Any]:
    """Views of real Apples games at every phase with one field nudged, that the light check
    of ``determinize`` (one witness draw) lets through."""
    found = []
    for seed in (1,):
        table = Table(APPLES, ["random"] * 4, seed=seed)
        step = 0
        while (actor := APPLES.actor(table.state)) is not None:
            if actor is not CHANCE and step % 29 == 0:
                view = APPLES.view(table.state, actor)
                for wrong in _nudged(view):
                    try:
                        APPLES.determinize(wrong, Rng(0, "probe"))
                    except InvalidViewError:
                        continue
                    found.append(wrong)
            table.advance(max_steps=1)
            step += 1
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_determinize_on_forged_views_refuses_or_shows_the_view_back(data: st.DataObject) -> None:
    views = _forged_views()
    view = data.draw(st.sampled_from(views))
    draw = data.draw(st.integers(0, 2**32))
    try:
        state = APPLES.determinize(view, Rng(draw, "fuzz"))
    except InvalidViewError:
        return
    assert APPLES.view(state, view.seat) == view


def test_a_forged_last_pile_exchange_is_refused_or_shown_back() -> None:
    """Issue 21.9: a view claiming that its seat gave to the last round's pile a card it then
    played itself without getting it back: no game reaches it."""
    state = _state(3, lambda state: state.phase.value == "play" and state.last_round is not None)
    view = APPLES.view(state, state.turn)
    assert view.last_round is not None
    played = [
        card
        for trick in view.last_round.tricks
        for seat, card in zip(trick.seats, trick.cards, strict=True)
        if seat == view.seat and card not in view.last_received
    ]
    forged = replace(view, last_given=(played[0], *view.last_given[1:]))
    with pytest.raises(InvalidViewError):
        validate_view(APPLES, forged)
    assert _draws_agree_or_refuse(forged, draws=5) == []
