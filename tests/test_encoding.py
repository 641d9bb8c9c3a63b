"""Action and view encodings (issue 13, Deliver 1): fixed, versioned, pure Python.

Every legal action met in random games of every registered game (at option combinations that
play every option value) encodes and decodes back, distinct actions get distinct indices, and
every view encodes to the same length with every entry in [0, 1].
"""

from __future__ import annotations

import doctest
import enum
import functools
import subprocess
import sys
from array import array
from typing import Annotated, Any, Literal

import msgspec
import pytest
from msgspec import Meta

import trickcore
import trickcore.encoding
import trickcore.encoding.actions
import trickcore.encoding.views
from trickcore import CHANCE, Action, Card, DrawDealer, Rng, Shuffle, Suit
from trickcore.encoding import (
    ActionEncoding,
    EncodingError,
    LayoutBuilder,
    Part,
    ViewEncoding,
    ViewLayout,
    action_encoding,
    default_view_encoding,
    derive_action_encoding,
    encodings,
    view_encoding,
)
from trickcore.kit.seating import Seating
from trickcore.testing import option_combinations
from trickcore_euchre.actions import Pass, Play

HOST = trickcore.default_host()
GAMES = sorted(HOST.games)


def every_value_once(name: str) -> list[dict[str, Any]]:
    """Option combinations of ``name`` that the game accepts and that play every value of every
    option at least once (a cover taken greedily from the all-pairs rows)."""
    rows = []
    for options in option_combinations(HOST.game_factory(name).options_type):
        try:
            HOST.load(name, **options)
        except trickcore.OptionError:
            continue
        rows.append(options)
    wanted = {(key, repr(value)) for row in rows for key, value in row.items()}
    chosen = [rows[0]]  # the defaults
    while wanted:
        best = max(rows, key=lambda row: len(wanted & {(k, repr(v)) for k, v in row.items()}))
        wanted -= {(key, repr(value)) for key, value in best.items()}
        chosen.append(best)
    return chosen


CASES = [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for name in GAMES
    for options in every_value_once(name)
]


def random_states(game: trickcore.AnyGame, seed: int) -> list[Any]:
    """Every state of one random game at which a seat acts."""
    rng, state, states = Rng(seed, "encoding test"), game.initial_state(), []
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        states.append(state)
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.below(len(legal))])
    states.append(state)
    return states


# -- derived action encodings ------------------------------------------------------------


@pytest.mark.parametrize(("deck", "size"), [(24, 56), (32, 72), (25, 58)])
def test_euchre_numbers_its_actions_as_the_issue_counts(deck: int, size: int) -> None:
    """Pass, order up, call (4 suits), discard (a card), alone, with partner, play (a card)."""
    game = trickcore.load("euchre", deck=deck)
    encoding = action_encoding(game)
    assert encoding.size == size == 8 + 2 * len(game.pack)  # type: ignore[attr-defined]
    kinds = [type(action).__name__ for action in encoding.actions]
    assert kinds[:6] == ["Pass", "OrderUp", "Call", "Call", "Call", "Call"]
    assert encoding.version == trickcore.encoding.DERIVED_ACTION_VERSION


@pytest.mark.parametrize(
    ("name", "options", "size"),
    [
        ("allfours", {}, 4 + 52),  # stand, beg, give one, run the pack, play
        ("allfours", {"players": 2}, 4 + 52),
        ("apples", {}, 1 + 13 * 4 + 3 * 52),  # pass, bid (number x suit), give, target, play
    ],
)
def test_the_other_games_number_their_actions(
    name: str, options: dict[str, Any], size: int
) -> None:
    assert action_encoding(trickcore.load(name, **options)).size == size


def test_chance_actions_are_not_numbered() -> None:
    for name in GAMES:
        actions = action_encoding(HOST.load(name)).actions
        assert not any(isinstance(action, DrawDealer | Shuffle) for action in actions)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_legal_action_encodes_and_decodes_back(name: str, options: dict[str, Any]) -> None:
    game = HOST.load(name, **options)
    encoding = action_encoding(game)
    met = 0
    for seed in range(3):
        for state in random_states(game, seed)[:-1]:
            legal = game.legal_actions(state)
            indices = encoding.indices(legal)
            assert len(set(indices)) == len(legal), "distinct legal actions share an index"
            assert all(0 <= index < encoding.size for index in indices)
            assert [encoding.action(index) for index in indices] == list(legal)
            mask = encoding.mask(legal)
            assert len(mask) == encoding.size
            assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)
            met += len(legal)
    assert met > 0


