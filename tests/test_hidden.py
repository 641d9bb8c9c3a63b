"""Public and hidden parts of ``trickcore/kit/hidden.py``: views, back to states, cards seen.

The toy state below has every kind of part a rule book asks for: hands seen by their own seat
only (E10, F8, A10), the size of every hand (public), a card only the dealer sees (Euchre's
discard, E10), undealt cards nobody sees (E10), a dealer who may not see their own hand for a
while (E5), and a turn a view shows as ``None`` while chance acts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore.cards import Card, Suit, cards, standard_deck
from trickcore.kit.hidden import (
    Computed,
    OwnedBy,
    Projection,
    SeatPart,
    ShownWhile,
    cards_seen,
    deal_hidden,
    unseen_cards,
)
from trickcore.rng import Rng
from trickcore.sampling import Slot

DECK = standard_deck()


class ToyState(msgspec.Struct, frozen=True, kw_only=True):
    phase: str
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    played: tuple[Card, ...]
    discard: Card | None
    undealt: tuple[Card, ...]
    scores: dict[str, int] = {}


class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    phase: str
    dealer: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[Card, ...]
    discard: Card | None
    scores: dict[str, int] = {}


def view_like(
    name: str, *, drop: tuple[str, ...] = (), add: tuple[str, ...] = (), kw_only: bool = True
) -> type:
    """A struct type with ToyView's fields less ``drop``, plus ``add`` (typed ``object``)."""
    kept = [
        (field.name, field.type)
        for field in msgspec.structs.fields(ToyView)
        if field.name not in drop
    ]
    fields = [*kept, *((extra, object) for extra in add)]
    return msgspec.defstruct(name, fields, kw_only=kw_only, frozen=True)


def _sees_own_hand(state: ToyState, seat: int) -> bool:
    return not (state.phase == "call" and seat == state.dealer)  # as E5


HANDS = SeatPart("hands", own="hand", sizes="hand_sizes", shown=_sees_own_hand)
TURN = Computed(
    view=lambda state, seat: None if state.phase == "deal" else state.turn,
    state=lambda view: 0 if view.turn is None else view.turn,
)
PROJECTION: Projection[ToyState, ToyView] = Projection(
    ToyState,
    ToyView,
    per_seat=[HANDS],
    owned={"discard": lambda state: state.dealer},
    secret=["undealt"],
    computed={"turn": TURN},
)

STATE = ToyState(
    phase="play",
    dealer=1,
    turn=2,
    hands=(cards("AS KS"), cards("QH"), cards("2C 3C 4C"), ()),
    played=cards("9D TD"),
    discard=Card("JH"),
    undealt=cards("5S 6S 7S"),
    scores={"north": 3},
)
HIDDEN = {"hands": STATE.hands, "discard": STATE.discard, "undealt": STATE.undealt}


def test_public_fields_are_the_state_fields_not_hidden_or_computed() -> None:
    assert PROJECTION.public == ("phase", "dealer", "played", "discard", "scores")


@pytest.mark.parametrize("seat", range(4))
def test_a_view_shows_public_fields_own_hand_and_sizes(seat: int) -> None:
    view = PROJECTION.view(STATE, seat)
    assert isinstance(view, ToyView)
    assert view.seat == seat
    assert (view.phase, view.dealer, view.played, view.scores) == (
        STATE.phase,
        STATE.dealer,
        STATE.played,
        STATE.scores,
    )
    assert view.hand == STATE.hands[seat]
    assert view.hand_sizes == (2, 1, 3, 0)
    assert view.turn == 2


def test_an_owned_field_only_for_its_owner() -> None:
    """E10: the dealer's discard is seen by the dealer only."""
    assert PROJECTION.view(STATE, 1).discard == Card("JH")
    assert [PROJECTION.view(STATE, seat).discard for seat in (0, 2, 3)] == [None] * 3


def test_an_owned_field_with_no_owner_is_seen_by_nobody() -> None:
    projection: Projection[ToyState, ToyView] = Projection(
        ToyState,
        ToyView,
        per_seat=[HANDS],
        owned={"discard": lambda state: None},
        secret=["undealt"],
        computed={"turn": TURN},
    )
    assert [projection.view(STATE, seat).discard for seat in range(4)] == [None] * 4


def test_secret_and_other_hands_are_in_no_view() -> None:
    """E10: not other hands, not the undealt cards."""
    for seat in range(4):
        view = PROJECTION.view(STATE, seat)
        assert not hasattr(view, "undealt") and not hasattr(view, "hands")
        others = {card for other, hand in enumerate(STATE.hands) if other != seat for card in hand}
        assert not cards_seen(view) & (others | set(STATE.undealt))


