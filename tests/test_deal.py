"""Deal schedules of ``trickcore/kit/deal.py``: shuffle order into hands, kick and stock, and back.

The stacked-deck rules come from the rule books: Euchre E3 (5 each one at a time clockwise from
the dealer's left, then the up-card), All Fours F2 (6 each one at a time anticlockwise from the
dealer's right, then the kick; a run of the pack deals 3 more each and kicks again from the same
order, F3), Apples A2/A4 (13 each; the bidding pile dealt back the same way from its own order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from trickcore.cards import Card, Rank, cards, standard_deck
from trickcore.game import Direction
from trickcore.kit.deal import DealSchedule, Dealt, shuffle_problem, take
from trickcore.kit.seating import Seating
from trickcore_euchre.deal import DEAL as EUCHRE_DEAL

CLOCKWISE, ANTICLOCKWISE = Direction.CLOCKWISE, Direction.ANTICLOCKWISE
DECK = standard_deck()
EUCHRE_DECK = standard_deck([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])

EUCHRE = DealSchedule(Seating(4, CLOCKWISE, sides=2), packets=(1,) * 5, kick=1)  # E3
ALL_FOURS = DealSchedule(Seating(4, ANTICLOCKWISE, sides=2), packets=(1,) * 6, kick=1)  # F2
ALL_FOURS_RUN = DealSchedule(ALL_FOURS.seating, packets=(1,) * 3, kick=1)  # F3
ALL_TWOS = DealSchedule(Seating(2, ANTICLOCKWISE), packets=(1,) * 6, kick=1)  # F1, F2
ALL_TWOS_RUN = DealSchedule(ALL_TWOS.seating, packets=(1,) * 3, kick=1)
APPLES = DealSchedule(Seating(4, CLOCKWISE), packets=(1,) * 13)  # A2


def pile_schedule(n: int) -> DealSchedule:
    """A4: the 4N bidding pile, dealt back one at a time from the dealer's left."""
    return DealSchedule(APPLES.seating, packets=(1,) * n)


def positions(dealt: Dealt, order: Sequence[Card]) -> list[list[int]]:
    """Each hand as the positions of its cards in ``order`` (c0 is 0)."""
    index = {card: at for at, card in enumerate(order)}
    return [[index[card] for card in hand] for hand in dealt.hands]


# --- deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_deal_from_the_dealers_left(dealer: int) -> None:
    """E3: the dealer's left gets c0, c4, c8, c12, c16, the next clockwise c1, c5, ...; c20 is
    the up-card; the rest stay in that order under it."""
    dealt = EUCHRE.deal(EUCHRE_DECK, dealer)
    at = positions(dealt, EUCHRE_DECK)
    for offset in range(4):
        seat = (dealer + 1 + offset) % 4
        assert at[seat] == [offset, offset + 4, offset + 8, offset + 12, offset + 16]
    assert dealt.kick == (EUCHRE_DECK[20],)
    assert dealt.stock == EUCHRE_DECK[21:]
    assert EUCHRE.hand_size == 5 and EUCHRE.size == 21


def test_euchre_deal_spelled_out() -> None:
    """E3 with dealer 3: seat 0 (the dealer's left) gets c0, c4, ... in that order."""
    order = cards("9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS")
    dealt = EUCHRE.deal(order, dealer=3)
    assert dealt.hands == (
        cards("9C KC JD 9H KH"),
        cards("TC AC QD TH AH"),
        cards("JC 9D KD JH 9S"),
        cards("QC TD AD QH TS"),
    )
    assert dealt.kick == cards("JS")
    assert dealt.stock == cards("QS KS AS")


@pytest.mark.parametrize("dealer", range(4))
def test_all_fours_deal_from_the_dealers_right(dealer: int) -> None:
    """F2: one at a time from the top, starting with the dealer's right and going anticlockwise,
    the dealer last; the next card is the kick."""
    dealt = ALL_FOURS.deal(DECK, dealer)
    at = positions(dealt, DECK)
    for offset in range(4):
        seat = (dealer - 1 - offset) % 4
        assert at[seat] == [offset + 4 * i for i in range(6)]
    assert at[dealer] == [3, 7, 11, 15, 19, 23]
    assert dealt.kick == (DECK[24],)
    assert dealt.stock == DECK[25:]


