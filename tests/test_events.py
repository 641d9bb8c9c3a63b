"""The kit's generic events and event log (``trickcore/kit/events.py``).

What a seat may see in its events follows the rule books' "what a player may see" sections
(E10, F8, A10): its own hand after a deal, never another's; a spectator sees public events only.
"""

from __future__ import annotations

import inspect

import msgspec
import pytest

import trickcore
from trickcore import from_json, from_msgpack, to_json, to_msgpack
from trickcore.cards import Suit, cards
from trickcore.game import Event
from trickcore.kit import events
from trickcore.kit.events import (
    CardPlayed,
    CardTurnedUp,
    DealerDrawn,
    Dealt,
    EventLog,
    GameOver,
    GenericEvent,
    HandOver,
    Passed,
    PlayBegins,
    PointsScored,
    TrickWon,
    side_text,
)

SAMPLES: list[tuple[Event, str]] = [
    (DealerDrawn(seat=3), "Seat 3 deals first."),
    (
        Dealt(hand_number=2, dealer=1, hand=cards("AS JH 9C")),
        "Hand 2: seat 1 deals. Your hand: AS JH 9C.",
    ),
    (Dealt(hand_number=1, dealer=0, hand=None), "Hand 1: seat 0 deals."),
    (Dealt(hand_number=1, dealer=0, hand=()), "Hand 1: seat 0 deals. Your hand: ."),
    (CardTurnedUp(card=cards("JD")[0]), "JD is turned up."),
    (CardPlayed(seat=2, card=cards("TH")[0]), "Seat 2 plays TH."),
    (
        TrickWon(seat=1, number=4, cards=cards("9S AS KS QS")),
        "Seat 1 wins trick 4 (9S AS KS QS).",
    ),
    (
        PointsScored(side=0, points=2, reason="march", rule="E8", scores=(7, 4)),
        "Side 0 scores 2 (march, E8); score: side 0 7, side 1 4.",
    ),
    (
        PointsScored(side=3, points=1, reason="high", rule="A7", scores=(0, 1, 2, 1)),
        "Side 3 scores 1 (high, A7); score: side 0 0, side 1 1, side 2 2, side 3 1.",
    ),
    (
        HandOver(hand_number=3, tricks=(3, 2), scores=(5, 6)),
        "Hand 3 is over; tricks: side 0 3, side 1 2; score: side 0 5, side 1 6.",
    ),
    (GameOver(winner=1, scores=(8, 10)), "Game over: side 1 wins; score: side 0 8, side 1 10."),
    (GameOver(winner=None, scores=(4, 4)), "Game over: a draw; score: side 0 4, side 1 4."),
]


def _kit_event_types() -> set[type[Event]]:
    return {
        value
        for _, value in inspect.getmembers(events, inspect.isclass)
        if issubclass(value, Event) and value is not Event
    }


def test_the_samples_cover_every_kit_event() -> None:
    """A new kit event must get a sample here (and so its text and JSON are tested)."""
    # PlayBegins and Passed are offered to games, not in the generic union: Euchre tells more
    # with its own (tested below).
    offered = {PlayBegins, Passed}
    assert {type(event) for event, _ in SAMPLES} == _kit_event_types() - offered
    assert set(GenericEvent.__args__) == _kit_event_types() - offered


def test_play_begins_narrates_and_round_trips_through_a_game_union() -> None:
    from trickcore_allfours.events import AllFoursEvent  # noqa: PLC0415

    event = PlayBegins(trump=Suit.SPADES, leader=3)
    assert str(event) == "Trumps: spades. Seat 3 leads."
    assert from_json(to_json(event), AllFoursEvent) == event


def test_passed_narrates_and_round_trips_through_a_game_union() -> None:
    from trickcore_apples.events import ApplesEvent  # noqa: PLC0415
    from trickcore_apples.events import Passed as ApplesPassed  # noqa: PLC0415

    assert str(Passed(seat=2)) == "Seat 2 passes."
    event = ApplesPassed(seat=2)
    assert isinstance(event, Passed) and str(event) == "Seat 2 passes."
    assert from_json(to_json(event), ApplesEvent) == event
    assert to_json(event) == b'{"type":"passed","seat":2}'


