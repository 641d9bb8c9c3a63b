"""The browser table's JSON API (:mod:`trickcore.web`, issue 13 Deliver 5, issue 22 Deliver
1), through HTTP with ``urllib`` against a server on a free port: every registered game played
to its end against bots, every error a JSON answer with its status that changes nothing, information
hiding (tokens, views, event streams) and two threads posting the same action."""

from __future__ import annotations

import http.client
import json
import random
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import serving, web_module

import trickcore
from trickcore.codec import MAX_INPUT_BYTES
from trickcore.history import load_game
from trickcore.replay import loads, reproduce, verify
from trickcore.schema import game_schema

SEED = 5
UNLIMITED = {"creations_per_minute": 1e6, "creation_burst": 1000}
"""No rate limit on table creation: these tests make many tables from one address."""
web_module()
from trickcore.web.errors import public_message  # noqa: E402 (after the skip)


class Client:
    """JSON over HTTP to one server: every answer as ``(status, body)``."""

    def __init__(self, url: str) -> None:
        self.url = url

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        data = body if isinstance(body, bytes) else None if body is None else json.dumps(body)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(
            self.url + path,
            data=data.encode() if isinstance(data, str) else data,
            method=method,
            headers=headers,
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read())

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, answer = self.call(method, path, body, token)
        assert status in (200, 201), answer
        return answer

    def table(self, game: str, seats: list[str | None], **options: Any) -> str:
        body = {"game": game, "seats": seats, "options": options, "seed": SEED}
        answer = self.ok("POST", "/api/tables", body)
        table: str = answer["table"]
        return table

    def claim(self, table: str, seat: int) -> str:
        token: str = self.ok("POST", f"/api/tables/{table}/seats/{seat}/claim")["token"]
        return token


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    with serving(**UNLIMITED, allow_seeds=True, heartbeat=0.5) as running:
        yield running


@pytest.fixture
def client(server: Any) -> Client:
    return Client(server.url)


def _games() -> list[str]:
    host = trickcore.default_host()
    return sorted(item.name for item in host.registrations if item.kind == "game")


def test_the_games_are_the_registered_ones_with_their_bots(client: Client) -> None:
    listed = client.ok("GET", "/api/games")["games"]
    assert [game["name"] for game in listed] == _games()
    host = trickcore.default_host()
    for game in listed:
        assert [bot["name"] for bot in game["bots"]] == [b.name for b in host.bots(game["name"])]


@pytest.mark.parametrize("part", [None, "view", "action", "options"])
def test_schema_is_what_trickcore_schema_prints(client: Client, part: str | None) -> None:
    factory = trickcore.default_host().game_factory("euchre")
    path = "/schema/euchre" + (f"?part={part}" if part else "")
    assert client.ok("GET", path) == game_schema(factory, part=part)  # type: ignore[arg-type]


def test_options_are_checked_with_the_seat_count_they_give(client: Client) -> None:
    answer = client.ok("POST", "/api/games/allfours/options", {"options": {"players": 2}})
    assert answer["seats"] == trickcore.load("allfours", players=2).seats == 2
    assert answer["options"]["players"] == 2


# -- whole games -------------------------------------------------------------------------------


def _local_events(game: Any, history: Any, seat: int) -> list[Any]:
    found = []
    for index, action in enumerate(history.actions):
        for event in game.events(history.states[index], action, seat):
            found.append({"action": index, "event": json.loads(trickcore.to_json(event))})
    return found


@pytest.mark.parametrize("name", _games())
def test_a_whole_game_through_the_api_against_bots(client: Client, name: str) -> None:
    seats = trickcore.load(name).seats
    table = client.table(name, [None] + ["random"] * (seats - 1))
    token = client.claim(table, 0)
    chooser = random.Random(name)
    moves = 0
    state = client.ok("GET", f"/api/tables/{table}/seats/0", token=token)
    while not state["over"]:
        assert state["legal"], "the human must act when the bots have stopped"
        assert state["to_act"] == 0 and state["view"]["seat"] == 0
        move = chooser.choice(state["legal"])
        body = {"action": move["action"], "at": state["at"]}
        after = client.ok("POST", f"/api/tables/{table}/seats/0/actions", body, token)
        assert after["at"] > state["at"]
        state = after
        moves += 1
    assert moves > 0 and state["outcome"]["finished"] and state["legal"] == []
    public = client.ok("GET", f"/api/tables/{table}")
    assert public["over"] and public["outcome"] == state["outcome"]
    # the replay: the same game again, and the seat's events are what it computes
    status, replay_data = client.call("GET", f"/api/tables/{table}/replay")
    assert status == 200
    replay = loads(json.dumps(replay_data))
    verify(replay)
    assert replay.seats[0] == "human" and len(replay.actions) == state["at"]
    events = client.ok("GET", f"/api/tables/{table}/seats/0/events?since=0", token=token)
    game = load_game(replay.game, replay.options)
    assert events["events"] == _local_events(game, reproduce(replay, game), 0)
    assert events["next"] == state["at"]