def test_all_fours_runs_of_the_pack_continue_down_the_same_order() -> None:
    """F2/F3: a run deals the next cards the same way, 3 each one at a time, then kicks; runs go
    on until the pack cannot supply another round of 3 each and a kick."""
    first = ALL_FOURS.deal(DECK, dealer=1)
    assert len(first.stock) == 27 and ALL_FOURS_RUN.can_deal(len(first.stock))
    run = ALL_FOURS_RUN.deal(first.stock, dealer=1)
    at = positions(run, DECK)
    assert at[0] == [25, 29, 33]  # the dealer's right (F1: seat 0 is after seat 1)
    assert at[3] == [26, 30, 34]
    assert at[2] == [27, 31, 35]
    assert at[1] == [28, 32, 36]  # the dealer last
    assert run.kick == (DECK[37],)
    assert run.stock == DECK[38:]
    second = ALL_FOURS_RUN.deal(run.stock, dealer=1)
    assert second.kick == (DECK[50],) and second.stock == DECK[51:]
    assert not ALL_FOURS_RUN.can_deal(len(second.stock))  # one card left: a fresh deal (F3)
    assert ALL_FOURS_RUN.size == 13
    with pytest.raises(ValueError, match="1 cards cannot supply a deal of 13"):
        ALL_FOURS_RUN.deal(second.stock, dealer=1)


def test_all_twos_runs_until_the_pack_runs_out() -> None:
    """F1-F3 with 2 players: 6 each and a kick, then runs of 3 each and a kick while they last."""
    dealt = ALL_TWOS.deal(DECK, dealer=0)
    assert positions(dealt, DECK) == [[1, 3, 5, 7, 9, 11], [0, 2, 4, 6, 8, 10]]
    stock, runs = dealt.stock, 0
    while ALL_TWOS_RUN.can_deal(len(stock)):
        run = ALL_TWOS_RUN.deal(stock, dealer=0)
        assert run.hands[1] == stock[0:6:2] and run.hands[0] == stock[1:6:2]
        assert run.kick == (stock[6],)
        stock, runs = run.stock, runs + 1
    assert (runs, len(stock)) == (5, 4)  # 52 = 13 + 5 * 7 + 4


def test_can_deal_counts_hands_and_kick() -> None:
    assert EUCHRE.can_deal(21) and EUCHRE.can_deal(24)
    assert not EUCHRE.can_deal(20)
    assert APPLES.can_deal(52) and not APPLES.can_deal(51)


@pytest.mark.parametrize("dealer", range(4))
def test_apples_deals_all_52_and_no_kick(dealer: int) -> None:
    """A2: 13 each from the dealer's left, the dealer c3, c7, ...; nothing is left."""
    dealt = APPLES.deal(DECK, dealer)
    at = positions(dealt, DECK)
    assert at[(dealer + 1) % 4] == list(range(0, 52, 4))
    assert at[dealer] == list(range(3, 52, 4))
    assert dealt.kick == () and dealt.stock == ()


@pytest.mark.parametrize("n", [1, 2, 5])
def test_apples_bidding_pile_is_dealt_back_from_its_own_order(n: int) -> None:
    """A2/A4: the 4N pile's shuffled order is dealt one at a time from the dealer's left."""
    pile = DECK[10 : 10 + 4 * n]
    dealt = pile_schedule(n).deal(pile, dealer=2)
    assert dealt.hands[3] == pile[0::4]
    assert dealt.hands[0] == pile[1::4]
    assert dealt.hands[1] == pile[2::4]
    assert dealt.hands[2] == pile[3::4]
    assert dealt.kick == () and dealt.stock == ()


def test_packets_of_three_then_two() -> None:
    """E3's 3-2 ceremony as a schedule: three each round the table, then two each."""
    schedule = DealSchedule(Seating(4, sides=2), packets=(3, 2), kick=1)
    dealt = schedule.deal(EUCHRE_DECK, dealer=0)
    assert positions(dealt, EUCHRE_DECK) == [
        [9, 10, 11, 18, 19],  # the dealer last in each round
        [0, 1, 2, 12, 13],
        [3, 4, 5, 14, 15],
        [6, 7, 8, 16, 17],
    ]
    assert dealt.kick == (EUCHRE_DECK[20],)
    one_at_a_time = EUCHRE.deal(EUCHRE_DECK, dealer=0)
    assert dealt.kick == one_at_a_time.kick and dealt.stock == one_at_a_time.stock
    assert dealt.hands != one_at_a_time.hands


