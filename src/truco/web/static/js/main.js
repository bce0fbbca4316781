// The page: a lobby at "/", a table at "/t/<id>", a replay at "/r/<id>", and the header's preferences.

import { cardSVG } from "./cards.js";
import { fill, h } from "./dom.js";
import { LANGUAGES, setLang, t, translate } from "./i18n.js";
import { AccountScreen, ResetScreen } from "./account.js";
import { LeaderboardScreen } from "./leaderboard.js";
import { Lobby } from "./lobby.js";
import { NotFoundScreen } from "./pages.js";
import { ProfileScreen } from "./profile.js";
import { RankedScreen } from "./ranked.js";
import { prefs, savePrefs } from "./prefs.js";
import { ReplayScreen } from "./replay.js";
import { RulesScreen } from "./rules.js";
import { TableScreen } from "./table.js";

const app = document.getElementById("app");
const ACCOUNT_PAGES = { "/account": AccountScreen, "/reset": ResetScreen, "/ranked": RankedScreen, "/leaderboard": LeaderboardScreen };
let screen = null;

function navigate(path) {
  if (path !== location.pathname + location.search) history.pushState(null, "", path);
  route();
}

function route() {
  if (screen) screen.unmount();
  const path = location.pathname;
  const table = path.match(/^\/t\/([\w-]+)/);
  const replay = path.match(/^\/r\/([\w-]+)/);
  if (table) {
    const invite = new URLSearchParams(location.search).get("invite");
    screen = new TableScreen(app, { tableId: table[1], invite, navigate });
  } else if (replay) {
    const asSeat = new URLSearchParams(location.search).get("as") === "seat";
    screen = new ReplayScreen(app, { tableId: replay[1], navigate, asSeat });
  } else if (ACCOUNT_PAGES[path] || path.startsWith("/u/")) {
    const Page = ACCOUNT_PAGES[path] || ProfileScreen;
    screen = new Page(app, { navigate, name: decodeURIComponent(path.slice(3)) });
  } else if (path === "/") {
    screen = new Lobby(app, { navigate });
  } else if (path === "/regras") {
    screen = new RulesScreen(app);
  } else {
    screen = new NotFoundScreen(app);
  }
  app.className = table || replay ? "at-table" : "at-lobby";
  screen.mount();
}

/** Redraw what depends on the preferences (language, card faces, sound). */
function refresh() {
  translate();
  document.documentElement.dataset.speed = prefs.speed;
  document.getElementById("sound-toggle").setAttribute("aria-pressed", String(prefs.sound));
  document.getElementById("sound-toggle").setAttribute("aria-label", t(prefs.sound ? "sound_on" : "sound_off"));
  if (screen && screen.refresh) screen.refresh();
  else route();
}

/** A few cards in the settings dialog, drawn as chosen. */
function preview() {
  const box = document.querySelector(".settings-preview");
  const cards = ["AD", "7S", "KH", "3C"].map((c) => h("span", { svg: cardSVG(c, { faces: prefs.faces, fourColor: prefs.fourColor }) }));
  fill(box, cards);
}

function setupHeader() {
  const lang = document.getElementById("lang");
  const languages = () => Object.entries(LANGUAGES).map(([code, label]) => new Option(label, code, false, code === prefs.lang));
  fill(lang, languages());
  lang.addEventListener("change", () => {
    setLang(lang.value);
    refresh();
  });
  document.getElementById("sound-toggle").addEventListener("click", () => {
    prefs.sound = !prefs.sound;
    savePrefs();
    refresh();
  });
  const dialog = document.getElementById("settings");
  const form = dialog.querySelector("form");
  document.getElementById("settings-btn").addEventListener("click", () => {
    fill(form.lang, languages());
    for (const name of ["faces", "volume", "speed", "lang"]) form[name].value = String(prefs[name]);
    for (const name of ["fourColor", "sound", "shout", "vibrate"]) form[name].checked = prefs[name];
    preview();
    dialog.showModal();
  });
  // every change is kept on the device at once
  form.addEventListener("change", () => {
    prefs.faces = form.faces.value;
    prefs.volume = Number(form.volume.value);
    prefs.speed = form.speed.value;
    for (const name of ["fourColor", "sound", "shout", "vibrate"]) prefs[name] = form[name].checked;
    if (form.lang.value !== prefs.lang) {
      setLang(form.lang.value);
      fill(lang, languages());
    }
    savePrefs();
    preview();
    refresh();
  });
  document.addEventListener("click", (e) => {
    const link = e.target.closest("a[data-link]");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(link.getAttribute("href"));
  });
  window.addEventListener("popstate", route);
}

setLang(prefs.lang);
setupHeader();
refresh();
