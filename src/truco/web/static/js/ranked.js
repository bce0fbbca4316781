// "Jogar ranqueada" ("/ranked"): pick a mode (and a friend to team up with), wait in the queue while the
// matchmaker's window widens, then go to the table it formed. After a documented wait the server offers an
// unranked match with bots instead. Also the rating lines of a ranked table's end screen.

import { MODES, signed } from "./account_words.js";
import { api, rememberSeat, whoAmI } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";

const POLL_MS = 1000;

export class RankedScreen {
  constructor(root, { navigate }) {
    Object.assign(this, { root, navigate });
  }

  async mount() {
    this.me = await whoAmI().catch(() => null);
    if (!this.me?.account) {
      fill(
        this.root,
        h(
          "div",
          { class: "account-page" },
          h("section", { class: "card" }, h("h1", {}, t("ranked_title")), h("p", {}, t("ranked_need_account")), h("a", { class: "btn btn-primary", href: "/account", "data-link": true }, t("login"))),
        ),
      );
      return;
    }
    this.status = h("div", { class: "queue-status", role: "status", "aria-live": "polite" });
    this.mode = h("select", { id: "ranked-mode", name: "mode" }, MODES.map((m) => h("option", { value: m }, t(`mode_${m}`))));
    this.partner = h("input", { id: "ranked-partner", maxlength: 20, placeholder: t("partner_placeholder") });
    this.button = h("button", { class: "btn btn-primary btn-big", id: "queue-join", type: "submit" }, t("queue_join"));
    fill(
      this.root,
      h(
        "div",
        { class: "account-page" },
        h(
          "form",
          {
            class: "card ranked",
            onsubmit: (e) => {
              e.preventDefault();
              this.join();
            },
          },
          h("h1", {}, t("ranked_title")),
          h("p", { class: "hint" }, t("ranked_why")),
          h("label", { class: "field", for: "ranked-mode" }, h("span", {}, t("mode")), this.mode),
          h("label", { class: "field", for: "ranked-partner" }, h("span", {}, t("partner_label")), this.partner),
          this.button,
          this.status,
        ),
      ),
    );
    this.show(await api.get("/api/queue"));
  }

  unmount() {
    clearTimeout(this.timer);
  }

  async join() {
    try {
      if (this.queued) {
        this.show(await api.delete("/api/queue"));
        return;
      }
      const body = { mode: this.mode.value };
      if (this.partner.value.trim()) body.partner = this.partner.value.trim();
      this.show(await api.post("/api/queue", body));
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
    }
  }

  async poll() {
    try {
      this.show(await api.get("/api/queue"));
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
    }
  }

  show(q) {
    clearTimeout(this.timer);
    this.queued = q.status === "waiting" || q.status === "waiting_partner" || q.status === "matching";
    this.button.textContent = t(this.queued ? "queue_leave" : "queue_join");
    this.mode.disabled = this.partner.disabled = this.queued;
    if (q.status === "matched") {
      rememberSeat(q);
      this.navigate(`/t/${q.table_id}`);
      return;
    }
    if (q.status === "waiting") {
      const bots = q.offer_bots
        ? h("p", { class: "queue-bots" }, t("queue_bots"), " ", h("button", { class: "btn", type: "button", id: "queue-bots", onclick: () => this.playBots() }, t("play_bots")))
        : null;
      fill(this.status, h("p", {}, t("queue_waiting", { s: Math.round(q.waited), rating: q.rating, window: q.window })), bots);
    } else if (q.status === "waiting_partner") {
      fill(this.status, h("p", {}, t("queue_partner", { name: q.partner || this.partner.value })));
    } else {
      fill(this.status);
    }
    if (this.queued) this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async playBots() {
    try {
      await api.delete("/api/queue");
      const held = await api.post("/api/quick", {});
      rememberSeat(held);
      this.navigate(`/t/${held.table_id}`);
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
    }
  }
}

/** The end screen's lines of a ranked table: each player's rating change. */
export function ratingLines(changes) {
  return h(
    "ul",
    { class: "rating-changes", "aria-label": t("rating") },
    changes.map((c) =>
      h(
        "li",
        { class: c.delta >= 0 ? "up" : "down" },
        t("rating_change", { name: c.nickname, before: c.before, after: `${c.after}${c.provisional ? "?" : ""}`, delta: signed(c.delta) }),
        c.left ? ` (${t("left_match")})` : "",
      ),
    ),
  );
}
