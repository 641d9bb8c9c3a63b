"""The rules of All Fours (rule book F1-F8) as pure functions over :class:`AllFoursState`.

:meth:`AllFours.apply` and :meth:`AllFours.events` run the same transition
(:meth:`AllFours.transition`): the rule of the state's phase, which matches the actions that
phase accepts. ``events`` passes an :class:`~trickcore.kit.events.EventLog` that the rule code
writes to where it does what the event reports; ``apply`` passes none. Seats (anticlockwise),
the deals and the tricks come from the kit (:mod:`trickcore.kit`).

Points count the moment they are scored (F5): every award goes through :meth:`AllFours._award`,
and the game ends as soon as a side reaches the target, mid-deal or mid-count.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.game import CHANCE, Actor, Direction, Game, Outcome, Shuffle
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import DealSchedule, take
from trickcore.kit.events import (
    CardPlayed,
    Dealt,
    EventLog,
    GameOver,
    HandOver,
    PointsScored,
    TrickWon,
)
from trickcore.kit.hidden import LastView
from trickcore.kit.tricks import FollowOrTrump, TrickOrder, tricks_by_side
from trickcore.render import Renderer
from trickcore.rng import Rng
from trickcore_allfours import determinize as _determinize
from trickcore_allfours import validate as _validate
from trickcore_allfours.actions import AllFoursAction, Beg, GiveOne, Play, RunPack, Stand
from trickcore_allfours.deal import PACK, TABLES
from trickcore_allfours.events import (
    AllFoursEvent,
    Begged,
    GameCounted,
    GaveOne,
    Kicked,
    PackRun,
    PlayBegins,
    Redealt,
    Stood,
)
from trickcore_allfours.options import AllFoursOptions
from trickcore_allfours.render import AllFoursRenderer
from trickcore_allfours.scoring import Award, count, game_points, kick_points
from trickcore_allfours.state import AllFoursState, HandResult, Kick, Phase, Reason, Score
from trickcore_allfours.view import PROJECTION, AllFoursView

__all__ = ["REASONS", "AllFours"]

_STAND, _BEG, _GIVE_ONE, _RUN_PACK = Stand(), Beg(), GiveOne(), RunPack()

"""The rule of one phase: the state after an action, written to the log if there is one."""

REASONS: dict[Reason, tuple[str, str]] = {
    "kick": ("the kick", "F2"),
    "give_one": ("given one for the beg", "F3"),
    "high": ("High", "F5"),
    "low": ("Low", "F5"),
    "jack": ("Jack", "F5"),
    "hang_jack": ("hang jack", "F5"),
    "game": ("Game", "F5"),
}
"""Each reason for points in words, and the rule-book section that awards them."""


class AllFours(TrickGame[AllFoursState, AllFoursAction, AllFoursView, AllFoursOptions]):
    """All Fours, Trinidad rules, bound to its options (F7). Load it with
    ``trickcore.load("allfours", **options)``; ``players=2`` plays All Twos."""

    name: ClassVar[str] = "allfours"
    title: ClassVar[str] = "All Fours (Trinidad)"
    seat_counts: ClassVar[tuple[int, ...]] = (2, 4)
    direction: ClassVar[Direction] = Direction.ANTICLOCKWISE
    options_type: ClassVar[type[AllFoursOptions]] = AllFoursOptions
    action_type: ClassVar[Any] = AllFoursAction
    state_type: ClassVar[type[AllFoursState]] = AllFoursState
    view_type: ClassVar[type[AllFoursView]] = AllFoursView
    event_type: ClassVar[Any] = AllFoursEvent
    deal_phase: ClassVar[Phase] = Phase.DEAL
    """The phase after the draw for the first dealer (the kit's ``draw_dealer`` rule)."""
    renderer: ClassVar[Renderer[AllFoursView]] = AllFoursRenderer()
    """How frontends show a view (see :func:`trickcore.render.renderer_for`)."""

    def __init__(self, options: AllFoursOptions | None = None) -> None:
        options = options if options is not None else AllFoursOptions()
        table = TABLES[options.players]
        super().__init__(options, table.seating, PROJECTION, PACK, deal=table.deal)
        self.first_deal: DealSchedule = table.deal
        """How a fresh deal deals a shuffle: 6 each, then a kick (F2)."""
        self.run: DealSchedule = table.run
        """How a run of the pack deals from the stock: 3 more each, then a kick (F3)."""
        self._policies = {
            suit: FollowOrTrump(TrickOrder.plain(PACK, suit), no_undertrump=options.no_undertrump)
            for suit in Suit
        }
        self._plays = {card: Play(card=card) for card in PACK}
        # Search bots draw many states from one view: what depends on the view is prepared once.
        self._determinizers = LastView(partial(_determinize.determinizer, self))
        self._no_hands: tuple[tuple[Card, ...], ...] = ((),) * table.seating.seats
        self.phase_rules = {
            Phase.DRAW_DEALER: self.draw_dealer,
            Phase.DEAL: self._deal,
            Phase.STAND_OR_BEG: self._stand_or_beg,
            Phase.GIVE_OR_RUN: self._give_or_run,
            Phase.PLAY: self._play,
            Phase.OVER: self.game_over,
        }

    # -- the rules of the table -------------------------------------------------------------

    def follow_policy(self, trump: Suit) -> FollowOrTrump:
        """Follow suit or trump, with ``trump`` as trump and the ``no_undertrump`` option (F4)."""
        return self._policies[trump]

    def trick_order(self, trump: Suit) -> TrickOrder:
        """Card strengths with ``trump`` as trump: A K Q J 10 ... 2, trumps above all (F1, F4)."""
        return self._policies[trump].order

    def beggar(self, dealer: int) -> int:
        """The seat that stands or begs and leads first: the dealer's right (F3, F4)."""
        return self.seating.next(dealer)

    def may_give_one(self, state: AllFoursState) -> bool:
        """Whether the dealer may answer the beg by giving one (F3, ``no_give_to_win``)."""
        if not self._options.no_give_to_win or state.dealer is None:
            return True
        side = self.seating.side(self.beggar(state.dealer))
        return state.scores[side] + 1 < self._options.target

    # -- the protocol ----------------------------------------------------------------------

    def initial_state(self) -> AllFoursState:
        """Before the first chance action: the dealer draw, or the first deal when the option
        ``first_dealer`` fixes the dealer (F1)."""
        first = self._options.first_dealer
        phase = Phase.DRAW_DEALER if first is None else Phase.DEAL
        return AllFoursState(phase=phase, dealer=first, hands=self._no_hands)

    def actor(self, state: AllFoursState) -> Actor:
        """The seat to act, :data:`~trickcore.CHANCE` for the draw and the shuffle, ``None``
        once the game is over."""
        phase = state.phase
        if phase is Phase.OVER:
            return None
        if phase is Phase.DEAL or phase is Phase.DRAW_DEALER:
            return CHANCE
        return state.turn

    def legal_actions(self, state: AllFoursState) -> tuple[AllFoursAction, ...]:
        """The actor's legal actions; ``()`` at a shuffle (it cannot be listed) and at the end."""
        phase = state.phase
        if phase is Phase.PLAY:  # F4
            assert state.trump is not None
            policy = self._policies[state.trump]
            return policy.legal_plays(state.hands[state.turn], state.trick, self._plays)
        if phase is Phase.STAND_OR_BEG:
            return (_STAND, _BEG)
        if phase is Phase.GIVE_OR_RUN:
            return (_GIVE_ONE, _RUN_PACK) if self.may_give_one(state) else (_RUN_PACK,)
        if phase is Phase.DRAW_DEALER:
            return self.dealer_draws
        return ()

    def outcome(self, state: AllFoursState) -> Outcome:
        """Points per side; over when a side reached the target, or after one hand with
        ``single_hand`` (the side with more points in it wins; equal points: a draw)."""
        over = state.phase is Phase.OVER
        return Outcome.settle(self.sides, state.scores, finished=over, winner=state.winner)

    def determinize(self, view: AllFoursView, rng: Rng) -> AllFoursState:
        """A full state agreeing with everything ``view`` shows; hidden cards drawn from rng.
        Drawing again from the same view object reuses what was prepared from it
        (:class:`~trickcore.kit.hidden.LastView`)."""
        return self._determinizers(view)(rng)

    def problems(self, state: AllFoursState) -> list[str]:
        """What stops a game from reaching ``state`` (``validate`` raises them)."""
        return _validate.problems(self, state)

    # -- the transition --------------------------------------------------------------------

    # -- the deal and the kick (F2) --------------------------------------------------------

    def _deal(
        self, state: AllFoursState, action: AllFoursAction, log: EventLog | None
    ) -> AllFoursState:
        """F2: 6 cards each, one at a time from the dealer's right; the next card is kicked.
        A redeal (the pack ran out, F3) belongs to the same hand."""
        match action:
            case Shuffle():
                order = self.shuffled_pack(state, action)
            case _:
                raise self.illegal(state, action)
        dealer = state.dealer
        assert dealer is not None
        dealt = self.first_deal.deal(order, dealer)
        hand_number = state.hand_number + (state.redeals == 0)
        if log is not None:
            hand = log.own_entry(dealt.hands)
            log.add(Dealt(hand_number=hand_number, dealer=dealer, hand=hand))
        state = replace(
            state,
            phase=Phase.STAND_OR_BEG,
            hand_number=hand_number,
            hands=dealt.hands,
            stock=dealt.stock,
            turn=self.beggar(dealer),
        )
        return self._ended(self._kick(state, dealt.kick[0], log), log)

    def _kick(self, state: AllFoursState, card: Card, log: EventLog | None) -> AllFoursState:
        """Turn up ``card``: its suit is trump and it scores for the dealer's side (F2)."""
        dealer = state.dealer
        assert dealer is not None
        points = kick_points(card, tobago=self._options.tobago)
        kicks = (*state.kicks, Kick(card=card, points=points))
        if log is not None:
            log.add(Kicked(dealer=dealer, card=card, points=points, number=len(kicks)))
        state = replace(state, kicks=kicks, trump=card.suit)
        if points:
            return self._award(state, Award(self.side_of(dealer), points, "kick", card), log)
        return state

    # -- standing and begging (F3) ---------------------------------------------------------

    def _stand_or_beg(
        self, state: AllFoursState, action: AllFoursAction, log: EventLog | None
    ) -> AllFoursState:
        seat = state.turn
        match action:
            case Stand():
                if log is not None:
                    log.add(Stood(seat=seat))
                return self._start_play(replace(state, call="stand"), log)
            case Beg():
                if log is not None:
                    log.add(Begged(seat=seat))
                assert state.dealer is not None
                return replace(state, phase=Phase.GIVE_OR_RUN, call="beg", turn=state.dealer)
            case _:
                raise self.illegal(state, action)

    def _give_or_run(
        self, state: AllFoursState, action: AllFoursAction, log: EventLog | None
    ) -> AllFoursState:
        dealer = state.dealer
        assert dealer is not None
        match action:
            case GiveOne():
                if not self.may_give_one(state):
                    raise self.illegal(
                        state, action, "no_give_to_win: that point would win the game"
                    )
                if log is not None:
                    log.add(GaveOne(seat=dealer))
                side = self.side_of(self.beggar(dealer))
                state = replace(state, answer="give_one")
                state = self._award(state, Award(side, 1, "give_one", None), log)
                if state.phase is Phase.OVER:
                    return self._ended(state, log)
                return self._start_play(state, log)
            case RunPack():
                return self._ended(self._run_pack(replace(state, answer="run_pack"), log), log)
            case _:
                raise self.illegal(state, action)

    def _run_pack(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """F3: 3 more cards each and a new kick, again while the kick repeats the begged suit;
        a fresh deal by the same dealer when the pack cannot supply another run."""
        dealer = state.dealer
        begged = state.trump
        assert dealer is not None and begged is not None
        while True:
            if not self.run.can_deal(len(state.stock)):
                return self._redeal(state, log)
            dealt = self.run.deal(state.stock, dealer)
            hands = tuple(held + more for held, more in zip(state.hands, dealt.hands, strict=True))
            if log is not None:
                log.add(PackRun(dealer=dealer, hand=log.own_entry(hands)))
            state = self._kick(replace(state, hands=hands, stock=dealt.stock), dealt.kick[0], log)
            if state.phase is Phase.OVER:
                return state
            if state.trump is not begged:
                return self._start_play(state, log)

    def _redeal(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """F3: the cards are collected; the same dealer shuffles and deals again, and the points
        scored meanwhile are kept."""
        assert state.dealer is not None
        if log is not None:
            log.add(Redealt(dealer=state.dealer))
        return AllFoursState(
            phase=Phase.DEAL,
            dealer=state.dealer,
            scores=state.scores,
            hand_number=state.hand_number,
            redeals=state.redeals + 1,
            hand_points=state.hand_points,
            hands=self._no_hands,
            last_hand=state.last_hand,
        )

    # -- play (F4) -------------------------------------------------------------------------

    def _start_play(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        assert state.dealer is not None and state.trump is not None
        leader = self.beggar(state.dealer)  # F4: the dealer's right leads
        if log is not None:
            log.add(PlayBegins(trump=state.trump, leader=leader))
        return replace(state, phase=Phase.PLAY, turn=leader, trick_seats=self.seating.order(leader))

    def _play(
        self, state: AllFoursState, action: AllFoursAction, log: EventLog | None
    ) -> AllFoursState:
        if type(action) is not Play:  # a type test, not a match: this is the hot path
            raise self.illegal(state, action)
        card = action.card
        seat = state.turn
        trick = state.trick
        hand = state.hands[seat]
        if card not in hand:
            raise self.illegal(state, action, f"seat {seat} does not hold {card}")
        assert state.trump is not None
        policy = self._policies[state.trump]
        if trick and not policy.allows(hand, trick, card):  # F4
            raise self.illegal(state, action, policy.refusal(hand, trick, card))
        if log is not None:
            log.add(CardPlayed(seat=seat, card=card))
        hands = take(state.hands, seat, card)
        trick = (*trick, card)
        seats = state.trick_seats
        if len(trick) < len(seats):
            return replace(state, hands=hands, trick=trick, turn=seats[len(trick)])
        done = policy.finish(seats, trick)
        winner = done.winner
        tricks = (*state.tricks, done)
        if log is not None:
            log.add(TrickWon(seat=winner, number=len(tricks), cards=trick))
        if hands[winner]:
            return replace(
                state,
                hands=hands,
                trick=(),
                tricks=tricks,
                turn=winner,
                trick_seats=self.seating.order(winner),
            )
        return self._count(
            replace(state, hands=hands, trick=(), trick_seats=(), tricks=tricks), log
        )

    # -- scoring (F5) and the end of the game (F1, F7) -------------------------------------

    def _award(self, state: AllFoursState, award: Award, log: EventLog | None) -> AllFoursState:
        """Score ``award`` at once (F5); the game ends if its side reaches the target."""
        side, points = award.side, award.points
        scores = (
            (state.scores[0] + points, state.scores[1])
            if side == 0
            else (state.scores[0], state.scores[1] + points)
        )
        hand_points = (
            (state.hand_points[0] + points, state.hand_points[1])
            if side == 0
            else (state.hand_points[0], state.hand_points[1] + points)
        )
        score = Score(side=side, points=points, reason=award.reason, card=award.card)
        if log is not None:
            words, rule = REASONS[award.reason]
            reason = f"{words} {award.card}" if award.card is not None else words
            log.add(PointsScored(side=side, points=points, reason=reason, rule=rule, scores=scores))
        state = replace(
            state, scores=scores, hand_points=hand_points, scored=(*state.scored, score)
        )
        if scores[side] >= self._options.target:  # F5: the game ends at once
            return replace(state, phase=Phase.OVER, turn=0, winner=side)
        return state

    def _ended(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """``state`` as it is; if the game is over in it, the log says so."""
        if log is not None and state.phase is Phase.OVER:
            log.add(GameOver(winner=state.winner, scores=state.scores))
        return state

    def _count(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """F5: High, Low, Jack, Game, each scored the moment it is counted."""
        trump, dealer = state.trump, state.dealer
        assert trump is not None and dealer is not None
        seating, tricks = self.seating, state.tricks
        totals = game_points(seating, tricks)
        for award in count(seating, tricks, trump, hang_jack=self._options.hang_jack):
            if award.reason == "game" and log is not None:
                log.add(GameCounted(points=totals))
            state = self._award(state, award, log)
            if state.phase is Phase.OVER:
                return self._ended(self._hand_over(state, totals, log), log)
        if totals[0] == totals[1] and log is not None:
            log.add(GameCounted(points=totals))
        state = self._hand_over(state, totals, log)
        if self._options.single_hand:
            points = state.hand_points
            best = None if points[0] == points[1] else int(points[1] > points[0])
            return self._ended(replace(state, phase=Phase.OVER, turn=0, winner=best), log)
        return AllFoursState(
            phase=Phase.DEAL,
            dealer=self.seating.next(dealer),  # F1: the deal passes to the right
            scores=state.scores,
            hand_number=state.hand_number,
            hands=self._no_hands,
            last_hand=state.last_hand,
        )

    def _hand_over(
        self, state: AllFoursState, totals: tuple[int, int], log: EventLog | None
    ) -> AllFoursState:
        """Record the finished hand's count and log the hand's end."""
        assert state.trump is not None and state.dealer is not None
        result = HandResult(
            hand_number=state.hand_number,
            dealer=state.dealer,
            trump=state.trump,
            scored=state.scored,
            game_points=totals,
            hand_points=state.hand_points,
        )
        if log is not None:
            won = tricks_by_side(self.seating, state.tricks)
            log.add(HandOver(hand_number=state.hand_number, tricks=won, scores=state.scores))
        return replace(state, last_hand=result)


if TYPE_CHECKING:  # mypy proves that AllFours satisfies the Game protocol
    _: Game[AllFoursState, AllFoursAction, AllFoursView, AllFoursOptions] = AllFours()
