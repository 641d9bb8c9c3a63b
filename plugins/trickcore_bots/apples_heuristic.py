"""The Apples ``heuristic`` bot: plays by the source's strategy notes.

It follows the rule book ``shared/rules/apples.md`` (sections A1-A10 in the comments) and its
source's "Basic Apples Strategy", and sees only its seat's view and the legal actions (A10):

* **Bidding (A3).** It bids only its longest suit, and no more of it than leaves it
  :attr:`~ApplesHeuristicBot.KEEP_TRUMPS` trumps after the bidding pile (bidding too high
  gives the trumps away, A4): the cheapest bid in that suit that beats the auction, else it
  passes.
* **The bidding pile (A4).** As the auction winner it gives its middle trumps and keeps the
  highest and the lowest. Otherwise it clears short suits (to trump them or throw off later),
  high cards first, keeps the lowest card of every suit it holds, and never gives a trump while
  it has other cards.
* **Target (A5).** A card whose rank it also holds in trumps (trumping a trick with that trump
  brings in a second card of the target's rank), of a valuable rank, and not the low card it
  keeps in a suit.
* **Play (A6, A7).** It values a trick by what it would add to its own winnings pile with its
  target (:func:`~trickcore_apples.points_added`), so it watches the pairs it already holds, plus a
  share (:attr:`~ApplesHeuristicBot.PROMISE`) of the cards' values: an ace won is half a pair
  to come, a two half a penalty. Leading, it plays a low card (a high card first in a suit lets
  the others play their low cards under it). Following, it takes a trick worth points with the
  card that adds most, or, when a later player could still beat that card, with its strongest
  card that adds as much; a trick worth nothing or less it loses, with a low card but not the
  last card of a suit, so it avoids winning tricks full of low cards.

Deterministic (it draws nothing); ties are broken by card index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from trickcore._mypyc import mypyc_attr
from trickcore.bots import BotSpec
from trickcore.cards import Card, Suit
from trickcore.kit.tricks import TrickOrder
from trickcore_apples import (
    BID_SUITS,
    Apples,
    ApplesAction,
    ApplesView,
    Bid,
    Give,
    Pass,
    Phase,
    Play,
    SetTarget,
    points_added,
    rank_counts,
    strength,
    value,
    winnings_pile,
)

__all__ = ["ApplesHeuristicBot"]

# Enum members as module constants: read directly in the compiled build, where ``Phase.PLAY``
# is a look-up through the enum's metaclass at every use (its ``__getattr__`` before Python
# 3.12), and by one global look-up interpreted.
_AUCTION: Final = Phase.AUCTION
_PILE: Final = Phase.PILE
_TARGET: Final = Phase.TARGET
_PLAY: Final = Phase.PLAY
_PASS: Final = Pass()  # built once: building an action checks its fields, interpreted


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda card: (card.rank.order if card.rank else 0, card.index))


def _suit_counts(hand: Sequence[Card]) -> dict[Suit | None, int]:
    """How many cards of each suit ``hand`` holds (the suits it holds only), counted in one
    pass: the decisions ask it for every card."""
    counts: dict[Suit | None, int] = {}
    for card in hand:
        counts[card.suit] = counts.get(card.suit, 0) + 1
    return counts


@mypyc_attr(allow_interpreted_subclasses=True)
class ApplesHeuristicBot:
    """Apples by the source's strategy notes: bids its longest suit without over-reaching, keeps
    a low card in each suit, avoids winning tricks full of low cards, picks a target whose rank
    it can win with a trump, watches its own winnings pile. See the module text."""

    name: ClassVar[str] = "heuristic"
    description: ClassVar[str] = (
        "Apples by the source's strategy notes: long suit, low cards, pairs"
    )
    games: ClassVar[tuple[str, ...] | None] = ("apples",)

    KEEP_TRUMPS: ClassVar[int] = 3
    """Trumps it wants left after giving the bid's number of them to the pile (A4)."""
    PROMISE: ClassVar[float] = 0.4
    """How much of a won card's value counts beyond the pairs it makes now: a high card won is
    the start of a pair to come, a low one of a penalty (A7)."""

    def __init__(self, spec: BotSpec) -> None:
        game = spec.game
        if not isinstance(game, Apples):
            raise TypeError(f"the Apples heuristic bot plays apples, not {game!r}")
        self._game = game
        self._seat = spec.seat
        self._orders: dict[Suit, TrickOrder] = {
            suit: game.follow_policy(suit).order for suit in Suit
        }

    def act(self, view: ApplesView, legal: tuple[ApplesAction, ...]) -> ApplesAction:
        """The action for this decision point; always one of ``legal``."""
        phase = view.phase
        if phase is _AUCTION:
            return self._bid(view, legal)
        # The legal action of the card chosen, not a new one to build and check.
        if phase is _PILE:
            gives = {action.card: action for action in legal if isinstance(action, Give)}
            return gives[self._give(view, list(gives))]
        if phase is _TARGET:
            targets = {action.card: action for action in legal if isinstance(action, SetTarget)}
            return targets[self._target(view)]
        if phase is _PLAY:
            plays = {action.card: action for action in legal if isinstance(action, Play)}
            return plays[self._play(view, list(plays))]
        return legal[0]

    # -- the auction (A3) ------------------------------------------------------------------------

    def _bid(self, view: ApplesView, legal: tuple[ApplesAction, ...]) -> ApplesAction:
        held = _suit_counts(view.hand)
        counts = {suit: held.get(suit, 0) for suit in BID_SUITS}
        longest = max(BID_SUITS, key=lambda suit: (counts[suit], self._power(view.hand, suit)))
        most = counts[longest] - self.KEEP_TRUMPS
        bids = [
            action
            for action in legal
            if isinstance(action, Bid) and action.suit is longest and action.number <= most
        ]
        if not bids:
            return _PASS
        return min(bids, key=lambda bid: strength(bid.number, bid.suit))

    @staticmethod
    def _power(hand: Sequence[Card], suit: Suit) -> int:
        return sum(card.rank.order for card in hand if card.suit is suit and card.rank)

    # -- the bidding pile (A4) -----------------------------------------------------------------

    def _give(self, view: ApplesView, cards: list[Card]) -> Card:
        trump = view.trump
        if view.seat == view.declarer:  # trumps only: keep the highest and the lowest
            ranked = sorted(cards, key=lambda card: card.rank.order if card.rank else 0)
            middle = ranked[1:-1] or ranked
            return middle[len(middle) // 2]
        plain = [card for card in cards if card.suit is not trump] or cards
        by_suit: dict[Suit | None, list[Card]] = {}
        for card in plain:
            by_suit.setdefault(card.suit, []).append(card)
        keep = {_lowest(held) for held in by_suit.values() if len(held) > 1}
        spare = [card for card in plain if card not in keep] or plain
        # the shortest suit first (clearing it), its highest card first
        return min(
            spare,
            key=lambda card: (
                len(by_suit[card.suit]),
                -(card.rank.order if card.rank else 0),
                card.index,
            ),
        )

    # -- the target (A5) -----------------------------------------------------------------------

    def _target(self, view: ApplesView) -> Card:
        hand = view.hand
        trumps = {card.rank for card in hand if card.suit is view.trump}
        by_suit: dict[Suit | None, list[Card]] = {}
        for card in hand:
            by_suit.setdefault(card.suit, []).append(card)
        lows = {_lowest(cards) for cards in by_suit.values() if len(cards) > 1}

        def worth(card: Card) -> tuple[int, int, int]:
            matched = card.suit is not view.trump and card.rank in trumps
            return (matched, card not in lows, value(card) * 10 - card.index)

        return max(hand, key=worth)

    # -- play (A6, A7) ---------------------------------------------------------------------------

    def _gains(self, view: ApplesView, piles: Sequence[Sequence[Card]]) -> list[float]:
        """What winning each of ``piles`` would add to this seat's round score (A7), with the
        winnings pile so far counted once."""
        if not view.target:
            return [0] * len(piles)
        (target,) = view.target
        counts = rank_counts(winnings_pile(view.tricks, view.seat), target)
        found: list[float] = []
        for cards in piles:
            promise = self.PROMISE * sum(value(card) for card in cards)
            found.append(points_added(counts, target, cards) + promise)
        return found

    def _play(self, view: ApplesView, cards: list[Card]) -> Card:
        assert view.trump is not None
        order = self._orders[view.trump]
        trick = view.trick
        rank_of = order.strength.__getitem__
        if not trick:  # lead low: a high card first lets the others duck under it
            plain = [card for card in cards if not order.is_trump(card)] or cards
            return min(plain, key=lambda card: (rank_of(card), card.index))
        best = trick[order.winner(trick)]
        led = order.suit_of[trick[0]]
        wins = [card for card in cards if order.beats(card, best, led)]
        loses = [card for card in cards if card not in wins]
        last = len(trick) == len(view.trick_seats) - 1
        if wins:
            piles = [(*trick, card) for card in wins]
            gains = dict(zip(wins, self._gains(view, piles), strict=True))
            # the card that adds most, the cheapest of those
            choice = max(wins, key=lambda card: (gains[card], -rank_of(card), -card.index))
            if gains[choice] > 0:
                if last or self._unbeatable(view, order, choice):
                    return choice
                # a later player may still beat it: the strongest card that adds as much
                return max(
                    (card for card in wins if gains[card] >= gains[choice]),
                    key=lambda card: (rank_of(card), card.index),
                )
            if not loses:  # every card wins for now: the least bad, or one a later card beats
                if last:
                    return choice
                return min(wins, key=lambda card: (rank_of(card), card.index))
        # lose with a low card, but not the last card of a suit (a low card kept in each suit
        # lets it duck a trick full of low cards later)
        counts = _suit_counts(view.hand)
        spare = [card for card in loses if counts[card.suit] > 1]
        if spare:
            return min(spare, key=lambda card: (rank_of(card), card.index))
        return min(loses, key=lambda card: (rank_of(card), card.index))

    def _unbeatable(self, view: ApplesView, order: TrickOrder, card: Card) -> bool:
        """True when no card this seat has not seen can beat ``card`` in the current trick."""
        seen = {*view.hand, *(c for trick in view.tricks for c in trick.cards), *view.trick}
        led = order.suit_of[view.trick[0]]
        power = order.strength[card]
        return not any(
            order.strength[other] > power and (order.is_trump(other) or order.suit_of[other] is led)
            for other in order.strength
            if other not in seen
        )
