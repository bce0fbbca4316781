// The lobby: nickname, "Jogar agora", a new table with its rules in words, open tables, your history.

import { api, becomeGuest, rememberSeat, whoAmI } from "./api.js";
import { cardSVG } from "./cards.js";
import { h, fill, toast } from "./dom.js";
import { t, tOr } from "./i18n.js";
import { prefs } from "./prefs.js";

const TIMERS = [0, 10, 15, 20, 30, 60];

class NicknameMissing extends Error {}

export class Lobby {
  constructor(root, { navigate }) {
    Object.assign(this, { root, navigate });
  }

  async mount() {
    this.build();
    try {
      [this.me, this.options] = await Promise.all([whoAmI(), api.get("/api/options")]);
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
      return;
    }
    this.render();
    this.timer = setInterval(() => this.refreshLists(), 5000);
  }

  unmount() {
    clearInterval(this.timer);
  }

  build() {
    this.el = {
      hero: h("section", { class: "card hero" }),
      create: h("section", { class: "card create", "aria-labelledby": "create-title" }),
      mine: h("section", { class: "card mine" }),
      open: h("section", { class: "card open-tables", "aria-labelledby": "open-title" }),
      history: h("section", { class: "card history", "aria-labelledby": "history-title" }),
      help: h("section", { class: "card help", "aria-labelledby": "help-title" }),
    };
    const e = this.el;
    fill(this.root, h("div", { class: "lobby" }, h("div", { class: "lobby-main" }, e.hero, e.mine, e.create), h("div", { class: "lobby-side" }, e.open, e.history, e.help)));
  }

  render() {
    this.renderHelp();
    this.renderHero();
    this.renderCreate();
    this.renderMine();
    this.refreshLists();
  }

  /** A guest identity, created from the nickname field the first time. */
  async identity() {
    const input = this.root.querySelector("#nickname");
    const nickname = input.value.trim();
    const problem = this.root.querySelector("#nickname-error");
    problem.textContent = nickname ? "" : t("nickname_required");
    input.toggleAttribute("aria-invalid", !nickname);
    if (!nickname) {
      input.focus();
      throw new NicknameMissing();
    }
    if (!this.me || this.me.nickname !== nickname) this.me = { ...(await becomeGuest(nickname)), seats: [] };
    return this.me;
  }

  async go(path, body) {
    try {
      await this.identity();
      const held = await api.post(path, body);
      rememberSeat(held);
      this.navigate(`/t/${held.table_id}`);
    } catch (e) {
      // a missing nickname is said next to its field
      if (!(e instanceof NicknameMissing)) toast(t("error", { msg: e.message }), "error");
    }
  }

  renderHero() {
    const fan = ["3C", "2H", "AS"].map((c, i) => h("span", { class: `fan-card fan-${i}`, svg: cardSVG(c, { faces: prefs.faces, fourColor: prefs.fourColor }) }));
    fill(
      this.el.hero,
      h("div", { class: "fan", "aria-hidden": "true" }, fan),
      h("h1", {}, t("app_title")),
      h("p", { class: "tagline" }, t("tagline")),
      h(
        "form",
        {
          class: "hero-form",
          onsubmit: (e) => {
            e.preventDefault();
            this.go("/api/quick", { kind: "search", level: e.target.elements["play-level"].value });
          },
        },
        h("label", { for: "nickname" }, t("nickname")),
        h("input", {
          id: "nickname",
          name: "nickname",
          maxlength: 20,
          autocomplete: "nickname",
          placeholder: t("nickname_placeholder"),
          value: this.me?.nickname || prefs.nickname || "",
          "aria-required": "true",
          "aria-describedby": "nickname-error",
        }),
        h("p", { class: "field-error", id: "nickname-error", "aria-live": "assertive" }),
        h("label", { for: "play-level" }, t("play_level")),
        h(
          "select",
          { id: "play-level", name: "play-level" },
          this.options.bots.levels.map((l) => h("option", { value: l, selected: l === "medium" }, tOr(`level_${l}`, l))),
        ),
        h("button", { class: "btn btn-primary btn-big", type: "submit", id: "play-now" }, t("play_now")),
        h("p", { class: "hint" }, t("play_now_hint")),
      ),
    );
  }

