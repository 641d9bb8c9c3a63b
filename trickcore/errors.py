"""The exception hierarchy. Every error trickcore raises on purpose is a :class:`TrickcoreError`.

Each subclass also derives from the closest built-in exception (``ValueError``, ``KeyError``
…) so that generic handlers keep working. Messages name what was wrong and what was expected.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BotError",
    "CardError",
    "DecodeError",
    "EgnError",
    "IllegalActionError",
    "InvalidStateError",
    "InvalidViewError",
    "MatchError",
    "OptionError",
    "PluginError",
    "ReplayMismatchError",
    "SealError",
    "TableError",
    "TrickcoreError",
    "UnknownBotError",
    "UnknownGameError",
    "WrongSeatError",
]


class TrickcoreError(Exception):
    """Base class of every error raised by trickcore and its games."""


class CardError(TrickcoreError, ValueError):
    """Text that is not a card."""


class UnknownGameError(TrickcoreError, LookupError):
    """No game of that name is registered; the message lists the games that are."""


class UnknownBotError(TrickcoreError, LookupError):
    """No bot of that name is registered for the game; the message lists the bots that are."""


class OptionError(TrickcoreError, ValueError):
    """An unknown option, or an option with a value the game does not allow.

    :attr:`option` names the option whose value was refused, where there is one.
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class IllegalActionError(TrickcoreError, ValueError):
    """An action that is not legal in the state it was applied to. Nothing changed.

    :attr:`seat` is the seat whose turn it was (``None`` for chance or a finished game),
    :attr:`action` the action refused and :attr:`legal` the legal actions (empty where they
    cannot be listed, such as a shuffle).
    """

    def __init__(
        self,
        message: str,
        *,
        seat: object = None,
        action: object = None,
        legal: Sequence[object] = (),
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.action = action
        self.legal = tuple(legal)


class WrongSeatError(IllegalActionError):
    """An action offered for a seat whose turn it is not, or for a seat a bot plays
    (:meth:`trickcore.Table.play`). The message says who is to act; :attr:`seat` is that seat
    (``None`` for chance or a finished game)."""


class DecodeError(TrickcoreError, ValueError):
    """Malformed JSON or MessagePack, or data of the wrong shape for the requested type."""


class EgnError(DecodeError):
    """An EGN (Euchre Game Notation) file that :func:`trickcore.egn.loads` cannot turn into a
    replay, or a replay :func:`trickcore.egn.dumps` cannot write: malformed JSON, a rule the
    engine does not play, a deal that cannot be recovered. The message names what is wrong."""


class InvalidStateError(TrickcoreError, ValueError):
    """A state that no legal game can reach (a card twice, wrong hand sizes, a phase mismatch)."""


class InvalidViewError(TrickcoreError, ValueError):
    """A view that no reachable state shows its seat (a card both held and played, hand sizes
    that do not add up, a seat not at the table …): :func:`trickcore.validate_view` and
    ``determinize`` refuse it, naming the defect. :attr:`seat` is the view's seat, where it is
    one."""

    def __init__(self, message: str, *, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat


class SealError(TrickcoreError, ValueError):
    """A sealed token that cannot be opened (:func:`trickcore.unseal`): signed with none of the
    keys given, altered, truncated, not a token at all, of another format version, or sealed
    for another game or options than the one expected. Also a key that is not acceptable."""


class PluginError(TrickcoreError, RuntimeError):
    """A plugin failed to load or register (raised in strict mode, recorded otherwise)."""


class BotError(TrickcoreError, RuntimeError):
    """A bot crashed, answered with an illegal action, or broke its contract.

    :attr:`seat` is the bot's seat and :attr:`bot` its label, where known.
    """

    def __init__(self, message: str, *, seat: int | None = None, bot: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.bot = bot


class TableError(TrickcoreError, ValueError):
    """A table set up or used the wrong way: the wrong number of seats, a seat that does not
    exist, an undo with nothing to undo, saving an unnamed bot, ``Table.run`` with a human
    seat."""


class MatchError(TrickcoreError, ValueError):
    """A match set up the wrong way (``games`` below 1), or an out file that does not belong to
    the match (another game, options, seed or bots) or cannot be read."""


class ReplayMismatchError(TrickcoreError, ValueError):
    """A replay that does not reproduce: :attr:`index` is the first action that diverged."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
