"""Full states consistent with a view, for search bots (DESIGN 4, ``determinize``).

What a seat knows of the others (A10): their number of cards, every bid (a bid of k cards of a
suit shows that the bidder was dealt k of them at least, A3), that the auction winner gave
trumps to the bidding pile (A4), its own contribution and the cards it got back (so the cards
it gave and did not get back went to the others, through the pile), and the suits a player
showed out of in the tricks (A6). The unseen cards are dealt accordingly:

* before the pile comes back (auction, pile): each other seat's dealt hand, with the minimums
  its bids show (:func:`~trickcore.kit.hidden.deal_hidden` with ``at_least``); what it has put
  into the pile is drawn from that hand (trumps for the auction winner);
* after it (targets, play): each other seat's hand now, respecting its voids, and its target,
  uniformly (:func:`~trickcore.kit.hidden.deal_hidden`; the auction winner, who gave only
  trumps, with the plain cards its bids show that it has not played); then which of its cards
  came from the pile (among them every card this seat gave and did not get back) and what it
  gave, so that its dealt hand meets its bids and the auction winner gave trumps. That last
  part is drawn at random among the fits and retried when none fits; it is not exactly
  uniform.

Whatever the phase, once a round has been scored its pile exchange stays hidden (A10): the
others' part in it (``last_given``, ``last_received``) is drawn the same way, from what each of
them held after the pile in that round (the cards it played and its target, all public once
the round is scored) and the bids of that round's auction (:func:`determinizer` prepares it once
per view).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.kit.hidden import deal_hidden
from trickcore.rng import Rng
from trickcore.sampling import Slot
from trickcore_apples.deal import HAND_SIZE, PACK, SEATING
from trickcore_apples.state import ApplesState, Call, Phase, RoundResult
from trickcore_apples.view import PROJECTION, ApplesView

if TYPE_CHECKING:
    from trickcore_apples.rules import Apples

__all__ = ["TRIES", "bid_minimums", "determinize", "determinizer", "voids"]

TRIES = 200
"""Draws of the pile's history after the pile came back before ``determinize`` gives up."""
_PLAIN_TRIES = 20  # the first draws take cards from the pile at random, the later ones aim
_REPAIRS = 60  # swaps of a card between a seat's share of the pile and its kept cards

_NOTHING: tuple[tuple[Card, ...], ...] = ((),) * SEATING.seats
# The phases as sets made once: ``Phase.DEAL`` is a look-up through the enum's metaclass at
# every use (its ``__getattr__`` before Python 3.12).
_BETWEEN_ROUNDS = frozenset({Phase.DRAW_DEALER, Phase.DEAL, Phase.OVER})
_BEFORE_THE_PILE_RETURNS = frozenset({Phase.AUCTION, Phase.PILE, Phase.PILE_DEAL})


def voids(game: Apples, view: ApplesView) -> dict[Seat, set[Suit]]:
    """The suits each seat is known to hold none of: those it did not follow (A6)."""
    return game.voids(view)  # the kit's: the tricks so far, under the follow policy


def bid_minimums(auction: Sequence[Call]) -> dict[Seat, dict[Suit, int]]:
    """The cards of each suit each seat was dealt at least, as its bids show (A3)."""
    found: dict[Seat, dict[Suit, int]] = {}
    for call in auction:
        if call.number is not None and call.suit is not None:
            counts = found.setdefault(call.seat, {})
            counts[call.suit] = max(counts.get(call.suit, 0), call.number)
    return found


def determinizer(game: Apples, view: ApplesView) -> Callable[[Rng], ApplesState]:
    """Draws of states agreeing with ``view``: what the view shows of the last round scored is
    worked out once, the draws then deal the unseen cards from their ``rng``."""
    last = view.last_round
    if last is None:
        return partial(determinize, game, view)
    exchange = _last_exchange(view, last)

    def draw(rng: Rng) -> ApplesState:
        state = determinize(game, view, rng)
        given, received = exchange(rng)
        return replace(state, last_given=given, last_received=received)

    return draw


def determinize(game: Apples, view: ApplesView, rng: Rng) -> ApplesState:
    """A state agreeing with ``view`` in the current round; the unseen cards are dealt from
    ``rng``. The last round's pile exchange (``last_given``, ``last_received``) is left empty
    for :func:`determinizer` to draw."""
    if view.phase in _BETWEEN_ROUNDS:
        return PROJECTION.state(view)  # nothing of a round is hidden between rounds
    seat = view.seat
    others = tuple(other for other in SEATING.order(seat) if other != seat)
    minimums = {s: m for s, m in bid_minimums(view.auction).items() if s != seat}
    if view.phase in _BEFORE_THE_PILE_RETURNS:
        return _before_the_pile_returns(view, others, minimums, rng)
    voided = voids(game, view)
    for attempt in range(TRIES):
        found = _after_the_pile(view, others, minimums, voided, rng, aim=attempt >= _PLAIN_TRIES)
        if found is not None:
            return found
    raise ValueError(f"no state fits seat {seat}'s view after {TRIES} draws")


