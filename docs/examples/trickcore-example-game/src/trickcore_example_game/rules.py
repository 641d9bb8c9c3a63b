"""High card: a small, complete trick-taking game built on the trickcore kit.

The rule book, cited by section in the code:

* H1 Two to four players, each for themselves, seated clockwise.
* H2 A pack of 16 cards: jack, queen, king and ace of each suit; aces high.
* H3 A drawn (or agreed) first dealer deals three cards to each player, one at a time, starting
  on their left; the rest of the pack is the stock, unseen. The deal then passes to the left.
* H4 The player on the dealer's left leads. Players must follow suit if they can; the highest
  card of the suit led wins the trick, and its winner leads the next one. There are no trumps.
* H5 Each trick scores one point for its winner.
* H6 The game ends after the hand in which a player reaches the target: the highest score wins;
  a tie for the highest score is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace

from trickcore import CHANCE, Actor, Card, Direction, DrawDealer, Outcome, Rng, Seat, Shuffle
from trickcore.kit import events as ev
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import DealSchedule, take
from trickcore.kit.events import EventLog
from trickcore.kit.hidden import cards_seen, deal_hidden, unseen_cards
from trickcore.kit.seating import Seating
from trickcore.kit.tricks import FollowSuit, TrickOrder, revealed_voids, tricks_by_side
from trickcore.kit.validation import dealt_cards, replay, seat_problems, trick_problems
from trickcore.sampling import Slot
from trickcore_example_game.state import HAND_SIZE, PACK, PROJECTION, Phase, Play
from trickcore_example_game.state import HighCardAction as Action
from trickcore_example_game.state import HighCardOptions as Options
from trickcore_example_game.state import HighCardState as State
from trickcore_example_game.state import HighCardView as View

if TYPE_CHECKING:
    from trickcore import Game

__all__ = ["HighCard"]

POLICY = FollowSuit(TrickOrder.plain(PACK, trump=None))
"""Follow suit, no trumps, aces high (H2, H4)."""


class HighCard(TrickGame[State, Action, View, Options]):
    """High card bound to its options: ``trickcore.load("high-card", players=3)``."""

    name: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High card (example game)"
    seat_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[Options]] = Options
    action_type: ClassVar[Any] = Action
    state_type: ClassVar[type[State]] = State
    view_type: ClassVar[type[View]] = View
    event_type: ClassVar[Any] = ev.GenericEvent  # no events of its own: the kit's say it all

    def __init__(self, options: Options | None = None) -> None:
        options = options if options is not None else Options()
        seating = Seating(options.players, self.direction)  # H1: each for themselves
        self.deal: DealSchedule = DealSchedule(seating, packets=(1,) * HAND_SIZE)  # H3
        super().__init__(options, seating, PROJECTION, PACK, deal=self.deal)

    # -- whose turn, and what they may do --------------------------------------------------

    def initial_state(self) -> State:
        """Before the draw for the first dealer, or before the first deal (H3)."""
        return self._before_deal(self.options.first_dealer, (0,) * self.seats, hand_number=0)

    def _before_deal(self, dealer: Seat | None, scores: tuple[int, ...], hand_number: int) -> State:
        phase = Phase.DRAW_DEALER if dealer is None else Phase.DEAL
        hands = ((),) * self.seats
        return State(
            phase=phase, dealer=dealer, scores=scores, hand_number=hand_number, hands=hands
        )

    def actor(self, state: State) -> Actor:
        """Chance draws and deals; in play, the seat whose turn it is; ``None`` at the end."""
        if state.phase is Phase.PLAY:
            return self._to_play(state)
        return None if state.phase is Phase.OVER else CHANCE

    def _to_play(self, state: State) -> Seat:
        return self.seating.order(state.leader)[len(state.trick)]

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """The actor's choices; ``()`` at a shuffle (it cannot be listed) and at the end."""
        if state.phase is Phase.DRAW_DEALER:
            return self.dealer_draws
        if state.phase is not Phase.PLAY:
            return ()
        hand = state.hands[self._to_play(state)]
        return tuple(Play(card=card) for card in POLICY.legal(hand, state.trick))

    def sample_chance(self, state: State, rng: Rng) -> Action:
        """The first dealer or a shuffle of the pack, drawn from ``rng``."""
        if state.phase is Phase.DRAW_DEALER:
            return rng.choice(self.dealer_draws)
        if state.phase is Phase.DEAL:
            return self.shuffle(rng)
        raise self.no_chance(state)

    # -- the transition: apply and events both run it (TrickGame) ------------------------

    def transition(self, state: State, action: Action, log: EventLog | None) -> State:
        """The state after ``action``, telling ``log`` (if any) what happened (H3-H6)."""
        match action:
            case DrawDealer(seat=seat) if state.phase is Phase.DRAW_DEALER and seat < self.seats:
                if log is not None:
                    log.add(ev.DealerDrawn(seat=seat))
                return replace(state, phase=Phase.DEAL, dealer=seat)
            case Shuffle() if state.phase is Phase.DEAL:
                return self._deal(state, self.shuffled_pack(state, action), log)
            case Play(card=card) if state.phase is Phase.PLAY:
                seat = self._to_play(state)
                hand = state.hands[seat]
                if card not in hand or not POLICY.allows(hand, state.trick, card):  # H4
                    raise self.illegal(state, action)
                if log is not None:
                    log.add(ev.CardPlayed(seat=seat, card=card))
                hands = take(state.hands, seat, card)
                return self._trick(replace(state, hands=hands, trick=(*state.trick, card)), log)
            case _:
                raise self.illegal(state, action)

    def _deal(self, state: State, order: tuple[Card, ...], log: EventLog | None) -> State:
        assert state.dealer is not None
        dealt = self.deal.deal(order, state.dealer)  # H3
        number = state.hand_number + 1
        if log is not None:
            log.add(
                ev.Dealt(hand_number=number, dealer=state.dealer, hand=log.own_entry(dealt.hands))
            )
        leader = self.seating.next(state.dealer)  # H4
        hands, stock = dealt.hands, dealt.stock
        return replace(
            state, phase=Phase.PLAY, hand_number=number, leader=leader, hands=hands, stock=stock
        )

    def _trick(self, state: State, log: EventLog | None) -> State:
        if len(state.trick) < self.seats:
            return state
        done = POLICY.finish(self.seating.order(state.leader), state.trick)  # H4
        side = self.seating.side(done.winner)
        scores = tuple(score + (i == side) for i, score in enumerate(state.scores))  # H5
        tricks = (*state.tricks, done)
        if log is not None:
            log.add(ev.TrickWon(seat=done.winner, number=len(tricks), cards=done.cards))
            log.add(ev.PointsScored(side=side, points=1, reason="trick", rule="H5", scores=scores))
        state = replace(state, leader=done.winner, tricks=tricks, trick=(), scores=scores)
        return state if len(tricks) < HAND_SIZE else self._end_hand(state, log)

    def _end_hand(self, state: State, log: EventLog | None) -> State:
        assert state.dealer is not None
        over = max(state.scores) >= self.options.target  # H6
        if log is not None:
            tricks = tricks_by_side(self.seating, state.tricks)
            log.add(ev.HandOver(hand_number=state.hand_number, tricks=tricks, scores=state.scores))
            if over:
                log.add(ev.GameOver(winner=self._winner(state.scores), scores=state.scores))
        if over:
            return replace(state, phase=Phase.OVER)
        dealer = self.seating.next(state.dealer)  # H3: the deal passes to the left
        return self._before_deal(dealer, state.scores, state.hand_number)

    def _winner(self, scores: tuple[int, ...]) -> int | None:
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None  # H6

    # -- the result, and states for search bots --------------------------------------------

    def outcome(self, state: State) -> Outcome:
        """Points per player; over at the target, won by the highest score (H6)."""
        over = state.phase is Phase.OVER
        winner = self._winner(state.scores) if over else None
        return Outcome.settle(self.sides, state.scores, finished=over, winner=winner)

    def determinize(self, view: View, rng: Rng) -> State:
        """A state agreeing with ``view``: the unseen cards dealt at random to the other hands
        and the stock, never giving a player a suit they showed out of (H4)."""
        if view.phase in (Phase.DRAW_DEALER, Phase.DEAL):
            return PROJECTION.state(view, hands=((),) * self.seats, stock=())
        plays = [(trick.seats, trick.cards) for trick in view.tricks]
        plays.append((self.seating.order(view.leader), view.trick))
        others = {seat: view.hand_sizes[seat] for seat in range(self.seats) if seat != view.seat}
        hands, (stock,) = deal_hidden(
            rng,
            unseen_cards(PACK, cards_seen(view)),
            others,
            voids=revealed_voids(POLICY, plays, self.seats),
            rest=[Slot(len(PACK) - self.seats * HAND_SIZE)],
        )
        hands[view.seat] = view.hand
        return PROJECTION.state(view, hands=tuple(hands[s] for s in range(self.seats)), stock=stock)

    # -- checking a state from outside ----------------------------------------------------

    def problems(self, state: State) -> list[str]:
        """What stops a game from reaching ``state``: its hand is replayed from the deal that
        its hands and tricks imply (:meth:`DealSchedule.stack`); ``validate`` raises them."""
        if len(state.scores) != self.seats or len(state.hands) != self.seats:
            return [f"scores and hands must have {self.seats} entries"]
        if state.phase in (Phase.DRAW_DEALER, Phase.DEAL):
            return self._before_deal_problems(state)
        found = seat_problems(self.seating, dealer=state.dealer, leader=state.leader)
        found += trick_problems(self.seating, state.tricks)
        if found:
            return found
        plays = [(trick.seats, trick.cards) for trick in state.tricks]
        plays.append((self.seating.order(state.leader), state.trick))
        won = tricks_by_side(self.seating, state.tricks)
        before = tuple(score - w for score, w in zip(state.scores, won, strict=True))
        start = self._before_deal(state.dealer, before, state.hand_number - 1)
        assert start.dealer is not None
        try:
            order = self.deal.stack(
                dealt_cards(state.hands, plays), start.dealer, stock=state.stock
            )
        except ValueError as error:  # a card twice, a hand of the wrong size ...
            return [str(error)]
        actions = [Shuffle(order=order), *(Play(card=c) for _, cards in plays for c in cards)]
        replayed, found = replay(self, start, actions)
        if not found and replayed != state:
            found = ["the state does not follow from its deal and its tricks"]
        return self._before_deal_problems(start) + found

    def _before_deal_problems(self, state: State) -> list[str]:
        first, number = self.options.first_dealer, state.hand_number
        found = seat_problems(self.seating, dealer=state.dealer)
        if state != self._before_deal(state.dealer, state.scores, number):
            found.append(f"nothing may be dealt or played in the {state.phase.value} phase")
        if first is not None and state.dealer != self.seating.ahead(first, number):
            found.append(f"seat {first} dealt first, so seat {state.dealer} cannot deal now")
        if state.phase is Phase.DRAW_DEALER and number != 0:
            found.append("the first dealer is drawn before the first hand only")
        if min(state.scores) < 0 or sum(state.scores) != number * HAND_SIZE:  # H5
            found.append(f"{number} hands cannot score {state.scores}")
        if max(state.scores) >= self.options.target:  # H6
            found.append(f"the game goes on with {state.scores} at the target")
        return found


if TYPE_CHECKING:  # mypy proves that HighCard satisfies the Game protocol
    _: Game[State, Action, View, Options] = HighCard()
