"""Cards, suits, ranks, their text form and the card-set helpers of ``trickcore/cards.py``."""

from __future__ import annotations

import re

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import trickcore
from trickcore import Card, CardError, Rank, Suit, TrickcoreError, cards
from trickcore.cards import cards_in, mask_of, standard_deck

RANK_TEXT = "23456789TJQKA"
SUIT_TEXT = "CDHS"
ALL_TEXTS = [rank + suit for suit in SUIT_TEXT for rank in RANK_TEXT] + ["JK"]


def test_there_are_53_cards_with_the_documented_texts() -> None:
    assert len(Card) == 53
    assert sorted(card.value for card in Card) == sorted(ALL_TEXTS)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_text_round_trip(text: str) -> None:
    card = Card(text)
    assert str(card) == text
    assert card.value == text
    assert Card(str(card)) is card
    assert repr(card) == f"Card({text!r})"
    assert cards(text) == (card,)
    if text == "JK":
        assert card.is_joker
        assert card.rank is None
        assert card.suit is None
    else:
        assert not card.is_joker
        assert card.rank is Rank(text[0])
        assert card.suit is Suit(text[1])
        assert str(card.rank) + str(card.suit) == text


def test_index_and_mask_are_unique_and_documented() -> None:
    indices = [card.index for card in Card]
    assert sorted(indices) == list(range(53))
    assert [card.mask for card in Card] == [1 << index for index in indices]
    # suit-major: clubs, diamonds, hearts, spades; two low, ace high; the joker is 52
    assert Card("2C").index == 0
    assert Card("AC").index == 12
    assert Card("2D").index == 13
    assert Card("QH").index == 2 * 13 + 10
    assert Card("AS").index == 51
    assert Card.JOKER.index == 52
    for card in Card:
        assert Card.from_index(card.index) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10h", "TH"),
        ("10H", "TH"),
        ("th", "TH"),
        (" as ", "AS"),
        ("jk", "JK"),
        ("qD", "QD"),
        ("10\u2666", "TD"),  # the pretty form reads back
        ("q\u2665", "QH"),
        ("A\u2660", "AS"),
        ("2\u2663", "2C"),
        ("K\u2661", "KH"),  # white suit symbols too
    ],
)
def test_lenient_text_is_normalised(text: str, expected: str) -> None:
    assert Card(text) is Card(expected)


@pytest.mark.parametrize(
    "bad", ["", "1H", "10", "AX", "ASS", "JOKER", "11H", "H10", "T", "\u2666", "10\u2666\u2666"]
)
def test_card_error_names_the_bad_text(bad: str) -> None:
    with pytest.raises(CardError) as caught:
        Card(bad)
    assert isinstance(caught.value, TrickcoreError)
    assert isinstance(caught.value, ValueError)
    assert repr(bad) in str(caught.value)
    assert "rank then suit" in str(caught.value)


@pytest.mark.parametrize("bad", [5, None, 1.5, Card.ACE_OF_SPADES.index])
def test_card_error_for_non_text(bad: object) -> None:
    with pytest.raises(CardError, match=re.escape(repr(bad))):
        Card(bad)  # type: ignore[arg-type]


def test_card_error_is_exported_and_catchable_as_value_error() -> None:
    assert trickcore.CardError is CardError
    assert issubclass(CardError, TrickcoreError)
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="'ZZ'"):
        cards("AS ZZ")


def test_cards_parses_text_and_iterables() -> None:
    expected = (Card("AS"), Card("KH"), Card("9D"))
    assert cards("AS KH 9D") == expected
    assert cards("AS,KH, 9D") == expected
    assert cards("  AS\tKH\n9D ") == expected
    assert cards(["AS", "KH", "9D"]) == expected
    assert cards(iter(["as", "kh", "9d"])) == expected
    assert cards("") == ()
    assert cards("JK 10C") == (Card.JOKER, Card("TC"))


def test_msgspec_encodes_cards_as_text() -> None:
    hand = (Card("AS"), Card("TD"), Card.JOKER)
    assert msgspec.json.encode(hand) == b'["AS","TD","JK"]'
    assert msgspec.json.decode(b'["AS","TD","JK"]', type=tuple[Card, ...]) == hand
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(hand), type=tuple[Card, ...]) == hand
    assert msgspec.json.encode({Card("9H"): 1}) == b'{"9H":1}'
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'["ZZ"]', type=tuple[Card, ...])
    schema = msgspec.json.schema(Card)
    assert sorted(schema["$defs"]["Card"]["enum"]) == sorted(ALL_TEXTS)


def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert Card.JOKER not in deck
    assert [card.index for card in deck] == list(range(52))
    assert standard_deck(joker=True) == (*deck, Card.JOKER)
    euchre = standard_deck([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
    assert len(euchre) == 24
    assert {card.rank for card in euchre} == {
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    }
    assert euchre[:6] == cards("9C TC JC QC KC AC")
    assert standard_deck(iter([Rank.ACE])) == cards("AC AD AH AS")
    assert standard_deck([], joker=True) == (Card.JOKER,)


def test_mask_of_and_cards_in() -> None:
    hand = cards("QH 2C JK AS")
    mask = mask_of(hand)
    assert mask == (1 << 36) | 1 | (1 << 52) | (1 << 51)
    assert cards_in(mask) == cards("2C QH AS JK")  # index order
    assert mask_of([]) == 0
    assert cards_in(0) == ()
    assert mask_of(hand + hand) == mask
    assert cards_in(mask_of(Card)) == tuple(Card.from_index(i) for i in range(53))


@given(st.sets(st.sampled_from(list(Card))))
def test_mask_round_trip(chosen: set[Card]) -> None:
    mask = mask_of(chosen)
    assert mask.bit_count() == len(chosen)
    back = cards_in(mask)
    assert set(back) == chosen
    assert list(back) == sorted(chosen, key=lambda card: card.index)


def test_suits() -> None:
    assert [suit.value for suit in Suit] == list(SUIT_TEXT)
    assert [suit.index for suit in Suit] == [0, 1, 2, 3]
    for suit in Suit:
        assert str(suit) == suit.value
        assert repr(suit) == f"Suit.{suit.name}"
    assert [suit.is_red for suit in Suit] == [False, True, True, False]
    assert "".join(suit.symbol for suit in Suit) == "\u2663\u2666\u2665\u2660"


def test_ranks() -> None:
    assert "".join(rank.value for rank in Rank) == RANK_TEXT
    assert [rank.order for rank in Rank] == list(range(2, 15))
    assert str(Rank.TEN) == "T"
    assert repr(Rank.ACE) == "Rank.ACE"


@pytest.mark.parametrize(
    ("text", "pretty"),
    [("QH", "Q\u2665"), ("TS", "10\u2660"), ("2C", "2\u2663"), ("AD", "A\u2666"), ("JK", "Joker")],
)
def test_pretty(text: str, pretty: str) -> None:
    assert Card(text).pretty == pretty


def test_cards_are_hashable_and_usable_as_keys() -> None:
    seen = {card: card.index for card in Card}
    assert len(seen) == 53
    assert seen[Card("10c")] == Card("TC").index


def test_every_pretty_form_reads_back() -> None:
    assert all(Card(card.pretty) is card for card in Card if not card.is_joker)