_Hidden = tuple[tuple[Card, ...], ...]


def _last_exchange(view: ApplesView, last: RoundResult) -> Callable[[Rng], tuple[_Hidden, _Hidden]]:
    """Draws of the last round's pile exchange (A4), which stays hidden after the round (A10):
    every seat's gifts and returns, this seat's as the view shows them, the others' so that
    each held, after the pile, the cards it played and its target (public once the round is
    scored), its dealt hand met its bids and the auction winner gave trumps."""
    seat = view.seat
    others = tuple(other for other in SEATING.order(seat) if other != seat)
    held: dict[Seat, list[Card]] = {other: [last.seats[other].target] for other in others}
    for trick in last.tricks:
        for player, card in zip(trick.seats, trick.cards, strict=False):
            if player != seat:
                held[player].append(card)
    exchange = _Exchange(
        seat,
        others,
        number=last.number,
        declarer=last.declarer,
        trump=last.trump,
        minimums={s: m for s, m in bid_minimums(last.auction).items() if s != seat},
        given=view.last_given,
        received=view.last_received,
    )

    def draw(rng: Rng) -> tuple[_Hidden, _Hidden]:
        for attempt in range(TRIES):
            found = exchange.draw(held, rng, aim=attempt >= _PLAIN_TRIES)
            if found is not None:
                given, received = found
                return (
                    _by_seat(seat, view.last_given, given),
                    _by_seat(seat, view.last_received, received),
                )
        raise ValueError(f"no pile exchange fits seat {seat}'s view of the last round")

    return draw


def _by_seat(seat: Seat, own: tuple[Card, ...], others: Mapping[Seat, tuple[Card, ...]]) -> _Hidden:
    """One entry per seat: ``own`` for ``seat``, the others' from ``others``."""
    return tuple(own if other == seat else others[other] for other in range(SEATING.seats))


def _before_the_pile_returns(
    view: ApplesView, others: tuple[Seat, ...], minimums: Mapping[Seat, dict[Suit, int]], rng: Rng
) -> ApplesState:
    own = {*view.hand, *view.given}
    unseen = [card for card in PACK if card not in own]
    dealt, _ = deal_hidden(rng, unseen, dict.fromkeys(others, HAND_SIZE), at_least=minimums)
    hands, given = list(_NOTHING), list(_NOTHING)
    hands[view.seat] = view.hand
    given[view.seat] = view.given
    for other in others:
        original = dealt[other]
        choosable = (
            [card for card in original if card.suit is view.trump]
            if other == view.declarer
            else original
        )
        out = rng.shuffled(choosable)[: view.given_sizes[other]]
        given[other] = out
        hands[other] = tuple(card for card in original if card not in out)
    return PROJECTION.state(
        view, hands=tuple(hands), given=tuple(given), received=_NOTHING, targets=_NOTHING
    )


def _count(cards: Sequence[Card], suit: Suit) -> int:
    return sum(card.suit is suit for card in cards)


def _after_the_pile(
    view: ApplesView,
    others: tuple[Seat, ...],
    minimums: Mapping[Seat, dict[Suit, int]],
    voided: Mapping[Seat, set[Suit]],
    rng: Rng,
    *,
    aim: bool,
) -> ApplesState | None:
    """One draw: the others' hands and targets, then the pile's part in them; ``None`` when
    the draw fits no pile history."""
    seat, number = view.seat, view.number
    played: dict[Seat, list[Card]] = {other: [] for other in range(SEATING.seats)}
    plays = [(trick.seats, trick.cards) for trick in view.tricks]
    for seats, cards in [*plays, (view.trick_seats, view.trick)]:
        for player, card in zip(seats, cards, strict=False):
            played[player].append(card)
    out_of_play = {*view.hand, *view.target, *(card for cards in played.values() for card in cards)}
    pool = [card for card in PACK if card not in out_of_play]
    mine = frozenset(view.given)
    sizes = {other: view.hand_sizes[other] for other in others}
    slots = [Slot(view.target_sizes[other]) for other in others]
    try:
        hands, targets = deal_hidden(
            rng,
            pool,
            sizes,
            voids=voided,
            rest=slots,
            at_least=_winner_keeps(view, minimums, played, mine),
        )
    except ValueError:  # the winner's plain cards may lie in its target: deal without
        hands, targets = deal_hidden(rng, pool, sizes, voids=voided, rest=slots)
    held = {
        other: [*hands[other], *target, *played[other]]
        for other, target in zip(others, targets, strict=True)
    }
    pile_part = _Exchange(
        seat,
        others,
        number=number,
        declarer=view.declarer,
        trump=view.trump,
        minimums=minimums,
        given=view.given,
        received=view.received,
    ).draw(held, rng, aim=aim)
    if pile_part is None:
        return None
    given, received = pile_part
    entries: dict[str, list[tuple[Card, ...]]] = {
        "hands": [view.hand if s == seat else () for s in range(SEATING.seats)],
        "given": [view.given if s == seat else () for s in range(SEATING.seats)],
        "received": [view.received if s == seat else () for s in range(SEATING.seats)],
        "targets": [view.target if s == seat else () for s in range(SEATING.seats)],
    }
    for other, target in zip(others, targets, strict=True):
        entries["hands"][other] = hands[other]
        entries["given"][other] = given[other]
        entries["received"][other] = received[other]
        entries["targets"][other] = target
    return PROJECTION.state(view, **{name: tuple(value) for name, value in entries.items()})