@pytest.mark.parametrize(("event", "text"), SAMPLES)
def test_str_narrates_in_one_line(event: Event, text: str) -> None:
    assert str(event) == text


@pytest.mark.parametrize(("event", "text"), SAMPLES)
def test_json_and_msgpack_round_trip_through_the_tagged_union(event: Event, text: str) -> None:
    data = to_json(event)
    tag = msgspec.inspect.type_info(type(event)).tag  # type: ignore[attr-defined]
    assert msgspec.json.decode(data)["type"] == tag
    assert from_json(data, GenericEvent) == event
    assert from_msgpack(to_msgpack(event), GenericEvent) == event


def test_json_form_cards_as_text() -> None:
    assert to_json(CardPlayed(seat=0, card=cards("QH")[0])) == (
        b'{"type":"card_played","seat":0,"card":"QH"}'
    )
    assert to_json(Dealt(hand_number=1, dealer=3, hand=None)) == (
        b'{"type":"dealt","hand_number":1,"dealer":3,"hand":null}'
    )


def test_kit_event_tags_are_distinct() -> None:
    tags = [msgspec.inspect.type_info(kind).tag for kind in _kit_event_types()]  # type: ignore[attr-defined]
    assert len(tags) == len(set(tags)) == len(_kit_event_types())


@pytest.mark.parametrize(("event", "text"), SAMPLES)
def test_euchre_event_union_decodes_every_kit_event(event: Event, text: str) -> None:
    """Euchre's events include every generic one, so its event log can carry them all."""
    union = trickcore.load("euchre").event_type
    assert from_json(to_json(event), union) == event


def test_events_are_frozen() -> None:
    event = CardPlayed(seat=1, card=cards("AS")[0])
    with pytest.raises(AttributeError):
        event.seat = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("side", "seats", "text"),
    [
        (0, (0, 2), "side 0 (seats 0 and 2)"),
        (1, (1, 3), "side 1 (seats 1 and 3)"),
        (2, (2,), "seat 2"),
    ],
)
def test_side_text(side: int, seats: tuple[int, ...], text: str) -> None:
    """E1/F1 partnerships read as sides; A1 players for themselves as seats."""
    assert side_text(side, seats) == text


def test_event_log_keeps_events_in_order() -> None:
    log = EventLog(1)
    assert log.viewer == 1 and log.events == []
    first, second = DealerDrawn(seat=0), CardPlayed(seat=1, card=cards("AS")[0])
    log.add(first)
    log.add(second)
    assert log.events == [first, second]


def test_own_shows_a_value_to_its_seat_only() -> None:
    """E10: each seat sees its own hand, not another's."""
    hand = cards("AS KS")
    log = EventLog(2)
    assert log.own(2, hand) == hand
    assert log.own(0, hand) is None
    assert log.own(None, hand) is None


def test_a_spectator_sees_no_seats_own_value() -> None:
    spectator = EventLog(None)
    assert [spectator.own(seat, cards("AS")) for seat in range(4)] == [None] * 4
    assert spectator.own(None, cards("AS")) is None


def test_generic_event_decodes_a_list_of_every_kind() -> None:
    """A game whose ``event_type`` is ``GenericEvent`` (the example game) decodes a whole log."""
    log = [event for event, _ in SAMPLES]
    assert from_json(to_json(log), list[GenericEvent]) == log
    assert msgspec.msgpack.decode(to_msgpack(log), type=list[GenericEvent]) == log


def test_generic_event_refuses_an_unknown_tag() -> None:
    with pytest.raises(trickcore.DecodeError):
        from_json(b'{"type":"trump_called","seat":0}', GenericEvent)


@pytest.mark.parametrize("viewer", range(4))
def test_own_entry_is_the_viewers_entry(viewer: int) -> None:
    """E10: after the deal each seat sees its own hand."""
    hands = (cards("AS"), cards("KS QS"), (), cards("JS"))
    assert EventLog(viewer).own_entry(hands) == hands[viewer]


def test_own_entry_for_a_spectator_is_none() -> None:
    assert EventLog(None).own_entry((cards("AS"), cards("KS"))) is None
