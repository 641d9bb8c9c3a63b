"""``trickcore play allfours``: bots only and with a human, 4 and 2 players; the narration shows
the kicks, the beg and the count in F5's order; the renderer; action names typed by a human."""

from __future__ import annotations

from pathlib import Path

import pytest
from allfours_helpers import deal, run
from test_cli import no_traceback
from test_cli import run as cli

import trickcore
from trickcore.cli.play import match_action
from trickcore_allfours import Beg, GiveOne, RunPack, Stand
from trickcore_allfours.render import AllFoursRenderer


def reason(line: str) -> str:
    """The first word of a narrated reason: ``Side 0 scores 1 (Game, F5)`` gives ``Game``."""
    return line.split(" (")[1].split(maxsplit=1)[0].rstrip(",")


def test_bots_only_four_players_narrate_kicks_begs_and_the_count(tmp_path: Path) -> None:
    saved = tmp_path / "allfours.json"
    result = cli("play", "allfours", "--bots", "heuristic", "--seed", "1", "--save", str(saved))
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert any(" kicks " in line for line in out)
    assert any(line.endswith((" stands.", " begs.")) for line in out)
    count = [reason(line) for line in out if ", F5)" in line]
    order = ["High", "Low", "Jack", "hang", "Game"]
    assert count and all(reason in order for reason in count)
    assert "Result: side " in result.stdout
    verified = cli("replay", "verify", str(saved))
    assert verified.exit_code == 0, verified.output


def test_the_count_of_each_hand_comes_in_f5s_order() -> None:
    result = cli("play", "allfours", "--bots", "random", "--seed", "5")
    assert result.exit_code == 0, result.output
    order = ["High", "Low", "Jack", "hang", "Game"]
    hand: list[int] = []
    for line in result.stdout.splitlines():
        if ", F5)" in line:
            hand.append(order.index(reason(line)))
        elif line.startswith("Hand ") and " is over" in line:
            assert hand == sorted(hand)
            hand = []


def test_a_run_of_the_pack_shows_every_hand_again() -> None:
    """A bots-only narration shows the hands after the deal and again after each run."""
    for seed in range(1, 40):
        result = cli("play", "allfours", "--bots", "heuristic", "--seed", str(seed))
        lines = result.stdout.splitlines()
        runs = [i for i, line in enumerate(lines) if "runs the pack" in line]
        if runs:
            after = lines[runs[-1] :]
            assert any(line.startswith("  seat 0 (heuristic): ") for line in after)
            return
    pytest.fail("no seed ran the pack")


def test_a_human_plays_two_players_to_the_end(tmp_path: Path) -> None:
    saved = tmp_path / "twos.json"
    args = ["play", "allfours", "--seat", "1", "--seed", "4", "--option", "players=2"]
    result = cli(*args, "--option", "target=3", "--save", str(saved), input="1\n" * 200)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seats: 0 heuristic, 1 human" in out
    assert "(seat 0 vs seat 1)" in out and "Your hand:" in out and "1) stand" in out
    assert "Game over" in out
    replay = trickcore.replay.loads(saved.read_bytes())
    assert replay.options["players"] == 2 and replay.options["target"] == 3
    assert cli("replay", "verify", str(saved)).exit_code == 0


def test_a_human_names_all_fours_actions() -> None:
    assert match_action("beg", (Stand(), Beg())) == Beg()
    assert match_action("stand", (Stand(), Beg())) == Stand()
    assert match_action("give", (GiveOne(), RunPack())) == GiveOne()
    assert match_action("run", (GiveOne(), RunPack())) == RunPack()


def test_the_renderer_shows_kicks_the_beg_tricks_and_game_points() -> None:
    game, state = deal({3: "AC 2D 3D 4D 5D 7D"}, "4H", runs=[({}, "AH"), ({}, "6S")])
    state = run(game, state, "3=beg 0=run_pack 3=AC")
    text = AllFoursRenderer().describe_view(game.view(state, 1))
    assert "Kicks: 4H, AH (+1), 6S (+2)" in text
    assert "Trumps: spades; begged, the pack was run" in text
    assert "Trick: seat 3 AC" in text
    view = game.view(state, 1)
    hand = AllFoursRenderer().sorted_hand(view)
    assert sorted(hand, key=lambda c: c.index) == sorted(view.hand, key=lambda c: c.index)
    trumps = [card.suit is view.trump for card in hand]
    assert trumps == sorted(trumps, reverse=True)  # trumps first
