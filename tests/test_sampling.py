"""``trickcore.sampling.fill_slots``: exactly uniform over the consistent deals, constraints
always honoured, clear errors, the same deal from the same stream.

Uniformity is checked by a chi-square test on small positions whose consistent deals are all
enumerated here by brute force (independently of the module): each position is sampled from a
seeded stream, so the outcome is fixed and a pass is not luck on one run. The critical values
are for p = 0.001. :func:`proportional_most_constrained_first` is the method ``fill_slots``
used before (most constrained cards first, each into a slot drawn in proportion to its free
room): the same test rejects it, which shows the test can fail.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from statistics import NormalDist

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from trickcore import sampling
from trickcore.cards import Card, cards
from trickcore.rng import Rng
from trickcore.sampling import Slot, _below, _plan, fill_slots

A, B, C, D, E, F, G, H = cards("9S TS JS QS KS AS 9H TH")
Deal = tuple[tuple[Card, ...], ...]
Filler = Callable[[Sequence[Card], Sequence[Slot], Rng], list[tuple[Card, ...]]]
P_VALUE = 0.001


def chi_square_critical(freedom: int, p: float = P_VALUE) -> float:
    """The chi-square value exceeded with probability ``p`` (Wilson-Hilferty: the cube root of
    chi-square / freedom is close to normal; within 1.5% from 5 degrees of freedom up)."""
    z = NormalDist().inv_cdf(1 - p)
    spread = 2 / (9 * freedom)
    return freedom * (1 - spread + z * math.sqrt(spread)) ** 3


def chi_square(observed: Counter[Deal], outcomes: Sequence[Deal], samples: int) -> float:
    """The statistic for ``observed`` against the uniform law over ``outcomes``."""
    assert set(observed) <= set(outcomes), "a deal outside the consistent ones"
    expected = samples / len(outcomes)
    return sum((observed[outcome] - expected) ** 2 / expected for outcome in outcomes)


def consistent_deals(hand: Sequence[Card], slots: Sequence[Slot]) -> list[Deal]:
    """Every assignment of ``hand`` to ``slots`` honouring sizes and exclusions, each slot's
    cards in input order, by trying every slot for every card."""
    found = []
    for where in itertools.product(range(len(slots)), repeat=len(hand)):
        dealt = tuple(
            tuple(card for card, at in zip(hand, where, strict=True) if at == i)
            for i in range(len(slots))
        )
        if all(
            len(part) == slot.size and not slot.excluded & set(part)
            for part, slot in zip(dealt, slots, strict=True)
        ):
            found.append(dealt)
    return found


def ordered_deals(hand: Sequence[Card], slots: Sequence[Slot]) -> list[Deal]:
    """The consistent deals with every order of each slot's cards."""
    return [
        orders
        for dealt in consistent_deals(hand, slots)
        for orders in itertools.product(*(itertools.permutations(part) for part in dealt))
    ]


def as_sets(dealt: Deal) -> Deal:
    """A deal with each slot's cards in input order: which cards, not their order."""
    order = {card: index for index, card in enumerate(itertools.chain(*dealt))}
    return tuple(
        tuple(sorted(part, key=lambda card: card.index * 64 + order[card])) for part in dealt
    )


def proportional_most_constrained_first(
    hand: Sequence[Card], slots: Sequence[Slot], rng: Rng
) -> list[tuple[Card, ...]]:
    """The previous method, kept as the kind of bias the test must catch: cards with the fewest
    eligible slots first, each into an eligible slot with room drawn in proportion to its room
    (no backtracking needed on the positions used here)."""
    room = [slot.size for slot in slots]
    placed: list[list[Card]] = [[] for _ in slots]
    eligible = {
        card: [i for i, slot in enumerate(slots) if card not in slot.excluded] for card in hand
    }
    for card in sorted(rng.shuffled(hand), key=lambda card: len(eligible[card])):
        choices = [i for i in eligible[card] if room[i]]
        pick = rng.below(sum(room[i] for i in choices))
        for i in choices:
            if pick < room[i]:
                break
            pick -= room[i]
        room[i] -= 1
        placed[i].append(card)
    return [rng.shuffled(part) for part in placed]


