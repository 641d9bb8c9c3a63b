"""What the terminal shows a seat never names another seat's hidden cards (issue 21.1).

Every path of ``trickcore play`` that prints to a human seat (events, the view and the menu on
its turn, a forced move, undo, quit, the result) is driven here with undos mixed in, and every
card named in the output must be one the seat was shown by its views or its events at some
point (the rule books' "what a player may see" sections).
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

pytest.importorskip("click")

from click.testing import CliRunner
from toygame import ToyPlugin

import trickcore
from trickcore import Card
from trickcore.cli.app import cli
from trickcore.cli.play import HumanGame, undo_text
from trickcore.errors import CardError
from trickcore_apples import Give

_SUITS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
_CARD = re.compile(r"(?<![\w])(10|[2-9TJQKA])([SHDC\u2660\u2665\u2666\u2663])(?![\w])")


def cards_named(text: str) -> set[Card]:
    """Every card written in ``text``, in the text (``TD``) or the symbol form (``10\u2666``)."""
    found = set()
    for rank, suit in _CARD.findall(text):
        found.add(Card(("T" if rank == "10" else rank) + _SUITS.get(suit, suit)))
    return found


def cards_in(value: Any) -> set[Card]:
    """Every card in a view or an event (walking its JSON form)."""
    found: set[Card] = set()

    def walk(item: Any) -> None:
        if isinstance(item, str):
            with contextlib.suppress(CardError):
                found.add(Card(item))
        elif isinstance(item, dict):
            for part in item.values():
                walk(part)
        elif isinstance(item, (list, tuple)):
            for part in item:
                walk(part)

    walk(msgspec.to_builtins(value))
    return found


def play_with_undos(
    game_name: str, seed: int, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> tuple[str, set[Card]]:
    """Seat 0 plays (with undos) against random bots; the output and the cards seat 0 saw."""
    game = trickcore.load(game_name, **options)
    table = trickcore.Table(game, [None, *["random"] * (game.seats - 1)], seed=seed)
    seen: set[Card] = set()
    prompts = 0

    def look() -> None:
        seen.update(cards_in(table.view(0)))
        for _, event in table.events(0):
            seen.update(cards_in(event))

    def read(prompt: str) -> str | None:
        nonlocal prompts
        look()
        prompts += 1
        if prompts > 60:
            return "q"
        if prompts % 3 == 2:
            return "u"
        if prompts % 7 == 0:
            return "v"
        return "1" if prompts % 2 else str(len(table.legal_actions(0)))

    HumanGame(table, 0, read=read).run()
    look()
    return capsys.readouterr().out, seen


def test_euchre_undo_never_names_the_dealers_discard(capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds 1-8 (issue 21.1): an undo after the dealer's face-down discard (E4) named it."""
    undone = 0
    for seed in range(1, 9):
        out, seen = play_with_undos("euchre", seed, {"single_hand": True}, capsys)
        undone += "and what followed it" in out
        assert cards_named(out) <= seen, (seed, cards_named(out) - seen)
    assert undone >= 4


@pytest.mark.parametrize(("game_name", "seed"), [("apples", 4), ("apples", 8), ("allfours", 2)])
def test_other_games_show_a_seat_only_what_it_saw(
    game_name: str, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    out, seen = play_with_undos(game_name, seed, {}, capsys)
    assert "Took back" in out
    assert cards_named(out) <= seen, cards_named(out) - seen


def test_apples_undo_hides_the_cards_others_gave_to_the_pile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An undo after other seats gave to the pile (A4) says only that they gave a card."""
    out, seen = play_with_undos("apples", 8, {}, capsys)
    assert re.search(r"Seat [123] puts a card into the pile", out)
    assert cards_named(out) <= seen, cards_named(out) - seen


def test_undo_text_is_built_from_the_seats_events() -> None:
    game = trickcore.load("euchre", single_hand=True)
    table = trickcore.Table(game, ["random"] * 4, seed=1)
    table.advance(max_steps=12)
    events = [event for _, event in table.events(0, 1)]
    text = undo_text(0, table.actions[1], events)
    assert text.startswith("Took back seat 0's move: ")
    assert text.endswith("\nYour turn again.")
    assert [line.strip() for line in text.splitlines()[1:-1]] == [str(e) for e in events]


class _CheatBot:
    """Answers with a card it holds that is not legal, or with nothing legal at all."""

    name = "cheat"
    description = "cheats"
    games = None

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        return "not an action"


class _CheatPlugin:
    @trickcore.hookimpl
    def trickcore_register_bots(self, register: Any) -> None:
        register(_CheatBot)


def test_a_failing_bot_in_a_human_game_does_not_show_its_cards(tmp_path: Path) -> None:
    """An illegal answer's error lists the bot's legal actions (its cards): a player is told
    who failed and how, not that list."""
    host = trickcore.build_host(
        entry_points=False, plugins=[("toy", ToyPlugin()), ("cheat", _CheatPlugin())]
    )
    saved = tmp_path / "game.json"
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "high-card",
            "--seat",
            "0",
            "--bots",
            "cheat",
            "--seed",
            "2",
            "--save",
            str(saved),
        ],
        obj=host,
        input="1\n" * 10,
    )
    assert result.exit_code == 1
    error = result.stderr.strip()
    assert error.startswith("Error: seat 1 (cheat) answered with an action that is not legal")
    assert "; legal: " not in error and not cards_named(error)
    assert saved.exists()  # the game so far is saved


class _TwoHumans:
    """Just enough of a table for a forced move: seats 0 and 2 human, seat 2 with one legal
    action, a card given face down (Apples A4)."""

    human_seats = (0, 2)
    actions: tuple[Any, ...] = ()

    def __init__(self) -> None:
        self.played: list[tuple[int, Any]] = []

    def legal_actions(self, seat: int) -> tuple[Any, ...]:
        return (Give(card=Card("QS")),)

    def play(self, seat: int, action: Any) -> None:
        self.played.append((seat, action))


def test_a_forced_move_of_the_other_hot_seat_human_names_no_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table: Any = _TwoHumans()
    game = HumanGame(table, 0, read=lambda prompt: None)
    game._facing = 0  # the screen faces seat 0
    game._play_forced(2)
    shown = capsys.readouterr().out
    assert table.played and table.played[0][0] == 2
    assert "QS" not in shown and not cards_named(shown)
    assert "Seat 2 had one legal action" in shown
    game._facing = 2  # facing the seat itself, the move is named
    game._play_forced(2)
    assert "give QS is the only legal action" in capsys.readouterr().out
