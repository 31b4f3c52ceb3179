// Validates values against schemas with Ajv + ajv-formats, configured as the MCP TypeScript SDK
// configures them for accepted elicitation content (strict: false, formats validated).
// stdin: a JSON array of {"schema": ..., "value": ...}; stdout: a JSON array of booleans.
import Ajv from "ajv";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule.default ?? addFormatsModule;
const ajv = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
addFormats(ajv);

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const cases = JSON.parse(input);
  const cache = new Map();
  const verdicts = cases.map(({ schema, value }) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      cache.set(key, validate);
    }
    return validate(value) === true;
  });
  process.stdout.write(JSON.stringify(verdicts));
});
