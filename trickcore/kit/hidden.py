"""Public and hidden parts of a state: views and determinization from one declaration (DESIGN 4a).

A game's state is its public part (everything on the table) plus hidden parts: a field with one
entry per seat that only that seat sees (the hands), fields only one seat sees (Euchre's
discard, seen by the dealer), and fields no seat sees (the undealt cards). A :class:`Projection`
is that declaration. From it:

* :meth:`Projection.view` builds a seat's view: every public field as it is, the seat's own entry
  of each per-seat field, the sizes of the others' entries, owned fields only for their owner,
  and computed fields — no hand-written copy of the state per game;
* :meth:`Projection.state` goes back: the public fields from a view plus hidden parts supplied
  by ``determinize`` (usually dealt by :func:`~trickcore.sampling.fill_slots` from
  :func:`unseen_cards`).

The view type is still declared by the game, field by field, so that mypy knows it; the
projection checks when it is built that the view holds every public field and nothing hidden, so
the two cannot drift apart.
"""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

import msgspec
from msgspec.structs import asdict, astuple

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.rng import Rng
from trickcore.sampling import Slot, SlotSampler

__all__ = [
    "AT_LEAST_TRIES",
    "Computed",
    "HiddenDeal",
    "LastView",
    "OwnedBy",
    "Projection",
    "SeatPart",
    "ShownWhile",
    "cards_seen",
    "deal_hidden",
    "shown_turn",
    "unseen_cards",
]

S = TypeVar("S", bound=msgspec.Struct)
V = TypeVar("V", bound=msgspec.Struct)

_PlaceBits = tuple[int, tuple[tuple[Seat, int], ...], dict[Seat | None, int]]
"""The places dealt as bits (:func:`_place_bits`)."""
_DealLayout = tuple[
    tuple[Seat, ...],
    tuple[Callable[[Any], Seat | None], ...],
    tuple[int, ...],
    tuple[tuple[str, int, bool], ...],
    dict[tuple[Seat | None, ...], _PlaceBits],
]
"""How a view of one shape is dealt (:meth:`Projection._deal_layout`)."""

# The kinds of :meth:`Projection._positional_steps`: what a step does to the field at its place.
_SECRET: Final = 0  # left out
_SEAT_PART: Final = 1  # the seat's own entry (and the sizes of all)
_COMPUTED: Final = 2  # its rule's value
_SHOWN_WHILE: Final = 3  # a ShownWhile rule's value, read from the state's values
_OWNED: Final = 4  # None for any seat but its owner
_OWNED_BY: Final = 5  # the same, the owner read from the state's values (OwnedBy)


@dataclass(frozen=True)
class SeatPart:
    """A state field holding one entry per seat (indexed by seat), each seen by its own seat.

    In a view the seat's entry appears as ``own`` and, when ``sizes`` is given, the length of
    every seat's entry as ``sizes``. ``shown(state, seat)`` may hide the seat's own entry too (it
    then appears empty): Euchre's dealer does not see their hand while naming trump over a
    turned-up joker (E5).
    """

    field: str
    own: str
    sizes: str | None = None
    shown: Callable[[Any, Seat], bool] | None = None


@dataclass(frozen=True)
class Computed:
    """A view field computed from the state (``view``) that ``state`` turns back into the state
    field of the same name (for example a turn that a view shows as ``None`` while chance acts)."""

    view: Callable[[Any, Seat], Any]
    state: Callable[[Any], Any]


@dataclass(frozen=True)
class ShownWhile:
    """A :class:`Computed` field's ``view`` rule: the state's field ``name`` as it is while its
    field ``gate`` holds one of ``values``, ``None`` otherwise (:func:`shown_turn`). A
    :class:`Projection` that builds views positionally reads the two fields from the state's
    values instead of calling it."""

    name: str
    gate: str
    values: frozenset[Any]

    def __call__(self, state: Any, seat: Seat) -> Any:
        """The view's value of the field in ``state``, for any ``seat``."""
        return getattr(state, self.name) if getattr(state, self.gate) in self.values else None


@dataclass(frozen=True)
class OwnedBy:
    """An owned field's owner rule (:class:`Projection`'s ``owned``): the seat that the state's
    field ``name`` holds (Euchre's discard belongs to the ``dealer``). A :class:`Projection`
    that builds views positionally reads that field from the state's values instead of
    calling it."""

    name: str

    def __call__(self, state: Any) -> Seat | None:
        """The seat that owns the field in ``state``."""
        owner: Seat | None = getattr(state, self.name)
        return owner


def shown_turn(acting: Collection[Any]) -> Computed:
    """The ``turn`` field of the kit's layout as views show it: the seat to act in the
    ``acting`` phases (a state's ``phase``), ``None`` in the others (chance acts, or the game
    is over); back in a state, ``None`` is seat 0, the field's default."""
    return Computed(
        view=ShownWhile("turn", "phase", frozenset(acting)),
        state=lambda view: view.turn if view.turn is not None else 0,
    )


