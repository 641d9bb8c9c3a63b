"""``determinize`` is exactly uniform over the deals consistent with a view (DESIGN 4a), for
Euchre and High card, and a prepared view deals exactly what a fresh one deals.

The consistent deals of a small position (the last trick of a hand, so that few cards are
hidden) are enumerated here without the game's determinize code: every way to put the hidden
cards of the real state back into the hidden places with the same sizes, kept when the game
validates the state (its replay of the hand refuses a card in a suit the player showed out of,
E7) and the seat sees the same view. Samples from ``determinize`` are then tested against the
uniform law over them by chi-square at p = 0.001 (seeded streams: the outcome is fixed).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from test_sampling import chi_square, chi_square_critical

import trickcore
from trickcore import CHANCE, Rng
from trickcore.errors import InvalidStateError
from trickcore.kit.hidden import LastView, cards_seen

Deal = tuple[frozenset[Any], ...]


def positions(game: Any, seed: int) -> Iterator[tuple[Any, int]]:
    """(state, acting seat) at every decision of random games from ``seed``."""
    pick = Rng(seed, "test", "players")
    for hand in itertools.count():
        state = game.initial_state()
        chance = 0
        while (actor := game.actor(state)) is not None:
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(seed, hand, chance))
                chance += 1
            else:
                yield state, actor
                legal = game.legal_actions(state)
                action = legal[pick.below(len(legal))]
            state = game.apply(state, action)


def hidden_places(state: Any, seat: int) -> dict[str, Any]:
    """The state's parts that ``seat`` does not see: the others' hands, and every other
    hidden card field (Euchre: the discard when not the dealer's own, the undealt cards)."""
    places: dict[str, Any] = {
        f"hand {other}": hand for other, hand in enumerate(state.hands) if other != seat
    }
    for name in ("undealt", "stock"):
        if hasattr(state, name):
            places[name] = getattr(state, name)
    if getattr(state, "discard", None) is not None and state.dealer != seat:
        places["discard"] = (state.discard,)
    return places


def rebuilt(state: Any, seat: int, parts: dict[str, tuple[Any, ...]]) -> Any:
    hands = tuple(parts.get(f"hand {s}", hand) for s, hand in enumerate(state.hands))
    changes: dict[str, Any] = {"hands": hands}
    for name in ("undealt", "stock"):
        if name in parts:
            changes[name] = parts[name]
    if "discard" in parts:
        changes["discard"] = parts["discard"][0]
    return msgspec.structs.replace(state, **changes)


def placements(cards: list[Any], sizes: list[int]) -> Iterator[tuple[tuple[Any, ...], ...]]:
    """Every way to split ``cards`` into parts of ``sizes`` (each part in ``cards`` order)."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [card for card in cards if card not in first]
        for others in placements(rest, sizes[1:]):
            yield (first, *others)


def consistent_deals(game: Any, state: Any, seat: int) -> list[Deal]:
    """Every placement of the hidden cards that validates and shows ``seat`` the same view."""
    places = hidden_places(state, seat)
    names = list(places)
    cards = [card for name in names for card in places[name]]
    view = game.view(state, seat)
    found = []
    for parts in placements(cards, [len(places[name]) for name in names]):
        candidate = rebuilt(state, seat, dict(zip(names, parts, strict=True)))
        try:
            game.validate(candidate)
        except InvalidStateError:
            continue
        if game.view(candidate, seat) == view:
            found.append(tuple(frozenset(part) for part in parts))
    return found


def shows_a_void(view: Any) -> bool:
    """Someone in ``view``'s finished tricks did not follow the printed suit led (a cheap
    sign that a void may shape the deal; the enumeration decides)."""
    return any(
        any(card.suit is not trick.cards[0].suit for card in trick.cards[1:])
        for trick in view.tricks
    )


def small_position(game: Any, seed: int, hidden: int) -> tuple[Any, int]:
    """A position with at most ``hidden`` hidden cards where a void rules some deals out."""
    for state, seat in positions(game, seed):
        count = sum(map(len, hidden_places(state, seat).values()))
        if count > hidden or not shows_a_void(game.view(state, seat)):
            continue
        sizes = [len(part) for part in hidden_places(state, seat).values()]
        every = len(list(placements(list(range(count)), sizes)))
        if len(consistent_deals(game, state, seat)) < every:
            return state, seat
    raise AssertionError("unreachable")


@pytest.mark.parametrize(
    ("name", "options", "seed", "hidden"),
    [("euchre", {"single_hand": True}, 3, 7), ("high-card", {}, 1, 12)],
)
def test_determinize_is_uniform_over_the_consistent_deals(
    name: str, options: dict[str, Any], seed: int, hidden: int
) -> None:
    game = trickcore.load(name, **options)
    state, seat = small_position(game, seed, hidden)
    outcomes = consistent_deals(game, state, seat)
    assert len(outcomes) > 2
    view = game.view(state, seat)
    names = list(hidden_places(state, seat))
    samples = 60 * len(outcomes)
    rng = Rng(2026, "uniform", name)
    observed: Counter[Deal] = Counter()
    for _ in range(samples):
        drawn = game.determinize(view, rng)
        assert game.view(drawn, seat) == view
        places = hidden_places(drawn, seat)
        observed[tuple(frozenset(places[n]) for n in names)] += 1
    assert set(observed) == set(outcomes)
    assert chi_square(observed, outcomes, samples) < chi_square_critical(len(outcomes) - 1)


def test_a_prepared_view_deals_as_a_fresh_one() -> None:
    """Drawing again from the same view object (prepared once) gives exactly the states that
    fresh copies of the view give from the same stream."""
    game = trickcore.load("euchre")
    views = [game.view(state, seat) for state, seat in itertools.islice(positions(game, 5), 60)]
    for index, view in enumerate(views):
        same, fresh = Rng(index, "same"), Rng(index, "same")
        for _ in range(3):
            assert game.determinize(view, same) == game.determinize(
                msgspec.structs.replace(view), fresh
            )


def test_last_view_prepares_once_per_view_object() -> None:
    calls: list[object] = []

    def prepare(view: object) -> int:
        calls.append(view)
        return len(calls)

    memo: LastView[object, int] = LastView(prepare)
    first, second = (1, 2), tuple([1, 2])
    assert memo(first) == memo(first) == 1
    assert memo(second) == 2  # equal but another object: prepared again
    assert memo(first) == 3
    assert calls == [first, second, first]


def test_cards_seen_finds_cards_in_every_container() -> None:
    jh, qs, ad, kc = trickcore.cards("JH QS AD KC")

    class Box(msgspec.Struct):
        cards: tuple[Any, ...]
        more: dict[Any, Any]

    found = cards_seen(Box(cards=(jh, [qs, 3]), more={ad: {kc}, "x": None}))
    assert found == {jh, qs, ad, kc}
