"""Euchre events: what an action did, as one seat may see it (E10).

``events(game, before, action, after, seat)`` is derived from the two states, off the hot path
of ``apply``. A seat's events show its own dealt hand and, for the dealer, their own discard;
``seat=None`` gives the public events a spectator may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trickcore.cards import Card, Suit
from trickcore.game import DrawDealer, Event, Shuffle
from trickcore_euchre.actions import Call, Discard, GoAlone, OrderUp, Pass, Play, WithPartner
from trickcore_euchre.state import EuchreState, Phase

if TYPE_CHECKING:
    from trickcore_euchre.rules import Euchre

__all__ = [
    "CardPlayed",
    "DealerDrawn",
    "Dealt",
    "Discarded",
    "EuchreEvent",
    "GameOver",
    "HandScored",
    "HandThrownIn",
    "OrderedUp",
    "Passed",
    "PlayBegins",
    "TrickWon",
    "TrumpCalled",
    "UpCardTurnedDown",
    "WentAlone",
    "WithPartnerDeclared",
    "events",
]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


class DealerDrawn(Event, frozen=True, tag="dealer_drawn"):
    """The first dealer was drawn (E1)."""

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} deals first."


class Dealt(Event, frozen=True, tag="dealt"):
    """A hand was dealt (E3). ``hand`` is the viewing seat's own hand (``None`` for a spectator,
    and for the dealer while naming trump over a turned-up joker, E5)."""

    hand_number: int
    dealer: int
    up_card: Card
    hand: tuple[Card, ...] | None

    def __str__(self) -> str:
        mine = f" Your hand: {_cards(self.hand)}." if self.hand is not None else ""
        return (
            f"Hand {self.hand_number}: seat {self.dealer} deals, {self.up_card} is turned up.{mine}"
        )


class Passed(Event, frozen=True, tag="passed"):
    """A pass in bidding round 1 or 2 (E4)."""

    seat: int
    round: int

    def __str__(self) -> str:
        return f"Seat {self.seat} passes."


class UpCardTurnedDown(Event, frozen=True, tag="turned_down"):
    """All four passed in the first round; the up-card's suit may not be named (E4)."""

    card: Card

    def __str__(self) -> str:
        return f"{self.card} is turned down."


class OrderedUp(Event, frozen=True, tag="ordered_up"):
    """The up-card's suit was accepted as trump; the dealer takes the up-card (E4)."""

    seat: int
    suit: Suit
    dealer: int
    up_card: Card

    def __str__(self) -> str:
        verb = "picks up" if self.seat == self.dealer else "orders up"
        return (
            f"Seat {self.seat} {verb} {self.up_card}: {self.suit.name.lower()} are trumps; "
            f"seat {self.dealer} takes the {self.up_card}."
        )


class TrumpCalled(Event, frozen=True, tag="trump_called"):
    """A suit was named trump: second round (E4), or by the dealer over a joker (E5).
    ``hand`` shows the dealer their own hand after an E5 call (only in their own events)."""

    seat: int
    suit: Suit
    joker_up: bool = False
    hand: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        text = f"Seat {self.seat} names {self.suit.name.lower()} trumps"
        if self.joker_up:
            text += " and takes the joker"
        if self.hand is not None:
            text += f". Your hand: {_cards(self.hand)}"
        return text + "."


class Discarded(Event, frozen=True, tag="discarded"):
    """The dealer discarded; ``card`` only in the dealer's own events (E10)."""

    seat: int
    card: Card | None

    def __str__(self) -> str:
        what = str(self.card) if self.card is not None else "a card"
        return f"Seat {self.seat} discards {what}."


class WentAlone(Event, frozen=True, tag="went_alone"):
    """A player goes alone; their partner sits out (E6)."""

    seat: int
    partner: int

    def __str__(self) -> str:
        return f"Seat {self.seat} goes alone; seat {self.partner} sits out."


class WithPartnerDeclared(Event, frozen=True, tag="with_partner"):
    """A player declined to go alone (E6)."""

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} plays with partner."


class PlayBegins(Event, frozen=True, tag="play_begins"):
    """Trump is settled and the first trick is led (E7)."""

    trump: Suit
    maker: int
    leader: int
    sitting_out: tuple[int, ...]

    def __str__(self) -> str:
        return f"Trumps: {self.trump.name.lower()}. Seat {self.leader} leads."


