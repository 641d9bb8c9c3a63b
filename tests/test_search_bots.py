"""The search bots ``pimc`` and ``ismcts`` (plugins/trickcore_bots/search.py): the bot contract
on Euchre and High card, their options, the opt-in time budget, and strength against random."""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from benchmark_scripts import benchmark
from sweeps import sweep_size

import trickcore
from trickcore import CHANCE, BotSpec, Rng, testing
from trickcore.errors import OptionError
from trickcore_bots import IsmctsBot, PimcBot, RandomBot, search

SEARCH = (PimcBot, IsmctsBot)
CountingPimc = benchmark("pruning").CountingPimc  # pimc counting its playouts and worlds
FEW = {"iterations": 60}


@pytest.mark.parametrize("bot", ["pimc", "ismcts"])
@pytest.mark.parametrize("game", ["euchre", "high-card"])
def test_search_bots_are_legal_and_deterministic(bot: str, game: str) -> None:
    bound = trickcore.load(game, single_hand=True) if game == "euchre" else trickcore.load(game)
    assert testing.check_bot(bot, bound, games=2, seed=3) == 2


def test_search_bots_are_registered_for_every_game() -> None:
    host = trickcore.default_host()
    for name in ("pimc", "ismcts"):
        assert host.bot_factory(name, "euchre").games is None
        assert host.bot_factory(name, "high-card").name == name


def a_decision(game: Any, seed: int = 0) -> tuple[Any, tuple[Any, ...], int]:
    """The first decision with a choice in a random game: (view, legal, seat)."""
    state, rng = game.initial_state(), Rng(seed, "decision")
    while True:
        actor = game.actor(state)
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        if len(legal) > 1:
            return game.view(state, actor), legal, actor
        state = game.apply(state, legal[0])


@pytest.mark.parametrize("cls", SEARCH)
def test_options_are_checked_and_text_is_converted(cls: Any) -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game)
    bot = cls(BotSpec(game, seat, Rng(1), {"iterations": "40", "exploration": "1.5"}))
    assert bot.act(view, legal) in legal
    for bad, named in [
        ({"iterations": 0}, "iterations"),
        ({"budget": 1}, "budget"),
        ({"playout": "pimc"}, "playout"),
        ({"time_budget": -1}, "time_budget"),
        ({"value": "score"}, "value"),
        ({"horizon": "trick"}, "horizon"),
        ({"confidence": -1}, "confidence"),
        ({"prune": -1}, "prune"),
    ]:
        with pytest.raises(OptionError, match=named):
            cls(BotSpec(game, seat, Rng(1), bad))


def a_decision_in(game: Any, seed: int, searched: bool) -> tuple[Any, tuple[Any, ...], int]:
    """The first decision with a choice in the card play (``searched``) or outside it, of a
    game the heuristic plays at every seat."""
    heuristic = trickcore.default_host().bot_factory("heuristic", game.name)
    bots = [heuristic(BotSpec(game, seat, Rng(seed, "h", seat))) for seat in range(game.seats)]
    state, rng = game.initial_state(), Rng(seed, "decision")
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal, view = game.legal_actions(state), game.view(state, actor)
        if len(legal) > 1 and (state.phase is game.play_phase) == searched:
            return view, legal, actor
        state = game.apply(state, bots[actor].act(view, legal))
    raise AssertionError(f"no such decision in game {seed}")


@pytest.mark.parametrize("cls", SEARCH)
@pytest.mark.parametrize("name", ["euchre", "allfours", "apples"])
def test_search_play_leaves_the_other_decisions_to_the_playout_bot(cls: Any, name: str) -> None:
    game = trickcore.load(name, single_hand=True)
    heuristic = trickcore.default_host().bot_factory("heuristic", name)
    for seed in range(3):
        view, legal, seat = a_decision_in(game, seed, searched=False)

        class Unsearched(cls):  # type: ignore[misc]
            def _draw(self, view: Any, wanted: int) -> list[Any]:
                raise AssertionError("a world drawn outside the card play")

        bot = Unsearched(BotSpec(game, seat, Rng(seed), {"search": "play", "iterations": 8}))
        own = heuristic(BotSpec(game, seat, Rng(seed).derive("playout", seat)))
        assert bot.act(view, legal) == own.act(view, legal)
        # In the card play the search is the same as search=all from the same seed.
        view, legal, seat = a_decision_in(game, seed, searched=True)
        options = {"iterations": 8}
        everything = cls(BotSpec(game, seat, Rng(seed), options)).act(view, legal)
        play_only = cls(BotSpec(game, seat, Rng(seed), {**options, "search": "play"}))
        assert play_only.act(view, legal) == everything