def test_a_computed_field_is_computed_for_the_view() -> None:
    assert PROJECTION.view(STATE, 0).turn == 2
    dealing = msgspec.structs.replace(STATE, phase="deal")
    assert PROJECTION.view(dealing, 0).turn is None


def test_shown_hides_a_seats_own_hand_but_not_its_size() -> None:
    """E5: the dealer does not see their own hand while naming trump over a turned-up joker."""
    calling = msgspec.structs.replace(STATE, phase="call")
    assert PROJECTION.view(calling, 1).hand == ()
    assert PROJECTION.view(calling, 1).hand_sizes == (2, 1, 3, 0)
    assert [PROJECTION.view(calling, seat).hand for seat in (0, 2, 3)] == [
        STATE.hands[0],
        STATE.hands[2],
        STATE.hands[3],
    ]


def test_sizes_are_optional() -> None:
    bare = view_like("Bare", drop=("hand_sizes",))
    projection: Projection[ToyState, Any] = Projection(
        ToyState, bare, per_seat=[SeatPart("hands", own="hand")], secret=["undealt"]
    )
    view = projection.view(STATE, 2)
    assert view.hand == STATE.hands[2]
    assert view.discard == Card("JH")  # not owned here: public


def test_a_view_does_not_change_the_state() -> None:
    before = msgspec.json.encode(STATE)
    PROJECTION.view(STATE, 1)
    assert msgspec.json.encode(STATE) == before


# --- back to a state -----------------------------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_state_from_a_view_and_the_true_hidden_parts(seat: int) -> None:
    view = PROJECTION.view(STATE, seat)
    state = PROJECTION.state(view, **HIDDEN)
    assert state == STATE
    assert PROJECTION.view(state, seat) == view


def test_state_keeps_the_owners_field_from_the_view_when_not_given() -> None:
    """The dealer's view holds the discard; a state built from it keeps it."""
    view = PROJECTION.view(STATE, 1)
    state = PROJECTION.state(view, hands=STATE.hands, undealt=STATE.undealt)
    assert state.discard == Card("JH")
    view = PROJECTION.view(STATE, 0)
    assert PROJECTION.state(view, hands=STATE.hands, undealt=()).discard is None


def test_state_turns_a_computed_field_back() -> None:
    dealing = msgspec.structs.replace(STATE, phase="deal", turn=3)
    view = PROJECTION.view(dealing, 0)
    state = PROJECTION.state(view, **HIDDEN)
    assert state.turn == 0  # what Computed.state makes of None
    assert PROJECTION.view(state, 0) == view


def test_state_needs_every_hidden_part() -> None:
    with pytest.raises(TypeError, match="undealt"):
        PROJECTION.state(PROJECTION.view(STATE, 0), hands=STATE.hands)


@st.composite
def toy_states(draw: st.DrawFn) -> ToyState:
    shuffled = draw(st.permutations(DECK))
    sizes = draw(st.lists(st.integers(0, 6), min_size=4, max_size=4))
    at, hands = 0, []
    for size in sizes:
        hands.append(tuple(shuffled[at : at + size]))
        at += size
    played = tuple(shuffled[at : at + draw(st.integers(0, 4))])
    at += len(played)
    discard = draw(st.sampled_from([None, shuffled[at]]))
    return ToyState(
        phase=draw(st.sampled_from(["deal", "call", "play"])),
        dealer=draw(st.integers(0, 3)),
        turn=draw(st.integers(0, 3)),
        hands=tuple(hands),
        played=played,
        discard=discard,
        undealt=tuple(shuffled[at + 1 : at + 1 + draw(st.integers(0, 5))]),
    )


@given(toy_states(), st.integers(0, 3))
def test_view_of_state_of_view_is_the_view(state: ToyState, seat: int) -> None:
    """What determinize relies on: any state built from a view and hidden parts consistent with
    it — here the true ones — shows that seat the same view."""
    view = PROJECTION.view(state, seat)
    hidden = {"hands": state.hands, "discard": state.discard, "undealt": state.undealt}
    assert PROJECTION.view(PROJECTION.state(view, **hidden), seat) == view


