// Runs the page's pattern engine (targets/html.py's pattern_data.js and runtime/html/pattern.js,
// joined in the file named by the first argument) in node, as the page's script block does.
// stdin: a JSON array of [pattern, [text, ...]]; stdout: a JSON array, for each pattern
// {"error": reason, "at": index} when the engine refuses it, else {"steps": n, "verdicts":
// [bool, ...], "work": [n, ...]}.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const context = vm.createContext({});
vm.runInContext(`${readFileSync(process.argv[2], "utf8")}\nglobalThis.engine = ElicitPattern;`, context);
const engine = context.engine;

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  input += chunk;
});
process.stdin.on("end", () => {
  const out = JSON.parse(input).map(([pattern, texts]) => {
    let compiled;
    try {
      compiled = engine.compilePattern(pattern);
    } catch (error) {
      if (error instanceof engine.PatternError) return { error: error.reason, at: error.at };
      throw error;
    }
    const verdicts = [];
    const work = [];
    for (const text of texts) {
      verdicts.push(compiled.search(text));
      work.push(compiled.work);
    }
    return { steps: compiled.steps, verdicts, work };
  });
  process.stdout.write(JSON.stringify(out));
});
