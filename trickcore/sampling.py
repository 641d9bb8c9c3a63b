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
  modulo the completions below each choice). Then each class is shuffled (uniformly) and cut
  by its row of the table, which picks which of its cards go where, uniformly among that
  class's arrangements; a place that received cards from several classes is shuffled again.
  So each consistent assignment has probability exactly 1/N, and each place's order is uniform.
* **Speed.** With one class (no card excluded anywhere, the common case early in a hand), one
  shuffle sliced by the sizes is the whole deal. Otherwise the counts depend only on the
  sizes, the classes' eligible places and their sizes, not on which cards they are, so they are
  built once for such a shape and kept (a bounded cache); a table's cuts are worked out the
  first time a deal picks it, so a shape met once pays only for the tables it deals. A
  :class:`SlotSampler` does the grouping and counting once for a position and then deals it
  again and again: a search bot that determinizes from one view many times pays for the
  preparation once, and each deal costs the table draw, about one Fisher-Yates step per card,
  and the slicing.

All randomness comes from the given :class:`~trickcore.rng.Rng`, so a stream in a given state
always gives the same deal. A draw below N larger than ``2**64`` joins several 64-bit words
and rejects the top remainder, as ``Rng.below`` does with one word.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, cast

from trickcore.cards import Card
from trickcore.rng import Rng, acceptance_limit

__all__ = ["Slot", "SlotSampler", "fill_slots"]

# Shapes whose counting is kept: a search over one view reuses one shape many times.
_CACHED_SHAPES: Final = 256
_TWO_64: Final = 1 << 64
# 20! < 2**64 < 21!: a shuffle of up to 20 cards is one draw of one word (see _shuffled).
_MAX_ONE_WORD_SHUFFLE: Final = 20
_FACTORIALS: Final = tuple(math.factorial(n) for n in range(_MAX_ONE_WORD_SHUFFLE + 1))
# The words Rng.below accepts for each of those factorials: kept, as every shuffle draws one.
_FACTORIAL_LIMITS: Final = tuple(map(acceptance_limit, _FACTORIALS))
# For a shuffle of n items: each position i from the end down, with its radix i + 1.
_DIGITS: Final = tuple(
    tuple((i, i + 1) for i in range(n - 1, 0, -1)) for n in range(_MAX_ONE_WORD_SHUFFLE + 1)
)
# Shuffles look up the swaps of their first positions, up to this many (see _shuffled).
_TABLED: Final = 7
_HIGH_DIGITS: Final = tuple(digits[: max(0, len(digits) + 1 - _TABLED)] for digits in _DIGITS)
# Positions with up to this many tables keep them all, to pick one by a single bisection.
_MAX_TABLES: Final = 4096


_Cuts = tuple[tuple[tuple[int, int, int], ...], ...]
"""For each place, the runs of the shuffled classes it takes: (class, start, stop)."""


@dataclass(frozen=True)
class Slot:
    """A hidden place: how many cards it holds and which cards it cannot hold."""

    size: int
    excluded: frozenset[Card] = field(default_factory=frozenset)


class _Node:
    """The consistent ways to place the classes from one onward (all but the last, which takes
    the room left) into the room left: choice k puts ``counts[k][j]`` of this class's cards
    into place j, and the later classes then have ``rests[k]`` (None: only the last is left).
    (A plain class: a frozen dataclass's ``__init__`` runs interpreted even in the compiled
    build, and a shape's plan makes a few of these.)"""

    __slots__ = ("total", "bounds", "counts", "rests", "tables")

    def __init__(
        self,
        total: int,
        bounds: tuple[int, ...],
        counts: tuple[tuple[int, ...], ...],
        rests: tuple[_Node | None, ...],
        tables: int,
    ) -> None:
        self.total: Final = total
        self.bounds: Final = bounds  # running sums of each choice's number of assignments
        self.counts: Final = counts
        self.rests: Final = rests
        self.tables: Final = tables  # the complete tables below (a choice whose rest is None: one)


_Tables = tuple[tuple[int, ...], list["_Cuts | None"]]
"""Every table of a plan, as the running sums of their numbers of assignments (one bisection
picks a table), and each table's cuts once a deal has picked it (``None`` before)."""


