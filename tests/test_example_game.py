"""The example game plugin package of the docs (docs/examples/trickcore-example-game).

Its source is on the tests' ``pythonpath``, so tests/toygame.py and these tests run without
installing it; tox installs it too, which the entry-point test needs (skipped otherwise).
"""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from trickcore_example_game import plugin as example_game_plugin
from trickcore_example_game.game import PACK, HighCard, HighCardOptions, HighCardState, Phase, Play

import trickcore
from trickcore import (
    Card,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    Rng,
    Shuffle,
    Suit,
    Table,
    build_host,
    cards,
)
from trickcore.kit.events import Dealt
from trickcore.kit.hidden import cards_seen
from trickcore.replay import verify
from trickcore_bots import plugin as bots_plugin

ROOT = Path(__file__).resolve().parents[1]
GAME_DIR = ROOT / "docs" / "examples" / "trickcore-example-game"
HOST = build_host(
    entry_points=False, plugins=[("example", example_game_plugin), ("bots", bots_plugin)]
)


def _game_installed() -> bool:
    return bool(importlib.metadata.entry_points(group="trickcore", name="example_game"))


def test_the_example_game_loads_by_name_from_its_entry_point() -> None:
    if not _game_installed():
        pytest.skip("install docs/examples/trickcore-example-game to test its entry point")
    trickcore.default_host.cache_clear()
    host = trickcore.default_host()
    assert "example_game" not in {failure.plugin for failure in host.failures}
    registrations = [r for r in host.registrations if r.kind == "game" and r.name == "high-card"]
    assert [(r.plugin, r.target) for r in registrations] == [("example_game", HighCard)]
    game = trickcore.load("high-card", players=3)
    assert isinstance(game, HighCard) and game.seats == 3
    assert importlib.resources.files("trickcore_example_game").joinpath("py.typed").is_file()


def test_the_example_game_registers_in_process() -> None:
    host = build_host(entry_points=False, plugins=[("example", example_game_plugin)])
    assert [(r.kind, r.name, r.plugin) for r in host.registrations] == [
        ("game", "high-card", "example")
    ]
    with pytest.raises(OptionError, match="players"):
        HOST.load("high-card", players=5)
    with pytest.raises(OptionError, match="first_dealer must be a seat 0-2"):
        HOST.load("high-card", players=3, first_dealer=3)


def _states(game: HighCard, table: Table[Any, Any, Any]) -> list[HighCardState]:
    state = game.initial_state()
    states = [state]
    for action in table.actions:
        state = game.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "target"), [(2, 5), (3, 4), (4, 3)])
def test_the_example_game_plays_to_the_end_and_replays(players: int, target: int) -> None:
    for seed in range(5):
        game = HOST.load("high-card", players=players, target=target)
        table = Table(game, ["random"] * players, seed=seed, host=HOST)
        outcome = table.run()
        assert outcome.finished and max(outcome.scores) >= target
        assert sum(outcome.scores) == 3 * sum(isinstance(a, Shuffle) for a in table.actions)
        assert outcome.winner is None or outcome.scores[outcome.winner] == max(outcome.scores)
        assert verify(table.replay(), host=HOST) == outcome
        for state in _states(game, table):
            game.validate(state)  # every reachable state is valid


def test_the_first_dealer_option_skips_the_draw() -> None:
    game = HighCard(HighCardOptions(players=3, first_dealer=2))
    state = game.initial_state()
    assert state.phase is Phase.DEAL and state.dealer == 2
    state = game.apply(state, Shuffle(order=PACK))
    assert game.actor(state) == 0  # the dealer's left leads (H4)


def _mid_hand(players: int = 3, seed: int = 1) -> tuple[HighCard, HighCardState]:
    """A game in its first hand after the first trick."""
    game = HighCard(HighCardOptions(players=players))
    rng = Rng(seed, "test")
    state = game.initial_state()
    while not state.tricks:
        legal = game.legal_actions(state)
        state = game.apply(state, rng.choice(legal) if legal else game.sample_chance(state, rng))
    return game, state


