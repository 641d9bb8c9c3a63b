"""trickcore.testing: the conformance kit passes on the registered games and bots, fails on
broken ones with an error naming the check, and reads action scripts for any game."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar

import msgspec
import pytest
from sweeps import FAST_SLICE, sweep_slice
from toygame import toy_host
from trickcore_example_game.game import PACK, HighCard, HighCardOptions

import trickcore
from trickcore import (
    CHANCE,
    BotSpec,
    Card,
    DrawDealer,
    InvalidStateError,
    Options,
    Rng,
    Shuffle,
    Suit,
    hookimpl,
)
from trickcore.testing import (
    CHECKS,
    ConformanceError,
    ScriptError,
    check_bot,
    check_game,
    option_combinations,
    parse_action,
    run_script,
    script,
    stacked_shuffle,
)
from trickcore_euchre.actions import Call, Discard, OrderUp, Pass, Play, WithPartner

DOCS = Path(__file__).resolve().parent.parent / "docs"
HOST = trickcore.default_host()


# -- the registered games and bots conform ---------------------------------------------------


@pytest.mark.slow_sweep
@pytest.mark.parametrize("name", sorted(HOST.games))
def test_every_registered_game_conforms_over_its_option_combinations(name: str) -> None:
    """Whole games; the fast slice of ``tests/sweeps.py`` plays 2 of the combinations and
    stops each game after 100 actions."""
    combinations = option_combinations(HOST.game_factory(name).options_type)
    if FAST_SLICE:
        played = sweep_slice(combinations, 2)
        assert check_game(name, options=played, max_actions=100) == len(played)
    else:
        assert check_game(name) == len(combinations)


# The search bots search for every move: tests/test_search_bots.py runs check_bot on them
# over single hands, which keeps this file fast.
SEARCH_BOTS = {"pimc", "ismcts"}


@pytest.mark.parametrize(
    ("bot", "game"),
    sorted(
        (bot.name, game)
        for game in HOST.games
        for bot in HOST.bots(game)
        if bot.name not in SEARCH_BOTS
    ),
)
def test_every_registered_bot_conforms_on_every_game_it_plays(bot: str, game: str) -> None:
    assert check_bot(bot, game, games=2) == 2


def test_the_toy_game_conforms_through_a_host_and_as_an_object() -> None:
    combinations = option_combinations(HighCard.options_type)
    # players 2, 3 and 4 (a small range: every value), target 5 and 1: all pairs of them
    assert len(combinations) == 3 * 2
    assert check_game("high-card", host=toy_host(), games=3) == 3 * len(combinations)
    assert check_game(HighCard(), games=2) == 2
    assert check_bot("toy-random", "high-card", host=toy_host(), games=2) == 2


def test_explicit_options_one_mapping_or_a_list() -> None:
    assert check_game("euchre", options={"deck": 32}, max_actions=40) == 1
    assert check_game("euchre", options=[{}, {"target": 1}], games=2, max_actions=40) == 4
    with pytest.raises(trickcore.OptionError):
        check_game("euchre", options={"deck": 33})
    with pytest.raises(TypeError, match="game name"):
        check_game(trickcore.load("euchre"), options={"deck": 32})


# -- option combinations ---------------------------------------------------------------------


def test_option_combinations_cover_every_pair_of_values() -> None:
    options_type = HOST.game_factory("euchre").options_type
    rows = option_combinations(options_type)
    assert rows[0] == {}  # the defaults first
    defaults = msgspec.to_builtins(options_type())
    full = [{**defaults, **row} for row in rows]
    values = {
        "deck": (24, 25, 32),
        "stick_the_dealer": (False, True),
        "who_may_go_alone": ("anyone", "maker_or_defenders", "makers", "maker", "nobody"),
        "lone_lead": ("lone_left", "dealer_left"),
        "lone_defender_bonus": (False, True),
        "single_hand": (False, True),
    }
    for (first, xs), (second, ys) in itertools.combinations(values.items(), 2):
        for x, y in itertools.product(xs, ys):
            assert any(row[first] == x and row[second] == y for row in full), (first, x, second, y)
    assert len(rows) < 2 * 3 * 5 * 2 * 2 * 2  # far fewer than the full product
    assert all(row["first_dealer"] is None for row in full)  # optional: the default only


class Sampler(Options, frozen=True):
    flag: bool = True
    size: Annotated[int, msgspec.Meta(ge=2, le=9)] = 5
    players: Annotated[int, msgspec.Meta(ge=2, le=4)] = 4
    free: int = 7
    mode: Suit = Suit.HEARTS
    seat: int | None = None


def test_option_values_come_from_the_types() -> None:
    rows = option_combinations(Sampler)
    assert rows[0] == {}
    assert {row.get("flag", True) for row in rows} == {True, False}
    assert {row.get("size", 5) for row in rows} == {5, 2, 9}  # the default and the bounds
    assert {row.get("players", 4) for row in rows} == {2, 3, 4}  # a small range: every value
    assert {row.get("mode", Suit.HEARTS) for row in rows} == set(Suit)
    assert all("free" not in row and "seat" not in row for row in rows)


def test_every_combination_is_the_full_product_defaults_first() -> None:
    rows = option_combinations(Sampler, combinations="every")
    assert rows[0] == {}
    keys = [tuple(sorted(row.items())) for row in rows]
    # flag, size (the default and the bounds), players (each of 2-4), mode
    assert len(set(keys)) == len(keys) == 2 * 3 * 3 * len(Suit)
    assert all(row in rows for row in option_combinations(Sampler))  # the pairs are among them
    euchre = HOST.game_factory("euchre").options_type
    # target (the default and 1), deck, stick_the_dealer, who_may_go_alone, lone_lead,
    # lone_defender_bonus, single_hand
    assert len(option_combinations(euchre, combinations="every")) == 2 * 3 * 2 * 5 * 2 * 2 * 2


def test_an_unknown_kind_of_combinations_is_refused() -> None:
    with pytest.raises(ValueError, match="'pairs', 'every'"):
        option_combinations(Sampler, combinations="all")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'pairs', 'every'"):
        check_game("high-card", host=toy_host(), combinations="all")  # type: ignore[arg-type]


class PickyOptions(HighCardOptions, frozen=True):
    long: bool = False


class PickyHighCard(HighCard):
    """High card with one more option that refuses the shortest game."""

    name: ClassVar[str] = "picky-high-card"
    options_type: ClassVar[type[Options]] = PickyOptions

    def __init__(self, options: PickyOptions | None = None) -> None:
        if options is not None and options.long and options.target == 1:
            raise trickcore.OptionError("a long game needs a target above 1")
        super().__init__(options)


class PickyPlugin:
    @hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        register(PickyHighCard)


def test_every_combination_is_played_but_those_the_game_refuses() -> None:
    host = trickcore.build_host(entry_points=False, plugins=[("picky", PickyPlugin())])
    rows = option_combinations(PickyOptions, combinations="every")
    assert len(rows) == 3 * 2 * 2  # players 2-4, target 5 or 1, long or not
    assert {(("long", True), ("target", 1)), (("long", True), ("players", 3))} <= {
        tuple(sorted(row.items())) for row in rows
    }
    played = check_game("picky-high-card", host=host, combinations="every", games=2)
    refused = [row for row in rows if row.get("long") and row.get("target") == 1]
    assert len(refused) == 3  # long with target 1 is refused, so skipped
    assert played == 2 * (len(rows) - len(refused))


def test_combinations_choose_the_options_so_they_need_a_name_and_no_options() -> None:
    with pytest.raises(TypeError, match="combinations="):
        check_game("euchre", options={"deck": 32}, combinations="every")
    with pytest.raises(TypeError, match="combinations="):
        check_game(HighCard(), combinations="every")


# -- broken games fail, naming the check -----------------------------------------------------


class Broken:
    """A real game with one promise broken by a subclass; everything else is delegated."""

    def __init__(self, inner: Any | None = None) -> None:
        self.inner = inner if inner is not None else trickcore.load("euchre")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


EuchreView = trickcore.load("euchre").view_type


class LeakyView(msgspec.Struct, frozen=True):
    own: EuchreView  # type: ignore[valid-type]
    next_seat: EuchreView  # type: ignore[valid-type]  # the next seat's whole view


class ViewLeaksAHand(Broken):
    view_type = LeakyView

    def view(self, state: Any, seat: int) -> LeakyView:
        return LeakyView(
            own=self.inner.view(state, seat),
            next_seat=self.inner.view(state, (seat + 1) % self.inner.seats),
        )

    def determinize(self, view: LeakyView, rng: Rng) -> Any:
        return self.inner.determinize(view.own, rng)


class DeterminizeIgnoresItsRng(Broken):
    def determinize(self, view: Any, rng: Rng) -> Any:
        return self.inner.determinize(view, Rng("always the same"))


class DeterminizeIgnoresVoids(Broken):
    """Deals the cards a seat cannot see at random among their places, whatever the play
    showed (sizes kept): a seat may get back a suit it showed out of."""

    def determinize(self, view: Any, rng: Rng) -> Any:
        state = self.inner.determinize(view, rng)
        seen = _card_texts(_plain(view))
        data = _plain(state)
        slots: list[tuple[Any, Any]] = []

        def walk(node: Any) -> None:
            items = enumerate(node) if isinstance(node, list) else node.items()
            for key, item in list(items):
                if isinstance(item, str) and item in ALL_CARDS and item not in seen:
                    slots.append((node, key))
                elif isinstance(item, (list, dict)):
                    walk(item)

        walk(data)
        cards = rng.shuffled([node[key] for node, key in slots])
        for (node, key), card in zip(slots, cards, strict=True):
            node[key] = card
        return msgspec.convert(data, self.inner.state_type)


ALL_CARDS = frozenset(card.value for card in Card)


def _plain(value: Any) -> Any:
    """``value`` as JSON values: dicts, lists, text, numbers."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _card_texts(node: Any) -> set[str]:
    if isinstance(node, str):
        return {node} if node in ALL_CARDS else set()
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return set().union(*map(_card_texts, items)) if items else set()