def fill_slots(cards: Sequence[Card], slots: Sequence[Slot], rng: Rng) -> list[tuple[Card, ...]]:
    """Deal ``cards`` into ``slots`` at random: every card once, every slot full, no slot given a
    card it excludes. Each slot's cards come back in random order.

    Every assignment of cards to slots that honours the sizes and exclusions is equally likely
    (see the module text for how). Raises ``ValueError``, without drawing from ``rng``, when the
    sizes do not add up or no placement exists. ``SlotSampler(cards, slots)(rng)`` is the same
    deal; build a :class:`SlotSampler` once to deal the same position many times.
    """
    return SlotSampler(cards, slots)(rng)


class SlotSampler:
    """:func:`fill_slots` for one position, prepared once: the classes and the counting are
    done when it is built (``ValueError`` when the sizes do not add up or no placement exists),
    and each call deals at random from a stream, drawing exactly what :func:`fill_slots` draws.
    A search bot determinizing from one view many times pays for the preparation once."""

    __slots__ = ("_cards", "_sizes", "_places", "_members", "_root", "_tables", "_slots", "_cut")
    _cards: tuple[Card, ...]
    _sizes: tuple[int, ...]
    _slots: int
    _places: tuple[int, ...]
    _members: tuple[tuple[Card, ...], ...]
    _root: _Node | None
    _tables: _Tables | None
    """The shape's tables, shared by its samplers (``None`` for one class, or more tables
    than are kept: the plan is then walked down for each deal)."""
    _cut: _Cutter | None
    """One class only: a shuffle sliced by the sizes (else ``None``)."""

    def __init__(
        self,
        cards: Sequence[Card],
        slots: Sequence[Slot | int],
        allowed: Sequence[int | None] | None = None,
        *,
        classes: Mapping[int, tuple[Card, ...]] | None = None,
    ) -> None:
        """``slots``: each place as a :class:`Slot`, or as its size alone; ``allowed`` (one
        entry per place, ``None`` for no limit) limits a place to the cards whose positions in
        ``cards`` are the set bits of its entry (bit i: ``cards[i]``), a cheaper way than
        :attr:`Slot.excluded` to say it for a caller that knows the positions.

        ``classes`` (with places given by their sizes, instead of ``allowed``): the cards
        already grouped by the places they may go to, for a caller that knows the groups
        without looking at every place (the kit groups the unseen cards by suit, since voids
        bar whole suits): for each set of places, as bits among the places of nonzero size
        (bit k: the k-th of them), the cards that may go exactly there, in their order in
        ``cards``. Every card in one class; the same classes as ``allowed`` would make give
        the same sampler, hence the same deals."""
        if classes is not None:
            self._grouped(cards, cast("Sequence[int]", slots), classes)
            return
        excluding: Sequence[Slot | int] | None = None
        if _sizes_only(slots):  # the usual case from determinize
            sizes = cast("list[int]", list(slots))
        else:
            sizes = [slot if isinstance(slot, int) else slot.size for slot in slots]
            excluding = slots
        places = self._start(cards, sizes)
        # The places that limit their cards, by their bit among the places that take part. (A
        # limit on a place of size 0 changes nothing: every card then forms one class.)
        limits = _limits(self._cards, excluding, allowed, places)
        if not limits:
            self._cut = _cutter(self._sizes)
            return
        found = _classes(len(cards), len(places), limits)
        if 0 in found:
            raise _no_placement()
        if len(found) <= 1:
            # One class (or no card at all): every card may go anywhere there is room.
            if any(mask != (1 << len(places)) - 1 for mask in found):
                raise _no_placement()
            self._cut = _cutter(self._sizes)
            return
        counted = tuple(sorted([(mask, bits.bit_count()) for mask, bits in found.items()]))
        order = self._counted(counted)
        # Each class's cards in the order of ``cards``, the classes in ``order``.
        self._members = tuple([_picked(self._cards, found[mask]) for mask in order])

    def _start(self, cards: Sequence[Card], sizes: Sequence[int]) -> tuple[int, ...]:
        """The set-up of the preparation from slots: ``ValueError`` unless ``sizes`` are at
        least 0 and add up to the cards; the cards, the sizes and nothing prepared yet; the
        places that take part (of nonzero size), returned."""
        total, places = _taking(sizes)
        if total != len(cards):
            raise ValueError(f"{len(cards)} cards cannot fill slots of sizes {list(sizes)}")
        self._cards = tuple(cards)
        self._sizes = tuple(sizes)
        self._slots = len(sizes)
        self._places = places
        self._members = ()
        self._root = None
        self._tables = None
        self._cut = None
        return places

    def _grouped(
        self, cards: Sequence[Card], sizes: Sequence[int], classes: Mapping[int, tuple[Card, ...]]
    ) -> None:
        """The preparation of ``__init__`` from classes the caller grouped (see there): what
        depends on the sizes and the classes' shapes only is one look-up (:func:`_layout`)."""
        # (loops, not comprehensions: in the pure build those would be calls, each view)
        counted: list[tuple[int, int]] = []
        for mask, members in classes.items():
            counted.append((mask, len(members)))
        counted.sort()
        shape = tuple(sizes)
        total, places, order, root, tables, cut = _layout(shape, tuple(counted))
        if total != len(cards):
            raise ValueError(f"{len(cards)} cards cannot fill slots of sizes {list(sizes)}")
        if order is None:
            raise _no_placement()
        self._cards = tuple(cards)
        self._sizes = shape
        self._slots = len(shape)
        self._places = places
        self._root = root
        self._tables = tables
        self._cut = cut
        dealt: list[tuple[Card, ...]] = []
        for mask in order:
            dealt.append(classes[mask])
        self._members = tuple(dealt)

    def _counted(self, counted: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """The plan and tables of the classes ``counted`` (eligible places, number of cards)
        over the places taking part, kept by shape (:func:`_prepared`); the order the classes
        are dealt in (their masks). ``ValueError`` when no placement exists."""
        room = tuple(filter(None, self._sizes))  # the sizes of the places taking part
        prepared = _prepared(room, counted)
        if prepared is None:
            raise _no_placement()
        order, self._root, self._tables = prepared
        return order

    def __call__(self, rng: Rng) -> list[tuple[Card, ...]]:
        """One deal drawn from ``rng``: each slot's cards, in random order."""
        root = self._root
        if root is None:
            order = _shuffled(rng, self._cards)
            cut = self._cut
            return list(cut(order)) if cut is not None else _slice(order, self._sizes)
        # Which table: one uniform number below the count (rng.below itself when it can: one
        # call fewer).
        total = root.total
        number = rng.below(total) if total <= _TWO_64 else _below(rng, total)
        tables = self._tables
        if tables is not None:
            index = bisect.bisect_right(tables[0], number)
            cuts = tables[1][index]
            if cuts is None:  # the first deal of this table: its cuts, kept for the shape
                cuts = tables[1][index] = _table_walk(self._room(), root, number)
        else:
            cuts = self._walk(number)
        # Which cards: each class shuffled and cut by its row of the table.
        # (loops, not comprehensions: in the pure build those would be calls, and make the
        # locals they read cells, on every draw)
        shuffled: list[tuple[Card, ...]] = []
        for members in self._members:
            shuffled.append(_shuffled(rng, members))
        dealt: list[tuple[Card, ...]] = [()] * self._slots
        places = self._places
        # (by index: zip(..., strict=True) is a call with a keyword, which costs more)
        for at in range(len(places)):
            place, pieces = places[at], cuts[at]
            if len(pieces) == 1:  # one run cut from one shuffled class: already in uniform order
                k, start, stop = pieces[0]
                dealt[place] = shuffled[k][start:stop]
            else:
                joined: list[Card] = []
                for k, start, stop in pieces:
                    joined += shuffled[k][start:stop]
                dealt[place] = _shuffled(rng, joined)
        return dealt

    def _room(self) -> tuple[int, ...]:
        """The sizes of the places taking part."""
        return tuple([self._sizes[i] for i in self._places])

    def _walk(self, number: int) -> _Cuts:
        """The table numbered ``number`` (below the count) of a plan with more tables than are
        kept, found by walking the plan down (an order of the tables of its own, not theirs)."""
        spreads: list[tuple[int, ...]] = []
        left = [self._sizes[i] for i in self._places]
        node: _Node | None = self._root
        while node is not None:
            index = bisect.bisect_right(node.bounds, number)
            number -= node.bounds[index - 1] if index else 0
            spreads.append(node.counts[index])
            node = node.rests[index]
            if node is not None:
                number %= node.total
            left = [room - placed for room, placed in zip(left, spreads[-1], strict=True)]
        return _cuts([*spreads, tuple(left)])


def _sizes_only(slots: Sequence[Slot | int]) -> bool:
    """Whether every place is given by its size alone (no :class:`Slot`)."""
    for slot in slots:  # noqa: SIM110 - a loop, not all() over a generator: no frame per call
        if type(slot) is not int:
            return False
    return True


def _limits(
    cards: tuple[Card, ...],
    slots: Sequence[Slot | int] | None,
    allowed: Sequence[int | None] | None,
    places: tuple[int, ...],
) -> list[tuple[int, int]]:
    """For each place taking part that cannot hold every card, its bit among the places taking
    part and the positions in ``cards`` of the cards it may hold, as bits (bit i: ``cards[i]``),
    from its entry of ``allowed`` and its :attr:`Slot.excluded` (``slots``: ``None`` when
    every place is given by its size alone)."""
    every = (1 << len(cards)) - 1
    positions: dict[Card, int] | None = None
    found: list[tuple[int, int]] = []
    if slots is None:
        if allowed is not None:
            for bit, i in enumerate(places):
                limit = allowed[i]
                if limit is not None and limit & every != every:
                    found.append((bit, limit & every))
        return found
    for bit, i in enumerate(places):
        mask = every
        limit = allowed[i] if allowed is not None else None
        if limit is not None:
            mask &= limit
        slot = slots[i]
        if not isinstance(slot, int) and slot.excluded:
            if positions is None:
                positions = {}
                for index, card in enumerate(cards):  # a card given twice: both positions
                    positions[card] = positions.get(card, 0) | 1 << index
            for card in slot.excluded:
                mask &= ~positions.get(card, 0)
        if mask != every:
            found.append((bit, mask))
    return found


def _classes(cards: int, places: int, limits: Sequence[tuple[int, int]]) -> dict[int, int]:
    """The cards grouped by the places they may go to: for each set of places (as bits among
    the ``places`` taking part), the positions of the cards that may go exactly there (as bits
    among ``cards``). Refined place by place from one class of every card: a limited place
    splits each class into the cards it may hold and the others (which lose its bit, so no two
    classes ever meet)."""
    everywhere = (1 << places) - 1
    classes = {everywhere: (1 << cards) - 1} if cards else {}
    for bit, mask in limits:
        outside = everywhere ^ (1 << bit)
        split: dict[int, int] = {}
        for where, members in classes.items():
            inside = members & mask
            if inside:
                split[where] = inside
            if inside != members:
                split[where & outside] = members ^ inside
        classes = split
    return classes


def _picked(cards: Sequence[Card], bits: int) -> tuple[Card, ...]:
    """The cards at the positions set in ``bits``, in their order in ``cards``: the binary
    digits of ``bits``, lowest first, made the selectors of ``compress`` as bytes 0 and 1 (a few
    calls into C whatever the number of cards, in either build)."""
    return tuple(itertools.compress(cards, bin(bits)[:1:-1].encode().translate(_ZERO_ONE)))


_ZERO_ONE: Final = bytes.maketrans(b"01", b"\x00\x01")
"""The digits ``0`` and ``1`` of ``bin`` as the bytes 0 and 1 (for :func:`_picked`)."""


@functools.lru_cache(maxsize=_CACHED_SHAPES)
def _prepared(
    room: tuple[int, ...], counted: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], _Node, _Tables | None] | None:
    """For places with ``room`` and classes given as (eligible-place mask, number of cards),
    sorted by mask: the order the classes are counted and dealt in (their masks), the plan
    (:func:`_plan`) and its tables (:func:`_tables`; ``None`` when there are more than
    :data:`_MAX_TABLES`); ``None`` when no placement exists. Kept per shape, so that a fresh
    position of a known shape looks all of it up at once.

    Cheap classes first and the one with the most ways to spread last (it is counted in
    closed form); sorting on the shape alone keeps the order, hence the draws, determined."""
    order = sorted(counted, key=lambda item: (_spread(item[1], item[0]), item[0]))
    root = _plan(room, tuple(order))
    if root is None:
        return None
    tables = _tables(root) if root.tables <= _MAX_TABLES else None
    return tuple([mask for mask, _ in order]), root, tables