def test_packets_anticlockwise() -> None:
    schedule = DealSchedule(Seating(4, ANTICLOCKWISE), packets=(2, 1))
    dealt = schedule.deal(DECK[:12], dealer=0)
    assert positions(dealt, DECK) == [[6, 7, 11], [4, 5, 10], [2, 3, 9], [0, 1, 8]]


def test_deal_takes_any_sequence_and_returns_tuples() -> None:
    dealt = EUCHRE.deal(list(EUCHRE_DECK), dealer=0)
    assert dealt == EUCHRE.deal(EUCHRE_DECK, dealer=0)
    assert isinstance(dealt.stock, tuple)
    assert all(isinstance(hand, tuple) for hand in dealt.hands)


def test_deal_refuses_too_few_cards() -> None:
    with pytest.raises(ValueError, match="20 cards cannot supply a deal of 21"):
        EUCHRE.deal(EUCHRE_DECK[:20], dealer=0)


@pytest.mark.parametrize("dealer", [4, -1, True])
def test_deal_refuses_a_dealer_who_is_not_a_seat(dealer: int) -> None:
    """A bad dealer is an error, not silently another seat (-1 would index from the end)."""
    for schedule in (EUCHRE, DealSchedule(Seating(4), packets=(3, 2))):
        with pytest.raises(ValueError, match=f"seats are 0-3, not {dealer}"):
            schedule.deal(EUCHRE_DECK, dealer)


@pytest.mark.parametrize(("packets", "kick"), [((), 0), ((0,), 0), ((1, -1), 0), ((1,), -1)])
def test_schedule_refuses_bad_packets_and_kick(packets: tuple[int, ...], kick: int) -> None:
    with pytest.raises(ValueError, match="packets must be positive sizes and kick >= 0"):
        DealSchedule(Seating(4), packets=packets, kick=kick)


def test_receivers_start_after_the_dealer() -> None:
    assert EUCHRE.receivers(0) == (1, 2, 3, 0)
    assert ALL_FOURS.receivers(0) == (3, 2, 1, 0)
    assert ALL_TWOS.receivers(1) == (0, 1)


# --- stack ---------------------------------------------------------------------------------


def test_stack_euchre_hands_into_an_order() -> None:
    """E3 backwards: the hands, up-card and the rest give the one order that deals them."""
    hands = {
        0: cards("9C KC JD 9H KH"),
        1: cards("TC AC QD TH AH"),
        2: cards("JC 9D KD JH 9S"),
        3: cards("QC TD AD QH TS"),
    }
    order = EUCHRE.stack(hands, dealer=3, kick=cards("JS"), stock=cards("QS KS AS"))
    assert order == cards("9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS")


def test_stack_takes_hands_as_a_sequence_by_seat() -> None:
    dealt = ALL_FOURS.deal(DECK, dealer=2)
    assert ALL_FOURS.stack(list(dealt.hands), 2, kick=dealt.kick, stock=dealt.stock) == DECK


def test_stack_fills_in_from_the_pack() -> None:
    """With ``pack``: missing seats, short hands, the kick and the stock come from the pack's
    other cards in pack order."""
    order = EUCHRE.stack(
        {1: cards("JH JD"), 3: cards("AS KS QS JS TS")}, dealer=0, pack=EUCHRE_DECK
    )
    assert Counter(order) == Counter(EUCHRE_DECK)
    dealt = EUCHRE.deal(order, dealer=0)
    rest = [card for card in EUCHRE_DECK if card not in cards("JH JD AS KS QS JS TS")]
    assert dealt.hands[0] == tuple(rest[0:5])
    assert dealt.hands[1] == (*cards("JH JD"), *rest[5:8])
    assert dealt.hands[2] == tuple(rest[8:13])
    assert dealt.hands[3] == cards("AS KS QS JS TS")
    assert dealt.kick == (rest[13],)
    assert dealt.stock == tuple(rest[14:])


