"""The browser table (:mod:`trickcore.web`) against the attacks of issue 22 Deliver 1, each on
a server of its own on the loopback: a request trickled a byte at a time, 130 idle
connections, an events answer nobody reads, digits that ``str.isdigit`` takes and ``int`` does
not (``²``), a body shorter than its ``Content-Length``, cross-origin ``text/plain`` posts and
DNS rebinding, tokens in the URL and in the log; and the bounds on tables (rate per client,
cap, idle lifetime). Every refusal is a JSON answer in JSON's words."""

from __future__ import annotations

import http.client
import json
import logging
import os
import random
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from web_helpers import serving, web_module

web_module()

UNLIMITED = {"creations_per_minute": 1e6, "creation_burst": 1000}
SEATS = [None, "random", "random", "random"]


def _call(
    url: str,
    method: str,
    path: str,
    body: Any = None,
    *,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> tuple[int, Any, Any]:
    """``(status, JSON answer, headers)``."""
    sent = {"Content-Type": "application/json"} if body is not None else {}
    sent.update(headers or {})
    request = urllib.request.Request(
        url + path,
        data=None
        if body is None
        else body
        if isinstance(body, bytes)
        else json.dumps(body).encode(),
        method=method,
        headers=sent,
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read()), answer.headers
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read()), error.headers


def _table(url: str, seats: list[str | None] = SEATS, **options: Any) -> tuple[str, str]:
    """A new table's id and its seat 0's token."""
    body = {"game": "euchre", "seats": seats, "options": options}
    status, table, _ = _call(url, "POST", "/api/tables", body)
    assert status == 201, table
    status, claim, _ = _call(url, "POST", f"/api/tables/{table['table']}/seats/0/claim")
    assert status == 201, claim
    return table["table"], claim["token"]


def _raw(server: Any, data: bytes, *, timeout: float = 10) -> tuple[int, Any]:
    """Send ``data`` as it is, read the whole answer: ``(status, JSON body)``."""
    with socket.create_connection(server.address, timeout=timeout) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
            if b"\r\n\r\n" in answer:
                head, _, body = answer.partition(b"\r\n\r\n")
                length = [
                    int(line.split(b":")[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                ]
                if length and len(body) >= length[0]:
                    break
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds (reading all it says)."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


# -- slow clients and idle connections ---------------------------------------------------------


def test_a_request_trickled_a_byte_at_a_time_is_dropped_at_its_deadline() -> None:
    with serving(header_seconds=1.0) as server:
        sock = socket.create_connection(server.address, timeout=10)
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        start = time.monotonic()
        dropped = None
        try:
            while time.monotonic() - start < 6:
                sock.sendall(b"a")  # one byte per 0.1 s: every read is quick, the request is not
                time.sleep(0.1)
        except OSError:
            dropped = time.monotonic() - start
        finally:
            sock.close()
        assert dropped is not None and dropped < 3, dropped


def test_130_idle_connections_lock_nobody_out_and_are_dropped() -> None:
    with serving(header_seconds=1.0) as server:
        idle = [socket.create_connection(server.address, timeout=10) for _ in range(130)]
        try:
            start = time.monotonic()
            status, games, _ = _call(server.url, "GET", "/api/games", timeout=5)
            assert status == 200 and games["games"]
            assert time.monotonic() - start < 2
            assert all(_closed_by_server(sock, 5) for sock in idle)
        finally:
            for sock in idle:
                sock.close()
        assert _call(server.url, "GET", "/api/games")[0] == 200


# -- an answer nobody reads --------------------------------------------------------------------


def _long_game(server: Any, actions: int) -> tuple[str, str]:
    """A table whose seat 0 has played ``actions`` actions (played in the server's memory,
    which is quicker than through HTTP)."""
    table_id, token = _table(server.url, target=10**6)
    live = server.app.table(table_id)
    chooser = random.Random(0)
    with live.lock:
        table = live.table
        while len(table.actions) < actions:
            table.play(0, chooser.choice(list(table.legal_actions(0))))
            table.advance()
    return table_id, token


@pytest.mark.skipif(
    os.environ.get("TRICKCORE_WEB") != "1",
    reason="plays 60,000 actions (about a minute on a loaded machine): tox -e web runs it",
)
def test_an_events_answer_or_stream_nobody_reads_holds_no_table() -> None:
    with serving(**UNLIMITED) as server:
        table_id, token = _long_game(server, 60_000)  # about 7 MB of events for seat 0
        seat = f"/api/tables/{table_id}/seats/0"
        readers = []
        try:
            for path in (f"{seat}/events?since=0", f"{seat}/stream?since=0"):
                reader = socket.socket()
                reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
                reader.connect(server.address)
                reader.sendall(
                    f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Authorization: Bearer {token}\r\n\r\n".encode()
                )
                readers.append(reader)
            time.sleep(6)  # the answers are encoded, and stuck in their sockets: never read
            # The old server held the table's lock until its answer was read: these waited
            # forever. Now they wait at most for an encoding still under way (a few seconds
            # on a loaded machine).
            start = time.monotonic()
            status, state, _ = _call(
                server.url, "GET", seat, headers={"Authorization": f"Bearer {token}"}, timeout=30
            )
            assert status == 200 and state["at"] >= 60_000
            status, _, _ = _call(server.url, "GET", f"/api/tables/{table_id}", timeout=30)
            assert status == 200
            assert time.monotonic() - start < 25
        finally:
            for reader in readers:
                reader.close()


# -- numbers, lengths and bodies ---------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    with serving(**UNLIMITED, body_seconds=1.0) as running:
        yield running


def _json_refusal(status: int, answer: Any, expected: tuple[int, str]) -> str:
    assert (status, answer.get("error")) == expected, answer
    assert sorted(answer) == ["error", "message"]
    message: str = answer["message"]
    for python in ("Traceback", "None", "True", "False", "'"):
        assert python not in message, message
    return message


def test_superscript_digits_in_since_and_last_event_id_are_refused(server: Any) -> None:
    table_id, token = _table(server.url)
    seat = f"/api/tables/{table_id}/seats/0"
    auth = {"Authorization": f"Bearer {token}"}
    for path, headers in (
        (seat + "/events?since=%C2%B2", auth),
        (seat + "/stream?since=%C2%B2", auth),
        (seat + "/stream", auth | {"Last-Event-ID": "²".encode().decode("latin-1")}),
        (seat + "/events?since=%D9%A3", auth),  # an Arabic-Indic 3: int() takes it, we do not
    ):
        status, answer, _ = _call(server.url, "GET", path, headers=headers)
        assert "whole number" in _json_refusal(status, answer, (400, "BadRequestError")), path


def test_a_superscript_content_length_is_a_json_protocol_error(server: Any) -> None:
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: \xc2\xb2\r\n\r\n{}"
    )
    status, answer = _raw(server, request)
    _json_refusal(status, answer, (400, "ProtocolError"))


def test_a_content_length_of_5000_digits_is_no_crash(server: Any) -> None:
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n{}"
    )
    status, answer = _raw(server, request)  # past Python's int() digit limit
    assert (status, answer["error"]) in ((400, "ProtocolError"), (413, "BodyTooLargeError"))