class _Exchange:
    """Draws of the other seats' part in one round's bidding pile (A4), from the cards each of
    them held after it (kept from the deal or got back from the pile): what each got back
    (among them every card this seat gave and did not get back) and what each gave, so that
    its dealt hand meets its bids (A3) and the auction winner gave trumps. Drawn at random
    among the fits and retried when none fits; not exactly uniform."""

    def __init__(
        self,
        seat: Seat,
        others: tuple[Seat, ...],
        *,
        number: int,
        declarer: Seat | None,
        trump: Suit | None,
        minimums: Mapping[Seat, dict[Suit, int]],
        given: tuple[Card, ...],
        received: tuple[Card, ...],
    ) -> None:
        self.others = others
        self.number = number
        self.minimums = minimums
        self.mine = frozenset(given)
        self.received = received
        self.need = _Needs(
            others, seat, declarer=declarer, trump=trump, number=number, minimums=minimums
        )

    def draw(
        self, held: Mapping[Seat, Sequence[Card]], rng: Rng, *, aim: bool
    ) -> tuple[dict[Seat, tuple[Card, ...]], dict[Seat, tuple[Card, ...]]] | None:
        """One draw: what each other seat gave and got back; ``None`` when the draw fits no
        pile history. With ``aim``, the cards its bids do not need go to the pile first."""
        others, number, minimums, mine, need = (
            self.others,
            self.number,
            self.minimums,
            self.mine,
            self.need,
        )
        received: dict[Seat, tuple[Card, ...]] = {}
        kept: dict[Seat, list[Card]] = {}
        for other in others:
            forced = [card for card in held[other] if card in mine]  # came to it via the pile
            free = list(rng.shuffled([card for card in held[other] if card not in mine]))
            if aim:  # take from the pile first the cards its bids do not need
                needs = minimums.get(other, {})
                free.sort(key=lambda card: needs.get(card.suit, 0) > 0)  # type: ignore[arg-type]
            room = number - len(forced)
            received[other] = (*forced, *free[:room])
            kept[other] = free[room:]
        pile = [card for card in self.received if card not in mine]
        pile += [card for other in others for card in received[other] if card not in mine]
        for _ in range(_REPAIRS):
            lacking = need.winner_lacks(kept)
            if lacking is not None:  # the auction winner gave trumps only: keep a card of the suit
                winner, suit = lacking
                keeps = [
                    (card_out, card_in)
                    for card_out in received[winner]
                    if card_out not in mine and card_out.suit is suit
                    for card_in in kept[winner]
                    if card_in.suit is not suit
                ]
                if not keeps:
                    return None
                card_out, card_in = keeps[rng.below(len(keeps))]
                received[winner] = tuple(card_in if c is card_out else c for c in received[winner])
                kept[winner] = [card_out if c is card_in else c for c in kept[winner]]
                pile = [card_in if c is card_out else c for c in pile]
                continue
            short = need.short_suit(pile, kept)
            if short is None:
                break
            # Swap a card of the short suit that a seat can spare into its share of the pile.
            swaps = [
                (other, card_in, card_out)
                for other in others
                if need.can_spare(other, short, kept[other])
                for card_in in [card for card in kept[other] if card.suit is short][:1]
                for card_out in received[other]
                if card_out not in mine and card_out.suit is not short
            ]
            if not swaps:
                return None
            other, card_in, card_out = swaps[rng.below(len(swaps))]
            received[other] = tuple(card_in if c is card_out else c for c in received[other])
            kept[other] = [card_out if c is card_in else c for c in kept[other]]
            pile = [card_in if c is card_out else c for c in pile]
        else:
            return None
        given = need.gifts(rng.shuffled(pile), kept)
        if given is None:
            return None
        for other in others:
            dealt = [*kept[other], *given[other]]
            if any(_count(dealt, suit) < count for suit, count in minimums.get(other, {}).items()):
                return None
        return given, received


