// A requestedSchema made the page's data at run time: what compiler/kinds.py (classify),
// compiler/lower.py (the normalised schema, the fields), compiler/naming.py (html_ids),
// targets/common/view.py and hints.py (each field's control and hint) and targets/html_fields.py
// (its markup and field_data) do in Python for the HTML page, step for step, with their tables
// generated from Python's own (WEB_DATA, scripts/web_tables.py). tests/targets/web/ holds the
// result to Python's page_data and the page's markup for every golden case.

const own = (object, key) => object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
/** object[key] = value as an own property, whatever the key: an assignment to `__proto__` would
 * set the object's prototype instead (a field of that name lost, its checks with it). */
const setOwn = (object, key, value) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isNumber = (value) => typeof value === "number";

/** formcore's _num: a number as people write it (5 for 5.0, 0.25), as Python writes it. */
function numberText(n) {
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  if (!Number.isFinite(n)) return n > 0 ? "inf" : n < 0 ? "-inf" : "nan";
  // Python's repr: exponent from 1e16 up and below 1e-4, written e+XX / e-XX with two digits
  const text = String(n);
  const m = /^(-?[0-9.]+)e([+-])([0-9]+)$/.exec(text);
  if (m !== null) return `${m[1]}e${m[2]}${m[3].padStart(2, "0")}`;
  const abs = Math.abs(n);
  if (abs >= 1e16) {
    const [digits, exp] = n.toExponential().split("e");
    const sign = exp[0] === "-" ? "-" : "+";
    return `${digits}e${sign}${exp.replace(/^[+-]/, "").padStart(2, "0")}`;
  }
  if (abs !== 0 && abs < 1e-4) {
    const [digits, exp] = n.toExponential().split("e");
    return `${digits}e-${exp.slice(1).padStart(2, "0")}`;
  }
  return text;
}

/** A number's JSON text as Python's json.dumps writes the parsed value (2 for an integer). */
const numberJson = (n) => (Number.isInteger(n) && Math.abs(n) < 1e16 ? String(n) : pythonFloatText(n));
const pythonFloatText = (n) => {
  const text = numberText(n);
  return /^-?[0-9]+$/.test(text) ? `${text}.0` : text;
};

// --- kinds.py's classify ----------------------------------------------------------------------

const KIND = WEB_DATA.kinds;
const REFUSAL = WEB_DATA.refusals;

function classify(name, schema) {
  const refuse = (key) => ({ name, schema, kind: KIND.INVALID, problem: REFUSAL[key] });
  if (!isObject(schema)) return refuse("notObject");
  if (own(schema, "$ref")) return refuse("ref");
  for (const combinator of ["allOf", "not", "if"]) if (own(schema, combinator)) return refuse(combinator);
  const type = schema.type;
  if (!own(schema, "type")) {
    if (own(schema, "enum") || own(schema, "oneOf")) return refuse("selectNeedsType");
    if (own(schema, "items")) return refuse("multiNeedsArray");
    if (own(schema, "properties")) return refuse("nested");
    if (own(schema, "anyOf")) return refuse("anyOfField");
    return refuse("noType");
  }
  if (Array.isArray(type)) return refuse(type.includes("null") ? "nullInUnion" : "union");
  if (type === null || type === "null") return refuse("nullType");
  if (type === "object") return refuse("object");
  const kind = (k) => ({ name, schema, kind: k, problem: null });
  if (type === "array") {
    const items = schema.items;
    if (!isObject(items)) return refuse("arrayItems");
    if (own(items, "anyOf")) return kind(KIND.MULTI_TITLED);
    if (own(items, "oneOf")) return refuse("multiOneOf");
    if (own(items, "enum")) {
      return WEB_DATA.selectTypes.includes(items.type) ? kind(KIND.MULTI_UNTITLED) : refuse("multiItemsType");
    }
    return refuse("arrayList");
  }
  const select = () => {
    if (own(schema, "oneOf")) return kind(KIND.SINGLE_TITLED);
    if (own(schema, "enum")) return kind(own(schema, "enumNames") ? KIND.SINGLE_LEGACY : KIND.SINGLE_UNTITLED);
    if (own(schema, "anyOf")) return refuse("oneOfNotAnyOf");
    return refuse("enumNamesAlone");
  };
  if (type === "string") {
    return WEB_DATA.stringSelectKeys.some((key) => own(schema, key)) ? select() : kind(KIND.STRING);
  }
  if (WEB_DATA.numberTypes.includes(type)) {
    return own(schema, "enum") || own(schema, "oneOf") ? select() : kind(KIND.NUMBER);
  }
  if (type === "boolean") return kind(KIND.BOOLEAN);
  if (typeof type === "string") {
    return { name, schema, kind: KIND.INVALID, problem: `unknown type ${reprText(type)}; ${typeHint(type)}` };
  }
  return { name, schema, kind: KIND.INVALID, problem: REFUSAL.typeNotString };
}

const isSingle = (kind) => [KIND.SINGLE_UNTITLED, KIND.SINGLE_TITLED, KIND.SINGLE_LEGACY].includes(kind);
const isMulti = (kind) => kind === KIND.MULTI_UNTITLED || kind === KIND.MULTI_TITLED;

/** What a select's options are (kinds.py's value_type). */
function valueType(prop) {
  const schema = prop.schema;
  if (isSingle(prop.kind)) return String(schema.type);
  if (prop.kind === KIND.MULTI_UNTITLED) return isObject(schema.items) ? String(schema.items.type) : "";
  if (prop.kind === KIND.MULTI_TITLED) {
    // the first option's const (an option that is no object has none)
    const options = Array.isArray(schema.items.anyOf) ? schema.items.anyOf.filter(isObject) : [];
    const first = options.length ? options[0].const : undefined;
    return isNumber(first) ? "number" : "string";
  }
  return "";
}

