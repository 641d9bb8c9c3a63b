"""Formatting helpers shared by the commands: aligned columns, hands, actions and results.

Everything here works for any game: what a game does not provide (a ``hand`` in its view, a
renderer to sort it, see :mod:`trickcore.render`) is simply left out.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence
from typing import Any

from trickcore.game import AnyGame, Outcome, Seat
from trickcore.history import describe_action
from trickcore.kit.options import describe_allowed, options_info, value_text
from trickcore.render import menu_order, renderer_for

__all__ = [
    "columns",
    "describe",
    "hand_of",
    "hand_order",
    "option_lines",
    "order_legal",
    "outcome_lines",
    "seat_counts_text",
    "seats_text",
    "side_text",
    "terminal_width",
]


def columns(rows: Sequence[Sequence[str]], gap: str = "  ", width: int = 0) -> list[str]:
    """``rows`` as lines with every column but the last padded to its widest cell.

    With a ``width`` (a terminal's, see :func:`terminal_width`), no line is longer: a last
    cell that does not fit goes on in lines of its own, indented under its start (or, when the
    other columns leave it less than a third of the width, under the row, 4 spaces in).
    """
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    lines = []
    for row in rows:
        cells = [cell.ljust(widths[i]) if i < len(row) - 1 else cell for i, cell in enumerate(row)]
        line = gap.join(cells).rstrip()
        if width <= 0 or len(line) <= width:
            lines.append(line)
            continue
        head = gap.join(cells[:-1]) + gap
        indent = len(head) if width - len(head) >= width // 3 else 4
        first = head if indent == len(head) else head.rstrip() + "\n" + " " * indent
        wrapped = textwrap.wrap(cells[-1], width - indent, break_on_hyphens=False) or [""]
        text = first + ("\n" + " " * indent).join(wrapped)
        lines.extend(text.split("\n"))
    return lines


def terminal_width() -> int:
    """The width of the terminal standard output goes to (``COLUMNS`` if set), or 0 when it
    goes elsewhere (a pipe, a file): then lines are not wrapped."""
    return shutil.get_terminal_size(fallback=(0, 0)).columns


def seat_counts_text(counts: Sequence[int]) -> str:
    """``(4,)`` -> ``"4 seats"``; ``(2, 4)`` -> ``"2 or 4 seats"``."""
    numbers = [str(n) for n in counts]
    if len(numbers) <= 1:
        listed = "".join(numbers) or "?"
    else:
        listed = ", ".join(numbers[:-1]) + " or " + numbers[-1]
    return f"{listed} seat{'' if numbers == ['1'] else 's'}"


def option_lines(options_type: type[Any]) -> list[str]:
    """A game's options, two lines each: ``name=default`` and the values allowed (aligned),
    as ``--option`` takes them (see :func:`~trickcore.kit.options.value_text`), then the
    option's description (when it has one), indented."""
    infos = options_info(options_type)
    heads = columns(
        [
            [
                f"{info.name}={value_text(info.default, as_text=True)}",
                describe_allowed(info, as_text=True),
            ]
            for info in infos
        ]
    )
    lines = []
    for info, head in zip(infos, heads, strict=True):
        lines.append(f"  {head}")
        if info.description:
            lines.append(f"      {info.description}")
    return lines


def describe(item: Any) -> str:
    """An action or an event in one line: its ``str()`` if its type defines one, else JSON."""
    return " ".join(describe_action(item).split())


def seats_text(seats: Sequence[Seat]) -> str:
    """``(0, 2)`` -> ``"seats 0 and 2"``; ``(1,)`` -> ``"seat 1"``."""
    numbers = [str(s) for s in seats]
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return "seats " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def side_text(game: AnyGame, side: int) -> str:
    """``"side 0 (seats 0 and 2)"``, or ``"seat 3"`` in a game without partners."""
    seats = tuple(game.sides[side])
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"side {side} ({seats_text(seats)})"


def outcome_lines(game: AnyGame, outcome: Outcome, *, seat: Seat | None = None) -> list[str]:
    """The result: the scores of every side, then the winner (or a draw, or "not finished");
    with ``seat``, a last line saying how that seat did."""
    scores = "; ".join(
        f"{side_text(game, side)}: {score}" for side, score in enumerate(outcome.scores)
    )
    lines = [f"Score: {scores}"]
    if not outcome.finished:
        lines.append("Result: not finished")
    elif outcome.winner is None:
        lines.append("Result: a draw")
    else:
        lines.append(f"Result: {side_text(game, outcome.winner)} won")
    if seat is not None and outcome.finished:
        if outcome.winner is None:
            lines.append(f"You (seat {seat}) drew.")
        elif game.side_of(seat) == outcome.winner:
            lines.append(f"You (seat {seat}) won!")
        else:
            lines.append(f"You (seat {seat}) lost.")
    return lines


def hand_order(game: AnyGame, view: Any) -> tuple[Any, ...] | None:
    """The view's hand in display order (as the game's renderer sorts it), or ``None`` when
    the view has no ``hand``."""
    hand = getattr(view, "hand", None)
    if not isinstance(hand, (tuple, list)):
        return None
    try:
        ordered = tuple(renderer_for(game).sorted_hand(view))
    except Exception:  # a display nicety must never break the game
        return tuple(hand)
    if sorted(map(str, ordered)) == sorted(map(str, hand)):
        return ordered
    return tuple(hand)


def hand_of(game: AnyGame, state: Any, seat: Seat) -> tuple[Any, ...] | None:
    """What ``seat`` holds in ``state`` (for an all-knowing narrator), in display order, or
    ``None`` when the game's view has no ``hand``.

    The hand comes from the seat's view; when the view hides it (a Euchre dealer naming trump
    over a turned-up joker sees no hand, E5) it is read from ``state.hands`` if there is one.
    """
    view = game.view(state, seat)
    ordered = hand_order(game, view)
    if ordered is None:
        return None
    if not ordered:
        hands = getattr(state, "hands", None)
        if isinstance(hands, (tuple, list)) and len(hands) == game.seats:
            return tuple(hands[seat])
    return ordered


def order_legal(game: AnyGame, view: Any, legal: Sequence[Any]) -> tuple[Any, ...]:
    """The legal actions in the order a person expects: actions with a ``card`` in the hand
    follow the hand's display order, after the other actions, which keep the order the game's
    renderer lists them in (see :func:`~trickcore.render.menu_order`)."""
    legal = menu_order(game, view, legal)
    ordered = hand_order(game, view)
    if not ordered:
        return tuple(legal)
    place = {card: i for i, card in enumerate(ordered)}

    def key(item: tuple[int, Any]) -> tuple[int, int]:
        index, action = item
        card = getattr(action, "card", None)
        try:
            position = place.get(card)
        except TypeError:  # an unhashable card
            position = None
        return (0, index) if position is None else (1, position)

    return tuple(action for _, action in sorted(enumerate(legal), key=key))
