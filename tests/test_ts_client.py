"""Frontends in TypeScript (issue 14): the tools a frontend developer reaches for take
trickcore's JSON Schema as it is, and the example client in ``docs/examples/ts-client`` reads
what the engine writes, for every registered game.

Opt-in, as it needs Node.js and npm: ``tox -e ts`` (part of a plain ``tox`` and of CI) sets
``TRICKCORE_TS=1``. Where ``node`` or ``npm`` is missing the tests skip and say so, except under
``CI=true``, where that skip would hide a check CI promises and fails instead.

- ``npm ci`` installs the pinned tools from the committed lock file.
- ``scripts/generate.mjs`` exports every part of every game's schema with ``trickcore schema
  GAME --part PART``, compiles each with ``new Ajv2020({strict: true})`` and generates types
  with json-schema-to-typescript, refusing any ``never``; ``tsc`` (``strict: true``) compiles
  them with the client.
- Per game, a seeded game is recorded (``record.py``: the replay, one seat's views and events);
  the client validates every file against the schema, narrows each event on ``type`` and
  prints a summary, which must say what the engine says (actions, events, scores).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

import trickcore
from trickcore.history import load_game
from trickcore.replay import loads, reproduce, verify
from trickcore.schema import PARTS, game_schema, part_name

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "docs" / "examples" / "ts-client"
SEAT = 1
SEED = 11

pytestmark = pytest.mark.skipif(
    os.environ.get("TRICKCORE_TS") != "1",
    reason="needs Node.js and npm: run it with tox -e ts (part of a plain tox)",
)


def _games() -> list[str]:
    host = trickcore.default_host()
    return sorted(item.name for item in host.registrations if item.kind == "game")


def _tool(name: str) -> str:
    """The path of ``name``; a skip saying why when it is missing (a failure under CI=true)."""
    path = shutil.which(name)
    if path is None:
        reason = f"{name} is not on PATH: the TypeScript checks need Node.js 20 and npm"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} (CI=true: CI must run them, not skip them)")
        pytest.skip(reason)
    return path


def _run(command: list[str], env: dict[str, str] | None = None) -> str:
    """Run ``command`` in the client's folder; its output, or a failure showing it."""
    done = subprocess.run(command, cwd=CLIENT, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


@pytest.fixture(scope="module")
def node() -> Iterator[str]:
    """Node, once the client is installed (``npm ci``), its types generated and compiled."""
    node, npm = _tool("node"), _tool("npm")
    _run([npm, "ci", "--no-audit", "--no-fund"])
    # The trickcore command of the Python running these tests comes first on the PATH.
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = dict(os.environ, PATH=path)
    _run([node, "scripts/generate.mjs", "--parts", ",".join(PARTS), *_games()], env=env)
    _run([node, "node_modules/typescript/bin/tsc", "-p", "."])
    yield node


def test_every_part_of_every_game_has_generated_types(node: str) -> None:
    for game in _games():
        types = (CLIENT / "src" / "generated" / game / "types.ts").read_text()
        for part in PARTS:
            schema = json.loads((CLIENT / "schemas" / game / f"{part}.json").read_text())
            factory = trickcore.default_host().game_factory(game)
            assert schema["$id"] == game_schema(factory, part=part)["$id"]
            assert schema["title"] == part_name(factory, part)
            assert f"export interface {schema['title']} " in types or (
                f"export type {schema['title']} =" in types
            )
            exported = (CLIENT / "src" / "generated" / game / f"{part}.ts").read_text()
            assert f'export type {{ {schema["title"]} }} from "./types.js";' in exported


def _declared(game: str) -> list[str]:
    types = (CLIENT / "src" / "generated" / game / "types.ts").read_text()
    return re.findall(r"^export (?:type|interface) (\w+)", types, flags=re.M)


@pytest.mark.parametrize("game_name", _games())
def test_every_type_is_declared_once_and_named_by_the_schema(node: str, game_name: str) -> None:
    """Issue 21.10: no numbered copies (``EuchreCard1``, ``Suit1``, ``Phase1``)."""
    declared = _declared(game_name)
    assert len(declared) == len(set(declared))
    document = game_schema(trickcore.default_host().game_factory(game_name))
    assert set(declared) <= {document["title"], *document["$defs"]}
    assert not [name for name in declared if re.search(r"[A-Za-z]1$", name)]


def test_the_pack_types_are_generated(node: str) -> None:
    assert {"EuchreCard24", "EuchreCard25", "EuchreCard32"} <= set(_declared("euchre"))


def test_descriptions_bounds_and_defaults_reach_the_jsdoc(node: str) -> None:
    types = (CLIENT / "src" / "generated" / "euchre" / "types.ts").read_text()
    target = re.search(r"/\*\*((?:(?!\*/).)*?)\*/\s*target: number;", types, flags=re.S)
    assert target is not None
    assert "Points that win the game" in target.group(1)
    assert "@default 10" in target.group(1) and "@minimum 1" in target.group(1)
    dealer = re.search(r"/\*\*((?:(?!\*/).)*?)\*/\s*first_dealer: number \| null;", types, re.S)
    assert dealer is not None and "@maximum 3" in dealer.group(1)
    # A described card property keeps its description (json2ts dropped it beside a $ref).
    play = re.search(r"export interface Play \{(.*?)\n\}", types, flags=re.S)
    assert play is not None
    assert re.search(r"/\*\*\s*\* \S.*?\*/\s*card: EuchreCard;", play.group(1), flags=re.S)


def test_events_have_the_views_tuples_and_returns_are_required(node: str) -> None:
    types = (CLIENT / "src" / "generated" / "euchre" / "types.ts").read_text()
    hand_over = re.search(r"export interface HandOver \{(.*?)\n\}", types, flags=re.S)
    assert hand_over is not None
    assert "scores: [number, number];" in hand_over.group(1)
    assert "tricks: [number, number];" in hand_over.group(1)
    outcome = re.search(r"export interface Outcome \{(.*?)\n\}", types, flags=re.S)
    assert outcome is not None and "\n  returns: number[];" in outcome.group(1)


def test_the_barrel_exports_every_part(node: str) -> None:
    """The fixture compiled ``index.ts`` (``export *`` over every generated file) with tsc."""
    for game in _games():
        index = (CLIENT / "src" / "generated" / game / "index.ts").read_text()
        for name in ("types", *PARTS):
            assert f'export * from "./{name}.js";' in index
    assert "../generated/euchre/index.js" in (CLIENT / "src" / "games" / "euchre.ts").read_text()


def test_ajv_holds_the_plain_document_and_one_for_given_options(node: str) -> None:
    """Issue 21.10: ``--option deck=24`` had the plain document's ``$id`` with other content;
    the ``--openapi`` document compiles with Ajv's discriminator."""
    script = """
import Ajv2020 from "ajv/dist/2020.js";
import { execFileSync } from "node:child_process";
const bin = process.env.TRICKCORE_BIN;
const schema = (...args) => JSON.parse(execFileSync(bin, ["schema", ...args]));
const ajv = new Ajv2020({ strict: true });
ajv.addSchema(schema("euchre"));
ajv.addSchema(schema("euchre", "--option", "deck=24"));
const withTag = new Ajv2020({ strict: true, discriminator: true });
const openapi = withTag.compile(schema("euchre", "--openapi"));
console.log(openapi({ type: "play", card: "QH" }), openapi({ type: "play", card: "ZZ" }));
"""
    binary = str(Path(sys.executable).parent / "trickcore")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        env=dict(os.environ, TRICKCORE_BIN=binary),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["true", "false"]


def _record(game: str, out: Path, seed: int = SEED, seat: int = SEAT) -> None:
    spec = importlib.util.spec_from_file_location("ts_client_record", CLIENT / "record.py")
    assert spec is not None and spec.loader is not None
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    record.record(game, out, seed=seed, seat=seat)


def _scores(text: str) -> list[int]:
    return [int(score) for score in re.findall(r"-?\d+", text)]


@pytest.mark.parametrize("game_name", _games())
def test_the_client_says_what_the_engine_says(node: str, game_name: str, tmp_path: Path) -> None:
    _record(game_name, tmp_path)
    lines = _run([node, "dist/client.js", str(tmp_path)]).splitlines()

    replay = loads((tmp_path / "replay.json").read_bytes())
    outcome = verify(replay)
    game = load_game(replay.game, replay.options)
    history = reproduce(replay, game)
    expected_events = [
        (index, msgspec.inspect.type_info(type(event)).tag)  # type: ignore[attr-defined]
        for index, action in enumerate(history.actions)
        for event in game.events(history.states[index], action, SEAT)
    ]
    last_view = game.view(history.states[-1], SEAT)

    assert lines[0].startswith(f"{game_name}: seed {SEED}, seats ")
    (replay_line,) = [line for line in lines if line.startswith("replay: ")]
    count, scores = re.fullmatch(r"replay: (\d+) actions, scores (.*)", replay_line).groups()  # type: ignore[union-attr]
    assert int(count) == len(replay.actions)
    assert _scores(scores) == list(outcome.scores)
    assert f"seen: {len(history.states)} views, {len(expected_events)} events" in lines
    events = [
        (int(found.group(1)), found.group(2))
        for line in lines
        if (found := re.match(r"#(\d+) (\w+): ", line))
    ]
    assert events == expected_events
    (view_line,) = [line for line in lines if line.startswith("last view scores: ")]
    assert _scores(view_line.removeprefix("last view scores: ")) == list(last_view.scores)


def test_the_client_refuses_a_file_the_schema_refuses(node: str, tmp_path: Path) -> None:
    game = _games()[0]
    _record(game, tmp_path)
    events = json.loads((tmp_path / "events.json").read_text())
    events[0]["event"]["type"] = "bogus"
    (tmp_path / "events.json").write_text(json.dumps(events))
    done = subprocess.run(
        [node, "dist/client.js", str(tmp_path)],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert f"events.json[0].event is not a valid {game} event" in done.stderr


def test_a_bad_action_is_reported_by_its_member_alone(node: str, tmp_path: Path) -> None:
    """Issue 21.10: Ajv's errors for a bad card were ten messages, the real one ninth."""
    _record("euchre", tmp_path)
    replay = json.loads((tmp_path / "replay.json").read_text())
    at = next(i for i, action in enumerate(replay["actions"]) if action["type"] == "play")
    replay["actions"][at]["card"] = "ZZ"
    (tmp_path / "replay.json").write_text(json.dumps(replay))
    done = subprocess.run(
        [node, "dist/client.js", str(tmp_path)],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        'replay.json is not a valid euchre replay: as "play" (Play): '
        f"/actions/{at}/card must be equal to one of the allowed values"
    )


def test_the_docs_show_what_the_client_prints(node: str, tmp_path: Path) -> None:
    page = (ROOT / "docs" / "frontends.md").read_text()
    game, seed, seat = re.findall(
        r"^python record.py (\S+) \S+ --seed (\d+) --seat (\d+)", page, flags=re.M
    )[-1]
    (sample,) = re.findall(rf"^```text\n({game}: .*?)^```", page, flags=re.M | re.S)
    _record(game, tmp_path, int(seed), int(seat))
    lines = _run([node, "dist/client.js", str(tmp_path)]).splitlines()
    version = trickcore.__version__
    for line in sample.splitlines():
        if line != "...":
            assert line.replace("trickcore 0.1.0", f"trickcore {version}") in lines
