// Runs the page's pattern engine (targets/html.py's pattern_data.js and runtime/html/pattern.js,
// joined in the file named by the first argument) in node, as the page's script block does.
// stdin: a JSON array of [pattern, [text, ...]]; stdout: a JSON array, for each pattern
// {"error": reason, "at": index} when the engine refuses it, else {"steps": n, "verdicts":
// [bool, ...], "work": [n, ...]}. Or stdin {"forms": [[pattern, ...], ...]}: each form's patterns
// compiled in order with one PatternBudget; stdout, for each form, each pattern's
// {"error": reason, "at": index} or {"steps": n}, with "left": the budget left after it.
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
function forms(list) {
  return list.map((patterns) => {
    const budget = new engine.PatternBudget();
    return patterns.map((pattern) => {
      try {
        return { steps: engine.compilePattern(pattern, budget).steps, left: budget.left };
      } catch (error) {
        if (error instanceof engine.PatternError) return { error: error.reason, at: error.at, left: budget.left };
        throw error;
      }
    });
  });
}

process.stdin.on("end", () => {
  const given = JSON.parse(input);
  if (!Array.isArray(given)) {
    process.stdout.write(JSON.stringify(forms(given.forms)));
    return;
  }
  const out = given.map(([pattern, texts]) => {
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
