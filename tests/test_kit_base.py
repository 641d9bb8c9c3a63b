"""The shared half of a game on the kit, ``trickcore/kit/base.py``'s :class:`TrickGame`.

A toy game is defined here, as small as a game on the kit can be: four seats in two
partnerships (as Euchre E1), an eight-card pack dealt two each one at a time from the dealer's
left (as E3, dealer fixed at seat 3), then one card each from seat 0; then the game is over. Its
rules are one ``transition``; everything else under test comes from the base class.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import Any, ClassVar

import msgspec
import pytest
from msgspec.structs import replace
from trickcore_example_game.game import HighCard, HighCardOptions

import trickcore
from trickcore import CHANCE, Action, Actor, Card, Direction, DrawDealer, Rng, Shuffle, cards
from trickcore.errors import IllegalActionError, InvalidStateError
from trickcore.kit import events as ev
from trickcore.kit.base import TrickGame
from trickcore.kit.deal import DealSchedule, take
from trickcore.kit.events import EventLog
from trickcore.kit.hidden import Projection, SeatPart
from trickcore.kit.seating import Seating
from trickcore.kit.validation import card_problems, seat_problems

PACK = cards("AS KS QS JS AH KH QH JH")
DEALER = 3


class Phase(enum.Enum):
    DEAL = "deal"
    PLAY = "play"
    OVER = "over"


class Play(Action, frozen=True, tag="toy_play"):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


class ToyOptions(msgspec.Struct, frozen=True):
    label: str = "toy"


class ToyState(msgspec.Struct, frozen=True, kw_only=True):
    phase: Phase
    turn: int = 0
    hands: tuple[tuple[Card, ...], ...] = ((),) * 4
    played: tuple[Card, ...] = ()


class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    phase: Phase
    turn: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[Card, ...]


class Toy(TrickGame[ToyState, Any, ToyView, ToyOptions]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    seat_counts: ClassVar[tuple[int, ...]] = (4,)
    direction: ClassVar[Direction] = Direction.CLOCKWISE
    options_type: ClassVar[type[Any]] = ToyOptions
    action_type: ClassVar[Any] = Shuffle | Play
    state_type: ClassVar[type[Any]] = ToyState
    view_type: ClassVar[type[Any]] = ToyView
    event_type: ClassVar[Any] = ev.GenericEvent

    def __init__(self, options: ToyOptions) -> None:
        seating = Seating(4, self.direction, sides=2)
        projection: Projection[ToyState, ToyView] = Projection(
            ToyState, ToyView, per_seat=[SeatPart("hands", own="hand", sizes="hand_sizes")]
        )
        super().__init__(options, seating, projection, PACK)
        self.schedule = DealSchedule(seating, packets=(1, 1))

    def initial_state(self) -> ToyState:
        return ToyState(phase=Phase.DEAL)

    def actor(self, state: ToyState) -> Actor:
        return {Phase.DEAL: CHANCE, Phase.PLAY: state.turn, Phase.OVER: None}[state.phase]

    def legal_actions(self, state: ToyState) -> tuple[Any, ...]:
        if state.phase is not Phase.PLAY:
            return ()
        return tuple(Play(card=card) for card in state.hands[state.turn])

    def transition(self, state: ToyState, action: Any, log: EventLog | None) -> ToyState:
        match action:
            case Shuffle() if state.phase is Phase.DEAL:
                dealt = self.schedule.deal(self.shuffled_pack(state, action), DEALER)
                if log is not None:
                    hand = log.own_entry(dealt.hands)
                    log.add(ev.Dealt(hand_number=1, dealer=DEALER, hand=hand))
                return replace(state, phase=Phase.PLAY, hands=dealt.hands)
            case Play(card=card) if state.phase is Phase.PLAY:
                if card not in state.hands[state.turn]:
                    raise self.illegal(state, action, f"seat {state.turn} does not hold {card}")
                if log is not None:
                    log.add(ev.CardPlayed(seat=state.turn, card=card))
                played = (*state.played, card)
                return replace(
                    state,
                    phase=Phase.OVER if len(played) == self.seats else Phase.PLAY,
                    turn=self.seating.next(state.turn),
                    hands=take(state.hands, state.turn, card),
                    played=played,
                )
            case _:
                raise self.illegal(state, action)

    def problems(self, state: ToyState) -> list[str]:
        found = seat_problems(self.seating, turn=state.turn)
        if state.phase is not Phase.DEAL:
            located = [card for hand in state.hands for card in hand] + list(state.played)
            found += card_problems(located, PACK[: 2 * self.seats])
        return found


GAME = Toy(ToyOptions())
ORDER = Shuffle(order=PACK)
# Dealer 3 deals from seat 0, one card at a time (E3's order): seat 0 gets AS, AH.
DEALT = GAME.apply(GAME.initial_state(), ORDER)


def test_the_deal_of_the_toy_game() -> None:
    assert DEALT.hands == (cards("AS AH"), cards("KS KH"), cards("QS QH"), cards("JS JH"))


# --- options, seats, sides --------------------------------------------------------------------


def test_options_seats_and_sides_come_from_the_seating() -> None:
    """E1: four seats, partners opposite: seats 0 and 2 against 1 and 3."""
    options = ToyOptions(label="mine")
    game = Toy(options)
    assert game.options is options
    assert game.seats == 4
    assert game.sides == ((0, 2), (1, 3))
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert game.pack == PACK


# --- apply, events, view ----------------------------------------------------------------------


def test_apply_runs_the_transition_and_leaves_the_state_alone() -> None:
    start = GAME.initial_state()
    after = GAME.apply(DEALT, Play(card=cards("AH")[0]))
    assert after.hands[0] == cards("AS") and after.played == cards("AH") and after.turn == 1
    assert GAME.initial_state() == start and DEALT.hands[0] == cards("AS AH")


@pytest.mark.parametrize("seat", range(4))
def test_events_show_a_seat_its_own_hand_only(seat: int) -> None:
    """E10: after the deal a seat sees its own hand and no other."""
    (dealt,) = GAME.events(GAME.initial_state(), ORDER, seat)
    assert dealt == ev.Dealt(hand_number=1, dealer=DEALER, hand=DEALT.hands[seat])


def test_events_for_a_spectator_hold_no_hand() -> None:
    (dealt,) = GAME.events(GAME.initial_state(), ORDER, None)
    assert dealt == ev.Dealt(hand_number=1, dealer=DEALER, hand=None)


def test_events_come_from_the_transition() -> None:
    played = GAME.events(DEALT, Play(card=cards("AS")[0]), 2)
    assert played == (ev.CardPlayed(seat=0, card=cards("AS")[0]),)


def test_events_of_an_illegal_action_raise_like_apply() -> None:
    with pytest.raises(IllegalActionError, match="does not hold KS"):
        GAME.events(DEALT, Play(card=cards("KS")[0]), 0)


@pytest.mark.parametrize("seat", range(4))
def test_view_is_the_projection(seat: int) -> None:
    view = GAME.view(DEALT, seat)
    assert view == ToyView(
        seat=seat,
        phase=Phase.PLAY,
        turn=0,
        hand=DEALT.hands[seat],
        hand_sizes=(2, 2, 2, 2),
        played=(),
    )


@pytest.mark.parametrize(("seat", "shown"), [(4, "4"), (-1, "-1"), (True, "True"), ("0", "'0'")])
def test_view_refuses_a_seat_not_at_the_table(seat: Any, shown: str) -> None:
    """E1: seats are 0-3; a bool is not a seat."""
    with pytest.raises(ValueError, match=rf"^seats are 0-3, not {shown}$"):
        GAME.view(DEALT, seat)


# --- illegal ----------------------------------------------------------------------------------


def test_illegal_names_action_seat_phase_why_and_legal() -> None:
    action = Play(card=cards("KS")[0])
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(DEALT, action)
    assert str(caught.value) == (
        "play KS is not legal for seat 0 in the play phase: seat 0 does not hold KS; "
        "legal: play AS, play AH"
    )
    assert caught.value.seat == 0
    assert caught.value.action == action
    assert caught.value.legal == (Play(card=cards("AS")[0]), Play(card=cards("AH")[0]))


def test_illegal_without_a_reason() -> None:
    error = GAME.illegal(DEALT, Play(card=cards("JH")[0]))
    assert (
        str(error) == "play JH is not legal for seat 0 in the play phase; legal: play AS, play AH"
    )


def test_illegal_shows_a_non_action_by_repr() -> None:
    with pytest.raises(IllegalActionError, match=r"^'AS' is not legal for seat 0 in the play"):
        GAME.apply(DEALT, "AS")


def test_illegal_for_chance_asks_for_a_shuffle() -> None:
    """At a shuffle the legal actions cannot be listed: the message says what is wanted, and the
    error's seat is ``None`` for chance (``IllegalActionError.seat``)."""
    action = Play(card=cards("AS")[0])
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(GAME.initial_state(), action)
    assert str(caught.value) == (
        "play AS is not legal for chance in the deal phase; legal: a shuffle of the whole pack"
    )
    assert caught.value.seat is None
    assert caught.value.action == action and caught.value.legal == ()


