"""Tricks: the card order for a trump, the :class:`Trick` record and the follow policies.

A :class:`TrickOrder` says, for one trump suit, which suit each card belongs to (Euchre moves the
left bower and the joker into trumps) and how strong it is; games build one per trump and keep it.
A follow policy, bound to an order, answers from one piece of code the three questions a trick
asks (DESIGN 4a):

* what may be played (:meth:`FollowSuit.legal`, and :meth:`FollowSuit.allows` for one card);
* who wins (:meth:`FollowSuit.winner`);
* what a play revealed (:meth:`FollowSuit.revealed`): the suit the player is now known to hold
  none of, which ``determinize`` must respect.

Policies: :class:`FollowSuit` (follow the suit led if you can, else anything: Euchre, Apples) and
:class:`FollowOrTrump` (a player holding the suit led either follows or trumps; with
``no_undertrump`` they may not trump lower than a trump already in the trick: All Fours F4). Under
:class:`FollowOrTrump` trumping a plain lead reveals nothing (the player may still hold the suit);
only a card that neither follows nor trumps reveals a void.

Strengths are integers, higher wins; every trump is at least :data:`TRUMP_BASE`, so one comparison
ranks any trump above any plain card. Everything is a table look-up: these questions are asked on
every card played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from trickcore._mypyc import mypyc_attr
from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.kit.records import Trick
from trickcore.kit.seating import Seating

__all__ = [
    "TRUMP_BASE",
    "FollowOrTrump",
    "FollowPolicy",
    "FollowSuit",
    "Trick",
    "TrickOrder",
    "rank_strength",
    "hand_plays",
    "revealed_voids",
    "tricks_by_side",
]

T = TypeVar("T")


class _Identity(dict[Card, Card]):
    def __missing__(self, card: Card) -> Card:
        return card


_SAME: Mapping[Card, Card] = _Identity()

TRUMP_BASE = 100
"""Every trump is at least this strong; every plain card is weaker."""


def rank_strength(card: Card) -> int:
    """Ace high, two low: the rank order 2 to 14 (the joker, which has no rank, counts 15)."""
    return card.rank.order if card.rank is not None else 15


@mypyc_attr(allow_interpreted_subclasses=True)
class TrickOrder:
    """Which suit each card belongs to and how strong it is, for one trump suit.

    ``suit_of`` maps every card of the pack to its *effective* suit; ``strength`` maps it to an
    integer, higher wins, trumps at :data:`TRUMP_BASE` or above. ``trump`` may be ``None`` (no
    trumps).
    """

    __slots__ = ("strength", "suit_of", "trump", "_stronger")

    def __init__(
        self, trump: Suit | None, suit_of: Mapping[Card, Suit], strength: Mapping[Card, int]
    ) -> None:
        self.trump = trump
        self.suit_of: dict[Card, Suit] = dict(suit_of)
        self.strength: dict[Card, int] = dict(strength)
        self._stronger: dict[Card, tuple[Card, ...]] | None = None

    @classmethod
    def plain(
        cls,
        pack: Iterable[Card],
        trump: Suit | None,
        strength: Callable[[Card], int] = rank_strength,
        *,
        top: Sequence[Card] = (),
    ) -> TrickOrder:
        """Each card in its printed suit, ranked by ``strength``; trumps raised by
        :data:`TRUMP_BASE`. The ``top`` cards, highest first, are trumps whatever their
        printed suit and rank above every other trump (15 and up, above the ace's 14): the
        joker and Euchre's bowers (E2). Those not in the pack are passed over."""
        if top and trump is None:
            raise ValueError("cards promoted to the top of the trumps need a trump suit")
        promoted = {card: 15 + index for index, card in enumerate(reversed(top))}
        suit_of: dict[Card, Suit] = {}
        power: dict[Card, int] = {}
        for card in pack:
            if card in promoted and trump is not None:
                suit_of[card] = trump
                power[card] = TRUMP_BASE + promoted[card]
                continue
            if card.suit is None:
                raise ValueError("a plain trick order has no place for the joker")
            suit_of[card] = card.suit
            power[card] = strength(card) + (TRUMP_BASE if card.suit is trump else 0)
        return cls(trump, suit_of, power)

    def is_trump(self, card: Card) -> bool:
        """True if the card belongs to the trump suit."""
        return self.strength[card] >= TRUMP_BASE

    def cards_of_suit(self, cards: Iterable[Card], suit: Suit) -> tuple[Card, ...]:
        """The cards whose effective suit is ``suit``."""
        suit_of = self.suit_of
        return tuple(card for card in cards if suit_of[card] is suit)

    def beats(self, card: Card, winning: Card, led: Suit) -> bool:
        """True when ``card``, played to a trick of suit ``led`` that ``winning`` now wins,
        would win it instead: :meth:`winner`'s test, for a player weighing its cards."""
        power = self.strength[card]
        return power > self.strength[winning] and (power >= TRUMP_BASE or self.suit_of[card] is led)

    @property
    def stronger(self) -> dict[Card, tuple[Card, ...]]:
        """For each card of the order, the cards of its effective suit that beat it, in the
        order's card order: what a player counts to tell whether a card is the best left of its
        suit, or how many unseen cards top it. Worked out on first use and kept with the order
        (a game keeps one order per trump, so its bots share it)."""
        stronger = self._stronger
        if stronger is None:
            suit_of, strength = self.suit_of, self.strength
            by_suit: dict[Suit, list[Card]] = {}
            for card in strength:
                by_suit.setdefault(suit_of[card], []).append(card)
            stronger = {}
            for card, power in strength.items():
                stronger[card] = tuple(
                    [other for other in by_suit[suit_of[card]] if strength[other] > power]
                )
            self._stronger = stronger
        return stronger

    def winner(self, trick: Sequence[Card]) -> int:
        """The position in ``trick`` (0 = the lead) of the card that wins it: the highest trump,
        else the highest card of the suit led."""
        suit_of = self.suit_of
        strength = self.strength
        led = suit_of[trick[0]]
        best_position = 0
        best = strength[trick[0]]
        for position in range(1, len(trick)):
            card = trick[position]
            power = strength[card]
            if power > best and (power >= TRUMP_BASE or suit_of[card] is led):
                best = power
                best_position = position
        return best_position


def _plays_of(hand: Sequence[Card], plays: Mapping[Card, T]) -> tuple[T, ...]:
    """``plays[card]`` for each card of ``hand``, in order. (Loops, here and in the
    ``legal_plays`` methods, rather than comprehensions: a comprehension that reads a local of
    its function makes that local a cell, which costs the interpreted build on every call of
    the hot path; the compiled build turns both into the same loop.)"""
    actions = []
    for card in hand:
        actions.append(plays[card])
    return tuple(actions)


def _void_in(suit_of: Mapping[Card, Suit], hand: Sequence[Card], suit: Suit) -> bool:
    """True when ``hand`` holds no card of ``suit`` (a loop: cheaper than ``any`` over a
    generator on the hot path of every card played)."""
    for held in hand:  # noqa: SIM110 (a loop, not all() over a generator: see above)
        if suit_of[held] is suit:
            return False
    return True


@mypyc_attr(allow_interpreted_subclasses=True)
class FollowSuit:
    """Follow the suit led if you can; otherwise play anything (Euchre E7, Apples A6)."""

    __slots__ = ("order", "winner")

    def __init__(self, order: TrickOrder) -> None:
        self.order = order
        """The card order this policy plays by."""
        self.winner: Callable[[Sequence[Card]], int] = order.winner
        """The position in a trick of the winning card (0 = the lead): the highest trump, else
        the highest card of the suit led (:meth:`TrickOrder.winner`)."""

    def legal(self, hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played to ``trick`` (the cards played so far)."""
        return self.legal_plays(hand, trick, _SAME)

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Card], plays: Mapping[Card, T]
    ) -> tuple[T, ...]:
        """:meth:`legal` as the game's play actions, ``plays[card]`` for each legal card: one
        pass for the hot path of ``legal_actions``."""
        if trick:
            suit_of = self.order.suit_of
            led = suit_of[trick[0]]
            following = []
            for card in hand:
                if suit_of[card] is led:
                    following.append(plays[card])
            if following:
                return tuple(following)
        return _plays_of(hand, plays)

    def allows(self, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> bool:
        """True when ``card`` (held in ``hand``) may be played to ``trick``."""
        if not trick:
            return True
        suit_of = self.order.suit_of
        led = suit_of[trick[0]]
        if suit_of[card] is led:
            return True
        return _void_in(suit_of, hand, led)

    def refusal(self, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> str:
        """Why ``card`` may not be played to ``trick`` (when :meth:`allows` says no), in words
        for an error message."""
        return "the suit led must be followed"

    def finish(self, seats: tuple[Seat, ...], cards: tuple[Card, ...]) -> Trick:
        """The finished trick of ``cards`` played by ``seats`` (the leader first), with its
        winner."""
        return Trick(leader=seats[0], seats=seats, cards=cards, winner=seats[self.winner(cards)])

    def revealed(self, trick: Sequence[Card], card: Card) -> Suit | None:
        """The suit the player of ``card`` showed out of by playing it to ``trick``, if any."""
        if not trick:
            return None
        suit_of = self.order.suit_of
        led = suit_of[trick[0]]
        return led if suit_of[card] is not led else None


@mypyc_attr(allow_interpreted_subclasses=True)
class FollowOrTrump(FollowSuit):
    """A player holding the suit led follows it or trumps; without it, anything (All Fours F4).

    A trump lead must be followed with a trump when possible. With ``no_undertrump``, once a
    plain lead has been trumped, a player who can follow may not play a trump lower than the best
    trump in the trick.
    """

    __slots__ = ("no_undertrump",)

    def __init__(self, order: TrickOrder, *, no_undertrump: bool = False) -> None:
        super().__init__(order)
        self.no_undertrump = no_undertrump
        """Whether under-trumping a trumped plain lead is barred for a player who can follow."""

    def _best_trump(self, trick: Sequence[Card]) -> int:
        strength = self.order.strength
        return max((strength[card] for card in trick if strength[card] >= TRUMP_BASE), default=0)

    def allows(self, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> bool:
        """True when ``card`` (held in ``hand``) may be played to ``trick``."""
        if not trick:
            return True
        suit_of = self.order.suit_of
        led = suit_of[trick[0]]
        if suit_of[card] is led or _void_in(suit_of, hand, led):
            return True
        if not self.order.is_trump(card):
            return False
        if self.no_undertrump and led is not self.order.trump:
            return self.order.strength[card] > self._best_trump(trick)
        return True

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Card], plays: Mapping[Card, T]
    ) -> tuple[T, ...]:
        """:meth:`legal` as the game's play actions, ``plays[card]`` for each legal card: the
        same answer as :meth:`allows` card by card, worked out once for the hand (the hot path
        of ``legal_actions``)."""
        if not trick:
            return _plays_of(hand, plays)
        order = self.order
        suit_of, strength = order.suit_of, order.strength
        led = suit_of[trick[0]]
        if _void_in(suit_of, hand, led):
            return _plays_of(hand, plays)
        lowest = TRUMP_BASE  # the weakest trump that may be played instead of following
        if self.no_undertrump and led is not order.trump:
            lowest = max(lowest, self._best_trump(trick) + 1)
        allowed = []
        for card in hand:
            if suit_of[card] is led or strength[card] >= lowest:
                allowed.append(plays[card])
        return tuple(allowed)

    def refusal(self, hand: Sequence[Card], trick: Sequence[Card], card: Card) -> str:
        """Why ``card`` may not be played to ``trick``: it neither follows nor trumps, or it
        under-trumps against ``no_undertrump``."""
        if self.order.is_trump(card) and self.no_undertrump:
            return "a player who can follow may not under-trump a trumped lead (no_undertrump)"
        return "the suit led must be followed or trumped"

    def revealed(self, trick: Sequence[Card], card: Card) -> Suit | None:
        """The suit led, when ``card`` neither follows it nor is a trump (a trump played to a
        plain lead reveals nothing), or when it under-trumps against ``no_undertrump``."""
        if not trick:
            return None
        order = self.order
        led = order.suit_of[trick[0]]
        if order.suit_of[card] is led:
            return None
        if not order.is_trump(card):
            return led
        undertrump = order.strength[card] < self._best_trump(trick)
        return led if self.no_undertrump and undertrump else None


FollowPolicy = FollowSuit
"""The policy interface: :class:`FollowSuit` and its subclasses."""


def hand_plays(
    tricks: Iterable[Trick], seats: Sequence[Seat] = (), cards: Sequence[Card] = ()
) -> list[tuple[Sequence[Seat], Sequence[Card]]]:
    """The plays of a hand so far, as :func:`revealed_voids` and
    :func:`~trickcore.kit.validation.dealt_cards` take them: each finished trick's seats and
    cards, then the trick in progress (``seats`` in their order of play, ``cards`` played)."""
    return [*((trick.seats, trick.cards) for trick in tricks), (seats, cards)]


def revealed_voids(
    policy: FollowSuit, plays: Iterable[tuple[Sequence[Seat], Sequence[Card]]], seats: int
) -> dict[Seat, set[Suit]]:
    """The suits each of ``seats`` seats showed out of in ``plays``: pairs of the seats in their
    order of play and the cards they played (a trick's lead first; a trick in progress has fewer
    cards than seats)."""
    found: dict[Seat, set[Suit]] = {seat: set() for seat in range(seats)}
    if type(policy) is FollowSuit:  # its ``revealed``, without a slice of the trick per card
        suit_of = policy.order.suit_of
        for order, cards in plays:
            if len(cards) > 1:
                led = suit_of[cards[0]]
                for seat, card in zip(order[1:], cards[1:], strict=False):
                    if suit_of[card] is not led:
                        found[seat].add(led)
        return found
    for order, cards in plays:
        for position, (seat, card) in enumerate(zip(order, cards, strict=False)):
            suit = policy.revealed(cards[:position], card)
            if suit is not None:
                found[seat].add(suit)
    return found


def tricks_by_side(seating: Seating, tricks: Iterable[Trick]) -> tuple[int, ...]:
    """How many of ``tricks`` each side won."""
    won = [0] * len(seating.sides)
    for trick in tricks:
        won[seating.side(trick.winner)] += 1
    return tuple(won)
