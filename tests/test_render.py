"""The optional Renderer protocol (``trickcore.render``): a game's own renderer, the default one
for a game without, and Euchre's (its text view and hand sorting)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
import pytest
from euchre_helpers import cs, deal, euchre, run
from toygame import toy_host

from trickcore.cards import Card
from trickcore.cli.text import order_legal
from trickcore.render import DefaultRenderer, Renderer, menu_order, renderer_for
from trickcore.rng import Rng
from trickcore_euchre import GoAlone, WithPartner
from trickcore_euchre.render import EuchreRenderer
from trickcore_euchre.rules import Euchre

TOY = toy_host().load("high-card")


def test_a_game_with_a_renderer_gets_its_own() -> None:
    game = euchre()
    assert renderer_for(game) is Euchre.renderer
    assert isinstance(Euchre.renderer, EuchreRenderer)
    assert isinstance(Euchre.renderer, Renderer)


def test_a_game_without_a_renderer_gets_the_default() -> None:
    renderer = renderer_for(TOY)
    assert isinstance(renderer, DefaultRenderer)
    state = TOY.initial_state()
    while not TOY.view(state, 0).hand:
        state = TOY.apply(state, TOY.sample_chance(state, Rng(1, "chance")))
    view = TOY.view(state, 0)
    assert msgspec.json.decode(renderer.describe_view(view), type=type(view)) == view
    assert renderer.sorted_hand(view) == tuple(view.hand)


def test_the_default_renderer_gives_no_hand_for_a_view_without_one() -> None:
    class Handless(msgspec.Struct, frozen=True):
        seat: int

    assert DefaultRenderer().sorted_hand(Handless(seat=1)) == ()
    assert DefaultRenderer().describe_view(Handless(seat=1)) == '{"seat":1}'


class _Upper:
    def describe_view(self, view: Any) -> str:
        return str(view).upper()

    def sorted_hand(self, view: Any) -> tuple[Card, ...]:
        return tuple(sorted(view.hand, key=str))


class _WithProperty:
    """A renderer given by a property (per instance), as a game may do."""

    @property
    def renderer(self) -> _Upper:
        return _Upper()


class _NotARenderer:
    renderer: ClassVar[str] = "not a renderer"


def test_a_renderer_may_be_a_property_and_anything_else_is_ignored() -> None:
    assert isinstance(renderer_for(_WithProperty()), _Upper)  # type: ignore[arg-type]
    assert isinstance(renderer_for(_NotARenderer()), DefaultRenderer)  # type: ignore[arg-type]


def test_euchre_sorts_trumps_first_then_by_suit_high_first() -> None:
    game = euchre()
    hands = {1: "9C JD AH TH JH", 2: "9H AS KS QS JS", 3: "9S KH QH AC KC", 0: "QC TC TS 9D TD"}
    state = deal(game, 0, hands, up="AD")
    view = game.view(state, 1)
    before_trump = Euchre.renderer.sorted_hand(view)
    assert sorted(map(str, before_trump)) == sorted(map(str, cs(hands[1])))
    assert [str(card) for card in before_trump] == ["9C", "JD", "AH", "JH", "TH"]
    state = run(game, state, "1=order_up")
    view = game.view(state, 1)
    # Diamonds are trumps: the right bower (JD), the left (JH), then the rest by suit.
    assert [str(card) for card in Euchre.renderer.sorted_hand(view)] == [
        "JD",
        "JH",
        "9C",
        "AH",
        "TH",
    ]


def test_euchre_describes_a_view_in_a_few_lines() -> None:
    game = euchre()
    state = deal(game, 0, {1: "9C JD AH TH JH"}, up="AD")
    text = Euchre.renderer.describe_view(game.view(state, 1))
    assert text.splitlines()[0] == (
        "Seat 1: hand 1, dealer seat 0; score: seats 0+2 0, seats 1+3 (you) 0"
    )
    assert "Up-card: " in text and "(face up)" in text
    assert text.splitlines()[-1].startswith("Your hand: ")


def test_euchre_tricks_are_counted_per_side_with_labels() -> None:
    game = euchre()
    state = deal(game, 0, {1: "9C JD AH TH JH", 0: "KC TC QC AS KS"}, up="AD")
    state = run(game, state, "1=order_up 0=discard:TC")
    view = game.view(state, 2)
    assert "; tricks: seats 0+2 (you) 0, seats 1+3 0" in Euchre.renderer.describe_view(view)


def test_euchre_menu_lists_going_alone_last() -> None:
    game = euchre()
    legal = (GoAlone(), WithPartner())
    view = game.view(deal(game, 0, {1: "9C JD AH TH JH"}, up="AD"), 1)
    assert Euchre.renderer.order_actions(view, legal) == (WithPartner(), GoAlone())
    assert menu_order(game, view, legal) == (WithPartner(), GoAlone())
    assert order_legal(game, view, legal)[0] == WithPartner()


class _Swapping:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def describe_view(self, view: Any) -> str:
        return ""

    def sorted_hand(self, view: Any) -> tuple[Any, ...]:
        return ()

    def order_actions(self, view: Any, legal: Any) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize(
    ("answer", "expected"),
    [((2, 1), (2, 1)), ((1, 1), (1, 2)), ((1,), (1, 2)), (RuntimeError("x"), (1, 2))],
)
def test_menu_order_trusts_a_renderer_only_with_the_same_actions(
    answer: Any, expected: tuple[int, ...]
) -> None:
    class Game:
        renderer = _Swapping(answer)

    assert menu_order(Game(), None, (1, 2)) == expected  # type: ignore[arg-type]
