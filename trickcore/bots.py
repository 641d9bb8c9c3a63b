"""The bot contract: a bot sees a view and the legal actions, never the state (DESIGN 6).

A bot is built per seat from a :class:`BotSpec` carrying the bound game, the seat, the bot's own
random stream (derived from the table seed, so a match replays exactly) and its options.
Budgets are counted in iterations or simulations, never in wall-clock time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

import msgspec

from trickcore.errors import TableError
from trickcore.game import AnyGame, Seat
from trickcore.rng import Rng

__all__ = ["Bot", "BotFactory", "BotSpec", "check_bot_options"]


class BotSpec(msgspec.Struct, frozen=True):
    """Everything a bot is built from: ``BotSpec(game, seat, rng, options)`` (a frozen struct,
    built once per bot and table, so it is cheap to make)."""

    game: AnyGame
    """The game, bound to its options (for ``legal_actions``, ``determinize`` … on views)."""
    seat: Seat
    """The seat the bot plays."""
    rng: Rng
    """The bot's own stream; drawing from it never changes the deals."""
    options: Mapping[str, Any] = msgspec.field(default_factory=dict)
    """Bot-specific settings (e.g. a search budget), as given by the user."""


V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")


class Bot(Protocol[V_contra, A]):
    """A player of views ``V`` and actions ``A``: picks one of the legal actions from what its
    seat may see. ``Bot[EuchreView, EuchreAction]`` plays Euchre; a bot that never reads the
    view may take ``object``."""

    def act(self, view: V_contra, legal: tuple[A, ...]) -> A:
        """Return one action of ``legal`` (anything else is refused as cheating).

        A bot that never reads the view may say so with a class attribute ``reads_view =
        False``: tables then hand it ``None`` instead of building a view for every move (so
        its ``act`` must accept ``object``)."""
        ...


class BotFactory(Protocol):
    """What a bot plugin registers: usually the bot class itself."""

    # Plain members, not ClassVar: mypy never matches a class object against ClassVar protocol
    # members, so ``register(MyBot)`` would not type-check (GameFactory does the same).
    name: str
    """The registry name, e.g. ``"random"``."""
    description: str
    """One line for ``trickcore bots``."""
    games: tuple[str, ...] | None
    """The games it plays, or ``None`` for every game."""

    def __call__(self, spec: BotSpec) -> Bot[Any, Any]: ...


def check_bot_options(
    given: Mapping[str, Mapping[str, Any]] | None,
) -> dict[str, dict[str, Any]]:
    """Options per bot name (``{"pimc": {"iterations": 200}}``) as plain dicts, or
    :class:`~trickcore.errors.TableError` for anything but bot names mapped to option mappings
    with text keys."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise TableError(f"bot_options must map bot names to their options, not {given!r}")
    checked: dict[str, dict[str, Any]] = {}
    for name, options in given.items():
        if not isinstance(name, str) or not isinstance(options, Mapping):
            raise TableError(
                f"bot_options must map bot names to option mappings, not {name!r}: {options!r}"
            )
        if not all(isinstance(key, str) for key in options):
            raise TableError(f"the options of bot {name!r} must have text names: {options!r}")
        checked[name] = dict(options)
    return checked
