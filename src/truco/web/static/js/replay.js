// A finished match replayed step by step, as a spectator saw it (GET /api/tables/<id>/replay), or as one's own
// seat saw it (?as=seat: one's own cards as held, nothing else hidden revealed).

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { matchStats } from "./recap.js";
import { TableScreen } from "./table.js";

export class ReplayScreen {
  /** ``asSeat``: the caller's own seat, their cards as they held them (else as a spectator saw the match). */
  constructor(root, { tableId, navigate, asSeat = false }) {
    Object.assign(this, { root, tableId, navigate, asSeat });
    this.index = 0;
  }

  async mount() {
    this.table = new TableScreen(this.root, { tableId: this.tableId, navigate: this.navigate, replay: true });
    this.table.mount();
    try {
      const mine = this.asSeat ? "?as=seat" : "";
      const data = await api.get(`/api/tables/${encodeURIComponent(this.tableId)}/replay${mine}`);
      this.summary = data.table;
      this.steps = data.steps;
      this.table.teams = data.steps.find((step) => step.view)?.view.teams ?? null;
      this.table.stats = matchStats(data.steps, (s) => this.table.teamOf(s));
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
      return;
    }
    this.show(this.steps.length - 1);
  }

  unmount() {
    this.table.unmount();
  }

  refresh() {
    this.table.refresh();
    this.show(this.index);
  }

  /** The table as it was after step ``i``. */
  show(i) {
    this.index = Math.max(0, Math.min(i, this.steps.length - 1));
    const s = this.table;
    s.table = { ...structuredClone(this.summary), status: "playing" };
    s.view = null;
    s.chat = [];
    s.log = [];
    s.resetTrick();
    fill(s.el.logList);
    for (const step of this.steps.slice(0, this.index + 1)) s.step(step, false);
    s.render();
    this.controls();
  }

  controls() {
    const n = this.steps.length;
    const button = (label, text, to) => h("button", { class: "btn btn-small", "aria-label": label, onclick: () => this.show(to) }, text);
    const range = h("input", {
      type: "range",
      min: 0,
      max: n - 1,
      value: this.index,
      "aria-label": t("replay_step", { n: this.index + 1, total: n }),
      oninput: (e) => this.show(Number(e.target.value)),
    });
    fill(
      this.table.el.replayBar,
      button(t("first"), "«", 0),
      button(t("prev"), "◀", this.index - 1),
      range,
      button(t("next"), "▶", this.index + 1),
      button(t("last"), "»", n - 1),
      h("span", { class: "hint" }, t("replay_step", { n: this.index + 1, total: n })),
    );
  }
}
