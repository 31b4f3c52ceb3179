// Whether a requestedSchema becomes a form: the error rules of elicit_gen/compiler/rules/ that
// load_form(schema) applies (the newest revision, every rule selected), step for step, with the
// rules' tables generated from Python (WEB_DATA.rules). A refusal reads "EGnnn field 'name':
// <the rule's summary>" (EG110: the kind's own words). [] when the schema is a form.
// Not here: EG140 (a default that fails its field: load_form drops it and shows the form),
// EG180 (nothing is newer than the newest revision) and the URL-mode rules (EG2xx).

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

/** _shared.py's secret_kind: whether `text` (a name, title or description) asks for a secret. */
function asksSecret(text) {
  if (!/^[\x00-\x7f]*$/.test(text)) {
    let cjk = text;
    for (const word of SECRET.cjkNotSecrets) cjk = cjk.split(word).join("");
    const negated = SECRET.cjkNegations.some((n) => cjk.includes(n));
    for (const [term] of SECRET.cjkSecrets) {
      if (!cjk.includes(term)) continue;
      if (negated) return false;
      if (term === "令牌" && SECRET.cjkTokenQuantity.some((q) => cjk.includes(q))) return false;
      return true;
    }
    if (SECRET.cjkNegations.some((n) => text.includes(n))) return false;
  }
  const words = (text.match(SECRET_WORD_RE) || []).map((w) => w.toLowerCase());
  if (words.some((w) => SECRET.negations.includes(w))) return false;
  for (let i = 0; i < words.length; i += 1) {
    if (SECRET.notSecretPairs.some(([a, b]) => words[i] === a && words[i + 1] === b)) continue;
    if (own(SECRET.words, words[i])) return true;
  }
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (SECRET.pairs.some(([a, b]) => words[i] === a && words[i + 1] === b)) return true;
  }
  return words.includes("token") && !words.some((w) => SECRET.tokenQuantity.includes(w));
}

function rawOptions(prop) {
  const s = prop.schema;
  let value;
  if (prop.kind === KIND.SINGLE_UNTITLED || prop.kind === KIND.SINGLE_LEGACY) value = s.enum;
  else if (prop.kind === KIND.SINGLE_TITLED) value = s.oneOf;
  else if (isMulti(prop.kind)) value = isObject(s.items) ? s.items[prop.kind === KIND.MULTI_UNTITLED ? "enum" : "anyOf"] : undefined;
  return Array.isArray(value) ? value : null;
}