def test_a_body_shorter_than_its_length_times_out_in_json(server: Any) -> None:
    before = server.app.table_count
    start = time.monotonic()
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"game": "euchre"'
    )
    status, answer = _raw(server, request)
    assert "Content-Length" in _json_refusal(status, answer, (408, "RequestTimeoutError"))
    assert time.monotonic() - start < 5
    assert server.app.table_count == before


def test_errors_speak_json_words(server: Any) -> None:
    body = {"options": {"stick_the_dealer": None}}
    status, answer, _ = _call(server.url, "POST", "/api/games/euchre/options", body)
    message = _json_refusal(status, answer, (400, "OptionError"))
    assert "stick_the_dealer=null" in message and "stick_the_dealer=false" in message
    assert 'who_may_go_alone="anyone"' in message


# -- other origins and hosts -------------------------------------------------------------------


def test_a_cross_origin_text_plain_post_makes_no_table(server: Any) -> None:
    before = server.app.table_count
    body = json.dumps({"game": "euchre", "seats": SEATS}).encode()
    for headers, expected in (
        (
            {"Origin": "http://evil.example", "Content-Type": "text/plain"},
            (403, "OriginNotAllowedError"),
        ),
        (
            {"Origin": "http://evil.example", "Content-Type": "application/json"},
            (403, "OriginNotAllowedError"),
        ),
        ({"Sec-Fetch-Site": "cross-site"}, (403, "OriginNotAllowedError")),
        ({"Content-Type": "text/plain"}, (415, "UnsupportedMediaTypeError")),
    ):
        status, answer, _ = _call(server.url, "POST", "/api/tables", body, headers=headers)
        _json_refusal(status, answer, expected)
    assert server.app.table_count == before
    # the page's own origin may
    origin = {"Origin": server.url}
    status, _, _ = _call(server.url, "POST", "/api/tables", body, headers=origin)
    assert status == 201 and server.app.table_count == before + 1


def test_dns_rebinding_another_host_name_is_refused(server: Any) -> None:
    host, port = server.address
    for name in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example"):
        connection = http.client.HTTPConnection(host, port, timeout=10)
        try:
            connection.request("GET", "/api/games", headers={"Host": name})
            answer = connection.getresponse()
            status, data = answer.status, json.loads(answer.read())
        finally:
            connection.close()
        assert "evil.example" in _json_refusal(status, data, (400, "HostNotAllowedError"))