def _taking(sizes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The places' total size (``-1`` when one is below 0) and the places that take part, of
    nonzero size: the classes and counts are over those only."""
    total = 0
    taking: list[int] = []
    for index, size in enumerate(sizes):
        if size < 0:
            return -1, ()
        total += size
        if size:
            taking.append(index)
    return total, tuple(taking)


_Layout = tuple[
    int,
    tuple[int, ...],
    tuple[int, ...] | None,
    "_Node | None",
    "_Tables | None",
    "_Cutter | None",
]


@functools.lru_cache(maxsize=_CACHED_SHAPES)
def _layout(sizes: tuple[int, ...], counted: tuple[tuple[int, int], ...]) -> _Layout:
    """For :meth:`SlotSampler._grouped`, kept by shape: places of ``sizes`` and classes given
    as (eligible-place mask among the places of nonzero size, number of cards), sorted by
    mask. The sizes' total (``-1`` for a size below 0), the places taking part, and the
    order the classes are dealt in with the plan and its tables (:func:`_prepared`), or for
    one class (every card anywhere) no order and the cut of one shuffle; ``None`` as the
    order when no placement exists."""
    total, places = _taking(sizes)
    if total < 0:
        return total, places, None, None, None, None
    if len(counted) <= 1:
        everywhere = (1 << len(places)) - 1
        if any(mask != everywhere for mask, _ in counted):
            return total, places, None, None, None, None
        return total, places, (), None, None, _cutter(sizes)
    if counted[0][0] == 0:  # (sorted by mask) a class that may go nowhere
        return total, places, None, None, None, None
    prepared = _prepared(tuple([size for size in sizes if size]), counted)
    if prepared is None:
        return total, places, None, None, None, None
    order, root, tables = prepared
    return total, places, order, root, tables, None


def _shuffled(rng: Rng, items: Sequence[Card]) -> tuple[Card, ...]:
    """``items`` in a uniformly random order, drawing one number below ``n!`` (one 64-bit word
    up to 20 items) and reading it in the factorial number system: its digits are independent
    and uniform, digit i below i + 1, so swapping item i with item (digit i) from the end down
    is Fisher-Yates with one draw instead of one per item. Longer sequences: ``rng.shuffled``.

    The swaps of the first :data:`_TABLED` positions, the last ones made, are one look-up: what
    is left of the number once the higher digits are read off (below ``7!``) names the order
    those swaps give the first items (:func:`_last_swaps`), so the result is the same."""
    count = len(items)
    if count < 2:
        return tuple(items)
    if count > _MAX_ONE_WORD_SHUFFLE:
        return rng.shuffled(items)
    code = rng._below_limit(_FACTORIALS[count], _FACTORIAL_LIMITS[count])
    tabled = count if count < _TABLED else _TABLED
    swaps = _SWAPS[tabled]
    if swaps is None:  # (a list filled on first use: cheaper to read than a cached call)
        swaps = _SWAPS[tabled] = _last_swaps(tabled)
    if count <= _TABLED:
        return swaps[code](items)
    order = list(items)
    for i, radix in _HIGH_DIGITS[count]:
        j = code % radix  # two operators: cheaper than a call of divmod
        code //= radix
        order[i], order[j] = order[j], order[i]
    order[:_TABLED] = swaps[code](order)
    return tuple(order)


_Swaps = tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
_SWAPS: Final[list[_Swaps | None]] = [None] * (_TABLED + 1)
""":func:`_last_swaps` of each count up to :data:`_TABLED`, once used."""


def _last_swaps(count: int) -> _Swaps:
    """For each number below ``count!``, what the swaps of :func:`_shuffled` read from it do to
    the first ``count`` items, as a function picking them in their new order (built on first
    use: ``7!`` small functions)."""
    found: list[Callable[[Sequence[Card]], tuple[Card, ...]]] = []
    for number in range(_FACTORIALS[count]):
        order = list(range(count))
        code = number
        for i, radix in _DIGITS[count]:
            j = code % radix
            code //= radix
            order[i], order[j] = order[j], order[i]
        found.append(operator.itemgetter(*order))
    return tuple(found)


def _cuts(spreads: list[tuple[int, ...]]) -> _Cuts:
    """For each place, the runs it takes from the shuffled classes, as (class, start, stop),
    given how many cards of each class go to each place (``spreads[class][place]``)."""
    # (loops by index, not enumerate or a generator: each a call or an object of its own in
    # the compiled build, and a shape works out its tables' cuts as its deals pick them)
    width = len(spreads[0])
    places: list[list[tuple[int, int, int]]] = []
    for _ in range(width):
        places.append([])
    for k in range(len(spreads)):
        spread = spreads[k]
        start = 0
        for j in range(width):
            count = spread[j]
            if count:
                places[j].append((k, start, start + count))
                start += count
    cuts: list[tuple[tuple[int, int, int], ...]] = []
    for runs in places:
        cuts.append(tuple(runs))
    return tuple(cuts)


def _tables(root: _Node) -> _Tables:
    """Every table of the plan ``root`` (at most :data:`_MAX_TABLES`), listed depth first:
    the choices of the last class in their order and those above it from the last to the
    first. The running sums of their numbers of assignments, and no cuts yet: a deal works out
    the cuts of the table it picks (:func:`_table_walk`) and keeps them here, so that a shape
    pays only for the tables it deals."""
    bounds: list[int] = []
    total = 0
    # (node, assignments of the classes placed so far)
    stack: list[tuple[_Node, int]] = [(root, 1)]
    while stack:
        node, weight = stack.pop()
        below = 0
        bounds_of, rests = node.bounds, node.rests
        for k in range(len(bounds_of)):  # (by index: zip(..., strict=True) costs a call)
            bound, rest = bounds_of[k], rests[k]
            ways, below = bound - below, bound
            if rest is not None:  # ways = this class's arrangements x the rest's total
                stack.append((rest, weight * (ways // rest.total)))
                continue
            total += weight * ways
            bounds.append(total)
    return tuple(bounds), [None] * len(bounds)


def _table_walk(room: tuple[int, ...], root: _Node, number: int) -> _Cuts:
    """The cuts of the table of :func:`_tables` that a bisection of its running sums finds for
    ``number`` (below ``root.total``), found by walking the plan down.

    The list takes a node's choices from the last to the first (but at the last level, in
    order), and each choice's tables, with the assignments of its class's cards as a common
    factor, in the order of its rest's list: so the choice is the one whose range, counted from
    the end, holds the number, and the rest is walked with the number's offset in that range
    divided by the factor."""
    spreads: list[tuple[int, ...]] = []
    node = root
    while True:
        bounds = node.bounds
        if node.rests[0] is None:  # the last level: the choices in order
            spreads.append(node.counts[bisect.bisect_right(bounds, number)])
            break
        total = node.total
        index = bisect.bisect_right(bounds, total - 1 - number)
        rest = node.rests[index]
        assert rest is not None
        ways = bounds[index] - (bounds[index - 1] if index else 0)
        number = (number - (total - bounds[index])) // (ways // rest.total)
        spreads.append(node.counts[index])
        node = rest
    left = list(room)
    for spread in spreads:
        for j in range(len(left)):
            left[j] = left[j] - spread[j]  # (not -=: a generic op in the compiled build)
    spreads.append(tuple(left))
    return _cuts(spreads)


_Cutter = Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]]


@functools.lru_cache(maxsize=_CACHED_SHAPES)
def _cutter(sizes: tuple[int, ...]) -> _Cutter | None:
    """The cut of a shuffle into places of ``sizes``, in one call (``None`` for one place)."""
    ends = list(itertools.accumulate(sizes, initial=0))
    cuts = [slice(start, stop) for start, stop in itertools.pairwise(ends)]
    return operator.itemgetter(*cuts) if len(cuts) > 1 else None


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
    return _Planner(room, classes).node(0, room)


class _Planner:
    """The counting of one :func:`_plan`: what its nodes share, and the nodes found so far by
    the class reached and the room left. (A class, not a closure: a closure's cells would
    make a cycle per plan for the collector to find.)"""

    __slots__ = ("factorial", "width", "sizes", "eligibles", "supply", "final", "memo")

    def __init__(self, room: tuple[int, ...], classes: tuple[tuple[int, int], ...]) -> None:
        cards = 0
        for size in room:
            cards += size
        self.factorial: tuple[int, ...] = (
            _FACTORIALS
            if cards <= _MAX_ONE_WORD_SHUFFLE
            else tuple([math.factorial(n) for n in range(cards + 1)])
        )
        width = len(room)
        self.width: int = width
        sizes: list[int] = []
        eligibles: list[list[int]] = []
        for mask, count in classes:
            sizes.append(count)
            eligibles.append([j for j in range(width) if mask >> j & 1])
        self.sizes: list[int] = sizes
        self.eligibles: list[list[int]] = eligibles
        # supply[i][j]: how many cards of classes i, i+1, ... may go to place j.
        supply: list[list[int]] = [[0] * width]
        for i in range(len(classes) - 1, -1, -1):
            mask, count = classes[i]
            later = supply[-1]
            supply.append([later[j] + (count if mask >> j & 1 else 0) for j in range(width)])
        supply.reverse()
        self.supply: list[list[int]] = supply
        self.final: int = len(classes) - 1
        self.memo: dict[tuple[int, tuple[int, ...]], _Node | None] = {}

    def node(self, index: int, left: tuple[int, ...]) -> _Node | None:
        """The node placing class ``index`` and the later ones into the room ``left``."""
        memo = self.memo
        key = (index, left)
        if key in memo:
            return memo[key]
        memo[key] = None  # until a placement is found (the recursion only goes deeper)
        width = self.width
        can = self.supply[index]
        for j in range(width):
            if left[j] > can[j]:
                return None
        count = self.sizes[index]
        eligible = self.eligibles[index]
        # What the later classes cannot supply, this one must.
        later = self.supply[index + 1]
        lows: list[int] = []
        caps: list[int] = []
        for j in eligible:
            need = left[j] - later[j]
            lows.append(need if need > 0 else 0)
            caps.append(left[j])
        last_level = index + 1 >= self.final
        factorial = self.factorial
        arrangements = factorial[count]
        # The last class takes the room left: its arrangements are count! / (its part of
        # each)!, here divided by its parts in the places this class cannot take, which every
        # choice shares (each partial quotient of a multinomial is whole).
        outside = 0
        if last_level:
            outside = factorial[self.sizes[self.final]]
            for j in range(width):
                if j not in eligible:
                    outside //= factorial[left[j]]
        bounds: list[int] = []
        spreads: list[tuple[int, ...]] = []
        rests: list[_Node | None] = []
        total = 0
        tables = 0
        counts = [0] * width  # each choice's spread over every place (the eligible ones set)
        for spread in _compositions(count, lows, caps):
            ways = arrangements
            for k in range(len(eligible)):
                placed = spread[k]
                counts[eligible[k]] = placed
                ways //= factorial[placed]
            rest: _Node | None = None
            if last_level:
                # The lows above made the room left fit the last class.
                last = outside
                for k in range(len(eligible)):
                    last //= factorial[caps[k] - spread[k]]
                ways *= last
                tables += 1
            else:
                after = list(left)
                for k in range(len(eligible)):
                    j = eligible[k]
                    after[j] = after[j] - spread[k]  # (not -=: a generic op in the compiled build)
                rest = self.node(index + 1, tuple(after))
                if rest is None:
                    continue
                ways *= rest.total
                tables += rest.tables
            total += ways
            bounds.append(total)
            spreads.append(tuple(counts))
            rests.append(rest)
        found = None
        if total:
            found = memo[key] = _Node(total, tuple(bounds), tuple(spreads), tuple(rests), tables)
        return found


def _compositions(count: int, lows: list[int], caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``count`` as a sum of parts, part j from lows[j] to caps[j], in
    lexicographic order: the parts but the last counted up like an odometer (the last one
    varying fastest), the last part the rest of ``count``, kept when within its bounds."""
    found: list[tuple[int, ...]] = []
    last = len(lows) - 1
    spare = count
    for low in lows:
        spare -= low
    if spare < 0:
        return found
    parts = list(lows)
    highs = [0] * last
    for j in range(last):
        high = lows[j] + spare
        highs[j] = high if high < caps[j] else caps[j]
        if highs[j] < lows[j]:  # a part with no room at all
            return found
    low_last, cap_last = lows[last], caps[last]
    taken = count - spare - low_last  # the sum of the parts but the last
    while True:
        rest = count - taken
        if low_last <= rest <= cap_last:
            parts[last] = rest
            found.append(tuple(parts))
        j = last - 1
        while j >= 0 and parts[j] == highs[j]:
            taken -= parts[j] - lows[j]
            parts[j] = lows[j]
            j -= 1
        if j < 0:
            return found
        parts[j] = parts[j] + 1  # (not +=: a generic op in the compiled build)
        taken += 1
