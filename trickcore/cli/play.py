"""``trickcore play``: a bots-only game narrated hand by hand, or a human at the terminal.

A human game shows, after each change, the new events as the human's seat sees them
(``table.events(seat, since)``); on the human's turn, the seat's view (as the game's
renderer describes it, see :mod:`trickcore.render`) and the legal actions numbered from 1,
then a prompt. See
:data:`HELP` for what may be typed.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
import msgspec

from trickcore.cards import Card
from trickcore.cli.errors import CliError
from trickcore.cli.narrate import Narrator
from trickcore.cli.text import describe, order_legal, outcome_lines
from trickcore.codec import from_json
from trickcore.errors import BotError, CardError, IllegalActionError, TableError
from trickcore.game import Seat, Shuffle
from trickcore.render import renderer_for
from trickcore.replay import dumps
from trickcore.table import Table

__all__ = [
    "CARD_FORMS",
    "HELP",
    "HumanGame",
    "bot_failure_text",
    "match_action",
    "play_bots",
    "save_replay",
    "undo_text",
]

HELP = """\
Type the number of an action, or its text ("play QH", "pass", "order up"), or just a card
as shown or with a 10 or a suit symbol, any case ("QH", "TD", "10D", "10\u2666", "Q\u2665"),
or the action as JSON ({"type": "play", "card": "QH"}), or a command:
  u, undo          take back your last action (and everything played after it)
  v, view          show the table again
  s, save [FILE]   save the replay (to the --save file by default)
  q, quit          leave the game (saved: to --save, or to trickcore-GAME-SEED.json)
  ?, help          this text
