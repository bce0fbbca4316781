// A player's page ("/u/<name>"): rating per mode with its history drawn here as SVG, stats, recent matches with
// their replays, follow / unfollow, and (on your own page) the friends you follow with who is online.

import { MODES, ratingText, signed } from "./account_words.js";
import { api, whoAmI } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const STATS = ["matches", "wins", "trucos_asked", "trucos_accepted", "trucos_won", "onze_played", "onze_fled", "onze_won"];

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

/** The rating after each ranked match, as a line over the match number, with the first and last values labelled. */
export function ratingChart(history, label) {
  const W = 320;
  const H = 140;
  const pad = { l: 40, r: 10, t: 12, b: 20 };
  const values = [1500, ...history.map((p) => p.rating)];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 100) {
    lo -= 50;
    hi += 50;
  }
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, values.length - 1);
  const y = (r) => pad.t + ((hi - r) * (H - pad.t - pad.b)) / (hi - lo);
  const points = values.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(" ");
  const grid = [hi, (hi + lo) / 2, lo].map((r) =>
    svg("g", {}, svg("line", { x1: pad.l, x2: W - pad.r, y1: y(r), y2: y(r), class: "chart-grid" }), svg("text", { x: pad.l - 6, y: y(r) + 4, class: "chart-label", "text-anchor": "end" }, String(Math.round(r)))),
  );
  const dots = values.map((r, i) => svg("circle", { cx: x(i), cy: y(r), r: 3, class: "chart-dot" }, svg("title", {}, String(r))));
  return svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-label": label },
    ...grid,
    svg("polyline", { points, class: "chart-line", fill: "none" }),
    ...dots,
  );
}

export class ProfileScreen {
  constructor(root, { navigate, name }) {
    Object.assign(this, { root, navigate, name });
  }

  async mount() {
    try {
      [this.profile, this.me] = await Promise.all([api.get(`/api/players/${encodeURIComponent(this.name)}`), whoAmI().catch(() => null)]);
      this.follows = this.me?.account ? await api.get("/api/follows") : null;
    } catch (e) {
      fill(this.root, h("div", { class: "account-page" }, h("section", { class: "card" }, h("p", {}, t("error", { msg: e.message })))));
      return;
    }
    this.render();
  }

  unmount() {}

  refresh() {
    if (this.profile) this.render();
  }

  render() {
    const p = this.profile;
    const own = this.me?.account && this.me.nickname === p.name;
    fill(
      this.root,
      h(
        "div",
        { class: "account-page profile" },
        h(
          "section",
          { class: "card profile-head" },
          h("h1", {}, t("profile_of", { name: p.name })),
          h("span", { class: `badge ${p.online ? "badge-online" : ""}` }, t(p.online ? "online" : "offline")),
          this.me?.account && !own ? this.followButton() : null,
          this.me?.account && !own ? this.inviteButton() : null,
        ),
        h(
          "section",
          { class: "card profile-ratings" },
          MODES.map((m) => {
            const r = p.ratings[m];
            return h(
              "div",
              { class: "mode-rating", id: `rating-${m}` },
              h("h2", {}, t(`mode_${m}`), " ", h("strong", { class: "rating-number" }, ratingText(r)), r.provisional ? h("small", {}, ` ${t("provisional")}`) : null),
              r.history.length ? ratingChart(r.history, `${t("rating_history")}: ${t(`mode_${m}`)}`) : h("p", { class: "hint" }, t("no_rating_history")),
            );
          }),
        ),
        h("section", { class: "card profile-stats" }, h("dl", {}, STATS.map((k) => [h("dt", {}, t(`stat_${k}`)), h("dd", {}, String(p.stats[k]))]))),
        own ? this.friends() : null,
        h(
          "section",
          { class: "card profile-recent" },
          h("h2", {}, t("recent")),
          h(
            "ul",
            {},
            p.recent.map((m) =>
              h(
                "li",
                {},
                h("span", { class: m.won ? "up" : "down" }, t(m.won ? "won" : "lost")),
                ` ${m.score.join(" × ")} · ${m.players.join(", ")}`,
                m.ranked ? ` · ${t(`mode_${m.ranked}`)} ${signed(m.delta)}` : "",
                " ",
                h("a", { href: m.replay, "data-link": true }, t("replay")),
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** "Invite to my table": to the waiting table where I sit, someone I follow. */
  inviteButton() {
    const waiting = (this.me.seats || []).find((s) => s.status === "waiting");
    const following = this.follows.following.some((f) => f.name === this.profile.name);
    if (!waiting || !following) return null;
    return h(
      "button",
      {
        class: "btn",
        id: "invite",
        onclick: async () => {
          try {
            await api.post("/api/invites", { name: this.profile.name, table_id: waiting.table_id });
            toast(t("invited", { name: this.profile.name }));
          } catch (e) {
            toast(t("error", { msg: e.message }), "error");
          }
        },
      },
      t("invite_to_table"),
    );
  }

  followButton() {
    const following = this.follows.following.some((f) => f.name === this.profile.name);
    return h(
      "button",
      {
        class: "btn",
        id: "follow",
        onclick: async () => {
          try {
            if (following) await api.delete(`/api/follows/${encodeURIComponent(this.profile.name)}`);
            else await api.post("/api/follows", { name: this.profile.name });
            [this.follows, this.me] = await Promise.all([api.get("/api/follows"), whoAmI()]);
            this.render();
          } catch (e) {
            toast(t("error", { msg: e.message }), "error");
          }
        },
      },
      t(following ? "unfollow" : "follow"),
    );
  }

  friends() {
    const list = this.follows?.following || [];
    return h(
      "section",
      { class: "card profile-friends" },
      h("h2", {}, t("friends")),
      list.length
        ? h(
            "ul",
            {},
            list.map((f) =>
              h(
                "li",
                {},
                h("a", { href: `/u/${encodeURIComponent(f.name)}`, "data-link": true }, f.name),
                " ",
                h("span", { class: `badge ${f.online ? "badge-online" : ""}` }, t(f.table ? "at_table" : f.online ? "online" : "offline")),
              ),
            ),
          )
        : h("p", { class: "hint" }, t("no_friends")),
      (this.follows?.invites || []).map((i) => h("p", { class: "invite" }, t("invited_by", { name: i.sender }), " ", h("a", { href: i.link, "data-link": true, class: "invite-link-open" }, t("open_table")))),
    );
  }
}