class EventsLeakAHand(Broken):
    apply_with_events = apply_with_all_events = None  # a game without them: events alone

    def events(self, *args: Any) -> tuple[Any, ...]:  # the seat comes last
        *transition, seat = args
        if seat is None:
            return tuple(self.inner.events(*transition, None))
        other = (seat + 1) % self.inner.seats
        return (*self.inner.events(*transition, seat), *self.inner.events(*transition, other))


class AllEventsDropTheDeal(Broken):
    """Tells every viewer of a shuffle nothing from apply_with_all_events (events tells)."""

    def apply_with_all_events(self, state: Any, action: Any) -> Any:
        after, told = self.inner.apply_with_all_events(state, action)
        if isinstance(action, trickcore.Shuffle):
            return after, trickcore.EventsBySeat(lambda seat: ())
        return after, told


class ValidateRefusesSeatThree(Broken):
    def validate(self, state: Any) -> None:
        if self.inner.actor(state) == 3:
            raise InvalidStateError("seat 3 may not act (a bug)")
        self.inner.validate(state)


class ApplyChangesItsInput(Broken):
    def apply(self, state: Any, action: Any) -> Any:
        after = self.inner.apply(state, action)
        for name in state.__struct_fields__:
            if getattr(state, name) != getattr(after, name):
                msgspec.structs.force_setattr(state, name, getattr(after, name))
                break
        return after


