"""The All Fours ``heuristic`` bot: plays like a sensible club player.

It follows the rule book ``shared/rules/allfours.md`` (section numbers F1-F8 in the comments)
and sees only its seat's view and the legal actions (F8). In short:

* **Stand or beg (F3).** The hand's worth in the kicked suit counts its trumps (the Ace and
  King for High, the Two and Three for Low, the Jack, the Ten for Game, and length) and its
  plain tens. It stands with a fair
  hand and begs with a poor one; at one point from the target it begs, since a given point
  wins the game (unless ``no_give_to_win``); when the dealer's side is close to the target it
  stands more readily (a run of the pack gives the dealer more kicks to score).
* **Give one or run the pack (F3).** The dealer gives one when its own hand is good in the
  begged suit (keeping that trump is worth a point) and runs the pack otherwise; never gives
  the point that would win the game for the beggar's side.
* **Play (F4, F5).** It counts Game points in every trick. Leading, it draws trumps with the
  best trump left when an opponent may still hold the jack (to hang it), leads its jack once
  no higher trump is out, cashes plain cards that are the best left of their suit, and
  otherwise leads its cheapest card, keeping its tens. Following, it hangs an opponent's jack
  when it can, feeds its tens and honours to a partner who is winning the trick, wins a trick
  as cheaply as it can with a card no unseen card of its suit beats, trumps a plain lead only
  when the trick holds Game points (four or more, or any when it cannot follow or nobody of
  the other side plays after it) or the jack, keeps its own jack away from higher trumps still
  out, and otherwise throws its least valuable card. Treating the best card left of a suit as
  a winner (though an opponent may trump it) and the thresholds were measured against random
  play (``docs/bots.md``).

Deterministic given the view: ties are broken by card index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from trickcore._mypyc import mypyc_attr
from trickcore.bots import BotSpec
from trickcore.cards import Card, Rank, Suit
from trickcore.kit.tricks import TrickOrder
from trickcore_allfours import (
    PACK,
    AllFours,
    AllFoursAction,
    AllFoursView,
    Beg,
    GiveOne,
    Phase,
    Play,
    RunPack,
    Stand,
    card_points,
    seen_cards,
)

__all__ = ["AllFoursHeuristicBot"]

# Enum members as module constants: read directly in the compiled build, where ``Phase.PLAY``
# is a look-up through the enum's metaclass at every use (its ``__getattr__`` before Python
# 3.12), and by one global look-up interpreted.
_PLAY: Final = Phase.PLAY
_STAND_OR_BEG: Final = Phase.STAND_OR_BEG
_GIVE_OR_RUN: Final = Phase.GIVE_OR_RUN
_TEN: Final = Rank.TEN
# The actions without fields, built once: actions are immutable, and building one checks its
# fields (Action.__post_init__, interpreted) at every bid of every heuristic playout.
_STAND: Final = Stand()
_BEG: Final = Beg()
_GIVE_ONE: Final = GiveOne()
_RUN_PACK: Final = RunPack()

TRUMP_WORTH: dict[Rank, float] = {
    Rank.ACE: 3.0,
    Rank.KING: 2.2,
    Rank.QUEEN: 1.6,
    Rank.JACK: 2.0,
    Rank.TEN: 1.6,
    Rank.TWO: 1.6,
    Rank.THREE: 1.2,
}
"""What a trump is worth to the hand (High, Low, the jack, Game); other trumps count
:attr:`AllFoursHeuristicBot.SMALL_TRUMP`."""


class Table:
    """What a play decision needs to know, worked out once from the view and only read after.
    (A plain class, not a dataclass: a dataclass's ``__init__`` runs interpreted even in the
    compiled build, on every decision of every heuristic playout.)"""

    __slots__ = ("jack", "order", "partners", "trump", "unseen")

    def __init__(
        self,
        *,
        order: TrickOrder,
        trump: Suit,
        jack: Card,
        unseen: frozenset[Card],
        partners: frozenset[int],
    ) -> None:
        self.order = order
        self.trump = trump
        self.jack = jack
        self.unseen = unseen
        """Cards neither in this seat's hand, nor kicked, nor played in this deal."""
        self.partners = partners


