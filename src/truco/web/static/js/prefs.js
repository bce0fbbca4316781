// The player's preferences, kept in localStorage: language, card faces, colours, sound.

const KEY = "truco.prefs";
const DEFAULTS = { lang: "pt-BR", faces: "french", fourColor: false, sound: true, nickname: "" };

export const prefs = { ...DEFAULTS, ...read() };

function read() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function savePrefs() {
  localStorage.setItem(KEY, JSON.stringify(prefs));
}
