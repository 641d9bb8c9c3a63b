"""Cards, suits, ranks and their text form.

A card's text form is its rank then its suit: ranks ``2 3 4 5 6 7 8 9 T J Q K A``, suits
``C D H S`` ("TD", "9H", "AS"); the joker is "JK". :class:`Card` is an enumeration whose value
is that text, so msgspec encodes a card as its text in JSON and MessagePack and decodes it back,
and JSON Schema lists the 53 texts.

Each card also carries small integers for fast rule code: :attr:`Card.index` (0-51 for the
standard cards, suit-major in the order clubs, diamonds, hearts, spades; 52 for the joker) and
:attr:`Card.mask` (``1 << index``), so that games may keep sets of cards as integer bit masks.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from trickcore.errors import CardError

__all__ = [
    "CARD_TEXT",
    "Card",
    "Rank",
    "Suit",
    "cards",
    "cards_in",
    "mask_of",
    "standard_deck",
]


class Suit(enum.Enum):
    """A suit; its value is the one-letter text form."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    _value_: str

    def __init__(self, letter: str) -> None:
        self.index: int = "CDHS".index(letter)
        self.symbol: str = "\u2663\u2666\u2665\u2660"[self.index]

    __hash__ = object.__hash__

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self is Suit.DIAMONDS or self is Suit.HEARTS

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.Enum):
    """A rank; its value is the one-character text form. :attr:`order` is 2 (two) to 14 (ace)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    _value_: str

    def __init__(self, char: str) -> None:
        self.order: int = "23456789TJQKA".index(char) + 2

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


CARD_TEXT = (
    'write rank then suit, ranks 2-9 T J Q K A, suits C D H S (e.g. "AS", "TD", "9H"), '
    'or "JK" for the joker'
)
"""How a card is written, for error messages."""


_SYMBOL_LETTERS = str.maketrans("\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664", "CDHSCDHS")
"""The suit symbols (black and white) as the suit letters, for text typed by a person."""


def _canonical_text(value: object) -> object:
    """Card text a person typed (any case, ``10`` for ``T``, suit symbols, spaces around) as
    the canonical text; anything else unchanged."""
    if isinstance(value, str):
        return value.strip().upper().replace("10", "T").translate(_SYMBOL_LETTERS)
    return value


class _CardType(enum.EnumMeta):
    """The metaclass of :class:`Card`: calling ``Card(text)`` accepts text a person types,
    while decoding JSON or MessagePack (which looks the canonical text up and never calls
    the class) accepts the canonical text only."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the enum's functional API
            return super().__call__(value, *args, **kwargs)
        try:
            return super().__call__(_canonical_text(value))
        except CardError:
            raise CardError(f"{value!r} is not a card: {CARD_TEXT}") from None