/** kinds.py's _type_hint: "did you mean `integer`? " for a known alias or a near spelling
 * (verdict.js's closest), then the kinds. */
function typeHint(given) {
  const alias = given.toLowerCase();
  // own keys only: "constructor" or "toString" is no alias of a type
  const guess = own(REFUSAL.typeAliases, alias)
    ? REFUSAL.typeAliases[alias]
    : closest(given, ["string", "number", "integer", "boolean", "array"]);
  return (guess ? `did you mean \`${guess}\`? ` : "") + REFUSAL.unknownTypeTail;
}

// --- lower.py: the normalised schema and the fields -----------------------------------------

const ALLOWED = Object.fromEntries(Object.entries(WEB_DATA.allowed).map(([k, v]) => [k, new Set(v)]));
const titled = (options) => options.map((o) => ({ const: o.const, title: o.title }));

function normaliseProperty(prop) {
  const source = prop.schema;
  const allowed = ALLOWED[prop.kind];
  const result = {};
  for (const key of WEB_DATA.keyOrder) {
    if (!own(source, key) || !allowed.has(key)) continue;
    let value = source[key];
    if (key === "uniqueItems" && value !== true) continue;
    if (key === "oneOf") value = titled(value);
    else if (key === "items") {
      value = prop.kind === KIND.MULTI_TITLED ? { anyOf: titled(value.anyOf) } : { type: value.type, enum: [...value.enum] };
    }
    result[key] = value;
  }
  return result;
}

function normaliseSchema(root, props) {
  const names = new Set(props.map((p) => p.name));
  const listed = Array.isArray(root.required) ? root.required : [];
  const required = [...new Set(listed.filter((x) => typeof x === "string"))].filter((n) => names.has(n));
  const schema = { type: "object", properties: {} };
  for (const p of props) setOwn(schema.properties, p.name, normaliseProperty(p));
  if (required.length) schema.required = required;
  if (root.additionalProperties === false) schema.additionalProperties = false;
  return schema;
}

/** Code point order, as Python sorts strings. */
const byCodePoint = (a, b) => {
  const x = [...a].map((c) => c.codePointAt(0));
  const y = [...b].map((c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

/** naming.py's html_ids: a distinct, readable id per property name (f-first-name). */
function htmlIds(names) {
  const result = new Map();
  const taken = new Set();
  for (const name of [...new Set(names)].sort(byCodePoint)) {
    const ascii = name.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
    const slug = ascii.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "field";
    let candidate = `f-${slug}`;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `f-${slug}-${n}`;
    taken.add(candidate);
    result.set(name, candidate);
  }
  return result;
}

const shownOption = (value) => (typeof value === "string" ? value : numberText(value));

function fieldOf(prop, n, required, id) {
  const title = typeof n.title === "string" ? n.title : null;
  const field = {
    name: prop.name,
    id,
    title,
    label: title !== null && title.trim() ? title : prop.name,
    description: typeof n.description === "string" ? n.description : null,
    required,
    default: own(n, "default") ? n.default : null,
    normalised: n,
  };
  const k = prop.kind;
  if (k === KIND.STRING && own(n, "const")) {
    return { ...field, kind: "single", values: [n.const], labels: [n.const], numeric: false };
  }
  if (k === KIND.STRING) {
    return { ...field, kind: "string", minLength: n.minLength ?? null, maxLength: n.maxLength ?? null, format: n.format || null };
  }
  if (k === KIND.NUMBER) return { ...field, kind: "number", integer: n.type === "integer" };
  if (k === KIND.BOOLEAN) return { ...field, kind: "boolean" };
  let options;
  if (k === KIND.SINGLE_TITLED) options = n.oneOf.map((o) => [o.const, o.title]);
  else if (k === KIND.MULTI_TITLED) options = n.items.anyOf.map((o) => [o.const, o.title]);
  else if (k === KIND.MULTI_UNTITLED) options = n.items.enum.map((v) => [v, shownOption(v)]);
  else {
    const names = k === KIND.SINGLE_LEGACY ? n.enumNames : null;
    options = n.enum.map((v, i) => [v, names ? names[i] : shownOption(v)]);
  }
  const numeric = WEB_DATA.numberTypes.includes(valueType(prop));
  const data = { ...field, values: options.map((o) => o[0]), labels: options.map((o) => o[1]), numeric };
  if (isSingle(k)) return { ...data, kind: "single" };
  return { ...data, kind: "multi", minItems: n.minItems ?? null, maxItems: n.maxItems ?? null };
}

/** The schema's verdict, normalised schema and fields (with their markup specs, fields.js). */
function compileForm(root, _t, _tn) {
  const problems = schemaProblems(root);
  if (problems.length) return { problems, schema: {}, title: null, description: null, fields: [] };
  const props = Object.entries(root.properties).map(([name, schema]) => classify(name, schema));
  const schema = normaliseSchema(root, props);
  const required = new Set(schema.required || []);
  const ids = htmlIds(props.map((p) => p.name));
  const hints = makeHints(_t, _tn);
  const fields = props.map((p) =>
    markupOf(fieldOf(p, schema.properties[p.name], required.has(p.name), ids.get(p.name)), hints, _t),
  );
  return {
    problems: [],
    schema,
    title: typeof root.title === "string" ? root.title : null,
    description: typeof root.description === "string" ? root.description : null,
    fields,
  };
}
