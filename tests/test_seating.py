"""Seating of ``trickcore/kit/seating.py``: next seat, order of play, partners and sides.

Cases come from the rule books: Euchre E1 (4 seats clockwise, partners opposite, a partner
sitting out in E6), All Fours F1 (anticlockwise, 4 seats in partnerships or 2 players each for
themselves), Apples A1 (4 players each for themselves, clockwise).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.game import Direction
from trickcore.kit.seating import Seating

CLOCKWISE, ANTICLOCKWISE = Direction.CLOCKWISE, Direction.ANTICLOCKWISE

EUCHRE = Seating(4, CLOCKWISE, sides=2)  # E1
ALL_FOURS = Seating(4, ANTICLOCKWISE, sides=2)  # F1, four players
ALL_TWOS = Seating(2, ANTICLOCKWISE)  # F1, two players
APPLES = Seating(4, CLOCKWISE)  # A1


# --- next, order, after -------------------------------------------------------------------


def test_euchre_play_goes_clockwise_to_the_left() -> None:
    """E1: seats 0-3 clockwise, dealing and play go clockwise."""
    assert [EUCHRE.next(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert EUCHRE.order(0) == (0, 1, 2, 3)
    assert EUCHRE.order(3) == (3, 0, 1, 2)


def test_all_fours_play_goes_anticlockwise_to_the_right() -> None:
    """F1: the player after seat s is seat (s - 1) mod n, n = 4 or 2."""
    assert [ALL_FOURS.next(seat) for seat in range(4)] == [3, 0, 1, 2]
    assert ALL_FOURS.order(0) == (0, 3, 2, 1)
    assert ALL_FOURS.order(2) == (2, 1, 0, 3)
    assert [ALL_TWOS.next(seat) for seat in range(2)] == [1, 0]
    assert ALL_TWOS.order(1) == (1, 0)


def test_apples_play_goes_clockwise() -> None:
    """A1: seat s+1 is on seat s's left, play goes clockwise."""
    assert [APPLES.next(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert APPLES.order(2) == (2, 3, 0, 1)


@pytest.mark.parametrize(
    ("seating", "seat", "steps", "expected"),
    [
        (EUCHRE, 1, 0, 1),
        (EUCHRE, 1, 2, 3),
        (EUCHRE, 3, 5, 0),
        (ALL_FOURS, 1, 2, 3),
        (ALL_FOURS, 0, 3, 1),
        (Seating(6), 4, 3, 1),
        (Seating(6, ANTICLOCKWISE), 1, 3, 4),
        (Seating(6, ANTICLOCKWISE), 1, 2, 5),
    ],
)
def test_next_with_steps(seating: Seating, seat: int, steps: int, expected: int) -> None:
    assert seating.ahead(seat, steps) == expected


def test_euchre_order_skips_the_partner_sitting_out() -> None:
    """E6: a lone player's partner sits out; the play skips them."""
    assert EUCHRE.order(1, skip=(3,)) == (1, 2, 0)
    assert EUCHRE.order(0, skip=(2,)) == (0, 1, 3)
    assert EUCHRE.order(3, skip=(1,)) == (3, 0, 2)


def test_order_leaves_out_a_skipped_start() -> None:
    """The docstring: ``start`` comes first unless skipped; the rest keep direction order."""
    assert EUCHRE.order(2, skip=(2,)) == (3, 0, 1)
    assert ALL_FOURS.order(2, skip=(2,)) == (1, 0, 3)


def test_order_with_several_skips_and_anticlockwise() -> None:
    assert ALL_FOURS.order(0, skip=(2,)) == (0, 3, 1)
    assert Seating(6, ANTICLOCKWISE).order(0, skip=(5, 3)) == (0, 4, 2, 1)
    assert EUCHRE.order(0, skip=(0, 1, 2, 3)) == ()


def test_order_is_the_same_whether_cached_or_not() -> None:
    """Orders are cached per (start, skip): a second call with other skips is not confused."""
    seating = Seating(4, sides=2)
    assert seating.order(1) == (1, 2, 3, 0)
    assert seating.order(1, skip=(3,)) == (1, 2, 0)
    assert seating.order(1) == (1, 2, 3, 0)
    assert seating.order(1, skip=(3,)) == (1, 2, 0)


@pytest.mark.parametrize(
    ("seating", "seat", "skip", "expected"),
    [
        (EUCHRE, 0, (), 1),
        (EUCHRE, 0, (1,), 2),  # E6: the seat after 0 sits out
        (EUCHRE, 3, (0, 1), 2),
        (ALL_FOURS, 0, (), 3),  # F1: to the right
        (ALL_FOURS, 0, (3,), 2),
        (ALL_FOURS, 2, [1, 0], 3),  # any iterable
        (ALL_TWOS, 0, (), 1),
        (EUCHRE, 2, (0, 1, 3), 2),  # everyone else skipped: back to the seat itself
    ],
)
def test_after(seating: Seating, seat: int, skip: tuple[int, ...], expected: int) -> None:
    assert seating.after(seat, skip) == expected


# --- partners and sides --------------------------------------------------------------------


def test_euchre_partners_sit_opposite() -> None:
    """E1: seats 0 and 2 are one side, 1 and 3 the other."""
    assert EUCHRE.sides == ((0, 2), (1, 3))
    assert EUCHRE.partnerships
    assert [EUCHRE.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [EUCHRE.partners(seat) for seat in range(4)] == [(2,), (3,), (0,), (1,)]
    assert [EUCHRE.side(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert EUCHRE.same_side(0, 2) and EUCHRE.same_side(3, 1)
    assert not EUCHRE.same_side(0, 1) and not EUCHRE.same_side(2, 3)
    assert EUCHRE.same_side(1, 1)


def test_all_fours_partnerships_do_not_depend_on_direction() -> None:
    """F1: partners opposite, seats 0 and 2 against 1 and 3, though play goes anticlockwise."""
    assert ALL_FOURS.sides == ((0, 2), (1, 3))
    assert [ALL_FOURS.partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [ALL_FOURS.side(seat) for seat in range(4)] == [0, 1, 0, 1]


def test_all_twos_is_two_sides_of_one() -> None:
    """F1: with 2 players each is a side of their own."""
    assert ALL_TWOS.sides == ((0,), (1,))
    assert not ALL_TWOS.partnerships
    assert ALL_TWOS.partners(0) == () and ALL_TWOS.partners(1) == ()
    assert [ALL_TWOS.side(seat) for seat in range(2)] == [0, 1]
    assert not ALL_TWOS.same_side(0, 1)


def test_apples_every_player_for_themselves() -> None:
    """A1: 4 players, no partnerships: four sides of one, the side number is the seat."""
    assert APPLES.sides == ((0,), (1,), (2,), (3,))
    assert not APPLES.partnerships
    for seat in range(4):
        assert APPLES.side(seat) == seat
        assert APPLES.partners(seat) == ()
        assert [APPLES.same_side(seat, other) for other in range(4)] == [
            other == seat for other in range(4)
        ]


def test_explicit_sides_equal_to_seats_is_the_default() -> None:
    assert Seating(4, sides=4).sides == Seating(4).sides


@pytest.mark.parametrize(
    ("sides", "expected"),
    [
        (3, ((0, 3), (1, 4), (2, 5))),  # three pairs, partners opposite
        (2, ((0, 2, 4), (1, 3, 5))),  # two teams of three, alternating
        (6, ((0,), (1,), (2,), (3,), (4,), (5,))),
        (1, ((0, 1, 2, 3, 4, 5),)),
    ],
)
def test_six_seats(sides: int, expected: tuple[tuple[int, ...], ...]) -> None:
    for direction in Direction:
        seating = Seating(6, direction, sides=sides)
        assert seating.sides == expected
        assert seating.partnerships is (sides < 6)
        for index, members in enumerate(expected):
            for seat in members:
                assert seating.side(seat) == index
                assert seating.partners(seat) == tuple(s for s in members if s != seat)


def test_six_seats_in_three_pairs_have_one_partner_each() -> None:
    seating = Seating(6, sides=3)
    assert [seating.partner(seat) for seat in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.parametrize(
    ("seating", "partners"),
    [(APPLES, 0), (ALL_TWOS, 0), (Seating(6, sides=2), 2), (Seating(4, sides=1), 3)],
)
def test_partner_needs_exactly_one_partner(seating: Seating, partners: int) -> None:
    with pytest.raises(ValueError, match=f"seat 1 has {partners} partners, not one"):
        seating.partner(1)


# --- construction and check ----------------------------------------------------------------


@pytest.mark.parametrize("seats", [0, -1, -4])
def test_a_table_needs_a_seat(seats: int) -> None:
    with pytest.raises(ValueError, match=f"at least one seat, not {seats}"):
        Seating(seats)


@pytest.mark.parametrize(("seats", "sides"), [(4, 3), (4, 0), (4, -2), (4, 8), (6, 4), (5, 2)])
def test_sides_must_divide_the_seats(seats: int, sides: int) -> None:
    with pytest.raises(ValueError, match=f"{seats} seats cannot form {sides} sides"):
        Seating(seats, sides=sides)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_check_returns_a_seat(seat: int) -> None:
    assert EUCHRE.check(seat) == seat


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (4, "4"),
        (-1, "-1"),
        (True, "True"),
        (False, "False"),
        ("1", "'1'"),
        (1.0, "1.0"),
        (None, "None"),
    ],
)
def test_check_refuses_what_is_not_a_seat(value: object, shown: str) -> None:
    """A bool is not a seat even though ``True == 1``; a string or float neither."""
    with pytest.raises(ValueError, match=rf"^seats are 0-3, not {shown}$"):
        EUCHRE.check(value)


def test_check_on_a_two_seat_table() -> None:
    assert ALL_TWOS.check(1) == 1
    with pytest.raises(ValueError, match="seats are 0-1, not 2"):
        ALL_TWOS.check(2)


def test_repr() -> None:
    assert repr(ALL_FOURS) == "Seating(4, Direction.ANTICLOCKWISE, sides=2)"
    assert repr(APPLES) == "Seating(4, Direction.CLOCKWISE, sides=4)"


# --- properties ----------------------------------------------------------------------------


@st.composite
def seatings(draw: st.DrawFn) -> Seating:
    seats = draw(st.integers(1, 12))
    sides = draw(st.sampled_from([n for n in range(1, seats + 1) if seats % n == 0]))
    return Seating(seats, draw(st.sampled_from(Direction)), sides=sides)


@given(seatings(), st.data())
def test_order_is_a_permutation_in_direction_order(seating: Seating, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, seating.seats - 1))
    order = seating.order(start)
    assert sorted(order) == list(range(seating.seats))
    assert order[0] == start
    step = 1 if seating.direction is Direction.CLOCKWISE else -1
    assert list(order) == [(start + step * i) % seating.seats for i in range(seating.seats)]
    for before, after in itertools.pairwise(order):
        assert seating.next(before) == after


@given(seatings(), st.data())
def test_order_with_skips_keeps_the_others_in_order(seating: Seating, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, seating.seats - 1))
    skip = tuple(data.draw(st.sets(st.integers(0, seating.seats - 1))))
    assert seating.order(start, skip) == tuple(s for s in seating.order(start) if s not in skip)


@given(seatings(), st.data())
def test_next_goes_round_the_table(seating: Seating, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, seating.seats - 1))
    assert seating.ahead(seat, seating.seats) == seat
    assert seating.ahead(seat, 3 * seating.seats) == seat
    steps = data.draw(st.integers(1, seating.seats - 1)) if seating.seats > 1 else 0
    assert seating.ahead(seat, steps) == seating.order(seat)[steps]


@given(seatings(), st.data())
def test_sides_partition_the_seats(seating: Seating, data: st.DataObject) -> None:
    seats = sorted(seat for side in seating.sides for seat in side)
    assert seats == list(range(seating.seats))
    assert len({len(side) for side in seating.sides}) == 1
    seat = data.draw(st.integers(0, seating.seats - 1))
    assert seat in seating.sides[seating.side(seat)]
    assert seat not in seating.partners(seat)
    assert all(seating.same_side(seat, other) for other in seating.partners(seat))


@given(seatings(), st.data())
def test_ahead_adds_steps(seating: Seating, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, seating.seats - 1))
    first, second = data.draw(st.integers(0, 20)), data.draw(st.integers(0, 20))
    assert seating.ahead(seat, 0) == seat
    assert seating.ahead(seat, 1) == seating.next(seat)
    assert seating.ahead(seating.ahead(seat, first), second) == seating.ahead(seat, first + second)


def test_next_is_one_step_and_a_builtin_look_up() -> None:
    """``next`` is asked on every card played: a tuple look-up, no Python frame."""
    for seating in (EUCHRE, ALL_FOURS, ALL_TWOS, Seating(1)):
        assert [seating.next(seat) for seat in range(seating.seats)] == [
            seating.ahead(seat, 1) for seat in range(seating.seats)
        ]
        assert isinstance(seating.next, type(().__getitem__))
        assert isinstance(seating.side, type(().__getitem__))
    assert Seating(1).next(0) == 0
