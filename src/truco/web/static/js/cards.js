// Cards drawn as SVG: French or Spanish faces, two or four suit colours.
//
// A card arrives from the server by its record name, rank then suit: "7H", "AC".
// Ranks "4567QJKA23", suits "DSHC" (ouros, espadas, copas, paus).
//
//   cardSVG("7H", { faces: "spanish", fourColor: false })  -> "<svg ...>...</svg>"

import { prefs } from "./prefs.js";

const W = 100;
const H = 140;

const COLORS = {
  french: { D: "#c62828", S: "#1d1d1f", H: "#c62828", C: "#1d1d1f" },
  french4: { D: "#1f63c6", S: "#1d1d1f", H: "#c62828", C: "#1b7a3a" },
  spanish: { D: "#b8860b", S: "#2456a4", H: "#c0392b", C: "#2e7d32" },
};

// French suit pips, each drawn in a 100×100 box.
const FRENCH_PIPS = {
  H: '<path d="M50 92C22 68 2 50 2 28 2 12 14 2 28 2c10 0 18 6 22 16C54 8 62 2 72 2c14 0 26 10 26 26 0 22-20 40-48 64z"/>',
  D: '<path d="M50 2 88 50 50 98 12 50z"/>',
  S:
    '<path d="M50 2C74 26 98 42 98 62c0 14-10 24-24 24-10 0-17-5-21-12 1 10 5 18 13 24H34c8-6 12-14 13-24-4 7-11 12-21 12C12 86 2 76 2 62 2 42 26 26 50 2z"/>',
  C:
    '<circle cx="50" cy="27" r="23"/><circle cx="25" cy="58" r="23"/><circle cx="75" cy="58" r="23"/>' +
    '<path d="M45 50h10c0 22 4 36 14 48H31c10-12 14-26 14-48z"/>',
};

// Spanish suit pips: oros (coin), espadas (sword), copas (cup), bastos (club).
const SPANISH_PIPS = {
  D:
    '<circle cx="50" cy="50" r="46"/><circle cx="50" cy="50" r="34" fill="none" stroke="#fff6d5" stroke-width="4"/>' +
    '<circle cx="50" cy="50" r="14" fill="#fff6d5"/><circle cx="50" cy="50" r="7"/>',
  S:
    '<path d="M50 0l11 14v50H39V14z"/><rect x="20" y="62" width="60" height="11" rx="4"/>' +
    '<rect x="43" y="72" width="14" height="16" rx="3"/><circle cx="50" cy="92" r="8"/>',
  H:
    '<path d="M18 8h64c0 30-14 46-26 52v16c0 5 14 8 16 18H28c2-10 16-13 16-18V60C32 54 18 38 18 8z"/>' +
    '<rect x="14" y="4" width="72" height="8" rx="4"/>',
  C:
    '<path d="M34 98c-4-30-10-60-16-84-2-10 12-14 32-14s34 4 32 14c-6 24-12 54-16 84z"/>' +
    '<circle cx="34" cy="30" r="5" fill="#1b4d1e"/><circle cx="64" cy="48" r="5" fill="#1b4d1e"/>' +
    '<circle cx="40" cy="70" r="4" fill="#1b4d1e"/>',
};

// Pip positions on a 100×140 card for the ranks with pips.
const LAYOUTS = {
  A: [[50, 70]],
  2: [[50, 34], [50, 106]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[35, 34], [65, 34], [35, 106], [65, 106]],
  5: [[35, 34], [65, 34], [50, 70], [35, 106], [65, 106]],
  6: [[35, 32], [65, 32], [35, 70], [65, 70], [35, 108], [65, 108]],
  7: [[35, 32], [65, 32], [50, 51], [35, 70], [65, 70], [35, 108], [65, 108]],
};

const SPANISH_RANKS = { 4: "4", 5: "5", 6: "6", 7: "7", Q: "10", J: "11", K: "12", A: "1", 2: "2", 3: "3" };

// Small figures for the court cards, in a 100×100 box.
const FIGURES = {
  crown: '<path d="M10 80 4 24l24 22L50 8l22 38 24-22-6 56z"/><rect x="10" y="84" width="80" height="12" rx="3"/>',
  tiara:
    '<path d="M12 84C12 50 30 30 50 30s38 20 38 54z"/><circle cx="50" cy="18" r="10"/>' +
    '<circle cx="20" cy="40" r="7"/><circle cx="80" cy="40" r="7"/>',
  cap: '<path d="M8 78c0-34 18-56 42-56 20 0 34 12 40 30l-30 4 32 22z"/><circle cx="86" cy="50" r="8"/>',
  horse:
    '<path d="M30 96c4-20 10-30 4-44-6-10-16-14-22-24l18-6 6-14 10 12c24 2 44 18 46 46 1 14-2 22-6 30z"/>' +
    '<circle cx="38" cy="34" r="4" fill="#fff"/>',
};