@pytest.mark.parametrize("cls", SEARCH)
def test_search_play_needs_a_playout_bot_and_a_play_phase(
    cls: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    euchre = trickcore.load("euchre", single_hand=True)
    with pytest.raises(OptionError, match="search"):
        cls(BotSpec(euchre, 0, Rng(1), {"search": "bids"}))
    with pytest.raises(OptionError, match=r"search=play needs a playout bot.*playout=random"):
        cls(BotSpec(euchre, 0, Rng(1), {"search": "play", "playout": "random"}))
    high_card = trickcore.load("high-card")  # no heuristic: auto playouts are random
    with pytest.raises(OptionError, match="high-card has no heuristic"):
        cls(BotSpec(high_card, 0, Rng(1), {"search": "play"}))
    monkeypatch.setattr(type(high_card), "play_phase", None)
    with pytest.raises(OptionError, match="declares its play phase"):
        cls(BotSpec(high_card, 0, Rng(1), {"search": "play"}))


@pytest.mark.parametrize("cls", SEARCH)
def test_the_time_budget_is_respected_roughly(cls: Any) -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 2)
    bot = cls(BotSpec(game, seat, Rng(2), {"time_budget": 0.05}))
    started = time.perf_counter()
    assert bot.act(view, legal) in legal
    assert 0.05 <= time.perf_counter() - started < 0.5


@pytest.mark.parametrize("cls", SEARCH)
def test_a_registered_bot_can_play_the_playouts(cls: Any) -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 4)
    options = {"playout": "heuristic", "iterations": 20}
    first = cls(BotSpec(game, seat, Rng(4), options)).act(view, legal)
    assert first == cls(BotSpec(game, seat, Rng(4), options)).act(view, legal)
    assert first in legal


@pytest.mark.parametrize("cls", SEARCH)
def test_a_forced_move_of_a_playout_asks_no_bot(cls: Any) -> None:
    """One legal action: the playout takes it without building a view or asking the playout
    bot (no state here to build a view from); with two, it asks (and needs the state)."""
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 4)
    bot = cls(BotSpec(game, seat, Rng(4), {"playout": "heuristic"}))
    policy = bot._policy
    assert policy is not None
    assert policy(None, seat, legal[:1]) is legal[0]
    with pytest.raises(TypeError):  # the view of no state
        policy(None, seat, legal)
    assert policy(None, seat, legal, view) in legal  # given the view, the bot is asked


def duplicate_point_differences(cls: Any, deals: int, options: dict[str, Any]) -> list[float]:
    """Per deal of single-hand Euchre, the search bot's side's points minus random's, averaged
    over the two seatings (the search bot at seats 0 and 2, then at 1 and 3)."""
    game = trickcore.load("euchre", single_hand=True)
    differences = []
    for deal in range(deals):
        both = []
        for searching_side in (0, 1):
            bots = {
                seat: (cls if seat % 2 == searching_side else RandomBot)(
                    BotSpec(game, seat, Rng(deal, "bot", seat), options)
                )
                for seat in range(game.seats)
            }
            state, chance = game.initial_state(), Rng(deal, "chance")
            while (actor := game.actor(state)) is not None:
                if actor is CHANCE:
                    action = game.sample_chance(state, chance)
                else:
                    action = bots[actor].act(game.view(state, actor), game.legal_actions(state))
                state = game.apply(state, action)
            scores = game.outcome(state).scores
            both.append(scores[searching_side] - scores[1 - searching_side])
        differences.append(statistics.fmean(both))
    return differences


