"""The Euchre ``heuristic`` bot: plays like a sensible club player.

It follows the rule book ``shared/rules/euchre.md`` (section numbers E1-E10 in the comments)
and sees only its seat's view and the legal actions (E10). In short:

* **Bidding (E4, E5).** A hand is worth points for each trump by its rank among the live
  trumps (the joker, the bowers, then A K Q ...; E2), for off-suit aces, and for voids when it
  holds two trumps or more. In the first round the dealer counts the up-card it would pick up
  (and the discard it would make); the dealer's partner adds part of the up-card's worth, the
  dealer's opponents subtract it (ordering up hands it to the other side). In the second round
  it names its best suit, if good enough; with ``stick_the_dealer`` the dealer names the best
  one. A joker turned up (E5): the dealer, who sees no hand, names a suit at random.
* **Discard (E4).** Never a trump if it can help; keeps aces; prefers the card that leaves it
  void in a suit, then the lowest.
* **Alone (E6).** On the makers' side, with a likely march: the highest live trump, another
  trump, and at most one off-suit card that is not the highest live card of its suit. A
  defender only with a near-certain one: every trump a winner (the top trumps, or enough of
  them to draw the rest) and every off-suit card the highest of its suit.
* **Play (E7).** The makers draw trumps with the highest trump when it is a sure winner (the
  maker with two trumps and a bower leads trump at once); otherwise lead off-suit aces that
  will not be trumped, else a low card. Following, it wins as cheaply as it safely can, does
  not overtake a partner who is winning safely enough, does not trump a plain card led to it
  that may still be beaten (second hand low), and otherwise throws its lowest card, an
  off-suit one rather than a trump.

Deterministic given ``spec.rng`` (used only for the E5 suit); ties are broken by card index.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence, Set
from typing import ClassVar, Final

from trickcore._mypyc import mypyc_attr
from trickcore.bots import BotSpec
from trickcore.cards import Card, Rank, Suit
from trickcore.kit.tricks import TrickOrder
from trickcore_euchre import (
    SEATING,
    Call,
    Discard,
    Euchre,
    EuchreAction,
    EuchreView,
    GoAlone,
    OrderUp,
    Pass,
    Phase,
    Play,
    WithPartner,
    left_bower,
    right_bower,
    same_colour,
)

__all__ = ["EuchreHeuristicBot"]

# The actions without fields, built once: actions are immutable, and building one checks its
# fields (Action.__post_init__) at every bid of every heuristic playout.
_PASS: Final = Pass()
_ORDER_UP: Final = OrderUp()
_GO_ALONE: Final = GoAlone()
_WITH_PARTNER: Final = WithPartner()
_NO_SUITS: Final[frozenset[Suit]] = frozenset()
# Enum members as module constants: read directly in the compiled build, where ``Phase.PLAY``
# is a look-up through the enum's metaclass at every use (its ``__getattr__`` before Python
# 3.12), and by one global look-up interpreted.
_BID_FIRST: Final = Phase.BID_FIRST
_BID_SECOND: Final = Phase.BID_SECOND
_JOKER_CALL: Final = Phase.JOKER_CALL
_DISCARD: Final = Phase.DISCARD
_ALONE: Final = Phase.ALONE
_PLAY: Final = Phase.PLAY
_ACE: Final = Rank.ACE
_KING: Final = Rank.KING
_SUITS: Final = tuple(Suit)
_ACES: Final = frozenset(card for card in Card if card.rank is _ACE)
_KINGS: Final = frozenset(card for card in Card if card.rank is _KING)


# -- hand valuation (bidding) -------------------------------------------------------------------

TRUMP_VALUES = (3.0, 2.6, 2.2, 1.8, 1.5, 1.3, 1.2, 1.1, 1.0, 1.0)
"""A trump's worth by its place among the live trumps, highest first (E2: joker with deck=25,
right bower, left bower, A, K, Q, 10, 9 (8, 7))."""
OFF_ACE = 1.0
"""An off-suit ace with at most one other card of its suit."""
OFF_ACE_LONG = 0.6
"""An off-suit ace with two or more others of its suit (more likely to be trumped)."""
GUARDED_KING = 0.4
"""An off-suit king next to the ace of its suit."""
VOID = 0.5
"""A void in an off suit, when the hand holds at least two trumps (it can trump in)."""


class PlayFacts:
    """What the play decisions need to know, worked out once per decision from the view
    (:meth:`EuchreHeuristicBot.play_facts`): the trick order for the trump, the unseen cards,
    and the suits each seat has shown out of (E7). Built once a decision and only read after.
    (A plain class, not a dataclass: a dataclass's ``__init__`` runs interpreted even in the
    compiled build, on every decision of every heuristic playout.)"""

    __slots__ = (
        "deck",
        "hand",
        "makers",
        "opponents",
        "order",
        "out",
        "partner",
        "seat",
        "stronger",
        "trumps",
        "_view",
        "_voids_of",
        "_voids",
    )

    def __init__(
        self,
        *,
        seat: int,
        partner: int,
        order: TrickOrder,
        hand: tuple[Card, ...],
        deck: frozenset[Card],
        view: EuchreView,
        voids_of: Callable[[EuchreView], dict[int, set[Suit]]],
        makers: bool,
        opponents: tuple[int, ...],
        out: set[Card],
        stronger: dict[Card, tuple[Card, ...]],
        trumps: tuple[Card, ...],
    ) -> None:
        self.seat = seat
        self.partner = partner
        self.order = order
        self.hand = hand
        self.deck = deck
        """The game's deck."""
        self._view = view
        self._voids_of = voids_of
        self._voids: dict[int, set[Suit]] | None = None
        self.makers = makers
        """Our side chose trump (E4)."""
        self.opponents = opponents
        """The opponents who play this hand (not sitting out, E6)."""
        self.out = out
        """The cards known not to be in another hand: ours, those played, the turned-down
        up-card and our own discard; :attr:`unseen` is the rest of the deck."""
        self.stronger = stronger
        """For each card of the deck, the cards of its effective suit that beat it (E2): the
        ones :meth:`higher_unseen` and :meth:`is_boss` look for among the unseen."""
        self.trumps = trumps
        """The deck's trumps, highest first (E2)."""

    @property
    def voids(self) -> dict[int, set[Suit]]:
        """The suits each seat has shown out of (E7), for the seats that did (``voids_of`` of
        the view, the game's ``shown_out``); :meth:`shown_out` reads the others as void in
        nothing. Worked out on first use: most play decisions never ask (walking the tricks
        for them was a sixth of a decision in the search bots' playouts)."""
        voids = self._voids
        if voids is None:
            voids = self._voids = self._voids_of(self._view)
        return voids

    @property
    def unseen(self) -> frozenset[Card]:
        """Cards that may still be in another active or sitting-out hand (not ours, not
        played, not known to be out of play)."""
        return self.deck - self.out

    def is_trump(self, card: Card) -> bool:
        return self.order.is_trump(card)

    def suit(self, card: Card) -> Suit:
        """The card's effective suit (the left bower and the joker are trumps, E2)."""
        return self.order.suit_of[card]

    def power(self, card: Card) -> int:
        return self.order.strength[card]

    def higher_unseen(self, card: Card) -> int:
        """How many unseen cards of the card's effective suit are stronger than it."""
        out = self.out
        higher = 0
        for other in self.stronger[card]:
            if other not in out:
                higher += 1
        return higher

    def is_boss(self, card: Card) -> bool:
        """Nobody else can hold a higher card of its suit."""
        out = self.out
        for other in self.stronger[card]:  # noqa: SIM110 (a loop: see count_in_hand)
            if other not in out:
                return False
        return True

    def shown_out(self, seat: int) -> Set[Suit]:
        """The suits ``seat`` has shown out of (E7): none unless :attr:`voids` names it."""
        return self.voids.get(seat, _NO_SUITS)

    def trump_unseen(self) -> bool:
        """Some trump is unseen."""
        out = self.out
        for card in self.trumps:  # noqa: SIM110
            if card not in out:
                return True
        return False

    def trumps_out(self) -> bool:
        """An opponent may still hold a trump."""
        trump = self.order.trump
        assert trump is not None
        if not self.trump_unseen():
            return False
        for seat in self.opponents:  # noqa: SIM110 (a loop: see count_in_hand)
            if trump not in self.shown_out(seat):
                return True
        return False

    def may_ruff(self, seats: Iterable[int], suit: Suit) -> bool:
        """One of ``seats`` is known to be void in ``suit`` and may hold a trump."""
        trump = self.order.trump
        assert trump is not None
        if suit is trump or not self.trump_unseen():
            return False
        for seat in seats:
            shown = self.shown_out(seat)
            if suit in shown and trump not in shown:
                return True
        return False

    def count_in_hand(self, suit: Suit) -> int:
        """How many cards of the effective ``suit`` the hand holds. (The tests that a playout
        asks many times a decision loop rather than build generators: both builds run them
        faster so.)"""
        suit_of = self.order.suit_of
        count = 0
        for card in self.hand:
            if suit_of[card] is suit:
                count += 1
        return count


