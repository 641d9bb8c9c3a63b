"""Trick mechanics of ``trickcore/kit/tricks.py``: card order, following suit, trumps and the trick
winner."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore import Card, Rank, Suit, cards
from trickcore.cards import standard_deck
from trickcore.game import Direction
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import (
    TRUMP_BASE,
    FollowOrTrump,
    FollowSuit,
    Trick,
    TrickOrder,
    rank_strength,
    revealed_voids,
    tricks_by_side,
)

DECK = standard_deck()
EUCHRE_DECK = standard_deck([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
SPADES = TrickOrder.plain(DECK, Suit.SPADES)
NO_TRUMP = TrickOrder.plain(DECK, None)


def winner(order: TrickOrder, text: str) -> str:
    return text.split()[order.winner(cards(text))]


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("9H KH 2H AH", "AH"),  # highest of the suit led
        ("KH 2S AH QH", "2S"),  # the lowest trump beats the led suit
        ("KH 2S AS QH", "AS"),  # the higher of two trumps
        ("KH AD AC QH", "KH"),  # off-suit aces never win
        ("2H AD AC KD", "2H"),  # the lead wins when nobody follows
        ("3S AH KH QH", "3S"),  # trump led: it stays ahead of plain cards
        ("3S 5S AH 4S", "5S"),
        ("TD", "TD"),  # one card
        ("QC JC", "QC"),
        ("JC QC", "QC"),
    ],
)
def test_winner_with_trump(trick: str, expected: str) -> None:
    assert winner(SPADES, trick) == expected


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ("9H KH 2H AH", "AH"),
        ("KH 2S AS QH", "KH"),  # no trump: spades are just off-suit
        ("2C AS AD AH", "2C"),
        ("TD JD 9D QD", "QD"),
    ],
)
def test_winner_without_trump(trick: str, expected: str) -> None:
    assert winner(NO_TRUMP, trick) == expected


def test_is_trump_and_strength() -> None:
    assert SPADES.trump is Suit.SPADES
    assert all(SPADES.is_trump(card) == (card.suit is Suit.SPADES) for card in DECK)
    assert not any(NO_TRUMP.is_trump(card) for card in DECK)
    assert SPADES.strength[Card("2S")] == TRUMP_BASE + 2
    assert SPADES.strength[Card("AS")] == TRUMP_BASE + 14
    assert SPADES.strength[Card("AH")] == 14
    assert min(SPADES.strength[c] for c in DECK if c.suit is Suit.SPADES) > max(
        SPADES.strength[c] for c in DECK if c.suit is not Suit.SPADES
    )
    assert all(SPADES.suit_of[card] is card.suit for card in DECK)


def test_rank_strength() -> None:
    assert [rank_strength(Card(rank.value + "C")) for rank in Rank] == list(range(2, 15))
    assert rank_strength(Card.JOKER) == 15


def test_follow_suit_legal_and_allows() -> None:
    """E7, A6: follow the suit led if you can, else play anything."""
    hand = cards("AS 9H KH 2D")
    spades = FollowSuit(SPADES)
    assert spades.legal(hand, cards("3H")) == cards("9H KH")
    assert spades.legal(hand, cards("3S 4H")) == cards("AS")
    # void in the suit led: anything, trumps included
    assert spades.legal(hand, cards("3C")) == hand
    assert FollowSuit(NO_TRUMP).legal(hand, cards("3D")) == cards("2D")
    assert spades.legal(hand, ()) == hand  # any card may be led
    assert spades.legal((), cards("3C")) == ()
    for trick in (cards("3H"), cards("3S"), cards("3C"), ()):
        allowed = spades.legal(hand, trick)
        assert [card for card in hand if spades.allows(hand, trick, card)] == list(allowed)
    assert SPADES.cards_of_suit(hand, Suit.HEARTS) == cards("9H KH")
    assert SPADES.cards_of_suit(hand, Suit.CLUBS) == ()


def test_follow_suit_reveals_a_void_by_not_following() -> None:
    spades = FollowSuit(SPADES)
    assert spades.revealed(cards("3H"), Card("AS")) is Suit.HEARTS
    assert spades.revealed(cards("3H"), Card("9H")) is None
    assert spades.revealed((), Card("9H")) is None  # a lead reveals nothing
    plays = [
        (
            (1, 2, 3, 0),
            cards("3H 4H AS 2D"),
        ),
        ((2, 3), cards("5C 6D")),
    ]
    assert revealed_voids(spades, plays, 4) == {
        0: {Suit.HEARTS},
        1: set(),
        2: set(),
        3: {Suit.HEARTS, Suit.CLUBS},
    }


class _SlicingFollowSuit(FollowSuit):
    """A subclass, so :func:`revealed_voids` asks its ``revealed`` card by card."""


@given(
    st.lists(
        st.tuples(
            st.permutations(range(4)),
            st.lists(st.sampled_from(DECK), min_size=0, max_size=4, unique=True),
        ),
        max_size=6,
    )
)
def test_revealed_voids_of_follow_suit_match_revealed_card_by_card(
    tricks: list[tuple[list[int], list[Card]]],
) -> None:
    """E7, A6: the shortcut :func:`revealed_voids` takes for :class:`FollowSuit` finds what its
    ``revealed`` finds card by card, trick in progress and short seat lists included."""
    plays = [(tuple(seats[: len(played) + 1]), tuple(played)) for seats, played in tricks]
    by_card = revealed_voids(_SlicingFollowSuit(SPADES), plays, 4)
    assert revealed_voids(FollowSuit(SPADES), plays, 4) == by_card


def test_follow_or_trump_f4() -> None:
    """F4: holding the suit led, follow or trump; without it, anything; a trump lead is
    followed with trumps when possible; no duty to overtrump."""
    policy = FollowOrTrump(SPADES)
    hand = cards("9H KH 2S 5S 3D")
    assert policy.legal(hand, cards("4H")) == cards("9H KH 2S 5S")
    assert policy.legal(hand, cards("4C")) == hand  # void in clubs
    assert policy.legal(hand, cards("4S")) == cards("2S 5S")  # trump led
    assert policy.legal(cards("9H 3D"), cards("4S")) == cards("9H 3D")  # no trumps: anything
    assert policy.legal(hand, cards("4H AS")) == cards("9H KH 2S 5S")  # undertrumping allowed


def test_follow_or_trump_no_undertrump() -> None:
    """F4 option ``no_undertrump``: a player who can follow may not trump lower than the best
    trump in a trumped plain trick; without the led suit, any card still goes."""
    policy = FollowOrTrump(SPADES, no_undertrump=True)
    hand = cards("9H KH 2S QS 3D")
    assert policy.legal(hand, cards("4H 8S")) == cards("9H KH QS")  # 2S would undertrump
    assert policy.legal(hand, cards("4H")) == cards("9H KH 2S QS")  # not trumped yet
    assert policy.legal(cards("2S 3D"), cards("4H 8S")) == cards("2S 3D")  # void: anything
    assert policy.legal(hand, cards("4S 8S")) == cards("2S QS")  # a trump lead: any trump


def test_follow_or_trump_reveals_only_what_neither_follows_nor_trumps() -> None:
    """F4 and determinize: trumping a plain lead reveals nothing (the player may hold the
    suit); a card that neither follows nor trumps reveals a void in the suit led."""
    policy = FollowOrTrump(SPADES)
    assert policy.revealed(cards("4H"), Card("2S")) is None
    assert policy.revealed(cards("4H"), Card("3D")) is Suit.HEARTS
    assert policy.revealed(cards("4H"), Card("9H")) is None
    assert policy.revealed(cards("4S"), Card("3D")) is Suit.SPADES  # no trump on a trump lead
    strict = FollowOrTrump(SPADES, no_undertrump=True)
    assert strict.revealed(cards("4H 8S"), Card("2S")) is Suit.HEARTS  # undertrumped: void
    assert strict.revealed(cards("4H 8S"), Card("QS")) is None
    assert policy.revealed(cards("4H 8S"), Card("2S")) is None  # allowed without the option


def test_plain_refuses_the_joker() -> None:
    with pytest.raises(ValueError, match="joker"):
        TrickOrder.plain(standard_deck(joker=True), Suit.HEARTS)


def test_custom_strength_and_effective_suits() -> None:
    """A game may move cards between suits (Euchre's left bower): the winner follows
    ``suit_of`` and ``strength``, not the printed suit."""
    base = TrickOrder.plain(EUCHRE_DECK, Suit.HEARTS)
    suit_of = dict(base.suit_of)
    strength = dict(base.strength)
    suit_of[Card("JH")], strength[Card("JH")] = Suit.HEARTS, TRUMP_BASE + 30  # right bower
    suit_of[Card("JD")], strength[Card("JD")] = Suit.HEARTS, TRUMP_BASE + 29  # left bower
    euchre = TrickOrder(Suit.HEARTS, suit_of, strength)
    assert euchre.is_trump(Card("JD"))
    assert winner(euchre, "AD JD KD") == "JD"  # the left bower is a trump, not a diamond
    assert winner(euchre, "AH JD KH") == "JD"
    assert winner(euchre, "JD JH AH") == "JH"
    follow = FollowSuit(euchre)
    assert follow.legal(cards("JD 9D AS"), cards("TD")) == cards("9D")
    assert follow.legal(cards("JD AS"), cards("TD")) == cards("JD AS")
    assert follow.legal(cards("JD AS"), cards("TH")) == cards("JD")
    # low-ace strength: the caller's function is used
    low_aces = TrickOrder.plain(DECK, None, lambda c: 1 if c.rank is Rank.ACE else rank_strength(c))
    assert winner(low_aces, "AC 2C") == "2C"


def naive_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """The rule book's words: the highest trump if any was played, else the highest card of
    the suit led; ranks two low, ace high."""
    trumps = [i for i, card in enumerate(trick) if card.suit is trump]
    led = trick[0].suit
    candidates = trumps or [i for i, card in enumerate(trick) if card.suit is led]
    order = "23456789TJQKA"
    return max(candidates, key=lambda i: order.index(str(trick[i])[0]))


@given(
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True),
    trump=st.sampled_from([None, *Suit]),
)
def test_winner_matches_naive_reference(trick: list[Card], trump: Suit | None) -> None:
    order = TrickOrder.plain(DECK, trump)
    position = order.winner(trick)
    assert position == naive_winner(trick, trump)
    won_by = trick[position]
    assert won_by.suit is trump or won_by.suit is trick[0].suit


@given(
    trick=st.lists(st.sampled_from(EUCHRE_DECK), min_size=2, max_size=5, unique=True),
    trump=st.sampled_from([None, *Suit]),
)
def test_beats_says_whether_a_card_would_take_the_trick(
    trick: list[Card], trump: Suit | None
) -> None:
    """``beats(card, winning, led)``: the card played last wins the trick exactly when it beats
    the card that was winning before it; with the bowers promoted (E2) when there is a trump."""
    top = () if trump is None else (Card("J" + trump.value),)
    order = TrickOrder.plain(EUCHRE_DECK, trump, top=top)
    *before, card = trick
    winning = before[order.winner(before)]
    led = order.suit_of[before[0]]
    assert order.beats(card, winning, led) is (order.winner(trick) == len(before))


@pytest.mark.parametrize("trump", [None, *Suit])
def test_stronger_lists_the_cards_of_the_effective_suit_that_beat_each_card(
    trump: Suit | None,
) -> None:
    """``stronger``: for each card, the cards of its effective suit (the bowers and the joker
    in trumps, E2) that are stronger, in the order's card order; worked out once and kept."""
    top = () if trump is None else (Card.JOKER, Card("J" + trump.value))
    pack = EUCHRE_DECK if trump is None else (*EUCHRE_DECK, Card.JOKER)  # no trump: no joker
    order = TrickOrder.plain(pack, trump, top=top)
    for card in pack:
        expected = [
            other
            for other in pack
            if order.suit_of[other] is order.suit_of[card]
            and order.strength[other] > order.strength[card]
        ]
        assert list(order.stronger[card]) == expected
        # the strongest of a suit has none above it, and a card beats those it is stronger than
        assert all(order.beats(other, card, order.suit_of[card]) for other in expected)
    assert order.stronger is order.stronger


@given(
    hand=st.lists(st.sampled_from(DECK), max_size=13, unique=True),
    led=st.sampled_from(list(Suit)),
    trump=st.sampled_from([None, *Suit]),
)
def test_following_matches_naive_reference(hand: list[Card], led: Suit, trump: Suit | None) -> None:
    lead = next(card for card in DECK if card.suit is led and card not in hand)
    allowed = FollowSuit(TrickOrder.plain(DECK, trump)).legal(hand, (lead,))
    same = [card for card in hand if card.suit is led]
    assert list(allowed) == (same or hand)


@given(
    hand=st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True),
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=3, unique=True),
    trump=st.sampled_from(list(Suit)),
    strict=st.booleans(),
)
def test_follow_or_trump_matches_naive_reference(
    hand: list[Card], trick: list[Card], trump: Suit, strict: bool
) -> None:
    """F4 in the rule book's words, against the policy; and a card is revealed to be a void
    exactly when it could not have been played by a player holding the suit led."""
    hand = [card for card in hand if card not in trick]
    policy = FollowOrTrump(TrickOrder.plain(DECK, trump), no_undertrump=strict)
    led = trick[0].suit
    best = max((c.rank.order for c in trick if c.suit is trump and c.rank), default=0)
    holds_led = any(card.suit is led for card in hand)

    def naive(card: Card) -> bool:
        if not holds_led or card.suit is led:
            return True
        if card.suit is not trump:
            return False
        undertrump = strict and led is not trump and card.rank is not None
        return not (undertrump and best and card.rank.order < best)

    assert list(policy.legal(hand, trick)) == [card for card in hand if naive(card)]
    for card in policy.legal(hand, trick):
        if policy.revealed(trick, card) is not None:
            assert not holds_led