@pytest.mark.parametrize("cls", SEARCH)
def test_the_playouts_are_the_heuristic_bots_by_default_else_random(cls: Any) -> None:
    euchre = trickcore.load("euchre", single_hand=True)
    high_card = trickcore.load("high-card")
    assert cls(BotSpec(euchre, 0, Rng(0))).playout_policy == "heuristic"
    assert cls(BotSpec(high_card, 0, Rng(0))).playout_policy == "random"
    assert cls(BotSpec(euchre, 0, Rng(0), {"playout": "random"})).playout_policy == "random"
    assert cls(BotSpec(euchre, 0, Rng(0), {"playout": "first-legal"})).playout_policy == (
        "first-legal"
    )


def test_ismcts_widens_its_tree_below_the_root_progressively() -> None:
    node = search._Node()
    widths = []
    for reached in range(1, 40):
        node.reached = reached
        while IsmctsBot._may_widen(node):
            node.children[len(node.children)] = search._Node()
        widths.append(len(node.children))
    assert widths[:3] == [1, 1, 1]
    assert widths[3] == widths[14] == 2  # reached 4 to 15 times: two children
    assert widths[15] == widths[34] == 3
    assert widths[35] == 4


def test_ismcts_grows_its_tree_along_the_playout_bots_line_first() -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 5)
    bot = IsmctsBot(BotSpec(game, seat, Rng(5), {"iterations": 30}))
    world = game.determinize(view, Rng(9))
    heuristic = trickcore.default_host().bot_factory("heuristic", "euchre")
    after = game.apply(world, legal[0])
    actor = game.actor(after)
    choice = heuristic(BotSpec(game, actor, Rng(1))).act(
        game.view(after, actor), game.legal_actions(after)
    )
    others = [action for action in game.legal_actions(after) if action != choice]
    assert others
    for _ in range(5):  # whatever else is untried, the playout bot's choice comes first
        untried = [*others, choice]
        assert bot._expansion(after, actor, game.legal_actions(after), untried) == choice
    random_bot = IsmctsBot(BotSpec(game, seat, Rng(5), {"playout": "random"}))
    picks = {
        random_bot._expansion(after, actor, game.legal_actions(after), [*others, choice])
        for _ in range(40)
    }
    assert len(picks) > 1


@pytest.mark.parametrize("cls", SEARCH)
def test_the_playout_bots_own_move_is_kept_unless_clearly_beaten(cls: Any) -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 6)
    heuristic = trickcore.default_host().bot_factory("heuristic", "euchre")
    own = legal.index(heuristic(BotSpec(game, seat, Rng(0))).act(view, legal))
    other = (own + 1) % len(legal)

    def samples(gains: list[float]) -> list[list[float]]:
        """Worlds where ``other`` gains ``gain`` over ``own`` and every other action less."""
        rows = []
        for gain in gains:
            row = [-5.0] * len(legal)
            row[own], row[other] = 0.0, gain
            rows.append(row)
        return rows

    bot = cls(BotSpec(game, seat, Rng(6)))
    noisy = samples([4.0, -3.0, 2.0, -2.0])  # better on average, by less than a standard error
    clear = samples([1.0, 2.0, 1.0, 2.0])
    assert bot._choose(view, legal, noisy) == legal[own]
    assert bot._choose(view, legal, clear) == legal[other]
    assert bot._choose(view, legal, clear[:1]) == legal[own]  # one world proves nothing
    eager = cls(BotSpec(game, seat, Rng(6), {"confidence": 0}))
    assert eager._choose(view, legal, noisy) == legal[other]
    blind = cls(BotSpec(game, seat, Rng(6), {"playout": "random"}))
    assert blind._choose(view, legal, noisy) == legal[other]


def test_pruning_drops_only_the_actions_that_clearly_trail() -> None:
    leader = [1.0, 2.0, 1.0, 2.0, 1.0, 2.0]
    always_one_less = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0]  # trails in every world: no spread
    noisy = [3.0, -1.0, 4.0, -2.0, 3.0, 1.0]  # behind on average, within the noise
    clearly_behind = [0.0, 0.5, -1.0, 1.0, 0.0, 0.5]
    columns = [noisy, leader, always_one_less, clearly_behind]
    assert search._pruned(columns, [0, 1, 2, 3], 3.0) == [0, 1]
    assert search._pruned(columns, [0, 1, 2], 100.0) == [0, 1]  # no spread: dropped anyway
    assert search._pruned(columns, [0, 3], 3.0) == [0, 3]  # the best of the two is noisy
    tied = [leader, list(leader)]
    assert search._pruned(tied, [0, 1], 0.0) == [0, 1]  # not behind at all: kept


