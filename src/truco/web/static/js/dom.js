// A tiny element builder. Text children become text nodes, so nothing a player types is read as markup.
//
//   h("button", { class: "btn", onclick: go, "aria-label": "Jogar" }, "JOGAR")

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    // only for SVG markup this client draws itself
    else if (key === "svg") el.innerHTML = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child.nodeType ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace the children of ``el``. */
export function fill(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child.nodeType ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A short message at the bottom of the screen. */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const el = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  box.append(el);
  setTimeout(() => el.remove(), 3500);
}

/** A person's initial, for an avatar. */
export function initials(name) {
  return (name || "?").trim().slice(0, 1).toUpperCase();
}