class Projection(Generic[S, V]):
    """How a state of ``state_type`` is shown to a seat as a ``view_type``, and back.

    ``per_seat`` lists the per-seat fields, ``owned`` maps a field to the seat that may see it
    (others see ``None``), ``secret`` lists fields nobody sees, and ``computed`` replaces public
    fields by computed ones. Raises ``TypeError`` when the view type does not hold exactly the
    public fields and the declared parts, plus ``seat``.
    """

    def __init__(
        self,
        state_type: type[S],
        view_type: type[V],
        *,
        per_seat: Sequence[SeatPart] = (),
        owned: Mapping[str, Callable[[S], Seat | None]] | None = None,
        secret: Sequence[str] = (),
        computed: Mapping[str, Computed] | None = None,
    ) -> None:
        self.state_type = state_type
        self.view_type = view_type
        self.per_seat = tuple(per_seat)
        self.owned = dict(owned or {})
        self.secret = tuple(secret)
        self.computed = dict(computed or {})
        state_fields = state_type.__struct_fields__
        hidden = {part.field for part in self.per_seat} | set(self.secret)
        # (and the fields the declared rules read: OwnedBy's owner, ShownWhile's two)
        read = {rule.name for rule in self.owned.values() if isinstance(rule, OwnedBy)}
        for computed_rule in self.computed.values():
            if isinstance(computed_rule.view, ShownWhile):
                read |= {computed_rule.view.name, computed_rule.view.gate}
        unknown = (hidden | set(self.owned) | set(self.computed) | read) - set(state_fields)
        if unknown:
            raise TypeError(f"{state_type.__name__} has no fields {sorted(unknown)}")
        # Flat tuples for view(), which every bot move calls.
        self._seat_parts = tuple(
            (part.field, part.own, part.sizes, part.shown) for part in self.per_seat
        )
        self._owned = tuple(self.owned.items())
        self._computed = tuple((name, rule.view) for name, rule in self.computed.items())
        self.public: tuple[str, ...] = tuple(
            name for name in state_fields if name not in hidden and name not in self.computed
        )
        """The state fields a view shows as they are (owned ones masked for other seats)."""
        public = self.public
        self._public_values: Callable[[Any], tuple[Any, ...]] = (
            operator.attrgetter(*public)
            if len(public) > 1
            else lambda view: tuple(getattr(view, name) for name in public)
        )
        self._computed_states = tuple((name, rule.state) for name, rule in self.computed.items())
        # Each public field's name with its position in the view, for :meth:`_blank_like`,
        # which compares two views' values read at once (``astuple``).
        view_fields = view_type.__struct_fields__
        self._public_slots: tuple[tuple[str, int], ...] = tuple(
            (name, view_fields.index(name)) for name in public if name in view_fields
        )
        sized = [part for part in self.per_seat if part.sizes is not None]
        self._sized: tuple[str, str, str, Callable[[Any, Seat], bool] | None] | None = (
            (sized[0].field, sized[0].own, sized[0].sizes, sized[0].shown)
            if len(sized) == 1 and sized[0].sizes is not None
            else None
        )
        expected = {"seat", *self.public, *self.computed}
        for part in self.per_seat:
            expected.add(part.own)
            if part.sizes is not None:
                expected.add(part.sizes)
        actual = set(view_type.__struct_fields__)
        if actual != expected:
            raise TypeError(
                f"{view_type.__name__} must hold exactly the public fields of "
                f"{state_type.__name__} and the declared parts: missing "
                f"{sorted(expected - actual)}, extra {sorted(actual - expected)}"
            )
        self._steps = self._positional_steps(state_fields)
        self._per_seat_fields = tuple(part.field for part in self.per_seat)
        self._last_blank: tuple[V, int, S, tuple[Any, ...]] | None = None
        self._layouts: dict[
            tuple[tuple[int, ...], Seat | None, tuple[tuple[str, int], ...]], _DealLayout
        ] = {}

    def _positional_steps(
        self, state_fields: tuple[str, ...]
    ) -> tuple[tuple[int, int, Any], ...] | None:
        """How a view is made from the state's values in order, when the view type allows it:
        not keyword-only, ``seat`` first, then the state's fields in their order with each
        per-seat field replaced by its own entry (and sizes), computed ones computed and secret
        ones left out. Such a view is built positionally, several times faster (views are
        built for every bot move); any other layout is built by keyword. The steps run from the
        last field to the first so that their positions stay valid."""
        kinds = {param.kind for param in inspect.signature(self.view_type).parameters.values()}
        if inspect.Parameter.KEYWORD_ONLY in kinds:
            return None
        layout: list[str] = ["seat"]
        steps: list[tuple[int, int, Any]] = []
        parts = {part.field: part for part in self.per_seat}
        for index, name in enumerate(state_fields):
            if name in self.secret:
                steps.append((index, _SECRET, None))
            elif name in parts:
                part = parts[name]
                layout += [part.own] if part.sizes is None else [part.own, part.sizes]
                steps.append((index, _SEAT_PART, (part.sizes is not None, part.shown)))
            elif name in self.computed:
                layout.append(name)
                rule = self.computed[name].view
                if type(rule) is ShownWhile:
                    where = state_fields.index
                    shown = (where(rule.name), where(rule.gate), rule.values)
                    steps.append((index, _SHOWN_WHILE, shown))
                else:
                    steps.append((index, _COMPUTED, rule))
            else:
                layout.append(name)
                if name in self.owned:
                    owner = self.owned[name]
                    if type(owner) is OwnedBy:
                        steps.append((index, _OWNED_BY, state_fields.index(owner.name)))
                    else:
                        steps.append((index, _OWNED, owner))
        if tuple(layout) != self.view_type.__struct_fields__:
            return None
        return tuple(reversed(steps))

    @property
    def positional(self) -> bool:
        """Whether views are built positionally, the fast way: the view type is not
        keyword-only and lists ``seat``, then the state's fields in order (each per-seat field
        replaced by its own entry and sizes, secret ones left out)."""
        return self._steps is not None

    def view(self, state: S, seat: Seat) -> V:
        """What ``seat`` sees of ``state``."""
        if self._steps is not None:
            state_values = astuple(state)  # the state's fields, as values changes
            values = list(state_values)
            for index, kind, detail in self._steps:
                if kind == _SEAT_PART:
                    sized, shown = detail
                    entries = state_values[index]
                    values[index] = entries[seat] if shown is None or shown(state, seat) else ()
                    if sized:
                        # (a comprehension: map(len, ...) calls len through the generic call
                        # protocol in the compiled build, at about the same cost interpreted)
                        values.insert(index + 1, tuple([len(entry) for entry in entries]))
                elif kind == _SHOWN_WHILE:
                    name, gate, shown_in = detail
                    values[index] = state_values[name] if state_values[gate] in shown_in else None
                elif kind == _OWNED_BY:
                    if state_values[detail] != seat:
                        values[index] = None
                elif kind == _SECRET:
                    del values[index]
                elif kind == _COMPUTED:
                    values[index] = detail(state, seat)
                elif detail(state) != seat:  # owned by another seat
                    values[index] = None
            return self.view_type(seat, *values)
        fields = asdict(state)
        for name in self.secret:
            del fields[name]
        for field, own, sizes, shown in self._seat_parts:
            entries = fields.pop(field)
            fields[own] = entries[seat] if shown is None or shown(state, seat) else ()
            if sizes is not None:
                fields[sizes] = tuple(map(len, entries))
        for name, owner in self._owned:
            if owner(state) != seat:
                fields[name] = None
        for name, shown_as in self._computed:
            fields[name] = shown_as(state, seat)
        fields["seat"] = seat
        return self.view_type(**fields)

    def view_problems(self, view: V, seats: int, pack: Collection[Card]) -> list[str]:
        """What is wrong with the per-seat parts of ``view`` (of a table of ``seats`` playing
        with ``pack``), before any state is drawn from it: a card twice or not of the pack in
        the seat's own entries, sizes with another number of entries than seats, a size below
        0 or above the pack, or the seat's own entry of another size than its sizes say (an
        entry that ``shown`` may hide may also be empty). Cheap checks of the shape, for
        :func:`trickcore.validate_view`; the view's field types and seat are assumed checked."""
        found: list[str] = []
        seat: Seat = getattr(view, "seat")  # noqa: B009 - mypy knows no field of a generic view
        cards = len(pack)
        for part in self.per_seat:
            own_entry = getattr(view, part.own)
            if not _distinct_cards_of(own_entry, pack):  # the usual hand needs no more
                found += _card_problems(part.own, own_entry, pack)
            if part.sizes is None:
                continue
            sizes: Sequence[int] = getattr(view, part.sizes)
            if len(sizes) != seats:
                found.append(f"{part.sizes} has {len(sizes)} entries for {seats} seats")
                continue
            if sizes and not 0 <= min(sizes) <= max(sizes) <= cards:
                found.append(f"{part.sizes} holds sizes outside 0-{cards}")
                continue
            own = len(getattr(view, part.own))
            if own != sizes[seat] and (part.shown is None or own):
                found.append(
                    f"{part.own} holds {own} cards but {part.sizes} says seat {seat} holds "
                    f"{sizes[seat]}"
                )
        return found

    def deal_unseen(
        self,
        view: V,
        rng: Rng,
        pack: Sequence[Card],
        *,
        secret: Mapping[str, int] | None = None,
        voids: Mapping[Seat, Collection[Suit]] | None = None,
        suit_of: Mapping[Card, Suit] | None = None,
        held: Mapping[Card, Seat] | None = None,
        seen: Collection[Card] | None = None,
    ) -> S:
        """A state agreeing with ``view``, for ``determinize``: the cards of ``pack`` that the
        view does not show (:func:`unseen_cards`) dealt at random (:func:`deal_hidden`) to the
        other seats' entries of the per-seat part (as many as its sizes say) and to the secret
        fields (``secret``: how many cards each holds), never giving a seat a suit it showed out
        of (``voids``). For the usual layout: one per-seat part of cards, with sizes, and secret
        fields of cards; ``ValueError`` when the cards cannot be placed so.
        :meth:`unseen_dealer` prepares the same deal once for many draws, and says what
        ``held`` and an owned field in ``secret`` do."""
        return self.unseen_dealer(
            view, pack, secret=secret, voids=voids, suit_of=suit_of, held=held, seen=seen
        )(rng)

    def unseen_dealer(
        self,
        view: V,
        pack: Sequence[Card],
        *,
        secret: Mapping[str, int] | None = None,
        voids: Mapping[Seat, Collection[Suit]] | None = None,
        suit_of: Mapping[Card, Suit] | None = None,
        held: Mapping[Card, Seat] | None = None,
        seen: Collection[Card] | None = None,
    ) -> Callable[[Rng], S]:
        """:meth:`deal_unseen` prepared once for ``view``: a function of the stream that deals
        exactly what ``deal_unseen`` with the same arguments deals (a search bot draws many
        states from one view; keep the dealer with :class:`LastView`).

        Three cases beyond the usual layout, each told by the view or the arguments:

        * the seat's own entry, when ``shown`` hid it (empty, though its size is not), is dealt
          like the others' (Euchre's dealer naming trump over a turned-up joker, E5);
        * an owned field named in ``secret`` holds one card or ``None``: with size 1 it is
          dealt a card (a discard the view's seat did not see), with size 0 it keeps the
          view's value; such fields are dealt after the hands, before the secret fields;
        * ``held`` cards, shown once but now hidden, are known to be in their seat's hidden
          places (its entry, or a field it owns): they are dealt with the unseen cards (after
          them), to those places only (Euchre's taken up-card, in the dealer's hand or
          discard).

        ``seen``: every card the view shows, when the caller knows them without looking
        (default: :func:`cards_seen` walks the whole view)."""
        sized = self._sized
        if sized is None:
            raise TypeError("deal_unseen needs exactly one per-seat part with sizes")
        field, own_name, sizes_name, own_shown = sized
        shown: Any = view
        seat: Seat = shown.seat
        counts: Sequence[int] = getattr(view, sizes_name)
        own = getattr(view, own_name)
        own_hidden = own_shown is not None and not own and counts[seat] > 0
        me = None if own_hidden else seat
        secret = secret or {}
        layout = (
            self._layouts.get((counts, me, tuple(secret.items())))
            if type(counts) is tuple
            else None
        )
        if layout is None:
            layout = self._deal_layout(counts, me, secret)
        hands, owners_of, sizes, places, bits_by_owners = layout
        owners: tuple[Seat | None, ...] = ()
        for owner in owners_of:  # the fields hidden from this view: the seats that own them
            owners += (owner(shown),)
        place_bits = bits_by_owners.get(owners)
        if place_bits is None:
            place_bits = bits_by_owners[owners] = _place_bits(sizes, hands, owners)
        cards, classes = _unseen_grouped(
            pack if isinstance(pack, tuple) else tuple(pack),
            cards_seen(view) if seen is None else seen,
            place_bits,
            voids=voids,
            suit_of=suit_of,
            held=held,
        )
        sample = SlotSampler(cards, sizes, classes=classes)
        hidden = len(hands)
        public = self.blank(view, len(counts))  # the hidden parts are filled in by each draw
        replace = msgspec.structs.replace

        def draw(rng: Rng) -> S:
            dealt = sample(rng)
            changes: dict[str, object] = {}
            for name, index, one in places:  # a loop: a comprehension would make dealt a cell
                changes[name] = dealt[index][0] if one else dealt[index]
            changes[field] = (
                tuple(dealt[:hidden]) if me is None else (*dealt[:me], own, *dealt[me:hidden])
            )
            return replace(public, **changes)

        return draw

    def _deal_layout(
        self, counts: Sequence[int], me: Seat | None, secret: Mapping[str, int]
    ) -> _DealLayout:
        """How :meth:`unseen_dealer` deals at a table whose hands hold ``counts`` cards, for
        the view of seat ``me`` (``None``: its own entry is dealt too) with the ``secret``
        sizes, kept by that shape when ``counts`` is a tuple (``unseen_dealer`` looks it up
        first): the seats whose entries are dealt (in seat order), the owners of the owned
        fields dealt (those named in ``secret``, hidden from this view), the sizes of the
        places dealt (those hands, those fields, then the secret ones), and each field's
        name, position in a draw and whether it holds one card (an owned field) rather than
        a tuple; and, filled as views ask, the places as bits (:func:`_place_bits`) by the
        owners of those fields."""
        hands = tuple([other for other in range(len(counts)) if other != me])
        owned = [name for name in self.owned if name in secret]
        sizes = (
            *[counts[other] for other in hands],
            *[secret[name] for name in owned],
            *[secret.get(name, 0) for name in self.secret],
        )
        # A draw: the hands in seat order, then the owned fields, then the secret ones.
        start = len(hands) + len(owned)
        places = [(name, start + index, False) for index, name in enumerate(self.secret)]
        places += [
            (name, len(hands) + index, True) for index, name in enumerate(owned) if secret[name]
        ]
        owners_of = tuple([self.owned[name] for name in owned])
        found: _DealLayout = (hands, owners_of, sizes, tuple(places), {})
        if type(counts) is tuple:
            if len(self._layouts) >= _KEPT_LAYOUTS:
                self._layouts.clear()
            self._layouts[(counts, me, tuple(secret.items()))] = found
        return found

    def skeleton(self, view: V, seats: int, filler: Card) -> S:
        """A state that shows ``view`` back to its seat exactly when the states agreeing with it
        do, without dealing anything: the view's public fields and owned fields, the seat's own
        entry of each per-seat part, ``filler`` repeated as many times as the view's sizes say
        in every entry the view shows by its size alone (the other seats', and the seat's own
        when ``shown`` hid it), other seats' entries without sizes empty, secret fields empty.
        A view shows the others' entries by their sizes only, so the states agreeing with
        ``view`` (each entry of its size) all show the same view as this one, provided the
        projection's ``shown``, ``owned`` and computed rules read the public part only, as
        the kit's games' do. ``determinize`` checks a fresh view with it
        (:func:`trickcore.viewcheck.checked_draws`)."""
        seat: Seat = getattr(view, "seat")  # noqa: B009 - mypy knows no field of a generic view
        hidden: dict[str, Any] = {}
        for field, own_name, sizes_name, shown in self._seat_parts:
            own = getattr(view, own_name)
            if sizes_name is None:
                entries: list[Any] = [()] * seats
                entries[seat] = own
            else:
                sizes: Sequence[int] = getattr(view, sizes_name)
                entries = list(map((filler,).__mul__, sizes))
                if shown is None or own or not sizes[seat]:
                    entries[seat] = own
            hidden[field] = tuple(entries)
        return msgspec.structs.replace(self.blank(view, seats), **hidden)

    def shows_back(self, view: V, seats: int, pack: Collection[Card] | None = None) -> bool:
        """Whether the :meth:`skeleton` of ``view`` shows ``view`` back to its seat, told
        without building the skeleton or its view: the view's public fields are the
        skeleton's own objects, so only the parts the projection rewrites are compared (the
        seat's own entry and the sizes, owned and computed fields), on the view's
        :meth:`blank`. ``True`` only when the skeleton's view equals ``view``; ``False`` also
        when in doubt (sizes that are not a tuple of ``seats`` whole numbers): the caller then
        builds the skeleton's view and compares, for the differences to name. ``determinize``
        checks a fresh view with it (:func:`trickcore.viewcheck.checked_draws`).

        Given ``pack`` (a set), ``True`` only when :meth:`view_problems` finds nothing too (the
        seat's own entries distinct cards of ``pack``, sizes at most its size): the two checks
        of a fresh view in one walk over the same fields
        (:meth:`~trickcore.kit.TrickGame.fits_at_once`)."""
        seat: Seat = getattr(view, "seat")  # noqa: B009 - mypy knows no field of a generic view
        blank = self.blank(view, seats)
        most = len(pack) if pack is not None else None
        for _, own_name, sizes_name, shown in self._seat_parts:
            own = getattr(view, own_name)
            if pack is not None and not _distinct_cards_of(own, pack):
                return False
            visible = shown is None or shown(blank, seat)
            if sizes_name is None:
                if not visible and own != ():
                    return False
                continue
            sizes = getattr(view, sizes_name)
            if type(sizes) is not tuple or len(sizes) != seats:
                return False
            for size in sizes:
                if type(size) is not int or size < 0 or (most is not None and size > most):
                    return False
            # The skeleton holds the view's own entry unless ``shown`` hid it (then fillers).
            kept = shown is None or bool(own) or not sizes[seat]
            if visible and not kept:
                return False
            if not visible and own != ():
                return False
            if kept and len(own) != sizes[seat]:
                return False
        for name, owner in self._owned:
            if owner(blank) != seat and getattr(view, name) is not None:
                return False
        for name, shown_as in self._computed:
            if not shown_as(blank, seat) == getattr(view, name):  # noqa: SIM201 - as == compares
                return False
        return True

    def blank(self, view: V, seats: int) -> S:
        """A state with ``view``'s public part (owned fields as the view shows them) and every
        hidden part empty: each per-seat field ``seats`` empty entries, each secret field
        empty. Kept for the last view (by identity, as :class:`LastView` does), since both
        ``determinize``'s preparation (:meth:`unseen_dealer`) and its check of a fresh view
        (:meth:`skeleton`) start from it."""
        last = self._last_blank
        if last is not None and last[1] == seats:
            if last[0] is view:
                return last[2]
            values = astuple(view)
            blank = self._blank_like(last[2], last[3], values, view)
        else:
            values = astuple(view)
            empty = ((),) * seats
            blank = self.state(
                view,
                **dict.fromkeys(self._per_seat_fields, empty),
                **dict.fromkeys(self.secret, ()),
            )
        self._last_blank = (view, seats, blank, values)
        return blank

    def _blank_like(self, blank: S, had: tuple[Any, ...], values: tuple[Any, ...], view: V) -> S:
        """``view``'s blank (its values ``values``) made from another view's ``blank`` (of as
        many seats; that view's values ``had``), given only the public values that are other
        objects: a fresh view shares most of them with the last one (the same game's tuples,
        enums, small numbers), and a replace of a few fields costs less than building the
        state from every field by name. (A blank holds its view's public values themselves, so
        the two views' values tell what differs.)"""
        changes: dict[str, Any] = {}
        for name, at in self._public_slots:  # a loop: a comprehension makes values a cell
            value = values[at]
            if value is not had[at]:
                changes[name] = value
        for name, rule in self._computed_states:
            changes[name] = rule(view)
        return msgspec.structs.replace(blank, **changes)

    def state(self, view: V, **hidden: Any) -> S:
        """A state with ``view``'s public fields and the ``hidden`` parts given by name (per-seat
        fields whole, owned and secret fields); owned fields not given keep the view's value."""
        fields = dict(zip(self.public, self._public_values(view), strict=True))
        for name, rule in self._computed_states:
            fields[name] = rule(view)
        fields.update(hidden)
        return self.state_type(**fields)