class NoLegalActionForSeatTwo(Broken):
    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        return () if self.inner.actor(state) == 2 else self.inner.legal_actions(state)


class ChanceIgnoresTheSeed(Broken):
    draws = itertools.count()

    def sample_chance(self, state: Any, rng: Rng) -> Any:
        return self.inner.sample_chance(state, Rng("own stream", next(self.draws)))


class StateTypeIsWrong(Broken):
    @property
    def state_type(self) -> Any:
        return self.inner.view_type


class ViewInventsACard(Broken):
    def view(self, state: Any, seat: int) -> Any:
        view = self.inner.view(state, seat)
        if view.hand:
            return msgspec.structs.replace(view, hand=(*view.hand, Card("2C")))
        return view


BROKEN_GAMES: list[tuple[Callable[[], Any], str, str]] = [
    (ViewLeaksAHand, "determinize", "view(determinize(view(S, "),
    (DeterminizeIgnoresItsRng, "determinize-varies", "determinizations of seat"),
    (DeterminizeIgnoresVoids, "validate", "determinized from seat"),
    (EventsLeakAHand, "events-leak", "which seat"),
    (AllEventsDropTheDeal, "apply-with-events", "and apply_with_all_events disagree"),
    (ValidateRefusesSeatThree, "validate", "refuses a reachable state: seat 3 may not act"),
    (ApplyChangesItsInput, "apply-pure", "changed its input"),
    (NoLegalActionForSeatTwo, "legal-actions", "seat 2 is to act but has no legal action"),
    (ChanceIgnoresTheSeed, "replay", "differs from what seed"),
    (StateTypeIsWrong, "round-trip", "the state does not decode"),
    (ViewInventsACard, "cards-accounted", "not in the state: 2C"),
]


