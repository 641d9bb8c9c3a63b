"""Seats ``0..n-1`` and a card enumeration per deck in the JSON Schema (issue 14, Deliver 1).

Every seat-valued field (:data:`trickcore.game.SeatField`) is bounded by the game's number of
players, the largest one in the plain document and that of the options in
``game_schema(factory, options=...)``; the schema and the readers (:func:`trickcore.schema.read`,
:func:`trickcore.replay.loads`) refuse the same out-of-range seats. A document for one deck
(Euchre's ``deck`` option, E2) lists exactly that deck's cards, refuses a card of another deck as
``read(..., options=...)`` does, and accepts everything the engine writes with that deck.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import msgspec
import pytest
from sweeps import sweep_slice
from test_cli import run as cli
from test_schema_agreement import GAMES, HOST, engine_objects, places, pool, same_verdict

from trickcore.errors import DecodeError
from trickcore.game import SEAT_MARK, SeatField
from trickcore.kit import SeatField as KitSeatField
from trickcore.reading import game_cards, game_packs, game_seats, seat_problem
from trickcore.replay import loads
from trickcore.schema import Part, game_schema, read

SEAT_FIELDS = frozenset(
    {"seat", "dealer", "turn", "maker", "partner", "declarer", "leader"}
    | {"alone", "pending", "sitting_out", "trick_seats", "seats"}
)
"""The fields that hold seats in the games' parts (Euchre's and All Fours' ``winner`` is a side,
Apples' and High card's a seat: see :func:`seat_fields`)."""

DECKS = (24, 32, 25)
"""Euchre's packs (E2)."""


def seat_fields(name: str) -> frozenset[str]:
    """Where a game writes seats: a player per side makes ``winner`` a seat."""
    factory = HOST.game_factory(name)
    game = factory(factory.options_type())
    each_for_themselves = len(game.sides) == game.seats
    return SEAT_FIELDS | {"winner"} if each_for_themselves else SEAT_FIELDS


def seat_places(name: str, value: Any) -> Iterator[tuple[Any, ...]]:
    """The paths of the integers in ``value`` that are seats (a seat field, or an item of a
    list of seats)."""
    fields = seat_fields(name)
    for path in places(value):
        holder = value
        for step in path:
            holder = holder[step]
        if type(holder) is not int:
            continue
        key = path[-1] if isinstance(path[-1], str) else path[-2]
        if key in fields and "outcome" not in path:  # an outcome's winner is a side
            yield path