_KEPT_LAYOUTS: Final = 512  # deal layouts a projection keeps (by hand sizes: dozens a hand)
_SCALARS: Final = frozenset({int, bool, str, float, bytes, type(None)})
# Checked by exact type: a union such as ``set | frozenset`` in ``isinstance`` is built anew by
# every call, and a subclass is only taken the longer way.
_SET_TYPES: Final[frozenset[type]] = frozenset({set, frozenset})
_SUIT: Callable[[Card], Suit | None] = operator.attrgetter("suit")
_SUITS: Final[tuple[Suit | None, ...]] = (*Suit, None)  # None: the joker's


def _distinct_cards_of(entry: object, pack: Collection[Card]) -> bool:
    """Whether ``entry`` is a tuple of distinct cards of ``pack`` (the usual own hand), found
    in one pass for a pack given as a set; ``False`` when in doubt."""
    if type(entry) is not tuple or type(pack) not in _SET_TYPES:
        return False
    try:
        distinct = frozenset(entry)
    except TypeError:  # an unhashable item: not a card
        return False
    # (the operator, not issubset: no method to look up; a set or frozenset, checked above)
    return len(distinct) == len(entry) and distinct <= pack  # type: ignore[operator]


def _card_problems(name: str, entry: Iterable[object], pack: Collection[Card]) -> list[str]:
    """What is wrong with the cards of a view's field ``name``: cards not of ``pack``, cards
    given twice (items that are not cards are the type check's business)."""
    own_cards = [card for card in entry if isinstance(card, Card)]
    found = []
    foreign = sorted({str(card) for card in own_cards if card not in pack})
    twice = sorted({str(card) for card in own_cards if own_cards.count(card) > 1})
    if foreign:
        found.append(f"{name} holds {', '.join(foreign)}, not of the pack")
    if twice:
        found.append(f"{name} holds {', '.join(twice)} twice")
    return found


