// The elements, defined once per window (a second copy of the module defines nothing).
for (const [name, element] of [
  ["elicitation-form", ElicitationForm],
  ["elicitation-url-consent", ElicitationUrlConsent],
]) {
  if (customElements.get(name) === undefined) customElements.define(name, element);
}

/** The data the page's script gets for `schema` in `locale` (what Python's page_data gives a
 * page): for tests that hold the two equal; not an API. */
function _pageData(schema, locale) {
  const [_t, _tn] = pageWords(localeData(locale));
  const compiled = compileForm(schema, _t, _tn);
  return { problems: compiled.problems, schema: compiled.schema, fields: compiled.fields.map((f) => f.data) };
}

export { ElicitationForm, ElicitationUrlConsent, _pageData };
