"""The conformance kit: the game and bot contracts in executable form, and action scripts.

For game authors, :func:`check_game` plays seeded random games over the game's option
combinations and checks, at every state and every action, what DESIGN 4 and 4a promise; for bot
authors, :func:`check_bot` checks that a bot plays legal actions and replays exactly from a seed.
Both raise :class:`ConformanceError` (an :class:`AssertionError`, so pytest shows it as a failed
assertion) naming the game, its options, the seed, the action and the check, with the call that
reproduces it. Run them in your own test suite::

    from trickcore.testing import check_bot, check_game

    def test_my_game_conforms() -> None:
        check_game("my-game")

    def test_my_bot_conforms() -> None:
        check_bot("my-bot", "euchre")

For tests of the rules and for puzzles, :func:`stacked_shuffle` builds the shuffle that deals
the hands you name (the rest filled from the pack), and :func:`script` and :func:`run_script`
read a short action language (``"0=order_up 3=discard:9H 1=play:QH"``) for any game, from its
action union.

This module imports neither pytest nor anything beyond trickcore's own dependencies.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

import msgspec
import msgspec.inspect as mi

from trickcore.bots import Bot, BotSpec
from trickcore.cards import Card, cards
from trickcore.codec import from_json, from_msgpack, to_json, to_msgpack
from trickcore.errors import (
    DecodeError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    TrickcoreError,
)
from trickcore.game import CHANCE, Actor, AnyGame, EventsBySeat, Seat, Shuffle
from trickcore.history import describe_action
from trickcore.hookspecs import hookimpl
from trickcore.kit.deal import DealSchedule
from trickcore.kit.options import OptionInfo, options_info
from trickcore.plugins import PluginHost, build_host, default_host
from trickcore.replay import dumps, loads, record, verify
from trickcore.rng import Rng

__all__ = [
    "CHECKS",
    "ENDLESS",
    "Combinations",
    "ConformanceError",
    "ScriptError",
    "ScriptStep",
    "check_bot",
    "check_game",
    "option_combinations",
    "parse_action",
    "run_script",
    "script",
    "stacked_shuffle",
]

CHECKS: Mapping[str, str] = {
    "state-immutable": "every state is hashable: a frozen struct of immutable values",
    "apply-pure": "apply, view, determinize, events and validate never change their input",
    "actor": "actor is a seat, CHANCE or None, and None exactly when the outcome is finished",
    "legal-actions": "a seat to act has at least one legal action; a finished game has none",
    "chance": "a listable chance action drawn by sample_chance is one of the legal ones",
    "round-trip": "states, views, actions and events decode from their JSON and MessagePack",
    "validate": "validate accepts every reachable state and every determinized state",
    "cards-accounted": "no card lost or invented within a hand; views show only the state's cards",
    "determinize": "view(determinize(view(S, p), rng), p) == view(S, p) for every seat p",
    "determinize-varies": "determinize varies the hidden cards where several deals fit",
    "events-leak": "a seat's events show no card that its views do not",
    "apply-with-events": "apply_with_events and apply_with_all_events reach apply's state and "
    "tell each viewer what events tells it",
    "replay": "a recorded replay of the game verifies (same states, same digest)",
    "ends": "a game ends within the action limit",
    "bot-raised": "the bot answers without raising",
    "bot-legal": "the bot answers with one of the legal actions",
    "bot-deterministic": "the same seed gives the bot the same actions",
}
"""Every check :func:`check_game` and :func:`check_bot` run, by the name a
:class:`ConformanceError` gives in :attr:`~ConformanceError.check`."""

ENDLESS = 100_000
"""Actions after which a game that is still going fails the ``ends`` check."""

_VARIETY_SAMPLES = 16


class ConformanceError(TrickcoreError, AssertionError):
    """A game or bot broke its contract. The message says where and how to reproduce it.

    :attr:`check` is the name of the failed check (a key of :data:`CHECKS`); :attr:`game`,
    :attr:`options` and :attr:`seed` identify the game played; :attr:`index` is the position in
    its action list (the action being applied, or the state reached after that many actions);
    :attr:`seat` is the seat concerned, where there is one.
    """

    def __init__(
        self,
        message: str,
        *,
        check: str,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        index: int | None = None,
        seat: Seat | None = None,
    ) -> None:
        super().__init__(message)
        self.check = check
        self.game = game
        self.options = dict(options)
        self.seed = seed
        self.index = index
        self.seat = seat


class ScriptError(TrickcoreError, ValueError):
    """An action script that cannot be read, or that does not fit the game where it is run."""


# -- finding the games -------------------------------------------------------------------------


Combinations = Literal["pairs", "every"]
"""Which option combinations to play: ``"pairs"``, a covering subset in which every pair of two
options' values appears (the default, quick), or ``"every"``, the full product (thorough: an
opt-in sweep, hundreds of combinations for Euchre)."""


SMALL_RANGE = 4
"""An integer option whose bounds are at most this far apart is tried with every value."""


def option_combinations(
    options_type: type[Any], *, combinations: Combinations = "pairs"
) -> list[dict[str, Any]]:
    """The option combinations :func:`check_game` plays, defaults first.

    The values tried for each field of the options struct come from its type
    (``msgspec.inspect``): a ``bool`` both values; a ``Literal`` or an enumeration every value;
    an ``int`` with bounds (``Meta(ge=..., le=...)``) every value when there are at most
    :data:`SMALL_RANGE` + 1 (2 to 4 players), else the default and the bounds; anything else
    (an ``int`` without a lower bound, an optional field such as ``first_dealer``, text) only
    its default.
    With ``combinations="every"`` the rows are the full product of these values. The full
    product grows fast, so by default (``"pairs"``) the combinations are *all pairs*: the
    defaults, then rows chosen greedily until every pair of values of any two options appears
    in some row. Every value of every option is thus played, and so is every pairing of two
    options' values. Each combination holds only the options that differ from their defaults.
    """
    _check_combinations(combinations)
    factors: list[tuple[str, tuple[Any, ...]]] = []
    for option in options_info(options_type):
        if option.default is msgspec.NODEFAULT:
            raise TypeError(f"option {option.name!r} has no default")
        values = (option.default, *(v for v in _values_of(option) if v != option.default))
        if len(values) > 1:
            factors.append((option.name, values))
    sizes = [len(values) for _, values in factors]
    rows = _all_pairs(sizes) if combinations == "pairs" else _every_row(sizes)
    return [
        {name: values[i] for (name, values), i in zip(factors, row, strict=True) if i}
        for row in rows
    ]


def _check_combinations(combinations: str) -> None:
    if combinations not in get_args(Combinations):
        known = ", ".join(map(repr, get_args(Combinations)))
        raise ValueError(f"combinations must be one of {known}, not {combinations!r}")


def _values_of(option: OptionInfo) -> tuple[Any, ...]:
    if option.nullable:  # an optional field such as first_dealer: its default only
        return ()
    if option.allowed is not None:
        return option.allowed
    low, high = option.minimum, option.maximum
    if option.type_text != "integer" or low is None:
        return ()
    if high is not None and high - low <= SMALL_RANGE:  # a few values (2-4 players): each
        return tuple(range(int(low), int(high) + 1))
    return (low,) if high is None else (low, high)


def _every_row(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Every row of value indices (the full product); row 0 is all defaults (index 0)."""
    return list(itertools.product(*(range(size) for size in sizes)))