def test_allowed_hosts_and_origins_are_configurable() -> None:
    with serving(allowed_hosts=("cards.example",), allowed_origins=("https://app.example",)) as s:
        host, port = s.address
        connection = http.client.HTTPConnection(host, port, timeout=10)
        try:
            for name, expected in (("cards.example", 200), (f"127.0.0.1:{port}", 400)):
                connection.request("GET", "/api/games", headers={"Host": name})
                answer = connection.getresponse()
                answer.read()
                assert answer.status == expected, name
            body = json.dumps({"options": {}})
            headers = {
                "Host": "cards.example",
                "Origin": "https://app.example",
                "Content-Type": "application/json",
            }
            connection.request("POST", "/api/games/euchre/options", body, headers)
            answer = connection.getresponse()
            answer.read()
            assert answer.status == 200
        finally:
            connection.close()


def test_a_wildcard_address_needs_its_host_names() -> None:
    make_server = web_module().make_server
    with pytest.raises(ValueError, match="allowed-host"):
        make_server("0.0.0.0", 0)


# -- tokens: never in URLs, never in logs ------------------------------------------------------


def test_seat_tokens_never_reach_the_log(
    caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO)
    with serving(access_log=True) as server:
        table_id, token = _table(server.url)
        seat = f"/api/tables/{table_id}/seats/0"
        for path in (seat + "/stream?token=" + token, seat + "/events?token=" + token):
            status, answer, _ = _call(server.url, "GET", path)
            assert (status, answer["error"]) == (403, "SeatTokenError")
            assert "URL" in answer["message"]
        auth = {"Authorization": f"Bearer {token}"}
        assert _call(server.url, "GET", seat, headers=auth)[0] == 200
    written = "\n".join(caplog.messages) + "".join(capfd.readouterr())
    assert f"{seat}/stream?token=" in written  # the requests were logged
    assert token not in written


def test_the_claims_cookie_holds_the_seat_for_its_path_only(server: Any) -> None:
    body = {"game": "euchre", "seats": [None, None, "random", "random"]}
    status, table, _ = _call(server.url, "POST", "/api/tables", body)
    path = f"/api/tables/{table['table']}/seats/0"
    status, claim, headers = _call(server.url, "POST", path + "/claim")
    cookie = headers["Set-Cookie"]
    assert f"Path={path};" in cookie + ";" and "HttpOnly" in cookie
    assert "SameSite=strict" in cookie or "SameSite=Strict" in cookie
    value = cookie.split(";")[0]
    assert value == f"trickcore_seat={claim['token']}"
    status, state, _ = _call(server.url, "GET", path, headers={"Cookie": value})
    assert status == 200 and state["seat"] == 0
    other = f"/api/tables/{table['table']}/seats/1"
    status, answer, _ = _call(server.url, "GET", other, headers={"Cookie": value})
    assert (status, answer["error"]) == (403, "SeatTokenError")


# -- bounds on tables --------------------------------------------------------------------------


def test_table_creation_is_rate_limited_per_client() -> None:
    with serving(creations_per_minute=6, creation_burst=3) as server:
        body = {"game": "euchre", "seats": SEATS}
        statuses = [_call(server.url, "POST", "/api/tables", body)[0] for _ in range(3)]
        assert statuses == [201] * 3
        status, answer, headers = _call(server.url, "POST", "/api/tables", body)
        _json_refusal(status, answer, (429, "TooManyRequestsError"))
        assert 1 <= int(headers["Retry-After"]) <= 10
        assert server.app.table_count == 3


def test_tables_are_capped_and_idle_ones_dropped() -> None:
    with serving(**UNLIMITED, max_tables=2, idle_seconds=1.0) as server:
        first, _ = _table(server.url)
        _table(server.url)
        body = {"game": "euchre", "seats": SEATS}
        status, answer, _ = _call(server.url, "POST", "/api/tables", body)
        _json_refusal(status, answer, (503, "ServerBusyError"))
        time.sleep(1.2)
        status, answer, _ = _call(server.url, "GET", f"/api/tables/{first}")
        _json_refusal(status, answer, (404, "UnknownTableError"))
        assert _call(server.url, "POST", "/api/tables", body)[0] == 201
        assert server.app.table_count == 1


def test_a_stream_ends_when_its_table_is_dropped() -> None:
    with serving(**UNLIMITED, idle_seconds=1.0, heartbeat=0.2) as server:
        table_id, token = _table(server.url)
        path = f"{server.url}/api/tables/{table_id}/seats/0/stream"
        request = urllib.request.Request(path, headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.readline() == b"retry: 2000\n"
            # the first update, then keep-alive comments until the table is dropped (nobody
            # played at it for a second): then the stream ends
            start = time.monotonic()
            data = answer.read()
        assert b"event: update" in data and b": keep-alive" in data
        assert 0.5 < time.monotonic() - start < 5
        assert server.app.table_count == 0


# -- the extra ---------------------------------------------------------------------------------


def test_the_engine_never_imports_the_web_stack_and_the_extra_says_how_to_install() -> None:
    code = (
        "import sys, trickcore, trickcore.cli\n"
        "assert 'starlette' not in sys.modules and 'uvicorn' not in sys.modules\n"
        "sys.modules['starlette'] = None\n"
        "try:\n"
        "    import trickcore.web\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert "pip install 'trickcore[web]'" in result.stdout