  /** The game in four lines, with the cards from the weakest to the strongest. */
  renderHelp() {
    const order = ["4D", "5S", "6H", "7C", "QD", "JS", "KH", "AC", "2D", "3S"];
    fill(
      this.el.help,
      h("h2", { id: "help-title" }, t("help_title")),
      h("p", {}, t("help_goal")),
      h("div", { class: "help-cards", role: "img", "aria-label": t("help_order") }, order.map((c) => h("span", { svg: cardSVG(c, { faces: prefs.faces, fourColor: prefs.fourColor }) }))),
      h("p", { class: "hint help-order" }, t("help_order")),
      h("p", {}, t("help_manilha")),
      h("p", {}, t("help_truco")),
      h("p", {}, h("a", { href: "/regras", "data-link": "" }, t("rules_link"))),
    );
  }

  renderMine() {
    const seats = this.me?.seats || [];
    this.el.mine.hidden = !seats.length;
    fill(
      this.el.mine,
      h("h2", {}, t("your_tables")),
      h(
        "ul",
        { class: "rows" },
        seats.map((s) =>
          h(
            "li",
            {},
            h("span", {}, `#${s.table_id.slice(0, 6)} · ${t(`status_${s.status}`)}`),
            h(
              "button",
              {
                class: "btn btn-small",
                onclick: () => {
                  rememberSeat(s);
                  this.navigate(`/t/${s.table_id}`);
                },
              },
              t("back_to_table"),
            ),
          ),
        ),
      ),
    );
  }

