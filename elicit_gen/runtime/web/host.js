// elicit-gen web elements: what both elements share. The HTML target's page scripts (form.js,
// url_consent.js, i18n.js) run unchanged inside each element: they are compiled into this module
// as the bodies of functions whose parameters `document` and `window` are the stand-ins made
// here, so that what a page script does to its page it does to the element's shadow root (ids
// are looked up there, its events are the element's, bubbling and composed, and its API lands
// on an object of the element's). One codebase: the page and the element run the same checks,
// words and flow. Nothing here reads the network, evaluates text or writes markup as text: every
// node is made with createElement and every string reaches the DOM through textContent or an
// attribute. Styles are constructable style sheets adopted by the shadow root (a strict
// Content-Security-Policy allows them: no inline <style>, no style attribute).

/** The messages, plural categories and Intl locale of a shipped locale (else English's). */
const localeData = (tag) => {
  const key = typeof tag === "string" ? LOCALE_ALIASES[tag.toLowerCase().replace(/_/g, "-")] : undefined;
  return LOCALES[key === undefined ? "en" : key];
};

/** Listener options with `signal` added (a page script passes true, an object or nothing). */
const withSignal = (options, signal) =>
  typeof options === "object" && options !== null ? { ...options, signal } : { capture: Boolean(options), signal };

/** A shadow root's stand-in for the page's `document` (`data` is what #eg-data would hold);
 * its listeners go when `signal` aborts (the element shows something else). */
const pageDocument = (root, host, data, signal) => {
  let text = null; // #eg-data's text, made once
  return {
    getElementById: (id) => {
      if (id !== "eg-data") return root.getElementById(id);
      if (text === null) text = JSON.stringify(data);
      return { textContent: text };
    },
    createElement: (tag) => document.createElement(tag),
    addEventListener: (type, listener, options) => root.addEventListener(type, listener, withSignal(options, signal)),
    // the page's result event, as the element's: it bubbles and crosses the shadow boundary
    dispatchEvent: (event) =>
      host.dispatchEvent(new CustomEvent(event.type, { detail: event.detail, bubbles: true, composed: true })),
    get activeElement() {
      return root.activeElement;
    },
  };
};

/** The page's `window`: no query string (the host sets properties), the real window's events
 * (pointer releases, blur, pagehide), and the page's API kept on this object. */
const pageWindow = (signal) => {
  const stand = {
    location: { search: "" },
    addEventListener: (type, listener, options) => window.addEventListener(type, listener, withSignal(options, signal)),
  };
  stand.parent = stand;
  return stand;
};

const words = new Map();

/** The page's `_t` and `_tn` for `data` ({locale, messages, plural}: one of LOCALES):
 * i18n.js, run as is, once per locale. */
function pageWords(data) {
  let found = words.get(data);
  if (found === undefined) {
    found = pageI18n(pageDocument(null, null, data));
    words.set(data, found);
  }
  return found;
}

const checks = new Map();

/** urlcheck.js's check in the words of `data`'s locale (made once per locale). */
function urlcheckIn(data, _t, _tn) {
  let found = checks.get(data.locale);
  if (found === undefined) {
    found = pageUrlcheck(_t, _tn);
    checks.set(data.locale, found);
  }
  return found;
}

/** An element: h("p", {class: "x", id: "y"}, "text", child, ...); attribute values and text
 * are set as data, never parsed. `hidden: true` and other booleans set the attribute. */
function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

const sheets = new Map();

/** The constructable style sheet of `text` (one per text, shared by every element). */
function sheet(text) {
  let found = sheets.get(text);
  if (found === undefined) {
    found = new CSSStyleSheet();
    found.replaceSync(text);
    sheets.set(text, found);
  }
  return found;
}

const shown = new WeakMap(); // element -> the AbortController of what it shows

/** A fresh shadow root content for `element`: its style sheets adopted (`css`: their texts, in
 * order), the page wrapper made (what the page's <body> is), in the language of `data`; and the
 * signal that ends the listeners of what it showed before. */
function freshRoot(element, css, data) {
  const before = shown.get(element);
  if (before !== undefined) before.abort();
  const controller = new AbortController();
  shown.set(element, controller);
  const root = element.shadowRoot || element.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = css.map(sheet);
  root.replaceChildren();
  const page = h("div", { class: "page", lang: data.locale });
  root.append(page);
  return [root, page, controller.signal];
}

const text = (value) => (value === null || value === undefined ? undefined : String(value));