@pytest.mark.parametrize(("broken", "check", "message"), BROKEN_GAMES)
def test_a_broken_game_fails_naming_the_check(
    broken: Callable[[], Any], check: str, message: str
) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(broken(), games=3, seed=11)
    error = caught.value
    assert error.check == check
    assert f"check {check!r} failed" in str(error) and message in str(error)
    assert error.game == "euchre" and error.options == {} and error.seed in (11, 12, 13)
    assert isinstance(error, AssertionError) and isinstance(error, trickcore.TrickcoreError)
    assert check in CHECKS


def test_a_failure_says_how_to_reproduce_it_and_does() -> None:
    with pytest.raises(ConformanceError) as first:
        check_game(EventsLeakAHand(), games=5, seed=40)
    error = first.value
    assert f"seed={error.seed}, games=1" in str(error)
    assert f"action {error.index}" in str(error) and error.index is not None
    with pytest.raises(ConformanceError) as again:
        check_game(EventsLeakAHand(), seed=error.seed, games=1)
    assert (again.value.check, again.value.index, again.value.seat) == (
        error.check,
        error.index,
        error.seat,
    )


def test_a_broken_registered_game_names_its_options_in_the_call_to_reproduce() -> None:
    class Plugin:
        @hookimpl
        def trickcore_register_games(self, register: Any) -> None:
            register(BrokenToy)

    class BrokenToy(HighCard):
        def legal_actions(self, state: Any) -> tuple[Any, ...]:
            legal = super().legal_actions(state)
            return legal[:0] if self.options.target == 1 and state.trick else legal

    host = trickcore.build_host(entry_points=False, plugins=[("broken", Plugin())], strict=True)
    with pytest.raises(ConformanceError) as caught:
        check_game("high-card", host=host)
    error = caught.value
    assert error.check == "legal-actions" and error.options == {"target": 1}
    assert "check_game('high-card', options={'target': 1}, host=..., seed=0" in str(error)


# -- broken bots fail, naming the check ------------------------------------------------------


class BotBase:
    description: ClassVar[str] = "a broken bot"
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, spec: BotSpec) -> None:
        self.rng = spec.rng


class IllegalBot(BotBase):
    name: ClassVar[str] = "illegal"

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return DrawDealer(seat=0)


class RaisingBot(BotBase):
    name: ClassVar[str] = "raising"

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        raise RuntimeError("out of ideas")