def test_every_numbered_action_has_its_own_index() -> None:
    for name in GAMES:
        encoding = action_encoding(HOST.load(name))
        assert len(set(encoding.actions)) == encoding.size
        assert [encoding.index(action) for action in encoding.actions] == list(range(encoding.size))


def test_an_action_outside_the_encoding_is_refused() -> None:
    encoding = action_encoding(trickcore.load("euchre"))  # 24 cards: no sevens
    with pytest.raises(EncodingError, match="not an action of this encoding"):
        encoding.index(Play(card=Card("7H")))
    with pytest.raises(EncodingError, match="not an action of this encoding"):
        encoding.index(DrawDealer(seat=0))
    with pytest.raises(EncodingError, match="action indices are 0-55, not 56"):
        encoding.action(56)
    with pytest.raises(EncodingError, match="action indices are 0-55, not -1"):
        encoding.action(-1)
    with pytest.raises(EncodingError, match="an action index is an integer"):
        encoding.action("3")  # type: ignore[arg-type]


def test_an_index_may_be_any_integer_like_value() -> None:
    class Index:
        def __index__(self) -> int:
            return 2

    encoding = action_encoding(trickcore.load("euchre"))
    assert encoding.action(Index()) == encoding.actions[2]  # type: ignore[arg-type]


def test_an_action_listed_twice_is_refused() -> None:
    with pytest.raises(EncodingError, match="listed twice"):
        ActionEncoding((Pass(), Pass()), version=1)


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


class Name(Action, frozen=True, tag="name"):
    suit: Suit | None
    colour: Colour
    level: Annotated[int, Meta(ge=2, le=4)]
    loud: bool
    style: Literal["plain", "fancy"]


class Count(Action, frozen=True, tag="count"):
    number: int


def test_the_derivation_takes_every_kind_of_field_in_declaration_order() -> None:
    encoding = derive_action_encoding(DrawDealer | Name, pack=())
    assert encoding.size == 5 * 2 * 3 * 2 * 2
    assert encoding.actions[0] == Name(
        suit=None, colour=Colour.RED, level=2, loud=False, style="plain"
    )
    assert encoding.actions[1] == Name(
        suit=None, colour=Colour.RED, level=2, loud=False, style="fancy"
    )
    assert encoding.actions[-1] == Name(
        suit=Suit.SPADES, colour=Colour.BLACK, level=4, loud=True, style="fancy"
    )


def test_a_field_whose_values_cannot_be_listed_is_named() -> None:
    with pytest.raises(EncodingError, match=r"Count\.number .*supply its own action_encoding"):
        derive_action_encoding(Count)


def test_a_game_may_supply_its_own_action_encoding() -> None:
    game = trickcore.load("euchre")

    class Compact:
        name = "compact"
        action_type = game.action_type
        view_type = game.view_type
        pack = game.pack  # type: ignore[attr-defined]

        def action_encoding(self) -> ActionEncoding[Any]:
            return ActionEncoding(action_encoding(game).actions[:10], version=7)

    found = encodings(Compact())  # type: ignore[arg-type]
    assert found.action.size == 10
    assert found.version == "7.1"
    assert found.name == "compact_v7.1"


# -- view encodings -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_view_encodes_to_one_length_within_bounds(name: str, options: dict[str, Any]) -> None:
    game = HOST.load(name, **options)
    encoding = view_encoding(game)
    assert encoding.size > 0
    for state in random_states(game, seed=0):  # a whole game: every phase, to the end
        for seat in range(game.seats):
            vector = encoding.encode(game.view(state, seat))
            assert len(vector) == encoding.size
            assert all(type(value) is float and 0.0 <= value <= 1.0 for value in vector), [
                (label, value)
                for label, value in zip(encoding.names, vector, strict=True)  # type: ignore[attr-defined]
                if not 0.0 <= value <= 1.0
            ]