def test_illegal_once_the_game_is_over() -> None:
    state = DEALT
    for card in cards("AS KS QS JS"):
        state = GAME.apply(state, Play(card=card))
    assert state.phase is Phase.OVER and GAME.actor(state) is None
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, Play(card=cards("AH")[0]))
    assert str(caught.value) == "the game is over; no action is legal (got play AH)"
    assert caught.value.seat is None and caught.value.legal == ()


def test_illegal_leaves_out_the_phase_of_a_state_without_one() -> None:
    class Bare(Toy):
        def actor(self, state: Any) -> Actor:
            return 2

        def legal_actions(self, state: Any) -> tuple[Any, ...]:
            return (Play(card=cards("QS")[0]),)

    error = Bare(ToyOptions()).illegal(msgspec.Struct(), Play(card=cards("AS")[0]), "why")
    assert str(error) == "play AS is not legal for seat 2: why; legal: play QS"


# --- chance -----------------------------------------------------------------------------------


def test_dealer_draws_one_per_seat() -> None:
    assert GAME.dealer_draws == tuple(DrawDealer(seat=seat) for seat in range(4))
    assert HighCard(HighCardOptions(players=3)).dealer_draws == (
        DrawDealer(seat=0),
        DrawDealer(seat=1),
        DrawDealer(seat=2),
    )


