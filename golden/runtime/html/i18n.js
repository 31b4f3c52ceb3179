// elicit-gen page words. The page's own texts are English messages (gettext msgids), passed as
// the first argument of _t (a plural message: singular, plural and the count, to _tn) as a
// double-quoted literal, which scripts/i18n.py extracts. These two functions show them in the
// page's language, from the JSON data block (#eg-data): {locale, messages, plural}, where
// messages maps a msgid to its translation (a plural message's singular to its forms) and plural
// maps each CLDR plural category of the locale to the index of its form. An English page has no
// messages: the msgid is the text. {name} placeholders are filled from `fields`, as text.
const [_t, _tn] = (() => {
  "use strict";

  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const element = document.getElementById("eg-data");
  const data = element === null ? {} : JSON.parse(element.textContent);
  const locale = typeof data.locale === "string" ? data.locale : "en";
  const messages = data.messages !== null && typeof data.messages === "object" ? data.messages : {};
  const categories = data.plural !== null && typeof data.plural === "object" ? data.plural : {};
  let rules = null;
  try {
    rules = new Intl.PluralRules(locale);
  } catch (error) {
    rules = null;
  }

  const PLACEHOLDER_RE = /\{([a-z_0-9]+)\}/g;

  /** `text` with each {name} of `fields` replaced by its value (others stay as they are). */
  const fill = (text, fields) =>
    fields === undefined
      ? text
      : text.replace(PLACEHOLDER_RE, (whole, name) => (own(fields, name) ? String(fields[name]) : whole));

  /** `message` in the page's language, its {name} fields filled in. */
  function translate(message, fields) {
    const found = own(messages, message) ? messages[message] : null;
    return fill(typeof found === "string" && found !== "" ? found : message, fields);
  }

  /** The index of the plural form for the count `n`: its CLDR category's, else "other"'s. */
  function formIndex(n) {
    const category = rules === null ? "other" : rules.select(n);
    if (own(categories, category)) return categories[category];
    return own(categories, "other") ? categories.other : -1;
  }

  /** The form of a plural message for the count `n` ({n} and `fields` filled in). */
  function translatePlural(singular, plural, n, fields) {
    const forms = own(messages, singular) ? messages[singular] : null;
    let text = n === 1 ? singular : plural;
    if (Array.isArray(forms)) {
      const index = formIndex(n);
      if (index >= 0 && index < forms.length && forms[index]) text = forms[index];
    }
    return fill(text, Object.assign({ n }, fields));
  }

  return [translate, translatePlural];
})();