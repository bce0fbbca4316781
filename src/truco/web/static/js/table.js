// The table seen from one seat (or by a spectator, or in a replay).
//
// Everything shown comes from the server: the engine's view of this audience (hand, trick, score, legal
// actions...), the clock, the signals table of this team and the chat. The client decides no rule: it offers
// exactly the actions in ``view.legal``.

import { api, heldSeat, rememberSeat } from "./api.js";
import { backSVG, cardFace } from "./cards.js";
import { TableConnection } from "./conn.js";
import { fill, h, initials, toast } from "./dom.js";
import { SUIT_SYMBOL, gestureSVG } from "./gestures.js";
import { cardShort, cardText, t, tOr } from "./i18n.js";
import { callName, narrate } from "./narrate.js";
import { Overlays } from "./overlays.js";
import { prefs } from "./prefs.js";
import { HandRecord } from "./recap.js";
import { SidePanel } from "./side.js";
import { shout, play as sound } from "./sound.js";
import { Tutorial } from "./tutorial.js";

// Bots have no nickname; people tell them apart by these.
const BOT_NAMES = ["Zeca", "Dita", "Tonho", "Lia"];
const RING = 2 * Math.PI * 27;
// why the server closed the table's connection for good: a screen says so instead of the table
const GONE = { not_found: "gone_not_found", bad_invite: "gone_private", replaced: "gone_replaced" };
// the narration is kept per tab, so that a reload finds it
const LOG_KEY = (tableId) => `truco.log.${tableId}`;

/** The code in an invite link "/t/<id>?invite=<code>". */
function inviteCode(link) {
  return link ? new URL(link, location.origin).searchParams.get("invite") : null;
}

function readLog(tableId) {
  try {
    return JSON.parse(sessionStorage.getItem(LOG_KEY(tableId)) || "[]");
  } catch {
    return [];
  }
}

function writeLog(tableId, lines) {
  try {
    sessionStorage.setItem(LOG_KEY(tableId), JSON.stringify(lines));
  } catch {
    // a full or disabled storage only costs the narration after a reload
  }
}

export class TableScreen {
  /** @param {{tableId: string, invite?: string|null, navigate: (path: string) => void, replay?: object}} o */
  constructor(root, { tableId, invite = null, navigate, replay = null }) {
    Object.assign(this, { root, tableId, invite, navigate, replay });
    this.table = null;
    this.view = null;
    this.teams = null;
    this.clock = null;
    this.signals = { enabled: false, hand: null, table: null };
    this.chat = [];
    this.muted = new Set();
    this.you = null;
    this.log = [];
    this.covered = false;
    this.busy = false;
    this.shownTrick = [];
    this.trickDone = false;
    // the team that took the trick shown: undefined while it is open (or when a run ended the hand), null for a tie
    this.trickWinner = undefined;
    this.flying = new Set();
    this.bubbles = new Map();
    // the events of the hand under way, for its recap; the recap shown (until the next card)
    this.record = new HandRecord();
    this.recap = null;
    this.tutorial = new Tutorial();
    // the match's statistics once it is over: undefined before they are asked for, null while they load
    this.stats = undefined;
    // set when the server closed this table's connection for good: "not_found", "bad_invite", "replaced"...
    this.gone = null;
    this.tab = "log";
    // the protocol's chat length limit (docs/protocol.md)
    this.chatLength = 200;
    this.onKey = (e) => this.key(e);
  }

  // ---- life cycle -------------------------------------------------------------------------------------------

  mount() {
    if (!this.replay) this.log = readLog(this.tableId);
    this.build();
    document.addEventListener("keydown", this.onKey);
    this.timer = setInterval(() => this.tick(), 200);
    if (this.replay) return;
    const held = heldSeat(this.tableId);
    this.conn = new TableConnection({
      tableId: this.tableId,
      secret: held ? held.secret : null,
      invite: this.invite || inviteCode(held?.invite),
      onMessage: (m) => this.receive(m),
      onStatus: (s) => this.connStatus(s),
    });
    this.conn.start();
  }