@given(toy_states(), st.integers(0, 3), st.permutations(DECK))
def test_other_hidden_parts_of_the_same_sizes_show_the_same_view(
    state: ToyState, seat: int, other_cards: list[Card]
) -> None:
    view = PROJECTION.view(state, seat)
    own = set(view.hand) | set(view.played) | ({view.discard} - {None})
    spare = iter(card for card in other_cards if card not in own)
    hands = tuple(
        view.hand if other == seat and view.hand else tuple(next(spare) for _ in range(size))
        for other, size in enumerate(view.hand_sizes)
    )
    owned = {} if seat == view.dealer else {"discard": next(spare)}  # unseen by other seats
    state_again = PROJECTION.state(view, hands=hands, undealt=(next(spare),), **owned)
    assert PROJECTION.view(state_again, seat) == view


# --- the view type is checked when the projection is made ----------------------------------


def _projection(view_type: type, **parts: object) -> object:
    declared: dict[str, object] = {
        "per_seat": [HANDS],
        "owned": {"discard": lambda state: state.dealer},
        "secret": ["undealt"],
        "computed": {"turn": TURN},
    }
    declared.update(parts)
    return Projection(ToyState, view_type, **declared)  # type: ignore[arg-type]


def test_the_toy_view_type_is_accepted() -> None:
    assert isinstance(_projection(view_like("Same")), Projection)


@pytest.mark.parametrize(
    ("drop", "add", "problem"),
    [
        (("played",), (), r"missing \['played'\], extra \[\]"),  # a public field
        (("hand_sizes",), (), r"missing \['hand_sizes'\], extra \[\]"),  # a declared part
        (("seat",), (), r"missing \['seat'\], extra \[\]"),
        ((), ("undealt", "hands", "notes"), r"missing \[\], extra \['hands', 'notes', 'undealt'\]"),
        (("hand",), ("hands",), r"missing \['hand'\], extra \['hands'\]"),
    ],
)
def test_a_view_type_must_hold_exactly_the_public_fields_and_parts(
    drop: tuple[str, ...], add: tuple[str, ...], problem: str
) -> None:
    """Secret and other seats' parts (E10: other hands, the undealt cards) cannot be in a view
    type; a public field or a declared part cannot be left out of it."""
    with pytest.raises(
        TypeError,
        match=r"^Odd must hold exactly the public fields of ToyState "
        r"and the declared parts: " + problem,
    ):
        _projection(view_like("Odd", drop=drop, add=add))


@pytest.mark.parametrize(
    "parts",
    [
        {"per_seat": [SeatPart("cards", own="hand", sizes="hand_sizes")]},
        {"secret": ["undealt", "nope"]},
        {"owned": {"nope": lambda state: 0}},
        {"computed": {"turn": TURN, "nope": TURN}},
        {"owned": {"discard": OwnedBy("nope")}},
        {
            "computed": {
                "turn": Computed(view=ShownWhile("turn", "nope", frozenset()), state=TURN.state)
            }
        },
        {
            "computed": {
                "turn": Computed(view=ShownWhile("nope", "phase", frozenset()), state=TURN.state)
            }
        },
    ],
)
def test_parts_naming_unknown_state_fields_are_refused(parts: dict[str, object]) -> None:
    with pytest.raises(TypeError, match=r"ToyState has no fields \['(cards|nope)'\]"):
        _projection(ToyView, **parts)


# --- cards seen and unseen -----------------------------------------------------------------


def test_cards_seen_walks_structs_and_containers() -> None:
    view = PROJECTION.view(STATE, 1)
    assert cards_seen(view) == set(cards("QH 9D TD JH"))
    assert cards_seen(STATE) == set(cards("AS KS QH 2C 3C 4C 9D TD JH 5S 6S 7S"))
    assert cards_seen([Card("AS"), (Card("KS"), {Card("QS")}), frozenset({Card("JS")})]) == set(
        cards("AS KS QS JS")
    )
    assert cards_seen({"up": Card("9H"), "none": None, "n": 3, "text": "AS"}) == {Card("9H")}
    assert cards_seen(Card("JK")) == {Card("JK")}
    assert cards_seen(None) == set()


def test_cards_seen_includes_dict_keys() -> None:
    """A card used as a key (who played which card) is seen as much as one used as a value."""
    assert cards_seen({Card("AS"): 0, Card("KD"): [Card("2C")]}) == set(cards("AS KD 2C"))


def test_unseen_cards_keep_pack_order() -> None:
    assert unseen_cards(cards("AS KS QS JS TS"), cards("QS AS 2C")) == list(cards("KS JS TS"))
    assert unseen_cards(DECK, ()) == list(DECK)
    assert unseen_cards(DECK, cards_seen(STATE)) == [c for c in DECK if c not in cards_seen(STATE)]
    assert len(unseen_cards(DECK, cards_seen(STATE))) == 52 - 12


