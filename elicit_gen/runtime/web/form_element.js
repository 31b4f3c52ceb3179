// <elicitation-form>: a requestedSchema compiled at run time (compile.js, fields.js), shown with
// the page's markup (templates/html/page.html.j2 and fields.html.j2, made here with
// createElement) and run by the page's own script (runtime/html/form.js). Properties:
// requestedSchema, message, server, locale; read-only problems; validate(content); the answer
// is the `elicitation-result` event (bubbles, composed), detail the ElicitResult.

const pageMacros = {
  label(spec, _t) {
    const parts = [h("span", { class: "label-text sx", dir: "auto" }, spec.label)];
    if (spec.required) parts.push(" ", h("span", { class: "req" }, _t("required")));
    return parts;
  },
  desc: (spec) => h("p", { class: "desc sx", dir: "auto", id: `${spec.id}_desc` }, spec.description),
  hint: (spec) => h("p", { class: "hint", id: `${spec.id}_hint` }, spec.hint),
  error: (spec) => h("p", { class: "error", id: `${spec.id}_err` }),
  required: (spec) => (spec.required ? { "aria-required": "true" } : {}),
};

/** One field's markup: a macro of fields.html.j2. */
function fieldMarkup(spec, _t) {
  const m = pageMacros;
  const label = (attrs) => h("label", { class: "label", for: spec.id, ...attrs }, ...m.label(spec, _t));
  const desc = spec.description ? m.desc(spec) : null;
  const describedby = { "aria-describedby": spec.describedby };
  switch (spec.macro) {
    case "text":
      return h("div", { class: "field", "data-kind": "text" }, label(), desc,
        h("input", { class: "input", id: spec.id, type: spec.inputType, autocomplete: spec.autocomplete, spellcheck: "false",
          placeholder: spec.placeholder || null, ...describedby, ...m.required(spec) }),
        spec.hint ? m.hint(spec) : null, m.error(spec));
    case "textarea":
      return h("div", { class: "field", "data-kind": "text" }, label(), desc,
        h("textarea", { class: "input area", id: spec.id, rows: "6", autocomplete: "off", spellcheck: "true", ...describedby, ...m.required(spec) }),
        spec.hint ? m.hint(spec) : null, m.error(spec));
    case "datetime":
      return h("div", { class: "field", "data-kind": "datetime" }, label(), desc,
        h("input", { class: "input", id: spec.id, type: "datetime-local", ...describedby, ...m.required(spec) }),
        h("p", { class: "hint", id: `${spec.id}_hint` }, `${spec.hint} `, h("span", { class: "zone", id: `${spec.id}_tz` })),
        m.error(spec));
    case "number":
      return h("div", { class: "field", "data-kind": "number" }, label(), desc,
        h("input", { class: "input number", id: spec.id, type: "number", value: spec.value, step: spec.step, min: spec.min || null,
          max: spec.max || null, inputmode: spec.inputmode || null, autocomplete: "off", ...describedby, ...m.required(spec) }),
        m.hint(spec), m.error(spec));
    case "boolean":
      return h("div", { class: "field check", "data-kind": "boolean" },
        h("input", { class: "box", id: spec.id, type: "checkbox", checked: spec.checked, ...describedby }),
        h("label", { class: "label", for: spec.id }, h("span", { class: "label-text sx", dir: "auto" }, spec.label)),
        desc, m.error(spec));
    case "select":
      return h("div", { class: "field", "data-kind": "select" }, label(), desc,
        h("select", { class: "input select", id: spec.id, ...describedby, ...m.required(spec) },
          spec.emptyLabel ? h("option", { value: "" }, spec.emptyLabel) : null,
          ...spec.options.map((o) => h("option", { value: o.index, dir: "auto", selected: o.selected }, o.label))),
        m.error(spec));
    default:
      return h("fieldset", { class: "field group", "data-kind": "multi", id: spec.id, ...describedby },
        h("legend", { class: "label" }, ...m.label(spec, _t)), desc,
        h("div", { class: spec.many ? "choices many" : "choices" },
          ...spec.options.map((o) => h("div", { class: "choice" },
            h("input", { class: "box", id: o.id, type: "checkbox", value: o.index, checked: o.selected }),
            h("label", { for: o.id, class: "sx", dir: "auto" }, o.label)))),
        spec.hint ? m.hint(spec) : null, m.error(spec));
  }
}

