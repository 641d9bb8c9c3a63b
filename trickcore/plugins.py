"""The plugin host: loads plugins, keeps the registry of games and bots, records failures.

Build one with :func:`build_host` (or use :func:`default_host`, built on first use). Entry
points of the ``trickcore`` group are loaded in a stable order (by name, then target); each is
imported, registered with pluggy and asked for its games and bots on its own, so a plugin that
fails is recorded as a :class:`PluginFailure` under its name while every other plugin still
works. With ``strict=True`` the first failure raises :class:`~trickcore.errors.PluginError`.
Duplicate names are refused with an error naming both plugins.
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import pluggy

from trickcore import hookspecs
from trickcore.bots import BotFactory
from trickcore.errors import (
    OptionError,
    PluginError,
    TrickcoreError,
    UnknownBotError,
    UnknownGameError,
)
from trickcore.game import AnyGame, GameFactory
from trickcore.kit.options import check_value, options_info, value_text

__all__ = [
    "PluginFailure",
    "PluginHost",
    "Registration",
    "build_host",
    "default_host",
]

_NAME = re.compile(r"^[a-z][a-z0-9_\-]*$")


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be used, and why."""

    plugin: str
    """The plugin's name (its entry-point name, or the name it was given in-process)."""
    source: str
    """Where it came from: ``module:attr (distribution version)`` or ``in-process``."""
    stage: str
    """``import``, ``register`` or the hook that failed."""
    error: str
    """The exception, as ``Type: message``."""

    def __str__(self) -> str:
        return f"{self.plugin}: {self.stage} failed: {self.error} [{self.source}]"


@dataclass(frozen=True)
class Registration:
    """One game or bot and the plugin that registered it."""

    kind: str
    """``game`` or ``bot``."""
    name: str
    plugin: str
    target: Any
    """The registered game or bot factory."""


@dataclass(frozen=True)
class _Candidate:
    name: str
    source: str
    load: Any  # () -> plugin object


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


