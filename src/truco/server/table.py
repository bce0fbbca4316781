"""One table: the serial actor that alone changes it.

Everything that changes a table — a player's command, a bot's move, the clock
running out, an absent player's takeover, a signal, a chat line — arrives as a
typed message (``truco.server.messages``) on the table's queue and is handled one
at a time by ``Table.run``. Each change is one *version*: ``_apply`` changes the
state (``truco.server.state``) and returns the events with the recipients each may
reach; ``_commit`` stores the version (``truco.server.table_log``), sends every
connection its own frame (``truco.server.frames``), then acknowledges the command.
A stored table is rebuilt by feeding its rows to ``_apply`` again. What the actor
needs of the server is named by ``Host`` (the hub is one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

from truco.bots import BOT_KINDS, Bot, gestures_of, make_bot
from truco.engine import PLAY, RUN, Action, IllegalAction, Match, RecordError, parse_action, view
from truco.engine.deals import derived_seed
from truco.engine.signals import GESTURES
from truco.server.conn import Conn, dumps
from truco.server.errors import CommandError, storage_failure
from truco.server.frames import Frames
from truco.server.identity import same_secret
from truco.server.messages import (
    Absent,
    Attach,
    BotMove,
    BotSignals,
    BotTurn,
    Command,
    Detach,
    Expire,
    Join,
    Message,
    Start,
    Timeout,
)
from truco.server.state import Events, Key, Seat, TableState
from truco.server.store import StorageError
from truco.server.table_log import Op, TableLog, rematch_made, seat_taken
from truco.server.text import Problem, TextError, clean_text

if TYPE_CHECKING:
    from truco.server.bots import BotPool
    from truco.server.config import Config
    from truco.server.hub import Stats
    from truco.server.metrics import Metrics
    from truco.server.store import Store

log = logging.getLogger("truco.server")

#: the longest reason of a report, in characters
REASON_LENGTH = 200

#: the kind of bot that plays for an absent player, and the default of quick play
DEFAULT_BOT = "heuristic" if "heuristic" in BOT_KINDS else BOT_KINDS[0]


def automatic_action(match: Match, seat: int) -> Action:
    """What the clock plays for ``seat`` (seed 001): the last card of its hand,
    always open; an unanswered raise or an undecided mão de onze is a run.

    >>> m = Match(seed=1)
    >>> seat = m.to_act()[0]
    >>> automatic_action(m, seat).card == m.hands[seat][-1]
    True
    >>> m = Match(seed=1, score=(11, 3))
    >>> automatic_action(m, m.to_act()[0]).type
    'run'
    """
    legal = view(match, seat).legal  # a mão de ferro plays by slot
    plays = [a for a in legal if a.type == PLAY and not a.covered]
    if plays:
        return plays[-1]
    return next(a for a in legal if a.type == RUN)


class Host(Protocol):
    """What a table's actor uses of the server (``truco.server.hub.Hub``): its settings, the store,
    the bots' pool, the counters, and the server's part when a table ends, fails or makes a rematch."""

    config: Config
    store: Store
    bots: BotPool
    stats: Stats
    metrics: Metrics

    def match_over(self, table: Table) -> None: ...

    def recover(self, table: Table) -> None: ...

    def forget(self, table: Table) -> None: ...

    async def rematch(self, old: Table) -> Table: ...

    async def banned(self, nickname: str | None, scope: str) -> bool: ...


class Table(TableState):
    """A table's actor: the only code that changes it."""

    def __init__(self, host: Host, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        super().__init__(row, seat_rows)
        self.host = host
        self.frames = Frames(self, host.config.history)
        self.log = TableLog(host.store, self.id)
        #: since when no seated person is connected (None while one is)
        self.alone_since: float | None = time.time()
        #: when the last version was made (finished tables idle for long are forgotten)
        self.changed_at = time.time()
        self.spectators: set[Conn] = set()
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        #: no more messages are handled (stopped, or its storage failed): each is refused at once
        self.stopped = False
        self.task: asyncio.Task[None] | None = None
        self._clock: asyncio.TimerHandle | None = None
        self._bots: dict[int, asyncio.TimerHandle] = {}
        #: the last hand whose bots were asked for their partner signals
        self._signals_hand = -1
        self._pace = random.Random(derived_seed(self.deal_secret, "bot pauses"))

    async def _commit(
        self, kind: str, data: dict[str, Any], conn: Conn | None = None, cid: Any = None, extra: list[Op] | None = None
    ) -> int:
        """Apply, store, broadcast, then acknowledge one version."""
        m = self.match
        before = (m.phase, m.to_act()) if m else None
        status = self.status
        evs, changed = self._apply(kind, data, time.time())
        if changed:
            self.deadline = self._next_deadline(before)
            data["deadline"] = self.deadline
        try:
            await self.log.version(self, kind, data, status, extra or [])
        except StorageError as e:
            # Memory is now ahead of the database: this copy is given up (see ``_storage_failed``).
            log.error("table %s: version %d not stored: %s", self.id, self.version, e)
            raise
        self.changed_at = time.time()
        self._broadcast(self.version, evs, changed)
        if conn is not None:
            conn.send_json({"type": "ack", "id": cid, "v": self.version})
        if changed:
            self._schedule()
        if self.status == "over" and status != "over":
            self.host.match_over(self)
        return self.version

    def _broadcast(self, v: int, evs: Events, changed: bool) -> None:
        frames = self.frames.step(v, evs, changed, spectators=bool(self.spectators))
        for s in self.seats:
            if s.conn is not None and s.seat in frames:
                s.conn.send(frames[s.seat])
        for c in self.spectators:
            c.send(frames[None])

    def _presence(self) -> None:
        text = self.frames.presence()
        for c in self.connections():
            c.send(text)

    def connections(self) -> list[Conn]:
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    def close_all(self, code: int, reason: str) -> None:
        for c in self.connections():
            c.close(code, reason)

    # -- timers ------------------------------------------------------------

    def post(self, msg: Message) -> None:
        """Leave a message for the actor; refused at once (``msg.fail``) when the actor has stopped."""
        if self.stopped:
            msg.fail(CommandError("table_gone", "A mesa foi recarregada: conecte de novo."))
        else:
            self.queue.put_nowait(msg)

    def _schedule(self) -> None:
        """Arm the clock and the bots after a change of the match."""
        loop = asyncio.get_running_loop()
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        if self.deadline is not None:
            self._clock = loop.call_later(max(0.0, self.deadline - time.time()), self.post, Timeout(self.deadline))
        m = self.match
        if m is None:
            return
        self._schedule_signals(m)
        for seat in m.to_act():
            s = self.seats[seat]
            if (s.kind == "bot" or s.takeover) and seat not in self._bots:
                # a person's pace: the configured pause, give or take a quarter
                pause = self.host.config.bot_pause * (0.75 + 0.5 * self._pace.random())
                self._bots[seat] = loop.call_later(pause, self.post, BotTurn(seat))

    def _schedule_signals(self, m: Match) -> None:
        """At each new hand of a table with signals, every bot makes its partner signals after half
        a pause (before its first move): a person looks at the cards, then gestures."""
        if self.signal_log is None or m.is_over or m.hand_number == self._signals_hand:
            return
        self._signals_hand = m.hand_number
        loop = asyncio.get_running_loop()
        for s in self.seats:
            if s.kind == "bot" or s.takeover:
                loop.call_later(self.host.config.bot_pause / 2, self.post, BotSignals(s.seat, m.hand_number))

    def _watch_absence(self, s: Seat) -> None:
        if s.kind == "human" and s.conn is None and not s.takeover and self.status in ("waiting", "playing"):
            absent = Absent(s.seat, s.presence)
            asyncio.get_running_loop().call_later(self.host.config.absence, self.post, absent)

    def start(self) -> None:
        """Start the actor (after ``restore`` for a stored table)."""
        self.task = asyncio.create_task(self.run(), name=f"table-{self.id}")
        for s in self.seats:
            self._watch_absence(s)
        if self.match is not None:
            self._schedule()
        elif all(s.kind != "open" for s in self.seats):
            self.post(Start())

    def halt(self) -> None:
        """Stop handling messages: the timers are cancelled and every queued message is refused."""
        self.stopped = True
        if self._clock:
            self._clock.cancel()
        for h in self._bots.values():
            h.cancel()
        self._bots.clear()
        gone = CommandError("table_gone", "A mesa foi recarregada: conecte de novo.")
        while not self.queue.empty():
            self.queue.get_nowait().fail(gone)

    async def stop(self) -> None:
        self.halt()
        if self.task and self.task is not asyncio.current_task():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    # -- the actor -----------------------------------------------------------

    async def run(self) -> None:
        """Handle the messages one at a time. Each one is answered: ``done`` with its result
        or ``fail`` with the error that refused it. A storage failure ends this copy of the table."""
        while not self.stopped:
            msg = await self.queue.get()
            try:
                result = await self._handle(msg)
            except CommandError as e:
                msg.fail(e)
            except StorageError:
                self._storage_failed(msg)
                return
            except Exception:
                log.exception("table %s: failed on %r", self.id, type(msg).__name__)
                msg.fail(CommandError("internal", "Erro interno do servidor: nada mudou."))
            else:
                if isinstance(msg, Attach | Join):
                    msg.done(result)

    def _storage_failed(self, msg: Message) -> None:
        """A version could not be stored: every waiting request is answered, the players are
        told and disconnected, and the hub rebuilds the table from its log (the last stored version)."""
        error = storage_failure()
        msg.fail(error)
        self._halt_with(error)
        for c in self.connections():
            c.error(None, error.code, str(error))
            c.close(1011, "storage failure")
        self.host.recover(self)

    def _halt_with(self, error: CommandError) -> None:
        while not self.queue.empty():
            self.queue.get_nowait().fail(error)
        self.halt()

    async def _handle(self, msg: Message) -> Any:
        match msg:
            case Command(conn, cmd, received):
                await self._command(conn, cmd)
                elapsed = time.monotonic() - received
                self.host.stats.command(elapsed)
                self.host.metrics.command(elapsed)
            case Attach(conn, secret, last, invite):
                return await self._attach(conn, secret, last, invite)
            case Detach(conn):
                await self._detach(conn)
            case Join(player_id, nickname, want):
                return await self._join(player_id, nickname, want)
            case Start():
                if self.match is None and all(s.kind != "open" for s in self.seats):
                    await self._commit("start", {})
            case Timeout(deadline):
                await self._timeout(deadline)
            case BotTurn(seat):
                self._bot_turn(seat)
            case BotSignals(seat, hand):
                await self._bot_signals(seat, hand)
            case BotMove():
                await self._bot_move(msg)
            case Absent(seat, presence):
                await self._absent(seat, presence)
            case Expire():
                await self._expire()
        return None

    async def _expire(self) -> None:
        """A waiting table nobody came back to is closed for good; it is not restored at startup."""
        if self.status != "waiting" or self.alone_since is None:
            return
        await self.log.expire()
        self.status = "expired"
        self.close_all(4004, "table expired")
        self.host.forget(self)

    async def _absent(self, seat: int, presence: int) -> None:
        s = self.seats[seat]
        if s.presence == presence and s.conn is None and not s.takeover and self.status in ("waiting", "playing"):
            if self.status == "waiting":
                self._watch_absence(s)
            else:
                await self._commit("takeover", {"seat": s.seat, "active": True})
                self._schedule()

    async def _timeout(self, deadline: float) -> None:
        m = self.match
        if m is None or deadline != self.deadline or m.is_over:
            return
        for seat in list(m.to_act()):
            if m.is_over or seat not in m.to_act():
                continue
            action = automatic_action(m, seat)
            await self._commit("act", {"seat": seat, "action": action.to_json(), "by": "timer"})

    def _bot_turn(self, seat: int) -> None:
        """Send the bot of ``seat`` the view of the table at this version, to think off the actor."""
        self._bots.pop(seat, None)
        m = self.match
        s = self.seats[seat]
        if m is None or seat not in m.to_act() or not (s.kind == "bot" or s.takeover):
            return
        self.host.bots.think(self, seat, self.moves, self._bot(s), self.bot_view(seat))

    def _bot(self, s: Seat) -> Bot:
        """The bot that plays seat ``s`` (a bot seat's own, or the one that plays for an absent person)."""
        if s.bot is None:
            kind, level = (s.bot_kind, s.bot_level) if s.kind == "bot" else (DEFAULT_BOT, "medium")
            s.bot = make_bot(kind or DEFAULT_BOT, level or "medium", derived_seed(self.deal_secret, f"bot {s.seat}"))
        return s.bot

    async def _bot_signals(self, seat: int, hand: int) -> None:
        """The bot of ``seat`` makes its partner signals of hand ``hand``, as a person's are made."""
        m = self.match
        s = self.seats[seat]
        if m is None or m.is_over or m.hand_number != hand or not (s.kind == "bot" or s.takeover):
            return
        for gesture in gestures_of(self._bot(s), self.bot_view(seat)):
            await self._commit("signal", {"seat": seat, "gesture": gesture, "by": "bot"})

    async def _bot_move(self, move: BotMove) -> None:
        m = self.match
        seat = move.seat
        s = self.seats[seat]
        if move.version != self.moves or m is None or seat not in m.to_act() or not (s.kind == "bot" or s.takeover):
            return  # the table moved on while the bot thought
        if move.bot is not None:
            s.bot = move.bot
        legal = view(m, seat).legal
        action = move.action
        if action is None or action not in legal:
            # a faulty bot must not stall the table: it plays what the clock would
            log.error("table %s: the bot of seat %d answered %r, not a legal action", self.id, seat, action)
            action = automatic_action(m, seat)
        by = "bot" if s.kind == "bot" else "takeover"
        await self._commit("act", {"seat": seat, "action": action.to_json(), "by": by})

    # -- connections -------------------------------------------------------------

    async def _attach(self, conn: Conn, secret: Any, last: Any, invite: Any) -> bool:
        seat: Seat | None = None
        if secret is not None:
            seat = next((s for s in self.seats if s.secret and same_secret(secret, s.secret)), None)
            if seat is None:
                conn.error(None, "bad_secret", "Este segredo não corresponde a nenhum lugar desta mesa.")
                conn.close(4003, "bad secret")
                return False
            if seat.player_id != conn.player_id:
                conn.error(None, "bad_token", "Este lugar pertence a outro jogador.")
                conn.close(4003, "not your seat")
                return False
        elif not self.public and not same_secret(invite, self.invite):
            conn.error(None, "bad_invite", "Mesa privada: é preciso o link de convite.")
            conn.close(4003, "private table")
            return False
        key: Key = None
        if seat is not None:
            if seat.conn is not None:
                seat.conn.error(None, "replaced", "Você abriu esta mesa em outro lugar.")
                seat.conn.close(4000, "replaced")
            seat.conn = conn
            seat.presence += 1
            conn.seat = key = seat.seat
            self.alone_since = None
        else:
            self.spectators.add(conn)
        conn.send_json(self.frames.welcome(key))
        gap = self.frames.gap(last, key)
        if gap is None:
            conn.send_json(self.frames.snapshot(key))
        else:
            for text in gap:
                conn.send(text)
        if seat is not None:
            self._presence()
            if seat.takeover:
                await self._commit("takeover", {"seat": seat.seat, "active": False})
        return True

    async def _detach(self, conn: Conn) -> None:
        self.spectators.discard(conn)
        if conn.seat is not None and self.seats[conn.seat].conn is conn:
            s = self.seats[conn.seat]
            s.conn = None
            if all(x.conn is None for x in self.seats):
                self.alone_since = time.time()
            s.presence += 1
            self._watch_absence(s)
            self._presence()

    async def _join(self, player_id: str, nickname: str, want: Any) -> dict[str, Any]:
        mine = self.seat_of(player_id)
        if mine is not None:
            return self.held(mine)
        if self.status != "waiting":
            raise CommandError("not_waiting", "A partida desta mesa já começou.")
        open_seats = [s for s in self.seats if s.kind == "open"]
        if want is None:
            if not open_seats:
                raise CommandError("table_full", "Não há lugar livre nesta mesa.")
            s = open_seats[0]
        elif type(want) is int and 0 <= want < len(self.seats):
            s = self.seats[want]
            if s.kind != "open":
                raise CommandError("seat_taken", f"O lugar {want} já está ocupado.")
        else:
            raise CommandError("bad_request", "seat must be a seat number of this table")
        secret = secrets.token_urlsafe(24)
        data = {"seat": s.seat, "player_id": player_id, "nickname": nickname, "secret": secret}
        seat_update = {"player_id": player_id, "nickname": nickname, "secret": secret, "kind": "human"}
        await self._commit("join", data, extra=[seat_taken(self.id, s.seat, seat_update)])
        self._watch_absence(s)
        if all(x.kind != "open" for x in self.seats):
            await self._commit("start", {})
        return self.held(s)

    # -- commands ----------------------------------------------------------------

    async def _command(self, conn: Conn, cmd: dict[str, Any]) -> None:
        kind, cid = cmd["type"], cmd["id"]
        if conn.seat is None:
            raise CommandError("not_seated", "Espectadores não jogam nem conversam.")
        seat = self.seats[conn.seat]
        if seat.conn is not conn:
            raise CommandError("replaced", "Esta conexão não segura mais o lugar.")
        if cid in seat.commands:
            raise CommandError("duplicate_command", f"O comando {cid!r} já foi feito.", v=seat.commands[cid])
        data: dict[str, Any] = {"seat": seat.seat, "cmd": cid}
        seen = cmd.get("v")
        if seen is not None and (type(seen) is not int or not 0 <= seen <= self.version):
            raise CommandError("bad_message", "v must be the version of the table you saw")
        if kind == "act":
            if self.match is None:
                raise CommandError("not_started", "A partida ainda não começou: faltam jogadores.")
            action = cmd.get("action")
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                raise CommandError("bad_message", 'action must be an object like {"type": "play", "card": "4C"}')
            if "seat" in action and action["seat"] != seat.seat:
                raise CommandError("illegal", f"this connection plays seat {seat.seat}")
            try:
                parsed = parse_action({**action, "seat": seat.seat}, self.rules, "action")
            except RecordError as e:
                raise CommandError("bad_message", str(e)) from None
            data.update(action=parsed.to_json(), by="player")
            try:
                self.match.check_sent(parsed)  # a mão de ferro is played by slot
                await self._commit("act", data, conn, cid)
            except IllegalAction as e:
                if seen is not None and seen < self.moved_at:
                    raise CommandError("stale", "A jogada já foi decidida por outro jogador.", v=self.version) from None
                raise CommandError("illegal", str(e)) from None
        elif kind == "signal":
            if not self.signals:
                raise CommandError("signals_off", "Esta mesa não tem sinais.")
            if self.match is None or self.match.is_over:
                raise CommandError("not_started", "Sinais só durante a partida.")
            if cmd.get("gesture") not in GESTURES:
                raise CommandError("bad_message", f"gesture must be one of {', '.join(GESTURES)}")
            await self._commit("signal", {**data, "gesture": cmd["gesture"]}, conn, cid)
        elif kind == "chat":
            await self._chat(conn, seat, cmd, data)
        elif kind == "mute":
            target = cmd.get("seat")
            if type(target) is not int or not 0 <= target < len(self.seats) or target == seat.seat:
                raise CommandError("bad_message", "seat must be another seat of this table")
            if not isinstance(cmd.get("muted"), bool):
                raise CommandError("bad_message", "muted must be true or false")
            await self._commit("mute", {**data, "target": target, "muted": cmd["muted"]}, conn, cid)
        elif kind == "report":
            await self._report(conn, seat, cmd)
        elif kind == "rematch":
            await self._rematch(conn, seat, cid, data)
        elif kind == "leave":
            await self._leave(conn, seat, cid, data)
        else:
            raise CommandError("unknown_type", f"unknown message type {kind!r}")

    async def _chat(self, conn: Conn, seat: Seat, cmd: dict[str, Any], data: dict[str, Any]) -> None:
        cfg = self.host.config
        try:
            text = clean_text(cmd.get("text"), "text", cfg.chat_length)
        except TextError as e:
            if e.problem is Problem.TOO_LONG:
                raise CommandError(
                    "chat_too_long", f"Mensagem longa demais (máximo {cfg.chat_length} caracteres)."
                ) from None
            code = "bad_message" if e.problem in (Problem.NOT_TEXT, Problem.EMPTY) else "bad_text"
            raise CommandError(code, str(e)) from None
        now = time.monotonic()
        while seat.chat_times and now - seat.chat_times[0] > cfg.chat_window:
            seat.chat_times.popleft()
        if len(seat.chat_times) >= cfg.chat_burst:
            raise CommandError("chat_rate", "Calma: mensagens demais em pouco tempo.")
        if await self.host.banned(seat.nickname, "chat"):
            raise CommandError("chat_banned", "Você está proibido de usar o chat.")
        seat.chat_times.append(now)
        await self._commit("chat", {**data, "text": text, "nickname": seat.nickname}, conn, cmd["id"])

    async def _report(self, conn: Conn, seat: Seat, cmd: dict[str, Any]) -> None:
        target = cmd.get("seat")
        if type(target) is not int or not 0 <= target < len(self.seats) or self.seats[target].kind != "human":
            raise CommandError("bad_message", "seat must be the seat of a player of this table")
        try:
            reason = clean_text(cmd.get("reason", ""), "reason", REASON_LENGTH, allow_empty=True)
        except TextError as e:
            raise CommandError("bad_message" if e.problem is Problem.NOT_TEXT else "bad_text", str(e)) from None
        t = self.seats[target]
        row = {
            "table_id": self.id,
            "reporter_id": seat.player_id,
            "reporter_nickname": seat.nickname,
            "target_id": t.player_id,
            "target_nickname": t.nickname,
            "reason": reason,
            "messages": dumps([c for c in self.chat if c["seat"] == target][-20:]),
            "created_at": time.time(),
        }
        await self.log.report(row)
        conn.send_json({"type": "ack", "id": cmd["id"]})

    async def _leave(self, conn: Conn, seat: Seat, cid: Any, data: dict[str, Any]) -> None:
        """The person leaves a match under way: a bot plays the seat from now on, and everyone is told.
        Opening the table again takes the seat back, as after any takeover."""
        if self.status != "playing":
            raise CommandError("not_playing", "Só se deixa uma partida em andamento.")
        if seat.takeover:
            raise CommandError("duplicate_command", "Um bot já joga por este lugar.")
        await self._commit("takeover", {**data, "active": True, "left": True}, conn, cid)
        self._schedule()

    async def _rematch(self, conn: Conn, seat: Seat, cid: Any, data: dict[str, Any]) -> None:
        if self.status != "over":
            raise CommandError("not_over", "A revanche vem depois do fim da partida.")
        if self.rematch_id is not None:
            raise CommandError("duplicate_command", "A revanche já foi criada.", table_id=self.rematch_id)
        new = await self.host.rematch(self)
        data.update(table_id=new.id, secrets={str(s.seat): s.secret for s in new.seats if s.kind == "human"})
        await self._commit("rematch", data, conn, cid, [rematch_made(self.id, new.id)])