def test_the_stream_sends_the_bots_moves_as_they_happen(client: Client) -> None:
    table = client.table("euchre", [None, "random", "random", "random"])
    token = client.claim(table, 0)
    with _Stream(client, table, 0, token) as stream:
        updates = stream.updates()
        first = next(updates)
        assert first["next"] == first["state"]["at"] and first["state"]["legal"]
        move = first["state"]["legal"][0]["action"]
        played = client.ok(
            "POST",
            f"/api/tables/{table}/seats/0/actions",
            {"action": move, "at": first["next"]},
            token,
        )
        second = next(updates)
    assert second["next"] == played["at"] > first["next"]
    indices = [item["action"] for item in second["events"]]
    assert indices and min(indices) == first["next"] and max(indices) < second["next"]
    assert second["state"]["view"] == played["view"]


class _Stream:
    """A seat's event stream: its decoded ``update`` messages, and the raw lines read."""

    def __init__(self, client: Client, table: str, seat: int, token: str) -> None:
        url = f"{client.url}/api/tables/{table}/seats/{seat}/stream"
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
        self.answer = urllib.request.urlopen(request, timeout=30)
        self.raw: list[bytes] = []

    def __enter__(self) -> _Stream:
        assert self.answer.headers["Content-Type"].startswith("text/event-stream")
        return self

    def updates(self) -> Iterator[Any]:
        kind = None
        while line := self.answer.readline():
            self.raw.append(line)
            if line.startswith(b"event: "):
                kind = line.removeprefix(b"event: ").strip()
            elif line.startswith(b"data: ") and kind == b"update":
                yield json.loads(line.removeprefix(b"data: "))

    def __exit__(self, *exc: object) -> None:
        self.answer.close()


# -- information hiding ------------------------------------------------------------------------


def test_a_token_reads_and_plays_its_own_seat_only(client: Client) -> None:
    table = client.table("euchre", [None, None, "random", "random"])
    tokens = [client.claim(table, 0), client.claim(table, 1)]
    for seat, other in ((0, 1), (1, 0)):
        for path in ("", "/events", "/stream"):
            status, answer = client.call(
                "GET", f"/api/tables/{table}/seats/{seat}{path}", token=tokens[other]
            )
            assert (status, answer["error"]) == (403, "SeatTokenError"), path
        mine = client.ok("GET", f"/api/tables/{table}/seats/{seat}", token=tokens[seat])
        assert mine["view"]["seat"] == seat
    # no token at all
    status, answer = client.call("GET", f"/api/tables/{table}/seats/0")
    assert (status, answer["error"]) == (403, "SeatTokenError")


def test_seat_0s_stream_never_holds_seat_1s_hidden_cards(client: Client) -> None:
    seats: list[str | None] = [None, None, "random", "random"]
    table_id = client.table("euchre", seats)
    tokens = [client.claim(table_id, 0), client.claim(table_id, 1)]
    # The same table, here: same game, seed and bots make the same deal.
    local = trickcore.Table(trickcore.load("euchre"), seats, seed=SEED)
    local.advance()
    public = b"".join(trickcore.to_json(event) for _, event in local.events(None))
    secret = [card for card in map(str, local.view(1).hand) if f'"{card}"'.encode() not in public]
    own = [str(card) for card in local.view(0).hand]
    assert secret and own
    with _Stream(client, table_id, 0, tokens[0]) as stream:
        update = next(stream.updates())
        seen = b"".join(stream.raw).decode()
    assert update["state"]["view"] == json.loads(trickcore.to_json(local.view(0)))
    assert all(f'"{card}"' in seen for card in own)
    assert not [card for card in secret if f'"{card}"' in seen]
    assert tokens[1] not in seen


