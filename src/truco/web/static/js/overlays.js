// The table's overlays: the waiting room (invite link, a visitor's nickname), the mão de onze decision, and the
// end of the match (winner, statistics, rematch, one's own replay). Methods of TableScreen (mixed into it in
// table.js).

import { api, becomeGuest, hasAccount, heldSeat, rememberSeat, token } from "./api.js";
import { cardFace } from "./cards.js";
import { fill, h, initials, toast } from "./dom.js";
import { cardText, t } from "./i18n.js";
import { tSide } from "./narrate.js";
import { prefs } from "./prefs.js";
import { ratingLines } from "./ranked.js";
import { matchStats } from "./recap.js";

export const Overlays = {
  renderOverlay() {
    const v = this.view;
    const slot = this.el.overlay;
    const seat = this.mySeat();
    if (this.table && !v && this.table.status === "waiting") {
      // someone else sitting down updates the seats in place: a visitor typing a nickname keeps the text and
      // the caret, and a press on "Sentar" that ends after the update still lands on the same button
      const room = this.waitingRoom();
      const shown = slot.querySelector(".waiting-room");
      if (shown?.dataset.room === room) fill(shown.querySelector(".wait-seats"), this.waitingSeats());
      else fill(slot, this.waitingPanel(room));
      return;
    }
    if (v && (v.phase === "over" || this.table?.status === "over") && v.winner !== null) {
      fill(slot, this.endPanel());
      return;
    }
    if (v && v.phase === "deciding" && seat !== null) {
      fill(slot, this.elevenPanel());
      return;
    }
    fill(slot);
  },

  /** A visitor at a table with an open seat: a nickname and "Sentar". */
  joinForm() {
    const input = h("input", {
      id: "join-nickname",
      class: "invite-link",
      maxlength: 20,
      value: prefs.nickname || "",
      placeholder: t("nickname_placeholder"),
      "aria-label": t("nickname"),
      required: true,
    });
    return h(
      "form",
      {
        class: "invite-row",
        onsubmit: async (e) => {
          e.preventDefault();
          const nickname = input.value.trim();
          if (!nickname) return;
          try {
            if ((!token() && !hasAccount()) || prefs.nickname !== nickname) await becomeGuest(nickname);
            const held = await api.post(`/api/tables/${encodeURIComponent(this.tableId)}/join`, this.invite ? { invite: this.invite } : {});
            rememberSeat(held);
            this.navigate(location.pathname + location.search);
          } catch (err) {
            toast(t("error", { msg: err.message }), "error");
          }
        },
      },
      input,
      h("button", { class: "btn btn-primary", type: "submit", id: "join-submit" }, t("sit")),
    );
  },

  /** What the waiting room shows besides its seats: the link to share and whether this page may sit down. */
  waitingRoom() {
    const held = heldSeat(this.tableId);
    const link = held?.invite ? `${location.origin}${held.invite}` : location.href;
    const visitor = this.mySeat() === null && this.table.seats.some((x) => x.kind === "open");
    return JSON.stringify({ link, visitor });
  },

  waitingSeats() {
    return this.table.seats.map((s) =>
      h("li", { class: `wait-seat kind-${s.kind}` }, h("span", { class: "initial" }, initials(this.name(s.seat))), s.kind === "open" ? "…" : this.name(s.seat)),
    );
  },

  waitingPanel(room) {
    const { link, visitor } = JSON.parse(room);
    return h(
      "div",
      { class: "overlay waiting-room", role: "dialog", "aria-label": t("waiting_players"), dataset: { room } },
      h("h2", {}, t(visitor ? "join_title" : "waiting_players")),
      h("ul", { class: "wait-seats" }, this.waitingSeats()),
      visitor ? this.joinForm() : null,
      h(
        "div",
        { class: "invite-row" },
        h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("invite") }),
        h(
          "button",
          {
            class: "btn",
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(link);
              } catch {
                this.root.querySelector(".invite-link").select();
                document.execCommand("copy");
              }
              toast(t("copied"));
            },
          },
          t("copy_link"),
        ),
      ),
    );
  },

  elevenPanel() {
    const v = this.view;
    const seat = this.mySeat();
    const accept = this.legal("accept")[0];
    const run = this.legal("run")[0];
    // the engine shows this seat its partner's hand: that is how we know who the partner is
    const partner = Number(Object.keys(v.known_hands)[0]);
    const partnerCards = v.known_hands[String(partner)];
    if (v.eleven_team !== this.myTeam()) {
      return h("div", { class: "overlay overlay-soft", role: "status" }, h("h2", {}, t("eleven_title")), h("p", {}, t("eleven_wait", { score: v.score[v.eleven_team] })));
    }
    const row = (label, cards) => h("div", { class: "eleven-row" }, h("h3", {}, label), h("div", { class: "eleven-cards" }, cards.map((c) => h("div", { class: "eleven-card", role: "img", "aria-label": cardText(c), dataset: { card: c }, svg: cardFace(c) }))));
    return h(
      "div",
      { class: "overlay eleven", role: "dialog", "aria-label": t("eleven_title") },
      h("h2", {}, t("eleven_title")),
      h("p", {}, t("eleven_text", { score: v.score[this.myTeam()] })),
      row(t("your_cards"), v.hand),
      partnerCards ? row(t("partner_cards", { name: this.name(partner) }), partnerCards) : null,
      h(
        "div",
        { class: "eleven-buttons" },
        accept ? h("button", { class: "btn btn-accept btn-big", disabled: this.busy, "aria-keyshortcuts": "A", onclick: () => this.act(accept) }, t("eleven_play")) : null,
        run ? h("button", { class: "btn btn-run btn-big", disabled: this.busy, "aria-keyshortcuts": "R", onclick: () => this.act(run) }, t("eleven_flee")) : null,
        !accept && !run ? h("p", {}, t("waiting_for", { names: v.to_act.map((s) => this.name(s)).join(", ") })) : null,
      ),
    );
  },

  endPanel() {
    const v = this.view;
    const mine = this.myTeam();
    const won = v.winner === mine;
    const seated = this.mySeat() !== null && !this.replay;
    const title = tSide("end", this.side(v.winner));
    const score = t("end_score", { a: this.side(mine).name, us: v.score[mine], them: v.score[1 - mine], b: this.side(1 - mine).name });
    this.loadStats();
    return h(
      "div",
      { class: `overlay end ${won ? "end-won" : "end-lost"}`, role: "dialog", "aria-label": title },
      h("h2", {}, title),
      h("p", { class: "end-score" }, score),
      this.ratings ? ratingLines(this.ratings) : null,
      this.statsTable(),
      h(
        "div",
        { class: "end-buttons" },
        seated
          ? h(
              "button",
              {
                class: "btn btn-accept btn-big",
                disabled: this.askedRematch,
                onclick: () => this.askRematch(),
              },
              this.rematch ? `${t("rematch")} →` : t("rematch"),
            )
          : null,
        seated ? h("a", { class: "btn btn-big", href: `/r/${this.tableId}?as=seat`, "data-link": "" }, t("replay_mine")) : null,
        h("button", { class: "btn btn-big", onclick: () => this.navigate("/") }, t("back_to_lobby")),
      ),
    );
  },

  /** The statistics come from the match's replay (its public events), asked for once the match is over. */
  loadStats() {
    if (this.stats !== undefined || this.replay) return;
    this.stats = null;
    api
      .get(`/api/tables/${encodeURIComponent(this.tableId)}/replay`)
      .then((data) => {
        this.stats = matchStats(data.steps, (s) => this.teamOf(s));
        if (!this.unmounted) this.renderOverlay();
      })
      .catch(() => {
        // the end screen stands without its statistics
      });
  },

  statsTable() {
    if (!this.stats) return null;
    const mine = this.myTeam();
    const rows = [
      ["stats_hands", "hands"],
      ["stats_asked", "asked"],
      ["stats_asked_won", "askedWon"],
      ["stats_raised_points", "raisedPoints"],
    ];
    return h(
      "table",
      { class: "stats" },
      h("caption", {}, t("stats_title")),
      h("thead", {}, h("tr", {}, h("td"), h("th", { scope: "col" }, this.side(mine).name), h("th", { scope: "col" }, this.side(1 - mine).name))),
      h(
        "tbody",
        {},
        rows.map(([label, key]) => h("tr", { dataset: { stat: key } }, h("th", { scope: "row" }, t(label)), h("td", {}, this.stats[mine][key]), h("td", {}, this.stats[1 - mine][key]))),
      ),
    );
  },

  /** Open the rematch, or join it when another seat opened it first. */
  async askRematch() {
    this.askedRematch = true;
    this.renderOverlay();
    if (this.rematch) {
      this.navigate(`/t/${this.rematch}`);
      return;
    }
    try {
      await this.conn.send({ type: "rematch" });
    } catch (err) {
      // the rematch event took us to the new table before the answer came: nothing went wrong
      if (this.unmounted) return;
      if (err.table_id) this.navigate(`/t/${err.table_id}`);
      else {
        this.askedRematch = false;
        this.renderOverlay();
        toast(t("error", { msg: err.message || err.code }), "error");
      }
    }
  },
};