# --- finish and tricks by side -------------------------------------------------------------


def test_finish_records_leader_seats_cards_and_winner() -> None:
    """E7: seat 3 leads 9H, seat 0 trumps with 2S and wins; the record keeps the play order."""
    done = FollowSuit(SPADES).finish((3, 0, 1, 2), cards("9H 2S AH KH"))
    assert done == Trick(leader=3, seats=(3, 0, 1, 2), cards=cards("9H 2S AH KH"), winner=0)


def test_finish_of_a_lone_hand_and_anticlockwise_play() -> None:
    """E6: three cards when a partner sits out; F1: play goes anticlockwise (seats 2, 1, 0, 3)."""
    lone = FollowSuit(NO_TRUMP).finish((1, 2, 0), cards("TD AD 2C"))
    assert (lone.leader, lone.winner) == (1, 2)
    all_fours = FollowOrTrump(SPADES).finish((2, 1, 0, 3), cards("KC AC 3S 9S"))
    assert (all_fours.leader, all_fours.winner) == (2, 3)


def test_finish_with_a_left_bower() -> None:
    """E2/E7: with hearts trump the jack of diamonds is a heart and beats the ace of hearts."""
    base = TrickOrder.plain(EUCHRE_DECK, Suit.HEARTS)
    suit_of = {**base.suit_of, Card("JD"): Suit.HEARTS}
    strength = {**base.strength, Card("JD"): TRUMP_BASE + 29, Card("JH"): TRUMP_BASE + 30}
    done = FollowSuit(TrickOrder(Suit.HEARTS, suit_of, strength)).finish(
        (0, 1, 2, 3), cards("AD AH JD KD")
    )
    assert done.winner == 2


