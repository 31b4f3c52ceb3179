// The example page's script: reads the pasted schema, shows it in <elicitation-form>, prints the
// ElicitResult the element sends. Nothing here writes markup from text.
import "./elicitation-form.js";

const byId = (id) => document.getElementById(id);
const stage = byId("stage");
const result = byId("result");
const error = byId("json-error");

function show() {
  let schema;
  try {
    schema = JSON.parse(byId("schema").value);
  } catch (problem) {
    error.textContent = `Not JSON: ${problem.message}`;
    error.hidden = false;
    return;
  }
  error.hidden = true;
  const form = document.createElement("elicitation-form");
  form.locale = byId("locale").value;
  form.message = byId("message").value;
  form.server = "Example server";
  form.requestedSchema = schema;
  stage.replaceChildren(form);
  result.textContent = form.problems.length ? `(refused: ${form.problems.join("; ")})` : "(none yet)";
}

stage.addEventListener("elicitation-result", (event) => {
  result.textContent = JSON.stringify(event.detail, null, 2);
});
byId("show").addEventListener("click", show);
show();
