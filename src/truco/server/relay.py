"""One site on many processes: the Redis relay between the process a client reached and its table's owner.

Any ``truco serve`` process accepts any client (no sticky sessions). A table is run by the process
that holds its lease (``truco.server.leases``). When a WebSocket or a table request reaches another
process, that process relays it to the owner over Redis, as lichess's lila-ws relays to its game
actors: every process listens on one channel of its own (``<prefix>:node:<name>``), and

- a *socket node* (the process the client reached) sends the owner ``attach``, ``command`` and
  ``detach`` for the client's connection, and ``call`` for a table request over HTTP;
- the *owner* stands a ``RelayedConn`` in for that connection at the table: the actor builds
  every frame from the engine's view for that connection's audience, as for a local one, and
  the ``RelayedConn`` publishes exactly that frame, to that connection, on the socket node's
  channel. Nothing is published for everyone: a seat's frame reaches only that seat's socket.

Every relayed request is answered: the owner answers ``attached`` and ``reply`` on success and
on failure; a command is answered by its own ack or error frame. A socket node that hears
nothing within ``RELAY_TIMEOUT`` answers the client ``relay_timeout`` itself. Each process
notes in Redis that it is alive every second (``<prefix>:alive:<name>``); a socket node whose
owner stops answering closes its clients' connections (1012) so that they reconnect and reach
the table's next owner, and an owner forgets the relayed connections of a dead socket node.

A message is one line of JSON (the header) and a line for its body (a frame's text, a command); the
messages a process publishes to another at once travel as one Redis message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from truco.server.conn import Conn, dumps
from truco.server.errors import CommandError
from truco.server.leases import HeldElsewhere, Leases
from truco.server.messages import Attach, Command, Detach, Message
from truco.server.ratings import Mode
from truco.server.state import TableState, held_seat
from truco.server.store import seats, tables

try:
    import redis.asyncio as redis
except ImportError:  # pip install 'truco[scale]': only a site on many processes needs it
    redis = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from truco.server.hub import Hub
    from truco.server.table import Table

log = logging.getLogger("truco.server")

#: seconds a socket node waits for the owner's answer before answering the client itself
RELAY_TIMEOUT = 5.0
#: seconds between the notes that a process is alive; a note lasts ``ALIVE_TTL``
ALIVE_EVERY = 1.0
ALIVE_TTL = 3.0
#: the most messages published in one round trip to Redis
BATCH = 512
#: seconds the shared lobby (read from the database) is reused
LOBBY_FRESH = 1.0


class Op(StrEnum):
    """What a relayed message asks or tells."""

    # socket node -> owner
    ATTACH = "attach"
    COMMAND = "command"
    DETACH = "detach"
    CALL = "call"
    # owner -> socket node
    FRAME = "frame"
    CLOSE = "close"
    ATTACHED = "attached"
    REPLY = "reply"
    # every process -> every process
    SEEN = "seen"


class Call(StrEnum):
    """The requests over HTTP that a process relays: to a table's owner, or to the matchmaker."""

    INFO = "info"
    JOIN = "join"
    QUEUE_JOIN = "queue_join"
    QUEUE_STATUS = "queue_status"
    QUEUE_LEAVE = "queue_leave"


#: the lease that makes a process the site's matchmaker: the ranked queue is in its memory alone
QUEUE = "~ranked"
QUEUE_CALLS = (Call.QUEUE_JOIN, Call.QUEUE_STATUS, Call.QUEUE_LEAVE)


def pack(header: dict[str, Any], body: str = "") -> str:
    r"""A message: its header as one line of JSON, then its body (a frame's text, as it is) on the next.
    Neither holds a line break (JSON escapes them), so the messages published to one process at once
    travel as one Redis message, joined by line breaks.

    >>> both = "\n".join([pack({"op": "frame", "conn": "c1"}, '{"type":"step"}'), pack({"op": "close"})])
    >>> unpack(both.encode())
    [({'op': 'frame', 'conn': 'c1'}, '{"type":"step"}'), ({'op': 'close'}, '')]
    """
    return dumps(header) + "\n" + body