# --- deal_hidden ---------------------------------------------------------------------------

UNSEEN = cards("AS KS QS AH KH QH JD 9D")
# E2: with hearts trump the jack of diamonds counts as a heart (the left bower).
HEARTS_TRUMP = {card: card.suit for card in UNSEEN} | {Card("JD"): Suit.HEARTS}


def test_deal_hidden_gives_every_unseen_card_once_in_the_sizes() -> None:
    hands, rest = deal_hidden(Rng(1), UNSEEN, {1: 3, 3: 2}, rest=[Slot(2), Slot(1)])
    assert sorted(hands) == [1, 3] and [len(hands[1]), len(hands[3])] == [3, 2]
    assert [len(place) for place in rest] == [2, 1]
    dealt = [*hands[1], *hands[3], *rest[0], *rest[1]]
    assert Counter(dealt) == Counter(UNSEEN)


def test_deal_hidden_is_a_function_of_the_stream() -> None:
    first = deal_hidden(Rng(5, "view"), UNSEEN, {0: 4, 2: 4})
    assert deal_hidden(Rng(5, "view"), UNSEEN, {0: 4, 2: 4}) == first
    assert len({str(deal_hidden(Rng(seed), UNSEEN, {0: 4, 2: 4})) for seed in range(10)}) > 1


@pytest.mark.parametrize("seed", range(30))
def test_deal_hidden_honours_voids_by_the_effective_suit(seed: int) -> None:
    """E7: a seat that did not follow a heart lead holds no heart, the left bower included; a
    seat void in diamonds may still hold the left bower, which is no diamond (E2)."""
    hands, _ = deal_hidden(
        Rng(seed),
        UNSEEN,
        {1: 3, 2: 3, 3: 2},
        voids={1: {Suit.HEARTS}, 2: {Suit.DIAMONDS}},
        suit_of=HEARTS_TRUMP,
    )
    assert not set(hands[1]) & set(cards("AH KH QH JD"))
    assert Card("9D") not in hands[2]


def test_deal_hidden_without_suit_of_uses_the_printed_suit() -> None:
    seen_jd = {
        Card("JD") in deal_hidden(Rng(seed), UNSEEN, {1: 3, 2: 5}, voids={1: {Suit.HEARTS}})[0][1]
        for seed in range(40)
    }
    assert seen_jd == {True, False}  # JD is a diamond here: a heart void may hold it


@pytest.mark.parametrize("seed", range(30))
def test_deal_hidden_honours_barred_cards_and_rest_slots(seed: int) -> None:
    """E10: the dealer's discard is a hidden place of one card, which the dealer chose from
    their hand; the up-card it replaced is barred from every other seat's hand."""
    hands, (discard,) = deal_hidden(
        Rng(seed),
        UNSEEN,
        {0: 2, 1: 3, 2: 2},
        barred={0: cards("AS KS"), 1: cards("AS")},
        rest=[Slot(1, frozenset(cards("AS QS JD 9D")))],
    )
    assert not set(hands[0]) & set(cards("AS KS")) and Card("AS") not in hands[1]
    assert discard[0] in cards("KS AH KH QH")
    assert Card("AS") in hands[2]  # the only place left for it


def test_deal_hidden_is_uniform_enough_over_consistent_placements() -> None:
    """Every placement the constraints allow turns up, and none other, over many seeds: seat 1
    (void in spades) gets one card, seat 2 two, and a discard one, from AS KS AH KH."""
    unseen = cards("AS KS AH KH")
    allowed = set()
    for order in itertools.permutations(unseen):
        one, two, discard = frozenset(order[:1]), frozenset(order[1:3]), frozenset(order[3:])
        if all(card.suit is not Suit.SPADES for card in one):
            allowed.add((one, two, discard))
    assert len(allowed) == 6  # AH or KH to seat 1, then 3 ways to split the rest
    seen: Counter[tuple[frozenset[Card], ...]] = Counter()
    draws = 600
    for seed in range(draws):
        hands, (discard,) = deal_hidden(
            Rng(seed, "uniform"), unseen, {1: 1, 2: 2}, voids={1: {Suit.SPADES}}, rest=[Slot(1)]
        )
        seen[frozenset(hands[1]), frozenset(hands[2]), frozenset(discard)] += 1
    assert set(seen) == allowed
    assert all(draws / len(allowed) / 2 < n < draws / len(allowed) * 2 for n in seen.values())


