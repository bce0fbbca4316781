// One table's WebSocket (docs/protocol.md): hello with the last version, gapless steps, commands with ids
// answered by ack or error, and reconnection by itself after a drop or a server restart.

import { token } from "./api.js";

// identity refused, table not found, or the seat opened elsewhere: reconnecting would not help
const FATAL = new Set([4000, 4001, 4003, 4004]);
const PING_MS = 15000;
const STALE_MS = 2 * PING_MS + 5000;

export class TableConnection {
  /**
   * @param {object} o
   * @param {string} o.tableId
   * @param {string|null} o.secret  the seat secret (null: spectator)
   * @param {string|null} o.invite
   * @param {(msg: object) => void} o.onMessage  welcome, snapshot, step, presence
   * @param {(status: string) => void} o.onStatus  "connecting" | "open" | "reconnecting" | "closed"
   */
  constructor({ tableId, secret, invite, onMessage, onStatus }) {
    Object.assign(this, { tableId, secret, invite, onMessage, onStatus });
    this.version = null;
    this.serverOffset = 0;
    this.pending = new Map();
    this.counter = 0;
    this.retries = 0;
    this.stopped = false;
    this.ws = null;
    this.prefix = Math.random().toString(36).slice(2, 10);
  }

  start() {
    this.stopped = false;
    this.lastSeen = Date.now();
    this.open();
  }

  /** Close for good: nothing more reaches onMessage, and the commands still waiting are refused. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.close(1000);
    this.closed(ws, { code: 1000 });
  }

  /** Seconds of the server clock now. */
  now() {
    return Date.now() / 1000 + this.serverOffset;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.onStatus(this.retries ? "reconnecting" : "connecting");
    ws.onopen = () => {
      const hello = { type: "hello", last_version: this.version };
      if (token()) hello.token = token();
      if (this.secret) hello.seat_secret = this.secret;
      if (this.invite) hello.invite = this.invite;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      this.lastSeen = Date.now();
      this.receive(JSON.parse(e.data));
    };
    ws.onclose = (e) => this.closed(ws, e);
  }

  /** Ping the server; a connection silent for longer than two pings is dead even if no close came. */
  keepAlive() {
    if (Date.now() - this.lastSeen > STALE_MS) {
      const ws = this.ws;
      ws.onclose = null;
      ws.close();
      this.closed(ws, { code: 4998 });
      return;
    }
    this.send({ type: "ping" }).catch(() => {});
  }

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.retries = 0;
        this.serverOffset = msg.server_time - Date.now() / 1000;
        this.onStatus("open");
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.keepAlive(), PING_MS);
        break;
      case "snapshot":
        this.version = msg.v;
        break;
      case "step":
        if (this.version !== null && msg.v !== this.version + 1) {
          // a gap: ask again from the last version we applied
          this.ws.close(4999);
          return;
        }
        this.version = msg.v;
        break;
      case "ack":
      case "error": {
        const waiter = this.pending.get(msg.id);
        if (waiter) {
          this.pending.delete(msg.id);
          if (msg.type === "ack") waiter.resolve(msg);
          else waiter.reject(msg);
          return;
        }
        break;
      }
      case "pong":
        this.pending.get(msg.id)?.resolve(msg);
        this.pending.delete(msg.id);
        return;
    }
    this.onMessage(msg);
  }

  closed(ws, e) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    for (const waiter of this.pending.values()) waiter.reject({ code: "offline", message: "offline" });
    this.pending.clear();
    if (this.stopped) return;
    if (FATAL.has(e.code)) {
      this.onStatus("closed");
      return;
    }
    this.retries += 1;
    this.onStatus("reconnecting");
    const delay = Math.min(4000, 250 * 2 ** Math.min(this.retries - 1, 4));
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Send a command; resolves with its ack, rejects with its error. */
  send(command) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject({ code: "offline", message: "offline" });
        return;
      }
      const id = `${this.prefix}-${++this.counter}`;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...command, id }));
    });
  }
}
