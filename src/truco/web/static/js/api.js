// The HTTP side of the protocol (docs/protocol.md): guest identity, lobby, history, replays.

import { prefs, savePrefs } from "./prefs.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = localStorage.getItem("truco.token");
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = data.error || {};
    throw new ApiError(res.status, err.code || "http", err.message || `HTTP ${res.status}`);
  }
  return data;
}

export const api = {
  get: (path) => call("GET", path),
  post: (path, body = {}) => call("POST", path, body),
  delete: (path) => call("DELETE", path),
};

/** The guest or account behind this browser (an account's session is an HttpOnly cookie), or null. */
export async function whoAmI() {
  if (!localStorage.getItem("truco.token") && !hasAccount()) return null;
  try {
    return await api.get("/api/me");
  } catch (e) {
    if (e.status === 401) {
      localStorage.removeItem("truco.account");
      return null;
    }
    throw e;
  }
}

/** Become a guest with ``nickname``; the token is kept for HTTP calls and the WebSocket hello. */
export async function becomeGuest(nickname) {
  const me = await api.post("/api/guest", { nickname });
  localStorage.setItem("truco.token", me.token);
  prefs.nickname = me.nickname;
  savePrefs();
  return me;
}

/** Whether an account's session (an HttpOnly cookie) speaks for this browser. */
export function hasAccount() {
  return localStorage.getItem("truco.account") === "1";
}

export function token() {
  return localStorage.getItem("truco.token");
}

/** Seat secrets are kept per table so a reload, or a restarted server, finds the seat again. */
export function rememberSeat(held) {
  const seat = { seat: held.seat, secret: held.seat_secret, invite: held.invite || null };
  localStorage.setItem(`truco.seat.${held.table_id}`, JSON.stringify(seat));
}

export function heldSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(`truco.seat.${tableId}`) || "null");
  } catch {
    return null;
  }
}
