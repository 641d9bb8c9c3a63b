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
:data:`PROJECTION`: ``hands`` (each seen by its own seat) and ``stock`` (seen by nobody). It is
in the kit's layout (:mod:`trickcore.kit.base`), so the base class writes who acts, the legal
actions, the play of each card and trick, the outcome and ``determinize``; the rest is here.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from trickcore import Action, Card, Direction, DrawDealer, Options, Rank, Shuffle, kit
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

    text = "play {card}"  # its words, for menus and errors
    card: Card


HighCardAction = DrawDealer | Shuffle | Play
"""Every action, chance ones included."""


class Phase(enum.Enum):
    """Where the game stands."""

    DRAW_DEALER = "draw_dealer"
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class HighCardState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A whole game, in the kit's layout: public fields, then the hidden ``hands`` and
    ``stock``."""

    phase: Phase
    dealer: kit.SeatField | None = None
    scores: tuple[int, ...]
    """Points per player (each player is a side of their own)."""
    hand_number: int = 0
    turn: kit.SeatField = 0
    """The seat to play."""
    trick_seats: tuple[kit.SeatField, ...] = ()
    """The order of play in the trick in progress, the leader first."""
    trick: tuple[Card, ...] = ()
    """The cards played to the trick in progress."""
    tricks: tuple[kit.Trick, ...] = ()
    """The finished tricks of this hand."""
    winner: kit.SeatField | None = None
    """The winner once the game is over (``None``: a draw)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()
    """The cards left undealt this hand."""


class HighCardView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one seat sees: the public fields, its own hand and the sizes of all hands."""

    seat: kit.SeatField
    phase: Phase
    dealer: kit.SeatField | None
    scores: tuple[int, ...]
    hand_number: int
    turn: kit.SeatField
    trick_seats: tuple[kit.SeatField, ...]
    trick: tuple[Card, ...]
    tricks: tuple[kit.Trick, ...]
    winner: kit.SeatField | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]


PROJECTION = kit.Projection(
    HighCardState,
    HighCardView,
    per_seat=[kit.SeatPart("hands", own="hand", sizes="hand_sizes")],
    secret=["stock"],
)
"""Hands are seen by their own seat (others see their sizes); the stock by nobody (H3)."""


class HighCard(
    kit.TrickGame[HighCardState, HighCardAction, HighCardView, HighCardOptions], phases=Phase
):
    """High card bound to its options: ``trickcore.load("high-card", players=3)``."""

    name: ClassVar[str] = "high-card"
    title: ClassVar[str] = "High card (example game)"
    seat_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[HighCardOptions]] = HighCardOptions
    action_type: ClassVar[Any] = HighCardAction
    state_type: ClassVar[type[HighCardState]] = HighCardState
    view_type: ClassVar[type[HighCardView]] = HighCardView
    play_type: ClassVar[type[Play]] = Play
    progress_fields = ("phase", "dealer", "scores", "hand_number")  # kept from hand to hand

    def __init__(self, options: HighCardOptions | None = None) -> None:
        options = options if options is not None else HighCardOptions()
        seating = kit.Seating(options.players, self.direction)  # H1: each for themselves
        deal = kit.DealSchedule(seating, packets=(1,) * HAND_SIZE)  # H3
        super().__init__(options, seating, PROJECTION, PACK, deal=deal, policy=POLICY)
        self.phase_rules = {**self.kit_rules(), Phase.DEAL: self._deal}

    # -- the rules of each phase: apply and events both run them (kit.TrickGame) ------------

    def _deal(
        self, state: HighCardState, action: HighCardAction, log: kit.EventLog | None
    ) -> HighCardState:
        """H3: three cards each, one at a time from the dealer's left, who leads (H4)."""
        dealer, number = state.dealer, state.hand_number + 1
        assert dealer is not None
        dealt = self.deal_shuffle(state, action, dealer, number, log)
        leader = self.seating.next(dealer)
        return self.lead(state, leader, hand_number=number, hands=dealt.hands, stock=dealt.stock)

    def trick_won(
        self,
        state: HighCardState,
        hands: tuple[tuple[Card, ...], ...],
        tricks: tuple[kit.Trick, ...],
        log: kit.EventLog | None,
    ) -> HighCardState:
        """H5: the trick scores a point for its winner, who leads the next one (H4)."""
        side = self.side_of(tricks[-1].winner)
        scores = kit.add_points(state.scores, side, 1)
        if log is not None:
            log.add(ev.PointsScored(side=side, points=1, reason="trick", rule="H5", scores=scores))
        return super().trick_won(replace(state, scores=scores), hands, tricks, log)

    def end_hand(self, state: HighCardState, log: kit.EventLog | None) -> HighCardState:
        """H6: the game ends at the target, won by the highest score; otherwise the deal
        passes to the left (H3)."""
        over = max(state.scores) >= self.options.target
        winner = kit.top_side(state.scores) if over else None
        return self.next_hand(state, log, over=over, winner=winner)  # tells log: hand over

    # -- checking a state from outside ----------------------------------------------------

    def problems(self, state: HighCardState) -> list[str]:
        """What stops a game from reaching ``state``: the state before its hand's deal is
        checked, then the hand is played again from the deal its hands and tricks imply."""
        if len(state.scores) != self.seats or len(state.hands) != self.seats:
            return [f"scores and hands must have {self.seats} entries"]
        if state.phase in self.chance_phases:
            return self._before_deal_problems(state)
        if bad_tricks := kit.validation.trick_problems(self.seating, state.tricks):
            return bad_tricks
        won, number = kit.tricks_by_side(self.seating, state.tricks), state.hand_number
        before = tuple(score - w for score, w in zip(state.scores, won, strict=True))
        start = self.between_hands(state, phase=Phase.DEAL, scores=before, hand_number=number - 1)
        return self._before_deal_problems(start) or kit.validation.hand_problems(self, state, start)

    def _before_deal_problems(self, state: HighCardState) -> list[str]:
        first, number = self.options.first_dealer, state.hand_number
        found = kit.validation.seat_problems(self.seating, dealer=state.dealer)
        phase = Phase.DRAW_DEALER if state.dealer is None else Phase.DEAL
        if state != self.between_hands(state, phase=phase):
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