def _unseen_classes(
    pack: tuple[Card, ...],
    seen: Collection[Card],
    sizes: tuple[int, ...],
    hands: tuple[Seat, ...],
    owners: tuple[Seat | None, ...],
    *,
    voids: Mapping[Seat, Collection[Suit]] | None,
    suit_of: Mapping[Card, Suit] | None,
    held: Mapping[Card, Seat] | None,
) -> tuple[list[Card], dict[int, tuple[Card, ...]]]:
    """The cards to deal, in one pass over ``pack``: those neither ``seen`` nor ``held`` (in
    pack order), then the ``held`` ones (in their order); and the same cards grouped by the
    places they may go to, for :class:`~trickcore.sampling.SlotSampler`'s ``classes``, each
    group in that order. The places (``sizes``): the hands of ``hands`` (seats), then fields
    owned by ``owners``, then secret fields. A hand takes no card of a suit its seat showed out
    of (``voids``, suits by ``suit_of``, default the printed suit); a held card goes only to its
    seat's hand or the fields it owns; the others go anywhere. Since voids bar whole suits, a
    card's places follow from its suit: a few masks per view and one look-up per card."""
    return _unseen_grouped(
        pack,
        seen,
        _place_bits(sizes, hands, owners),
        voids=voids,
        suit_of=suit_of,
        held=held,
    )