def test_shuffle_is_a_permutation_of_the_pack_drawn_from_the_stream() -> None:
    first = GAME.shuffle(Rng(7))
    assert Counter(first.order) == Counter(PACK)
    assert GAME.shuffle(Rng(7)) == first
    orders = {GAME.shuffle(Rng(seed)).order for seed in range(20)}
    assert len(orders) > 1


def test_shuffled_pack_returns_a_good_order() -> None:
    order = Shuffle(order=tuple(reversed(PACK)))
    assert GAME.shuffled_pack(GAME.initial_state(), order) == order.order


@pytest.mark.parametrize(
    ("order", "named"),
    [
        ("AS KS QS JS AH KH QH", ["got 7 cards", "missing JH"]),
        ("AS KS QS JS AH KH QH JH JH", ["got 9 cards", "more than once JH"]),
        ("AS AS QS JS AH KH QH JH", ["missing KS", "more than once AS"]),
        ("AS KS QS JS AH KH QH 2C", ["missing JH", "not in this pack 2C"]),
        ("AS KS QS JS AH KH QH JH 2C", ["got 9 cards", "not in this pack 2C"]),
    ],
)
def test_shuffled_pack_refuses_a_bad_shuffle_naming_the_cards(order: str, named: list[str]) -> None:
    start = GAME.initial_state()
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(start, Shuffle(order=cards(order)))
    message = str(caught.value)
    assert message.startswith("shuffle (") and "for chance in the deal phase" in message
    assert "a shuffle must hold the 8 cards of the pack once each" in message
    for part in named:
        assert part in message
    assert GAME.initial_state() == start


def test_no_chance_names_the_phase_and_the_seat_to_act() -> None:
    error = GAME.no_chance(DEALT)
    assert isinstance(error, IllegalActionError)
    assert str(error) == "no chance action is due: the game is in the play phase"
    assert error.seat == 0


def test_no_chance_without_a_phase() -> None:
    class Bare(Toy):
        def actor(self, state: Any) -> Actor:
            return None

    error = Bare(ToyOptions()).no_chance(msgspec.Struct())
    assert str(error) == "no chance action is due: no chance" and error.seat is None


# --- validate ---------------------------------------------------------------------------------


def test_validate_accepts_a_state_without_problems() -> None:
    assert GAME.problems(DEALT) == []
    GAME.validate(DEALT)
    GAME.validate(GAME.initial_state())


def test_validate_raises_every_problem() -> None:
    bad = replace(DEALT, turn=5, hands=(cards("AS AS"), *DEALT.hands[1:]))
    with pytest.raises(InvalidStateError) as caught:
        GAME.validate(bad)
    assert str(caught.value) == (
        "invalid toy state: turn 5 is not a seat 0-3; cards held more than once: AS; "
        "cards missing: AH"
    )


def test_the_base_leaves_the_rules_to_the_game() -> None:
    class Unfinished(TrickGame[ToyState, Any, ToyView, ToyOptions]):
        name = "unfinished"

    game = Unfinished(ToyOptions(), GAME.seating, GAME.projection, PACK)
    for method in (game.actor, game.legal_actions, game.problems):
        with pytest.raises(NotImplementedError):
            method(DEALT)
    with pytest.raises(NotImplementedError):
        game.apply(DEALT, ORDER)


# --- the games built on it --------------------------------------------------------------------


def test_euchre_and_the_example_game_are_trick_games() -> None:
    euchre = trickcore.load("euchre")
    assert isinstance(euchre, TrickGame)
    assert isinstance(HighCard(), TrickGame)


def test_euchre_refuses_a_view_for_seat_four() -> None:
    """E1: seats 0-3."""
    euchre = trickcore.load("euchre")
    with pytest.raises(ValueError, match="seats are 0-3, not 4"):
        euchre.view(euchre.initial_state(), 4)


def test_euchre_illegal_action_message_follows_the_kit() -> None:
    """E4: in the first round of bidding a seat may pass or order up; a card play is refused
    with the kit's message naming the seat, the phase and the legal bids."""
    euchre = trickcore.load("euchre", first_dealer=0)
    state = euchre.apply(
        euchre.initial_state(), euchre.sample_chance(euchre.initial_state(), Rng(1))
    )
    seat = euchre.actor(state)
    legal = euchre.legal_actions(state)
    with pytest.raises(IllegalActionError) as caught:
        euchre.apply(state, ORDER)
    message = str(caught.value)
    assert message.startswith(f"shuffle (8 cards) is not legal for seat {seat} in the ")
    assert message.endswith("; legal: " + ", ".join(map(str, legal)))
    assert caught.value.seat == seat and caught.value.legal == legal