  renderCreate() {
    const o = this.options;
    const select = (id, label, values, { current, text, blank } = {}) =>
      h(
        "label",
        { class: "field" },
        h("span", {}, label),
        h(
          "select",
          { id, name: id },
          blank ? h("option", { value: "" }, blank) : null,
          values.map((v) => h("option", { value: JSON.stringify(v), selected: current !== undefined && v === current }, text ? text(v) : String(v))),
        ),
      );
    const bots = [];
    for (const kind of o.bots.kinds) for (const level of o.bots.levels) bots.push({ kind, level });
    const seatChoices = [{ type: "open" }, ...bots.map((b) => ({ type: "bot", ...b }))];
    const seatText = (s) => (s.type === "open" ? t("seat_human") : `${tOr(`bot_${s.kind}`, s.kind)}, ${tOr(`level_${s.level}`, s.level)}`);
    // the heuristic bot at the middle level, as in "Jogar agora"
    const kind = o.bots.kinds.includes("heuristic") ? "heuristic" : o.bots.kinds[0];
    const level = o.bots.levels[Math.floor(o.bots.levels.length / 2)];
    const defaultBot = seatChoices.find((s) => s.kind === kind && s.level === level) || seatChoices[1];
    const seatRows = h("div", { class: "seat-rows" });
    const drawSeats = (players) => {
      const names = players === 2 ? [t("seat_you"), t("opponent")] : [t("seat_you"), t("left"), t("partner"), t("right")];
      fill(
        seatRows,
        names.map((label, i) =>
          i === 0
            ? h("div", { class: "field" }, h("span", {}, label), h("strong", {}, t("seat_you")))
            : h(
                "label",
                { class: "field" },
                h("span", {}, label),
                h(
                  "select",
                  { name: `seat-${i}`, class: "seat-select" },
                  seatChoices.map((s) =>
                    h("option", { value: JSON.stringify(s), selected: s === defaultBot, title: o.bots.descriptions?.[s.kind] || "" }, seatText(s)),
                  ),
                ),
              ),
        ),
      );
    };
    drawSeats(4);
    const rules = Object.entries(o.options).map(([name, values]) =>
      select(`opt-${name}`, t(`opt_${name}`), values, { text: (v) => tOr(`opt_${name}_${v}`, v), blank: t("as_profile") }),
    );
    const form = h(
      "form",
      {
        class: "create-form",
        onsubmit: (e) => {
          e.preventDefault();
          this.go("/api/tables", this.createBody(form));
        },
        onchange: (e) => {
          if (e.target.id === "opt-players") drawSeats(e.target.value ? JSON.parse(e.target.value) : 4);
        },
      },
      select("profile", t("profile"), o.profiles, { text: (p) => t(`profile_${p}`), current: o.profiles[0] }),
      h("details", { class: "more-rules" }, h("summary", {}, t("more_rules")), h("div", { class: "grid" }, rules)),
      h("fieldset", {}, h("legend", {}, t("seats")), seatRows),
      select("timer", t("timer"), TIMERS, { current: o.defaults.timer, text: (n) => (n ? t("seconds", { n }) : t("timer_none")) }),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "signals", checked: o.defaults.signals }), t("signals_on")),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "public", checked: o.defaults.public }), t("public_table")),
      h("button", { class: "btn btn-primary", type: "submit", id: "create-submit" }, t("create")),
    );
    fill(
      this.el.create,
      h("details", { class: "create-details", open: window.matchMedia("(min-width: 981px)").matches }, h("summary", { id: "create-title" }, h("span", { class: "summary-title" }, t("create_table")), h("span", { class: "hint" }, t("create_table_hint"))), form),
    );
  }

  createBody(form) {
    const rules = { profile: JSON.parse(form.querySelector("#profile").value) };
    for (const sel of form.querySelectorAll(".more-rules select")) if (sel.value) rules[sel.name.slice(4)] = JSON.parse(sel.value);
    const seats = [{ type: "me" }, ...[...form.querySelectorAll(".seat-select")].map((s) => JSON.parse(s.value))];
    return {
      rules,
      seats,
      timer: JSON.parse(form.querySelector("#timer").value),
      signals: form.querySelector("#signals").checked,
      public: form.querySelector("#public").checked,
    };
  }

  async refreshLists() {
    let tables = [];
    let matches = [];
    try {
      [{ tables }, { matches }] = await Promise.all([api.get("/api/tables"), this.me ? api.get("/api/history") : { matches: [] }]);
    } catch {
      // the lists are a convenience; the lobby works without them
    }
    fill(
      this.el.open,
      h("h2", { id: "open-title" }, t("public_tables")),
      tables.length
        ? h(
            "ul",
            { class: "rows" },
            tables.map((tb) =>
              h(
                "li",
                {},
                h("span", { class: "row-main" }, tb.seats.map((s) => s.nickname || (s.kind === "bot" ? "bot" : "…")).join(" · ")),
                h("span", { class: "hint" }, t("free_seats", { n: tb.seats.filter((s) => s.kind === "open").length })),
                h("button", { class: "btn btn-small", onclick: () => this.go(`/api/tables/${tb.id}/join`, {}) }, t("sit")),
                h("a", { class: "btn btn-small btn-ghost", href: `/t/${tb.id}`, "data-link": "" }, t("watch")),
              ),
            ),
          )
        : h("p", { class: "hint" }, t("no_public_tables")),
    );
    fill(
      this.el.history,
      h("h2", { id: "history-title" }, t("history")),
      matches.length
        ? h(
            "ul",
            { class: "rows" },
            matches.map((m) =>
              h(
                "li",
                { class: m.won ? "won" : "lost" },
                h("span", { class: `result ${m.won ? "won" : "lost"}` }, t(m.won ? "won" : "lost")),
                h("span", { class: "row-main" }, `${m.score[m.team]} × ${m.score[1 - m.team]}`, h("span", { class: "hint" }, ` ${new Date(m.finished_at * 1000).toLocaleString(prefs.lang)}`)),
                h("a", { class: "btn btn-small", href: `/r/${m.table_id}`, "data-link": "" }, t("replay")),
                h("a", { class: "btn btn-small btn-ghost", href: `/api/tables/${m.table_id}/record`, download: `truco-${m.table_id}.json` }, t("download")),
              ),
            ),
          )
        : h("p", { class: "hint" }, t("no_history")),
    );
  }
}
