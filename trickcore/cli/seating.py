"""Turning ``play``'s arguments into a game, seats and a seed (DESIGN 9).

``--bots`` accepts, for a game of N seats:

* one name per seat, in seat order (with ``--seat``, that seat's entry is ignored);
* with ``--seat``, N - 1 names: one per other seat, in seat order;
* one name for every bot seat.

``human`` in the list marks a human seat. Without ``--bots`` every seat but ``--seat`` gets
the default bot: ``heuristic`` if it plays the game, else ``random``, else the first bot that
does.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from typing import Any

from trickcore.cli.errors import CliUsageError
from trickcore.errors import OptionError, TrickcoreError
from trickcore.game import AnyGame, GameFactory
from trickcore.kit.options import example_text, options_info
from trickcore.plugins import PluginHost, bind_options
from trickcore.rng import MAX_SEED_BITS, seed_problem

__all__ = [
    "DEFAULT_BOTS",
    "HUMAN",
    "fresh_seed",
    "load_game",
    "parse_options",
    "parse_seed",
    "plan_seats",
]

HUMAN = "human"
"""The name that marks a human seat in ``--bots``."""

DEFAULT_BOTS = ("heuristic", "random")
"""The bots tried, in order, for seats ``--bots`` does not fill."""

_INTEGER = re.compile(r"[+-]?[0-9]+")
_SEED_DIGITS = 78
"""The most digits of an integer seed below ``2**MAX_SEED_BITS`` (``len(str(2**256))``)."""


def parse_seed(text: str | None) -> int | str | None:
    """``--seed``: an integer when it reads as one (``"7"`` -> 7), else the text itself."""
    if text is None:
        return None
    text = text.strip()
    if not text:
        raise CliUsageError("--seed cannot be empty")
    if not _INTEGER.fullmatch(text):
        return text
    digits = len(text.lstrip("+-"))
    if digits > _SEED_DIGITS:  # before int(), which refuses more than 4,300 digits
        raise CliUsageError(
            f"--seed: an integer seed may have at most {MAX_SEED_BITS} bits ({_SEED_DIGITS} "
            f"digits); this one has {digits:,} digits"
        )
    seed = int(text)
    if (problem := seed_problem(seed)) is not None:
        raise CliUsageError(f"--seed: {problem}")
    return seed


def fresh_seed() -> int:
    """A new random seed (from the operating system), for a game without ``--seed``."""
    return secrets.randbelow(10**9)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``--option KEY=VALUE`` items as a dict of text values (bound by :func:`load_game`)."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise CliUsageError(f"--option expects KEY=VALUE (e.g. target=5), not {pair!r}")
        if key in options:
            raise CliUsageError(f"--option {key} is given twice")
        options[key] = value.strip()
    return options


def load_game(host: PluginHost, name: str, options: dict[str, Any] | None = None) -> AnyGame:
    """The game ``name`` bound to ``options`` given as text (``{"deck": "32"}``).

    An unknown game or option, or a bad value, raises :class:`CliUsageError` with the
    message of trickcore's error (it lists the games, or the options and their defaults as
    they are typed); a bad value's message shows an ``--option`` that would be accepted.
    """
    try:
        factory = host.game_factory(name)
        bound = bind_options(factory, options or {}, from_text=True)
        return factory(bound)
    except OptionError as error:
        raise CliUsageError(_with_failures(_with_example(error, factory), host)) from None
    except (TrickcoreError, ValueError) as error:
        raise CliUsageError(_with_failures(str(error), host)) from None


def _with_example(error: OptionError, factory: GameFactory) -> str:
    """``error``'s message with, after the refused value, an ``--option`` that works."""
    message = str(error)
    info = next((i for i in options_info(factory.options_type) if i.name == error.option), None)
    if info is None:
        return message
    example = f" (e.g. --option {info.name}={example_text(info)})"
    head, separator, tail = message.partition("; options: ")
    return f"{head}{example}{separator}{tail}"


def _with_failures(message: str, host: PluginHost) -> str:
    failed = host.failures
    if not failed:
        return message
    names = ", ".join(failure.plugin for failure in failed)
    return f"{message} (plugins that failed to load: {names}; see 'trickcore plugins')"


def _default_bot(host: PluginHost, game: AnyGame) -> str:
    names = [bot.name for bot in host.bots(game.name)]
    for name in DEFAULT_BOTS:
        if name in names:
            return name
    if names:
        return names[0]
    raise CliUsageError(
        _with_failures(f"no bot plays {game.name}: install a bot plugin, or play every seat", host)
    )


def _check_bot(host: PluginHost, game: AnyGame, name: str) -> str:
    if name == HUMAN:
        return name
    known = [bot.name for bot in host.bots(game.name)]
    if name not in known:
        listed = ", ".join(known) or "none"
        raise CliUsageError(
            _with_failures(
                f"unknown bot {name!r} for {game.name}; bots for {game.name}: {listed} "
                f"(or {HUMAN!r} for a human seat)",
                host,
            )
        )
    return name


def plan_seats(
    host: PluginHost, game: AnyGame, *, seat: int | None, bots: str | None
) -> list[str | None]:
    """What sits at each seat: a bot name, or ``None`` for a human (see the module doc)."""
    count = game.seats
    if seat is not None and not 0 <= seat < count:
        raise CliUsageError(f"--seat must be a seat of {game.name}: 0 to {count - 1}, not {seat}")
    others = [s for s in range(count) if s != seat]
    if bots is None:
        default = _default_bot(host, game)
        names: list[str] = [default] * count
    else:
        given = [name.strip().lower() for name in bots.split(",")]
        if any(not name for name in given):
            raise CliUsageError(f"--bots has an empty name: {bots!r}")
        if len(given) == 1:
            names = given * count
        elif len(given) == count:
            names = given
        elif seat is not None and len(given) == count - 1:
            names = [HUMAN] * count
            for other, name in zip(others, given, strict=True):
                names[other] = name
        else:
            extra = f", or {count - 1} (one per seat but --seat {seat})" if seat is not None else ""
            raise CliUsageError(
                f"--bots lists {len(given)} names; {game.name} needs 1 (for every bot seat), "
                f"{count} (one per seat){extra}"
            )
        for other in others:
            _check_bot(host, game, names[other])
    plan: list[str | None] = [None if name == HUMAN else name for name in names]
    if seat is not None:
        plan[seat] = None
    return plan