def _unseen_grouped(
    pack: tuple[Card, ...],
    seen: Collection[Card],
    place_bits: _PlaceBits,
    *,
    voids: Mapping[Seat, Collection[Suit]] | None,
    suit_of: Mapping[Card, Suit] | None,
    held: Mapping[Card, Seat] | None,
) -> tuple[list[Card], dict[int, tuple[Card, ...]]]:
    """:func:`_unseen_classes` given the places as bits (:func:`_place_bits`)."""
    everywhere, hand_bits, holders = place_bits
    # A set by its type (the quicker test of membership when compiled), copied only to add
    # held cards it lacks (a game may count them seen already, as Euchre's up-card is).
    excluded = seen if isinstance(seen, set) else set(seen)
    if held:
        for card in held:
            if card not in excluded:
                excluded = {*excluded, *held}
                break
    barred: dict[Suit | None, int] = {}  # the hands that showed out of each suit
    if voids:
        # (as dicts by their type: the quicker look-ups when compiled)
        out_of = voids if isinstance(voids, dict) else dict(voids)
        for seat, bit in hand_bits:
            for out in out_of.get(seat, ()):
                barred[out] = barred.get(out, 0) | bit
    suits = suit_of if suit_of is None or isinstance(suit_of, dict) else dict(suit_of)
    cards: list[Card] = []
    classes: dict[int, tuple[Card, ...]] = {}
    if not barred:  # every unseen card may go anywhere: one class
        for card in pack:
            if card not in excluded:
                cards.append(card)
        if cards:
            classes[everywhere] = tuple(cards)
    else:
        # Each suit's group: the list of the places its cards may go to, shared by the suits
        # that go to the same places (so each group keeps the pack order).
        anywhere: list[Card] = []
        groups = {everywhere: anywhere}
        group_of = dict.fromkeys(_SUITS, anywhere)
        for shown_out, hands_out in barred.items():
            group = groups.setdefault(everywhere & ~hands_out, [])
            group_of[shown_out] = group
        for card in pack:
            if card not in excluded:
                cards.append(card)
                group_of[suits[card] if suits is not None else card.suit].append(card)
        for mask, group in groups.items():
            if group:
                classes[mask] = tuple(group)
    if held:  # last in the cards, so last in their classes too
        for card, holder in (held if isinstance(held, dict) else dict(held)).items():
            cards.append(card)
            suit = suits[card] if suits is not None else card.suit
            mask = holders.get(holder, 0)
            if suit in barred:
                mask &= everywhere & ~barred[suit]
            classes[mask] = (*classes.get(mask, ()), card)
    return cards, classes