@pytest.mark.parametrize("name", ["euchre", "allfours", "apples"])
def test_the_built_in_games_have_their_own_view_encoding(name: str) -> None:
    game = trickcore.load(name)
    assert isinstance(game, trickcore.encoding.ViewEncoded)
    encoding = view_encoding(game)
    assert encoding.version == 1
    assert len(encoding.names) == encoding.size  # type: ignore[attr-defined]
    assert encoding.names[: len(game.pack)] == tuple(  # type: ignore[attr-defined]
        f"hand:{card}"
        for card in game.pack  # type: ignore[attr-defined]
    )


def test_euchre_encodes_the_hand_trump_and_scores_of_the_viewer() -> None:
    game = trickcore.load("euchre", target=5, first_dealer=0)
    encoding = view_encoding(game)
    state = game.initial_state()
    rng = Rng(3, "euchre encoding")
    while state.phase.value != "play":
        legal = game.legal_actions(state) or (game.sample_chance(state, rng),)
        state = game.apply(state, legal[-1])  # order up, not pass: a hand is played
    state = msgspec.structs.replace(state, scores=(3, 9))
    parts = encoding.part_slices()  # type: ignore[attr-defined]
    for seat in range(4):
        view = game.view(state, seat)
        vector = encoding.encode(view)
        hand = [card for card, bit in zip(game.pack, vector[parts["hand"]], strict=True) if bit]  # type: ignore[attr-defined]
        assert sorted(hand, key=str) == sorted(view.hand, key=str)
        trump = vector[parts["trump"]]
        assert trump[list(Suit).index(view.trump)] == 1.0 and sum(trump) == 1.0
        own, other = (3, 9) if seat % 2 == 0 else (9, 3)
        assert vector[parts["scores"]] == [min(own / 5, 1.0), min(other / 5, 1.0)]
        dealer = vector[parts["dealer"]]  # seat 0 deals: relative to the viewer
        assert dealer.index(1.0) == (0 - seat) % 4


def test_apples_scales_negative_scores_from_minus_the_target() -> None:
    game = trickcore.load("apples", target=100)
    encoding = view_encoding(game)
    state = msgspec.structs.replace(game.initial_state(), scores=(-100, -50, 0, 250))
    vector = encoding.encode(game.view(state, 1))
    assert vector[encoding.part_slices()["scores"]] == [0.25, 0.5, 1.0, 0.0]  # type: ignore[attr-defined]


def test_the_layout_builder_writes_seats_relative_to_the_viewer() -> None:
    class Toy(msgspec.Struct, frozen=True):
        seat: int
        dealer: int | None
        out: tuple[int, ...]
        scores: tuple[int, int]
        played: tuple[tuple[int, Card], ...]

    build: LayoutBuilder[Toy] = LayoutBuilder(Seating(4, sides=2), viewer=lambda toy: toy.seat)
    build.seat("dealer", lambda toy: toy.dealer)
    build.seat_flags("out", lambda toy: toy.out)
    build.side_numbers("scores", lambda toy: toy.scores, top=10)
    build.seat_cards("played", (Card("AS"), Card("KS")), lambda toy: toy.played)
    build.number("clipped", lambda toy: 99, top=10)
    layout = build.build(version=3)
    toy = Toy(seat=1, dealer=0, out=(3,), scores=(4, 12), played=((2, Card("KS")),))
    assert layout.encode(toy) == [
        *(0.0, 0.0, 0.0, 1.0),  # the dealer, seat 0, is three seats after seat 1
        *(0.0, 0.0, 1.0, 0.0),  # seat 3 is two seats after seat 1
        *(1.0, 0.4),  # side 1 (the viewer's) first, clipped to 1
        *(0, 0, 0, 1, 0, 0, 0, 0),  # seat 2 (the next seat) played KS
        1.0,
    ]
    assert layout.names[0] == "dealer:self" and layout.version == 3
    nothing = layout.encode(Toy(seat=0, dealer=None, out=(), scores=(0, 0), played=()))
    assert nothing == [0.0] * (layout.size - 1) + [1.0]  # None and empty parts are zeros


