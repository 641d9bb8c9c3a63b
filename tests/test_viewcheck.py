"""validate_view and determinize on views from outside (issue 10, Deliver 2): every real view of
random games passes; every corruption of one (hand sizes altered, a card both held and played,
a seat off the table, impossible scores, wrong types, tricks that contradict the order of play)
is refused with InvalidViewError by ``validate_view``; ``determinize`` refuses those it cannot
serve and never raises anything else on a corrupted view."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

import trickcore
from trickcore import CHANCE, Card, InvalidViewError, Rng
from trickcore.game import AnyGame
from trickcore.kit import determinizing
from trickcore.viewcheck import checked_draws, view_shape_problems

GAMES: dict[str, dict[str, Any]] = {
    "euchre": {},
    "euchre-joker": {"deck": 25},
    "allfours": {},
    "apples": {},
    "high-card": {"players": 3},
}
"""Each game (and a variant) under test, by label: its registered name comes before a dash."""

SEEDS = (1, 2)
STATES_PER_GAME = 40
"""Positions sampled from the random games of each game (every seat's view of each)."""


def game_of(label: str) -> AnyGame:
    name = "high-card" if label == "high-card" else label.split("-", maxsplit=1)[0]
    return trickcore.load(name, **GAMES[label])


@functools.cache
def positions(label: str) -> tuple[Any, ...]:
    """States of random games, evenly spread over their course, the last state included."""
    game = game_of(label)
    states = []
    for seed in SEEDS:
        rng = Rng(seed, "test_viewcheck")
        state = game.initial_state()
        states.append(state)
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = game.apply(state, action)
            states.append(state)
    step = max(1, len(states) // STATES_PER_GAME)
    return (*states[::step], states[-1])


# -- real views pass ----------------------------------------------------------------------------


@pytest.mark.parametrize("label", GAMES)
def test_every_real_view_passes_validate_view(label: str) -> None:
    game = game_of(label)
    checked = 0
    for state in positions(label):
        for seat in range(game.seats):
            view = game.view(state, seat)
            trickcore.validate_view(game, view)
            sample = game.determinize(view, Rng(7, "sample"))
            assert game.view(sample, seat) == view
            checked += 1
    assert checked >= STATES_PER_GAME * game.seats


@pytest.mark.parametrize("label", GAMES)
def test_a_view_decoded_from_json_passes(label: str) -> None:
    game = game_of(label)
    state = positions(label)[len(positions(label)) // 2]
    view = game.view(state, 1)
    decoded = trickcore.from_json(trickcore.to_json(view), game.view_type)
    trickcore.validate_view(game, decoded)
    assert game.view(game.determinize(decoded, Rng(1)), 1) == view


# -- corruptions are refused --------------------------------------------------------------------

Corruption = Callable[[AnyGame, Any, st.DataObject], Any]
"""Turns a real view into one no reachable state shows (or ``None``: not applicable here)."""


def _cards_played(view: Any) -> list[Card]:
    return [card for trick in view.tricks for card in trick.cards] + list(view.trick)


def own_size_altered(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    return _size_altered(view, view.seat, data)


def sizes_altered(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    return _size_altered(view, data.draw(st.integers(0, game.seats - 1), label="seat"), data)


def _size_altered(view: Any, seat: int, data: st.DataObject) -> Any:
    delta = data.draw(st.sampled_from([-2, -1, 1, 2, 3, 1000]), label="delta")
    sizes = list(view.hand_sizes)
    sizes[seat] += delta
    return replace(view, hand_sizes=tuple(sizes))


def sizes_of_another_table(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    extra = data.draw(st.sampled_from([(), (0,), (0, 0)]), label="extra")
    sizes = view.hand_sizes[:-1] if not extra else (*view.hand_sizes, *extra)
    return replace(view, hand_sizes=sizes)


def card_held_and_played(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    played = _cards_played(view)
    if not view.hand or not played:
        return None
    card = data.draw(st.sampled_from(played), label="played card")
    index = data.draw(st.integers(0, len(view.hand) - 1), label="replaced")
    hand = list(view.hand)
    hand[index] = card
    return replace(view, hand=tuple(hand))


def card_twice_in_hand(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    if len(view.hand) < 2:
        return None
    return replace(view, hand=(view.hand[0], *view.hand[:-1]))


def card_not_in_the_pack(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    pack = set(getattr(game, "pack", ()))
    foreign = [card for card in trickcore.cards("2C 3D JK") if card not in pack]
    if not view.hand or not foreign:
        return None
    return replace(view, hand=(foreign[0], *view.hand[1:]))


def seat_off_the_table(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    return replace(view, seat=data.draw(st.sampled_from([-1, game.seats, 99]), label="seat"))


def score_impossible(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    if game.view(game.determinize(view, Rng(0)), view.seat).phase.value == "over":
        return None  # the totals of a finished game: the games' validate score histories
    side = data.draw(st.integers(0, len(view.scores) - 1), label="side")
    value = data.draw(st.sampled_from([10**6, 10**30]), label="score")
    scores = list(view.scores)
    scores[side] = value
    return replace(view, scores=tuple(scores))


def wrong_type(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    kind = data.draw(st.sampled_from(["seat", "hand", "scores", "sizes"]), label="field")
    if kind == "seat":
        return replace(view, seat=str(view.seat))
    if kind == "hand":
        return replace(view, hand=tuple(str(card) for card in view.hand) or ("AS",))
    if kind == "scores":
        return replace(view, scores=list(view.scores))
    return replace(view, hand_sizes=tuple(float(size) for size in view.hand_sizes))


def trick_winner_changed(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    if not view.tricks:
        return None
    index = data.draw(st.integers(0, len(view.tricks) - 1), label="trick")
    trick = view.tricks[index]
    others = [seat for seat in trick.seats if seat != trick.winner]
    if not others:
        return None
    winner = data.draw(st.sampled_from(others), label="winner")
    tricks = list(view.tricks)
    tricks[index] = replace(trick, winner=winner)
    return replace(view, tricks=tuple(tricks))


def trick_out_of_turn(game: AnyGame, view: Any, data: st.DataObject) -> Any:
    if not view.tricks or len(view.tricks[-1].seats) < 2:
        return None
    index = data.draw(st.integers(0, len(view.tricks) - 1), label="trick")
    trick = view.tricks[index]
    seats = (trick.seats[1], trick.seats[0], *trick.seats[2:])
    tricks = list(view.tricks)
    tricks[index] = replace(trick, seats=seats)
    return replace(view, tricks=tuple(tricks))


SERVED: dict[str, Corruption] = {
    "own size altered": own_size_altered,
    "sizes of another table": sizes_of_another_table,
    "card twice in hand": card_twice_in_hand,
    "card not in the pack": card_not_in_the_pack,
    "seat off the table": seat_off_the_table,
}
"""Corruptions that leave determinize no state to serve: it refuses them itself."""

PUBLIC: dict[str, Corruption] = {
    "sizes altered": sizes_altered,
    "wrong type": wrong_type,
    "card held and played": card_held_and_played,
    "score impossible": score_impossible,
    "trick winner changed": trick_winner_changed,
    "trick out of turn": trick_out_of_turn,
}
"""Corruptions of what the view shows of the game's course, and of field types deep inside:
validate_view refuses them (it checks types deeply and a witness with ``validate``);
determinize, which checks only that it can serve the view, refuses them or draws states that
show exactly the view given (never another error)."""


def _corrupted(label: str, kinds: dict[str, Corruption], data: st.DataObject) -> tuple[Any, Any]:
    game = game_of(label)
    states = positions(label)
    state = states[data.draw(st.integers(0, len(states) - 1), label="state")]
    seat = data.draw(st.integers(0, game.seats - 1), label="seat")
    view = game.view(state, seat)
    kind = data.draw(st.sampled_from(sorted(kinds)), label="corruption")
    corrupted = kinds[kind](game, view, data)
    if corrupted is None or corrupted == view:
        return game, None
    return game, corrupted


_SETTINGS = settings(
    max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@pytest.mark.parametrize("label", GAMES)
@_SETTINGS
@given(data=st.data())
def test_a_corrupted_view_is_refused_by_validate_view_and_determinize(
    label: str, data: st.DataObject
) -> None:
    game, view = _corrupted(label, SERVED, data)
    if view is None:
        return
    with pytest.raises(InvalidViewError, match="view is inconsistent"):
        trickcore.validate_view(game, view)
    with pytest.raises(InvalidViewError, match="view is inconsistent"):
        game.determinize(view, Rng(3))


@pytest.mark.parametrize("label", GAMES)
@_SETTINGS
@given(data=st.data())
def test_a_view_with_an_impossible_course_is_refused_by_validate_view(
    label: str, data: st.DataObject
) -> None:
    game, view = _corrupted(label, PUBLIC, data)
    if view is None:
        return
    with pytest.raises(InvalidViewError, match="view is inconsistent"):
        trickcore.validate_view(game, view)
    try:
        sample = game.determinize(view, Rng(3))
    except InvalidViewError:
        return
    assert game.view(sample, view.seat) == view


# -- the messages name the defect ---------------------------------------------------------------


def _mid_hand_view(label: str) -> Any:
    game = game_of(label)
    for state in positions(label):
        view = game.view(state, 0)
        if view.hand and view.tricks:
            return game, view
    raise AssertionError("no position with a hand and a finished trick")


def test_the_message_names_the_seat_and_the_defect() -> None:
    game, view = _mid_hand_view("euchre")
    sizes = (*view.hand_sizes[:-1], view.hand_sizes[-1] + 1)
    with pytest.raises(InvalidViewError, match=r"seat 0's euchre view is inconsistent") as caught:
        trickcore.validate_view(game, replace(view, hand_sizes=sizes))
    assert caught.value.seat == 0
    with pytest.raises(InvalidViewError, match=r"seat 7 is not at the table \(seats 0-3\)"):
        trickcore.validate_view(game, replace(view, seat=7))
    with pytest.raises(InvalidViewError, match=r"EuchreView\.seat: expected"):
        trickcore.validate_view(game, replace(view, seat="1"))
    played = view.tricks[0].cards[0]
    with pytest.raises(InvalidViewError, match=r"no state fits it .*cannot fill"):
        trickcore.validate_view(game, replace(view, hand=(played, *view.hand[1:])))
    with pytest.raises(InvalidViewError, match=f"hand holds {view.hand[0]} twice"):
        trickcore.validate_view(game, replace(view, hand=(view.hand[0], *view.hand[:-1])))
    with pytest.raises(InvalidViewError, match="hand holds 2C, not of the pack"):
        game.determinize(replace(view, hand=(Card("2C"), *view.hand[1:])), Rng(1))


@pytest.mark.parametrize("label", GAMES)
def test_huge_numbers_in_a_view_are_refused_not_crashed_on(label: str) -> None:
    game, view = _mid_hand_view(label)
    huge = 10**5000  # more digits than Python turns into text
    for forged in (
        replace(view, seat=huge),
        replace(view, hand_sizes=(huge, *view.hand_sizes[1:])),
        replace(view, scores=(huge, *view.scores[1:])),
    ):
        with pytest.raises(InvalidViewError):
            trickcore.validate_view(game, forged)
        with contextlib.suppress(InvalidViewError):  # refused, or served: nothing else
            game.determinize(forged, Rng(1))


def test_view_shape_problems_of_a_good_view_are_none() -> None:
    game, view = _mid_hand_view("allfours")
    assert view_shape_problems(game, view) == []
    assert view_shape_problems(game, "a view") != []


def test_another_games_view_is_refused() -> None:
    _, view = _mid_hand_view("euchre")
    with pytest.raises(InvalidViewError, match="not a high-card view"):
        trickcore.validate_view(game_of("high-card"), view)
    with pytest.raises(InvalidViewError):
        game_of("high-card").determinize(view, Rng(1))


# -- the generic path, and the work shared with determinize ------------------------------------


class _WithoutValidateView:
    """A game that offers no validate_view of its own: the generic check runs."""

    def __init__(self, game: AnyGame) -> None:
        self._game = game
        self.name = game.name
        self.seats = game.seats
        self.view_type = game.view_type
        self.determinize = game.determinize
        self.validate = game.validate
        self.view = game.view


def test_a_game_without_validate_view_gets_the_generic_check() -> None:
    game, view = _mid_hand_view("high-card")
    plain: Any = _WithoutValidateView(game)
    assert not isinstance(plain, trickcore.ViewValidator)
    assert isinstance(game, trickcore.ViewValidator)
    trickcore.validate_view(plain, view)
    scores = (10**6, *view.scores[1:])
    with pytest.raises(InvalidViewError, match="not reachable"):
        trickcore.validate_view(plain, replace(view, scores=scores))


def test_checked_draws_turns_any_failure_of_prepare_into_invalid_view_error() -> None:
    game, view = _mid_hand_view("euchre")

    def broken(view: Any) -> Callable[[Rng], Any]:
        raise KeyError("no such card")

    with pytest.raises(InvalidViewError, match="no state fits it"):
        checked_draws(game, view, broken)


def test_determinize_checks_a_view_object_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view object is checked and prepared once, however many states are drawn from it,
    whether its checks are told at once (``TrickGame.fits_at_once``, a view after the deal)
    or the long way (``checked_draws``, a view before it); an equal view that is another
    object is checked again."""
    game_type = type(game_of("euchre"))
    determinizer = game_type.determinizer
    prepared: list[Any] = []

    def counted(self: Any, view: Any) -> Any:
        prepared.append(view)
        return determinizer(self, view)

    # The kit tells its own determinizer by identity; the counted one is still it (the rules
    # are native classes in the compiled build: their Python-level attribute is replaced).
    monkeypatch.setattr(game_type, "prepared_draws_fit", True)
    monkeypatch.setattr(game_type, "determinizer", counted)
    checks: list[Any] = []

    def counting(*args: Any, **kwargs: Any) -> Any:
        checks.append(args[1])
        return checked_draws(*args, **kwargs)

    monkeypatch.setattr(determinizing, "checked_draws", counting)
    _, view = _mid_hand_view("euchre")
    game = game_of("euchre")  # a fresh game: nothing prepared yet
    before = next(game.view(s, 0) for s in positions("euchre") if s.phase is game.deal_phase)
    assert game.fits_at_once(view) and not game.fits_at_once(before)
    for seed in range(5):
        game.determinize(view, Rng(seed))
    assert prepared == [view] and checks == []
    for seed in range(5):
        game.determinize(before, Rng(seed))
    assert prepared == [view, before] and checks == [before]
    copy = msgspec.structs.replace(view)  # an equal view, but another object: checked again
    game.determinize(copy, Rng(1))
    assert len(prepared) == 3 and prepared[2] is copy


def test_projection_view_problems_name_sizes_and_cards() -> None:
    game, view = _mid_hand_view("high-card")
    projection, pack = game.projection, frozenset(game.pack)  # type: ignore[attr-defined]
    assert projection.view_problems(view, 3, pack) == []
    wrong = projection.view_problems(replace(view, hand_sizes=(3, 3)), 3, pack)
    assert wrong == ["hand_sizes has 2 entries for 3 seats"]
    negative = (-1, *view.hand_sizes[1:])
    assert (
        "outside 0-16" in projection.view_problems(replace(view, hand_sizes=negative), 3, pack)[0]
    )
    own = tuple(size + (seat == 0) for seat, size in enumerate(view.hand_sizes))
    (short,) = projection.view_problems(replace(view, hand_sizes=own), 3, pack)
    assert short.startswith(f"hand holds {len(view.hand)} cards but hand_sizes says seat 0")
    foreign = replace(view, hand=(Card("2C"), *view.hand[1:]))
    assert projection.view_problems(foreign, 3, pack) == ["hand holds 2C, not of the pack"]
