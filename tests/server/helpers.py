"""A real ``truco serve`` in a subprocess, and players that talk to it over HTTP and WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets

#: how long a test waits for a frame: generous, for a machine busy with other work
TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``truco serve`` in a subprocess (so a test may kill it with SIGKILL)."""

    def __init__(self, db_url: str, *args: str, port: int | None = None) -> None:
        self.db_url = db_url
        self.args = args
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        cmd = [sys.executable, "-m", "truco", "serve", "--port", str(self.port), "--db", self.db_url]
        cmd += ["--log-level", "warning", *self.args]
        log = Path(os.environ.get("TRUCO_TEST_SERVER_LOG", os.devnull))
        with log.open("ab") as err:
            self.proc = subprocess.Popen(cmd, stdout=err, stderr=err)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with status {self.proc.returncode} (set TRUCO_TEST_SERVER_LOG)")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/options", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Socket:
    """A table connection that records every frame it receives."""

    def __init__(self, ws: Any, name: str) -> None:
        self.ws = ws
        self.name = name
        self.frames: list[dict[str, Any]] = []
        self.version = 0
        self.view: dict[str, Any] | None = None
        self._next_id = 0
        self.welcome: dict[str, Any] | None = None

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(msg)
        if msg["type"] in ("step", "snapshot"):
            if msg["type"] == "step":
                assert msg["v"] == self.version + 1, f"{self.name}: version {msg['v']} after {self.version}"
            self.version = msg["v"]
            if msg.get("view") is not None:
                self.view = msg["view"]
        elif msg["type"] == "welcome":
            self.welcome = msg
        return msg

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read frames until one satisfies ``pred``."""
        end = time.monotonic() + timeout
        while True:
            msg = await self.recv(max(0.01, end - time.monotonic()))
            if pred(msg):
                return msg

    async def seen_or_until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first frame already received that satisfies ``pred``, else the next one."""
        return next((m for m in self.frames if pred(m)), None) or await self.until(pred)

    async def send(self, obj: Any) -> None:
        await self.ws.send(obj if isinstance(obj, str | bytes) else json.dumps(obj))

    async def command(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a command and read until its ack or error (returned)."""
        self._next_id += 1
        cid = f"{self.name}-{self._next_id}"
        await self.send({"type": kind, "id": cid, **fields})
        return await self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == cid)

    async def close(self) -> None:
        await self.ws.close()


class Player:
    """A guest with an HTTP client and table connections."""

    def __init__(self, server: Server, nickname: str) -> None:
        self.server = server
        self.nickname = nickname
        self.http = httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT)
        self.token = ""
        self.held: dict[str, Any] = {}

    async def register(self) -> Player:
        r = await self.http.post("/api/guest", json={"nickname": self.nickname})
        r.raise_for_status()
        self.token = r.json()["token"]
        self.http.headers["authorization"] = f"Bearer {self.token}"
        return self

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        return await self.http.post(path, json=body)

    async def create(self, **spec: Any) -> dict[str, Any]:
        r = await self.post("/api/tables", spec)
        assert r.status_code == 200, r.text
        self.held = r.json()
        return self.held

    async def join(self, table_id: str, **body: Any) -> dict[str, Any]:
        r = await self.post(f"/api/tables/{table_id}/join", body)
        assert r.status_code == 200, r.text
        self.held = r.json()
        return self.held

    async def connect(self, last_version: int | None = None, seat: bool = True, **hello: Any) -> Socket:
        url = f"{self.server.ws_url}/ws/tables/{self.held['table_id']}"
        # no client keepalive: on a saturated machine a late pong would close a test's connection
        ws = await websockets.connect(url, max_size=None, ping_interval=None)
        sock = Socket(ws, self.nickname)
        msg = {"type": "hello", "token": self.token, "last_version": last_version, **hello}
        if seat:
            msg["seat_secret"] = self.held["seat_secret"]
        await sock.send(msg)
        if last_version is not None:
            sock.version = last_version
        await sock.until(lambda m: m["type"] == "welcome")
        return sock

    async def aclose(self) -> None:
        await self.http.aclose()


async def spectate(server: Server, table_id: str, **hello: Any) -> Socket:
    ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table_id}", max_size=None, ping_interval=None)
    sock = Socket(ws, "spectator")
    await sock.send({"type": "hello", **hello})
    await sock.until(lambda m: m["type"] == "welcome")
    return sock


async def four_players(server: Server, **spec: Any) -> tuple[list[Player], list[Socket]]:
    """Four guests at one table (seat i = players[i]), each connected."""
    players = [await Player(server, f"P{i}").register() for i in range(4)]
    spec.setdefault("seats", [{"type": "me"}] + [{"type": "open"}] * 3)
    held = await players[0].create(**spec)
    for i in (1, 2, 3):
        await players[i].join(held["table_id"], seat=i, invite=held["invite"].split("invite=")[1])
    socks = [await p.connect() for p in players]
    for s in socks:
        await s.until(lambda m: m.get("view") is not None and m["view"]["phase"] != "no_deal")
    return players, socks


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    action = dict(rng.choice(view["legal"]))
    action.pop("seat")
    return action


async def play_randomly(
    socks: list[Socket], rng: random.Random, stop: Callable[[], bool] | None = None, signals: float = 0.0
) -> None:
    """Every seat plays random legal actions (read from its own frames) until the match ends or ``stop()``;
    before an action, it makes a partner signal with probability ``signals``."""

    async def seat_loop(sock: Socket) -> None:
        n = 0
        while sock.view is None or sock.view["phase"] != "over":
            if stop is not None and stop():
                return
            if sock.view and sock.view["legal"]:
                if rng.random() < signals:
                    gesture = rng.choice(["piscar", "sobrancelha", "bochecha", "lingua"])
                    reply = await sock.command("signal", gesture=gesture)
                    # the match may have ended since the frame read (a partner's answer to a raise)
                    assert reply["type"] == "ack" or reply["code"] == "not_started", reply
                    continue
                n += 1
                cid = f"{sock.name}-r{n}"
                await sock.send({"type": "act", "id": cid, "action": random_action(sock.view, rng)})
                # a partner may have answered first: an "illegal" error is then expected
                await sock.until(lambda m, cid=cid: m.get("id") == cid)
            else:
                await sock.until(lambda m: m["type"] in ("step", "snapshot") and "view" in m)

    await asyncio.gather(*(seat_loop(s) for s in socks))


def run(coro: Any) -> Any:
    return asyncio.run(coro)
