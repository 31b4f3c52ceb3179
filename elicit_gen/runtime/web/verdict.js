// Whether a requestedSchema becomes a form: the reasons elicit_gen.live.load_form refuses it
// (its FormError's diagnostics, each "EGnnn message"), [] when it does not.

function schemaProblems(root) {
  if (!isObject(root)) return ["EG101 requestedSchema must be a JSON object"];
  if (!isObject(root.properties)) return ["EG102 requestedSchema needs a `properties` object"];
  const problems = [];
  for (const [name, schema] of Object.entries(root.properties)) {
    const prop = classify(name, schema);
    if (prop.problem !== null) problems.push(fieldProblem("EG110", name, prop.problem));
  }
  return problems;
}
