// Each field's view and markup: targets/common/view.py, hints.py and layout.py, and
// targets/html_fields.py with templates/html/fields.html.j2, for a field of compile.js. The words
// are the catalogue's (the same msgids as Python's, so scripts/i18n.py finds them here too).

function makeHints(_t, _tn) {
  const sentence = (phrase) => (phrase ? _t("{phrase}.", { phrase: phrase[0].toUpperCase() + phrase.slice(1) }) : "");
  const lower = (lo, hi) => (lo === 0 && hi !== 0 ? null : lo);

  function lengthPhrase(lo, hi) {
    lo = lower(lo, hi);
    if (lo !== null && hi !== null) {
      if (lo === hi) return _tn("exactly {n} character", "exactly {n} characters", lo);
      return _t("{lo} to {hi} characters", { lo, hi });
    }
    if (lo !== null) return _tn("at least {n} character", "at least {n} characters", lo);
    if (hi !== null) return _tn("at most {n} character", "at most {n} characters", hi);
    return "";
  }

  function inclusivePhrase(integer, lo, hi) {
    const loText = lo !== null ? numberText(lo) : "";
    const hiText = hi !== null ? numberText(hi) : "";
    if (integer) {
      if (lo !== null && hi !== null) {
        if (lo === hi) return _t("a whole number, exactly {value}", { value: loText });
        return _t("a whole number from {lo} to {hi}", { lo: loText, hi: hiText });
      }
      if (lo !== null) return _t("a whole number, at least {value}", { value: loText });
      if (hi !== null) return _t("a whole number, at most {value}", { value: hiText });
      return _t("a whole number");
    }
    if (lo !== null && hi !== null) {
      if (lo === hi) return _t("a number, exactly {value}", { value: loText });
      return _t("a number from {lo} to {hi}", { lo: loText, hi: hiText });
    }
    if (lo !== null) return _t("a number, at least {value}", { value: loText });
    if (hi !== null) return _t("a number, at most {value}", { value: hiText });
    return _t("a number");
  }

  function numberPhrase(integer, lo, hi, above, below, step) {
    let phrase = inclusivePhrase(integer, lo, hi);
    let exclusive = "";
    if (above !== null && below !== null) {
      exclusive = _t("more than {lo} and less than {hi}", { lo: numberText(above), hi: numberText(below) });
    } else if (above !== null) exclusive = _t("more than {value}", { value: numberText(above) });
    else if (below !== null) exclusive = _t("less than {value}", { value: numberText(below) });
    const stepText = step === null ? "" : _t("a multiple of {step}", { step: numberText(step) });
    for (const extra of [exclusive, stepText]) {
      if (extra) phrase = _t("{number}, {constraint}", { number: phrase, constraint: extra });
    }
    return phrase;
  }

  function countPhrase(lo, hi, optional) {
    lo = lower(lo, hi);
    if (optional && lo) {
      if (hi !== null && lo === hi) {
        return _tn("if you choose any, choose exactly {n} option", "if you choose any, choose exactly {n} options", lo);
      }
      if (hi !== null) return _t("if you choose any, choose {lo} to {hi} options", { lo, hi });
      return _tn("if you choose any, choose at least {n} option", "if you choose any, choose at least {n} options", lo);
    }
    if (lo !== null && hi !== null) {
      if (lo === hi) return _tn("choose exactly {n} option", "choose exactly {n} options", lo);
      return _t("choose {lo} to {hi} options", { lo, hi });
    }
    if (lo !== null) return _tn("choose at least {n} option", "choose at least {n} options", lo);
    if (hi !== null) return _tn("choose at most {n} option", "choose at most {n} options", hi);
    return "";
  }

  const formatHint = (fmt) => sentence(_t(WEB_DATA.formatHints[fmt]));
  return { sentence, lengthPhrase, numberPhrase, countPhrase, formatHint };
}

// --- layout.py's is_long_text ------------------------------------------------------------------

const LONG = WEB_DATA.longText;
const MULTI_LINE_RE = new RegExp(LONG.multiLine, "i");
const WORD_RE = new RegExp(LONG.word, "g");

function isLongText(field) {
  if (field.kind !== "string" || field.format !== null) return false;
  if (field.maxLength !== null) {
    if (field.maxLength > LONG.long) return true;
    if (field.maxLength <= LONG.short) return false;
  }
  const words = [field.title, field.description].filter((t) => t).join(" ");
  const all = field.name.match(WORD_RE);
  const last = all ? all[all.length - 1].toLowerCase() : "";
  return MULTI_LINE_RE.test(words) || LONG.names.includes(last);
}

// --- view.py and html_fields.py -----------------------------------------------------------------

/** ranges.py's lowest and highest: the spinner's range of a number field. */
function spinnerRange(n, integer) {
  let lo = n.minimum ?? null;
  let hi = n.maximum ?? null;
  const above = n.exclusiveMinimum ?? null;
  const below = n.exclusiveMaximum ?? null;
  if (integer && above !== null && Number.isFinite(above)) {
    const first = Math.floor(above) + 1;
    if (lo === null || first > lo) lo = first;
  }
  if (integer && below !== null && Number.isFinite(below)) {
    const last = Math.ceil(below) - 1;
    if (hi === null || last < hi) hi = last;
  }
  return [lo, hi];
}

