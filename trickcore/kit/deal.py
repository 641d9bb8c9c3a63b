"""Deal schedules: how a shuffled order becomes hands, a kick and a stock, and back (DESIGN 4a).

A :class:`DealSchedule` describes a deal declaratively: the packets each seat gets in turn (five
packets of one card, or two of three), starting with the seat after the dealer in the direction of
play and ending with the dealer; then how many cards are turned up (Euchre's up-card, All Fours'
kick); the rest is the stock, which a later deal can continue from (All Fours "runs the pack" from
it, with a schedule of its own). :meth:`DealSchedule.deal` turns an order into a :class:`Dealt`;
:meth:`DealSchedule.stack` is its inverse, building the order that deals intended hands, which is
how tests, ``validate``, the docs and users' puzzle set-ups state a deal.

>>> from trickcore.cards import cards
>>> from trickcore.kit.seating import Seating
>>> schedule = DealSchedule(Seating(2), packets=(1, 1), kick=1)
>>> dealt = schedule.deal(cards("AS KS QS JS TS 9S"), dealer=0)
>>> dealt.hands
((Card('KS'), Card('JS')), (Card('AS'), Card('QS')))
>>> dealt.kick, dealt.stock
((Card('TS'),), (Card('9S'),))
>>> schedule.stack({0: cards("KS JS"), 1: cards("AS QS")}, dealer=0, kick=cards("TS"))
(Card('AS'), Card('KS'), Card('QS'), Card('JS'), Card('TS'))
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeGuard

from trickcore.cards import Card
from trickcore.game import Seat
from trickcore.kit.seating import Seating

__all__ = ["DealSchedule", "Dealt", "give", "shuffle_problem", "take"]


class Dealt(NamedTuple):
    """The result of a deal: each seat's new cards (indexed by seat, in the order dealt), the
    cards turned up, and the stock left over (in order, top first)."""

    hands: tuple[tuple[Card, ...], ...]
    kick: tuple[Card, ...]
    stock: tuple[Card, ...]


class DealSchedule:
    """Packets per seat in dealing order, then ``kick`` cards turned up; the rest is the stock.

    ``packets=(1, 1, 1, 1, 1)`` deals five cards one at a time round the table; ``(3, 2)`` deals
    three each, then two each. Dealing starts with the seat after the dealer in the seating's
    direction and ends with the dealer.
    """

    __slots__ = (
        "_dealt",
        "_plans",
        "_pickers",
        "hand_size",
        "kick",
        "packets",
        "rest_seen",
        "seating",
        "size",
    )

    def __init__(
        self, seating: Seating, packets: Sequence[int], *, kick: int = 0, rest_seen: bool = True
    ) -> None:
        if not packets or any(size < 1 for size in packets) or kick < 0:
            raise ValueError(f"packets must be positive sizes and kick >= 0, not {packets}, {kick}")
        self.seating = seating
        """The table dealt to."""
        self.packets: tuple[int, ...] = tuple(packets)
        """Cards per seat in each round of dealing."""
        self.kick = kick
        """Cards turned up after the hands."""
        self.rest_seen = rest_seen
        """Whether the cards left after this deal (the stock) can be seen later in the hand:
        True unless the game says they never are (Euchre's undealt cards, E3). A bridge that
        deals a shuffle card by card (OpenSpiel) stops after :attr:`size` cards when False."""
        self.hand_size: int = sum(self.packets)
        """Cards each seat gets."""
        self._dealt = seating.seats * self.hand_size
        self.size: int = self._dealt + kick
        """Cards the deal takes: every hand and the kick."""
        # Per dealer, per seat, the positions of the order that the seat receives (dealing is
        # on the hot path of every hand: the plan is made once), and what picks a seat's cards
        # out of an order in one call: a slice (every n-th card from the seat's first) when
        # cards go one at a time, else an itemgetter of the seat's positions.
        self._plans: dict[Seat, tuple[tuple[int, ...], ...]] = {
            dealer: self._positions_for(dealer) for dealer in range(seating.seats)
        }
        single = all(size == 1 for size in self.packets)
        self._pickers: dict[Seat, tuple[Callable[[tuple[Card, ...]], tuple[Card, ...]], ...]] = {
            dealer: tuple(_picker(places, self._dealt, seating.seats, single) for places in plan)
            for dealer, plan in self._plans.items()
        }

    def can_deal(self, cards: int) -> bool:
        """True when ``cards`` cards are enough for this deal (All Fours: can the stock supply
        another run of the pack?)."""
        return cards >= self.size

    def receivers(self, dealer: Seat) -> tuple[Seat, ...]:
        """The seats in the order they are dealt to: the dealer's next seat first, dealer last."""
        return self.seating.order(self.seating.next(dealer))

    def _positions_for(self, dealer: Seat) -> tuple[tuple[int, ...], ...]:
        """Per seat, the positions in the order that it receives."""
        positions: list[list[int]] = [[] for _ in range(self.seating.seats)]
        at = 0
        for size in self.packets:
            for seat in self.receivers(dealer):
                positions[seat].extend(range(at, at + size))
                at += size
        return tuple(tuple(found) for found in positions)

    def deal(self, order: Sequence[Card], dealer: object) -> Dealt:
        """Deal from the top of ``order`` (a shuffle, or a stock left by an earlier deal) for
        ``dealer``, a seat (anything else raises, naming the seats)."""
        # dealer is typed object so that the compiled build sees a bool (True) as it is, and
        # refuses it as the pure one does, instead of taking it for seat 1
        if type(dealer) is int and dealer in self._plans:
            seat: Seat = dealer
        else:
            seat = self.seating.check(dealer)  # raises, naming the seats
        size = self.size
        if len(order) < size:
            raise ValueError(f"{len(order)} cards cannot supply a deal of {size}")
        cards = order if type(order) is tuple else tuple(order)
        hands = tuple([pick(cards) for pick in self._pickers[seat]])
        return Dealt(hands, cards[self._dealt : size], cards[size:])

    def stack(
        self,
        hands: Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]],
        dealer: Seat,
        *,
        kick: Iterable[Card] = (),
        stock: Iterable[Card] = (),
        pack: Iterable[Card] | None = None,
    ) -> tuple[Card, ...]:
        """The order that :meth:`deal` turns into ``hands`` (by seat), ``kick`` and ``stock``.

        With ``pack``, anything left unsaid is filled from the pack's other cards in pack order:
        seats not given or given too few cards, the kick, and the stock (the rest of the pack).
        Without it, every hand and the kick must be complete. Raises ``ValueError`` naming a card
        given twice, a card not in the pack, a hand or kick of the wrong size, a seat not at the
        table, or a pack too small to fill the deal.
        """
        if pack is None and type(dealer) is int and dealer in self._plans:
            stacked = self._stacked(hands, self._plans[dealer], kick, stock)
            if stacked is not None:
                return stacked
        self.seating.check(dealer)
        wanted = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
        given: dict[Seat, list[Card]] = {seat: list(wanted.get(seat, ())) for seat in wanted}
        kick_cards, stock_cards = list(kick), list(stock)
        named = [card for cards in given.values() for card in cards] + kick_cards + stock_cards
        twice = sorted(str(card) for card, count in Counter(named).items() if count > 1)
        if twice:
            raise ValueError("cards given more than once: " + " ".join(twice))
        for seat in given:
            self.seating.check(seat)
        if pack is not None:
            pack_cards = tuple(pack)
            foreign = sorted(str(card) for card in set(named) - set(pack_cards))
            if foreign:
                raise ValueError("cards not in the pack: " + " ".join(foreign))
            named_set = set(named)
            spare_cards = [card for card in pack_cards if card not in named_set]
            missing = sum(
                max(0, self.hand_size - len(given.get(seat, ())))
                for seat in range(self.seating.seats)
            ) + max(0, self.kick - len(kick_cards))
            if missing > len(spare_cards):
                raise ValueError(
                    f"the pack has {len(pack_cards)} cards; the deal takes {self.size}"
                    + (f" and the stock given {len(stock_cards)}" if stock_cards else "")
                )
            spare = iter(spare_cards)
            for seat in range(self.seating.seats):
                hand = given.setdefault(seat, [])
                while len(hand) < self.hand_size:
                    hand.append(next(spare))
            while len(kick_cards) < self.kick:
                kick_cards.append(next(spare))
            stock_cards += list(spare)
        for seat in range(self.seating.seats):
            size = len(given.get(seat, ()))
            if size != self.hand_size:
                raise ValueError(
                    f"seat {seat} is given {size} cards; the deal gives {self.hand_size}"
                )
        if len(kick_cards) != self.kick:
            raise ValueError(f"{len(kick_cards)} kick cards given; the deal turns up {self.kick}")
        order: list[Card | None] = [None] * (self.seating.seats * self.hand_size)
        for seat, places in enumerate(self._plans[dealer]):
            for position, card in zip(places, given[seat], strict=True):
                order[position] = card
        return (*(card for card in order if card is not None), *kick_cards, *stock_cards)

    def _stacked(
        self,
        hands: Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]],
        plan: tuple[tuple[int, ...], ...],
        kick: Iterable[Card],
        stock: Iterable[Card],
    ) -> tuple[Card, ...] | None:
        """:meth:`stack` without a pack, when its answer needs no check that can fail: the
        hands, the kick and the stock in lists or tuples (read, not used up), every hand and the
        kick of the right size, no card twice. ``None`` otherwise, for ``stack`` to find what is
        wrong. (A search bot's inference rebuilds the deal of every world it judges, and
        ``stack``'s general checks cost more than the rest of that history.)"""
        if not (_listed(hands) and _listed(kick) and _listed(stock)) or len(hands) != len(plan):
            return None
        size = self.hand_size
        order: list[Any] = [None] * self._dealt
        for places, held in zip(plan, hands, strict=True):
            if not _listed(held) or len(held) != size:
                return None
            for at in range(size):
                order[places[at]] = held[at]
        if len(kick) != self.kick:
            return None
        stacked: tuple[Card, ...] = (*order, *kick, *stock)
        distinct = set(stacked)
        if len(distinct) != len(stacked) or None in distinct:
            return None
        return stacked


