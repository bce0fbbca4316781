// The table's side panel: the narration, the chat (quick phrases, emotes, mutes, reports), the partners'
// signals; on a narrow screen a drawer opened from the header, where "leave the table" also is.
// Methods of TableScreen (mixed into it in table.js).

import { toast, h, fill } from "./dom.js";
import { GESTURES, SUIT_SYMBOL, gestureSVG } from "./gestures.js";
import { cardShort, t } from "./i18n.js";

const DOOR_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 3h9v2H7v14h7v2H5zm11 4 5 5-5 5-1.4-1.4 2.6-2.6H10v-2h7.2l-2.6-2.6z" fill="currentColor"/></svg>';
const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v11H9l-5 4z" fill="currentColor"/></svg>';
// quick phrases (in the sender's language) and emotes, sent as chat lines: a muted player's are not heard either
const PHRASES = ["phrase_desce", "phrase_medo", "phrase_boa", "phrase_vamos", "phrase_zap"];
const EMOTES = ["👏", "😂", "😱", "🔥", "🤫"];

export const SidePanel = {
  /** On a narrow screen the panels are a drawer over the table: buttons in the header open it on a tab. */
  renderTools() {
    const button = (tab, label, svg) =>
      h("button", {
        class: "icon-btn",
        id: `open-${tab}`,
        "aria-label": label,
        "aria-controls": "side",
        "aria-expanded": String(this.drawer && this.tab === tab),
        onclick: () => this.openDrawer(this.drawer && this.tab === tab ? null : tab),
        svg,
      });
    const chat = button("chat", t("chat"), CHAT_ICON);
    if (this.unread) chat.append(this.unreadBadge());
    const seated = this.mySeat() !== null && !this.replay && this.table?.status === "playing";
    fill(
      document.getElementById("screen-tools"),
      chat,
      this.hasSignals() ? button("signals", t("gestures"), gestureSVG("piscar")) : null,
      seated ? h("button", { class: "icon-btn", id: "leave", "aria-label": t("leave"), title: t("leave"), onclick: () => this.confirmLeave(), svg: DOOR_ICON }) : null,
    );
  },

  /** "Sair da mesa?": on yes, a bot takes the seat at once and we go back to the lobby. */
  confirmLeave() {
    const dialog = h(
      "dialog",
      { class: "confirm", "aria-labelledby": "leave-title", onclose: () => dialog.remove() },
      h("h2", { id: "leave-title" }, t("leave_title")),
      h("p", {}, t("leave_text")),
      h(
        "div",
        { class: "confirm-buttons" },
        h("button", { class: "btn", autofocus: true, onclick: () => dialog.close() }, t("stay")),
        h(
          "button",
          {
            class: "btn btn-run",
            id: "leave-confirm",
            onclick: async () => {
              const left = await this.send({ type: "leave" });
              dialog.close();
              if (left) this.navigate("/");
            },
          },
          t("leave_confirm"),
        ),
      ),
    );
    document.body.append(dialog);
    dialog.showModal();
  },

  unreadBadge() {
    return h("span", { class: "unread" }, h("span", { "aria-hidden": "true" }, this.unread), h("span", { class: "sr-only" }, t("unread", { n: this.unread })));
  },

  /** Whether the chat is on screen now (its tab chosen, and on a narrow screen its drawer open). */
  chatInView() {
    const narrow = window.matchMedia("(max-width: 980px)").matches;
    return this.tab === "chat" && (this.drawer || !narrow);
  },

  /** Open the drawer on ``tab``, or close it (null). */
  openDrawer(tab) {
    this.drawer = Boolean(tab);
    if (tab) this.tab = tab;
    if (this.chatInView()) this.unread = 0;
    this.el.side.classList.toggle("open", this.drawer);
    this.renderSide();
    if (tab) this.el.side.querySelector(`#tab-${tab}`)?.focus();
  },

  buildChat() {
    const input = h("input", {
      type: "text",
      class: "chat-input",
      maxlength: this.chatLength,
      placeholder: t("chat_placeholder"),
      "aria-label": t("chat_placeholder"),
    });
    const form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: async (ev) => {
          ev.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          if (await this.send({ type: "chat", text })) input.value = "";
        },
      },
      input,
      h("button", { class: "btn btn-small", type: "submit" }, t("send")),
    );
    const quick = h(
      "div",
      { class: "quick-phrases", role: "group", "aria-label": t("quick_phrases") },
      PHRASES.map((key) => h("button", { class: "chip", type: "button", onclick: () => this.send({ type: "chat", text: t(key) }) }, t(key))),
      EMOTES.map((emote) => h("button", { class: "chip chip-emote", type: "button", "aria-label": emote, onclick: () => this.send({ type: "chat", text: emote }) }, emote)),
    );
    this.el.chatList = h("ol", { class: "chat-list", "aria-live": "polite" });
    this.el.muteRow = h("div", { class: "mute-row" });
    fill(this.el.panels.chat, this.el.chatList, this.replay ? null : h("div", { class: "chat-bottom" }, this.el.muteRow, quick, form));
  },

  renderSide() {
    const e = this.el;
    const tabs = [
      ["log", t("log")],
      ["chat", t("chat")],
    ];
    // a table without signals (or of two) has no signals tab at all
    if (this.hasSignals()) tabs.push(["signals", t("gestures")]);
    else if (this.tab === "signals") this.tab = "log";
    fill(
      e.tabs,
      tabs.map(([id, label]) =>
        h(
          "button",
          {
            class: `tab${this.tab === id ? " active" : ""}`,
            role: "tab",
            id: `tab-${id}`,
            "aria-selected": String(this.tab === id),
            "aria-controls": `panel-${id}`,
            onclick: () => {
              this.tab = id;
              if (this.chatInView()) this.unread = 0;
              this.renderSide();
            },
          },
          label,
          id === "chat" && this.unread ? this.unreadBadge() : null,
        ),
      ),
    );
    for (const [id, panel] of Object.entries(e.panels)) panel.hidden = id !== this.tab;
    this.renderTools();
    this.renderChat();
    this.renderSignals();
  },

  renderChat() {
    const mine = this.mySeat();
    fill(
      this.el.chatList,
      this.chat
        .filter((m) => !this.muted.has(m.seat))
        .map((m) => {
          const tools =
            mine !== null && m.seat !== mine && !this.replay
              ? h(
                  "span",
                  { class: "chat-tools" },
                  h("button", { class: "link-btn", "aria-label": `${t("report")}: ${m.nickname}`, onclick: () => this.report(m) }, t("report")),
                  h("button", { class: "link-btn", "aria-label": `${t("mute")}: ${m.nickname}`, onclick: () => this.send({ type: "mute", seat: m.seat, muted: true }) }, t("mute")),
                )
              : null;
          return h("li", { class: this.teamOf(m.seat) === this.myTeam() ? "from-us" : "from-them" }, h("b", {}, m.nickname), " ", h("span", { class: "chat-text" }, m.text), tools);
        }),
    );
    this.renderMutes();
    this.el.chatList.scrollTop = this.el.chatList.scrollHeight;
  },

  /** A switch per other person at the table: mute (their chat, phrases and emotes) or hear again. */
  renderMutes() {
    const mine = this.mySeat();
    const people = mine === null || this.replay ? [] : (this.table?.seats || []).filter((s) => s.kind === "human" && s.seat !== mine);
    fill(
      this.el.muteRow,
      people.map((s) => {
        const muted = this.muted.has(s.seat);
        return h(
          "button",
          { class: `chip chip-mute${muted ? " active" : ""}`, type: "button", "aria-pressed": String(muted), onclick: () => this.send({ type: "mute", seat: s.seat, muted: !muted }) },
          `${t(muted ? "unmute" : "mute")}: ${this.name(s.seat)}`,
        );
      }),
    );
  },

  async report(message) {
    if (await this.send({ type: "report", seat: message.seat, reason: message.text.slice(0, 200) })) toast(t("reported"));
  },

  hasSignals() {
    return Boolean(this.signals?.enabled) && this.players() === 4;
  },

  /** Whether this seat's partner is a bot: it signals only the zap (truco.bots.signals), which the tab says. */
  partnerIsBot() {
    const me = this.mySeat();
    if (me === null || this.teamOf(me) === null) return false;
    return (this.table?.seats || []).some((info, seat) => seat !== me && this.teamOf(seat) === this.teamOf(me) && info?.kind === "bot");
  },

  renderSignals() {
    const panel = this.el.panels.signals;
    if (!this.hasSignals()) {
      fill(panel);
      return;
    }
    const seated = this.mySeat() !== null && !this.replay;
    const buttons = h(
      "div",
      { class: "gesture-buttons" },
      GESTURES.map((g) =>
        h(
          "button",
          { class: "gesture-btn", disabled: !seated, "aria-label": t(`gesture_${g}`), dataset: { gesture: g }, onclick: () => this.send({ type: "signal", gesture: g }) },
          h("span", { svg: gestureSVG(g) }),
          h("span", {}, t(`gesture_${g}`)),
        ),
      ),
    );
    const table = this.signals.table;
    const manilha = this.view?.manilha;
    const rows = table
      ? GESTURES.filter((g) => table[g]).map((g) =>
          h(
            "tr",
            {},
            h("td", { svg: gestureSVG(g), class: "sig-face" }),
            h("td", {}, t(`gesture_${g}`)),
            h("td", { class: `sig-suit suit-${table[g]}` }, manilha ? cardShort(manilha + table[g]) : SUIT_SYMBOL[table[g]]),
          ),
        )
      : [];
    fill(
      panel,
      buttons,
      table ? h("table", { class: "signal-table", "aria-label": t("signal_table") }, h("caption", {}, t("signal_table")), h("tbody", {}, rows)) : null,
      this.partnerIsBot() ? h("p", { class: "signal-note" }, t("bot_partner_signals")) : null,
    );
  },
};