def sample(
    fill: Filler, hand: Sequence[Card], slots: Sequence[Slot], samples: int, seed: str
) -> Counter[Deal]:
    rng = Rng(2024, "sampling", seed)
    return Counter(tuple(fill(hand, slots, rng)) for _ in range(samples))


# Two cards each barred from a different slot: three classes over three slots.
TWO_EXCLUSIONS = ((A, B, C, D, E, F), (Slot(2, frozenset({A})), Slot(2, frozenset({B})), Slot(2)))

POSITIONS = {
    "two exclusions": TWO_EXCLUSIONS,
    "no exclusions": ((A, B, C, D, E), (Slot(2), Slot(0), Slot(3))),
    "uneven sizes and an empty slot": (
        (A, B, C, D, E, F),
        (Slot(3, frozenset({A})), Slot(0, frozenset({C})), Slot(2), Slot(1, frozenset({B}))),
    ),
    "a void and a card in one of two places": (
        (A, B, C, G, H, D, E),
        (
            Slot(2, frozenset({G, H, D})),
            Slot(2, frozenset({D})),
            Slot(2, frozenset({D})),
            Slot(1, frozenset({A})),
        ),
    ),
}


@pytest.mark.parametrize(
    "freedom, table", [(5, 20.515), (10, 29.588), (30, 59.703), (100, 149.449)]
)
def test_chi_square_critical_matches_the_table(freedom: int, table: float) -> None:
    assert chi_square_critical(freedom) == pytest.approx(table, rel=0.015)


@pytest.mark.parametrize("name", POSITIONS)
def test_every_ordered_consistent_deal_is_equally_likely(name: str) -> None:
    hand, slots = POSITIONS[name]
    outcomes = ordered_deals(hand, slots)
    samples = 60 * len(outcomes)
    observed = sample(fill_slots, hand, slots, samples, name)
    assert set(observed) == set(outcomes)
    assert chi_square(observed, outcomes, samples) < chi_square_critical(len(outcomes) - 1)


def test_the_uniformity_test_rejects_the_previous_methods_bias() -> None:
    hand, slots = TWO_EXCLUSIONS
    outcomes = consistent_deals(hand, slots)
    samples = 20_000
    critical = chi_square_critical(len(outcomes) - 1)
    results = {}
    for fill in (proportional_most_constrained_first, fill_slots):
        observed = sample(fill, hand, slots, samples, "bias")
        by_cards = Counter({as_sets(dealt): 0 for dealt in outcomes})
        for dealt, count in observed.items():
            by_cards[as_sets(dealt)] += count
        results[fill] = chi_square(by_cards, outcomes, samples)
    assert results[proportional_most_constrained_first] > 2 * critical
    assert results[fill_slots] < critical


@st.composite
def positions(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Slot, ...]]:
    """Up to 7 cards into up to 4 slots (some empty) with random exclusions."""
    hand = (A, B, C, D, E, F, G)[: draw(st.integers(0, 7))]
    cuts = sorted(draw(st.lists(st.integers(0, len(hand)), min_size=0, max_size=3)))
    sizes = [high - low for low, high in itertools.pairwise([0, *cuts, len(hand)])]
    barred = st.frozensets(st.sampled_from((A, B, C, D, E, F, G, H)), max_size=4)
    return hand, tuple(Slot(size, draw(barred)) for size in sizes)


@settings(deadline=None)  # the brute-force enumeration (up to 4**7 tries) is slow under load
@given(position=positions(), seed=st.integers(0, 2**32))
def test_constraints_are_honoured_or_no_deal_exists(
    position: tuple[tuple[Card, ...], tuple[Slot, ...]], seed: int
) -> None:
    hand, slots = position
    exists = bool(consistent_deals(hand, slots))
    try:
        dealt = fill_slots(hand, slots, Rng(seed))
    except ValueError:
        assert not exists
        return
    assert exists
    assert sorted(itertools.chain(*dealt), key=hand.index) == list(hand)
    for part, slot in zip(dealt, slots, strict=True):
        assert len(part) == slot.size
        assert not slot.excluded & set(part)


