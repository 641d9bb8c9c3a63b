"""The rules of Euchre (rule book E1-E10): one rule per phase over :class:`EuchreState`, on the
kit's :class:`~trickcore.kit.base.TrickGame`, which gives the seats, the deal, the play of each
card, who acts, the outcome and events from the same transitions. Actions are shared objects
built when the game is loaded, so ``legal_actions`` only picks from tables.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, ClassVar, Final

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.encoding import ViewLayout
from trickcore.game import Direction, Game, Outcome, Seat
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import Dealt, give, take
from trickcore.kit.events import EventLog
from trickcore.kit.scoring import add_points
from trickcore.kit.tricks import FollowSuit, Trick
from trickcore.render import Renderer
from trickcore.rng import Rng
from trickcore_euchre import determinize as _determinize
from trickcore_euchre import events as ev
from trickcore_euchre import validate as _validate
from trickcore_euchre.actions import (
    Call,
    Discard,
    EuchreAction,
    GoAlone,
    OrderUp,
    Pass,
    Play,
    WithPartner,
)
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.encoding import view_layout
from trickcore_euchre.options import EuchreOptions
from trickcore_euchre.playout import EuchrePlayout
from trickcore_euchre.ranking import deck_for, trick_order
from trickcore_euchre.render import EuchreRenderer
from trickcore_euchre.state import Bid, Declaration, EuchreState, HandResult, Phase
from trickcore_euchre.view import PROJECTION, EuchreView

__all__ = ["Euchre"]

TRICKS = 5
_PASS = Pass()
_ORDER_UP = OrderUp()
_GO_ALONE = GoAlone()
_WITH_PARTNER = WithPartner()
_PASSES = tuple(Bid(seat=seat, kind="pass") for seat in range(SEATING.seats))
# The phases that legal_actions tells apart on every call, as module constants: the compiled
# build reads a constant directly, an enum member by name.
_PLAY: Final = Phase.PLAY
_BID_FIRST: Final = Phase.BID_FIRST
_BID_SECOND: Final = Phase.BID_SECOND
_ALONE: Final = Phase.ALONE
_DISCARD: Final = Phase.DISCARD
_JOKER_CALL: Final = Phase.JOKER_CALL
_JOKER: Final = Card.JOKER

# Who is asked "alone?" (E6), by option, as a test on (seat, maker).
_MAY_GO_ALONE: dict[str, Callable[[int, int], bool]] = {
    "anyone": lambda seat, maker: True,
    "maker_or_defenders": lambda seat, maker: seat == maker or not SEATING.same_side(seat, maker),
    "makers": SEATING.same_side,
    "maker": lambda seat, maker: seat == maker,
    "nobody": lambda seat, maker: False,
}


class Euchre(TrickGame[EuchreState, EuchreAction, EuchreView, EuchreOptions]):
    """North American Euchre, bound to its options (E9). Load it with
    ``trickcore.load("euchre", **options)``."""

    name: ClassVar[str] = "euchre"
    title: ClassVar[str] = "Euchre (North American)"
    seat_counts: ClassVar[tuple[int, ...]] = (4,)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[EuchreOptions]] = EuchreOptions
    action_type: ClassVar[Any] = EuchreAction
    state_type: ClassVar[type[EuchreState]] = EuchreState
    view_type: ClassVar[type[EuchreView]] = EuchreView
    event_type: ClassVar[Any] = ev.EuchreEvent
    play_type: ClassVar[type[Play]] = Play
    # The kit's layout (TrickGame): its phases named here, not with `phases=Phase`, which a
    # class compiled by mypyc does not pass on to __init_subclass__.
    draw_phase: ClassVar[Any] = Phase.DRAW_DEALER
    deal_phase: ClassVar[Any] = Phase.DEAL
    play_phase: ClassVar[Any] = Phase.PLAY
    over_phase: ClassVar[Any] = Phase.OVER
    chance_phases: ClassVar[frozenset[Any]] = frozenset({Phase.DRAW_DEALER, Phase.DEAL})
    progress_fields = ("phase", "dealer", "scores", "hand_number", "last_hand")
    renderer: ClassVar[Renderer[EuchreView]] = EuchreRenderer()
    """How frontends show a view (see :func:`trickcore.render.renderer_for`)."""

    def __init__(self, options: EuchreOptions | None = None) -> None:
        options = options if options is not None else EuchreOptions()
        deck = deck_for(options.deck)
        # E7: follow suit, the left bower counting as a trump (E2)
        policies = {suit: FollowSuit(trick_order(deck, suit)) for suit in Suit}
        super().__init__(options, SEATING, PROJECTION, deck, deal=DEAL, policies=policies)
        self.deck: tuple[Card, ...] = self.pack
        """The pack, in index order (E2)."""
        self._discards = {card: Discard(card=card) for card in self.deck}
        self._calls = {suit: Call(suit=suit) for suit in Suit}
        self._all_calls = tuple(self._calls.values())
        self._second_round = {
            up: tuple(call for suit, call in self._calls.items() if suit is not up) for up in Suit
        }
        may_go_alone = _MAY_GO_ALONE[self._options.who_may_go_alone]
        self._asked_alone = tuple(
            tuple(seat for seat in SEATING.order(maker) if may_go_alone(seat, maker))
            for maker in range(SEATING.seats)
        )
        """E6: the seats asked "alone?" in order, by the maker's seat (worked out once)."""
        self._declarations = tuple(
            (Declaration(seat=seat, alone=False), Declaration(seat=seat, alone=True))
            for seat in range(SEATING.seats)
        )
        self._playout = EuchrePlayout(
            self._options,
            policies,
            self.pack,
            asked_alone=self._asked_alone,
            first_lead=self.first_lead,
            hand_result=self.hand_result,
            hand_score=self.hand_score,
        )
        self.phase_rules = {
            **self.kit_rules(),  # the draw, the play (E7) and the end
            Phase.DEAL: self._deal,
            Phase.BID_FIRST: self._bid,
            Phase.BID_SECOND: self._bid,
            Phase.JOKER_CALL: self._bid,
            Phase.DISCARD: self._discard,
            Phase.ALONE: self._declare,
        }

    # -- the protocol ----------------------------------------------------------------------

    def most_actions(self) -> int | None:
        """A bound on the actions of a game (for OpenSpiel): with ``single_hand``, the dealer
        draw (E1), the shuffle card by card (E3), two rounds of bidding (E4), the joker call
        (E5), the discard, every seat asked whether it plays alone (E6) and every card dealt
        played (E7). ``None`` for a game of several hands: hands thrown in are dealt again
        without end (E4)."""
        if not self._options.single_hand:
            return None
        seats = self.seats
        dealt = DEAL.size - DEAL.kick
        return 1 + len(self.pack) + 2 * seats + 1 + 1 + seats + dealt

    def legal_actions(self, state: EuchreState) -> tuple[EuchreAction, ...]:
        """The actor's legal actions; ``()`` at a shuffle (it cannot be listed) and at the end."""
        phase = state.phase
        if phase is _PLAY:  # E7 (the kit's legal_plays, written out: the hot path)
            assert state.trump is not None
            policy = self.policies[state.trump]
            return policy.legal_plays(state.hands[state.turn], state.trick, self.plays)
        if phase is _BID_FIRST:
            return (_PASS, _ORDER_UP)
        if phase is _ALONE:
            return (_GO_ALONE, _WITH_PARTNER)
        if phase is _BID_SECOND:
            assert state.up_card is not None and state.up_card.suit is not None
            calls = self._second_round[state.up_card.suit]
            if self._options.stick_the_dealer and state.turn == state.dealer:
                return calls
            return (_PASS, *calls)
        if phase is _DISCARD:
            return tuple(map(self._discards.__getitem__, state.hands[state.turn]))
        if phase is _JOKER_CALL:
            return self._all_calls
        return super().legal_actions(state)  # the draw for the first dealer; no shuffle

    def random_playout(
        self, state: EuchreState, rng: Rng, *, until_chance: bool = False
    ) -> EuchreState:
        """The end of a random playout from ``state`` (:class:`trickcore.playout.FastPlayout`):
        the same end as :func:`trickcore.playout.random_playout` from the same stream, played
        on a private mutable state (:mod:`trickcore_euchre.playout`)."""
        phase = state.phase
        if phase is self._over_phase:
            return state
        if phase is self._draw_phase:  # once a game, through the public rules
            state = self.apply(state, self.sample_chance(state, rng))
        return self._playout.run(state, rng, until_chance)

    def random_playout_outcome(
        self, state: EuchreState, rng: Rng, *, until_chance: bool = False
    ) -> Outcome:
        """The outcome at the end of :meth:`random_playout`'s playout, drawn the same
        (:class:`trickcore.playout.FastOutcome`), without building the final state: what a
        search bot's random playout is worth."""
        phase = state.phase
        if phase is self._over_phase:
            return self.outcome(state)
        if phase is self._draw_phase:  # once a game, through the public rules
            state = self.apply(state, self.sample_chance(state, rng))
        return self._playout.outcome(state, rng, until_chance)

    # The parts of the protocol written in modules of their own, each taking the game first
    # (methods, not functions set in the class body: a compiled class does not bind those).
    def secret_sizes(self, view: EuchreView) -> dict[str, int]:
        """What ``determinize`` deals beyond the other hands: the undealt cards and the
        dealer's discard (:mod:`trickcore_euchre.determinize`); the kit draws uniformly among
        the consistent deals."""
        return _determinize.secret_sizes(self, view)

    def held_cards(self, view: EuchreView) -> dict[Card, Seat]:
        """The up-card the dealer took, known to be in their hand
        (:mod:`trickcore_euchre.determinize`)."""
        return _determinize.held_cards(self, view)

    def seen_cards(self, view: EuchreView) -> Collection[Card]:
        """Every card the view shows, by its fields (:mod:`trickcore_euchre.determinize`)."""
        return _determinize.seen_cards(self, view)

    def seen_and_held(self, view: EuchreView) -> tuple[Collection[Card], dict[Card, Seat]]:
        """:meth:`seen_cards` and :meth:`held_cards` from one walk of the tricks
        (:mod:`trickcore_euchre.determinize`)."""
        return _determinize.seen_and_held(self, view)

    def view_encoding(self) -> ViewLayout[EuchreView]:
        """Views as fixed-length vectors in ``[0, 1]``, for learning libraries
        (:mod:`trickcore.encoding`; the layout: :mod:`trickcore_euchre.encoding`)."""
        return view_layout(self)

    def problems(self, state: EuchreState) -> list[str]:
        """What stops a game from reaching ``state`` (``validate`` raises them)."""
        return _validate.problems(self, state)

    def discard_action(self, card: Card) -> Discard:
        """The action that discards ``card`` (E4): for a card of the deck, the one the game's
        ``legal_actions`` lists, built once."""
        action = self._discards.get(card)
        return Discard(card=card) if action is None else action

    def hand_history(self, state: EuchreState) -> tuple[EuchreState, tuple[EuchreAction, ...]]:
        """The state before the current hand's shuffle and the hand's actions since
        (:func:`trickcore_euchre.validate.hand_history`)."""
        return _validate.hand_history(self, state)

    # -- the transition --------------------------------------------------------------------

    def _bid(self, state: EuchreState, action: EuchreAction, log: EventLog | None) -> EuchreState:
        """A pass or an order-up in the first round, a pass or a suit named in the second
        (E4); a suit named by the dealer over a turned-up joker (E5)."""
        phase = state.phase
        match action:
            case Pass() if phase is not _JOKER_CALL:
                return self._pass(state, action, log)
            case OrderUp() if phase is _BID_FIRST:
                return self._order_up(state, log)
            case Call() if phase is not _BID_FIRST:
                return self._call(state, action, log)
            case _:
                raise self.illegal(state, action)

    # -- the deal (E3) ---------------------------------------------------------------------

    def _deal(self, state: EuchreState, action: EuchreAction, log: EventLog | None) -> EuchreState:
        """E3: one card at a time from the dealer's left; the 21st card is the up-card. Over a
        turned-up joker the dealer does not see their hand until they name trump (E5)."""
        dealer, hand_number = state.dealer, state.hand_number + 1
        assert dealer is not None

        def shown(dealt: Dealt, seat: int) -> bool:
            return dealt.kick[0] is not _JOKER or seat != dealer

        dealt = self.deal_shuffle(state, action, dealer, hand_number, log, shown=shown)
        (up_card,) = dealt.kick
        joker_up = up_card is _JOKER
        if log is not None:
            log.add(ev.CardTurnedUp(card=up_card))
        return EuchreState(
            phase=_JOKER_CALL if joker_up else _BID_FIRST,
            dealer=dealer,
            scores=state.scores,
            hand_number=hand_number,
            hands=dealt.hands,
            up_card=up_card,
            undealt=dealt.stock,
            turn=dealer if joker_up else SEATING.next(dealer),
            last_hand=state.last_hand,
        )

    # -- bidding (E4, E5) ------------------------------------------------------------------

    def _pass(self, state: EuchreState, action: Pass, log: EventLog | None) -> EuchreState:
        seat, dealer = state.turn, state.dealer
        assert dealer is not None and state.up_card is not None
        first_round = state.phase is _BID_FIRST
        if not first_round and self._options.stick_the_dealer and seat == dealer:
            raise self.illegal(state, action, "stick the dealer: the dealer must name trump")
        if log is not None:
            log.add(ev.Passed(seat=seat, round=1 if first_round else 2))
        auction = (*state.auction, _PASSES[seat])
        if seat != dealer:
            return replace(state, auction=auction, turn=SEATING.next(seat))
        if first_round:  # all four passed: the up-card is turned down
            if log is not None:
                log.add(ev.UpCardTurnedDown(card=state.up_card))
            return replace(state, phase=_BID_SECOND, auction=auction, turn=SEATING.next(dealer))
        return self._throw_in(replace(state, auction=auction), log)

    def _order_up(self, state: EuchreState, log: EventLog | None) -> EuchreState:
        seat, dealer, up_card = state.turn, state.dealer, state.up_card
        assert dealer is not None and up_card is not None and up_card.suit is not None
        if log is not None:
            log.add(ev.OrderedUp(seat=seat, suit=up_card.suit, dealer=dealer, up_card=up_card))
        bid = Bid(seat=seat, kind="order_up", suit=up_card.suit)
        return self._dealer_takes_up_card(state, up_card.suit, seat, bid)

    def _call(self, state: EuchreState, action: Call, log: EventLog | None) -> EuchreState:
        seat, suit = state.turn, action.suit
        assert state.up_card is not None
        bid = Bid(seat=seat, kind="call", suit=suit)
        if state.phase is _JOKER_CALL:  # E5: the dealer names trump and takes the joker
            after = self._dealer_takes_up_card(state, suit, seat, bid)
            if log is not None:
                hand = log.own(seat, after.hands[seat])
                log.add(ev.TrumpCalled(seat=seat, suit=suit, joker_up=True, hand=hand))
            return after
        if suit is state.up_card.suit:
            raise self.illegal(state, action, "the turned-down suit may not be named")
        if log is not None:
            log.add(ev.TrumpCalled(seat=seat, suit=suit))
        return self._start_alone(state, log, auction=(*state.auction, bid), trump=suit, maker=seat)

    def _dealer_takes_up_card(
        self, state: EuchreState, trump: Suit, maker: int, bid: Bid
    ) -> EuchreState:
        dealer = state.dealer
        assert dealer is not None and state.up_card is not None
        hands = give(state.hands, dealer, (state.up_card,))
        return replace(
            state,
            phase=_DISCARD,
            auction=(*state.auction, bid),
            trump=trump,
            maker=maker,
            picked_up=True,
            hands=hands,
            turn=dealer,
        )

    def _discard(
        self, state: EuchreState, action: EuchreAction, log: EventLog | None
    ) -> EuchreState:
        dealer = state.turn
        hand = state.hands[dealer]
        match action:
            case Discard(card=card) if card in hand:  # E4
                pass
            case _:
                raise self.illegal(state, action)
        if log is not None:
            log.add(ev.Discarded(seat=dealer, card=log.own(dealer, card)))
        return self._start_alone(state, log, hands=take(state.hands, dealer, card), discard=card)

    def _throw_in(self, state: EuchreState, log: EventLog | None) -> EuchreState:
        """E4: all passed twice; the deal passes to the left (or a single hand is a draw)."""
        dealer = state.dealer
        assert dealer is not None
        result = HandResult(hand_number=state.hand_number, dealer=dealer, thrown_in=True)
        over = self._options.single_hand
        if log is not None:
            log.add(ev.HandThrownIn(dealer=dealer))
        return self.next_hand(state, log, over=over, turn=0, last_hand=result)

    # -- going alone (E6) ------------------------------------------------------------------

    def _start_alone(self, state: EuchreState, log: EventLog | None, **changes: Any) -> EuchreState:
        maker = changes.get("maker", state.maker)
        assert maker is not None
        asked = self._asked_alone[maker]
        if not asked:
            return self._start_play(replace(state, **changes), log)
        return replace(state, phase=_ALONE, pending=asked, turn=asked[0], **changes)

    def _declare(
        self, state: EuchreState, action: EuchreAction, log: EventLog | None
    ) -> EuchreState:
        kind = type(action)  # E6 (exact types: apply refuses any other class of action)
        if kind is not GoAlone and kind is not WithPartner:
            raise self.illegal(state, action)
        alone = kind is GoAlone
        seat = state.turn
        rest = state.pending[1:]
        if alone:  # the partner sits out and, if still to be asked, is not asked
            partner = SEATING.partner(seat)
            if partner in rest:
                asked = list(rest)
                asked.remove(partner)
                rest = tuple(asked)
            if log is not None:
                log.add(ev.WentAlone(seat=seat, partner=partner))
        elif log is not None:
            log.add(ev.WithPartnerDeclared(seat=seat))
        declarations = (*state.declarations, self._declarations[seat][alone])
        if not rest:
            return self._start_play(replace(state, declarations=declarations, pending=()), log)
        return replace(state, declarations=declarations, pending=rest, turn=rest[0])

    # -- play (E7) -------------------------------------------------------------------------

    def _start_play(self, state: EuchreState, log: EventLog | None) -> EuchreState:
        dealer, maker, trump = state.dealer, state.maker, state.trump
        assert dealer is not None and maker is not None and trump is not None
        loners = tuple([d.seat for d in state.declarations if d.alone])
        leader, sitting_out = self.first_lead(dealer, maker, loners)
        if log is not None:
            log.add(ev.PlayBegins(trump=trump, maker=maker, leader=leader, sitting_out=sitting_out))
        return self.lead(state, leader, sitting_out, sitting_out=sitting_out)

    def first_lead(
        self, dealer: Seat, maker: Seat, loners: tuple[Seat, ...]
    ) -> tuple[Seat, tuple[Seat, ...]]:
        """E6, E7: who leads the first trick and who sits out (the partners of the seats that
        went alone, ``loners``), for the public rules and Euchre's own playout alike."""
        sitting_out = tuple([SEATING.partner(seat) for seat in loners])
        if self._options.lone_lead == "dealer_left" or not loners:
            leader = SEATING.after(dealer, skip=sitting_out)
        elif len(loners) == 1:
            leader = SEATING.next(loners[0])
        else:  # both sides alone: the lone defender leads
            leader = loners[0] if not SEATING.same_side(loners[0], maker) else loners[1]
        return leader, sitting_out

    def trick_won(
        self,
        state: EuchreState,
        hands: tuple[tuple[Card, ...], ...],
        tricks: tuple[Trick, ...],
        log: EventLog | None,
    ) -> EuchreState:
        """E7: after each card the kit's ``play`` rule; after a trick, the trick counts for
        its winner's side, and the winner leads the next one (a partner sitting out is
        skipped) or, after the fifth, the hand is scored (E8)."""
        winner = tricks[-1].winner  # the kit's next_trick, written out: the hot path
        won = add_points(state.tricks_won, SEATING.side(winner), 1)
        if hands[winner]:
            seats = SEATING.order(winner, skip=state.sitting_out)
            return replace(
                state,
                hands=hands,
                trick=(),
                tricks=tricks,
                tricks_won=won,
                turn=winner,
                trick_seats=seats,
            )
        end = replace(state, hands=hands, trick=(), trick_seats=(), tricks=tricks, tricks_won=won)
        return self.score_hand(end, log)

    # -- scoring (E8) and the end of the game (E1, E9) --------------------------------------

    def hand_score(
        self, makers: int, loners: tuple[int, ...], tricks_won: tuple[int, int]
    ) -> tuple[int, int, str]:
        """E8: the side that scores a played hand, its points and why, from the makers' side,
        the seats that went alone and the tricks each side won."""
        defenders = 1 - makers
        makers_alone = defender_alone = False
        for seat in loners:  # a loop, not any() over generators: see trickcore.kit.tricks
            if SEATING.side(seat) == makers:
                makers_alone = True
            else:
                defender_alone = True
        made = tricks_won[makers]
        if made >= 3:
            if made < TRICKS:
                return makers, 1, "the makers take 3 or 4 tricks"
            if makers_alone:
                return makers, 4, "a lone maker takes all 5 tricks"
            return makers, 2, "the makers take all 5 tricks (a march)"
        if defender_alone and (made == 0 or self._options.lone_defender_bonus):
            return defenders, 4, "a lone defender euchres the makers"
        return defenders, 2, "the makers are euchred"

    def score_hand(self, state: EuchreState, log: EventLog | None = None) -> EuchreState:
        """E8: score a hand whose five tricks are in ``state``, telling ``log`` (if any); the
        end of the game or the next deal follows (also for :meth:`random_playout`)."""
        maker, dealer = state.maker, state.dealer
        assert maker is not None and dealer is not None
        loners = tuple([d.seat for d in state.declarations if d.alone])
        result, reason = self.hand_result(
            state.hand_number, dealer, maker, loners, state.tricks_won
        )
        side, points = result.scoring_side, result.points
        assert side is not None
        scores = add_points(state.scores, side, points)
        over = self._options.single_hand or scores[side] >= self._options.target  # E1, E9
        if log is not None:
            log.add(
                ev.PointsScored(side=side, points=points, reason=reason, rule="E8", scores=scores)
            )
        # the end of the game (E1, E9), or the next deal, by the player to the left (E3)
        return self.next_hand(
            state, log, over=over, winner=side, turn=0, scores=scores, last_hand=result
        )

    def hand_result(
        self,
        hand_number: int,
        dealer: Seat,
        maker: Seat,
        loners: tuple[Seat, ...],
        tricks_won: tuple[int, int],
    ) -> tuple[HandResult, str]:
        """E8: the record of a played hand (the side that scores and its points) and why, for
        :meth:`score_hand` and Euchre's own playout alike."""
        makers = SEATING.side(maker)
        side, points, reason = self.hand_score(makers, loners, tricks_won)
        result = HandResult(
            hand_number=hand_number,
            dealer=dealer,
            makers=makers,
            maker=maker,
            alone=loners,
            tricks=tricks_won,
            scoring_side=side,
            points=points,
        )
        return result, reason

    def end_hand(self, state: EuchreState, log: EventLog | None) -> EuchreState:
        """The kit's step after the last trick (:meth:`TrickGame.next_trick`): the scoring,
        :meth:`score_hand`."""
        return self.score_hand(state, log)


if TYPE_CHECKING:  # mypy proves that Euchre satisfies the Game protocol
    _: Game[EuchreState, EuchreAction, EuchreView, EuchreOptions] = Euchre()