/** The page around the fields (page.html.j2): header, the form, the discard dialog. With
 * `problems`, the reasons the schema was refused and only Decline and Cancel. */
function formMarkup(compiled, message, _t) {
  const shown = message === undefined || message === null ? _t("The server is asking for the following information.") : String(message);
  const server = _t("An MCP server");
  const head = [h("p", { class: "from" }, h("span", { class: "from-label" }, _t("Request from")), " ",
    h("span", { class: "server", id: "eg-server", dir: "auto" }, server))];
  const title = compiled.title;
  const lines = safeBlock(shown);
  if (title !== null) {
    head.push(h("h1", { class: "title sx", dir: "auto", id: "eg-title" }, safeText(title)),
      h("p", { class: "message sx", dir: "auto", id: "eg-message" }, lines));
  } else if (!shown.trim().includes("\n") && [...shown].length <= WEB_DATA.headingMessageLength) {
    head.push(h("h1", { class: "message lead sx", dir: "auto", id: "eg-message" }, lines));
  } else {
    head.push(h("h1", { class: "vh" }, _t("Information request")), h("p", { class: "message sx", dir: "auto", id: "eg-message" }, lines));
  }
  if (compiled.description !== null) head.push(h("p", { class: "lede sx", dir: "auto" }, safeBlock(compiled.description)));
  const refused = compiled.problems.length > 0;
  const body = [h("legend", { class: "vh" }, _t("Your answers"))];
  if (refused) {
    body.push(h("div", { class: "refused", id: "eg-refused" },
      h("p", { class: "refused-title" }, h("strong", {}, _t("This form cannot be shown."))),
      h("ul", { class: "refused-reasons" }, ...compiled.problems.map((p) => h("li", { dir: "auto", class: "sx" }, safeText(p))))));
  } else if (compiled.fields.length) {
    body.push(h("div", { class: "fields" }, ...compiled.fields.map((spec) => fieldMarkup(spec, _t))));
  }
  const buttons = [
    h("button", { type: "button", class: "btn quiet", id: "eg-cancel", "aria-keyshortcuts": "Escape" }, _t("Cancel")),
    h("button", { type: "button", class: "btn", id: "eg-decline" }, _t("Decline")),
  ];
  if (!refused) buttons.push(h("button", { type: "submit", class: "btn primary", id: "eg-accept" }, _t("Submit")));
  body.push(h("div", { class: "actions" }, h("p", { class: "status", id: "eg-status", role: "status" }), h("div", { class: "buttons" }, ...buttons)));
  // a <section>, where the page has its <main>: the host page has its own main landmark
  const headingMessage = head.some((n) => n.id === "eg-message" && n.tagName === "H1");
  const labelledby = title !== null ? "eg-title" : headingMessage ? "eg-message" : null;
  const main = h("section", { class: "card", id: "eg-main", "aria-labelledby": labelledby }, h("header", { class: "head" }, ...head),
    h("form", { id: "eg-form", novalidate: true, "aria-labelledby": title !== null ? "eg-title" : "eg-message" },
      h("fieldset", { class: "body", id: "eg-body" }, ...body)),
    h("div", { class: "done", id: "eg-done", role: "status", tabindex: "-1", hidden: true }));
  const dialog = h("dialog", { class: "confirm", id: "eg-confirm", "aria-labelledby": "eg-confirm-title", "aria-describedby": "eg-confirm-text" },
    h("h2", { class: "confirm-title", id: "eg-confirm-title" }, _t("Discard your answers?")),
    h("p", { class: "confirm-text", id: "eg-confirm-text" }, _t("You changed this form. Discarding cancels the request and your answers are not sent.")),
    h("div", { class: "buttons" }, h("button", { type: "button", class: "btn", id: "eg-keep" }, _t("Keep editing")),
      h("button", { type: "button", class: "btn danger", id: "eg-discard" }, _t("Discard"))));
  return [main, dialog];
}

const NAIVE_DATE_TIME_RE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?$/;

/** repairs.py's _in_local_time: a date-time without its offset, with the offset the user's
 * time zone has then ("2025-01-06T09:00:00+01:00"); null for anything else. */
function inLocalTime(value) {
  const m = typeof value === "string" ? NAIVE_DATE_TIME_RE.exec(value) : null;
  if (m === null) return null;
  const moment = new Date(0);
  moment.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  moment.setHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
  if (Number.isNaN(moment.getTime())) return null;
  const east = -moment.getTimezoneOffset();
  const pad = (n) => String(n).padStart(2, "0");
  return `${value}${east < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`;
}