class PluginHost:
    """The registry of games and bots. Build it with :func:`build_host`."""

    def __init__(self, *, strict: bool = False) -> None:
        self._strict = strict
        self._manager = pluggy.PluginManager(hookspecs.PROJECT)
        self._manager.add_hookspecs(hookspecs)
        self._games: dict[str, Registration] = {}
        self._bots: dict[str, list[Registration]] = {}
        self._plugins: list[tuple[str, str]] = []
        self._failures: list[PluginFailure] = []

    # -- loading ---------------------------------------------------------------------------

    def add_plugin(self, plugin: object, name: str, source: str = "in-process") -> bool:
        """Register one plugin object (a module or any object with hook implementations) and
        collect its games and bots. Returns False (after recording the failure) if it fails."""
        return self._add(_Candidate(name, source, lambda: plugin))

    def _fail(self, candidate: _Candidate, stage: str, error: BaseException) -> bool:
        failure = PluginFailure(candidate.name, candidate.source, stage, _describe(error))
        if self._strict:
            raise PluginError(str(failure)) from error
        self._failures.append(failure)
        return False

    def _add(self, candidate: _Candidate) -> bool:
        if self._manager.has_plugin(candidate.name) or any(
            name == candidate.name for name, _ in self._plugins
        ):
            return self._fail(
                candidate,
                "register",
                PluginError(f"a plugin named {candidate.name!r} is already loaded"),
            )
        try:
            plugin = candidate.load()
        except (Exception, SystemExit) as error:  # a broken plugin must not take the others
            return self._fail(candidate, "import", error)  # down, not even by sys.exit()
        try:
            self._manager.register(plugin, name=candidate.name)
            self._manager.check_pending()
        except (Exception, SystemExit) as error:
            if self._manager.is_registered(plugin):
                self._manager.unregister(plugin)
            return self._fail(candidate, "register", error)
        staged: list[Registration] = []
        for hook_name, kind in (
            ("trickcore_register_games", "game"),
            ("trickcore_register_bots", "bot"),
        ):
            hook = getattr(self._manager.hook, hook_name)
            for impl in hook.get_hookimpls():
                if impl.plugin_name != candidate.name:
                    continue
                try:
                    register = self._registrar(kind, candidate.name, staged)
                    # pluggy lets an implementation take a subset of the hook's arguments.
                    impl.function(**{name: register for name in impl.argnames})
                except (Exception, SystemExit) as error:
                    self._manager.unregister(plugin)
                    return self._fail(candidate, hook_name, error)
        self._plugins.append((candidate.name, candidate.source))
        for registration in staged:
            if registration.kind == "game":
                self._games[registration.name] = registration
            else:
                self._bots.setdefault(registration.name, []).append(registration)
        return True

    def _registrar(self, kind: str, plugin: str, staged: list[Registration]) -> Any:
        def register(target: Any) -> None:
            name = getattr(target, "name", None)
            if not isinstance(name, str) or not _NAME.match(name):
                raise PluginError(
                    f"plugin {plugin!r} registered a {kind} without a valid name "
                    f"(lower-case letters, digits, '_' or '-'): {target!r}"
                )
            registration = Registration(kind, name, plugin, target)
            if kind == "game":
                self._check_game(registration)
                earlier = self._games.get(name) or next(
                    (r for r in staged if r.kind == "game" and r.name == name), None
                )
                if earlier is not None:
                    raise PluginError(
                        f"game {name!r} is registered by both {earlier.plugin!r} and {plugin!r}"
                    )
            else:
                self._check_bot(registration)
                for earlier in self._bots.get(name, []) + [
                    r for r in staged if r.kind == "bot" and r.name == name
                ]:
                    if _overlap(earlier.target.games, target.games):
                        raise PluginError(
                            f"bot {name!r} is registered by both {earlier.plugin!r} and {plugin!r} "
                            "for the same game"
                        )
            staged.append(registration)

        return register

    @staticmethod
    def _check_game(registration: Registration) -> None:
        target = registration.target
        missing = [
            attr for attr in ("title", "seat_counts", "options_type") if not hasattr(target, attr)
        ] + ([] if callable(target) else ["__call__"])
        if missing:
            raise PluginError(
                f"game {registration.name!r} of plugin {registration.plugin!r} lacks "
                + ", ".join(missing)
            )

    @staticmethod
    def _check_bot(registration: Registration) -> None:
        target = registration.target
        missing = [attr for attr in ("description", "games") if not hasattr(target, attr)] + (
            [] if callable(target) else ["__call__"]
        )
        if missing:
            raise PluginError(
                f"bot {registration.name!r} of plugin {registration.plugin!r} lacks "
                + ", ".join(missing)
            )
        # games="euchre" (a str, not a tuple) would match every substring ("e", "euch" …).
        games = target.games
        if games is not None and (
            not isinstance(games, (tuple, list, frozenset))
            or not all(isinstance(game, str) for game in games)
        ):
            raise PluginError(
                f"bot {registration.name!r} of plugin {registration.plugin!r}: games must be "
                f"None or a tuple of game names, not {games!r}"
            )

    # -- the registry ----------------------------------------------------------------------

    @property
    def plugins(self) -> tuple[tuple[str, str], ...]:
        """The plugins that loaded, as ``(name, source)``, in load order."""
        return tuple(self._plugins)

    @property
    def failures(self) -> tuple[PluginFailure, ...]:
        """The plugins that failed, in load order."""
        return tuple(self._failures)

    @property
    def registrations(self) -> tuple[Registration, ...]:
        """Every game and bot, with the plugin that registered it."""
        bots = [r for name in sorted(self._bots) for r in self._bots[name]]
        return tuple(self._games[name] for name in sorted(self._games)) + tuple(bots)

    @property
    def games(self) -> Mapping[str, GameFactory]:
        """Every game class by name, in name order."""
        return {name: self._games[name].target for name in sorted(self._games)}

    def game_factory(self, name: str) -> GameFactory:
        """The registered game class, or :class:`UnknownGameError` listing the games."""
        try:
            factory: GameFactory = self._games[name].target
        except KeyError:
            known = ", ".join(sorted(self._games)) or "none (is a game plugin installed?)"
            raise UnknownGameError(f"unknown game {name!r}; games: {known}") from None
        return factory

    def load(self, name: str, /, **options: Any) -> AnyGame:
        """The game ``name`` bound to ``options`` (see :func:`trickcore.load`). Every keyword
        is an option, even ``name`` or ``self`` (refused as unknown options). A game whose
        plugin is broken (its options type or its factory fails) raises
        :class:`~trickcore.errors.PluginError` naming the plugin."""
        factory = self.game_factory(name)
        try:
            return factory(bind_options(factory, options))
        except TrickcoreError:
            raise
        except Exception as error:
            plugin = self._games[name].plugin
            raise PluginError(
                f"game {name!r} of plugin {plugin!r} is broken: it failed to load: "
                f"{_describe(error)}"
            ) from error

    def bots(self, game: str | None = None) -> tuple[BotFactory, ...]:
        """The bots (all, or those that play ``game``), in name order."""
        found = []
        for name in sorted(self._bots):
            for registration in self._bots[name]:
                games = registration.target.games
                if game is None or games is None or game in games:
                    found.append(registration.target)
        return tuple(found)

    def bot_factory(self, name: str, game: str) -> BotFactory:
        """The bot ``name`` for ``game``, or :class:`UnknownBotError` listing those that exist."""
        for registration in self._bots.get(name, []):
            games = registration.target.games
            if games is None or game in games:
                factory: BotFactory = registration.target
                return factory
        known = ", ".join(bot.name for bot in self.bots(game)) or "none"
        raise UnknownBotError(f"unknown bot {name!r} for {game}; bots for {game}: {known}")