@pytest.mark.parametrize(
    ("sizes", "kwargs"),
    [
        ({1: 3, 2: 3}, {}),  # 6 places for 8 cards
        ({1: 5, 2: 5}, {}),
        ({1: 5, 2: 3}, {"voids": {1: {Suit.SPADES, Suit.HEARTS}}}),  # 2 diamonds only for 5
        ({1: 4, 2: 4}, {"voids": {1: {Suit.SPADES}, 2: {Suit.SPADES}}}),  # spades nowhere
        ({1: 4, 2: 4}, {"barred": {1: cards("AS"), 2: cards("AS")}}),
        ({1: 4, 2: 3}, {"rest": [Slot(1, frozenset(UNSEEN))]}),
    ],
)
def test_deal_hidden_refuses_an_impossible_deal(sizes: dict[int, int], kwargs: Any) -> None:
    rng = Rng(3)
    before = rng.next_u64()
    rng = Rng(3)
    with pytest.raises(ValueError):
        deal_hidden(rng, UNSEEN, sizes, **kwargs)
    assert rng.next_u64() == before  # nothing was drawn


@given(
    st.lists(st.sampled_from(DECK), max_size=12, unique=True),
    st.data(),
)
def test_deal_hidden_is_a_partition_honouring_sizes_and_voids(
    unseen: list[Card], data: st.DataObject
) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(unseen)), min_size=3, max_size=3)))
    sizes = {1: cuts[0], 2: cuts[1] - cuts[0], 3: cuts[2] - cuts[1]}
    rest = [Slot(len(unseen) - cuts[2])]
    voids = {seat: data.draw(st.sets(st.sampled_from(list(Suit)), max_size=2)) for seat in sizes}
    try:
        hands, (stock,) = deal_hidden(
            Rng(data.draw(st.integers(0, 2**32))), unseen, sizes, voids=voids, rest=rest
        )
    except ValueError:
        # Impossible only when the cards of some suits outnumber the room of the places that
        # may hold any of them (Hall's condition: cards of one suit are interchangeable).
        assert any(
            sum(1 for card in unseen if card.suit in suits)
            > sum(size for s, size in sizes.items() if suits - voids[s]) + rest[0].size
            for suits in map(set, _suit_sets())
        )
        return
    assert Counter([*stock, *(card for hand in hands.values() for card in hand)]) == Counter(unseen)
    assert {seat: len(hand) for seat, hand in hands.items()} == sizes and len(stock) == rest[0].size
    for seat, hand in hands.items():
        assert not any(card.suit in voids[seat] for card in hand)


def _suit_sets() -> list[tuple[Suit, ...]]:
    suits = list(Suit)
    return [combo for n in range(1, 5) for combo in itertools.combinations(suits, n)]


def test_a_view_in_the_states_order_is_built_positionally_with_the_same_content() -> None:
    """The positional way of building views gives exactly what the keyword way gives, for
    every seat, with the hand hidden (E5) or not, the discard owned or not (E10)."""
    fast = Projection(
        ToyState,
        view_like("InOrder", kw_only=False),  # ToyView's fields, in the state's order
        per_seat=[HANDS],
        owned={"discard": lambda state: state.dealer},
        secret=["undealt"],
        computed={"turn": TURN},
    )
    assert fast.positional and not PROJECTION.positional  # ToyView is keyword-only
    shuffled_order = Projection(  # positional, but seat last: built the keyword way
        ToyState,
        view_like("OtherOrder", drop=("seat",), add=("seat",), kw_only=False),
        per_seat=[HANDS],
        owned={"discard": lambda state: state.dealer},
        secret=["undealt"],
        computed={"turn": TURN},
    )
    assert not shuffled_order.positional  # fields in another order: built by keyword
    for phase in ("call", "play", "deal"):
        state = msgspec.structs.replace(STATE, phase=phase)
        for seat in range(4):
            slow = msgspec.structs.asdict(PROJECTION.view(state, seat))
            assert msgspec.structs.asdict(fast.view(state, seat)) == slow
            assert msgspec.structs.asdict(shuffled_order.view(state, seat)) == slow


