// The player's preferences, kept on the device (localStorage): language, card faces and colours, sound and its
// volume, the "TRUCO!" shout, vibration, animation speed.

const KEY = "truco.prefs";
const DEFAULTS = {
  lang: "pt-BR",
  faces: "french",
  fourColor: false,
  sound: true,
  volume: 0.8,
  shout: true,
  vibrate: true,
  // "slow", "normal", "fast" or "off"
  speed: "normal",
  nickname: "",
};

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