def test_stack_fills_in_around_a_given_kick_and_stock() -> None:
    order = ALL_FOURS.stack({}, dealer=0, kick=cards("JD"), stock=cards("2C 3C"), pack=DECK)
    dealt = ALL_FOURS.deal(order, dealer=0)
    assert dealt.kick == cards("JD")
    assert dealt.stock[:2] == cards("2C 3C")
    assert Counter(order) == Counter(DECK)


def test_stack_does_not_change_its_inputs() -> None:
    hands = {0: [Card("AS")], 2: [Card("KS")]}
    kick = [Card("QS")]
    EUCHRE.stack(hands, dealer=0, kick=kick, pack=EUCHRE_DECK)
    assert hands == {0: [Card("AS")], 2: [Card("KS")]} and kick == [Card("QS")]


def test_stack_refuses_a_card_given_twice() -> None:
    with pytest.raises(ValueError, match=r"^cards given more than once: AS JD$"):
        EUCHRE.stack(
            {0: cards("AS KS"), 1: cards("AS JD")}, dealer=0, kick=cards("JD"), pack=EUCHRE_DECK
        )


def test_stack_refuses_a_card_not_in_the_pack() -> None:
    with pytest.raises(ValueError, match=r"^cards not in the pack: 2C JK$"):
        EUCHRE.stack({0: cards("AS 2C")}, dealer=0, stock=cards("JK"), pack=EUCHRE_DECK)


def test_stack_without_a_pack_needs_every_hand_complete() -> None:
    with pytest.raises(ValueError, match="seat 2 is given 0 cards; the deal gives 5"):
        EUCHRE.stack(
            {0: EUCHRE_DECK[0:5], 1: EUCHRE_DECK[5:10], 3: EUCHRE_DECK[10:15]},
            dealer=0,
            kick=EUCHRE_DECK[15:16],
        )
    with pytest.raises(ValueError, match="seat 1 is given 4 cards; the deal gives 5"):
        EUCHRE.stack(
            [EUCHRE_DECK[0:5], EUCHRE_DECK[5:9], EUCHRE_DECK[10:15], EUCHRE_DECK[15:20]],
            dealer=0,
            kick=EUCHRE_DECK[20:21],
        )


def test_stack_refuses_a_hand_too_big_even_with_a_pack() -> None:
    with pytest.raises(ValueError, match="seat 0 is given 6 cards; the deal gives 5"):
        EUCHRE.stack({0: EUCHRE_DECK[:6]}, dealer=0, pack=EUCHRE_DECK)


def test_stack_refuses_a_kick_of_the_wrong_size() -> None:
    dealt = EUCHRE.deal(EUCHRE_DECK, dealer=0)
    with pytest.raises(ValueError, match="0 kick cards given; the deal turns up 1"):
        EUCHRE.stack(dealt.hands, dealer=0)
    with pytest.raises(ValueError, match="2 kick cards given; the deal turns up 1"):
        EUCHRE.stack(dealt.hands, dealer=0, kick=dealt.stock[:2], pack=EUCHRE_DECK)
    with pytest.raises(ValueError, match="1 kick cards given; the deal turns up 0"):
        APPLES.stack(APPLES.deal(DECK, 0).hands, dealer=0, kick=cards("JK"))


@pytest.mark.parametrize("seat", [4, -1])
def test_stack_refuses_a_hand_for_a_seat_not_at_the_table(seat: int) -> None:
    with pytest.raises(ValueError, match=f"seats are 0-3, not {seat}"):
        EUCHRE.stack({seat: cards("AS")}, dealer=0, pack=EUCHRE_DECK)


def test_stack_refuses_more_hands_than_seats() -> None:
    with pytest.raises(ValueError, match="seats are 0-1, not 2"):
        ALL_TWOS.stack([(), (), cards("AS")], dealer=0, pack=DECK)


@pytest.mark.parametrize("dealer", [4, -1])
def test_stack_refuses_a_dealer_who_is_not_a_seat(dealer: int) -> None:
    with pytest.raises(ValueError, match=f"seats are 0-3, not {dealer}"):
        EUCHRE.stack({}, dealer, pack=EUCHRE_DECK)