@given(
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True),
    trump=st.sampled_from([None, *Suit]),
    first=st.integers(0, 5),
    anticlockwise=st.booleans(),
)
def test_finish_winner_is_the_policys_winner(
    trick: list[Card], trump: Suit | None, first: int, anticlockwise: bool
) -> None:
    seating = Seating(6, Direction.ANTICLOCKWISE if anticlockwise else Direction.CLOCKWISE)
    seats = seating.order(first)[: len(trick)]
    for policy in (FollowSuit(TrickOrder.plain(DECK, trump)), FollowOrTrump(SPADES)):
        done = policy.finish(seats, tuple(trick))
        assert done.leader == first and done.seats == seats and done.cards == tuple(trick)
        assert done.winner == seats[policy.winner(trick)]
        assert done.winner == seats[policy.order.winner(trick)]


def won_by(*winners: int) -> list[Trick]:
    return [
        Trick(leader=0, seats=(0, 1, 2, 3), cards=cards("2C 3C 4C 5C"), winner=w) for w in winners
    ]


def test_tricks_by_side_in_partnerships() -> None:
    """E8: the tricks of partners count together: seats 0 and 2 are side 0."""
    euchre = Seating(4, sides=2)
    assert tricks_by_side(euchre, won_by(0, 2, 1, 2, 3)) == (3, 2)
    assert tricks_by_side(euchre, won_by(1, 1, 3, 3, 1)) == (0, 5)
    assert tricks_by_side(euchre, []) == (0, 0)


def test_tricks_by_side_each_for_themselves() -> None:
    """A1/A7: four players each for themselves, one count per seat."""
    assert tricks_by_side(Seating(4), won_by(3, 0, 3, 2)) == (1, 0, 1, 2)
    assert tricks_by_side(Seating(2, Direction.ANTICLOCKWISE), won_by(1, 1, 0)) == (1, 2)
