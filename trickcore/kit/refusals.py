"""The words of a refusal in a game on the kit: the errors
:class:`~trickcore.kit.TrickGame` raises for bad input, apart from its rules, whose methods
call these:

* :func:`illegal`, the :class:`~trickcore.errors.IllegalActionError` for an action that is
  not legal, naming the seat, the action, the phase, why and the legal actions;
* :func:`no_chance`, the same error when a chance action is asked for and none is due;
* :func:`invalid_state`, the :class:`~trickcore.errors.InvalidStateError` naming every problem
  of a state.

They ask the game what it knows (``actor``, ``legal_actions``, ``chance_text``) through its
methods, so a game's own answers go into the text. Callers and tests match these texts: a
change of wording is a change users see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from trickcore.errors import IllegalActionError, InvalidStateError
from trickcore.game import CHANCE, action_text

if TYPE_CHECKING:
    from trickcore.kit.base import TrickGame

__all__ = ["illegal", "invalid_state", "no_chance", "phase_name"]


def illegal(
    game: TrickGame[Any, Any, Any, Any], state: Any, action: object, why: str = ""
) -> IllegalActionError:
    """:meth:`TrickGame.illegal <trickcore.kit.TrickGame.illegal>`: the error for ``action``,
    not legal in ``state``, naming the seat, the action, the phase (:func:`phase_name`),
    ``why`` and the legal actions (``game.chance_text`` when chance owes a shuffle, which
    cannot be listed), and carrying them as attributes."""
    actor = game.actor(state)
    shown = action_text(action)
    if actor is None:
        return IllegalActionError(
            f"the game is over; no action is legal (got {shown})", action=action
        )
    legal = game.legal_actions(state)
    who = "chance" if actor is CHANCE else f"seat {actor}"
    phase = phase_name(state)
    where = "" if phase is None else f" in the {phase} phase"
    listed = ", ".join(str(a) for a in legal) if legal else game.chance_text(state)
    reason = f": {why}" if why else ""
    return IllegalActionError(
        f"{shown} is not legal for {who}{where}{reason}; legal: {listed}",
        seat=None if actor is CHANCE else actor,  # IllegalActionError.seat: None for chance
        action=action,
        legal=legal,
    )


def no_chance(game: TrickGame[Any, Any, Any, Any], state: Any) -> IllegalActionError:
    """:meth:`TrickGame.no_chance <trickcore.kit.TrickGame.no_chance>`: the error of
    ``sample_chance`` when chance is not to act, naming the phase and carrying the seat
    that is (``None`` once the game is over)."""
    phase = phase_name(state)
    where = "no chance" if phase is None else f"the game is in the {phase} phase"
    return IllegalActionError(f"no chance action is due: {where}", seat=game.actor(state))


def invalid_state(
    game: TrickGame[Any, Any, Any, Any], problems: Sequence[str]
) -> InvalidStateError:
    """The error of :meth:`TrickGame.validate <trickcore.kit.TrickGame.validate>` for a state
    of ``game`` with ``problems`` (one at least), naming each."""
    return InvalidStateError(f"invalid {game.name} state: " + "; ".join(problems))


def phase_name(state: object) -> str | None:
    """The name of ``state``'s phase, the text value of its ``phase`` field; ``None`` for a
    state without one, or with a phase that has no text value."""
    phase = getattr(getattr(state, "phase", None), "value", None)
    return phase if isinstance(phase, str) else None
