"""The rules of All Fours (rule book F1-F8) as pure functions over :class:`AllFoursState`.

:meth:`AllFours.apply` and :meth:`AllFours.events` run the same transition
(:meth:`AllFours.transition`): the rule of the state's phase, which matches the actions that
phase accepts. ``events`` passes an :class:`~trickcore.kit.events.EventLog` that the rule code
writes to where it does what the event reports; ``apply`` passes none. Seats (anticlockwise),
the deals and the tricks come from the kit (:mod:`trickcore.kit`), and the state is in the kit's
layout (:mod:`trickcore.kit.base`): who acts, the outcome and the play of each card are the
kit's.

Points count the moment they are scored (F5): every award goes through :meth:`AllFours._award`,
and the game ends as soon as a side reaches the target, mid-deal or mid-count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.encoding import ViewLayout
from trickcore.game import Direction, Game
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import DealSchedule
from trickcore.kit.events import Dealt, EventLog, GameOver, PointsScored, tell_hand_over
from trickcore.kit.playout_method import FastPlayoutMethod
from trickcore.kit.scoring import add_points
from trickcore.kit.tricks import FollowOrTrump, TrickOrder, tricks_by_side
from trickcore.render import Renderer
from trickcore.rng import Rng
from trickcore_allfours import determinize as _determinize
from trickcore_allfours import validate as _validate
from trickcore_allfours.actions import AllFoursAction, Beg, GiveOne, Play, RunPack, Stand
from trickcore_allfours.deal import PACK, TABLES
from trickcore_allfours.encoding import view_layout
from trickcore_allfours.events import (
    AllFoursEvent,
    Begged,
    GameCounted,
    GaveOne,
    HandRecorded,
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

# The phases that legal_actions tells apart on every call, as module constants: the compiled
# build reads a constant directly, an enum member by name.
_STAND_OR_BEG: Final = Phase.STAND_OR_BEG
_GIVE_OR_RUN: Final = Phase.GIVE_OR_RUN
_DRAW_DEALER: Final = Phase.DRAW_DEALER
_DEAL: Final = Phase.DEAL
_OVER: Final = Phase.OVER


class AllFours(
    FastPlayoutMethod,
    TrickGame[AllFoursState, AllFoursAction, AllFoursView, AllFoursOptions],
):
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
    play_type: ClassVar[type[Play]] = Play
    # The kit's layout (TrickGame): its phases named here, not with `phases=Phase`, which a
    # class compiled by mypyc does not pass on to __init_subclass__.
    draw_phase: ClassVar[Any] = Phase.DRAW_DEALER
    deal_phase: ClassVar[Any] = Phase.DEAL
    play_phase: ClassVar[Any] = Phase.PLAY
    over_phase: ClassVar[Any] = Phase.OVER
    chance_phases: ClassVar[frozenset[Any]] = frozenset({Phase.DRAW_DEALER, Phase.DEAL})
    renderer: ClassVar[Renderer[AllFoursView]] = AllFoursRenderer()
    """How frontends show a view (see :func:`trickcore.render.renderer_for`)."""
    prepared_draws_fit: ClassVar[bool | None] = True
    """Its :meth:`determinizer` prepares a :class:`~trickcore.kit.hidden.HiddenDeal`, which
    raises for a view that no deal fits: ``determinize`` checks a fresh view without a draw."""

    def __init__(self, options: AllFoursOptions | None = None) -> None:
        options = options if options is not None else AllFoursOptions()
        table = TABLES[options.players]
        # F4: follow suit or trump, A K Q J 10 ... 2 with trumps above all (F1)
        policies = {
            suit: FollowOrTrump(TrickOrder.plain(PACK, suit), no_undertrump=options.no_undertrump)
            for suit in Suit
        }
        super().__init__(
            options, table.seating, PROJECTION, PACK, deal=table.deal, policies=policies
        )
        self.first_deal: DealSchedule = table.deal
        """How a fresh deal deals a shuffle: 6 each, then a kick (F2)."""
        self.run: DealSchedule = table.run
        """How a run of the pack deals from the stock: 3 more each, then a kick (F3)."""
        self._no_hands: tuple[tuple[Card, ...], ...] = ((),) * table.seating.seats
        self.phase_rules = {
            **self.kit_rules(),  # the draw, the play (F4) and the end
            Phase.DEAL: self._deal,
            Phase.STAND_OR_BEG: self._stand_or_beg,
            Phase.GIVE_OR_RUN: self._give_or_run,
        }

    # -- the rules of the table -------------------------------------------------------------

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
        phase = _DRAW_DEALER if first is None else _DEAL
        return AllFoursState(phase=phase, dealer=first, hands=self._no_hands)

    def legal_actions(self, state: AllFoursState) -> tuple[AllFoursAction, ...]:
        """The actor's legal actions; ``()`` at a shuffle (it cannot be listed) and at the end."""
        phase = state.phase
        if phase is _STAND_OR_BEG:
            return (_STAND, _BEG)
        if phase is _GIVE_OR_RUN:
            return (_GIVE_ONE, _RUN_PACK) if self.may_give_one(state) else (_RUN_PACK,)
        return super().legal_actions(state)  # F4: the plays; the draw for the first dealer

    def determinizer(self, view: AllFoursView) -> Callable[[Rng], AllFoursState]:
        """How the kit's ``determinize`` draws states for ``view``: kicks and voids respected."""
        return _determinize.determinizer(self, view)

    def view_encoding(self) -> ViewLayout[AllFoursView]:
        """This game's views as fixed-length vectors in ``[0, 1]``, for learning libraries
        (:mod:`trickcore.encoding`; the layout is in :mod:`trickcore_allfours.encoding`)."""
        return view_layout(self)

    def problems(self, state: AllFoursState) -> list[str]:
        """What stops a game from reaching ``state`` (``validate`` raises them)."""
        return _validate.problems(self, state)

    def hand_history(
        self, state: AllFoursState
    ) -> tuple[AllFoursState, tuple[AllFoursAction, ...]]:
        """The state before the current deal's shuffle and its actions since
        (:func:`trickcore_allfours.validate.hand_history`)."""
        return _validate.hand_history(self, state)

    # -- the transition --------------------------------------------------------------------

    # -- the deal and the kick (F2) --------------------------------------------------------

    def _deal(
        self, state: AllFoursState, action: AllFoursAction, log: EventLog | None
    ) -> AllFoursState:
        """F2: 6 cards each, one at a time from the dealer's right; the next card is kicked.
        A redeal (the pack ran out, F3) belongs to the same hand."""
        order = self.shuffled_pack(state, action)
        dealer = state.dealer
        assert dealer is not None
        dealt = self.first_deal.deal(order, dealer)
        hand_number = state.hand_number + (state.redeals == 0)
        if log is not None:
            hand = log.own_entry(dealt.hands)
            log.add(Dealt(hand_number=hand_number, dealer=dealer, hand=hand))
        state = replace(
            state,
            phase=_STAND_OR_BEG,
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
                return replace(state, phase=_GIVE_OR_RUN, call="beg", turn=state.dealer)
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
                if state.phase is _OVER:
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
            if state.phase is _OVER:
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
            phase=_DEAL,
            dealer=state.dealer,
            scores=state.scores,
            hand_number=state.hand_number,
            redeals=state.redeals + 1,
            hand_points=state.hand_points,
            hands=self._no_hands,
            last_hand=state.last_hand,
            earlier_scored=(*state.earlier_scored, *state.scored),
        )

    # -- play (F4) -------------------------------------------------------------------------

    def _start_play(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        assert state.dealer is not None and state.trump is not None
        leader = self.beggar(state.dealer)  # F4: the dealer's right leads
        if log is not None:
            log.add(PlayBegins(trump=state.trump, leader=leader))
        return self.lead(state, leader)  # then the kit's play rule, trick by trick (F4)

    # -- scoring (F5) and the end of the game (F1, F7) -------------------------------------

    def _award(self, state: AllFoursState, award: Award, log: EventLog | None) -> AllFoursState:
        """Score ``award`` at once (F5); the game ends if its side reaches the target."""
        side, points = award.side, award.points
        scores = add_points(state.scores, side, points)
        hand_points = add_points(state.hand_points, side, points)
        score = Score(side=side, points=points, reason=award.reason, card=award.card)
        if log is not None:
            words, rule = REASONS[award.reason]
            reason = f"{words} {award.card}" if award.card is not None else words
            log.add(PointsScored(side=side, points=points, reason=reason, rule=rule, scores=scores))
        state = replace(
            state, scores=scores, hand_points=hand_points, scored=(*state.scored, score)
        )
        if scores[side] >= self._options.target:  # F5: the game ends at once
            return replace(state, phase=_OVER, turn=0, winner=side)
        return state

    def _ended(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """``state`` as it is; if the game is over in it, the log says so."""
        if log is not None and state.phase is _OVER:
            log.add(GameOver(winner=state.winner, scores=state.scores))
        return state

    def end_hand(self, state: AllFoursState, log: EventLog | None) -> AllFoursState:
        """F5: after the last trick, High, Low, Jack, Game, each scored the moment it is
        counted."""
        trump, dealer = state.trump, state.dealer
        assert trump is not None and dealer is not None
        seating, tricks = self.seating, state.tricks
        totals = game_points(seating, tricks)
        for award in count(seating, tricks, trump, hang_jack=self._options.hang_jack):
            if award.reason == "game" and log is not None:
                log.add(GameCounted(points=totals))
            state = self._award(state, award, log)
            if state.phase is _OVER:
                return self._ended(self._hand_over(state, totals, log), log)
        if totals[0] == totals[1] and log is not None:
            log.add(GameCounted(points=totals))
        state = self._hand_over(state, totals, log)
        if self._options.single_hand:
            points = state.hand_points
            best = None if points[0] == points[1] else int(points[1] > points[0])
            return self._ended(replace(state, phase=_OVER, turn=0, winner=best), log)
        return AllFoursState(
            phase=_DEAL,
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
            scored=(*state.earlier_scored, *state.scored),
            game_points=totals,
            hand_points=state.hand_points,
            kicks=state.kicks,
            call=state.call,
            answer=state.answer,
            tricks=state.tricks,
            redeals=state.redeals,
        )
        won = tricks_by_side(self.seating, state.tricks)
        tell_hand_over(log, hand_number=state.hand_number, tricks=won, scores=state.scores)
        if log is not None:
            log.add(HandRecorded(result=result))
        return replace(state, last_hand=result)


if TYPE_CHECKING:  # mypy proves that AllFours satisfies the Game protocol
    _: Game[AllFoursState, AllFoursAction, AllFoursView, AllFoursOptions] = AllFours()