/** A min (`up`: rounded up) or max attribute; for integers the nearest whole bound inside. */
function boundAttribute(value, integer, up) {
  if (value === null) return "";
  if (integer && !Number.isInteger(value) && Number.isFinite(value)) return numberText(up ? Math.ceil(value) : Math.floor(value));
  return numberText(value);
}

/** formcore's option_index: which option `value` is, by JSON equality (strings, numbers). */
function optionAt(values, value) {
  for (let i = 0; i < values.length; i += 1) {
    if (typeof value === "string" && values[i] === value) return i;
    if (isNumber(value) && isNumber(values[i]) && values[i] === value) return i;
  }
  return null;
}

/** The markup spec of `field` (html_fields.py's FieldMarkup) and its field_data. */
function markupOf(field, hints, _t) {
  const n = field.normalised;
  const spec = { field, id: field.id, label: safeText(field.label), required: field.required };
  spec.description = field.description === null ? null : safeBlock(field.description);
  let phrase = "";
  let control;
  if (field.kind === "string") {
    control = field.format === "date" ? "date" : field.format === "date-time" ? "date_time" : isLongText(field) ? "long_text" : "text";
    phrase = hints.lengthPhrase(field.minLength, field.maxLength);
  } else if (field.kind === "number") {
    control = "number";
    phrase = hints.numberPhrase(field.integer, n.minimum ?? null, n.maximum ?? null, n.exclusiveMinimum ?? null, n.exclusiveMaximum ?? null, n.multipleOf ?? null);
  } else if (field.kind === "multi") {
    control = "multi";
    phrase = hints.countPhrase(field.minItems, field.maxItems, !field.required);
  } else control = field.kind;
  const hint = hints.sentence(phrase);
  let macroHint = null;
  if (control === "text" || control === "date" || control === "long_text" || control === "date_time") {
    const parts = hint ? [hint] : [];
    if (field.format !== null && control !== "date" && control !== "date_time") parts.push(hints.formatHint(field.format));
    if (control === "date_time") parts.push(_t("In your time zone"));
    macroHint = parts.join(" ") || null;
  } else if (control === "number") macroHint = hint;
  else if (control === "multi") macroHint = hint || null;
  spec.hint = macroHint;
  const ids = spec.description !== null ? [`${field.id}_desc`] : [];
  if (macroHint) ids.push(`${field.id}_hint`);
  ids.push(`${field.id}_err`);
  spec.describedby = ids.join(" ");
  const data = { name: field.name, id: field.id };
  if (control === "text" || control === "date") {
    const fmt = field.format;
    spec.macro = "text";
    spec.inputType = (fmt && WEB_DATA.inputTypes[fmt]) || "text";
    spec.autocomplete = (fmt && WEB_DATA.autocomplete[fmt]) || "off";
    spec.placeholder = fmt === "uri" ? "https://" : (fmt && WEB_DATA.placeholders[fmt]) || "";
  } else if (control === "long_text") spec.macro = "textarea";
  else if (control === "date_time") spec.macro = "datetime";
  else if (control === "number") {
    const [lo, hi] = spinnerRange(n, field.integer);
    spec.macro = "number";
    spec.value = field.default === null ? "" : numberText(field.default);
    spec.step = field.integer ? "1" : "any";
    spec.min = boundAttribute(lo, field.integer, true);
    spec.max = boundAttribute(hi, field.integer, false);
    const least = n.minimum ?? null;
    const above = n.exclusiveMinimum ?? null;
    spec.inputmode = (least === null || least < 0) && (above === null || above < 0) ? "" : field.integer ? "numeric" : "decimal";
    for (const key of WEB_DATA.numberKeywords) {
      if (own(n, key) && n[key] !== null) data[key] = [numberJson(n[key]), numberText(n[key])];
    }
  } else if (control === "boolean") {
    spec.macro = "boolean";
    spec.checked = Boolean(field.default);
  } else {
    const chosen = control === "single" ? [field.default === null ? null : optionAt(field.values, field.default)]
      : (Array.isArray(field.default) ? field.default : []).map((v) => optionAt(field.values, v));
    spec.options = field.labels.map((label, i) => ({ index: String(i), label: safeText(label), selected: chosen.includes(i), id: `${field.id}_${i}` }));
    if (control === "single") {
      spec.macro = "select";
      spec.emptyLabel = field.default !== null && field.required ? "" : field.required ? _t("Choose one…") : _t("No answer");
    } else {
      spec.macro = "multi";
      spec.many = spec.options.length > WEB_DATA.manyOptions;
    }
    if (field.numeric) data.options = field.values.map(numberJson);
  }
  data.kind = spec.macro === "textarea" ? "text" : spec.macro;
  if (spec.macro === "textarea") data.lines = true;
  spec.data = { name: data.name, id: data.id, kind: data.kind, ...data };
  return spec;
}