End of input (Ctrl-D) quits too; Ctrl-C saves the game the same way and exits (status 130)."""

_WRAP = 78


def save_replay(table: Table[Any, Any, Any], path: Path) -> None:
    """Write the table's replay as JSON to ``path``; an :class:`OSError` becomes a
    :class:`CliError`."""
    try:
        path.write_bytes(dumps(table.replay()))
    except OSError as error:
        raise CliError(f"cannot save the replay to {path}: {error.strerror or error}") from None
    click.echo(f"replay saved to {path}")


def play_bots(table: Table[Any, Any, Any]) -> None:
    """Play a bots-only table to the end, narrating every action (see :class:`Narrator`)."""
    game = table.game
    narrator = Narrator(game, table.labels)
    while not table.over:
        before = table.state
        if table.advance(max_steps=1) == 0:  # cannot happen at a table of bots only
            raise CliError("the game cannot go on: no bot is to act")
        viewer = narrator.viewer(game, before)
        events = [event for _, event in table.events(viewer, len(table.actions) - 1)]
        narrator.step(before, table.actions[-1], table.state, events)
    click.echo("")
    for line in outcome_lines(game, table.outcome):
        click.echo(line)


CARD_FORMS = (
    'a card as shown, any case ("TD", "qh"), or with a 10 or a suit symbol ("10D", "10\u2666")'
)
"""The card forms the prompt accepts, for its messages."""


def match_action(text: str, legal: Sequence[Any]) -> Any:
    """The action of ``legal`` that ``text`` names: its number (from 1), its whole text
    (``"play QH"``, any case) or, when only one action fits, the first or last words of it
    (``"QH"``, ``"order"``). A card may be written in any form :class:`~trickcore.Card` reads
    (``"10\u2666"``, ``"10D"``, ``"td"``). Raises :class:`ValueError` with a message for the
    user that says what may be typed."""
    words = _words(text)
    if not words:
        raise ValueError("type a number, an action, or ? for help")
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        number = int(words[0]) if len(words[0]) <= 18 else len(legal) + 1  # no 4,300-digit int()
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise ValueError(f"there is no action {number}: choose 1 to {len(legal)}")
    texts = [_words(describe(action)) for action in legal]
    exact = [action for action, t in zip(legal, texts, strict=True) if t == words]
    if exact:
        return exact[0]
    size = len(words)
    found = [
        action
        for action, t in zip(legal, texts, strict=True)
        if size < len(t) and (t[:size] == words or t[-size:] == words)
    ]
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(describe(action) for action in found)
        raise ValueError(f"{text.strip()!r} could be any of: {listed}")
    cards = f", or {CARD_FORMS}" if any(hasattr(action, "card") for action in legal) else ""
    raise ValueError(
        f"{text.strip()!r} is not a legal action here. Type the number of an action (1 to "
        f'{len(legal)}), its words ("{describe(legal[0])}" or its last word){cards}; ? for help'
    )


def _words(text: str) -> list[str]:
    """``text`` as lower-case words, each word that reads as a card in its text form."""
    words = []
    for word in text.lower().split():
        try:
            words.append(str(Card(word)).lower())
        except CardError:
            words.append(word)
    return words


class _Turn(enum.Enum):
    PLAYED = "played"
    UNDONE = "undone"
    QUIT = "quit"


class HumanGame:
    """A game with human seats, played at the terminal.

    ``perspective`` is the seat whose events are shown (the ``--seat``, or the first human).
    When several seats are human (``human`` in ``--bots``: hot-seat play on one device), the
    events shown are the public ones, each seat sees its own view on its turn only, and before
    a turn passes to another human seat the screen is cleared (on a terminal) and the game
    waits for Enter: "pass the device". A turn with one legal action is played at once and
    said so, unless ``confirm_forced``. ``read`` returns a line, or ``None`` at the end of
    input; Ctrl-C (:class:`KeyboardInterrupt`) is left to the caller.
    """

    def __init__(
        self,
        table: Table[Any, Any, Any],
        perspective: Seat,
        *,
        save: Path | None = None,
        read: Callable[[str], str | None] | None = None,
        confirm_forced: bool = False,
    ) -> None:
        self.table = table
        self.perspective = perspective
        self.save = save
        self.confirm_forced = confirm_forced
        self._read = read if read is not None else _prompt
        self._since = len(table.actions)
        self._hot_seat = len(table.human_seats) > 1
        self._facing: Seat | None = None  # the human seat the screen last showed a hand to

    def run(self) -> bool:
        """Play until the game is over (True) or the human quits (False)."""
        table = self.table
        table.advance()
        while True:
            seat = table.to_act
            forced = seat is not None and self._forced(seat)
            if seat is not None and not forced and not self._face(seat):
                self._quit()
                return False
            self._show_events()
            if seat is None:
                break
            if forced:
                self._play_forced(seat)
                table.advance()
                continue
            self._show_turn(seat)
            turn = self._turn(seat)
            if turn is _Turn.QUIT:
                self._quit()
                return False
            table.advance()
        click.echo("")
        you = None if self._hot_seat else self.perspective
        for line in outcome_lines(table.game, table.outcome, seat=you):
            click.echo(line)
        return True

    def _forced(self, seat: Seat) -> bool:
        return not self.confirm_forced and len(self.table.legal_actions(seat)) == 1

    def _play_forced(self, seat: Seat) -> None:
        (action,) = self.table.legal_actions(seat)
        if self._hot_seat and seat != self._facing:
            # The screen faces another human: the move is told by the public events only.
            click.echo(f"Seat {seat} had one legal action; played it for them.")
        else:
            click.echo(
                f"Seat {seat}: {describe(action)} is the only legal action; played it for you."
            )
        self.table.play(seat, action)

    def _face(self, seat: Seat) -> bool:
        """In hot-seat play, hide the screen from the last seat and wait until ``seat`` has
        the device (False if the input ended)."""
        if not self._hot_seat or seat == self._facing:
            return True
        if self._facing is not None:
            click.clear()  # only on a terminal: piped output keeps its lines
            click.echo("\n" * 3, nl=False)
        line = self._read(f"Pass the device to seat {seat}, then press Enter (seat {seat})>")
        if line is None or line.strip().lower() in ("q", "quit", "exit"):
            return False
        self._facing = seat
        return True

    def _show_events(self) -> None:
        table = self.table
        actions = table.actions
        shown = -1
        viewer = None if self._hot_seat else self.perspective
        for index, event in table.events(viewer, self._since):
            if index != shown and isinstance(actions[index], Shuffle):
                click.echo("")  # a new deal
            shown = index
            click.echo(describe(_without_hand(event)))
        self._since = len(table.actions)

    def _show_turn(self, seat: Seat) -> None:
        table = self.table
        game = table.game
        view = table.view(seat)
        click.echo("")
        click.echo(renderer_for(game).describe_view(view))
        legal = self._legal(seat)
        items = [f"{number}) {describe(action)}" for number, action in enumerate(legal, 1)]
        lines: list[str] = []
        for item in items:
            if lines and len(lines[-1]) + 3 + len(item) <= _WRAP:
                lines[-1] += "   " + item
            else:
                lines.append("  " + item)
        click.echo(f"Seat {seat}, your move:")
        for line in lines:
            click.echo(line)

    def _legal(self, seat: Seat) -> tuple[Any, ...]:
        table = self.table
        return order_legal(table.game, table.view(seat), table.legal_actions(seat))

    def _turn(self, seat: Seat) -> _Turn:
        """Read lines until an action is played, an undo is done or the human quits."""
        table = self.table
        while True:
            line = self._read(f"seat {seat}>")
            if line is None:
                click.echo("")
                return _Turn.QUIT
            command, _, rest = line.strip().partition(" ")
            command = command.lower()
            if command in ("q", "quit", "exit"):
                return _Turn.QUIT
            if command in ("?", "h", "help"):
                click.echo(HELP)
                continue
            if command in ("v", "view"):
                self._show_turn(seat)
                continue
            if command in ("s", "save"):
                self._save(rest.strip())
                continue
            if command in ("u", "undo") and not rest.strip():
                if self._undo(seat):
                    return _Turn.UNDONE
                continue
            try:
                action = self._parse(line, seat)
                table.play(seat, action)
            except (ValueError, IllegalActionError) as error:
                click.echo(str(error))
                continue
            return _Turn.PLAYED

    def _parse(self, line: str, seat: Seat) -> Any:
        legal = self._legal(seat)
        text = line.strip()
        if text.startswith("{"):
            action = from_json(text, self.table.game.action_type)
            if action not in legal:
                raise ValueError(f"{describe(action)} is not a legal action here")
            return action
        return match_action(text, legal)

    def _undo(self, seat: Seat) -> bool:
        """Take back ``seat``'s last move and what followed, told as ``seat`` saw it (its
        events, never the actions themselves: a discard or a card given face down by another
        seat stays hidden, issue 21.1)."""
        table = self.table
        actors = table.history().actors
        last = next((i for i in range(len(actors) - 1, -1, -1) if actors[i] == seat), None)
        own = table.actions[last] if last is not None else None
        seen = [event for index, event in table.events(seat, last or 0) if index != last]
        try:
            table.undo(seat)
        except TableError as error:
            click.echo(f"cannot undo: {error}")
            return False
        self._since = len(table.actions)
        click.echo(undo_text(seat, own, seen))
        return True

    def _save(self, where: str) -> None:
        path = Path(where) if where else self.save
        if path is None:
            click.echo("where to? type: save FILE (or start the game with --save FILE)")
            return
        try:
            save_replay(self.table, path)
        except CliError as error:
            click.echo(error.message)

    def _quit(self) -> None:
        table = self.table
        humans = set(table.human_seats)
        moves = sum(1 for actor in table.history().actors if actor in humans)
        whose = "the human seats'" if self._hot_seat else "your"
        click.echo(f"You left the game after {moves} of {whose} moves.")
        for line in outcome_lines(table.game, table.outcome):
            click.echo(line)


def undo_text(seat: Seat, action: Any, events: Sequence[Any]) -> str:
    """What an undo took back, in words: ``seat``'s own ``action``, then what followed it as
    ``seat`` saw it (``events``: that seat's events of the later actions, see
    :meth:`~trickcore.Table.events`), one line each, then ``"Your turn again."``. Built from
    events, never from the later actions, so nothing hidden from ``seat`` is named."""
    lines = [f"Took back seat {seat}'s move: {describe(action)}."]
    if events:
        lines[0] = lines[0][:-1] + ", and what followed it:"
        lines += [f"  {describe(event)}" for event in events]
    lines.append("Your turn again.")
    return "\n".join(lines)


def bot_failure_text(error: BotError) -> str:
    """What a human player is told when a bot at the table fails: who and how, never the
    bot's own words (an illegal answer lists the bot's legal actions, its cards; an exception's
    text may name them too; issue 21.1). A game of bots only shows the whole message."""
    who = f"seat {error.seat} ({error.bot})" if error.seat is not None else "a bot"
    message = str(error)
    if "which is not legal" in message:
        how = "answered with an action that is not legal"
    elif "over the time limit" in message:
        how = "took longer than the time limit"
    elif error.__cause__ is not None:
        how = f"failed with {type(error.__cause__).__name__}"
    else:
        how = "failed"
    return (
        f"{who} {how}: the game cannot go on (the bot's own message is not shown to a "
        f"player: it may name the bot's cards)"
    )


def _without_hand(event: Any) -> Any:
    """``event`` without the seat's ``hand`` (a deal's, All Fours' run of the pack): the seat's
    view shows the hand, sorted, on each of its turns, so the hand is not printed twice for
    one deal (issue 21.8)."""
    if isinstance(event, msgspec.Struct) and getattr(event, "hand", None) is not None:
        try:
            return msgspec.structs.replace(event, hand=None)
        except (TypeError, ValueError):  # a field that cannot be None: keep the event
            return event
    return event


def _prompt(text: str) -> str | None:
    """One line from the terminal after ``text``, or ``None`` at the end of input (Ctrl-D).

    Ctrl-C raises :class:`KeyboardInterrupt` (the caller saves the game and exits 130)."""
    click.echo(f"{text} ", nl=False)
    try:
        return input()
    except EOFError:
        return None
