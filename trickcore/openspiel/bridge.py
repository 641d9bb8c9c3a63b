"""The OpenSpiel game and state over any trickcore game (see :mod:`trickcore.openspiel`)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

import msgspec
import numpy as np
import numpy.typing as npt
import pyspiel

from trickcore.cards import Card
from trickcore.codec import json_text
from trickcore.encoding import Encodings, encodings, pack_of
from trickcore.errors import OptionError
from trickcore.game import CHANCE, AnyGame, GameFactory, Shuffle
from trickcore.kit.options import options_info, value_text
from trickcore.plugins import PluginHost, bind_options, default_host
from trickcore.rng import Rng

__all__ = [
    "DEFAULT_MAX_LENGTH",
    "GAME_PREFIX",
    "MAX_LENGTH",
    "LengthBounded",
    "OpenSpielGame",
    "OpenSpielState",
    "game_type",
    "most_actions",
    "register_games",
    "short_name",
]

GAME_PREFIX = "trickcore_"
"""OpenSpiel names a trickcore game ``trickcore_<name>`` (a hyphen becomes an underscore)."""

_NULL = "null"
_SINGLE_HAND = "single_hand"
MAX_LENGTH = "max_game_length"
"""The bridge's own parameter: 0 (the default) for the game's bound, or :data:`DEFAULT_MAX_LENGTH`
for a game without one, else a cap on the number of OpenSpiel actions, after which the game
ends as a draw."""
DEFAULT_MAX_LENGTH = 100_000
"""The cap on the length of a game that gives no bound of its own (All Fours and Apples, where
a redeal can follow a redeal; several hands of Euchre): a game still going after this many
actions ends as a draw. Random play of a whole game of Apples, the longest, takes about 2,000
actions (at most 3,523 in 100 games), one hand of All Fours or Apples at most a few hundred;
each redeal needs a fresh all-pass auction or a short pack, so the cap is reached with
vanishing probability."""
_PROBE = Rng("openspiel", "probe")  # a shuffle's cards are learned from one sample of it


@runtime_checkable
class LengthBounded(Protocol):
    """A game that bounds its length (optional; OpenSpiel needs the bound)."""

    def most_actions(self) -> int | None:
        """The most actions a game under these options can take, chance ones included, a
        shuffle counted as one action per card it shuffles; ``None`` when nothing bounds it
        (several hands, where a thrown-in hand is dealt again)."""
        ...


def most_actions(game: AnyGame, cap: int = 0) -> int:
    """The bound on the length of ``game`` in OpenSpiel: ``cap`` when positive (a game still
    going after that many actions ends as a draw), else the game's own
    (:class:`LengthBounded`), else :data:`DEFAULT_MAX_LENGTH`."""
    if cap > 0:
        return cap
    bound = game.most_actions() if isinstance(game, LengthBounded) else None
    return DEFAULT_MAX_LENGTH if bound is None else bound


def short_name(name: str) -> str:
    """The OpenSpiel name of the trickcore game ``name``: ``trickcore_high_card``."""
    return GAME_PREFIX + name.replace("-", "_")


def _option_names(factory: Any) -> set[str]:
    return {field.name for field in msgspec.structs.fields(factory.options_type)}


@functools.cache
def _defaults(factory: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(_parameters(factory).items())


def _parameters(factory: GameFactory) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters: their defaults (null as ``"null"``, an
    enumeration by its value), ``single_hand`` true, and the bridge's :data:`MAX_LENGTH`."""
    parameters: dict[str, Any] = {}
    for info in options_info(factory.options_type):
        default = info.default
        if default is msgspec.NODEFAULT:
            continue
        if default is None:
            default = _NULL
        elif hasattr(default, "value") and not isinstance(default, bool | int | float | str):
            default = default.value
        parameters[info.name] = default
    if _SINGLE_HAND in parameters:
        parameters[_SINGLE_HAND] = True
    parameters[MAX_LENGTH] = 0
    return parameters


def _options(factory: Any, parameters: Mapping[str, Any]) -> Any:
    """The options struct of OpenSpiel ``parameters`` (the defaults for those not given)."""
    values = {**dict(_defaults(factory)), **parameters}
    texts = {
        name: value_text(value, as_text=True)
        for name, value in values.items()
        if name != MAX_LENGTH
    }
    return _bound(factory, tuple(sorted(texts.items())))