class Card(enum.Enum, metaclass=_CardType):
    """A playing card, or the joker. Its value is the text form ("AS", "TD", "JK").

    ``Card("QH")`` (or :func:`cards` for several) turns text into a card and raises
    :class:`~trickcore.errors.CardError` for anything else; ``str(card)`` gives the text back.
    Text a person types is accepted too: any case, ``10`` for ``T``, suit symbols for suit
    letters, so the :attr:`pretty` form reads back (``Card("10\u2666")`` and ``Card("td")``
    are ``Card.TEN_OF_DIAMONDS``). JSON and MessagePack hold the canonical text only
    (``"TD"``): decoding ``"td"`` or ``"10D"`` fails, as the JSON Schema says.
    """

    TWO_OF_CLUBS = "2C"
    THREE_OF_CLUBS = "3C"
    FOUR_OF_CLUBS = "4C"
    FIVE_OF_CLUBS = "5C"
    SIX_OF_CLUBS = "6C"
    SEVEN_OF_CLUBS = "7C"
    EIGHT_OF_CLUBS = "8C"
    NINE_OF_CLUBS = "9C"
    TEN_OF_CLUBS = "TC"
    JACK_OF_CLUBS = "JC"
    QUEEN_OF_CLUBS = "QC"
    KING_OF_CLUBS = "KC"
    ACE_OF_CLUBS = "AC"
    TWO_OF_DIAMONDS = "2D"
    THREE_OF_DIAMONDS = "3D"
    FOUR_OF_DIAMONDS = "4D"
    FIVE_OF_DIAMONDS = "5D"
    SIX_OF_DIAMONDS = "6D"
    SEVEN_OF_DIAMONDS = "7D"
    EIGHT_OF_DIAMONDS = "8D"
    NINE_OF_DIAMONDS = "9D"
    TEN_OF_DIAMONDS = "TD"
    JACK_OF_DIAMONDS = "JD"
    QUEEN_OF_DIAMONDS = "QD"
    KING_OF_DIAMONDS = "KD"
    ACE_OF_DIAMONDS = "AD"
    TWO_OF_HEARTS = "2H"
    THREE_OF_HEARTS = "3H"
    FOUR_OF_HEARTS = "4H"
    FIVE_OF_HEARTS = "5H"
    SIX_OF_HEARTS = "6H"
    SEVEN_OF_HEARTS = "7H"
    EIGHT_OF_HEARTS = "8H"
    NINE_OF_HEARTS = "9H"
    TEN_OF_HEARTS = "TH"
    JACK_OF_HEARTS = "JH"
    QUEEN_OF_HEARTS = "QH"
    KING_OF_HEARTS = "KH"
    ACE_OF_HEARTS = "AH"
    TWO_OF_SPADES = "2S"
    THREE_OF_SPADES = "3S"
    FOUR_OF_SPADES = "4S"
    FIVE_OF_SPADES = "5S"
    SIX_OF_SPADES = "6S"
    SEVEN_OF_SPADES = "7S"
    EIGHT_OF_SPADES = "8S"
    NINE_OF_SPADES = "9S"
    TEN_OF_SPADES = "TS"
    JACK_OF_SPADES = "JS"
    QUEEN_OF_SPADES = "QS"
    KING_OF_SPADES = "KS"
    ACE_OF_SPADES = "AS"
    JOKER = "JK"

    _value_: str

    def __init__(self, text: str) -> None:
        self.rank: Rank | None = None if text == "JK" else Rank(text[0])
        self.suit: Suit | None = None if text == "JK" else Suit(text[1])
        self.index: int = 52
        if self.suit is not None and self.rank is not None:
            self.index = self.suit.index * 13 + self.rank.order - 2
        self.mask: int = 1 << self.index

    __hash__ = object.__hash__

    @classmethod
    def _missing_(cls, value: object) -> Card:
        raise CardError(f"{value!r} is not a card: {CARD_TEXT}")

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self is Card.JOKER

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Card({self.value!r})"

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, e.g. ``"Q\u2665"``; the joker is ``"Joker"``."""
        if self.suit is None or self.rank is None:
            return "Joker"
        rank_text = "10" if self.rank is Rank.TEN else self.rank.value
        return rank_text + self.suit.symbol

    @staticmethod
    def from_index(index: int) -> Card:
        """The card whose :attr:`index` is ``index``."""
        return _BY_INDEX[index]


_BY_INDEX: tuple[Card, ...] = tuple(sorted(Card, key=lambda card: card.index))


def cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from text: ``cards("AS KH 9D")`` or ``cards(["AS", "KH"])``."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(Card(item) for item in items)


def standard_deck(ranks: Iterable[Rank] = tuple(Rank), *, joker: bool = False) -> tuple[Card, ...]:
    """The cards of the given ranks in every suit (index order), plus the joker if asked for."""
    wanted = frozenset(ranks)
    deck = tuple(c for c in _BY_INDEX if c.rank in wanted)
    return (*deck, Card.JOKER) if joker else deck


def mask_of(items: Iterable[Card]) -> int:
    """The bit mask of a set of cards."""
    mask = 0
    for card in items:
        mask |= card.mask
    return mask


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in index order."""
    found = []
    while mask:
        low = mask & -mask
        found.append(_BY_INDEX[low.bit_length() - 1])
        mask ^= low
    return tuple(found)
