// What happened in a hand (for the recap shown when it ends) and in a whole match (for its statistics),
// read from the table's events only: who won each trick and with which card (the engine says who leads
// next: the trick's winner), the raises, who ran, the points.

import { cardShort, t } from "./i18n.js";
import { callName, tSide } from "./narrate.js";

/** The events of one hand, kept as they come. */
export class HandRecord {
  constructor() {
    this.tricks = [];
    this.trick = [];
    this.calls = [];
    this.ran = [];
    this.end = null;
  }

  add(ev) {
    switch (ev.type) {
      case "card_played":
        this.trick.push(ev);
        break;
      case "trick_ended":
        this.tricks.push({ plays: this.trick, winner: ev.winner, leader: ev.leader, number: ev.number });
        this.trick = [];
        break;
      case "raise_asked":
        this.calls.push(ev);
        break;
      case "answered":
        if (ev.answer === "run") this.ran.push(ev.seat);
        break;
      case "hand_ended":
        this.end = ev;
        break;
    }
  }

  /**
   * The recap in a few lines. ``ctx``: { name(seat), side(team) } as for the narration.
   * @returns {{title: string, lines: string[]}}
   */
  summary(ctx) {
    const e = this.end;
    const title = e.winner === null ? t("n_hand_tied") : tSide("recap", ctx.side(e.winner), { n: e.number + 1, points: e.points });
    const lines = this.tricks.map((trick) => {
      if (trick.winner === null) return t("n_trick_tie", { n: trick.number + 1 });
      const best = trick.plays.find((p) => p.seat === trick.leader);
      const card = best?.card ? cardShort(best.card) : t("covered_card");
      return t("recap_trick", { n: trick.number + 1, name: ctx.name(trick.leader), card });
    });
    if (this.calls.length) {
      const last = this.calls[this.calls.length - 1];
      lines.push(t("recap_call", { name: ctx.name(last.seat), call: callName(last.value) }));
    }
    if (this.ran.length) lines.push(t("recap_ran", { names: [...new Set(this.ran)].map((s) => ctx.name(s)).join(", ") }));
    return { title, lines };
  }
}

/**
 * Statistics of a finished match from its steps' events, by team (0 and 1): hands won, trucos (any raise)
 * asked and won, points won in raised hands. ``teamOf(seat)`` gives a seat's team.
 */
export function matchStats(steps, teamOf) {
  const stats = [0, 1].map(() => ({ hands: 0, asked: 0, askedWon: 0, raisedPoints: 0, points: 0 }));
  let askers = new Set();
  for (const step of steps) {
    for (const ev of step.events || []) {
      if (ev.type === "hand_started") askers = new Set();
      else if (ev.type === "raise_asked") {
        stats[teamOf(ev.seat)].asked += 1;
        askers.add(teamOf(ev.seat));
      } else if (ev.type === "hand_ended" && ev.winner !== null) {
        const s = stats[ev.winner];
        s.hands += 1;
        s.points += ev.points;
        if (askers.size) s.raisedPoints += ev.points;
        if (askers.has(ev.winner)) s.askedWon += 1;
      }
    }
  }
  return stats;
}