def test_pruned_pimc_spends_at_most_its_playouts_on_more_worlds_and_replays() -> None:
    game = trickcore.load("euchre", single_hand=True)
    pruned_somewhere = False
    for seed in range(6):
        view, legal, seat = a_decision_in(game, seed, searched=True)
        if len(legal) < 3:
            continue
        plain = CountingPimc(BotSpec(game, seat, Rng(seed), {"iterations": 120}))
        pruning = CountingPimc(BotSpec(game, seat, Rng(seed), {"iterations": 120, "prune": 2}))
        again = CountingPimc(BotSpec(game, seat, Rng(seed), {"iterations": 120, "prune": 2}))
        plain.act(view, legal)
        move = pruning.act(view, legal)
        assert again.act(view, legal) == move  # the same seed, the same move
        assert legal.index(move) in pruning.contenders
        assert plain.playouts >= 120 and plain.worlds == -(-120 // len(legal))
        assert pruning.playouts <= plain.playouts + len(legal)
        assert pruning.worlds >= plain.worlds or len(pruning.contenders) == 1
        pruned_somewhere |= len(pruning.contenders) < len(legal)
    assert pruned_somewhere


def test_a_pruned_own_move_gives_way_to_the_best_contender() -> None:
    game = trickcore.load("euchre", single_hand=True)
    view, legal, seat = a_decision(game, 6)
    heuristic = trickcore.default_host().bot_factory("heuristic", "euchre")
    own = legal.index(heuristic(BotSpec(game, seat, Rng(0))).act(view, legal))
    others = [index for index in range(len(legal)) if index != own]
    columns = [[float(index)] * 4 for index in range(len(legal))]
    columns[own] = [99.0] * 4  # the best mean, but no longer a contender
    bot = PimcBot(BotSpec(game, seat, Rng(6)))
    assert bot._chosen(view, legal, columns, others) == legal[max(others)]


def test_ismcts_refuses_pruning() -> None:
    game = trickcore.load("euchre", single_hand=True)
    with pytest.raises(OptionError, match="prune is an option of pimc only"):
        IsmctsBot(BotSpec(game, 0, Rng(1), {"prune": 2}))


@pytest.mark.slow_sweep
@pytest.mark.parametrize("cls", SEARCH)
def test_search_beats_random_over_duplicate_euchre_hands(cls: Any) -> None:
    """24 pairs of hands in full, 8 in the fast slice of ``tests/sweeps.py``: the interval is
    wider, and the search bots' lead (about 2 points a hand) still clears it."""
    differences = duplicate_point_differences(
        cls, sweep_size(24, 8), {"iterations": 150, "playout": "random"}
    )
    mean = statistics.fmean(differences)
    half_width = 1.96 * statistics.stdev(differences) / len(differences) ** 0.5
    assert mean - half_width > 0, (mean, half_width)


def test_the_examples_in_the_bots_page_run() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/bots.md", "exec"), {"__name__": "docs_example"})


@pytest.mark.parametrize("value", ["points", "returns"])
@pytest.mark.parametrize("horizon", ["hand", "game"])
def test_every_value_and_horizon_plays_whole_games(value: str, horizon: str) -> None:
    game = trickcore.load("high-card")
    options = {"iterations": 12, "value": value, "horizon": horizon}
    bots = [
        PimcBot(BotSpec(game, 0, Rng(0), options)),
        IsmctsBot(BotSpec(game, 1, Rng(1), options)),
    ]
    state, chance = game.initial_state(), Rng(5, "chance")
    while (actor := game.actor(state)) is not None:
        if actor is CHANCE:
            action = game.sample_chance(state, chance)
        else:
            legal = game.legal_actions(state)
            action = bots[actor].act(game.view(state, actor), legal)
            assert action in legal
        state = game.apply(state, action)
    assert game.outcome(state).finished