class ForgetfulBot(BotBase):
    """Draws from a stream shared by every instance: not reproducible from the seed."""

    name: ClassVar[str] = "forgetful"
    shared = Rng("shared by every game")

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return self.shared.choice(legal)


class BotPlugin:
    @hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        for bot in (IllegalBot, RaisingBot, ForgetfulBot):
            register(bot)


@pytest.mark.parametrize(
    ("bot", "check", "message"),
    [
        ("illegal", "bot-legal", "answered seat 0 deals first, which is not legal"),
        ("raising", "bot-raised", "raised RuntimeError: out of ideas"),
        ("forgetful", "bot-deterministic", "two games from the same seed differ at action"),
    ],
)
def test_a_broken_bot_fails_naming_the_check(bot: str, check: str, message: str) -> None:
    host = trickcore.build_host(plugins=[("broken-bots", BotPlugin())], strict=True)
    with pytest.raises(ConformanceError) as caught:
        check_bot(bot, "euchre", host=host, games=1)
    error = caught.value
    assert error.check == check and message in str(error)
    if check != "bot-deterministic":
        assert error.seat is not None and f"at seat {error.seat}" in str(error)
        assert '"hand":' in str(error)  # the view the bot was given


def test_a_bot_plays_every_seat_and_beside_random_seats() -> None:
    built: list[int] = []

    class Recorder(BotBase):
        name: ClassVar[str] = "recorder"

        def __init__(self, spec: BotSpec) -> None:
            built.append(spec.seat)

        def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
            return legal[0]

    class Plugin:
        @hookimpl
        def trickcore_register_bots(self, register: Any) -> None:
            register(Recorder)

    host = trickcore.build_host(plugins=[("recorder", Plugin())], strict=True)
    assert check_bot("recorder", "euchre", host=host, games=4) == 4
    everywhere, evens, odds = [0, 1, 2, 3], [0, 2], [1, 3]
    # each game is played twice; games 1 and 3 put random players in the other seats
    assert built == everywhere * 2 + evens * 2 + everywhere * 2 + odds * 2


# -- action scripts ---------------------------------------------------------------------------


def test_script_reads_any_game_from_its_action_union() -> None:
    game = trickcore.load("euchre")
    assert script(game, "0=order_up 3=discard:9H 1=play:QH pass call:S 2=QD") == [
        (0, OrderUp()),
        (3, Discard(card=Card("9H"))),
        (1, Play(card=Card("QH"))),
        (None, Pass()),
        (None, Call(suit=Suit.SPADES)),
        (2, Play(card=Card("QD"))),  # a bare value is the default tag's: play
    ]
    assert parse_action(game, "dealer:2") == DrawDealer(seat=2)
    assert parse_action(game, "shuffle:9C,TC") == Shuffle(order=(Card("9C"), Card("TC")))
    assert parse_action(game, "partner", aliases={"partner": "with_partner"}) == WithPartner()


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("bid:3", r"'bid:3' is not a euchre action; actions: alone, call, .*with_partner"),
        ("call", "call needs a value, as in call:VALUE"),
        ("call:X", "'X' is not a valid suit"),
        ("QX", "'QX' is not a valid card"),
        ("5=pass", "'5' is not a seat of euchre"),
    ],
)
def test_script_errors_are_clear(token: str, message: str) -> None:
    with pytest.raises(ScriptError, match=message):
        script(trickcore.load("euchre"), token)


def test_without_a_default_tag_a_bare_word_is_refused() -> None:
    with pytest.raises(ScriptError, match="not a euchre action"):
        parse_action(trickcore.load("euchre"), "QH", default=None)


DEALT = trickcore.cards("AS KS JS AH KH JH")
"""Dealt by seat 1: seat 0 gets AS JS KH, seat 1 KS AH JH (H3); the rest is the stock."""
ORDER = (*DEALT, *(card for card in PACK if card not in DEALT))


def _dealt_toy(**options: Any) -> tuple[Any, Any]:
    game = HighCard(HighCardOptions(**options))
    state = game.apply(game.initial_state(), DrawDealer(seat=1))
    return game, game.apply(state, Shuffle(order=ORDER))


