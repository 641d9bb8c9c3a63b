"""A fresh view's cards grouped by suit (issue 24, point 3): ``Projection.unseen_dealer`` hands
the sampler the unseen cards already grouped by the places they may go to (voids bar whole
suits, E7 / A6; a held card goes to its holder's places, E4), instead of a mask per place over
every card. These tests hold the grouped path to the plain one: the same deals from the same
stream, the same verdicts, the stream left in the same state."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_viewcheck import game_of, positions

from trickcore import Rng
from trickcore.cards import Card, Suit, cards
from trickcore.kit.hidden import _unseen_classes
from trickcore.sampling import SlotSampler

EUCHRES = ("euchre", "euchre-joker")


def _groups(
    cards: Sequence[Card], sizes: Sequence[int], allowed: Sequence[int | None]
) -> dict[int, tuple[Card, ...]]:
    """The classes that ``allowed`` makes, found the slow way: each card's set of places of
    nonzero size that may hold it (bit k: the k-th such place), cards in their order."""
    taking = [index for index, size in enumerate(sizes) if size]
    groups: dict[int, tuple[Card, ...]] = {}
    for position, card in enumerate(cards):
        mask = 0
        for bit, index in enumerate(taking):
            limit = allowed[index]
            if limit is None or limit >> position & 1:
                mask |= 1 << bit
        groups[mask] = (*groups.get(mask, ()), card)
    return groups


@settings(deadline=None, max_examples=300)
@given(
    cards=st.integers(0, 10),
    sizes=st.lists(st.integers(0, 4), min_size=1, max_size=5),
    limits=st.lists(st.one_of(st.none(), st.integers(0, 2**10 - 1)), min_size=5, max_size=5),
    seed=st.integers(0, 2**32),
)
def test_grouped_classes_deal_what_allowed_masks_deal(
    cards: int, sizes: list[int], limits: list[int | None], seed: int
) -> None:
    """``SlotSampler(..., classes=...)`` is the sampler that the same constraints given as
    ``allowed`` make: the same verdict, the same deal and the same next number drawn."""
    texts = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "QH", "JH"]
    hand = tuple(Card(text) for text in texts[:cards])
    sizes[-1] += cards - sum(sizes) if sum(sizes) <= cards else 0
    allowed = limits[: len(sizes)]
    by_masks, by_classes = Rng(seed, "classes"), Rng(seed, "classes")
    try:
        plain = SlotSampler(hand, sizes, allowed)
    except ValueError as error:
        with pytest.raises(ValueError, match=re.escape(str(error))):
            SlotSampler(hand, sizes, classes=_groups(hand, sizes, allowed))
        return
    grouped = SlotSampler(hand, sizes, classes=_groups(hand, sizes, allowed))
    assert grouped(by_classes) == plain(by_masks)
    assert by_classes.next_u64() == by_masks.next_u64()


def _plain_sampler(game: Any, view: Any) -> tuple[SlotSampler, list[int]]:
    """The sampler of a Euchre view built the plain way: a mask per place over every card,
    from the voids and the held up-card (each place barred the suits its seat showed out of
    and the cards another seat holds), and the seats of the hidden hands."""
    projection = game.projection
    secret = game.secret_sizes(view)
    held = game.held_cards(view)
    voids = game.voids(view)
    suit_of = game.follow_policy(view.trump).order.suit_of if view.trump is not None else None
    seen = game.seen_cards(view)
    cards = [card for card in game.pack if card not in seen and card not in held] + list(held)
    counts = view.hand_sizes
    own_hidden = not view.hand and counts[view.seat] > 0
    hands = [seat for seat in range(game.seats) if own_hidden or seat != view.seat]
    owned = [name for name in projection.owned if name in secret]
    owners = [projection.owned[name](view) for name in owned]

    def suit(card: Card) -> Suit | None:
        return suit_of[card] if suit_of is not None else card.suit

    def may_hold(place_seat: int | None, hand: bool, card: Card) -> bool:
        if card in held and held[card] != place_seat:
            return False
        return not (hand and suit(card) in voids.get(place_seat, ()))

    places = [(seat, True) for seat in hands] + [(owner, False) for owner in owners]
    places += [(None, False) for _ in projection.secret]
    allowed = [
        sum(1 << index for index, card in enumerate(cards) if may_hold(seat, hand, card))
        for seat, hand in places
    ]
    sizes = [counts[seat] for seat in hands] + [secret[name] for name in owned]
    sizes += [secret.get(name, 0) for name in projection.secret]
    return SlotSampler(cards, sizes, allowed), hands


@pytest.mark.parametrize("label", EUCHRES)
def test_a_views_draws_are_the_plain_samplers(label: str) -> None:
    """Every view of random Euchre games after the deal (voids, a held up-card, a hidden
    discard, the dealer's hand hidden over a joker): ``determinize`` deals the other hands,
    the discard and the undealt cards exactly as the plain sampler does from the same stream,
    and leaves the stream where it leaves it."""
    game = game_of(label)
    checked = 0
    for state in positions(label):
        if game.actor(state) is None or state.phase in (game.draw_phase, game.deal_phase):
            continue
        for seat in range(game.seats):
            view = game.view(state, seat)
            plain, hands = _plain_sampler(game, view)
            for number in range(3):
                ours, theirs = Rng(number, label, "classes"), Rng(number, label, "classes")
                drawn = game.determinize(view, ours)
                dealt = plain(theirs)
                assert [drawn.hands[other] for other in hands] == dealt[: len(hands)]
                if len(dealt) == len(hands) + 2 and dealt[len(hands)]:  # a hidden discard
                    assert (drawn.discard,) == dealt[len(hands)]
                assert drawn.undealt == dealt[-1]
                assert ours.next_u64() == theirs.next_u64()
                checked += 1
    assert checked > 100


def test_unseen_classes_group_by_suit_and_holder() -> None:
    """Two hands and a stock: seat 0 showed out of hearts, seat 2 holds the held card. The
    cards are the pack's unseen ones in pack order, the held one last; hearts go to seat 2's
    hand or the stock, the held KS only to seat 2's hand, the rest anywhere; each class keeps
    the cards' order, the held card last."""
    pack = cards("AS JS AH QS TH KH KS")
    listed, classes = _unseen_classes(
        pack,
        set(cards("JS TH")),
        (2, 2, 1),
        (0, 2),
        (),
        voids={0: {Suit.HEARTS}},
        suit_of=None,
        held={Card("KS"): 2},
    )
    assert listed == list(cards("AS AH QS KH KS"))
    assert classes == {
        0b111: cards("AS QS"),
        0b110: cards("AH KH"),
        0b010: (Card("KS"),),
    }


def _old_unseen(
    pack: Sequence[Card], seen: Collection[Card], held: Mapping[Card, int] | None
) -> list[Card]:
    """The listing ``Projection.unseen_dealer`` made before the one pass of
    ``_unseen_classes`` (kept here as the reference): the pack's cards not seen, the held ones
    taken out, then the held ones."""
    unseen = [card for card in pack if card not in seen]
    for card in held or {}:
        if card not in seen and card in unseen:
            unseen.remove(card)
    unseen.extend(held or {})
    return unseen


def _old_suit_classes(
    cards: Sequence[Card],
    sizes: tuple[int, ...],
    hands: tuple[int, ...],
    owners: tuple[int | None, ...],
    *,
    voids: Mapping[int, Collection[Suit]],
    suit_of: Mapping[Card, Suit] | None,
    held: Mapping[Card, int],
) -> dict[int, tuple[Card, ...]]:
    """The grouping ``Projection.unseen_dealer`` made before ``_unseen_classes`` (kept here
    as the reference): each listed card's places among those of nonzero size (hands barred
    the suits their seat showed out of, a held card only its holder's places), grouped in
    order."""
    bits: list[tuple[int | None, bool]] = []
    for index, size in enumerate(sizes):
        if size:
            owner = hands[index] if index < len(hands) else None
            if len(hands) <= index < len(hands) + len(owners):
                owner = owners[index - len(hands)]
            bits.append((owner, index < len(hands)))
    classes: dict[int, tuple[Card, ...]] = {}
    for card in cards:
        suit = suit_of[card] if suit_of is not None else card.suit
        mask = 0
        for bit, (owner, hand) in enumerate(bits):
            if card in held and held[card] != owner:
                continue
            if hand and suit in voids.get(owner, ()):  # type: ignore[arg-type]
                continue
            mask |= 1 << bit
        classes[mask] = (*classes.get(mask, ()), card)
    return classes


@settings(deadline=None, max_examples=400)
@given(
    seen=st.sets(st.sampled_from(cards("AS KS QS JS AH KH QH JH AD KD JK")), max_size=6),
    held_at=st.dictionaries(st.sampled_from(cards("KS JH AD JK")), st.integers(0, 3), max_size=2),
    sizes=st.lists(st.integers(0, 3), min_size=5, max_size=5),
    voids=st.dictionaries(st.integers(0, 3), st.sets(st.sampled_from([*Suit, None]), max_size=2)),
    trump=st.booleans(),
)
def test_unseen_classes_are_the_old_listing_and_grouping(
    seen: set[Card],
    held_at: dict[Card, int],
    sizes: list[int],
    voids: dict[int, set[Suit | None]],
    trump: bool,
) -> None:
    """The one pass lists and groups the cards as the two passes it replaced did (the
    listing of the unseen and held cards, then a grouping by suit and holder), with and
    without a trump that moves a card to another suit (Euchre's left bower, E2): the same
    classes, hence the same sampler and the same deals."""
    pack = cards("AS KS QS JS AH KH QH JH AD KD JK")
    suit_of = {card: card.suit for card in pack} if trump else None
    if suit_of is not None:
        suit_of[Card("JH")] = Suit.SPADES  # type: ignore[assignment]
        suit_of[Card("JK")] = Suit.SPADES  # type: ignore[assignment]
    hands, owners = (0, 1, 3), (3,)
    shape = (tuple(sizes), hands, owners)
    given: dict[str, Any] = {"voids": voids, "suit_of": suit_of, "held": held_at}
    listed, classes = _unseen_classes(pack, seen, *shape, **given)
    old = _old_unseen(pack, seen, held_at)
    assert listed == old
    assert classes == _old_suit_classes(old, *shape, **given)