def _all_pairs(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Rows of value indices covering every pair of values of any two factors; row 0 is all
    defaults (index 0), and every value of a lone factor. Greedy and deterministic."""
    if len(sizes) == 1:
        return [(value,) for value in range(sizes[0])]
    rows = [tuple(0 for _ in sizes)]
    uncovered = {
        (i, a, j, b)
        for i, j in itertools.combinations(range(len(sizes)), 2)
        for a in range(sizes[i])
        for b in range(sizes[j])
    }

    def cover(row: Sequence[int]) -> None:
        for i, j in itertools.combinations(range(len(row)), 2):
            uncovered.discard((i, row[i], j, row[j]))

    cover(rows[0])
    while uncovered:
        i, a, j, b = min(uncovered)
        row: list[int | None] = [None] * len(sizes)
        row[i], row[j] = a, b
        for k in range(len(sizes)):
            if row[k] is not None:
                continue
            row[k] = max(
                range(sizes[k]),
                key=lambda v: (
                    sum(
                        (min(k, m), v if k < m else w, max(k, m), w if k < m else v) in uncovered
                        for m, w in enumerate(row)
                        if w is not None and m != k
                    ),
                    -v,
                ),
            )
        full = tuple(v for v in row if v is not None)
        rows.append(full)
        cover(full)
    return rows


def _games_to_check(
    name_or_game: str | AnyGame,
    options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None,
    combinations: Combinations,
    host: PluginHost,
) -> Iterator[AnyGame]:
    _check_combinations(combinations)
    if combinations != "pairs" and (options is not None or not isinstance(name_or_game, str)):
        raise TypeError("combinations= needs a game name and no options=: it chooses the options")
    if not isinstance(name_or_game, str):
        if options is not None:
            raise TypeError("options= needs a game name: a game object is checked as it is bound")
        yield name_or_game
        return
    if options is None:
        options_type = host.game_factory(name_or_game).options_type
        for combination in option_combinations(options_type, combinations=combinations):
            try:
                game = host.load(name_or_game, **combination)
            except OptionError:  # the game forbids this mix of allowed values
                continue
            yield game
        return
    given = [options] if isinstance(options, Mapping) else options
    for chosen in given:
        yield host.load(name_or_game, **chosen)


def _options_of(game: AnyGame) -> dict[str, Any]:
    """The options that differ from the defaults, in their JSON form."""
    given: dict[str, Any] = msgspec.to_builtins(game.options)
    defaults: dict[str, Any] = msgspec.to_builtins(type(game.options)())
    return {name: value for name, value in given.items() if defaults.get(name) != value}


class _Bound:
    """A factory that hands out one already bound game: lets :func:`verify` find a game object
    that no host registers."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.name = game.name
        self.title = getattr(game, "title", game.name)
        self.seat_counts = getattr(game, "seat_counts", (game.seats,))
        self.options_type = type(game.options)
        self.action_type = game.action_type
        self.view_type = game.view_type
        self.event_type = game.event_type
        self.state_type = game.state_type

    def __call__(self, options: Any) -> AnyGame:
        if options != self.game.options:
            raise OptionError(f"this {self.name} is bound to {self.game.options!r}")
        return self.game

    @hookimpl
    def trickcore_register_games(self, register: Any) -> None:
        register(self)


# -- one checked game --------------------------------------------------------------------------


class _Context:
    """Which game is being played, to name it in errors."""

    def __init__(self, game: AnyGame, seed: int, call: str) -> None:
        self.game = game
        self.seed = seed
        self.options = _options_of(game)
        self.call = call  # how to reproduce: a call whose last arguments are left out

    def fail(
        self, check: str, what: str, *, index: int | None = None, seat: Seat | None = None
    ) -> ConformanceError:
        where = f"{self.game.name} (options {self.options or 'default'}, seed {self.seed}"
        where += f", action {index})" if index is not None else ")"
        reproduce = f"{self.call}, seed={self.seed}, games=1)"
        return ConformanceError(
            f"{where}: check {check!r} failed: {what}\nreproduce: {reproduce}",
            check=check,
            game=self.game.name,
            options=self.options,
            seed=self.seed,
            index=index,
            seat=seat,
        )


def _events(game: AnyGame, before: Any, action: Any, seat: Seat | None) -> Any:
    """The one place the kit asks a game for events."""
    return game.events(before, action, seat)


def _check_round_trip(ctx: _Context, value: Any, type_: Any, kind: str, index: int) -> None:
    """``value`` must decode back equal from its JSON and its MessagePack, as ``type_``."""
    for form, encode, decode in (
        ("JSON", to_json, from_json),
        ("MessagePack", to_msgpack, from_msgpack),
    ):
        try:
            data = encode(value)
        except (TypeError, ValueError) as error:
            raise ctx.fail(
                "round-trip", f"the {kind} does not encode to {form}: {error}", index=index
            ) from None
        try:
            back = decode(data, type_)
        except DecodeError as error:
            raise ctx.fail(
                "round-trip", f"the {kind} does not decode from {form}: {error}", index=index
            ) from None
        if back != value:
            raise ctx.fail(
                "round-trip",
                f"the {kind} changes through {form}: {_difference(value, back)}",
                index=index,
            )


def _difference(first: Any, second: Any) -> str:
    """The fields in which two structs differ, or both values."""
    if type(first) is type(second) and isinstance(first, msgspec.Struct):
        fields = [
            f"{name}: {getattr(first, name)!r} != {getattr(second, name)!r}"
            for name in first.__struct_fields__
            if getattr(first, name) != getattr(second, name)
        ]
        return "; ".join(fields)
    return f"{first!r} != {second!r}"


_LEAVES = frozenset({int, str, bool, float, bytes, type(None)})


def _cards(value: Any) -> frozenset[Card]:
    """Every card anywhere inside ``value`` (structs, sequences, mappings)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.add(item)
        elif kind is tuple or kind is list:
            stack.extend(item)
        elif kind in _LEAVES:
            continue
        elif isinstance(item, msgspec.Struct):
            stack.extend(msgspec.structs.astuple(item))
        elif isinstance(item, (set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
    return frozenset(found)


_Place = tuple[str | int, ...]
"""Where a card lies in a state: the path of field names and indices to the card, or to the
sequence holding it (a hand, a pile): two cards of one hand share their place."""


def _places(
    value: Any, path: _Place = (), found: dict[Card, set[_Place]] | None = None
) -> dict[Card, set[_Place]]:
    """Each card of ``value`` with the places it lies in."""
    found = {} if found is None else found
    if isinstance(value, Card):
        found.setdefault(value, set()).add(path)
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            _places(getattr(value, name), (*path, name), found)
    elif isinstance(value, (tuple, list)):
        for position, item in enumerate(value):
            _places(item, path if isinstance(item, Card) else (*path, position), found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _places(item, (*path, str(key)), found)
    return found


@dataclass(frozen=True)
class _Checked:
    """A state that passed the state checks, with what the action checks need of it."""

    state: Any
    cards: frozenset[Card]
    views: tuple[Any, ...]
    seen: tuple[frozenset[Card], ...]  # the cards in each seat's view


class _GameRun:
    """Plays one seeded random game of ``ctx.game`` and checks it at every step."""

    def __init__(self, ctx: _Context, host: PluginHost | None, max_actions: int | None) -> None:
        self.ctx = ctx
        self.game = ctx.game
        self.host = host
        self.limit = max_actions
        self.seats = tuple(range(self.game.seats))
        self.shuffled: set[Card] = set()  # every card any shuffle of this game held
        self.pack: set[Card] | None = None  # the cards of the latest shuffle
        self.fresh = False  # no seat has acted since the latest shuffle

    def play(self) -> None:
        ctx, game = self.ctx, self.game
        choose = Rng(ctx.seed, "conformance", "actions")
        state = game.initial_state()
        checked = self.check_state(state, 0)
        actions: list[Any] = []
        chance = 0
        while (actor := self.actor_of(state, len(actions))) is not None:
            index = len(actions)
            if self.limit is not None and index >= self.limit:
                break
            if index >= ENDLESS:
                raise ctx.fail(
                    "ends", f"the game has not ended after {ENDLESS} actions", index=index
                )
            if actor is CHANCE:
                action = game.sample_chance(state, Rng(ctx.seed, "chance", chance))
                chance += 1
            else:
                action = choose.choice(game.legal_actions(state))
            after = self.apply(state, action, actor, index)
            if isinstance(action, Shuffle):
                self.pack = set(action.order)
                self.shuffled |= self.pack
                self.fresh = True
            elif actor is not CHANCE:
                self.fresh = False
            after_checked = self.check_state(after, index + 1)
            self.check_action(checked, action, after_checked, index)
            actions.append(action)
            state, checked = after, after_checked
        self.check_replay(actions)

    # -- the state ----------------------------------------------------------------------------

    def actor_of(self, state: Any, index: int) -> Actor:
        ctx, game = self.ctx, self.game
        actor = game.actor(state)
        finished = game.outcome(state).finished
        if actor is not None and actor is not CHANCE and actor not in self.seats:
            raise ctx.fail(
                "actor", f"actor {actor!r} is neither a seat, CHANCE nor None", index=index
            )
        if (actor is None) != finished:
            raise ctx.fail(
                "actor",
                f"actor is {actor!r} but the outcome says finished={finished}",
                index=index,
            )
        legal = game.legal_actions(state)
        if actor is None and legal:
            raise ctx.fail(
                "legal-actions", f"the game is over but {len(legal)} actions are legal", index=index
            )
        if isinstance(actor, int) and not legal:
            raise ctx.fail(
                "legal-actions",
                f"seat {actor} is to act but has no legal action",
                index=index,
                seat=actor,
            )
        return actor

    def check_state(self, state: Any, index: int) -> _Checked:
        """Check ``state`` (reached after ``index`` actions); the views of every seat."""
        ctx, game = self.ctx, self.game
        try:
            hash(state)
        except TypeError as error:
            raise ctx.fail(
                "state-immutable", f"the state is not hashable: {error}", index=index
            ) from None
        _check_round_trip(ctx, state, game.state_type, "state", index)
        packed = to_msgpack(state)
        self.validate(state, "a reachable state", index)
        cards = _cards(state)
        actor = game.actor(state)
        if self.pack is not None and isinstance(actor, int) and not self.pack <= cards:
            lost = " ".join(sorted(map(str, self.pack - cards)))
            raise ctx.fail(
                "cards-accounted", f"cards of the last shuffle went missing: {lost}", index=index
            )
        if self.shuffled and not cards <= self.shuffled:
            extra = " ".join(sorted(map(str, cards - self.shuffled)))
            raise ctx.fail(
                "cards-accounted", f"cards that no shuffle dealt appeared: {extra}", index=index
            )
        views, seen = [], []
        for seat in self.seats:
            view = game.view(state, seat)
            _check_round_trip(ctx, view, game.view_type, f"view of seat {seat}", index)
            shown = _cards(view)
            invented = shown - cards
            if invented:
                raise ctx.fail(
                    "cards-accounted",
                    f"the view of seat {seat} shows cards that are not in the state: "
                    + " ".join(sorted(map(str, invented))),
                    index=index,
                    seat=seat,
                )
            self.check_determinize(view, seat, index)
            views.append(view)
            seen.append(shown)
        checked = _Checked(state, cards, tuple(views), tuple(seen))
        if self.fresh and isinstance(actor, int):
            for seat in self.seats:
                self.check_variety(checked, seat, index)
        if to_msgpack(state) != packed:
            raise ctx.fail(
                "apply-pure", "view, determinize or validate changed the state", index=index
            )
        return checked

    def validate(self, state: Any, what: str, index: int, seat: Seat | None = None) -> None:
        try:
            self.game.validate(state)
        except InvalidStateError as error:
            raise self.ctx.fail(
                "validate", f"validate refuses {what}: {error}", index=index, seat=seat
            ) from None

    def check_determinize(self, view: Any, seat: Seat, index: int) -> None:
        ctx, game = self.ctx, self.game
        sample = game.determinize(view, Rng(ctx.seed, "conformance", "determinize", index, seat))
        self.validate(sample, f"the state determinized from seat {seat}'s view", index, seat)
        again = game.view(sample, seat)
        if again != view:
            raise ctx.fail(
                "determinize",
                f"view(determinize(view(S, {seat})), {seat}) differs from view(S, {seat}): "
                + _difference(view, again),
                index=index,
                seat=seat,
            )

    def check_variety(self, checked: _Checked, seat: Seat, index: int) -> None:
        """At the first decision after a shuffle nothing but the view limits the deal, so when
        the cards hidden from ``seat`` lie in two places or more, samples must differ."""
        view, seen = checked.views[seat], checked.seen[seat]
        places = _places(checked.state)
        hidden_places = {
            place for card, where in places.items() if card not in seen for place in where
        }
        if len(hidden_places) < 2:
            return
        first: dict[Card, set[_Place]] | None = None
        for k in range(_VARIETY_SAMPLES):
            rng = Rng(self.ctx.seed, "conformance", "variety", index, seat, k)
            sample = self.game.determinize(view, rng)
            placed = {card: where for card, where in _places(sample).items() if card not in seen}
            if first is None:
                first = placed
            elif placed != first:
                return
        raise self.ctx.fail(
            "determinize-varies",
            f"{_VARIETY_SAMPLES} determinizations of seat {seat}'s view all place the "
            f"{len([c for c in places if c not in seen])} cards it cannot see the same way, "
            f"though they lie in {len(hidden_places)} places",
            index=index,
            seat=seat,
        )

    # -- the action ---------------------------------------------------------------------------

    def apply(self, state: Any, action: Any, actor: Actor, index: int) -> Any:
        ctx, game = self.ctx, self.game
        listed = game.legal_actions(state) if actor is CHANCE else ()
        if listed and action not in listed:
            raise ctx.fail(
                "chance",
                f"sample_chance drew {describe_action(action)}, not one of the legal actions",
                index=index,
            )
        packed = to_msgpack(state)
        try:
            after = game.apply(state, action)
        except IllegalActionError as error:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            raise ctx.fail(
                "legal-actions",
                f"apply refuses {who}'s {describe_action(action)}, which was offered: {error}",
                index=index,
            ) from None
        if to_msgpack(state) != packed:
            raise ctx.fail(
                "apply-pure", f"apply({describe_action(action)}) changed its input", index=index
            )
        return after

    def check_action(self, before: _Checked, action: Any, after: _Checked, index: int) -> None:
        ctx, game = self.ctx, self.game
        _check_round_trip(ctx, action, game.action_type, "action", index)
        packed = to_msgpack(before.state), to_msgpack(after.state)
        gone = before.cards - after.cards
        allowed = [first | then | gone for first, then in zip(before.seen, after.seen, strict=True)]
        public = frozenset.intersection(*allowed) if allowed else gone
        told = self.told(before.state, action, after.state, index)
        for seat, visible in [*zip(self.seats, allowed, strict=True), (None, public)]:
            events = tuple(_events(game, before.state, action, seat))
            who = "the public" if seat is None else f"seat {seat}"
            for event in events:
                _check_round_trip(ctx, event, game.event_type, f"event for {who}", index)
            leaked = _cards(events) - visible
            if leaked:
                shown = "every seat's views" if seat is None else f"seat {seat}'s views"
                raise ctx.fail(
                    "events-leak",
                    f"the events of {describe_action(action)} for {who} show "
                    + " ".join(sorted(map(str, leaked)))
                    + f", which {shown} before and after it do not",
                    index=index,
                    seat=seat,
                )
            if told is not None and tuple(told.seen_by(seat)) != events:
                raise ctx.fail(
                    "apply-with-events",
                    f"apply_with_all_events({describe_action(action)}) tells {who} "
                    f"{[str(e) for e in told.seen_by(seat)]}, but events tells "
                    f"{[str(e) for e in events]}",
                    index=index,
                    seat=seat,
                )
        if (to_msgpack(before.state), to_msgpack(after.state)) != packed:
            raise ctx.fail("apply-pure", "events changed the states given to it", index=index)

    def told(self, state: Any, action: Any, after: Any, index: int) -> EventsBySeat | None:
        """What ``game.apply_with_all_events`` tells every viewer, checked to reach ``after``
        as ``apply`` does and to agree with ``apply_with_events`` for the first seat; ``None``
        for a game without it (the helpers fall back on ``apply`` and ``events`` there)."""
        ctx, game = self.ctx, self.game
        every = getattr(game, "apply_with_all_events", None)
        one = getattr(game, "apply_with_events", None)
        if every is None or one is None:
            return None
        moved, told = every(state, action)
        alone = one(state, action, 0)
        if moved != after or alone[0] != after:
            raise ctx.fail(
                "apply-with-events",
                f"apply_with_events({describe_action(action)}) reaches another state than apply",
                index=index,
            )
        if tuple(alone[1]) != tuple(told.seen_by(0)):
            raise ctx.fail(
                "apply-with-events",
                f"apply_with_events({describe_action(action)}, seat 0) and "
                "apply_with_all_events disagree on seat 0's events",
                index=index,
                seat=0,
            )
        return told  # type: ignore[no-any-return]

    def check_replay(self, actions: Sequence[Any]) -> None:
        ctx, game = self.ctx, self.game
        host = self.host
        if host is None:
            host = build_host(entry_points=False, plugins=[("conformance", _Bound(game))])
        seats = [f"seat {seat}" for seat in self.seats]
        try:
            replay = record(game, actions, seed=ctx.seed, seats=seats)
            verify(loads(dumps(replay), host=host), host=host)
        except TrickcoreError as error:
            raise ctx.fail(
                "replay",
                f"the recorded replay does not verify: {error}",
                index=getattr(error, "index", None),
            ) from None


def check_game(
    name_or_game: str | AnyGame,
    *,
    games: int = 1,
    seed: int = 0,
    options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
    combinations: Combinations = "pairs",
    host: PluginHost | None = None,
    max_actions: int | None = None,
) -> int:
    """Play random games of a game and check that it keeps the game contract; return the
    number of games played. A broken promise raises :class:`ConformanceError`.

    ``name_or_game`` is a registered game's name (looked up in ``host``, default
    :func:`trickcore.default_host`) or a bound game object (checked with its own options).
    ``options``: one mapping or a list of them; by default the combinations of
    :func:`option_combinations`: the covering subset of ``combinations="pairs"`` (the
    default), or the full product with ``combinations="every"`` (for an opt-in sweep: Euchre
    has hundreds; with ``options`` or a game object it raises ``TypeError``). A combination
    that the game refuses with :class:`~trickcore.OptionError` is skipped. ``games`` games are
    played per combination, game *k* with the seed ``seed + k``; chance action *j* is drawn
    from ``Rng(seed, "chance", j)`` as a :class:`~trickcore.Table` draws it, and each seat's
    action uniformly from the legal ones.
    ``max_actions`` stops each game after that many actions (default: play to the end).

    At every state *S* reached, and for every seat *p*:

    * ``state-immutable``, ``round-trip``: *S* is hashable and comes back equal from JSON and
      MessagePack (as ``state_type``); so does each view (``view_type``);
    * ``actor``, ``legal-actions``: ``actor(S)`` is a seat, ``CHANCE`` or ``None``, ``None``
      exactly when ``outcome(S).finished``; a seat to act has legal actions, a finished game
      none; a listable chance action from ``sample_chance`` is legal;
    * ``validate``: ``validate(S)`` accepts *S*;
    * ``cards-accounted`` — "every card accounted for", operationally: the game's own
      ``validate`` counts every card exactly once (above), and generically, walking the
      structs for :class:`~trickcore.Card` values: while a seat is to act, every card of the
      latest :class:`~trickcore.Shuffle` is somewhere in *S* (nothing lost within a hand); no
      card appears that no shuffle held (nothing invented); and a view shows only cards that
      are in *S*;
    * ``determinize``: ``view(determinize(view(S, p), rng), p) == view(S, p)``, and ``validate``
      accepts the determinized state. A view that shows another seat's hidden cards fails
      here: ``determinize`` deals those cards afresh, so the view built again differs;
    * ``determinize-varies``: at the first state after each shuffle where a seat is to act
      (nothing but the view limits the deal yet), when the cards *p* cannot see lie in two
      places or more (two hands, a hand and the stock …), up to 16 determinizations must not
      all place them alike: so a ``determinize`` that copies a leaked hand fails too.

    At every action *a* from *S* to *S'*:

    * ``apply-pure``: ``apply`` (and ``view``, ``determinize``, ``validate``, ``events``)
      leaves its input states unchanged, byte for byte;
    * ``round-trip``: *a* and every event decode back equal (``action_type``, ``event_type``);
    * ``events-leak``: every card in ``events(S, a, S', p)`` is in ``view(S, p)`` or
      ``view(S', p)``, or has left the state (the end of a hand clears the table: saying where
      a card went cannot help later); the public events (``seat=None``) show only cards that
      every seat may see;
    * ``apply-with-events``: ``apply_with_all_events(S, a)`` reaches *S'* and tells every
      seat *p* (and the public) exactly ``events(S, a, p)``; ``apply_with_events(S, a, 0)``
      agrees (a game without them is served by the helpers and skips this check).

    At the end of each game, ``replay``: the actions recorded as a :class:`~trickcore.Replay`
    (with the seed), saved as JSON and read back, verify against the game loaded from ``host``.
    """
    registry = host if host is not None else default_host()
    played = 0
    for game in _games_to_check(name_or_game, options, combinations, registry):
        if isinstance(name_or_game, str):
            call = f"check_game({game.name!r}, options={_options_of(game)!r}"
            call += ", host=..." if host is not None else ""
            replay_host: PluginHost | None = registry
        else:
            call = "check_game(<the game object>"
            replay_host = None
        for k in range(games):
            _GameRun(_Context(game, seed + k, call), replay_host, max_actions).play()
            played += 1
    return played


# -- bots --------------------------------------------------------------------------------------


def check_bot(
    bot_name: str,
    game: str | AnyGame,
    *,
    games: int = 4,
    seed: int = 0,
    host: PluginHost | None = None,
    max_actions: int = 1000,
) -> int:
    """Play seeded games with the bot ``bot_name`` and check that it keeps the bot contract;
    return the number of games played. A broken promise raises :class:`ConformanceError`.

    ``game`` is a game name (loaded with its default options from ``host``, default
    :func:`trickcore.default_host`) or a bound game object. Game *k* uses the seed
    ``seed + k``; even games seat the bot everywhere, odd games alternate it with seats that
    play uniformly random legal actions. Each seat's bot is built as a
    :class:`~trickcore.Table` builds it, ``BotSpec(game, seat, Rng(seed, "bot", seat, 0))``.
    Every game is played twice from scratch, with new bots, and stops after ``max_actions``
    actions (bots may never end a game: four bots that always pass throw in every hand).

    Checks: ``bot-raised`` (``act`` returned), ``bot-legal`` (its answer is one of the legal
    actions it was given), ``bot-deterministic`` (both plays take the same actions). The errors
    name the seat and show the view the bot was given.
    """
    registry = host if host is not None else default_host()
    bound = registry.load(game) if isinstance(game, str) else game
    factory = registry.bot_factory(bot_name, bound.name)
    for k in range(games):
        ctx = _Context(
            bound,
            seed + k,
            f"check_bot({bot_name!r}, {bound.name!r}" + (", host=..." if host is not None else ""),
        )
        seats = tuple(k % 2 == 0 or seat % 2 == (k // 2) % 2 for seat in range(bound.seats))
        first = _bot_game(ctx, factory, bot_name, seats, max_actions)
        second = _bot_game(ctx, factory, bot_name, seats, max_actions)
        if first != second:
            index = next(
                (i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b),
                min(len(first), len(second)),
            )
            actions = [
                describe_action(game_actions[index]) if index < len(game_actions) else "the end"
                for game_actions in (first, second)
            ]
            raise ctx.fail(
                "bot-deterministic",
                f"two games from the same seed differ at action {index}: "
                f"{actions[0]} the first time, {actions[1]} the second",
                index=index,
            )
    return games


def _bot_game(
    ctx: _Context, factory: Any, label: str, seats: Sequence[bool], max_actions: int
) -> list[Any]:
    """One game with the bot at the seats marked True; its actions."""
    game = ctx.game
    bots: dict[Seat, Bot[Any, Any]] = {
        seat: factory(BotSpec(game, seat, Rng(ctx.seed, "bot", seat, 0)))
        for seat, is_bot in enumerate(seats)
        if is_bot
    }
    others = {seat: Rng(ctx.seed, "conformance", "random", seat) for seat in range(game.seats)}
    state = game.initial_state()
    actions: list[Any] = []
    chance = 0
    while (actor := game.actor(state)) is not None:
        index = len(actions)
        if index >= max_actions:
            break
        if actor is CHANCE:
            action = game.sample_chance(state, Rng(ctx.seed, "chance", chance))
            chance += 1
        elif actor in bots:
            action = _ask_bot(ctx, bots[actor], label=label, state=state, seat=actor, index=index)
        else:
            action = others[actor].choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
    return actions


def _ask_bot(
    ctx: _Context, bot: Bot[Any, Any], *, label: str, state: Any, seat: Seat, index: int
) -> Any:
    """The one place the kit asks a bot to act."""
    game = ctx.game
    view = game.view(state, seat)
    legal = game.legal_actions(state)
    shown = to_json(view).decode()
    try:
        action = bot.act(view, legal)
    except Exception as error:
        raise ctx.fail(
            "bot-raised",
            f"bot {label!r} at seat {seat} raised {type(error).__name__}: {error}; view: {shown}",
            index=index,
            seat=seat,
        ) from error
    try:
        ok = action in legal
    except Exception:  # an answer that cannot even be compared
        ok = False
    if not ok:
        listing = ", ".join(describe_action(a) for a in legal)
        raise ctx.fail(
            "bot-legal",
            f"bot {label!r} at seat {seat} answered {describe_action(action)}, which is not "
            f"legal; legal: {listing}; view: {shown}",
            index=index,
            seat=seat,
        )
    return action


# -- action scripts ----------------------------------------------------------------------------

ScriptStep = tuple[Seat | None, Any]
"""One step of a script: the seat that must act (``None`` when the script does not say) and
the action."""


def _action_kinds(game: AnyGame) -> dict[str, mi.StructType]:
    """The game's action structs by tag."""
    info = mi.type_info(game.action_type)
    members = info.types if isinstance(info, mi.UnionType) else (info,)
    kinds = {}
    for member in members:
        if isinstance(member, mi.StructType) and isinstance(member.tag, str):
            kinds[member.tag] = member
    return kinds


def parse_action(
    game: AnyGame,
    token: str,
    *,
    aliases: Mapping[str, str] | None = None,
    default: str | None = "play",
) -> Any:
    """One action of ``game`` from its text: its tag (``"pass"``), or its tag, a colon and the
    value of its one field (``"discard:9H"``, ``"call:H"``; a sequence field takes values
    separated by commas, ``"shuffle:9C,TC,JC"``). The value is converted to the field's type
    with ``msgspec.convert``, so ``"9H"`` becomes a :class:`~trickcore.Card` and ``"H"`` a
    :class:`~trickcore.Suit`.

    ``aliases`` maps extra words to tags (``{"partner": "with_partner"}``). A token that is no
    tag (or alias) and has no colon is the value of the ``default`` tag when the game has one:
    ``"QH"`` reads as ``"play:QH"``. Anything else raises :class:`ScriptError` listing the tags.
    """
    kinds = _action_kinds(game)
    words = dict(aliases or {})
    word, colon, value = token.partition(":")
    tag = words.get(word, word)
    if tag not in kinds and not colon and default in kinds:
        tag, value, colon = default, token, ":"
    kind = kinds.get(tag)
    if kind is None:
        known = ", ".join(sorted([*kinds, *words]))
        raise ScriptError(f"{token!r} is not a {game.name} action; actions: {known}")
    required = [field for field in kind.fields if field.required]
    if not colon:
        if required:
            raise ScriptError(f"{token!r}: {tag} needs a value, as in {tag}:VALUE")
        return kind.cls()
    if len(kind.fields) != 1:
        raise ScriptError(
            f"{token!r}: {tag} has {len(kind.fields)} fields; a script gives one value only"
        )
    field = kind.fields[0]
    data: Any = value.split(",") if _is_sequence(field.type) else value
    try:
        return msgspec.convert({field.encode_name: data}, kind.cls, strict=False)
    except (msgspec.ValidationError, ValueError) as error:
        raise ScriptError(f"{token!r}: {value!r} is not a valid {field.name}: {error}") from None


def _is_sequence(kind: mi.Type) -> bool:
    return isinstance(
        kind, (mi.ListType, mi.VarTupleType, mi.TupleType, mi.SetType, mi.FrozenSetType)
    )


def script(
    game: AnyGame,
    text: str,
    *,
    aliases: Mapping[str, str] | None = None,
    default: str | None = "play",
) -> list[ScriptStep]:
    """The steps of a script: tokens separated by white space, each ``SEAT=ACTION`` or just
    ``ACTION`` (see :func:`parse_action`): ``"0=order_up 3=discard:9H 1=play:QH"`` gives
    ``[(0, OrderUp()), (3, Discard(card=Card.NINE_HEARTS)), (1, Play(card=...))]``."""
    steps: list[ScriptStep] = []
    for token in text.split():
        who, equals, rest = token.partition("=")
        if not equals:
            steps.append((None, parse_action(game, token, aliases=aliases, default=default)))
            continue
        if not who.isdigit() or int(who) >= game.seats:
            raise ScriptError(
                f"{token!r}: {who!r} is not a seat of {game.name} (0-{game.seats - 1})"
            )
        steps.append((int(who), parse_action(game, rest, aliases=aliases, default=default)))
    return steps


def run_script(
    game: AnyGame,
    state: Any,
    text: str | Iterable[ScriptStep],
    *,
    check: bool = True,
    aliases: Mapping[str, str] | None = None,
    default: str | None = "play",
) -> Any:
    """Apply a script's steps (text for :func:`script`, or steps) from ``state``; the last state.

    A step that names a seat must be that seat's turn; a step without a seat is taken by
    whoever acts (chance included). With ``check`` (the default) a seat's action must be one of
    its legal actions and every state must pass ``validate``. A step that does not fit raises
    :class:`ScriptError` naming the step, its action and who is to act; without ``check`` an
    illegal action raises the game's :class:`~trickcore.IllegalActionError`.
    """
    steps = script(game, text, aliases=aliases, default=default) if isinstance(text, str) else text
    for number, (seat, action) in enumerate(steps):
        actor = game.actor(state)
        step = f"step {number} ({'' if seat is None else f'{seat}='}{describe_action(action)})"
        if actor is None:
            raise ScriptError(f"{step}: the game is over")
        if seat is not None and actor != seat:
            who = "chance" if actor is CHANCE else f"seat {actor}"
            raise ScriptError(f"{step}: it is {who}'s turn, not seat {seat}'s")
        if check and actor is not CHANCE:
            legal = game.legal_actions(state)
            if action not in legal:
                listing = ", ".join(describe_action(a) for a in legal)
                raise ScriptError(f"{step}: not legal for seat {actor}; legal: {listing}")
        state = game.apply(state, action)
        if check:
            try:
                game.validate(state)
            except InvalidStateError as error:
                raise ScriptError(f"{step}: validate refuses the state after it: {error}") from None
    return state


def stacked_shuffle(
    game: AnyGame,
    hands: Mapping[Seat, str | Iterable[Card]],
    *,
    dealer: Seat,
    kick: str | Iterable[Card] = (),
    stock: str | Iterable[Card] = (),
) -> Shuffle:
    """The shuffle that deals ``hands`` (by seat; cards or text such as ``"AS KH 9D"``), turns up
    ``kick`` and leaves ``stock`` on top of the rest, for a game whose fresh deal follows one
    :class:`~trickcore.kit.deal.DealSchedule` (its ``deal`` attribute, as games built on
    :class:`~trickcore.kit.base.TrickGame` declare it). Anything not named is filled from the
    pack in pack order, so the shuffle is the same every time::

        shuffle = stacked_shuffle(game, {1: "AS KS QS JS TS"}, dealer=0, kick="9H")
        state = game.apply(state_before_the_deal, shuffle)

    Raises ``TypeError`` for a game without a deal schedule, and ``ValueError`` naming a card
    given twice, a card not in the pack or a hand of the wrong size.
    """
    schedule = getattr(game, "deal", None)
    pack = getattr(game, "pack", None)
    if not isinstance(schedule, DealSchedule) or pack is None:
        raise TypeError(
            f"{game.name} declares no deal schedule and pack: stack its deal with "
            "DealSchedule.stack(...) and build the Shuffle yourself"
        )

    def named(value: str | Iterable[Card]) -> tuple[Card, ...]:
        return cards(value) if isinstance(value, str) else tuple(value)

    wanted = {seat: named(held) for seat, held in hands.items()}
    order = schedule.stack(wanted, dealer, kick=named(kick), stock=named(stock), pack=pack)
    return Shuffle(order=order)