@mypyc_attr(allow_interpreted_subclasses=True)
class EuchreHeuristicBot:
    """Euchre played like a sensible club player: bids on hand strength and seat, goes alone
    only with a near-certain march, draws trumps when strong, wins tricks as cheaply as it
    safely can, never overtakes a partner who is safely winning, and throws its lowest card
    otherwise. See the module text for the details; it sees only the view (E10)."""

    name: ClassVar[str] = "heuristic"
    description: ClassVar[str] = "Euchre like a sensible club player: hand strength, seat, tricks"
    games: ClassVar[tuple[str, ...] | None] = ("euchre",)

    # Bidding weights (E4), class attributes so that a variant can be tried by subclassing.
    CALL_THRESHOLD: ClassVar[float] = 5.5
    """Hand worth at which it orders up or names trump."""
    UP_CARD_SHARE: ClassVar[float] = 0.8
    """How much of the up-card's trump worth counts for (the dealer's partner) or against (the
    dealer's opponents) a first-round order-up: the dealer picks it up."""
    NEXT_BONUS: ClassVar[float] = 0.3
    """Second round, the dealer's opponents: "next" (the other suit of the turned-down card's
    colour) is a little better, since the dealer's side did not want that colour."""

    def __init__(self, spec: BotSpec) -> None:
        game = spec.game
        if not isinstance(game, Euchre):
            raise TypeError(f"the Euchre heuristic bot plays euchre, not {game!r}")
        self._game = game
        self._voids_of: Callable[[EuchreView], dict[int, set[Suit]]] = game.shown_out
        self._seat = spec.seat
        self._rng = spec.rng
        self._deck = game.deck
        self._orders = {suit: game.trick_order(suit) for suit in Suit}
        # Each trump suit's trumps, highest first (E2): tables for valuation and the alone test.
        self._trumps = {suit: self._ranked_trumps(order) for suit, order in self._orders.items()}
        self._deck_set = frozenset(self._deck)
        # hand_strength's tables (E2): by trump, each other card's suit (its place in Suit's
        # order) and the places of the suits that are not trump; the trumps' worths as asked
        self._off_suit: dict[Suit, dict[Card, int]] = {
            suit: {
                card: _SUITS.index(order.suit_of[card])
                for card in self._deck
                if not order.is_trump(card)
            }
            for suit, order in self._orders.items()
        }
        self._off_suits: dict[Suit, tuple[int, ...]] = {
            trump: tuple(at for at, suit in enumerate(_SUITS) if suit is not trump)
            for trump in _SUITS
        }
        self._values: dict[tuple[Suit, tuple[Card, ...]], dict[Card, float]] = {}
        self._opponents_by_out: dict[tuple[int, ...], tuple[int, ...]] = {}
        # The joker (deck=25) and the bowers of each trump suit (E2).
        self._top_trumps = {
            suit: frozenset((Card.JOKER, right_bower(suit), left_bower(suit))) for suit in Suit
        }

    def _ranked_trumps(self, order: TrickOrder) -> tuple[Card, ...]:
        trumps = [c for c in self._deck if order.is_trump(c)]
        return tuple(sorted(trumps, key=lambda c: -order.strength[c]))

    # -- dispatch ------------------------------------------------------------------------------

    def act(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        """The action for this decision point; always one of ``legal``."""
        phase = view.phase
        if phase is _BID_FIRST:
            return self._first_round(view, legal)
        if phase is _BID_SECOND:
            return self._second_round(view, legal)
        if phase is _JOKER_CALL:
            return self._joker_call(legal)
        if phase is _DISCARD:
            return self._discard(view, legal)
        if phase is _ALONE:
            return self._alone(view, legal)
        if phase is _PLAY:
            return self._play(view, legal)
        return legal[0]  # not a phase where a seat acts; nothing better to do

    # -- bidding (E4, E5) ----------------------------------------------------------------------

    def hand_strength(
        self, hand: Sequence[Card], trump: Suit, dead: Collection[Card] = ()
    ) -> float:
        """The hand's worth with ``trump`` as trump; ``dead`` cards take no part in the hand
        (a turned-down up-card, E4), so the trumps below them move up."""
        values = self._trump_values(trump, dead)
        off_suit = self._off_suit[trump]
        trump_worth: list[float] = []
        counts = [0, 0, 0, 0]  # each suit's cards in the hand, trumps apart (in Suit's order)
        aces = [False, False, False, False]
        kings = [False, False, False, False]
        for card in hand:
            value = values.get(card)
            if value is not None:
                trump_worth.append(value)
                continue
            at = off_suit[card]
            counts[at] += 1
            if card in _ACES:
                aces[at] = True
            elif card in _KINGS:
                kings[at] = True
        # The same sums in the same order as the trumps' in the hand, then the off suits' in
        # Suit's order (sum() itself, whose rounding changed in Python 3.12).
        worth: float = sum(trump_worth)
        for at in self._off_suits[trump]:
            count = counts[at]
            if not count:
                worth += VOID if len(trump_worth) >= 2 else 0.0
            elif aces[at]:
                worth += OFF_ACE if count <= 2 else OFF_ACE_LONG
                worth += GUARDED_KING if kings[at] else 0.0
        return worth

    def _trump_values(self, trump: Suit, dead: Collection[Card]) -> dict[Card, float]:
        """Each trump's worth by its place among the live trumps (``dead`` ones left out),
        worked out once per trump and dead cards."""
        key = (trump, tuple(dead))
        values = self._values.get(key)
        if values is None:
            live = [card for card in self._trumps[trump] if card not in dead]
            last = len(TRUMP_VALUES) - 1
            values = {card: TRUMP_VALUES[min(place, last)] for place, card in enumerate(live)}
            self._values[key] = values
        return values

    def _trump_worth(self, card: Card, trump: Suit) -> float:
        place = self._trumps[trump].index(card)
        return TRUMP_VALUES[min(place, len(TRUMP_VALUES) - 1)]

    def _first_round(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        """Order up (assist, pick up) or pass (E4, first round)."""
        up, dealer = view.up_card, view.dealer
        assert up is not None and up.suit is not None and dealer is not None
        trump = up.suit
        if self._seat == dealer:
            # The dealer picks the up-card up and discards (E4): value the hand it would keep.
            six = (*view.hand, up)
            discard = self.choose_discard(six, trump)
            worth = self.hand_strength(tuple(c for c in six if c is not discard), trump)
        else:
            share = self.UP_CARD_SHARE * self._trump_worth(up, trump)
            # The up-card goes to the dealer: good for the dealer's partner, bad for the others.
            same_side = SEATING.same_side(dealer, self._seat)
            worth = self.hand_strength(view.hand, trump) + (share if same_side else -share)
        wanted = _ORDER_UP if worth >= self.CALL_THRESHOLD else _PASS
        return wanted if wanted in legal else legal[0]

    def _second_round(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        """Name the best suit if good enough, else pass; with stick_the_dealer the dealer
        cannot pass and names the best suit (E4)."""
        up, dealer = view.up_card, view.dealer
        assert up is not None and up.suit is not None and dealer is not None
        dead = (up,)  # the turned-down card takes no part in the hand
        next_suit = same_colour(up.suit)
        opponent_of_dealer = not SEATING.same_side(dealer, self._seat)

        def worth(call: Call) -> float:
            bonus = self.NEXT_BONUS if opponent_of_dealer and call.suit is next_suit else 0.0
            return self.hand_strength(view.hand, call.suit, dead) + bonus

        calls = [a for a in legal if isinstance(a, Call)]
        best = max(calls, key=lambda a: (worth(a), -a.suit.index))
        if _PASS not in legal or worth(best) >= self.CALL_THRESHOLD:
            return best
        return _PASS

    def _joker_call(self, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        """E5: the dealer names trump before seeing the hand; every suit is as good."""
        return self._rng.choice(legal)

    # -- the dealer's discard (E4, E5) -----------------------------------------------------------

    def choose_discard(self, hand: Sequence[Card], trump: Suit) -> Card:
        """The card the dealer should discard from six (E4): an off-suit card if there is one,
        not an ace when another will do, preferably one that leaves a void, then the lowest."""
        order = self._orders[trump]
        plain = [c for c in hand if not order.is_trump(c)]
        if not plain:
            return min(hand, key=lambda c: (order.strength[c], c.index))

        def cost(card: Card) -> tuple[bool, bool, int, int]:
            suit = order.suit_of[card]
            alone_in_suit = sum(1 for c in hand if order.suit_of[c] is suit) == 1
            return (card.rank is _ACE, not alone_in_suit, order.strength[card], card.index)

        return min(plain, key=cost)

    def _discard(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        assert view.trump is not None
        card = self.choose_discard(view.hand, view.trump)
        return next((a for a in legal if isinstance(a, Discard) and a.card is card), legal[0])

    # -- going alone (E6) ------------------------------------------------------------------------

    def sure_march(self, hand: Sequence[Card], trump: Suit, dead: Collection[Card] = ()) -> bool:
        """A near-certain march: three trumps or more, all winners (the top live trumps, or
        enough top ones to draw every other trump), and every off-suit card the highest live
        card of its suit, with at most one opposing trump left to fear after the draw."""
        order = self._orders[trump]
        mine = [c for c in hand if order.is_trump(c)]
        if len(mine) < 3:
            return False
        live = [c for c in self._trumps[trump] if c not in dead]
        top = 0  # how many of the highest live trumps we hold in sequence
        for card in live:
            if card not in hand:
                break
            top += 1
        outstanding = len(live) - len(mine)
        if top < len(mine) and outstanding > top:
            return False  # a trump of ours can lose to one that may not be drawn
        if self.off_suit_losers(hand, trump, dead):
            return False
        return len(mine) == len(hand) or outstanding <= top + 1

    def off_suit_losers(
        self, hand: Sequence[Card], trump: Suit, dead: Collection[Card] = ()
    ) -> int:
        """How many of the hand's off-suit cards a live card of their suit beats (not in the
        hand, not ``dead``)."""
        order = self._orders[trump]
        losers = 0
        for card in hand:
            if order.is_trump(card):
                continue
            suit, power = order.suit_of[card], order.strength[card]
            if any(
                order.suit_of[c] is suit and order.strength[c] > power and c not in dead
                for c in self._deck
                if c not in hand
            ):
                losers += 1
        return losers

    def likely_march(self, hand: Sequence[Card], trump: Suit, dead: Collection[Card] = ()) -> bool:
        """A likely march, worth going alone for as a maker (E6, E8: four points where the
        side would score two): the highest live trump and at least one other trump, and at
        most one off-suit card that a live card of its suit beats."""
        order = self._orders[trump]
        highest = next(c for c in self._trumps[trump] if c not in dead)
        if highest not in hand or sum(1 for c in hand if order.is_trump(c)) < 2:
            return False
        return self.off_suit_losers(hand, trump, dead) <= 1

    def _alone(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        assert view.trump is not None and view.maker is not None
        dead: list[Card] = []
        if view.up_card is not None and not view.picked_up:
            dead.append(view.up_card)
        if view.discard is not None:
            dead.append(view.discard)
        # Measured over duplicate hands, the makers gain by going alone on a likely march; a
        # lone defender scores no more than with a partner (E8 unless lone_defender_bonus).
        makers = SEATING.same_side(view.maker, self._seat)
        march = self.likely_march if makers else self.sure_march
        go = _GO_ALONE in legal and march(view.hand, view.trump, dead)
        wanted: EuchreAction = _GO_ALONE if go else _WITH_PARTNER
        return wanted if wanted in legal else legal[0]

    # -- play (E7) -------------------------------------------------------------------------------

    def play_facts(self, view: EuchreView) -> PlayFacts:
        """What the view tells about the cards still out (E10: played cards, the turned-down
        up-card, our own discard as the dealer) and about voids."""
        # (each field read once: a read of a view's field is a generic attribute look-up in the
        # compiled build, and this runs at every card of every heuristic playout)
        trump = view.trump
        maker = view.maker
        hand = view.hand
        up_card = view.up_card
        discard = view.discard
        assert trump is not None and maker is not None
        seat = self._seat
        out = set(hand)
        for trick in view.tricks:
            out.update(trick.cards)
        out.update(view.trick)
        if up_card is not None and not view.picked_up:
            out.add(up_card)  # turned down (E4)
        if discard is not None:
            out.add(discard)  # our own discard, as the dealer
        order = self._orders[trump]
        return PlayFacts(
            seat=seat,
            partner=SEATING.partner(seat),
            order=order,
            hand=hand,
            deck=self._deck_set,
            view=view,
            voids_of=self._voids_of,
            makers=SEATING.same_side(maker, seat),
            opponents=self._opponents(view.sitting_out),
            out=out,
            stronger=order.stronger,
            trumps=self._trumps[trump],
        )

    def _opponents(self, sitting_out: tuple[int, ...]) -> tuple[int, ...]:
        """:attr:`PlayFacts.opponents`: the opponents who play, by the seats sitting out (E6)."""
        opponents = self._opponents_by_out.get(sitting_out)
        if opponents is None:
            seat = self._seat
            opponents = self._opponents_by_out[sitting_out] = tuple(
                s
                for s in SEATING.order(seat)
                if not SEATING.same_side(s, seat) and s not in sitting_out
            )
        return opponents

    def _play(self, view: EuchreView, legal: tuple[EuchreAction, ...]) -> EuchreAction:
        facts = self.play_facts(view)
        plays = {a.card: a for a in legal if isinstance(a, Play)}
        playable = tuple(c for c in view.hand if c in plays)
        if not playable:
            return legal[0]
        if view.trick:
            card = self.choose_follow(facts, view, playable)
        else:
            card = self.choose_lead(facts, view)
        return plays.get(card, plays[playable[0]])

    def choose_lead(self, facts: PlayFacts, view: EuchreView) -> Card:
        """The card to lead (E7)."""
        hand = facts.hand
        trumps = sorted((c for c in hand if facts.is_trump(c)), key=lambda c: -facts.power(c))
        plain = [c for c in hand if not facts.is_trump(c)]
        if trumps and facts.makers and facts.trumps_out():
            # Draw the opponents' trumps with a sure winner.
            if facts.is_boss(trumps[0]):
                return trumps[0]
            # The maker with two trumps or more including a bower (or the joker) leads trump
            # at once, a low one to draw out the higher trump it lacks.
            assert view.trump is not None
            top_trumps = self._top_trumps[view.trump]
            strong = len(trumps) >= 2 and any(c in top_trumps for c in trumps)
            if strong and view.maker == facts.seat and not view.tricks:
                return trumps[-1]
        # Cash off-suit winners (aces) that no opponent is known to trump.
        safe_winners = [
            c
            for c in plain
            if facts.is_boss(c) and not facts.may_ruff(facts.opponents, facts.suit(c))
        ]
        if safe_winners:
            return min(safe_winners, key=lambda c: (facts.count_in_hand(facts.suit(c)), c.index))
        # Lead trump to the maker, our partner (club convention).
        if trumps and facts.makers and view.maker == facts.partner and facts.trumps_out():
            return trumps[-1]
        if plain:
            return self._lowest(facts, plain)
        return trumps[0] if facts.is_boss(trumps[0]) else trumps[-1]

    def choose_follow(self, facts: PlayFacts, view: EuchreView, playable: tuple[Card, ...]) -> Card:
        """The card to play to a trick already led (E7: follow suit; no duty to trump)."""
        order = facts.order
        trick = view.trick
        led = facts.suit(trick[0])
        winning_at = order.winner(trick)
        winning = trick[winning_at]
        winner_seat = view.trick_seats[winning_at]
        later = view.trick_seats[len(trick) + 1 :]
        later_opponents = [s for s in later if not SEATING.same_side(s, facts.seat)]
        beaters = sorted(
            (c for c in playable if order.beats(c, winning, led)),
            key=lambda c: (facts.power(c), c.index),
        )
        if winner_seat == facts.partner:
            if self.partner_safe(facts, winning, led, later_opponents):
                return self.throw_off(facts, playable)
            # Third hand high, but only within the suit led (never trump a partner's trick).
            for card in beaters:
                if facts.suit(card) is led and self.holds(facts, card, led, later_opponents):
                    return card
            return self.throw_off(facts, playable)
        if facts.partner in later and self.second_hand_low(facts, trick[0], led, playable):
            return self.throw_off(facts, playable)
        if beaters:
            # The cheapest card that will hold the trick, else the cheapest that wins it now.
            for card in beaters:
                if self.holds(facts, card, led, later_opponents):
                    return card
            return beaters[0]
        return self.throw_off(facts, playable)

    def second_hand_low(
        self, facts: PlayFacts, lead: Card, led: Suit, playable: Sequence[Card]
    ) -> bool:
        """Second to a plain ``lead`` that may still be beaten, with the partner still to
        play, and void in its suit: do not trump it. The partner may still win the trick, or
        trump it after the leader's partner has shown its card (E7: no duty to trump)."""
        if facts.is_trump(lead) or facts.is_boss(lead):
            return False
        for card in playable:  # noqa: SIM110 (a loop: see count_in_hand)
            if facts.suit(card) is led:
                return False
        return True

    def holds(
        self, facts: PlayFacts, card: Card, led: Suit, later_opponents: Sequence[int]
    ) -> bool:
        """``card``, now winning the trick, will still win it: no later opponent can hold a
        higher card of its suit, nor trump a plain card (E7)."""
        if not later_opponents:
            return True
        trump = facts.order.trump
        if facts.is_trump(card):
            return facts.is_boss(card) or all(trump in facts.shown_out(s) for s in later_opponents)
        if facts.may_ruff(later_opponents, led):
            return False
        return facts.is_boss(card) or all(led in facts.shown_out(s) for s in later_opponents)

    def partner_safe(
        self, facts: PlayFacts, card: Card, led: Suit, later_opponents: Sequence[int]
    ) -> bool:
        """The partner's winning ``card`` is safe enough not to overtake: it holds; or it is a
        high trump (the ace or better, E2, with at most one higher trump still out); or it is
        the ace of the suit led and no later opponent is known to be able to trump it."""
        if self.holds(facts, card, led, later_opponents):
            return True
        if facts.is_trump(card):
            return facts.higher_unseen(card) <= 1 and facts.power(card) >= self._ace_power(facts)
        return card.rank is _ACE and not facts.may_ruff(later_opponents, led)

    def _ace_power(self, facts: PlayFacts) -> int:
        trump = facts.order.trump
        assert trump is not None
        return facts.power(Card("A" + trump.value))

    def throw_off(self, facts: PlayFacts, playable: Sequence[Card]) -> Card:
        """The card to play when not trying to win: the lowest, an off-suit one rather than a
        trump, keeping winners, and from a short suit when ranks tie."""
        if len({facts.suit(c) for c in playable}) == 1:
            return min(playable, key=lambda c: (facts.power(c), c.index))
        plain = [c for c in playable if not facts.is_trump(c)]
        return self._lowest(facts, plain or list(playable))

    @staticmethod
    def _lowest(facts: PlayFacts, cards: Sequence[Card]) -> Card:
        return min(
            cards,
            key=lambda c: (
                facts.is_boss(c),
                facts.power(c),
                facts.count_in_hand(facts.suit(c)),
                c.index,
            ),
        )