def _place_bits(
    sizes: tuple[int, ...], hands: tuple[Seat, ...], owners: tuple[Seat | None, ...]
) -> _PlaceBits:
    """For :func:`_unseen_grouped` (kept with a deal layout): the places of nonzero size as
    bits (bit k: the k-th of them), each such hand's seat with its bit, and each seat's hand
    and owned fields as bits (read only)."""
    bit = 1
    everywhere = 0
    hand_bits: list[tuple[Seat, int]] = []
    holders: dict[Seat | None, int] = {}
    for index, size in enumerate(sizes):
        if not size:
            continue
        everywhere |= bit
        if index < len(hands):
            hand_bits.append((hands[index], bit))
            holders[hands[index]] = holders.get(hands[index], 0) | bit
        elif index < len(hands) + len(owners):
            owner = owners[index - len(hands)]
            holders[owner] = holders.get(owner, 0) | bit
        bit <<= 1
    return everywhere, tuple(hand_bits), holders


def _void_bits(
    cards: Sequence[Card],
    voids: Mapping[Seat, Collection[Suit]] | None,
    suit_of: Mapping[Card, Suit] | None,
    seats: Iterable[Seat],
) -> dict[Seat, int]:
    """For each of ``seats`` that showed out of a suit (``voids``; suits by ``suit_of``, default
    the printed suit), the positions in ``cards`` of the cards of those suits, as bits."""
    if not voids:
        return {}
    out = {seat: suits for seat in seats if (suits := voids.get(seat))}
    if not out:
        return {}
    # Each card's suit, from the last card to the first: one binary digit per card.
    backwards = list(map(suit_of.__getitem__ if suit_of is not None else _SUIT, reversed(cards)))
    found: dict[Seat, int] = {}
    for seat, suits in out.items():
        digits = dict.fromkeys(_SUITS, "0")
        digits.update(dict.fromkeys(suits, "1"))
        found[seat] = int("".join(map(digits.__getitem__, backwards)) or "0", 2)
    return found


