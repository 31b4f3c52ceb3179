// Whether a requestedSchema becomes a form: the error rules of elicit_gen/compiler/rules/ that
// load_form(schema) applies (the newest revision, every rule selected), step for step, with the
// rules' tables and their messages (str.format templates, filled here as Python fills them)
// generated from Python (WEB_DATA.rules). A refusal is FormError's lines: each error's code and
// message ("EG110 field 'name': ..."), in the order of their places in the schema's JSON text;
// [] when the schema is a form. Values in a message are written as Python writes the value it
// reads from JSON.stringify's text of them (1.0 is the number 1: "1").
// Not here: EG180 (nothing is newer than the newest revision) and the URL-mode rules (EG2xx).

const RULES = WEB_DATA.rules;
const TYPE_CHECKS = {
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  array: (v) => Array.isArray(v),
  stringArray: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
  numberArray: (v) => Array.isArray(v) && v.every(isNumber),
  positiveNumber: (v) => isNumber(v) && v > 0,
  integer: (v) => isNumber(v) && Number.isInteger(v),
  number: isNumber,
};
const ANNOTATIONS = RULES.annotationTypes;
const SUBSET_KEYWORDS = new Set(RULES.subsetKeywords);
const OTHER_KEYWORDS = new Set(RULES.otherKeywords);
const KIND_OF_KEY = new Map(Object.entries(RULES.kindKeys).flatMap(([kind, keys]) => keys.map((k) => [k, kind])));
const SECRET = RULES.secret;
const SECRET_WORD_RE = new RegExp(SECRET.word, "g");

/** suggest.py's distance: optimal string alignment (swaps of neighbours cost 1). */
function distance(a, b) {
  if (Math.abs(a.length - b.length) > 3) return 4;
  let previous2 = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i, ...new Array(b.length).fill(0)];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], previous2[j - 2] + 1);
    }
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

/** suggest.py's closest: the one known word `word` is a likely misspelling of, or null. */
function closest(word, known) {
  const lowered = word.toLowerCase();
  const scored = [];
  for (const candidate of known) {
    if (candidate === word) return null;
    if (candidate.toLowerCase() === lowered) return candidate;
    scored.push([distance(lowered, candidate.toLowerCase()), candidate]);
  }
  const limit = word.length < 7 ? 1 : word.length < 10 ? 2 : 3;
  const near = scored.filter((s) => s[0] <= limit).sort((x, y) => x[0] - y[0] || byCodePoint(x[1], y[1]));
  if (!near.length || (near.length > 1 && near[0][0] === near[1][0])) return null;
  return near[0][1];
}

function misspelt(key) {
  if (SUBSET_KEYWORDS.has(key) || OTHER_KEYWORDS.has(key) || key.startsWith("x-") || key.startsWith("$")) return null;
  return closest(key, [...SUBSET_KEYWORDS].sort(byCodePoint));
}

/** _shared.py's secret_kind: what secret `text` (a name, title or description) asks for
 * ("a password"), or null. */
function secretKind(text) {
  if (!/^[\x00-\x7f]*$/.test(text)) {
    let cjk = text;
    for (const word of SECRET.cjkNotSecrets) cjk = cjk.split(word).join("");
    const negated = SECRET.cjkNegations.some((n) => cjk.includes(n));
    for (const [term, what] of SECRET.cjkSecrets) {
      if (!cjk.includes(term)) continue;
      if (negated) return null;
      if (term === "令牌" && SECRET.cjkTokenQuantity.some((q) => cjk.includes(q))) return null;
      return what;
    }
    if (SECRET.cjkNegations.some((n) => text.includes(n))) return null;
  }
  const words = (text.match(SECRET_WORD_RE) || []).map((w) => w.toLowerCase());
  if (words.some((w) => SECRET.negations.includes(w))) return null;
  for (let i = 0; i < words.length; i += 1) {
    if (SECRET.notSecretPairs.some(([a, b]) => words[i] === a && words[i + 1] === b)) continue;
    if (own(SECRET.words, words[i])) return SECRET.words[words[i]];
  }
  for (let i = 0; i + 1 < words.length; i += 1) {
    const pair = SECRET.pairs.find(([a, b]) => words[i] === a && words[i + 1] === b);
    if (pair !== undefined) return pair[2];
  }
  return words.includes("token") && !words.some((w) => SECRET.tokenQuantity.includes(w)) ? SECRET.tokenAlone : null;
}

// --- Python's text of a value, as the rules' messages write it --------------------------------

/** Boundaries [a0, b0, a1, b1, ...] of the code points str.isprintable refuses (a <= c < b). */
const NOT_PRINTABLE = [];
for (const step of RULES.notPrintable) NOT_PRINTABLE.push((NOT_PRINTABLE.length ? NOT_PRINTABLE[NOT_PRINTABLE.length - 1] : 0) + step);

function printable(code) {
  let low = 0;
  let high = NOT_PRINTABLE.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (NOT_PRINTABLE[middle] <= code) low = middle + 1;
    else high = middle;
  }
  return low % 2 === 0; // past an even number of boundaries: outside every range
}