def test_run_script_checks_the_seat_and_legality() -> None:
    game, state = _dealt_toy()  # seat 0 holds AS JS KH, seat 1 holds KS AH JH
    after = run_script(game, state, "0=AS 1=KS 0=KH 1=AH")
    assert [trick.winner for trick in after.tricks] == [0, 1] and game.actor(after) == 1
    with pytest.raises(ScriptError, match=r"step 1 \(0=play JS\): it is seat 1's turn, not"):
        run_script(game, state, "0=AS 0=JS")
    with pytest.raises(ScriptError, match=r"step 1 \(1=play AH\): not legal for seat 1; legal"):
        run_script(game, state, "0=AS 1=AH")
    with pytest.raises(trickcore.IllegalActionError):
        run_script(game, state, "0=AS 1=AH", check=False)
    game, state = _dealt_toy(target=1)
    with pytest.raises(ScriptError, match="the game is over"):
        run_script(game, state, "AS KS KH AH JH JS AS")


def test_run_script_takes_chance_steps_without_a_seat() -> None:
    game = HighCard()
    shuffle = ",".join(map(str, ORDER))
    state = run_script(game, game.initial_state(), f"dealer:0 shuffle:{shuffle} 1=AS")
    assert game.actor(state) == 0 and state.trick == (Card("AS"),)
    assert game.actor(game.initial_state()) is CHANCE
    with pytest.raises(ScriptError, match="it is chance's turn, not seat 0's"):
        run_script(game, game.initial_state(), "0=dealer:0")


# -- documentation ----------------------------------------------------------------------------


def test_the_conformance_kit_section_of_the_api_guide_runs() -> None:
    api = (DOCS / "api.md").read_text()
    section = api.split("## Conformance kit", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks, "docs/api.md has no example in its Conformance kit section"
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), {"__name__": "docs_example"})


def test_importing_the_kit_does_not_import_pytest() -> None:
    code = "import sys, trickcore.testing; print('pytest' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- stacked shuffles ---------------------------------------------------------------------------


def test_stacked_shuffle_deals_the_named_hands_and_kick() -> None:
    """E3: the stacked deck deals the named hands from the dealer's left and turns up the
    kick; the rest comes from the pack in pack order, so the same call gives the same deal."""
    game = trickcore.load("euchre", first_dealer=3)
    shuffle = stacked_shuffle(game, {1: "AS KS QS JS TS", 2: (Card("9H"),)}, dealer=3, kick="AH")
    assert shuffle == stacked_shuffle(
        game, {1: "AS KS QS JS TS", 2: [Card("9H")]}, dealer=3, kick="AH"
    )
    state = game.apply(game.initial_state(), shuffle)
    assert state.hands[1] == trickcore.cards("AS KS QS JS TS")
    assert state.hands[2][0] == Card("9H") and len(state.hands[2]) == 5
    assert state.up_card == Card("AH")
    game.validate(state)


def test_stacked_shuffle_for_the_example_game_and_its_errors() -> None:
    game = HighCard(HighCardOptions(players=3, first_dealer=0))
    shuffle = stacked_shuffle(game, {0: "AS KS QS"}, dealer=0, stock="JH")
    state = game.apply(game.initial_state(), shuffle)
    assert state.hands[0] == trickcore.cards("AS KS QS") and state.stock[0] == Card("JH")
    with pytest.raises(ValueError, match="more than once: AS"):
        stacked_shuffle(game, {0: "AS KS QS", 1: "AS"}, dealer=0)
    with pytest.raises(ValueError, match="not in the pack: 9S"):
        stacked_shuffle(game, {0: "9S"}, dealer=0)

    class NoSchedule:
        name = "no-schedule"

    with pytest.raises(TypeError, match="no-schedule declares no deal schedule"):
        stacked_shuffle(NoSchedule(), {0: "AS"}, dealer=0)  # type: ignore[arg-type]