def cards_seen(obj: object) -> set[Card]:
    """Every card that appears anywhere in ``obj`` (a view, an event, a state …): in its
    structs, tuples, lists, sets and dicts, keys included. Walked with a stack of the values
    still to look at, scalars skipped first (``determinize`` calls it on every view)."""
    found: set[Card] = set()
    stack = [obj]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is Card:
            found.add(value)  # type: ignore[arg-type]
        elif kind is tuple or kind is list:
            stack.extend(value)  # type: ignore[arg-type]
        elif kind in _SCALARS:
            continue
        elif isinstance(value, msgspec.Struct):
            stack.extend(astuple(value))
        elif isinstance(value, Card):
            found.add(value)
        elif isinstance(value, tuple | list | set | frozenset):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
    return found


def unseen_cards(pack: Iterable[Card], seen: Iterable[Card]) -> list[Card]:
    """The cards of ``pack`` (in pack order) that are not in ``seen``."""
    known = set(seen)
    return [card for card in pack if card not in known]


def deal_hidden(
    rng: Rng,
    unseen: Sequence[Card],
    sizes: Mapping[Seat, int],
    *,
    voids: Mapping[Seat, Collection[Suit]] | None = None,
    suit_of: Mapping[Card, Suit] | None = None,
    barred: Mapping[Seat, Collection[Card]] | None = None,
    rest: Sequence[Slot] = (),
    at_least: Mapping[Seat, Mapping[Suit, int]] | None = None,
) -> tuple[dict[Seat, tuple[Card, ...]], list[tuple[Card, ...]]]:
    """Deal the ``unseen`` cards at random into the hidden hands (``sizes``: cards per seat) and
    the other hidden places (``rest``: a discard, a stock …), uniformly among the deals that
    give no seat a card of a suit it showed out of (``voids``, suits by ``suit_of``, default the
    printed suit) or a card ``barred`` to it. Returns the hands by seat and the cards of each
    place of ``rest``; ``ValueError`` when no such deal exists
    (:func:`~trickcore.sampling.fill_slots`). :class:`HiddenDeal` with the same arguments
    prepares this deal once for many draws.

    ``at_least`` asks for at least so many cards of a suit in a seat's hand (an Apples bid of
    "four clubs" shows four clubs at least). Such deals are drawn by rejection, which keeps
    them exactly uniform, for up to :data:`AT_LEAST_TRIES` draws; when none of those fits, the
    minimum cards are placed first and the rest dealt as above, which always fits when a fit
    exists greedily but favours hands that just meet their minimums."""
    if at_least and any(count > 0 for counts in at_least.values() for count in counts.values()):
        return _deal_at_least(
            rng,
            unseen,
            sizes,
            voids=voids,
            suit_of=suit_of,
            barred=barred,
            rest=rest,
            at_least=at_least,
        )
    return _deal_hidden(rng, unseen, sizes, voids=voids, suit_of=suit_of, barred=barred, rest=rest)


AT_LEAST_TRIES = 64
"""Rejection draws :func:`deal_hidden` makes for ``at_least`` before placing minimums first."""