const hex = (code, width) => code.toString(16).padStart(width, "0");

/** Python's repr of a string ('a', "it's", '\x1b'). */
function reprText(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char === "\\" || char === quote) out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (printable(code)) out += char;
    else if (code < 0x100) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return quote + out + quote;
}

/** Whether Python reads the number `n` as an int: what JSON.stringify writes of it has digits
 * only (an integral value below 1e21). */
const readAsInt = (n) => Number.isInteger(n) && Math.abs(n) < 1e21;

/** Python's repr of the number `n` as Python reads it from JSON.stringify's text: an int's
 * digits (the shortest that read back as `n`, then zeros: 2^60 is 1152921504606847000), else
 * float.__repr__ (the shortest digits, with an exponent below 1e-4 and from 1e16). */
function reprNumber(n) {
  if (readAsInt(n)) return String(n);
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  const m = /^(-?)([0-9])(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(n.toExponential());
  const [sign, digits, exponent] = [m[1], m[2] + (m[3] || ""), Number(m[4])];
  if (exponent < -4 || exponent >= 16) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
}

/** Python's repr of a JSON value (a dict's keys in order, True, None, [1, 'a']). */
function pyRepr(value) {
  if (typeof value === "string") return reprText(value);
  if (typeof value === "number") return reprNumber(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${reprText(k)}: ${pyRepr(v)}`).join(", ")}}`;
}

/** Python's str of a JSON value: a string as it is, anything else as its repr. */
const pyStr = (value) => (typeof value === "string" ? value : pyRepr(value));

const JSON_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** Python's json.dumps of a JSON value (ASCII only, ", " and ": " between items). */
function pyJson(value) {
  if (typeof value === "string") {
    let out = "";
    for (let i = 0; i < value.length; i += 1) {
      const char = value[i];
      const unit = value.charCodeAt(i);
      if (own(JSON_ESCAPES, char)) out += JSON_ESCAPES[char];
      else if (unit < 0x20 || unit > 0x7e) out += `\\u${hex(unit, 4)}`;
      else out += char;
    }
    return `"${out}"`;
  }
  if (typeof value === "number") return readAsInt(value) ? reprNumber(value) : Number.isFinite(value) ? reprNumber(value) : value > 0 ? "Infinity" : value < 0 ? "-Infinity" : "NaN";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(pyJson).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`).join(", ")}}`;
}

/** base.py's json_type: how a message names the JSON type of `value`. */
function jsonType(value) {
  const words = RULES.jsonTypes;
  if (typeof value === "boolean") return words.boolean;
  if (typeof value === "number") return readAsInt(value) ? words.integer : words.number;
  if (typeof value === "string") return words.string;
  if (Array.isArray(value)) return words.array;
  return isObject(value) ? words.object : words.null;
}

/** base.py's show_number: a number's repr, a long one shortened to its ends and digit count. */
function showNumber(value) {
  const text = reprNumber(value);
  if (text.length <= RULES.shownDigits) return text;
  return format(RULES.longNumber, { start: text.slice(0, 10), end: text.slice(-4), digits: text.replace(/^-+/, "").length });
}

/** keyword_type.py's _show: the JSON type of `value`, and a string or number itself. */
function showValue(value) {
  if (typeof value !== "string" && typeof value !== "number") return jsonType(value);
  const chars = [...(typeof value === "string" ? reprText(value) : reprNumber(value))];
  const short = chars.length <= RULES.shownLength ? chars.join("") : format(RULES.messages.EG120.clipped, { start: chars.slice(0, RULES.shownLength - 3).join("") });
  return format(RULES.messages.EG120.shown, { type: jsonType(value), value: short });
}

/** Python's str.format of `template` (a rule's message): {slot} is str(value), {slot!r} its
 * repr, {slot:,} an integer with its thousands apart; {{ and }} are braces. */
function format(template, slots) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_]+)(!r)?(:,)?\}/g, (whole, name, repr, grouped) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    const value = slots[name];
    if (grouped) return String(value).replace(/\B(?=([0-9]{3})+(?![0-9]))/g, ",");
    return repr ? pyRepr(value) : pyStr(value);
  });
}

// --- The rules ---------------------------------------------------------------------------------

function rawOptions(prop) {
  const s = prop.schema;
  let value;
  if (prop.kind === KIND.SINGLE_UNTITLED || prop.kind === KIND.SINGLE_LEGACY) value = s.enum;
  else if (prop.kind === KIND.SINGLE_TITLED) value = s.oneOf;
  else if (isMulti(prop.kind)) value = isObject(s.items) ? s.items[prop.kind === KIND.MULTI_UNTITLED ? "enum" : "anyOf"] : undefined;
  return Array.isArray(value) ? value : null;
}