class CardPlayed(Event, frozen=True, tag="card_played"):
    """A card was played to the trick (E7)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"Seat {self.seat} plays {self.card}."


class TrickWon(Event, frozen=True, tag="trick_won"):
    """A trick was completed (E7)."""

    seat: int
    number: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"Seat {self.seat} wins trick {self.number} ({_cards(self.cards)})."


class HandThrownIn(Event, frozen=True, tag="thrown_in"):
    """Everyone passed twice; the hand is thrown in (E4)."""

    dealer: int

    def __str__(self) -> str:
        return "Everyone passed: the hand is thrown in."


class HandScored(Event, frozen=True, tag="hand_scored"):
    """A hand was scored (E8)."""

    side: int
    points: int
    makers: int
    tricks: tuple[int, int]
    scores: tuple[int, int]

    def __str__(self) -> str:
        how = "make it" if self.side == self.makers else "euchre the makers"
        return (
            f"Side {self.side} ({_side_seats(self.side)}) {how}: +{self.points}. "
            f"Tricks {self.tricks[0]}-{self.tricks[1]}; score {self.scores[0]}-{self.scores[1]}."
        )


class GameOver(Event, frozen=True, tag="game_over"):
    """The game ended (E1, E9); ``winner`` is ``None`` for a draw."""

    winner: int | None
    scores: tuple[int, int]

    def __str__(self) -> str:
        if self.winner is None:
            return f"Game over: a draw at {self.scores[0]}-{self.scores[1]}."
        return (
            f"Game over: side {self.winner} ({_side_seats(self.winner)}) wins "
            f"{self.scores[self.winner]}-{self.scores[1 - self.winner]}."
        )


def _side_seats(side: int) -> str:
    return "seats 0 and 2" if side == 0 else "seats 1 and 3"


EuchreEvent = (
    DealerDrawn
    | Dealt
    | Passed
    | UpCardTurnedDown
    | OrderedUp
    | TrumpCalled
    | Discarded
    | WentAlone
    | WithPartnerDeclared
    | PlayBegins
    | CardPlayed
    | TrickWon
    | HandThrownIn
    | HandScored
    | GameOver
)
"""Every Euchre event."""


def events(
    game: Euchre, before: EuchreState, action: Any, after: EuchreState, seat: int | None
) -> tuple[EuchreEvent, ...]:
    """The events of ``action`` (``before`` -> ``after``) as ``seat`` may see them."""
    out: list[EuchreEvent] = []
    actor = before.turn
    kind = type(action)
    if kind is DrawDealer:
        out.append(DealerDrawn(seat=action.seat))
    elif kind is Shuffle:
        assert after.dealer is not None and after.up_card is not None
        hidden = seat is None or (after.phase is Phase.JOKER_CALL and seat == after.dealer)
        out.append(
            Dealt(
                hand_number=after.hand_number,
                dealer=after.dealer,
                up_card=after.up_card,
                hand=None if hidden or seat is None else after.hands[seat],
            )
        )
    elif kind is Pass:
        out.append(Passed(seat=actor, round=1 if before.phase is Phase.BID_FIRST else 2))
        if before.phase is Phase.BID_FIRST and after.phase is Phase.BID_SECOND:
            assert after.up_card is not None
            out.append(UpCardTurnedDown(card=after.up_card))
    elif kind is OrderUp:
        assert after.trump is not None and after.dealer is not None and after.up_card is not None
        out.append(
            OrderedUp(seat=actor, suit=after.trump, dealer=after.dealer, up_card=after.up_card)
        )
    elif kind is Call:
        joker_up = before.phase is Phase.JOKER_CALL
        shown = after.hands[actor] if joker_up and seat == actor else None
        out.append(TrumpCalled(seat=actor, suit=action.suit, joker_up=joker_up, hand=shown))
    elif kind is Discard:
        out.append(Discarded(seat=actor, card=action.card if seat == actor else None))
    elif kind is GoAlone:
        out.append(WentAlone(seat=actor, partner=(actor + 2) % 4))
    elif kind is WithPartner:
        out.append(WithPartnerDeclared(seat=actor))
    elif kind is Play:
        out.append(CardPlayed(seat=actor, card=action.card))
        if len(before.trick) + 1 == len(before.trick_seats):
            assert before.trump is not None
            cards = (*before.trick, action.card)
            winner = before.trick_seats[game.trick_order(before.trump).winner(cards)]
            out.append(TrickWon(seat=winner, number=len(before.tricks) + 1, cards=cards))
    if after.phase is Phase.PLAY and before.phase is not Phase.PLAY:
        assert after.trump is not None and after.maker is not None
        out.append(
            PlayBegins(
                trump=after.trump,
                maker=after.maker,
                leader=after.turn,
                sitting_out=after.sitting_out,
            )
        )
    result = after.last_hand
    if result is not None and result != before.last_hand:
        if result.thrown_in:
            out.append(HandThrownIn(dealer=result.dealer))
        else:
            assert result.scoring_side is not None and result.makers is not None
            out.append(
                HandScored(
                    side=result.scoring_side,
                    points=result.points,
                    makers=result.makers,
                    tricks=result.tricks,
                    scores=after.scores,
                )
            )
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        out.append(GameOver(winner=after.winner, scores=after.scores))
    return tuple(out)
