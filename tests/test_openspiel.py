"""trickcore games as OpenSpiel games (issue 13, Deliver 3; the openspiel extra).

OpenSpiel's own ``random_sim_test`` passes for every registered game that bounds its length;
histories stay within ``max_game_length``; games and states serialize and come back; a
resampled state keeps the seat's information state while the hidden cards vary; a shuffle is
dealt uniformly over the orders (chi-square on a 9-card toy game); OpenSpiel's Python ISMCTS
bot plays a hand of Euchre.
"""

from __future__ import annotations

import doctest
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import pytest
from sweeps import sweep_size
from trickcore_example_game.game import POLICY, PROJECTION, HighCard, HighCardOptions, Phase

import trickcore
from trickcore import build_host, hookimpl, kit
from trickcore.cards import cards

if os.environ.get("CI") == "true" and sys.version_info >= (3, 11):  # CI installs the extra
    import numpy as np
    import pyspiel
else:  # open_spiel 2.0.2 publishes no wheel for Python 3.10
    np = pytest.importorskip("numpy", reason="the openspiel extra is not installed")
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts

import trickcore.openspiel as tos

GAMES = tuple(trickcore.default_host().games)
"""Every registered game."""


def bounded(name: str) -> bool:
    """Whether the game bounds its length with the OpenSpiel defaults (``single_hand``)."""
    factory = trickcore.default_host().game_factory(name)
    game = factory(tos.bridge._options(factory, {}))
    return isinstance(game, tos.LengthBounded) and game.most_actions() is not None


CAP = 600
"""The cap on the length of a game that gives no bound of its own (a redeal can follow a
redeal: All Fours when the pack runs out, F3; Apples after four passes, A3)."""
CASES = [(name, {} if bounded(name) else {tos.MAX_LENGTH: CAP}) for name in GAMES] + [
    ("euchre", {"deck": 32}),
    ("euchre", {"deck": 25}),
]