def unpack(data: bytes) -> list[tuple[dict[str, Any], str]]:
    lines = data.decode().split("\n")
    return [(json.loads(lines[i]), lines[i + 1]) for i in range(0, len(lines), 2)]


def timed_out() -> CommandError:
    return CommandError("relay_timeout", "O servidor da mesa não respondeu a tempo: conecte de novo.")


def moving() -> CommandError:
    return CommandError("table_moving", "A mesa está mudando de servidor: tente de novo em instantes.")


def error_json(e: CommandError) -> dict[str, Any]:
    return {"code": e.code, "message": str(e), "extra": e.extra}


def error_of(d: dict[str, Any]) -> CommandError:
    return CommandError(d["code"], d["message"], **d.get("extra", {}))


class RelayedConn(Conn):
    """On the owner: a client connected to another process (``node``). Each frame the table sends
    it is published to that process, for that connection only."""

    def __init__(self, relay: Relay, node: str, conn_id: str, player_id: str | None) -> None:
        super().__init__(player_id, lambda code, reason: relay.closed(self, code, reason))
        self.relay = relay
        self.node = node
        self.conn_id = conn_id
        self.table: Table | None = None

    def send(self, text: str) -> None:
        if not self.closed:
            self.relay.publish(self.node, Op.FRAME, text, conn=self.conn_id)


@dataclass
class Link:
    """On the socket node: one client connection whose table is run by ``owner``."""

    conn: Conn
    table_id: str
    owner: str
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    #: the attach under way, and when it was asked
    attach: Attach | None = None
    asked_at: float = 0.0
    #: the commands relayed and not yet answered: id -> when they were sent (monotonic)
    pending: dict[Any, float] = field(default_factory=dict)


class RemoteTable:
    """What a socket sees of a table run by another process: the messages it posts are relayed."""

    def __init__(self, relay: Relay, link: Link) -> None:
        self.relay = relay
        self.link = link

    def post(self, msg: Message) -> None:
        link, relay = self.link, self.relay
        match msg:
            case Attach(conn, secret, last, invite):
                link.attach, link.asked_at = msg, time.monotonic()
                relay.links[link.id] = link
                fields = {"secret": secret, "last": last, "invite": invite, "player": conn.player_id}
                relay.publish(link.owner, Op.ATTACH, table=link.table_id, conn=link.id, **fields)
            case Command(_, cmd, received):
                link.pending[cmd.get("id")] = received
                relay.publish(link.owner, Op.COMMAND, dumps(cmd), conn=link.id)
            case Detach():
                if relay.links.pop(link.id, None) is not None:
                    relay.publish(link.owner, Op.DETACH, conn=link.id)
            case _:
                msg.fail(CommandError("internal", "Mensagem que não se repassa."))


