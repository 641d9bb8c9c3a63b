"""Playing at the terminal as a new user does (issue 11): card forms as shown, the menu
order, forced moves, undo in words, hot-seat play, Ctrl-C, quitting and --resume.

Most tests drive the click application with :class:`click.testing.CliRunner`; Ctrl-C is sent
through a real pseudo-terminal to a real process.
"""

from __future__ import annotations

import inspect
import os
import re
import select
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

click = pytest.importorskip("click")
from click.testing import CliRunner, Result  # noqa: E402

import trickcore  # noqa: E402
from trickcore import Card  # noqa: E402
from trickcore.cli.app import INTERRUPTED, cli  # noqa: E402
from trickcore.cli.play import HumanGame, match_action, undo_text  # noqa: E402
from trickcore_euchre import GoAlone, Pass, Play, WithPartner  # noqa: E402

_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)
ONE_HAND = ("--option", "single_hand=true")
ALONE = ("play", "euchre", "--seat", "0", "--seed", "3", "--bots", "random", *ONE_HAND)


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games left unfinished are saved in the current directory: keep it out of the repo."""
    monkeypatch.chdir(tmp_path)


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner(**_SEPARATE).invoke(cli, list(args), input=input)


# -- what may be typed ------------------------------------------------------------------------

TEN_OF_DIAMONDS = Play(card=Card("TD"))
LEGAL = (TEN_OF_DIAMONDS, Play(card=Card("QH")))


@pytest.mark.parametrize("typed", ["10\u2666", "10D", "10d", "TD", "td", "play 10\u2666", "2"])
def test_a_card_is_accepted_in_every_form_shown(typed: str) -> None:
    expected = LEGAL[1] if typed == "2" else TEN_OF_DIAMONDS
    assert match_action(typed, LEGAL) == expected


@pytest.mark.parametrize("typed", ["q\u2665", "Q\u2661", "QH", "play qh"])
def test_suit_symbols_and_any_case(typed: str) -> None:
    assert match_action(typed, LEGAL) == LEGAL[1]


def test_refused_input_says_which_forms_work() -> None:
    with pytest.raises(ValueError) as caught:
        match_action("9\u2660", LEGAL)
    message = str(caught.value)
    for form in ("10\u2666", "10D", "TD", "any case", "1 to 2"):
        assert form in message
    with pytest.raises(ValueError) as caught:
        match_action("bid", (Pass(), GoAlone()))
    assert "a card" not in str(caught.value)  # no card forms where no action takes a card


def test_cards_are_typed_as_the_hand_shows_them() -> None:
    """Every card is answered in the form the hand shows (``10\u2666``) or as ``10D``."""
    game = trickcore.load("euchre", single_hand=True)
    table = trickcore.Table(game, [None, "random", "random", "random"], seed=3)
    forms = iter(["pretty", "ten"] * 20)
    typed: list[str] = []

    def read(prompt: str) -> str | None:
        legal = table.legal_actions(0)
        cards = [a.card for a in legal if isinstance(a, Play)]
        if not cards:
            return str(len(legal))  # the last choice: never alone, never "pass" in round 1
        card = cards[0]
        text = card.pretty if next(forms) == "pretty" else str(card).replace("T", "10")
        typed.append(text)
        return text

    assert HumanGame(table, 0, read=read, confirm_forced=True).run()
    assert table.over
    assert any("\u2666" in t or "\u2663" in t or "\u2665" in t or "\u2660" in t for t in typed)


# -- the menu, forced moves, undo -------------------------------------------------------------


def test_going_alone_is_never_choice_1() -> None:
    out = run(*ALONE, input="1\n" * 40).stdout
    assert "1) play with partner   2) go alone" in out
    assert "Seat 0 goes alone" not in out


def test_a_move_with_one_legal_action_is_played_and_said() -> None:
    out = run(*ALONE, input="1\n" * 40).stdout
    assert re.search(r"Seat 0: play \S+ is the only legal action; played it for you\.", out)
    confirmed = run(*ALONE, "--confirm-forced", input="1\n" * 40)
    assert confirmed.exit_code == 0
    assert "only legal action" not in confirmed.stdout
    assert confirmed.stdout.count("seat 0> ") > out.count("seat 0> ")


def test_undo_says_in_words_what_it_took_back() -> None:
    text = undo_text(0, WithPartner(), ["Seat 1 passes.", "Seat 2 plays TD."])
    assert text == (
        "Took back seat 0's move: play with partner, and what followed it:\n"
        "  Seat 1 passes.\n  Seat 2 plays TD.\nYour turn again."
    )
    assert undo_text(0, Pass(), []) == "Took back seat 0's move: pass.\nYour turn again."
    out = run(*ALONE, input="1\nu\n" + "1\n" * 40).stdout
    assert re.search(r"Took back seat 0's move: [a-z ]+, and what followed it:\n  Seat \d ", out)
    assert "actions" not in out.split("Took back", 1)[1].split("\n")[0]


def test_leaving_counts_only_your_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = run(*ALONE, input="1\nq\n").stdout
    assert "You left the game after 1 of your moves." in out


# -- hot seat ---------------------------------------------------------------------------------

HOT_SEAT = ("play", "euchre", "--bots", "human,random,human,random", "--seed", "4", *ONE_HAND)


def test_hot_seat_hides_each_hand_from_the_other_human() -> None:
    result = run(*HOT_SEAT, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    facing = None
    passes = 0
    for line in result.stdout.splitlines():
        asked = re.match(r"Pass the device to seat (\d)", line)
        if asked:
            facing, passes = int(asked.group(1)), passes + 1
        shown = re.match(r"Seat (\d): hand \d", line)
        if shown:
            assert int(shown.group(1)) == facing, "a hand shown to the wrong seat"
        assert not line.startswith("Hand 1: seat 0 deals. Your hand")  # public events only
    assert passes >= 2
    assert "You (seat" not in result.stdout  # no single "you" at a table of two humans


# -- leaving, Ctrl-C, resume ------------------------------------------------------------------


def test_quitting_without_save_autosaves_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*ALONE, input="1\nq\n")
    assert result.exit_code == 0
    assert "replay saved to trickcore-euchre-3.json" in result.stdout
    assert "resume it with: trickcore play --resume trickcore-euchre-3.json" in result.stdout
    again = run(*ALONE, input="q\n")
    assert "replay saved to trickcore-euchre-3-2.json" in again.stdout  # the first one is kept


def test_resume_goes_on_from_the_saved_file_and_saves_back(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = run(*ALONE, "--save", str(saved), input="1\nq\n")
    before = trickcore.replay.loads(saved.read_bytes())
    resumed = run("play", "--resume", str(saved), input="1\n" * 40)
    assert resumed.exit_code == 0, resumed.output
    moves = sum(1 for action in before.actions if action["type"] not in ("shuffle", "dealer"))
    assert f"resuming {saved}: seed 3, {moves} moves played so far" in resumed.stdout
    after = trickcore.replay.loads(saved.read_bytes())
    assert after.actions[: len(before.actions)] == before.actions
    assert after.outcome is not None and after.outcome.finished
    assert run("replay", "verify", str(saved)).exit_code == 0
    assert "Game over" in first.stdout + resumed.stdout


@pytest.mark.parametrize(
    ("before", "after", "needle"),
    [
        ((), ("--seed", "4"), "drop --seed"),
        ((), ("--bots", "random", "--option", "target=3"), "drop --bots and --option"),
        ((), ("--seat", "1"), "--seat 1 is not a human seat"),
        (("high-card",), (), "holds a game of euchre, not high-card"),
    ],
)
def test_resume_refuses_what_the_saved_game_decides(
    tmp_path: Path, before: tuple[str, ...], after: tuple[str, ...], needle: str
) -> None:
    saved = tmp_path / "game.json"
    run(*ALONE, "--save", str(saved), input="1\nq\n")
    result = run("play", *before, "--resume", str(saved), *after)
    assert result.exit_code == 2, result.output
    assert needle in result.stderr


def test_play_without_a_game_or_resume_is_a_usage_error() -> None:
    result = run("play")
    assert result.exit_code == 2
    assert "--resume FILE" in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_ctrl_c_exits_130_and_saves_where_it_says(tmp_path: Path) -> None:
    import pty  # noqa: PLC0415 (POSIX only)

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command line, at the pseudo-terminal
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # even if the tests run with it ignored
        os.chdir(tmp_path)
        args = ["play", "euchre", "--seat", "0", "--seed", "4", "--bots", "random", *ONE_HAND]
        os.execv(sys.executable, [sys.executable, "-m", "trickcore", *args])
    output = _read_until(fd, b"seat 0> ")
    for _ in range(5):  # a loaded machine may take a while; a lost first Ctrl-C is sent again
        os.write(fd, b"\x03")  # Ctrl-C, as the terminal sends it
        more = _read_until(fd, b"interrupted (Ctrl-C)", timeout=15, quiet=True)
        output += more
        if b"interrupted (Ctrl-C)" in more:
            break
    output += _read_until(fd, None)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = output.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == INTERRUPTED, text
    assert "interrupted (Ctrl-C)" in text
    assert "replay saved to trickcore-euchre-4.json" in text
    saved = tmp_path / "trickcore-euchre-4.json"
    resumed = run("play", "--resume", str(saved), input="1\n" * 400)
    assert resumed.exit_code == 0, resumed.output
    assert run("replay", "verify", str(saved)).exit_code == 0


def _read_until(
    fd: int, needle: bytes | None, timeout: float = 90, *, quiet: bool = False
) -> bytes:
    """Read from ``fd`` until ``needle`` arrives (or, with ``None``, the end of output); at the
    timeout, fail, or with ``quiet`` return what came."""
    data = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the child closed the terminal
            return data
        if not chunk:
            return data
        data += chunk
        if needle is not None and needle in data:
            return data
    if quiet:
        return data
    raise AssertionError(f"timed out waiting for {needle!r}: {data.decode('utf-8', 'replace')}")