@pytest.mark.parametrize(
    "hand, slots, message",
    [
        ((A, B, C), (Slot(2), Slot(2)), "cannot fill"),
        ((A, B), (Slot(3), Slot(-1)), "cannot fill"),
        ((A, B), (Slot(1, frozenset({A})), Slot(1, frozenset({A}))), "no way"),
        # Hall: A and B may only go to the first slot, which holds one card.
        ((A, B, C), (Slot(1), Slot(2, frozenset({A, B}))), "no way"),
        # One class, barred from a slot with room.
        ((A, B), (Slot(1), Slot(1, frozenset({A, B})), Slot(0)), "no way"),
    ],
)
def test_impossible_positions_raise_without_drawing(
    hand: tuple[Card, ...], slots: tuple[Slot, ...], message: str
) -> None:
    rng = Rng(5, "errors")
    with pytest.raises(ValueError, match=message):
        fill_slots(hand, slots, rng)
    assert rng.next_u64() == Rng(5, "errors").next_u64()


@pytest.mark.parametrize("name", POSITIONS)
def test_the_same_stream_gives_the_same_deal(name: str) -> None:
    hand, slots = POSITIONS[name]
    _plan.cache_clear()  # the first deal counts afresh, the second reuses the counts
    first = [fill_slots(hand, slots, Rng(9, name)) for _ in range(2)]
    runs = [[fill_slots(hand, slots, rng) for _ in range(20)] for rng in (Rng(3), Rng(3))]
    assert first[0] == first[1]
    assert runs[0] == runs[1]
    assert len({tuple(dealt) for dealt in runs[0]}) > 1, "the stream moves on between deals"


def test_a_deal_with_more_than_two_to_the_64_ways() -> None:
    """52 cards into four hands of 13 with two voids: the count of consistent deals is far
    above 2**64, so the draw joins several words (``_below`` above 2**64: uniform, see the next
    test)."""
    deck = [Card.from_index(index) for index in range(52)]
    hearts = frozenset(card for card in deck if card.value.endswith("H"))
    spades = frozenset(card for card in deck if card.value.endswith("S"))
    slots = [Slot(13, hearts), Slot(13, spades), Slot(13), Slot(13, hearts)]
    sampler = sampling.SlotSampler(deck, slots)
    assert sampler._root is not None and sampler._root.total > 2**64
    dealt = sampler(Rng(1, "big"))
    assert dealt == fill_slots(deck, slots, Rng(1, "big"))
    assert sorted(itertools.chain(*dealt), key=deck.index) == deck
    for part, slot in zip(dealt, slots, strict=True):
        assert len(part) == 13 and not slot.excluded & set(part)


def test_draws_above_two_to_the_64_are_uniform() -> None:
    bound = 3 << 64  # below it, the top word is 0, 1 or 2 with equal chances
    rng = Rng(2024, "below")
    tops = Counter(_below(rng, bound) >> 64 for _ in range(3000))
    assert set(tops) == {0, 1, 2}
    assert sum((count - 1000) ** 2 / 1000 for count in tops.values()) < 13.8  # p = 0.001, 2 df


