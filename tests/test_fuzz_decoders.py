"""Every decoder of every game, fuzzed (issue 10): on any input, JSON or MessagePack, a decoder
and what a server does next with what it decoded raise only trickcore errors
(:mod:`trickcore.errors`), within a bounded time per input.

The decoders: each game's actions, states, views and options (``trickcore.from_json`` and
``trickcore.from_msgpack`` with the game's types), replays (``trickcore.replay.loads`` and
MessagePack), the options given to ``trickcore.load``, and saved tables
(``Table.from_json``). What comes next: an action is applied to states of a real game, a state
is validated, a view is validated when the game can (``validate_view``) and then determinized,
a replay is verified, a table resumed.

The inputs: random bytes (hypothesis), and mutations of real encoded objects from random games:
bytes flipped, cut, repeated or spliced, numbers made huge; and, aware of the structure, a value
of the decoded tree replaced by one of another type, a huge number, a deep nest, a card, an
enum value seen elsewhere, a key dropped or added, a list shuffled. Each hypothesis example
draws a seed and tries ``BATCH`` such inputs.

The default run keeps a fast slice (``TRICKCORE_FUZZ_INPUTS``, default 200 inputs per decoder);
``tox -e fuzz`` sets it to 100,000 and reports, per decoder, the inputs tried, how many decoded
and the slowest input.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweeps import sweep_size

import trickcore
from trickcore import Table
from trickcore.errors import DecodeError, TrickcoreError
from trickcore.replay import Replay, loads, verify

INPUTS = int(os.environ.get("TRICKCORE_FUZZ_INPUTS", sweep_size(200, 60)))
"""Inputs per decoder: a fast slice by default (200; 60 in the slice of ``tests/sweeps.py``),
100,000 in ``tox -e fuzz``."""
REPORTING = "TRICKCORE_FUZZ_INPUTS" in os.environ
"""A run that sets the size prints its figures."""
BATCH = 100 if INPUTS >= 10_000 else 10
"""Inputs tried per hypothesis example."""
MAX_INPUT = 1 << 20
"""Inputs are cut to 1 MiB: mutations that multiply a nest of lists can reach 100 MB, which takes
seconds to read however well it is read (decoding time grows with the input's size)."""
TIME_LIMIT = 5.0
"""The most CPU time one input may take, in seconds: more is a hang."""
GAMES = sorted(trickcore.default_host().games)

_HUGE = (10**30, -(10**30), 2**63, 2**64, -(2**63) - 1, 1e308, -1e308)
_ODD: tuple[Any, ...] = (None, True, False, 0, -1, 7, 1.5, "", "x", "AS", "JK", [], {}, [None])
_DEEP = "\x00deep\x00"
"""Stands for a nest too deep to encode; replaced by its bytes after encoding."""


def _deep(fmt: str, levels: int) -> bytes:
    """Lists nested ``levels`` deep, encoded."""
    if fmt == "json":
        return b"[" * levels + b"]" * levels
    return b"\x91" * levels + b"\x90"  # a one-element array in each, an empty one inside


# --- samples: real objects of random games, encoded --------------------------------------------


@dataclass
class Samples:
    """Real objects of one game, encoded, and the words they use (tags, enum values)."""

    game: Any
    states: list[Any]
    views: list[Any]
    actions: list[Any]
    replays: list[Replay]
    tables: list[bytes]
    words: list[str] = field(default_factory=list)


def _samples(name: str) -> Samples:
    game = trickcore.load(name)
    short = Table(game, ["random"] * game.seats, seed=5)
    short.advance(max_steps=30)
    full = Table(game, ["random"] * game.seats, seed=6)
    full.run()
    history = full.history()
    states = list(history.states[:: max(1, len(history.states) // 12)])
    views = [game.view(state, seat) for state in states[::3] for seat in range(game.seats)]
    actions = list(dict.fromkeys(history.actions[:60]))
    words = sorted(
        {
            value
            for obj in (*states[:4], *actions, *views[:4])
            for value in _leaves(msgspec.json.decode(msgspec.json.encode(obj)))
            if isinstance(value, str) and len(value) < 20
        }
    )
    return Samples(
        game=game,
        states=states,
        views=views,
        actions=actions,
        replays=[short.replay(), full.replay()],
        tables=[short.to_json(), full.to_json()],
        words=words,
    )


def _leaves(tree: Any) -> Iterator[Any]:
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        else:
            yield node


_SAMPLES: dict[str, Samples] = {}


def samples(name: str) -> Samples:
    if name not in _SAMPLES:
        _SAMPLES[name] = _samples(name)
    return _SAMPLES[name]


# --- decoders and what follows them -------------------------------------------------------------


@dataclass(frozen=True)
class Decoder:
    """One decoder of one format: ``use`` decodes bytes and does what a server does next."""

    name: str
    fmt: str
    originals: Callable[[], list[bytes]]
    use: Callable[[bytes], object]
    words: Callable[[], list[str]]


def _encode(fmt: str, obj: Any) -> bytes:
    return trickcore.to_json(obj) if fmt == "json" else trickcore.to_msgpack(obj)


def _decode(fmt: str, data: bytes, kind: Any) -> Any:
    return trickcore.from_json(data, kind) if fmt == "json" else trickcore.from_msgpack(data, kind)


def _use_action(name: str, fmt: str, data: bytes) -> None:
    found = samples(name)
    action = _decode(fmt, data, found.game.action_type)
    str(action)
    for state in found.states[1:6]:
        with contextlib.suppress(TrickcoreError):
            found.game.apply(state, action)


def _use_state(name: str, fmt: str, data: bytes) -> None:
    game = samples(name).game
    game.validate(_decode(fmt, data, game.state_type))


def _use_view(name: str, fmt: str, data: bytes) -> None:
    game = samples(name).game
    view = _decode(fmt, data, game.view_type)
    validate_view = getattr(game, "validate_view", None)
    if validate_view is not None:  # a view that passes is one determinize must handle
        validate_view(view)
        game.determinize(view, trickcore.Rng(1))


def _use_options(name: str, fmt: str, data: bytes) -> None:
    game = samples(name).game
    _decode(fmt, data, game.options_type)
    options = _decode(fmt, data, dict[str, Any])
    trickcore.load(name, **options)


def _use_replay(fmt: str, data: bytes) -> None:
    replay = loads(data) if fmt == "json" else trickcore.from_msgpack(data, Replay)
    verify(replay)


def _decoders() -> list[Decoder]:
    found = []
    for name in GAMES:
        for fmt in ("json", "msgpack"):
            parts: dict[str, tuple[Callable[[Samples], list[Any]], Callable[..., None]]] = {
                "actions": (lambda s: s.actions, _use_action),
                "states": (lambda s: s.states, _use_state),
                "views": (lambda s: s.views, _use_view),
                "options": (
                    lambda s: [s.game.options, msgspec.structs.asdict(s.game.options)],
                    _use_options,
                ),
            }
            for part, (objects, use) in parts.items():
                found.append(
                    Decoder(
                        name=f"{name} {part}",
                        fmt=fmt,
                        originals=lambda n=name, f=fmt, o=objects: [  # type: ignore[misc]
                            _encode(f, obj) for obj in o(samples(n))
                        ],
                        use=lambda data, n=name, f=fmt, u=use: u(n, f, data),  # type: ignore[misc]
                        words=lambda n=name: samples(n).words,  # type: ignore[misc]
                    )
                )
    for fmt in ("json", "msgpack"):
        found.append(
            Decoder(
                name="replays",
                fmt=fmt,
                originals=lambda f=fmt: [  # type: ignore[misc]
                    _encode(f, replay) for name in GAMES for replay in samples(name).replays
                ],
                use=lambda data, f=fmt: _use_replay(f, data),  # type: ignore[misc]
                words=lambda: [word for name in GAMES for word in samples(name).words],
            )
        )
    found.append(
        Decoder(
            name="saved tables",
            fmt="json",
            originals=lambda: [table for name in GAMES for table in samples(name).tables],
            use=Table.from_json,
            words=lambda: [word for name in GAMES for word in samples(name).words],
        )
    )
    return found


DECODERS = _decoders()


# --- inputs -----------------------------------------------------------------------------------


def _mutate_bytes(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(out) + 1)
        op = rng.randrange(7)
        if op == 0 and out:  # flip a byte
            out[min(where, len(out) - 1)] = rng.randrange(256)
        elif op == 1:  # insert random bytes
            out[where:where] = rng.randbytes(rng.randint(1, 8))
        elif op == 2:  # cut a range
            del out[where : where + rng.randint(1, 32)]
        elif op == 3:  # repeat a range
            out[where:where] = out[where : where + rng.randint(1, 64)] * rng.randint(2, 50)
        elif op == 4:  # splice another sample
            other = rng.choice(others)
            cut = rng.randrange(len(other) + 1)
            out[where:] = other[cut:]
        elif op == 5:  # a huge or odd number
            out[where:where] = str(rng.choice(_HUGE)).encode()
        else:  # truncate
            del out[where:]
    return bytes(out)


def _odd_value(rng: random.Random, words: list[str]) -> Any:
    pick = rng.randrange(6)
    if pick == 0:
        return rng.choice(_HUGE)
    if pick == 1 and words:
        return rng.choice(words)
    if pick == 2:  # deep nesting: built here, or put in as bytes after encoding (_DEEP)
        if rng.random() < 0.5:
            return _DEEP
        value: Any = []
        for _ in range(rng.choice((10, 40, 200))):
            value = [value] if rng.random() < 0.8 else {"a": value}
        return value
    if pick == 3:  # big containers
        return [rng.choice(_ODD)] * rng.choice((100, 10_000)) if rng.random() < 0.5 else "x" * 10**5
    return rng.choice(_ODD)


def _mutate_tree(
    rng: random.Random, tree: Any, words: list[str], alike: dict[type, list[Any]]
) -> Any:
    """One value somewhere in ``tree`` (a JSON tree, changed in place) replaced or reshaped;
    ``alike``: the original's leaves by type."""
    node, key = None, None
    current = tree
    for _ in range(0 if rng.random() < 0.05 else rng.randint(1, 6)):  # 0: the whole tree
        if isinstance(current, dict) and current:
            node, key = current, rng.choice(list(current))
        elif isinstance(current, list) and current:
            node, key = current, rng.randrange(len(current))
        else:
            break
        current = node[key]  # type: ignore[index]
    if node is None:
        return _odd_value(rng, words)
    op = rng.randrange(10)
    if op >= 5:  # a value of the same kind from elsewhere: most often still decodes
        same = alike.get(type(current))
        node[key] = rng.choice(same) if same else _odd_value(rng, words)  # type: ignore[index]
    elif op == 0 and isinstance(node, dict):
        del node[key]
    elif op == 1 and isinstance(node, dict):
        node[rng.choice([*words, "extra"])] = _odd_value(rng, words)
    elif op == 2 and isinstance(node, list):
        rng.shuffle(node)
        node.extend(node[: rng.randint(0, 3)])
    elif op == 3 and isinstance(current, int) and not isinstance(current, bool):
        node[key] = current + rng.choice((-1, 1, 4, 52, 2**31, -(2**31)))  # type: ignore[index]
    else:
        node[key] = _odd_value(rng, words)  # type: ignore[index]
    return tree


_ALIKE: dict[bytes, dict[type, list[Any]]] = {}


def _alike(fmt: str, original: bytes) -> dict[type, list[Any]]:
    """The leaves of an original's tree by type (computed once per original)."""
    if original not in _ALIKE:
        tree = msgspec.json.decode(original) if fmt == "json" else msgspec.msgpack.decode(original)
        found: dict[type, list[Any]] = {}
        for leaf in _leaves(tree):
            found.setdefault(type(leaf), []).append(leaf)
        _ALIKE[original] = found
    return _ALIKE[original]


def _inputs(
    rng: random.Random, decoder: Decoder, originals: list[bytes], raw: bytes
) -> Iterator[bytes]:
    """``BATCH`` inputs, at most :data:`MAX_INPUT` bytes each."""
    for data in _mutated(rng, decoder, originals, raw):
        yield data[:MAX_INPUT]


def _mutated(
    rng: random.Random, decoder: Decoder, originals: list[bytes], raw: bytes
) -> Iterator[bytes]:
    yield raw  # hypothesis' own bytes
    words = decoder.words()
    for _ in range(BATCH - 1):
        original = rng.choice(originals)
        alike = _alike(decoder.fmt, original)
        mode = rng.randrange(6)  # 0: random bytes, 1: bytes mutated, else the tree mutated
        if mode == 0:
            yield rng.randbytes(rng.choice((1, 8, 64, 512)))
        elif mode == 1:
            yield _mutate_bytes(rng, original, originals)
        else:
            if decoder.fmt == "json":
                tree = msgspec.json.decode(original)
            else:
                tree = msgspec.msgpack.decode(original)
            for _ in range(rng.randint(1, mode - 1)):
                tree = _mutate_tree(rng, tree, words, alike)
            try:
                data = _encode(decoder.fmt, tree)
            except (OverflowError, RecursionError, msgspec.EncodeError):
                data = original  # a number MessagePack cannot hold, a nest too deep
            levels = rng.choice((100, 1_000, 100_000))
            yield data.replace(_encode(decoder.fmt, _DEEP), _deep(decoder.fmt, levels))


# --- the test ---------------------------------------------------------------------------------


class _Hang(BaseException):
    """An input took longer than :data:`TIME_LIMIT` (a BaseException: nothing swallows it)."""


_ALARMS: list[int] = []


def _alarm(signum: int, frame: FrameType | None) -> None:
    _ALARMS.append(signum)  # seen even if raised where it is swallowed (a gc callback)
    raise _Hang


@dataclass
class Stats:
    """What one decoder made of its inputs."""

    inputs: int = 0
    undecodable: int = 0
    """Refused by the decoder (:class:`~trickcore.errors.DecodeError`)."""
    refused: int = 0
    """Decoded, then refused with another trickcore error (validate, apply, verify, load)."""
    accepted: int = 0
    slowest: float = 0.0
    """The most CPU time one input took, in seconds."""


REPORT: dict[str, Stats] = {}


def _try(decoder: Decoder, data: bytes, stats: Stats) -> None:
    """Give ``data`` to ``decoder``; fail on anything but a trickcore error, or on an input that
    takes more than :data:`TIME_LIMIT` seconds of CPU time (a CPU timer: a busy machine does not
    make a slow input of a fast one)."""
    timed = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    start = time.process_time()
    if timed:
        previous = signal.signal(signal.SIGPROF, _alarm)
        signal.setitimer(signal.ITIMER_PROF, TIME_LIMIT)
    hang = False
    try:
        decoder.use(data)
        stats.accepted += 1
    except DecodeError:
        stats.undecodable += 1
    except TrickcoreError:
        stats.refused += 1
    except _Hang:
        hang = True
    except Exception:  # the point: anything else is a bug
        pytest.fail(
            f"{decoder.name} ({decoder.fmt}) raised a non-trickcore error on {data[:300]!r}:\n"
            + traceback.format_exc()
        )
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    if hang or _ALARMS:
        _ALARMS.clear()
        pytest.fail(f"{decoder.name} ({decoder.fmt}) took over {TIME_LIMIT} s on {data[:300]!r}")
    stats.inputs += 1
    stats.slowest = max(stats.slowest, time.process_time() - start)


@pytest.mark.parametrize("decoder", DECODERS, ids=lambda d: f"{d.name}-{d.fmt}".replace(" ", "-"))
def test_a_decoder_raises_only_trickcore_errors(decoder: Decoder) -> None:
    originals = decoder.originals()
    stats = Stats()

    @settings(
        max_examples=math.ceil(INPUTS / BATCH),
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(0, 2**64 - 1), raw=st.binary(max_size=512))
    def fuzz(seed: int, raw: bytes) -> None:
        rng = random.Random(seed)
        for data in _inputs(rng, decoder, originals, raw):
            _try(decoder, data, stats)

    fuzz()
    REPORT[f"{decoder.name} ({decoder.fmt})"] = stats
    if REPORTING:
        print(f"\n{_line(f'{decoder.name} ({decoder.fmt})', stats)}", flush=True)
    assert stats.inputs >= INPUTS


def _line(name: str, stats: Stats) -> str:
    return (
        f"{name:28} {stats.inputs:>8} inputs: {stats.undecodable:>7} undecodable, "
        f"{stats.refused:>7} refused after decoding, {stats.accepted:>7} accepted; slowest "
        f"{stats.slowest * 1000:.1f} ms CPU"
    )


def test_the_report(request: pytest.FixtureRequest) -> None:
    """The figures of this run, per decoder (printed with ``-s``; ``tox -e fuzz`` shows them)."""
    if not REPORTING:
        pytest.skip("the report is printed by a run that sets TRICKCORE_FUZZ_INPUTS (tox -e fuzz)")
    lines = [_line(name, stats) for name, stats in sorted(REPORT.items())]
    print("\n" + "\n".join(lines))
    assert REPORT
