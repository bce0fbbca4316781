// Pages that are not a table: "page not found" (any unknown address).

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

export class NotFoundScreen {
  constructor(root) {
    this.root = root;
  }

  mount() {
    document.title = `${t("not_found_title")} · Truco Paulista`;
    fill(
      this.root,
      h(
        "section",
        { class: "gone gone-404" },
        h("h1", {}, t("not_found_title")),
        h("p", {}, t("not_found_text")),
        h("div", { class: "gone-buttons" }, h("a", { class: "btn btn-primary btn-big", href: "/", "data-link": "" }, t("back_to_lobby"))),
      ),
    );
  }

  unmount() {
    document.title = "Truco Paulista";
  }

  refresh() {
    this.mount();
  }
}