def _fisher_yates_by_digits(rng: Rng, items: Sequence[Card]) -> tuple[Card, ...]:
    """The shuffle of ``sampling._shuffled`` written out plainly: one number below ``n!`` read
    digit by digit, item i swapped with item (digit i) from the end down."""
    order = list(items)
    if len(order) < 2:
        return tuple(order)
    code = rng.below(math.factorial(len(order)))
    for i in range(len(order) - 1, 0, -1):
        code, j = divmod(code, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


@pytest.mark.parametrize("count", range(21))
def test_shuffles_with_looked_up_last_swaps_are_the_plain_shuffle(count: int) -> None:
    """``_shuffled`` looks its last swaps up in a table (for speed): the same orders, from the
    same streams, as reading every digit."""
    items = cards("AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC")[:count]
    for seed in range(40):
        expected = _fisher_yates_by_digits(Rng(seed, "shuffle", count), items)
        assert sampling._shuffled(Rng(seed, "shuffle", count), items) == expected


def _as_allowed(hand: Sequence[Card], slots: Sequence[Slot]) -> list[int]:
    """Each slot's cards as the positions in ``hand`` it may hold (bit i: ``hand[i]``)."""
    return [
        sum(1 << index for index, card in enumerate(hand) if card not in slot.excluded)
        for slot in slots
    ]


@settings(deadline=None)
@given(position=positions(), seed=st.integers(0, 2**32))
def test_allowed_bitmasks_deal_what_the_same_exclusions_deal(
    position: tuple[tuple[Card, ...], tuple[Slot, ...]], seed: int
) -> None:
    """Places given by size with allowed-card bitmasks are the same position as the slots
    with the complementary exclusions: the same verdict, the same deal from the same stream,
    and the same next number drawn."""
    hand, slots = position
    sizes = [slot.size for slot in slots]
    by_slots, by_masks = Rng(seed, "masks"), Rng(seed, "masks")
    try:
        expected = fill_slots(hand, slots, by_slots)
    except ValueError as error:
        with pytest.raises(ValueError, match=str(error)):
            sampling.SlotSampler(hand, sizes, _as_allowed(hand, slots))
        return
    assert sampling.SlotSampler(hand, sizes, _as_allowed(hand, slots))(by_masks) == expected
    assert by_masks.next_u64() == by_slots.next_u64()


def test_allowed_bitmasks_and_exclusions_combine() -> None:
    """A slot's :attr:`Slot.excluded` and its allowed bitmask both hold: A is allowed only in
    the first place by bits and barred from it by its slot, so no deal exists; None in
    ``allowed`` leaves a place unlimited."""
    hand = (A, B)
    with pytest.raises(ValueError, match="no way"):
        sampling.SlotSampler(hand, [Slot(1, frozenset({A})), 1], [0b11, 0b10])
    dealt = sampling.SlotSampler(hand, [1, 1], [None, 0b01])(Rng(3))
    assert dealt == [(B,), (A,)]


@given(
    cards=st.integers(0, 12),
    limits=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2**12 - 1)), max_size=4),
)
def test_classes_group_the_cards_by_the_places_they_may_go(
    cards: int, limits: list[tuple[int, int]]
) -> None:
    """:func:`sampling._classes`: every card in exactly one class, and the class of a card is
    the set of places (of 4) whose limit, if any, lets it in."""
    limits = list(dict(limits).items())  # one limit per place, as SlotSampler gives them
    classes = sampling._classes(cards, 4, limits)
    for index in range(cards):
        where = 0b1111
        for bit, mask in limits:
            if not mask >> index & 1:
                where &= ~(1 << bit)
        assert [place for place, members in classes.items() if members >> index & 1] == [where]
    assert sum(members.bit_count() for members in classes.values()) == cards


@given(bits=st.integers(0, 2**52 - 1), count=st.integers(0, 52))
def test_picked_takes_the_cards_at_the_set_bits_in_order(bits: int, count: int) -> None:
    """:func:`sampling._picked`, which reads the binary digits of ``bits``: the cards at the
    positions set in ``bits`` (bits past the cards pick nothing), in their order."""
    pack = cards(" ".join(f"{rank}{suit}" for suit in "CDHS" for rank in "23456789TJQKA"))
    hand = pack[:count]
    assert sampling._picked(hand, bits) == tuple(
        card for index, card in enumerate(hand) if bits >> index & 1
    )


