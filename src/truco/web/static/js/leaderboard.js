// The leaderboards ("/leaderboard"): one per mode, all time (by the conservative rating) or the points gained
// this week or month; the top 100 and your own place.

import { MODES, ratingText, signed } from "./account_words.js";
import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";

const PERIODS = ["all", "week", "month"];

export class LeaderboardScreen {
  constructor(root, { navigate }) {
    Object.assign(this, { root, navigate });
    const q = new URLSearchParams(location.search);
    this.mode = MODES.includes(q.get("mode")) ? q.get("mode") : MODES[0];
    this.period = PERIODS.includes(q.get("period")) ? q.get("period") : "all";
  }

  async mount() {
    this.el = h("div", { class: "account-page leaderboard" });
    fill(this.root, this.el);
    await this.load();
  }

  unmount() {}

  refresh() {
    if (this.board) this.render();
  }

  async load() {
    try {
      this.board = await api.get(`/api/leaderboard/${this.mode}?period=${this.period}`);
    } catch (e) {
      toast(t("error", { msg: e.message }), "error");
      return;
    }
    this.render();
  }

  choose(mode, period) {
    Object.assign(this, { mode, period });
    history.replaceState(null, "", `/leaderboard?mode=${mode}&period=${period}`);
    this.load();
  }

  row(e, mine) {
    const value = this.period === "all" ? ratingText(e) : signed(e.gain);
    return h(
      "tr",
      { class: mine ? "me" : "" },
      h("td", {}, String(e.place)),
      h("td", {}, h("a", { href: `/u/${encodeURIComponent(e.name)}`, "data-link": true }, e.name)),
      h("td", { class: "num" }, value),
      h("td", { class: "num" }, String(e.games)),
    );
  }

  render() {
    const b = this.board;
    const tabs = (items, current, label, pick) =>
      h(
        "div",
        { class: "lb-tabs", role: "tablist" },
        items.map((i) => h("button", { class: `btn lb-tab${i === current ? " active" : ""}`, role: "tab", "aria-selected": String(i === current), id: `tab-${i}`, onclick: () => pick(i) }, label(i))),
      );
    const meInTop = b.me && b.top.some((e) => e.name === b.me.name);
    fill(
      this.el,
      h(
        "section",
        { class: "card" },
        h("h1", {}, t("leaderboard_title")),
        tabs(MODES, this.mode, (m) => t(`mode_${m}`), (m) => this.choose(m, this.period)),
        tabs(PERIODS, this.period, (p) => t(`period_${p}`), (p) => this.choose(this.mode, p)),
        b.top.length
          ? h(
              "table",
              { class: "lb-board" },
              h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("name")), h("th", { class: "num" }, t(this.period === "all" ? "rating" : "gain")), h("th", { class: "num" }, t("games")))),
              h("tbody", {}, b.top.map((e) => this.row(e, b.me && e.name === b.me.name))),
            )
          : h("p", { class: "hint" }, t("nobody_yet")),
        b.me && !meInTop ? h("div", { class: "your-place" }, `${t("your_place")}: `, h("table", { class: "lb-board" }, h("tbody", {}, this.row(b.me, true)))) : null,
      ),
    );
  }
}
