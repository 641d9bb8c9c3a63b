"""``Projection.unseen_dealer`` beyond the usual layout (:mod:`trickcore.kit.hidden`): a seat's
own entry hidden by ``shown``, an owned field dealt a card the viewer did not see, and ``held``
cards known to be in one seat's hidden places; and ``TrickGame.voids`` before trumps are known.
"""

from __future__ import annotations

from collections import Counter

import msgspec

import trickcore
from trickcore import Card, Rng, Table, kit
from trickcore_euchre import Euchre, EuchreOptions

PACK = tuple(Card(text) for text in ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"])


class ToyState(msgspec.Struct, frozen=True, kw_only=True):
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discard: Card | None = None
    stock: tuple[Card, ...] = ()


class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: Card | None


PROJECTION = kit.Projection(
    ToyState,
    ToyView,
    per_seat=[kit.SeatPart("hands", own="hand", sizes="hand_sizes", shown=lambda s, seat: True)],
    owned={"discard": lambda state: state.dealer},
    secret=["stock"],
)


def _draws(view: ToyView, **arguments: object) -> list[ToyState]:
    dealer = PROJECTION.unseen_dealer(view, PACK, **arguments)  # type: ignore[arg-type]
    return [dealer(Rng(7, index)) for index in range(300)]


def test_a_held_card_goes_only_to_its_holders_places() -> None:
    view = ToyView(seat=1, dealer=0, hand=(Card("AS"),), hand_sizes=(2, 1, 2), discard=None)
    draws = _draws(view, secret={"discard": 1, "stock": 2}, held={Card("KS"): 0})
    where: Counter[str] = Counter()
    for state in draws:
        placed = [*state.hands[0], *state.hands[2], state.discard, *state.stock]
        assert sorted(map(str, placed)) == sorted(str(card) for card in PACK[1:])
        assert state.hands[1] == (Card("AS"),) and len(state.hands[0]) == 2
        assert Card("KS") not in (*state.hands[2], *state.stock)
        where["discard" if state.discard == Card("KS") else "hand"] += 1
    assert set(where) == {"discard", "hand"}


def test_without_held_the_card_goes_anywhere() -> None:
    view = ToyView(seat=1, dealer=0, hand=(Card("AS"),), hand_sizes=(2, 1, 2), discard=None)
    draws = _draws(view, secret={"discard": 1, "stock": 2})
    assert any(Card("KS") in state.stock for state in draws)


def test_an_owned_field_of_size_0_keeps_the_views_value() -> None:
    view = ToyView(seat=0, dealer=0, hand=(Card("AS"),), hand_sizes=(1, 2, 2), discard=Card("QH"))
    for state in _draws(view, secret={"discard": 0, "stock": 2}):
        assert state.discard == Card("QH") and len(state.stock) == 2


def test_an_own_entry_hidden_by_shown_is_dealt_too() -> None:
    view = ToyView(seat=0, dealer=0, hand=(), hand_sizes=(2, 2, 2), discard=None)
    draws = _draws(view, secret={"stock": 2})
    assert all(len(state.hands[0]) == 2 for state in draws)
    assert len({state.hands[0] for state in draws}) > 1


def test_voids_are_empty_until_trumps_are_known() -> None:
    game = Euchre(EuchreOptions(first_dealer=0))
    state = game.apply(game.initial_state(), game.sample_chance(game.initial_state(), Rng(3)))
    assert game.voids(game.view(state, 1)) == {seat: set() for seat in range(4)}


def test_euchre_names_every_card_its_views_show() -> None:
    """Euchre spares search bots the walk of :func:`kit.cards_seen` by naming the fields that
    show cards (``seen_cards``): in every view of random games (both packs with a joker or not,
    every phase), it names exactly the cards the walk finds; and the up-card it counts held
    (``held_cards``, ``seen_and_held``) is exactly the one the dealer took (E4) and still holds
    in their hand or discard (E10), for every other seat."""
    checked = took_up = 0
    for deck in (24, 25, 32):
        game = trickcore.load("euchre", deck=deck, single_hand=True)
        for seed in range(15):
            table = Table(game, ["random"] * 4, seed=seed)
            while not table.over:
                for seat in range(4):
                    state = table.state
                    view = game.view(state, seat)
                    assert set(game.seen_cards(view)) == kit.cards_seen(view)
                    seen, held = game.seen_and_held(view)
                    assert set(seen) == kit.cards_seen(view)
                    up, dealer = state.up_card, state.dealer
                    kept = up is not None and dealer is not None and state.picked_up
                    kept = kept and (up in state.hands[dealer] or state.discard == up)
                    expected = {up: dealer} if kept and seat != dealer else {}
                    assert held == game.held_cards(view) == expected
                    checked += 1
                    took_up += bool(held)
                table.advance(max_steps=1)
    assert checked > 1_000
    assert took_up > 50  # views in which another seat's picked-up up-card was held