def _winner_keeps(
    view: ApplesView,
    minimums: Mapping[Seat, dict[Suit, int]],
    played: Mapping[Seat, list[Card]],
    mine: frozenset[Card],
) -> dict[Seat, dict[Suit, int]]:
    """The plain cards the auction winner (another seat) still holds at least: it gave only
    trumps to the pile (A4), so every plain card its bids show is still its own, played, set
    aside as its target (one at most) or in its hand."""
    declarer = view.declarer
    if declarer is None or declarer == view.seat:
        return {}
    own_played = [card for card in played[declarer] if card not in mine]
    return {
        declarer: {
            suit: max(0, count - _count(own_played, suit) - view.target_sizes[declarer])
            for suit, count in minimums.get(declarer, {}).items()
            if suit is not view.trump
        }
    }


class _Needs:
    """What the others' dealt hands must hold (A3, A4): the auction winner gave ``number``
    trumps, and every bidder was dealt at least as many cards of a suit as it bid. Each other
    seat's dealt hand is the cards it kept (held, not from the pile) and what it gave."""

    def __init__(
        self,
        others: tuple[Seat, ...],
        seat: Seat,
        *,
        declarer: Seat | None,
        trump: Suit | None,
        number: int,
        minimums: Mapping[Seat, dict[Suit, int]],
    ) -> None:
        self.declarer = declarer if declarer != seat else None
        self.givers = [other for other in others if other != declarer]
        self.trump = trump
        self.number = number
        self.minimums = minimums

    def deficits(self, other: Seat, kept: Sequence[Card]) -> dict[Suit, int]:
        """The cards of each suit that ``other`` (not the auction winner) must have given."""
        return {
            suit: count - _count(kept, suit)
            for suit, count in self.minimums.get(other, {}).items()
            if count > _count(kept, suit)
        }

    def winner_lacks(self, kept: Mapping[Seat, Sequence[Card]]) -> tuple[Seat, Suit] | None:
        """The auction winner and a plain suit of which it kept fewer cards than it bid."""
        if self.declarer is None:
            return None
        held = kept[self.declarer]
        for suit, count in self.minimums.get(self.declarer, {}).items():
            if suit is not self.trump and _count(held, suit) < count:
                return self.declarer, suit
        return None

    def short_suit(self, pile: Sequence[Card], kept: Mapping[Seat, Sequence[Card]]) -> Suit | None:
        """A suit of which the others' part of the pile holds fewer cards than their gifts
        need, if any."""
        demand = dict.fromkeys(Suit, 0)
        if self.declarer is not None and self.trump is not None:
            demand[self.trump] += self.number
        for other in self.givers:
            for suit, count in self.deficits(other, kept[other]).items():
                demand[suit] += count
        return next((suit for suit in Suit if _count(pile, suit) < demand[suit]), None)

    def can_spare(self, other: Seat, suit: Suit, kept: Sequence[Card]) -> bool:
        """Whether a card of ``suit`` that ``other`` kept may go to its share of the pile."""
        if other == self.declarer and suit is self.trump:
            return True
        return _count(kept, suit) > self.minimums.get(other, {}).get(suit, 0)

    def gifts(
        self, pile: Sequence[Card], kept: Mapping[Seat, Sequence[Card]]
    ) -> dict[Seat, tuple[Card, ...]] | None:
        """Who gave which of the others' pile cards (``pile``, in random order): the auction
        winner trumps, the others first what their bids need; ``None`` when that cannot be."""
        left = list(pile)
        given: dict[Seat, list[Card]] = {other: [] for other in self.givers}
        for other in self.givers:
            for suit, count in self.deficits(other, kept[other]).items():
                cards = [card for card in left if card.suit is suit][:count]
                if len(cards) < count or len(given[other]) + count > self.number:
                    return None
                given[other] += cards
                left = [card for card in left if card not in cards]
        if self.declarer is not None:
            trumps = [card for card in left if card.suit is self.trump][: self.number]
            if len(trumps) < self.number:
                return None
            given[self.declarer] = trumps
            left = [card for card in left if card not in trumps]
        for other in self.givers:
            room = self.number - len(given[other])
            given[other] += left[:room]
            left = left[room:]
        return {other: tuple(cards) for other, cards in given.items()}