def _deal_at_least(
    rng: Rng,
    unseen: Sequence[Card],
    sizes: Mapping[Seat, int],
    *,
    voids: Mapping[Seat, Collection[Suit]] | None,
    suit_of: Mapping[Card, Suit] | None,
    barred: Mapping[Seat, Collection[Card]] | None,
    rest: Sequence[Slot],
    at_least: Mapping[Seat, Mapping[Suit, int]],
) -> tuple[dict[Seat, tuple[Card, ...]], list[tuple[Card, ...]]]:
    suit = suit_of.__getitem__ if suit_of is not None else (lambda card: card.suit)

    def fits(hands: Mapping[Seat, tuple[Card, ...]]) -> bool:
        return all(
            sum(suit(card) is wanted for card in hands[seat]) >= count
            for seat, counts in at_least.items()
            for wanted, count in counts.items()
        )

    # Prepared once for every rejection draw (each draw is what _deal_hidden would deal): the
    # preparation costs several draws, and a view that no deal fits runs all of them.
    deal = HiddenDeal(unseen, sizes, voids=voids, suit_of=suit_of, barred=barred, rest=rest)
    for _ in range(AT_LEAST_TRIES):
        hands, others = deal(rng)
        if fits(hands):
            return hands, others
    # Place each seat's minimum cards first (at random among the cards it may hold).
    shown_out = voids or {}
    barred = barred or {}
    left = list(rng.shuffled(unseen))
    placed: dict[Seat, list[Card]] = {seat: [] for seat in sizes}
    for seat, counts in at_least.items():
        for wanted, count in counts.items():
            for card in [
                card
                for card in left
                if suit(card) is wanted
                and wanted not in shown_out.get(seat, ())
                and card not in barred.get(seat, ())
            ][: max(0, count)]:
                placed[seat].append(card)
                left.remove(card)
    short = {seat: sizes[seat] - len(cards) for seat, cards in placed.items()}
    if any(room < 0 for room in short.values()):
        raise ValueError("the minimum cards of a suit do not fit the hands")
    hands, others = _deal_hidden(
        rng, left, short, voids=voids, suit_of=suit_of, barred=barred, rest=rest
    )
    full = {seat: rng.shuffled((*placed[seat], *hands[seat])) for seat in sizes}
    if not fits(full):
        raise ValueError("no way to deal the unseen cards that gives the minimums of a suit")
    return full, others


def _deal_hidden(
    rng: Rng,
    unseen: Sequence[Card],
    sizes: Mapping[Seat, int],
    *,
    voids: Mapping[Seat, Collection[Suit]] | None,
    suit_of: Mapping[Card, Suit] | None,
    barred: Mapping[Seat, Collection[Card]] | None,
    rest: Sequence[Slot],
) -> tuple[dict[Seat, tuple[Card, ...]], list[tuple[Card, ...]]]:
    return HiddenDeal(unseen, sizes, voids=voids, suit_of=suit_of, barred=barred, rest=rest)(rng)


class HiddenDeal:
    """:func:`deal_hidden` for one position, prepared once (the constraints gathered and counted
    by a :class:`~trickcore.sampling.SlotSampler`); each call deals from a stream exactly as
    ``deal_hidden`` with the same arguments would. For ``determinize`` in search bots, which
    draw many states from one view."""

    __slots__ = ("_seats", "_sampler")

    def __init__(
        self,
        unseen: Sequence[Card],
        sizes: Mapping[Seat, int],
        *,
        voids: Mapping[Seat, Collection[Suit]] | None = None,
        suit_of: Mapping[Card, Suit] | None = None,
        barred: Mapping[Seat, Collection[Card]] | None = None,
        rest: Sequence[Slot] = (),
    ) -> None:
        self._seats = tuple(sizes)
        everything = (1 << len(unseen)) - 1
        bars = _void_bits(unseen, voids, suit_of, self._seats)
        if barred:
            positions: dict[Card, int] = {}
            for index, card in enumerate(unseen):  # a card given twice: both positions
                positions[card] = positions.get(card, 0) | 1 << index
            for seat in self._seats:
                for card in barred.get(seat, ()):
                    bars[seat] = bars.get(seat, 0) | positions.get(card, 0)
        allowed: list[int | None] = [
            everything & ~bars[seat] if bars.get(seat) else None for seat in self._seats
        ]
        allowed += [None] * len(rest)
        # A place of ``rest`` without exclusions is given by its size alone (the quicker way).
        places = [slot if slot.excluded else slot.size for slot in rest]
        self._sampler = SlotSampler(unseen, [*sizes.values(), *places], allowed)

    def __call__(self, rng: Rng) -> tuple[dict[Seat, tuple[Card, ...]], list[tuple[Card, ...]]]:
        """The hands by seat and the cards of each place of ``rest``, drawn from ``rng``."""
        dealt = self._sampler(rng)
        seats = self._seats
        return dict(zip(seats, dealt, strict=False)), dealt[len(seats) :]

    def draw(self, rng: Rng) -> list[tuple[Card, ...]]:
        """The same deal as a call, as one list: the hands in the order of ``sizes``, then the
        places of ``rest`` (for a game's hot path: no dict to build)."""
        return self._sampler(rng)

    @property
    def sampler(self) -> Callable[[Rng], list[tuple[Card, ...]]]:
        """:meth:`draw` itself, without the call through this object: keep it for a game's
        hot path (a draw per search iteration)."""
        return self._sampler


T = TypeVar("T")


class LastView(Generic[V, T]):
    """``prepare(view)``, remembered for the last view it was given: a search bot calls
    ``determinize`` many times with the same view object, and what depends on the view only
    (a :class:`HiddenDeal`, the public part of the state) is then prepared once.

    The view is recognised by identity (views are frozen, so the same object always holds the
    same values) and kept alive with its result, so a new view is never taken for an old one.
    One entry, replaced in one assignment: safe to share between threads."""

    __slots__ = ("_prepare", "_last")

    def __init__(self, prepare: Callable[[V], T]) -> None:
        self._prepare = prepare
        self._last: tuple[V, T] | None = None

    def __call__(self, view: V) -> T:
        """What ``prepare`` makes of ``view``; prepared again only for another view."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1]
        prepared = self._prepare(view)
        self._last = (view, prepared)
        return prepared