@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_builders_parts_encode_alike_called_directly_or_as_writers(
    name: str, options: dict[str, Any]
) -> None:
    """A layout of the builder's parts writes them through their ``write`` methods with the
    viewer asked once; the same parts as plain :data:`Writer` calls (each asking the viewer
    itself, as a layout with a part of another kind calls them) give the same vectors."""
    game = HOST.load(name, **options)
    layout = view_encoding(game)
    assert isinstance(layout, ViewLayout)
    as_writers = ViewLayout(
        [
            Part(name=part.name, labels=part.labels, write=functools.partial(part.write))
            for part in layout.parts
        ],
        version=layout.version,
    )
    for state in random_states(game, seed=1):
        for seat in range(game.seats):
            view = game.view(state, seat)
            assert layout.encode(view) == as_writers.encode(view)
            vector = array("f", bytes(4 * layout.size))
            layout.encode_into(view, vector)
            assert list(vector) == pytest.approx(as_writers.encode(view))


def test_a_plugin_may_subclass_the_builder_and_the_layout_in_either_build() -> None:
    """The compiled build compiles both classes; a game plugin's subclass of them (interpreted)
    works there as in the pure build."""

    class Doubled(ViewLayout[Any]):
        def encode(self, view: Any) -> list[float]:
            return [value / 2 for value in super().encode(view)]

    class Builder(LayoutBuilder[Any]):
        def always(self, name: str) -> None:  # a part helper of the plugin's own
            self.flag(name, lambda view: True)

        def build(self, *, version: int) -> ViewLayout[Any]:
            return Doubled(self._parts, version=version)

    build = Builder(Seating(2), viewer=lambda view: 0)
    build.always("on")
    build.flag("off", lambda view: False)
    layout = build.build(version=2)
    assert isinstance(layout, Doubled) and layout.names == ("on:", "off:")
    assert layout.encode(None) == [0.5, 0.0]
    assert isinstance(layout, ViewEncoding)


def test_a_layout_refuses_parts_of_the_wrong_width_and_bad_scales() -> None:
    build: LayoutBuilder[Any] = LayoutBuilder(Seating(2), viewer=lambda view: 0)
    build.part("pair", ("a", "b"), lambda view: [0.5])
    with pytest.raises(EncodingError, match="part 'pair' gave 1 values, not 2"):
        build.build(version=1).encode(None)
    with pytest.raises(EncodingError, match="greater top"):
        build.number("n", lambda view: 1, top=0)
    build.flag("pair", lambda view: True)
    with pytest.raises(EncodingError, match="distinct names"):
        build.build(version=1)


def test_a_game_without_its_own_view_encoding_gets_the_default() -> None:
    game = HOST.load("high-card") if "high-card" in GAMES else None
    if game is None:
        pytest.skip("the example game (high-card) is not installed")
    assert not isinstance(game, trickcore.encoding.ViewEncoded)
    encoding = view_encoding(game)
    assert encoding.version == trickcore.encoding.DEFAULT_VIEW_VERSION
    parts = [part.name for part in encoding.parts]  # type: ignore[attr-defined]
    assert parts == ["phase", "trick", "tricks", "hand"]  # the fields that can be listed, in order
    assert encoding.size == 4 + 3 * 16


def test_a_view_type_with_nothing_to_encode_is_refused() -> None:
    class Bare(msgspec.Struct):
        note: str

    with pytest.raises(EncodingError, match="Bare has no field that can be encoded"):
        default_view_encoding(Bare, ())


def test_the_encodings_name_their_versions() -> None:
    found = encodings(trickcore.load("euchre"))
    assert (found.version, found.name) == ("1.1", "euchre_v1.1")


# -- no numpy, and the docstrings ---------------------------------------------------------


def python_prints(code: str) -> str:
    """What ``code`` prints when run by a fresh Python (nothing imported before it)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_the_encodings_import_no_numpy() -> None:
    code = (
        "import sys, trickcore, trickcore.encoding; "
        "trickcore.encoding.encodings(trickcore.load('euchre')); "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium', 'trickcore.rl') "
        "if m in sys.modules))"
    )
    assert python_prints(code).strip() == "[]"


@pytest.mark.parametrize(
    "module",
    [trickcore.encoding, trickcore.encoding.actions, trickcore.encoding.views],
    ids=lambda module: module.__name__,
)
def test_the_encoding_docstring_examples_run(module: Any) -> None:
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert results.failed == 0
