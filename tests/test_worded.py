"""Actions and events in words from a ``text`` template (``trickcore.game``): the template over
the struct's fields is its ``str()``; a ``__str__`` written out wins; without either, messages
show the action's JSON."""

from __future__ import annotations

from trickcore.cards import Card
from trickcore.game import Action, Event, action_text


class _Play(Action, frozen=True, tag="play"):
    text = "play {card}"
    card: Card


class _Bid(Action, frozen=True, tag="bid"):
    text = "bid {number}"
    number: int

    def __str__(self) -> str:
        return f"bid of {self.number}"


class _Plain(Action, frozen=True, tag="plain"):
    number: int


class _Passed(Event, frozen=True, tag="passed"):
    text = "Seat {seat} passes; {{braces}} stay."
    seat: int


def test_a_template_over_the_fields_is_the_words() -> None:
    assert str(_Play(card=Card("QH"))) == "play QH"
    assert action_text(_Play(card=Card("9C"))) == "play 9C"
    assert str(_Passed(seat=3)) == "Seat 3 passes; {braces} stay."


def test_a_written_out_str_wins_over_the_template() -> None:
    assert str(_Bid(number=4)) == "bid of 4"


def test_without_words_messages_show_the_json() -> None:
    assert action_text(_Plain(number=2)) == '{"type":"plain","number":2}'
    assert _Plain.text is None and not hasattr(_Plain(number=2), "__dict__")
