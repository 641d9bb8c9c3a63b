"""How a game on the kit draws states for a view (DESIGN 4a): the kit's ``determinize``, apart
from the rules of :class:`~trickcore.kit.TrickGame`, whose methods of the same names call these.

* :func:`draws_for`, the kit's determinizer: the cards the view does not show dealt at random
  to the hidden places (:meth:`~trickcore.kit.hidden.Projection.unseen_dealer`), honouring the
  voids the tricks revealed (:func:`shown_out`) and the cards known held;
* :func:`checked_views`: each new view object checked once before its draws are prepared
  (:func:`fits_at_once` in one walk when the game keeps the kit's checks, else
  :func:`trickcore.viewcheck.checked_draws`, which names the defect), the draws kept for the
  last view;
* the checks themselves: :func:`skeleton`, :func:`skeleton_shows_back`, :func:`view_problems`
  and :func:`validate_view`.

A game overrides the methods (``secret_sizes``, ``voids``, ``seen_and_held``, ``determinizer``,
``view_problems`` ...), never these functions: the methods say what the game is, these how the
kit serves it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

import msgspec

from trickcore.cards import Card, Suit
from trickcore.game import Seat
from trickcore.kit.hidden import LastView
from trickcore.kit.tricks import FollowSuit, Trick, hand_plays, revealed_voids
from trickcore.rng import Rng
from trickcore.viewcheck import checked_draws

if TYPE_CHECKING:
    from trickcore.kit.base import TrickGame

__all__ = [
    "checked_views",
    "draws_for",
    "fits_at_once",
    "plays_twice",
    "shown_out",
    "skeleton",
    "skeleton_shows_back",
    "suits_not_followed",
    "validate_view",
    "view_problems",
]

S = TypeVar("S", bound=msgspec.Struct)
V = TypeVar("V", bound=msgspec.Struct)


def draws_for(game: TrickGame[S, Any, V, Any], view: V, *, kit_voids: bool) -> Callable[[Rng], S]:
    """:meth:`TrickGame.determinizer <trickcore.kit.TrickGame.determinizer>`: before a deal
    every hidden part empty; afterwards the unseen cards dealt to the hidden places
    (:meth:`~trickcore.kit.hidden.Projection.unseen_dealer`) by the game's ``secret_sizes``,
    ``seen_and_held`` and voids (``kit_voids``: the game keeps the kit's ``voids``, then read
    by :func:`shown_out` without an empty set per seat)."""
    shown: Any = view
    projection = game.projection
    if shown.phase is game.draw_phase or shown.phase is game.deal_phase:
        empty = {part.field: ((),) * game.seats for part in projection.per_seat}
        before_deal = projection.state(view, **empty, **dict.fromkeys(projection.secret, ()))
        return lambda rng: before_deal
    trump = getattr(view, "trump", None)
    policy = None if game.policy is None and trump is None else game._policy(trump)
    if kit_voids:
        voids = {} if policy is None else shown_out(game, policy, view)
    else:
        voids = game.voids(view)
    seen, held = game.seen_and_held(view)
    return projection.unseen_dealer(
        view,
        game.pack,
        secret=game.secret_sizes(view),
        voids=voids,
        suit_of=None if policy is None else policy.order.suit_of,
        held=held,
        seen=seen,
    )


def shown_out(
    game: TrickGame[Any, Any, V, Any], policy: FollowSuit, view: V
) -> dict[Seat, set[Suit]]:
    """The suits each seat showed out of in ``view``'s tricks under the follow ``policy``, the
    seats that showed out of nothing left out (:meth:`TrickGame.voids
    <trickcore.kit.TrickGame.voids>` without the empty sets)."""
    shown: Any = view
    if type(policy) is FollowSuit:  # the plain policy: read off the tricks in one pass
        return suits_not_followed(
            policy.order.suit_of, shown.tricks, shown.trick_seats, shown.trick
        )
    plays = hand_plays(shown.tricks, shown.trick_seats, shown.trick)
    return revealed_voids(policy, plays, game.seats)


def checked_views(
    game: TrickGame[S, Any, V, Any],
    prepare: Callable[[V], Callable[[Rng], S]],
    *,
    full: bool,
    served: bool,
    at_once: bool,
    kit_draws: bool,
    kit_voids: bool,
) -> LastView[V, Callable[[Rng], S]]:
    """:meth:`TrickGame.checked_views <trickcore.kit.TrickGame.checked_views>`, told by the
    game's method what it keeps of the kit: ``served``, its draws refuse every view no deal
    fits (then a fresh view is checked by its skeleton); ``at_once``, it keeps every check of
    a fresh view (then :func:`fits_at_once` tells them in one walk); ``kit_draws``, ``prepare``
    is the kit's own determinizer (then called here directly, with ``kit_voids`` as
    :func:`draws_for` takes it)."""
    skeleton_of = game.skeleton if served else None
    shows_back = game.skeleton_shows_back if served else None

    def checked(view: V) -> Callable[[Rng], S]:
        if at_once and fits_at_once(game, view):
            try:
                if kit_draws:
                    return draws_for(game, view, kit_voids=kit_voids)
                return prepare(view)
            except Exception:  # no deal fits: checked_draws names the defect
                pass
        return checked_draws(
            game,
            view,
            prepare,
            shape=game.view_problems,
            full=full,
            skeleton=skeleton_of,
            shows_back=shows_back,
        )

    return LastView(checked)


def skeleton(game: TrickGame[S, Any, V, Any], view: V) -> S:
    """:meth:`TrickGame.skeleton <trickcore.kit.TrickGame.skeleton>`: before a deal every
    hidden part empty, as :func:`draws_for` draws it; afterwards the projection's skeleton."""
    projection = game.projection
    phase = getattr(view, "phase")  # noqa: B009 - mypy knows no field of a generic view
    if phase is game.draw_phase or phase is game.deal_phase:
        empty = {part.field: ((),) * game.seats for part in projection.per_seat}
        return projection.state(view, **empty, **dict.fromkeys(projection.secret, ()))
    return projection.skeleton(view, game.seats, game.pack[0])