def listed_tables(room: tuple[int, ...], root: sampling._Node) -> list[tuple[int, object]]:
    """Every table of the plan ``root``, with its number of assignments, in the order the
    module documents for its running sums (written out here apart from the module's walk):
    depth first, a node's choices in order at the last level and from the last to the first
    above it."""
    found: list[tuple[int, object]] = []

    def visit(node: sampling._Node, weight: int, spreads: tuple[tuple[int, ...], ...]) -> None:
        choices = []
        below = 0
        for bound, spread, rest in zip(node.bounds, node.counts, node.rests, strict=True):
            choices.append((bound - below, spread, rest))
            below = bound
        if node.rests[0] is not None:
            choices.reverse()
        for ways, spread, rest in choices:
            if rest is not None:
                visit(rest, weight * (ways // rest.total), (*spreads, spread))
                continue
            placed = [sum(column) for column in zip(*spreads, spread, strict=True)]
            last = tuple(free - used for free, used in zip(room, placed, strict=True))
            found.append((weight * ways, sampling._cuts([*spreads, spread, last])))

    visit(root, 1, ())
    return found


@st.composite
def shapes(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Up to 5 places of up to 6 cards, and classes of cards, each with the places it may go
    to, that some deal fits (each card is given a place, and a class whose places hold it): a
    shape as :func:`sampling._plan` takes it."""
    room = tuple(draw(st.lists(st.integers(1, 6), min_size=2, max_size=5)))
    every = (1 << len(room)) - 1
    masks = [every, *draw(st.lists(st.integers(1, every - 1), min_size=1, max_size=3))]
    counts: dict[int, int] = {}
    for place, size in enumerate(room):
        for _ in range(size):
            mask = draw(st.sampled_from([mask for mask in masks if mask >> place & 1]))
            counts[mask] = counts.get(mask, 0) + 1
    return room, tuple(sorted(counts.items()))


@settings(deadline=None, max_examples=300)
@given(shape=shapes())
def test_a_table_walked_to_is_the_table_listed_at_its_number(
    shape: tuple[tuple[int, ...], tuple[tuple[int, int], ...]],
) -> None:
    """A shape's running sums (:func:`sampling._tables`) are those of its tables listed in the
    documented order, and the table a deal works out from its number
    (:func:`sampling._table_walk`) is the one listed where the number falls, at both ends of
    every table's range: so a deal picks the same table whether its cuts were kept or not (the
    draws of every version that listed the tables up front)."""
    room, classes = shape
    assume(len(classes) >= 2)
    root = sampling._plan(room, classes)
    assert root is not None  # a deal fits, by construction
    listed = listed_tables(room, root)
    bounds, kept = sampling._tables(root)
    assert root.tables == len(listed) == len(kept)
    assert list(bounds) == list(itertools.accumulate(ways for ways, _ in listed))
    assert bounds[-1] == root.total
    start = 0
    for (ways, cuts), end in zip(listed, bounds, strict=True):
        assert ways > 0
        for number in (start, end - 1):
            assert sampling._table_walk(room, root, number) == cuts
        start = end


def test_a_deal_keeps_the_cuts_of_the_table_it_picked_for_the_shape() -> None:
    """The first deal that picks a table works out its cuts and keeps them with the shape's
    tables, which every sampler of that shape shares: a second sampler finds them, and deals
    what the first deals from the same stream."""
    hand = (A, B, C, D, E, F)
    slots = (Slot(2, frozenset({A, B})), Slot(2), Slot(2, frozenset({C})))
    first = sampling.SlotSampler(hand, slots)
    tables = first._tables
    assert tables is not None and all(cuts is None for cuts in tables[1])
    dealt = first(Rng(4, "kept"))
    assert sum(cuts is not None for cuts in tables[1]) == 1
    second = sampling.SlotSampler(hand, slots)
    assert second._tables is tables
    assert second(Rng(4, "kept")) == dealt


@given(
    count=st.integers(0, 14),
    bounds=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 6)), min_size=1, max_size=5),
)
def test_compositions_are_every_sum_within_the_bounds_in_order(
    count: int, bounds: list[tuple[int, int]]
) -> None:
    """:func:`sampling._compositions`: every tuple of parts, part j from lows[j] to caps[j],
    that adds up to ``count``, each once, in lexicographic order (the order the plans, hence
    the draws, depend on); none when a part has no room (a cap below its low)."""
    lows = [low for low, _ in bounds]
    caps = [cap for _, cap in bounds]
    every = [
        parts
        for parts in itertools.product(*(range(low, cap + 1) for low, cap in bounds))
        if sum(parts) == count
    ]
    assert sampling._compositions(count, lows, caps) == every