# -- errors --------------------------------------------------------------------------------------


def _refused(
    client: Client,
    method: str,
    path: str,
    body: Any,
    expected: tuple[int, str],
    *,
    token: str | None = None,
) -> str:
    code, answer = client.call(method, path, body, token)
    assert (code, answer.get("error")) == expected, answer
    assert sorted(answer) == ["error", "message"]
    message: str = answer["message"]
    for python in ("$", "msgspec", "trickcore_", "Traceback", "`"):
        assert python not in message, message
    return message


@pytest.mark.parametrize(
    ("body", "error", "says"),
    [
        (b"{not json", "DecodeError", "JSON"),
        (b"[]", "DecodeError", "object"),
        ({"game": "euchre"}, "DecodeError", '"seats"'),
        ({"game": "euchre", "seats": [None] * 4, "extra": 1}, "DecodeError", '"extra"'),
        ({"game": "nope", "seats": [None]}, "UnknownGameError", "euchre"),
        ({"game": "euchre", "seats": [None] * 4, "options": {"deck": 7}}, "OptionError", "deck"),
        ({"game": "euchre", "seats": [None] * 4, "options": {"x": 1}}, "OptionError", '"x"'),
        ({"game": "euchre", "seats": [None, "nope", None, None]}, "UnknownBotError", "random"),
        ({"game": "euchre", "seats": [None] * 3}, "TableError", "4 seats"),
        ({"game": "euchre", "seats": ["random"] * 4}, "BadRequestError", "human"),
        ({"game": "euchre", "seats": [None] * 4, "seed": 2**300}, "TableError", "seed"),
    ],
)
def test_a_bad_new_table_is_refused_and_makes_none(
    client: Client, server: Any, body: Any, error: str, says: str
) -> None:
    before = server.app.table_count
    message = _refused(client, "POST", "/api/tables", body, (400, error))
    assert says in message
    assert server.app.table_count == before


def test_a_server_that_draws_its_seeds_refuses_a_chosen_one() -> None:
    with serving() as server:
        client = Client(server.url)
        body = {"game": "euchre", "seats": [None] * 4, "seed": 3}
        assert "seed" in _refused(client, "POST", "/api/tables", body, (400, "BadRequestError"))
        del body["seed"]
        assert client.ok("POST", "/api/tables", body)["at"] > 0


def test_paths_methods_tables_and_seats_that_do_not_exist(client: Client) -> None:
    table = client.table("euchre", [None, "random", "random", "random"])
    _refused(client, "GET", "/nothing", None, (404, "NotFoundError"))
    _refused(client, "POST", "/api/games", {}, (405, "MethodNotAllowedError"))
    _refused(client, "DELETE", f"/api/tables/{table}", None, (405, "MethodNotAllowedError"))
    _refused(client, "OPTIONS", "/api/games", None, (405, "MethodNotAllowedError"))
    _refused(client, "GET", "/api/tables/nope", None, (404, "UnknownTableError"))
    _refused(client, "POST", "/api/tables/nope/seats/0/claim", None, (404, "UnknownTableError"))
    _refused(client, "POST", f"/api/tables/{table}/seats/4/claim", None, (404, "UnknownSeatError"))
    _refused(client, "GET", "/schema/nope", None, (404, "NotFoundError"))
    _refused(client, "GET", "/schema/euchre?part=nope", None, (400, "BadRequestError"))
    _refused(client, "GET", f"/api/tables/{table}/replay", None, (409, "GameNotOverError"))
    options = {"options": {"target": 0}}
    _refused(client, "POST", "/api/games/euchre/options", options, (400, "OptionError"))


def test_claims_a_bots_seat_or_a_claimed_one_are_refused(client: Client) -> None:
    table = client.table("euchre", [None, "random", "random", "random"])
    token = client.claim(table, 0)
    _refused(client, "POST", f"/api/tables/{table}/seats/0/claim", None, (409, "SeatTakenError"))
    _refused(client, "POST", f"/api/tables/{table}/seats/1/claim", None, (409, "SeatTakenError"))
    assert client.ok("GET", f"/api/tables/{table}")["claimed"] == [0]
    assert client.ok("GET", f"/api/tables/{table}/seats/0", token=token)["seat"] == 0


