// The four partner signals of seed 001, drawn as small faces.

export const GESTURES = ["piscar", "sobrancelha", "bochecha", "lingua"];

const HEAD = '<circle cx="24" cy="24" r="21" fill="#f6c66b" stroke="#7a4f12" stroke-width="2"/>';
const EYE_L = '<circle cx="17" cy="20" r="2.6" fill="#3b2508"/>';
const EYE_R = '<circle cx="31" cy="20" r="2.6" fill="#3b2508"/>';
const SMILE = '<path d="M15 30q9 7 18 0" fill="none" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>';

const ART = {
  piscar: EYE_L + '<path d="M27 21q4-3 8 0" fill="none" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>' + SMILE,
  sobrancelha:
    EYE_L +
    EYE_R +
    '<path d="M13 14l8-1M27 10q4-3 8 1" fill="none" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>' +
    '<path d="M17 32h14" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>',
  bochecha:
    EYE_L +
    EYE_R +
    '<ellipse cx="36" cy="30" rx="7" ry="6" fill="#f19a5b"/>' +
    '<path d="M18 31q4 2 8 0" fill="none" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>',
  lingua:
    EYE_L +
    EYE_R +
    '<path d="M15 29h18" stroke="#3b2508" stroke-width="2.4" stroke-linecap="round"/>' +
    '<path d="M20 29h9v5a4.5 4.5 0 0 1-9 0z" fill="#e0566b"/>',
};

/** The SVG markup of a gesture's face. */
export function gestureSVG(gesture) {
  return `<svg viewBox="0 0 48 48" aria-hidden="true" class="gesture-svg">${HEAD}${ART[gesture] || ""}</svg>`;
}

/** The suits' symbols, for the meaning of a signal. */
export const SUIT_SYMBOL = { D: "♦", S: "♠", H: "♥", C: "♣" };