def with_value(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    edited = copy.deepcopy(value)
    holder = edited
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return edited


# -- the kit's seat type -------------------------------------------------------------------------


def test_the_kit_exports_the_seat_type_of_the_core() -> None:
    assert KitSeatField is SeatField


def test_a_seat_field_decodes_seats_and_refuses_a_negative_one() -> None:
    class Sample(msgspec.Struct):
        dealer: SeatField | None
        order: tuple[SeatField, ...]

    assert msgspec.json.decode(b'{"dealer": 3, "order": [0, 1]}', type=Sample) == Sample(3, (0, 1))
    with pytest.raises(msgspec.ValidationError, match="dealer"):
        msgspec.json.decode(b'{"dealer": -1, "order": []}', type=Sample)
    with pytest.raises(msgspec.ValidationError, match="order"):
        msgspec.json.decode(b'{"dealer": null, "order": [-2]}', type=Sample)


def test_seat_problem_names_the_first_seat_beyond_the_table() -> None:
    class Sample(msgspec.Struct):
        dealer: SeatField | None
        order: tuple[SeatField, ...]
        score: int

    assert seat_problem(Sample(3, (0, 1), 9), 4) is None
    assert seat_problem(Sample(None, (1, 2), 9), 2) == "at $.order[1]: 2 is not a seat 0-1"
    assert seat_problem(Sample(4, (), 9), 4) == "at $.dealer: 4 is not a seat 0-3"


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_marks_no_seat_in_its_text_and_bounds_every_seat(name: str) -> None:
    document = game_schema(HOST.game_factory(name))
    text = json.dumps(document)
    assert f'"x-trickcore": "{SEAT_MARK}"' not in text  # the mark is replaced by the bounds
    last = game_seats(HOST.game_factory(name)) - 1
    assert f'"minimum": 0, "maximum": {last}' in text


# -- seats: the schema and the readers agree -------------------------------------------------------


@pytest.mark.slow_sweep
@pytest.mark.parametrize("name", GAMES)
def test_every_seat_the_engine_writes_is_bounded_by_schema_and_reader(name: str) -> None:
    """Each seat of every part the engine wrote, set one past the largest table or below 0, is
    refused by both; set to the last seat, accepted by both unless a documented semantic check
    is needed to refuse it (here none: the schema and the readers check types alone)."""
    seats = game_seats(HOST.game_factory(name))
    tried = 0
    for part, values in pool(name).items():
        for value in sweep_slice(values[:12], 4):
            for path in seat_places(name, value):
                tried += 1
                assert same_verdict(name, part, with_value(value, path, seats)) is False, path
                assert same_verdict(name, part, with_value(value, path, -1)) is False, path
                assert same_verdict(name, part, with_value(value, path, seats - 1)) is True, path
    assert tried > 20


@pytest.mark.parametrize(
    ("name", "part", "value"),
    [
        ("euchre", "action", {"type": "dealer", "seat": 4}),
        ("allfours", "action", {"type": "dealer", "seat": 4}),
        ("high-card", "action", {"type": "dealer", "seat": 4}),
    ],
)
def test_a_chance_draw_of_a_seat_beyond_the_table_is_refused(
    name: str, part: Part, value: dict[str, Any]
) -> None:
    assert same_verdict(name, part, value) is False
    assert same_verdict(name, part, {**value, "seat": 3}) is True


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_with_a_seat_beyond_the_table_is_refused_by_loads(name: str) -> None:
    replay = copy.deepcopy(pool(name)["replay"][0])
    replay["actions"].insert(0, {"type": "dealer", "seat": game_seats(HOST.game_factory(name))})
    assert same_verdict(name, "replay", replay) is False
    with pytest.raises(DecodeError, match="is not a seat"):
        loads(json.dumps(replay), host=HOST)


def test_a_saved_tables_forfeit_names_a_seat_of_the_table() -> None:
    table = copy.deepcopy(pool("euchre")["table"][0])
    forfeit = {"seat": 3, "bot": "random", "kind": "raised", "detail": "boom"}
    assert same_verdict("euchre", "table", {**table, "forfeit": forfeit}) is True
    assert same_verdict("euchre", "table", {**table, "forfeit": {**forfeit, "seat": 4}}) is False


def test_all_fours_for_two_bounds_seats_by_two() -> None:
    factory = HOST.game_factory("allfours")
    two = factory.options_type(players=2, single_hand=True)
    document = game_schema(factory, options=two, part="view")
    turn = document["properties"]["turn"]["anyOf"][0]
    assert (turn["minimum"], turn["maximum"]) == (0, 1)
    assert game_schema(factory, part="view")["properties"]["turn"]["anyOf"][0]["maximum"] == 3
    view = next(v for v in per_options_pool("allfours", two)["view"] if v["turn"] is not None)
    checker = jsonschema.Draft202012Validator(document)
    for seat, accepted in ((1, True), (2, False)):
        edited = {**view, "turn": seat}
        assert checker.is_valid(edited) is accepted
        assert reads(factory, "view", edited, two) is accepted


# -- one card enumeration per deck -----------------------------------------------------------------


def euchre_options(deck: int, *, single_hand: bool = False) -> Any:
    return HOST.game_factory("euchre").options_type(deck=deck, single_hand=single_hand)


def reads(factory: Any, part: Part, value: Any, options: Any) -> bool:
    try:
        read(factory, part, json.dumps(value), options=options)
    except DecodeError:
        return False
    return True


@functools.cache
def per_options_pool(name: str, options: Any) -> dict[Part, list[Any]]:
    found: dict[Part, list[Any]] = {}
    written = msgspec.to_builtins(options)
    for seed in range(2):
        for part, value in engine_objects(name, written, seed):
            found.setdefault(part, []).append(value)
    return found


def test_the_plain_document_names_each_decks_cards_and_keeps_their_union() -> None:
    factory = HOST.game_factory("euchre")
    defs = game_schema(factory)["$defs"]
    union = set(defs["EuchreCard"]["enum"])
    for deck in DECKS:
        pack = {card.value for card in factory(euchre_options(deck)).pack}
        assert set(defs[f"EuchreCard{deck}"]["enum"]) == pack
        assert f"--option deck={deck}" in defs[f"EuchreCard{deck}"]["description"]
        assert pack <= union
    assert union == {card.value for card in game_cards(factory)}
    assert [dict(chosen) for _, chosen in game_packs(factory)] == [
        {"deck": len(pack)} for pack, _ in game_packs(factory)
    ]


@pytest.mark.parametrize("name", ["allfours", "apples", "high-card"])
def test_a_game_with_one_pack_has_one_card_enumeration(name: str) -> None:
    defs = game_schema(HOST.game_factory(name))["$defs"]
    assert [key for key in defs if key.endswith(tuple("0123456789")) and "Card" in key] == []


@pytest.mark.parametrize("deck", DECKS)
def test_a_decks_document_has_its_cards_and_its_options(deck: int) -> None:
    factory = HOST.game_factory("euchre")
    options = euchre_options(deck)
    document = game_schema(factory, options=options)
    defs = document["$defs"]
    assert defs["EuchreCard"]["enum"] == [card.value for card in game_cards(factory, options)]
    assert len(defs["EuchreCard"]["enum"]) == deck
    assert not any(key.startswith("EuchreCard") and key != "EuchreCard" for key in defs)
    assert defs["EuchreOptions"]["properties"]["deck"]["const"] == deck
    assert document["$id"].endswith(
        "euchre.json" + ("?defaults" if deck == 24 else f"?deck={deck}")
    )


def test_a_document_for_given_options_has_an_id_of_its_own() -> None:
    """Issue 21.10: ``--option deck=24`` (the default pack) wrote the plain document's ``$id``
    with other content, so that Ajv refused to hold both."""
    factory = HOST.game_factory("euchre")
    documents = [game_schema(factory)] + [
        game_schema(factory, options=euchre_options(deck)) for deck in DECKS
    ]
    assert len({document["$id"] for document in documents}) == len(documents)
    for part in ("options", "action"):
        plain = game_schema(factory, part=part)["$id"]
        assert game_schema(factory, part=part, options=euchre_options(24))["$id"] != plain


@pytest.mark.parametrize("deck", DECKS)
def test_a_decks_document_and_read_refuse_a_card_of_another_deck(deck: int) -> None:
    factory = HOST.game_factory("euchre")
    options = euchre_options(deck)
    checker = jsonschema.Draft202012Validator(game_schema(factory, options=options, part="action"))
    mine = set(game_cards(factory, options))
    others = [card for card in game_cards(factory) if card not in mine]
    assert others
    for card in others:
        play = {"type": "play", "card": card.value}
        assert not checker.is_valid(play)
        assert not reads(factory, "action", play, options)
        assert same_verdict("euchre", "action", play) is True  # a card of Euchre, whatever deck
    play = {"type": "play", "card": next(iter(mine)).value}
    assert checker.is_valid(play)
    assert reads(factory, "action", play, options)


@pytest.mark.parametrize("deck", DECKS)
def test_a_decks_document_refuses_other_options(deck: int) -> None:
    factory = HOST.game_factory("euchre")
    options = euchre_options(deck, single_hand=True)
    checker = jsonschema.Draft202012Validator(game_schema(factory, options=options, part="replay"))
    replay = per_options_pool("euchre", options)["replay"][0]
    other = next(d for d in DECKS if d != deck)
    assert checker.is_valid(replay) and reads(factory, "replay", replay, options)
    edited = {**replay, "options": {**replay["options"], "deck": other}}
    assert not checker.is_valid(edited)
    assert not reads(factory, "replay", edited, options)


@pytest.mark.parametrize("deck", DECKS)
def test_the_engine_writes_no_card_outside_its_decks_document(deck: int) -> None:
    """A sweep over random games of one deck: every part the engine writes is valid under
    that deck's document (``jsonschema``) and read back by ``read(..., options=...)``."""
    factory = HOST.game_factory("euchre")
    options = euchre_options(deck, single_hand=True)
    written = msgspec.to_builtins(options)
    checkers = {
        part: jsonschema.Draft202012Validator(game_schema(factory, options=options, part=part))
        for part in ("options", "action", "view", "event", "state", "replay", "table")
    }
    checked = 0
    for seed in range(3):
        for part, value in engine_objects("euchre", written, seed):
            errors = [error.message for error in checkers[part].iter_errors(value)]
            assert errors == [], (part, value)
            if part not in ("view", "event"):  # read them a few times, not each
                assert reads(factory, part, value, options), (part, value)
            checked += 1
    assert checked > 500


def test_the_cli_writes_a_decks_document() -> None:
    result = cli("schema", "euchre", "--option", "deck=32", "--part", "action")
    assert result.exit_code == 0, result.output
    factory = HOST.game_factory("euchre")
    assert json.loads(result.stdout) == game_schema(
        factory, options=euchre_options(32), part="action"
    )
    assert "--option" in cli("schema", "--help").stdout
    refused = cli("schema", "euchre", "--option", "deck=33")
    assert refused.exit_code == 2