@pytest.mark.parametrize("shown_field", ["turn", "dealer"])
def test_declared_rules_give_the_views_their_functions_give(shown_field: str) -> None:
    """:class:`ShownWhile` and :class:`OwnedBy`, which a positional projection reads from the
    state's values instead of calling, give the same views as the same rules written as plain
    functions, built positionally and by keyword, for every seat, phase and dealer; called,
    they give what they declare."""
    acting = frozenset({"call", "play"})
    shown = ShownWhile(shown_field, "phase", acting)
    declared: dict[str, Any] = {
        "per_seat": [HANDS],
        "owned": {"discard": OwnedBy("dealer")},
        "secret": ["undealt"],
        "computed": {"turn": Computed(view=shown, state=TURN.state)},
    }
    written: dict[str, Any] = {
        **declared,
        "owned": {"discard": lambda state: state.dealer},
        "computed": {
            "turn": Computed(
                view=lambda state, seat: (
                    getattr(state, shown_field) if state.phase in acting else None
                ),
                state=TURN.state,
            )
        },
    }
    in_order = view_like("Declared", kw_only=False)
    fast = Projection(ToyState, in_order, **declared)
    keyword = Projection(ToyState, ToyView, **declared)
    plain = Projection(ToyState, in_order, **written)
    assert fast.positional and plain.positional and not keyword.positional
    for phase in ("call", "play", "deal"):
        for dealer in range(4):
            state = msgspec.structs.replace(STATE, phase=phase, dealer=dealer)
            for seat in range(4):
                expected = msgspec.structs.asdict(plain.view(state, seat))
                assert msgspec.structs.asdict(fast.view(state, seat)) == expected
                assert msgspec.structs.asdict(keyword.view(state, seat)) == expected
                assert expected["discard"] == (STATE.discard if seat == dealer else None)
            assert shown(state, 0) == (getattr(state, shown_field) if phase != "deal" else None)
            assert OwnedBy("dealer")(state) == dealer


@pytest.mark.parametrize("seat", range(4))
def test_blank_is_the_public_part_with_every_hidden_part_empty(seat: int) -> None:
    view = PROJECTION.view(STATE, seat)
    blank = PROJECTION.blank(view, 4)
    assert blank == PROJECTION.state(view, hands=((),) * 4, undealt=())
    assert blank.discard == (STATE.discard if seat == STATE.dealer else None)  # as shown


def test_blank_is_kept_for_the_last_view_object_only() -> None:
    """The same view object (and seat count) gives the same blank state; an equal view of
    another object, or another count, is built afresh and never mistaken for the last."""
    view = PROJECTION.view(STATE, 0)
    first = PROJECTION.blank(view, 4)
    assert PROJECTION.blank(view, 4) is first
    copy = msgspec.structs.replace(view)
    assert PROJECTION.blank(copy, 4) is not first
    assert PROJECTION.blank(copy, 4) == first
    assert PROJECTION.blank(copy, 3).hands == ((),) * 3
    other = msgspec.structs.replace(view, played=cards("9D"))
    assert PROJECTION.blank(other, 4).played == cards("9D")


@pytest.mark.parametrize("seat", range(4))
def test_skeleton_from_the_kept_blank_is_the_skeleton_built_afresh(seat: int) -> None:
    """A skeleton made after ``unseen_dealer`` kept the view's blank equals one made with
    nothing kept: the seat's own hand, a filler card per hidden card, the secret empty."""
    view = PROJECTION.view(STATE, seat)
    afresh = PROJECTION.skeleton(msgspec.structs.replace(view), 4, DECK[0])
    pack = [*itertools.chain(*STATE.hands), *STATE.played, Card("JH"), *STATE.undealt]
    secret = {"undealt": 3, "discard": int(seat != STATE.dealer)}
    PROJECTION.unseen_dealer(view, pack, secret=secret)
    kept = PROJECTION.skeleton(view, 4, DECK[0])
    assert kept == afresh
    assert kept.hands[seat] == STATE.hands[seat]
    assert [len(hand) for hand in kept.hands] == [len(hand) for hand in STATE.hands]
    assert kept.undealt == ()


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (cards("AS KS"), []),
        (cards("AS AS"), ["hand holds AS twice"]),
        ((Card("AS"), Card("JK")), ["hand holds JK, not of the pack"]),
        ([Card("AS"), Card("AS")], ["hand holds AS twice"]),  # not a tuple: checked all the same
    ],
)
def test_view_problems_name_cards_twice_or_not_of_the_pack(
    hand: tuple[Card, ...], expected: list[str]
) -> None:
    view = msgspec.structs.replace(PROJECTION.view(STATE, 0), hand=hand)
    assert PROJECTION.view_problems(view, 4, frozenset(DECK)) == expected
