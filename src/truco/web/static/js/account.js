// The account page ("/account"): log in, create an account (a guest claims its name), and once in: log out
// here or everywhere, change the password, delete the account. And "/reset#<token>": a new password from the
// one-time link of `truco admin reset-password`. The session is an HttpOnly cookie this script never sees.

import "./account_words.js";
import { api, whoAmI } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { prefs, savePrefs } from "./prefs.js";

/** After a login: the session cookie speaks for this browser, not the guest token. */
export function signedIn(me) {
  localStorage.removeItem("truco.token");
  localStorage.setItem("truco.account", "1");
  prefs.nickname = me.name;
  savePrefs();
}

function field(id, label, attrs = {}) {
  return h("label", { class: "field", for: id }, h("span", {}, label), h("input", { id, name: id, required: true, ...attrs }));
}

/** A form whose submit runs ``action(values)`` and reports a failure as a toast. */
function form(id, title, fields, button, action) {
  return h(
    "form",
    {
      id,
      class: "card account-form",
      onsubmit: async (e) => {
        e.preventDefault();
        const values = Object.fromEntries(new FormData(e.target).entries());
        try {
          await action(values);
        } catch (err) {
          toast(t("error", { msg: err.message }), "error");
        }
      },
    },
    h("h2", {}, title),
    fields,
    h("button", { class: "btn btn-primary", type: "submit", id: `${id}-submit` }, button),
  );
}

export class AccountScreen {
  constructor(root, { navigate }) {
    Object.assign(this, { root, navigate });
  }

  async mount() {
    this.me = await whoAmI().catch(() => null);
    this.render();
  }

  unmount() {}

  refresh() {
    this.render();
  }

  render() {
    if (this.me?.account) this.renderSignedIn();
    else this.renderSignedOut();
  }

  renderSignedOut() {
    const guest = this.me?.nickname;
    const enter = async (path, values) => {
      const me = await api.post(path, { name: values.name, password: values.password });
      signedIn(me);
      this.navigate(`/u/${encodeURIComponent(me.name)}`);
    };
    fill(
      this.root,
      h(
        "div",
        { class: "account-page" },
        h("section", { class: "card" }, h("h1", {}, t("account_title")), h("p", {}, t("account_why"))),
        form(
          "register",
          guest ? t("register_claim", { name: guest }) : t("register_title"),
          [
            field("register-name", t("name"), { name: "name", maxlength: 20, value: guest || prefs.nickname || "", autocomplete: "username" }),
            field("register-password", t("password"), { name: "password", type: "password", minlength: 8, maxlength: 200, autocomplete: "new-password" }),
            h("p", { class: "hint" }, t("password_hint")),
          ],
          t("register"),
          (v) => enter("/api/accounts", v),
        ),
        form(
          "login",
          t("login_title"),
          [
            field("login-name", t("name"), { name: "name", maxlength: 20, autocomplete: "username" }),
            field("login-password", t("password"), { name: "password", type: "password", maxlength: 200, autocomplete: "current-password" }),
          ],
          t("login"),
          (v) => enter("/api/login", v),
        ),
      ),
    );
  }

  renderSignedIn() {
    const name = this.me.nickname;
    const out = async (all) => {
      await api.post("/api/logout", all ? { all: true } : {});
      localStorage.removeItem("truco.account");
      this.me = null;
      this.render();
    };
    const sessions = h("p", { class: "hint" });
    api.get("/api/sessions").then((s) => fill(sessions, t("sessions", { n: s.sessions.length })), () => {});
    fill(
      this.root,
      h(
        "div",
        { class: "account-page" },
        h(
          "section",
          { class: "card" },
          h("h1", {}, t("account_title")),
          h("p", { id: "signed-in" }, t("signed_in_as", { name })),
          sessions,
          h(
            "div",
            { class: "account-buttons" },
            h("a", { class: "btn btn-primary", href: `/u/${encodeURIComponent(name)}`, "data-link": true }, t("see_profile")),
            h("a", { class: "btn", href: "/ranked", "data-link": true }, t("ranked_title")),
            h("button", { class: "btn", id: "logout", onclick: () => out(false) }, t("logout")),
            h("button", { class: "btn", id: "logout-all", onclick: () => out(true) }, t("logout_all")),
          ),
        ),
        form(
          "password",
          t("change_password"),
          [
            field("old-password", t("current_password"), { name: "old", type: "password", autocomplete: "current-password" }),
            field("new-password", t("new_password"), { name: "new", type: "password", minlength: 8, maxlength: 200, autocomplete: "new-password" }),
          ],
          t("change_password"),
          async (v) => {
            await api.post("/api/password", v);
            toast(t("password_changed"));
          },
        ),
        form(
          "delete",
          t("delete_account"),
          [h("p", { class: "hint" }, t("delete_warning")), field("delete-password", t("password"), { name: "password", type: "password" })],
          t("delete_account"),
          async (v) => {
            await api.post("/api/account/delete", v);
            toast(t("deleted"));
            localStorage.removeItem("truco.account");
            this.me = null;
            this.render();
          },
        ),
      ),
    );
  }
}

export class ResetScreen {
  constructor(root, { navigate }) {
    Object.assign(this, { root, navigate });
  }

  mount() {
    const token = location.hash.slice(1);
    fill(
      this.root,
      h(
        "div",
        { class: "account-page" },
        form(
          "reset",
          t("reset_title"),
          [field("reset-password", t("new_password"), { name: "password", type: "password", minlength: 8, maxlength: 200, autocomplete: "new-password" })],
          t("reset_title"),
          async (v) => {
            try {
              const me = await api.post("/api/password/reset", { token, password: v.password });
              signedIn(me);
              toast(t("reset_done"));
              this.navigate(`/u/${encodeURIComponent(me.name)}`);
            } catch (err) {
              if (err.status === 410) toast(t("reset_bad"), "error");
              else throw err;
            }
          },
        ),
      ),
    );
  }

  unmount() {}
}