def test_views_hide_the_other_hands_and_the_stock() -> None:
    game, state = _mid_hand()
    for seat in range(3):
        view = game.view(state, seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
        assert hidden and state.stock and not (hidden | set(state.stock)) & cards_seen(view)


def test_events_show_no_more_than_the_views() -> None:
    """What a seat's events show is in its views before and after, or the card just played."""
    game, state = _mid_hand()
    for _ in range(game.seats * 2):  # to the end of the hand, then the next deal
        action = (game.legal_actions(state) or (game.sample_chance(state, Rng(5)),))[0]
        after = game.apply(state, action)
        played = cards_seen(action) if isinstance(action, Play) else set()
        for seat in range(3):
            shown = cards_seen(game.view(after, seat)) | cards_seen(game.view(state, seat))
            assert cards_seen(game.events(state, action, seat)) <= shown | played
            public = cards_seen((state.tricks, state.trick, after.tricks, after.trick))
            assert cards_seen(game.events(state, action, None)) <= public | played
        state = after


def test_a_deal_shows_each_seat_its_own_hand_only() -> None:
    game = HighCard(HighCardOptions(first_dealer=0))
    state, shuffle = game.initial_state(), Shuffle(order=PACK)
    after = game.apply(state, shuffle)
    (mine,) = game.events(state, shuffle, 1)
    (public,) = game.events(state, shuffle, None)
    assert (
        isinstance(mine, Dealt)
        and mine.hand == after.hands[1]
        and public == Dealt(hand_number=1, dealer=0, hand=None)
    )


def test_determinize_respects_the_voids_a_player_revealed() -> None:
    game = HighCard(HighCardOptions(players=2, first_dealer=0))
    # seat 1 leads the ace of spades; seat 0, holding no spade, shows out with a club
    order = game.deal.stack({1: cards("AS KH QH"), 0: cards("JC JD QD")}, 0, pack=PACK)
    state = game.apply(game.initial_state(), Shuffle(order=order))
    state = game.apply(game.apply(state, Play(card=Card("AS"))), Play(card=Card("JC")))
    view = game.view(state, 1)
    seen = set()
    for k in range(200):
        sample = game.determinize(view, Rng(k, "determinize"))
        assert game.view(sample, 1) == view
        game.validate(sample)
        assert not any(card.suit is Suit.SPADES for card in sample.hands[0])
        seen.add(sample.hands[0])
    assert len(seen) > 10  # the hidden hand varies across samples


def test_determinize_round_trips_every_view_of_a_game() -> None:
    game, state = _mid_hand(players=4, seed=3)
    for seat in range(4):
        view = game.view(state, seat)
        assert game.view(game.determinize(view, Rng(seat)), seat) == view


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda s: {"hands": (s.hands[1], s.hands[1], s.hands[2])}, "does not follow|more than"),
        (lambda s: {"stock": s.stock[1:]}, "shuffle|stock|given"),
        (lambda s: {"hands": s.hands[:2]}, "3 entries"),
        (lambda s: {"scores": (9, 0, 0)}, "score|target|follow"),
        (lambda s: {"phase": Phase.DEAL}, "nothing may be dealt"),
        (lambda s: {"phase": Phase.OVER}, "does not follow"),
        (lambda s: {"turn": 7}, "not a seat 0-2"),
        (  # a forged trick winner is named, not an IndexError (found by tox -e fuzz)
            lambda s: {"tricks": (msgspec.structs.replace(s.tricks[0], winner=7), *s.tricks[1:])},
            "not a seat|did not play",
        ),
    ],
)
def test_validate_refuses_a_broken_state(change: Any, why: str) -> None:
    game, state = _mid_hand()
    game.validate(state)
    broken = msgspec.structs.replace(state, **change(state))
    with pytest.raises(InvalidStateError, match=f"invalid high-card state: .*({why})"):
        game.validate(broken)


def test_illegal_actions_are_refused_with_the_legal_ones() -> None:
    game, state = _mid_hand(players=2)
    seat = game.actor(state)
    foreign = state.hands[1 - seat][0]
    with pytest.raises(
        IllegalActionError,
        match=f"play {foreign} is not legal for seat {seat} in the play phase: "
        f"seat {seat} does not hold {foreign}; legal: ",
    ):
        game.apply(state, Play(card=foreign))
    with pytest.raises(IllegalActionError, match="missing"):
        game.apply(HighCard(HighCardOptions(first_dealer=0)).initial_state(), Shuffle(order=()))


def test_readme_and_guide_quote_the_example_game_verbatim() -> None:
    """Every Python block of the README and docs/game-plugins.md that names a file is that
    file's text, or a run of its lines."""
    docs = [GAME_DIR / "README.md", ROOT / "docs" / "game-plugins.md"]
    if not all(path.is_file() for path in docs):
        pytest.skip("not running from a source checkout")
    source = GAME_DIR / "src" / "trickcore_example_game"
    quoted = 0
    for path in docs:
        for name, block in re.findall(
            r"<!-- quote (\w+\.py) -->\n```python\n(.*?)```", path.read_text(), flags=re.DOTALL
        ):
            assert block in (source / name).read_text(), f"{path.name} misquotes {name}"
            quoted += 1
    assert quoted >= 10


def test_the_guide_example_runs() -> None:
    guide = ROOT / "docs" / "game-plugins.md"
    if not guide.is_file():
        pytest.skip("not running from a source checkout")
    (code,) = re.findall(r"<!-- run -->\n```python\n(.*?)```", guide.read_text(), flags=re.DOTALL)
    exec(compile(code, "docs/game-plugins.md", "exec"), {})
