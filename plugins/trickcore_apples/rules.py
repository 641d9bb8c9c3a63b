"""The rules of Apples (rule book A1-A10) as pure functions over :class:`ApplesState`.

:meth:`Apples.apply` and :meth:`Apples.events` run the same transition
(:meth:`Apples.transition`): the rule of the state's phase, which matches the actions that phase
accepts. ``events`` passes an :class:`~trickcore.kit.events.EventLog` that the rule code writes
to where it does what the event reports; ``apply`` passes none. Seats, the deal, the bidding
pile's deal and the tricks come from the kit (:mod:`trickcore.kit`), and the state is in the
kit's layout (:mod:`trickcore.kit.base`): who acts, the outcome and the play of each card are
the kit's. Actions are shared immutable objects built when the game is loaded, so
``legal_actions`` only picks from tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from msgspec.structs import asdict, replace

from trickcore.cards import Card, Suit
from trickcore.encoding import ViewLayout
from trickcore.game import Direction, Game
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import give, take
from trickcore.kit.events import Dealt, EventLog, tell_hand_over
from trickcore.kit.playout_method import FastPlayoutMethod
from trickcore.kit.scoring import top_side
from trickcore.kit.tricks import FollowSuit, TrickOrder, tricks_by_side
from trickcore.render import Renderer
from trickcore.rng import Rng
from trickcore_apples import determinize as _determinize
from trickcore_apples import validate as _validate
from trickcore_apples.actions import ApplesAction, Bid, Give, Pass, Play, SetTarget
from trickcore_apples.auction import BID_SUITS, highest, passed, strength, trailing_passes
from trickcore_apples.deal import DEAL, PACK, SEATING, pile_schedule
from trickcore_apples.encoding import view_layout
from trickcore_apples.events import (
    AllPassed,
    ApplesEvent,
    AuctionWon,
    BidMade,
    CardGiven,
    Passed,
    PileDealt,
    PlayBegins,
    RoundRecorded,
    RoundScored,
    TargetSet,
)
from trickcore_apples.options import ApplesOptions
from trickcore_apples.render import ApplesRenderer
from trickcore_apples.scoring import groups, winnings_pile
from trickcore_apples.state import ApplesState, Call, Phase, RoundResult, SeatScore
from trickcore_apples.view import PROJECTION, ApplesView

__all__ = ["Apples"]

_PASS = Pass()
_SEATS = tuple(range(SEATING.seats))  # log.own_entry(_SEATS): the viewing seat, if any
# The phases that legal_actions tells apart on every call, as module constants: the compiled
# build reads a constant directly, an enum member by name.
_PLAY: Final = Phase.PLAY
_AUCTION: Final = Phase.AUCTION
_PILE: Final = Phase.PILE
_TARGET: Final = Phase.TARGET
_PILE_DEAL: Final = Phase.PILE_DEAL
_DEAL: Final = Phase.DEAL
_OVER: Final = Phase.OVER


class Apples(FastPlayoutMethod, TrickGame[ApplesState, ApplesAction, ApplesView, ApplesOptions]):
    """Apples, bound to its options (A9). Load it with ``trickcore.load("apples", **options)``."""

    name: ClassVar[str] = "apples"
    title: ClassVar[str] = "Apples"
    seat_counts: ClassVar[tuple[int, ...]] = (4,)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[ApplesOptions]] = ApplesOptions
    action_type: ClassVar[Any] = ApplesAction
    state_type: ClassVar[type[ApplesState]] = ApplesState
    view_type: ClassVar[type[ApplesView]] = ApplesView
    event_type: ClassVar[Any] = ApplesEvent
    play_type: ClassVar[type[Play]] = Play
    # The kit's layout (TrickGame): its phases named here, not with `phases=Phase`, which a
    # class compiled by mypyc does not pass on to __init_subclass__.
    draw_phase: ClassVar[Any] = Phase.DRAW_DEALER
    deal_phase: ClassVar[Any] = Phase.DEAL
    play_phase: ClassVar[Any] = Phase.PLAY
    over_phase: ClassVar[Any] = Phase.OVER
    chance_phases: ClassVar[frozenset[Phase]] = frozenset(
        {Phase.DRAW_DEALER, Phase.DEAL, Phase.PILE_DEAL}
    )
    renderer: ClassVar[Renderer[ApplesView]] = ApplesRenderer()
    """How frontends show a view (see :func:`trickcore.render.renderer_for`)."""

    def __init__(self, options: ApplesOptions | None = None) -> None:
        options = options if options is not None else ApplesOptions()
        # A6: follow suit; the highest trump, else the highest card of the suit led, wins
        policies = {suit: FollowSuit(TrickOrder.plain(PACK, suit)) for suit in Suit}
        super().__init__(options, SEATING, PROJECTION, PACK, deal=DEAL, policies=policies)
        self._gives = {card: Give(card=card) for card in PACK}
        self._targets = {card: SetTarget(card=card) for card in PACK}
        # Every bid, weakest first (A3), with its number, suit and strength: what _bids asks
        # of each bid at every decision of the auction, worked out once (a bid's field is a
        # generic look-up in the compiled build, and strength a call).
        self._ladder: tuple[tuple[Bid, int, Suit, int], ...] = tuple(
            (Bid(number=number, suit=suit), number, suit, strength(number, suit))
            for number in range(1, 14)
            for suit in BID_SUITS
        )
        # determinize refuses an inconsistent view, checked once per view object (kit).
        self.phase_rules = {
            **self.kit_rules(),  # the draw, the play (A6) and the end
            Phase.DEAL: self._deal,
            Phase.AUCTION: self._auction,
            Phase.PILE: self._give,
            Phase.PILE_DEAL: self._pile_deal,
            Phase.TARGET: self._set_target,
        }

    # -- the rules of the table -------------------------------------------------------------

    @staticmethod
    def pile(state: ApplesState) -> tuple[Card, ...]:
        """The bidding pile's cards: every seat's contribution, seat 0's first (A4)."""
        return tuple(card for given in state.given for card in given)

    # -- the protocol ----------------------------------------------------------------------

    def legal_actions(self, state: ApplesState) -> tuple[ApplesAction, ...]:
        """The actor's legal actions; ``()`` at a shuffle (it cannot be listed) and at the end."""
        phase = state.phase
        if phase is _PLAY:  # A6
            return self.legal_plays(state)
        hand = state.hands[state.turn]
        if phase is _AUCTION:  # A3
            return (_PASS, *self._bids(state, hand))
        if phase is _PILE:  # A4: the auction winner gives trumps only
            if state.turn == state.declarer:
                return self._trump_gifts(hand, state.trump)
            return tuple(map(self._gives.__getitem__, hand))
        if phase is _TARGET:  # A5
            return tuple(map(self._targets.__getitem__, hand))
        return super().legal_actions(state)  # the draw for the first dealer; no shuffle

    def _trump_gifts(self, hand: tuple[Card, ...], trump: Suit | None) -> tuple[Give, ...]:
        """A4: the pile gifts of the auction winner, who gives trumps only. (A method of its
        own: a generator in ``legal_actions`` would make its locals cells on every call.)"""
        gives = self._gives
        return tuple([gives[card] for card in hand if card.suit is trump])

    def _bids(self, state: ApplesState, hand: tuple[Card, ...]) -> tuple[Bid, ...]:
        """The bids stronger than the highest so far that the hand can make (A3)."""
        top = highest(state.auction)
        floor = -1 if top is None else self._strength(top)
        counts = {suit: 0 for suit in BID_SUITS}
        for card in hand:
            assert card.suit is not None
            counts[card.suit] += 1
        return tuple(
            [
                bid
                for bid, number, suit, power in self._ladder
                if number <= counts[suit] and power > floor
            ]
        )

    @staticmethod
    def _strength(call: Call) -> int:
        assert call.number is not None and call.suit is not None
        return strength(call.number, call.suit)

    def chance_text(self, state: ApplesState) -> str:
        """The shuffle chance owes: the whole pack, or the bidding pile (A2, A4)."""
        if state.phase is _PILE_DEAL:
            return f"a shuffle of the {len(self.pile(state))} cards of the bidding pile"
        return super().chance_text(state)

    def sample_chance(self, state: ApplesState, rng: Rng) -> ApplesAction:
        """The first dealer, the deal's shuffle or the bidding pile's shuffle, from ``rng``."""
        if state.phase is _PILE_DEAL:
            return self.shuffle(rng, self.pile(state))
        return super().sample_chance(state, rng)

    def determinizer(self, view: ApplesView) -> Callable[[Rng], ApplesState]:
        """How the kit's ``determinize`` draws states for ``view``: the hands, the targets and
        the cards that went through the pile, this round's and the last round's (see
        :mod:`trickcore_apples.determinize`)."""
        return _determinize.determinizer(self, view)

    def view_encoding(self) -> ViewLayout[ApplesView]:
        """This game's views as fixed-length vectors in ``[0, 1]``, for learning libraries
        (:mod:`trickcore.encoding`; the layout is in :mod:`trickcore_apples.encoding`)."""
        return view_layout(self)

    def problems(self, state: ApplesState) -> list[str]:
        """What stops a game from reaching ``state`` (``validate`` raises them)."""
        return _validate.problems(self, state)

    def hand_history(self, state: ApplesState) -> tuple[ApplesState, tuple[ApplesAction, ...]]:
        """The state before the current round's shuffle and its actions since
        (:func:`trickcore_apples.validate.hand_history`)."""
        return _validate.hand_history(self, state)

    # -- the transition --------------------------------------------------------------------

    # -- the deal (A2) ---------------------------------------------------------------------

    def _deal(self, state: ApplesState, action: ApplesAction, log: EventLog | None) -> ApplesState:
        """A2: all 52 cards one at a time from the dealer's left; the auction follows."""
        order = self.shuffled_pack(state, action)
        dealer = state.dealer
        assert dealer is not None
        hands = DEAL.deal(order, dealer).hands
        round_number = state.round_number + 1
        if log is not None:
            log.add(Dealt(hand_number=round_number, dealer=dealer, hand=log.own_entry(hands)))
        return ApplesState(
            phase=_AUCTION,
            dealer=dealer,
            scores=state.scores,
            round_number=round_number,
            hands=hands,
            turn=SEATING.next(dealer),
            overtime=state.overtime,
            last_round=state.last_round,
            last_given=state.last_given,
            last_received=state.last_received,
        )

    # -- the auction (A3) ------------------------------------------------------------------

    def _auction(
        self, state: ApplesState, action: ApplesAction, log: EventLog | None
    ) -> ApplesState:
        seat = state.turn
        match action:
            case Pass():
                call = Call(seat=seat)
                if log is not None:
                    log.add(Passed(seat=seat))
            case Bid(number=number, suit=suit):
                self._check_bid(state, action)
                call = Call(seat=seat, number=number, suit=suit)
                if log is not None:
                    log.add(BidMade(seat=seat, number=number, suit=suit))
            case _:
                raise self.illegal(state, action)
        auction = (*state.auction, call)
        top = highest(auction)
        out = passed(auction)
        if top is None:
            if len(out) == SEATING.seats:  # everyone passed: the same dealer deals again
                return self._redeal(state, log)
        elif self._options.pass_is_final:
            if len(out) == SEATING.seats - 1 and top.seat not in out:
                return self._win_auction(state, auction, top, log)
        elif trailing_passes(auction) == SEATING.seats - 1:
            return self._win_auction(state, auction, top, log)
        following = SEATING.after(seat, out) if self._options.pass_is_final else SEATING.next(seat)
        return replace(state, auction=auction, turn=following)

    def _check_bid(self, state: ApplesState, bid: Bid) -> None:
        """Refuse a bid beyond the bidder's cards of its suit or not stronger than the highest
        bid so far (A3)."""
        hand = state.hands[state.turn]
        held = sum(card.suit is bid.suit for card in hand)
        if not 1 <= bid.number <= held:
            raise self.illegal(
                state,
                bid,
                f"seat {state.turn} holds {held} {bid.suit.name.lower()}, "
                f"so may bid 1 to {held} of them",
            )
        top = highest(state.auction)
        if top is not None and strength(bid.number, bid.suit) <= self._strength(top):
            assert top.number is not None and top.suit is not None
            raise self.illegal(
                state, bid, f"it is not stronger than {Bid(number=top.number, suit=top.suit)}"
            )

    def _redeal(self, state: ApplesState, log: EventLog | None) -> ApplesState:
        dealer = state.dealer
        assert dealer is not None
        if log is not None:
            log.add(AllPassed(dealer=dealer))
        return ApplesState(
            phase=_DEAL,
            dealer=dealer,
            scores=state.scores,
            round_number=state.round_number,
            overtime=state.overtime,
            last_round=state.last_round,
            last_given=state.last_given,
            last_received=state.last_received,
        )

    def _win_auction(
        self, state: ApplesState, auction: tuple[Call, ...], top: Call, log: EventLog | None
    ) -> ApplesState:
        assert top.number is not None and top.suit is not None
        if log is not None:
            log.add(AuctionWon(seat=top.seat, number=top.number, suit=top.suit))
        return replace(
            state,
            phase=_PILE,
            auction=auction,
            trump=top.suit,
            declarer=top.seat,
            number=top.number,
            turn=top.seat,
        )

    # -- the bidding pile (A4) -------------------------------------------------------------

    def _give(self, state: ApplesState, action: ApplesAction, log: EventLog | None) -> ApplesState:
        seat = state.turn
        match action:
            case Give(card=card) if card in state.hands[seat]:
                if seat == state.declarer and card.suit is not state.trump:
                    raise self.illegal(state, action, "the auction winner gives trumps only")
            case _:
                raise self.illegal(state, action)
        if log is not None:
            log.add(CardGiven(seat=seat, card=log.own(seat, card)))
        given = give(state.given, seat, (card,))
        hands = take(state.hands, seat, card)
        if len(given[seat]) < state.number:
            return replace(state, hands=hands, given=given)
        following = SEATING.next(seat)
        if following == state.declarer:  # everyone has given: the pile is shuffled
            return replace(state, phase=_PILE_DEAL, hands=hands, given=given, turn=0)
        return replace(state, hands=hands, given=given, turn=following)

    def _pile_deal(
        self, state: ApplesState, action: ApplesAction, log: EventLog | None
    ) -> ApplesState:
        """A4: the pile's shuffle, dealt back one at a time from the dealer's left."""
        order = self.shuffled_pack(state, action, self.pile(state))
        dealer, declarer = state.dealer, state.declarer
        assert dealer is not None and declarer is not None
        received = pile_schedule(state.number).deal(order, dealer).hands
        hands = tuple(hand + back for hand, back in zip(state.hands, received, strict=True))
        if log is not None:
            log.add(
                PileDealt(
                    size=len(order), received=log.own_entry(received), hand=log.own_entry(hands)
                )
            )
        return replace(state, phase=_TARGET, hands=hands, received=received, turn=declarer)

    # -- target cards (A5) -----------------------------------------------------------------

    def _set_target(
        self, state: ApplesState, action: ApplesAction, log: EventLog | None
    ) -> ApplesState:
        seat = state.turn
        match action:
            case SetTarget(card=card) if card in state.hands[seat]:
                pass
            case _:
                raise self.illegal(state, action)
        if log is not None:
            log.add(TargetSet(seat=seat, card=log.own(seat, card)))
        targets = give(state.targets, seat, (card,))
        hands = take(state.hands, seat, card)
        following = SEATING.next(seat)
        if following != state.declarer:
            return replace(state, hands=hands, targets=targets, turn=following)
        assert state.trump is not None
        if log is not None:
            log.add(PlayBegins(trump=state.trump, leader=following))
        # A6: the auction winner leads; then the kit's play rule, trick by trick
        return self.lead(state, following, hands=hands, targets=targets)

    # -- scoring (A7) and the end of the game (A8, A9) --------------------------------------

    def end_hand(self, state: ApplesState, log: EventLog | None) -> ApplesState:
        """A7: after the last trick, each player's round is scored."""
        dealer, declarer, trump = state.dealer, state.declarer, state.trump
        assert dealer is not None and declarer is not None and trump is not None
        seats = []
        for seat in range(SEATING.seats):
            (target,) = state.targets[seat]
            winnings = winnings_pile(state.tricks, seat)
            found = groups(winnings, target)
            points = sum(group.points for group in found)
            seats.append(
                SeatScore(seat=seat, target=target, winnings=winnings, groups=found, points=points)
            )
        scores = tuple(total + seat.points for total, seat in zip(state.scores, seats, strict=True))
        # The round's number counts rounds played out, not deals: a redeal after an all-pass
        # auction (A3) deals the same round again (issue 21.8).
        last = state.last_round
        result = RoundResult(
            round_number=1 if last is None else last.round_number + 1,
            dealer=dealer,
            declarer=declarer,
            number=state.number,
            trump=trump,
            seats=tuple(seats),
            auction=state.auction,
            tricks=state.tricks,
        )
        over, winner, overtime = self._game_end(scores, tuple(seat.points for seat in seats), state)
        if log is not None:
            for seat_score, total in zip(seats, scores, strict=True):
                log.add(RoundScored(total=total, **asdict(seat_score)))
            tricks = tricks_by_side(SEATING, state.tricks)
            number = state.round_number
            tell_hand_over(
                log, hand_number=number, tricks=tricks, scores=scores, over=over, winner=winner
            )
            log.add(
                RoundRecorded(
                    result=result,
                    seat=log.own_entry(_SEATS),
                    given=log.own_entry(state.given),
                    received=log.own_entry(state.received),
                )
            )
        return ApplesState(
            phase=_OVER if over else _DEAL,
            dealer=dealer if over else SEATING.next(dealer),  # A1: the deal passes on
            scores=scores,
            round_number=state.round_number,
            overtime=overtime,
            last_round=result,
            winner=winner,
            last_given=state.given,
            last_received=state.received,
        )

    def _game_end(
        self, scores: tuple[int, ...], points: tuple[int, ...], state: ApplesState
    ) -> tuple[bool, int | None, bool]:
        """Whether the game is over, the winner (``None``: none yet, or a draw) and whether
        rounds go on past the target to break a tie (A8, A9)."""
        if self._options.single_hand:
            return True, top_side(points), False
        reached = state.overtime or max(scores) >= self._options.target
        leader = top_side(scores)
        if reached and leader is not None:
            return True, leader, False
        return False, None, reached


if TYPE_CHECKING:  # mypy proves that Apples satisfies the Game protocol
    _: Game[ApplesState, ApplesAction, ApplesView, ApplesOptions] = Apples()
