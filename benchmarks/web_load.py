"""A bounded load test of the browser table (``trickcore.web``) on the loopback only.

``--players`` human players sit at ``--tables`` Euchre tables (the other seats are ``random``
bots), each player in a thread of its own with a keep-alive connection: it reads its seat,
plays a random legal action when it is to act (with the ``at`` it read), and waits a little
otherwise, until every table's game is over. Meanwhile ``--idle`` connections that never send
a byte and ``--slow`` clients trickling a request a byte every 0.1 s attack the same server
(the slow-client and idle-connection attacks of issue 22). The server runs in a process of its
own (``make_server`` with the table rate limit lifted, since every player comes from one
address). It prints the requests made, the failed ones, and the latency per request (p50, p99,
max); the exit status is 1 when a request failed, a game did not finish within ``--deadline``
seconds, or p99 exceeds ``--p99-limit`` milliseconds.

    tox -e web-load
    python benchmarks/web_load.py --players 40 --tables 20 --idle 130 --slow 10
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from typing import Any

SERVER = (
    "from trickcore.web import make_server\n"
    "server = make_server('127.0.0.1', 0, creations_per_minute=1e9, creation_burst=10**6,"
    " header_seconds={header})\n"
    "print(server.url, flush=True)\n"
    "server.run()\n"
)


def _start_server(header_seconds: float) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(header=header_seconds)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    if not url.startswith("http://"):
        process.kill()
        raise SystemExit("the web server did not start")
    return process, url


class Player:
    """One human seat: a keep-alive connection and the latency of each request."""

    def __init__(self, host: str, port: int, table: str, seat: int, seed: int) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.path = f"/api/tables/{table}/seats/{seat}"
        self.token = ""
        self.chooser = random.Random(seed)
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.moves = 0
        self.over = False

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, data, headers)
            answer = self.connection.getresponse()
            payload = json.loads(answer.read())
        except (OSError, http.client.HTTPException) as error:
            self.failures.append(f"{method} {path}: {error!r}")
            self.connection.close()
            return 0, None
        self.latencies.append(time.perf_counter() - start)
        return answer.status, payload

    def play(self, deadline: float) -> None:
        status, claim = self.call("POST", self.path + "/claim")
        if status != 201:
            self.failures.append(f"claim: {status} {claim}")
            return
        self.token = claim["token"]
        while time.monotonic() < deadline:
            status, state = self.call("GET", self.path)
            if status != 200:
                self.failures.append(f"state: {status} {state}")
                return
            if state["over"]:
                self.over = True
                return
            if not state["legal"]:
                time.sleep(0.02)
                continue
            choice = self.chooser.choice(state["legal"])["action"]
            status, answer = self.call(
                "POST", self.path + "/actions", {"action": choice, "at": state["at"]}
            )
            if status == 200:
                self.moves += 1
            elif status != 409:  # 409: another human moved first (a stale at): read again
                self.failures.append(f"play: {status} {answer}")
                return


def _attack(
    host: str, port: int, idle: int, slow: int, stop: threading.Event
) -> list[tuple[str, float]]:
    """Open ``idle`` silent connections and ``slow`` trickling ones; reopen what the server
    drops, until ``stop``. Returns each drop: ``("slow" or "idle", seconds it took)``."""
    seen: list[tuple[str, float]] = []

    def trickle() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection((host, port), timeout=5) as sock:
                    sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    started = time.monotonic()
                    while not stop.is_set():
                        sock.sendall(b"a")
                        time.sleep(0.1)
            except OSError:
                seen.append(("slow", time.monotonic() - started))

    def hold() -> None:
        while not stop.is_set():
            sockets = []
            try:
                sockets = [socket.create_connection((host, port), timeout=5) for _ in range(idle)]
                started = time.monotonic()
                for sock in sockets:
                    sock.settimeout(max(0.1, 30 - (time.monotonic() - started)))
                    if sock.recv(1) == b"" and sock is sockets[-1]:
                        seen.append(("idle", time.monotonic() - started))
            except OSError:
                pass
            finally:
                for sock in sockets:
                    sock.close()

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(slow)]
    if idle:
        threads.append(threading.Thread(target=hold, daemon=True))
    for thread in threads:
        thread.start()
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=32, help="human players (default 32)")
    parser.add_argument("--tables", type=int, default=16, help="tables (default 16)")
    parser.add_argument("--idle", type=int, default=130, help="idle connections (default 130)")
    parser.add_argument("--slow", type=int, default=10, help="trickling clients (default 10)")
    parser.add_argument("--target", type=int, default=5, help="Euchre points to win (5)")
    parser.add_argument("--deadline", type=float, default=240.0, help="seconds for the games")
    parser.add_argument("--p99-limit", type=float, default=1000.0, help="milliseconds (1000)")
    parser.add_argument("--header-seconds", type=float, default=2.0, help="header deadline (2)")
    parser.add_argument("--json", action="store_true", help="one JSON line")
    args = parser.parse_args(argv)
    if args.players < args.tables or args.players > 4 * args.tables:
        parser.error("--players must be between --tables and 4 x --tables")
    process, url = _start_server(args.header_seconds)
    host, port = url.removeprefix("http://").rsplit(":", 1)
    stop = threading.Event()
    try:
        seen = _attack(host, int(port), args.idle, args.slow, stop)
        time.sleep(0.5)  # the attackers connect first
        setup = Player(host, int(port), "", 0, 0)
        humans = [
            args.players // args.tables + (t < args.players % args.tables)
            for t in range(args.tables)
        ]
        players: list[Player] = []
        for index, count in enumerate(humans):
            seats = [None] * count + ["random"] * (4 - count)
            status, table = setup.call(
                "POST",
                "/api/tables",
                {"game": "euchre", "seats": seats, "options": {"target": args.target}},
            )
            if status != 201:
                raise SystemExit(f"could not create a table: {status} {table}")
            players += [
                Player(host, int(port), table["table"], seat, index * 4 + seat)
                for seat in range(count)
            ]
        start = time.monotonic()
        deadline = start + args.deadline
        threads = [threading.Thread(target=player.play, args=(deadline,)) for player in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - start
    finally:
        stop.set()
        process.terminate()
        process.wait(timeout=10)
    latencies = sorted(value for player in players for value in player.latencies)
    failures = [failure for player in players for failure in player.failures]
    unfinished = sum(not player.over for player in players)

    def quantile(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    result = {
        "players": len(players),
        "tables": args.tables,
        "idle": args.idle,
        "slow": args.slow,
        "requests": len(latencies),
        "moves": sum(player.moves for player in players),
        "failed": len(failures),
        "unfinished": unfinished,
        "seconds": round(elapsed, 1),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(quantile(0.50), 1),
        "p99_ms": round(quantile(0.99), 1),
        "max_ms": round(latencies[-1] * 1000, 1),
        "slow_drops": sum(kind == "slow" for kind, _ in seen),
        "slow_drop_max_s": round(max([t for kind, t in seen if kind == "slow"] or [0]), 1),
        "idle_rounds_dropped": sum(kind == "idle" for kind, _ in seen),
        "idle_drop_max_s": round(max([t for kind, t in seen if kind == "idle"] or [0]), 1),
        "cpus": os.cpu_count(),
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
        for failure in failures[:5]:
            print("failure:", failure)
    ok = not failures and not unfinished and result["p99_ms"] <= args.p99_limit
    print("load test:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