class Relay:
    """This process's end of the relay: its channel, its links to other owners, and the connections
    other processes relay to its tables."""

    def __init__(self, hub: Hub, leases: Leases, url: str, prefix: str, online: float) -> None:
        self.hub = hub
        #: seconds after a player's last request during which it counts as online
        self.online = online
        self.leases = leases
        self.node = leases.owner
        self.prefix = prefix
        if redis is None:
            raise ValueError("--redis needs the redis package: pip install 'truco[scale]'")
        self.redis = redis.Redis.from_url(url)
        #: socket node: the links of this process's clients to tables run elsewhere, by link id
        self.links: dict[str, Link] = {}
        #: owner: the connections relayed here, by (socket node, link id)
        self.relayed: dict[tuple[str, str], RelayedConn] = {}
        self._calls: dict[str, asyncio.Future[Any]] = {}
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        #: messages taken from ``_out`` and not yet published
        self._publishing = 0
        self._tasks: list[asyncio.Task[None]] = []
        self._handlers: set[asyncio.Task[None]] = set()
        self._lobby: tuple[float, list[dict[str, Any]]] = (0.0, [])
        #: when each player was last seen by another process (wall clock), for friends' "online"
        self.seen_elsewhere: dict[str, float] = {}
        #: the last time (monotonic) this process told the others whom it saw
        self._told = time.monotonic()

    def channel(self, node: str) -> str:
        return f"{self.prefix}:node:{node}"

    def site_channel(self) -> str:
        """The channel every process listens to (who was seen where)."""
        return f"{self.prefix}:site"

    def alive_key(self, node: str) -> str:
        return f"{self.prefix}:alive:{node}"

    async def start(self) -> None:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel(self.node), self.site_channel())
        await self._note_alive()
        for name, coro in (("listen", self._listen(pubsub)), ("send", self._send()), ("watch", self._watch())):
            self._tasks.append(asyncio.create_task(coro, name=f"relay-{name}"))

    async def stop(self) -> None:
        """Say the last frames (the tables closed their connections), then leave."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._drained(), 2.0)
        for task in [*self._tasks, *self._handlers]:
            task.cancel()
        for task in [*self._tasks, *self._handlers]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(redis.RedisError):
            await self.redis.delete(self.alive_key(self.node))
        await self.redis.aclose()

    async def _drained(self) -> None:
        while not self._out.empty() or self._publishing:
            await asyncio.sleep(0.01)

    # -- sending -------------------------------------------------------------------

    def publish(self, node: str, op: Op, body: str = "", **header: Any) -> None:
        self._out.put_nowait((self.channel(node), pack({"op": op.value, "from": self.node, **header}, body)))

    async def _send(self) -> None:
        """Publish in order, many messages per round trip, and the messages queued for one process
        at once as one Redis message."""
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < BATCH:
                batch.append(self._out.get_nowait())
            self._publishing = len(batch)
            by_channel: dict[str, list[str]] = {}
            for channel, data in batch:
                by_channel.setdefault(channel, []).append(data)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, messages in by_channel.items():
                        pipe.publish(channel, "\n".join(messages))
                    await pipe.execute()
                self.hub.metrics.relayed.labels("published").inc(len(batch))
            except redis.RedisError as e:
                # the socket nodes time out and answer their clients (relay_timeout)
                log.error("relay: %d messages not published: %s", len(batch), e)
            finally:
                self._publishing = 0

    # -- receiving -------------------------------------------------------------------

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except redis.RedisError as e:
                log.error("relay: cannot read from Redis: %s", e)
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            try:
                received = unpack(message["data"])
            except Exception:
                log.exception("relay: a message could not be read")
                continue
            self.hub.metrics.relayed.labels("received").inc(len(received))
            for header, body in received:
                try:
                    self._dispatch(Op(header["op"]), header, body)
                except Exception:
                    log.exception("relay: a message could not be handled")

    def _dispatch(self, op: Op, h: dict[str, Any], body: str) -> None:
        match op:
            case Op.FRAME:
                self._frame(h["conn"], body)
            case Op.CLOSE:
                link = self.links.pop(h["conn"], None)
                if link is not None:
                    link.conn.close(h["code"], h["reason"])
                    if link.attach is not None:  # refused (a wrong secret...): the error frame came first
                        link.attach.done(False)
                        link.attach = None
            case Op.ATTACHED:
                self._attached(h)
            case Op.REPLY:
                future = self._calls.pop(h["id"], None)
                if future is not None and not future.done():
                    if "error" in h:
                        future.set_exception(error_of(h["error"]))
                    else:
                        future.set_result(h["result"])
            case Op.ATTACH:
                conn = RelayedConn(self, h["from"], h["conn"], h["player"])
                self.relayed[(h["from"], h["conn"])] = conn
                self._handle(self._serve_attach(conn, h))
            case Op.COMMAND:
                self._serve_command(h, body)
            case Op.DETACH:
                gone = self.relayed.pop((h["from"], h["conn"]), None)
                if gone is not None:
                    self._detach(gone)
            case Op.CALL:
                self._handle(self._serve_call(h))
            case Op.SEEN:
                if h["from"] != self.node:
                    self.seen_elsewhere.update(json.loads(body))

    def _handle(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    # -- the socket node's side ----------------------------------------------------------

    async def locate(self, table_id: str, conn: Conn) -> Table | RemoteTable | None:
        """The table if this process runs it (or may take it: its lease lapsed), else a relay to
        its owner; None if there is no such table. Raises ``table_moving`` while the owner is
        dead and its lease has not lapsed yet."""
        try:
            return await self.hub.load(table_id)
        except HeldElsewhere:
            holder = await self.hub.store.run(self.leases.holder, table_id)
        if holder is None or not await self.redis.exists(self.alive_key(holder)):
            raise moving()
        return RemoteTable(self, Link(conn, table_id, holder))

    async def call(self, table_id: str, what: Call, **args: Any) -> Any:
        """A table request answered by the table's owner (``Call``); raises its error, or
        ``relay_timeout`` when it does not answer within ``RELAY_TIMEOUT``."""
        holder = await self.hub.store.run(self.leases.holder, table_id)
        if holder is None:
            raise moving()
        call_id = uuid.uuid4().hex
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        self.publish(holder, Op.CALL, id=call_id, table=table_id, what=what.value, args=args)
        try:
            return await asyncio.wait_for(future, RELAY_TIMEOUT)
        except TimeoutError:
            raise timed_out() from None
        finally:
            self._calls.pop(call_id, None)

    def _frame(self, link_id: str, text: str) -> None:
        link = self.links.get(link_id)
        if link is None:
            return
        link.conn.send(text)
        if text.startswith(('{"type":"ack"', '{"type":"error"')) and link.pending:
            link.pending.pop(json.loads(text).get("id"), None)

    def _attached(self, h: dict[str, Any]) -> None:
        link = self.links.get(h["conn"])
        if link is None or link.attach is None:
            return
        msg, link.attach = link.attach, None
        if "error" in h:
            self.links.pop(link.id, None)
            msg.fail(error_of(h["error"]))
        else:
            if not h["ok"]:
                self.links.pop(link.id, None)
            msg.done(h["ok"])

    # -- the owner's side ----------------------------------------------------------

    async def _owned(self, table_id: str) -> Table:
        """A table this process runs (loading it if its lease is free); ``table_gone`` otherwise,
        so that the socket node looks for the owner again."""
        gone = CommandError("table_gone", "A mesa mudou de servidor: conecte de novo.")
        if not self.hub.accepting:
            raise gone
        try:
            table = await self.hub.load(table_id)
        except HeldElsewhere:
            raise gone from None
        if table is None:
            raise CommandError("not_found", "Mesa não encontrada.")
        return table

    async def _serve_attach(self, conn: RelayedConn, h: dict[str, Any]) -> None:
        answer: dict[str, Any]
        try:
            table = await self._owned(h["table"])
            if conn.closed:  # the client left meanwhile
                return
            conn.table = table
            msg = Attach(conn, h["secret"], h["last"], h["invite"])
            table.post(msg)
            answer = {"ok": await msg.future}
        except CommandError as e:
            answer = {"error": error_json(e)}
        if answer.get("ok") is not True:
            self.relayed.pop((conn.node, conn.conn_id), None)
        self.publish(conn.node, Op.ATTACHED, conn=conn.conn_id, **answer)

    def _serve_command(self, h: dict[str, Any], body: str) -> None:
        conn = self.relayed.get((h["from"], h["conn"]))
        cmd = json.loads(body)
        if conn is None or conn.table is None:
            # this process no longer runs the table (e.g. it restarted): the client reconnects
            stand_in = RelayedConn(self, h["from"], h["conn"], None)
            stand_in.error(cmd.get("id"), "table_gone", "A mesa mudou de servidor: conecte de novo.")
            stand_in.close(1012, "table moved")
            return
        conn.table.post(Command(conn, cmd, time.monotonic()))

    def closed(self, conn: RelayedConn, code: int, reason: str) -> None:
        """The table closed a relayed connection: the socket node closes the client's, and the
        table hears that it left (as from a local socket's end)."""
        self.relayed.pop((conn.node, conn.conn_id), None)
        self.publish(conn.node, Op.CLOSE, conn=conn.conn_id, code=code, reason=reason)
        if conn.table is not None:
            conn.table.post(Detach(conn))

    def _detach(self, conn: RelayedConn) -> None:
        conn.closed = True
        if conn.table is not None:
            conn.table.post(Detach(conn))

    async def _serve_call(self, h: dict[str, Any]) -> None:
        args = h["args"]
        answer: dict[str, Any]
        try:
            if Call(h["what"]) in QUEUE_CALLS:
                if QUEUE not in self.leases.held:
                    raise CommandError("table_gone", "A fila mudou de servidor: tente de novo.")
                answer = {"result": await self._queue_here(Call(h["what"]), args)}
                self.publish(h["from"], Op.REPLY, id=h["id"], **answer)
                return
            table = await self._owned(h["table"])
            if not table.visible_to(args.get("player_id"), args.get("invite")):
                raise CommandError("bad_invite", "Mesa privada: é preciso o link de convite.")
            if Call(h["what"]) is Call.INFO:
                result = table.summary()
            else:
                player = {"id": args["player_id"], "nickname": args["nickname"]}
                result = await self.hub.join(table, player, args.get("seat"))
            answer = {"result": result}
        except CommandError as e:
            answer = {"error": error_json(e)}
        except Exception:
            log.exception("relay: call %s on table %s failed", h["what"], h["table"])
            answer = {"error": error_json(CommandError("internal", "Erro interno do servidor."))}
        self.publish(h["from"], Op.REPLY, id=h["id"], **answer)

    # -- the ranked queue ----------------------------------------------------------------

    async def queue(self, what: Call, **args: Any) -> Any:
        """A request to the site's one ranked queue, in the memory of the process holding the ``QUEUE``
        lease: this one (taking the lease if nobody holds it), or another, through the relay. When the
        matchmaker dies its queue is lost: its lease lapses, the next request makes another one, and the
        players' ``GET /api/queue`` answers ``idle`` (they queue again)."""
        for _ in range(2):
            if QUEUE not in self.leases.held:
                try:
                    await self.hub.store.run(self.leases.acquire, QUEUE)
                except HeldElsewhere:
                    try:
                        return await self.call(QUEUE, what, **args)
                    except CommandError as e:
                        if e.code != "table_gone":
                            raise
                        continue
            return await self._queue_here(what, args)
        raise moving()

    async def _queue_here(self, what: Call, args: dict[str, Any]) -> Any:
        ranked = self.hub.ranked
        if what is Call.QUEUE_JOIN:
            player = {"id": args["player_id"], "nickname": args["nickname"]}
            return await ranked.join(player, Mode(args["mode"]), args.get("partner"))
        if what is Call.QUEUE_LEAVE:
            ranked.leave(args["player_id"])
            return {"status": "idle"}
        return ranked.status(args["player_id"])

    # -- liveness -------------------------------------------------------------------

    async def _note_alive(self) -> None:
        await self.redis.set(self.alive_key(self.node), "1", px=int(ALIVE_TTL * 1000))

    async def _watch(self) -> None:
        """Every second: note that this process is alive; answer the relayed commands and attaches
        that timed out; close the links to dead owners, and forget the connections of dead socket nodes."""
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            try:
                await self._note_alive()
                self._tell_seen()
                self._time_out(time.monotonic() - RELAY_TIMEOUT)
                await self._drop_dead()
            except redis.RedisError as e:
                log.warning("relay: cannot reach Redis: %s", e)

    def _tell_seen(self) -> None:
        """Tell every process whom this one saw since it last told them; forget who has long gone."""
        since, self._told = self._told, time.monotonic()
        offset = time.time() - self._told
        fresh = {pid: at + offset for pid, at in self.hub.seen.items() if at >= since}
        if fresh:
            self._out.put_nowait((self.site_channel(), pack({"op": Op.SEEN.value, "from": self.node}, dumps(fresh))))
        if int(self._told) % 60 == 0:  # about once a minute
            gone = time.time() - self.online
            self.seen_elsewhere = {pid: at for pid, at in self.seen_elsewhere.items() if at > gone}

    def online_elsewhere(self, player_id: str) -> bool:
        """Seen by another process of the site in the last ``online`` seconds."""
        return time.time() - self.seen_elsewhere.get(player_id, 0.0) < self.online

    def _time_out(self, before: float) -> None:
        for link in list(self.links.values()):
            if link.attach is not None and link.asked_at < before:
                msg, link.attach = link.attach, None
                self.links.pop(link.id, None)
                self.publish(link.owner, Op.DETACH, conn=link.id)
                msg.fail(timed_out())
            late = [cid for cid, sent in link.pending.items() if sent < before]
            if late:
                error = timed_out()
                for cid in late:
                    link.conn.error(cid, error.code, str(error))
                self._close_link(link, 1013, "relay timeout")

    def _close_link(self, link: Link, code: int, reason: str) -> None:
        self.links.pop(link.id, None)
        self.publish(link.owner, Op.DETACH, conn=link.id)
        link.conn.close(code, reason)

    async def _drop_dead(self) -> None:
        nodes = sorted({link.owner for link in self.links.values()} | {node for node, _ in self.relayed})
        if not nodes:
            return
        alive = await self.redis.mget([self.alive_key(n) for n in nodes])
        dead = {n for n, a in zip(nodes, alive, strict=True) if a is None}
        for link in [x for x in self.links.values() if x.owner in dead]:
            self._close_link(link, 1012, "table moved")
        for key in [k for k in self.relayed if k[0] in dead]:
            self._detach(self.relayed.pop(key))

    # -- one site ---------------------------------------------------------------------

    async def lobby(self) -> list[dict[str, Any]]:
        """The public tables waiting for players, whichever process runs them (read from the database)."""
        read_at, summaries = self._lobby
        if time.monotonic() - read_at > LOBBY_FRESH:
            summaries = await self.hub.store.run(self._read_lobby)
            self._lobby = (time.monotonic(), summaries)
        return summaries

    async def seats_of(self, player_id: str) -> list[dict[str, Any]]:
        """The seats ``player_id`` holds at unfinished tables, whichever process runs them (``GET /api/me``)."""
        held: list[dict[str, Any]] = await self.hub.store.run(self._read_seats, player_id)
        return held

    def _read_seats(self, player_id: str) -> list[dict[str, Any]]:
        mine = select(tables, seats.c.seat, seats.c.secret).join(seats, seats.c.table_id == tables.c.id)
        mine = mine.where(seats.c.player_id == player_id, tables.c.status.in_(("waiting", "playing")))
        rows = self.hub.store.rows(mine.order_by(tables.c.created_at))
        return [held_seat(r["id"], r["invite"], r["status"], r["seat"], r["secret"]) for r in rows]

    def _read_lobby(self) -> list[dict[str, Any]]:
        waiting = tables.c.public.is_(True) & (tables.c.status == "waiting")
        rows = self.hub.store.rows(select(tables).where(waiting).order_by(tables.c.created_at.desc()).limit(50))
        seat_rows: dict[str, list[dict[str, Any]]] = {}
        for r in self.hub.store.rows(select(seats).where(seats.c.table_id.in_([r["id"] for r in rows]))):
            seat_rows.setdefault(r["table_id"], []).append(dict(r))
        return [TableState(dict(r), seat_rows.get(r["id"], [])).summary() for r in rows]
