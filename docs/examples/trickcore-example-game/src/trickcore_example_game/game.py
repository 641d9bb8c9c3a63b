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

Everything is a frozen msgspec struct, so states, views and actions serialise to JSON and
MessagePack as they are. The state is a public part plus two hidden parts, declared once in
:data:`PROJECTION`: ``hands`` (each seen by its own seat) and ``stock`` (seen by nobody).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from trickcore import (
    CHANCE,
    Action,
    Actor,
    Card,
    Direction,
    DrawDealer,
    Options,
    Outcome,
    Rank,
    Rng,
    Seat,
    Shuffle,
    kit,
)
from trickcore.cards import standard_deck
from trickcore.kit import events as ev
from trickcore.kit.options import seat_below

if TYPE_CHECKING:
    from trickcore import Game

PACK = standard_deck([Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
"""The 16 cards, jack to ace in four suits (H2)."""
HAND_SIZE = 3
"""Cards dealt to each player, so tricks per hand (H3)."""
POLICY = kit.FollowSuit(kit.TrickOrder.plain(PACK, trump=None))
"""Follow suit, no trumps, aces high (H2, H4)."""


class HighCardOptions(Options, frozen=True):
    """``trickcore.load("high-card", players=3, target=7)``."""

    players: Annotated[int, Meta(ge=2, le=4, description="Number of players (H1).")] = 2
    target: Annotated[int, Meta(ge=1, description="Points that end the game (H6).")] = 5
    first_dealer: Annotated[
        Annotated[int, Meta(ge=0, le=3)] | None,
        Meta(description="The first dealer's seat; null draws it (H3)."),
    ] = None
    json_schema_extra: ClassVar[dict[str, Any]] = seat_below("first_dealer", "players", [2, 3, 4])
    """The rule of ``__post_init__``, for the JSON Schema."""

    def __post_init__(self) -> None:
        if self.first_dealer is not None and not 0 <= self.first_dealer < self.players:
            raise ValueError(f"first_dealer must be a seat 0-{self.players - 1} or null")


class Play(Action, frozen=True, tag="play"):
    """Play a card to the trick (H4): ``{"type": "play", "card": "QH"}``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


HighCardAction = DrawDealer | Shuffle | Play
"""Every action, chance ones included."""


class Phase(enum.Enum):
    """Where the game stands."""

    DRAW_DEALER = "draw_dealer"
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class HighCardState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A whole game: public fields, then the hidden ``hands`` and ``stock``."""

    phase: Phase
    dealer: Seat | None = None
    scores: tuple[int, ...]
    hand_number: int = 0
    leader: Seat = 0
    """Who led the trick in progress (or leads the next one)."""
    tricks: tuple[kit.Trick, ...] = ()
    """The finished tricks of this hand."""
    trick: tuple[Card, ...] = ()
    """The cards played to the trick in progress."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    """The cards left undealt this hand."""


class HighCardView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one seat sees: the public fields, its own hand and the sizes of all hands."""

    seat: Seat
    phase: Phase
    dealer: Seat | None
    scores: tuple[int, ...]
    hand_number: int
    leader: Seat
    tricks: tuple[kit.Trick, ...]
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]


PROJECTION = kit.Projection(
    HighCardState,
    HighCardView,
    per_seat=[kit.SeatPart("hands", own="hand", sizes="hand_sizes")],
    secret=["stock"],
)
"""Hands are seen by their own seat (others see their sizes); the stock by nobody (H3)."""


class HighCard(kit.TrickGame[HighCardState, HighCardAction, HighCardView, HighCardOptions]):
    """High card bound to its options: ``trickcore.load("high-card", players=3)``."""

    name: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High card (example game)"
    seat_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[HighCardOptions]] = HighCardOptions
    action_type: ClassVar[Any] = HighCardAction
    state_type: ClassVar[type[HighCardState]] = HighCardState
    view_type: ClassVar[type[HighCardView]] = HighCardView

    def __init__(self, options: HighCardOptions | None = None) -> None:
        options = options if options is not None else HighCardOptions()
        seating = kit.Seating(options.players, self.direction)  # H1: each for themselves
        deal = kit.DealSchedule(seating, packets=(1,) * HAND_SIZE)  # H3
        super().__init__(options, seating, PROJECTION, PACK, deal=deal)
        self._determinizers = kit.LastView(self._determinizer)

    # -- whose turn, and what they may do --------------------------------------------------

    def initial_state(self) -> HighCardState:
        """Before the draw for the first dealer, or before the first deal (H3)."""
        return self._before_deal(self.options.first_dealer, (0,) * self.seats, hand_number=0)

    def _before_deal(
        self, dealer: Seat | None, scores: tuple[int, ...], hand_number: int
    ) -> HighCardState:
        phase = Phase.DRAW_DEALER if dealer is None else Phase.DEAL
        hands = ((),) * self.seats
        return HighCardState(
            phase=phase, dealer=dealer, scores=scores, hand_number=hand_number, hands=hands
        )

    def actor(self, state: HighCardState) -> Actor:
        """Chance draws and deals; in play, the seat whose turn it is; ``None`` at the end."""
        if state.phase is Phase.PLAY:
            return self._to_play(state)
        return None if state.phase is Phase.OVER else CHANCE

    def _to_play(self, state: HighCardState) -> Seat:
        return self.seating.order(state.leader)[len(state.trick)]

    def legal_actions(self, state: HighCardState) -> tuple[HighCardAction, ...]:
        """The actor's choices; ``()`` at a shuffle (it cannot be listed) and at the end."""
        if state.phase is Phase.DRAW_DEALER:
            return self.dealer_draws
        if state.phase is not Phase.PLAY:
            return ()
        hand = state.hands[self._to_play(state)]
        return tuple(Play(card=card) for card in POLICY.legal(hand, state.trick))

    # -- the transition: apply and kit.events both run it (kit.TrickGame) ------------------------

    def transition(
        self, state: HighCardState, action: HighCardAction, log: kit.EventLog | None
    ) -> HighCardState:
        """The state after ``action``, telling ``log`` (if any) what happened (H3-H6)."""
        match action:
            case DrawDealer(seat=seat) if state.phase is Phase.DRAW_DEALER and seat < self.seats:
                if log is not None:
                    log.add(ev.DealerDrawn(seat=seat))
                return replace(state, phase=Phase.DEAL, dealer=seat)
            case Shuffle() if state.phase is Phase.DEAL and state.dealer is not None:
                number = state.hand_number + 1
                dealt = self.deal_shuffle(state, action, state.dealer, number, log)  # H3
                leader = self.seating.next(state.dealer)  # H4
                hands, stock = dealt.hands, dealt.stock
                return replace(
                    state,
                    phase=Phase.PLAY,
                    hand_number=number,
                    leader=leader,
                    hands=hands,
                    stock=stock,
                )
            case Play(card=card) if state.phase is Phase.PLAY:
                seat, trick = self._to_play(state), state.trick
                hands = self.play_card(
                    state,
                    action,
                    card,
                    seat=seat,
                    hands=state.hands,
                    trick=trick,
                    policy=POLICY,
                    log=log,
                )
                return self._trick(replace(state, hands=hands, trick=(*trick, card)), log)
            case _:
                raise self.illegal(state, action)

    def _trick(self, state: HighCardState, log: kit.EventLog | None) -> HighCardState:
        if len(state.trick) < self.seats:
            return state
        seats, number = self.seating.order(state.leader), len(state.tricks) + 1
        done = self.finish_trick(POLICY, seats, state.trick, number, log)  # H4
        side = self.seating.side(done.winner)
        scores = tuple(score + (i == side) for i, score in enumerate(state.scores))  # H5
        if log is not None:
            log.add(ev.PointsScored(side=side, points=1, reason="trick", rule="H5", scores=scores))
        tricks = (*state.tricks, done)
        state = replace(state, leader=done.winner, tricks=tricks, trick=(), scores=scores)
        return state if number < HAND_SIZE else self._end_hand(state, log)

    def _end_hand(self, state: HighCardState, log: kit.EventLog | None) -> HighCardState:
        assert state.dealer is not None
        over = max(state.scores) >= self.options.target  # H6
        if log is not None:
            won = kit.tricks_by_side(self.seating, state.tricks)
            log.add(ev.HandOver(hand_number=state.hand_number, tricks=won, scores=state.scores))
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

    def outcome(self, state: HighCardState) -> Outcome:
        """Points per player; over at the target, won by the highest score (H6)."""
        over = state.phase is Phase.OVER
        winner = self._winner(state.scores) if over else None
        return Outcome.settle(self.sides, state.scores, finished=over, winner=winner)

    def determinize(self, view: HighCardView, rng: Rng) -> HighCardState:
        """A state agreeing with ``view``: the unseen cards dealt at random to the other hands
        and the stock, never giving a player a suit they showed out of (H4). A search bot
        draws many states from one view: the dealing is prepared once per view object."""
        return self._determinizers(view)(rng)

    def _determinizer(self, view: HighCardView) -> Callable[[Rng], HighCardState]:
        if view.phase in (Phase.DRAW_DEALER, Phase.DEAL):
            before_deal = PROJECTION.state(view, hands=((),) * self.seats, stock=())
            return lambda rng: before_deal
        plays = kit.hand_plays(view.tricks, self.seating.order(view.leader), view.trick)
        voids = kit.revealed_voids(POLICY, plays, self.seats)
        stock = len(PACK) - self.seats * HAND_SIZE
        return PROJECTION.unseen_dealer(view, PACK, secret={"stock": stock}, voids=voids)

    # -- checking a state from outside ----------------------------------------------------

    def problems(self, state: HighCardState) -> list[str]:
        """What stops a game from reaching ``state``: the state before its hand's deal is
        checked, then the hand is played again from the deal its hands and tricks imply."""
        if len(state.scores) != self.seats or len(state.hands) != self.seats:
            return [f"scores and hands must have {self.seats} entries"]
        if state.phase in (Phase.DRAW_DEALER, Phase.DEAL):
            return self._before_deal_problems(state)
        found = kit.validation.seat_problems(self.seating, dealer=state.dealer, leader=state.leader)
        found += kit.validation.trick_problems(self.seating, state.tricks)
        if found or state.dealer is None:
            return found or ["no dealer during a hand"]
        won = kit.tricks_by_side(self.seating, state.tricks)
        before = tuple(score - w for score, w in zip(state.scores, won, strict=True))
        start = self._before_deal(state.dealer, before, state.hand_number - 1)
        plays = kit.hand_plays(state.tricks, self.seating.order(state.leader), state.trick)
        dealt = kit.validation.dealt_cards(state.hands, plays)
        actions = [Play(card=card) for _, cards in plays for card in cards]
        return self._before_deal_problems(start) or self.replay_problems(
            state, start, state.dealer, dealt, actions, stock=state.stock
        )

    def _before_deal_problems(self, state: HighCardState) -> list[str]:
        first, number = self.options.first_dealer, state.hand_number
        found = kit.validation.seat_problems(self.seating, dealer=state.dealer)
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
    _: Game[HighCardState, HighCardAction, HighCardView, HighCardOptions] = HighCard()