/** The codes of the errors of each rule, in the rules' order: [code, field name or null]. */
function findings(root) {
  const found = [];
  const add = (code, name = null) => found.push([code, name]);
  // EG101 root-object, EG102 root-properties
  if (!isObject(root)) return [["EG101", null]];
  if (!own(root, "type") || root.type !== "object") add("EG101");
  if (!own(root, "properties")) add("EG102");
  else if (!isObject(root.properties)) add("EG102");
  // EG103 required-list
  if (own(root, "required")) {
    const required = root.required;
    if (!Array.isArray(required)) add("EG103");
    else {
      const names = isObject(root.properties) ? root.properties : null;
      const seen = new Set();
      for (const name of required) {
        if (typeof name !== "string" || seen.has(name) || (names !== null && !own(names, name))) add("EG103");
        else seen.add(name);
      }
    }
  }
  const props = isObject(root.properties) ? Object.entries(root.properties).map(([n, s]) => classify(n, s)) : [];
  const valid = props.filter((p) => p.problem === null);
  for (const p of props) if (p.problem !== null) add("EG110", p.name);
  // EG111 string-format, EG112 string-pattern
  for (const p of valid) {
    if (p.kind !== KIND.STRING) continue;
    const s = p.schema;
    if (typeof s.format === "string" && !WEB_DATA.formats.includes(s.format)) add("EG111", p.name);
    if (own(s, "pattern")) {
      if (typeof s.pattern !== "string") add("EG112", p.name);
      else {
        let compiled = null;
        try {
          compiled = ElicitPattern.compilePattern(s.pattern);
        } catch (error) {
          if (!(error instanceof ElicitPattern.PatternError)) throw error;
          add("EG112", p.name);
        }
        if (compiled !== null && typeof s.const === "string" && !compiled.search(s.const)) add("EG112", p.name);
      }
    }
  }
  // EG120 keyword-type
  if (own(root, "$schema") && typeof root.$schema !== "string") add("EG120");
  const annotationBad = (schema) =>
    isObject(schema) && Object.entries(schema).some(([k, v]) => own(ANNOTATIONS, k) && !TYPE_CHECKS[ANNOTATIONS[k]](v));
  if (annotationBad(root)) add("EG120");
  for (const p of valid) {
    const s = p.schema;
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    for (const [key, value] of Object.entries(s)) {
      let check = null;
      if (key === "default") {
        check = numeric ? (isSingle(p.kind) ? "number" : "numberArray") : RULES.defaultTypes[p.kind][0];
      } else if (key === "const" && own(RULES.defaultTypes, p.kind) && [KIND.STRING, KIND.NUMBER, KIND.BOOLEAN].includes(p.kind)) {
        check = RULES.defaultTypes[p.kind][0];
      } else if (own(RULES.expectedTypes, key)) check = RULES.expectedTypes[key][0];
      else if (own(ANNOTATIONS, key)) check = ANNOTATIONS[key];
      if (check !== null && !TYPE_CHECKS[check](value)) add("EG120", p.name);
    }
    if (isMulti(p.kind) && annotationBad(s.items)) add("EG120", p.name);
    if (p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED) {
      for (const option of rawOptions(p) || []) {
        if (isObject(option) && Object.entries(option).some(([k, v]) => k !== "title" && own(ANNOTATIONS, k) && !TYPE_CHECKS[ANNOTATIONS[k]](v))) add("EG120", p.name);
      }
    }
    if (p.kind === KIND.MULTI_TITLED && !Array.isArray(s.items.anyOf)) add("EG120", p.name);
  }
  // EG130 bounds-order, EG131 negative-bound, EG133 integer-range, EG135 length-range
  for (const p of valid) {
    const s = p.schema;
    for (const [low, high] of RULES.pairs) if (isNumber(s[low]) && isNumber(s[high]) && s[low] > s[high]) add("EG130", p.name);
    for (const [low, high] of RULES.exclusivePairs) if (isNumber(s[low]) && isNumber(s[high]) && s[low] >= s[high]) add("EG130", p.name);
    for (const key of RULES.lengthKeys) {
      if (isNumber(s[key]) && s[key] < 0) add("EG131", p.name);
      if (isNumber(s[key]) && s[key] > RULES.maxSafeInteger) add("EG135", p.name);
    }
    if (s.type === "integer" && isNumber(s.minimum) && isNumber(s.maximum) && s.minimum <= s.maximum && Math.ceil(s.minimum) > Math.floor(s.maximum)) {
      add("EG133", p.name);
    }
  }
  // EG132 select-count (its error: more required than there are options)
  for (const p of valid) {
    const options = isMulti(p.kind) ? rawOptions(p) : null;
    if (options !== null && isNumber(p.schema.minItems) && p.schema.minItems > options.length) add("EG132", p.name);
  }
  // EG150 option-values, EG151 enum-names-length, EG152 option-title, EG154 number-multi-select
  for (const p of valid) {
    if (!isSingle(p.kind) && !isMulti(p.kind)) continue;
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    const options = rawOptions(p);
    if (options !== null) {
      if (!options.length) add("EG150", p.name);
      const titled = p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED;
      const seen = new Set();
      for (const option of options) {
        let value = option;
        if (titled) {
          if (!isObject(option) || !own(option, "const")) {
            add("EG150", p.name);
            continue;
          }
          value = option.const;
        }
        let bad;
        if (!numeric) bad = typeof value !== "string" || value === "" || seen.has(value);
        else {
          bad = !isNumber(value) || !Number.isFinite(value) || (valueType(p) === "integer" && !Number.isInteger(value)) || seen.has(value);
        }
        if (bad) add("EG150", p.name);
        else seen.add(value);
      }
      if (titled) {
        for (const option of options) {
          if (isObject(option) && (!own(option, "title") || typeof option.title !== "string")) add("EG152", p.name);
        }
      }
    }
    const s = p.schema;
    if (p.kind === KIND.SINGLE_LEGACY && Array.isArray(s.enum) && Array.isArray(s.enumNames) && s.enum.length !== s.enumNames.length) add("EG151", p.name);
    if (isMulti(p.kind) && numeric) add("EG154", p.name);
  }
  // EG161 keyword-typo
  for (const key of Object.keys(root)) if (!RULES.rootKeys.includes(key) && !own(ANNOTATIONS, key) && misspelt(key) !== null) add("EG161");
  for (const p of valid) {
    const numeric = WEB_DATA.numberTypes.includes(valueType(p));
    const allowed = new Set([...RULES.commonKeys, ...RULES.kindKeys[p.kind]]);
    for (const key of Object.keys(p.schema)) {
      if (allowed.has(key) || own(ANNOTATIONS, key)) continue;
      const other = KIND_OF_KEY.get(key);
      let otherKind = other && other !== p.kind ? other : null;
      if (otherKind === KIND.NUMBER && numeric) otherKind = null;
      if (otherKind === null && misspelt(key) !== null) add("EG161", p.name);
    }
    const extra = (allowedKeys, value) => (isObject(value) ? Object.keys(value).filter((k) => !allowedKeys.includes(k) && !own(ANNOTATIONS, k)) : []);
    if (isMulti(p.kind)) for (const key of extra(RULES.itemsKeys[p.kind], p.schema.items)) if (misspelt(key) !== null) add("EG161", p.name);
    if (p.kind === KIND.SINGLE_TITLED || p.kind === KIND.MULTI_TITLED) {
      for (const option of rawOptions(p) || []) for (const key of extra(RULES.optionKeys, option)) if (misspelt(key) !== null) add("EG161", p.name);
    }
  }
  // EG170 secret-field
  for (const p of props) {
    const s = isObject(p.schema) ? p.schema : {};
    const canHold = p.kind === KIND.STRING ? !SECRET.checkedFormats.includes(s.format) : p.kind === KIND.NUMBER || p.kind === KIND.INVALID;
    if (!canHold) continue;
    const texts = [p.name, ...["title", "description"].map((k) => s[k]).filter((t) => typeof t === "string")];
    if ((typeof s.format === "string" && SECRET.secretFormats.includes(s.format)) || texts.some(asksSecret)) add("EG170", p.name);
  }
  return found;
}