def _listed(items: object) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    """Whether ``items`` is a list or a tuple, which can be read again (not a generator)."""
    return type(items) is list or type(items) is tuple


def _picker(
    places: tuple[int, ...], dealt: int, seats: int, single: bool
) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    """What takes a seat's cards (at ``places``) out of a shuffle in one call: with ``single``
    (one card at a time), the slice of every ``seats``-th card from its first up to ``dealt``;
    otherwise (a packet of two or more cards, so two or more places: an itemgetter of one
    place would give a card, not a tuple) an itemgetter of the places."""
    if single:
        return operator.itemgetter(slice(places[0], dealt, seats))
    return operator.itemgetter(*places)


def take(
    hands: tuple[tuple[Card, ...], ...], seat: Seat, card: Card
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``card`` taken out of ``seat``'s hand (played, discarded, passed on)."""
    after = list(hands)
    hand = after[seat]
    position = hand.index(card)
    after[seat] = hand[:position] + hand[position + 1 :]
    return tuple(after)


def give(
    hands: tuple[tuple[Card, ...], ...], seat: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``cards`` added at the end of ``seat``'s hand (an up-card taken, cards
    handed over or dealt back); any tuple of per-seat card tuples will do (a pile per seat)."""
    after = list(hands)
    after[seat] += cards
    return tuple(after)


def shuffle_problem(order: Sequence[Card], pack: Sequence[Card]) -> str:
    """Why ``order`` is not a shuffle of ``pack``: the cards missing, doubled or foreign."""
    counts = Counter(order)
    expected = set(pack)
    missing = sorted(str(card) for card in expected if card not in counts)
    twice = sorted(str(card) for card, count in counts.items() if count > 1)
    foreign = sorted(str(card) for card in counts if card not in expected)
    parts = [f"a shuffle must hold the {len(pack)} cards of the pack once each"]
    if len(order) != len(pack):
        parts.append(f"got {len(order)} cards")
    if missing:
        parts.append("missing " + " ".join(missing))
    if twice:
        parts.append("more than once " + " ".join(twice))
    if foreign:
        parts.append("not in this pack " + " ".join(foreign))
    return "; ".join(parts)