const COURT_FIGURE = {
  french: { K: "crown", Q: "tiara", J: "cap" },
  spanish: { K: "crown", J: "horse", Q: "cap" },
};

function pip(suit, faces, x, y, size, flip = false) {
  const art = faces === "spanish" ? SPANISH_PIPS[suit] : FRENCH_PIPS[suit];
  const s = size / 100;
  const rot = flip ? ` rotate(180 ${x} ${y})` : "";
  return `<g transform="${rot} translate(${x - size / 2} ${y - size / 2}) scale(${s})">${art}</g>`;
}

function corner(text, suit, faces, flip) {
  const t = flip ? ` transform="rotate(180 ${W / 2} ${H / 2})"` : "";
  const size = text.length > 1 ? 19 : 23;
  return (
    `<g${t}><text x="13" y="26" text-anchor="middle" font-size="${size}" font-weight="700" ` +
    `font-family="Georgia, 'DejaVu Serif', serif">${text}</text>${pip(suit, faces, 13, 38, 13)}</g>`
  );
}

function court(rank, suit, faces, color) {
  const figure = FIGURES[COURT_FIGURE[faces][rank]];
  const tint = `${color}1f`;
  return (
    `<rect x="24" y="22" width="52" height="96" rx="6" fill="${tint}" stroke="${color}" stroke-width="2"/>` +
    `<g transform="translate(33 30) scale(0.34)">${figure}</g>` +
    `<text x="50" y="94" text-anchor="middle" font-size="34" font-weight="700" ` +
    `font-family="Georgia, 'DejaVu Serif', serif">${faces === "spanish" ? SPANISH_RANKS[rank] : rank}</text>` +
    pip(suit, faces, 50, 106, 14)
  );
}

// The frame of a Spanish card is broken once per suit index ("pinta"): oros none … bastos three.
function pinta(suit, color) {
  const gaps = "DHSC".indexOf(suit);
  let out = "";
  for (const y of [9, 131]) {
    const seg = 76 / (gaps + 1);
    for (let i = 0; i <= gaps; i++) {
      const x0 = 12 + i * seg + (i ? 3 : 0);
      const x1 = 12 + (i + 1) * seg - (i < gaps ? 3 : 0);
      out += `<line x1="${x0}" y1="${y}" x2="${x1}" y2="${y}" stroke="${color}" stroke-width="2.5"/>`;
    }
  }
  return out;
}

/** The SVG markup of a face-up card. */
export function cardSVG(name, { faces = "french", fourColor = false } = {}) {
  const rank = name[0];
  const suit = name[1];
  const palette = faces === "spanish" ? COLORS.spanish : fourColor ? COLORS.french4 : COLORS.french;
  const color = palette[suit];
  const label = faces === "spanish" ? SPANISH_RANKS[rank] : rank;
  let body;
  if (LAYOUTS[rank]) {
    const big = rank === "A";
    const size = big ? 46 : faces === "spanish" ? 22 : 19;
    body = LAYOUTS[rank].map(([x, y]) => pip(suit, faces, x, y, size, !big && y > 72)).join("");
  } else {
    body = court(rank, suit, faces, color);
  }
  return (
    `<svg class="card-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" fill="${color}">` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="9" fill="#fffdf7" stroke="#c9c2b4" stroke-width="1.5"/>` +
    (faces === "spanish" ? pinta(suit, color) : "") +
    corner(label, suit, faces, false) +
    corner(label, suit, faces, true) +
    body +
    "</svg>"
  );
}

let lattice = "";
for (let i = -140; i < 140; i += 12) lattice += `M${i} 0l140 140M${i + 140} 0l-140 140`;

/** The SVG markup of a card seen from its back. */
export function backSVG() {
  return (
    `<svg class="card-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="9" fill="#fffdf7" stroke="#c9c2b4" stroke-width="1.5"/>` +
    `<rect x="7" y="7" width="${W - 14}" height="${H - 14}" rx="6" fill="#8e1d2c"/>` +
    `<svg x="7" y="7" width="${W - 14}" height="${H - 14}" viewBox="0 0 86 126">` +
    `<path d="${lattice}" stroke="#b8384a" stroke-width="2"/></svg>` +
    `<rect x="7" y="7" width="${W - 14}" height="${H - 14}" rx="6" fill="none" stroke="#f1d38a" stroke-width="2"/>` +
    `<circle cx="50" cy="70" r="17" fill="#8e1d2c" stroke="#f1d38a" stroke-width="2.5"/>` +
    `<text x="50" y="78" text-anchor="middle" font-size="22" font-weight="700" fill="#f1d38a" ` +
    `font-family="Georgia, 'DejaVu Serif', serif">T</text></svg>`
  );
}

/** A card drawn with the faces and colours chosen in the settings. */
export function cardFace(name) {
  return cardSVG(name, { faces: prefs.faces, fourColor: prefs.fourColor });
}
