// The table's events told in words, for the narrated log and for screen readers.
// Hands and tricks are numbered from 0 by the engine and from 1 for people.

import { cardShort, t, tOr } from "./i18n.js";

/** What a raise to ``value`` is called: TRUCO, SEIS, NOVE, DOZE (DEZ in Mineiro's ladder). */
export function callName(value) {
  return tOr(`raise_${value}`, t("raise_n", { n: value }));
}

/**
 * A sentence about a team, in the right grammatical person: ``key`` ends in _we, _you, _one or _they.
 * ``side``: { person: "we" | "you" | "one" | "they", name, obj } (see TableScreen.side).
 */
export function tSide(key, side, vars = {}) {
  return t(`${key}_${side.person}`, { name: side.name, obj: side.obj, ...vars });
}

/**
 * One line for an event, or null for the events that are shown some other way.
 * ``ctx``: { name(seat) -> string, side(team) -> the team as the reader calls it, fixedManilhas: bool,
 * team: the reader's team (0 for spectators) }.
 */
export function narrate(ev, ctx) {
  const name = (s) => ctx.name(s);
  switch (ev.type) {
    case "hand_started": {
      const line = ev.vira && !ctx.fixedManilhas
        ? t("n_hand_started", { n: ev.number + 1, dealer: name(ev.dealer), vira: cardShort(ev.vira) })
        : t("n_hand_started_fixed", { n: ev.number + 1, dealer: name(ev.dealer) });
      if (ev.kind === "mao_de_onze") return `${line} ${t("n_eleven_hand")}`;
      if (ev.kind === "mao_de_ferro") return `${line} ${t("n_iron_hand")}`;
      return line;
    }
    case "card_played":
      return ev.card
        ? t("n_played", { name: name(ev.seat), card: cardShort(ev.card) })
        : t("n_played_covered", { name: name(ev.seat) });
    case "trick_ended":
      if (ev.winner === null) return t("n_trick_tie", { n: ev.number + 1 });
      return tSide("n_trick", ctx.side(ev.winner), { n: ev.number + 1 });
    case "raise_asked":
      return t("n_raise", { name: name(ev.seat), call: callName(ev.value) });
    case "answered":
      return t(ev.answer === "accept" ? "n_accept" : "n_run", { name: name(ev.seat) });
    case "raise_accepted":
      return t("n_raise_accepted", { value: ev.value });
    case "eleven_decided":
      return tSide(ev.play ? "n_eleven_play" : "n_eleven_flee", ctx.side(ev.team));
    case "hand_ended": {
      const [a, b] = ctx.team === 1 ? [ev.score[1], ev.score[0]] : ev.score;
      if (ev.winner === null) return t("n_hand_tied");
      return tSide("n_hand", ctx.side(ev.winner), { points: ev.points, us: a, them: b });
    }
    case "match_ended":
      return tSide("n_match", ctx.side(ev.winner));
    case "takeover":
      return t(ev.active ? (ev.left ? "n_left" : "bot_playing") : "player_back", { name: name(ev.seat) });
    case "auto":
      return t(ev.reason === "timer" ? "n_auto_timer" : "n_auto_takeover", { name: name(ev.seat) });
    case "seat_taken":
      return `${ev.nickname} ✓`;
    default:
      return null;
  }
}