def skeleton_shows_back(game: TrickGame[Any, Any, V, Any], view: V) -> bool:
    """:meth:`TrickGame.skeleton_shows_back <trickcore.kit.TrickGame.skeleton_shows_back>`:
    ``False`` before a deal, else :meth:`~trickcore.kit.hidden.Projection.shows_back`."""
    phase = getattr(view, "phase")  # noqa: B009 - mypy knows no field of a generic view
    if phase is game.draw_phase or phase is game.deal_phase:
        return False
    return game.projection.shows_back(view, game.seats)


def fits_at_once(game: TrickGame[Any, Any, V, Any], view: V) -> bool:
    """:meth:`TrickGame.fits_at_once <trickcore.kit.TrickGame.fits_at_once>`: the view's class
    and seat, then :meth:`~trickcore.kit.hidden.Projection.shows_back` given the pack and no
    seat twice in a trick, in one walk; ``False`` when in doubt or before a deal."""
    shown: Any = view
    if type(view) is not game.view_type:
        return False
    seat = shown.seat
    if type(seat) is not int or not 0 <= seat < game.seating.seats:
        return False
    phase = shown.phase
    if phase is game._draw_phase or phase is game.deal_phase:
        return False
    try:
        fits = game.projection.shows_back(view, game.seating.seats, game._pack_set)
    except Exception:  # a malformed view: the long way names what is wrong
        return False
    return fits and not plays_twice(view)


def view_problems(game: TrickGame[Any, Any, V, Any], view: V) -> list[str]:
    """:meth:`TrickGame.view_problems <trickcore.kit.TrickGame.view_problems>`: the per-seat
    parts' cards and sizes, and each trick in which a seat plays twice."""
    found = game.projection.view_problems(view, game.seats, game._pack_set)
    if plays_twice(view):
        tricks: tuple[Any, ...] = getattr(view, "tricks")  # noqa: B009 - a tuple: checked
        for number, trick in enumerate(tricks, start=1):
            seats = getattr(trick, "seats", ())
            if isinstance(seats, tuple) and len(set(seats)) != len(seats):
                found.append(f"a seat plays twice in trick {number}: seats {list(seats)}")
    return found


def validate_view(game: TrickGame[S, Any, V, Any], view: V) -> None:
    """:meth:`TrickGame.validate_view <trickcore.kit.TrickGame.validate_view>`: the view
    checked with the game's preparation of its ``checked_views`` (or its ``determinize``)
    and the state drawn validated (:func:`trickcore.viewcheck.checked_draws`)."""
    prepare = game._view_draws
    if prepare is None:

        def prepare(view: V) -> Callable[[Rng], S]:
            return lambda rng: cast(S, getattr(game, "determinize")(view, rng))  # noqa: B009

    checked_draws(game, view, prepare, shape=game.view_problems)


def plays_twice(view: object) -> bool:
    """Whether a seat plays twice in one of ``view``'s tricks (its ``tricks``, a tuple of
    tricks whose ``seats`` are tuples; anything else is the type check's business)."""
    tricks = getattr(view, "tricks", ())
    for trick in tricks if isinstance(tricks, tuple) else ():
        seats = getattr(trick, "seats", ())
        if isinstance(seats, tuple) and len(set(seats)) != len(seats):
            return True
    return False


def suits_not_followed(
    suit_of: dict[Card, Suit],
    tricks: Sequence[Trick],
    trick_seats: Sequence[Seat],
    trick: Sequence[Card],
) -> dict[Seat, set[Suit]]:
    """:func:`~trickcore.kit.tricks.revealed_voids` under the plain :class:`FollowSuit`, for
    the voids (``determinize`` asks them for every fresh view), the seats that showed out of
    nothing left out: a seat that played another suit than the one led holds
    none of it (Euchre E7, Apples A6), read off the finished tricks and the trick in progress
    by position, without listing the plays first. The conformance tests compare the two."""
    found: dict[Seat, set[Suit]] = {}
    for done in tricks:
        _not_followed(suit_of, done.seats, done.cards, found)
    _not_followed(suit_of, trick_seats, trick, found)
    return found


def _not_followed(
    suit_of: dict[Card, Suit],
    order: Sequence[Seat],
    cards: Sequence[Card],
    found: dict[Seat, set[Suit]],
) -> None:
    """Add to ``found`` the suit led in ``cards`` for each seat of ``order`` that did not
    follow it."""
    if len(cards) < 2:
        return
    led = suit_of[cards[0]]
    for index in range(1, min(len(cards), len(order))):
        if suit_of[cards[index]] is not led:
            seat = order[index]
            if seat in found:
                found[seat].add(led)
            else:
                found[seat] = {led}