def test_stack_refuses_a_pack_too_small_for_the_deal() -> None:
    """Filling in from a pack that runs out is an error naming the sizes, not StopIteration."""
    with pytest.raises(ValueError, match="the pack has 20 cards; the deal takes 21"):
        EUCHRE.stack({}, dealer=0, pack=EUCHRE_DECK[:20])
    with pytest.raises(ValueError, match="the pack has 20 cards; the deal takes 21"):
        EUCHRE.stack({0: EUCHRE_DECK[:5]}, dealer=0, kick=EUCHRE_DECK[5:6], pack=EUCHRE_DECK[:20])


# --- deal and stack are inverses -----------------------------------------------------------


@st.composite
def schedules(draw: st.DrawFn) -> DealSchedule:
    seats = draw(st.integers(1, 6))
    packets = draw(st.lists(st.integers(1, 3), min_size=1, max_size=4))
    kick = draw(st.integers(0, 2))
    size = seats * sum(packets) + kick
    if size > len(DECK):
        packets = [1]
    seating = Seating(seats, draw(st.sampled_from(Direction)))
    return DealSchedule(seating, packets=packets, kick=kick)


@given(schedules(), st.data())
def test_stack_of_a_deal_is_the_order(schedule: DealSchedule, data: st.DataObject) -> None:
    order = tuple(data.draw(st.permutations(DECK)))
    dealer = data.draw(st.integers(0, schedule.seating.seats - 1))
    dealt = schedule.deal(order, dealer)
    assert sum(map(len, dealt.hands)) + len(dealt.kick) + len(dealt.stock) == len(order)
    assert all(len(hand) == schedule.hand_size for hand in dealt.hands)
    assert len(dealt.kick) == schedule.kick
    assert schedule.stack(dealt.hands, dealer, kick=dealt.kick, stock=dealt.stock) == order


@given(schedules(), st.data())
def test_stack_answers_alike_for_hands_in_a_list_or_by_seat(
    schedule: DealSchedule, data: st.DataObject
) -> None:
    """Hands in a list or tuple take ``stack``'s quick way, hands by seat its checked one: the
    same order; a card given twice is refused either way, in the same words."""
    order = tuple(data.draw(st.permutations(DECK)))
    dealer = data.draw(st.integers(0, schedule.seating.seats - 1))
    dealt = schedule.deal(order, dealer)
    by_seat = dict(enumerate(dealt.hands))
    quick = schedule.stack(list(dealt.hands), dealer, kick=list(dealt.kick), stock=dealt.stock)
    assert quick == schedule.stack(by_seat, dealer, kick=dealt.kick, stock=dealt.stock) == order
    twice = data.draw(st.sampled_from(order[: schedule.size]))
    seat = data.draw(st.integers(0, schedule.seating.seats - 1))
    if twice in dealt.hands[seat]:
        return
    hands = [list(hand) for hand in dealt.hands]
    hands[seat][0] = twice
    words = []
    for hands_given in (hands, dict(enumerate(hands))):
        with pytest.raises(ValueError, match=r"^cards given more than once: ") as refused:
            schedule.stack(hands_given, dealer, kick=dealt.kick, stock=dealt.stock)
        words.append(str(refused.value))
    assert words[0] == words[1]


@given(schedules(), st.data())
def test_deal_of_a_stack_is_the_hands(schedule: DealSchedule, data: st.DataObject) -> None:
    cards_ = list(data.draw(st.permutations(DECK)))
    dealer = data.draw(st.integers(0, schedule.seating.seats - 1))
    hands = [
        cards_[i * schedule.hand_size : (i + 1) * schedule.hand_size]
        for i in range(schedule.seating.seats)
    ]
    rest = cards_[schedule.seating.seats * schedule.hand_size :]
    kick, stock = rest[: schedule.kick], rest[schedule.kick :]
    dealt = schedule.deal(schedule.stack(hands, dealer, kick=kick, stock=stock), dealer)
    assert dealt == Dealt(hands=tuple(map(tuple, hands)), kick=tuple(kick), stock=tuple(stock))


