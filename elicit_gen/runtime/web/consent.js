// <elicitation-url-consent>: the URL-mode consent page (url_consent.js and its check, urlcheck.js,
// run as they are) inside an element. Properties: message, url, server, revision (and locale).
// The request is shown once the element is in a document and has a url; a later url or
// revision is a new request (the screen starts over), a later server or message updates the
// one shown. The answer is the `elicitation-result` event (bubbles, composed), detail the
// ElicitResult: {action: "accept" | "decline" | "cancel"}.

/** The consent page's markup (templates/html/url_consent.html.j2), in the words of `_t`. */
function consentMarkup(_t) {
  const server = _t("An MCP server");
  const [before, after] = _t("{server} asks you to open a web page").split("{server}", 2);
  // a <section>, where the page has its <main>: the host page has its own main landmark
  return h(
    "section",
    { class: "card", id: "eg-main", "aria-labelledby": "eg-asks" },
    h(
      "header",
      { class: "head" },
      h("p", { class: "from" }, h("span", { class: "from-label" }, _t("Request from")), " ",
        h("span", { class: "server", id: "eg-server", dir: "auto" }, server)),
      h("h1", { class: "lead asks", id: "eg-asks", tabindex: "-1" }, before,
        h("span", { class: "sx", id: "eg-asks-server", dir: "auto" }, server), after || ""),
      h("p", { class: "message sx", dir: "auto", id: "eg-message" }, _t("Waiting for the request…")),
    ),
    h(
      "section",
      { class: "body", id: "eg-body", "aria-labelledby": "eg-dest-label" },
      h(
        "div",
        { class: "dest", id: "eg-dest", hidden: true },
        h("p", { class: "dest-label", id: "eg-dest-label" }, _t("The page is on")),
        h("p", { class: "domain", id: "eg-domain", dir: "ltr", translate: "no" }),
        h("p", { class: "readable", id: "eg-domain-readable", dir: "ltr", translate: "no", hidden: true }),
        h("p", { class: "url", id: "eg-url", dir: "ltr", translate: "no", "aria-label": _t("Full address") }),
      ),
      h("ul", { class: "warnings", id: "eg-warnings", "aria-label": _t("Warnings") }),
      h("p", { class: "refusal", id: "eg-refusal", hidden: true },
        h("strong", {}, _t("This link cannot be opened.")), " ", h("span", { id: "eg-refusal-text" })),
      h(
        "div",
        { class: "actions", id: "eg-actions", hidden: true },
        h("p", { class: "status", id: "eg-status", role: "status" }),
        h(
          "div",
          { class: "buttons" },
          h("button", { type: "button", class: "btn quiet", id: "eg-cancel", "aria-keyshortcuts": "Escape" }, _t("Cancel")),
          h("button", { type: "button", class: "btn", id: "eg-decline" }, _t("Decline")),
          h("a", { class: "btn", id: "eg-open", target: "_blank", rel: "noopener noreferrer", hidden: true },
            _t("Open in browser")),
          h("button", { type: "button", class: "btn primary", id: "eg-finished", hidden: true }, _t("I've finished")),
        ),
      ),
    ),
    h("div", { class: "done", id: "eg-done", role: "status", tabindex: "-1", hidden: true }),
  );
}

class ElicitationUrlConsent extends HTMLElement {
  #props = { message: undefined, url: undefined, server: undefined, revision: undefined, locale: undefined };
  #api = null; // the page's API of the request shown
  #shown = null; // [url, revision, locale] of the request shown
  #queued = false;

  get message() { return this.#props.message; }
  set message(value) { this.#set("message", text(value)); }
  get url() { return this.#props.url; }
  set url(value) { this.#set("url", text(value)); }
  get server() { return this.#props.server; }
  set server(value) { this.#set("server", text(value)); }
  get revision() { return this.#props.revision; }
  set revision(value) { this.#set("revision", text(value)); }
  get locale() { return this.#props.locale; }
  set locale(value) { this.#set("locale", text(value)); }

  /** The result once the user answered, else null. */
  get result() { return this.#api === null ? null : this.#api.delivered(); }

  #set(name, value) {
    this.#props[name] = value;
    this.#schedule();
  }

  connectedCallback() {
    this.#schedule();
  }

  // Properties set one after the other in one task make one request.
  #schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#update();
    });
  }

  #update() {
    const p = this.#props;
    if (!this.isConnected || p.url === undefined) return;
    const key = JSON.stringify([p.url, p.revision, localeData(p.locale).locale]);
    if (this.#api !== null && this.#shown === key) {
      this.#api.setServer(p.server);
      this.#api.setMessage(p.message);
      return;
    }
    this.#shown = key;
    const data = localeData(p.locale);
    const [root, page, signal] = freshRoot(this, CONSENT_CSS, data);
    const [_t, _tn] = pageWords(data);
    page.append(consentMarkup(_t));
    const stand = pageWindow(signal);
    let delivered = null;
    runUrlConsent(pageDocument(root, this, data, signal), stand, _t, _tn, urlcheckIn(data, _t, _tn));
    const api = stand.elicitation;
    api.result.then((outcome) => {
      delivered = outcome;
    });
    this.#api = { setServer: api.setServer, setMessage: api.setMessage, delivered: () => delivered };
    api.showUrl({ message: p.message, url: p.url, server: p.server, revision: p.revision });
  }
}
