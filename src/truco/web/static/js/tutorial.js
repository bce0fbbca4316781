// The first-match tutorial: short tips at the moments they matter (the vira and the manilhas, your first card,
// the first trick, truco and its answers, the mão de onze), with the real cards of the hand. Each tip shows
// once; "Pular" ends the tutorial for good (kept on the device). It only reads the view: it decides nothing.

import { cardFace } from "./cards.js";
import { h } from "./dom.js";
import { cardShort, t } from "./i18n.js";
import { prefs, savePrefs } from "./prefs.js";

/** The tips in order: when each applies (from the view and what the table saw), and what it shows. */
const TIPS = [
  {
    id: "vira",
    when: (v) => v.vira && v.phase !== "over",
    // with fixed manilhas the view names no manilha rank; the manilhas are shown weakest first, as the tip reads
    show: (v) => (v.manilha ? { text: t("tut_vira", { vira: cardShort(v.vira), rank: v.manilha }), cards: [v.vira, ...[...v.manilhas].reverse()] } : { text: t("tut_fixed"), cards: [] }),
  },
  { id: "play", when: (v, legal) => legal("play").length > 0, show: () => ({ text: t("tut_play") }) },
  { id: "trick", when: (v) => v.trick_winners.length > 0, show: () => ({ text: t("tut_trick") }) },
  { id: "truco", when: (v, legal) => legal("raise").length > 0 && !v.pending && v.phase !== "deciding", show: () => ({ text: t("tut_truco") }) },
  { id: "answer", when: (v, legal) => v.pending && legal("accept").length > 0, show: () => ({ text: t("tut_answer") }) },
  { id: "eleven", when: (v) => v.phase === "deciding", show: () => ({ text: t("tut_eleven") }) },
];

export class Tutorial {
  constructor() {
    this.seen = new Set(prefs.tutorialSeen || []);
    this.current = null;
  }

  get active() {
    return prefs.tutorial !== "done";
  }

  /** The tip to show for this view (the one shown until it is dismissed), or null. */
  tip(view, legal) {
    if (!this.active || !view) return null;
    if (!this.current) this.current = TIPS.find((tip) => !this.seen.has(tip.id) && tip.when(view, legal)) || null;
    return this.current;
  }

  dismiss() {
    this.seen.add(this.current.id);
    this.current = null;
    prefs.tutorialSeen = [...this.seen];
    if (TIPS.every((tip) => this.seen.has(tip.id))) prefs.tutorial = "done";
    savePrefs();
  }

  skip() {
    prefs.tutorial = "done";
    this.current = null;
    savePrefs();
  }

  /** The tip's box, or null. ``redraw`` is called after a button is pressed. */
  render(view, legal, redraw) {
    const tip = this.tip(view, legal);
    if (!tip) return null;
    const { text, cards = [] } = tip.show(view);
    const face = (c) => h("span", { class: "coach-card", svg: cardFace(c) });
    return h(
      "aside",
      { class: "coach", role: "note", "aria-label": t("tutorial") },
      h("p", {}, text),
      cards.length ? h("div", { class: "coach-cards", "aria-hidden": "true" }, cards.map(face)) : null,
      h(
        "div",
        { class: "coach-buttons" },
        h("button", { class: "btn btn-small btn-primary", onclick: () => (this.dismiss(), redraw()) }, t("tut_ok")),
        h("button", { class: "btn btn-small btn-ghost", onclick: () => (this.skip(), redraw()) }, t("tut_skip")),
      ),
    );
  }
}
