"""``trickcore play apples`` (DESIGN 9): bots-only narration of the auction, the bidding pile and
each player's scoring groups; a human at the terminal; replays; the Apples renderer."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

click = pytest.importorskip("click")

from apples_helpers import HANDS, PASS, C, apples, bid, deal, play_round, run  # noqa: E402
from click.testing import CliRunner, Result  # noqa: E402

import trickcore  # noqa: E402
from trickcore.cli.app import cli  # noqa: E402
from trickcore_apples import Bid, Give  # noqa: E402
from trickcore_apples.render import ApplesRenderer  # noqa: E402

_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)


def invoke(*args: str, input: str | None = None) -> Result:
    return CliRunner(**_SEPARATE).invoke(cli, list(args), input=input)


def test_bots_only_narration_shows_auction_pile_and_scoring_groups(tmp_path: Path) -> None:
    saved = tmp_path / "apples.json"
    result = invoke(
        "play", "apples", "--seed", "7", "--option", "single_hand=true", "--save", str(saved)
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 2 bids 3 diamonds." in out
    assert "Seat 2 wins the auction with 3 diamonds" in out
    assert "Seat 2 puts QD into the pile." in out  # the all-knowing narrator names the cards
    assert "The pile of 12 cards is shuffled and dealt back." in out
    assert "sets" in out and "aside as the target" in out
    scored = [line for line in out.splitlines() if line.startswith("Seat ") and "(target " in line]
    assert len(scored) == 4  # one line per player: target, groups, points, total
    assert "triple of the target +40" in out and "pair" in out
    assert "Result: seat" in out
    verified = invoke("replay", "verify", str(saved))
    assert verified.exit_code == 0, verified.output
    shown = invoke("replay", "show", str(saved))
    assert shown.exit_code == 0 and "wins the auction" in shown.stdout


def test_a_human_plays_a_round_at_the_terminal() -> None:
    result = invoke(
        "play",
        "apples",
        "--seat",
        "0",
        "--seed",
        "3",
        "--option",
        "single_hand=true",
        input="1\n" * 100,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 0, your move:" in out and "1) pass" in out
    assert "Seat 0 puts TH into the pile." in out  # its own card, named
    assert "You get JS JH." in out  # what it got back from the pile
    assert "Seat 1 puts a card into the pile." in out  # the others' cards hidden
    assert "Result:" in out


def test_the_renderer_describes_the_auction_pile_and_a_scored_round() -> None:
    game = apples(3)
    renderer = ApplesRenderer()
    state = run(game, deal(game, HANDS), [(0, bid(2, "S")), (1, PASS), (2, PASS), (3, PASS)])
    state = run(game, state, [(0, Give(card=C("KS")))])
    text = renderer.describe_view(game.view(state, 0))
    assert "Auction: 0 bid 2 spades, 1 pass, 2 pass, 3 pass" in text
    assert "Trumps: spades, auction won by seat 0 (2 each to the pile)" in text
    assert "You gave to the pile: KS" in text
    hand = renderer.sorted_hand(game.view(state, 0))
    assert hand[0] == C("AS") and hand[1] == C("QS")  # trumps first, high first
    scored = play_round(game, [], {0: "2S", 1: "2H", 2: "2D", 3: "2C"})
    lines = renderer.describe_view(game.view(scored, 2)).splitlines()
    assert any(line.startswith("Round 1: seat 0 won the auction with 1 spades") for line in lines)
    assert sum(line.startswith("  Seat ") for line in lines) == 4


def test_the_renderer_is_the_games() -> None:
    assert isinstance(trickcore.load("apples").renderer, ApplesRenderer)


def test_schema_of_apples_names_every_part_and_the_option_bounds() -> None:
    result = invoke("schema", "apples")
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    assert len(schema["anyOf"]) == 7 and "ApplesSavedTable" in schema["$defs"]
    for name in ("Bid", "Give", "SetTarget", "Play", "ApplesView", "RoundScored", "ApplesReplay"):
        assert name in schema["$defs"], name
    options = schema["$defs"]["ApplesOptions"]["properties"]
    assert options["target"]["minimum"] == 1 and options["target"]["default"] == 250
    assert options["pass_is_final"]["description"].endswith("(A3).")
    game = trickcore.load("apples")
    action = msgspec.json.decode(
        b'{"type": "bid", "number": 3, "suit": "D"}', type=game.action_type
    )
    assert action == bid(3, "D") and isinstance(action, Bid)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"type": "bid", "number": 14, "suit": "D"}', type=game.action_type)
