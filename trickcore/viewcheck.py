"""Views from outside: whether a view is one that some reachable state shows its seat.

A remote bot, a client or a file hands in a view; nothing says it is honest. A view is
*consistent* when a state that a legal game reaches shows exactly that view to the view's seat.
:func:`validate_view` decides it with the game's own pieces, so it holds for every game:

1. cheap checks of the shape first: the view is exactly of the game's ``view_type``, field by
   field (:func:`trickcore.typecheck.type_problem`), and its ``seat`` is a seat at the table;
   a game may add its own (a kit game checks the hand sizes, :meth:`TrickGame.view_problems
   <trickcore.kit.TrickGame.view_problems>`);
2. a *witness*: one state drawn by the game's ``determinize`` from the view, from a fixed
   stream (:data:`WITNESS_STREAM`);
3. the witness must pass ``game.validate`` (a legal game reaches it) and show the view back:
   ``game.view(witness, seat) == view``.

A consistent view passes: ``determinize`` returns, for any view of a reachable state, a
reachable state showing that view (the conformance kit checks it,
:func:`trickcore.testing.check_game`). An inconsistent view fails: were the witness reachable
and showing the view, the view would be consistent. So the verdict is exact as far as the
game's ``validate`` is. Every failure on the way (``determinize`` finding no deal, a check of the
witness, anything the game raises on a malformed view) becomes one
:class:`~trickcore.errors.InvalidViewError` naming the defect.

``determinize`` makes a lighter check once per view object, when it prepares its draws
(:func:`checked_draws` without ``full``; kit games do it through
:meth:`TrickGame.checked_views <trickcore.kit.TrickGame.checked_views>`): the shape, the
witness and the view shown back, but neither the deep type check nor ``validate``, which cost
as much as a few dozen draws. So a view that ``determinize`` cannot serve is refused with the
same error, and a search bot drawing many states from one view pays little for the check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

from trickcore.errors import InvalidStateError, InvalidViewError
from trickcore.game import AnyGame
from trickcore.rng import Rng
from trickcore.typecheck import type_problem

__all__ = [
    "WITNESS_STREAM",
    "ViewValidator",
    "checked_draws",
    "validate_view",
    "view_shape_problems",
]

S = TypeVar("S")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

WITNESS_STREAM = ("trickcore", "validate_view")
"""The path of the stream (``Rng(0, *WITNESS_STREAM)``) the witness state is drawn from: fixed,
so that a view's verdict never depends on a caller's stream and never draws from it."""

_SHOWN = 120  # characters of a value shown in a message


@runtime_checkable
class ViewValidator(Protocol[V_contra]):
    """A game with its own ``validate_view`` (optional; every kit game has one): the same
    verdict as :func:`validate_view`, usually sharing the work with ``determinize``."""

    def validate_view(self, view: V_contra) -> None:
        """Raise :class:`~trickcore.errors.InvalidViewError` unless a reachable state shows
        ``view`` to its seat."""
        ...


def validate_view(game: AnyGame, view: object) -> None:
    """Raise :class:`~trickcore.errors.InvalidViewError`, naming the defect, unless some state
    that a legal game of ``game`` reaches shows exactly ``view`` to ``view.seat``: a view a
    client or a remote bot sent, decoded with ``trickcore.from_json(data, game.view_type)``.

    The game's own ``validate_view`` when it has one (:class:`ViewValidator`), else the
    generic check of the module text through ``game.determinize``."""
    if isinstance(game, ViewValidator):
        game.validate_view(view)
        return
    checked_draws(game, view, lambda view: partial(game.determinize, view))


def checked_draws(
    game: Any,
    view: V,
    prepare: Callable[[V], Callable[[Rng], S]],
    *,
    shape: Callable[[V], Iterable[str]] | None = None,
    full: bool = True,
    skeleton: Callable[[V], S] | None = None,
    shows_back: Callable[[V], bool] | None = None,
) -> Callable[[Rng], S]:
    """``prepare(view)``, the game's draws of states agreeing with ``view`` (a function of the
    stream), once ``view`` is shown consistent as the module text says; otherwise
    :class:`~trickcore.errors.InvalidViewError`. ``shape`` adds the game's cheap checks of the
    view's shape, run before anything is drawn.

    Without ``full``, the check is the one ``determinize`` makes, once per view object
    (:class:`~trickcore.kit.hidden.LastView`): it proves that the draws serve the view (of the
    view type's class, a seat at the table, the game's checks of shape, cards that can be
    dealt, a witness that shows the view back), but neither that every field deep inside
    the view has its exact type nor that a legal game reaches the view's public part (the
    scores, the tricks, the bids): the witness is not given to ``game.validate``. Those two
    cost as much as a few dozen draws (``validate`` plays the hand again), too much for a
    search bot, which draws a few dozen states from each view.

    ``skeleton`` (without ``full`` only): a state with the view's public part and hidden parts
    of the right sizes but arbitrary cards, shown back instead of a witness drawn from the
    draws, for a game whose ``prepare`` itself raises when no deal fits the view (the kit's
    :meth:`~trickcore.kit.hidden.Projection.unseen_dealer` does) and whose views show the
    hidden parts by their sizes alone (:meth:`~trickcore.kit.hidden.Projection.skeleton`):
    the same verdict as the witness, without a draw (a fresh view then costs ``determinize``
    little more than a draw). The skeleton's argument holds for every draw too, so those
    draws are returned as they are, not each shown back (:func:`_shown_back`) as a witness's
    are: a search bot's repeated samples pay nothing for the check. ``shows_back`` (with
    ``skeleton`` only): whether the skeleton shows the view back, told without building it
    (:meth:`~trickcore.kit.hidden.Projection.shows_back`); when it says no or raises, the
    skeleton is built and compared as without it, so the verdict is the same."""
    problems = view_shape_problems(game, view, deep=full)
    if not problems and shape is not None:
        problems = list(shape(view))
    if problems:
        raise _refused(game, view, "; ".join(problems))
    seat: int = getattr(view, "seat")  # noqa: B009 - checked: an int, a seat at the table
    try:
        draw = prepare(view)
    except Exception as error:  # any failure on a view that no deal fits names the view
        raise _refused(game, view, f"no state fits it ({_error_text(error)})") from None
    if (
        skeleton is not None
        and not full
        and shows_back is not None
        and _shown_cheaply(shows_back, view)
    ):
        return draw
    try:
        if skeleton is not None and not full:
            witness = skeleton(view)
        else:
            witness = draw(Rng(0, *WITNESS_STREAM))
    except Exception as error:  # any failure on a view that no deal fits names the view
        raise _refused(game, view, f"no state fits it ({_error_text(error)})") from None
    if full:
        try:
            game.validate(witness)
        except InvalidStateError as error:
            raise _refused(
                game, view, f"the states it implies are not reachable: {error}"
            ) from None
        except Exception as error:
            why = f"the states it implies cannot be checked: {_error_text(error)}"
            raise _refused(game, view, why) from None
    try:
        shown = game.view(witness, seat)
    except Exception as error:
        raise _refused(game, view, f"no state shows it: {_error_text(error)}") from None
    if shown != view:
        raise _refused(
            game, view, "no reachable state shows it: " + "; ".join(_differences(view, shown))
        )
    if skeleton is not None and not full:
        # Every draw agrees with the skeleton in all the view shows (the public part, the
        # sizes, the seat's own entry), so it shows the view back as the skeleton did.
        return draw
    return partial(_shown_back, game, view, seat, draw)


def _shown_cheaply(shows_back: Callable[[V], bool], view: V) -> bool:
    """``shows_back(view)``, ``False`` when it raises (a malformed view: the skeleton's view
    then names what is wrong)."""
    try:
        return shows_back(view)
    except Exception:  # any failure: decided the long way
        return False


def _shown_back(game: Any, view: V, seat: int, draw: Callable[[Rng], S], rng: Rng) -> S:
    """A state drawn by ``draw`` that shows ``view`` back to ``seat``, or
    :class:`~trickcore.errors.InvalidViewError`: the witness of :func:`checked_draws` shows a
    view back, but a forged view may still be served by some draws and not by others."""
    try:
        state = draw(rng)
    except Exception as error:  # a draw that finds no deal: the view is at fault
        raise _refused(game, view, f"no state fits it ({_error_text(error)})") from None
    shown = game.view(state, seat)
    if shown != view:
        raise _refused(
            game,
            view,
            "a state drawn from it shows another view: " + "; ".join(_differences(view, shown)),
        )
    return state


def view_shape_problems(game: AnyGame, view: object, *, deep: bool = True) -> list[str]:
    """The problems of ``view``'s shape that need no state: not exactly of ``game.view_type``
    (a field of the wrong type, built in Python or decoded from another game's data; without
    ``deep``, only the view's own class is checked), or a ``seat`` that is not at the table.
    Empty for a well-shaped view."""
    if deep:
        problem = type_problem(view, game.view_type)
    elif type(view) is not game.view_type:
        problem = f"expected a {game.view_type.__name__}, got {type(view).__name__}"
    else:
        problem = None
    if problem is not None:
        return [f"not a {game.name} view: {problem}"]
    seat = getattr(view, "seat", None)
    if type(seat) is not int or not 0 <= seat < game.seats:
        return [f"seat {_shown(seat)} is not at the table (seats 0-{game.seats - 1})"]
    return []


def _refused(game: AnyGame, view: object, why: str) -> InvalidViewError:
    seat = getattr(view, "seat", None)
    seat = seat if type(seat) is int and 0 <= seat < game.seats else None
    whose = f"seat {seat}'s" if seat is not None else "a"
    return InvalidViewError(f"{whose} {game.name} view is inconsistent: {why}", seat=seat)


def _differences(view: object, shown: object) -> list[str]:
    if not isinstance(view, msgspec.Struct) or type(view) is not type(shown):
        return [f"it differs from {_shown(shown)}"]
    return [
        f"{name} is {_shown(getattr(view, name))}, a state agreeing with the rest shows "
        f"{_shown(getattr(shown, name))}"
        for name in view.__struct_fields__
        if getattr(view, name) != getattr(shown, name)
    ] or ["it differs from the view of a state agreeing with it"]


def _shown(value: object) -> str:
    """``repr(value)``, shortened; never raises (an int too long to print is named so)."""
    try:
        text = repr(value)
    except Exception:  # an int of thousands of digits, a value whose repr fails
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _error_text(error: BaseException) -> str:
    try:
        text = str(error) or type(error).__name__
    except Exception:  # an error whose message cannot be built
        text = type(error).__name__
    return text if len(text) <= 4 * _SHOWN else text[: 4 * _SHOWN - 1] + "…"