def random_history(game: Any, rng: np.random.RandomState) -> Any:
    """A state played to the end at random (chance by its probabilities)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {tos.short_name(name) for name in GAMES} <= registered
    assert "trickcore_euchre" in registered
    assert bounded("euchre")


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("trickcore_euchre", {"deck": 32, "stick_the_dealer": True})
    assert game.trickcore_game.options.deck == 32
    assert game.trickcore_game.options.stick_the_dealer
    assert game.trickcore_game.options.single_hand  # OpenSpiel's default: one hand
    spec = game.get_type().parameter_specification
    assert spec["first_dealer"] == "null" and spec["single_hand"] is True
    assert game.num_distinct_actions() == 72  # the action encoding (issue 13: 72 for 32 cards)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_loads_with_its_defaults(name: str) -> None:
    """Issue 21.6: ``pyspiel.load_game`` with no parameters loads every registered game (All
    Fours and Apples failed, asking for ``single_hand``, which was already true)."""
    game = pyspiel.load_game(tos.short_name(name))
    factory = trickcore.default_host().game_factory(name)
    own = factory(tos.bridge._options(factory, {})).most_actions() if bounded(name) else None
    assert game.max_game_length() == (own or tos.DEFAULT_MAX_LENGTH)
    assert game.get_type().parameter_specification[tos.MAX_LENGTH] == 0
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", [name for name in GAMES if not bounded(name)])
def test_the_default_cap_is_far_beyond_random_play(name: str) -> None:
    """The default cap is reached with vanishing probability: random games with the defaults
    end by the rules, far below it (and so never as a draw at the cap)."""
    game = pyspiel.load_game(tos.short_name(name))
    rng = np.random.RandomState(21)
    states = [random_history(game, rng) for _ in range(40)]
    assert all(state.trickcore_state.phase.value == "over" for state in states)
    assert 100 * max(len(state.history()) for state in states) < tos.DEFAULT_MAX_LENGTH


def test_several_hands_load_with_the_default_cap() -> None:
    game = pyspiel.load_game("trickcore_euchre", {"single_hand": False})
    assert game.max_game_length() == tos.DEFAULT_MAX_LENGTH
    state = random_history(game, np.random.RandomState(3))
    assert state.trickcore_state.phase.value == "over"
    assert sorted(state.returns()) != [0.0] * 4


@pytest.mark.parametrize("cap", [-1, -600])
def test_a_bad_cap_is_refused_naming_only_what_helps(cap: object) -> None:
    with pytest.raises(trickcore.errors.OptionError) as refused:
        pyspiel.load_game("trickcore_apples", {tos.MAX_LENGTH: cap})
    message = str(refused.value)
    assert tos.MAX_LENGTH in message and ">= 0" in message
    assert "single_hand" not in message


def test_a_capped_game_ends_as_a_draw_at_the_cap() -> None:
    game = pyspiel.load_game("trickcore_euchre", {"single_hand": False, tos.MAX_LENGTH: 40})
    assert game.max_game_length() == 40
    state = random_history(game, np.random.RandomState(1))
    assert len(state.history()) == 40  # a game to 10 points takes more than one hand
    assert state.returns() == [0.0] * 4
    assert state.trickcore_state.phase.value != "over"


@pytest.mark.slow_sweep
@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
def test_random_sim_test(name: str, options: dict[str, Any]) -> None:
    game = pyspiel.load_game(tos.short_name(name), options)
    pyspiel.random_sim_test(game, num_sims=sweep_size(20, 5), serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), CASES, ids=str)
def test_histories_stay_within_max_game_length(name: str, options: dict[str, Any]) -> None:
    game = pyspiel.load_game(tos.short_name(name), options)
    rng = np.random.RandomState(13)
    lengths = [len(random_history(game, rng).history()) for _ in range(30)]
    assert max(lengths) <= game.max_game_length()


def test_serialize_game_and_state_round_trips() -> None:
    game = pyspiel.load_game("trickcore_euchre", {"deck": 25})
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        text = pyspiel.serialize_game_and_state(game, state)
        game_back, state_back = pyspiel.deserialize_game_and_state(text)
        assert str(game_back) == str(game)
        assert state_back.history() == state.history()
        assert str(state_back) == str(state)
        assert state_back.trickcore_state == state.trickcore_state


def mid_hand(seed: int) -> Any:
    """A Euchre state a few tricks into the hand, played at random."""
    game = pyspiel.load_game("trickcore_euchre")
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.trickcore_state.tricks) < 2:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("seat", range(4))
def test_resample_keeps_the_information_state(seat: int) -> None:
    state = mid_hand(seat)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(12):
        drawn = state.resample_from_infostate(seat, sampler)
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        assert drawn.observation_string(seat) == state.observation_string(seat)
        assert drawn.trickcore_state.hands[seat] == state.trickcore_state.hands[seat]
        hidden.add(drawn.trickcore_state.hands)
        assert drawn.history() == []  # OpenSpiel keeps no history for a resampled state
        while not drawn.is_terminal():  # a resampled state plays on
            drawn.apply_action(drawn.legal_actions()[0])
    assert len(hidden) > 1  # the other hands vary


@pytest.mark.parametrize(("name", "options"), CASES[: len(GAMES)], ids=str)
def test_resample_keeps_every_seats_information_state_in_every_game(
    name: str, options: dict[str, Any]
) -> None:
    game = pyspiel.load_game(tos.short_name(name), options)
    rng = np.random.RandomState(21)
    checked = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            if rng.rand() < 0.25:
                seat = int(rng.randint(game.num_players()))
                drawn = state.resample_from_infostate(seat, None)
                assert drawn.information_state_string(seat) == state.information_state_string(seat)
                assert drawn.legal_actions(seat) == state.legal_actions(seat)
                checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 5


# -- a shuffle is dealt uniformly (a 9-card toy game) -----------------------------------------

NINE = cards("JS QS KS JH QH KH JD QD KD")


class NineCards(HighCard):
    """High card on 9 cards, three players, one hand (target 1: someone scores a trick)."""

    name: ClassVar[str] = "nine-cards"
    title: ClassVar[str] = "Nine cards (test toy)"

    def __init__(self, options: HighCardOptions | None = None) -> None:
        options = HighCardOptions(players=3, target=1, first_dealer=0)
        seating = kit.Seating(options.players, self.direction)
        deal = kit.DealSchedule(seating, packets=(1, 1, 1))
        kit.TrickGame.__init__(self, options, seating, PROJECTION, NINE, deal=deal, policy=POLICY)
        self.phase_rules = {**self.kit_rules(), Phase.DEAL: self._deal}

    def most_actions(self) -> int:
        """Nine cards dealt, nine played (H3, H4): one hand."""
        return 2 * len(NINE)


class NinePlugin:
    @hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        register(NineCards)


def test_a_shuffle_is_dealt_uniformly() -> None:
    host = build_host(entry_points=False, plugins=[("nine", NinePlugin())], strict=True)
    assert tos.register_games(host) == ("trickcore_nine_cards",)
    game = pyspiel.load_game("trickcore_nine_cards")
    rng = np.random.RandomState(9)
    counts: Counter[tuple[Any, ...]] = Counter()
    samples = 3000
    for _ in range(samples):
        state = game.new_initial_state()
        probability = 1.0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert {p for _, p in outcomes} == {1.0 / len(outcomes)}  # uniform at each node
            action = int(rng.choice([outcome for outcome, _ in outcomes]))
            probability *= 1.0 / len(outcomes)
            state.apply_action(action)
        assert probability == pytest.approx(1 / math.factorial(9))  # every order alike
        hands = state.trickcore_state.hands
        counts[(hands[1][0], hands[2][0], hands[0][0])] += 1  # the first three cards dealt
    cells = 9 * 8 * 7
    expected = samples / cells
    chi_square = sum((counts[cell] - expected) ** 2 / expected for cell in counts)
    chi_square += (cells - len(counts)) * expected  # cells never seen
    # Wilson-Hilferty: the 0.1 % critical value of chi-square with cells - 1 degrees of freedom.
    freedom = cells - 1
    critical = freedom * (1 - 2 / (9 * freedom) + 3.09 * math.sqrt(2 / (9 * freedom))) ** 3
    assert chi_square < critical


# -- OpenSpiel's Python ISMCTS ------------------------------------------------------------------


def test_python_ismcts_plays_a_hand_of_euchre() -> None:
    game = pyspiel.load_game("trickcore_euchre")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=50, random_state=np.random.RandomState(2)
    )
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)


def test_the_package_names_the_extra_when_it_is_missing() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n"
        "    import trickcore.openspiel\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "pip install 'trickcore[openspiel]'" in found and "pyspiel" in found


def test_trickcore_imports_no_openspiel() -> None:
    code = "import sys, trickcore; trickcore.load('euchre'); print('pyspiel' in sys.modules)"
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "False"


def test_the_openspiel_page_examples_are_doctests_that_pass() -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "openspiel.md"
    results = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 10
    assert results.failed == 0


def test_resampling_one_state_builds_its_view_once_per_seat() -> None:
    state = mid_hand(7)
    seat = state.current_player()
    view = state._resample_view(seat)
    assert state._resample_view(seat) is view  # determinize prepares it once (LastView)
    assert state.clone()._resample_view(seat) == view  # a clone builds its own
    other = (seat + 1) % 4
    game = pyspiel.load_game("trickcore_euchre").trickcore_game
    assert state._resample_view(other) == game.view(state.trickcore_state, other)
    moved = state.clone()
    moved.apply_action(moved.legal_actions()[0])
    assert moved._resample_view(seat) != view  # a move changes the view
    for _ in range(3):
        drawn = state.resample_from_infostate(seat, None)
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