const LIMITS = WEB_DATA.limits;

/** live/limits.py's check_limits: why `root` is past load_form's limits, or null. A bounded
 * walk without recursion that stops at the first value past a limit. */
function pastLimits(root) {
  const codePoints = (text) => (text.length <= LIMITS.max_text ? text.length : [...text].length);
  let values = 0;
  let size = 0;
  const stack = [[root, 1, ""]];
  while (stack.length) {
    const [value, depth, key] = stack.pop();
    values += 1;
    if (values > LIMITS.max_values) return `the schema has more than ${LIMITS.max_values} values`;
    if (typeof value === "string") {
      if (codePoints(value) > LIMITS.max_text) return `a string under \`${key}\` has more than ${LIMITS.max_text} characters`;
      size += value.length + 2;
    } else if (value !== null && typeof value === "object") {
      if (depth > LIMITS.max_depth) return `the schema nests deeper than ${LIMITS.max_depth} levels`;
      if (Array.isArray(value)) {
        if (value.length > LIMITS.max_options) return `\`${key}\` has ${value.length} items (limit ${LIMITS.max_options})`;
        for (const item of value) stack.push([item, depth + 1, key]);
        size += value.length;
      } else {
        const names = Object.keys(value);
        if (key === "properties" && depth === 2 && names.length > LIMITS.max_fields) {
          return `the form has ${names.length} fields (limit ${LIMITS.max_fields})`;
        }
        for (const name of names) {
          if (codePoints(name) > LIMITS.max_name) return `a name has more than ${LIMITS.max_name} characters`;
          size += name.length + 4;
          stack.push([value[name], depth + 1, name]);
        }
      }
      size += 2;
    } else size += 5;
    if (size > LIMITS.max_bytes) return `the schema is over ${LIMITS.max_bytes} bytes as JSON`;
  }
  return null;
}

/** The reasons load_form refuses `root`, [] for none: one a field and rule. */
function schemaProblems(root) {
  const limit = pastLimits(root);
  if (limit !== null) return [`limit: ${limit}`];
  const lines = [];
  const problems = isObject(root) && isObject(root.properties) ? root.properties : {};
  for (const [code, name] of findings(root)) {
    let line;
    if (name === null) line = `${code} requestedSchema: ${RULES.summaries[code]}`;
    else if (code === "EG110") line = fieldProblem(code, name, classify(name, problems[name]).problem);
    else line = fieldProblem(code, name, RULES.summaries[code]);
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}