/** kinds.py's options_pointer: where a select's options are, below the field. */
function optionsAt(prop) {
  if (prop.kind === KIND.SINGLE_UNTITLED || prop.kind === KIND.SINGLE_LEGACY) return ["enum"];
  if (prop.kind === KIND.SINGLE_TITLED) return ["oneOf"];
  if (prop.kind === KIND.MULTI_UNTITLED) return ["items", "enum"];
  if (prop.kind === KIND.MULTI_TITLED) return ["items", "anyOf"];
  return [];
}

const annotationOk = (key, value) => own(ANNOTATIONS, key) && TYPE_CHECKS[ANNOTATIONS[key]](value);

/** The errors of each rule, in the rules' order: {code, path (the JSON pointer's tokens), key
 * (whether the diagnostic is at the member's name), message}. */
function findings(root) {
  const found = [];
  const M = RULES.messages;
  const add = (code, path, message, key = false) => found.push({ code, path, key, message });
  // EG101 root-object
  if (!isObject(root)) return [{ code: "EG101", path: [], key: false, message: format(M.EG101.not_object, { found: jsonType(root) }) }];
  if (!own(root, "type")) add("EG101", [], format(M.EG101.no_type, {}));
  else if (root.type !== "object") add("EG101", ["type"], format(M.EG101.wrong_type, { type: root.type }));
  // EG102 root-properties
  if (!own(root, "properties")) add("EG102", [], format(M.EG102.missing, {}));
  else if (!isObject(root.properties)) add("EG102", ["properties"], format(M.EG102.not_object, { found: jsonType(root.properties) }));
  // EG103 required-list
  if (own(root, "required")) {
    const required = root.required;
    if (!Array.isArray(required)) add("EG103", ["required"], format(M.EG103.not_array, { found: jsonType(required) }));
    else {
      const names = isObject(root.properties) ? root.properties : null;
      const seen = new Set();
      required.forEach((name, index) => {
        const at = ["required", index];
        if (typeof name !== "string") add("EG103", at, format(M.EG103.not_string, { found: jsonType(name) }));
        else if (seen.has(name)) add("EG103", at, format(M.EG103.repeated, { name }));
        else {
          seen.add(name);
          if (names !== null && !own(names, name)) add("EG103", at, format(M.EG103.missing, { name }));
        }
      });
    }
  }
  const props = isObject(root.properties) ? Object.entries(root.properties).map(([n, s]) => classify(n, s)) : [];
  const valid = props.filter((p) => p.problem === null);
  const at = (p, ...tokens) => ["properties", p.name, ...tokens];
  const where = (p) => format(RULES.where.field, { name: p.name });
  // EG110 field-kind
  for (const p of props) if (p.problem !== null) add("EG110", at(p), format(M.EG110.refused, { name: p.name, problem: p.problem }), true);
  // EG111 string-format
  for (const p of valid) {
    const fmt = p.schema.format;
    if (p.kind !== KIND.STRING || typeof fmt !== "string" || RULES.formats.includes(fmt)) continue;
    const chars = [...fmt];
    const uuid = chars.length === 5 && fmt.startsWith("uuid") && "12345678".includes(chars[4]);
    let why = own(RULES.formatWhy, fmt.toLowerCase()) ? RULES.formatWhy[fmt.toLowerCase()] : null;
    if (uuid) why = format(M.EG111.uuid, { version: chars[4] });
    const reason = why ? format(M.EG111.reason, { why }) : "";
    add("EG111", at(p, "format"), format(M.EG111.refused, { name: p.name, format: fmt, reason, formats: RULES.formatList }));
  }
  // EG112 string-pattern: the form's patterns share one budget of compile work, spent in the
  // order of the fields' names (as string_pattern.py spends it)
  const patterned = valid.filter((p) => p.kind === KIND.STRING && own(p.schema, "pattern"));
  const budget = new ElicitPattern.PatternBudget();
  const compiledByName = new Map();
  for (const p of patterned.slice().sort((a, b) => byCodePoint(a.name, b.name))) {
    if (typeof p.schema.pattern !== "string") continue;
    try {
      compiledByName.set(p.name, ElicitPattern.compilePattern(p.schema.pattern, budget));
    } catch (error) {
      if (!(error instanceof ElicitPattern.PatternError)) throw error;
      compiledByName.set(p.name, error);
    }
  }
  for (const p of patterned) {
    const s = p.schema;
    if (typeof s.pattern !== "string") {
      add("EG112", at(p, "pattern"), format(M.EG112.not_string, { name: p.name, found: jsonType(s.pattern) }));
      continue;
    }
    const compiled = compiledByName.get(p.name);
    if (compiled instanceof ElicitPattern.PatternError) {
      add("EG112", at(p, "pattern"), format(M.EG112.refused, { name: p.name, error: compiled.message }));
      continue;
    }
    if (typeof s.const === "string" && !compiled.search(s.const)) {
      add("EG112", at(p, "const"), format(M.EG112.const, { name: p.name, const: pyJson(s.const) }));
    }
  }
  // EG120 keyword-type
  if (own(root, "$schema") && typeof root.$schema !== "string") add("EG120", ["$schema"], format(M.EG120.schema, { found: showValue(root.$schema) }));
  const annotations = (schema, path, place, skip) => {
    if (!isObject(schema)) return;
    for (const [key, value] of Object.entries(schema)) {
      if (!own(ANNOTATIONS, key) || skip.includes(key) || annotationOk(key, value)) continue;
      add("EG120", [...path, key], format(M.EG120.annotation, { where: place, key, expected: RULES.annotationWords[key], found: showValue(value) }));
    }
  };
  annotations(root, [], RULES.where.root, []);
  for (const p of valid) {
    const place = where(p);
    annotations(p.schema, at(p), place, ["title", "description"]);
    if (isMulti(p.kind)) annotations(p.schema.items, at(p, "items"), format(RULES.where.items, { where: place }), []);
    if (p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED) {
      (rawOptions(p) || []).forEach((option, index) => {
        annotations(option, [...at(p), ...optionsAt(p), index], format(RULES.where.option, { where: place }), ["title"]);
      });
    }
  }
  for (const p of valid) {
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    for (const [key, value] of Object.entries(p.schema)) {
      let rule = null;
      if (key === "default") rule = numeric ? RULES.numberDefaultTypes[isSingle(p.kind) ? "single" : "multi"] : RULES.defaultTypes[p.kind];
      else if (key === "const" && [KIND.STRING, KIND.NUMBER, KIND.BOOLEAN].includes(p.kind)) rule = RULES.defaultTypes[p.kind];
      else if (own(RULES.expectedTypes, key)) rule = RULES.expectedTypes[key];
      if (rule !== null && !TYPE_CHECKS[rule[0]](value)) {
        add("EG120", at(p, key), format(M.EG120.keyword, { name: p.name, key, expected: rule[1], found: showValue(value) }));
      }
    }
    if (p.kind === KIND.MULTI_TITLED && !Array.isArray(p.schema.items.anyOf)) {
      add("EG120", at(p, "items", "anyOf"), format(M.EG120.any_of, { name: p.name, found: jsonType(p.schema.items.anyOf) }));
    }
  }
  // EG130 bounds-order
  for (const p of valid) {
    const s = p.schema;
    const exclusive = RULES.exclusivePairs.map((pair) => pair.join(" "));
    for (const [low, high] of [...RULES.pairs, ...RULES.exclusivePairs]) {
      const [lo, hi] = [s[low], s[high]];
      if (!own(s, low) || !own(s, high) || !isNumber(lo) || !isNumber(hi)) continue;
      let relation;
      if (exclusive.includes(`${low} ${high}`) && lo >= hi) relation = M.EG130.exclusive;
      else if (lo > hi) relation = M.EG130.greater;
      else continue;
      add("EG130", at(p, low), format(M.EG130.order, { name: p.name, low, lo, relation, high, hi }));
    }
  }
  // EG131 negative-bound
  for (const p of valid) {
    for (const key of RULES.lengthKeys) {
      const value = p.schema[key];
      if (own(p.schema, key) && isNumber(value) && value < 0) add("EG131", at(p, key), format(M.EG131.negative, { name: p.name, key, value }));
    }
  }
  // EG132 select-count (its error: more required than there are options)
  for (const p of valid) {
    const options = isMulti(p.kind) ? rawOptions(p) : null;
    const low = p.schema.minItems;
    if (options !== null && own(p.schema, "minItems") && isNumber(low) && low > options.length) {
      add("EG132", at(p, "minItems"), format(M.EG132.min, { name: p.name, low: showNumber(low), count: options.length }));
    }
  }
  // EG133 integer-range
  for (const p of valid) {
    const s = p.schema;
    if (s.type !== "integer" || !isNumber(s.minimum) || !isNumber(s.maximum) || s.minimum > s.maximum) continue;
    if (Math.ceil(s.minimum) > Math.floor(s.maximum)) add("EG133", at(p, "minimum"), format(M.EG133.empty, { name: p.name, lo: s.minimum, hi: s.maximum }));
  }
  // EG135 length-range
  for (const p of valid) {
    for (const key of RULES.lengthKeys) {
      const value = p.schema[key];
      if (own(p.schema, key) && isNumber(value) && value > RULES.maxSafeInteger) {
        add("EG135", at(p, key), format(M.EG135.beyond, { name: p.name, key, value: showNumber(value) }));
      }
    }
  }
  // EG140 default-valid: unusableDefaults (below), which needs the page's own checks
  // EG150 option-values
  for (const p of valid) {
    if (!isSingle(p.kind) && !isMulti(p.kind)) continue;
    const options = rawOptions(p);
    if (options === null) continue;
    const base = at(p, ...optionsAt(p));
    if (!options.length) {
      add("EG150", base, format(M.EG150.none, { name: p.name }));
      continue;
    }
    const type = valueType(p);
    const numeric = WEB_DATA.numberTypes.includes(type);
    const titled = p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED;
    const seen = new Map();
    const wrongType = (wanted, value) => {
      const message = format(M.EG150.wrong_type, { wanted, found: jsonType(value) });
      if (p.kind !== KIND.MULTI_TITLED) return message;
      return format(M.EG150.first, { message, first: M.EG150[wanted === M.EG150.strings ? "string_first" : "number_first"] });
    };
    options.forEach((option, index) => {
      let path = [...base, index];
      let value = option;
      if (titled) {
        if (!isObject(option)) {
          add("EG150", path, format(M.EG150.not_object, { name: p.name, found: jsonType(option) }));
          return;
        }
        if (!own(option, "const")) {
          add("EG150", path, format(M.EG150.no_const, { name: p.name, index }));
          return;
        }
        value = option.const;
        path = [...path, "const"];
      }
      let problem = null;
      if (!numeric) {
        if (typeof value !== "string") problem = wrongType(M.EG150.strings, value);
        else if (value === "") problem = M.EG150.empty;
        else if (seen.has(value)) problem = format(M.EG150.twice, { value });
      } else if (!isNumber(value)) problem = wrongType(M.EG150.numbers, value);
      else if (!Number.isFinite(value)) problem = format(M.EG150.not_finite, { value });
      else if (type === "integer" && !Number.isInteger(value)) problem = format(M.EG150.fraction, { value: showNumber(value) });
      else if (seen.has(value)) {
        const first = seen.get(value);
        problem = reprNumber(first) === reprNumber(value)
          ? format(M.EG150.number_twice, { value: showNumber(value) })
          : format(M.EG150.one_number, { value: showNumber(value), first, second: value });
      }
      if (problem !== null) add("EG150", path, format(M.EG150.option, { name: p.name, problem }));
      else seen.set(value, value);
    });
  }
  // EG151 enum-names-length
  for (const p of valid) {
    const s = p.schema;
    if (p.kind === KIND.SINGLE_LEGACY && Array.isArray(s.enum) && Array.isArray(s.enumNames) && s.enum.length !== s.enumNames.length) {
      add("EG151", at(p, "enumNames"), format(M.EG151.length, { name: p.name, names: s.enumNames.length, values: s.enum.length }));
    }
  }
  // EG152 option-title
  for (const p of valid) {
    if (p.kind !== KIND.SINGLE_TITLED && p.kind !== KIND.MULTI_TITLED) continue;
    (rawOptions(p) || []).forEach((option, index) => {
      if (!isObject(option)) return;
      const path = at(p, ...optionsAt(p), index);
      if (!own(option, "title")) add("EG152", path, format(M.EG152.missing, { name: p.name, index }));
      else if (typeof option.title !== "string") add("EG152", [...path, "title"], format(M.EG152.not_string, { name: p.name, found: jsonType(option.title) }));
    });
  }
  // EG154 number-multi-select
  for (const p of valid) {
    if (!isMulti(p.kind) || !WEB_DATA.numberTypes.includes(valueType(p))) continue;
    const path = p.kind === KIND.MULTI_UNTITLED ? at(p, "items", "type") : at(p, ...optionsAt(p));
    add("EG154", path, format(M.EG154.numbers, { name: p.name }), true);
  }
  // EG161 keyword-typo
  const typo = (path, key, place) => {
    const meant = misspelt(key);
    if (meant !== null) add("EG161", path, format(M.EG161.typo, { where: place, key, meant }), true);
  };
  for (const key of Object.keys(root)) if (!RULES.rootKeys.includes(key) && !own(ANNOTATIONS, key)) typo([key], key, RULES.where.root);
  for (const p of valid) {
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    const place = where(p);
    const allowed = new Set([...RULES.commonKeys, ...RULES.kindKeys[p.kind]]);
    for (const key of Object.keys(p.schema)) {
      if (allowed.has(key) || own(ANNOTATIONS, key)) continue;
      const other = KIND_OF_KEY.get(key);
      let otherKind = other && other !== p.kind ? other : null;
      if (otherKind === KIND.NUMBER && numeric) otherKind = null;
      if (otherKind === null) typo(at(p, key), key, place);
    }
    const extra = (allowedKeys, value) => (isObject(value) ? Object.keys(value).filter((k) => !allowedKeys.includes(k) && !own(ANNOTATIONS, k)) : []);
    if (isMulti(p.kind)) for (const key of extra(RULES.itemsKeys[p.kind], p.schema.items)) typo(at(p, "items", key), key, format(RULES.where.items, { where: place }));
    if (p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED) {
      (rawOptions(p) || []).forEach((option, index) => {
        for (const key of extra(RULES.optionKeys, option)) typo(at(p, ...optionsAt(p), index, key), key, format(RULES.where.option, { where: place }));
      });
    }
  }
  // ... and among the keys of a field the kinds refuse (`"tpye": "string"`: no `type`)
  for (const p of props) if (p.problem !== null && isObject(p.schema)) for (const key of Object.keys(p.schema)) typo(at(p, key), key, where(p));
  // EG170 secret-field
  for (const p of props) {
    const s = isObject(p.schema) ? p.schema : {};
    const canHold = p.kind === KIND.STRING ? !SECRET.checkedFormats.includes(s.format) : p.kind === KIND.NUMBER || p.kind === KIND.INVALID;
    if (!canHold) continue;
    let what = null;
    let by = null;
    if (typeof s.format === "string" && SECRET.secretFormats.includes(s.format)) [what, by] = [M.EG170.format, M.EG170.by_format];
    else {
      const sources = [[M.EG170.by_name, p.name], ...["title", "description"].filter((k) => typeof s[k] === "string").map((k) => [k, s[k]])];
      for (const [source, text] of sources) {
        what = secretKind(text);
        if (what !== null) {
          by = source;
          break;
        }
      }
    }
    if (what !== null) add("EG170", at(p), format(M.EG170.secret, { name: p.name, what, where: by }), true);
  }
  return found;
}

