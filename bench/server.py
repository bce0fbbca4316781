"""Load benchmark of the online table: simulated players over real WebSockets on loopback.

Each table has four players, each its own WebSocket connection. A player acts
``--think`` seconds after it may (a random legal action from its own view); at
the end of a match seat 0 asks a rematch and the four move to the new table, so
the load stays steady. The latency measured is from sending a command to
receiving its step (the broadcast, sent to the four seats at once) and to its ack.

    python bench/server.py --tables 50 --duration 20            # 200 connections
    python bench/server.py --tables 1000 --duration 60 --procs 2   # the issue's target
    python bench/server.py --tables 200 --think 0 --duration 20    # the highest action rate
    python bench/server.py --tables 1000 --bots 1 --bot search:medium   # three people and a bot per table
    python bench/server.py --tables 50 --replay-clients 6          # people while others loop on a replay
    python bench/server.py --tables 200 --servers 2 --db postgresql+psycopg://...   # one site on 2 processes
    python bench/server.py --tables 200 --replay-clients 6 --replay-windows 5   # replays on and off by turns

It starts ``truco serve`` on a free loopback port with a fresh SQLite file
(or uses ``--url`` of a running server) and prints the figures. With ``--servers N`` it starts N
processes of one site on the PostgreSQL of ``--db`` and the Redis of ``--redis``: table i is made
through process i mod N (which runs it), and its k-th person connects through process (i + k) mod N,
so that with N > 1 some connections reach the table's owner directly and the others through the
Redis relay; the latencies of both are reported apart (the relay's extra hop).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


class Stats:
    def __init__(self) -> None:
        self.step_ms: list[float] = []
        #: the same, for connections that reach the table through another process (the Redis relay)
        self.relayed_step_ms: list[float] = []
        #: when each step was received (time.time(), to split by the replay windows)
        self.step_at: list[float] = []
        self.ack_ms: list[float] = []
        self.actions = 0
        self.illegal = 0
        self.stale = 0
        self.replays = 0
        self.errors: list[str] = []
        self.matches = 0
        self.connected = 0


class Person:
    """One simulated person at one table connection: acts ``think`` seconds after it may
    (a random legal action of its view). Event-driven: a reader and a timer, no polling."""

    def __init__(
        self, ws: Any, think: float, stats: Stats, rng: random.Random, measure_from: float, relayed: bool = False
    ) -> None:
        self.ws, self.think, self.stats, self.rng, self.measure_from = ws, think, stats, rng, measure_from
        self.relayed = relayed
        self.view: dict[str, Any] | None = None
        self.version = 0
        self.sent: dict[str, float] = {}
        self.timer: asyncio.TimerHandle | None = None
        self.step_from: float | None = None
        self.sending: set[asyncio.Future[None]] = set()
        self.n = 0
        #: the next table (after a rematch)
        self.next: dict[str, Any] | None = None

    def arm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        v = self.view
        if v is not None and v["legal"] and v["phase"] != "over" and not self.sent:
            self.timer = asyncio.get_running_loop().call_later(self.think, self.act)

    def act(self) -> None:
        self.timer = None
        if self.view is None or not self.view["legal"] or self.sent:
            return
        self.n += 1
        cid = f"c{self.n}"
        action = dict(self.rng.choice(self.view["legal"]))
        action.pop("seat")
        self.sent[cid] = self.step_from = time.perf_counter()
        self.send({"type": "act", "id": cid, "action": action, "v": self.version})

    def send(self, msg: dict[str, Any]) -> None:
        future = asyncio.ensure_future(self.ws.send(json.dumps(msg)))
        self.sending.add(future)
        future.add_done_callback(self._sent)

    def _sent(self, future: asyncio.Future[None]) -> None:
        self.sending.discard(future)
        error = None if future.cancelled() else future.exception()
        # ConnectionClosedOK: a move in flight when this person left for the rematch's table
        if error is not None and not isinstance(error, websockets.ConnectionClosedOK):
            self.stats.errors.append(f"send: {type(error).__name__}")

    def receive(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        measured = time.monotonic() >= self.measure_from
        if kind in ("step", "snapshot"):
            self.version = msg["v"]
            if msg.get("view") is not None:
                if self.step_from is not None and kind == "step" and measured:
                    if self.relayed:
                        self.stats.relayed_step_ms.append((time.perf_counter() - self.step_from) * 1000)
                    else:
                        self.stats.step_ms.append((time.perf_counter() - self.step_from) * 1000)
                        self.stats.step_at.append(time.time())
                self.step_from = None
                self.view = msg["view"]
                self.arm()
            for e in msg.get("events", ()):
                if e["type"] == "rematch":
                    self.next = {"table_id": e["table_id"], "seat_secret": e["seat_secret"]}
                elif e["type"] == "match_ended" and self.view is not None and self.view["seat"] == 0:
                    self.stats.matches += 1
            v = self.view
            if v is not None and v["phase"] == "over" and v["seat"] == 0 and not self.sent and self.next is None:
                self.sent["rematch"] = time.perf_counter()
                self.send({"type": "rematch", "id": "rematch"})
        elif kind == "ack":
            t0 = self.sent.pop(msg["id"], None)
            if t0 is not None and msg["id"] != "rematch" and measured:
                self.stats.ack_ms.append((time.perf_counter() - t0) * 1000)
                self.stats.actions += 1
            self.arm()
        elif kind == "error":
            self.sent.pop(msg.get("id"), None)
            self.step_from = None
            if msg["code"] == "stale":
                self.stats.stale += 1  # a partner's answer settled the question first
            elif msg["code"] == "illegal":
                self.stats.illegal += 1
            else:
                self.stats.errors.append(msg["code"])
            self.arm()


async def player(
    url: str,
    token: str,
    held: dict[str, Any] | None,
    think: float,
    stats: Stats,
    rng: random.Random,
    until: float,
    measure_from: float,
    relayed: bool = False,
) -> None:
    """One simulated person, following rematches from table to table until time is up."""
    ws_base = url.replace("http", "ws", 1)
    while held is not None and time.monotonic() < until:
        async with websockets.connect(f"{ws_base}/ws/tables/{held['table_id']}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "seat_secret": held["seat_secret"]}))
            stats.connected += 1
            person = Person(ws, think, stats, rng, measure_from, relayed)
            try:
                async with asyncio.timeout(max(0.01, until - time.monotonic())):
                    async for raw in ws:
                        person.receive(json.loads(raw))
                        if person.next is not None:
                            break
            except TimeoutError:
                pass
            finally:
                if person.timer is not None:
                    person.timer.cancel()
            held = person.next


async def seat_tables(
    url: str, tables: int, bots: int = 0, bot: dict[str, str] | None = None, concurrency: int = 50
) -> list[list[tuple[str, dict[str, Any]]]]:
    """Create ``tables`` tables of ``4 - bots`` guests and ``bots`` bots (in the last seats);
    return, per table, (token, held seat) for every person."""
    limit = asyncio.Semaphore(concurrency)
    people = 4 - bots
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def guest(name: str) -> str:
            async with limit:
                r = await http.post("/api/guest", json={"nickname": name})
                return str(r.json()["token"])

        async def table(i: int) -> list[tuple[str, dict[str, Any]]]:
            tokens = [await guest(f"b{i}s{s}") for s in range(people)]
            seats = [{"type": "me"}] + [{"type": "open"}] * (people - 1) + [{"type": "bot", **(bot or {})}] * bots
            async with limit:
                held = (await http.post("/api/tables", json={"seats": seats}, headers=auth(tokens[0]))).json()
            out = [(tokens[0], held)]
            for s in range(1, people):
                async with limit:
                    r = await http.post(
                        f"/api/tables/{held['table_id']}/join", json={"seat": s}, headers=auth(tokens[s])
                    )
                out.append((tokens[s], r.json()))
            return out

        return list(await asyncio.gather(*(table(i) for i in range(tables))))


async def finished_table(url: str) -> str:
    """A match played to the end by four random people, as fast as they can: its table id."""
    groups = await seat_tables(url, 1)
    ws_base = url.replace("http", "ws", 1)
    rng = random.Random(1)
    socks = []
    for token, held in groups[0]:
        ws = await websockets.connect(f"{ws_base}/ws/tables/{held['table_id']}", max_size=None)
        await ws.send(json.dumps({"type": "hello", "token": token, "seat_secret": held["seat_secret"]}))
        socks.append(ws)

    async def play(ws: Any) -> None:
        n = 0
        async for raw in ws:
            msg = json.loads(raw)
            view = msg.get("view")
            if view is None:
                continue
            if view["phase"] == "over":
                return
            if view["legal"]:
                n += 1
                action = {k: v for k, v in rng.choice(view["legal"]).items() if k != "seat"}
                await ws.send(json.dumps({"type": "act", "id": n, "action": action, "v": msg["v"]}))

    await asyncio.gather(*(play(ws) for ws in socks))
    for ws in socks:
        await ws.close()
    return str(groups[0][0][1]["table_id"])


def replaying(windows: float, origin: float, at: float) -> bool:
    """With ``windows`` seconds, whether the replay clients loop at time ``at``: off in the first
    window from ``origin``, on in the next, and so on; always without windows."""
    return not windows or int((at - origin) // windows) % 2 == 1


def run_replays(
    url: str, table_id: str, clients: int, seconds: float, nice: int, windows: float, origin: float, out: Any
) -> None:
    """``clients`` anonymous clients asking for the replay of ``table_id`` in a loop for ``seconds``
    (taking gzip, as browsers do), their process ``nice`` steps nicer than the bench's; with
    ``windows``, only in every other window of that many seconds."""
    os.nice(nice)

    async def main() -> int:
        until = time.monotonic() + seconds
        done = 0

        async def loop() -> None:
            nonlocal done
            async with httpx.AsyncClient(base_url=url, timeout=60) as http:
                while time.monotonic() < until:
                    if not replaying(windows, origin, time.time()):
                        await asyncio.sleep(0.02)
                        continue
                    r = await http.get(f"/api/tables/{table_id}/replay")
                    r.raise_for_status()
                    done += 1

        await asyncio.gather(*(loop() for _ in range(clients)))
        return done

    out.put({"replays": asyncio.run(main())})


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def run_clients(
    seats: list[tuple[str, bool, str, dict[str, Any]]], think: float, warmup: float, duration: float, out: Any
) -> None:
    """One client process: its share of the players (the server each connects through, whether that
    one relays to the table's owner, token, seat), then its figures through ``out``."""

    async def main() -> Stats:
        gc.freeze()  # as the server does: no long collections in the middle of a measurement
        gc.set_threshold(700, 4, 10_000)
        stats = Stats()
        measure_from = time.monotonic() + warmup
        until = measure_from + duration
        rng = random.Random(os.getpid())

        # spread the connections over the first seconds, as people arrive
        async def later(i: int, url: str, relayed: bool, token: str, held: dict[str, Any]) -> None:
            await asyncio.sleep(i * warmup / 2 / max(1, len(seats)))
            try:
                await player(url, token, held, think, stats, rng, until, measure_from, relayed)
            except (OSError, websockets.WebSocketException) as e:
                # TimeoutError here: the opening handshake took more than websockets' 10 s
                stats.errors.append(f"connection: {type(e).__name__}")

        await asyncio.gather(*(later(i, *seat) for i, seat in enumerate(seats)))
        return stats

    s = asyncio.run(main())
    usage = resource.getrusage(resource.RUSAGE_SELF)
    names = ("step_ms", "step_at", "relayed_step_ms", "ack_ms", "actions", "illegal", "stale", "errors", "matches")
    names += ("connected",)
    figures = {k: getattr(s, k) for k in names}
    out.put({**figures, "cpu": usage.ru_utime + usage.ru_stime})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_mb(pid: int) -> float:
    """The resident memory of a process (its bot workers apart), in MB."""
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def start_server(args: Any, db: str, hard: int, node: int, prefix: str) -> tuple[subprocess.Popen[bytes], str]:
    """``truco serve`` on a free loopback port, once it answers: the process and its URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "truco", "serve", "--port", str(port), "--db", db, "--log-level", "warning"]
    # every simulated person comes from this one address: no rate limit applies to it
    unlimited = {k: [10**9, 10**9] for k in ("guest", "table", "join", "connect", "replay")}
    cmd += ["--rate-limits", json.dumps(unlimited)]
    if args.bot_workers:
        cmd += ["--bot-workers", str(args.bot_workers)]
    if args.servers > 1:
        cmd += ["--node", f"bench{node}", "--redis", args.redis, "--redis-prefix", prefix]
    server = subprocess.Popen(cmd, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard)))
    for _ in range(300):
        try:
            if httpx.get(url + "/api/options", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return server, url


class Shared:
    """The shared services' counters: PostgreSQL's commits (``--db`` on PostgreSQL) and Redis's
    published messages and CPU (``--servers`` > 1), read before and after the measurement."""

    def __init__(self, db: str | None, redis_url: str | None) -> None:
        self.db, self.redis_url = db, redis_url

    def read(self) -> dict[str, float]:
        out: dict[str, float] = {}
        if self.db and self.db.startswith("postgresql"):
            from sqlalchemy import create_engine, text

            engine = create_engine(self.db)
            with engine.connect() as conn:
                out["commits"] = float(
                    conn.execute(
                        text("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")
                    ).scalar_one()
                )
            engine.dispose()
        if self.redis_url:
            import redis

            r = redis.Redis.from_url(self.redis_url)
            cpu, calls = r.info("cpu"), r.info("commandstats")
            out["redis_cpu"] = float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])
            out["published"] = float(calls.get("cmdstat_publish", {}).get("calls", 0))
            r.close()
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds to connect everyone, not measured")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player waits before acting")
    parser.add_argument("--procs", type=int, default=1, help="client processes")
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--db", help="database URL of the started server (default: a fresh SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="processes of one site (N > 1: --db on PostgreSQL)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="the Redis of --servers N > 1")
    parser.add_argument("--bots", type=int, default=0, help="seats of each table played by a bot (0-3)")
    parser.add_argument("--bot", default="search:medium", help="the bots in those seats, kind:level")
    parser.add_argument("--bot-workers", type=int, help="the server's bot processes (default: its own choice)")
    parser.add_argument("--replay-clients", type=int, default=0, help="clients looping on a finished match's replay")
    parser.add_argument(
        "--replay-nice",
        type=int,
        default=0,
        help="run the replay clients this much nicer (standing for clients on other machines: the server's cost only)",
    )
    parser.add_argument(
        "--replay-windows",
        type=float,
        default=0.0,
        help="seconds: the replay clients loop in every other window only, and the people's latency is "
        "reported for the windows with and without them (one run compares both under the same machine load)",
    )
    args = parser.parse_args()
    if args.servers > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--servers N > 1 needs --db postgresql+psycopg://... (one database for the site)")
    kind, _, level = args.bot.partition(":")
    bot = {"kind": kind, "level": level or "medium"}
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    servers: list[subprocess.Popen[bytes]] = []
    urls = [args.url] if args.url else []
    tmp = tempfile.TemporaryDirectory()
    shared = Shared(args.db, args.redis if args.servers > 1 else None)
    if not urls:
        db = args.db or f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
        prefix = f"bench-{os.getpid()}"
        for node in range(args.servers):
            server, url = start_server(args, db, hard, node, prefix)
            servers.append(server)
            urls.append(url)
    try:
        t0 = time.monotonic()
        n = len(urls)
        groups = [
            group
            for j, url in enumerate(urls)
            for group in asyncio.run(seat_tables(url, args.tables // n + (j < args.tables % n), args.bots, bot))
        ]
        people = sum(len(g) for g in groups)
        print(f"{args.tables} tables, {people} people seated in {time.monotonic() - t0:.1f} s", flush=True)
        out: Any = multiprocessing.Queue()
        # a table's people stay in one client process; its k-th person connects through process owner + k
        shares: list[list[tuple[str, bool, str, dict[str, Any]]]] = [[] for _ in range(args.procs)]
        per_server = [args.tables // n + (j < args.tables % n) for j in range(n)]
        owners = [j for j in range(n) for _ in range(per_server[j])]
        for i, group in enumerate(groups):
            for k, (token, held) in enumerate(group):
                through = (owners[i] + k) % n
                shares[i % args.procs].append((urls[through], through != owners[i], token, held))
        procs = [
            multiprocessing.Process(target=run_clients, args=(share, args.think, args.warmup, args.duration, out))
            for share in shares
        ]
        replays: Any = multiprocessing.Queue()
        origin = time.time() + args.warmup
        if args.replay_clients:
            replayed = asyncio.run(finished_table(urls[0]))
            procs.append(
                multiprocessing.Process(
                    target=run_replays,
                    args=(
                        urls[0],
                        replayed,
                        args.replay_clients,
                        args.warmup + args.duration,
                        args.replay_nice,
                        args.replay_windows,
                        origin,
                        replays,
                    ),
                )
            )
        start = time.monotonic()
        for p in procs:
            p.start()
        time.sleep(args.warmup)
        cpu0 = [cpu_seconds(s.pid) for s in servers]
        shared0 = shared.read()
        results = [out.get() for _ in shares]
        shared1 = shared.read()
        replayed_n = replays.get()["replays"] if args.replay_clients else 0
        for p in procs:
            p.join()
        elapsed = time.monotonic() - start - args.warmup
        inside = [httpx.get(url + "/api/stats", timeout=30).json() for url in urls]
        cpus = [cpu_seconds(s.pid) - c for s, c in zip(servers, cpu0, strict=True)]
        rss = [resident_mb(s.pid) for s in servers]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait()
        tmp.cleanup()

    step = [x for r in results for x in r["step_ms"]]
    relayed = [x for r in results for x in r["relayed_step_ms"]]
    ack = [x for r in results for x in r["ack_ms"]]
    actions = sum(r["actions"] for r in results)
    errors = [e for r in results for e in r["errors"]]
    print(f"connections opened: {sum(r['connected'] for r in results)} (think {args.think} s, {elapsed:.1f} s)")
    matches = sum(r["matches"] for r in results)
    print(f"actions acknowledged: {actions} = {actions / elapsed:.0f}/s; matches finished: {matches}")
    measured = (
        ("command -> own step (broadcast)", step if not relayed else []),
        ("command -> own step, connected to the table's owner", step if relayed else []),
        ("command -> own step, through another process (Redis relay)", relayed),
        ("command -> ack", ack),
    )
    for name, xs in measured:
        if xs:
            print(
                f"{name}: p50 {pct(xs, 50):.1f} ms, p99 {pct(xs, 99):.1f} ms, max {max(xs):.1f} ms, "
                f"mean {statistics.fmean(xs):.1f} ms (n={len(xs)})"
            )
    for url, stats in zip(urls, inside, strict=True):
        cm = stats["command_ms"]
        if cm.get("n"):
            print(
                f"inside {url}, command read -> step and ack queued (last minute): p50 {cm['p50']} ms, "
                f"p99 {cm['p99']} ms, max {cm['max']} ms (n={cm['n']}); tables {stats['tables']}, "
                f"connections {stats['connections']}"
            )
    for url, cpu, mb in zip(urls, cpus, rss, strict=True):
        share = 100 * cpu / elapsed
        print(f"server CPU ({url}): {cpu:.1f} s over {elapsed:.1f} s ({share:.0f}% of one core); resident {mb:.0f} MB")
    if "commits" in shared1:
        commits = shared1["commits"] - shared0["commits"]
        print(f"PostgreSQL commits: {commits:.0f} = {commits / elapsed:.0f}/s (the whole database server's)")
    if "published" in shared1:
        published = shared1["published"] - shared0["published"]
        redis_cpu = shared1["redis_cpu"] - shared0["redis_cpu"]
        print(
            f"Redis: {published:.0f} messages published = {published / elapsed:.0f}/s; "
            f"its CPU {redis_cpu:.1f} s ({100 * redis_cpu / elapsed:.0f}% of one core; the whole Redis server's)"
        )
    print(f"client CPU: {sum(r['cpu'] for r in results):.1f} s in {args.procs} process(es), connecting included")
    print(f"races lost (stale: someone settled the question first): {sum(r['stale'] for r in results)}")
    print(f"illegal actions: {sum(r['illegal'] for r in results)}")
    if args.bots:
        print(f"bots: {args.bots} per table ({args.bot}), thinking in the server's worker processes")
    if args.replay_clients:
        print(
            f"replays served to {args.replay_clients} looping clients (nice +{args.replay_nice}): "
            f"{replayed_n} ({replayed_n / elapsed:.0f}/s)"
        )
    if args.replay_windows:
        at = [x for r in results for x in r["step_at"]]
        for on in (False, True):
            xs = [ms for ms, t in zip(step, at, strict=True) if replaying(args.replay_windows, origin, t) == on]
            if xs:
                print(
                    f"command -> own step in the windows {'with' if on else 'without'} replays: p50 "
                    f"{pct(xs, 50):.1f} ms, p99 {pct(xs, 99):.1f} ms (n={len(xs)})"
                )
    print(f"errors: {len(errors)} {sorted(set(errors))[:10]}")


if __name__ == "__main__":
    main()