def _overlap(first: Sequence[str] | None, second: Sequence[str] | None) -> bool:
    return first is None or second is None or bool(set(first) & set(second))


def option_help(factory: GameFactory, *, as_text: bool = False) -> str:
    """``name=default`` for every option of a game, for error messages: the defaults as Python
    values (``stick_the_dealer=False``), or with ``as_text`` as the command line takes them
    (``stick_the_dealer=false``, ``first_dealer=null``, ``lone_lead=lone_left``)."""
    return ", ".join(
        f"{info.name}={value_text(info.default, as_text=True) if as_text else repr(info.default)}"
        for info in options_info(factory.options_type)
    )


def bind_options(
    factory: GameFactory, options: Mapping[str, Any], *, from_text: bool = False
) -> Any:
    """Validate ``options`` against the game's options struct and return the struct.

    An unknown name raises :class:`~trickcore.errors.OptionError` naming it and listing
    every option with its default; an invalid value raises one naming the option, the value
    and the values the option allows (from its metadata, see :mod:`trickcore.kit.options`),
    then every option with its default. ``from_text=True`` accepts values given as text
    (``"32"``, ``"true"``, ``"null"``), as the command line gives them.
    """
    known = {field.name for field in msgspec.structs.fields(factory.options_type)}
    unknown = sorted(set(options) - known)
    if unknown:
        raise OptionError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
            f"for {factory.name}; options: {option_help(factory, as_text=from_text)}"
        )
    try:
        values = {
            name: check_value(
                factory.options_type, name, value, from_text=from_text, owner=factory.name
            )
            for name, value in options.items()
        }
        return msgspec.convert(values, factory.options_type)
    except OptionError as error:
        raise OptionError(
            f"{error}; options: {option_help(factory, as_text=from_text)}", option=error.option
        ) from None
    except msgspec.ValidationError as error:  # a check across options, in __post_init__
        raise OptionError(
            f"invalid options for {factory.name}: {error}; "
            f"options: {option_help(factory, as_text=from_text)}"
        ) from None


def _entry_point_candidates() -> list[_Candidate]:
    seen: set[tuple[str, str]] = set()
    candidates = []
    points = importlib.metadata.entry_points(group=hookspecs.PROJECT)
    for point in sorted(points, key=lambda p: (p.name, p.value)):
        if (point.name, point.value) in seen:
            continue
        seen.add((point.name, point.value))
        dist = getattr(point, "dist", None)
        origin = f" ({dist.name} {dist.version})" if dist is not None else ""
        candidates.append(_Candidate(point.name, f"{point.value}{origin}", point.load))
    return candidates


def build_host(
    *,
    entry_points: bool = True,
    plugins: Iterable[tuple[str, object]] = (),
    strict: bool = False,
) -> PluginHost:
    """A new plugin host.

    ``entry_points``: load the installed plugins of the ``trickcore`` entry-point group (the
    built-in games and bots are among them). ``plugins``: extra ``(name, plugin)`` pairs
    registered in-process after them (handy in tests). ``strict``: raise on the first failure
    instead of recording it.
    """
    host = PluginHost(strict=strict)
    if entry_points:
        for candidate in _entry_point_candidates():
            host._add(candidate)
    for name, plugin in plugins:
        host.add_plugin(plugin, name)
    return host


@functools.lru_cache(maxsize=1)
def default_host() -> PluginHost:
    """The host :func:`trickcore.load` uses: the installed plugins, built on first use.

    ``default_host.cache_clear()`` makes the next call load the entry points again.
    """
    return build_host()