@mypyc_attr(allow_interpreted_subclasses=True)
class AllFoursHeuristicBot:
    """All Fours played like a sensible club player (see the module text); it sees only the
    view (F8)."""

    name: ClassVar[str] = "heuristic"
    description: ClassVar[str] = "All Fours like a sensible club player: trumps, the jack, Game"
    games: ClassVar[tuple[str, ...] | None] = ("allfours",)

    STAND_THRESHOLD: ClassVar[float] = 1.5
    """Hand worth at which the dealer's right stands (F3)."""
    GIVE_THRESHOLD: ClassVar[float] = 3.5
    """Hand worth at which the dealer gives one rather than run the pack (F3)."""
    SMALL_TRUMP: ClassVar[float] = 0.8
    """A trump below the Ten."""
    PLAIN_TEN: ClassVar[float] = 0.5
    """A plain ten: Game points if it can be kept."""
    WORTH_TRUMPING: ClassVar[int] = 10
    """Game points in a trick that make trumping a plain lead worth it."""
    WORTH_RISKING: ClassVar[int] = 10
    """Game points in a trick worth trying to win with a card that may still be beaten."""

    def __init__(self, spec: BotSpec) -> None:
        game = spec.game
        if not isinstance(game, AllFours):
            raise TypeError(f"the All Fours heuristic bot plays allfours, not {game!r}")
        self._game = game
        self._seat = spec.seat
        self._orders = {suit: game.trick_order(suit) for suit in Suit}
        self._partners = frozenset(game.seating.partners(spec.seat)) | {spec.seat}
        self._pack = frozenset(PACK)
        self._jacks = {suit: Card(f"J{suit.value}") for suit in Suit}
        # Each card's Game points (F5), looked up at every card a decision weighs.
        self._points = {card: card_points((card,)) for card in PACK}

    # -- dispatch ------------------------------------------------------------------------------

    def act(self, view: AllFoursView, legal: tuple[AllFoursAction, ...]) -> AllFoursAction:
        """The action for this decision point; always one of ``legal``."""
        if view.phase is _PLAY:
            return self._play(view, legal)
        if view.phase is _STAND_OR_BEG:
            return self._stand_or_beg(view)
        if view.phase is _GIVE_OR_RUN:
            return self._give_or_run(view, legal)
        return legal[0]  # not a phase where a seat acts; nothing better to do

    # -- standing and begging (F3) -------------------------------------------------------------

    def worth(self, hand: Iterable[Card], trump: Suit) -> float:
        """The hand's worth with ``trump`` as trump: its trumps (High, Low, the jack, Game,
        length) and its plain tens."""
        total = 0.0
        for card in hand:
            if card.suit is trump:
                assert card.rank is not None
                total += TRUMP_WORTH.get(card.rank, self.SMALL_TRUMP)
            elif card.rank is _TEN:
                total += self.PLAIN_TEN
        return total

    def _stand_or_beg(self, view: AllFoursView) -> AllFoursAction:
        assert view.trump is not None and view.dealer is not None
        options = self._game.options
        ours = self._game.side_of(self._seat)
        if view.scores[ours] + 1 >= options.target and not options.no_give_to_win:
            return _BEG  # a given point wins the game (F3, F5)
        threshold = self.STAND_THRESHOLD
        if options.target - view.scores[1 - ours] <= 3:
            threshold -= 1.5  # the dealer's side is close: running the pack gives it kicks
        return _STAND if self.worth(view.hand, view.trump) >= threshold else _BEG

    def _give_or_run(self, view: AllFoursView, legal: tuple[AllFoursAction, ...]) -> AllFoursAction:
        assert view.trump is not None
        if _GIVE_ONE not in legal:
            return _RUN_PACK
        options = self._game.options
        theirs = 1 - self._game.side_of(self._seat)
        if view.scores[theirs] + 1 >= options.target:
            return _RUN_PACK  # the point would win them the game
        good = self.worth(view.hand, view.trump) >= self.GIVE_THRESHOLD
        return _GIVE_ONE if good else _RUN_PACK

    # -- play (F4, F5) -------------------------------------------------------------------------

    def _table(self, view: AllFoursView) -> Table:
        assert view.trump is not None
        trump = view.trump
        unseen = self._pack - seen_cards(view)
        return Table(
            order=self._orders[trump],
            trump=trump,
            jack=self._jacks[trump],
            unseen=unseen,
            partners=self._partners,
        )

    def _play(self, view: AllFoursView, legal: tuple[AllFoursAction, ...]) -> AllFoursAction:
        plays = {action.card: action for action in legal if isinstance(action, Play)}
        if not plays:
            return legal[0]
        cards = list(plays)
        table = self._table(view)
        card = (
            self._lead(view, cards, table) if not view.trick else self._follow(view, cards, table)
        )
        return plays[card]  # the legal action itself: no new one to build and check

    def _beaten_by_unseen(self, card: Card, table: Table) -> bool:
        """Some unseen card of its suit beats it (for a trump: a higher trump is out)."""
        unseen = table.unseen
        for other in table.order.stronger[card]:  # noqa: SIM110 (a loop: called often)
            if other in unseen:
                return True
        return False

    def _lead(self, view: AllFoursView, cards: Sequence[Card], table: Table) -> Card:
        trumps = [c for c in cards if c.suit is table.trump]
        strength = table.order.strength
        if trumps:
            best = max(trumps, key=lambda c: strength[c])
            if table.jack in trumps and not self._beaten_by_unseen(table.jack, table):
                return table.jack  # the jack wins its trick for sure: its point is ours
            jack_out = table.jack in table.unseen
            if best != table.jack and jack_out and not self._beaten_by_unseen(best, table):
                return best  # draw trumps with a sure winner: the jack may fall to it (hang jack)
        winners = [
            c for c in cards if c.suit is not table.trump and not self._beaten_by_unseen(c, table)
        ]
        if winners:
            return min(winners, key=lambda c: (c.rank is _TEN, c.index))
        return self._cheapest(cards, table)

    def _cheapest(self, cards: Sequence[Card], table: Table) -> Card:
        """The card it misses least: no Game points, not a trump, low; the jack and tens last."""

        def cost(card: Card) -> tuple[int, int, int, int]:
            return (
                card == table.jack,
                self._points[card],
                card.suit is table.trump,
                table.order.strength[card],
            )

        return min(cards, key=lambda c: (cost(c), c.index))

    def _follow(self, view: AllFoursView, cards: Sequence[Card], table: Table) -> Card:
        order, trick = table.order, view.trick
        position = len(trick)
        seats = view.trick_seats
        winner_at = order.winner(trick)
        best = trick[winner_at]
        partner_winning = seats[winner_at] in table.partners
        later = seats[position + 1 :]
        opponents_later = [seat for seat in later if seat not in table.partners]
        value = card_points(trick)
        if table.jack in trick:
            value += 10  # the jack: 1 to its side, or hanged
        led_suit = order.suit_of[trick[0]]
        can_follow = any(order.suit_of[c] is led_suit for c in view.hand)
        winning = [c for c in cards if order.beats(c, best, led_suit)]
        jack_of_opponent = (
            table.jack in trick and seats[trick.index(table.jack)] not in table.partners
        )
        if jack_of_opponent and winning:
            return self._cheapest_win(winning, table)  # hang the jack (F5)
        if partner_winning and self._safe(best, opponents_later, table):
            return self._feed(cards, table)
        if winning:
            safe = [c for c in winning if self._safe(c, opponents_later, table)]
            plain = [c for c in safe if c.suit is not table.trump]
            if plain:
                return self._cheapest_win(plain, table)
            worth_it = value >= self.WORTH_TRUMPING or not can_follow or not opponents_later
            trumps = [c for c in safe if c != table.jack or not self._beaten_by_unseen(c, table)]
            if trumps and worth_it and value > 0:
                return self._cheapest_win(trumps, table)
            risky = [c for c in winning if c != table.jack and c.rank is not _TEN]
            if risky and value >= self.WORTH_RISKING:
                return max(risky, key=lambda c: (table.order.strength[c], -c.index))
        return self._cheapest(self._keep_jack_safe(cards, table), table)

    def _safe(self, card: Card, opponents_later: Sequence[int], table: Table) -> bool:
        """Whether ``card``, now winning the trick, is as good as sure to stay winning: nobody of
        the other side plays after it, or no unseen card of its suit beats it (a plain card may
        still be trumped: a risk worth taking, measured)."""
        if not opponents_later:
            return True
        return not self._beaten_by_unseen(card, table)

    def _cheapest_win(self, cards: Sequence[Card], table: Table) -> Card:
        """Among winning cards, the weakest, a ten or the jack only if nothing else wins."""
        strength = table.order.strength
        return min(
            cards,
            key=lambda c: (c == table.jack, c.rank is _TEN, strength[c], c.index),
        )

    def _feed(self, cards: Sequence[Card], table: Table) -> Card:
        """The partner wins the trick: give it Game points (a ten first), never a trump worth
        keeping."""
        plain = [c for c in cards if c.suit is not table.trump]
        rich = [c for c in plain if self._points[c]]
        if rich:
            return max(rich, key=lambda c: (self._points[c], -c.index))
        return self._cheapest(cards, table)

    def _keep_jack_safe(self, cards: Sequence[Card], table: Table) -> Sequence[Card]:
        """The cards other than the jack while a higher trump is out, when there is a choice."""
        if table.jack in cards and len(cards) > 1 and self._beaten_by_unseen(table.jack, table):
            return [c for c in cards if c != table.jack]
        return cards
