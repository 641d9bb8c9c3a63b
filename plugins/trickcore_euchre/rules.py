"""The rules of Euchre (rule book E1-E10) as pure functions over :class:`EuchreState`.

Each phase has its own ``_apply_*`` method; :meth:`Euchre.apply` dispatches on the phase.
Actions are shared immutable objects (one ``Play`` per card …) built when the game is loaded,
so ``legal_actions`` only picks from tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace

from trickcore.cards import Card, Suit
from trickcore.errors import IllegalActionError
from trickcore.game import CHANCE, Action, Actor, Direction, DrawDealer, Game, Outcome, Shuffle
from trickcore.render import Renderer
from trickcore.rng import Rng
from trickcore.tricks import TrickOrder, shuffle_problem
from trickcore_euchre import determinize as _determinize
from trickcore_euchre import events as _events
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
from trickcore_euchre.events import EuchreEvent
from trickcore_euchre.options import EuchreOptions
from trickcore_euchre.ranking import deck_for, trick_order
from trickcore_euchre.render import EuchreRenderer
from trickcore_euchre.state import (
    Bid,
    Declaration,
    EuchreState,
    HandResult,
    Phase,
    Trick,
)
from trickcore_euchre.view import EuchreView, view_of

__all__ = ["Euchre"]

SEATS = 4
TRICKS = 5
HAND_SIZE = 5
_PASS = Pass()
_ORDER_UP = OrderUp()
_GO_ALONE = GoAlone()
_WITH_PARTNER = WithPartner()
_CHANCE_PHASES = (Phase.DRAW_DEALER, Phase.DEAL)

# Who is asked "alone?" (E6), by option, as a test on (seat, maker).
_MAY_GO_ALONE: dict[str, Callable[[int, int], bool]] = {
    "anyone": lambda seat, maker: True,
    "maker_or_defenders": lambda seat, maker: seat == maker or seat % 2 != maker % 2,
    "makers": lambda seat, maker: seat % 2 == maker % 2,
    "maker": lambda seat, maker: seat == maker,
    "nobody": lambda seat, maker: False,
}


class Euchre:
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
    event_type: ClassVar[Any] = EuchreEvent
    renderer: ClassVar[Renderer[EuchreView]] = EuchreRenderer()
    """How frontends show a view (see :func:`trickcore.render.renderer_for`)."""

    def __init__(self, options: EuchreOptions | None = None) -> None:
        self._options = options if options is not None else EuchreOptions()
        self.deck: tuple[Card, ...] = deck_for(self._options.deck)
        """The pack, in index order."""
        self._deck_set = frozenset(self.deck)
        self._orders: dict[Suit, TrickOrder] = {suit: trick_order(self.deck, suit) for suit in Suit}
        self._plays = {card: Play(card=card) for card in self.deck}
        self._discards = {card: Discard(card=card) for card in self.deck}
        self._calls = {suit: Call(suit=suit) for suit in Suit}
        self._all_calls = tuple(self._calls.values())
        self._second_round = {
            up: tuple(call for suit, call in self._calls.items() if suit is not up) for up in Suit
        }
        self._dealer_draws = tuple(DrawDealer(seat=seat) for seat in range(SEATS))
        self._may_go_alone = _MAY_GO_ALONE[self._options.who_may_go_alone]
        self._seat_orders: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self._appliers: dict[Phase, Callable[[EuchreState, Any], EuchreState]] = {
            Phase.DRAW_DEALER: self._apply_draw_dealer,
            Phase.DEAL: self._apply_deal,
            Phase.BID_FIRST: self._apply_bid_first,
            Phase.BID_SECOND: self._apply_bid_second,
            Phase.JOKER_CALL: self._apply_joker_call,
            Phase.DISCARD: self._apply_discard,
            Phase.ALONE: self._apply_alone,
            Phase.PLAY: self._apply_play,
            Phase.OVER: self._apply_over,
        }

    # -- the table -------------------------------------------------------------------------

    @property
    def options(self) -> EuchreOptions:
        """The options this game is bound to."""
        return self._options

    @property
    def seats(self) -> int:
        """Always 4 (E1)."""
        return SEATS

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats 0 and 2 against seats 1 and 3 (E1)."""
        return ((0, 2), (1, 3))

    def side_of(self, seat: int) -> int:
        """0 for seats 0 and 2, 1 for seats 1 and 3."""
        return seat % 2

    def trick_order(self, trump: Suit) -> TrickOrder:
        """Effective suits and card strengths with ``trump`` as trump (E2)."""
        return self._orders[trump]

    # -- the protocol ----------------------------------------------------------------------

    def initial_state(self) -> EuchreState:
        """Before the first chance action: the dealer draw, or the first deal when the option
        ``first_dealer`` fixes the dealer (E1)."""
        first = self._options.first_dealer
        if first is None:
            return EuchreState(phase=Phase.DRAW_DEALER)
        return EuchreState(phase=Phase.DEAL, dealer=first)

    def actor(self, state: EuchreState) -> Actor:
        """The seat to act, :data:`~trickcore.CHANCE` for the draw and the shuffle, ``None``
        once the game is over."""
        phase = state.phase
        if phase is Phase.PLAY:
            return state.turn
        if phase is Phase.OVER:
            return None
        if phase is Phase.DEAL or phase is Phase.DRAW_DEALER:
            return CHANCE
        return state.turn

    def legal_actions(self, state: EuchreState) -> tuple[Any, ...]:
        """The actor's legal actions; ``()`` at a shuffle (it cannot be listed) and at the end."""
        phase = state.phase
        if phase is Phase.PLAY:
            plays = self._plays
            hand = state.hands[state.turn]
            trick = state.trick
            if trick:  # E7: follow suit if possible (the left bower is a trump)
                assert state.trump is not None
                suit_of = self._orders[state.trump].suit_of
                led = suit_of[trick[0]]
                following = tuple(plays[card] for card in hand if suit_of[card] is led)
                if following:
                    return following
            return tuple(map(plays.__getitem__, hand))
        if phase is Phase.BID_FIRST:
            return (_PASS, _ORDER_UP)
        if phase is Phase.ALONE:
            return (_GO_ALONE, _WITH_PARTNER)
        if phase is Phase.BID_SECOND:
            assert state.up_card is not None and state.up_card.suit is not None
            calls = self._second_round[state.up_card.suit]
            if self._options.stick_the_dealer and state.turn == state.dealer:
                return calls
            return (_PASS, *calls)
        if phase is Phase.DISCARD:
            return tuple(map(self._discards.__getitem__, state.hands[state.turn]))
        if phase is Phase.JOKER_CALL:
            return self._all_calls
        if phase is Phase.DRAW_DEALER:
            return self._dealer_draws
        return ()

    def sample_chance(self, state: EuchreState, rng: Rng) -> Any:
        """The first dealer or the shuffle, drawn from ``rng``."""
        if state.phase is Phase.DEAL:
            return Shuffle(order=rng.shuffled(self.deck))
        if state.phase is Phase.DRAW_DEALER:
            return self._dealer_draws[rng.below(SEATS)]
        raise IllegalActionError(
            f"no chance action is due: the game is in the {state.phase.value} phase",
            seat=self.actor(state),
        )

    def apply(self, state: EuchreState, action: Any) -> EuchreState:
        """The state after ``action``. An illegal action raises
        :class:`~trickcore.errors.IllegalActionError` naming the seat, the action and the
        legal ones; ``state`` itself never changes."""
        if state.phase is Phase.PLAY:  # the common case, without the table look-up
            return self._apply_play(state, action)
        return self._appliers[state.phase](state, action)

    def view(self, state: EuchreState, seat: int) -> EuchreView:
        """What ``seat`` may see (E10)."""
        if not 0 <= seat < SEATS:
            raise ValueError(f"Euchre has seats 0-3, not {seat!r}")
        return view_of(state, seat)

    def outcome(self, state: EuchreState) -> Outcome:
        """Points per side; over when a side reached the target, or after one hand with
        ``single_hand`` (a thrown-in hand is then a draw)."""
        over = state.phase is Phase.OVER
        return Outcome(
            scores=state.scores,
            finished=over,
            winner=state.winner,
            draw=over and state.winner is None,
        )

    def determinize(self, view: EuchreView, rng: Rng) -> EuchreState:
        """A full state agreeing with everything ``view`` shows; hidden cards drawn from rng."""
        return _determinize.determinize(self, view, rng)

    def events(
        self, before: EuchreState, action: Any, after: EuchreState, seat: int | None
    ) -> tuple[EuchreEvent, ...]:
        """What ``action`` did, as ``seat`` may see it (``None``: public information only)."""
        return _events.events(self, before, action, after, seat)

    def validate(self, state: EuchreState) -> None:
        """Raise :class:`~trickcore.errors.InvalidStateError` unless a game can reach ``state``."""
        _validate.validate(self, state)

    # -- helpers ---------------------------------------------------------------------------

    def _illegal(self, state: EuchreState, action: Any, why: str = "") -> IllegalActionError:
        actor = self.actor(state)
        legal = self.legal_actions(state)
        who = "chance" if actor is CHANCE else f"seat {actor}"
        shown = str(action) if isinstance(action, Action) else repr(action)
        if state.phase is Phase.OVER:
            return IllegalActionError(
                f"the game is over; no action is legal (got {shown})", action=action
            )
        listed = ", ".join(str(a) for a in legal) if legal else "a shuffle of the whole pack"
        reason = f": {why}" if why else ""
        return IllegalActionError(
            f"{shown} is not legal for {who} in the {state.phase.value} phase{reason}; "
            f"legal: {listed}",
            seat=actor,
            action=action,
            legal=legal,
        )

    # -- chance ----------------------------------------------------------------------------

    def _apply_draw_dealer(self, state: EuchreState, action: Any) -> EuchreState:
        if type(action) is not DrawDealer or not 0 <= action.seat < SEATS:
            raise self._illegal(state, action)
        return replace(state, phase=Phase.DEAL, dealer=action.seat)

    def _apply_deal(self, state: EuchreState, action: Any) -> EuchreState:
        """E3: one card at a time from the dealer's left; the 21st card is the up-card."""
        if type(action) is not Shuffle:
            raise self._illegal(state, action)
        order = action.order
        if len(order) != len(self.deck) or frozenset(order) != self._deck_set:
            raise self._illegal(state, action, shuffle_problem(order, self.deck))
        dealer = state.dealer
        assert dealer is not None
        hands: list[tuple[Card, ...]] = [(), (), (), ()]
        for position in range(SEATS):
            hands[(dealer + 1 + position) % SEATS] = order[position : SEATS * HAND_SIZE : SEATS]
        up_card = order[SEATS * HAND_SIZE]
        joker_up = up_card is Card.JOKER
        return EuchreState(
            phase=Phase.JOKER_CALL if joker_up else Phase.BID_FIRST,
            dealer=dealer,
            scores=state.scores,
            hand_number=state.hand_number + 1,
            hands=tuple(hands),
            up_card=up_card,
            undealt=order[SEATS * HAND_SIZE + 1 :],
            turn=dealer if joker_up else (dealer + 1) % SEATS,
            last_hand=state.last_hand,
        )

    # -- bidding (E4, E5) ------------------------------------------------------------------

    def _apply_bid_first(self, state: EuchreState, action: Any) -> EuchreState:
        seat = state.turn
        dealer = state.dealer
        assert dealer is not None and state.up_card is not None
        kind = type(action)
        if kind is Pass:
            auction = (*state.auction, Bid(seat=seat, kind="pass"))
            if seat == dealer:  # all four passed: the up-card is turned down
                return replace(
                    state, phase=Phase.BID_SECOND, auction=auction, turn=(dealer + 1) % SEATS
                )
            return replace(state, auction=auction, turn=(seat + 1) % SEATS)
        if kind is OrderUp:
            trump = state.up_card.suit
            return self._dealer_takes_up_card(
                state, trump, seat, Bid(seat=seat, kind="order_up", suit=trump)
            )
        raise self._illegal(state, action)

    def _dealer_takes_up_card(
        self, state: EuchreState, trump: Suit | None, maker: int, bid: Bid
    ) -> EuchreState:
        dealer = state.dealer
        assert dealer is not None and state.up_card is not None
        hands = list(state.hands)
        hands[dealer] = (*hands[dealer], state.up_card)
        return replace(
            state,
            phase=Phase.DISCARD,
            auction=(*state.auction, bid),
            trump=trump,
            maker=maker,
            picked_up=True,
            hands=tuple(hands),
            turn=dealer,
        )

    def _apply_bid_second(self, state: EuchreState, action: Any) -> EuchreState:
        seat = state.turn
        dealer = state.dealer
        assert dealer is not None and state.up_card is not None
        kind = type(action)
        if kind is Pass:
            if self._options.stick_the_dealer and seat == dealer:
                raise self._illegal(state, action, "stick the dealer: the dealer must name trump")
            auction = (*state.auction, Bid(seat=seat, kind="pass"))
            if seat == dealer:
                return self._throw_in(replace(state, auction=auction))
            return replace(state, auction=auction, turn=(seat + 1) % SEATS)
        if kind is Call:
            if action.suit is state.up_card.suit:
                raise self._illegal(state, action, "the turned-down suit may not be named")
            return self._start_alone(
                state,
                auction=(*state.auction, Bid(seat=seat, kind="call", suit=action.suit)),
                trump=action.suit,
                maker=seat,
            )
        raise self._illegal(state, action)

    def _apply_joker_call(self, state: EuchreState, action: Any) -> EuchreState:
        if type(action) is not Call:
            raise self._illegal(state, action)
        dealer = state.turn
        return self._dealer_takes_up_card(
            state, action.suit, dealer, Bid(seat=dealer, kind="call", suit=action.suit)
        )

    def _apply_discard(self, state: EuchreState, action: Any) -> EuchreState:
        dealer = state.turn
        hand = state.hands[dealer]
        if type(action) is not Discard or action.card not in hand:
            raise self._illegal(state, action)
        hands = list(state.hands)
        hands[dealer] = tuple(card for card in hand if card is not action.card)
        return self._start_alone(state, hands=tuple(hands), discard=action.card)

    def _throw_in(self, state: EuchreState) -> EuchreState:
        """E4: all passed twice; the deal passes to the left (or a single hand is a draw)."""
        dealer = state.dealer
        assert dealer is not None
        result = HandResult(hand_number=state.hand_number, dealer=dealer, thrown_in=True)
        if self._options.single_hand:
            return replace(state, phase=Phase.OVER, turn=0, last_hand=result, winner=None)
        return self._next_deal(state, result)

    def _next_deal(self, state: EuchreState, result: HandResult) -> EuchreState:
        assert state.dealer is not None
        return EuchreState(
            phase=Phase.DEAL,
            dealer=(state.dealer + 1) % SEATS,
            scores=state.scores,
            hand_number=state.hand_number,
            last_hand=result,
        )

    # -- going alone (E6) ------------------------------------------------------------------

    def _start_alone(self, state: EuchreState, **changes: Any) -> EuchreState:
        state = replace(state, **changes)
        maker = state.maker
        assert maker is not None
        asked = tuple(
            seat
            for seat in ((maker + k) % SEATS for k in range(SEATS))
            if self._may_go_alone(seat, maker)
        )
        if not asked:
            return self._start_play(state)
        return replace(state, phase=Phase.ALONE, pending=asked, turn=asked[0])

    def _apply_alone(self, state: EuchreState, action: Any) -> EuchreState:
        seat = state.turn
        kind = type(action)
        if kind is not GoAlone and kind is not WithPartner:
            raise self._illegal(state, action)
        alone = kind is GoAlone
        partner = (seat + 2) % SEATS
        # A player whose partner already went alone is not asked.
        rest = tuple(s for s in state.pending[1:] if not (alone and s == partner))
        declarations = (*state.declarations, Declaration(seat=seat, alone=alone))
        if not rest:
            return self._start_play(replace(state, declarations=declarations, pending=()))
        return replace(state, declarations=declarations, pending=rest, turn=rest[0])

    # -- play (E7) -------------------------------------------------------------------------

    def _start_play(self, state: EuchreState) -> EuchreState:
        dealer, maker = state.dealer, state.maker
        assert dealer is not None and maker is not None
        loners = [d.seat for d in state.declarations if d.alone]
        sitting_out = tuple((seat + 2) % SEATS for seat in loners)
        if self._options.lone_lead == "dealer_left" or not loners:
            leader = (dealer + 1) % SEATS
            while leader in sitting_out:
                leader = (leader + 1) % SEATS
        elif len(loners) == 1:
            leader = (loners[0] + 1) % SEATS
        else:  # both sides alone: the lone defender leads
            leader = next(seat for seat in loners if seat % 2 != maker % 2)
        return replace(
            state,
            phase=Phase.PLAY,
            sitting_out=sitting_out,
            turn=leader,
            trick_seats=self._seats_from(leader, sitting_out),
        )

    def _apply_play(self, state: EuchreState, action: Any) -> EuchreState:
        if type(action) is not Play:
            raise self._illegal(state, action)
        card = action.card
        seat = state.turn
        trick = state.trick
        hand = state.hands[seat]
        if card not in hand:
            raise self._illegal(state, action, f"seat {seat} does not hold {card}")
        if trick:  # E7: follow the suit led if you can (the left bower is a trump)
            assert state.trump is not None
            suit_of = self._orders[state.trump].suit_of
            led = suit_of[trick[0]]
            if suit_of[card] is not led and any(suit_of[c] is led for c in hand):
                raise self._illegal(state, action, "the suit led must be followed")
        position = hand.index(card)
        hands = state.hands
        hands = (*hands[:seat], hand[:position] + hand[position + 1 :], *hands[seat + 1 :])
        trick = (*trick, card)
        seats = state.trick_seats
        if len(trick) < len(seats):
            return replace(state, hands=hands, trick=trick, turn=seats[len(trick)])
        assert state.trump is not None
        winner = seats[self._orders[state.trump].winner(trick)]
        tricks = (*state.tricks, Trick(leader=seats[0], seats=seats, cards=trick, winner=winner))
        won = state.tricks_won
        won = (won[0] + 1, won[1]) if winner % 2 == 0 else (won[0], won[1] + 1)
        if len(tricks) < TRICKS:
            return replace(
                state,
                hands=hands,
                trick=(),
                tricks=tricks,
                tricks_won=won,
                turn=winner,
                trick_seats=self._seats_from(winner, state.sitting_out),
            )
        return self._score_hand(
            replace(state, hands=hands, trick=(), trick_seats=(), tricks=tricks, tricks_won=won)
        )

    # -- scoring (E8) and the end of the game (E1, E9) --------------------------------------

    def _score_hand(self, state: EuchreState) -> EuchreState:
        maker, dealer = state.maker, state.dealer
        assert maker is not None and dealer is not None
        makers = maker % 2
        defenders = 1 - makers
        loners = tuple(d.seat for d in state.declarations if d.alone)
        makers_alone = any(seat % 2 == makers for seat in loners)
        defender_alone = any(seat % 2 == defenders for seat in loners)
        made = state.tricks_won[makers]
        if made >= 3:
            side = makers
            if made == TRICKS:
                points = 4 if makers_alone else 2
            else:
                points = 1
        else:
            side = defenders
            if defender_alone and (made == 0 or self._options.lone_defender_bonus):
                points = 4
            else:
                points = 2
        scores = (
            (state.scores[0] + points, state.scores[1])
            if side == 0
            else (state.scores[0], state.scores[1] + points)
        )
        result = HandResult(
            hand_number=state.hand_number,
            dealer=dealer,
            makers=makers,
            maker=maker,
            alone=loners,
            tricks=state.tricks_won,
            scoring_side=side,
            points=points,
        )
        if self._options.single_hand or scores[side] >= self._options.target:
            return replace(
                state, phase=Phase.OVER, turn=0, scores=scores, last_hand=result, winner=side
            )
        return self._next_deal(replace(state, scores=scores), result)

    def _seats_from(self, leader: int, sitting_out: tuple[int, ...]) -> tuple[int, ...]:
        """The seats that play a trick, in order, starting with ``leader`` (E7)."""
        key = (leader, sitting_out)
        seats = self._seat_orders.get(key)
        if seats is None:
            seats = tuple(
                s for s in ((leader + k) % SEATS for k in range(SEATS)) if s not in sitting_out
            )
            self._seat_orders[key] = seats
        return seats

    def _apply_over(self, state: EuchreState, action: Any) -> EuchreState:
        raise self._illegal(state, action)


if TYPE_CHECKING:  # mypy proves that Euchre satisfies the Game protocol
    _: Game[EuchreState, Any, EuchreView, EuchreOptions] = Euchre()
