"""Dealing unseen cards at random into places with sizes and exclusions, for ``determinize``.

A search bot needs full states that agree with what its seat has seen: each hidden place (an
opponent's hand, a discard, the stock) holds a known number of cards, and some places cannot
hold some cards (a player who did not follow suit holds none of that suit). :func:`fill_slots`
deals the unseen cards into such places at random, honouring every constraint, and **exactly
uniformly**: every assignment of cards to places that honours the sizes and exclusions is
equally likely, and each place's cards come back in a uniformly random order.

How it works:

* **Classes.** Cards that the same places may hold are interchangeable, so the cards are
  grouped by their set of eligible places (with no exclusions there is one class).
* **Counting.** A *table* says how many cards of each class go to each place. The assignments
  that follow one table number ``k1! / (a11! a12! ...) * k2! / (a21! ...) * ...`` (for class i
  of ki cards, aij of them to place j). The tables are counted class by class, memoised on the
  class reached and the room left in each place, in exact integer arithmetic; the sum is N, the
  number of consistent assignments.
* **Choosing.** One uniform integer below N picks a table with probability proportional to its
  number of assignments (walking the classes with running sums, and passing on the remainder
  modulo the completions below each choice). Within a class, a uniform shuffle sliced by the
  table's counts picks which cards go where, uniformly among that class's arrangements; each
  place's cards are then shuffled. So each consistent assignment has probability exactly 1/N.
* **Speed.** With one class (no card excluded anywhere, the common case early in a hand), one
  shuffle sliced by the sizes is the whole deal. Otherwise the counts depend only on the
  sizes, the classes' eligible places and their sizes, not on which cards they are, so they are
  built once for such a shape and kept (a bounded cache): a search bot that determinizes from
  one view many times pays for the counting once.

All randomness comes from the given :class:`~trickcore.rng.Rng`, so a stream in a given state
always gives the same deal. A draw below N larger than ``2**64`` joins several 64-bit words
and rejects the top remainder, as ``Rng.below`` does with one word.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from trickcore.cards import Card
from trickcore.rng import Rng

__all__ = ["Slot", "fill_slots"]

# Shapes whose counting is kept: a search over one view reuses one shape many times.
_CACHED_SHAPES = 256
_TWO_64 = 1 << 64


@dataclass(frozen=True)
class Slot:
    """A hidden place: how many cards it holds and which cards it cannot hold."""

    size: int
    excluded: frozenset[Card] = field(default_factory=frozenset)


@dataclass(frozen=True)
class _Node:
    """The consistent ways to place the classes from one onward (all but the last, which takes
    the room left) into the room left: choice k puts ``counts[k][j]`` of this class's cards
    into place j, and the later classes then have ``rests[k]`` (None: only the last is left)."""

    total: int
    bounds: tuple[int, ...]  # running sums of each choice's number of assignments
    counts: tuple[tuple[int, ...], ...]
    rests: tuple[_Node | None, ...]


def fill_slots(cards: Sequence[Card], slots: Sequence[Slot], rng: Rng) -> list[tuple[Card, ...]]:
    """Deal ``cards`` into ``slots`` at random: every card once, every slot full, no slot given a
    card it excludes. Each slot's cards come back in random order.

    Every assignment of cards to slots that honours the sizes and exclusions is equally likely
    (see the module text for how). Raises ``ValueError``, without drawing from ``rng``, when the
    sizes do not add up or no placement exists.
    """
    sizes = [slot.size for slot in slots]
    if sum(sizes) != len(cards) or any(size < 0 for size in sizes):
        raise ValueError(f"{len(cards)} cards cannot fill slots of sizes {sizes}")
    if not any(slot.excluded for slot in slots):
        return _slice(rng.shuffled(cards), sizes)
    # Places of size 0 take no part: the classes and counts are over the others only.
    places = [i for i, size in enumerate(sizes) if size]
    everywhere = (1 << len(places)) - 1
    eligible = dict.fromkeys(cards, everywhere)
    present = eligible.keys()
    for bit, i in enumerate(places):
        for card in slots[i].excluded & present:
            eligible[card] &= ~(1 << bit)
    counts = Counter(eligible[card] for card in cards)
    if 0 in counts:
        raise _no_placement()
    if len(counts) <= 1:
        # One class (or no card at all): every card may go anywhere there is room.
        if any(mask != everywhere for mask in counts):
            raise _no_placement()
        return _slice(rng.shuffled(cards), sizes)
    # Cheap classes first and the one with the most ways to spread last (it is counted in
    # closed form); sorting on the shape alone keeps the order, hence the draws, determined.
    order = sorted(counts, key=lambda mask: (_spread(counts[mask], mask), mask))
    root = _plan(tuple(sizes[i] for i in places), tuple((mask, counts[mask]) for mask in order))
    if root is None:
        raise _no_placement()
    # One shuffle puts every class in uniformly random order at once.
    classes: dict[int, list[Card]] = {mask: [] for mask in order}
    for card in rng.shuffled(cards):
        classes[eligible[card]].append(card)
    number = _below(rng, root.total)
    left = [sizes[i] for i in places]
    spreads: list[tuple[int, ...]] = []
    node: _Node | None = root
    while node is not None:
        index = bisect.bisect_right(node.bounds, number)
        number -= node.bounds[index - 1] if index else 0
        spreads.append(node.counts[index])
        node = node.rests[index]
        if node is not None:
            number %= node.total
        for j, count in enumerate(spreads[-1]):
            left[j] -= count
    spreads.append(tuple(left))
    placed: list[list[Card]] = [[] for _ in places]
    pieces = [0] * len(places)
    for mask, spread in zip(order, spreads, strict=True):
        members = classes[mask]
        start = 0
        for j, count in enumerate(spread):
            if count:
                placed[j] += members[start : start + count]
                pieces[j] += 1
                start += count
    dealt: list[tuple[Card, ...]] = [() for _ in slots]
    for i, cards_here, mixed in zip(places, placed, pieces, strict=True):
        # A run cut from one shuffled class is already in uniform order; a mix is not.
        dealt[i] = rng.shuffled(cards_here) if mixed > 1 else tuple(cards_here)
    return dealt


def _no_placement() -> ValueError:
    return ValueError("no way to deal the unseen cards that honours every constraint")


def _slice(order: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    dealt: list[tuple[Card, ...]] = []
    start = 0
    for size in sizes:
        dealt.append(tuple(order[start : start + size]))
        start += size
    return dealt


def _spread(count: int, mask: int) -> int:
    """How many ways ``count`` cards can spread over the places in ``mask``, room aside."""
    places = mask.bit_count()
    return math.comb(count + places - 1, places - 1)


def _below(rng: Rng, n: int) -> int:
    """A uniform integer in ``range(n)`` for any ``n >= 1``: ``Rng.below`` up to ``2**64``;
    above, whole 64-bit words joined (the first the most significant), rejecting the top
    ``2**(64 w) % n`` values."""
    if n <= _TWO_64:
        return rng.below(n)
    words = (n.bit_length() + 63) // 64
    span = 1 << (64 * words)
    limit = span - span % n
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next_u64()
        if value < limit:
            return value % n


@functools.lru_cache(maxsize=_CACHED_SHAPES)
def _plan(room: tuple[int, ...], classes: tuple[tuple[int, int], ...]) -> _Node | None:
    """Every consistent way to place ``classes`` (eligible-place mask, number of cards), in
    order, into places with ``room``; None if there is none."""
    factorial = [math.factorial(n) for n in range(sum(room) + 1)]
    width = len(room)
    # supply[i][j]: how many cards of classes i, i+1, ... may go to place j.
    supply = [[0] * width for _ in range(len(classes) + 1)]
    for i in range(len(classes) - 1, -1, -1):
        mask, count = classes[i]
        for j in range(width):
            supply[i][j] = supply[i + 1][j] + (count if mask >> j & 1 else 0)
    memo: dict[tuple[int, tuple[int, ...]], _Node | None] = {}
    final = len(classes) - 1

    def node(index: int, left: tuple[int, ...]) -> _Node | None:
        key = (index, left)
        if key in memo:
            return memo[key]
        found: _Node | None = None
        if all(need <= can for need, can in zip(left, supply[index], strict=True)):
            mask, count = classes[index]
            eligible = [j for j in range(width) if mask >> j & 1]
            # What the later classes cannot supply, this one must.
            later = supply[index + 1]
            lows = [max(0, left[j] - later[j]) for j in eligible]
            caps = [left[j] for j in eligible]
            bounds: list[int] = []
            spreads: list[tuple[int, ...]] = []
            rests: list[_Node | None] = []
            total = 0
            for spread in _compositions(count, lows, caps):
                counts = [0] * width
                after = list(left)
                ways = factorial[count]
                for j, placed in zip(eligible, spread, strict=True):
                    counts[j] = placed
                    after[j] -= placed
                    ways //= factorial[placed]
                if index + 1 < final:
                    rest = node(index + 1, tuple(after))
                    if rest is None:
                        continue
                    ways *= rest.total
                else:
                    # The last class takes the room left: the lows above made it fit.
                    rest = None
                    ways *= factorial[sum(after)]
                    for placed in after:
                        ways //= factorial[placed]
                total += ways
                bounds.append(total)
                spreads.append(tuple(counts))
                rests.append(rest)
            if total:
                found = _Node(total, tuple(bounds), tuple(spreads), tuple(rests))
        memo[key] = found
        return found

    return node(0, room)


def _compositions(
    count: int, lows: Sequence[int], caps: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every way to write ``count`` as a sum of parts, part j from lows[j] to caps[j]."""
    spare = count - sum(lows)
    if spare < 0:
        return
    low_last, cap_last = lows[-1], caps[-1]
    heads = [
        range(low, min(cap, low + spare) + 1) for low, cap in zip(lows[:-1], caps[:-1], strict=True)
    ]
    for head in itertools.product(*heads):
        last = count - sum(head)
        if low_last <= last <= cap_last:
            yield (*head, last)
