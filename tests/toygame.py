"""A tiny game for testing the table and replays: "high card", two players, three tricks.

Chance draws the dealer (:class:`DrawDealer`), then shuffles six cards (:class:`Shuffle`);
``order[i]`` goes to seat ``dealer + 1 + i`` (mod 2), so each seat holds three. The seat after
the dealer leads; players follow suit if they can; the highest card of the suit led wins
(``high_wins=False``: the lowest) and its player leads next. One point per trick.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from trickcore import (
    CHANCE,
    Action,
    Actor,
    BotSpec,
    Card,
    Direction,
    DrawDealer,
    Event,
    IllegalActionError,
    InvalidStateError,
    Options,
    Outcome,
    PluginHost,
    Rng,
    Shuffle,
    build_host,
    cards,
    hookimpl,
)
from trickcore.kit.tricks import FollowSuit, TrickOrder

DECK = cards("AS KS 9S AH KH 9H")
HAND = 3


class ToyOptions(Options, frozen=True):
    high_wins: bool = True


class Play(Action, tag="play", frozen=True):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


ToyAction = DrawDealer | Shuffle | Play


class ToyState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    dealer: int | None = None
    dealt: bool = False
    hands: tuple[tuple[Card, ...], ...] = ((), ())
    leader: int = 0
    trick: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    tricks: tuple[int, ...] = (0, 0)


class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    dealer: int | None
    leader: int
    trick: tuple[Card, ...]
    played: tuple[Card, ...]
    tricks: tuple[int, ...]


class DealerDrawn(Event, tag="dealer", frozen=True):
    seat: int


class Dealt(Event, tag="dealt", frozen=True):
    seat: int
    count: int
    cards: tuple[Card, ...]  # only the viewer's own cards; () for the others


class Played(Event, tag="played", frozen=True):
    seat: int
    card: Card


class TrickWon(Event, tag="trick", frozen=True):
    seat: int


class ToyGame:
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "High card (test toy)"
    seat_counts: ClassVar[tuple[int, ...]] = (2,)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[Any]] = ToyOptions
    action_type: ClassVar[Any] = ToyAction
    state_type: ClassVar[type[Any]] = ToyState
    view_type: ClassVar[type[Any]] = ToyView
    event_type: ClassVar[Any] = DealerDrawn | Dealt | Played | TrickWon

    def __init__(self, options: ToyOptions | None = None) -> None:
        self._options = options or ToyOptions()
        sign = 1 if self._options.high_wins else -1
        self._order = TrickOrder.plain(DECK, None, lambda c: sign * c.rank.order)  # type: ignore[union-attr]

    @property
    def options(self) -> ToyOptions:
        return self._options

    @property
    def seats(self) -> int:
        return 2

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,))

    def side_of(self, seat: int) -> int:
        return seat

    def initial_state(self) -> ToyState:
        return ToyState()

    def actor(self, state: ToyState) -> Actor:
        if state.dealer is None or not state.dealt:
            return CHANCE
        if sum(state.tricks) == HAND:
            return None
        return (state.leader + len(state.trick)) % 2

    def legal_actions(self, state: ToyState) -> tuple[Any, ...]:
        actor = self.actor(state)
        if actor is None:
            return ()
        if actor is CHANCE:
            return (DrawDealer(seat=0), DrawDealer(seat=1)) if state.dealer is None else ()
        hand = state.hands[actor]
        return tuple(Play(card=card) for card in FollowSuit(self._order).legal(hand, state.trick))

    def sample_chance(self, state: ToyState, rng: Rng) -> Any:
        if state.dealer is None:
            return DrawDealer(seat=rng.below(2))
        return Shuffle(order=rng.shuffled(DECK))

    def apply(self, state: ToyState, action: Any) -> ToyState:
        actor = self.actor(state)
        if isinstance(action, Shuffle) and actor is CHANCE and state.dealer is not None:
            if len(action.order) != len(DECK) or set(action.order) != set(DECK):
                raise IllegalActionError(
                    f"a shuffle must hold {' '.join(map(str, DECK))} once each", action=action
                )
            hands = tuple(action.order[(seat - state.dealer - 1) % 2 :: 2] for seat in (0, 1))
            return msgspec.structs.replace(
                state, dealt=True, hands=hands, leader=(state.dealer + 1) % 2
            )
        legal = self.legal_actions(state)
        if action not in legal:
            listed = ", ".join(map(str, legal)) or "none"
            raise IllegalActionError(
                f"seat {actor} cannot {action}: legal: {listed}",
                seat=actor,
                action=action,
                legal=legal,
            )
        if isinstance(action, DrawDealer):
            return msgspec.structs.replace(state, dealer=action.seat)
        assert isinstance(action, Play) and isinstance(actor, int)
        hands = tuple(
            tuple(c for c in hand if c is not action.card) if seat == actor else hand
            for seat, hand in enumerate(state.hands)
        )
        trick = (*state.trick, action.card)
        if len(trick) < 2:
            return msgspec.structs.replace(state, hands=hands, trick=trick)
        winner = (state.leader + self._order.winner(trick)) % 2
        tricks = tuple(n + (seat == winner) for seat, n in enumerate(state.tricks))
        return msgspec.structs.replace(
            state, hands=hands, trick=(), played=state.played + trick, tricks=tricks, leader=winner
        )

    def view(self, state: ToyState, seat: int) -> ToyView:
        return ToyView(
            seat=seat,
            hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            dealer=state.dealer,
            leader=state.leader,
            trick=state.trick,
            played=state.played,
            tricks=state.tricks,
        )

    def outcome(self, state: ToyState) -> Outcome:
        finished = sum(state.tricks) == HAND
        winner = max((0, 1), key=lambda side: state.tricks[side]) if finished else None
        return Outcome(scores=state.tricks, finished=finished, winner=winner)

    def determinize(self, view: ToyView, rng: Rng) -> ToyState:
        dealt = sum(view.hand_sizes) > 0 or bool(view.played)
        if not dealt:
            return ToyState(dealer=view.dealer)
        seen = set(view.hand) | set(view.played) | set(view.trick)
        unseen = rng.shuffled([card for card in DECK if card not in seen])
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[view.seat], hands[1 - view.seat] = view.hand, unseen
        return ToyState(
            dealer=view.dealer,
            dealt=True,
            hands=tuple(hands),
            leader=view.leader,
            trick=view.trick,
            played=view.played,
            tricks=view.tricks,
        )

    def events(self, before: ToyState, action: Any, seat: int | None) -> tuple[Any, ...]:
        after = self.apply(before, action)
        if isinstance(action, DrawDealer):
            return (DealerDrawn(seat=action.seat),)
        if isinstance(action, Shuffle):
            return tuple(
                Dealt(seat=s, count=len(after.hands[s]), cards=after.hands[s] if s == seat else ())
                for s in (0, 1)
            )
        actor = self.actor(before)
        assert isinstance(actor, int)
        found: list[Any] = [Played(seat=actor, card=action.card)]
        if not after.trick:
            found.append(TrickWon(seat=after.leader))
        return tuple(found)

    def validate(self, state: ToyState) -> None:
        held = [c for hand in state.hands for c in hand] + list(state.trick) + list(state.played)
        if state.dealt and (len(held) != len(DECK) or set(held) != set(DECK)):
            raise InvalidStateError("every card must be somewhere exactly once")


class ToyRandomBot:
    """Picks uniformly from the legal actions with its own stream."""

    name: ClassVar[str] = "toy-random"
    description: ClassVar[str] = "random legal card"
    games: ClassVar[tuple[str, ...] | None] = ("toy",)

    def __init__(self, spec: BotSpec) -> None:
        self.rng = spec.rng
        self.calls = 0

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        self.calls += 1
        return self.rng.choice(legal)


class FirstBot:
    """Always the first legal action."""

    name: ClassVar[str] = "first"
    description: ClassVar[str] = "first legal card"
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, spec: BotSpec) -> None:
        pass

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return legal[0]


class ToyPlugin:
    @hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        register(ToyGame)

    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(ToyRandomBot)
        register(FirstBot)


def toy_host() -> PluginHost:
    """A host with only the toy game and its bots (no entry points), strict."""
    return build_host(entry_points=False, plugins=[("toy", ToyPlugin())], strict=True)