/** Where a diagnostic at `path` is in the schema's JSON text (one line: json.dumps writes it
 * so), as a list that sorts as the columns do: a member's name, then its value, then what is in
 * it. A pointer to nothing is at the closest value that is there (source.py's SourceMap). */
function place(root, path, atKey) {
  const out = [];
  let value = root;
  for (let i = 0; i < path.length; i += 1) {
    const token = path[i];
    let index = -1;
    if (Array.isArray(value)) index = typeof token === "number" && token < value.length ? token : -1;
    else if (isObject(value)) index = Object.keys(value).indexOf(String(token));
    if (index < 0) return out; // the closest parent's value
    const last = i === path.length - 1;
    out.push(2 * index + (last && atKey && !Array.isArray(value) ? 0 : 1));
    value = Array.isArray(value) ? value[index] : value[String(token)];
  }
  return out;
}

const compareLists = (a, b) => {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
};

/** JSON pointer text of `path` (RFC 6901). */
const pointer = (path) => path.map((t) => `/${String(t).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** The diagnostics of `root` as load_form's FormError has them: sorted by place in the text,
 * then code, pointer and message (diagnostics.py's sort_diagnostics), each once. */
function sortedFindings(root, found) {
  const rows = found.map((f) => ({ ...f, at: place(root, f.path, f.key), pointer: pointer(f.path) }));
  rows.sort((a, b) => compareLists(a.at, b.at) || byCodePoint(a.code, b.code) || byCodePoint(a.pointer, b.pointer) || byCodePoint(a.message, b.message));
  const seen = new Set();
  return rows.filter((r) => {
    const key = JSON.stringify([r.at, r.code, r.pointer, r.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const LIMITS = WEB_DATA.limits;
const LIMIT_WORDS = LIMITS.messages;

/** A reason past the limits, thrown by the walk (live/limits.py's LimitExceeded). */
class PastLimit {
  constructor(key, slots) {
    this.text = format(LIMIT_WORDS[key], slots);
  }
}

const codePointCount = (text) => [...text].length;

/** diagnostics.py's visible: `text` with every character str.isprintable refuses escaped. */
function visible(text) {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (printable(code)) out += char;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x100) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out;
}

/** limits.py's _short: a key as a limit's message shows it. */
function shortKey(name) {
  const chars = [...name];
  if (chars.length <= LIMITS.shownKey) return visible(name);
  return format(LIMIT_WORDS.clipped, { start: visible(chars.slice(0, LIMITS.shownKey).join("")) });
}

/** limits.py's json_length: the bytes `text` takes as a JSON string (UTF-8, quotes, escapes). */
function jsonLength(text) {
  let size = 2;
  for (const char of text) {
    const code = char.codePointAt(0);
    size += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (char === '"' || char === "\\" || "\b\f\n\r\t".includes(char)) size += 1;
    else if (code < 0x20) size += 5;
    else if (code >= 0xd800 && code <= 0xdfff) size += 3;
  }
  return size;
}

const entries = (value) => (isObject(value) ? Object.values(value) : []);
const allObjects = (list) => list.length > 0 && list.every(isObject);

/** limits.py's _values_floor: a lower bound of the values in `schema`, from lengths alone. */
function valuesFloor(schema) {
  let count = 1 + Object.keys(schema).length;
  const fields = schema.properties;
  if (!isObject(fields) || Object.keys(fields).length > LIMITS.max_fields) return count;
  count += Object.keys(fields).length;
  let lists = [];
  for (const field of entries(fields)) {
    if (!isObject(field)) continue;
    count += Object.keys(field).length;
    for (const value of Object.values(field)) {
      if (isObject(value)) {
        count += Object.keys(value).length;
        lists.push(...Object.values(value).filter(Array.isArray));
      } else if (Array.isArray(value)) lists.push(value);
    }
  }
  lists = lists.filter((list) => list.length <= LIMITS.max_options);
  count += lists.reduce((n, list) => n + list.length, 0);
  if (count > LIMITS.max_values) return count;
  for (const list of lists) if (allObjects(list)) count += list.reduce((n, o) => n + Object.keys(o).length, 0);
  return count;
}

/** limits.py's _joined: `texts` joined, or null (one is no string, or past `most` or the bytes). */
function joined(texts, most) {
  if (!texts.every((t) => typeof t === "string")) return null;
  if (texts.reduce((n, t) => n + codePointCount(t), 0) > LIMITS.max_bytes) return null;
  const text = texts.join("");
  if (codePointCount(text) > most && Math.max(...texts.map(codePointCount)) > most) return null;
  return text;
}

const tooManyValues = () => new PastLimit("values", { limit: LIMITS.max_values });

/** limits.py's _plain_options, _number_options and _titled_options: [values, bytes] of a list
 * measured at once, or null (the walk takes it a value at a time). */
function measured(list, depth, values) {
  if (!list.length) return null;
  if (values + list.length > LIMITS.max_values) throw tooManyValues();
  const text = joined(list, LIMITS.max_text);
  if (text !== null) return [list.length, jsonLength(text) - 2 + 3 * list.length];
  if (list.every(isNumber)) {
    return [list.length, list.reduce((n, v) => n + reprNumber(v).length, 0) + list.length];
  }
  if (depth + 1 > LIMITS.max_depth || !allObjects(list)) return null;
  const pairs = list.reduce((n, o) => n + Object.keys(o).length, 0);
  const count = list.length + pairs;
  if (values + count > LIMITS.max_values) throw tooManyValues();
  const texts = joined(list.flatMap((o) => Object.values(o)), LIMITS.max_text);
  const keys = joined(list.flatMap((o) => Object.keys(o)), LIMITS.max_name);
  if (texts === null || keys === null) return null;
  return [count, jsonLength(keys) - 2 + jsonLength(texts) - 2 + 3 * list.length + 6 * pairs];
}

/** The bits of an integer's magnitude (Python's int.bit_length). */
const bitLength = (n) => (n === 0 ? 0 : BigInt(Math.abs(n)).toString(2).length);

/** live/limits.py's check_limits: why `root` is past load_form's limits, or null. The same
 * walk, without recursion, stopping at the first value past a limit, in the same order. */
function pastLimits(root) {
  try {
    walk(root);
  } catch (error) {
    if (error instanceof PastLimit) return error.text;
    throw error;
  }
  return null;
}

function walk(root) {
  if (isObject(root) && valuesFloor(root) > LIMITS.max_values) throw tooManyValues();
  let values = 0;
  let size = 0;
  const stack = [[root, 1, ""]];
  while (stack.length) {
    const [value, depth, key] = stack.pop();
    values += 1;
    if (values > LIMITS.max_values) throw tooManyValues();
    if (typeof value === "string") {
      const length = codePointCount(value);
      if (length > LIMITS.max_text) throw new PastLimit("text", { key: shortKey(key), length, limit: LIMITS.max_text });
      size += jsonLength(value);
    } else if (typeof value === "boolean" || value === null) size += 5;
    else if (isNumber(value) && readAsInt(value)) size += Math.trunc(bitLength(value) * 0.30103) + 2;
    else if (Array.isArray(value) || isObject(value)) {
      if (depth > LIMITS.max_depth) throw new PastLimit("depth", { limit: LIMITS.max_depth });
      if (isObject(value)) {
        const names = Object.keys(value);
        if (key === "properties" && depth === 2 && names.length > LIMITS.max_fields) {
          throw new PastLimit("fields", { count: names.length, limit: LIMITS.max_fields });
        }
        if (names.length > LIMITS.max_values) throw tooManyValues();
        for (const name of names) {
          const length = codePointCount(name);
          if (length > LIMITS.max_name) throw new PastLimit("name", { length, limit: LIMITS.max_name });
          size += jsonLength(name) + 2;
          stack.push([value[name], depth + 1, name]);
        }
      } else {
        if (value.length > LIMITS.max_options) {
          const what = LIMIT_WORDS[LIMITS.optionLists.includes(key) ? "options" : "items"];
          throw new PastLimit("list", { key: shortKey(key), count: value.length, what, limit: LIMITS.max_options });
        }
        const found = measured(value, depth, values);
        if (found === null) {
          for (const item of value) stack.push([item, depth + 1, key]);
          size += value.length;
        } else {
          values += found[0];
          size += found[1];
        }
      }
      size += 2;
    } else if (isNumber(value) && Number.isFinite(value)) size += reprNumber(value).length + 1;
    else size += 24;
    if (size > LIMITS.max_bytes) throw new PastLimit("bytes", { limit: LIMITS.max_bytes });
  }
}

/** The reasons load_form refuses `root`, [] for none: FormError's lines, each error's code and
 * message ("EG110 field 'a': ..."), in its order; or "limit: " and why. */
function schemaProblems(root) {
  const limit = pastLimits(root);
  if (limit !== null) return [`limit: ${limit}`];
  if (unpairedSurrogate(root)) return [`EG001 ${RULES.unpairedSurrogate}`];
  const found = findings(root);
  if (!found.length) return [];
  return sortedFindings(root, [...found, ...unusableDefaults(root)]).map((f) => `${f.code} ${f.message}`);
}

const LONE_SURROGATE_RE = /[\ud800-\udfff]/u;

/** Whether a string or key of `root` holds a lone surrogate: no JSON text the front end reads
 * (source.py refuses it, EG001, before any rule runs). A walk without recursion (the limits
 * bound it). */
function unpairedSurrogate(root) {
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (LONE_SURROGATE_RE.test(value)) return true;
    } else if (Array.isArray(value)) stack.push(...value);
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE_RE.test(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** formcore's check_value, in English: why `value` does not satisfy the field schema `prop`, or
 * null. The page's own check (form.js, run on a page of that one field that is never shown). */
function checkValue(prop, value) {
  const data = localeData("en");
  const [_t, _tn] = pageWords(data);
  const name = "x";
  const fields = [];
  const extra = [];
  if ((prop.type === "number" || prop.type === "integer") && !own(prop, "enum")) {
    // its bounds as the page data has them: the JSON text, and the text formcore's _num shows
    const spec = { kind: "number", name, id: "eg-check" };
    for (const key of WEB_DATA.numberKeywords) if (own(prop, key) && isNumber(prop[key])) spec[key] = [reprNumber(prop[key]), reprNumber(prop[key])];
    fields.push(spec);
    extra.push(h("div", { class: "field" }, h("input", { id: "eg-check" }), h("p", { id: "eg-check_err" })));
  }
  const host = document.createElement("div");
  const root = host.attachShadow({ mode: "open" });
  root.append(...formMarkup({ problems: [], title: null, description: null, fields: [] }, undefined, _t), ...extra);
  const controller = new AbortController();
  const stand = pageWindow(controller.signal);
  const page = { ...data, schema: { type: "object", properties: { [name]: prop } }, fields };
  try {
    runForm(pageDocument(root, host, page, controller.signal), stand, _t, _tn);
    const errors = stand.elicitation.validate({ [name]: value });
    return own(errors, name) ? errors[name] : null;
  } finally {
    controller.abort();
  }
}

/** default_valid.py's _usable: the keywords of `p` that have the right type, with its options
 * as a plain list of values of the select's type. */
function usable(p) {
  const s = p.schema;
  const numeric = WEB_DATA.numberTypes.includes(valueType(p));
  const out = { type: s.type };
  for (const [key, value] of Object.entries(s)) {
    if (own(RULES.expectedTypes, key) && key !== "enum" && key !== "oneOf" && TYPE_CHECKS[RULES.expectedTypes[key][0]](value)) out[key] = value;
  }
  if (typeof s.pattern === "string") {
    try {
      ElicitPattern.compilePattern(s.pattern);
      out.pattern = s.pattern;
    } catch (error) {
      if (!(error instanceof ElicitPattern.PatternError)) throw error;
    }
  }
  const titled = p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED;
  const options = (rawOptions(p) || []).flatMap((o) => (!titled ? [o] : isObject(o) ? [own(o, "const") ? o.const : null] : []));
  const values = options.filter(numeric ? isNumber : (v) => typeof v === "string");
  if (isSingle(p.kind)) out.enum = values;
  else if (isMulti(p.kind)) out.items = { type: valueType(p), enum: values };
  return out;
}

/** EG140 default-valid: each default of the right type that fails its own field. Listed beside
 * other errors (alone, it refuses nothing: load_form drops the default and shows the form). */
function unusableDefaults(root) {
  const found = [];
  const props = isObject(root.properties) ? Object.entries(root.properties).map(([n, s]) => classify(n, s)) : [];
  for (const p of props) {
    if (p.problem !== null || !own(p.schema, "default")) continue;
    const value = p.schema.default;
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    const rule = numeric ? RULES.numberDefaultTypes[isSingle(p.kind) ? "single" : "multi"] : RULES.defaultTypes[p.kind];
    if (!TYPE_CHECKS[rule[0]](value)) continue; // EG120
    const field = usable(p);
    let shown = pyJson(value);
    if (field.type === "integer" && Number.isInteger(value)) {
      // JSON Schema's integer: default_valid checks it as the int the form sends (1e+21 is
      // 1000000000000000000000), which the checks of a number judge as those of an integer
      field.type = "number";
      if (!readAsInt(value)) shown = BigInt(value).toString();
    }
    let problem = checkValue(field, value);
    if (problem === null && Array.isArray(value) && new Set(value).size !== value.length) problem = RULES.messages.EG140.repeats;
    if (problem === null) continue;
    const [first, ...rest] = [...problem];
    const reason = first.toLowerCase() + rest.join("").replace(/\.+$/, "");
    const message = format(RULES.messages.EG140.invalid, { name: p.name, default: shown, reason });
    found.push({ code: "EG140", path: ["properties", p.name, "default"], key: false, message });
  }
  return found;
}