@given(schedules(), st.data())
def test_a_filled_in_stack_deals_the_given_cards(
    schedule: DealSchedule, data: st.DataObject
) -> None:
    """With ``pack``, given partial hands come first in each hand, the rest from the pack."""
    seats, size = schedule.seating.seats, schedule.hand_size
    dealer = data.draw(st.integers(0, seats - 1))
    shuffled = list(data.draw(st.permutations(DECK)))
    partial = {}
    for seat in range(seats):
        count = data.draw(st.integers(0, size))
        partial[seat], shuffled = shuffled[:count], shuffled[count:]
    order = schedule.stack(partial, dealer, pack=DECK)
    assert Counter(order) == Counter(DECK)
    dealt = schedule.deal(order, dealer)
    for seat, given_cards in partial.items():
        assert dealt.hands[seat][: len(given_cards)] == tuple(given_cards)


# --- shuffle_problem -----------------------------------------------------------------------


def test_shuffle_problem_names_missing_doubled_and_foreign_cards() -> None:
    pack = cards("AS KS QS JS")
    assert shuffle_problem(cards("AS KS QS"), pack) == (
        "a shuffle must hold the 4 cards of the pack once each; got 3 cards; missing JS"
    )
    assert shuffle_problem(cards("AS KS QS QS"), pack) == (
        "a shuffle must hold the 4 cards of the pack once each; missing JS; more than once QS"
    )
    assert shuffle_problem(cards("AS KS QS JS 2C JK"), pack) == (
        "a shuffle must hold the 4 cards of the pack once each; got 6 cards; not in this pack 2C JK"
    )
    assert shuffle_problem(cards("AS KS QS TH TH"), pack) == (
        "a shuffle must hold the 4 cards of the pack once each; got 5 cards; missing JS; "
        "more than once TH; not in this pack TH"
    )


# --- take ----------------------------------------------------------------------------------

HANDS = (cards("AS KS QS"), cards("AH"), (), cards("2C 3C"))


def test_take_removes_the_card_from_that_seat_only() -> None:
    """E7: a card played leaves its player's hand; the others keep theirs, in order."""
    assert take(HANDS, 0, cards("KS")[0]) == (cards("AS QS"), cards("AH"), (), cards("2C 3C"))
    assert take(HANDS, 1, cards("AH")[0]) == (cards("AS KS QS"), (), (), cards("2C 3C"))
    assert take(HANDS, 3, cards("3C")[0])[3] == cards("2C")
    assert HANDS[0] == cards("AS KS QS")  # tuples: nothing changed in place


@pytest.mark.parametrize(("seat", "card"), [(1, "AS"), (2, "AH"), (0, "2C")])
def test_take_refuses_a_card_the_seat_does_not_hold(seat: int, card: str) -> None:
    with pytest.raises(ValueError):
        take(HANDS, seat, cards(card)[0])


@given(st.lists(st.lists(st.sampled_from(DECK), max_size=8), min_size=1, max_size=6), st.data())
def test_take_removes_exactly_one_card(hand_lists: list[list[Card]], data: st.DataObject) -> None:
    hands = tuple(tuple(hand) for hand in hand_lists)
    assume(any(hands))
    seat = data.draw(st.sampled_from([s for s, hand in enumerate(hands) if hand]))
    card = data.draw(st.sampled_from(hands[seat]))
    after = take(hands, seat, card)
    assert len(after) == len(hands)
    assert Counter(after[seat]) + Counter([card]) == Counter(hands[seat])
    assert all(after[other] == hands[other] for other in range(len(hands)) if other != seat)
    position = hands[seat].index(card)
    assert after[seat] == hands[seat][:position] + hands[seat][position + 1 :]


def test_the_rest_of_a_deal_is_seen_unless_the_schedule_says_not() -> None:
    seating = Seating(4)
    assert DealSchedule(seating, packets=(1,) * 5, kick=1).rest_seen
    hidden = DealSchedule(seating, packets=(1,) * 5, kick=1, rest_seen=False)
    assert not hidden.rest_seen and hidden.size == 21  # the same deal otherwise
    assert not EUCHRE_DEAL.rest_seen  # E3: the rest stay face down and take no part in the hand
