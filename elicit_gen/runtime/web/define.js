// The elements, defined once per window (a second copy of the module defines nothing).
for (const [name, element] of [
  ["elicitation-url-consent", ElicitationUrlConsent],
]) {
  if (customElements.get(name) === undefined) customElements.define(name, element);
}

export { ElicitationUrlConsent };