class ElicitationForm extends HTMLElement {
  #props = { requestedSchema: undefined, message: undefined, server: undefined, locale: undefined };
  #compiled = null; // compile.js's result for the schema and locale set
  #api = null; // the page's API of the form shown
  #rendered = false;
  #queued = false;

  get requestedSchema() { return this.#props.requestedSchema; }
  set requestedSchema(value) {
    this.#props.requestedSchema = value;
    this.#compiled = null;
    this.#invalidate();
  }
  get message() { return this.#props.message; }
  set message(value) {
    this.#props.message = text(value);
    this.#invalidate();
  }
  get server() { return this.#props.server; }
  set server(value) {
    this.#props.server = text(value);
    if (this.#api !== null && this.#rendered) this.#api.setServer(this.#props.server);
  }
  get locale() { return this.#props.locale; }
  set locale(value) {
    this.#props.locale = text(value);
    this.#compiled = null;
    this.#invalidate();
  }

  /** [] when the schema is shown as a form; else why it is refused (the Python forms'
   * verdict: load_form refuses exactly these schemas). */
  get problems() {
    return [...this.#compile().problems];
  }

  /** What is wrong with `content` ({field: message}; {} when it is a valid answer), as the
   * Python forms' validate() says. */
  validate(content) {
    if (this.#compile().problems.length) throw new Error(`elicitation-form: the schema was refused: ${this.#compiled.problems[0]}`);
    this.#render();
    return this.#api.validate(content);
  }

  connectedCallback() {
    this.#invalidate();
  }

  #compile() {
    if (this.#compiled === null) {
      const data = localeData(this.#props.locale);
      const [_t, _tn] = pageWords(data);
      this.#compiled = Object.assign(compileForm(this.#props.requestedSchema, _t, _tn), { data, _t, _tn });
    }
    return this.#compiled;
  }

  #invalidate() {
    this.#rendered = false;
    if (this.#queued || !this.isConnected) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected) this.#render();
    });
  }

  #render() {
    if (this.#rendered) return;
    this.#rendered = true;
    const compiled = this.#compile();
    const data = { ...compiled.data, schema: compiled.schema, fields: compiled.fields.map((f) => f.data) };
    const [root, page, signal] = freshRoot(this, FORM_CSS, data);
    page.append(...formMarkup(compiled, this.#props.message, compiled._t));
    if (compiled.problems.length) {
      // a refused schema: nothing to submit (only Decline and Cancel answer)
      const refuse = (event) => {
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      root.addEventListener("submit", refuse, { capture: true, signal });
    }
    const stand = pageWindow(signal);
    runForm(pageDocument(root, this, data, signal), stand, compiled._t, compiled._tn);
    this.#api = stand.elicitation;
    this.#api.setServer(this.#props.server);
    // A default that fails its own field (EG140) is not used, as load_form does: the form is
    // made again without it, or, a date-time without an offset, with it read as local time (the
    // page's own check says which fails; live/repairs.py).
    const api = this.#api;
    const fails = (name, value) => own(api.validate({ [name]: value }), name);
    const unusable = compiled.fields.filter((spec) => spec.field.default !== null && fails(spec.field.name, spec.field.default));
    if (unusable.length && !compiled.repaired) {
      const repairs = new Map();
      for (const spec of unusable) {
        const field = spec.field;
        const local = field.normalised.format === "date-time" ? inLocalTime(field.default) : null;
        repairs.set(field.name, local !== null && !fails(field.name, local) ? local : undefined);
      }
      const schema = this.#props.requestedSchema;
      const properties = {};
      for (const [name, prop] of Object.entries(schema.properties)) {
        if (!repairs.has(name)) setOwn(properties, name, prop);
        else {
          const { default: _sent, ...rest } = prop;
          setOwn(properties, name, repairs.get(name) === undefined ? rest : { ...rest, default: repairs.get(name) });
        }
      }
      this.#compiled = Object.assign(compileForm({ ...schema, properties }, compiled._t, compiled._tn), {
        data: compiled.data, _t: compiled._t, _tn: compiled._tn, repaired: true,
      });
      this.#rendered = false;
      this.#render();
    }
  }
}