@functools.lru_cache(maxsize=64)
def _bound(factory: Any, texts: tuple[tuple[str, str], ...]) -> Any:
    return bind_options(factory, dict(texts), from_text=True)


@functools.lru_cache(maxsize=64)
def _loaded(factory: Any, options: Any) -> tuple[AnyGame, Encodings]:
    """The game of ``options`` and its encodings: OpenSpiel builds a game for every state it
    deserializes, and a game is pure, so one is built per options."""
    game = factory(options)
    return game, encodings(game)


@functools.cache
def game_type(factory: Any) -> Any:
    """The ``pyspiel.GameType`` of a trickcore game class (a :class:`~trickcore.GameFactory`,
    hashed as the class it usually is)."""
    sample = factory(_options(factory, {}))
    sizes = {len(side) for side in sample.sides}
    zero_sum = len(sizes) == 1
    return pyspiel.GameType(
        short_name=short_name(factory.name),
        long_name=f"trickcore {factory.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(factory.seat_counts),
        min_num_players=min(factory.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(factory),
    )


class _Shared:
    """What every state of one OpenSpiel game shares: never copied when OpenSpiel clones a
    state (``copy.deepcopy``)."""

    def __init__(self, spiel_game: Any, game: AnyGame, encoded: Encodings, length: int) -> None:
        self.spiel_game = spiel_game
        self.length = length
        """The bound on a game's length (:func:`most_actions`)."""
        self.game = game
        self.encodings: Encodings = encoded
        self.pack: tuple[Card, ...] = pack_of(game)
        self.card_ids = {card: number for number, card in enumerate(self.pack)}
        deal = getattr(game, "deal", None)
        self.deal_seen: int | None = (
            deal.size if deal is not None and not getattr(deal, "rest_seen", True) else None
        )
        self.resamples = itertools.count()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        # A pickled state names its game (pickled by its options), not the game's internals.
        return _shared_of, (self.spiel_game,)


def _shared_of(spiel_game: OpenSpielGame) -> _Shared:
    return spiel_game._shared


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A trickcore game class as an OpenSpiel game; ``params`` are its options."""

    factory: ClassVar[Any]
    """The trickcore game class (a :class:`~trickcore.GameFactory`), set by
    :func:`register_games` on a subclass per game."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        factory = self.factory
        game, encoded = _loaded(factory, _options(factory, params or {}))
        cap = (params or {}).get(MAX_LENGTH, 0)
        if type(cap) is not int or cap < 0:
            raise OptionError(
                f"{MAX_LENGTH} is a whole number of actions >= 0 (0: the game's own bound, or "
                f"{DEFAULT_MAX_LENGTH}), not {cap!r}"
            )
        shared = _Shared(self, game, encoded, most_actions(game, cap))
        info = pyspiel.GameInfo(
            num_distinct_actions=shared.encodings.action.size,
            max_chance_outcomes=len(shared.pack) + max(factory.seat_counts),
            num_players=game.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=shared.length,
        )
        super().__init__(game_type(factory), info, dict(params or {}))
        self.trickcore_game: AnyGame = game
        """The trickcore game being played."""
        self._shared = shared

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # OpenSpiel pickles games (to clone them): rebuild from the options, never the
        # trickcore game's internals.
        return type(self), (dict(self.get_parameters()),)

    def new_initial_state(self) -> OpenSpielState:
        """The state before the first chance node."""
        return OpenSpielState(self, self._shared)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """An observer of views: the information state (perfect recall) or the observation."""
        if params:
            raise ValueError(f"observer parameters are not supported: {dict(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self._shared, perfect_recall=recall)


class _Step:
    """One trickcore action of the game so far, linked to the one before it, with the events
    each seat saw of it (worked out when first asked). Shared, never copied, by the clones of
    an OpenSpiel state."""

    __slots__ = ("_seen", "action", "before", "earlier")

    def __init__(self, earlier: _Step | None, before: Any, action: Any) -> None:
        self.earlier = earlier
        self.before = before
        self.action = action
        self._seen: dict[int | None, tuple[str, ...]] = {}

    def seen(self, game: AnyGame, seat: int | None) -> tuple[str, ...]:
        """The events of this action that ``seat`` saw, as JSON."""
        found = self._seen.get(seat)
        if found is None:
            events = game.events(self.before, self.action, seat)
            found = self._seen[seat] = tuple(json_text(event) for event in events)
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Step:
        return self


class _Position(NamedTuple):
    """Everything an OpenSpiel state holds beyond OpenSpiel's own history: replaced, never
    changed, so that a clone shares it."""

    state: Any
    """The trickcore state."""
    last: _Step | None = None
    """The last trickcore action applied."""
    dealt: tuple[Card, ...] = ()
    """The cards of the shuffle being dealt drawn so far."""
    pile: tuple[Card, ...] | None = None
    """The cards of the shuffle being dealt, in pack order (``None``: not learned yet)."""
    recalled: Mapping[int | None, tuple[str, ...]] | None = None
    """After a resample: what each seat recalls from before it."""
    length: int = 0
    """OpenSpiel actions applied so far (a resampled state's too)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self


class OpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A trickcore state as an OpenSpiel state, with the shuffle being dealt card by card."""

    def __init__(self, spiel_game: Any, shared: _Shared) -> None:
        super().__init__(spiel_game)
        self._shared = shared
        self._at = _Position(shared.game.initial_state())

    @property
    def trickcore_state(self) -> Any:
        """The trickcore state (a shuffle being dealt applies once its cards are all drawn)."""
        return self._at.state

    # -- who acts and what they may do ---------------------------------------------------------

    def _capped(self) -> bool:
        """Whether the game reached its length bound (only a cap set by :data:`MAX_LENGTH`
        can end a game there before its own end)."""
        return self._at.length >= self._shared.length

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        actor = self._shared.game.actor(self._at.state)
        if actor is None or self._capped():
            return int(pyspiel.PlayerId.TERMINAL)
        if actor is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return int(actor)

    def is_terminal(self) -> bool:
        """Whether the game is over (or capped)."""
        return self._shared.game.actor(self._at.state) is None or self._capped()

    def _legal_actions(self, player: int) -> list[int]:
        shared = self._shared
        legal = shared.game.legal_actions(self._at.state)
        return sorted(shared.encodings.action.indices(legal))

    def _listed(self) -> tuple[Any, ...]:
        return tuple(self._shared.game.legal_actions(self._at.state))

    def _shuffled(self) -> tuple[Card, ...]:
        """The cards of the shuffle due, in pack order (learned from one sample of it)."""
        pile = self._at.pile
        if pile is None:
            sample = self._shared.game.sample_chance(self._at.state, _PROBE.derive())
            if not isinstance(sample, Shuffle):
                raise TypeError(f"chance lists no outcome and does not shuffle: {sample!r}")
            pile = tuple(sorted(sample.order, key=self._shared.card_ids.__getitem__))
            self._at = self._at._replace(pile=pile)
        return pile

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The listed chance outcomes (the first dealer), else the undealt cards, uniformly."""
        listed = self._listed()
        if listed:
            first = len(self._shared.pack)
            return [(first + number, 1.0 / len(listed)) for number in range(len(listed))]
        dealt = set(self._at.dealt)
        ids = self._shared.card_ids
        left = [ids[card] for card in self._shuffled() if card not in dealt]
        return [(number, 1.0 / len(left)) for number in left]

    # -- playing -------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        shared = self._shared
        self._at = self._at._replace(length=self._at.length + 1)
        if shared.game.actor(self._at.state) is not CHANCE:
            self._play(shared.encodings.action.action(action))
            return
        listed = self._listed()
        if listed:
            self._play(listed[action - len(shared.pack)])
            return
        pile = self._shuffled()
        card = shared.pack[action]
        if card not in pile or card in self._at.dealt:
            raise ValueError(f"{card} is not among the cards left to deal")
        dealt = (*self._at.dealt, card)
        seen = shared.deal_seen if len(pile) == len(shared.pack) else None
        if len(pile) - len(dealt) > 1 and (seen is None or len(dealt) < seen):
            self._at = self._at._replace(dealt=dealt)
            return
        drawn = set(dealt)
        order = (*dealt, *(card for card in pile if card not in drawn))
        self._at = self._at._replace(dealt=(), pile=None)
        self._play(Shuffle(order=order))

    def _play(self, action: Any) -> None:
        at = self._at
        after = self._shared.game.apply(at.state, action)
        self._at = at._replace(state=after, last=_Step(at.last, at.state, action))

    def _action_to_string(self, player: int, action: int) -> str:
        shared = self._shared
        if player != pyspiel.PlayerId.CHANCE:
            return str(shared.encodings.action.action(action))
        if action < len(shared.pack):
            return f"deal {shared.pack[action]}"
        listed = self._listed() if shared.game.actor(self._at.state) is CHANCE else ()
        number = action - len(shared.pack)
        return str(listed[number]) if number < len(listed) else f"chance outcome {number}"

    def returns(self) -> list[float]:
        """Each seat's result once the game is over (0 before, and on a capped game)."""
        outcome = self._shared.game.outcome(self._at.state)
        if not outcome.finished:
            return [0.0] * self._shared.game.seats
        return [float(value) for value in outcome.returns]

    def __str__(self) -> str:
        return json_text(self._at.state)

    # -- what a seat knows ---------------------------------------------------------------------

    def seen(self, seat: int | None) -> tuple[str, ...]:
        """Every event ``seat`` (``None``: a spectator) has seen so far, as JSON: perfect
        recall."""
        game = self._shared.game
        parts = []
        step = self._at.last
        while step is not None:
            parts.append(step.seen(game, seat))
            step = step.earlier
        recalled = self._at.recalled
        known = recalled.get(seat, ()) if recalled is not None else ()
        return (*known, *(event for part in reversed(parts) for event in part))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state that ``player_id`` cannot tell from this one: its view determinized by the
        game with the bridge's own seeded stream (``probability_sampler`` is not callable from
        Python and is not used). The new state has no OpenSpiel history; the other seats
        recall the public events only."""
        shared = self._shared
        game = shared.game
        seat = int(player_id)
        rng = Rng("openspiel", "resample", next(shared.resamples))
        drawn = OpenSpielState(shared.spiel_game, shared)
        public = self.seen(None)
        recalled: dict[int | None, tuple[str, ...]] = dict.fromkeys(range(game.seats), public)
        recalled[None] = public
        recalled[seat] = self.seen(seat)
        state = game.determinize(self._resample_view(seat), rng)
        drawn._at = _Position(state, recalled=recalled, length=self._at.length)
        return drawn

    def _resample_view(self, seat: int) -> Any:
        """``seat``'s view of this state, the same object while the state does not change: a
        search resamples one state many times, and the game's ``determinize`` prepares what
        depends on the view once per view object (:class:`trickcore.kit.hidden.LastView`)."""
        state = self._at.state
        cache = self.__dict__.setdefault("_views", _LastView())
        if cache.last is not None and cache.last[0] is state and cache.last[1] == seat:
            return cache.last[2]
        view = self._shared.game.view(state, seat)
        cache.last = (state, seat, view)
        return view


class _LastView:
    """The view an OpenSpiel state was last resampled from, with its trickcore state and seat;
    a copy or a pickle of the OpenSpiel state starts without one."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Any, int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _LastView:
        return _LastView()

    def __reduce__(self) -> tuple[type[_LastView], tuple[()]]:
        return _LastView, ()


class _Observer:
    """OpenSpiel's observer: the view encoding as the tensor, the view as JSON as the string
    (with the seat's events for the information state)."""

    def __init__(self, shared: _Shared, *, perfect_recall: bool) -> None:
        self._shared = shared
        self._recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            shared.encodings.view.size, dtype=np.float32
        )
        self.dict: dict[str, npt.NDArray[np.float32]] = {"view": self.tensor}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """The tensor of ``player``'s view of ``state``."""
        view = self._shared.game.view(state.trickcore_state, int(player))
        self.tensor[:] = self._shared.encodings.view.encode(view)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s view of ``state`` as JSON, and for the information state every event
        it has seen, one per line."""
        view = json_text(self._shared.game.view(state.trickcore_state, int(player)))
        if not self._recall:
            return view
        return "\n".join((view, *state.seen(int(player))))


def register_games(host: PluginHost | None = None) -> tuple[str, ...]:
    """Register every game of ``host`` (the installed plugins by default) with OpenSpiel as
    ``trickcore_<name>``; returns the names registered. A name already registered is kept."""
    host = host if host is not None else default_host()
    known = set(pyspiel.registered_names())
    names = []
    factory: Any  # a GameFactory, hashed (cached by) as the class it usually is
    for factory in host.games.values():
        name = short_name(factory.name)
        names.append(name)
        if name in known:
            continue
        # A module attribute, so that OpenSpiel can pickle the game (it clones by pickling).
        class_name = f"OpenSpiel_{name}"
        game_class = type(
            class_name, (OpenSpielGame,), {"factory": factory, "__module__": __name__}
        )
        globals()[class_name] = game_class
        pyspiel.register_game(game_type(factory), game_class)
    return tuple(names)