  unmount() {
    this.unmounted = true;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.timer);
    if (this.conn) this.conn.stop();
    const el = document.getElementById("conn");
    el.className = "conn";
    el.textContent = "";
    fill(document.getElementById("screen-tools"));
  }

  /** The connection's state in the header: nothing while all is well. */
  connStatus(status) {
    const el = document.getElementById("conn");
    el.className = `conn conn-${status}`;
    el.textContent = status === "open" || status === "closed" ? "" : t(status);
    if (status === "closed") {
      this.gone = this.gone || "closed";
      this.renderGone();
    }
  }

  /** The table is out of reach for good (no such table, a private one, the seat opened elsewhere): say why. */
  renderGone() {
    const key = GONE[this.gone] || "gone_closed";
    const again = this.gone === "replaced" ? h("button", { class: "btn btn-primary btn-big", onclick: () => this.navigate(location.pathname) }, t("play_here")) : null;
    fill(
      this.root,
      h(
        "section",
        { class: `gone gone-${this.gone}`, role: "alert" },
        h("h1", {}, t(key)),
        h("p", {}, t(`${key}_text`)),
        h("div", { class: "gone-buttons" }, again, h("a", { class: "btn btn-big", href: "/", "data-link": "" }, t("back_to_lobby"))),
      ),
    );
    this.el = null;
  }

  // ---- messages ---------------------------------------------------------------------------------------------

  receive(msg) {
    if (msg.type === "snapshot") {
      this.table = msg.table;
      this.view = msg.view;
      if (msg.view) this.teams = msg.view.teams;
      this.clock = msg.clock;
      this.signals = msg.signals || this.signals;
      this.chat = msg.chat || [];
      this.muted = new Set(msg.muted || []);
      this.you = msg.you;
      this.resetTrick();
      this.busy = false;
      this.sayHandStart();
      this.render();
    } else if (msg.type === "step") {
      this.step(msg, true);
      this.render();
    } else if (msg.type === "presence") {
      if (this.table) for (const p of msg.seats) this.table.seats[p.seat] = { ...this.table.seats[p.seat], ...p };
      this.renderSeats();
    } else if (msg.type === "error") {
      if (msg.id == null && (msg.code in GONE || msg.code.startsWith("bad_"))) this.gone = msg.code;
      else toast(msg.message || msg.code, "error");
    } else if (msg.type === "ratings") {
      this.ratings = msg.changes;
      this.renderOverlay();
    }
    if (msg.type === "snapshot" && msg.table.ranked && msg.table.status === "over" && !this.ratings) {
      api.get(`/api/tables/${encodeURIComponent(this.tableId)}/ratings`).then((r) => this.receive({ type: "ratings", changes: r.changes }), () => {});
    }
  }

  /** After a snapshot, the narration tells at least how the hand shown began (the view has all it needs). */
  sayHandStart() {
    const v = this.view;
    if (!v || v.phase === "over") return;
    const line = narrate({ type: "hand_started", number: v.hand_number, dealer: v.dealer, vira: v.vira, kind: v.kind }, this.narrateContext());
    // a reload finds the line in the kept narration already
    if (!this.log.includes(line)) this.say(line);
  }

  /** Apply one versioned step: its events (told, heard, animated) and the new view. */
  step(msg, live) {
    // the teams never change: known before the events are told
    if (msg.view) this.teams = msg.view.teams;
    for (const ev of msg.events || []) this.event(ev, live);
    // a replay of one's own seat: the view says whose it is
    if (this.replay && msg.view && msg.view.seat !== null) this.you = { seat: msg.view.seat, team: msg.view.team };
    if (msg.view) {
      this.view = msg.view;
      this.clock = msg.clock || null;
      this.busy = false;
    }
  }

  narrateContext() {
    return { name: (s) => this.name(s), side: (team) => this.side(team), team: this.myTeam(), fixedManilhas: this.fixedManilhas() };
  }

  event(ev, live) {
    const line = narrate(ev, this.narrateContext());
    if (line) this.say(line);
    this.record.add(ev);
    switch (ev.type) {
      case "seat_taken":
        if (this.table) this.table.seats[ev.seat] = { ...this.table.seats[ev.seat], kind: "human", nickname: ev.nickname };
        break;
      case "match_started":
        if (this.table) this.table.status = "playing";
        break;
      case "hand_started":
        this.covered = false;
        this.record = new HandRecord();
        // the last trick of the hand before (or the cards of a hand someone ran from) leaves the felt
        this.shownTrick = [];
        this.trickDone = false;
        this.trickWinner = undefined;
        break;
      case "card_played":
        this.recap = null;
        if (this.trickDone) {
          this.shownTrick = [];
          this.trickDone = false;
          this.trickWinner = undefined;
        }
        this.shownTrick.push({ seat: ev.seat, card: ev.card, covered: ev.covered });
        this.flying.add(ev.seat);
        if (live) sound("card");
        break;
      case "trick_ended":
        this.trickDone = true;
        this.trickWinner = ev.winner;
        if (live) sound("trick");
        break;
      case "raise_asked":
        if (live) {
          this.banner(`${callName(ev.value)}!`, "raise");
          this.bubble(ev.seat, h("strong", {}, `${callName(ev.value)}!`));
          sound("truco");
          shout(`${callName(ev.value)}!`);
        }
        break;
      case "answered":
        if (live) {
          const deciding = this.view?.phase === "deciding";
          const words = ev.answer === "accept" ? (deciding ? "say_eleven_play" : "say_accept") : deciding ? "say_eleven_flee" : "say_run";
          this.bubble(ev.seat, t(words));
          sound("answer");
        }
        break;
      case "hand_ended":
        // a hand may end in the middle of a trick (a run): its cards stay, settled, until the next card
        this.trickDone = true;
        if (live) {
          const mine = ev.winner === this.myTeam();
          if (ev.winner !== null) this.banner(`+${ev.points} ${this.side(ev.winner).name}`, mine ? "good" : "bad");
          sound(ev.winner === null || mine ? "hand" : "lost");
          this.showRecap();
        }
        break;
      case "match_ended":
        if (this.table) this.table.status = "over";
        if (live) sound(ev.winner === this.myTeam() ? "hand" : "lost");
        break;
      case "signal_table":
        this.signals = { ...this.signals, hand: ev.hand, table: ev.table };
        break;
      case "signal": {
        const meaning = ev.suit ? ` → ${SUIT_SYMBOL[ev.suit]}` : "";
        this.say(t("signal_made", { name: this.name(ev.seat), gesture: t(`gesture_${ev.gesture}`) }) + meaning);
        if (live) {
          this.bubble(ev.seat, h("span", { class: "bubble-gesture", svg: gestureSVG(ev.gesture) }), meaning);
          sound("signal");
        }
        break;
      }
      case "chat":
        this.chat.push(ev);
        if (this.chat.length > 100) this.chat.shift();
        if (live && ev.seat !== this.mySeat()) {
          if (!this.chatInView()) this.unread = (this.unread || 0) + 1;
          // on a phone the chat panel is below the table: the message also shows on the avatar
          this.bubble(ev.seat, h("span", { class: "bubble-chat" }, ev.text.length > 40 ? `${ev.text.slice(0, 39)}…` : ev.text));
          sound("chat");
        }
        break;
      case "mute":
        if (ev.muted) this.muted.add(ev.seat);
        else this.muted.delete(ev.seat);
        break;
      case "takeover":
        if (this.table) this.table.seats[ev.seat] = { ...this.table.seats[ev.seat], takeover: ev.active };
        break;
      case "rematch":
        this.rematch = ev.table_id;
        if (ev.seat_secret && this.mySeat() !== null) {
          rememberSeat({ table_id: ev.table_id, seat: this.mySeat(), seat_secret: ev.seat_secret });
          if (live && this.askedRematch) this.navigate(`/t/${ev.table_id}`);
        }
        break;
    }
  }

  resetTrick() {
    const v = this.view;
    this.flying.clear();
    this.trickDone = false;
    this.trickWinner = undefined;
    this.shownTrick = [];
    if (!v) return;
    if (v.trick.length) this.shownTrick = v.trick.map((p) => ({ ...p }));
    else if (v.tricks.length) {
      this.shownTrick = v.tricks[v.tricks.length - 1].map((p) => ({ ...p }));
      this.trickDone = true;
      this.trickWinner = v.trick_winners[v.trick_winners.length - 1];
    }
  }

  // ---- who is who -------------------------------------------------------------------------------------------

  mySeat() {
    return this.you ? this.you.seat : null;
  }

  myTeam() {
    return this.you ? this.you.team : 0;
  }

  players() {
    return this.view?.players || this.table?.seats.length || 4;
  }

  /** Where a seat sits as seen from ours: bottom, left, top or right. */
  pos(seat) {
    const n = this.players();
    const rel = (seat - (this.mySeat() ?? 0) + n) % n;
    return n === 2 ? ["bottom", "top"][rel] : ["bottom", "left", "top", "right"][rel];
  }

  /** The team of a seat, as the engine's view says (null before the match's first view). */
  teamOf(seat) {
    return this.teams ? this.teams[seat] : null;
  }

  /**
   * A team as this reader calls it, for the words that agree with it: "Nós"/"Eles" at a table of four,
   * "Você"/the opponent's name at one of two, the players' names for spectators and replays.
   */
  side(team) {
    const seat = this.mySeat();
    const seats = Array.from({ length: this.players() }, (_, s) => s).filter((s) => this.teamOf(s) === team);
    const names = seats.map((s) => this.name(s));
    if (seat !== null) {
      const ours = team === this.myTeam();
      if (seats.length === 1) return ours ? { person: "you", name: t("you_one"), obj: t("you_one") } : { person: "one", name: names[0], obj: names[0] };
      return ours ? { person: "we", name: t("we"), obj: t("us_obj") } : { person: "they", name: t("they"), obj: t("them_obj") };
    }
    // before the first view the teams are not known: no names yet
    const name = names.length === 0 ? "…" : names.length === 1 ? names[0] : t("two_names", { a: names[0], b: names[1] });
    return { person: names.length === 1 ? "one" : "they", name, obj: name };
  }

  /** The view names no manilha rank for a dealt hand only when the manilhas are fixed. */
  fixedManilhas() {
    const v = this.view;
    return Boolean(v && v.vira && v.manilha === null && v.phase !== "over" && v.phase !== "no_deal");
  }

  name(seat) {
    const info = this.table?.seats?.[seat];
    if (!info) return `#${seat + 1}`;
    if (info.nickname) return info.nickname;
    if (info.kind === "bot") return BOT_NAMES[seat % BOT_NAMES.length];
    return "…";
  }

  // ---- sending ----------------------------------------------------------------------------------------------

  async send(command) {
    if (!this.conn) return null;
    try {
      return await this.conn.send(command);
    } catch (err) {
      // offline: the connection comes back by itself; stale: the table moved on, and its new state is on its way
      if (err.code !== "offline" && err.code !== "stale") toast(t("error", { msg: err.message || err.code }), "error");
      return null;
    }
  }

  async act(action) {
    if (this.busy) return;
    this.busy = true;
    this.renderMe();
    const { seat, ...rest } = action;
    const answer = this.view?.phase === "answering" && (rest.type === "accept" || rest.type === "run");
    // the version we saw: if someone else settled the question first, the refusal is "stale", not "illegal"
    const ok = await this.send({ type: "act", action: rest, v: this.conn?.version ?? undefined });
    if (!ok) {
      this.busy = false;
      this.renderMe();
    } else if (answer) {
      // both partners answer at the same time: the table tells an answer once both are given, so the one who
      // answers first sees their own at once, here only
      this.bubble(seat, t(rest.type === "accept" ? "say_accept" : "say_run"));
    }
  }

  legal(type) {
    // a replay shows the cards, it plays nothing
    if (this.replay) return [];
    return (this.view?.legal || []).filter((a) => a.type === type);
  }

  /** The value the next raise asks for, from the table's ladder (null when unknown). */
  nextValue() {
    const v = this.view;
    const ladder = this.table?.ladder || [];
    const current = v.pending ? v.pending.value : v.value;
    const i = ladder.indexOf(current);
    return i >= 0 && i + 1 < ladder.length ? ladder[i + 1] : null;
  }

  // ---- building the page ------------------------------------------------------------------------------------

  build() {
    this.el = {};
    const e = this.el;
    e.score = h("div", { class: "scoreboard", role: "group", "aria-label": t("us") + " × " + t("them") });
    e.felt = h("div", { class: "felt" });
    e.seats = {};
    for (const pos of ["top", "left", "right", "bottom"]) {
      e.seats[pos] = h("div", { class: `seat seat-${pos}` });
      e.felt.append(e.seats[pos]);
    }
    e.trick = h("div", { class: "trick", role: "group", "aria-label": t("tricks") });
    e.vira = h("div", { class: "vira-box" });
    e.banner = h("div", { class: "banner", "aria-live": "assertive" });
    e.recap = h("div", { class: "recap-slot", "aria-live": "polite" });
    e.center = h("div", { class: "center" }, e.trick, e.recap);
    e.coach = h("div", { class: "coach-slot" });
    e.felt.append(e.center, e.vira, e.banner, e.coach);
    e.status = h("div", { class: "status-line", role: "status", "aria-live": "polite" });
    e.actions = h("div", { class: "actions", role: "toolbar", "aria-label": t("your_turn") });
    e.hand = h("div", { class: "hand", role: "group", "aria-label": t("your_hand") });
    e.clock = h(
      "div",
      { class: "turn-clock", hidden: true },
      h("span", { class: "turn-clock-bar", "aria-hidden": "true" }, h("i")),
      h("span", { class: "turn-clock-text" }),
    );
    e.me = h("section", { class: "me-area" }, e.status, e.clock, e.actions, e.hand);
    e.overlay = h("div", { class: "overlay-slot" });
    e.panels = {
      signals: h("div", { class: "panel", id: "panel-signals", role: "tabpanel" }),
      chat: h("div", { class: "panel", id: "panel-chat", role: "tabpanel" }),
      log: h("div", { class: "panel", id: "panel-log", role: "tabpanel" }),
    };
    e.tabs = h("div", { class: "tabs", role: "tablist" });
    e.side = h(
      "aside",
      { class: `side${this.drawer ? " open" : ""}`, id: "side", "aria-label": t("log") },
      h("button", { class: "icon-btn drawer-close", "aria-label": t("close"), onclick: () => this.openDrawer(null) }, "×"),
      e.tabs,
      Object.values(e.panels),
    );
    e.replayBar = this.replay ? h("div", { class: "replay-bar" }) : null;
    const board = h("div", { class: "board" }, e.score, e.felt, e.me, e.overlay);
    e.screen = h("div", { class: "table-screen" }, board, e.side, e.replayBar);
    fill(this.root, e.screen);
    this.buildChat();
    this.buildLog();
    this.render();
  }

  /** Redraw everything, e.g. in another language or with other card faces. */
  refresh() {
    if (this.gone) this.renderGone();
    else this.build();
  }

  buildLog() {
    this.el.logList = h("ol", { class: "log-list", "aria-live": "polite" }, this.log.map((line) => h("li", {}, line)));
    fill(this.el.panels.log, this.el.logList, h("p", { class: "hint" }, t("keys_hint")));
  }

  say(line) {
    this.log.push(line);
    if (this.log.length > 200) this.log.shift();
    if (!this.replay) writeLog(this.tableId, this.log);
    if (this.el?.logList) {
      this.el.logList.append(h("li", {}, line));
      while (this.el.logList.children.length > 200) this.el.logList.firstChild.remove();
      this.el.logList.scrollTop = this.el.logList.scrollHeight;
    }
  }

  banner(text, kind) {
    const b = h("div", { class: `banner-text banner-${kind}` }, text);
    fill(this.el.banner, b);
    setTimeout(() => b.remove(), 1600);
  }

  /** The recap of the hand that just ended, on the felt until the next card is played. */
  showRecap() {
    if (!this.record.end) return;
    this.recap = this.record.summary(this.narrateContext());
    const shown = this.recap;
    setTimeout(() => {
      if (this.recap === shown) {
        this.recap = null;
        this.renderRecap();
      }
    }, 8000);
  }

  /** The first-match tutorial's tip, for a seated player. */
  renderCoach() {
    if (!this.el) return;
    const seated = this.mySeat() !== null && !this.replay;
    fill(this.el.coach, seated ? this.tutorial.render(this.view, (type) => this.legal(type), () => this.renderCoach()) : null);
  }

  renderRecap() {
    if (!this.el) return;
    const r = this.recap;
    fill(this.el.recap, r ? h("div", { class: "recap" }, h("strong", {}, r.title), h("ul", {}, r.lines.map((line) => h("li", {}, line)))) : null);
  }

  bubble(seat, ...content) {
    this.bubbles.set(seat, { content, until: Date.now() + 3500 });
    this.renderSeats();
    setTimeout(() => this.renderSeats(), 3600);
  }

  // ---- rendering --------------------------------------------------------------------------------------------

  render() {
    if (!this.el) return;
    // the version shown, for people debugging a table and for tests comparing pages
    if (this.conn?.version != null) this.el.screen.dataset.version = this.conn.version;
    this.renderScore();
    this.renderSeats();
    this.renderTrick();
    this.renderRecap();
    this.renderVira();
    this.renderCoach();
    this.renderMe();
    this.renderSide();
    this.renderOverlay();
    this.tick();
  }

  renderScore() {
    const v = this.view;
    const score = v ? v.score : this.table?.score || [0, 0];
    const mine = this.myTeam();
    const team = (label, pts, cls) =>
      h(
        "div",
        { class: `team ${cls}`, "aria-label": `${label}: ${pts}` },
        h("span", { class: "team-label" }, label),
        h("span", { class: `team-points${this.shownScore && this.shownScore[cls] !== pts ? " bump" : ""}` }, pts),
        h("span", { class: "tentos", "aria-hidden": "true" }, Array.from({ length: 12 }, (_, i) => h("i", { class: i < pts ? "on" : "" }))),
      );
    const marks = [];
    for (let i = 0; i < 3; i++) {
      const w = v?.trick_winners?.[i];
      const cls = w === undefined ? "" : w === null ? "tie" : w === mine ? "us" : "them";
      const label = w === undefined ? "" : w === null ? t("trick_tied") : w === mine ? t("trick_won_us") : t("trick_won_them");
      marks.push(h("i", { class: `mark ${cls}`, title: label, "aria-label": label || null, role: label ? "img" : null }));
    }
    const kind = v && v.kind !== "normal" ? h("span", { class: `kind kind-${v.kind}` }, t(v.kind === "mao_de_onze" ? "eleven_title" : "iron_title")) : null;
    fill(
      this.el.score,
      team(this.side(mine).name, score[mine], "us"),
      h(
        "div",
        { class: "hand-info" },
        h("span", { class: "worth" }, v ? t("worth", { n: v.value }) : t("app_title")),
        h("span", { class: "hand-no" }, v ? t("hand_n", { n: v.hand_number + 1 }) : ""),
        kind,
        h("span", { class: "marks", role: "group", "aria-label": t("tricks") }, marks),
      ),
      team(this.side(1 - mine).name, score[1 - mine], "them"),
    );
    this.shownScore = { us: score[mine], them: score[1 - mine] };
  }

  renderSeats() {
    if (!this.el) return;
    // nobody is drawn before the table is known (no "#1"..."#4" placeholders)
    const n = this.table ? this.players() : 0;
    const used = new Set();
    for (let seat = 0; seat < n; seat++) {
      const pos = this.pos(seat);
      used.add(pos);
      fill(this.el.seats[pos], this.seatBox(seat, pos));
      this.el.seats[pos].hidden = false;
    }
    for (const pos of Object.keys(this.el.seats)) if (!used.has(pos)) this.el.seats[pos].hidden = true;
  }

  seatBox(seat, pos) {
    const v = this.view;
    const info = this.table?.seats?.[seat] || {};
    const away = info.kind === "human" && info.connected === false && !this.replay;
    const acting = v ? v.to_act.includes(seat) : false;
    const team = this.teamOf(seat) === this.myTeam() ? "us" : "them";
    const name = this.name(seat);
    const size = v ? v.hand_sizes[seat] : 0;
    const ring = h("svg", {
      class: "ring",
      viewBox: "0 0 60 60",
      "aria-hidden": "true",
      svg: `<circle cx="30" cy="30" r="27" class="ring-bg"/><circle cx="30" cy="30" r="27" class="ring-fg" stroke-dasharray="${RING}" stroke-dashoffset="0"/>`,
    });
    const bubble = this.bubbles.get(seat);
    const showBubble = bubble && bubble.until > Date.now();
    const badges = [];
    if (info.kind === "bot") badges.push(h("span", { class: "badge", title: t("seat_bot", { level: tOr(`level_${info.bot?.level}`, info.bot?.level) }) }, "bot"));
    if (info.takeover && !this.replay) badges.push(h("span", { class: "badge badge-warn" }, "bot ⟳"));
    if (away) badges.push(h("span", { class: "badge badge-off" }, "offline"));
    if (v && v.dealer === seat) badges.push(h("span", { class: "badge badge-dealer", title: "dealer" }, "D"));
    const labelParts = [name, acting ? t("turn_of", { name }) : "", v ? t("cards_of", { name, n: size }) : ""];
    const mini =
      pos === "bottom"
        ? null
        : h(
            "div",
            { class: "mini-hand", "aria-hidden": "true" },
            Array.from({ length: size }, () => h("span", { class: "mini-card", svg: backSVG() })),
          );
    return h(
      "div",
      {
        class: `seat-box team-${team}${acting ? " acting" : ""}${away ? " away" : ""}`,
        dataset: { seat },
        role: "group",
        "aria-label": labelParts.filter(Boolean).join(". "),
      },
      h(
        "div",
        { class: "avatar" },
        ring,
        h("span", { class: "initial" }, initials(name)),
        h("span", { class: "countdown", "aria-hidden": "true" }),
        showBubble ? h("div", { class: "bubble", role: "status" }, bubble.content) : null,
      ),
      h("div", { class: "seat-name" }, h("span", { class: "nick" }, name), badges),
      mini,
    );
  }

  renderTrick() {
    const slots = {};
    for (const p of this.shownTrick) {
      const pos = this.pos(p.seat);
      const label = p.card ? cardText(p.card) : t("covered_card");
      const fly = this.flying.has(p.seat) ? ` fly-${pos}` : "";
      slots[pos] = h("div", {
        class: `played played-${pos}${fly}${this.trickDone ? " settled" : ""}`,
        role: "img",
        "aria-label": `${this.name(p.seat)}: ${label}`,
        dataset: { seat: p.seat, card: p.card || "" },
        svg: p.card ? cardFace(p.card) : backSVG(),
      });
    }
    this.flying.clear();
    const w = this.trickWinner;
    const result =
      this.trickDone && this.shownTrick.length && w !== undefined
        ? h(
            "div",
            { class: `trick-result ${w === null ? "tie" : w === this.myTeam() ? "us" : "them"}` },
            w === null ? t("trick_tied") : w === this.myTeam() ? t("trick_won_us") : t("trick_won_them"),
          )
        : null;
    fill(this.el.trick, Object.values(slots), result);
  }

  renderVira() {
    const v = this.view;
    if (!v || !v.vira || this.fixedManilhas()) {
      // with fixed manilhas the vira decides nothing: the label says which cards rule instead
      const fixed = v && v.phase !== "no_deal" && this.fixedManilhas();
      fill(this.el.vira, fixed ? h("div", { class: "manilha-label manilhas-fixed" }, t("manilhas_fixed_are")) : null);
      return;
    }
    const rank = prefs.faces === "spanish" ? { Q: "10", J: "11", K: "12", A: "1" }[v.manilha] || v.manilha : v.manilha;
    fill(
      this.el.vira,
      h("div", { class: "deck", "aria-hidden": "true", svg: backSVG() }),
      h("div", { class: "vira", role: "img", "aria-label": `${t("vira")}: ${cardText(v.vira)}`, svg: cardFace(v.vira) }),
      h(
        "div",
        { class: "manilha-label" },
        h("span", {}, t("vira")),
        " ",
        h("strong", {}, cardShort(v.vira)),
        h("br"),
        h("span", {}, v.manilha ? t("manilha_is", { rank }) : t("manilhas_fixed")),
      ),
    );
  }

  renderMe() {
    const v = this.view;
    const e = this.el;
    const seat = this.mySeat();
    if (!v || seat === null) {
      fill(e.hand);
      fill(e.actions);
      fill(e.status, v ? t("spectator") : "");
      return;
    }
    const plays = this.legal("play");
    const open = new Set(plays.filter((a) => a.card && !a.covered).map((a) => a.card));
    const covers = new Set(plays.filter((a) => a.card && a.covered).map((a) => a.card));
    if (!covers.size) this.covered = false;
    const blind = plays.filter((a) => a.slot !== undefined && a.slot !== null);

    // the hand
    const cards = [];
    if (v.blind) {
      for (let i = 0; i < v.blind; i++) {
        const action = blind.find((a) => a.slot === i);
        cards.push(
          h("button", {
            class: `hand-card blind${action && !this.busy ? " playable" : ""}`,
            "aria-disabled": String(!action || this.busy),
            "aria-label": t("face_down", { n: i + 1 }),
            dataset: { slot: i, key: i + 1 },
            svg: backSVG(),
            onclick: () => action && !this.busy && this.act(action),
          }),
        );
      }
    } else {
      v.hand.forEach((card, i) => {
        const pool = this.covered ? covers : open;
        const playable = pool.has(card) && !this.busy;
        const action = playable ? plays.find((a) => a.card === card && !!a.covered === this.covered) : null;
        const manilha = v.manilhas.includes(card);
        const btn = h(
          "button",
          {
            class: `hand-card${playable ? " playable" : ""}${manilha ? " is-manilha" : ""}${this.covered ? " covering" : ""}`,
            // still focusable when it is not our turn, so a screen reader can read the hand
            "aria-disabled": String(!playable),
            dataset: { card, key: i + 1 },
            svg: cardFace(card),
            onclick: () => action && this.act(action),
          },
          // the name is the words, not the drawing's corner letters
          h("span", { class: "sr-only" }, `${i + 1}: ${cardText(card)}${manilha ? ` (${t("manilha")})` : ""}${this.covered ? ` — ${t("play_covered")}` : ""}`),
        );
        if (playable) this.draggable(btn, () => this.act(action));
        cards.push(btn);
      });
    }
    fill(e.hand, cards);
    e.hand.classList.toggle("my-turn", v.to_act.includes(seat));
    // a new hand is dealt: the cards fly in once
    if (this.dealt !== v.hand_number) {
      this.dealt = v.hand_number;
      cards.forEach((c, i) => {
        c.classList.add("deal");
        c.style.animationDelay = `${i * 90}ms`;
      });
    }

    // buttons, only from the legal actions
    const buttons = [];
    const deciding = v.phase === "deciding";
    if (covers.size) {
      buttons.push(
        h(
          "button",
          {
            class: `btn btn-cover${this.covered ? " active" : ""}`,
            "aria-pressed": String(this.covered),
            "aria-keyshortcuts": "C",
            onclick: () => {
              this.covered = !this.covered;
              this.renderMe();
            },
          },
          t("play_covered"),
        ),
      );
    }
    const raise = this.legal("raise")[0];
    if (raise && !deciding) {
      const next = this.nextValue();
      buttons.push(
        h(
          "button",
          { class: "btn btn-raise", disabled: this.busy, "aria-keyshortcuts": "T", onclick: () => this.act(raise) },
          next ? callName(next) : t("raise_n", { n: "" }),
        ),
      );
    }
    const accept = this.legal("accept")[0];
    const run = this.legal("run")[0];
    if (accept && !deciding)
      buttons.push(h("button", { class: "btn btn-accept", disabled: this.busy, "aria-keyshortcuts": "A", onclick: () => this.act(accept) }, t("accept")));
    if (run && !deciding)
      buttons.push(h("button", { class: "btn btn-run", disabled: this.busy, "aria-keyshortcuts": "R", onclick: () => this.act(run) }, t("run")));
    fill(e.actions, buttons);

    // what is going on
    let status = "";
    if (v.phase === "over") status = "";
    else if (v.pending) {
      const asker = this.side(v.pending.team).name;
      status = `${asker}: ${callName(v.pending.value)}! — ${t("waiting_for", { names: v.pending.waiting.map((s) => this.name(s)).join(", ") })}`;
    } else if (v.to_act.includes(seat)) status = t("your_turn");
    else if (v.to_act.length) status = t("waiting_for", { names: v.to_act.map((s) => this.name(s)).join(", ") });
    if (this.covered) status = t("covered_on");
    if (v.blind && v.to_act.includes(seat)) status = t("iron_text");
    fill(e.status, status);
    e.status.classList.toggle("mine", v.to_act.includes(seat));
    if (v.to_act.includes(seat) && this.lastTurn !== `${v.hand_number}-${v.tricks.length}-${v.trick.length}-${v.phase}`) {
      this.lastTurn = `${v.hand_number}-${v.tricks.length}-${v.trick.length}-${v.phase}`;
      sound("turn");
      // a short buzz on a phone, once the person has touched the page (browsers refuse it before)
      if (prefs.vibrate && navigator.vibrate && navigator.userActivation?.hasBeenActive) navigator.vibrate(120);
    }
  }

  /** Drag a card up onto the felt to play it; a short move is a click. */
  draggable(btn, onDrop) {
    btn.addEventListener("pointerdown", (down) => {
      if (down.button !== 0) return;
      const x0 = down.clientX;
      const y0 = down.clientY;
      let moved = false;
      const move = (ev) => {
        const dx = ev.clientX - x0;
        const dy = ev.clientY - y0;
        if (!moved && Math.hypot(dx, dy) < 10) return;
        moved = true;
        btn.classList.add("dragging");
        btn.style.transform = `translate(${dx}px, ${dy}px)`;
      };
      const up = (ev) => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", up);
        if (!moved) return;
        btn.classList.remove("dragging");
        btn.style.transform = "";
        // swallow the click that follows a drag
        btn.addEventListener("click", (c) => c.stopImmediatePropagation(), { capture: true, once: true });
        if (y0 - ev.clientY > 70) onDrop();
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", up);
    });
  }

  /** The countdown ring and seconds of the seats on the clock. */
  tick() {
    if (!this.el) return;
    const clock = this.clock;
    const total = this.table?.timer || 0;
    const now = this.conn ? this.conn.now() : Date.now() / 1000;
    this.tickMine(clock, total, now);
    for (const box of this.root.querySelectorAll(".seat-box")) {
      const seat = Number(box.dataset.seat);
      const fg = box.querySelector(".ring-fg");
      const num = box.querySelector(".countdown");
      if (clock && total && clock.seats.includes(seat) && !this.replay) {
        const left = Math.max(0, clock.deadline - now);
        fg.style.strokeDashoffset = String(RING * (1 - left / total));
        box.classList.toggle("hurry", left < 5);
        num.textContent = String(Math.ceil(left));
      } else {
        fg.style.strokeDashoffset = "0";
        box.classList.remove("hurry");
        num.textContent = "";
      }
    }
  }

  /** Our own countdown, big and next to the hand: amber from half the time, red and pulsing in the last 5 s. */
  tickMine(clock, total, now) {
    const el = this.el.clock;
    const mine = clock && total && !this.replay && this.mySeat() !== null && clock.seats.includes(this.mySeat());
    el.hidden = !mine;
    if (!mine) return;
    const left = Math.max(0, clock.deadline - now);
    el.querySelector("i").style.width = `${Math.min(100, (100 * left) / total)}%`;
    el.classList.toggle("warn", left <= total / 2);
    el.classList.toggle("hurry", left < 5);
    el.querySelector(".turn-clock-text").textContent = t("turn_seconds", { n: Math.ceil(left) });
  }

  key(e) {
    if (e.key === "Escape" && this.drawer) {
      this.openDrawer(null);
      return;
    }
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    const click = (sel) => {
      const b = this.root.querySelector(sel);
      if (b && !b.disabled) {
        b.click();
        e.preventDefault();
      }
    };
    if (["1", "2", "3"].includes(e.key)) click(`.hand-card.playable[data-key="${e.key}"]`);
    else if (e.key === "c" || e.key === "C") click(".btn-cover");
    else if (e.key === "t" || e.key === "T") click(".btn-raise");
    else if (e.key === "a" || e.key === "A") click(".btn-accept");
    else if (e.key === "r" || e.key === "R") click(".btn-run");
  }
}

// the side panel (narration, chat, signals, the header's table buttons) and the overlays (waiting room,
// mão de onze, end of the match) live in their own modules
Object.assign(TableScreen.prototype, SidePanel, Overlays);