def test_bad_actions_are_refused_and_change_nothing(client: Client) -> None:
    table = client.table("euchre", [None, None, "random", "random"])
    tokens = [client.claim(table, 0), client.claim(table, 1)]
    public = client.ok("GET", f"/api/tables/{table}")
    seat = public["to_act"]
    other = 1 - seat
    state = client.ok("GET", f"/api/tables/{table}/seats/{seat}", token=tokens[seat])
    at = state["at"]
    path = f"/api/tables/{table}/seats/{seat}/actions"
    legal = state["legal"][0]["action"]
    illegal = {"type": "play", "card": "AS"}
    cases = [
        (b"{", 400, "DecodeError", "JSON"),
        ({"action": legal}, 400, "DecodeError", '"at"'),
        ({"action": legal, "at": "x"}, 400, "DecodeError", "body.at"),
        ({"action": {"type": "call", "suit": "X"}, "at": at}, 400, "DecodeError", "action.suit"),
        ({"action": {"type": "nope"}, "at": at}, 400, "DecodeError", "action.type"),
        ({"action": illegal, "at": at}, 422, "IllegalActionError", "legal"),
        ({"action": legal, "at": at - 1}, 409, "StaleActionError", "moved on"),
    ]
    for body, status, error, says in cases:
        assert says in _refused(client, "POST", path, body, (status, error), token=tokens[seat])
    wrong = f"/api/tables/{table}/seats/{other}/actions"
    body = {"action": legal, "at": at}
    _refused(client, "POST", wrong, body, (409, "WrongSeatError"), token=tokens[other])
    _refused(client, "POST", path, body, (403, "SeatTokenError"), token=tokens[other])
    _refused(client, "POST", path, body, (403, "SeatTokenError"))
    assert client.ok("GET", f"/api/tables/{table}/seats/{seat}", token=tokens[seat]) == state


def test_bodies_without_a_length_or_too_large_are_refused_unread(server: Any) -> None:
    host, port = server.address
    for headers, status, error in (
        ({"Content-Length": str(MAX_INPUT_BYTES + 1)}, 413, "BodyTooLargeError"),
        ({}, 411, "LengthRequiredError"),
        ({"Content-Length": "-1"}, 400, "ProtocolError"),
    ):
        connection = http.client.HTTPConnection(host, port, timeout=30)
        try:
            connection.putrequest("POST", "/api/tables")
            connection.putheader("Content-Type", "application/json")
            for name, value in headers.items():
                connection.putheader(name, value)
            connection.endheaders()
            answer = connection.getresponse()
            assert (answer.status, json.loads(answer.read())["error"]) == (status, error)
        finally:
            connection.close()


def test_messages_lose_pythons_vocabulary() -> None:
    text = "at $.options[2].deck: Expected `int` in trickcore_euchre.actions.Call (msgspec.Raw)"
    assert public_message(text) == "at body.options[2].deck: Expected int in Call (Raw)"
    assert public_message("at $: no", root="action") == "at action: no"
    assert public_message("at action.suit") == "at action.suit"


# -- threads -------------------------------------------------------------------------------------


@pytest.mark.parametrize("attempt", range(3))
def test_two_threads_posting_the_same_action_one_is_accepted(client: Client, attempt: int) -> None:
    table = client.table("euchre", [None, "random", "random", "random"])
    token = client.claim(table, 0)
    state = client.ok("GET", f"/api/tables/{table}/seats/0", token=token)
    body = {"action": state["legal"][attempt % len(state["legal"])]["action"], "at": state["at"]}
    start = threading.Barrier(2)
    answers: list[tuple[int, Any]] = []

    def post() -> None:
        start.wait()
        answers.append(client.call("POST", f"/api/tables/{table}/seats/0/actions", body, token))

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200, 409], answers
    (refused,) = [answer for status, answer in answers if status == 409]
    assert refused["error"] in ("StaleActionError", "WrongSeatError")
    (accepted,) = [answer for status, answer in answers if status == 200]
    replay = client.ok("GET", f"/api/tables/{table}")
    assert replay["at"] == accepted["at"]
